//! The board simulator: a chess game in, a realistic DGT byte stream out.
//!
//! Sans-IO and deterministic (seeded [`rand::rngs::SmallRng`]): the same game and
//! [`SimConfig`] always give the same capture. Used by tests (the move tracker must
//! reconstruct every real game exactly under handling noise) and by the daemon's
//! `demo`/`simulate` through [`VirtualBoard`].
//!
//! Three layers:
//!
//! 1. [`physical_actions`]: what the players' hands do, in time — every square change with its
//!    time, clock presses, and a few non-physical glitches (sensor flicker, link loss). Each
//!    move is executed *clean* or with one handling [`Pattern`], drawn with seeded randomness
//!    (probability [`SimConfig::noise`] per move, among the patterns that apply to it).
//! 2. The sensor model ([`sensor`]): the board scans its fields one after another, a full scan
//!    every 200–250 ms, and reports each field whose content differs from its last report
//!    when that field is read. This is what makes field updates arrive out of order, show
//!    transit squares and miss fast transients.
//! 3. [`VirtualBoard`]: a sans-IO DGT board (host commands in, framed messages out, with the
//!    serial line's 9600-baud transmission time), which plays a script through the sensor.
//!
//! [`simulate`] drives a [`VirtualBoard`] through the host handshake and one game and returns
//! the whole exchange as a [`Capture`].
//!
//! ```
//! use eboardd::core::sim::{games_from_pgn, simulate, SimConfig};
//!
//! let games = games_from_pgn("1. e4 e5 2. Nf3 Nc6 *");
//! let cap = simulate(&games[0], &SimConfig { seed: 7, noise: 1.0, ..SimConfig::default() });
//! assert!(cap.to_text().starts_with("# eboardd capture v1"));
//! ```
//!
//! # Timing contract (what keeps reconstruction possible)
//!
//! After each completed move the board rests in the new position at least
//! [`MIN_REST_MS`] before the next physical action (except with [`Pattern::EarlyReply`]), and
//! no intermediate position (one that is not a position of the game) lasts longer than
//! [`MAX_INTERMEDIATE_MS`]. Think times are drawn from [`SimConfig::think_ms`] (at least
//! [`MIN_REST_MS`]).
//!
//! # Clean handling
//!
//! With no pattern, a move is made in its canonical order with every single change held for
//! 260–450 ms (longer than a full scan), so the sensor reports each change on its own:
//! plain move: lift, place; capture: victim off, lift, place; castling: king (lift, place),
//! then rook; en passant: lift, place, victim off; promotion: (victim off), pawn off, new piece
//! on.

pub mod board;
pub mod latency;
pub mod pgn;
pub mod physical;
pub mod sensor;

use shakmaty::{Chess, Move};

use crate::core::capture::{Capture, Direction, Record};
use crate::core::dgt::Orientation;

pub use board::VirtualBoard;
pub use physical::{Action, ActionKind, PatternUse, Script, Side, physical_actions};
pub use sensor::ScanSchedule;

/// After a completed move the board rests at least this long before the next physical action
/// (except with [`Pattern::EarlyReply`]).
pub const MIN_REST_MS: u64 = 400;
/// No intermediate resting position lasts longer than this.
pub const MAX_INTERMEDIATE_MS: u64 = 1_500;

/// A game to simulate.
#[derive(Clone, Debug)]
pub struct SimGame {
    /// PGN tag pairs in file order.
    pub headers: Vec<(String, String)>,
    /// The start position (the standard one, or the FEN tag's).
    pub start: Chess,
    /// The moves, all legal from `start`.
    pub moves: Vec<Move>,
}

