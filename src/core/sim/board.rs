//! A sans-IO virtual DGT board: host commands in, framed board messages out, a physical board
//! seen through the sensor model of [`super::sensor`].
//!
//! Time is the caller's: every call takes `now_ms` (non-decreasing). The board sends bytes
//! over a 9600-baud line: each message becomes available from [`VirtualBoard::poll_output`]
//! once fully transmitted (≈1.04 ms per byte after the line is free), so
//! [`VirtualBoard::poll_timeout`] also reports when the next message will be through.
//!
//! Host commands ([`Command::decode`]): 0x40 reset (stops updates), 0x41 clock (BWTIME; with
//! no clock attached the "no clock" status bit is set), 0x42 board dump, 0x43 / 0x44 / 0x4b
//! update modes (field updates in all three; clock messages whenever the shown time changes
//! with 0x43 and 0x4b, none with 0x44), 0x45 serial, 0x46 bus address, 0x47 trademark, 0x4d
//! version, 0x55 long serial, 0x2b clock commands (a BWTIME clock ack when a clock is
//! attached; set-and-run also sets and runs the clock). 0x49 (EEPROM log), 0x4a (bus mode),
//! 0x4c (battery) and unknown bytes are ignored.
//!
//! The sensor scans all the time (in idle mode too: it then updates its last report silently,
//! so entering an update mode reports only later changes). While the link is down (a
//! [`super::Pattern::MissedStretch`]) everything the board sends is lost; when it comes back
//! the board sends a BOARD_DUMP.

use std::collections::VecDeque;

use shakmaty::{Board, Piece, Square};

use super::physical::{Action, ActionKind, Script, Side, physical_actions};
use super::sensor::ScanSchedule;
use super::{SimConfig, SimGame};
use crate::core::dgt::message::{ClockSideTime, ClockTimes, Message};
use crate::core::dgt::{ClockCommand, ClockSide, Command, Orientation, PieceCode};

/// Firmware version the virtual board reports.
pub const FIRMWARE: (u8, u8) = (1, 7);
/// Trademark text the virtual board reports.
pub const TRADEMARK: &str = "eboardd virtual board (DGT protocol)";
/// Transmission time of one byte at 9600 baud, 8N1, in µs.
const BYTE_US: u64 = 1_042;

/// What the board sends by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateMode {
    /// After reset (0x40): only replies.
    Idle,
    /// 0x43: field updates and clock.
    Update,
    /// 0x44: field updates only.
    BoardOnly,
    /// 0x4b: field updates and clock when it changed.
    Nice,
}

#[derive(Clone, Debug)]
struct Clock {
    /// Remaining ms at `since`.
    left_ms: u64,
    right_ms: u64,
    running: Option<Side>,
    since: u64,
    lever_right_high: bool,
    flag: Option<Side>,
}

impl Clock {
    fn new(left_s: u32, right_s: u32) -> Clock {
        Clock {
            left_ms: u64::from(left_s) * 1000,
            right_ms: u64::from(right_s) * 1000,
            running: None,
            since: 0,
            lever_right_high: false,
            flag: None,
        }
    }

    fn rem(&self, s: Side) -> u64 {
        match s {
            Side::Left => self.left_ms,
            Side::Right => self.right_ms,
        }
    }

    fn settle(&mut self, now: u64) {
        if let Some(s) = self.running {
            let el = now.saturating_sub(self.since);
            let r = match s {
                Side::Left => &mut self.left_ms,
                Side::Right => &mut self.right_ms,
            };
            *r = r.saturating_sub(el);
            if *r == 0 {
                self.running = None;
                self.flag = Some(s);
            }
        }
        self.since = self.since.max(now);
    }

    /// When the shown (rounded-up) seconds of the running side next change.
    fn next_tick(&self) -> Option<u64> {
        let s = self.running?;
        let rem = self.rem(s);
        let step = if rem.is_multiple_of(1000) {
            1000
        } else {
            rem % 1000
        };
        Some(self.since + step.min(rem.max(1)))
    }

