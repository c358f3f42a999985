//! Message ids and piece codes.

use shakmaty::{Color, Piece, Role};

/// BOARD_DUMP: 64 piece codes.
pub const BOARD_DUMP: u8 = 0x86;
/// BWTIME: clock times or a clock ack.
pub const BWTIME: u8 = 0x8d;
/// FIELD_UPDATE: field index, piece code.
pub const FIELD_UPDATE: u8 = 0x8e;
/// EE_MOVES: the board's EEPROM move log.
pub const EE_MOVES: u8 = 0x8f;
/// BUSADRES: the bus address.
pub const BUSADRES: u8 = 0x90;
/// SERIALNR: 5 ASCII digits.
pub const SERIALNR: u8 = 0x91;
/// TRADEMARK: ASCII text.
pub const TRADEMARK: u8 = 0x92;
/// VERSION: major, minor.
pub const VERSION: u8 = 0x93;
/// BATTERY_STATUS (Bluetooth boards).
pub const BATTERY_STATUS: u8 = 0xa0;
/// LONG_SERIALNR: 10 ASCII digits.
pub const LONG_SERIALNR: u8 = 0xa2;

/// What a field reports: a piece code masked with 0x0f.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceCode {
    /// Code 0.
    Empty,
    /// Codes 1–12.
    Piece(Piece),
    /// Codes 13–15: "magic pieces" (13 draw, 14 white wins, 15 black wins) some boards report.
    /// Never placed in a chess position.
    Magic(u8),
}

impl PieceCode {
    /// Decodes a raw code; only the low four bits count.
    pub fn from_code(code: u8) -> PieceCode {
        let code = code & 0x0f;
        let (color, role) = match code {
            0 => return PieceCode::Empty,
            1 => (Color::White, Role::Pawn),
            2 => (Color::White, Role::Rook),
            3 => (Color::White, Role::Knight),
            4 => (Color::White, Role::Bishop),
            5 => (Color::White, Role::King),
            6 => (Color::White, Role::Queen),
            7 => (Color::Black, Role::Pawn),
            8 => (Color::Black, Role::Rook),
            9 => (Color::Black, Role::Knight),
            10 => (Color::Black, Role::Bishop),
            11 => (Color::Black, Role::King),
            12 => (Color::Black, Role::Queen),
            _ => return PieceCode::Magic(code),
        };
        PieceCode::Piece(Piece { color, role })
    }

    /// The wire code of this value.
    pub fn to_code(self) -> u8 {
        match self {
            PieceCode::Empty => 0,
            PieceCode::Magic(c) => c & 0x0f,
            PieceCode::Piece(p) => {
                let base = match p.role {
                    Role::Pawn => 1,
                    Role::Rook => 2,
                    Role::Knight => 3,
                    Role::Bishop => 4,
                    Role::King => 5,
                    Role::Queen => 6,
                };
                if p.color == Color::White {
                    base
                } else {
                    base + 6
                }
            }
        }
    }

    /// The piece, if this is a real chess piece.
    pub fn piece(self) -> Option<Piece> {
        match self {
            PieceCode::Piece(p) => Some(p),
            _ => None,
        }
    }

    /// One character: FEN letter, `.` for empty, `?` for a magic piece.
    pub fn as_char(self) -> char {
        match self {
            PieceCode::Empty => '.',
            PieceCode::Magic(_) => '?',
            PieceCode::Piece(p) => p.char(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in 0..16u8 {
            assert_eq!(PieceCode::from_code(code).to_code(), code);
        }
        assert_eq!(PieceCode::from_code(0x15), PieceCode::from_code(5));
        assert_eq!(PieceCode::from_code(5).as_char(), 'K');
        assert_eq!(PieceCode::from_code(12).as_char(), 'q');
        assert_eq!(PieceCode::from_code(14), PieceCode::Magic(14));
        assert_eq!(PieceCode::from_code(14).piece(), None);
    }
}
