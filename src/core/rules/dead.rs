//! Dead positions (5.2.2) and "can this side still mate?" (used by 6.9 and 7.5.5).
//!
//! Three tiers, cheapest first; a tier only ever answers when it has a proof:
//!
//! 1. shakmaty's insufficient material (material alone: K v K, K+minor v K, same-coloured
//!    bishops only).
//! 2. The fast check of Miguel Ambrona's CHA (`chasolver::is_unwinnable_fast_both`, sound but
//!    incomplete): forced lines, locked pawn walls, short full-width searches, for both sides.
//! 3. CHA's full search (`chasolver::winnability_within`), run by [`deadness`] only when tier
//!    2 has already proved that one side cannot mate, i.e. only when the position is one proof
//!    away from dead.
//!
//! # CHA is vendored (vendor/chasolver, MIT; VENDORED.md lists every change)
//!
//! The crates.io release has no node budget: its full search may visit 2^24 nodes and its
//! fast check, in a position where every short line stays unwinnable, millions (seconds:
//! 3.7 s for one of CHA's own test positions). The vendored copy adds budgets (`None` /
//! "not proved" when spent) and makes the common case cheaper without changing any answer:
//! one short line answers tier 2 for both sides in open positions, and a short helpmate
//! search comes before the expensive static analysis of blocked structures (a helpmate found
//! means "winnable" whatever the analysis would say). Tier 2 runs within
//! [`FAST_CHECK_BUDGET`] positions, tier 3 within [`DEAD_POSITION_BUDGET`] nodes, [`can_mate`]
//! (a rare event: a second illegal move, a flag fall) within [`CAN_MATE_BUDGET`]. Measured
//! (`cargo run --release --example cha_budget`, CHA's own 3,414 hard positions submitted to
//! chasolver.org, both sides): tier 2's slowest position ≈ 7 ms; tier 3 at 100,000 nodes:
//! slowest question ≈ 20–60 ms (machine load), 721 of 6,828 undecided; at 1,000,000 ≈ 0.2 s
//! and 443; no answer ever contradicts the labels. On the real games of `shared/data/pgn/games`
//! the budgets change no answer (tests/cha_vendored.rs) and `cargo bench --bench monitor`
//! gives the cost per move.
//!
//! When no tier proves the position dead (including when the budget is spent, or the position
//! cannot be handed to chasolver), the position is NOT declared dead: a missed dead position
//! leaves the game running, a wrong one would end it. An undecided position is looked at
//! again after the next move (see `Monitor`).

use shakmaty::{Chess, Color, EnPassantMode, Position};

/// Why a position is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadReason {
    /// Neither side has mating material (shakmaty).
    InsufficientMaterial,
    /// CHA proved that neither side can mate (locked pawns, forced lines, ...).
    Unwinnable,
}

impl DeadReason {
    pub fn describe(self) -> &'static str {
        match self {
            DeadReason::InsufficientMaterial => "neither side has enough material to checkmate",
            DeadReason::Unwinnable => {
                "neither side can checkmate by any series of legal moves (proved by CHA: \
                 locked pawns, forced lines or too little mobile material)"
            }
        }
    }
}

/// The position for CHA, built square by square (cheaper than through a FEN string).
fn to_board(pos: &Chess) -> Option<chess::Board> {
    use shakmaty::{CastlingSide, Role};
    let mut builder = chess::BoardBuilder::new();
    for (sq, p) in pos.board() {
        let role = match p.role {
            Role::Pawn => chess::Piece::Pawn,
            Role::Knight => chess::Piece::Knight,
            Role::Bishop => chess::Piece::Bishop,
            Role::Rook => chess::Piece::Rook,
            Role::Queen => chess::Piece::Queen,
            Role::King => chess::Piece::King,
        };
        builder.piece(
            chess::ALL_SQUARES[usize::from(sq)],
            role,
            cha_color(p.color),
        );
    }
    let rights = |c: Color| {
        let castles = pos.castles();
        match (
            castles.has(c, CastlingSide::KingSide),
            castles.has(c, CastlingSide::QueenSide),
        ) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        }
    };
    let ep = pos
        .ep_square(EnPassantMode::Legal)
        .map(|sq| chess::File::from_index(usize::from(sq.file() as u8)));
    builder
        .side_to_move(cha_color(pos.turn()))
        .castle_rights(chess::Color::White, rights(Color::White))
        .castle_rights(chess::Color::Black, rights(Color::Black))
        .en_passant(ep);
    chess::Board::try_from(&builder).ok()
}

