//! Article 7: what an unexplained board means.
//!
//! The tracker hands over a settled board that no legal move, takeback or new game explains.
//! This module only classifies it (pure functions); the tracker decides when an irregularity
//! is complete (clock press, or rest) and the session counts and words the alerts.

use shakmaty::{Bitboard, Board, Chess, Color, Piece, Position, Role, Square};

/// One square that differs from what it should hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareDiff {
    pub square: Square,
    pub expected: Option<Piece>,
    pub found: Option<Piece>,
}

/// The squares where `found` differs from `expected`.
pub fn changed_squares(expected: &Board, found: &Board) -> Bitboard {
    let mut changed = Bitboard::EMPTY;
    for color in Color::ALL {
        changed |= expected.by_color(color) ^ found.by_color(color);
    }
    for role in Role::ALL {
        changed |= expected.by_role(role) ^ found.by_role(role);
    }
    changed
}

/// The squares where `found` differs from `expected`, in square order.
pub fn diff_squares(expected: &Board, found: &Board) -> Vec<SquareDiff> {
    changed_squares(expected, found)
        .into_iter()
        .map(|sq| SquareDiff {
            square: sq,
            expected: expected.piece_at(sq),
            found: found.piece_at(sq),
        })
        .collect()
}

/// What an unexplained board against the game position looks like.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Pieces are only missing (in a hand, a capture half done): wait.
    Missing(Vec<SquareDiff>),
    /// The player to move put one of his pieces on a square no legal move reaches (a capture
    /// included): an illegal move attempt, `from` → `to`.
    MoveAttempt {
        from: Square,
        to: Square,
        diffs: Vec<SquareDiff>,
    },
    /// The player to move left a pawn unpromoted on the last rank (7.5.2): the legal
    /// promotion `from` → `to` with a pawn instead of the new piece.
    Unpromoted { from: Square, to: Square },
    /// Anything else: pieces off their squares (7.4).
    Displaced(Vec<SquareDiff>),
}

/// Classifies a settled board that the game does not explain.
pub fn classify(pos: &Chess, found: &Board) -> Shape {
    let diffs = diff_squares(pos.board(), found);
    let us = pos.turn();
    let appeared: Vec<&SquareDiff> = diffs
        .iter()
        .filter(|d| d.found.is_some() && d.found != d.expected)
        .collect();
    if appeared.is_empty() {
        return Shape::Missing(diffs);
    }
    // One piece of the side to move left a square and appeared on one other square; anything
    // else that changed is an opponent's piece gone from that target (a capture attempt).
    if let [to] = appeared.as_slice()
        && let Some(piece) = to.found
        && piece.color == us
    {
        let left: Vec<&SquareDiff> = diffs
            .iter()
            .filter(|d| d.found.is_none() && d.expected.is_some_and(|p| p.color == us))
            .collect();
        let others_ok = diffs.iter().all(|d| {
            d.square == to.square
                || (d.found.is_none() && d.expected.is_some_and(|p| p.color == us))
        });
        if let [from] = left.as_slice()
            && others_ok
            && to.expected.is_none_or(|p| p.color != us)
        {
            let moved = from.expected.expect("a piece left");
            if moved == piece {
                if moved.role == Role::Pawn && to.square.rank() == us.other().backrank() {
                    let promotion = pos.legal_moves().into_iter().any(|m| {
                        m.from() == Some(from.square)
                            && m.to() == to.square
                            && m.promotion().is_some()
                    });
                    if promotion {
                        return Shape::Unpromoted {
                            from: from.square,
                            to: to.square,
                        };
                    }
                }
                return Shape::MoveAttempt {
                    from: from.square,
                    to: to.square,
                    diffs,
                };
            }
        }
    }
    Shape::Displaced(diffs)
}

/// How a board that should hold the initial position differs from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setup {
    /// Rotated by 90°: a1 is not in White's left corner (7.2.2).
    Turned90,
    /// Close to the initial position, with these squares wrong (7.2.1).
    Wrong(Vec<SquareDiff>),
}

/// At most this many wrong squares still count as an attempt at the initial position
/// (king and queen swapped on both sides is 4; a missing piece 1).
pub const SETUP_MAX_DIFF: usize = 6;

/// Whether `found` is an attempt at the initial position that went wrong.
pub fn setup_error(found: &Board) -> Option<Setup> {
    let start = Board::new();
    if found == &start {
        return None;
    }
    let mut r90 = start.clone();
    r90.rotate_90();
    let mut r270 = start.clone();
    r270.rotate_270();
    if found == &r90 || found == &r270 {
        return Some(Setup::Turned90);
    }
    let diffs = diff_squares(&start, found);
    (diffs.len() <= SETUP_MAX_DIFF && found.occupied().count() >= 32 - SETUP_MAX_DIFF)
        .then_some(Setup::Wrong(diffs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_util::pos;
    use shakmaty::Square;

    fn board(placement: &str) -> Board {
        placement.parse::<Board>().unwrap()
    }

    #[test]
    fn king_into_check_is_a_move_attempt() {
        let p = pos("4k3/R7/8/8/8/8/8/4K3 b - - 0 1");
        let found = board("8/R3k3/8/8/8/8/8/4K3");
        assert!(matches!(
            classify(&p, &found),
            Shape::MoveAttempt {
                from: Square::E8,
                to: Square::E7,
                ..
            }
        ));
    }

    #[test]
    fn knight_shaped_bishop_move_is_a_move_attempt() {
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let found = board("rnbqkbnr/pppp1ppp/8/4p3/4P3/6B1/PPPP1PPP/RNBQK1NR");
        assert!(matches!(
            classify(&p, &found),
            Shape::MoveAttempt {
                from: Square::F1,
                to: Square::G3,
                ..
            }
        ));
    }

    #[test]
    fn opponent_piece_moved_is_displaced() {
        let p = Chess::default();
        let found = board("rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR");
        assert!(matches!(classify(&p, &found), Shape::Displaced(_)));
    }

    #[test]
    fn only_missing_pieces_wait() {
        let p = Chess::default();
        let found = board("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");
        assert!(matches!(classify(&p, &found), Shape::Missing(d) if d.len() == 1));
    }

    #[test]
    fn unpromoted_pawn() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let found = board("4P3/8/8/8/8/8/k7/4K3");
        assert_eq!(
            classify(&p, &found),
            Shape::Unpromoted {
                from: Square::E7,
                to: Square::E8
            }
        );
    }

    #[test]
    fn setup_errors() {
        assert_eq!(setup_error(&Board::new()), None);
        let kq = board("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR");
        assert!(matches!(setup_error(&kq), Some(Setup::Wrong(d)) if d.len() == 4));
        let bn = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKBNR");
        assert!(matches!(setup_error(&bn), Some(Setup::Wrong(d)) if d.len() == 2));
        let missing = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR");
        assert!(matches!(setup_error(&missing), Some(Setup::Wrong(d)) if d.len() == 1));
        let mut turned = Board::new();
        turned.rotate_90();
        assert_eq!(setup_error(&turned), Some(Setup::Turned90));
        // A middlegame is no setup attempt.
        let mid = board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R");
        assert_eq!(setup_error(&mid), None);
    }
}
