//! Real games, simulated with handling noise, reconstructed exactly through
//! `eboardd replay --json` on capture files — in identity mode and in occupancy mode (up to
//! the promotion piece).
//!
//! CI runs a sample of every file; `cargo test --release --test games -- --ignored` runs all
//! of them (see README).

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use eboardd::core::dgt::Orientation;
use eboardd::core::session::Sensing;
use eboardd::core::sim::{
    Pattern, SimConfig, SimGame, flagged, games_from_pgn, simulate, uci_as_sensed,
};
use eboardd::shell::shared_data;
use shakmaty::CastlingMode;

fn uci_moves(g: &SimGame, occupancy: bool) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| up_to_promotion(m.to_uci(CastlingMode::Standard).to_string(), occupancy))
        .collect()
}

/// The sensing mode a batch replays in (`true`: occupancy).
fn sensing_of(occupancy: bool) -> Sensing {
    if occupancy {
        Sensing::Occupancy
    } else {
        Sensing::Identity
    }
}

/// Occupancy boards cannot tell the promotion piece: moves are compared up to it.
fn up_to_promotion(uci: String, occupancy: bool) -> String {
    uci_as_sensed(&uci, sensing_of(occupancy))
}

fn sim_config(i: usize, patterns: &[Pattern]) -> SimConfig {
    SimConfig::sample(i, 0, 0.8, patterns)
}

/// One capture's game as its events fold: the moves, and the `ambiguous` events of the game
/// (the ply each starts at, and its lines of moves in UCI).
#[derive(Default)]
struct Folded {
    moves: Vec<String>,
    warned: Vec<(usize, Vec<String>)>,
}

/// Folds the game-level events of each capture (tagged by file) into its move list.
fn fold_by_board(stdout: &[u8]) -> HashMap<String, Folded> {
    let mut games: HashMap<String, Folded> = HashMap::new();
    for line in String::from_utf8_lossy(stdout).lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        let board = e["board"].as_str().unwrap_or("").to_string();
        let game = games.entry(board).or_default();
        match e["event"].as_str().unwrap() {
            "new_game" => *game = Folded::default(),
            "move" => game.moves.push(e["uci"].as_str().unwrap().to_string()),
            "takeback" => {
                game.moves.pop();
            }
            "ambiguous" => game.warned.push((
                e["ply"].as_u64().unwrap() as usize,
                e["lines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_str().unwrap().to_string())
                    .collect(),
            )),
            _ => {}
        }
    }
    games
}

/// A game that differs: what differs, and whether it was flagged
/// (`eboardd::core::sim::flagged`).
pub struct Failure {
    text: String,
    flagged: bool,
}

/// Simulates every `step`-th game of every file with the given handling patterns, replays the
/// captures through the binary in the given sensing modes (`false`: identity, `true`:
/// occupancy) and returns the number of games and the failures.
pub fn run(step: usize, patterns: &[Pattern], modes: &[bool]) -> (usize, Vec<Failure>) {
    // Removed when the run ends, failed or not.
    let tmp = tempfile::Builder::new()
        .prefix(&format!("eboardd-games-{step}-"))
        .tempdir()
        .unwrap();
    let dir = tmp.path().to_path_buf();
    let mut expected: Vec<(PathBuf, Orientation, SimGame)> = Vec::new();
    let mut n = 0;

    // (The real games, then the rule cases: the order that numbers this test's games.)
    for file in shared_data::real_then_rule_case_files() {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for (i, g) in games_from_pgn(&text).into_iter().enumerate() {
            if i % step != 0 || g.moves.is_empty() {
                continue;
            }
            let cfg = sim_config(n, patterns);
            let path = dir.join(format!("g{n}.cap"));
            std::fs::write(&path, simulate(&g, &cfg).to_text()).unwrap();
            expected.push((path, cfg.orientation, g));
            n += 1;
        }
    }
    let mut failures = Vec::new();
    // Games set up from a position (a FEN tag) are replayed with `--start-fen`, one batch per
    // position; the others in batches of the standard start.
    let start_of = |g: &SimGame| {
        (g.start != shakmaty::Chess::default()).then(|| {
            shakmaty::fen::Fen::from_position(&g.start, shakmaty::EnPassantMode::Legal).to_string()
        })
    };
    let mut starts: Vec<Option<String>> = expected.iter().map(|(_, _, g)| start_of(g)).collect();
    starts.sort();
    starts.dedup();
    for &occupancy in modes {
        for (orientation, start) in [Orientation::Normal, Orientation::Rotated]
            .into_iter()
            .flat_map(|o| starts.iter().map(move |s| (o, s)))
        {
            let batch: Vec<&(PathBuf, Orientation, SimGame)> = expected
                .iter()
                .filter(|(_, o, g)| (!occupancy || *o == orientation) && start_of(g) == *start)
                .collect();
            if batch.is_empty() {
                continue;
            }
            if !occupancy && orientation == Orientation::Rotated {
                continue; // identity mode detects the orientation: one batch holds all
            }
            for chunk in batch.chunks(200) {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_eboardd"));
                cmd.args(["replay", "--json", "--no-frames"]);
                if let Some(fen) = start {
                    cmd.args(["--start-fen", fen]);
                }
                if occupancy {
                    cmd.args([
                        "--sensing",
                        "occupancy",
                        "--orientation",
                        orientation.as_str(),
                    ]);
                }
                // Always tag events with their file, even for a chunk of one.
                let lone = chunk.len() == 1;
                for (p, _, _) in chunk {
                    cmd.arg(p);
                }
                if lone {
                    cmd.arg(dir.join("empty.cap"));
                    std::fs::write(dir.join("empty.cap"), "# eboardd capture v1\n").unwrap();
                }
                let out = cmd.output().unwrap();
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let got = fold_by_board(&out.stdout);
                for (p, _, g) in chunk {
                    let want = uci_moves(g, occupancy);
                    let folded = got.get(&p.display().to_string());
                    let have: Vec<String> = folded
                        .map(|f| f.moves.clone())
                        .unwrap_or_default()
                        .into_iter()
                        .map(|u| up_to_promotion(u, occupancy))
                        .collect();
                    if have != want {
                        let k = have.iter().zip(&want).take_while(|(a, b)| a == b).count();
                        let warned = folded.map_or(&[][..], |f| &f.warned[..]);
                        failures.push(Failure {
                            flagged: flagged(warned, &want, k, sensing_of(occupancy)),
                            text: format!(
                                "{} ({}): differs at ply {}: got {:?}, want {:?} (game {:?} vs {:?})",
                                p.display(),
                                if occupancy { "occupancy" } else { "identity" },
                                k + 1,
                                have.get(k),
                                want.get(k),
                                g.header("White"),
                                g.header("Black"),
                            ),
                        });
                    }
                }
            }
        }
    }
    (n, failures)
}

