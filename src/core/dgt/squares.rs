//! Field indexes and squares.
//!
//! Index 0 = a8, 1 = b8 … 63 = h1 when White sits at the connector side (`Normal`). The board
//! never renumbers when turned round (`Rotated`, Black at the connector): index i is then the
//! square opposite, i.e. index 0 = h1.

use shakmaty::Square;

/// How the board stands relative to the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// White at the connector side.
    #[default]
    Normal,
    /// Black at the connector side (board turned round).
    Rotated,
}

impl Orientation {
    /// The square a field index denotes. Indexes ≥ 64 wrap into 0..64 (callers validate).
    pub fn square(self, index: u8) -> Square {
        let i = u32::from(index & 63);
        let sq = match self {
            Orientation::Normal => i ^ 56,
            Orientation::Rotated => i ^ 7,
        };
        Square::new(sq)
    }

    /// The field index of a square (inverse of [`Orientation::square`]).
    pub fn index(self, square: Square) -> u8 {
        let s = u32::from(square) as u8;
        match self {
            Orientation::Normal => s ^ 56,
            Orientation::Rotated => s ^ 7,
        }
    }

    /// The other orientation.
    pub fn flipped(self) -> Orientation {
        match self {
            Orientation::Normal => Orientation::Rotated,
            Orientation::Rotated => Orientation::Normal,
        }
    }

    /// `"normal"` or `"rotated"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Orientation::Normal => "normal",
            Orientation::Rotated => "rotated",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_orientation() {
        assert_eq!(Orientation::Normal.square(0), Square::A8);
        assert_eq!(Orientation::Normal.square(7), Square::H8);
        assert_eq!(Orientation::Normal.square(8), Square::A7);
        assert_eq!(Orientation::Normal.square(63), Square::H1);
        assert_eq!(Orientation::Normal.square(56), Square::A1);
    }

    #[test]
    fn rotated_orientation_is_opposite_square() {
        assert_eq!(Orientation::Rotated.square(0), Square::H1);
        assert_eq!(Orientation::Rotated.square(63), Square::A8);
        assert_eq!(Orientation::Rotated.square(7), Square::A1);
        for i in 0..64u8 {
            let n = u32::from(Orientation::Normal.square(i));
            let r = u32::from(Orientation::Rotated.square(i));
            assert_eq!(n + r, 63, "index {i}");
            assert_eq!(
                Orientation::Rotated.index(Orientation::Rotated.square(i)),
                i
            );
            assert_eq!(Orientation::Normal.index(Orientation::Normal.square(i)), i);
        }
    }
}
