//! The draw/game-end monitor against the scenarios of `shared/docs/rules.md`, the python-chess
//! oracle of the ashlar rule cases, the pychess rule PGNs and the real games.

use std::path::{Path, PathBuf};

use eboardd::core::event::EventKind;
use eboardd::core::rules::pgn::{PgnGame, read_games};
use eboardd::core::rules::{EndReason, Monitor};
use eboardd::shell::shared_data;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, fen::Fen, san::San};

// ---------------------------------------------------------------------------------------------
// Helpers

fn games(rel: &str) -> Vec<PgnGame> {
    let path = shared_data::dir().join(rel);
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let games = read_games(&text);
    assert!(!games.is_empty(), "{}: no game", path.display());
    games
}

fn fen(f: &str) -> Chess {
    f.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// Plays SAN moves from `start`; returns the monitor and the events of each ply (index 0 =
/// ply 1).
fn play(start: Chess, sans: &str) -> (Monitor, Vec<Vec<EventKind>>) {
    let mut m = Monitor::new(start);
    let mut out = Vec::new();
    for tok in sans.split_whitespace() {
        let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if tok.is_empty() {
            continue;
        }
        let san: San = tok.trim_end_matches(['+', '#']).parse().unwrap();
        let mv = san
            .to_move(m.position())
            .unwrap_or_else(|e| panic!("{tok}: {e}"));
        out.push(m.try_push(&mv).unwrap());
    }
    (m, out)
}

fn run(start: &Chess, moves: &[Move]) -> (Monitor, Vec<Vec<EventKind>>) {
    let mut m = Monitor::new(start.clone());
    let out = moves.iter().map(|mv| m.try_push(mv).unwrap()).collect();
    (m, out)
}

#[derive(Debug, Clone, PartialEq)]
struct Claim {
    ply: u32,
    rule: &'static str,
    color: &'static str,
    on_board: bool,
    moves: Vec<String>,
}

fn claim(events: &[EventKind], rule: &str) -> Option<Claim> {
    events.iter().find_map(|e| match e {
        EventKind::Claim {
            ply,
            rule: r,
            color,
            on_board,
            moves,
            message,
        } if *r == rule => {
            assert!(
                message.contains(rule),
                "message names the article: {message}"
            );
            Some(Claim {
                ply: *ply,
                rule: r,
                color,
                on_board: *on_board,
                moves: moves.clone(),
            })
        }
        _ => None,
    })
}

#[derive(Debug, Clone, PartialEq)]
struct End {
    ply: u32,
    result: &'static str,
    reason: &'static str,
    rule: &'static str,
}

fn end(events: &[EventKind]) -> Option<End> {
    events.iter().find_map(|e| match e {
        EventKind::GameEnd {
            ply,
            result,
            reason,
            rule,
            message,
        } => {
            assert!(
                message.contains(rule),
                "message names the article: {message}"
            );
            Some(End {
                ply: *ply,
                result,
                reason,
                rule,
            })
        }
        _ => None,
    })
}

/// (ply, end) of the only game end; panics on two.
fn the_end(per_ply: &[Vec<EventKind>]) -> Option<End> {
    let ends: Vec<End> = per_ply.iter().filter_map(|e| end(e)).collect();
    assert!(ends.len() <= 1, "more than one game_end: {ends:?}");
    ends.into_iter().next()
}

/// Structural checks that hold for every ply of every game.
fn check_invariants(per_ply: &[Vec<EventKind>], who: &str) {
    let mut ended = false;
    for (i, events) in per_ply.iter().enumerate() {
        let ply = i as u32 + 1;
        let mut rules = Vec::new();
        for (k, e) in events.iter().enumerate() {
            match e {
                EventKind::GameEnd { ply: p, .. } => {
                    assert!(!ended, "{who}: second game_end at ply {ply}");
                    assert_eq!(k, 0, "{who}: game_end comes first");
                    assert_eq!(*p, ply);
                    ended = true;
                }
                EventKind::Claim {
                    ply: p,
                    rule,
                    moves,
                    ..
                } => {
                    assert!(!ended, "{who}: claim at ply {ply} after the game ended");
                    assert_eq!(*p, ply);
                    assert!(
                        !rules.contains(rule),
                        "{who}: two {rule} claims at ply {ply}"
                    );
                    rules.push(*rule);
                    let mut sorted = moves.clone();
                    sorted.sort();
                    assert_eq!(&sorted, moves, "{who}: moves sorted");
                }
                other => panic!("{who}: unexpected event {other:?}"),
            }
        }
        if rules.len() == 2 {
            assert_eq!(rules, ["9.2", "9.3"], "{who}: 9.2 before 9.3");
        }
    }
}

/// Independent reference for 9.2, by brute force over the whole history with shakmaty's
/// legal-en-passant `PartialEq`: (occurrences of the current position, the legal moves that
/// make a position occur for the third time, as sorted UCI).
fn naive_threefold(history: &[Chess], with_ahead: bool) -> (usize, Vec<String>) {
    let Some(pos) = history.last() else {
        return (0, Vec::new());
    };
    let count = |p: &Chess| history.iter().filter(|q| *q == p).count();
    let mut ahead = Vec::new();
    if with_ahead {
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if count(&next) >= 2 {
                ahead.push(m.to_uci(CastlingMode::Standard).to_string());
            }
        }
        ahead.sort();
    }
    (count(pos), ahead)
}

