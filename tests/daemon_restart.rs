//! Nothing lost: `kill -9` and restart resume every board's game from its journal.

mod common;

use std::path::Path;

use common::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn journal_lines(moves: &[(u32, &str, &str)]) -> String {
    moves
        .iter()
        .map(|(ply, uci, san)| {
            format!(
                "{{\"event\":\"move\",\"ply\":{ply},\"uci\":\"{uci}\",\"san\":\"{san}\",\"fen\":\"-\",\"t_ms\":{},\"board\":\"t1\"}}\n",
                ply * 1000
            )
        })
        .collect()
}

fn pgn(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("pgn/round-3/game-1.pgn")).unwrap_or_default()
}

#[test]
fn kill_9_and_restart_loses_and_duplicates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let board = FakeBoard::new("12345");
    let link = dir.path().join("board-1");
    symlink(&board.tty, &link);
    let config = base_config(dir.path())
        + &format!(
            "[[board]]\nname = \"t1\"\ndevice = \"{}\"\nnumber = 1\nwhite = \"Alice\"\nblack = \"Bob\"\n",
            link.display()
        );
    // The game so far, as the daemon journalled it before.
    let journal = dir.path().join("state/journal/t1.jsonl");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    let mut text = format!(
        "{{\"event\":\"new_game\",\"fen\":\"{START}\",\"orientation\":\"normal\",\"t_ms\":0,\"board\":\"t1\"}}\n"
    );
    text += &journal_lines(&[(1, "e2e4", "e4"), (2, "e7e5", "e5")]);
    std::fs::write(&journal, &text).unwrap();

    let mut d = Daemon::start(dir.path(), &config);
    let header = "[Event \"E2E Open\"]\n[Site \"Lab\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n\
                  [Board \"1\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n";
    let first = format!("{header}1. e4 e5 *\n\n");
    wait_for(
        T,
        || pgn(dir.path()) == first,
        || format!("{}\n---\n{}", pgn(dir.path()), d.log()),
    );
    let games = std::fs::read_to_string(dir.path().join("pgn/round-3/games.pgn")).unwrap();
    assert_eq!(games, first);
    let index = std::fs::read_to_string(dir.path().join("pgn/round-3/index.json")).unwrap();
    assert!(
        index.contains("\"Alice\"") && index.contains("\"live\":true"),
        "{index}"
    );

    // Moves journalled, then kill -9 in the middle of writing the next line.
    let mut c = d.client();
    c.request("status");
    c.expect(T, "board connected", |v| {
        is(v, "boards") && v["boards"][0]["serial"] == "12345"
    });
    d.kill9();
    let mut more = journal_lines(&[(3, "g1f3", "Nf3"), (3, "g1f3", "Nf3"), (4, "b8c6", "Nc6")]);
    more += "{\"event\":\"move\",\"ply\":5,\"uci\":\"f1";
    std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .and_then(|mut f| std::io::Write::write_all(&mut f, more.as_bytes()))
        .unwrap();

    let d = Daemon::start(dir.path(), &config);
    let second = format!("{header}1. e4 e5 2. Nf3 Nc6 *\n\n");
    wait_for(
        T,
        || pgn(dir.path()) == second,
        || format!("{}\n---\n{}", pgn(dir.path()), d.log()),
    );
    let mut c = d.client();
    wait_for(
        T,
        || {
            c.request("status");
            c.expect(T, "status", |v| is(v, "boards"))["boards"][0]["serial"] == "12345"
        },
        String::new,
    );
    // The journal still reads as the same game, and appending after the torn line works.
    let lines = std::fs::read_to_string(&journal).unwrap();
    assert!(lines.ends_with('\n'), "the torn line was closed");
    drop(d);
    let d = Daemon::start(dir.path(), &config);
    wait_for(
        T,
        || pgn(dir.path()) == second,
        || format!("{}\n---\n{}", pgn(dir.path()), d.log()),
    );
}
