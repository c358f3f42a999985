//! The arbiter's monitor through the whole product: rule cases played on a simulated board,
//! captured, and replayed with `eboardd replay --json` must give exactly the claims and game
//! ends that the monitor (checked ply by ply against the python-chess oracle in
//! tests/rules_monitor.rs) gives for the same moves.
//!
//! Every standard-start case is covered: ashlar (threefold traps, fivefold, fifty, 75 moves,
//! insufficient material, double draws, intervening, forced), the pychess rule files, the
//! rules.md scenarios 1, 2, 4, 5, 6, and real games (every 10th of each file, and every one
//! with a threefold claim — the Dortmund games that end in threefold repetition among them).
//! Cases set up from a FEN cannot be started on a board (a game starts from the initial
//! position) and are covered by tests/rules_monitor.rs alone.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use eboardd::core::event::EventKind;
use eboardd::core::rules::Monitor;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, games_from_pgn, simulate};
use eboardd::shell::shared_data;
use shakmaty::Chess;

fn pgn_texts() -> Vec<String> {
    let mut files = shared_data::pgn_files_under("ashlar/pgn");
    files.extend(shared_data::pgn_files_under("pgn/rules"));
    files.sort();
    let mut texts: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned())
        .collect();
    // rules.md scenarios with the initial position.
    texts.push(
        [
            "1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 *",
            "1. e4 Nf6 2. e5 d5 3. Nc3 Nc6 4. Nb1 Nb8 5. Nc3 Nc6 6. Nb1 Nb8 7. Nc3 Nc6 8. Nb1 Nb8 *",
            "1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 Rg8 *",
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *",
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nc3 Nc6 4. Nb1 Nb8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nc3 Nc6 8. Nb1 Nb8 *",
        ]
        .join("\n\n"),
    );
    texts
}

/// The claims and game ends a monitor gives, as comparable lines, per game.
fn expected(g: &SimGame) -> Vec<String> {
    let mut m = Monitor::new(g.start.clone());
    let mut out = Vec::new();
    for mv in &g.moves {
        for e in m.push(mv) {
            out.extend(describe(&serde_json::to_value(&e).unwrap()));
        }
    }
    out
}

fn describe(v: &serde_json::Value) -> Option<String> {
    match v["event"].as_str()? {
        "claim" => Some(format!(
            "claim ply={} rule={} color={} on_board={} moves={}",
            v["ply"], v["rule"], v["color"], v["on_board"], v["moves"]
        )),
        "game_end" => Some(format!(
            "game_end ply={} result={} reason={} rule={}",
            v["ply"], v["result"], v["reason"], v["rule"]
        )),
        _ => None,
    }
}

