//! One board's state machine: bytes and timestamps in, events and commands out.
//!
//! The quinn-proto contract: [`Session::handle_input`] with the bytes read and the time
//! (monotonic ms, the caller's clock), [`Session::handle_timeout`] when
//! [`Session::poll_timeout`] says, then drain [`Session::poll_event`] and
//! [`Session::poll_transmit`]. The session never reads a clock and does no I/O.

use std::collections::VecDeque;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Chess, Color, EnPassantMode, Position, Role};

use super::dgt::{Decoded, Decoder, Message, Orientation, PieceCode};
use super::event::{Event, EventKind, SideReading, SquareReport};
use super::irregular::{Setup, SquareDiff, diff_squares};
use super::rules::Monitor;
use super::tracker::{self, GameOp, Tracker, TrackerConfig, uci};

/// What the board senses on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sensing {
    /// Each square reports which piece stands on it (DGT).
    #[default]
    Identity,
    /// Each square reports only occupied or empty (Pegasus, hall-effect and DIY boards).
    Occupancy,
}

impl Sensing {
    pub fn as_str(self) -> &'static str {
        match self {
            Sensing::Identity => "identity",
            Sensing::Occupancy => "occupancy",
        }
    }
}

/// How the board's orientation is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrientationSetting {
    /// From the start position (identity boards).
    #[default]
    Auto,
    /// As configured.
    Fixed(Orientation),
}

/// Which competition rules apply (FIDE Laws, Appendices A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Competition {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl Competition {
    /// Minutes added to the opponent's time for a completed illegal move (7.5.5; 1 minute in
    /// rapid and blitz under the Laws in force since 2023).
    pub fn penalty_minutes(self) -> u32 {
        match self {
            Competition::Standard => 2,
            Competition::Rapid | Competition::Blitz => 1,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Competition::Standard => "standard",
            Competition::Rapid => "rapid",
            Competition::Blitz => "blitz",
        }
    }
}

/// The values [`SessionConfig::capture_settle_ms`] may take from a user (the configuration
/// file, `eboardd replay`), in milliseconds.
pub const CAPTURE_SETTLE_MS: std::ops::RangeInclusive<u64> = 300..=5_000;

/// Configuration of a session, fixed at construction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionConfig {
    pub sensing: Sensing,
    pub orientation: OrientationSetting,
    /// Emit wire-level events (`board`, `field`, `clock`, `clock_ack`, `ee_moves`).
    pub frame_events: bool,
    /// A garbage run is reported after this much quiet on the line, if no valid frame ends it.
    pub garbage_quiet_ms: u64,
    /// Quiet time before the board counts as at rest (see [`TrackerConfig::settle_ms`]).
    pub settle_ms: u64,
    /// The promotion piece on occupancy boards.
    pub promotion: Role,
    /// Competition rules (penalties).
    pub competition: Competition,
    /// Run the arbiter's draw and game-end monitor (Articles 5 and 9). Off: moves only (a
    /// pure broadcast feed, or measuring move inference alone).
    pub monitor: bool,
    /// A set-up position that starts a game when the board shows it (see
    /// [`TrackerConfig::start`]).
    pub start: Option<Chess>,
    /// Occupancy boards: the rest before a capture never seen is taken for one
    /// ([`TrackerConfig::occupancy_capture_settle_ms`]); `None`, the tracker's default.
    pub capture_settle_ms: Option<u64>,
}

impl SessionConfig {
    fn tracker(&self) -> TrackerConfig {
        let base = TrackerConfig::for_sensing(self.sensing);
        TrackerConfig {
            sensing: self.sensing,
            orientation: self.orientation,
            settle_ms: self.settle_ms,
            promotion: self.promotion,
            illegal_move_stands: self.competition != Competition::Standard,
            start: self.start.clone(),
            occupancy_capture_settle_ms: self
                .capture_settle_ms
                .unwrap_or(base.occupancy_capture_settle_ms),
            ..base
        }
    }
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            sensing: Sensing::Identity,
            orientation: OrientationSetting::Auto,
            frame_events: true,
            garbage_quiet_ms: 500,
            settle_ms: TrackerConfig::default().settle_ms,
            promotion: Role::Queen,
            competition: Competition::Standard,
            monitor: true,
            start: None,
            capture_settle_ms: None,
        }
    }
}

