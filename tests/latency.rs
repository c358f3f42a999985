//! Core II, item 4: a move is reported within 1 s of the board coming to rest in the new
//! position. Simulated real games (every 8th; `cargo run --release --example latency` runs
//! them all and prints the figures the README quotes), replayed as the daemon replays a
//! capture; see `eboardd::core::sim::latency` for what is measured.

use eboardd::core::session::Sensing;
use eboardd::core::sim::latency::{PlyTiming, REST_MS};
use eboardd::core::sim::replay_config;
use eboardd::core::sim::{Pattern, SimConfig};
use eboardd::shell::replay::{simulated_timings, simulated_timings_with};
use eboardd::shell::shared_data;

const STEP: usize = 8;

/// Per rested ply of every `STEP`-th game: (sample index, ply, timing).
fn timings(noise: f64, sensing: Sensing) -> Vec<(usize, usize, PlyTiming)> {
    let games = shared_data::simulation_games();
    assert!(games.len() > 1_000, "only {} games", games.len());
    let mut out = Vec::new();
    for (i, g) in games.iter().step_by(STEP).enumerate() {
        let cfg = SimConfig::sample(i, 0, noise, &Pattern::ALL);
        for (ply, t) in simulated_timings(g, &cfg, sensing).into_iter().enumerate() {
            if t.rested {
                out.push((i, ply + 1, t));
            }
        }
    }
    assert!(out.len() > 4_000, "only {} rested plies", out.len());
    out
}

/// The rested plies whose report (`right`: of the real move; else the first, whichever)
/// came later than 1 s after the rest, or never.
fn late(t: &[(usize, usize, PlyTiming)], right: bool) -> Vec<String> {
    t.iter()
        .filter(|(_, _, p)| {
            let d = if right {
                p.right_after()
            } else {
                p.shown_after()
            };
            d.is_none_or(|d| d > REST_MS as i64)
        })
        .map(|(i, ply, p)| format!("sample {i} ply {ply}: {p:?}"))
        .collect()
}

fn worst(t: &[(usize, usize, PlyTiming)]) -> i64 {
    t.iter()
        .filter_map(|(_, _, p)| p.right_after())
        .max()
        .unwrap_or(0)
}

#[test]
fn identity_boards_report_the_real_move_within_a_second_of_rest() {
    for noise in [0.0, 0.8] {
        let t = timings(noise, Sensing::Identity);
        let late = late(&t, true);
        println!(
            "identity, noise {noise}: {} rested plies, slowest report {} ms after rest",
            t.len(),
            worst(&t)
        );
        assert!(
            late.is_empty(),
            "noise {noise}: {} of {} rested plies reported later than {REST_MS} ms: {:#?}",
            late.len(),
            t.len(),
            &late[..late.len().min(10)]
        );
    }
}

#[test]
fn occupancy_boards_report_a_move_within_a_second_of_rest() {
    // Clean handling: every move of this sample within 1 s (over all games too, at SEED=0:
    // 0 of 55,530 rested plies later — 9 before a promotion re-read by moves seen made was
    // taken as the board rested; `all_clean_occupancy_plies_are_reported_within_a_second`).
    let clean = timings(0.0, Sensing::Occupancy);
    let late_clean = late(&clean, true);
    println!(
        "occupancy, clean: {} rested plies, {} later than {REST_MS} ms",
        clean.len(),
        late_clean.len()
    );
    assert!(late_clean.is_empty(), "{late_clean:#?}");
    // Every pattern: a capture swapped in one scan looks like a piece in the hand, and
    // occupancy boards wait `occupancy_capture_settle_ms` (900 ms; with the sensor's lag the
    // report comes up to 1.2 s after the rest — 700 ms cost 38 games of the 40-draw
    // exactness), some boards up to `PENDING_REST_MS`; 13 of this sample's 5,179 rested
    // plies had no move reported within 1 s when this bar was set (20 before a capture never
    // seen rested from its capturer's origin emptied also when several readings differ only
    // in its target or a piece was put back where it could not have gone, 26 before a piece
    // captured at once on its target rested `GHOST_SETTLE_MS` on these boards too, 44
    // before a capture followed by the reply's move rested from its own origin emptied, 59
    // before candidates pending showed their likeliest extension while waiting).
    let every = timings(0.8, Sensing::Occupancy);
    let late_every = late(&every, false);
    println!(
        "occupancy, every pattern: {} rested plies, first report later than {REST_MS} ms for {}",
        every.len(),
        late_every.len()
    );
    assert!(
        late_every.len() <= 18,
        "{} of {} rested plies: {:#?}",
        late_every.len(),
        every.len(),
        &late_every[..late_every.len().min(10)]
    );
}

