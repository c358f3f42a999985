//! Games from PGN text, for the simulator.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

use super::SimGame;

/// Parses every game of a PGN text (see [`super::games_from_pgn`]).
pub fn games_from_pgn(text: &str) -> Vec<SimGame> {
    let mut reader = Reader::new(text.as_bytes());
    let mut visitor = Collector;
    let mut games = Vec::new();
    for game in reader.read_games(&mut visitor) {
        match game {
            Ok(Some(g)) => games.push(g),
            Ok(None) => {}
            // An irrecoverable parser error: keep what was read so far.
            Err(_) => break,
        }
    }
    games
}

struct Collector;

struct Movetext {
    game: SimGame,
    pos: Chess,
}

fn start_position(fen: &str) -> Option<Chess> {
    let fen = Fen::from_ascii(fen.trim().as_bytes()).ok()?;
    if let Ok(p) = fen.clone().into_position(CastlingMode::Standard) {
        return Some(p);
    }
    fen.into_position(CastlingMode::Chess960).ok()
}

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Option<SimGame>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let fen = tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
            .map(|(_, v)| v.clone());
        let start = match fen {
            // A game whose start position cannot be read cannot be simulated: skip it.
            Some(f) => match start_position(&f) {
                Some(p) => p,
                None => return ControlFlow::Break(None),
            },
            None => Chess::default(),
        };
        ControlFlow::Continue(Movetext {
            game: SimGame {
                headers: tags,
                start: start.clone(),
                moves: Vec::new(),
            },
            pos: start,
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&movetext.pos) {
            Ok(m) => {
                movetext.pos.play_unchecked(m);
                movetext.game.moves.push(m);
                ControlFlow::Continue(())
            }
            // Illegal or ambiguous: the game ends before this move.
            Err(_) => ControlFlow::Break(Some(std::mem::replace(
                &mut movetext.game,
                SimGame {
                    headers: Vec::new(),
                    start: Chess::default(),
                    moves: Vec::<Move>::new(),
                },
            ))),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        Some(movetext.game)
    }
}
