//! Cost of the draw/game-end monitor per move over the real games in `shared/data/pgn/games`.
//!
//! `cargo bench --bench monitor` — first prints the distribution of the cost of one
//! `Monitor::push` (each timed three times on clones, the minimum kept, to filter out
//! preemption on a shared machine), then criterion's throughput for replaying every game
//! (elements = moves).
#![allow(clippy::disallowed_methods)]

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eboardd::core::rules::Monitor;
use eboardd::core::rules::pgn::PgnGame;
use eboardd::shell::shared_data;
use shakmaty::{EnPassantMode, fen::Fen};

fn distribution(games: &[PgnGame]) {
    let mut costs: Vec<(Duration, String)> = Vec::new();
    for g in games {
        let mut m = Monitor::new(g.start.clone());
        for mv in &g.moves {
            let mut best = Duration::MAX;
            for _ in 0..3 {
                let mut c = m.clone();
                let t = Instant::now();
                let ev = c.push(mv);
                best = best.min(t.elapsed());
                std::hint::black_box(ev);
            }
            m.push(mv);
            costs.push((
                best,
                Fen::from_position(m.position(), EnPassantMode::Legal).to_string(),
            ));
        }
    }
    costs.sort_by_key(|c| std::cmp::Reverse(c.0));
    let n = costs.len();
    let total: Duration = costs.iter().map(|c| c.0).sum();
    let q = |f: f64| costs[((n as f64) * f) as usize].0;
    println!(
        "monitor push over {} games, {n} moves: mean {:?}, median {:?}, p99 {:?}, p99.9 {:?}, max {:?}",
        games.len(),
        total / n as u32,
        q(0.5),
        q(0.01),
        q(0.001),
        costs[0].0
    );
    println!("slowest moves (position reached):");
    for (d, fen) in costs.iter().take(5) {
        println!("  {d:?}  {fen}");
    }
}

fn bench(c: &mut Criterion) {
    let games = shared_data::all_real_games();
    distribution(&games);
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let mut g = c.benchmark_group("monitor");
    g.throughput(Throughput::Elements(moves as u64));
    g.sample_size(10);
    g.bench_function("real_games", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for game in &games {
                let mut m = Monitor::new(game.start.clone());
                for mv in &game.moves {
                    n += m.push(mv).len();
                }
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