/// Every series of legal moves from `pos` (at most `depth` plies) reaches insufficient material
/// or stalemate, never a checkmate: a brute-force proof of a dead position on forced lines.
fn forced_dead(pos: &Chess, depth: u32) -> bool {
    if pos.is_insufficient_material() || pos.is_stalemate() {
        return true;
    }
    let legal = pos.legal_moves();
    if legal.is_empty() || depth == 0 || legal.len() > 4 {
        return false;
    }
    legal.iter().all(|&m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        forced_dead(&next, depth - 1)
    })
}

fn gives_mate(pos: &Chess, m: Move) -> bool {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p.is_checkmate()
}

// ---------------------------------------------------------------------------------------------
// The 15 scenarios of rules.md

#[test]
fn scenario_01_threefold_ep_square_not_legal_counts_as_same() {
    let (_, ev) = play(
        Chess::default(),
        "1.e4 e5 2.Nf3 Nf6 3.Ng1 Ng8 4.Nf3 Nf6 5.Ng1 Ng8",
    );
    for (i, e) in ev.iter().enumerate().take(8) {
        assert_eq!(claim(e, "9.2"), None, "no 9.2 claim at ply {}", i + 1);
    }
    // After 5.Ng1, Black may claim by writing Ng8 (the position after 1...e5 for the third time).
    assert_eq!(
        claim(&ev[8], "9.2"),
        Some(Claim {
            ply: 9,
            rule: "9.2",
            color: "black",
            on_board: false,
            moves: vec!["f6g8".into()]
        })
    );
    let c = claim(&ev[9], "9.2").expect("threefold on the board at ply 10");
    assert!(c.on_board);
    assert_eq!(c.color, "white");
}

#[test]
fn scenario_02_legal_ep_makes_a_different_position() {
    let (_, ev) = play(
        Chess::default(),
        "1.e4 Nf6 2.e5 d5 3.Nc3 Nc6 4.Nb1 Nb8 5.Nc3 Nc6 6.Nb1 Nb8 7.Nc3 Nc6 8.Nb1 Nb8",
    );
    for (i, e) in ev.iter().enumerate().take(11) {
        assert_eq!(claim(e, "9.2"), None, "no 9.2 claim at ply {}", i + 1);
    }
    let c = claim(&ev[11], "9.2").expect("claim-ahead at ply 12");
    assert!(!c.on_board, "ply 4 differs by the legal e.p. capture");
    assert_eq!(c.color, "white");
    assert_eq!(c.moves, ["b1c3"]);
    let c = claim(&ev[15], "9.2").expect("on the board after 8...Nb8");
    assert!(c.on_board);
}

#[test]
fn scenario_03_ep_exposing_the_king_is_not_legal() {
    let (_, ev) = play(
        fen("6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1"),
        "1...c5 2.Nf3 Nf6 3.Ng1 Ng8 4.Nf3 Nf6 5.Ng1 Ng8",
    );
    let first_on_board = ev
        .iter()
        .position(|e| claim(e, "9.2").is_some_and(|c| c.on_board))
        .map(|i| i + 1);
    assert_eq!(first_on_board, Some(9));
}

#[test]
fn scenario_04_castling_rights_change_the_position() {
    let (_, ev) = play(
        Chess::default(),
        "1.Nf3 Nf6 2.Rg1 Rg8 3.Rh1 Rh8 4.Rg1 Rg8 5.Rh1 Rh8 6.Rg1 Rg8",
    );
    assert!(claim(&ev[9], "9.2").is_none_or(|c| !c.on_board));
    let first_on_board = ev
        .iter()
        .position(|e| claim(e, "9.2").is_some_and(|c| c.on_board))
        .map(|i| i + 1);
    assert_eq!(first_on_board, Some(12));
}

