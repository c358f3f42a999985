//! A chess helpmate solver and unwinnability detector.
//!
//! Given a position and an intended winner, determines whether a helpmate is
//! achievable (a sequence of legal moves ending in checkmate by the intended
//! winner) or proves that none exists.
//!
//! Note that in a helpmate both players cooperate toward that goal: the
//! intended winner delivers checkmate, but not necessarily by force.
//!
//! See the [README](https://github.com/miguel-ambrona/chasolver#readme) for
//! the background motivating this crate, and for usage examples.


mod deduction;
mod search;
mod utils;
mod winnability;

use chess::{Board, ChessMove, Color};
use winnability::{fast, full};

/// Result of a [`winnability`] analysis for the intended winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winnability {
    /// Helpmate is achievable for the intended winner; `helpmate` is a
    /// possible sequence of moves leading to checkmate.
    Winnable { helpmate: Vec<ChessMove> },

    /// Helpmate is provably impossible for the intended winner.
    Unwinnable,
}

/// Full helpmate search for `intended_winner`.
///
/// Returns `Some` result if the analysis is successful:
/// - [`Winnability::Winnable`] if the position is winnable for the intended
///   winner, together with a supporting helpmate sequence.
///
/// - [`Winnability::Unwinnable`] if no helpmate exists.
///
/// Returns `None` if winnability could not be decided on this position.
pub fn winnability(board: &Board, intended_winner: Color) -> Option<Winnability> {
    match intended_winner {
        Color::White => full::analysis(board),
        Color::Black => {
            let flipped_board = utils::mirror_board(board);
            let result = full::analysis(&flipped_board);
            result.map(utils::mirror_moves)
        }
    }
}

/// Fast but incomplete check for unwinnability; cheaper than [`winnability`]
/// when a mating line isn't needed.
///
/// Returns `true` if the position is provably unwinnable for `intended_winner`,
/// `false` if the analysis is inconclusive (the position may still be
/// unwinnable).
pub fn is_unwinnable_fast(board: &Board, intended_winner: Color) -> bool {
    match intended_winner {
        Color::White => fast::is_unwinnable(board),
        Color::Black => fast::is_unwinnable(&utils::mirror_board(board)),
    }
}

/// (eboardd) [`is_unwinnable_fast`] with a budget of `max_nodes` positions for
/// its searches: `false` ("not proved") once it is spent, so a `true` is
/// always one [`is_unwinnable_fast`] gives too.
pub fn is_unwinnable_fast_within(board: &Board, intended_winner: Color, max_nodes: u64) -> bool {
    match intended_winner {
        Color::White => fast::is_unwinnable_within(board, max_nodes),
        Color::Black => fast::is_unwinnable_within(&utils::mirror_board(board), max_nodes),
    }
}

/// (eboardd) [`is_unwinnable_fast_within`] for both sides: `[white, black]`,
/// each exactly what `is_unwinnable_fast_within(board, colour, max_nodes)`
/// returns, cheaper in the common case where a single short line shows that
/// neither side is provably unwinnable (see
/// `fast::neither_side_unwinnable_quickly`).
pub fn is_unwinnable_fast_both(board: &Board, max_nodes: u64) -> [bool; 2] {
    if fast::neither_side_unwinnable_quickly(board) {
        return [false, false];
    }
    [
        is_unwinnable_fast_within(board, Color::White, max_nodes),
        is_unwinnable_fast_within(board, Color::Black, max_nodes),
    ]
}

/// (eboardd) [`winnability`] within a budget of `max_nodes` search nodes (one
/// per move considered; about 0.1–0.2 µs each): `None` when it is spent
/// before the question is decided. With `u64::MAX` it is [`winnability`].
pub fn winnability_within(
    board: &Board,
    intended_winner: Color,
    max_nodes: u64,
) -> Option<Winnability> {
    match intended_winner {
        Color::White => full::analysis_within(board, max_nodes),
        Color::Black => {
            full::analysis_within(&utils::mirror_board(board), max_nodes).map(utils::mirror_moves)
        }
    }
}
