//! Each board's game, journalled so that a restart (even after `kill -9`) loses nothing.
//!
//! One append-only file per board, `<state-directory>/journal/<board>.jsonl`: the board's game
//! events exactly as streamed (docs/events.md), one JSON object per line, each write followed
//! by `fdatasync`. Reading folds them back into the current game ([`JournalGame`]); a torn last
//! line (the process killed mid-write) is ignored, and so is a move repeated at the same ply.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::core::event::Event;
use crate::core::pgn::PgnGame;

/// The game as the journal tells it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JournalGame {
    /// The start position (`None` until a `new_game`).
    pub start_fen: Option<String>,
    /// The orientation reported with `new_game` (`normal` / `rotated`).
    pub orientation: Option<String>,
    /// Moves in order: UCI and SAN.
    pub moves: Vec<(String, String)>,
    /// Result and deciding ply.
    pub result: Option<(String, u32)>,
    /// Other game events since the game started (claims, alerts…), as JSON lines.
    pub other: Vec<String>,
}

impl JournalGame {
    /// Folds journal text. Lines that are not JSON objects (a torn write) are skipped.
    pub fn from_text(text: &str) -> JournalGame {
        let mut g = JournalGame::default();
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
            let ply = v.get("ply").and_then(|p| p.as_u64()).map(|p| p as u32);
            match v.get("event").and_then(|e| e.as_str()) {
                Some("new_game") => {
                    g = JournalGame {
                        start_fen: s("fen"),
                        orientation: s("orientation"),
                        ..JournalGame::default()
                    };
                }
                Some("move") => {
                    if let (Some(ply), Some(uci), Some(san)) = (ply, s("uci"), s("san"))
                        && ply >= 1
                    {
                        g.moves.truncate(ply as usize - 1);
                        g.moves.push((uci, san));
                    }
                }
                Some("takeback") => {
                    if let Some(ply) = ply.filter(|&p| p >= 1) {
                        g.moves.truncate(ply as usize - 1);
                        if g.result.as_ref().is_some_and(|(_, p)| *p >= ply) {
                            g.result = None;
                        }
                    }
                }
                Some("game_end") => {
                    if let (Some(ply), Some(r)) = (ply, s("result")) {
                        g.result = Some((r, ply));
                    }
                }
                Some(_) => g.other.push(line.to_string()),
                None => {}
            }
        }
        g
    }

    /// The moves in UCI (what `Session::resume_game` takes).
    pub fn moves_uci(&self) -> Vec<String> {
        self.moves.iter().map(|(u, _)| u.clone()).collect()
    }

    /// The same game for the PGN output.
    pub fn to_pgn_game(&self) -> PgnGame {
        PgnGame {
            start_fen: self.start_fen.clone(),
            sans: self.moves.iter().map(|(_, s)| s.clone()).collect(),
            result: self.result.clone(),
        }
    }

    /// Completed illegal moves of this game (White, Black), from its `illegal_move` events:
    /// the highest `count` journalled for each colour (the number of events where a line has
    /// none).
    pub fn illegal_counts(&self) -> (u32, u32) {
        let mut counts = [0u32; 2];
        for line in &self.other {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v.get("event").and_then(|e| e.as_str()) != Some("illegal_move") {
                continue;
            }
            let i = match v.get("color").and_then(|c| c.as_str()) {
                Some("white") => 0,
                Some("black") => 1,
                _ => continue,
            };
            let n = v
                .get("count")
                .and_then(|c| c.as_u64())
                .and_then(|c| u32::try_from(c).ok())
                .unwrap_or(counts[i] + 1);
            counts[i] = counts[i].max(n);
        }
        (counts[0], counts[1])
    }

    pub fn is_empty(&self) -> bool {
        self.start_fen.is_none() && self.moves.is_empty()
    }
}

/// A file name for a board identity (names are validated; serials are digits; be safe anyway).
pub fn file_stem(identity: &str) -> String {
    identity
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect::<String>()
        .trim_start_matches('.')
        .to_string()
}

