//! Games from PGN text, for the simulator (read by the shared reader in
//! [`crate::core::rules::pgn`]).

use super::SimGame;
use crate::core::rules::pgn::read_games;

/// Parses every game of a PGN text (see [`super::games_from_pgn`]): a game with an illegal
/// or ambiguous move ends before it; a game whose `FEN` tag cannot be read is left out (it
/// cannot be set up on a board).
pub fn games_from_pgn(text: &str) -> Vec<SimGame> {
    read_games(text.as_bytes())
        .into_iter()
        .filter(|g| !g.bad_start)
        .map(|g| SimGame {
            headers: g.tags,
            start: g.start,
            moves: g.moves,
        })
        .collect()
}
