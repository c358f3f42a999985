//! Prints one game of the exactness set (`examples/exactness.rs`'s sample index): its start
//! position (FEN) and its moves in SAN, numbered by ply — to read beside `diverge`'s output.
//!
//! `cargo run --release --example showgame -- SAMPLE` (`ORDER=tests`: tests/games.rs's order)

#[allow(dead_code)] // (only `games` is used here)
mod common;

use shakmaty::{EnPassantMode, Position, fen::Fen, san::SanPlus};

fn main() {
    let games = common::games();
    let Some(i) = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<usize>().ok())
    else {
        eprintln!("usage: showgame SAMPLE (0..{})", games.len());
        std::process::exit(2);
    };
    let Some(g) = games.get(i) else {
        eprintln!("no sample {i}: there are {}", games.len());
        std::process::exit(2);
    };
    let mut pos = g.start.clone();
    println!("{}", Fen::from_position(&pos, EnPassantMode::Legal));
    let moves: Vec<String> = g
        .moves
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let san = SanPlus::from_move(pos.clone(), *m);
            pos.play_unchecked(*m);
            format!("{}:{san}", k + 1)
        })
        .collect();
    println!("{}", moves.join(" "));
}