#[test]
fn claims_and_game_ends_through_replay_equal_the_monitor() {
    let tmp = tempfile::Builder::new()
        .prefix("eboardd-rules-")
        .tempdir()
        .unwrap();
    let dir = tmp.path().to_path_buf();
    let patterns: Vec<Pattern> = Pattern::ALL
        .iter()
        .copied()
        .filter(|p| *p != Pattern::EarlyReply)
        .collect();
    let mut cases: Vec<(PathBuf, Vec<String>)> = Vec::new();
    // Simulates a game on a board (a seed per case), writes its capture, records what the
    // monitor says for it.
    let add_case = |cases: &mut Vec<(PathBuf, Vec<String>)>, g: &SimGame, exp: Vec<String>| {
        let i = cases.len();
        let path = dir.join(format!("r{i}.cap"));
        let cfg = SimConfig {
            seed: i as u64,
            noise: 0.5,
            patterns: patterns.clone(),
            ..SimConfig::default()
        };
        std::fs::write(&path, simulate(g, &cfg).to_text()).unwrap();
        cases.push((path, exp));
    };
    for text in pgn_texts() {
        for g in games_from_pgn(&text) {
            if g.start != Chess::default() || g.moves.is_empty() {
                continue;
            }
            let exp = expected(&g);
            add_case(&mut cases, &g, exp);
        }
    }
    // Real games: every 10th game of each file, and every game with a threefold claim (the 8
    // Dortmund games that end in threefold repetition among them).
    let mut threefold = 0;
    for file in [
        "dortmund.pgn",
        "lichess_db_sample.pgn",
        "kasparov-deep-blue-1997.pgn",
    ] {
        let path = shared_data::dir().join("pgn/games").join(file);
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        for (k, g) in games_from_pgn(&text).into_iter().enumerate() {
            if g.start != Chess::default() || g.moves.is_empty() {
                continue;
            }
            let exp = expected(&g);
            let claims_threefold = exp.iter().any(|e| e.contains("rule=\"9.2\""));
            if file == "dortmund.pgn" && claims_threefold {
                threefold += 1;
            }
            if !claims_threefold && k % 10 != 0 {
                continue;
            }
            add_case(&mut cases, &g, exp);
        }
    }
    assert!(
        threefold >= 8,
        "only {threefold} Dortmund games with a 9.2 claim"
    );
    assert!(cases.len() >= 200, "only {} cases", cases.len());
    // Folded like the moves: a takeback of ply p withdraws what was said for plies ≥ p (a
    // revised move gets its own claims).
    let mut got: HashMap<String, Vec<(u64, String)>> = HashMap::new();
    // (An empty capture in each batch keeps events tagged with their file.)
    std::fs::write(dir.join("empty.cap"), "# eboardd capture v1\n").unwrap();
    for chunk in cases.chunks(150) {
        let out = Command::new(env!("CARGO_BIN_EXE_eboardd"))
            .args(["replay", "--json", "--no-frames"])
            .args(chunk.iter().map(|(p, _)| p))
            .arg(dir.join("empty.cap"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let board = v["board"].as_str().unwrap_or_default().to_string();
            if v["event"] == "new_game" {
                got.insert(board.clone(), Vec::new());
            }
            if v["event"] == "takeback" {
                let p = v["ply"].as_u64().unwrap();
                got.entry(board.clone())
                    .or_default()
                    .retain(|(q, _)| *q < p);
            }
            if let Some(d) = describe(&v) {
                let p = v["ply"].as_u64().unwrap();
                got.entry(board).or_default().push((p, d));
            }
        }
    }
    let mut failures = Vec::new();
    for (path, exp) in &cases {
        let have: Vec<String> = got
            .get(&path.display().to_string())
            .map(|v| v.iter().map(|(_, d)| d.clone()).collect())
            .unwrap_or_default();
        if &have != exp {
            failures.push(format!("{}: got {have:?}\n  want {exp:?}", path.display()));
        }
    }
    let with_events = cases.iter().filter(|(_, e)| !e.is_empty()).count();
    assert!(
        with_events >= 100,
        "only {with_events} cases have claims or endings"
    );
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A sanity check that the comparison sees the events at all.
#[test]
fn describe_reads_the_contract() {
    let e = EventKind::GameEnd {
        ply: 4,
        result: "0-1",
        reason: "checkmate",
        rule: "5.1.1",
        message: String::new(),
    };
    let d = describe(&serde_json::to_value(&e).unwrap()).unwrap();
    assert!(d.contains("ply=4") && d.contains("checkmate") && d.contains("5.1.1"));
}

/// The rules.md scenarios set up from a position, through `eboardd replay --start-fen`: the
/// board shows the set-up position (a game starts there), the moves are played on it, and the
/// claims and game ends equal the monitor's (including a position dead from the start).
#[test]
fn set_up_scenarios_through_replay_equal_the_monitor() {
    let cases: [(&str, &str); 11] = [
        (
            "6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1",
            "1... c5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8",
        ),
        (
            "r2qkbnr/pppb1ppp/1N6/n2pp1Q1/3PPB2/8/PPP2PPP/R3KBNR b KQkq - 99 52",
            "52... a6",
        ),
        (
            "r2qkbnr/pppbQppp/1N6/n2pp3/3PP3/4B3/PPP2PPP/R3KBNR b KQkq - 99 52",
            "52... Kxe7",
        ),
        ("6rk/6pp/7N/5p2/6p1/8/2q5/K7 w - - 99 60", "60. Nf7#"),
        (
            "6k1/ppp2ppp/1b2Q1rr/1n1bp3/1BqPB1N1/2P3n1/PPN2PPP/1KR4R w - - 149 79",
            "79. Qe8#",
        ),
        ("7k/8/2R3K1/8/8/8/8/8 b - - 149 100", "100... Kg8"),
        (
            "8/4K3/1NB4P/p1pp4/PpP1k1p1/1P3pP1/1B3P1Q/3R2NR w - - 149 102",
            "102. Qh5",
        ),
        (
            "8/8/3k4/1p2p1p1/pP1pP1P1/P2P4/1K6/8 b - - 32 62",
            "62... Kc6",
        ),
        ("k7/P1K5/8/8/8/8/8/8 b - - 2 58", "58... Kxa7"),
        ("8/8/4k3/8/2b5/8/5K2/1B6 w - - 0 1", "1. Kg3"),
        ("8/8/4k3/8/2n5/8/5K2/1N6 w - - 0 1", "1. Kf3 Kf5"),
    ];
    let tmp = tempfile::Builder::new()
        .prefix("eboardd-setup-")
        .tempdir()
        .unwrap();
    let dir = tmp.path().to_path_buf();
    let mut with_events = 0;
    for (i, (fen, moves)) in cases.iter().enumerate() {
        let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n");
        let games = games_from_pgn(&pgn);
        let g = &games[0];
        assert!(
            !g.moves.is_empty(),
            "case {i}: no moves read from {moves:?}"
        );
        let mut m = Monitor::new(g.start.clone());
        let mut want: Vec<String> = m
            .judge_start()
            .iter()
            .filter_map(|e| describe(&serde_json::to_value(e).unwrap()))
            .collect();
        for mv in &g.moves {
            for e in m.push(mv) {
                want.extend(describe(&serde_json::to_value(&e).unwrap()));
            }
        }
        if !want.is_empty() {
            with_events += 1;
        }
        let path = dir.join(format!("s{i}.cap"));
        let cfg = SimConfig {
            seed: i as u64,
            noise: 0.5,
            patterns: Pattern::ALL
                .iter()
                .copied()
                .filter(|p| *p != Pattern::EarlyReply)
                .collect(),
            ..SimConfig::default()
        };
        std::fs::write(&path, simulate(g, &cfg).to_text()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_eboardd"))
            .args(["replay", "--json", "--no-frames", "--start-fen", fen])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let events: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(
            events
                .iter()
                .any(|e| e["event"] == "new_game" && e["fen"] == *fen),
            "case {i}: the set-up position did not start a game"
        );
        let got: Vec<String> = events.iter().filter_map(describe).collect();
        assert_eq!(got, want, "case {i}: {fen} {moves}");
    }
    assert!(
        with_events >= 8,
        "only {with_events} scenarios with claims or endings"
    );
}