/// One board's journal, open for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    /// The journal path of a board in a state directory.
    pub fn path_for(dir: &Path, identity: &str) -> PathBuf {
        dir.join("journal")
            .join(format!("{}.jsonl", file_stem(identity)))
    }

    /// Reads what the journal holds (empty when there is none yet).
    pub fn read(path: &Path) -> io::Result<JournalGame> {
        match std::fs::read(path) {
            Ok(b) => Ok(JournalGame::from_text(&String::from_utf8_lossy(&b))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(JournalGame::default()),
            Err(e) => Err(e),
        }
    }

    /// Opens (creating) a journal for appending.
    pub fn open(path: &Path) -> io::Result<Journal> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut file = OpenOptions::new().create(true).append(true).open(path)?;
        // A torn last line from a killed process must not glue onto the next event.
        let len = file.metadata()?.len();
        if len > 0 {
            let bytes = std::fs::read(path)?;
            if bytes.last() != Some(&b'\n') {
                file.write_all(b"\n")?;
            }
        }
        Ok(Journal {
            path: path.to_path_buf(),
            file,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one event and waits until it is on disk.
    pub fn append(&mut self, event: &Event) -> io::Result<()> {
        let mut line = event.to_json();
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::event::EventKind;

    fn mv(ply: u32, uci: &str, san: &str) -> Event {
        Event::new(
            ply as u64 * 1000,
            EventKind::Move {
                ply,
                uci: uci.into(),
                san: san.into(),
                fen: "x".into(),
                illegal: false,
            },
        )
    }

    #[test]
    fn illegal_counts_of_the_current_game() {
        let line = |color: &str, count: u32| {
            format!(
                "{{\"event\":\"illegal_move\",\"color\":\"{color}\",\"count\":{count},\"rule\":\"7.5.1\",\"t_ms\":1}}\n"
            )
        };
        let new_game = format!(
            "{{\"event\":\"new_game\",\"fen\":\"{}\",\"t_ms\":0}}\n",
            crate::core::pgn::STANDARD_FEN
        );
        // Two games: only the last one's illegal moves count.
        let text = new_game.clone()
            + &line("white", 1)
            + &line("black", 1)
            + &new_game
            + &line("black", 1)
            + "{\"event\":\"displaced\",\"t_ms\":2}\n"
            + &line("black", 2)
            + "{\"event\":\"illegal_move\",\"color\":\"white\",\"t_ms\":3}\n"
            + "{\"event\":\"illegal_move\",\"col";
        assert_eq!(JournalGame::from_text(&text).illegal_counts(), (1, 2));
        assert_eq!(JournalGame::from_text(&new_game).illegal_counts(), (0, 0));
    }

    #[test]
    fn append_then_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = Journal::path_for(dir.path(), "table-1");
        let mut j = Journal::open(&path).unwrap();
        j.append(&Event::new(
            0,
            EventKind::NewGame {
                fen: crate::core::pgn::STANDARD_FEN.into(),
                orientation: Some("normal"),
            },
        ))
        .unwrap();
        j.append(&mv(1, "e2e4", "e4")).unwrap();
        j.append(&mv(2, "e7e5", "e5")).unwrap();
        j.append(&Event::new(
            3000,
            EventKind::Takeback {
                ply: 2,
                fen: "x".into(),
            },
        ))
        .unwrap();
        j.append(&mv(2, "c7c5", "c5")).unwrap();
        // The same move twice (re-emitted after a restart) is not a second move.
        j.append(&mv(2, "c7c5", "c5")).unwrap();
        drop(j);
        let g = Journal::read(&path).unwrap();
        assert_eq!(g.start_fen.as_deref(), Some(crate::core::pgn::STANDARD_FEN));
        assert_eq!(g.orientation.as_deref(), Some("normal"));
        assert_eq!(g.moves_uci(), ["e2e4", "c7c5"]);
        assert_eq!(g.to_pgn_game().sans, ["e4", "c5"]);
    }

    #[test]
    fn torn_last_line_is_ignored_and_not_glued_to_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl");
        let full = format!(
            "{}\n{}\n{{\"event\":\"move\",\"ply\":2,\"uc",
            Event::new(
                0,
                EventKind::NewGame {
                    fen: "f".into(),
                    orientation: None
                }
            )
            .to_json(),
            mv(1, "e2e4", "e4").to_json()
        );
        std::fs::write(&path, full).unwrap();
        assert_eq!(Journal::read(&path).unwrap().moves_uci(), ["e2e4"]);
        let mut j = Journal::open(&path).unwrap();
        j.append(&mv(2, "e7e5", "e5")).unwrap();
        assert_eq!(Journal::read(&path).unwrap().moves_uci(), ["e2e4", "e7e5"]);
    }

    #[test]
    fn new_game_starts_over_and_game_end_sticks_until_taken_back() {
        let text = [
            Event::new(
                0,
                EventKind::NewGame {
                    fen: "a".into(),
                    orientation: None,
                },
            )
            .to_json(),
            mv(1, "f2f3", "f3").to_json(),
            Event::new(
                0,
                EventKind::NewGame {
                    fen: "b".into(),
                    orientation: None,
                },
            )
            .to_json(),
            mv(1, "e2e4", "e4").to_json(),
            Event::new(
                5,
                EventKind::GameEnd {
                    ply: 1,
                    result: "1-0",
                    reason: "checkmate",
                    rule: "5.1.1",
                    message: String::new(),
                },
            )
            .to_json(),
        ]
        .join("\n");
        let g = JournalGame::from_text(&text);
        assert_eq!(g.start_fen.as_deref(), Some("b"));
        assert_eq!(g.moves_uci(), ["e2e4"]);
        assert_eq!(g.result, Some(("1-0".into(), 1)));
    }

    #[test]
    fn missing_journal_is_an_empty_game() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Journal::read(&dir.path().join("none")).unwrap().is_empty());
        assert_eq!(file_stem("../x/y"), "_x_y");
    }
}