    fn message(&self) -> Message {
        let side = |s: Side| {
            let secs = self.rem(s).div_ceil(1000);
            ClockSideTime {
                hours: (secs / 3600).min(9) as u8,
                minutes: ((secs / 60) % 60) as u8,
                seconds: (secs % 60) as u8,
                flag_fallen_blocked: self.flag == Some(s),
                time_per_move: false,
                flag_shown: self.flag == Some(s),
                valid: true,
            }
        };
        Message::Clock(ClockTimes {
            right: side(Side::Right),
            left: side(Side::Left),
            running: self.running.is_some(),
            lever_right_high: self.lever_right_high,
            battery_low: false,
            right_to_move: self.running == Some(Side::Right),
            left_to_move: self.running == Some(Side::Left),
            no_clock: false,
        })
    }
}

fn no_clock_message() -> Message {
    let zero = ClockSideTime {
        hours: 0,
        minutes: 0,
        seconds: 0,
        flag_fallen_blocked: false,
        time_per_move: false,
        flag_shown: false,
        valid: true,
    };
    Message::Clock(ClockTimes {
        right: zero,
        left: zero,
        running: false,
        lever_right_high: false,
        battery_low: false,
        right_to_move: false,
        left_to_move: false,
        no_clock: true,
    })
}

fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn code(p: Option<Piece>) -> PieceCode {
    p.map_or(PieceCode::Empty, PieceCode::Piece)
}

/// The virtual board. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct VirtualBoard {
    serial: String,
    orientation: Orientation,
    /// The physical board, by field index.
    physical: [Option<Piece>; 64],
    /// The sensor's last report, by field index.
    reported: [Option<Piece>; 64],
    last_change: [u64; 64],
    mode: UpdateMode,
    sched: ScanSchedule,
    actions: VecDeque<Action>,
    /// Second halves of flickers: (time, field, piece).
    deferred: Vec<(u64, u8, Option<Piece>)>,
    out: VecDeque<(u64, Vec<u8>)>,
    line_free: u64,
    now: u64,
    clock: Option<Clock>,
    link_up: bool,
    host_buf: Vec<u8>,
    wake: Option<u64>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Due {
    Action,
    Deferred,
    Clock,
    Read(u8),
}

impl VirtualBoard {
    /// A board with the standard start position on it, idle, a clock attached (stopped,
    /// 1:30:00 each side). The sensor's timing is seeded from the serial number.
    pub fn new(serial: &str, orientation: Orientation) -> VirtualBoard {
        VirtualBoard::with_seed(serial, orientation, fnv1a(serial))
    }

    /// [`VirtualBoard::new`] with an explicit sensor seed.
    pub fn with_seed(serial: &str, orientation: Orientation, seed: u64) -> VirtualBoard {
        let mut vb = VirtualBoard {
            serial: serial.to_string(),
            orientation,
            physical: [None; 64],
            reported: [None; 64],
            last_change: [0; 64],
            mode: UpdateMode::Idle,
            sched: ScanSchedule::new(seed, 0),
            actions: VecDeque::new(),
            deferred: Vec::new(),
            out: VecDeque::new(),
            line_free: 0,
            now: 0,
            clock: Some(Clock::new(5400, 5400)),
            link_up: true,
            host_buf: Vec::new(),
            wake: None,
        };
        vb.set_position(&Board::default());
        vb
    }

    /// Puts a position on the board instantly, as if it had always stood there (no reports).
    pub fn set_position(&mut self, board: &Board) {
        for i in 0..64u8 {
            let p = board.piece_at(self.orientation.square(i));
            self.physical[usize::from(i)] = p;
            self.reported[usize::from(i)] = p;
        }
        self.recompute_wake();
    }

    /// Attaches (a stopped clock at 1:30:00 each side) or detaches the clock.
    pub fn set_clock_attached(&mut self, attached: bool) {
        self.clock = attached.then(|| Clock::new(5400, 5400));
        self.recompute_wake();
    }

    /// The board's orientation.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The current update mode.
    pub fn mode(&self) -> UpdateMode {
        self.mode
    }