/// One board.
#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    decoder: Decoder,
    /// The sensed fields in index order, as last reported.
    fields: [PieceCode; 64],
    have_dump: bool,
    tracker: Tracker,
    /// Which side's clock ran at the last clock message (a change is a press).
    clock_to_move: Option<bool>,
    /// Whether the clock was running at the last clock message.
    clock_running: bool,
    /// Completed illegal moves in the current game, White and Black.
    illegal_counts: [u32; 2],
    /// Articles 5 and 9 for the current game.
    monitor: Option<Monitor>,
    /// Plies before the monitor's start (after an illegal move that stands, the repetition
    /// history restarts: the monitor is started afresh there).
    ply_offset: u32,
    events: VecDeque<Event>,
    transmit: VecDeque<Vec<u8>>,
    last_input_ms: u64,
}

impl Session {
    pub fn new(config: SessionConfig) -> Session {
        Session {
            tracker: Tracker::new(config.tracker()),
            clock_to_move: None,
            clock_running: false,
            illegal_counts: [0, 0],
            monitor: None,
            ply_offset: 0,
            config,
            decoder: Decoder::new(),
            fields: [PieceCode::Empty; 64],
            have_dump: false,
            events: VecDeque::new(),
            transmit: VecDeque::new(),
            last_input_ms: 0,
        }
    }

    pub fn config(&self) -> &SessionConfig {
        &self.config
    }

    /// Bytes read from the board at `now_ms`.
    pub fn handle_input(&mut self, now_ms: u64, bytes: &[u8]) {
        self.last_input_ms = now_ms;
        let mut decoder = std::mem::take(&mut self.decoder);
        decoder.feed(bytes, |d| self.on_decoded(now_ms, d));
        self.decoder = decoder;
    }

    /// Time has reached a deadline given by [`Session::poll_timeout`].
    pub fn handle_timeout(&mut self, now_ms: u64) {
        self.tracker.handle_timeout(now_ms, &self.fields);
        self.drain_ops();
        if self.decoder.pending_skipped() > 0
            && now_ms >= self.last_input_ms + self.config.garbage_quiet_ms
            && let Some(g) = self.decoder.flush_skipped()
        {
            self.on_decoded(now_ms, Decoded::Garbage(g));
        }
    }

    /// End of input (replay, or the link closed): report everything pending.
    pub fn finish(&mut self, now_ms: u64) {
        if let Some(g) = self.decoder.flush() {
            self.on_decoded(now_ms, Decoded::Garbage(g));
        }
    }