impl SimGame {
    /// The value of a PGN tag (case-insensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The position after all moves.
    pub fn final_position(&self) -> Chess {
        use shakmaty::Position;
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.play_unchecked(m);
        }
        p
    }

    /// The position after the first `plies` moves, and the squares the moves after it up to
    /// ply `until` (0-based, inclusive) leave or reach: pieces elsewhere stand still that long
    /// (handling no move explains — a piece knocked off, a spare piece put down — is placed
    /// on the others).
    pub fn touched_after(&self, plies: usize, until: usize) -> (Chess, shakmaty::Bitboard) {
        use shakmaty::Position;
        let mut pos = self.start.clone();
        for &m in &self.moves[..plies] {
            pos.play_unchecked(m);
        }
        let mut touched = shakmaty::Bitboard::EMPTY;
        let mut later = pos.clone();
        for &m in self.moves.get(plies..=until).unwrap_or_default() {
            touched.add(m.to());
            touched |= later.board().occupied() ^ {
                later.play_unchecked(m);
                later.board().occupied()
            };
        }
        (pos, touched)
    }
}

/// How a simulated game is replayed on a board of this sensing: identity boards detect the
/// orientation, occupancy boards are told it (`cfg.orientation`); a game set up from a
/// position (a FEN tag) starts when the board shows it; no frame events.
pub fn replay_config(
    game: &SimGame,
    cfg: &SimConfig,
    sensing: crate::core::session::Sensing,
) -> crate::core::session::SessionConfig {
    use crate::core::session::{OrientationSetting, Sensing, SessionConfig};
    SessionConfig {
        sensing,
        orientation: match sensing {
            Sensing::Identity => OrientationSetting::Auto,
            Sensing::Occupancy => OrientationSetting::Fixed(cfg.orientation),
        },
        frame_events: false,
        start: (game.start != Chess::default()).then(|| game.start.clone()),
        ..SessionConfig::default()
    }
}

/// A move in UCI as a board of this sensing can tell it: occupancy boards cannot see the
/// promotion piece, so their games are compared up to it (the promotion letter dropped).
pub fn uci_as_sensed(uci: &str, sensing: crate::core::session::Sensing) -> String {
    match sensing {
        crate::core::session::Sensing::Occupancy => uci.get(..4).unwrap_or(uci).to_string(),
        crate::core::session::Sensing::Identity => uci.to_string(),
    }
}

/// Whether a game read wrong was flagged: one of the `ambiguous` events of the game
/// (`warned`: the ply each starts at, and its lines of moves in UCI) named the real moves
/// (`want`, as [`uci_as_sensed`] gives them) among its lines for a stretch that covers ply
/// `k + 1`, the first that differs — the operator was told to check the scoresheet there.
/// What `examples/exactness.rs` counts as flagged and `tests/games.rs` requires.
pub fn flagged(
    warned: &[(usize, Vec<String>)],
    want: &[String],
    k: usize,
    sensing: crate::core::session::Sensing,
) -> bool {
    warned.iter().any(|(ply, lines)| {
        *ply >= 1
            && *ply <= k + 1
            && lines.iter().any(|l| {
                let l: Vec<String> = l.split(' ').map(|u| uci_as_sensed(u, sensing)).collect();
                *ply - 1 + l.len() > k && want.get(*ply - 1..*ply - 1 + l.len()) == Some(&l[..])
            })
    })
}

/// Parses every game of a PGN text with pgn-reader. Variations are skipped; a game with a
/// `FEN` tag starts from it (a game whose FEN cannot be read is left out); a game with an
/// illegal or unparseable move is returned truncated before that move. Never panics.
pub fn games_from_pgn(text: &str) -> Vec<SimGame> {
    pgn::games_from_pgn(text)
}

