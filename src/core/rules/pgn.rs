//! A small PGN reader: game text in, (tags, start position, main-line moves) out.
//!
//! Sans-IO: it reads from a byte slice the caller already holds. Variations and comments are
//! skipped; a game with an illegal or unreadable move keeps the moves before it and says why.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Move, Position, fen::Fen};

/// One game of a PGN text: its main line.
#[derive(Debug, Clone)]
pub struct PgnGame {
    /// Tag pairs in file order (values decoded lossily as UTF-8).
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the standard initial position).
    pub start: Chess,
    /// The main-line moves, each legal in the position it is played from.
    pub moves: Vec<Move>,
    /// Why reading stopped early (bad FEN, illegal or ambiguous move), if it did.
    pub error: Option<String>,
    /// The `FEN` tag could not be read (then `start` is the initial position and no moves
    /// are read).
    pub bad_start: bool,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

struct GameVisitor;

struct Movetext {
    game: PgnGame,
    pos: Chess,
}

impl Visitor for GameVisitor {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<PgnGame, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<PgnGame> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<PgnGame, Movetext> {
        let mut error = None;
        let mut start = Chess::default();
        if let Some((_, fen)) = tags.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
            // (Chess960 castling rights are read too, for set-ups that need them.)
            match Fen::from_ascii(fen.trim().as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|f| match f.clone().into_position(CastlingMode::Standard) {
                    Ok(pos) => Ok(pos),
                    Err(_) => f
                        .into_position(CastlingMode::Chess960)
                        .map_err(|e| e.to_string()),
                }) {
                Ok(pos) => start = pos,
                Err(e) => error = Some(format!("bad FEN tag {fen:?}: {e}")),
            }
        }
        let bad_start = error.is_some();
        ControlFlow::Continue(Movetext {
            game: PgnGame {
                tags,
                start: start.clone(),
                moves: Vec::new(),
                error,
                bad_start,
            },
            pos: start,
        })
    }

    fn san(&mut self, mt: &mut Movetext, san_plus: SanPlus) -> ControlFlow<PgnGame> {
        if mt.game.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&mt.pos) {
            Ok(m) => {
                mt.pos.play_unchecked(m);
                mt.game.moves.push(m);
            }
            Err(e) => {
                mt.game.error = Some(format!("ply {}: {san_plus}: {e}", mt.game.moves.len() + 1));
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Movetext) -> PgnGame {
        mt.game
    }
}

/// Every game of a PGN text, in order. Stops at the first unreadable stretch of text (an
/// I/O error from the in-memory reader cannot happen otherwise).
pub fn read_games(text: &[u8]) -> Vec<PgnGame> {
    let mut reader = Reader::new(text);
    let mut games = Vec::new();
    while let Ok(Some(game)) = reader.read_game(&mut GameVisitor) {
        games.push(game);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_fen_and_main_line() {
        let text = b"[Event \"x\"]\n[FEN \"7k/8/2R3K1/8/8/8/8/8 b - - 149 100\"]\n\n1... Kg8 (1... Kh7) 2. Rc8# 1-0\n\n1. e4 e5 2. Ke3 *";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("x"));
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[0].start.halfmoves(), 149);
        assert!(games[0].error.is_none());
        assert_eq!(
            games[1].moves.len(),
            2,
            "moves before the illegal one are kept"
        );
        assert!(games[1].error.as_deref().unwrap_or("").contains("ply 3"));
    }
}
