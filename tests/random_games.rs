//! Property: any legal game, played on a simulated board with random handling (every pattern
//! but replies started before a move settled), is reconstructed exactly by move inference on an
//! identity board, in either orientation. Games are random walks through the legal moves.

use eboardd::core::dgt::Orientation;
use eboardd::core::event::EventKind;
use eboardd::core::session::SessionConfig;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, simulate};
use eboardd::shell::replay::run_capture;
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// A random legal game of up to `plies` plies, chosen by `picks` (stops at the game's end).
fn random_game(picks: &[u16]) -> SimGame {
    let mut pos = Chess::default();
    let mut moves: Vec<Move> = Vec::new();
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(p) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    SimGame {
        headers: Vec::new(),
        start: Chess::default(),
        moves,
    }
}

fn reconstructed(g: &SimGame, cfg: &SimConfig) -> Vec<String> {
    let cap = simulate(g, cfg);
    let mut moves = Vec::new();
    let config = SessionConfig {
        frame_events: false,
        ..SessionConfig::default()
    };
    run_capture(&cap, config, |e| match e.kind {
        EventKind::NewGame { .. } => moves.clear(),
        EventKind::Move { uci, .. } => moves.push(uci),
        EventKind::Takeback { .. } => {
            moves.pop();
        }
        _ => {}
    });
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_reconstruct_exactly(
        picks in proptest::collection::vec(any::<u16>(), 1..80),
        seed in any::<u64>(),
        noise in 0.0f64..1.0,
        rotated in any::<bool>(),
    ) {
        let g = random_game(&picks);
        let cfg = SimConfig {
            seed,
            noise,
            orientation: if rotated { Orientation::Rotated } else { Orientation::Normal },
            patterns: Pattern::ALL.iter().copied().filter(|p| *p != Pattern::EarlyReply).collect(),
            ..SimConfig::default()
        };
        let want: Vec<String> = g.moves.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
        prop_assert_eq!(reconstructed(&g, &cfg), want);
    }
}

/// The harness itself: a known short game comes back move for move.
#[test]
fn the_harness_sees_moves() {
    let g = random_game(&[0, 0, 0, 0]);
    assert_eq!(g.moves.len(), 4);
    let want: Vec<String> = g
        .moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    let cfg = SimConfig {
        noise: 0.0,
        ..SimConfig::default()
    };
    assert_eq!(reconstructed(&g, &cfg), want);
}