#[test]
fn scenario_05_the_start_position_counts() {
    let (m, ev) = play(Chess::default(), "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8");
    let c = claim(&ev[7], "9.2").expect("threefold at ply 8");
    assert!(c.on_board);
    assert_eq!(m.repetitions(), 3);
    let first_on_board = ev
        .iter()
        .position(|e| claim(e, "9.2").is_some_and(|c| c.on_board));
    assert_eq!(first_on_board, Some(7));
}

#[test]
fn scenario_06_fivefold_not_consecutive_ends_the_game() {
    let (m, ev) = play(
        Chess::default(),
        "1.Nf3 Nf6 2.Ng1 Ng8 3.Nc3 Nc6 4.Nb1 Nb8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nc3 Nc6 8.Nb1 Nb8",
    );
    assert_eq!(
        the_end(&ev),
        Some(End {
            ply: 16,
            result: "1/2-1/2",
            reason: "fivefold_repetition",
            rule: "9.6.1"
        })
    );
    assert_eq!(ev[15].len(), 1, "no claim once the game has ended");
    assert_eq!(m.result(), Some("1/2-1/2"));
    check_invariants(&ev, "scenario 6");
}

#[test]
fn scenario_07_fifty_claim_ahead_and_only_captures() {
    let mut m = Monitor::new(fen(
        "r2qkbnr/pppb1ppp/1N6/n2pp1Q1/3PPB2/8/PPP2PPP/R3KBNR b KQkq - 99 52",
    ));
    let ev = m.judge_start();
    let c = claim(&ev, "9.3").expect("claim-ahead available");
    assert!(!c.on_board);
    assert_eq!(c.color, "black");
    let pos = m.position();
    let expected: Vec<String> = {
        let mut v: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.role() != shakmaty::Role::Pawn && !mv.is_capture())
            .map(|mv| mv.to_uci(CastlingMode::Standard).to_string())
            .collect();
        v.sort();
        v
    };
    assert!(!expected.is_empty());
    assert_eq!(c.moves, expected);

    let mut m = Monitor::new(fen(
        "r2qkbnr/pppbQppp/1N6/n2pp3/3PP3/4B3/PPP2PPP/R3KBNR b KQkq - 99 52",
    ));
    assert!(m.position().legal_moves().iter().all(|mv| mv.is_capture()));
    assert_eq!(claim(&m.judge_start(), "9.3"), None);
}

#[test]
fn scenario_08_fifty_claim_by_writing_a_mating_move_follows_fide() {
    let mut m = Monitor::new(fen("6rk/6pp/7N/5p2/6p1/8/2q5/K7 w - - 99 60"));
    let ev = m.judge_start();
    let c = claim(&ev, "9.3").expect("FIDE text: the claim by writing Nf7 is valid");
    assert_eq!(c.moves, ["h6f7"]);
    assert_eq!(c.color, "white");
    let EventKind::Claim { message, .. } = &ev[0] else {
        panic!("{ev:?}")
    };
    assert!(message.contains("Nf7#"), "{message}");
}

#[test]
fn scenario_09_mate_on_the_150th_halfmove_wins_else_75_moves() {
    let (m, ev) = play(
        fen("6k1/ppp2ppp/1b2Q1rr/1n1bp3/1BqPB1N1/2P3n1/PPN2PPP/1KR4R w - - 149 79"),
        "79.Qe8#",
    );
    assert_eq!(m.position().halfmoves(), 150);
    assert_eq!(
        the_end(&ev),
        Some(End {
            ply: 1,
            result: "1-0",
            reason: "checkmate",
            rule: "5.1.1"
        })
    );
    let (m, ev) = play(fen("7k/8/2R3K1/8/8/8/8/8 b - - 149 100"), "100...Kg8");
    assert_eq!(
        the_end(&ev),
        Some(End {
            ply: 1,
            result: "1/2-1/2",
            reason: "seventy_five_moves",
            rule: "9.6.2"
        })
    );
    assert_eq!(m.result(), Some("1/2-1/2"));
}

#[test]
fn scenario_10_stalemate_on_the_150th_halfmove_is_stalemate() {
    let (_, ev) = play(
        fen("8/4K3/1NB4P/p1pp4/PpP1k1p1/1P3pP1/1B3P1Q/3R2NR w - - 149 102"),
        "102.Qh5",
    );
    assert_eq!(
        the_end(&ev),
        Some(End {
            ply: 1,
            result: "1/2-1/2",
            reason: "stalemate",
            rule: "5.2.1"
        })
    );
}