/// A way of handling the pieces that makes the sensor stream harder to read than a clean
/// move. See [`physical`] for exact timings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// Before his move, the player lifts one of his pieces (not the one he moves) and puts it
    /// back after 80–900 ms (*j'adoube*).
    Jadoube,
    /// Capture: the victim is taken off first, 150–900 ms later the capturer moves.
    CaptureVictimFirst,
    /// Capture: the capturer is lifted first, then the victim taken off, then the capturer
    /// placed.
    CaptureCapturerFirst,
    /// Capture: victim off and capturer on between two reads of the target field, so the
    /// target goes straight from victim to capturer, never reading empty.
    CaptureSwapInScan,
    /// Castling, king first then rook, at natural speed (steps can share a scan).
    CastleKingFirst,
    /// Castling, rook first: the board passes through a position where a plain rook move is
    /// legal, resting there 60–300 ms or (half the time) 300–1,200 ms before the king moves.
    CastleRookFirst,
    /// Castling with both hands: king and rook lifted, then both placed.
    CastleBoth,
    /// En passant: the captured pawn is taken off before the capturing pawn moves.
    EnPassantVictimBefore,
    /// En passant: the pawn moves diagonally first; the captured pawn is taken off
    /// 150–1,200 ms later.
    EnPassantVictimAfter,
    /// Promotion: pawn off, the new piece put on the last rank directly.
    PromotionDirect,
    /// Promotion: the pawn is first put on the last rank (resting 300–1,200 ms), then
    /// exchanged for the new piece (sometimes inside one scan, so the field goes straight from
    /// pawn to new piece).
    PromotionPawnFirst,
    /// A rook, bishop or queen slid along the board: it is reported on at least one square it
    /// passes (sometimes pausing there 150–600 ms).
    Slide,
    /// The piece is placed on its new square before the sensor reads its old one, so the new
    /// square is reported before the old one clears.
    NewBeforeOld,
    /// The sensor misreads an occupied square as empty for 15–80 ms during a rest (two field
    /// updates, no physical change).
    Flicker,
    /// The opponent starts his reply 50–250 ms after the move was completed, before the
    /// sensor has reported all of it.
    EarlyReply,
    /// (With [`SimConfig::missed_stretches`].) The link drops every message for 2–3 plies,
    /// then a BOARD_DUMP of the board arrives.
    MissedStretch,
    /// (With [`SimConfig::result_signal`].) After the game both kings are put on central
    /// squares to signal the result.
    ResultSignal,
}

impl Pattern {
    /// Every pattern.
    pub const ALL: [Pattern; 17] = [
        Pattern::Jadoube,
        Pattern::CaptureVictimFirst,
        Pattern::CaptureCapturerFirst,
        Pattern::CaptureSwapInScan,
        Pattern::CastleKingFirst,
        Pattern::CastleRookFirst,
        Pattern::CastleBoth,
        Pattern::EnPassantVictimBefore,
        Pattern::EnPassantVictimAfter,
        Pattern::PromotionDirect,
        Pattern::PromotionPawnFirst,
        Pattern::Slide,
        Pattern::NewBeforeOld,
        Pattern::Flicker,
        Pattern::EarlyReply,
        Pattern::MissedStretch,
        Pattern::ResultSignal,
    ];

    /// The name, as in the source (`"CaptureSwapInScan"`).
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Jadoube => "Jadoube",
            Pattern::CaptureVictimFirst => "CaptureVictimFirst",
            Pattern::CaptureCapturerFirst => "CaptureCapturerFirst",
            Pattern::CaptureSwapInScan => "CaptureSwapInScan",
            Pattern::CastleKingFirst => "CastleKingFirst",
            Pattern::CastleRookFirst => "CastleRookFirst",
            Pattern::CastleBoth => "CastleBoth",
            Pattern::EnPassantVictimBefore => "EnPassantVictimBefore",
            Pattern::EnPassantVictimAfter => "EnPassantVictimAfter",
            Pattern::PromotionDirect => "PromotionDirect",
            Pattern::PromotionPawnFirst => "PromotionPawnFirst",
            Pattern::Slide => "Slide",
            Pattern::NewBeforeOld => "NewBeforeOld",
            Pattern::Flicker => "Flicker",
            Pattern::EarlyReply => "EarlyReply",
            Pattern::MissedStretch => "MissedStretch",
            Pattern::ResultSignal => "ResultSignal",
        }
    }
}

