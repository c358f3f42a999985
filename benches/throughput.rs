//! Throughput of the core on a synthetic DGT stream.
//!
//! `cargo bench --bench throughput` — prints MB/s and frames/s (criterion reports bytes/s and
//! elements/s; elements are frames).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eboardd::core::dgt::{Decoder, Message, PieceCode};
use eboardd::core::session::{Session, SessionConfig};
use std::hint::black_box;

fn stream(frames: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for i in 0..frames {
        let m = if i % 100 == 0 {
            Message::BoardDump(Box::new([PieceCode::from_code((i % 13) as u8); 64]))
        } else {
            Message::FieldUpdate {
                index: (i % 64) as u8,
                piece: PieceCode::from_code((i % 13) as u8),
            }
        };
        v.extend(m.encode());
    }
    v
}

fn decode(c: &mut Criterion) {
    let frames = 100_000;
    let bytes = stream(frames);
    let mut g = c.benchmark_group("decoder");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("bytes", |b| {
        b.iter(|| {
            let mut d = Decoder::new();
            let mut n = 0usize;
            d.feed(black_box(&bytes), |_| n += 1);
            n
        })
    });
    g.throughput(Throughput::Elements(frames as u64));
    g.bench_function("frames", |b| {
        b.iter(|| {
            let mut d = Decoder::new();
            let mut n = 0usize;
            for chunk in bytes.chunks(32) {
                d.feed(black_box(chunk), |_| n += 1);
            }
            n
        })
    });
    g.finish();
}

fn session(c: &mut Criterion) {
    let frames = 100_000;
    let bytes = stream(frames);
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements(frames as u64));
    g.bench_function("frames_no_frame_events", |b| {
        b.iter(|| {
            let mut s = Session::new(SessionConfig {
                frame_events: false,
                ..SessionConfig::default()
            });
            let mut n = 0usize;
            for (i, chunk) in bytes.chunks(5).enumerate() {
                s.handle_input(i as u64, black_box(chunk));
                while s.poll_event().is_some() {
                    n += 1;
                }
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, decode, session);
criterion_main!(benches);