/// Clean handling on occupancy boards, every game of the shared data (the samples of
/// `SEED=0`): a move is first reported within 1 s of every rested ply. (Which move may still be
/// revised later: the promotion piece is unknowable until the piece moves.)
#[test]
fn all_clean_occupancy_plies_are_reported_within_a_second() {
    let games = shared_data::simulation_games();
    let mut rested = 0;
    let mut late = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let cfg = SimConfig::sample(i, 0, 0.0, &Pattern::ALL);
        for (ply, t) in simulated_timings(g, &cfg, Sensing::Occupancy)
            .into_iter()
            .enumerate()
        {
            if !t.rested {
                continue;
            }
            rested += 1;
            if t.shown_after().is_none_or(|d| d > REST_MS as i64) {
                late.push(format!("sample {i} ply {}: {t:?}", ply + 1));
            }
        }
    }
    println!(
        "occupancy, clean, all games: {rested} rested plies, {} late",
        late.len()
    );
    assert!(rested > 50_000, "only {rested} rested plies");
    assert!(late.is_empty(), "{late:#?}");
}

/// Ply `ply` of sample `i` (every pattern, `SEED=seed`) rested and was first reported on an
/// occupancy board less than `bound_ms` after it rested (its timing printed).
fn assert_first_report_within(seed: u64, i: usize, ply: usize, bound_ms: i64) {
    assert_first_report_within_noise(seed, i, ply, 0.8, bound_ms);
}

/// [`assert_first_report_within`] under another handling set (`noise`: 0 clean, 0.8 every
/// pattern).
fn assert_first_report_within_noise(seed: u64, i: usize, ply: usize, noise: f64, bound_ms: i64) {
    let games = shared_data::simulation_games();
    let cfg = SimConfig::sample(i, seed, noise, &Pattern::ALL);
    let t = simulated_timings(&games[i], &cfg, Sensing::Occupancy);
    let p = &t[ply - 1];
    println!("SEED={seed} sample {i} ply {ply}: {p:?}");
    assert!(p.rested, "{p:?}");
    let after = p.shown_after();
    assert!(
        after.is_some_and(|a| a < bound_ms),
        "SEED={seed} sample {i} ply {ply}: first reported {after:?} ms after it rested, \
         want less than {bound_ms}"
    );
}

/// A recapture swapped inside one scan on an occupancy board (SEED=0 sample 608, ply 37:
/// `hxg4` with the victim lifted first, then `fxg4` with the pawn from f3 put on g4 in the
/// scan that took Black's pawn off, so Black's pawn was never reported on g4): the board
/// rests `GHOST_SETTLE_MS` (700 ms) as identity boards do — with the 900 ms of a capture
/// whose victim was never seen lifted, `hxg4` was first reported 1,127 ms after the board
/// rested.
#[test]
fn a_recapture_swapped_in_one_scan_is_reported_within_a_second() {
    assert_first_report_within(0, 608, 37, 1000);
}

/// Quick play on an occupancy board after a capture the board never showed (SEED=0 sample
/// 608, a blitz game: `Qxa3` swapped inside one scan, then `Nxg5 Rdg8 Nf7 Rh7 Ra1` made at
/// once): while a line needing fewer unseen captures accounts for every report with a piece
/// in the hand, the board waits `UNSEEN_REST_MS` (2 s) of rest before the moves are shown —
/// with 4 s there, `Nxg5` (the first ply after `Qxa3` the board rested on) was first
/// reported 9.0 s after it rested, six plies at once.
#[test]
fn quick_play_after_a_capture_never_seen_is_not_held_back_long() {
    assert_first_report_within(0, 608, 53, 5_000);
}

/// The same stretch: the reading that had held the board `UNSEEN_REST_MS` after `Rdg8` —
/// `Rd8-e8 Nxg5 Re8-g8` with Black's queen from d3 in the hand, needing no capture never seen
/// — has `Nxg5` land (g5 read filled after its knight was lifted) before `Rd8-e8` landed: no
/// reading. `Rdg8` (ply 54) is first reported 1.1 s after it rested, `Nxg5` 2.5 s — 2.2 and
/// 3.6 s before.
#[test]
fn a_seen_capture_out_of_order_does_not_hold_the_board() {
    assert_first_report_within(0, 608, 54, 1_200);
    assert_first_report_within(0, 608, 53, 3_000);
}

