//! Prints how many real games the tracker reconstructs exactly, per sensing mode and per set
//! of handling patterns — the figures quoted in the README.
//!
//! `cargo run --release --example exactness [STEP]` (STEP: every STEP-th game; default 1).
//! Environment: `SEED=N` adds N to every game's seed (another draw of the same handling);
//! `SENSING=identity|occupancy` measures one mode only; `LIST=1` names the games that differ;
//! `DUMP=DIR` writes their captures there (replay them with `eboardd replay`);
//! `SET=N` measures only the N-th set of patterns (0 clean … 3 every pattern); `MISSED=1`
//! drops the link for 2–3 plies now and then, back with a full dump; `ORDER=tests` numbers the
//! games as tests/games.rs does (so `ORDER=tests SEED=0 SET=3` is that test's draw);
//! `SLOW=MS` names the games that took MS milliseconds or more to replay;
//! `CAPTURE_SETTLE_MS=N` replays occupancy boards with that `capture-settle-ms` (also for
//! `latency` and `digest`). For occupancy
//! boards it also counts the differing games whose moves leave the same occupied squares as
//! the real game after every move (what the board shows at rest cannot tell them apart). In
//! both modes it counts the differing games that were flagged: an `ambiguous` event named the
//! real moves among its candidates for a stretch covering the first ply that differs (the
//! operator was told to check the scoresheet there); the others are wrong without a warning.
//! It also counts the exact games that had an `undecided` warning all the same (the board
//! could not tell the moves reported from others: the operator checked moves that were right),
//! and the alerts to the arbiter (`illegal_move`, `displaced`, `unexplained`) over the games run
//! so far — in a legal game every one is a false alarm (`LIST=1` names the games).

#![allow(clippy::disallowed_methods)] // `SLOW` reads the clock

mod common;

use std::path::PathBuf;

use eboardd::core::event::EventKind;
use eboardd::core::session::Sensing;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, flagged, simulate, uci_as_sensed};
use eboardd::shell::replay::run_capture;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// Games with an `unexplained` event (occupancy boards: the board stood unexplained long after
/// the last move), exact and not: an alert on an exact game was a false one.
static STALLED: [std::sync::atomic::AtomicUsize; 2] = [
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
];

/// Exact games over every game run so far that had a standing `ambiguous` warning (not
/// provisional: the operator was asked to check moves that were right).
static STANDING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Alerts to the arbiter over every game run so far: illegal moves (7.5), displaced pieces
/// (7.4), and `unexplained` boards; and the games with any, exact and not.
static ALERTS: [std::sync::atomic::AtomicUsize; 5] = [
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
];