#[test]
fn scenario_11_locked_pawn_wall_is_dead() {
    let start = fen("8/8/3k4/1p2p1p1/pP1pP1P1/P2P4/1K6/8 b - - 32 62");
    assert!(!start.is_insufficient_material(), "material is sufficient");
    let mut m = Monitor::new(start.clone());
    let e = end(&m.judge_start()).expect("dead in the start position");
    assert_eq!(
        (e.reason, e.rule, e.result),
        ("dead_position", "5.2.2", "1/2-1/2")
    );
    assert_eq!(m.can_mate(Color::White), Some(false));
    assert_eq!(m.can_mate(Color::Black), Some(false));
    // Reached by a move: 61...Kc6-d6 (from a position with the king on c6) ends it too.
    let (_, ev) = play(
        fen("8/8/2k5/1p2p1p1/pP1pP1P1/P2P4/1K6/8 w - - 31 62"),
        "62.Kc2",
    );
    assert_eq!(the_end(&ev).map(|e| e.reason), Some("dead_position"));
}

#[test]
fn scenario_12_forced_capture_to_bare_kings_is_dead() {
    let mut m = Monitor::new(fen("k7/P1K5/8/8/8/8/8/8 b - - 2 58"));
    assert_eq!(m.position().legal_moves().len(), 1);
    let e = end(&m.judge_start()).expect("dead already");
    assert_eq!((e.ply, e.reason, e.rule), (0, "dead_position", "5.2.2"));
}

#[test]
fn scenario_13_same_coloured_bishops_dead_knights_not() {
    let (m, ev) = play(fen("8/8/2b2k2/8/4N3/3BK3/8/8 b - - 0 1"), "1...Bxe4");
    assert_eq!(
        the_end(&ev),
        Some(End {
            ply: 1,
            result: "1/2-1/2",
            reason: "dead_position",
            rule: "5.2.2"
        })
    );
    assert_eq!(m.result(), Some("1/2-1/2"));
    let (m, ev) = play(fen("8/8/4k3/4n3/8/3NK3/8/8 w - - 0 1"), "1.Nb4 Nc4+");
    assert_eq!(the_end(&ev), None, "KN v KN: a helpmate exists");
    assert_eq!(m.can_mate(Color::White), Some(true));
    assert_eq!(m.can_mate(Color::Black), Some(true));
}

/// Scenario 14 (two completed illegal moves) belongs to the tracker; the monitor supplies the
/// "can the opponent mate at all" half of 7.5.5.
#[test]
fn scenario_14_can_mate_for_the_illegal_move_rule() {
    let m = Monitor::new(Chess::default());
    assert_eq!(m.can_mate(Color::Black), Some(true));
    // Black has only a king: White's second illegal move draws instead of losing.
    let m = Monitor::new(fen("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 30"));
    assert_eq!(m.can_mate(Color::Black), Some(false));
    assert_eq!(m.can_mate(Color::White), Some(true));
}

#[test]
fn scenario_15_play_goes_on_after_an_automatic_draw() {
    for rel in [
        "ashlar/pgn/seventyFive/03_seventy_five_end_with_half_move_clock_154.pgn",
        "ashlar/pgn/seventyFive/10_seventy_five_beyond_half_move_clock_154_beyond_half_move_clock_178_end_with_half_move_clock_10.pgn",
    ] {
        let g = &games(rel)[0];
        assert!(g.error.is_none(), "{rel}: {:?}", g.error);
        // The triggering ply, independently: the first position with 150 halfmoves.
        let mut pos = g.start.clone();
        let mut trigger = None;
        for (i, mv) in g.moves.iter().enumerate() {
            pos.play_unchecked(*mv);
            if pos.halfmoves() >= 150 && trigger.is_none() {
                trigger = Some(i as u32 + 1);
            }
        }
        let trigger = trigger.expect("reaches 150 halfmoves");
        let (m, ev) = run(&g.start, &g.moves);
        assert!(
            g.moves.len() as u32 > trigger,
            "{rel}: play went on after the draw"
        );
        assert_eq!(
            the_end(&ev),
            Some(End {
                ply: trigger,
                result: "1/2-1/2",
                reason: "seventy_five_moves",
                rule: "9.6.2"
            }),
            "{rel}"
        );
        assert_eq!(m.ply() as usize, g.moves.len(), "later moves still tracked");
        assert_eq!(m.position(), &pos);
        assert_eq!(m.result(), Some("1/2-1/2"));
        check_invariants(&ev, rel);
    }
}

// ---------------------------------------------------------------------------------------------
// Takebacks