/// Quick play on an occupancy board read wrongly (SEED=5000 sample 728: `Bf5` read as
/// `Bxh7`, its slide's transit, until `Bxc8 Qxc8` show otherwise): the moves followed with a
/// piece in the hand give way to the re-reading at most `PENDING_REST_MS` after the board
/// first read so — while the next moves kept coming, each read so again, the broadcast
/// stood still 15.5 s (`Bf5`'s reply `Kc7`, ply 20… first reported 16.0 s after `Bxc8`
/// rested; 10.0 s with that). The reports followed again, revising the last two plies with
/// every move of them reported, also win over the piece in the hand once the board has
/// rested `occupancy_capture_settle_ms`: 4.7 s.
#[test]
fn moves_read_as_a_piece_in_the_hand_do_not_hold_quick_play_back_for_ever() {
    assert_first_report_within(5000, 728, 21, 6_000);
}

/// Quick play on an occupancy board after a slide read as two moves (SEED=5000 sample 201:
/// `Rge8 Qf8` read as `Rgf8 Qe8`, the rook's transit f8 taken for its move): every move since
/// looked like one in progress — the search found lines, but none the board had reported in
/// order — so the board waited for the next change, and the reports were followed again only
/// when the search found nothing at all: the broadcast stood still 10 s, nine plies at once
/// (`Ng5`, ply 309, first reported 13.1 s after it rested). Such a board, once it has rested
/// `occupancy_capture_settle_ms`, has the reports followed again: 6.6 s.
#[test]
fn moves_that_only_look_in_progress_have_the_reports_followed_again_at_rest() {
    assert_first_report_within(5000, 201, 309, 8_000);
}

/// A capture swapped inside one scan that only another promotion piece makes legal (SEED=10000
/// sample 87: `c8=N` reported as `c8=Q+`, then `Qxh1`, the rook's square never read empty —
/// illegal while the queen gives check): one piece lifted from the game position reads as a
/// piece in the hand, so the promotion was read again only after the next moves, 5.2 s after
/// `Qxh1` rested. Now the re-read promotion is taken once the board rests as for any capture
/// swapped inside one scan.
#[test]
fn a_capture_only_another_promotion_piece_makes_legal_is_no_piece_in_the_hand() {
    assert_first_report_within(10000, 87, 20, 1_000);
}

/// A pawn promoted to another piece than the configured one, read again as soon as the board
/// rests when every new move it makes legal was seen made (SEED=0 sample 87, clean handling:
/// `10. c8=N` read `c8=Q+`, then `Qxh1` with the rook seen lifted — legal only after the
/// knight; the re-reading waited `occupancy_capture_settle_ms` and `Qxh1` was first reported
/// 1,091 ms after it rested).
#[test]
fn a_promotion_re_read_by_moves_seen_made_is_reported_within_a_second() {
    assert_first_report_within_noise(0, 87, 20, 0.0, 1_000);
}

/// A capture seen made — the victim lifted, then the capturer put on its square — is followed
/// as it comes, so the reply begun before the board rests is read from it (SEED=10000 sample
/// 747, clean handling: `19. Nxc6` with Black's queen lifted for `Qb7` 250 ms after the knight
/// landed was read as `Nxf7 Qxf7`, two captures never seen, a piece captured at once waited
/// for; `Qb7` was first reported 997 ms after it rested, as `Nxf7 Qb7`, put right 1.9 s later).
#[test]
fn a_capture_seen_made_is_followed_before_the_board_rests() {
    assert_first_report_within_noise(10000, 747, 38, 0.0, 700);
}

/// A move that stood reported while the reply began is not revised as a piece dragged on
/// (SEED=10000 sample 21: `Qc7` reported, then `Ra7 Qb7` — the same occupancy as `Qa7`
/// instead of `Qc7`, the rook's way read as a j'adoube — was taken as that revision, and the
/// next moves read wrongly until the board showed otherwise: `Qb7` first reported 7.1 s after
/// it rested).
#[test]
fn a_move_that_stood_while_the_reply_began_is_no_dragged_piece() {
    assert_first_report_within(10000, 21, 101, 1_000);
}

/// A revision of the last move must move the piece the last move was read from (SEED=5000
/// sample 947: `Nxg6+` swapped inside one scan, read as `Nxc6`; after `fxg6 Qe7` the board was
/// re-read as `Qxg6 fxg6`, the knight never moved and the queen's landing on its square taken
/// for the knight put back — then nothing fitted the next moves and the broadcast stood still
/// 11 s: `fxg6`, ply 51, first reported 12.2 s after it rested).
#[test]
fn a_revision_moves_the_piece_the_last_move_was_read_from() {
    assert_first_report_within(5000, 947, 51, 1_000);
}

