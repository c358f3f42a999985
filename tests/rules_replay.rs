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
use std::path::{Path, PathBuf};
use std::process::Command;

use eboardd::core::event::EventKind;
use eboardd::core::rules::Monitor;
use eboardd::core::sim::{Pattern, SimConfig, SimGame, games_from_pgn, simulate};
use shakmaty::Chess;

fn data_dir() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if beside.is_dir() {
        return beside;
    }
    let fixed = PathBuf::from("/work/shared/data");
    assert!(fixed.is_dir(), "shared test data not found");
    fixed
}

fn pgn_texts() -> Vec<String> {
    let d = data_dir();
    let mut files = Vec::new();
    let mut stack = vec![d.join("ashlar/pgn"), d.join("pgn/rules")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                files.push(p);
            }
        }
    }
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
    let dir = std::env::temp_dir().join(format!("eboardd-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
        let path = data_dir().join("pgn/games").join(file);
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
