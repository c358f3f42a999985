//! The board simulator: captures that parse and decode cleanly, whose sensed final board is
//! the game's final position, with every handling pattern occurring and observable.

use std::collections::BTreeMap;

use eboardd::core::capture::{Capture, Direction};
use eboardd::core::dgt::{
    ClockCommand, Command, Decoded, Decoder, Message, Orientation, PieceCode,
};
use eboardd::core::event::EventKind;
use eboardd::core::session::SessionConfig;
use eboardd::core::sim::{
    ActionKind, MAX_INTERMEDIATE_MS, MIN_REST_MS, Pattern, SimConfig, SimGame, VirtualBoard,
    games_from_pgn, physical_actions, simulate, simulate_with_script,
};
use eboardd::shell::shared_data;
use shakmaty::{Board, Color, Piece, Position, Role, Square};

fn dortmund() -> Vec<SimGame> {
    let path = shared_data::dir().join("pgn/games/dortmund.pgn");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let games = games_from_pgn(&String::from_utf8_lossy(&bytes));
    assert!(games.len() > 300, "only {} games parsed", games.len());
    games
}

/// Games with en passant (both colours), promotions with and without capture, underpromotion
/// and castling on both sides.
const SPECIAL: &str = r#"[Event "special 1"]
[Result "1-0"]

1. e4 a6 2. e5 d5 3. exd6 Nf6 4. dxc7 Nc6 5. cxd8=Q+ Kxd8 6. b4 a5 7. b5 Ra7 8. b6 Nb8
9. bxa7 Nc6 10. a8=N e5 11. Nf3 Bc5 12. Bc4 Rf8 13. O-O Ke7 1-0

[Event "special 2"]
[Result "0-1"]

1. d4 h5 2. Nc3 h4 3. g4 hxg3 4. e3 gxh2 5. Be2 hxg1=Q 6. Rxg1 e5 7. d5 c5 8. dxc6 Nxc6
9. Bf3 Nf6 10. Bd2 Be7 11. Qe2 O-O 12. O-O-O d6 0-1

[Event "special 3"]
[Result "1/2-1/2"]

1. e4 Nf6 2. Nc3 e5 3. f4 d6 4. f5 g5 5. fxg6 hxg6 6. Nf3 Nc6 7. Bc4 Be6 8. d3 Qd7
9. Be3 O-O-O 10. a3 Kb8 1/2-1/2
"#;

fn special_games() -> Vec<SimGame> {
    let g = games_from_pgn(SPECIAL);
    assert_eq!(g.len(), 3);
    assert_eq!(g[0].moves.len(), 26, "special 1 must parse completely");
    assert_eq!(g[1].moves.len(), 24, "special 2 must parse completely");
    assert_eq!(g[2].moves.len(), 20, "special 3 must parse completely");
    g
}

/// What a host reading the capture would believe is on the board.
struct Sensed {
    fields: [PieceCode; 64],
    dumps: usize,
    /// (time, index, piece) of every FIELD_UPDATE after the first dump.
    updates: Vec<(u64, u8, PieceCode)>,
    garbage: usize,
    clocks: usize,
    other: Vec<Message>,
}

fn sense(cap: &Capture) -> Sensed {
    let mut s = Sensed {
        fields: [PieceCode::Empty; 64],
        dumps: 0,
        updates: Vec::new(),
        garbage: 0,
        clocks: 0,
        other: Vec::new(),
    };
    let mut dec = Decoder::new();
    for r in cap.records.iter().filter(|r| r.dir == Direction::Rx) {
        for d in dec.feed_vec(&r.bytes) {
            match d {
                Decoded::Garbage(_) => s.garbage += 1,
                Decoded::Message(Message::BoardDump(f)) => {
                    s.fields = *f;
                    s.dumps += 1;
                }
                Decoded::Message(Message::FieldUpdate { index, piece }) => {
                    assert!(s.dumps > 0, "field update before the first dump");
                    s.fields[usize::from(index)] = piece;
                    s.updates.push((r.t_ms, index, piece));
                }
                Decoded::Message(Message::Clock(_)) => s.clocks += 1,
                Decoded::Message(m) => s.other.push(m),
            }
        }
    }
    if dec.flush().is_some() {
        s.garbage += 1;
    }
    s
}

