//! The project's shared data (`shared/data`: 1,000+ real games, labelled rule cases) for the
//! tests, benchmarks and measuring examples. The daemon never reads it.
//!
//! It lies beside the checkout (`../shared/data`, as CI has it), or at `/work/shared/data`.

use std::path::{Path, PathBuf};

use crate::core::capture::{Capture, Direction};
use crate::core::dgt::Orientation;
use crate::core::rules::pgn::{PgnGame, read_games};
use crate::core::sim::{SimConfig, SimGame, games_from_pgn, simulate};

/// The real games (stems of `pgn/games/*.pgn`).
pub const REAL_GAME_FILES: [&str; 3] = ["dortmund", "lichess_db_sample", "kasparov-deep-blue-1997"];

/// The shared data folder.
///
/// # Panics
/// When it is in neither place: tests must not pass silently without their data.
pub fn dir() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if beside.is_dir() {
        return beside;
    }
    let fixed = PathBuf::from("/work/shared/data");
    assert!(
        fixed.is_dir(),
        "shared data not found: expected {} or {} (clone `shared` beside the repository)",
        beside.display(),
        fixed.display()
    );
    fixed
}

/// The bytes of `rel` (a path inside the shared data folder).
///
/// # Panics
/// When it cannot be read.
pub fn read(rel: &str) -> Vec<u8> {
    let path = dir().join(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.pgn` file below `rel` (a folder inside the shared data folder), sorted by path.
///
/// # Panics
/// When a folder cannot be read.
pub fn pgn_files_under(rel: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir().join(rel)];
    while let Some(folder) = stack.pop() {
        let entries =
            std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
                .path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The real game files (`pgn/games/*.pgn`, [`REAL_GAME_FILES`] order).
pub fn real_game_files() -> Vec<PathBuf> {
    REAL_GAME_FILES
        .iter()
        .map(|f| dir().join(format!("pgn/games/{f}.pgn")))
        .collect()
}

/// The games of `pgn/games/{stem}.pgn`.
pub fn real_games(stem: &str) -> Vec<PgnGame> {
    read_games(&read(&format!("pgn/games/{stem}.pgn")))
}

/// Every real game, file by file in [`REAL_GAME_FILES`] order.
pub fn all_real_games() -> Vec<PgnGame> {
    REAL_GAME_FILES.iter().flat_map(|f| real_games(f)).collect()
}

/// The real game files ([`REAL_GAME_FILES`] order), then the rule cases (sorted by path): the
/// order `tests/games.rs` numbers its games in (`g{N}.cap`).
pub fn real_then_rule_case_files() -> Vec<PathBuf> {
    let mut files = real_game_files();
    files.extend(pgn_files_under("ashlar/pgn"));
    files
}

/// Every game with moves of `files`, in order.
///
/// # Panics
/// When a file cannot be read.
pub fn games_with_moves(files: &[PathBuf]) -> Vec<SimGame> {
    files
        .iter()
        .flat_map(|f| {
            let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            games_from_pgn(&String::from_utf8_lossy(&bytes))
        })
        .filter(|g| !g.moves.is_empty())
        .collect()
}

/// Every game with moves of the real game files and the rule cases, their files sorted by path
/// together: the games `examples/exactness.rs` and `examples/diverge.rs` number (sample `i`
/// is simulated with seed `i`).
pub fn simulation_games() -> Vec<SimGame> {
    let mut files = real_then_rule_case_files();
    files.sort();
    games_with_moves(&files)
}

/// The speed measurements' input (`examples/replay_speed.rs`, `benches/inference.rs`): the
/// first `n` Dortmund games simulated with handling noise 0.8 and a clock, game `i` with seed
/// `i`, on the board turned as `orientation(i)` says.
pub fn dortmund_captures(n: usize, orientation: impl Fn(usize) -> Orientation) -> Vec<Capture> {
    let text = String::from_utf8_lossy(&read("pgn/games/dortmund.pgn")).into_owned();
    games_from_pgn(&text)
        .iter()
        .take(n)
        .enumerate()
        .map(|(i, g)| {
            simulate(
                g,
                &SimConfig {
                    seed: i as u64,
                    noise: 0.8,
                    orientation: orientation(i),
                    ..SimConfig::default()
                },
            )
        })
        .collect()
}

/// How many field updates the board sent in `caps`: the FIELD_UPDATE frames (5 bytes starting
/// `0x8e 0x00 0x05`) within one record each, as the simulator and the hand-written captures
/// send them.
pub fn field_updates(caps: &[Capture]) -> usize {
    caps.iter()
        .flat_map(|c| &c.records)
        .filter(|r| r.dir == Direction::Rx)
        .map(|r| {
            r.bytes
                .windows(3)
                .filter(|w| w == &[0x8e, 0x00, 0x05])
                .count()
        })
        .sum()
}
