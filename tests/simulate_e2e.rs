//! The whole chain on a real pseudo-terminal: `eboardd simulate --pty` plays a game on a
//! virtual DGT board, `eboardd run` reconstructs it, streams it and writes its PGN.

mod common;

use std::process::{Command, Stdio};

use common::*;

struct Kill(std::process::Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_simulated_game_comes_out_move_by_move_and_as_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.pgn");
    std::fs::write(
        &game,
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .unwrap();
    let link = dir.path().join("sim-board");
    let config = base_config(dir.path())
        + &format!(
            "[[board]]\nname = \"sim\"\ndevice = \"{}\"\nnumber = 4\nwhite = \"Alice\"\nblack = \"Bob\"\n",
            link.display()
        );
    let d = Daemon::start(dir.path(), &config);
    let mut c = d.client();
    let sim = Kill(
        Command::new(bin())
            .args(["simulate", "--pty", "--noise", "0", "--think-min-ms", "400"])
            .args(["--think-max-ms", "600", "--serial", "31415", "--link"])
            .arg(&link)
            .arg(&game)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    c.expect(T, "the virtual board", |v| {
        is(v, "device") && v["serial"] == "31415"
    });
    c.expect(T, "new game", |v| is(v, "new_game"));
    let mut sans = Vec::new();
    while sans.len() < 7 {
        let m = c.expect(T, "the moves", |v| is(v, "move") || is(v, "takeback"));
        assert!(is(&m, "move"), "a clean game needs no takeback: {m}");
        assert_eq!(m["ply"].as_u64(), Some(sans.len() as u64 + 1), "{m}");
        assert_eq!(m["board"], "sim");
        sans.push(m["san"].as_str().unwrap().to_string());
    }
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    // The result comes with the rules (game_end); until then the game stays `*`.
    let pgn_path = dir.path().join("pgn/round-3/game-4.pgn");
    let movetext = "\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# ";
    wait_for(
        T,
        || std::fs::read_to_string(&pgn_path).is_ok_and(|p| p.contains(movetext)),
        || std::fs::read_to_string(&pgn_path).unwrap_or_default(),
    );
    let pgn = std::fs::read_to_string(&pgn_path).unwrap();
    assert!(
        pgn.contains("[Board \"4\"]") && pgn.contains("[White \"Alice\"]"),
        "{pgn}"
    );
    let result = pgn.rsplit(movetext).next().unwrap().trim();
    assert!(result == "*" || result == "1-0", "{pgn}");
    drop(sim);
}
