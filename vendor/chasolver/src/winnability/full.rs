//! Multi-phase winnability analysis, coordinating search and static analysis.
//!
//! Designed for White as the intended winner; see [`super`] for how a
//! Black-intended-winner query is mirrored before reaching this module.

use chess::{Board, Piece, EMPTY};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::{
    deduction::{is_statically_unwinnable, Analysis},
    search::{
        check_chain_search, compute_bishop_distances, compute_punishable, iterative_deepening,
        play_forced_moves, probe_non_pawn_moves, Search, STATIC_ANALYSIS_NODES,
    },
    winnability::fast::exhaustively_unwinnable,
    Winnability,
};

/// Runs a multi-phase helpmate search, escalating from cheap to expensive
/// techniques until the position is resolved or all phases are exhausted.
///
/// Designed for White as the intended winner.
pub(crate) fn analysis(board: &Board) -> Option<Winnability> {
    analysis_within(board, u64::MAX)
}

/// (eboardd) [`analysis`] with a budget of `max_nodes` search nodes over all
/// its phases: returns `None` (undecided) once the budget is spent. Nodes are
/// counted as in [`Search`] (one per move considered); the phases without a
/// search count what they visit ([`check_chain_search`] one per position,
/// each static analysis as [`STATIC_ANALYSIS_NODES`]). The phases that
/// always stay small (forced moves, the 1,000-node probe, the 3,000-position
/// exhaustive closure) are not counted. With `u64::MAX` it is exactly
/// [`analysis`].
pub(crate) fn analysis_within(board: &Board, max_nodes: u64) -> Option<Winnability> {
    let mut left = max_nodes;
    let mut search = Search::new();
    let mut pos = *board;

    // Phase 1: Play forced moves.
    pos = play_forced_moves(&pos, &mut search);

    if search.interrupted {
        return Some(Winnability::Unwinnable);
    }

    // Phase 2: Depth-1 search with heuristics that selectively extend promising
    // variations beyond depth 1, to catch trivial positions quickly.
    search.depth_node_limit = 1000;
    search.transposition_table = None;
    search.reset_global_nodes();
    search.global_node_limit = search.global_node_limit.min(left);
    let result = iterative_deepening(&pos, &mut search, 1..=1);
    if let Some(result) = result {
        return Some(result);
    }
    left = spend(left, search.spent())?;

    // Phase 3: Early static analysis. Skipped for positions with queens, rooks
    // or knights, where it is less likely to be relevant; deferred to phase 5 in
    // that case.
    let has_queens_rooks_or_knights =
        (pos.pieces(Piece::Queen) | pos.pieces(Piece::Rook) | pos.pieces(Piece::Knight)) != EMPTY;
    if !has_queens_rooks_or_knights {
        left = spend(left, STATIC_ANALYSIS_NODES)?;
        if is_statically_unwinnable(&pos) {
            return Some(Winnability::Unwinnable);
        }
    }

    // Phase 4: Iterative deepening with transposition table.
    search.depth_node_limit = 7000;
    search.transposition_table =
        Some(FxHashMap::with_capacity_and_hasher(1_000, Default::default()));
    search.reset_global_nodes();
    search.global_node_limit = search.global_node_limit.min(left);
    let result = iterative_deepening(&pos, &mut search, 2..=128);
    if let Some(result) = result {
        return Some(result);
    }
    left = spend(left, search.spent())?;

    // Phase 5: Static analysis (only for positions that skipped phase 3).
    if has_queens_rooks_or_knights {
        left = spend(left, STATIC_ANALYSIS_NODES)?;
        if is_statically_unwinnable(&pos) {
            return Some(Winnability::Unwinnable);
        }
    }

    // Phase 6: Exhaustive unwinnability check for positions where at least
    // one side can only move pawns (no non-pawn move observed within a
    // 1000-node probe).
    let mut non_pawn_seen = [false; 2];
    probe_non_pawn_moves(&pos, &mut non_pawn_seen, &mut 0, 1_000);
    if non_pawn_seen.iter().any(|&seen| !seen) && exhaustively_unwinnable(&pos) {
        return Some(Winnability::Unwinnable);
    }

    // Phase 7: Follow all check chains; evaluate non-check leaves statically.
    let mut visited: FxHashSet<Board> = FxHashSet::with_capacity_and_hasher(64, Default::default());
    let result = check_chain_search(&pos, &mut visited, 0, &mut left);
    if let Some(result) = result {
        return Some(result);
    }
    if left == 0 {
        return None;
    }

    // Phase 8: Guided deep search using bishop distances and punishable moves.
    left = spend(left, STATIC_ANALYSIS_NODES)?;
    let mut analysis = Analysis::new(pos);
    analysis.saturate();

    search.bishop_distances = Some(compute_bishop_distances(&pos, analysis.steady));
    search.punishable = Some(compute_punishable(&pos));

    search.depth_node_limit = u64::MAX;
    search.global_node_limit = (1 << 24).min(left);
    search.transposition_table =
        Some(FxHashMap::with_capacity_and_hasher(1 << 16, Default::default()));
    search.reset_global_nodes();
    iterative_deepening(&pos, &mut search, 2..=128)
}

/// (eboardd) `left - cost`, or `None` once the budget is spent.
fn spend(left: u64, cost: u64) -> Option<u64> {
    left.checked_sub(cost).filter(|&l| l > 0)
}