/// Every handling pattern but the opponent replying before a move settled.
fn patterns_without_early_reply() -> Vec<Pattern> {
    Pattern::ALL
        .iter()
        .copied()
        .filter(|p| *p != Pattern::EarlyReply)
        .collect()
}

/// At least `min_games` games ran and at most `allowed` of them differ; every one that differs
/// is printed.
fn assert_differ_at_most(n: usize, min_games: usize, failures: &[Failure], allowed: usize) {
    assert!(n >= min_games, "only {n} games");
    let texts: Vec<String> = failures
        .iter()
        .map(|f| format!("{}{}", f.text, if f.flagged { " [flagged]" } else { "" }))
        .collect();
    for t in &texts {
        eprintln!("differs: {t}");
    }
    assert!(
        failures.len() <= allowed,
        "{} of {n} games differ:\n{}",
        failures.len(),
        texts.join("\n")
    );
}

#[test]
fn sample_of_every_file_reconstructs_exactly_in_identity_mode() {
    let (n, failures) = run(12, &patterns_without_early_reply(), &[false]);
    assert_differ_at_most(n, 80, &failures, 0);
}

/// Every game, every pattern (early replies included), identity mode: all exact.
#[test]
fn all_games_reconstruct_exactly_with_every_pattern_in_identity_mode() {
    let (n, failures) = run(1, &Pattern::ALL, &[false]);
    assert_differ_at_most(n, 1000, &failures, 0);
}

/// The same handling drawn again (this sample's games get other seeds). Not every draw with
/// early replies is exact yet (see "Known limits" in src/core/tracker.rs; `SEED=N cargo run
/// --release --example exactness` measures other draws): this guards against regressions — at
/// most one game in a hundred may differ, and every one that does is printed.
#[test]
fn another_draw_with_early_replies_stays_within_one_percent_in_identity_mode() {
    let (n, failures) = run(11, &Pattern::ALL, &[false]);
    assert_differ_at_most(n, 80, &failures, n / 100);
}

/// Occupancy boards, every game, every pattern: not all exact yet (see "Known limits" in
/// src/core/tracker.rs) — a regression bar: on 2026-12-01 (stop 18) 14 of 1,032 differed, on
/// 2026-12-07 (stop 65) 9, 7 of them leaving the same occupancy as the real game after every
/// move (the board cannot tell them apart), every one flagged; at most 12 may differ (every
/// one that does is printed), and none without the operator told to check the moves there:
/// an `ambiguous` event naming the real moves among its lines (`examples/exactness.rs`'s
/// "flagged"; `ORDER=tests SEED=0 SET=3` runs this draw there, each `g{N}` as sample N).
#[test]
fn occupancy_mode_stays_within_its_measured_bar() {
    let (n, failures) = run(1, &Pattern::ALL, &[true]);
    eprintln!("occupancy: {} of {n} games differ", failures.len());
    assert_differ_at_most(n, 1000, &failures, 12);
    let silent: Vec<&str> = failures
        .iter()
        .filter(|f| !f.flagged)
        .map(|f| f.text.as_str())
        .collect();
    assert!(
        silent.is_empty(),
        "differ without a warning:\n{}",
        silent.join("\n")
    );
}

/// The whole target of the Core II issue: every game, every pattern, both sensing modes.
/// Not met yet: identity mode passes (see above), but about 1% of the occupancy games
/// (captures swapped inside one scan, early replies) still differ — 10 of 1,032 at stop 58,
/// every one flagged `ambiguous` with the real moves named, 5 of them leaving the same
/// occupancy as the real game after every move; `cargo run --release --example exactness`
/// prints the figures.
#[test]
#[ignore = "not met yet: cargo test --release --test games -- --ignored"]
fn all_games_reconstruct_exactly_with_every_pattern_in_both_modes() {
    let (n, failures) = run(1, &Pattern::ALL, &[false, true]);
    assert_differ_at_most(n, 1000, &failures, 0);
}