fn fields_of(board: &Board, o: Orientation) -> [PieceCode; 64] {
    let mut f = [PieceCode::Empty; 64];
    for (i, x) in f.iter_mut().enumerate() {
        *x = board
            .piece_at(o.square(i as u8))
            .map_or(PieceCode::Empty, PieceCode::Piece);
    }
    f
}

fn protocol_errors(cap: &Capture) -> usize {
    let mut n = 0;
    eboardd::shell::replay::run_capture(cap, SessionConfig::default(), |e| {
        if matches!(e.kind, EventKind::ProtocolError { .. }) {
            n += 1;
        }
    });
    n
}

/// Simulates and checks everything that must hold for any game and configuration.
fn check_game(g: &SimGame, cfg: &SimConfig, label: &str) {
    let cap = simulate(g, cfg);
    let text = cap.to_text();
    let parsed = Capture::parse(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(parsed, cap, "{label}: capture text round trip");
    let tx: Vec<u8> = cap
        .records
        .iter()
        .filter(|r| r.dir == Direction::Tx)
        .take(5)
        .flat_map(|r| r.bytes.clone())
        .collect();
    assert_eq!(tx, vec![0x40, 0x4d, 0x45, 0x42, 0x4b], "{label}: handshake");
    let s = sense(&parsed);
    assert_eq!(s.garbage, 0, "{label}: garbage in the stream");
    assert!(
        s.other.contains(&Message::Version { major: 1, minor: 7 }),
        "{label}: no VERSION"
    );
    assert!(
        s.other
            .iter()
            .any(|m| matches!(m, Message::SerialNumber(x) if *x == cfg.serial)),
        "{label}: no SERIALNR"
    );
    let want = fields_of(g.final_position().board(), cfg.orientation);
    assert_eq!(s.fields, want, "{label}: final sensed board");
    assert_eq!(protocol_errors(&parsed), 0, "{label}: protocol errors");
    check_quiet_boards(g, cfg, &parsed, label);
    if cfg.clock && !g.moves.is_empty() {
        assert!(s.clocks > 0, "{label}: no clock messages");
    }
}

/// Whenever the board stream is quiet for a while (longer than any intermediate position can
/// last plus a scan), the sensed board is a position of the game, at the same or a later ply
/// than the previous quiet board.
fn check_quiet_boards(g: &SimGame, cfg: &SimConfig, cap: &Capture, label: &str) {
    const QUIET_MS: u64 = 1_800;
    let mut positions = vec![fields_of(g.start.board(), cfg.orientation)];
    let mut pos = g.start.clone();
    for &m in &g.moves {
        pos.play_unchecked(m);
        positions.push(fields_of(pos.board(), cfg.orientation));
    }
    // (time, board after the message) for every board-changing message.
    let mut boards: Vec<(u64, [PieceCode; 64])> = Vec::new();
    let mut fields = [PieceCode::Empty; 64];
    let mut dec = Decoder::new();
    for r in cap.records.iter().filter(|r| r.dir == Direction::Rx) {
        for d in dec.feed_vec(&r.bytes) {
            match d {
                Decoded::Message(Message::BoardDump(f)) => fields = *f,
                Decoded::Message(Message::FieldUpdate { index, piece }) => {
                    fields[usize::from(index)] = piece;
                }
                _ => continue,
            }
            boards.push((r.t_ms, fields));
        }
    }
    let mut ply = 0;
    let mut quiet = 0;
    for (k, (t, b)) in boards.iter().enumerate() {
        let next = boards.get(k + 1).map_or(u64::MAX, |n| n.0);
        if next - t < QUIET_MS {
            continue;
        }
        quiet += 1;
        match positions[ply..].iter().position(|p| p == b) {
            Some(d) => ply += d,
            None => panic!("{label}: board quiet at {t} ms is no game position from ply {ply} on"),
        }
    }
    // (Greedy matching may stop at an earlier repetition of the final position.)
    assert!(
        positions[ply] == positions[g.moves.len()],
        "{label}: last quiet board is not the final position"
    );
    assert!(quiet > 0 || g.moves.is_empty());
}

fn configs(seed: u64) -> Vec<SimConfig> {
    [Orientation::Normal, Orientation::Rotated]
        .into_iter()
        .map(|orientation| SimConfig {
            seed,
            orientation,
            noise: 1.0,
            missed_stretches: seed.is_multiple_of(2),
            clock: !seed.is_multiple_of(3),
            ..SimConfig::default()
        })
        .collect()
}

#[test]
fn dortmund_sample_final_board_is_the_final_position() {
    let games = dortmund();
    for (i, g) in games.iter().enumerate().step_by(15) {
        for cfg in configs(i as u64) {
            check_game(
                g,
                &cfg,
                &format!("dortmund game {} {:?}", i + 1, cfg.orientation),
            );
        }
    }
}

#[test]
#[ignore = "all 347 Dortmund games in both orientations (about a minute in debug)"]
fn dortmund_all_final_board_is_the_final_position() {
    let games = dortmund();
    for (i, g) in games.iter().enumerate() {
        for cfg in configs(i as u64) {
            check_game(
                g,
                &cfg,
                &format!("dortmund game {} {:?}", i + 1, cfg.orientation),
            );
        }
        let clean = SimConfig {
            seed: i as u64,
            noise: 0.0,
            ..SimConfig::default()
        };
        check_game(g, &clean, &format!("dortmund game {} clean", i + 1));
    }
}

#[test]
fn special_moves_final_board_in_both_orientations() {
    for (k, g) in special_games().iter().enumerate() {
        for seed in 0..6 {
            for cfg in configs(seed) {
                check_game(
                    g,
                    &cfg,
                    &format!("special {k} seed {seed} {:?}", cfg.orientation),
                );
            }
        }
    }
}

#[test]
fn same_seed_same_capture_other_seed_other_capture() {
    let games = dortmund();
    let cfg = SimConfig {
        seed: 42,
        missed_stretches: true,
        result_signal: true,
        ..SimConfig::default()
    };
    let a = simulate(&games[3], &cfg);
    let b = simulate(&games[3], &cfg);
    assert_eq!(a.to_text(), b.to_text());
    let c = simulate(&games[3], &SimConfig { seed: 43, ..cfg });
    assert_ne!(a.records, c.records);
}

#[test]
fn every_pattern_occurs_in_a_seeded_sample() {
    let mut games: Vec<SimGame> = dortmund().into_iter().take(20).collect();
    for _ in 0..4 {
        games.extend(special_games());
    }
    let mut counts: BTreeMap<Pattern, usize> = BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        for orientation in [Orientation::Normal, Orientation::Rotated] {
            let cfg = SimConfig {
                seed: i as u64,
                orientation,
                noise: 1.0,
                missed_stretches: true,
                result_signal: true,
                ..SimConfig::default()
            };
            let (cap, script) = simulate_with_script(g, &cfg);
            for p in &script.patterns {
                *counts.entry(p.pattern).or_default() += 1;
            }
            // With the result signal the final board is not the final position, but the
            // stream must still be clean.
            assert_eq!(sense(&cap).garbage, 0);
        }
    }
    for p in Pattern::ALL {
        assert!(
            counts.get(&p).copied().unwrap_or(0) > 0,
            "{p:?} never occurred: {counts:?}"
        );
    }
}

