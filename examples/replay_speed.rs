//! Decode + inference speed on simulated real games, for profiling and for the README figure:
//! `cargo run --release --example replay_speed [GAMES] [ROUNDS]` prints field updates per
//! second on one core (the games are simulated first, outside the timing), and the slowest
//! single call into the session (a field update or a timeout). `SENSING=occupancy` measures
//! occupancy boards; `MONITOR=0|1` one configuration only.

#![allow(clippy::disallowed_methods)] // a benchmark reads the clock

use std::time::Instant;

use eboardd::core::capture::Direction;
use eboardd::core::session::{OrientationSetting, Sensing, Session, SessionConfig};
use eboardd::core::sim::SimConfig;
use eboardd::shell::shared_data;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    // (One orientation: occupancy boards take theirs from the configuration.)
    let caps = shared_data::dortmund_captures(n, |_| SimConfig::default().orientation);
    let updates = shared_data::field_updates(&caps);
    let which: Vec<bool> = match std::env::var("MONITOR").as_deref() {
        Ok("0") => vec![false],
        Ok("1") => vec![true],
        _ => vec![false, true],
    };
    for monitor in which {
        let occupancy = std::env::var("SENSING").as_deref() == Ok("occupancy");
        let config = SessionConfig {
            frame_events: false,
            monitor,
            sensing: if occupancy {
                Sensing::Occupancy
            } else {
                Sensing::Identity
            },
            orientation: if occupancy {
                OrientationSetting::Fixed(SimConfig::default().orientation)
            } else {
                OrientationSetting::Auto
            },
            ..SessionConfig::default()
        };
        let mut best = f64::MAX;
        let mut events = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            events = 0;
            for cap in &caps {
                let mut s = Session::new(config.clone());
                for r in &cap.records {
                    while let Some(t) = s.poll_timeout().filter(|&t| t <= r.t_ms) {
                        s.handle_timeout(t);
                    }
                    if r.dir == Direction::Rx {
                        s.handle_input(r.t_ms, &r.bytes);
                    }
                    while s.poll_event().is_some() {
                        events += 1;
                    }
                }
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        // The slowest single call, in a pass of its own (timing every call costs time).
        let mut slowest = 0f64;
        for cap in &caps {
            let mut s = Session::new(config.clone());
            for r in &cap.records {
                while let Some(t) = s.poll_timeout().filter(|&t| t <= r.t_ms) {
                    let c = Instant::now();
                    s.handle_timeout(t);
                    slowest = slowest.max(c.elapsed().as_secs_f64());
                }
                if r.dir == Direction::Rx {
                    let c = Instant::now();
                    s.handle_input(r.t_ms, &r.bytes);
                    slowest = slowest.max(c.elapsed().as_secs_f64());
                }
                while s.poll_event().is_some() {}
            }
        }
        println!(
            "{:<34} {} games, {updates} field updates, {events} events: best of {rounds}: {:.1} ms = {:.0} field updates/s, {:.2} µs per field update; slowest call {:.2} ms",
            if monitor {
                "move inference + arbiter monitor:"
            } else {
                "move inference (Core II):"
            },
            caps.len(),
            best * 1e3,
            updates as f64 / best,
            best * 1e6 / updates as f64,
            slowest * 1e3
        );
    }
}
