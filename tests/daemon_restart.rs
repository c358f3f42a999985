//! Nothing lost: `kill -9` and restart resume every board's game from its journal.

mod common;

use std::path::Path;

use common::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const HEADER: &str = "[Event \"E2E Open\"]\n[Site \"Lab\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n\
                      [Board \"1\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n";

fn config(dir: &Path, link: &Path) -> String {
    base_config(dir)
        + &format!(
            "[[board]]\nname = \"t1\"\ndevice = \"{}\"\nnumber = 1\nwhite = \"Alice\"\nblack = \"Bob\"\n",
            link.display()
        )
}

fn pgn(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("pgn/round-3/game-1.pgn")).unwrap_or_default()
}

fn journal(dir: &Path) -> std::path::PathBuf {
    dir.join("state/journal/t1.jsonl")
}

/// The `move` lines of the journal, as (ply, uci).
fn journalled_moves(dir: &Path) -> Vec<(u64, String)> {
    std::fs::read_to_string(journal(dir))
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["event"] == "move")
        .map(|v| {
            (
                v["ply"].as_u64().unwrap(),
                v["uci"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `kill -9` the daemon, start it again on the same folder and configuration, and wait until
/// it has board `t1` (serial 12345) back; the board stays as it is meanwhile.
fn kill_9_and_restart(mut d: Daemon, dir: &Path, link: &Path) -> (Daemon, Client) {
    d.kill9();
    drop(d);
    let d = Daemon::start(dir, &config(dir, link));
    let mut c = d.client();
    wait_for(
        T,
        || {
            c.request("status");
            c.expect(T, "status", |v| is(v, "boards"))["boards"][0]["serial"] == "12345"
        },
        || d.log(),
    );
    (d, c)
}

#[test]
fn kill_9_mid_game_and_restart_loses_and_duplicates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeBoard::new("12345");
    let link = dir.path().join("board-1");
    let d = Daemon::start(dir.path(), &config(dir.path(), &link));
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "new game", |v| is(v, "new_game") && v["fen"] == START);
    board.play(sq("e2"), sq("e4"));
    c.expect(T, "1. e4", |v| {
        is(v, "move") && v["san"] == "e4" && v["ply"] == 1
    });
    board.play(sq("e7"), sq("e5"));
    c.expect(T, "1... e5", |v| {
        is(v, "move") && v["san"] == "e5" && v["ply"] == 2
    });
    let first = format!("{HEADER}1. e4 e5 *\n\n");
    wait_for(
        T,
        || pgn(dir.path()) == first,
        || pgn(dir.path()) + &d.log(),
    );

    // The board stays as it is while the daemon is down; it restarts and resumes.
    let (d, mut c) = kill_9_and_restart(d, dir.path(), &link);
    board.play(sq("g1"), sq("f3"));
    let m = c.expect(T, "2. Nf3", |v| is(v, "move"));
    assert_eq!(
        (m["ply"].as_u64(), m["san"].as_str()),
        (Some(3), Some("Nf3")),
        "{m}"
    );
    let second = format!("{HEADER}1. e4 e5 2. Nf3 *\n\n");
    wait_for(
        T,
        || pgn(dir.path()) == second,
        || pgn(dir.path()) + &d.log(),
    );
    assert!(
        !c.seen
            .iter()
            .any(|l| l.contains("\"event\":\"new_game\"") || l.contains("\"event\":\"takeback\"")),
        "the resumed game goes on: {:?}",
        c.seen
    );
    assert_eq!(
        journalled_moves(dir.path()),
        [
            (1, "e2e4".to_string()),
            (2, "e7e5".into()),
            (3, "g1f3".into())
        ]
    );
}

#[test]
fn a_torn_journal_resumes_and_carries_on() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeBoard::new("12345");
    // The board stands after 1. e4 e5 2. Nf3 Nc6.
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")] {
        let code = board.fields.lock().unwrap()[usize::from(sq(from))];
        board.place(sq(from), 0);
        board.place(sq(to), code);
    }
    let link = dir.path().join("board-1");
    // The journal a killed daemon left: a move journalled twice, a torn last line.
    let line = |ply: u32, uci: &str, san: &str| {
        format!(
            "{{\"event\":\"move\",\"ply\":{ply},\"uci\":\"{uci}\",\"san\":\"{san}\",\"fen\":\"-\",\"t_ms\":{ply}000,\"board\":\"t1\"}}\n"
        )
    };
    let mut text = format!(
        "{{\"event\":\"new_game\",\"fen\":\"{START}\",\"orientation\":\"normal\",\"t_ms\":0,\"board\":\"t1\"}}\n"
    );
    text += &line(1, "e2e4", "e4");
    text += &line(2, "e7e5", "e5");
    text += &line(3, "g1f3", "Nf3");
    text += &line(3, "g1f3", "Nf3");
    text += &line(4, "b8c6", "Nc6");
    text += "{\"event\":\"move\",\"ply\":5,\"uci\":\"f1";
    std::fs::create_dir_all(journal(dir.path()).parent().unwrap()).unwrap();
    std::fs::write(journal(dir.path()), &text).unwrap();

    let d = Daemon::start(dir.path(), &config(dir.path(), &link));
    let expected = format!("{HEADER}1. e4 e5 2. Nf3 Nc6 *\n\n");
    let games =
        || std::fs::read_to_string(dir.path().join("pgn/round-3/games.pgn")).unwrap_or_default();
    let index =
        || std::fs::read_to_string(dir.path().join("pgn/round-3/index.json")).unwrap_or_default();
    // The game file, the round file and the index are rewritten one after the other.
    wait_for(
        T,
        || {
            pgn(dir.path()) == expected
                && games() == expected
                && index().contains("\"Alice\"")
                && index().contains("\"live\":true")
        },
        || pgn(dir.path()) + &games() + &index() + &d.log(),
    );

    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "board identified", |v| {
        is(v, "device") && v["serial"] == "12345"
    });
    board.play(sq("f1"), sq("c4"));
    let m = c.expect(T, "3. Bc4", |v| is(v, "move"));
    assert_eq!(
        (m["ply"].as_u64(), m["san"].as_str()),
        (Some(5), Some("Bc4")),
        "{m}"
    );
    let after = format!("{HEADER}1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n");
    wait_for(
        T,
        || pgn(dir.path()) == after,
        || pgn(dir.path()) + &d.log(),
    );
    // Appended after the torn line, which was closed first.
    assert_eq!(
        journalled_moves(dir.path()).last(),
        Some(&(5, "f1c4".to_string()))
    );
}

