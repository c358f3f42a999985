//! How long after a move is physically complete the tracker reports it (Core II, item 4: "a
//! move is reported within 1 s of the board coming to rest in the new position"); see
//! `eboardd::core::sim::latency` for what is measured.
//!
//! For every simulated game (the games and handling of `examples/exactness.rs`), per sensing
//! mode and handling set, over the plies after which the board rested 1 s: the distribution of
//! the first report (whichever move) and of the report of the real move (later when a guess
//! was revised) after the rest, how many came later than 1 s, and the worst cases (sample
//! index, seed, ply; `DUMP=DIR` writes their captures and rest times there; `REVISED=1` names
//! the first ten plies whose first report was revised, `REVISED=N` the first N; `HIST=1`
//! prints how late the late first reports were; `LATE=MS` names every ply first reported
//! later than MS, and with `DUMP` writes them all).
//!
//! `cargo run --release --example latency [STEP]` (STEP: every STEP-th game; default 1).
//! `SEED=N` and `SENSING=identity|occupancy` as in exactness.

mod common;

use eboardd::core::sim::latency::REST_MS;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, simulate_with_script};
use eboardd::shell::replay::simulated_timings_with;
use eboardd::shell::shared_data;

fn percentile(sorted: &[i64], p: f64) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    let k = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[k]
}

fn figures(v: &[i64]) -> String {
    format!(
        "median {} p90 {} p99 {} p99.9 {} max {}; later than {REST_MS} ms: {}",
        percentile(v, 0.5),
        percentile(v, 0.9),
        percentile(v, 0.99),
        percentile(v, 0.999),
        v.last().copied().unwrap_or(0),
        v.iter().filter(|&&d| d > REST_MS as i64).count()
    )
}

fn main() {
    let common::Sweep { step, seed, modes } = common::Sweep::from_env();
    let late_from: Option<i64> = std::env::var("LATE").ok().and_then(|v| v.parse().ok());
    // (`REVISED=N`: the first N; `REVISED=1`: the first ten.)
    let show_revised: usize = std::env::var("REVISED")
        .ok()
        .map(|v| v.parse().ok().filter(|&n| n > 1).unwrap_or(10))
        .unwrap_or(0);
    let dump = std::env::var_os("DUMP").map(std::path::PathBuf::from);
    let all = shared_data::simulation_games();
    let sample: Vec<&SimGame> = all.iter().step_by(step).collect();
    let sets: Vec<(&str, f64, Vec<Pattern>)> = vec![
        ("clean handling (noise 0)", 0.0, Pattern::ALL.to_vec()),
        ("every pattern", 0.8, Pattern::ALL.to_vec()),
    ];
    println!(
        "{} games (every {step}th of {}), seeded per game (+{seed}); report minus rest, in ms, \
         over the plies after which the board rested {REST_MS} ms",
        sample.len(),
        all.len()
    );
    for (name, noise, patterns) in &sets {
        for &sensing in &modes {
            let (mut shown, mut right): (Vec<i64>, Vec<i64>) = (Vec::new(), Vec::new());
            let mut worst: Vec<(i64, usize, u64, usize)> = Vec::new();
            let (mut plies, mut rested, mut never, mut revised) = (0usize, 0usize, 0usize, 0);
            for (i, g) in sample.iter().enumerate() {
                let cfg = SimConfig::sample(i, seed, *noise, patterns);
                for (ply, t) in
                    simulated_timings_with(g, &cfg, common::session_config(g, &cfg, sensing))
                        .into_iter()
                        .enumerate()
                {
                    plies += 1;
                    if !t.rested {
                        continue;
                    }
                    rested += 1;
                    if let Some(d) = t.shown_after() {
                        if late_from.is_some_and(|l| d > l) {
                            println!(
                                "    late {d} ms: sample {i} (seed {}), ply {}",
                                cfg.seed,
                                ply + 1
                            );
                        }
                        shown.push(d);
                        worst.push((d, i, cfg.seed, ply + 1));
                    }
                    match t.right_after() {
                        Some(d) => right.push(d),
                        None => never += 1,
                    }
                    if t.right_ms > t.shown_ms {
                        revised += 1;
                        if revised <= show_revised {
                            println!(
                                "    revised: sample {i} (seed {}), ply {}: shown {:?}, right {:?} \
                                 ms after the rest",
                                cfg.seed,
                                ply + 1,
                                t.shown_after(),
                                t.right_after()
                            );
                        }
                    }
                }
            }
            shown.sort_unstable();
            right.sort_unstable();
            worst.sort_unstable_by(|a, b| b.cmp(a));
            println!(
                "{name:<26} {:<9} {plies} plies, {rested} rested",
                sensing.as_str()
            );
            println!("    first move reported: {}", figures(&shown));
            if std::env::var_os("HIST").is_some() {
                let edges = [
                    1000,
                    1100,
                    1200,
                    1300,
                    1500,
                    2000,
                    3000,
                    5000,
                    10000,
                    i64::MAX,
                ];
                let mut prev = 1000;
                for e in edges.iter().skip(1) {
                    let n = shown.iter().filter(|&&d| d > prev && d <= *e).count();
                    println!("      ({prev}, {e}] ms: {n}");
                    prev = *e;
                }
            }
            println!(
                "    real move reported:  {}; {revised} revised (the first report wrong), {never} \
                 never (games not reconstructed exactly)",
                figures(&right)
            );
            let n_dump = if late_from.is_some() { worst.len() } else { 5 };
            for (d, i, s, ply) in worst.iter().take(n_dump) {
                if late_from.is_some_and(|l| *d <= l) {
                    break;
                }
                println!("    {d} ms: sample {i} (seed {s}), ply {ply}");
                if let Some(dir) = &dump {
                    let cfg = SimConfig::sample(*i, seed, *noise, patterns);
                    let (cap, script) = simulate_with_script(sample[*i], &cfg);
                    let kind = if *noise > 0.0 { "every" } else { "clean" };
                    let tag = format!("{kind}-{}-sample-{i}", sensing.as_str());
                    std::fs::write(dir.join(format!("{tag}.cap")), cap.to_text())
                        .expect("write capture");
                    let done: Vec<String> = (0..sample[*i].moves.len())
                        .map(|k| format!("{} {:?}", k + 1, script.move_done_ms(k)))
                        .collect();
                    std::fs::write(dir.join(format!("{tag}.done")), done.join("\n"))
                        .expect("write rest times");
                }
            }
        }
    }
}