/// A pawn promoted to another piece than the configured one, re-read when its moves show it,
/// with the moves since as the board reported them (SEED=0 sample 140, clean handling:
/// `23. f8=B+`, then `27. Bg7+ Ke7`, the bishop read on g7 before the king on e7 — re-read as
/// `Be7+ Kg7`, the likelier by the material alone, `28. Bxh8` was first reported 3.4 s after
/// it rested; now at once).
#[test]
fn a_promotion_re_read_keeps_the_order_the_board_reported() {
    assert_first_report_within_noise(0, 140, 55, 0.0, 1_000);
}

/// The game position with one piece of the side to move lifted, when another reading of an
/// earlier capture makes it that piece's capture (SEED=0 sample 845: `23... Qxc3` read as
/// `Qxa2`, the victim swapped inside one scan; `27. Nxc3` then shows only e4 emptied): taken
/// once the board has rested `UNSEEN_REST_MS`, instead of waiting as a piece in the hand
/// until the next moves — first reported 3.6 s after it rested, now 1.8 s.
#[test]
fn a_piece_lifted_that_takes_after_a_capture_re_read_is_no_piece_in_the_hand() {
    assert_first_report_within(0, 845, 53, 2_500);
}

/// Several readings that differ only in where one piece captured, never seen (SEED=0 sample
/// 78, ply 30: `Qxf7`, `Qxh8` or `Qxg8` swapped inside one scan, then the reply `Qxd2+` seen
/// made): the board rests `occupancy_capture_settle_ms` from the capturer's origin emptied, as
/// one such reading does, not from the reply — the capturer is in no hand any more. The
/// reply was first reported 1,058 ms after it rested, now within 0.5 s.
#[test]
fn candidates_apart_only_in_a_capture_target_rest_from_its_origin_emptied() {
    assert_first_report_within(0, 78, 30, 1000);
}

/// A capture swapped inside one scan, then a j'adoube on a square its capturer could not have
/// gone to, then the reply seen made (SEED=0 sample 117, ply 10: `bxa5`, the knight on b8
/// lifted and put back, `e5`): the rest counts from the capturer's origin emptied — the piece
/// put back is no victim of the capture. Waiting 900 ms from `e5`, it was first reported
/// 1,095 ms after it rested.
#[test]
fn a_piece_put_back_where_the_capturer_could_not_go_does_not_hold_the_reply_back() {
    assert_first_report_within(0, 117, 10, 1000);
}

/// Sensor flicker while candidates are pending (SEED=0 sample 92, ply 55: `Nxf6+ Ke7` or
/// `Nxe7 Kxe7` pending, then `Kxd4` swapped inside one scan and e7, where the king stands in
/// both, read empty for 56 ms): the flicker does not restart the wait for the board to rest.
/// Taken for a change (e7 empty in the game position before the candidates), it did: first
/// reported 1,476 ms after it rested.
#[test]
fn a_flicker_while_candidates_are_pending_does_not_restart_the_rest() {
    assert_first_report_within(0, 92, 55, 1000);
}

/// `capture-settle-ms` (a board's configuration; `eboardd replay --capture-settle-ms`): a
/// capture swapped within one scan on an occupancy board waits that long before it is taken
/// for a capture never seen. At the default 900 ms, SEED=0 sample 107 ply 38 is first reported
/// 1,067 ms after it rested; at 800 ms, within 1 s. (Samples 119 and 117, ply 10, 1,012 and
/// 1,095 ms before 2026-12-03, stop 33, are within 1 s at the default since: see
/// `candidates_apart_only_in_a_capture_target_rest_from_its_origin_emptied` and
/// `a_piece_put_back_where_the_capturer_could_not_go_does_not_hold_the_reply_back`.) (Over
/// the 40 draws 800 ms costs 42 games their exactness: see README, "How fast it reports".)
#[test]
fn a_shorter_capture_settle_reports_a_capture_never_seen_sooner() {
    let games = shared_data::simulation_games();
    let (i, ply) = (107, 38);
    let cfg = SimConfig::sample(i, 0, 0.8, &Pattern::ALL);
    let first = |capture_settle_ms: Option<u64>| {
        let config = eboardd::core::session::SessionConfig {
            capture_settle_ms,
            ..replay_config(&games[i], &cfg, Sensing::Occupancy)
        };
        let p = simulated_timings_with(&games[i], &cfg, config)[ply - 1];
        assert!(p.rested, "{p:?}");
        p.shown_after().expect("reported")
    };
    let (default, shorter) = (first(None), first(Some(800)));
    assert!(default > REST_MS as i64, "default: {default} ms");
    assert!(shorter <= REST_MS as i64, "800 ms: {shorter} ms");
}