/// Pushing, popping and pushing again gives exactly the events of pushing once, at every ply,
/// including popping the move that ended the game.
fn check_takebacks(g: &PgnGame, who: &str) {
    let (_, straight) = run(&g.start, &g.moves);
    let mut m = Monitor::new(g.start.clone());
    for (i, mv) in g.moves.iter().enumerate() {
        let first = m.push(mv);
        m.pop();
        assert_eq!(m.ply() as usize, i);
        let again = m.push(mv);
        assert_eq!(first, again, "{who}: ply {}", i + 1);
        assert_eq!(again, straight[i], "{who}: ply {}", i + 1);
    }
    // Take everything back, then replay: the same events again.
    for _ in 0..g.moves.len() {
        m.pop();
    }
    assert_eq!(m.ply(), 0);
    assert_eq!(m.result(), None);
    let replayed: Vec<_> = g.moves.iter().map(|mv| m.push(mv)).collect();
    assert_eq!(replayed, straight, "{who}: replay after taking all back");
}

#[test]
fn takebacks_restore_everything() {
    for rel in [
        "ashlar/pgn/fivefold/05_fivefold_beyond.pgn",
        "ashlar/pgn/seventyFive/03_seventy_five_end_with_half_move_clock_154.pgn",
        "pgn/rules/pychess-3fold.pgn",
        "pgn/rules/pychess-50.pgn",
        "pgn/rules/pychess-insufficient_material.pgn",
    ] {
        for g in games(rel) {
            check_takebacks(&g, rel);
        }
    }
    // Popping at the start does nothing; an illegal move changes nothing.
    let mut m = Monitor::new(Chess::default());
    m.pop();
    assert_eq!(m.ply(), 0);
    let bad = Move::Normal {
        role: shakmaty::Role::King,
        from: shakmaty::Square::E1,
        capture: None,
        to: shakmaty::Square::E3,
        promotion: None,
    };
    assert!(m.try_push(&bad).is_err());
    assert!(m.push(&bad).is_empty());
    assert_eq!(m.ply(), 0);
}

// ---------------------------------------------------------------------------------------------
// The ashlar rule cases against the python-chess oracle

fn oracle_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            oracle_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "jsonl") {
            out.push(p);
        }
    }
}

#[derive(Default, Debug)]
struct OracleTally {
    games: usize,
    plies: usize,
    threefold_claims: usize,
    fifty_claims: usize,
    ends: usize,
    /// Plies where python-chess refuses a fifty-move claim whose only qualifying moves mate.
    policy_fifty_mate: usize,
    /// Dead positions found before python-chess sees insufficient material (forced lines).
    forced_dead: usize,
}

#[test]
fn ashlar_oracle_ply_by_ply() {
    let root = shared_data::dir().join("ashlar");
    let mut files = Vec::new();
    oracle_files(&root.join("oracle"), &mut files);
    assert!(files.len() >= 19, "oracle files: {}", files.len());
    let mut t = OracleTally::default();
    for file in &files {
        let rel = file.strip_prefix(root.join("oracle")).unwrap();
        let pgn_dir = root.join("pgn").join(rel.with_extension(""));
        let text = std::fs::read_to_string(file).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let o: serde_json::Value = serde_json::from_str(line).unwrap();
            let name = o["pgn"].as_str().unwrap();
            let who = format!("{}/{name}", rel.display());
            let path = pgn_dir.join(name);
            let g = read_games(&std::fs::read(&path).unwrap_or_else(|e| panic!("{who}: {e}")))
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("{who}: no game"));
            assert!(g.error.is_none(), "{who}: {:?}", g.error);
            check_against_oracle(&g, &o, &who, &mut t);
        }
    }
    eprintln!("oracle: {t:?}");
    assert!(t.games >= 200, "{t:?}");
    assert!(
        t.threefold_claims > 0 && t.fifty_claims > 0 && t.ends > 0,
        "{t:?}"
    );
    assert!(
        t.forced_dead > 0,
        "the forced/ cases end before python-chess sees it: {t:?}"
    );
}