    /// The next time `handle_timeout` must be called, if any.
    pub fn poll_timeout(&self) -> Option<u64> {
        let garbage = (self.decoder.pending_skipped() > 0)
            .then(|| self.last_input_ms + self.config.garbage_quiet_ms);
        match (garbage, self.tracker.poll_timeout()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The move tracker (read-only: the game as reconstructed).
    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// Restores a game after a restart (from the daemon's journal) without reporting
    /// anything: the start position, the moves in UCI, the orientation.
    pub fn resume_game(
        &mut self,
        now_ms: u64,
        start_fen: &str,
        moves_uci: &[String],
        orientation: Orientation,
    ) -> Result<(), String> {
        let fen: Fen = start_fen
            .parse()
            .map_err(|e| format!("bad start FEN {start_fen:?}: {e}"))?;
        let start: Chess = fen
            .into_position(shakmaty::CastlingMode::Standard)
            .map_err(|e| format!("impossible start position {start_fen:?}: {e}"))?;
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(moves_uci.len());
        for (i, u) in moves_uci.iter().enumerate() {
            let m = u
                .parse::<shakmaty::uci::UciMove>()
                .map_err(|e| format!("move {}: {u:?}: {e}", i + 1))?
                .to_move(&pos)
                .map_err(|e| format!("move {}: {u:?} is illegal: {e}", i + 1))?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        if self.config.monitor {
            let mut monitor = Monitor::new(start.clone());
            for m in &moves {
                monitor.push(m);
            }
            self.monitor = Some(monitor);
        }
        self.ply_offset = 0;
        self.tracker.resume(start, &moves, orientation, now_ms);
        Ok(())
    }

    /// Sets the completed illegal moves of the current game so far (White, Black), as a
    /// restart finds them in the journal: the next one is counted from there (7.5.5: the
    /// second loses).
    pub fn restore_illegal_counts(&mut self, white: u32, black: u32) {
        self.illegal_counts = [white, black];
    }

    fn illegal_event(
        &mut self,
        color: Color,
        attempt: Option<(shakmaty::Square, shakmaty::Square)>,
        rule: &'static str,
        restore: &Chess,
    ) -> EventKind {
        let idx = usize::from(color == Color::Black);
        self.illegal_counts[idx] += 1;
        let count = self.illegal_counts[idx];
        let who = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        let opp = if color == Color::White {
            "Black"
        } else {
            "White"
        };
        let penalty = self.config.competition.penalty_minutes();
        let what = match (rule, attempt) {
            ("7.5.3", _) => "pressed the clock without making a move (7.5.3)".to_string(),
            ("7.5.2", Some((f, t))) => format!(
                "moved a pawn {f}-{t} to the last rank without exchanging it (7.5.2): it is replaced by a queen"
            ),
            (_, Some((f, t))) => format!("made an illegal move {f}-{t} (7.5.1)"),
            _ => "made an illegal move (7.5.1)".to_string(),
        };
        let opponent_can_mate = self
            .monitor
            .as_ref()
            .and_then(|m| m.can_mate(color.other()))
            .unwrap_or_else(|| !restore.has_insufficient_material(color.other()));
        let (consequence, result) = if count >= 2 {
            if opponent_can_mate {
                (
                    format!("second completed illegal move: {who} loses the game (7.5.5)"),
                    Some(if color == Color::White { "0-1" } else { "1-0" }),
                )
            } else {
                (
                    format!(
                        "second completed illegal move, but {opp} cannot checkmate by any series of legal moves: the game is drawn (7.5.5)"
                    ),
                    Some("1/2-1/2"),
                )
            }
        } else {
            (
                format!(
                    "first completed illegal move: {penalty} minute(s) added to {opp}'s time ({}, 7.5.5)",
                    self.config.competition.as_str()
                ),
                None,
            )
        };
        let restore_fen = fen(restore);
        EventKind::IllegalMove {
            color: color_name(color),
            count,
            uci: attempt.map(|(f, t)| {
                if rule == "7.5.2" {
                    format!("{f}{t}q")
                } else {
                    format!("{f}{t}")
                }
            }),
            rule,
            penalty_minutes: if rule == "7.5.2" || count < 2 {
                penalty
            } else {
                0
            },
            result,
            message: format!("{who} {what}; {consequence}. Reinstate the position {restore_fen}"),
            fen_restore: restore_fen,
        }
    }

    fn drain_ops(&mut self) {
        let mut ops = self.tracker.take_ops();
        for (t, op) in ops.drain(..) {
            let mut follow = Vec::new();
            let kind = match op {
                GameOp::NewGame { pos, orientation } => {
                    self.illegal_counts = [0, 0];
                    if self.config.monitor {
                        let mut monitor = Monitor::new(pos.clone());
                        follow = monitor.judge_start();
                        self.monitor = Some(monitor);
                    }
                    self.ply_offset = 0;
                    EventKind::NewGame {
                        fen: fen(&pos),
                        orientation: Some(orientation.as_str()),
                    }
                }
                GameOp::SetupError { setup } => setup_event(setup),
                GameOp::IllegalMove {
                    color,
                    attempt,
                    rule,
                    restore,
                } => self.illegal_event(color, attempt, rule, &restore),
                GameOp::Displaced { diffs, restore } => {
                    let squares = reports(&diffs);
                    let list: Vec<String> = squares
                        .iter()
                        .map(|r| {
                            format!(
                                "{} should hold {} (found {})",
                                r.square, r.expected, r.found
                            )
                        })
                        .collect();
                    EventKind::Displaced {
                        message: format!(
                            "pieces displaced (7.4): {}; reinstate the game position",
                            list.join(", ")
                        ),
                        squares,
                        fen_restore: fen(&restore),
                    }
                }
                GameOp::Unexplained { ply, squares, pos } => {
                    let board = pos.board();
                    let squares: Vec<SquareReport> = squares
                        .into_iter()
                        .map(|sq| SquareReport {
                            square: sq.to_string(),
                            expected: piece_letter(board.piece_at(sq)),
                            found: if board.occupied().contains(sq) {
                                ".".to_string()
                            } else {
                                "?".to_string()
                            },
                        })
                        .collect();
                    let names: Vec<&str> = squares.iter().map(|r| r.square.as_str()).collect();
                    let ply = ply + self.ply_offset;
                    EventKind::Unexplained {
                        ply,
                        message: format!(
                            "the board no longer matches the game after ply {ply}: {} off the game position, and no reading of the moves explains it — the moves since cannot be followed; check the board against the scoresheet",
                            names.join(", ")
                        ),
                        squares,
                        fen: fen(&pos),
                    }
                }
                GameOp::Restored { pos } => EventKind::Restored {
                    fen: fen(&pos),
                    message: "the board is back at the game position; play continues".into(),
                },
                GameOp::Move {
                    ply,
                    mv,
                    before,
                    after,
                    illegal,
                } => {
                    if illegal && self.config.monitor {
                        self.monitor = Some(Monitor::new(after.clone()));
                        self.ply_offset = ply;
                    } else if let Some(m) = self.monitor.as_mut() {
                        follow = m.push(&mv);
                    }
                    EventKind::Move {
                        ply,
                        uci: uci(&mv),
                        san: if illegal {
                            // No SAN for an illegal move: long algebraic, as on a scoresheet.
                            format!(
                                "{}{}-{}",
                                mv.role().upper_char(),
                                mv.from().map(|s| s.to_string()).unwrap_or_default(),
                                mv.to()
                            )
                            .trim_start_matches('P')
                            .to_string()
                        } else {
                            // (The suffix from the position after it, already played:
                            // legal moves only to tell mate from check — and only with one
                            // king of the side to move, as the tracker's moves always leave:
                            // shakmaty's move generation panics otherwise.)
                            let suffix = after.is_check().then(|| {
                                if after.board().king_of(after.turn()).is_some()
                                    && !tracker::king_can_step(&after)
                                    && after.legal_moves().is_empty()
                                {
                                    Suffix::Checkmate
                                } else {
                                    Suffix::Check
                                }
                            });
                            let mut san = String::with_capacity(8);
                            SanPlus {
                                san: San::from_move(&before, mv),
                                suffix,
                            }
                            .append_to_string(&mut san);
                            san
                        },
                        fen: fen(&after),
                        illegal,
                    }
                }
                GameOp::Takeback { ply, now } => {
                    match self.monitor.as_mut() {
                        Some(m) if m.ply() > 0 => m.pop(),
                        None => {}
                        _ => {
                            // Back across the start of the monitor's history: start afresh.
                            self.monitor = Some(Monitor::new((*now).clone()));
                            self.ply_offset = ply - 1;
                        }
                    }
                    EventKind::Takeback {
                        ply,
                        fen: fen(&now),
                    }
                }
                GameOp::ResultSignal { result } => EventKind::ResultSignal {
                    result,
                    message: format!(
                        "result {result} signalled with the kings on the central squares (not a move)"
                    ),
                },
                GameOp::Ambiguous {
                    ply,
                    lines,
                    chosen,
                    provisional,
                    undecided,
                } => {
                    // (Each line once: two of the tracker's readings may be the same moves.)
                    let lines: Vec<String> = lines.into_iter().map(|l| l.join(" ")).collect();
                    let chosen_line = chosen.and_then(|i| lines.get(i)).cloned();
                    let lines = tracker::distinct(lines);
                    let chosen = chosen_line.and_then(|c| lines.iter().position(|l| *l == c));
                    let message = match (chosen, undecided) {
                        (Some(i), Some(why)) => format!(
                            "the moves reported from ply {ply}, {}, are a guess: the board cannot tell them from {} ({}); they stand unless a later move shows them wrong — check the scoresheet",
                            lines[i],
                            lines
                                .iter()
                                .enumerate()
                                .filter(|&(j, _)| j != i)
                                .map(|(_, l)| l.as_str())
                                .collect::<Vec<_>>()
                                .join(" | "),
                            match why {
                                tracker::Undecided::UnseenCapture =>
                                    "a capture never seen on the board",
                                tracker::Undecided::UnseenPromotion =>
                                    "the promoted piece, captured at once, never read on the board",
                            }
                        ),
                        (Some(i), None) if provisional => format!(
                            "several lines of moves from ply {ply} explain the board: {}; reporting the likeliest, {}, until the next moves decide (then corrected with takebacks)",
                            lines.join(" | "),
                            lines[i]
                        ),
                        (Some(i), None) => format!(
                            "moves from ply {ply} were missed and their order is unknown (all of {} reach the same position): reporting {}; check the scoresheet",
                            lines.join(" | "),
                            lines[i]
                        ),
                        (None, _) => format!(
                            "several lines of moves from ply {ply} explain the board: {}; waiting for the next moves to decide",
                            lines.join(" | ")
                        ),
                    };
                    EventKind::Ambiguous {
                        ply,
                        message,
                        chosen: chosen.map(|i| lines[i].clone()),
                        provisional,
                        undecided: undecided.is_some(),
                        lines,
                    }
                }
            };
            self.emit(t, kind);
            for mut k in follow {
                if let EventKind::Claim { ply, .. } | EventKind::GameEnd { ply, .. } = &mut k {
                    *ply += self.ply_offset;
                }
                self.emit(t, k);
            }
        }
        self.tracker.return_ops(ops);
    }

    /// The draw and game-end monitor of the current game.
    pub fn monitor(&self) -> Option<&Monitor> {
        self.monitor.as_ref()
    }

    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Bytes to write to the board.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.transmit.pop_front()
    }

    /// The sensed fields in index order.
    pub fn fields(&self) -> &[PieceCode; 64] {
        &self.fields
    }

    fn emit(&mut self, t_ms: u64, kind: EventKind) {
        self.events.push_back(Event::new(t_ms, kind));
    }

    fn on_decoded(&mut self, now: u64, d: Decoded) {
        match d {
            Decoded::Garbage(g) => self.emit(
                now,
                EventKind::ProtocolError {
                    skipped: g.skipped,
                    message: format!("skipped {} byte(s): {}", g.skipped, g.reason),
                },
            ),
            Decoded::Message(m) => self.on_message(now, m),
        }
    }

    fn on_message(&mut self, now: u64, m: Message) {
        let frames = self.config.frame_events;
        match m {
            Message::BoardDump(f) => {
                self.fields = *f;
                self.have_dump = true;
                // (A full dump: the link was down or just came up, messages may have been
                // missed — the clock's side is taken afresh, and a switch seen across the gap
                // is no press made now: presses made meanwhile completed moves the dump shows.)
                self.clock_to_move = None;
                self.tracker.on_dump(now, &self.fields);
                if frames {
                    let placement = placement(&self.fields, Orientation::Normal);
                    self.emit(now, EventKind::Board { placement });
                }
            }
            Message::FieldUpdate { index, piece } => {
                self.fields[usize::from(index)] = piece;
                self.tracker.on_field(now, index, piece);
                if frames {
                    let square = self.tracker.orientation().square(index).to_string();
                    self.emit(
                        now,
                        EventKind::Field {
                            index,
                            square,
                            piece: piece.as_char().to_string(),
                            code: piece.to_code(),
                        },
                    );
                }
            }
            Message::Clock(t) => {
                let side = match (t.left_to_move, t.right_to_move) {
                    (true, false) => Some(true),
                    (false, true) => Some(false),
                    _ => None,
                };
                self.tracker.on_clock_seen(!t.no_clock);
                if !t.no_clock && side.is_some() {
                    // A press: the running clock switches sides. Starting a stopped clock
                    // (the game's start, or the arbiter restarting it) is not a press.
                    if self.clock_running
                        && t.running
                        && self.clock_to_move.is_some()
                        && side != self.clock_to_move
                    {
                        self.tracker.on_clock_press_side(now, side == Some(true));
                    } else if self.clock_to_move.is_none() && t.running {
                        // (The first message after a dump: the side the clock runs for.)
                        self.tracker
                            .on_clock_side_after_dump(now, side == Some(true));
                    }
                    self.clock_to_move = side;
                }
                self.clock_running = t.running && !t.no_clock;
                if frames {
                    let side = |s: &super::dgt::ClockSideTime| SideReading {
                        time: s.display(),
                        seconds: s.total_seconds(),
                        flag: s.flag_fallen_blocked || s.flag_shown,
                    };
                    let to_move = match (t.left_to_move, t.right_to_move) {
                        (true, false) => Some("left"),
                        (false, true) => Some("right"),
                        _ => None,
                    };
                    self.emit(
                        now,
                        EventKind::Clock {
                            left: side(&t.left),
                            right: side(&t.right),
                            running: t.running,
                            to_move,
                            lever_right_high: t.lever_right_high,
                            battery_low: t.battery_low,
                            connected: !t.no_clock,
                        },
                    );
                }
            }
            Message::ClockAck(d) => {
                if frames {
                    self.emit(now, EventKind::ClockAck { data: hex(&d) });
                }
            }
            Message::ClockEmpty => {}
            Message::EeMoves(d) => {
                if frames {
                    self.emit(
                        now,
                        EventKind::EeMoves {
                            bytes: d.len(),
                            data: hex(&d),
                        },
                    );
                }
            }
            Message::BusAddress(a) => self.device(now, |d| d.bus_address = Some(a)),
            Message::SerialNumber(s) => self.device(now, |d| d.serial = Some(s)),
            Message::LongSerialNumber(s) => self.device(now, |d| d.long_serial = Some(s)),
            Message::Trademark(s) => self.device(now, |d| d.trademark = Some(s)),
            Message::Version { major, minor } => {
                self.device(now, |d| d.version = Some(format!("{major}.{minor:02}")))
            }
            Message::BatteryStatus(b) => self.device(now, |d| d.battery = Some(hex(&b))),
        }
    }

    fn device(&mut self, now: u64, f: impl FnOnce(&mut DeviceInfo)) {
        let mut d = DeviceInfo::default();
        f(&mut d);
        self.emit(
            now,
            EventKind::Device {
                serial: d.serial,
                long_serial: d.long_serial,
                version: d.version,
                trademark: d.trademark,
                bus_address: d.bus_address,
                battery: d.battery,
            },
        );
    }
}

fn piece_letter(p: Option<shakmaty::Piece>) -> String {
    p.map_or_else(|| ".".to_string(), |p| p.char().to_string())
}

fn reports(diffs: &[SquareDiff]) -> Vec<SquareReport> {
    diffs
        .iter()
        .map(|d| SquareReport {
            square: d.square.to_string(),
            expected: piece_letter(d.expected),
            found: piece_letter(d.found),
        })
        .collect()
}

fn setup_event(setup: Setup) -> EventKind {
    match setup {
        Setup::Turned90 => {
            let mut turned = shakmaty::Board::new();
            turned.rotate_90();
            let start = shakmaty::Board::new();
            let squares = reports(&diff_squares(&start, &turned));
            EventKind::SetupError {
                squares,
                message: "the board is turned by 90 degrees: a1 must be a dark square in White's left corner (7.2); turn the board before the game starts".into(),
            }
        }
        Setup::Wrong(diffs) => {
            let squares = reports(&diffs);
            let list: Vec<String> = squares
                .iter()
                .map(|r| format!("{}: {} expected, {} found", r.square, r.expected, r.found))
                .collect();
            EventKind::SetupError {
                message: format!(
                    "wrong initial position (7.2): {}; correct it before the game starts (if the game has started, it is cancelled and a new game played, 7.2.1)",
                    list.join("; ")
                ),
                squares,
            }
        }
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn fen(pos: &Chess) -> String {
    let mut s = String::with_capacity(90);
    Fen::from_position(pos, EnPassantMode::Legal).append_to_string(&mut s);
    s
}

#[derive(Default)]
struct DeviceInfo {
    serial: Option<String>,
    long_serial: Option<String>,
    version: Option<String>,
    trademark: Option<String>,
    bus_address: Option<u16>,
    battery: Option<String>,
}

fn hex(d: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(d.len() * 2);
    for b in d {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// FEN-style piece placement of sensed fields under an orientation (`?` for magic pieces).
pub fn placement(fields: &[PieceCode; 64], orientation: Orientation) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8u32).rev() {
        let mut empty = 0;
        for file in 0..8u32 {
            let sq = shakmaty::Square::new(rank * 8 + file);
            let c = fields[usize::from(orientation.index(sq))];
            if c == PieceCode::Empty {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push(char::from(b'0' + empty));
                    empty = 0;
                }
                s.push(c.as_char());
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dgt::message::frame;

    fn start_dump() -> Vec<u8> {
        // Index 0 = a8 in normal orientation.
        let mut d = vec![0u8; 64];
        let back_black = [8, 9, 10, 12, 11, 10, 9, 8];
        let back_white = [2, 3, 4, 6, 5, 4, 3, 2];
        d[..8].copy_from_slice(&back_black);
        d[8..16].fill(7);
        d[48..56].fill(1);
        d[56..].copy_from_slice(&back_white);
        frame(0x86, &d)
    }

    /// A clock message: running, `left`'s side to move.
    fn clock(left: bool) -> Vec<u8> {
        use crate::core::dgt::{ClockSideTime, ClockTimes, Message};
        let t = ClockSideTime {
            hours: 0,
            minutes: 5,
            seconds: 0,
            flag_fallen_blocked: false,
            time_per_move: false,
            flag_shown: false,
            valid: true,
        };
        Message::Clock(ClockTimes {
            right: t,
            left: t,
            running: true,
            lever_right_high: left,
            battery_low: false,
            right_to_move: !left,
            left_to_move: left,
            no_clock: false,
        })
        .encode()
    }

    /// The session's timeouts handled up to `until`; the events so far.
    fn run_until(s: &mut Session, until: u64) -> Vec<EventKind> {
        while let Some(t) = s.poll_timeout().filter(|&t| t <= until) {
            s.handle_timeout(t);
        }
        std::iter::from_fn(|| s.poll_event())
            .map(|e| e.kind)
            .collect()
    }

    /// A full dump (the link was down, back now): what was pressed meanwhile is unknown, so
    /// the first press after it is no press without a move (7.5.3) — even on the very board
    /// the game stood at. (In a repetition, moves missed can leave the board of a ply before;
    /// read as a takeback, a press for the last of them had been called one without a move.)
    #[test]
    fn the_first_press_after_a_dump_is_never_a_press_without_a_move() {
        use crate::core::dgt::{Message, PieceCode};
        let mut s = Session::new(SessionConfig::default());
        s.handle_input(10, &start_dump());
        run_until(&mut s, 1000);
        s.handle_input(1000, &clock(true));
        // 1. e4 (index 0 = a8: e2 is 52, e4 is 36), then White's press.
        let field = |index: u8, piece: PieceCode| Message::FieldUpdate { index, piece }.encode();
        let pawn = PieceCode::from_code(1);
        s.handle_input(2000, &field(52, PieceCode::Empty));
        s.handle_input(2100, &field(36, pawn));
        run_until(&mut s, 3500);
        s.handle_input(3600, &clock(false));
        run_until(&mut s, 4500);
        let mut after_e4 = start_dump();
        // (The frame's three header bytes, then the 64 squares.)
        after_e4[3 + 52] = 0;
        after_e4[3 + 36] = 1;
        s.handle_input(5000, &after_e4);
        s.handle_input(5100, &clock(false));
        // Black's side pressed, the board as it stood.
        s.handle_input(6000, &clock(true));
        let events = run_until(&mut s, 8000);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, EventKind::IllegalMove { .. })),
            "{events:?}"
        );
        assert_eq!(s.tracker().ply(), 1);
        // (A second press so, no dump between: that one is.)
        s.handle_input(9000, &clock(false));
        s.handle_input(10_000, &clock(true));
        let events = run_until(&mut s, 12_000);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, EventKind::IllegalMove { .. })),
            "{events:?}"
        );
    }

    #[test]
    fn dump_reports_placement() {
        let mut s = Session::new(SessionConfig::default());
        s.handle_input(10, &start_dump());
        let e = s.poll_event().unwrap();
        assert_eq!(
            e.kind,
            EventKind::Board {
                placement: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into()
            }
        );
        assert_eq!(e.t_ms, 10);
    }

    #[test]
    fn garbage_reported_after_quiet() {
        let mut s = Session::new(SessionConfig::default());
        s.handle_input(100, &[1, 2, 3]);
        assert!(s.poll_event().is_none());
        assert_eq!(s.poll_timeout(), Some(600));
        s.handle_timeout(599);
        assert!(s.poll_event().is_none());
        s.handle_timeout(600);
        let e = s.poll_event().unwrap();
        assert!(matches!(
            e.kind,
            EventKind::ProtocolError { skipped: 3, .. }
        ));
        assert_eq!(s.poll_timeout(), None);
    }
}
