//! Occupancy boards: simulated games (the settings of `examples/exactness.rs`, every handling
//! pattern) that a tracker rule put right, each named with the rule. The hand-made captures in
//! tests/captures could not reproduce these streams (the exact timing of presses, slides and
//! quick replies matters); the simulator draws them again exactly from the seed. Each game here
//! differs when its rule is taken out (checked by disabling the rule, 2026-12-01).

use eboardd::core::dgt::Orientation;
use eboardd::core::event::EventKind;
use eboardd::core::session::Sensing;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, replay_config, simulate, uci_as_sensed};
use eboardd::shell::replay::run_capture;
use eboardd::shell::shared_data;
use shakmaty::CastlingMode;

/// The moves an occupancy board's tracker reports for sample `i` drawn with `SEED=seed`, and the
/// game's moves, both up to the promotion piece.
fn replayed(games: &[SimGame], seed: u64, i: usize) -> (Vec<String>, Vec<String>) {
    let g = &games[i];
    let cfg = SimConfig {
        seed: i as u64 + seed,
        orientation: if i.is_multiple_of(2) {
            Orientation::Normal
        } else {
            Orientation::Rotated
        },
        noise: 0.8,
        clock: !i.is_multiple_of(3),
        patterns: Pattern::ALL.to_vec(),
        ..SimConfig::default()
    };
    let sensing = Sensing::Occupancy;
    let mut moves: Vec<String> = Vec::new();
    run_capture(
        &simulate(g, &cfg),
        replay_config(g, &cfg, sensing),
        |e| match e.kind {
            EventKind::NewGame { .. } => moves.clear(),
            EventKind::Move { uci, .. } => moves.push(uci),
            EventKind::Takeback { .. } => {
                moves.pop();
            }
            _ => {}
        },
    );
    let got = moves.iter().map(|u| uci_as_sensed(u, sensing)).collect();
    let want = g
        .moves
        .iter()
        .map(|m| uci_as_sensed(&m.to_uci(CastlingMode::Standard).to_string(), sensing))
        .collect();
    (got, want)
}

#[test]
fn games_put_right_by_occupancy_rules_stay_exact() {
    let games = shared_data::simulation_games();
    // (SEED, sample, the rule that put it right.)
    let cases: &[(u64, usize, &str)] = &[
        (
            10000,
            463,
            "a slider's transit read filled only after its origin emptied",
        ),
        (
            10000,
            11,
            "rule 6: fewer plies followed again beat a long takeback",
        ),
        (
            10000,
            22,
            "rule 6: fewer plies followed again beat a long takeback",
        ),
        (
            10000,
            75,
            "rule 6: fewer plies followed again beat a long takeback",
        ),
        (
            5000,
            93,
            "a shorter re-reading beats a long line with an unseen capture",
        ),
        (
            10000,
            93,
            "a shorter re-reading beats a long line with an unseen capture",
        ),
        (
            10000,
            123,
            "a shorter re-reading beats a long line with an unseen capture",
        ),
    ];
    let mut failures = Vec::new();
    for &(seed, i, rule) in cases {
        let (got, want) = replayed(&games, seed, i);
        if got != want {
            let k = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
            failures.push(format!(
                "SEED={seed} sample {i} ({rule}): differs at ply {}: got {:?}, want {:?}",
                k + 1,
                got.get(k),
                want.get(k)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