/// Replays a script's square changes and checks the timing contract.
#[test]
fn timing_contract_holds() {
    let mut games: Vec<SimGame> = dortmund().into_iter().step_by(25).collect();
    games.extend(special_games());
    for (i, g) in games.iter().enumerate() {
        for noise in [0.0, 0.5, 1.0] {
            let cfg = SimConfig {
                seed: i as u64 * 7 + 1,
                noise,
                missed_stretches: true,
                result_signal: true,
                ..SimConfig::default()
            };
            check_timing(g, &cfg, &format!("game {i} noise {noise}"));
        }
    }
}

fn check_timing(g: &SimGame, cfg: &SimConfig, label: &str) {
    let script = physical_actions(g, cfg, 1_000);
    let early: Vec<usize> = script
        .patterns
        .iter()
        .filter(|p| p.pattern == Pattern::EarlyReply)
        .map(|p| p.ply)
        .collect();
    // Game positions (boards) in order.
    let mut positions = vec![g.start.board().clone()];
    let mut pos = g.start.clone();
    for &m in &g.moves {
        pos.play_unchecked(m);
        positions.push(pos.board().clone());
    }
    let mut board = g.start.board().clone();
    let mut since = 1_000u64; // when the current board state began
    let mut done: Option<(usize, u64)> = None;
    let mut plies_done = 0;
    let mut last_t = 0;
    for a in &script.actions {
        assert!(a.t_ms >= last_t, "{label}: actions out of order");
        last_t = a.t_ms;
        match a.kind {
            ActionKind::Set { square, piece } => {
                if let Some((ply, t)) = done.take()
                    && !early.contains(&(ply + 1))
                {
                    assert!(
                        a.t_ms >= t + MIN_REST_MS,
                        "{label}: only {} ms rest after ply {ply}",
                        a.t_ms - t
                    );
                }
                let before = board.clone();
                match piece {
                    Some(p) => board.set_piece_at(square, p),
                    None => {
                        board.discard_piece_at(square);
                    }
                }
                if board != before && a.t_ms > since {
                    let is_game_position =
                        positions[..=(plies_done + 1).min(g.moves.len())].contains(&before);
                    if !is_game_position {
                        assert!(
                            a.t_ms - since <= MAX_INTERMEDIATE_MS,
                            "{label}: intermediate position held {} ms before {:?}",
                            a.t_ms - since,
                            a
                        );
                    }
                    since = a.t_ms;
                } else if board != before {
                    since = a.t_ms;
                }
            }
            ActionKind::MoveDone { ply } => {
                assert_eq!(board, positions[ply + 1], "{label}: board after ply {ply}");
                done = Some((ply, a.t_ms));
                plies_done = ply + 1;
            }
            _ => {}
        }
    }
}

