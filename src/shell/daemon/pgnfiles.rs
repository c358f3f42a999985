//! Live PGN files in the round-folder layout broadcast tools read (as DGT LiveChess writes):
//! `<pgn-directory>/round-N/game-K.pgn` per board (K = board number), `games.pgn` with every
//! game of the round, and `index.json` (the pairings). Every file is replaced atomically
//! (temporary file in the same folder, fsync, rename), so a reader never sees half a file.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tokio::sync::mpsc;

/// The latest PGN of one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnUpdate {
    pub number: u32,
    /// Round folder number.
    pub round: u32,
    pub white: String,
    pub black: String,
    pub result: String,
    pub text: String,
}

/// Writes `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp"));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    // The rename itself reaches the disk with the folder.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The files of all rounds seen, rewritten on every update.
#[derive(Debug)]
pub struct PgnFiles {
    dir: PathBuf,
    rounds: BTreeMap<u32, BTreeMap<u32, PgnUpdate>>,
}

impl PgnFiles {
    pub fn new(dir: PathBuf) -> PgnFiles {
        PgnFiles {
            dir,
            rounds: BTreeMap::new(),
        }
    }

    pub fn round_dir(&self, round: u32) -> PathBuf {
        self.dir.join(format!("round-{round}"))
    }

    /// Records a board's PGN and rewrites its file, the round's `games.pgn` and `index.json`.
    pub fn update(&mut self, u: PgnUpdate) -> io::Result<()> {
        let round = u.round;
        let dir = self.round_dir(round);
        let games = self.rounds.entry(round).or_default();
        if games.get(&u.number) == Some(&u) {
            return Ok(());
        }
        write_atomic(
            &dir.join(format!("game-{}.pgn", u.number)),
            u.text.as_bytes(),
        )?;
        games.insert(u.number, u);
        let all: String = games.values().map(|g| g.text.as_str()).collect();
        write_atomic(&dir.join("games.pgn"), all.as_bytes())?;
        let pairings: Vec<serde_json::Value> = games
            .values()
            .map(|g| {
                serde_json::json!({
                    "board": g.number,
                    "white": {"lname": g.white},
                    "black": {"lname": g.black},
                    "result": g.result,
                    "live": g.result == "*",
                })
            })
            .collect();
        let index = serde_json::json!({ "pairings": pairings });
        write_atomic(&dir.join("index.json"), format!("{index}\n").as_bytes())
    }
}

/// The task owning the PGN files: updates arrive from the board tasks.
pub async fn run(mut files: PgnFiles, mut rx: mpsc::UnboundedReceiver<PgnUpdate>) {
    while let Some(u) = rx.recv().await {
        let number = u.number;
        // Files are small and rare (one write per move); blocking here is brief.
        if let Err(e) = files.update(u) {
            tracing::error!(
                "cannot write the PGN of board {number} in {}: {e}",
                files.dir.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up(number: u32, result: &str, text: &str) -> PgnUpdate {
        PgnUpdate {
            number,
            round: 2,
            white: format!("W{number}"),
            black: format!("B{number}"),
            result: result.into(),
            text: text.into(),
        }
    }

    #[test]
    fn round_folder_layout() {
        let dir = tempfile::tempdir().unwrap();
        let mut f = PgnFiles::new(dir.path().to_path_buf());
        f.update(up(2, "*", "[Board \"2\"]\n\n1. e4 *\n\n"))
            .unwrap();
        f.update(up(1, "1-0", "[Board \"1\"]\n\n1. d4 1-0\n\n"))
            .unwrap();
        let r = dir.path().join("round-2");
        assert_eq!(
            std::fs::read_to_string(r.join("game-2.pgn")).unwrap(),
            "[Board \"2\"]\n\n1. e4 *\n\n"
        );
        assert_eq!(
            std::fs::read_to_string(r.join("games.pgn")).unwrap(),
            "[Board \"1\"]\n\n1. d4 1-0\n\n[Board \"2\"]\n\n1. e4 *\n\n"
        );
        let index: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(r.join("index.json")).unwrap()).unwrap();
        assert_eq!(index["pairings"][0]["white"]["lname"], "W1");
        assert_eq!(index["pairings"][0]["live"], false);
        assert_eq!(index["pairings"][1]["result"], "*");
        // No temporary files left behind.
        let names: Vec<_> = std::fs::read_dir(&r)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    }
}