/// Simulation settings.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Seed of every random choice (same seed → identical output).
    pub seed: u64,
    /// How the board stands (which field index each square has).
    pub orientation: Orientation,
    /// Probability that a move gets a handling pattern: 0.0 = clean handling, 1.0 = a pattern
    /// on every move where one applies.
    pub noise: f64,
    /// Think time range (ms) from the previous move's completion to the next move's first
    /// action; at least [`MIN_REST_MS`] is always kept.
    pub think_ms: (u64, u64),
    /// Emit BWTIME clock messages as a DGT3000 would: both sides start at
    /// [`SimConfig::clock_start_s`], White's time runs from the start, a press after each
    /// move, a message whenever the shown time changes, the clock stopped after the game.
    pub clock: bool,
    /// At the end, put both kings on central squares as players do to signal a result.
    pub result_signal: bool,
    /// Occasionally (about one ply in 25) drop every message for 2–3 plies, then send a
    /// BOARD_DUMP, like a link glitch.
    pub missed_stretches: bool,
    /// The patterns that may be drawn (default: all).
    pub patterns: Vec<Pattern>,
    /// Clock: White's time is on the clock's left side (else the right side).
    pub white_clock_left: bool,
    /// Clock: starting time of each side, seconds.
    pub clock_start_s: u32,
    /// The board's serial number (5 digits for SERIALNR; padded for LONG_SERIALNR).
    pub serial: String,
}

impl Default for SimConfig {
    fn default() -> SimConfig {
        SimConfig {
            seed: 0,
            orientation: Orientation::Normal,
            noise: 0.5,
            think_ms: (400, 3_000),
            clock: true,
            result_signal: false,
            missed_stretches: false,
            patterns: Pattern::ALL.to_vec(),
            white_clock_left: true,
            clock_start_s: 90 * 60,
            serial: "24170".into(),
        }
    }
}

impl SimConfig {
    /// The settings the exactness measure (`examples/exactness.rs`) draws sample `i` of the
    /// shared games with: seed `i + seed` (`SEED=seed` draws the handling again), the board
    /// turned round for odd samples, a clock for all but every third.
    pub fn sample(i: usize, seed: u64, noise: f64, patterns: &[Pattern]) -> SimConfig {
        SimConfig {
            seed: i as u64 + seed,
            orientation: if i.is_multiple_of(2) {
                Orientation::Normal
            } else {
                Orientation::Rotated
            },
            noise,
            clock: !i.is_multiple_of(3),
            patterns: patterns.to_vec(),
            ..SimConfig::default()
        }
    }
}

/// The host handshake [`simulate`] sends: reset, version, serial number, board dump, update
/// mode "nice".
pub const HANDSHAKE: [u8; 5] = [0x40, 0x4d, 0x45, 0x42, 0x4b];

/// Virtual time at which the game script starts in [`simulate`].
pub const GAME_START_MS: u64 = 1_000;

/// A whole game as a capture: a header comment, the host handshake as `tx` records
/// ([`HANDSHAKE`], 30 ms apart), the board's replies (VERSION, SERIALNR, BOARD_DUMP of the
/// start position) as `rx`, then from [`GAME_START_MS`] the field updates (and clock
/// messages) of the game in time.
pub fn simulate(game: &SimGame, cfg: &SimConfig) -> Capture {
    simulate_with_script(game, cfg).0
}

/// [`simulate`], also returning the script that was played (its patterns say what was drawn
/// for each ply).
pub fn simulate_with_script(game: &SimGame, cfg: &SimConfig) -> (Capture, Script) {
    simulate_edited(game, cfg, |_| {})
}