// ---- Observable signatures of single patterns ----

fn only(pattern: Pattern, seed: u64, orientation: Orientation) -> SimConfig {
    SimConfig {
        seed,
        orientation,
        noise: 1.0,
        patterns: vec![pattern],
        clock: false,
        ..SimConfig::default()
    }
}

fn game(pgn: &str) -> SimGame {
    games_from_pgn(pgn).into_iter().next().expect("a game")
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

fn piece(c: char) -> PieceCode {
    PieceCode::Piece(Piece::from_char(c).expect("piece letter"))
}

/// The updates of one square, in order.
fn updates_of(s: &Sensed, o: Orientation, name: &str) -> Vec<(u64, PieceCode)> {
    let i = o.index(sq(name));
    s.updates
        .iter()
        .filter(|u| u.1 == i)
        .map(|u| (u.0, u.2))
        .collect()
}

fn first_update_pos(s: &Sensed, o: Orientation, name: &str, code: PieceCode) -> usize {
    let i = o.index(sq(name));
    s.updates
        .iter()
        .position(|u| u.1 == i && u.2 == code)
        .unwrap_or_else(|| panic!("no update {name}={code:?}"))
}

fn both() -> [Orientation; 2] {
    [Orientation::Normal, Orientation::Rotated]
}

#[test]
fn new_before_old_reports_target_first() {
    let g = game("1. e4 e5 2. Nf3 *");
    for o in both() {
        for seed in 0..10 {
            let s = sense(&simulate(&g, &only(Pattern::NewBeforeOld, seed, o)));
            // e2-e4 and g1-f3 are feasible in both orientations.
            assert!(
                first_update_pos(&s, o, "e4", piece('P'))
                    < first_update_pos(&s, o, "e2", PieceCode::Empty),
                "seed {seed} {o:?}"
            );
            assert!(
                first_update_pos(&s, o, "f3", piece('N'))
                    < first_update_pos(&s, o, "g1", PieceCode::Empty),
                "seed {seed} {o:?}"
            );
        }
    }
}

#[test]
fn swap_in_scan_capture_never_reads_empty() {
    let g = game("1. e4 d5 2. exd5 *");
    for o in both() {
        for seed in 0..10 {
            let s = sense(&simulate(&g, &only(Pattern::CaptureSwapInScan, seed, o)));
            let d5: Vec<PieceCode> = updates_of(&s, o, "d5").into_iter().map(|u| u.1).collect();
            assert_eq!(d5, vec![piece('p'), piece('P')], "seed {seed} {o:?}");
        }
    }
}

#[test]
fn victim_first_capture_reads_empty_before_capturer_leaves() {
    let g = game("1. e4 d5 2. exd5 *");
    for o in both() {
        for seed in 0..5 {
            let s = sense(&simulate(&g, &only(Pattern::CaptureVictimFirst, seed, o)));
            assert!(
                first_update_pos(&s, o, "d5", PieceCode::Empty)
                    < first_update_pos(&s, o, "e4", PieceCode::Empty)
            );
        }
    }
}

#[test]
fn slide_reports_a_passed_square() {
    let g = game("1. e4 e5 2. Qh5 *");
    for o in both() {
        for seed in 0..10 {
            let s = sense(&simulate(&g, &only(Pattern::Slide, seed, o)));
            let transit = ["e2", "f3", "g4"]
                .iter()
                .any(|n| updates_of(&s, o, n).iter().any(|u| u.1 == piece('Q')));
            assert!(transit, "seed {seed} {o:?}: queen never seen on e2/f3/g4");
        }
    }
}

#[test]
fn rook_first_castle_shows_rook_move_when_paused() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *");
    let mut long_pauses = 0;
    for o in both() {
        for seed in 0..12 {
            let cfg = only(Pattern::CastleRookFirst, seed, o);
            let script = physical_actions(&g, &cfg, eboardd::core::sim::GAME_START_MS);
            let time_of = |name: &str, p: Option<Piece>| {
                script
                    .actions
                    .iter()
                    .find(|a| {
                        a.kind
                            == ActionKind::Set {
                                square: sq(name),
                                piece: p,
                            }
                    })
                    .map(|a| a.t_ms)
                    .expect("castling action")
            };
            let pause = time_of("e1", None) - time_of("f1", Piece::from_char('R'));
            if pause > eboardd::core::sim::sensor::SCAN_MAX_MS {
                long_pauses += 1;
                let s = sense(&simulate(&g, &cfg));
                assert!(
                    first_update_pos(&s, o, "f1", piece('R'))
                        < first_update_pos(&s, o, "e1", PieceCode::Empty),
                    "seed {seed} {o:?}"
                );
            }
        }
    }
    assert!(long_pauses > 0);
}

