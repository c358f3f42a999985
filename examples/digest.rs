//! A digest of every event the daemon's core emits for the shared games, simulated with the
//! handling sets `exactness` measures: two builds that print the same digests behave the
//! same on all of them, event by event (kind, fields, time). For refactors and speed work
//! that must not change behaviour.
//!
//! `cargo run --release --example digest [STEP]`, with `SEED` and `SENSING` as for
//! `exactness`; `LIST=1` also prints each game's digest (diff two outputs to find the games
//! that differ, then `exactness`' `DUMP` to replay one); `DROP=TEXT` leaves out every event
//! whose JSON contains TEXT (a change that only adds events: `DROP='"undecided":true'`
//! against the build before it); `SHOW=I` prints every event of sample I (to diff two builds
//! on a game whose digest differs).

mod common;

use std::hash::{Hash, Hasher};

use eboardd::core::sim::{Pattern, SimConfig, SimGame, simulate};
use eboardd::shell::replay::run_capture;
use eboardd::shell::shared_data;

fn main() {
    let common::Sweep { step, seed, modes } = common::Sweep::from_env();
    let list = std::env::var_os("LIST").is_some();
    let drop = std::env::var("DROP").ok();
    let show: Option<usize> = std::env::var("SHOW").ok().and_then(|s| s.parse().ok());
    let all = shared_data::simulation_games();
    let sample: Vec<&SimGame> = all.iter().step_by(step).collect();
    let sets: [(&str, f64); 2] = [("clean handling", 0.0), ("every pattern", 0.8)];
    for (name, noise) in sets {
        for &sensing in &modes {
            // (`DefaultHasher::new()` is keyed with constants: the same on every run.)
            let mut all_events = std::collections::hash_map::DefaultHasher::new();
            let mut events = 0usize;
            for (i, g) in sample.iter().enumerate() {
                let cfg = SimConfig::sample(i, seed, noise, &Pattern::ALL);
                let cap = simulate(g, &cfg);
                let mut game = std::collections::hash_map::DefaultHasher::new();
                run_capture(&cap, common::session_config(g, &cfg, sensing), |e| {
                    let line = e.to_json();
                    if drop.as_ref().is_some_and(|d| line.contains(d.as_str())) {
                        return;
                    }
                    if show == Some(i) {
                        println!("  {name} {} sample {i}: {line}", sensing.as_str());
                    }
                    line.hash(&mut game);
                    line.hash(&mut all_events);
                    events += 1;
                });
                if list {
                    println!(
                        "  {name} {} sample {i}: {:016x}",
                        sensing.as_str(),
                        game.finish()
                    );
                }
            }
            println!(
                "{name:<15} {:<9} {} games, {events} events, digest {:016x}",
                sensing.as_str(),
                sample.len(),
                all_events.finish()
            );
        }
    }
}