#[test]
fn illegal_moves_are_still_counted_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeBoard::new("12345");
    let link = dir.path().join("board-1");
    let d = Daemon::start(dir.path(), &config(dir.path(), &link));
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "new game", |v| is(v, "new_game") && v["fen"] == START);
    board.play(sq("e2"), sq("e4"));
    c.expect(T, "1. e4", |v| is(v, "move") && v["ply"] == 1);
    board.play(sq("e7"), sq("e5"));
    c.expect(T, "1... e5", |v| is(v, "move") && v["ply"] == 2);
    // A knight-shaped bishop move, left until reported (no clock: 1 s of rest), put back.
    board.play(sq("f1"), sq("e3"));
    let first = c.expect(T, "the first illegal move", |v| is(v, "illegal_move"));
    assert_eq!(
        (first["color"].as_str(), first["count"].as_u64()),
        (Some("white"), Some(1)),
        "{first}"
    );
    board.play(sq("e3"), sq("f1"));
    c.expect(T, "restored", |v| is(v, "restored"));

    let (_d, mut c) = kill_9_and_restart(d, dir.path(), &link);
    // The same attempt again: the second completed illegal move of the game (7.5.5).
    board.play(sq("f1"), sq("e3"));
    let second = c.expect(T, "the second illegal move", |v| is(v, "illegal_move"));
    assert_eq!(
        (second["color"].as_str(), second["count"].as_u64()),
        (Some("white"), Some(2)),
        "{second}"
    );
    assert!(
        second["message"]
            .as_str()
            .is_some_and(|m| m.contains("second completed illegal move: White loses the game")),
        "{second}"
    );
}