#[test]
fn en_passant_orders() {
    let g = game("1. e4 a6 2. e5 d5 3. exd6 *");
    for o in both() {
        for seed in 0..5 {
            let s = sense(&simulate(&g, &only(Pattern::EnPassantVictimAfter, seed, o)));
            assert!(
                first_update_pos(&s, o, "d6", piece('P'))
                    < first_update_pos(&s, o, "d5", PieceCode::Empty)
            );
            let s = sense(&simulate(
                &g,
                &only(Pattern::EnPassantVictimBefore, seed, o),
            ));
            assert!(
                first_update_pos(&s, o, "d5", PieceCode::Empty)
                    < first_update_pos(&s, o, "e5", PieceCode::Empty)
            );
        }
    }
}

#[test]
fn promotion_pawn_first_shows_pawn_on_last_rank() {
    let g = game("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q *");
    for o in both() {
        for seed in 0..5 {
            let s = sense(&simulate(&g, &only(Pattern::PromotionPawnFirst, seed, o)));
            let a8: Vec<PieceCode> = updates_of(&s, o, "a8").into_iter().map(|u| u.1).collect();
            assert_ne!(a8.first(), Some(&piece('Q')), "seed {seed}: {a8:?}");
            assert!(a8.contains(&piece('P')), "seed {seed}: {a8:?}");
            assert_eq!(a8.last(), Some(&piece('Q')));
            let s = sense(&simulate(&g, &only(Pattern::PromotionDirect, seed, o)));
            let a8: Vec<PieceCode> = updates_of(&s, o, "a8").into_iter().map(|u| u.1).collect();
            assert!(!a8.contains(&piece('P')), "seed {seed}: {a8:?}");
        }
    }
}