fn check_against_oracle(g: &PgnGame, o: &serde_json::Value, who: &str, t: &mut OracleTally) {
    let start_fen = Fen::from_position(&g.start, EnPassantMode::Legal).to_string();
    let oracle_start: Fen = o["startFen"].as_str().unwrap().parse().unwrap();
    let oracle_start: Chess = oracle_start.into_position(CastlingMode::Standard).unwrap();
    assert_eq!(g.start, oracle_start, "{who}: start {start_fen}");
    let moves = o["moves"].as_array().unwrap();
    assert_eq!(moves.len(), g.moves.len(), "{who}: move count");
    t.games += 1;

    let mut m = Monitor::new(g.start.clone());
    let mut history = vec![g.start.clone()];
    let mut expected_end: Option<(u32, &str)> = None;
    let mut per_ply = Vec::new();
    for (i, (mv, om)) in g.moves.iter().zip(moves).enumerate() {
        let ply = i as u32 + 1;
        let at = format!("{who} ply {ply} ({})", om["san"]);
        let flag = |k: &str| {
            om[k]
                .as_bool()
                .unwrap_or_else(|| panic!("{at}: no bool {k}"))
        };
        let before = m.position().clone();
        let events = m.try_push(mv).unwrap();
        t.plies += 1;
        let pos = m.position().clone();
        history.push(pos.clone());
        assert_eq!(
            om["uci"].as_str().unwrap(),
            mv.to_uci(CastlingMode::Standard).to_string(),
            "{at}"
        );
        let fen_after: Chess = om["fenAfter"]
            .as_str()
            .unwrap()
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert_eq!(pos, fen_after, "{at}: position");
        assert_eq!(
            u64::from(pos.halfmoves()),
            om["halfmoveClock"].as_u64().unwrap(),
            "{at}"
        );
        let _ = before;

        // The oracle's first ending, by the precedence of the Laws.
        if expected_end.is_none() {
            let reason = if flag("isCheckmate") {
                Some("checkmate")
            } else if flag("isStalemate") {
                Some("stalemate")
            } else if flag("isInsufficientMaterial") {
                Some("dead_position")
            } else if flag("isSeventyFiveMoves") {
                Some("seventy_five_moves")
            } else if flag("isFivefoldRepetition") {
                Some("fivefold_repetition")
            } else {
                None
            };
            expected_end = reason.map(|r| (ply, r));
            if let Some((p, r)) = expected_end {
                let got = end(&events);
                assert_eq!(got.map(|e| (e.ply, e.reason)), Some((p, r)), "{at}: end");
                t.ends += 1;
            } else if let Some(e) = end(&events) {
                // Only a dead position beyond insufficient material may come earlier than
                // python-chess sees an ending. The cases here are forced lines: proved dead
                // independently by exhausting the game tree with shakmaty alone.
                assert_eq!(e.reason, "dead_position", "{at}: unexpected end {e:?}");
                assert!(
                    forced_dead(&pos, 8),
                    "{at}: not provably dead by brute force"
                );
                expected_end = Some((ply, "dead_position"));
                t.ends += 1;
                t.forced_dead += 1;
            }
        }
        if expected_end.is_some() {
            assert!(claim(&events, "9.2").is_none() && claim(&events, "9.3").is_none());
            per_ply.push(events);
            continue;
        }

        // 9.2: the oracle, and the brute-force reference for the written moves.
        let threefold = claim(&events, "9.2");
        assert_eq!(
            threefold.is_some(),
            flag("canClaimThreefold"),
            "{at}: 9.2 claim"
        );
        assert_eq!(
            threefold.as_ref().is_some_and(|c| c.on_board),
            flag("isRepetition3"),
            "{at}: 9.2 on board"
        );
        let (count, ahead) = naive_threefold(&history, true);
        assert_eq!(m.repetitions() as usize, count, "{at}: occurrences");
        assert_eq!(
            threefold
                .as_ref()
                .map(|c| c.moves.clone())
                .unwrap_or_default(),
            ahead,
            "{at}: 9.2.1.1 moves"
        );
        if let Some(c) = &threefold {
            assert_eq!(
                c.color,
                if pos.turn() == Color::White {
                    "white"
                } else {
                    "black"
                }
            );
            t.threefold_claims += 1;
        }

        // 9.3: the oracle, except our documented policy on mating moves.
        let fifty = claim(&events, "9.3");
        assert_eq!(
            fifty.as_ref().is_some_and(|c| c.on_board),
            flag("isFiftyMoves"),
            "{at}: 9.3 on board"
        );
        let python = flag("canClaimFifty");
        match (&fifty, python) {
            (Some(_), true) => t.fifty_claims += 1,
            (None, false) => {}
            (Some(c), false) => {
                // python-chess refuses because every qualifying move mates; FIDE allows it.
                assert_eq!(pos.halfmoves(), 99, "{at}");
                assert!(!c.on_board && !c.moves.is_empty(), "{at}");
                for mv in pos.legal_moves() {
                    if !mv.is_zeroing() {
                        assert!(gives_mate(&pos, mv), "{at}: {mv:?} should mate");
                    }
                }
                t.policy_fifty_mate += 1;
                t.fifty_claims += 1;
            }
            (None, true) => panic!("{at}: python-chess allows a 9.3 claim, we do not"),
        }
        per_ply.push(events);
    }
    if expected_end.is_none() {
        assert_eq!(the_end(&per_ply), None, "{who}");
    }
    check_invariants(&per_ply, who);
}

// ---------------------------------------------------------------------------------------------
// pychess rule PGNs

