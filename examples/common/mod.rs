//! What the measuring examples (exactness, latency) share: which games, which draw of the
//! handling and which sensing modes, from the command line and the environment.

use eboardd::core::session::{Sensing, SessionConfig};
use eboardd::core::sim::{Pattern, SimConfig, SimGame, replay_config};

/// A sweep over the shared games: every `step`-th game, each game's seed plus `seed`, in
/// `modes`.
pub struct Sweep {
    pub step: usize,
    pub seed: u64,
    pub modes: Vec<Sensing>,
}

impl Sweep {
    /// `[STEP]` as the first argument (default 1); `SEED=N` (default 0) and
    /// `SENSING=identity|occupancy` (default both) from the environment.
    pub fn from_env() -> Sweep {
        let step = std::env::args()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(1usize)
            .max(1);
        let seed = seed_from_env();
        let modes = match std::env::var("SENSING").as_deref() {
            Ok("identity") => vec![Sensing::Identity],
            Ok("occupancy") => vec![Sensing::Occupancy],
            _ => vec![Sensing::Identity, Sensing::Occupancy],
        };
        Sweep { step, seed, modes }
    }
}

/// The session a simulated game is replayed under (as `eboardd replay` would), with
/// `CAPTURE_SETTLE_MS=N` from the environment as the occupancy boards' `capture-settle-ms`
/// (default: the tracker's).
pub fn session_config(g: &SimGame, cfg: &SimConfig, sensing: Sensing) -> SessionConfig {
    SessionConfig {
        capture_settle_ms: std::env::var("CAPTURE_SETTLE_MS")
            .ok()
            .and_then(|s| s.parse().ok()),
        ..replay_config(g, cfg, sensing)
    }
}

/// The shared games in the order the measuring examples number them: every file sorted
/// (`shared_data::simulation_games`), or with `ORDER=tests` the order of tests/games.rs
/// (`shared_data::real_then_rule_case_files`), so that `ORDER=tests SEED=0 SET=3` draws
/// exactly the handling of that test's `g{N}.cap` as sample N.
#[allow(dead_code)] // (not every example draws its own games)
pub fn games() -> Vec<SimGame> {
    use eboardd::shell::shared_data;
    if std::env::var("ORDER").as_deref() == Ok("tests") {
        shared_data::games_with_moves(&shared_data::real_then_rule_case_files())
    } else {
        shared_data::simulation_games()
    }
}

/// `SEED=N` (default 0): added to every game's seed, another draw of the same handling.
pub fn seed_from_env() -> u64 {
    std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// [`SimConfig::sample`], with `MISSED=1` from the environment: the link drops every message
/// for 2–3 plies now and then and comes back with a full dump (`missed_stretches`).
#[allow(dead_code)] // (not every example draws its own games)
pub fn sample_config(i: usize, seed: u64, noise: f64, patterns: &[Pattern]) -> SimConfig {
    SimConfig {
        missed_stretches: std::env::var_os("MISSED").is_some(),
        ..SimConfig::sample(i, seed, noise, patterns)
    }
}