/// Empty-then-same-piece pairs on one field with no move in between, and their gaps.
fn blinks(s: &Sensed) -> Vec<u64> {
    let mut out = Vec::new();
    let mut last: [Option<(u64, PieceCode)>; 64] = [None; 64];
    let mut content = [PieceCode::Empty; 64];
    for &(t, i, p) in &s.updates {
        let f = usize::from(i);
        if p == PieceCode::Empty {
            last[f] = Some((t, content[f]));
        } else if let Some((t0, was)) = last[f].take()
            && was == p
        {
            out.push(t - t0);
        }
        content[f] = p;
    }
    out
}

#[test]
fn flicker_is_a_short_blink() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 *");
    for o in both() {
        let s = sense(&simulate(&g, &only(Pattern::Flicker, 11, o)));
        let b = blinks(&s);
        assert!(!b.is_empty());
        assert!(b.iter().all(|&gap| gap <= 100), "{b:?}");
    }
}

#[test]
fn jadoube_is_seen_when_held_long_enough() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 *");
    let mut seen = 0;
    for seed in 0..6 {
        let s = sense(&simulate(
            &g,
            &only(Pattern::Jadoube, seed, Orientation::Normal),
        ));
        seen += blinks(&s).len();
    }
    assert!(seen > 0);
}

#[test]
fn early_reply_starts_before_the_rest() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *");
    let script = physical_actions(&g, &only(Pattern::EarlyReply, 5, Orientation::Normal), 0);
    let mut done_at = None;
    let mut gaps = Vec::new();
    for a in &script.actions {
        match a.kind {
            ActionKind::MoveDone { .. } => done_at = Some(a.t_ms),
            ActionKind::Set { .. } => {
                if let Some(d) = done_at.take() {
                    gaps.push(a.t_ms - d);
                }
            }
            _ => {}
        }
    }
    assert_eq!(gaps.len(), 5);
    assert!(gaps.iter().all(|g| (50..=250).contains(g)), "{gaps:?}");
}

#[test]
fn missed_stretch_loses_updates_then_dumps() {
    let games = dortmund();
    let mut found = 0;
    for (i, g) in games.iter().take(10).enumerate() {
        let cfg = SimConfig {
            seed: i as u64,
            missed_stretches: true,
            patterns: vec![Pattern::MissedStretch],
            ..SimConfig::default()
        };
        let (cap, script) = simulate_with_script(g, &cfg);
        let stretches = script
            .patterns
            .iter()
            .filter(|p| p.pattern == Pattern::MissedStretch)
            .count();
        let s = sense(&cap);
        assert_eq!(
            s.dumps,
            1 + stretches,
            "one dump per stretch after the handshake"
        );
        // Each stretch hides at least 2 plies, i.e. at least 4 square changes.
        let sets = script
            .actions
            .iter()
            .filter(|a| matches!(a.kind, ActionKind::Set { .. }))
            .count();
        if stretches > 0 {
            assert!(s.updates.len() + 4 * stretches <= sets);
        }
        found += stretches;
        assert_eq!(
            s.fields,
            fields_of(g.final_position().board(), Orientation::Normal)
        );
    }
    assert!(found > 0);
}

#[test]
fn result_signal_puts_kings_in_the_centre() {
    let g = special_games();
    for o in both() {
        for (k, want) in [(0, ["e4", "d5"]), (1, ["d4", "e5"]), (2, ["e4", "e5"])] {
            let cfg = SimConfig {
                orientation: o,
                result_signal: true,
                ..SimConfig::default()
            };
            let s = sense(&simulate(&g[k], &cfg));
            assert_eq!(
                s.fields[usize::from(o.index(sq(want[0])))],
                piece('K'),
                "game {k}"
            );
            assert_eq!(
                s.fields[usize::from(o.index(sq(want[1])))],
                piece('k'),
                "game {k}"
            );
            let kings = s
                .fields
                .iter()
                .filter(|f| matches!(f, PieceCode::Piece(p) if p.role == Role::King))
                .count();
            assert_eq!(kings, 2);
        }
    }
}

// ---- PGN ----