fn cha_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Positions CHA's fast check may visit for one position (both sides; its slowest labelled
/// position ≈ 7 ms, `cargo run --release --example cha_budget`).
/// Without it, a position where every short line stays unwinnable (only pawns and bishops,
/// all blocked) makes it visit millions (seconds). No real-game position comes near
/// (tests/cha_vendored.rs).
pub const FAST_CHECK_BUDGET: u64 = 50_000;

/// Nodes CHA's full search may spend on one dead-position question (its slowest labelled
/// question ≈ 20–60 ms depending on machine load, `cargo run --release --example cha_budget`).
pub const DEAD_POSITION_BUDGET: u64 = 100_000;

/// Nodes CHA's full search may spend on one "can this side mate?" question (≈ 0.2 s at
/// worst, same command with 1000000; asked only on rare events).
pub const CAN_MATE_BUDGET: u64 = 1_000_000;

/// What the tiers say about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadness {
    /// Proved dead.
    Dead(DeadReason),
    /// Not dead, or not provable with CHA's incomplete fast check.
    NotDead,
    /// One side cannot mate; whether the other can was not decided within the budget.
    Undecided,
}

/// Is `pos` a dead position (5.2.2)? The caller handles checkmate and stalemate first.
pub fn deadness(pos: &Chess) -> Deadness {
    if pos.is_insufficient_material() {
        return Deadness::Dead(DeadReason::InsufficientMaterial);
    }
    let Some(board) = to_board(pos) else {
        return Deadness::NotDead;
    };
    let [white, black] = chasolver::is_unwinnable_fast_both(&board, FAST_CHECK_BUDGET);
    let other = match (white, black) {
        (true, true) => return Deadness::Dead(DeadReason::Unwinnable),
        (false, false) => return Deadness::NotDead,
        (true, false) => chess::Color::Black,
        (false, true) => chess::Color::White,
    };
    match chasolver::winnability_within(&board, other, DEAD_POSITION_BUDGET) {
        Some(chasolver::Winnability::Unwinnable) => Deadness::Dead(DeadReason::Unwinnable),
        Some(chasolver::Winnability::Winnable { .. }) => Deadness::NotDead,
        None => Deadness::Undecided,
    }
}

/// Is `pos` a dead position (5.2.2)? `None` when it is not, or when it could not be proved
/// ([`deadness`] tells the two apart).
pub fn dead_position(pos: &Chess) -> Option<DeadReason> {
    match deadness(pos) {
        Deadness::Dead(why) => Some(why),
        Deadness::NotDead | Deadness::Undecided => None,
    }
}

/// Can `color` checkmate by some series of legal moves from `pos`? `None`: undecided (CHA's
/// full search spent [`CAN_MATE_BUDGET`], or the position could not be handed to it). Runs the
/// full search unless a cheaper tier answers: meant for rare events (a second illegal move, a
/// flag fall).
pub fn can_mate(pos: &Chess, color: Color) -> Option<bool> {
    if pos.is_checkmate() {
        return Some(pos.turn() != color);
    }
    if pos.legal_moves().is_empty() {
        return Some(false);
    }
    if pos.has_insufficient_material(color) {
        return Some(false);
    }
    let board = to_board(pos)?;
    let c = cha_color(color);
    if chasolver::is_unwinnable_fast_within(&board, c, CAN_MATE_BUDGET) {
        return Some(false);
    }
    match chasolver::winnability_within(&board, c, CAN_MATE_BUDGET)? {
        chasolver::Winnability::Winnable { .. } => Some(true),
        chasolver::Winnability::Unwinnable => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_util::pos;

    #[test]
    fn tiers() {
        assert_eq!(
            dead_position(&pos("8/8/4k3/8/8/3BK3/8/8 w - - 0 1")),
            Some(DeadReason::InsufficientMaterial)
        );
        // Locked pawn wall, kings only: rules.md scenario 11.
        assert_eq!(
            dead_position(&pos("8/8/3k4/1p2p1p1/pP1pP1P1/P2P4/1K6/8 b - - 32 62")),
            Some(DeadReason::Unwinnable)
        );
        assert_eq!(dead_position(&Chess::default()), None);
        // KN v KN: a helpmate exists.
        assert_eq!(
            dead_position(&pos("8/8/4k3/4n3/8/3NK3/8/8 w - - 0 1")),
            None
        );
    }

    #[test]
    fn can_mate_answers() {
        let p = pos("8/8/4k3/8/8/3QK3/8/8 w - - 0 1");
        assert_eq!(can_mate(&p, Color::White), Some(true));
        assert_eq!(can_mate(&p, Color::Black), Some(false));
        // Fool's mate: Black has mated.
        let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(can_mate(&mated, Color::Black), Some(true));
        assert_eq!(can_mate(&mated, Color::White), Some(false));
    }
}
