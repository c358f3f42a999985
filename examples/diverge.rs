//! Dumps the first divergence of every game the tracker does not reconstruct exactly (the
//! games and simulator settings of `examples/exactness.rs`): the game index, seed, expected
//! and reconstructed moves around the divergence, the handling patterns drawn there, the
//! events and the field updates in that stretch of time.
//!
//! `cargo run --release --example diverge -- SENSING SET [STEP] [ONLY]`
//! (SENSING: identity | occupancy; SET: all | noearly | noearlyswap | clean; STEP: every
//! STEP-th game, default 1; ONLY: just this sample index, with every field update).
//! `AT=N` centres the window on ply N instead (`AT=end`: the last ply reported — where a game
//! ending short stalled).
//! A summary line per failure (`FAIL i=.. ply=.. patterns=..`) is easy to grep and group.
//! `SEED=N` draws the handling again, as in exactness; the sample indices are the same as
//! exactness's (games set up from a FEN included).

#[allow(dead_code)] // (the `SEED` reading only)
mod common;

use eboardd::core::capture::Direction;
use eboardd::core::dgt::{Decoded, Decoder, Message};
use eboardd::core::event::EventKind;
use eboardd::core::session::Sensing;
use eboardd::core::sim::{ActionKind, Pattern, SimGame, simulate_with_script, uci_as_sensed};
use eboardd::shell::replay::run_capture;
use shakmaty::{CastlingMode, Chess, Position, san::San};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sensing = match args.get(1).map(String::as_str) {
        Some("occupancy") => Sensing::Occupancy,
        _ => Sensing::Identity,
    };
    let set = args.get(2).map_or("all", String::as_str);
    let step: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let only: Option<usize> = args.get(4).and_then(|s| s.parse().ok());
    let (noise, patterns): (f64, Vec<Pattern>) = match set {
        "clean" => (0.0, Pattern::ALL.to_vec()),
        "noearly" => (
            0.8,
            Pattern::ALL
                .into_iter()
                .filter(|p| *p != Pattern::EarlyReply)
                .collect(),
        ),
        "noearlyswap" => (
            0.8,
            Pattern::ALL
                .into_iter()
                .filter(|p| !matches!(p, Pattern::EarlyReply | Pattern::CaptureSwapInScan))
                .collect(),
        ),
        _ => (0.8, Pattern::ALL.to_vec()),
    };
    // As in examples/exactness.rs: `SEED=N` adds N to every game's seed.
    let seed = common::seed_from_env();
    let all = common::games();
    let sample: Vec<&SimGame> = all.iter().step_by(step.max(1)).collect();
    let mut fails = 0;
    for (i, g) in sample.iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let cfg = common::sample_config(i, seed, noise, &patterns);
        let (cap, script) = simulate_with_script(g, &cfg);
        let session = common::session_config(g, &cfg, sensing);
        let mut moves: Vec<String> = Vec::new();
        let mut log: Vec<String> = Vec::new();
        // When the folded game first stops being a prefix of the real one.
        let mut first_bad: Option<u64> = None;
        let want_all: Vec<String> = g
            .moves
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        run_capture(&cap, session, |e| {
            let t = e.t_ms;
            match e.kind {
                EventKind::NewGame { .. } => {
                    moves.clear();
                    log.push(format!("{t} new_game"));
                }
                EventKind::Move { uci, ply, .. } => {
                    log.push(format!("{t} move {ply} {uci}"));
                    let k = moves.len();
                    let ok = want_all
                        .get(k)
                        .is_some_and(|w| w[..4] == uci[..4.min(uci.len())]);
                    if !ok && first_bad.is_none() {
                        first_bad = Some(t);
                    }
                    moves.push(uci);
                }
                EventKind::Takeback { ply, .. } => {
                    log.push(format!("{t} takeback {ply}"));
                    moves.pop();
                }
                k => {
                    let v = serde_json::to_value(&k).unwrap_or_default();
                    if v["event"] != "clock" {
                        log.push(format!("{t} {v}"));
                    }
                }
            }
        });
        let moves: Vec<String> = moves.iter().map(|u| uci_as_sensed(u, sensing)).collect();
        let want: Vec<String> = g
            .moves
            .iter()
            .map(|m| uci_as_sensed(&m.to_uci(CastlingMode::Standard).to_string(), sensing))
            .collect();
        if moves == want && only.is_none() {
            continue;
        }
        fails += 1;
        let k = want
            .iter()
            .zip(&moves)
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(moves.len()));
        // (`AT=N`: the window around ply N instead — where a game ending short stalled, say;
        // `AT=end`: the last ply reported.)
        let k = match std::env::var("AT").ok().as_deref() {
            Some("end") => moves.len(),
            Some(n) => n.parse().unwrap_or(k),
            None => k,
        };
        let near: Vec<String> = script
            .patterns
            .iter()
            .filter(|p| p.ply + 2 >= k && p.ply <= k + 1)
            .map(|p| format!("{}:{}", p.ply, p.pattern.name()))
            .collect();
        let mut sans = Vec::new();
        let mut pos = Chess::default();
        for &m in &g.moves {
            sans.push(San::from_move(&pos, m).to_string());
            pos.play_unchecked(m);
        }
        println!(
            "FAIL i={i} seed={} orient={} clock={} ply={k} want={:?} got={:?} patterns={}",
            cfg.seed,
            cfg.orientation.as_str(),
            cfg.clock,
            want.get(k.saturating_sub(1)..(k + 3).min(want.len())),
            moves.get(k.saturating_sub(1)..(k + 3).min(moves.len())),
            near.join(",")
        );
        if only.is_none() && args.get(5).is_none() {
            continue;
        }
        println!(
            "  game plies {}..: {}",
            k.saturating_sub(2),
            sans.get(k.saturating_sub(2)..(k + 4).min(sans.len()))
                .unwrap_or_default()
                .join(" ")
        );
        // The stretch of time: from the completion of ply k-3 to that of ply k+2.
        let window: Option<(u64, u64)> = args.get(6).and_then(|w| {
            let (a, b) = w.split_once('-')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        });
        // (A wrong move reported earlier and revised since is only named: the window is the
        // final divergence's.)
        let (t0, t1) = match window {
            Some(w) => w,
            None => (
                if k >= 3 {
                    script.move_done_ms(k - 3).unwrap_or(0)
                } else {
                    0
                },
                script
                    .move_done_ms(k + 2)
                    .unwrap_or(script.end_ms)
                    .saturating_add(1500),
            ),
        };
        println!("  first wrong move reported at {first_bad:?}; window {t0}..{t1}");
        for a in &script.actions {
            if a.t_ms < t0 || a.t_ms > t1 {
                continue;
            }
            match &a.kind {
                ActionKind::Set { square, piece } => println!(
                    "  phys {} set {} {}",
                    a.t_ms,
                    square,
                    piece.map_or('.', |p| p.char())
                ),
                k => println!("  phys {} {:?}", a.t_ms, k),
            }
        }
        let mut dec = Decoder::new();
        for r in &cap.records {
            if r.dir != Direction::Rx || r.t_ms < t0 || r.t_ms > t1 {
                if r.dir == Direction::Rx {
                    dec.feed(&r.bytes, |_| {});
                }
                continue;
            }
            dec.feed(&r.bytes, |d| match d {
                Decoded::Message(Message::FieldUpdate { index, piece }) => println!(
                    "  sens {} {} {}",
                    r.t_ms,
                    cfg.orientation.square(index),
                    piece.as_char()
                ),
                Decoded::Message(Message::BoardDump(_)) => println!("  sens {} DUMP", r.t_ms),
                _ => {}
            });
        }
        for l in &log {
            let t: u64 = l
                .split(' ')
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            // (`AMB=1`: every `ambiguous` event of the game, wherever it falls.)
            let amb = std::env::var_os("AMB").is_some() && l.contains("\"ambiguous\"");
            if amb || (t >= t0 && (t <= t1 + 3000 || !l.contains(" move "))) {
                println!("  event {l}");
            }
        }
    }
    println!("{fails} failures of {}", sample.len());
}
