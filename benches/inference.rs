//! Decode + move inference throughput: captures replayed through whole board sessions.
//!
//! `cargo bench --bench inference` — criterion prints field updates per second (elements/s)
//! and the time per iteration; divide for the cost per field update.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eboardd::core::capture::{Capture, Direction};
use eboardd::core::dgt::Orientation;
use eboardd::core::session::{Session, SessionConfig};
use eboardd::shell::shared_data;
use std::hint::black_box;

fn load_captures() -> Vec<Capture> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures");
    let mut caps = Vec::new();
    for e in std::fs::read_dir(dir).expect("tests/captures") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "cap") {
            caps.push(Capture::parse(&std::fs::read_to_string(&p).expect("read")).expect("parse"));
        }
    }
    caps
}

/// Real games (Dortmund), simulated with handling noise on both orientations, with a clock.
fn simulated_games(n: usize) -> Vec<Capture> {
    shared_data::dortmund_captures(n, |i| {
        if i % 2 == 0 {
            Orientation::Normal
        } else {
            Orientation::Rotated
        }
    })
}

fn run(caps: &[Capture], config: &SessionConfig) -> usize {
    let mut events = 0;
    for cap in caps {
        let mut s = Session::new(config.clone());
        for r in &cap.records {
            while let Some(t) = s.poll_timeout().filter(|&t| t <= r.t_ms) {
                s.handle_timeout(t);
            }
            if r.dir == Direction::Rx {
                s.handle_input(r.t_ms, black_box(&r.bytes));
            }
            while s.poll_event().is_some() {
                events += 1;
            }
        }
        while let Some(t) = s.poll_timeout() {
            s.handle_timeout(t);
        }
        while s.poll_event().is_some() {
            events += 1;
        }
    }
    events
}

fn inference(c: &mut Criterion) {
    let caps = load_captures();
    let n = shared_data::field_updates(&caps) as u64;
    let config = SessionConfig {
        frame_events: false,
        ..SessionConfig::default()
    };
    let mut g = c.benchmark_group("inference");
    let games = simulated_games(100);
    let gn = shared_data::field_updates(&games) as u64;
    g.throughput(Throughput::Elements(gn));
    g.bench_function("dortmund_100_games_identity", |b| {
        b.iter(|| run(&games, &config))
    });
    g.throughput(Throughput::Elements(n));
    g.bench_function("pattern_captures_identity", |b| {
        b.iter(|| run(&caps, &config))
    });
    let occ = SessionConfig {
        sensing: eboardd::core::session::Sensing::Occupancy,
        orientation: eboardd::core::session::OrientationSetting::Fixed(
            eboardd::core::dgt::Orientation::Normal,
        ),
        ..config.clone()
    };
    g.bench_function("pattern_captures_occupancy", |b| {
        b.iter(|| run(&caps, &occ))
    });
    g.finish();
}

criterion_group!(benches, inference);
criterion_main!(benches);
