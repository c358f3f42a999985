//! Property: any legal game, played on a simulated board with random handling (every pattern
//! but replies started before a move settled), is reconstructed exactly by move inference on an
//! identity board, in either orientation. Games are random walks through the legal moves.
//! And with every pattern, in both sensing modes: whatever the tracker decides (provisional
//! lines, revisions, re-reads), the event stream stays a consistent game — every move legal
//! where the consumer stands, every takeback of the ply it names.

use eboardd::core::dgt::Orientation;
use eboardd::core::event::EventKind;
use eboardd::core::session::{Sensing, SessionConfig};
use eboardd::core::sim::{Pattern, SimConfig, SimGame, replay_config, simulate};
use eboardd::shell::replay::{replay_moves, run_capture};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// A random legal game of up to `plies` plies, chosen by `picks` (stops at the game's end).
fn random_game(picks: &[u16]) -> SimGame {
    let mut pos = Chess::default();
    let mut moves: Vec<Move> = Vec::new();
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(p) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    SimGame {
        headers: Vec::new(),
        start: Chess::default(),
        moves,
    }
}

/// The game's moves in UCI, as the events name them.
fn game_ucis(g: &SimGame) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

fn reconstructed(g: &SimGame, cfg: &SimConfig) -> Vec<String> {
    let cap = simulate(g, cfg);
    let config = SessionConfig {
        frame_events: false,
        ..SessionConfig::default()
    };
    replay_moves(&cap, config)
}

proptest! {
    // (`PROPTEST_CASES=N` runs more.)
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn random_legal_games_reconstruct_exactly(
        picks in proptest::collection::vec(any::<u16>(), 1..80),
        seed in any::<u64>(),
        noise in 0.0f64..1.0,
        rotated in any::<bool>(),
    ) {
        let g = random_game(&picks);
        let cfg = SimConfig {
            seed,
            noise,
            orientation: if rotated { Orientation::Rotated } else { Orientation::Normal },
            patterns: Pattern::ALL.iter().copied().filter(|p| *p != Pattern::EarlyReply).collect(),
            ..SimConfig::default()
        };
        let want = game_ucis(&g);
        prop_assert_eq!(reconstructed(&g, &cfg), want);
    }
}

/// Replays the game's capture and checks the event stream as a consumer folding it would:
/// each `move` legal in the position reached and numbered as the next ply, each `takeback`
/// naming the last ply and giving the position before it.
fn consistent_stream(g: &SimGame, cfg: &SimConfig, sensing: Sensing) -> Result<(), String> {
    let cap = simulate(g, cfg);
    let config = replay_config(g, cfg, sensing);
    let fen = |p: &Chess| Fen::from_position(p, EnPassantMode::Legal).to_string();
    let mut stack: Vec<Chess> = Vec::new();
    let mut error: Option<String> = None;
    // (The events before a failure, to show it.)
    let mut log: Vec<String> = Vec::new();
    run_capture(&cap, config, |e| {
        if error.is_some() {
            return;
        }
        if matches!(
            e.kind,
            EventKind::Move { .. } | EventKind::Takeback { .. } | EventKind::Ambiguous { .. }
        ) {
            log.push(serde_json::to_string(&e).unwrap_or_default());
        }
        let mut fail = |m: String| error = Some(format!("at {} ms: {m}", e.t_ms));
        match e.kind {
            EventKind::NewGame { fen: f, .. } => {
                let p: Chess = f
                    .parse::<Fen>()
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Standard).ok())
                    .expect("a new game's FEN");
                stack = vec![p];
            }
            EventKind::Move {
                ply,
                uci,
                fen: after,
                illegal: false,
                ..
            } => {
                let Some(pos) = stack.last() else {
                    return fail(format!("move {uci} without a game"));
                };
                if ply as usize != stack.len() {
                    return fail(format!(
                        "move {uci} numbered {ply}, expected {}",
                        stack.len()
                    ));
                }
                let Ok(m) = uci
                    .parse::<UciMove>()
                    .map_err(|_| ())
                    .and_then(|u| u.to_move(pos).map_err(|_| ()))
                else {
                    return fail(format!("move {uci} not legal in {}", fen(pos)));
                };
                let mut next = pos.clone();
                next.play_unchecked(m);
                if fen(&next) != after {
                    return fail(format!("move {uci}: fen {after}, expected {}", fen(&next)));
                }
                stack.push(next);
            }
            EventKind::Takeback { ply, fen: now } => {
                if ply as usize + 1 != stack.len() || stack.len() < 2 {
                    return fail(format!(
                        "takeback of ply {ply} with {} plies played",
                        stack.len().saturating_sub(1)
                    ));
                }
                stack.pop();
                if stack.last().map(&fen) != Some(now.clone()) {
                    fail(format!("takeback of ply {ply}: fen {now}"));
                }
            }
            _ => {}
        }
    });
    let recent = log[log.len().saturating_sub(12)..].join("\n");
    error.map_or(Ok(()), |e| {
        Err(format!("{e}; the events before:\n{recent}"))
    })
}

/// The simulator's settings for a random game handled with every pattern.
/// [`consistent_stream`] for the random game `picks` with every pattern, in either sensing
/// mode, with or without the link down now and then (`missed_stretches`).
fn consistent_random_stream(
    picks: &[u16],
    seed: u64,
    noise: f64,
    rotated: bool,
    occupancy: bool,
    missed_stretches: bool,
) -> Result<(), String> {
    let g = random_game(picks);
    let cfg = SimConfig {
        missed_stretches,
        ..every_pattern(seed, noise, rotated)
    };
    let sensing = if occupancy {
        Sensing::Occupancy
    } else {
        Sensing::Identity
    };
    consistent_stream(&g, &cfg, sensing)
}

fn every_pattern(seed: u64, noise: f64, rotated: bool) -> SimConfig {
    SimConfig {
        seed,
        noise,
        orientation: if rotated {
            Orientation::Rotated
        } else {
            Orientation::Normal
        },
        patterns: Pattern::ALL.to_vec(),
        ..SimConfig::default()
    }
}

/// The illegal-move and displaced-pieces alerts the game's replay raises (as JSON), and the
/// moves it ends with.
fn alerts_and_moves(g: &SimGame, cfg: &SimConfig, sensing: Sensing) -> (Vec<String>, Vec<String>) {
    let mut alerts: Vec<String> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    run_capture(
        &simulate(g, cfg),
        replay_config(g, cfg, sensing),
        |e| match e.kind {
            EventKind::IllegalMove { .. } | EventKind::Displaced { .. } => {
                alerts.push(serde_json::to_string(&e).unwrap_or_default())
            }
            EventKind::Move { uci, .. } => moves.push(uci),
            EventKind::Takeback { .. } => {
                moves.pop();
            }
            _ => {}
        },
    );
    (alerts, moves)
}

/// The random game `picks` reconstructed exactly on an identity board (no events but moves
/// looked at).
fn exact_with(picks: &[u16], cfg: &SimConfig) {
    let g = random_game(picks);
    let want = game_ucis(&g);
    assert_eq!(reconstructed(&g, cfg), want);
}

/// The random game `picks` handled with every pattern on an identity board: no alert, and
/// the game exactly.
fn no_alert_and_exact(picks: &[u16], seed: u64, noise: f64, rotated: bool) {
    let g = random_game(picks);
    let (alerts, moves) =
        alerts_and_moves(&g, &every_pattern(seed, noise, rotated), Sensing::Identity);
    assert!(alerts.is_empty(), "{alerts:?}");
    let want = game_ucis(&g);
    assert_eq!(moves, want);
}

