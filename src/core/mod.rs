//! The sans-IO core: bytes and a caller's timestamp in, events out. No I/O, no clock.

pub mod capture;
pub mod dgt;
pub mod event;
pub mod irregular;
pub mod link;
pub mod pgn;
pub mod rules;
pub mod session;
pub mod sim;
pub mod tracker;

/// What the core's unit tests share.
#[cfg(test)]
pub(crate) mod test_util {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    /// The position of a FEN (standard castling); panics on a bad one, as a test should.
    pub(crate) fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }
}
