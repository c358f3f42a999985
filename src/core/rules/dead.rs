//! Dead positions (5.2.2) and "can this side still mate?" (used by 6.9 and 7.5.5).
//!
//! Three tiers, cheapest first; a tier only ever answers when it has a proof:
//!
//! 1. shakmaty's insufficient material (material alone: K v K, K+minor v K, same-coloured
//!    bishops only).
//! 2. The fast check of Miguel Ambrona's CHA (`chasolver::is_unwinnable_fast`, sound but
//!    incomplete): forced lines, locked pawn walls, short full-width searches. Run for both
//!    sides after every move.
//! 3. CHA's full search (`chasolver::winnability`), run by [`dead_position`] only when tier 2
//!    has already proved that one side cannot mate, i.e. only when the position is one proof
//!    away from dead.
//!
//! Budget. chasolver 3.0.0 exposes no node budget or cancellation in its public API (its
//! internal search has fixed per-phase node limits, the last phase up to 2^24 nodes), so the
//! per-move cost is bounded by the gate in tier 3 rather than by a node count. Measured with
//! `cargo bench --bench monitor` over the 56,799 moves of the real games in
//! `shared/data/pgn/games` (2-core shared VM): a whole `Monitor::push` costs 3.4 µs on average,
//! 4.7 µs at p99, 0.21 ms at p99.9 and 0.91 ms at most (tier 2 on both sides in a locked
//! pawn structure). In a one-off probe tier 3 ran on 445 of those positions, at most ≈ 0.3 ms.
//! A constructed position could make tier 3 slower; vendoring chasolver with a node budget is
//! the fix if that ever matters.
//!
//! When no tier proves the position dead (including when the full search gives up, or the
//! position cannot be handed to chasolver), the position is NOT declared dead: a missed dead
//! position leaves the game running, a wrong one would end it.

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
    let pieces: Vec<(chess::Square, chess::Piece, chess::Color)> = pos
        .board()
        .iter()
        .map(|(sq, p)| {
            let role = match p.role {
                Role::Pawn => chess::Piece::Pawn,
                Role::Knight => chess::Piece::Knight,
                Role::Bishop => chess::Piece::Bishop,
                Role::Rook => chess::Piece::Rook,
                Role::Queen => chess::Piece::Queen,
                Role::King => chess::Piece::King,
            };
            (
                chess::ALL_SQUARES[usize::from(sq)],
                role,
                cha_color(p.color),
            )
        })
        .collect();
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
    let builder = chess::BoardBuilder::setup(
        &pieces,
        cha_color(pos.turn()),
        rights(Color::White),
        rights(Color::Black),
        ep,
    );
    chess::Board::try_from(&builder).ok()
}

fn cha_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Is `pos` a dead position (5.2.2)? `None` when it is not, or when it could not be proved.
/// The caller handles checkmate and stalemate first.
pub fn dead_position(pos: &Chess) -> Option<DeadReason> {
    if pos.is_insufficient_material() {
        return Some(DeadReason::InsufficientMaterial);
    }
    let board = to_board(pos)?;
    let white = chasolver::is_unwinnable_fast(&board, chess::Color::White);
    let black = chasolver::is_unwinnable_fast(&board, chess::Color::Black);
    let other = match (white, black) {
        (true, true) => return Some(DeadReason::Unwinnable),
        (false, false) => return None,
        (true, false) => chess::Color::Black,
        (false, true) => chess::Color::White,
    };
    matches!(
        chasolver::winnability(&board, other),
        Some(chasolver::Winnability::Unwinnable)
    )
    .then_some(DeadReason::Unwinnable)
}

/// Can `color` checkmate by some series of legal moves from `pos`? `None`: undecided (CHA's
/// full search gave up, or the position could not be handed to it). Runs the full search
/// unless a cheaper tier answers: meant for rare events (a second illegal move, a flag fall).
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
    if chasolver::is_unwinnable_fast(&board, c) {
        return Some(false);
    }
    match chasolver::winnability(&board, c)? {
        chasolver::Winnability::Winnable { .. } => Some(true),
        chasolver::Winnability::Unwinnable => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

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