    /// What physically stands on a square now.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.physical[usize::from(self.orientation.index(sq))]
    }

    /// Whether scripted actions are still pending.
    pub fn script_pending(&self) -> bool {
        !self.actions.is_empty()
    }

    /// Bytes from the host (any split; a partial clock command waits for the rest).
    pub fn handle_host(&mut self, now_ms: u64, bytes: &[u8]) {
        self.advance(now_ms);
        let t = self.now;
        self.host_buf.extend_from_slice(bytes);
        while let Some((cmd, n)) = Command::decode(&self.host_buf) {
            self.host_buf.drain(..n.min(self.host_buf.len()));
            let Ok(cmd) = cmd else { continue };
            self.command(t, cmd);
        }
        self.recompute_wake();
    }

    fn command(&mut self, t: u64, cmd: Command) {
        match cmd {
            Command::Reset => self.mode = UpdateMode::Idle,
            Command::UpdateMode => self.mode = UpdateMode::Update,
            Command::UpdateBoardOnly => self.mode = UpdateMode::BoardOnly,
            Command::UpdateNice => self.mode = UpdateMode::Nice,
            Command::SendBoard => {
                let m = self.dump();
                self.send_msg(t, &m);
            }
            Command::SendClock => {
                let m = match &mut self.clock {
                    Some(c) => {
                        c.settle(t);
                        c.message()
                    }
                    None => no_clock_message(),
                };
                self.send_msg(t, &m);
            }
            Command::SendSerialNumber => {
                let s = format!("{:0>5}", self.serial);
                let s: String = s.chars().take(5).collect();
                self.send_msg(t, &Message::SerialNumber(s));
            }
            Command::SendLongSerialNumber => {
                let s = format!("{:0>10}", self.serial);
                let s: String = s.chars().take(10).collect();
                self.send_msg(t, &Message::LongSerialNumber(s));
            }
            Command::SendBusAddress => {
                let a = self.serial.parse::<u32>().unwrap_or(0) & 0x3fff;
                self.send_msg(t, &Message::BusAddress(a as u16));
            }
            Command::SendTrademark => self.send_msg(t, &Message::Trademark(TRADEMARK.into())),
            Command::SendVersion => self.send_msg(
                t,
                &Message::Version {
                    major: FIRMWARE.0,
                    minor: FIRMWARE.1,
                },
            ),
            Command::Clock(c) => {
                let Some(clock) = &mut self.clock else {
                    return;
                };
                let code = match &c {
                    ClockCommand::Display { .. } => 0x01,
                    ClockCommand::EndDisplay => 0x03,
                    ClockCommand::Version => 0x09,
                    ClockCommand::SetAndRun { left, right, run } => {
                        let ms = |(h, m, s): (u8, u8, u8)| {
                            (u64::from(h) * 3600 + u64::from(m) * 60 + u64::from(s)) * 1000
                        };
                        clock.left_ms = ms(*left);
                        clock.right_ms = ms(*right);
                        clock.since = t;
                        clock.flag = None;
                        clock.running = match run {
                            ClockSide::Left => Some(Side::Left),
                            ClockSide::Right => Some(Side::Right),
                            ClockSide::None => None,
                        };
                        0x0a
                    }
                    ClockCommand::Beep { .. } => 0x0b,
                    ClockCommand::Ascii { .. } => 0x0c,
                };
                self.send_msg(t, &Message::ClockAck([0x10, code, 0, 0x0a, 0, 0, 0]));
            }
            Command::SendEeMoves | Command::BusMode | Command::SendBatteryStatus => {}
        }
    }

    /// A physical change at `now_ms` (a hand on the board). In an update mode the sensor
    /// reports it at its next read.
    pub fn set_square(&mut self, now_ms: u64, sq: Square, piece: Option<Piece>) {
        self.advance(now_ms);
        let t = self.now;
        self.apply_set(t, sq, piece);
        self.recompute_wake();
    }

    /// Queues actions (merged by time with those already queued). Patterns timed against the
    /// sensor only keep their shape if the board's scan schedule is the one they were planned
    /// with, which [`VirtualBoard::schedule_game`] arranges.
    pub fn load_script(&mut self, actions: &[Action]) {
        self.actions.extend(actions.iter().cloned());
        self.actions.make_contiguous().sort_by_key(|a| a.t_ms);
        self.recompute_wake();
    }

    /// Plays a game from `start_ms` (or now, if later): if the board does not hold the game's
    /// start position, it is first set up square by square (300 ms apart, then 1 s of rest);
    /// then the game's physical actions (planned with this board's orientation) follow, with
    /// the sensor re-phased to the plan. Returns the script played.
    pub fn schedule_game(&mut self, game: &SimGame, cfg: &SimConfig, start_ms: u64) -> Script {
        use shakmaty::Position;
        let mut t = start_ms.max(self.now);
        let mut setup = Vec::new();
        let mut planned = self.physical;
        for a in &self.actions {
            if let ActionKind::Set { square, piece } = a.kind {
                planned[usize::from(self.orientation.index(square))] = piece;
            }
        }
        if let Some(last) = self.actions.back() {
            t = t.max(last.t_ms + 1000);
        }
        for i in 0..64u8 {
            let square = self.orientation.square(i);
            let piece = game.start.board().piece_at(square);
            if planned[usize::from(i)] != piece {
                setup.push(Action {
                    t_ms: t,
                    kind: ActionKind::Set { square, piece },
                });
                t += 300;
            }
        }
        let origin = if setup.is_empty() { t } else { t + 1000 };
        let mut c = cfg.clone();
        c.orientation = self.orientation;
        let script = physical_actions(game, &c, origin);
        self.sched.rephase(c.seed, origin);
        self.load_script(&setup);
        self.load_script(&script.actions);
        script
    }

    /// Plays a script planned (with this board's orientation) by [`physical_actions`] from
    /// `origin_ms` with `seed`, possibly edited ([`Script::splice`]): the sensor is re-phased
    /// to the plan, as [`VirtualBoard::schedule_game`] does. The board must hold the script's
    /// start position.
    pub fn play_script(&mut self, script: &Script, seed: u64, origin_ms: u64) {
        self.sched.rephase(seed, origin_ms);
        self.load_script(&script.actions);
    }

    /// Runs everything due up to `now_ms`.
    pub fn handle_timeout(&mut self, now_ms: u64) {
        self.advance(now_ms);
        self.recompute_wake();
    }

    /// When to call [`VirtualBoard::handle_timeout`] next (`None`: nothing will happen by
    /// itself). Includes the time the next queued message is through the line; drain
    /// [`VirtualBoard::poll_output`] after each call.
    pub fn poll_timeout(&self) -> Option<u64> {
        let out = self.out.front().map(|(t, _)| *t);
        match (self.wake, out) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The next message the board has finished sending by now (one frame per call).
    pub fn poll_output(&mut self) -> Option<Vec<u8>> {
        if self.out.front().is_some_and(|(t, _)| *t <= self.now) {
            self.out.pop_front().map(|(_, b)| b)
        } else {
            None
        }
    }

    fn dump(&self) -> Message {
        let mut f = Box::new([PieceCode::Empty; 64]);
        for (d, p) in f.iter_mut().zip(self.physical.iter()) {
            *d = code(*p);
        }
        Message::BoardDump(f)
    }

    fn send_msg(&mut self, t: u64, m: &Message) {
        if !self.link_up {
            return;
        }
        let bytes = m.encode();
        let dur = (bytes.len() as u64 * BYTE_US).div_ceil(1000);
        let done = t.max(self.line_free) + dur;
        self.line_free = done;
        self.out.push_back((done, bytes));
    }

    fn reports_fields(&self) -> bool {
        self.mode != UpdateMode::Idle
    }

    fn reports_clock(&self) -> bool {
        matches!(self.mode, UpdateMode::Update | UpdateMode::Nice)
    }

    fn apply_set(&mut self, t: u64, sq: Square, piece: Option<Piece>) {
        let i = usize::from(self.orientation.index(sq));
        if self.physical[i] != piece {
            self.physical[i] = piece;
            self.last_change[i] = t;
        }
    }

    fn next_read(&mut self) -> Option<(u64, u8)> {
        let mut best: Option<(u64, u8)> = None;
        for i in 0..64u8 {
            let f = usize::from(i);
            if self.physical[f] != self.reported[f] {
                let r = self.sched.next_read(i, self.last_change[f]);
                if best.is_none_or(|(b, _)| r < b) {
                    best = Some((r, i));
                }
            }
        }
        best
    }

    fn next_due(&mut self) -> Option<(u64, Due)> {
        let mut cands: Vec<(u64, Due)> = Vec::with_capacity(4);
        if let Some(a) = self.actions.front() {
            cands.push((a.t_ms, Due::Action));
        }
        if let Some(d) = self.deferred.iter().map(|d| d.0).min() {
            cands.push((d, Due::Deferred));
        }
        if let Some(c) = self.clock.as_ref().and_then(Clock::next_tick) {
            cands.push((c, Due::Clock));
        }
        if let Some((r, i)) = self.next_read() {
            cands.push((r, Due::Read(i)));
        }
        cands.into_iter().min()
    }

    fn advance(&mut self, now_ms: u64) {
        while let Some((t, due)) = self.next_due() {
            if t > now_ms {
                break;
            }
            self.now = self.now.max(t);
            let t = self.now;
            match due {
                Due::Action => {
                    if let Some(a) = self.actions.pop_front() {
                        self.action(t, a.kind);
                    }
                }
                Due::Deferred => {
                    if let Some(k) = (0..self.deferred.len()).min_by_key(|&k| self.deferred[k].0) {
                        let (_, f, p) = self.deferred.remove(k);
                        let fi = usize::from(f);
                        if self.physical[fi] == p && self.reported[fi] == p {
                            self.send_msg(
                                t,
                                &Message::FieldUpdate {
                                    index: f,
                                    piece: code(p),
                                },
                            );
                        }
                    }
                }
                Due::Clock => {
                    if let Some(c) = &mut self.clock {
                        c.settle(t);
                        let m = c.message();
                        if self.reports_clock() {
                            self.send_msg(t, &m);
                        }
                    }
                }
                Due::Read(i) => {
                    let f = usize::from(i);
                    if self.physical[f] != self.reported[f] {
                        self.reported[f] = self.physical[f];
                        if self.reports_fields() {
                            let m = Message::FieldUpdate {
                                index: i,
                                piece: code(self.physical[f]),
                            };
                            self.send_msg(t, &m);
                        }
                    }
                }
            }
        }
        self.now = self.now.max(now_ms);
        self.sched.forget_before(self.now.saturating_sub(2_000));
    }

    fn action(&mut self, t: u64, kind: ActionKind) {
        match kind {
            ActionKind::Set { square, piece } => self.apply_set(t, square, piece),
            ActionKind::Flicker { square, gap_ms } => {
                let f = self.orientation.index(square);
                let fi = usize::from(f);
                let p = self.physical[fi];
                if p.is_some() && self.reported[fi] == p && self.reports_fields() {
                    self.send_msg(
                        t,
                        &Message::FieldUpdate {
                            index: f,
                            piece: PieceCode::Empty,
                        },
                    );
                    self.deferred.push((t + gap_ms, f, p));
                }
            }
            ActionKind::ClockSet { left_s, right_s } => {
                if self.clock.is_some() {
                    let c = Clock::new(left_s, right_s);
                    let m = c.message();
                    self.clock = Some(Clock { since: t, ..c });
                    if self.reports_clock() {
                        self.send_msg(t, &m);
                    }
                }
            }
            ActionKind::ClockPress { side } => {
                if let Some(c) = &mut self.clock {
                    c.settle(t);
                    if c.flag.is_none() {
                        c.running = Some(side.other());
                    }
                    c.lever_right_high = side == Side::Left;
                    let m = c.message();
                    if self.reports_clock() {
                        self.send_msg(t, &m);
                    }
                }
            }
            ActionKind::ClockStop => {
                if let Some(c) = &mut self.clock {
                    c.settle(t);
                    c.running = None;
                    let m = c.message();
                    if self.reports_clock() {
                        self.send_msg(t, &m);
                    }
                }
            }
            ActionKind::LinkDown => self.link_up = false,
            ActionKind::LinkUp => {
                self.link_up = true;
                self.reported = self.physical;
                let m = self.dump();
                self.send_msg(t, &m);
            }
            ActionKind::MoveDone { .. } => {}
        }
    }

    fn recompute_wake(&mut self) {
        self.wake = self.next_due().map(|(t, _)| t);
    }
}