/// `Ok` with how many `undecided` warnings the game had (exact all the same: the operator
/// was asked to check moves that were right), or what differs.
fn exact(g: &SimGame, cfg: &SimConfig, sensing: Sensing) -> Result<usize, String> {
    let mut stalled = false;
    let mut alerts = [0usize; 3];
    let r = exact_noting(g, cfg, sensing, &mut stalled, &mut alerts);
    if stalled {
        STALLED[usize::from(r.is_err())].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    for (n, a) in alerts.iter().zip(&ALERTS) {
        a.fetch_add(*n, std::sync::atomic::Ordering::Relaxed);
    }
    if alerts.iter().any(|&n| n > 0) {
        ALERTS[3 + usize::from(r.is_err())].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if std::env::var_os("LIST").is_some() {
            println!(
                "  alerted: seed {} ({}): illegal_move {} displaced {} unexplained {}",
                cfg.seed,
                if r.is_ok() { "exact" } else { "differs" },
                alerts[0],
                alerts[1],
                alerts[2]
            );
        }
    }
    r
}

/// [`exact`], noting in `stalled` whether an `unexplained` event came.
fn exact_noting(
    g: &SimGame,
    cfg: &SimConfig,
    sensing: Sensing,
    stalled: &mut bool,
    alerts: &mut [usize; 3],
) -> Result<usize, String> {
    let cap = simulate(g, cfg);
    let session = common::session_config(g, cfg, sensing);
    let mut raw: Vec<String> = Vec::new();
    let mut warned: Vec<(usize, Vec<String>)> = Vec::new();
    let mut undecided = 0;
    let mut standing = false;
    run_capture(&cap, session, |e| match e.kind {
        EventKind::NewGame { .. } => {
            raw.clear();
            warned.clear();
            undecided = 0;
            standing = false;
        }
        EventKind::Move { uci, .. } => raw.push(uci),
        EventKind::Takeback { .. } => {
            raw.pop();
        }
        EventKind::Ambiguous {
            ply,
            lines,
            undecided: u,
            provisional,
            ..
        } => {
            undecided += usize::from(u);
            standing |= !provisional;
            warned.push((ply as usize, lines));
        }
        EventKind::Unexplained { .. } => {
            *stalled = true;
            alerts[2] += 1;
        }
        EventKind::IllegalMove { .. } => alerts[0] += 1,
        EventKind::Displaced { .. } => alerts[1] += 1,
        _ => {}
    });
    // Occupancy boards cannot tell the promotion piece: compared up to it.
    let moves: Vec<String> = raw.iter().map(|u| uci_as_sensed(u, sensing)).collect();
    let want: Vec<String> = g
        .moves
        .iter()
        .map(|m| uci_as_sensed(&m.to_uci(CastlingMode::Standard).to_string(), sensing))
        .collect();
    if moves == want {
        if standing {
            STANDING.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if std::env::var_os("LIST").is_some() {
                println!("  warned: seed {} (exact)", cfg.seed);
            }
        }
        return Ok(undecided);
    }
    let k = moves.iter().zip(&want).take_while(|(a, b)| a == b).count();
    let flagged = flagged(&warned, &want, k, sensing);
    Err(format!(
        "ply {}: got {:?}, want {:?} (then {:?}){}{}",
        k + 1,
        moves.get(k..(k + 3).min(moves.len())),
        want.get(k..(k + 3).min(want.len())),
        moves.len(),
        if same_occupancy(&g.start, &raw, &g.moves) {
            " [the same occupancy as the real game after every move]"
        } else {
            ""
        },
        if flagged {
            " {flagged ambiguous, the real moves among the candidates}"
        } else {
            ""
        }
    ))
}

/// Whether the moves reported (UCI) are a legal game of the real game's length that leaves the
/// same occupied squares as the real game after every move: what an occupancy board shows at
/// rest does not tell them apart (only how the pieces were handled in between can).
fn same_occupancy(start: &Chess, got: &[String], real: &[Move]) -> bool {
    if got.len() != real.len() {
        return false;
    }
    let (mut a, mut b) = (start.clone(), start.clone());
    for (u, m) in got.iter().zip(real) {
        let Some(mg) = UciMove::from_ascii(u.as_bytes())
            .ok()
            .and_then(|u| u.to_move(&a).ok())
        else {
            return false;
        };
        a.play_unchecked(mg);
        b.play_unchecked(*m);
        if a.board().occupied() != b.board().occupied() {
            return false;
        }
    }
    true
}

fn main() {
    let common::Sweep { step, seed, modes } = common::Sweep::from_env();
    let list = std::env::var_os("LIST").is_some();
    let dump = std::env::var_os("DUMP").map(PathBuf::from);
    let all = common::games();
    let sample: Vec<&SimGame> = all.iter().step_by(step).collect();
    let without = |ex: &[Pattern]| -> Vec<Pattern> {
        Pattern::ALL
            .iter()
            .copied()
            .filter(|p| !ex.contains(p))
            .collect()
    };
    let sets: Vec<(&str, f64, Vec<Pattern>)> = vec![
        ("clean handling (noise 0)", 0.0, Pattern::ALL.to_vec()),
        (
            "every pattern but early replies",
            0.8,
            without(&[Pattern::EarlyReply]),
        ),
        (
            "every pattern but early replies and swaps in one scan",
            0.8,
            without(&[Pattern::EarlyReply, Pattern::CaptureSwapInScan]),
        ),
        ("every pattern", 0.8, Pattern::ALL.to_vec()),
    ];
    println!(
        "{} games (every {step}th of {}), noise as listed, seeded per game (+{seed})",
        sample.len(),
        all.len()
    );
    let only: Option<usize> = std::env::var("SET").ok().and_then(|s| s.parse().ok());
    let slow: Option<u128> = std::env::var("SLOW").ok().and_then(|s| s.parse().ok());
    for (set, (name, noise, patterns)) in sets.into_iter().enumerate() {
        if only.is_some_and(|n| n != set) {
            continue;
        }
        for &sensing in &modes {
            let same = std::cell::Cell::new(0usize);
            let flagged = std::cell::Cell::new(0usize);
            let warned = std::cell::Cell::new(0usize);
            let ok = sample
                .iter()
                .enumerate()
                .filter(|(i, g)| {
                    let cfg = common::sample_config(*i, seed, noise, &patterns);
                    let started = std::time::Instant::now();
                    let result = exact(g, &cfg, sensing);
                    if let Some(ms) = slow
                        && started.elapsed().as_millis() >= ms
                    {
                        println!(
                            "  slow: sample {i} (seed {}) took {} ms",
                            cfg.seed,
                            started.elapsed().as_millis()
                        );
                    }
                    let ok = result.is_ok();
                    if result.as_ref().is_ok_and(|&u| u > 0) {
                        warned.set(warned.get() + 1);
                    }
                    if result
                        .as_ref()
                        .is_err_and(|e| e.contains("after every move]"))
                    {
                        same.set(same.get() + 1);
                    }
                    if result.as_ref().is_err_and(|e| e.ends_with('}')) {
                        flagged.set(flagged.get() + 1);
                    }
                    if let (false, Some(dir)) = (ok, &dump) {
                        let path =
                            dir.join(format!("set{set}-sample-{i}-{}.cap", sensing.as_str()));
                        std::fs::write(&path, simulate(g, &cfg).to_text()).expect("write capture");
                    }
                    if !ok && list {
                        println!(
                            "  differs: sample {i} (seed {}), {} - {}, {} moves{}: {}",
                            cfg.seed,
                            g.header("White").unwrap_or("?"),
                            g.header("Black").unwrap_or("?"),
                            g.moves.len(),
                            if g.start == shakmaty::Chess::default() {
                                ""
                            } else {
                                ", set up from a FEN"
                            },
                            result.err().unwrap_or_default()
                        );
                    }
                    ok
                })
                .count();
            println!(
                "{:<55} {:<9} {:>5}/{:<5} exact ({:.1}%){}{}",
                name,
                sensing.as_str(),
                ok,
                sample.len(),
                100.0 * ok as f64 / sample.len() as f64,
                if sensing == Sensing::Occupancy && ok < sample.len() {
                    format!(
                        "; of the {} that differ, {} leave the same occupancy as the real game after every move, {} were flagged ambiguous with the real moves among the candidates",
                        sample.len() - ok,
                        same.get(),
                        flagged.get()
                    )
                } else if ok < sample.len() {
                    format!(
                        "; of the {} that differ, {} were flagged ambiguous with the real moves among the candidates",
                        sample.len() - ok,
                        flagged.get()
                    )
                } else {
                    String::new()
                },
                if warned.get() > 0 {
                    format!("; {} exact games had an `undecided` warning", warned.get())
                } else {
                    String::new()
                }
            );
            // (Counted over every handling set and mode run so far.)
            let [fine, wrong] = &STALLED;
            let (fine, wrong) = (
                fine.load(std::sync::atomic::Ordering::Relaxed),
                wrong.load(std::sync::atomic::Ordering::Relaxed),
            );
            if fine + wrong > 0 {
                println!(
                    "    `unexplained` alerts so far: {wrong} games that differ, {fine} exact games"
                );
            }
            let standing = STANDING.load(std::sync::atomic::Ordering::Relaxed);
            if standing > 0 {
                println!("    exact games with a standing `ambiguous` warning so far: {standing}");
            }
            let n = |i: usize| ALERTS[i].load(std::sync::atomic::Ordering::Relaxed);
            if n(3) + n(4) > 0 {
                println!(
                    "    alerts so far: illegal_move {}, displaced {}, unexplained {}; in {} exact games and {} that differ",
                    n(0),
                    n(1),
                    n(2),
                    n(3),
                    n(4)
                );
            }
        }
    }
}
