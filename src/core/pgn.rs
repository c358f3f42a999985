//! PGN text of a game, built from the event stream (sans-IO).
//!
//! Fold the events in order with [`PgnGame::apply`]: `new_game` starts a game (a non-standard
//! start gets `SetUp`/`FEN` tags), `move` appends its SAN, `takeback` removes the ply (and a
//! result reached at or after it), `game_end` sets the result. [`PgnGame::to_pgn`] writes the
//! export format with the tags given.

use super::event::EventKind;

/// The standard start position.
pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The tags written before the moves (the Seven Tag Roster plus `Board`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnTags {
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    pub board: Option<u32>,
    pub white: String,
    pub black: String,
}

impl Default for PgnTags {
    fn default() -> Self {
        PgnTags {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            board: None,
            white: "?".into(),
            black: "?".into(),
        }
    }
}

/// One game as the events tell it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// The start position, when a game has started.
    pub start_fen: Option<String>,
    /// The moves played, in SAN.
    pub sans: Vec<String>,
    /// The result and the ply that decided it.
    pub result: Option<(String, u32)>,
}

impl PgnGame {
    pub fn new() -> PgnGame {
        PgnGame::default()
    }

    /// Folds one event in; true when the game's text changed.
    pub fn apply(&mut self, kind: &EventKind) -> bool {
        match kind {
            EventKind::NewGame { fen, .. } => {
                *self = PgnGame {
                    start_fen: Some(fen.clone()),
                    ..PgnGame::default()
                };
                true
            }
            EventKind::Move { ply, san, .. } => {
                // A move at `ply` replaces anything at or after it (the stream is authoritative).
                let at = (*ply as usize).saturating_sub(1);
                self.sans.truncate(at);
                self.sans.push(san.clone());
                true
            }
            EventKind::Takeback { ply, .. } => {
                let at = (*ply as usize).saturating_sub(1);
                self.sans.truncate(at);
                if self.result.as_ref().is_some_and(|(_, p)| *p >= *ply) {
                    self.result = None;
                }
                true
            }
            EventKind::GameEnd { ply, result, .. } => {
                self.result = Some(((*result).to_string(), *ply));
                true
            }
            _ => false,
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> &str {
        self.result.as_ref().map(|(r, _)| r.as_str()).unwrap_or("*")
    }

    /// The PGN text, ending with a blank line.
    pub fn to_pgn(&self, tags: &PgnTags) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let v = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{v}\"]\n"));
        };
        tag("Event", &tags.event);
        tag("Site", &tags.site);
        tag("Date", &tags.date);
        tag("Round", &tags.round);
        if let Some(b) = tags.board {
            tag("Board", &b.to_string());
        }
        tag("White", &tags.white);
        tag("Black", &tags.black);
        tag("Result", self.result());
        let fen = self.start_fen.as_deref().unwrap_or(STANDARD_FEN);
        if fen != STANDARD_FEN {
            tag("SetUp", "1");
            tag("FEN", fen);
        }
        out.push('\n');

        // Move numbers from the start position's side to move and fullmove number.
        let mut fields = fen.split_whitespace().skip(1);
        let black_first = fields.next() == Some("b");
        let first_number: u32 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
        let mut tokens = Vec::with_capacity(self.sans.len() * 3 / 2 + 1);
        for (i, san) in self.sans.iter().enumerate() {
            let half = i as u32 + u32::from(black_first);
            let number = first_number + half / 2;
            if half.is_multiple_of(2) {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san.clone());
        }
        tokens.push(self.result().to_string());

        // Lines of at most 79 characters.
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
    use std::ops::ControlFlow;

    fn mv(ply: u32, san: &str) -> EventKind {
        EventKind::Move {
            ply,
            uci: String::new(),
            san: san.into(),
            fen: String::new(),
            illegal: false,
        }
    }

    fn new_game(fen: &str) -> EventKind {
        EventKind::NewGame {
            fen: fen.into(),
            orientation: None,
        }
    }

    /// Reads back SANs, result and tags with pgn-reader (an independent parser).
    #[derive(Default)]
    struct Back {
        sans: Vec<String>,
        tags: Vec<(String, String)>,
        outcome: Option<String>,
    }

    impl Visitor for Back {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
            ControlFlow::Continue(())
        }
        fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
            self.tags.push((
                String::from_utf8_lossy(name).into_owned(),
                value.decode_utf8_lossy().into_owned(),
            ));
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
            ControlFlow::Continue(())
        }
        fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<Self::Output> {
            self.sans.push(san.to_string());
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<Self::Output, Skip> {
            ControlFlow::Continue(Skip(true))
        }
        fn outcome(
            &mut self,
            _: &mut (),
            outcome: pgn_reader::Outcome,
        ) -> ControlFlow<Self::Output> {
            self.outcome = Some(outcome.to_string());
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) -> Self::Output {}
    }

    fn read_back(pgn: &str) -> Back {
        let mut v = Back::default();
        let mut r = Reader::new(pgn.as_bytes());
        r.read_game(&mut v).unwrap().unwrap();
        v
    }

    #[test]
    fn moves_takebacks_and_result() {
        let mut g = PgnGame::new();
        let events = [
            new_game(STANDARD_FEN),
            mv(1, "e4"),
            mv(2, "e5"),
            mv(3, "Qh5"),
            EventKind::Takeback {
                ply: 3,
                fen: String::new(),
            },
            mv(3, "Bc4"),
            mv(4, "Nc6"),
            mv(5, "Qh5"),
            mv(6, "Nf6"),
            mv(7, "Qxf7#"),
            EventKind::GameEnd {
                ply: 7,
                result: "1-0",
                reason: "checkmate",
                rule: "5.1.1",
                message: String::new(),
            },
        ];
        for e in &events {
            assert!(g.apply(e));
        }
        let text = g.to_pgn(&PgnTags {
            white: "A".into(),
            board: Some(3),
            ..PgnTags::default()
        });
        assert!(
            text.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
            "{text}"
        );
        let back = read_back(&text);
        assert_eq!(back.sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
        assert_eq!(back.outcome.as_deref(), Some("1-0"));
        assert!(back.tags.contains(&("Board".into(), "3".into())));
        assert!(back.tags.contains(&("Result".into(), "1-0".into())));
        assert!(!back.tags.iter().any(|(n, _)| n == "FEN"));
    }

    #[test]
    fn takeback_of_the_deciding_move_reopens_the_game() {
        let mut g = PgnGame::new();
        g.apply(&new_game(STANDARD_FEN));
        g.apply(&mv(1, "f3"));
        g.apply(&mv(2, "e5"));
        g.apply(&mv(3, "g4"));
        g.apply(&mv(4, "Qh4#"));
        g.apply(&EventKind::GameEnd {
            ply: 4,
            result: "0-1",
            reason: "checkmate",
            rule: "5.1.1",
            message: String::new(),
        });
        assert_eq!(g.result(), "0-1");
        g.apply(&EventKind::Takeback {
            ply: 4,
            fen: String::new(),
        });
        assert_eq!(g.result(), "*");
        assert_eq!(g.sans, ["f3", "e5", "g4"]);
    }

    #[test]
    fn setup_position_with_black_to_move() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 42";
        let mut g = PgnGame::new();
        g.apply(&new_game(fen));
        g.apply(&mv(1, "Kd7"));
        g.apply(&mv(2, "e4"));
        let text = g.to_pgn(&PgnTags::default());
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains(&format!("[FEN \"{fen}\"]")));
        assert!(text.contains("42... Kd7 43. e4 *"), "{text}");
        let back = read_back(&text);
        assert_eq!(back.sans, ["Kd7", "e4"]);
    }

    #[test]
    fn long_games_wrap_and_tags_are_escaped() {
        let mut g = PgnGame::new();
        g.apply(&new_game(STANDARD_FEN));
        let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for i in 0..80 {
            g.apply(&mv(i + 1, cycle[i as usize % 4]));
        }
        let text = g.to_pgn(&PgnTags {
            event: "The \"Open\"".into(),
            ..PgnTags::default()
        });
        assert!(text.lines().all(|l| l.len() <= 79));
        let back = read_back(&text);
        assert_eq!(back.sans.len(), 80);
        assert!(back.tags.contains(&("Event".into(), "The \"Open\"".into())));
    }

    #[test]
    fn wire_events_do_not_change_the_game() {
        let mut g = PgnGame::new();
        assert!(!g.apply(&EventKind::Board {
            placement: "8/8/8/8/8/8/8/8".into()
        }));
        assert_eq!(g, PgnGame::new());
    }
}