#[test]
fn pgn_variations_fen_and_illegal_moves() {
    let text = "[Event \"a\"]\n\n1. e4 (1. d4 d5) e5 {c} 2. Nf3 $1 Nc6 1-0\n\n\
                [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n\n\
                [Event \"c\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n\
                [Event \"d\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n\n\
                [Event \"e\"]\n\n1. d4 *\n";
    let g = games_from_pgn(text);
    let events: Vec<&str> = g.iter().map(|g| g.header("Event").unwrap_or("")).collect();
    assert_eq!(events, ["a", "b", "c", "e"]);
    assert_eq!(g[0].moves.len(), 4);
    assert_eq!(g[1].moves.len(), 2);
    assert!(g[1].moves[0].is_castle());
    assert_eq!(
        g[1].start.board().piece_at(sq("h1")),
        Some(Piece::from_char('R').unwrap())
    );
    assert_eq!(g[2].moves.len(), 2, "truncated before the illegal Ke3");
    assert_eq!(g[3].moves.len(), 1);
    assert_eq!(g[0].final_position().turn(), Color::White);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn pgn_parser_never_panics(s in "[\\[\\]\"a-hKQRBNx1-8O=+#{}() .\\n*-]{0,200}") {
        let _ = games_from_pgn(&s);
    }

    #[test]
    fn virtual_board_survives_any_host_bytes(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
        let mut vb = VirtualBoard::new("12345", Orientation::Normal);
        vb.handle_host(0, &bytes);
        let mut dec = Decoder::new();
        for _ in 0..1000 {
            let Some(t) = vb.poll_timeout() else { break };
            vb.handle_timeout(t);
            while let Some(out) = vb.poll_output() {
                for d in dec.feed_vec(&out) {
                    proptest::prop_assert!(matches!(d, Decoded::Message(_)));
                }
            }
        }
    }
}

// ---- VirtualBoard ----

/// Runs the board until nothing is pending (or `until`), returning the messages it sent and
/// checking that each output is exactly one well-framed message.
fn drain(vb: &mut VirtualBoard, until: u64) -> Vec<Message> {
    let mut out = Vec::new();
    loop {
        while let Some(bytes) = vb.poll_output() {
            let d = Decoder::new().feed_vec(&bytes);
            assert_eq!(d.len(), 1, "one frame per output: {bytes:02x?}");
            match d.into_iter().next() {
                Some(Decoded::Message(m)) => out.push(m),
                other => panic!("garbage output {bytes:02x?}: {other:?}"),
            }
        }
        match vb.poll_timeout() {
            Some(t) if t <= until => vb.handle_timeout(t),
            _ => break,
        }
    }
    out
}

#[test]
fn virtual_board_answers_the_handshake() {
    for o in both() {
        let mut vb = VirtualBoard::new("12345", o);
        vb.handle_host(0, &[0x4d, 0x45, 0x42, 0x47, 0x55, 0x41]);
        let msgs = drain(&mut vb, 10_000);
        assert_eq!(msgs.len(), 6, "{msgs:?}");
        assert_eq!(msgs[0], Message::Version { major: 1, minor: 7 });
        assert_eq!(msgs[1], Message::SerialNumber("12345".into()));
        assert_eq!(
            msgs[2],
            Message::BoardDump(Box::new(fields_of(&Board::default(), o)))
        );
        assert!(matches!(&msgs[3], Message::Trademark(t) if !t.is_empty()));
        assert_eq!(msgs[4], Message::LongSerialNumber("0000012345".into()));
        let Message::Clock(c) = &msgs[5] else {
            panic!("{:?}", msgs[5])
        };
        assert_eq!(c.left.display(), "1:30:00");
        assert!(!c.running && !c.no_clock);

        // A clock command split over two writes gets one ack.
        let beep = Command::Clock(ClockCommand::Beep { duration: 4 }).encode();
        vb.handle_host(20_000, &beep[..3]);
        vb.handle_host(20_001, &beep[3..]);
        let msgs = drain(&mut vb, 30_000);
        assert_eq!(msgs.len(), 1);
        assert!(matches!(msgs[0], Message::ClockAck(_)), "{msgs:?}");

        vb.set_clock_attached(false);
        vb.handle_host(31_000, &[0x41]);
        let msgs = drain(&mut vb, 40_000);
        assert!(matches!(&msgs[0], Message::Clock(c) if c.no_clock));
    }
}

