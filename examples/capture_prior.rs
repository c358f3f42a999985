//! How often a prior names the capture really made when an occupancy board cannot tell
//! which piece a capture took (the capturer put straight onto its target: only the origin
//! reads empty, so every capture by that piece fits). Over every capture in the shared real
//! games with another capture by the same piece: the share each prior gets right (ties count
//! as a miss), on the even-numbered games and on the odd ones.
//!
//! `cargo run --release --example capture_prior`

use eboardd::core::tracker::{capture_prior, piece_value as value};
use eboardd::shell::shared_data;
use shakmaty::{Chess, Move, Position};

/// The prior before 2026-12-01: a capture of the piece that just moved first (any move).
fn old_prior(prev: Option<&Move>, pos: &Chess, m: &Move) -> i32 {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(*m);
    let mut s = if prev.is_some_and(|p| p.to() == m.to()) {
        100
    } else {
        0
    };
    s += m.capture().map_or(0, value);
    let board = after.board();
    if board.attacks_to(m.to(), us.other(), board.occupied()).any() {
        s -= value(m.promotion().unwrap_or(m.role()));
    }
    s
}

type Prior = fn(Option<&Move>, &Chess, &Move) -> i32;

fn main() {
    let games = shared_data::simulation_games();
    let priors: Vec<(&str, Prior)> = vec![
        (
            "before: the piece that just moved, then material",
            old_prior,
        ),
        ("tracker::capture_prior", |p, pos, m| {
            capture_prior(p, pos, std::slice::from_ref(m))
        }),
    ];
    // [prior][parity] = (right, cases)
    let mut score = vec![[(0usize, 0usize); 2]; priors.len()];
    for (i, g) in games.iter().enumerate() {
        let mut pos = g.start.clone();
        let mut prev: Option<Move> = None;
        for m in &g.moves {
            if m.is_capture() && !m.is_en_passant() {
                let alts: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|a| {
                        a.from() == m.from()
                            && a.is_capture()
                            && !a.is_en_passant()
                            && a.to() != m.to()
                            && a.promotion() == m.promotion()
                    })
                    .collect();
                if !alts.is_empty() {
                    for (k, (_, f)) in priors.iter().enumerate() {
                        let mine = f(prev.as_ref(), &pos, m);
                        let right = alts.iter().all(|a| f(prev.as_ref(), &pos, a) < mine);
                        let e = &mut score[k][i % 2];
                        e.1 += 1;
                        e.0 += usize::from(right);
                    }
                }
            }
            pos.play_unchecked(*m);
            prev = Some(*m);
        }
    }
    println!(
        "{} games; captures with another capture by the same piece:",
        games.len()
    );
    for (k, (name, _)) in priors.iter().enumerate() {
        let [even, odd] = score[k];
        println!(
            "  {:<52} even games {:>4}/{:<4} ({:.1}%)  odd games {:>4}/{:<4} ({:.1}%)",
            name,
            even.0,
            even.1,
            100.0 * even.0 as f64 / even.1.max(1) as f64,
            odd.0,
            odd.1,
            100.0 * odd.0 as f64 / odd.1.max(1) as f64
        );
    }
}
