//! Golden captures: every handling pattern, replayed through `eboardd replay --json`.
//!
//! Each `tests/captures/*.cap` with an `# expect-moves:` comment states the game it encodes
//! (written by hand in make_captures.py, independent of the code): the folded timeline of
//! `new_game`/`move`/`takeback` events must equal it, in identity mode and — up to the
//! promotion piece, or as `# expect-occupancy-moves:` says — in occupancy mode. The whole game-level
//! output is also compared with `<name>.expected.jsonl` (regenerate with
//! `UPDATE_GOLDEN=1 cargo test --test captures` and review the diff). `# expect-event:` and
//! `# expect-no-event:` (with `expect-occupancy-` forms) name events that must, or must not,
//! be among them. `# expect-occupancy-by: UCI MS`: in occupancy mode the move UCI is first
//! reported no later than MS (the capture's clock).

use std::path::{Path, PathBuf};
use std::process::Command;

fn captures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cap"))
        .collect();
    v.sort();
    v
}

fn comment(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix(&format!("# {key}:")))
        .map(|s| s.trim().to_string())
        .collect()
}

fn replay(path: &Path, args: &[&str]) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_eboardd"))
        .args(["replay", "--json", "--no-frames"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The game as the events tell it: moves after the last new_game, takebacks applied.
fn fold(events: &[serde_json::Value]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for e in events {
        match e["event"].as_str().unwrap() {
            "new_game" => moves.clear(),
            "move" => {
                assert_eq!(e["ply"].as_u64().unwrap() as usize, moves.len() + 1, "{e}");
                moves.push(e["uci"].as_str().unwrap().to_string());
            }
            "takeback" => {
                assert_eq!(e["ply"].as_u64().unwrap() as usize, moves.len(), "{e}");
                moves.pop();
            }
            _ => {}
        }
    }
    moves
}

fn names(events: &[serde_json::Value]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect()
}

#[test]
fn every_pattern_capture_reconstructs_exactly() {
    let mut checked = 0;
    for path in captures() {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(expect) = comment(&text, "expect-moves").pop() else {
            continue;
        };
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let extra = comment(&text, "replay-args").pop().unwrap_or_default();
        let mut extra: Vec<&str> = extra.split_whitespace().collect();
        // A game set up from a position (`# start-fen:`, one argument with its spaces).
        let start_fen = comment(&text, "start-fen").pop();
        let fen_args: Vec<&str> = match &start_fen {
            Some(fen) => vec!["--start-fen", fen.as_str()],
            None => Vec::new(),
        };
        extra.extend(&fen_args);
        let events = replay(&path, &extra);
        let expected: Vec<String> = expect.split_whitespace().map(String::from).collect();
        assert_eq!(fold(&events), expected, "{name}: identity mode");
        for ev in comment(&text, "expect-event") {
            assert!(
                names(&events).contains(&ev.as_str()),
                "{name}: no {ev} event"
            );
        }
        for ev in comment(&text, "expect-no-event") {
            assert!(
                !names(&events).contains(&ev.as_str()),
                "{name}: a {ev} event"
            );
        }
        // No event may be null-valued, every event has a time.
        for e in &events {
            assert!(
                e["t_ms"].is_u64() && !e.to_string().contains("null"),
                "{name}: {e}"
            );
        }
        // Golden output.
        let golden = path.with_extension("expected.jsonl");
        let got: String = events.iter().map(|e| format!("{e}\n")).collect();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &got).unwrap();
        } else {
            let want = std::fs::read_to_string(&golden)
                .unwrap_or_else(|_| panic!("{}: missing golden file", golden.display()));
            assert_eq!(
                got,
                want,
                "{name}: output differs from {}",
                golden.display()
            );
        }
        checked += 1;
        // Occupancy sensing (orientation from configuration), unless the capture is about
        // what only identity boards can see.
        if !comment(&text, "occupancy").is_empty() {
            continue;
        }
        let orientation = if name.contains("rotated") {
            "rotated"
        } else {
            "normal"
        };
        let mut occ_args = vec!["--sensing", "occupancy", "--orientation", orientation];
        occ_args.extend(&fen_args);
        let occ = replay(&path, &occ_args);
        let want_occ: Vec<String> = match comment(&text, "expect-occupancy-moves").pop() {
            Some(m) => m.split_whitespace().map(String::from).collect(),
            None => expected
                .iter()
                .map(|m| {
                    if m.len() == 5 {
                        format!("{}q", &m[..4])
                    } else {
                        m.clone()
                    }
                })
                .collect(),
        };
        assert_eq!(fold(&occ), want_occ, "{name}: occupancy mode");
        for by in comment(&text, "expect-occupancy-by") {
            let (uci, ms) = by.split_once(' ').expect("expect-occupancy-by: UCI MS");
            let ms: u64 = ms.trim().parse().expect("expect-occupancy-by: MS");
            let first = occ
                .iter()
                .find(|e| e["event"] == "move" && e["uci"] == uci)
                .unwrap_or_else(|| panic!("{name}: {uci} never reported (occupancy)"));
            let t = first["t_ms"].as_u64().unwrap();
            assert!(
                t <= ms,
                "{name}: {uci} first reported at {t} ms, later than {ms} ms (occupancy)"
            );
        }
        for ev in comment(&text, "expect-occupancy-event") {
            assert!(
                names(&occ).contains(&ev.as_str()),
                "{name}: no {ev} event (occupancy)"
            );
        }
        for ev in comment(&text, "expect-occupancy-no-event") {
            assert!(
                !names(&occ).contains(&ev.as_str()),
                "{name}: a {ev} event (occupancy)"
            );
        }
        checked += 1;
    }
    assert!(checked >= 22, "only {checked} pattern captures found");
}