#[test]
fn pychess_rule_games() {
    // 3fold: the start position for the third time at ply 8 and at ply 12 (second game).
    let g = games("pgn/rules/pychess-3fold.pgn");
    let firsts: Vec<Option<usize>> = g
        .iter()
        .map(|g| {
            let (_, ev) = run(&g.start, &g.moves);
            check_invariants(&ev, "pychess-3fold");
            ev.iter()
                .position(|e| claim(e, "9.2").is_some_and(|c| c.on_board))
                .map(|i| i + 1)
        })
        .collect();
    assert_eq!(firsts, [Some(8), Some(12)]);

    let g = &games("pgn/rules/pychess-threefold.pgn")[0];
    let (_, ev) = run(&g.start, &g.moves);
    assert!(ev.iter().any(|e| claim(e, "9.2").is_some()));

    // Insufficient material: 28...Kxd3 leaves two bare kings.
    let g = &games("pgn/rules/pychess-insufficient_material.pgn")[0];
    let (_, ev) = run(&g.start, &g.moves);
    assert_eq!(
        the_end(&ev).map(|e| (e.ply, e.reason)),
        Some((g.moves.len() as u32, "dead_position"))
    );

    // Mate: the last move mates.
    let g = &games("pgn/rules/pychess-mate.pgn")[0];
    let (m, ev) = run(&g.start, &g.moves);
    assert!(m.position().is_checkmate());
    assert_eq!(
        the_end(&ev).map(|e| (e.ply, e.reason)),
        Some((g.moves.len() as u32, "checkmate"))
    );

    // The fifty-move games, against shakmaty's halfmove clock.
    // (pychess-50halfmoves stops at 50 halfmoves: no claim.)
    for (rel, reaches) in [
        ("pgn/rules/pychess-50.pgn", true),
        ("pgn/rules/pychess-50halfmoves.pgn", false),
        ("pgn/rules/pychess-bilbao.pgn", true),
    ] {
        let mut any = false;
        for g in games(rel) {
            let (_, ev) = run(&g.start, &g.moves);
            check_invariants(&ev, rel);
            let ended = the_end(&ev).map_or(u32::MAX, |e| e.ply);
            let mut pos = g.start.clone();
            for (i, mv) in g.moves.iter().enumerate() {
                pos.play_unchecked(*mv);
                let ply = i as u32 + 1;
                if ply >= ended {
                    break;
                }
                let c = claim(&ev[i], "9.3");
                let h = pos.halfmoves();
                assert_eq!(
                    c.as_ref().is_some_and(|c| c.on_board),
                    h >= 100,
                    "{rel} ply {ply}"
                );
                let ahead = h == 99 && pos.legal_moves().iter().any(|m| !m.is_zeroing());
                assert_eq!(c.is_some(), h >= 100 || ahead, "{rel} ply {ply}");
                any |= c.is_some();
            }
        }
        assert_eq!(any, reaches, "{rel}: reaches the fifty-move condition");
    }

    // Every game in every file: the structural invariants and takebacks.
    for rel in [
        "pgn/rules/pychess-draw.pgn",
        "pgn/rules/pychess-material.pgn",
        "pgn/rules/pychess-promotion.pgn",
    ] {
        for g in games(rel) {
            let (_, ev) = run(&g.start, &g.moves);
            check_invariants(&ev, rel);
            check_takebacks(&g, rel);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Real games

/// Runs every game of `rel` through the monitor with the structural checks; compares 9.2 with
/// the brute-force reference (occurrences always; the written moves on every `ahead_every`-th
/// game). Returns, per game, whether the final position was a threefold repetition by the
/// reference, and whether the monitor reported a 9.2 claim at some ply.
fn real_games(rel: &str, ahead_every: usize) -> Vec<(PgnGame, bool, bool)> {
    let mut out = Vec::new();
    for (n, g) in games(rel).into_iter().enumerate() {
        let who = format!("{rel} game {}", n + 1);
        let (_, ev) = run(&g.start, &g.moves);
        check_invariants(&ev, &who);
        let ended = the_end(&ev).map_or(u32::MAX, |e| e.ply);
        let mut history = vec![g.start.clone()];
        let mut pos = g.start.clone();
        for (i, mv) in g.moves.iter().enumerate() {
            pos.play_unchecked(*mv);
            history.push(pos.clone());
            let ply = i as u32 + 1;
            if ply >= ended {
                break;
            }
            let (count, ahead) = naive_threefold(&history, n % ahead_every == 0);
            let c = claim(&ev[i], "9.2");
            assert_eq!(
                c.as_ref().is_some_and(|c| c.on_board),
                count >= 3,
                "{who} ply {ply}"
            );
            if n % ahead_every == 0 {
                assert_eq!(
                    c.map(|c| c.moves).unwrap_or_default(),
                    ahead,
                    "{who} ply {ply}"
                );
            }
        }
        let final_threefold = naive_threefold(&history, false).0 >= 3;
        let claimed = ev.iter().any(|e| claim(e, "9.2").is_some());
        out.push((g, final_threefold, claimed));
    }
    out
}

fn check_real_games(ahead_every: usize) {
    let dortmund = real_games("pgn/games/dortmund.pgn", ahead_every);
    assert_eq!(dortmund.len(), 347);
    let threefold: Vec<_> = dortmund.iter().filter(|(_, f, _)| *f).collect();
    assert_eq!(threefold.len(), 8, "the README's 8 threefold games");
    for (g, _, claimed) in &threefold {
        assert_eq!(g.tag("Result"), Some("1/2-1/2"));
        assert!(
            *claimed,
            "{:?} v {:?}: 9.2 claim",
            g.tag("White"),
            g.tag("Black")
        );
    }
    for rel in [
        "pgn/games/kasparov-deep-blue-1997.pgn",
        "pgn/games/lichess_db_sample.pgn",
    ] {
        let all = real_games(rel, ahead_every);
        assert!(all.iter().all(|(g, _, _)| g.error.is_none()), "{rel}");
    }
}

/// Every real game, 9.2 (with the written moves) against the brute-force reference: about two
/// seconds, so it runs in CI.
#[test]
fn real_games_all() {
    check_real_games(1);
}

#[test]
fn end_reasons_name_their_articles() {
    for (r, s, rule) in [
        (EndReason::Checkmate, "checkmate", "5.1.1"),
        (EndReason::Stalemate, "stalemate", "5.2.1"),
        (EndReason::SeventyFiveMoves, "seventy_five_moves", "9.6.2"),
        (
            EndReason::FivefoldRepetition,
            "fivefold_repetition",
            "9.6.1",
        ),
    ] {
        assert_eq!((r.as_str(), r.rule()), (s, rule));
    }
}

#[test]
fn docs_examples_are_real_output() {
    use eboardd::core::event::Event;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/events.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (_, ev) = play(
        Chess::default(),
        "1.e4 e5 2.Nf3 Nf6 3.Ng1 Ng8 4.Nf3 Nf6 5.Ng1",
    );
    let claim = Event::new(17000, ev[8][0].clone()).to_json();
    assert!(doc.contains(&claim), "docs/events.md lacks {claim}");
    let (_, ev) = play(fen("7k/8/2R3K1/8/8/8/8/8 b - - 149 100"), "100...Kg8");
    let end = Event::new(1000, ev[0][0].clone()).to_json();
    assert!(doc.contains(&end), "docs/events.md lacks {end}");
}

// ---------------------------------------------------------------------------------------------
// Random walks with takebacks: the monitor always equals a fresh one fed the same moves.

mod walks {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_pushes_and_pops(ops in proptest::collection::vec((any::<u8>(), 0u8..5), 1..200)) {
            // Few pieces, castling rights and a high halfmove clock: repetitions, 9.3 and the
            // 75-move rule all happen.
            let start = fen("r3k3/8/8/8/8/8/8/R3K2R w KQq - 60 1");
            let mut m = Monitor::new(start.clone());
            let mut moves: Vec<Move> = Vec::new();
            for (pick, op) in ops {
                let mut last = Vec::new();
                if op == 0 {
                    m.pop();
                    moves.pop();
                } else {
                    let legal = m.position().legal_moves();
                    if legal.is_empty() {
                        continue;
                    }
                    // Mostly among the first three moves (sorted): a small graph, so positions
                    // repeat; sometimes any move.
                    let mut legal: Vec<Move> = legal.into_iter().collect();
                    legal.sort_by_key(|m| m.to_uci(CastlingMode::Standard).to_string());
                    let span = if op <= 2 { legal.len().min(3) } else { legal.len() };
                    let mv = legal[pick as usize % span];
                    last = m.try_push(&mv).unwrap();
                    moves.push(mv);
                }
                let (fresh, events) = run(&start, &moves);
                prop_assert_eq!(m.ply(), fresh.ply());
                prop_assert_eq!(m.position(), fresh.position());
                prop_assert_eq!(m.repetitions(), fresh.repetitions());
                prop_assert_eq!(m.ending(), fresh.ending());
                prop_assert_eq!(m.claims(), fresh.claims());
                if !last.is_empty() {
                    prop_assert_eq!(&last, events.last().unwrap());
                }
            }
        }
    }
}
