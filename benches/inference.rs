//! Decode + move inference throughput: captures replayed through whole board sessions.
//!
//! `cargo bench --bench inference` — criterion prints field updates per second (elements/s)
//! and the time per iteration; divide for the cost per field update.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eboardd::core::capture::{Capture, Direction};
use eboardd::core::session::{Session, SessionConfig};
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
    use eboardd::core::sim::{SimConfig, games_from_pgn, simulate};
    let text =
        String::from_utf8_lossy(&eboardd::shell::shared_data::read("pgn/games/dortmund.pgn"))
            .into_owned();
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
                    orientation: if i % 2 == 0 {
                        eboardd::core::dgt::Orientation::Normal
                    } else {
                        eboardd::core::dgt::Orientation::Rotated
                    },
                    ..SimConfig::default()
                },
            )
        })
        .collect()
}

fn field_updates(caps: &[Capture]) -> u64 {
    // Every FIELD_UPDATE frame is 5 bytes starting 0x8e 0x00 0x05.
    caps.iter()
        .flat_map(|c| c.records.iter())
        .filter(|r| r.dir == Direction::Rx)
        .map(|r| {
            r.bytes
                .windows(3)
                .filter(|w| w == &[0x8e, 0x00, 0x05])
                .count() as u64
        })
        .sum()
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
    let n = field_updates(&caps);
    let config = SessionConfig {
        frame_events: false,
        ..SessionConfig::default()
    };
    let mut g = c.benchmark_group("inference");
    let games = simulated_games(100);
    let gn = field_updates(&games);
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