proptest! {
    // (`PROPTEST_CASES=N` runs more.)
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48)
    ))]

    #[test]
    fn event_stream_stays_consistent_with_every_pattern(
        picks in proptest::collection::vec(any::<u16>(), 1..80),
        seed in any::<u64>(),
        noise in 0.5f64..1.0,
        rotated in any::<bool>(),
        occupancy in any::<bool>(),
    ) {
        let r = consistent_random_stream(&picks, seed, noise, rotated, occupancy, false);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    /// The same with the link down for 2–3 plies now and then, back with a full dump
    /// (`missed_stretches`): the moves missed are read again, taken back and read otherwise —
    /// every `move` still legal where it is played. (Since stop 54: a reading taken back with
    /// the moves followed since kept had played a castle where no king stood, and the session
    /// panicked on the position.)
    #[test]
    fn event_stream_stays_consistent_with_missed_stretches(
        picks in proptest::collection::vec(any::<u16>(), 1..80),
        seed in any::<u64>(),
        noise in 0.5f64..1.0,
        rotated in any::<bool>(),
        occupancy in any::<bool>(),
    ) {
        let r = consistent_random_stream(&picks, seed, noise, rotated, occupancy, true);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    /// A legal game, whatever its handling (every pattern, early replies too), in either
    /// sensing mode, never raises an illegal-move or displaced-pieces alert: the arbiter is
    /// called only to real irregularities. (200,000 cases pass, 2026-12-04.)
    #[test]
    fn legal_games_raise_no_alerts_with_every_pattern(
        picks in proptest::collection::vec(any::<u16>(), 1..80),
        seed in any::<u64>(),
        noise in 0.0f64..1.0,
        rotated in any::<bool>(),
        occupancy in any::<bool>(),
    ) {
        let g = random_game(&picks);
        let cfg = every_pattern(seed, noise, rotated);
        let sensing = if occupancy { Sensing::Occupancy } else { Sensing::Identity };
        let (alerts, _) = alerts_and_moves(&g, &cfg, sensing);
        prop_assert!(alerts.is_empty(), "{alerts:?}");
    }
}

/// The harness itself: a known short game comes back move for move.
#[test]
fn the_harness_sees_moves() {
    let g = random_game(&[0, 0, 0, 0]);
    assert_eq!(g.moves.len(), 4);
    let want = game_ucis(&g);
    let cfg = SimConfig {
        noise: 0.0,
        ..SimConfig::default()
    };
    assert_eq!(reconstructed(&g, &cfg), want);
}

/// Found by this property at 400,000 cases (2026-12-04): candidates pending on an occupancy
/// board, a board none of them explains, and the look afresh from the game position read the
/// earlier moves again — `takeback`s to ply 23, then moves back to the same ply in another
/// position. The old candidates, moves from the position before, were then taken as played:
/// `Nxb2` from d3 with the knight on g6, an illegal move in the stream.
#[test]
fn candidates_from_a_position_read_again_are_dropped() {
    let picks = [
        45299, 9499, 3113, 4112, 7992, 2589, 9199, 24330, 3997, 18191, 17261, 11264, 50957, 21281,
        11859, 53021, 20809, 37456, 2552, 18368, 28573, 2525, 34507, 55165, 12540, 37178, 3522,
        9978, 13235, 26602, 14951,
    ];
    let g = random_game(&picks);
    let cfg = SimConfig {
        seed: 7616259721894290192,
        noise: 0.668446123988415,
        orientation: Orientation::Rotated,
        patterns: Pattern::ALL.to_vec(),
        ..SimConfig::default()
    };
    let r = consistent_stream(&g, &cfg, Sensing::Occupancy);
    assert!(r.is_ok(), "{}", r.unwrap_err());
}

/// Found by the identity property run with every pattern, early replies too (2026-12-04, one
/// in some 40,000 games): `Bc8-f5` slid, paused on d7 and reported `Bd7+`, went on to f5;
/// Black lifted his queen at once and White his bishop again for `Bh3`, and Black pressed
/// the clock with `Qd7` not yet reported. The press was judged a completed illegal move
/// (`d8-d7`, 7.5.1: two minutes to White) — the board read as the bishop's move revised and
/// the replies with a piece in the hand, a move in progress the press completes. (Early
/// replies stay out of the property itself: a promotion captured at once, the new piece never
/// on the board, cannot be told even on an identity board.)
#[test]
fn a_press_while_a_revised_slide_is_replied_to_is_no_illegal_move() {
    let picks: &[u16] = &[
        22790, 13896, 49520, 1296, 711, 1059, 50542, 20689, 36184, 36290, 24235, 43985, 62487,
        25427, 49202, 61056, 5317, 31750, 6711, 199, 44925, 16725, 20529, 32745, 25787, 3562,
        20629,
    ];
    exact_with(
        picks,
        &every_pattern(8777356775611835230, 0.7649630876050906, true),
    );
}

/// Found by a property run over random games with every pattern (2026-12-04, one game in some
/// 36,000): `Be6 Nxc7+ Kd7 Rc1 Kc6` within 2.4 s on an identity board — the bishop's slide
/// cleared d7 late, Black's king lifted before the knight landed — broke the moves followed one
/// by one, and five moves are one more than the search reaches: the board was reported as
/// displaced pieces (7.4) and the game stalled there. Now the one line of a move more that
/// accounts for every report is taken.
#[test]
fn five_quick_moves_past_a_broken_follow_are_no_displaced_pieces() {
    let picks: &[u16] = &[
        10196, 23901, 23820, 65154, 51597, 64197, 35748, 24355, 57453, 23589, 40650, 29278, 28732,
        3256, 16259, 225, 21029, 36397, 0,
    ];
    no_alert_and_exact(picks, 12430599301170481498, 0.848768476818915, false);
}

/// Found by the identity property above at 200,000 cases (2026-12-04, one game in ~29,000):
/// `Qf6-f4` paused on f5 (reported `Qf5`), went on to f4, and 250 ms later Black's queen on g5
/// was lifted for a j'adoube. Followed one by one as `Qg5-f4 Qxf4` — Black's queen captured
/// at once on f4, where White's queen had been reported more than a scan before it left g5,
/// which the search refuses — then `a6` was reported as displaced pieces. Now the moves
/// followed are held to the same rule, and `Qf5` is revised to `Qf4` once the queen is back.
#[test]
fn a_slide_on_and_a_jadoube_are_no_capture_at_once() {
    let picks: &[u16] = &[
        38032, 60724, 3673, 8070, 3547, 19455, 25317, 31454, 32828, 12226, 47626, 20786, 44461,
        14806, 55075, 6266,
    ];
    let cfg = SimConfig {
        patterns: Pattern::ALL
            .iter()
            .copied()
            .filter(|p| *p != Pattern::EarlyReply)
            .collect(),
        ..every_pattern(14390202806832919568, 0.8371587915400247, true)
    };
    exact_with(picks, &cfg);
}

/// Found by the no-alert property at 400,000 cases (2026-12-04, one game in ~105,000):
/// `Nc6 b5 Nb4 b6` on an identity board with no rest between (early replies), Black pressing
/// the clock each time before his knight was reported down. A press on the board of `Nc6 b5`
/// with the knight lifted again, then on to b4 with the pawn on b5 lifted, was judged a
/// completed illegal move `b8-b4` (7.5.1, two minutes to White): moves from the game position
/// that account for every report with a piece in the hand are a move in progress.
#[test]
fn a_press_during_quick_replies_is_no_illegal_move() {
    let picks: &[u16] = &[7347, 55715, 37021, 42438, 15281, 18587, 15526, 40078, 45680];
    no_alert_and_exact(picks, 12329025349055995894, 0.9620858535574031, true);
}

/// Found by the no-alert property at ~354,000 cases (2026-12-04, stop 35): `Bc2` reported as
/// the bishop slid on to b3, then `Qg7 Bd1 Qg6` with a press after each — the board back at
/// the position before `Bc2`. Read as `Bc2` taken back, and Black's press on it judged a
/// press without a move (a false 7.5.3 against White). The reports followed one by one from
/// before `Bc2` — `Bb3 Qg7 Bd1 Qg6`, each seen — are the moves.
#[test]
fn moves_back_to_the_position_before_a_revised_slide_are_no_takeback() {
    let picks: &[u16] = &[
        6872, 49843, 45032, 16920, 62618, 20737, 62591, 2669, 19505, 29474, 45201, 31763, 47433,
        4960, 4678, 32589, 58132, 16356, 25598, 50781, 7282, 27249, 20184, 18744, 56285, 40094,
        29369, 8560, 4693, 3314, 47259, 54358, 26451, 18646, 13797, 61709, 50175, 15951, 13537,
        61476, 63305, 41611, 47080, 17921, 38557, 52899, 58033, 11437, 35189, 60150, 63898, 29702,
        31886, 57311, 12027, 50029, 9629, 51018, 58990, 20153,
    ];
    no_alert_and_exact(picks, 2814265433830667962, 0.9769945751336934, true);
}

/// Found by the no-alert property at ~1,384,000 cases (2026-12-04, stop 35): `c5 Ne2 Qd6
/// Nf4` followed one by one, then the queen lifted from d6 for `Qd3` — read at once as
/// `c5 Ne2 Qc7-f4 Nxf4`, the queen captured at once on f4 (her report on d6 a transit). The
/// rest such a capture needs was skipped because another line, out of order, did not end in
/// one; then `Qd3` was reported as a displaced piece.
#[test]
fn a_queen_lifted_after_quick_moves_is_no_capture_at_once() {
    let picks: &[u16] = &[
        29785, 19002, 8341, 38347, 18067, 34228, 28872, 9999, 46179, 39795, 7027, 64863, 46275,
        39131, 33050, 21229,
    ];
    no_alert_and_exact(picks, 14478016242093261249, 0.9977018763370894, true);
}

/// Found by the no-alert property at ~53,000 cases (2026-12-04, stop 35): `Qe7-g5`, a slide
/// reported on f6, then White's queen on f5 lifted for a j'adoube and put back 0.9 s later —
/// read as `Qf6 Qf5-g5 Qxg5`, a capture at once, though f5 was reported empty only 223 ms
/// after Black's queen on g5: White's move and Black's capture would have taken a few ms.
/// Then `Kd1`, with White's queen back on f5, was reported as displaced pieces.
#[test]
fn a_jadoube_as_a_slide_lands_is_no_capture_at_once() {
    let picks: &[u16] = &[
        61930, 16818, 50206, 6405, 725, 3511, 44286, 17361, 15541, 53337, 7630, 9780, 12843, 32550,
        46919, 5274, 41948, 42753, 7661, 42373, 52056, 59875, 52455, 42321, 19152, 36607, 7629,
    ];
    no_alert_and_exact(picks, 5207023780025383471, 0.8054984522430527, true);
}

/// Found by the no-alert property at ~218,000 cases (2026-12-04, stop 35): `Nb1 c6`, the
/// bishop sliding `e2-h5` via f3 and g4, and the queen lifted from g6 for `Qe4` — read at
/// once as `Bf3 Qg6-h5 Bxh5` by the look one move further than the search reaches, which
/// took its line without the rest a piece captured at once needs; then `Qe4` was reported as
/// a displaced piece.
#[test]
fn a_queen_lifted_after_a_long_slide_is_no_capture_at_once() {
    let picks: &[u16] = &[
        23859, 50817, 64558, 51496, 22627, 5795, 30550, 48200, 65292, 12120, 48166, 17781, 58070,
        43754, 22824, 1502, 20744, 35553, 60222, 60555, 19628, 39465, 39424, 52104, 12831, 5130,
        11430, 38471, 27216, 41038, 5978, 46069, 56747, 59451, 65144, 55347, 21019, 62641, 28102,
        11664,
    ];
    no_alert_and_exact(picks, 12991060413291130996, 0.9865162762648433, false);
}

/// The random game of `a_game_lost_track_of_is_reported_not_left_silent` and
/// `quick_play_past_a_capture_never_seen_down_is_followed_on` (one game, two seeds' handling).
const QUICK_PLAY_GAME: &[u16] = &[
    35533, 39606, 40238, 44676, 18507, 39938, 35146, 53673, 56356, 16480, 59578, 37163, 25506,
    12235, 44588, 56501, 5075, 57427, 41050, 1581, 3068, 56873, 20161, 44085, 42459, 22691, 3934,
    4023, 18304, 43973, 8107, 57467, 47879, 45649, 21614, 51279, 47793, 12986, 37642, 40729, 10854,
    58957, 7315, 37797, 20985, 63021, 12951, 49975, 64518, 27007, 36987, 32583, 13052, 596, 11613,
    22747, 37920, 32146, 59181, 22092, 35254, 12919, 37243, 16619, 40586, 64956,
];

/// Found by a sweep of 500,000 random games (2026-12-04, stop 35): `Rf1 Qxd2 Nxd2` (the queen
/// captured at once), then five quick moves — more than the tracker follows. The board, far
/// from the game position, was looked at as a new game's setup first, which marked it dealt
/// with: the displaced-pieces deadline was never polled and the game stalled, 8 plies
/// behind, with no alert. However the tracker reads a game, what it reports is the game so
/// far, and a board it cannot explain reaches the arbiter.
#[test]
fn a_game_lost_track_of_is_reported_not_left_silent() {
    let g = random_game(QUICK_PLAY_GAME);
    let (alerts, moves) = alerts_and_moves(
        &g,
        &every_pattern(13616014995029518070, 0.73449, false),
        Sensing::Identity,
    );
    let want = game_ucis(&g);
    assert!(want.starts_with(&moves), "{moves:?}");
    assert!(
        moves == want || !alerts.is_empty(),
        "stalled after ply {} of {} without an alert",
        moves.len(),
        want.len()
    );
}

/// Found by a sweep of random games (2026-12-04, stop 35): `Qd8-d6`, a slide reported as
/// `Qd7`, then `b5 Qd7 Nh7 Rxh7` (the knight captured at once). Followed from the game
/// position as `b5 Rh7` with White's knight lifted — a reply begun, waited for — though the
/// queen's reports on d6 and back on d7 were left over; the knight never came and the board
/// was reported as displaced pieces. Moves followed that leave reports unexplained are no
/// proof of a move in progress: the revision and replies are found.
#[test]
fn a_slide_read_short_then_replies_past_the_search_are_no_move_in_progress() {
    let picks: &[u16] = &[
        42461, 7815, 55113, 6623, 39788, 20705, 60265, 65206, 16176, 50917, 46497, 12806, 7470,
        48889, 41028, 39965, 36873, 25192, 27115, 16352, 4375, 22905, 39122, 31224, 3481, 55418,
        63340, 54068, 9802, 26276,
    ];
    no_alert_and_exact(picks, 1699196318476897611, 0.687828, true);
}

/// Found by a sweep of random games (2026-12-04, stop 35): `Bd3` (a slide reported on e2),
/// then `Rg8 Bd8 Rf8` — read as `Bd3 Rh8-f8 Bd8`, the rook's landing on f8 reported after the
/// bishop's on d8, a move short; the side to move was wrong from there and `Rxa3` was
/// reported as displaced pieces. A revision out of order yields to the longer line that
/// accounts for every report in order.
#[test]
fn a_revision_out_of_order_yields_to_a_longer_line_in_order() {
    let picks: &[u16] = &[
        14291, 1918, 58510, 26489, 13356, 48365, 48665, 50608, 39179, 17097, 16396, 36158, 38505,
        28709, 37339, 30172, 42657, 3593, 47187, 56723, 5911, 16321, 8722, 64337, 31487, 57871,
        29369, 14430, 34598, 36156, 15516, 1514, 19842, 45295, 23265, 10484, 15014, 34584, 46094,
        32571, 37468, 59452, 8953, 18346, 6503, 23660, 12105, 34146, 58182, 46090, 16267,
    ];
    no_alert_and_exact(picks, 7521318783639371670, 0.989165, false);
}

/// Found by a sweep of random games (2026-12-04, stop 35): `Qc7-f7`, a slide reported on e7,
/// and White's queen lifted from e6 for `Qf6` — e6 reported empty 25 ms after Black's queen
/// on f7 — read as `Qe7 Qe6-f7 Qxf7`: White's move and Black's capture within a scan. Then
/// `gxf6` and the rest were reported as displaced pieces.
#[test]
fn a_reply_lifted_as_a_slide_lands_is_no_capture_at_once() {
    let picks: &[u16] = &[
        53418, 64136, 22994, 49782, 22909, 42478, 26502, 47016, 56613, 15399, 60388, 64214, 33720,
        62986, 3162, 63758, 25344, 27710, 44976, 40879, 21139, 30580, 32276, 28794, 34720, 37971,
        47261, 64905, 21715, 2108, 34898, 48479, 60774, 33174, 28475, 1076, 20665, 44515, 37205,
        6798, 52075, 64515, 41849, 20116, 17764, 12216, 25190, 1715, 39070, 13022, 17960, 26789,
        40419, 56722,
    ];
    no_alert_and_exact(picks, 4610972625940031919, 0.597848, false);
}

/// The alerts of a game played cleanly on an identity board, then the pieces on `squares`
/// taken off one by one, 200 ms apart, 3 s after the game's last action.
fn alerts_after_clearing(sans: &[&str], squares: &[shakmaty::Square]) -> Vec<String> {
    use eboardd::core::capture::{Direction, Record};
    use eboardd::core::dgt::{Message, PieceCode};
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for san in sans {
        let m = san
            .parse::<shakmaty::san::San>()
            .expect("SAN")
            .to_move(&pos)
            .expect("legal");
        pos.play_unchecked(m);
        moves.push(m);
    }
    let g = SimGame {
        headers: Vec::new(),
        start: Chess::default(),
        moves,
    };
    let cfg = SimConfig {
        noise: 0.0,
        ..SimConfig::default()
    };
    let mut cap = simulate(&g, &cfg);
    let mut t = cap.records.last().map_or(0, |r| r.t_ms) + 3_000;
    for &sq in squares {
        let index = Orientation::Normal.index(sq);
        cap.records.push(Record {
            t_ms: t,
            dir: Direction::Rx,
            bytes: Message::FieldUpdate {
                index,
                piece: PieceCode::Empty,
            }
            .encode(),
        });
        t += 200;
    }
    let mut alerts = Vec::new();
    run_capture(&cap, replay_config(&g, &cfg, Sensing::Identity), |e| {
        if matches!(e.kind, EventKind::Displaced { .. }) {
            alerts.push(serde_json::to_string(&e).unwrap_or_default());
        }
    });
    alerts
}

/// Twelve pieces taken off during a game are displaced pieces for the arbiter (a board far
/// from the game position was looked at as a new game's setup first, which left the alert's
/// deadline unpolled — stop 35); after a checkmate they are the players clearing the board.
#[test]
fn a_board_cleared_during_a_game_is_an_alert_but_not_after_mate() {
    use shakmaty::Square::*;
    let cleared = [A2, B2, C2, D2, E2, H2, A7, B7, C7, D7, H7, B8];
    let during = alerts_after_clearing(&["f3", "e5"], &cleared);
    assert!(!during.is_empty(), "no alert for a board cleared mid-game");
    let after = alerts_after_clearing(&["f3", "e5", "g4", "Qh4#"], &cleared);
    assert!(after.is_empty(), "{after:?}");
}

/// Found by a sweep of random games (2026-12-04, stop 35): `Bc8-e6`, a slide reported as
/// `Bd7`, then `Na7 Bf5` — followed one by one as `Na7 Bd7-f5`, the bishop's transit on e6
/// reported 247 ms before the knight landed on a7: the same squares after `Bf5`, the middle
/// position wrong and no warning. A move begun before the move before it landed, beyond the
/// sensor's lag, is the last move revised.
#[test]
fn a_slide_carried_on_as_the_reply_began_is_the_move_revised() {
    let picks: &[u16] = &[
        15976, 111, 65, 15939, 722, 51926, 10001, 45091, 55444, 47555, 17163, 51650, 62950, 56945,
        8042, 1228, 5395, 59608, 59455, 24934, 47587, 63002, 13221, 19705, 57304, 623, 62704,
        36566, 58254, 51851, 58086, 35988, 47956, 54658, 62700, 4366, 62327, 39836, 59137, 33774,
        37529, 39658, 51, 62239, 55552, 14023, 28239, 32969, 29510, 9305, 33436,
    ];
    no_alert_and_exact(picks, 3663268628416015209, 0.996163, true);
}

/// Found by the no-alert property (2026-12-04, stop 36; 1,887,482 cases passed before it):
/// `cxd4` with the e5 pawn — White's next victim — lifted before the c5 pawn's square cleared,
/// followed as `exd4`, then `Nxe5`: the c5 pawn, read lifted long before the knight was, held
/// for a reply begun, and displaced pieces reported at rest. A piece that left before the
/// last move followed began is no reply to it.
#[test]
fn a_pawn_gone_before_the_reply_began_is_no_piece_in_the_hand() {
    let picks: &[u16] = &[
        5623, 27460, 41318, 18937, 13741, 29235, 2901, 34328, 28031, 32742, 27700, 58252, 20830,
        18490, 38981, 28777, 30446, 25713, 2464, 18471, 5942, 14762, 53703, 4300, 61001, 25035,
        43083, 55210, 34728, 3086, 13905, 31222, 19590, 54677, 65473, 9474, 39429, 4112, 9951,
        38447, 10400, 41114, 56594, 57128, 14529, 24187, 37518,
    ];
    no_alert_and_exact(picks, 10083765180457504301, 0.947720935055831, true);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 816,552 cases): `Bc8-a6` paused
/// on b7 and reported `Bb7`, White's rook lifted from a5 as the bishop went on, read as `Ra6
/// Bxa6` (captured at once) after the rest such a capture needs; then `Rb5 Bxb5`, the rook
/// taken at once again — three plies from before the bishop's move, reported as displaced
/// pieces. A board at rest that nothing nearer explains is read again from a few plies back.
#[test]
fn a_slide_read_short_and_a_false_capture_at_once_are_read_again_from_further_back() {
    let picks: &[u16] = &[
        52952, 58501, 9062, 46354, 20285, 29368, 18629, 39848, 47642, 12835, 36186, 1189, 30734,
        25888, 51544, 26282, 34151, 61041, 17459, 49617, 29488, 25689, 48547, 42772, 21358, 3347,
        64707, 58432, 17412, 26097, 44269, 55139, 47729, 27251, 3896, 43110, 20711, 5884, 11727,
        44986, 9329, 9342, 3641, 53206, 39369, 21037, 20910, 27564, 7313, 44754, 25621, 4607,
        35752, 4380, 56973, 27561, 23751, 49012, 26346, 57989,
    ];
    no_alert_and_exact(picks, 14257997246703068580, 0.6251677952075452, true);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 344,997 cases): `g5 Nh4 Nhg4`
/// followed one by one, then White's bishop and the e5 knight lifted — followed as `Bxg4
/// Nxg4`, an exchange on g4 — and `Bf3 Nxf3` with the bishop captured at once: five plies,
/// one more than the search reaches, reported as displaced pieces. The moves seen but their
/// last one or two, then the rest, account for every report.
#[test]
fn an_exchange_followed_where_two_pieces_were_lifted_is_read_again() {
    let picks: &[u16] = &[
        52793, 24383, 62141, 20991, 20824, 28908, 21840, 42326, 63749, 22526, 39254, 33741, 19507,
        10962, 37318, 63189, 47942, 43280, 30224, 41789, 46131, 16764, 58622, 61105, 45986, 22471,
        63693, 38758, 47177, 50116,
    ];
    no_alert_and_exact(picks, 17378251937151764373, 0.5775459147091446, false);
}

/// Found by a sweep of random games (2026-12-04, stop 35; one in 1,000,000): `Bf8-h6`
/// reported `Bg7` on its way, then `Rg3 Rxg3` (captured at once), `Qe3` and `Rg4` — five plies
/// from before the bishop's move, one more than the search reaches, reported as displaced
/// pieces. Read again at rest, the line that accounts for the reports in order.
#[test]
fn a_revision_and_four_more_plies_are_read_again_at_rest() {
    let picks: &[u16] = &[
        39694, 6161, 18056, 56941, 51190, 8853, 11033, 10720, 44315, 58638, 35336, 57647, 49494,
        24563, 12869, 55476, 26570, 59332, 22037, 19204, 8203, 9133, 8642, 5802, 41154, 9224,
        19900, 11669, 10176, 32742, 54461, 23556, 15773, 24032, 49219, 27972, 13593, 62254, 9460,
        20622, 3059, 40820, 12634, 40065, 47924, 64880, 44689, 42410, 60896, 9880, 32905, 37111,
        7845, 16365, 23204, 20813, 35238, 40261, 46399, 8538, 57877, 14140, 19469, 42299, 65031,
        12063, 50192, 61844, 50861, 4088, 22044, 39280, 49535, 35544, 49361, 26385,
    ];
    no_alert_and_exact(picks, 16303585868051258368, 0.826212, true);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 1,861,452 cases): `Rh2-e2`
/// paused on f2 and reported `Rf2`, then `Kd7 h5 exd4 Nxc5` — five plies from before the
/// rook's move — reported as displaced pieces. Read again at rest.
#[test]
fn a_slide_read_short_and_four_replies_are_read_again_at_rest() {
    let picks: &[u16] = &[
        52580, 39030, 11072, 57901, 21869, 11666, 34329, 17587, 18774, 52393, 25547, 30794, 32618,
        1415, 48365, 18764, 60481, 22717, 13295, 9216, 14719, 57437, 49849, 364, 8439, 8750, 53688,
        22244, 7572, 56944, 8916, 46017, 44001, 40076, 42086, 47985, 58356, 59291, 41369, 22783,
        38947, 7426, 33343, 10088, 53038, 25241, 61597, 10825, 61549, 44875, 39270, 45514, 64338,
    ];
    no_alert_and_exact(picks, 16614806503674813460, 0.63807127514827, false);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 1,429,470 cases): `Rh1-e1`
/// reported `Rg1` on its way, then `Nc5 Kf1 b5 Kg1 Na4` — six plies from before the rook's
/// move — reported as displaced pieces. Read again at rest, two moves past the search.
#[test]
fn a_slide_read_short_and_five_replies_are_read_again_at_rest() {
    let picks: &[u16] = &[
        17456, 4038, 42316, 63250, 49336, 47158, 26734, 60656, 34692, 23017, 48904, 63755, 30230,
        59371, 45769, 18146, 42260, 49947, 58547, 56253, 42308, 16310, 14705, 20699, 22730, 33281,
        31720, 22814, 17339, 12556, 54283, 28531, 4111, 43804, 54846, 55351, 28099, 38527, 9650,
        22236, 61402, 15978, 10165, 4807, 36925, 62707, 64223, 19875, 3389, 13574, 16739, 4531,
        20891, 13545, 37691, 36890, 58431, 31293, 52478, 32920, 27486, 19946, 3932, 6,
    ];
    no_alert_and_exact(picks, 2594532291957338829, 0.9564806672987342, false);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 1,049,338 cases): `Rg7-g5`
/// paused on g6 and reported `Rg6`, then `hxg5 Kd7 Nac2 Ke7` — the board is `Nc2 Rg5 hxg5
/// Ke7` after `Rg6`, in another order than the board showed, taken for a move in progress
/// and reported as displaced pieces once at rest. Read again at rest first; of the lines, the
/// one that accounts for every report in order (the king seen on d7) rather than the
/// shortest.
#[test]
fn a_line_out_of_order_at_rest_is_read_again_from_further_back() {
    let picks: &[u16] = &[
        15525, 30756, 14347, 14222, 17465, 54275, 3808, 8972, 23187, 46434, 2383, 49487, 28576,
        54377, 31531, 65146, 54533, 44226, 23531, 55844, 3680, 19812, 7899, 31914, 43498, 29705,
        63558, 31744, 38056, 4430, 44422, 10988, 30482, 60051, 17184, 59458, 55712, 39560, 61854,
        61477, 50464, 49991, 14063, 59097, 0, 40245, 44985, 19444, 0, 0,
    ];
    no_alert_and_exact(picks, 12780080752709391381, 0.8037381222513583, false);
}

/// Found by the no-alert property (2026-12-04, stop 36, after 2,706,073 cases): `Qh7-f5`
/// landed as Black lifted his queen from g4, read `Qg6 Qf5 Qxf5` (the black queen captured at
/// once) and confirmed; then the black queen put on e2 — displaced pieces. The moves read
/// again at rest are matched against the reports since the position they start from, not
/// only those since the last confirmed one.
#[test]
fn moves_confirmed_then_read_again_are_matched_to_their_own_reports() {
    let picks: &[u16] = &[
        15618, 65115, 37740, 57101, 47416, 33692, 42656, 27738, 47975, 40726, 53898, 5721, 46142,
        21676, 35458, 3645, 51261, 51528, 43501, 8328, 6447, 58314, 30421, 14736, 586, 47307,
        56352, 50086, 65043, 61500, 1459, 1767, 19868, 16317, 46636, 13902, 26870, 60268, 44805,
        40414, 38776, 9979, 25516, 15282,
    ];
    no_alert_and_exact(picks, 555543494136079147, 0.5802304903657777, true);
}

/// Found by the no-alert property on the previous tracker (2026-12-04, stop 37, after
/// 1,530,752 cases): `Be5-c7` paused on d6 and reported `Bd6`, revised to `Bb8 Rxb8` (the
/// rook read as capturing at once), then `Bg6` — at rest, displaced pieces (two bishops where
/// the game had none). Read again at rest from further back: `Bc7 Rb8 Bg6`.
#[test]
fn a_slide_revised_to_a_false_capture_at_once_is_read_again_at_rest() {
    let picks: &[u16] = &[
        1140, 1859, 6501, 41795, 55378, 36495, 1778, 46967, 16731, 55936, 22769, 52515, 59482,
        40770, 28915, 38261, 25903, 62474, 28100, 235, 34422, 29131, 35473, 1512, 45560, 26090,
        1962, 44318, 41720, 40488, 15717, 53031, 32391, 12241, 50149, 47744, 24933, 43184, 39000,
        42796, 45656,
    ];
    no_alert_and_exact(picks, 642171352464879464, 0.9146006374385746, false);
}

/// Found by a sweep of random games (2026-12-04, stop 35; one in 500,000): `Rh1-f1` landing
/// after Black took the d2 knight off for `Bxd2+`, the bishop never seen down (`Nxd2` swapped
/// onto d2 within a scan), then `Qc1 Re1 Be6 Qc2 Rc7` with a piece in the hand at every
/// pause — eight plies the moves followed as they came lost track of, reported as displaced
/// pieces. The reports followed one by one from the last position account for them.
#[test]
fn quick_play_past_a_capture_never_seen_down_is_followed_on() {
    no_alert_and_exact(QUICK_PLAY_GAME, 13616014995029518070, 0.73449, false);
}

/// Found by the no-alert property (2026-12-04, stop 37, after 581,247 cases): `Ra1-a3`
/// reported `Ra2` on its way, then `e4 Ra2 Qg5 Nxd5` with the d5 pawn lifted before the
/// c3 knight — followed again one by one as `Nxe4 dxe4` (a capture and recapture on e4)
/// where the two pieces were only lifted, so the knight put down on d5 could not be followed;
/// reported as displaced pieces. A piece put down that nothing follows after a capture and
/// recapture is read from before them.
#[test]
fn a_capture_and_recapture_read_where_two_pieces_were_lifted_is_read_again() {
    let picks: &[u16] = &[
        32148, 2111, 34129, 35104, 21655, 39105, 49468, 61621, 28364, 2210, 50798, 12491, 55018,
        28316, 64911, 62924, 56127, 57351, 29866, 43728, 44738, 415,
    ];
    no_alert_and_exact(picks, 17035831631717431260, 0.9453398420136642, false);
}

/// Found by the no-alert property (2026-12-04, stop 37, after 957,742 cases): `Nbc3 Qg1+
/// Nxg1 e6 Re2` in quick succession, the queen captured at once on g1 and never seen there —
/// five plies past the search, read as displaced pieces. Two moves over three squares may be
/// a move and its piece captured at once on its target.
#[test]
fn a_queen_captured_at_once_in_quick_play_is_followed() {
    let picks: &[u16] = &[
        21413, 36266, 32231, 14566, 20813, 2901, 46757, 56789, 56736, 60320, 8879, 61550, 34050,
        55040, 7361, 4677, 19649, 56024, 24715, 60764, 12573, 58334, 53515, 6227, 29778, 22987,
        20437, 9380, 33840, 41326, 36409, 24527, 57897, 28947, 35015, 35622, 42933, 46531, 30941,
        19601, 16015, 9991,
    ];
    no_alert_and_exact(picks, 11443839377333251731, 0.7568509009061136, true);
}

/// Found by the no-alert property (2026-12-04, stop 38, after 45,369 cases): `Qa2-f2+` paused
/// on c2 and reported `Qc2`, went on past e2 (read there) and was captured at once by `Kxf2`,
/// never read on f2; then `cxb4 Qe1 Bc7 Ne2` — six plies from before `Qc2`, past the search,
/// reported as displaced pieces. Followed one by one, the queen's way on to f2 and the king's
/// capture there replace the step read on e2.
#[test]
fn a_slide_on_past_where_it_was_read_and_captured_at_once_is_followed() {
    let picks: &[u16] = &[
        61329, 42118, 53027, 33451, 43718, 24741, 19503, 9682, 63535, 56020, 10951, 33875, 1474,
        15179, 11588, 45169, 59422, 3623, 17963, 3683, 10204, 54217, 14769, 10631, 62463, 58713,
        52333, 14417, 25588, 12007, 31568, 17568, 7079, 10306, 7886, 46900, 32123, 2822, 22886,
        11444, 46110, 24041, 30987, 23816, 44854, 25213, 42532, 23239, 24532, 7985, 27569, 25120,
        56289, 31226, 33290, 44326, 28390, 4745, 58998, 3513, 42225, 12704, 35884, 510, 28384,
    ];
    no_alert_and_exact(picks, 13502377692436665028, 0.9499955593027366, true);
}

/// `Bg4-c8` paused on d7 (`Bd7` reported), went on to c8, `Qa6-c6+`, then `Bc8-d7` captured
/// at once by `Qxd7+`, the bishop never read on d7: from the game position the board at the
/// press reads as the queen's illegal `Qa6-d7`. Four plies from before `Bd7` account for
/// every report in order: the press reads them again rather than call the arbiter.
#[test]
fn a_press_on_a_board_read_again_from_further_back_is_no_illegal_move() {
    let picks: &[u16] = &[
        36304, 21888, 43509, 55526, 23954, 54124, 62643, 37394, 54729, 8642, 34183, 556, 17763,
        1644, 51677, 52855, 25611, 7589, 41941, 34554, 64332, 35519, 28348, 1116, 22554, 48267,
        9431, 6546, 55864, 10187, 50390, 64269, 65375, 20885, 7311, 6568, 1579,
    ];
    no_alert_and_exact(picks, 5766603991557647159, 0.9458281598106544, false);
}

/// `Nf6-h7` reported, then `Qxd7+` (the queen never read on d7), `Nbxd7`, `Rb2` and the
/// knight lifted from h7 for `Nhf6`: not the last move revised to `Nf6-d7` captured at once —
/// the only knight read on d7 came from b8 — but a move in progress, and then `Nhf6`.
#[test]
fn a_knight_read_on_a_square_a_later_move_fills_is_no_revision_seen() {
    let picks: &[u16] = &[
        15772, 9371, 1280, 13826, 16786, 13727, 8735, 46112, 23700, 34168, 2309, 18809, 34262,
        16479, 49770, 8994, 47996, 42620, 31909, 1887, 46706, 9252, 52653, 29980, 33949, 33331,
        2766, 10632, 63828, 21151, 23009, 27880, 22903, 21700, 57317, 36865, 7894, 49515, 33006,
        5809, 54384, 56641,
    ];
    no_alert_and_exact(picks, 533822274888478261, 0.5695099636900744, false);
}

/// `Qc2-e4` (read on d3 on the way), `Ng6` captured at once by `hxg6`, `exd6`, then the queen
/// lifted from e4 for `Qa8+`: not `Qc2-g6 Nxg6` — the queen stood on e4 two seconds after
/// the knight, her capturer in that reading, left f8 (`ghost_too_late`).
#[test]
fn a_slide_standing_after_its_capturer_left_is_no_capture_at_once() {
    let picks: &[u16] = &[
        35872, 14071, 23360, 23525, 4176, 39404, 37904, 8075, 6177, 65293, 32876, 31749, 27822,
        6970, 46933, 11709, 145, 33003, 524, 5136, 52186, 44517, 51156, 65075, 23048, 55809, 29746,
        42452, 40121, 48345, 43217, 11180, 55063, 2849, 2071, 6025, 46088, 34443, 30140, 9718,
        62237, 37152, 24279, 35792, 2389, 43907, 46485, 20358, 11378, 45821, 52955, 34232, 35995,
        49303, 1109, 27289, 37074, 27275, 40885, 43907, 30744, 29709, 42094, 2288, 58848, 9059,
        25516, 14315, 10030, 54563, 25572, 5266, 29472, 20644, 44989, 38092, 31978, 64294, 39912,
        58589, 53390, 7462, 62596, 22574, 26958, 59113, 9481, 38154, 30024, 30158, 54405, 54060,
        9877, 55715, 21373, 61762, 1765, 32678, 52072, 25435, 401, 45764, 61741, 26530, 11754,
        9687, 12416, 8233, 26692, 24420, 21116, 51558, 15009, 30281, 10132, 16003, 7419, 60042,
        56768, 41927, 5041, 60206, 1491, 44697, 23241, 49147, 28596, 48972, 48162, 62493, 52110,
        11660, 46847, 48575, 23281, 33748, 46682, 47567, 49847, 46997, 35567, 17318, 22278, 39582,
        53841, 34816, 17864, 64431, 23878, 33426, 44921, 36016, 43253, 56853, 53759, 54309, 62972,
        39528, 51324, 54814, 43053, 5147, 895, 8982, 38014, 4419, 45196, 36993, 981, 49462, 32574,
        42947, 24657, 24007, 16880, 39619, 55293, 7514, 18631, 57827, 10878, 56572, 11984, 14935,
        36502, 34128, 43259, 50930, 23323, 12308, 12869, 12621, 35906, 64017, 63453, 21939, 56945,
        27121, 10138, 50097, 11859, 16114, 64610, 22870, 46309, 27094, 59084, 48835, 44753, 15707,
        25706, 12779, 14087, 16191, 9168, 1851, 61034, 51671, 19362, 25427, 35381, 39388, 63166,
        60630, 57371,
    ];
    no_alert_and_exact(picks, 16376937414477587911, 0.7231115, false);
}

/// `Qb4-a4` reported and standing on a4 while White played `Bc7-f4+` (a discovered check), then
/// the queen on b5 on her way to c6 to block it: not the last move revised to `Qb4-b5` landing
/// after the bishop — a move in progress until she lands.
#[test]
fn a_move_stood_on_past_the_reply_is_not_revised_out_of_order() {
    let picks: &[u16] = &[
        28315, 33169, 38316, 26780, 10642, 40812, 30045, 6537, 56227, 40755, 39685, 5928, 2647,
        27179, 20411, 28799, 24307, 6624, 46595, 24105, 5323, 42893, 49075, 16786, 31516, 42646,
        3611, 33846, 24550, 18521, 452, 20015, 54572, 15015, 64294, 64031, 10917, 3117, 55432,
        64985, 52935, 3690, 54459, 49419, 47557, 10350, 32237, 38596, 11504, 34907, 6888, 6181,
        30944, 12765, 62838, 40278, 44410, 32235, 32799, 60020, 42304, 28528, 62219, 49887, 34029,
        58250, 24098, 62551, 55010, 45453, 40857, 53342, 19188, 61912, 34742, 25578, 23545, 64972,
        49224, 18268, 33469, 52656, 16288, 26612, 60209, 62519, 25113, 5435, 41583, 14448, 49320,
        18016, 19184, 12537, 4632, 47217, 39012, 56780, 4717, 57060, 36924, 48926, 5658, 35707,
        27874, 18452, 64347, 25818, 25495, 59375, 5539, 8087, 50733, 7286, 21929, 18712, 11647,
        45742, 41487, 14812, 43732, 11187, 24692, 55097, 38752, 55647, 36492, 6831, 2882, 38597,
        27248, 350, 64740, 3398, 2204, 32182, 5414, 24372, 44824, 22074, 17504, 4722, 4166, 25294,
        25197, 50059, 52166, 47911, 17580, 11365, 39118, 54055, 10116, 65030, 53988, 60261, 21016,
        53080, 23034, 49603, 852, 13082, 60100, 31359, 14343, 60949, 45751, 14923, 29126, 13498,
        55957, 64587, 18666, 24104, 46734, 43775, 28932, 40113, 37637, 34139, 37193, 1101, 36078,
        45755, 52900, 47922, 53780, 38054, 16596, 58930, 47133, 21209, 44146, 15771, 63529, 18304,
        41723, 26674, 31105, 11676, 50521, 26967, 45880, 48750, 6705,
    ];
    no_alert_and_exact(picks, 16923078648028483323, 0.9813215, true);
}

/// `Rc1 Rb4 Rc4 Rb1+`, then `Rc4-c1` paused 450 ms on c2: the board is the position before
/// `Rc1` for a moment — a transient state on the way, not four plies taken back.
#[test]
fn a_slide_paused_on_a_repeated_position_is_no_takeback() {
    let picks: &[u16] = &[
        19067, 17296, 7674, 65014, 1499, 12658, 19134, 5956, 1685, 58140, 19068, 13961, 64822,
        27965, 29072, 37734, 5108, 32768, 32200, 16576, 23318, 23827, 3734, 14178, 38771, 57642,
        28212, 62846, 18742, 163, 40254, 54855, 59606, 13717, 58085, 18954, 49501, 42681, 33159,
        17167, 62763, 33395, 29045, 51090, 17493, 41887, 62558, 49562, 57690, 56597, 6362, 49150,
        42299, 46336, 27580, 52732, 49803, 51188, 39949, 61817, 36224, 58678, 57411, 22033, 19773,
        28581, 25902, 60713, 35180, 43734, 14242, 63501, 17414, 19361, 49427, 612, 30372, 59809,
        19833, 3670, 10434, 52340, 47134, 25463, 57416, 43283, 49009, 29111, 13613, 10264, 6704,
        35830, 28174, 47769, 53212, 2010, 27502, 62971, 28424, 48921, 39635, 1482, 59087, 45279,
        45534, 9319, 3545, 34578, 53178, 63627, 22037, 15776, 38313, 64513, 17018, 1189, 55557,
        32216, 37695, 7659, 23828, 32811, 14523, 11985, 9688, 48324, 41636, 30367, 62067, 48856,
        48680, 17034, 5025, 29813, 5450, 41996, 22932, 55449, 47102, 10188, 24355, 24933, 50236,
        30349, 4667, 31602, 58226, 58500, 23932, 55052, 18755, 19016, 46491, 45594, 4043, 920,
        64295, 32216, 62378, 10007, 53190, 15240, 731, 17105, 8525, 4420, 4853, 42882, 19768,
        41769, 55367, 39941, 57978, 17814, 24072, 25822, 18499, 15741, 49910, 8238, 44375, 62832,
        25921, 583, 53405, 18167, 11101, 47246, 63691, 40257, 22582, 14029, 8840, 8578, 58735,
        6113, 57103, 45970, 29824, 16764, 41899, 22046, 37171, 55880, 23485, 44143, 38772, 31290,
        2663, 51991, 13221, 7142, 42537, 16468, 51469, 45565, 13651, 16459,
    ];
    no_alert_and_exact(picks, 15916711072168935814, 0.602786, true);
}

/// `Rh8-h4` paused on h5 (`Rh5` reported), `Be2`, then `Rxh2`, the pawn's square read straight
/// from the pawn to the rook: not `Rh5 h4 Rxh4 Be2 Rh2` — a pawn move nobody saw, its origin
/// never read empty nor the pawn on h4 — but the rook's slide revised.
#[test]
fn a_move_the_board_never_showed_is_no_perfect_line() {
    let picks: &[u16] = &[
        39223, 17516, 36386, 62584, 26227, 63681, 12993, 9674, 41826, 60152, 55480, 17959, 8219,
        17176, 54661, 44592, 53690, 4855, 39175, 12653, 17941, 932, 16784, 33479, 11828, 17988,
        21751, 59430, 4548, 44795, 25079, 32482, 33734, 32677, 18958, 51716, 31984, 19714, 29477,
        28351, 36385, 26967, 46959, 20793, 25852, 61656, 7969, 7394, 57913, 11716, 60661, 57972,
        27350, 13430, 62912, 30423, 145, 13050, 58693, 46571, 64300, 63852, 16036, 23016, 5513,
        7447, 59252, 39956, 27814, 12111, 55886, 13326, 4345, 37701, 56772, 45197, 50798, 27789,
        30993, 17277, 44617, 29533, 19785, 15847, 52707, 61432, 31714, 24794, 30055, 20675, 23555,
        7040, 42051, 39723, 23047, 60183, 53063, 13402, 37982, 7786, 31683, 35713, 14287, 47553,
        65492, 39746, 37813, 6516, 55740, 3293, 22651, 42986, 49897, 58427, 6120, 23391, 26399,
        22909, 18083, 15543, 37625, 37668, 50088, 9505, 62316, 43134, 4876, 64927, 45835, 59543,
        14979, 62978, 47089, 34238,
    ];
    no_alert_and_exact(picks, 16238223578021161428, 0.8941855000000001, true);
}

/// `Qd3`, then `c2` (the pawn read on c2), `Qxc2`, `Kf8`, `Qc3`: the reports followed again
/// from before `Qd3` read `Qd2-c2 Kf8 Qxc3` — the same board in two plies fewer — but no
/// black pawn ever stands on c2 in that reading: the game position stays, the moves follow.
#[test]
fn a_piece_read_where_a_revision_never_puts_it_keeps_the_last_move() {
    let picks: &[u16] = &[
        48025, 34025, 21298, 35474, 27304, 22367, 7265, 10822, 29050, 15849, 33058, 9599, 6671,
        27394, 39652, 23194, 10178, 19388, 49907, 18112, 10886, 969, 19181, 59537, 62573, 63169,
        23340, 32965, 59756, 55243, 53151, 51523, 61771, 797, 49588, 44647, 60998, 43504, 32400,
        3984, 36234, 51782, 53773, 15196, 62010, 40160, 46067, 16309, 10244, 8691, 52046, 43731,
        60052, 2116, 39427, 53220, 21887, 50794, 24375, 4490, 59584, 22917, 50139, 52223, 11585,
        35303, 36635, 24816, 26602,
    ];
    no_alert_and_exact(picks, 15674104729324165191, 0.894667, true);
}

/// `Bf1-d3` paused on e2 (`Be2` reported), the bishop read leaving e2, then `Qa6xd3` at once
/// (the bishop never read on d3), `Ne3`, `Qd3-e2`: not `Qa6-d3 Ne3 Qxe2` — its victim read
/// lifted from e2 before the queen even left a6, two plies before its capture — but the
/// bishop's slide revised.
#[test]
fn a_victim_lifted_before_the_reply_was_not_captured_after_it() {
    let picks: &[u16] = &[
        61688, 33094, 47738, 23927, 37644, 3022, 27104, 58426, 24059, 22974, 37764, 59992, 37597,
        42770, 37990, 9190, 20947, 19010, 21837, 58069, 30583, 12775, 19027, 9233,
    ];
    no_alert_and_exact(picks, 2653111794290579651, 0.8350409999999999, false);
}

/// `Qb3-d5` paused on c4 (`Qc4` reported), then `Qc6-e6` captured at once by `Qd5xe6`: not
/// `Qe6 Qc4xe6` through d5 — the revision, one move longer from the position before `Qc4`,
/// ends at the same ply and is compared with the moves from the game position.
#[test]
fn a_revision_one_move_longer_is_compared_with_the_moves_from_the_game_position() {
    let picks: &[u16] = &[
        10358, 47618, 59107, 26859, 31663, 14212, 18513, 53356, 4972, 39759, 2431, 4918, 1006,
        6087, 25260, 58005, 17793, 53910, 14531, 65016, 24757, 17183, 23262, 4534, 7655, 64470,
        15625, 55199, 19597, 56768, 62094, 62738, 61358, 13178, 44039, 58602, 49350, 58933, 55863,
        38765, 12955, 32074,
    ];
    no_alert_and_exact(picks, 7748360918735197837, 0.8509059999999999, true);
}

/// `Qa4-d1` paused on c2 (`Qc2` reported), Black's queen lifted from e1 as White's landed on
/// d1 — read `Qe1-d1+ Qc2xd1`, a capture at once — then `Qe2` captured at once by `Qd1xe2`,
/// `c5 hxg4 cxb4`, no rest as long as displaced pieces wait until five seconds after those
/// moves: the moves reported since the board first changed are still read again (`Qd1 Qe2+
/// Qxe2 c5 hxg4 cxb4`), no displaced-pieces alert.
#[test]
fn moves_read_wrong_stay_open_while_play_goes_on_unexplained() {
    let picks: &[u16] = &[
        260, 32521, 3127, 27407, 31017, 31696, 24486, 45309, 55193, 26734, 79, 46738, 29749, 47537,
        24326, 42758, 5680, 6720, 26034, 38480, 3015, 58111, 18910, 37597, 53408, 45594, 14162,
        51102, 3701, 12584, 8085, 32547, 39202, 4921, 13362, 9473, 2207, 2977, 64928, 24000, 15330,
        61298, 15080, 11904, 6368, 0,
    ];
    no_alert_and_exact(picks, 7067242628743587351, 0.6790092981262126, true);
}

/// A pawn promoted to a rook (`b7xc8=R`), the rook captured at once by `Ra8xc8` within a
/// scan: an identity board never reads the rook on c8, so the piece reported is a guess (a
/// queen) — announced `undecided`, the real promotion among the lines, every other move
/// exact. Found by a sweep of random games, 2026-12-06, stop 53: 7 of 200,000 differed, each
/// an under-promotion captured at once and reported silently as a queen.
#[test]
fn a_promotion_captured_at_once_never_read_is_announced_undecided() {
    let picks: &[u16] = &[
        2034, 64464, 28716, 25396, 42274, 6654, 56583, 15364, 32528, 34062, 45011, 47476, 58417,
        5076, 51853, 13567, 39082, 13663, 48314, 37038, 50997, 33972, 6746, 56007, 41730, 13377,
        29291, 8666, 15006, 12533, 63757, 30095, 43803, 32041, 59402, 16259, 63324, 35528, 51959,
        38204, 32766, 55759, 27853, 20838, 59012, 13220, 56413, 39319, 30540, 38664, 57416, 2426,
        43172, 53074,
    ];
    let g = random_game(picks);
    let cfg = every_pattern(418009798983545112, 0.656, false);
    let mut moves: Vec<String> = Vec::new();
    let mut undecided: Vec<(u32, Vec<String>)> = Vec::new();
    run_capture(
        &simulate(&g, &cfg),
        replay_config(&g, &cfg, Sensing::Identity),
        |e| match e.kind {
            EventKind::Ambiguous {
                ply,
                lines,
                undecided: true,
                ..
            } => undecided.push((ply, lines)),
            EventKind::Move { uci, .. } => moves.push(uci),
            EventKind::Takeback { .. } => {
                moves.pop();
            }
            _ => {}
        },
    );
    let want = game_ucis(&g);
    let k = 30; // b7c8r, 0-based
    assert_eq!(want[k], "b7c8r");
    assert_eq!(moves.len(), want.len());
    for (i, (got, want)) in moves.iter().zip(&want).enumerate() {
        if i == k {
            assert_eq!(got[..4], want[..4], "ply {}", i + 1);
        } else {
            assert_eq!(got, want, "ply {}", i + 1);
        }
    }
    assert!(
        undecided.iter().any(|(ply, lines)| *ply == k as u32 + 1
            && lines
                .iter()
                .any(|l| l.split(' ').next() == Some(want[k].as_str()))),
        "no undecided event naming {} at ply {}: {undecided:?}",
        want[k],
        k + 1
    );
}