#[test]
fn virtual_board_streams_field_updates_only_in_update_mode() {
    let o = Orientation::Rotated;
    let mut vb = VirtualBoard::new("00042", o);
    let pawn = Piece::from_char('P');
    // Idle: a move is sensed but not reported.
    vb.set_square(100, sq("e2"), None);
    vb.set_square(400, sq("e4"), pawn);
    assert!(drain(&mut vb, 5_000).is_empty());
    // Board-only update mode: reported, nothing else.
    vb.handle_host(5_000, &[0x44]);
    vb.set_square(5_100, sq("d2"), None);
    vb.set_square(5_500, sq("d4"), pawn);
    let msgs = drain(&mut vb, 10_000);
    assert_eq!(
        msgs,
        vec![
            Message::FieldUpdate {
                index: o.index(sq("d2")),
                piece: PieceCode::Empty
            },
            Message::FieldUpdate {
                index: o.index(sq("d4")),
                piece: piece('P')
            },
        ]
    );
    // Reset stops updates again.
    vb.handle_host(10_000, &[0x40]);
    vb.set_square(10_100, sq("d4"), None);
    assert!(drain(&mut vb, 15_000).is_empty());
    // The dump shows the physical board.
    vb.handle_host(15_000, &[0x42]);
    let msgs = drain(&mut vb, 16_000);
    let Message::BoardDump(f) = &msgs[0] else {
        panic!()
    };
    assert_eq!(f[usize::from(o.index(sq("e4")))], piece('P'));
    assert_eq!(f[usize::from(o.index(sq("d4")))], PieceCode::Empty);
}

#[test]
fn virtual_board_plays_a_scheduled_game() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
    let mut vb = VirtualBoard::new("12345", Orientation::Normal);
    vb.handle_host(0, &[0x44]);
    // Off the start position first: the schedule sets it up again.
    vb.set_square(10, sq("a1"), None);
    let cfg = SimConfig {
        noise: 1.0,
        ..SimConfig::default()
    };
    vb.schedule_game(&g, &cfg, 1_000);
    let mut fields = fields_of(&Board::default(), Orientation::Normal);
    fields[usize::from(Orientation::Normal.index(sq("a1")))] = PieceCode::Empty;
    for m in drain(&mut vb, 1_000_000) {
        if let Message::FieldUpdate { index, piece } = m {
            fields[usize::from(index)] = piece;
        }
    }
    assert!(!vb.script_pending());
    assert_eq!(
        fields,
        fields_of(g.final_position().board(), Orientation::Normal)
    );
}

#[test]
fn clock_runs_for_the_side_to_move() {
    let g = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *");
    let cfg = SimConfig {
        seed: 9,
        think_ms: (2_000, 4_000),
        ..SimConfig::default()
    };
    let cap = simulate(&g, &cfg);
    let mut dec = Decoder::new();
    let mut clocks = Vec::new();
    for r in cap.records.iter().filter(|r| r.dir == Direction::Rx) {
        for d in dec.feed_vec(&r.bytes) {
            if let Decoded::Message(Message::Clock(c)) = d {
                clocks.push(c);
            }
        }
    }
    // Set (stopped), then White (left side by default) runs first.
    assert!(!clocks[0].running);
    assert_eq!(clocks[0].left.display(), "1:30:00");
    let first_running = clocks.iter().find(|c| c.running).expect("clock ran");
    assert!(first_running.left_to_move && !first_running.right_to_move);
    // Times never go up; the side to move alternates once per move (6 presses).
    let mut switches = 0;
    for w in clocks.windows(2) {
        assert!(w[1].left.total_seconds() <= w[0].left.total_seconds());
        assert!(w[1].right.total_seconds() <= w[0].right.total_seconds());
        if w[0].running && w[1].running && w[0].left_to_move != w[1].left_to_move {
            switches += 1;
        }
    }
    assert_eq!(
        switches, 6,
        "one press after each of the 6 plies, then the clock is stopped"
    );
    assert!(!clocks.last().unwrap().running, "stopped after the game");
    // Thinking took several seconds per move: both sides lost time.
    let last = clocks.last().unwrap();
    assert!(last.left.total_seconds() < 5400 && last.right.total_seconds() < 5400);
}
