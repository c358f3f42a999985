//! `eboardd demo` as a newcomer runs it: the real daemon against virtual boards on ptys. Its
//! output must show the arbiter's alerts of every scenario and name a PGN file holding the
//! real games as played.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use eboardd::core::sim::{SimGame, games_from_pgn};
use shakmaty::CastlingMode;

fn uci(g: &SimGame) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn the_demo_shows_moves_alerts_claims_game_ends_and_writes_the_pgn() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let log = tmp.path().join("out.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_eboardd"))
        .args(["demo", "--boards", "3", "--speed", "6", "--dir"])
        .arg(&dir)
        .env_remove("NOTIFY_SOCKET")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    // About 30 s at 6x; a generous bound for a loaded machine.
    let mut status = None;
    for _ in 0..1_800 {
        if let Some(s) = child.try_wait().unwrap() {
            status = Some(s);
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = std::fs::read_to_string(&log).unwrap();
    let Some(status) = status else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the demo did not finish within 180 s:\n{out}");
    };
    assert!(status.success(), "exit {status}:\n{out}");

    let has = |pred: &dyn Fn(&str) -> bool, what: &str| {
        assert!(out.lines().any(pred), "no {what} in the output:\n{out}");
    };
    has(&|l| l.contains("[board-1] move      1. e4 (e2e4)"), "move");
    has(
        &|l| l.contains("[board-3] illegal_move") && l.contains("e8-d7 (7.5.1)"),
        "illegal_move alert",
    );
    has(
        &|l| l.contains("[board-1] displaced") && l.contains("b5 should hold ."),
        "displaced alert",
    );
    has(
        &|l| l.contains("[board-2] claim") && l.contains("threefold repetition (9.2"),
        "threefold claim",
    );
    has(
        &|l| l.contains("[board-1] game_end") && l.contains("9.Qxf7#"),
        "game_end on board 1",
    );
    has(
        &|l| l.contains("[board-3] game_end") && l.contains("11.Qe8#"),
        "game_end on board 3",
    );
    has(
        &|l| l.starts_with("Summary after") && l.contains("3 board(s)"),
        "summary",
    );

    // The PGN file it names: the real games of demo/games.pgn, move for move.
    let pgn_path = out
        .lines()
        .find_map(|l| l.strip_prefix("PGN of the round: "))
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("no PGN path in the output:\n{out}"));
    assert!(pgn_path.starts_with(&dir), "{}", pgn_path.display());
    let pgn = std::fs::read_to_string(&pgn_path)
        .unwrap_or_else(|e| panic!("{}: {e}", pgn_path.display()));
    let played = games_from_pgn(&pgn);
    let source =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("demo/games.pgn"))
            .unwrap();
    let source = games_from_pgn(&source);
    assert_eq!(played.len(), 3, "{pgn}");
    for (i, (p, s)) in played.iter().zip(&source).enumerate() {
        assert_eq!(uci(p), uci(s), "board {}:\n{pgn}", i + 1);
        assert_eq!(p.header("White"), s.header("White"));
        assert_eq!(p.header("Board"), Some((i + 1).to_string().as_str()));
    }
    assert_eq!(played[0].header("Result"), Some("1-0"), "{pgn}");
    assert_eq!(played[2].header("Result"), Some("1-0"), "{pgn}");
    // The journal of every board is kept in the working directory.
    for b in 1..=3 {
        let j = dir.join(format!("state/journal/board-{b}.jsonl"));
        assert!(j.is_file(), "{}", j.display());
    }
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["demo", "--boards", "0"][..],
        &["demo", "--speed", "100"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_eboardd"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("eboardd demo: --"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
