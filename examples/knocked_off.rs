//! Pieces knocked off the board while play goes on (occupancy boards): how many simulated games
//! are still read exactly. For each shared game long enough (the games and handling of
//! `examples/exactness.rs`, every pattern), after a ply between 9 and 38, one to three pieces
//! that stand still for the rest of the game are swept off the board; for every other pair of
//! three samples they are put back 4 to 19 plies later. Prints each game that differs (sample,
//! how many pieces, after which ply, when put back, the squares, the first ply that differs)
//! and the count; and the games with a `restored` event while the pieces were still off (each
//! printed), and those reported `displaced` without a `restored` after the pieces were put
//! back (each printed).
//!
//! `cargo run --release --example knocked_off`; `SEED=N` draws the handling (and the plies and
//! pieces) again, `N=COUNT` takes the first COUNT games (default all), `ID=1` reads the
//! boards as identity boards, `ONLY=I` prints sample I's events, `OVER=1` knocks one piece over
//! onto an empty square next to it instead, and puts it back from there (only the games where
//! the pieces are put back).

use std::collections::BTreeSet;

use eboardd::core::event::EventKind;
use eboardd::core::session::Sensing;
use eboardd::core::sim::{Pattern, SimConfig, replay_config, simulate_edited, uci_as_sensed};
use eboardd::shell::replay::replay_moves_with;
use eboardd::shell::shared_data;
use shakmaty::{CastlingMode, Position, attacks};

fn main() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let only: Option<usize> = std::env::var("ONLY").ok().and_then(|s| s.parse().ok());
    let over = std::env::var("OVER").is_ok();
    let sensing = if std::env::var("ID").is_ok() {
        Sensing::Identity
    } else {
        Sensing::Occupancy
    };
    let games = shared_data::simulation_games();
    let (mut tried, mut exact) = (0, 0);
    let (mut early, mut unrestored) = (0, 0);
    let s = seed as usize;
    for (i, g) in games.iter().enumerate().take(n) {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let cfg = SimConfig::sample(i, seed, 0.8, &Pattern::ALL);
        let after = 8 + (i * 7 + s) % 30;
        if g.moves.len() < after + 12 {
            continue;
        }
        let k = 1 + (i + s / 1000) % 3;
        let back = ((i / 3) % 2 == 0)
            .then_some(after + 4 + (i * 5) % 16)
            .filter(|&b| b + 1 < g.moves.len());
        // The squares the rest of the game (until the pieces are back) touches.
        let (pos, touched) = g.touched_after(after + 1, back.unwrap_or(g.moves.len() - 1));
        let still: Vec<_> = (pos.board().occupied() & !touched & !pos.board().kings())
            .into_iter()
            .collect();
        if still.len() < k {
            continue;
        }
        let swept: Vec<_> = (0..k)
            .map(|j| still[(j * 7 + i) % still.len()])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        tried += 1;
        let mut off: Vec<_> = swept.iter().map(|&sq| (sq, None)).collect();
        let mut on: Vec<_> = swept
            .iter()
            .map(|&sq| (sq, pos.board().piece_at(sq)))
            .collect();
        // (`OVER=1`: the first piece knocked over onto an empty square next to it the rest of
        // the game leaves alone, and put back from there; games without a put back left out.)
        let mut swept = swept;
        if over {
            let next = !pos.board().occupied() & !touched & attacks::king_attacks(swept[0]);
            let (Some(onto), Some(_)) = (next.first(), back) else {
                tried -= 1;
                continue;
            };
            swept.truncate(1);
            off = vec![(swept[0], None), (onto, on[0].1)];
            on = vec![(onto, None), on[0]];
        }
        let (cap, _) = simulate_edited(g, &cfg, |script| {
            script
                .set_meanwhile(after, &off, back.map(|b| (b, &on[..])))
                .expect("the plies are played");
        });
        let (mut restored, mut displaced) = (0, 0);
        let got = replay_moves_with(&cap, replay_config(g, &cfg, sensing), |e| {
            match e.kind {
                EventKind::Restored { .. } => restored += 1,
                EventKind::Displaced { .. } => displaced += 1,
                _ => {}
            }
            if only.is_some() {
                let json = serde_json::to_string(e).unwrap_or_default();
                if !json.contains("\"clock\"") {
                    println!("{json}");
                }
            }
        });
        // (`restored` with the pieces still off: a piece passing over a square read as one
        // back, or other squares taken as off. None after pieces reported off were put back:
        // the board never read as the game's again.)
        if back.is_none() && restored > 0 {
            early += 1;
            println!("restored early: sample {i} swept={swept:?}, {restored} times");
        } else if back.is_some() && displaced > 0 && restored == 0 {
            unrestored += 1;
            println!("never restored: sample {i} swept={swept:?}");
        }
        let got: Vec<String> = got.iter().map(|u| uci_as_sensed(u, sensing)).collect();
        let want: Vec<String> = g
            .moves
            .iter()
            .map(|m| uci_as_sensed(&m.to_uci(CastlingMode::Standard).to_string(), sensing))
            .collect();
        if got == want {
            exact += 1;
        } else {
            let d = got
                .iter()
                .zip(&want)
                .position(|(a, b)| a != b)
                .unwrap_or(got.len().min(want.len()));
            // (`OVER=1`: where the piece lay, and whether the first move read wrong is the
            // knock read as a move.)
            let onto = over.then(|| off[1].0);
            let as_move = onto.is_some_and(|o| {
                got.get(d)
                    .is_some_and(|m| m.starts_with(&format!("{}{}", swept[0], o).to_lowercase()))
            });
            println!(
                "differs: sample {i} k={k} after={after} back={back:?} swept={swept:?} onto={onto:?}{}: at ply {d}, got {} of {}",
                if as_move { " (read as a move)" } else { "" },
                got.len(),
                want.len()
            );
        }
    }
    println!(
        "restored with pieces still off: {early} games; displaced, put back, never restored: {unrestored} games"
    );
    println!("knocked off, SEED={seed}: {exact} of {tried} games exact");
}
