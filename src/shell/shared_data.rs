//! The project's shared data (`shared/data`: 1,000+ real games, labelled rule cases) for the
//! tests, benchmarks and measuring examples. The daemon never reads it.
//!
//! It lies beside the checkout (`../shared/data`, as CI has it), or at `/work/shared/data`.

use std::path::{Path, PathBuf};

use crate::core::rules::pgn::{PgnGame, read_games};

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

/// The games of `pgn/games/{stem}.pgn`.
pub fn real_games(stem: &str) -> Vec<PgnGame> {
    read_games(&read(&format!("pgn/games/{stem}.pgn")))
}

/// Every real game, file by file in [`REAL_GAME_FILES`] order.
pub fn all_real_games() -> Vec<PgnGame> {
    REAL_GAME_FILES.iter().flat_map(|f| real_games(f)).collect()
}
