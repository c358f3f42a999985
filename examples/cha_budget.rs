//! What the node budget of the dead-position search costs and decides, on CHA's own labelled
//! positions (`vendor/chasolver/tests/positions.txt`: hard positions people submitted to
//! chasolver.org): for each budget, how many (position, side) questions stay undecided, any
//! answer contradicting the label (must be 0), and the slowest question.
//!
//! `cargo run --release --example cha_budget [BUDGET...]` (default: 10000 100000 1000000);
//! first, the slowest fast check (tier 2) without and with its budget.
#![allow(clippy::disallowed_methods)] // a measurement reads the clock

use std::str::FromStr;
use std::time::{Duration, Instant};

use chasolver::{Winnability, winnability_within};
use chess::{Board, Color};
use eboardd::core::rules::dead::FAST_CHECK_BUDGET;

fn main() {
    let budgets: Vec<u64> = {
        let given: Vec<u64> = std::env::args()
            .skip(1)
            .filter_map(|s| s.parse().ok())
            .collect();
        if given.is_empty() {
            vec![10_000, 100_000, 1_000_000]
        } else {
            given
        }
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/vendor/chasolver/tests/positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("vendor/chasolver/tests/positions.txt");
    let cases: Vec<(Board, [bool; 2])> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (label, fen) = l.split_at(2);
            let board = Board::from_str(fen.trim()).ok()?;
            let label = label.as_bytes();
            Some((board, [label[0] == b'W', label[1] == b'B']))
        })
        .collect();
    println!(
        "{} positions, 2 questions each (can White / Black mate?)",
        cases.len()
    );
    // The fast check (tier 2, run after every move that may change deadness), without and
    // with the monitor's budget: its slowest case here.
    for budget in [u64::MAX, FAST_CHECK_BUDGET] {
        let mut slowest = (Duration::ZERO, String::new());
        for (board, _) in &cases {
            let t = Instant::now();
            std::hint::black_box(chasolver::is_unwinnable_fast_both(board, budget));
            let took = t.elapsed();
            if took > slowest.0 {
                slowest = (took, board.to_string());
            }
        }
        println!(
            "fast check, both sides, budget {budget}: slowest {:.2?}: {}",
            slowest.0, slowest.1
        );
    }
    for budget in budgets {
        let (mut undecided, mut wrong) = (0, 0);
        let mut slowest = (Duration::ZERO, String::new());
        let mut total = Duration::ZERO;
        for (board, label) in &cases {
            for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
                let t = Instant::now();
                let answer = winnability_within(board, color, budget);
                let took = t.elapsed();
                total += took;
                if took > slowest.0 {
                    slowest = (took, format!("{board} ({color:?})"));
                }
                match answer {
                    None => undecided += 1,
                    Some(Winnability::Winnable { .. }) if !label[i] => wrong += 1,
                    Some(Winnability::Unwinnable) if label[i] => wrong += 1,
                    Some(_) => {}
                }
            }
        }
        println!(
            "budget {budget:>9} nodes: undecided {undecided:>4}, contradicting the label {wrong}, \
             total {total:.2?}, slowest {:.2?}: {}",
            slowest.0, slowest.1
        );
    }
}