#[test]
fn rotated_board_is_detected() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures/rotated.cap");
    let events = replay(&path, &[]);
    let ng = events.iter().find(|e| e["event"] == "new_game").unwrap();
    assert_eq!(ng["orientation"], "rotated");
    // Forcing the wrong orientation: the start position is never seen, so no game.
    let wrong = replay(&path, &["--orientation", "normal"]);
    assert!(!names(&wrong).contains(&"move"));
}

/// Replays the capture `name` from `fen` on an occupancy board and on an identity board: the
/// moves each reports, and on the occupancy board exactly one `ambiguous` event, marked
/// `undecided` (not `provisional`), from `ply`, naming `lines` with the first as `chosen`,
/// after the `move` events of that line; none on the identity board.
fn assert_undecided(
    name: &str,
    fen: &str,
    occupancy_moves: &[&str],
    identity_moves: &[&str],
    ply: u64,
    lines: &[&str],
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/captures")
        .join(format!("{name}.cap"));
    let fen_args = ["--start-fen", fen];
    let occ_args = [
        &["--sensing", "occupancy", "--orientation", "normal"][..],
        &fen_args,
    ]
    .concat();
    let events = replay(&path, &occ_args);
    assert_eq!(fold(&events), occupancy_moves, "{name}: occupancy mode");
    let amb: Vec<usize> = (0..events.len())
        .filter(|&i| events[i]["event"] == "ambiguous")
        .collect();
    assert_eq!(amb.len(), 1, "{name}: {events:?}");
    let a = &events[amb[0]];
    assert_eq!(a["undecided"], true, "{a}");
    assert!(a.get("provisional").is_none(), "{a}");
    assert_eq!(a["ply"], ply, "{a}");
    assert_eq!(a["chosen"], lines[0], "{a}");
    assert_eq!(a["lines"], serde_json::json!(lines), "{a}");
    // After the moves of the line it names as reported.
    let last = lines[0].split(' ').next_back().unwrap();
    let reported = events
        .iter()
        .position(|e| e["event"] == "move" && e["uci"] == last)
        .unwrap();
    assert!(
        reported < amb[0],
        "{name}: the ambiguous event comes after the move {last} it names"
    );
    let identity = replay(&path, &fen_args);
    assert_eq!(fold(&identity), identity_moves, "{name}: identity mode");
    assert!(!names(&identity).contains(&"ambiguous"), "{name}");
}

/// Occupancy boards: a capture never seen, reported alone, then the next move seen alone that
/// another pair of moves explains as well — the pair reported stands, and an `ambiguous`
/// event marked `undecided` follows its moves, naming both pairs. (Identity boards see the
/// knight on b2.)
#[test]
fn unseen_capture_then_a_move_that_fits_another_pair_is_flagged_undecided() {
    assert_undecided(
        "capture-unseen-undecided",
        "4k3/5N2/8/8/2n5/8/1P6/4K3 b - - 0 1",
        &["c4b2", "f7d6", "e8d7"],
        &["c4b2", "f7d6", "e8d7"],
        1,
        &["c4b2 f7d6", "c4d6 f7d6"],
    );
}

/// Occupancy boards: a capture read from its victim lifted — but lifted long after the
/// capturer left — when a capture never seen (swapped inside one scan, then a j'adoube)
/// explains the board as well: the evidence decides, and an `ambiguous` event marked
/// `undecided` names the other. (Identity boards see the queen on h8.)
#[test]
fn victim_lifted_long_after_the_capturer_is_flagged_undecided() {
    assert_undecided(
        "capture-victim-lifted-late",
        "k5nr/7Q/8/8/8/8/8/K7 w - - 0 1",
        &["h7g8", "a8a7", "a1b2"],
        &["h7h8", "a8a7", "a1b2"],
        1,
        &["h7g8", "h7h8"],
    );
}