/// [`simulate_with_script`] with the game's physical actions edited by `edit` before they are
/// played (e.g. [`Script::splice`]: handling no game move explains, inserted after a ply).
/// The script is planned from [`GAME_START_MS`] with the sensor phased to it, as for
/// [`simulate`]: an `edit` that changes nothing gives the same capture.
pub fn simulate_edited(
    game: &SimGame,
    cfg: &SimConfig,
    edit: impl FnOnce(&mut Script),
) -> (Capture, Script) {
    use shakmaty::Position;
    let mut vb = VirtualBoard::with_seed(&cfg.serial, cfg.orientation, cfg.seed);
    vb.set_position(game.start.board());
    vb.set_clock_attached(cfg.clock);
    let mut records = Vec::new();
    let drain = |vb: &mut VirtualBoard, records: &mut Vec<Record>, t: u64| {
        while let Some(bytes) = vb.poll_output() {
            records.push(Record {
                t_ms: t,
                dir: Direction::Rx,
                bytes,
            });
        }
    };
    let run_until = |vb: &mut VirtualBoard, records: &mut Vec<Record>, until: Option<u64>| {
        // Bounded: a script is finite and the clock is stopped at its end.
        for _ in 0..10_000_000 {
            let Some(t) = vb.poll_timeout() else { break };
            if until.is_some_and(|u| t > u) {
                break;
            }
            vb.handle_timeout(t);
            drain(vb, records, t);
        }
    };
    for (i, &cmd) in HANDSHAKE.iter().enumerate() {
        let t = 30 * i as u64;
        run_until(&mut vb, &mut records, Some(t));
        vb.handle_host(t, &[cmd]);
        records.push(Record {
            t_ms: t,
            dir: Direction::Tx,
            bytes: vec![cmd],
        });
        drain(&mut vb, &mut records, t);
    }
    run_until(&mut vb, &mut records, Some(GAME_START_MS));
    let mut script = physical_actions(game, cfg, GAME_START_MS);
    edit(&mut script);
    vb.play_script(&script, cfg.seed, GAME_START_MS);
    run_until(&mut vb, &mut records, None);

    let mut comments = vec![
        format!(
            "simulated by eboardd sim: seed {}, noise {}, orientation {}, clock {}, \
             result signal {}, missed stretches {}",
            cfg.seed,
            cfg.noise,
            cfg.orientation.as_str(),
            cfg.clock,
            cfg.result_signal,
            cfg.missed_stretches
        ),
        format!(
            "board: virtual DGT board, serial {}, firmware {}.{:02}",
            cfg.serial,
            board::FIRMWARE.0,
            board::FIRMWARE.1
        ),
    ];
    let tag = |n: &str| game.header(n).unwrap_or("?").to_string();
    comments.push(format!(
        "game: {} - {}, {} round {}, {}",
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Round"),
        tag("Result")
    ));
    if game.header("FEN").is_some() {
        comments.push(format!(
            "start: {}",
            shakmaty::fen::Fen::from_position(&game.start, shakmaty::EnPassantMode::Legal)
        ));
    }
    let mut pos = game.start.clone();
    let mut sans = Vec::with_capacity(game.moves.len());
    for &m in &game.moves {
        sans.push(shakmaty::san::San::from_move(&pos, m).to_string());
        pos.play_unchecked(m);
    }
    if sans.is_empty() {
        comments.push("moves: (none)".into());
    } else {
        comments.push(format!("moves: {}", sans.join(" ")));
    }
    if !script.patterns.is_empty() {
        let list: Vec<String> = script
            .patterns
            .iter()
            .map(|p| format!("{}:{}", p.ply, p.pattern.name()))
            .collect();
        comments.push(format!("patterns (ply:pattern): {}", list.join(" ")));
    }
    // Comment lines are trimmed and single-line in the capture format.
    let comments = comments
        .into_iter()
        .map(|c| {
            c.replace(|ch: char| ch.is_control(), " ")
                .trim()
                .to_string()
        })
        .collect();
    (Capture { comments, records }, script)
}
