//! The physical layer: what the players' hands do, in time.
//!
//! [`physical_actions`] turns a game into a [`Script`]: a time-ordered list of [`Action`]s
//! (square changes, clock presses, and two glitches that are not physical: sensor flicker and
//! link loss) plus the [`PatternUse`] log saying which handling [`Pattern`] each ply got.
//!
//! Per ply: with probability [`SimConfig::noise`] one pattern is drawn among those that apply
//! to the move and are listed in [`SimConfig::patterns`] (move-specific patterns weigh 3,
//! [`Pattern::Jadoube`], [`Pattern::Flicker`] and [`Pattern::EarlyReply`] weigh 1);
//! otherwise the move is made clean (see the [module docs](super)). Timings, all drawn from
//! the seeded generator (ranges in ms):
//!
//! | pattern | what happens |
//! |---|---|
//! | clean | canonical order, each change held 260–450 (longer than a scan) |
//! | `Jadoube` | 400–800 after the previous move an own piece not involved in the move is lifted and put back 80–900 later; the move starts ≥ 400 after that |
//! | `CaptureVictimFirst` | victim off; 150–900; capturer lifted; 60–300; placed |
//! | `CaptureCapturerFirst` | capturer lifted; 80–400; victim off; 60–400; capturer placed |
//! | `CaptureSwapInScan` | capturer lifted; victim off 2–8 after a read of the target; capturer placed 5–30 before the next read of the target |
//! | `CastleKingFirst` | king lifted; 60–300; placed; 60–400; rook lifted; 60–300; placed |
//! | `CastleRookFirst` | rook lifted; 60–300; placed; pause 60–300 or (half the time) 301–1,200; king lifted; 60–300; placed |
//! | `CastleBoth` | king lifted; 10–80; rook lifted; 80–250; king placed; 10–120; rook placed |
//! | `EnPassantVictimBefore` | victim off; 100–700; pawn lifted; 60–300; placed |
//! | `EnPassantVictimAfter` | pawn lifted; 60–300; placed diagonally; 150–1,200; victim off |
//! | `PromotionDirect` | pawn lifted; (60–400; victim off;) 150–700; new piece placed |
//! | `PromotionPawnFirst` | (victim off; 100–500;) pawn lifted; 60–300; pawn placed on the last rank; 300–1,200; pawn off; 40–600; new piece on |
//! | `Slide` | the piece slides square by square (each step empties one square and fills the next at the same instant), 30–120 on each passed square except one chosen square, where it stays until just after the sensor has read it, plus (40% of the time) a pause of 150–600 |
//! | `NewBeforeOld` | the piece is lifted 2–8 after a read of its square and placed 2–5 before the next read of its target, which comes before the next read of the old square (only for plain moves whose target is read ≥ 13 field slots, ~40 ms, after the old square in scan order, so the hand has ≥ ~25 ms) |
//! | `Flicker` | 300–600 into the rest an occupied square not involved in the last or next move reads empty for 15–80 |
//! | `EarlyReply` | the reply's first action comes 50–250 after the previous move's last change |
//! | `MissedStretch` | (about one ply in 25) the link goes down 10 before the ply's first action and comes back 300 after the 2nd or 3rd ply's last change, with a BOARD_DUMP; the next ply never has `EarlyReply` |
//! | `ResultSignal` | 600–2,500 after the game (and the last clock press) the white king, then the black king, is lifted and put on a central square: 1-0 → e4 and d5 (light squares), 0-1 → d4 and e5 (dark), otherwise e4 and e5 (another central square if taken by the other king); a non-king piece on the target is taken off first |
//!
//! Clock (with [`SimConfig::clock`]): at the start both sides are set and White's time runs;
//! 100–600 after each move (sooner if the reply starts sooner) the mover presses; 500–2,000
//! after the game ends the clock is stopped.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Board, Chess, Color, File, Move, Piece, Position, Rank, Role, Square};

use super::sensor::ScanSchedule;
use super::{MIN_REST_MS, Pattern, SimConfig, SimGame};
use crate::core::dgt::Orientation;

/// A physical side of the clock (sides are not colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// What happens at one instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A square's physical content changes (`None`: the piece is taken off).
    Set {
        square: Square,
        piece: Option<Piece>,
    },
    /// Not physical: the sensor reports the (occupied, resting) square empty, and `gap_ms`
    /// later its piece again.
    Flicker { square: Square, gap_ms: u64 },
    /// The clock is set to these times (seconds) and stopped.
    ClockSet { left_s: u32, right_s: u32 },
    /// A player presses his side of the clock: his time stops, the other side's runs.
    ClockPress { side: Side },
    /// The clock is stopped.
    ClockStop,
    /// Not physical: the link starts losing every message.
    LinkDown,
    /// Not physical: the link is back; the board sends a BOARD_DUMP.
    LinkUp,
    /// Marker: ply `ply` is physically complete (the board holds the position after it).
    MoveDone { ply: usize },
}

/// A square set to a piece, or emptied (see [`Script::set_after`]).
pub type SquareSet = (Square, Option<Piece>);

/// One action at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub t_ms: u64,
    pub kind: ActionKind,
}

/// A pattern drawn for a ply (`ply == moves.len()` for [`Pattern::ResultSignal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternUse {
    pub ply: usize,
    pub pattern: Pattern,
}

/// A game's physical actions.
#[derive(Clone, Debug, Default)]
pub struct Script {
    /// Sorted by time (ties in the order they happen).
    pub actions: Vec<Action>,
    /// What was drawn, in ply order.
    pub patterns: Vec<PatternUse>,
    /// Time of the last action.
    pub end_ms: u64,
}

impl Script {
    /// When ply `ply` (0-based index into the game's moves) was physically complete.
    pub fn move_done_ms(&self, ply: usize) -> Option<u64> {
        self.actions.iter().find_map(|a| match a.kind {
            ActionKind::MoveDone { ply: p } if p == ply => Some(a.t_ms),
            _ => None,
        })
    }

    /// The first instant after ply `ply` is complete and its mover has pressed the clock (if
    /// the press comes before the next square change): where actions can be inserted while
    /// the opponent is to move.
    pub fn after_move_ms(&self, ply: usize) -> Option<u64> {
        let i = self
            .actions
            .iter()
            .position(|a| a.kind == ActionKind::MoveDone { ply })?;
        let mut at = self.actions[i].t_ms + 1;
        for a in &self.actions[i + 1..] {
            match a.kind {
                ActionKind::ClockPress { .. } => {
                    at = a.t_ms + 1;
                    break;
                }
                ActionKind::Set { .. } | ActionKind::Flicker { .. } => break,
                _ => {}
            }
        }
        Some(at)
    }

    /// After ply `ply` is complete (see [`Script::after_move_ms`]), pauses the game
    /// `pause_ms` and sets each square of `sets` to its content in turn, the first 200 ms in
    /// and then every `gap_ms` (handling no move explains: pieces knocked off, put back, a
    /// spare piece put down). Returns where the pause starts; none when the game has no such
    /// ply.
    pub fn set_after(
        &mut self,
        ply: usize,
        pause_ms: u64,
        gap_ms: u64,
        sets: &[SquareSet],
    ) -> Option<u64> {
        let at = self.after_move_ms(ply)?;
        let inserted: Vec<Action> = (0..)
            .zip(sets)
            .map(|(j, &(square, piece))| Action {
                t_ms: 200 + gap_ms * j,
                kind: ActionKind::Set { square, piece },
            })
            .collect();
        self.splice(at, pause_ms, &inserted);
        Some(at)
    }

    /// Sets each square of `sets` after ply `ply` (1.5 s into the game's pause, one every 60
    /// ms: pieces knocked off the board, spare pieces put down) and, with `back`, each square
    /// of its sets after its ply (2 s, one every 400 ms: put back, taken away) — squares the
    /// game's moves leave alone meanwhile. The handling planned meanwhile for those squares,
    /// for the game as played (a piece there lifted and put back, a flicker), is left out: no
    /// piece off the board is adjusted. None when the game has no such ply.
    pub fn set_meanwhile(
        &mut self,
        ply: usize,
        sets: &[SquareSet],
        back: Option<(usize, &[SquareSet])>,
    ) -> Option<()> {
        const PAUSE_MS: u64 = 1_500;
        let from = self.set_after(ply, PAUSE_MS, 60, sets)? + PAUSE_MS;
        let until = match back {
            Some((ply, again)) => self.set_after(ply, 2_000, 400, again)?,
            None => u64::MAX,
        };
        let squares: Vec<Square> = sets.iter().map(|s| s.0).collect();
        self.actions.retain(|a| {
            let square = match a.kind {
                ActionKind::Set { square, .. } | ActionKind::Flicker { square, .. } => square,
                _ => return true,
            };
            a.t_ms < from || a.t_ms >= until || !squares.contains(&square)
        });
        Some(())
    }

    /// Delays every action at or after `at_ms` by `pause_ms` and inserts `inserted` (their
    /// times relative to `at_ms`, normally below `pause_ms`) in the gap. Patterns timed
    /// against the sensor after `at_ms` lose their exact timing (they become ordinary
    /// handling).
    pub fn splice(&mut self, at_ms: u64, pause_ms: u64, inserted: &[Action]) {
        for a in &mut self.actions {
            if a.t_ms >= at_ms {
                a.t_ms += pause_ms;
            }
        }
        self.actions.extend(inserted.iter().map(|a| Action {
            t_ms: at_ms + a.t_ms,
            kind: a.kind.clone(),
        }));
        // Stable: at equal times inserted actions follow the earlier ones, in their order.
        self.actions.sort_by_key(|a| a.t_ms);
        self.end_ms = self.actions.last().map_or(self.end_ms, |a| a.t_ms);
    }
}

/// Plans the physical actions of `game` from `start_ms` (the board holds `game.start` then).
/// Patterns timed against the sensor use `ScanSchedule::new(cfg.seed, start_ms)`, the
/// schedule a [`super::VirtualBoard`] installs when it plays the script.
pub fn physical_actions(game: &SimGame, cfg: &SimConfig, start_ms: u64) -> Script {
    let mut p = Planner {
        cfg,
        rng: SmallRng::seed_from_u64(cfg.seed),
        sched: ScanSchedule::new(cfg.seed, start_ms),
        orient: cfg.orientation,
        board: [None; 64],
        actions: Vec::new(),
        patterns: Vec::new(),
    };
    for sq in Square::ALL {
        p.board[sq as usize] = game.start.board().piece_at(sq);
    }
    p.run(game, start_ms);
    p.actions.sort_by_key(|a| a.t_ms);
    Script {
        end_ms: p.actions.last().map_or(start_ms, |a| a.t_ms),
        actions: p.actions,
        patterns: p.patterns,
    }
}

/// Squares whose content differs between two boards.
fn changed_squares(a: &Board, b: &Board) -> Vec<Square> {
    Square::ALL
        .into_iter()
        .filter(|&sq| a.piece_at(sq) != b.piece_at(sq))
        .collect()
}

/// Whether `NewBeforeOld` can be timed for a move between these field indexes: the target
/// must be read at least 13 field slots (≥ 40 ms) after the old square.
fn new_before_old_feasible(from: u8, to: u8) -> bool {
    (i32::from(to) - i32::from(from)).rem_euclid(64) >= 13
}

/// The move-specific patterns that apply to `m`.
pub(crate) fn specific_patterns(m: Move, orient: Orientation) -> Vec<Pattern> {
    match m {
        Move::Normal {
            promotion: Some(_), ..
        } => vec![Pattern::PromotionDirect, Pattern::PromotionPawnFirst],
        Move::Normal {
            capture: Some(_), ..
        } => vec![
            Pattern::CaptureVictimFirst,
            Pattern::CaptureCapturerFirst,
            Pattern::CaptureSwapInScan,
        ],
        Move::Normal { role, from, to, .. } => {
            let mut v = Vec::new();
            if new_before_old_feasible(orient.index(from), orient.index(to)) {
                v.push(Pattern::NewBeforeOld);
            }
            if matches!(role, Role::Rook | Role::Bishop | Role::Queen)
                && !shakmaty::attacks::between(from, to).is_empty()
            {
                v.push(Pattern::Slide);
            }
            v
        }
        Move::EnPassant { .. } => vec![
            Pattern::EnPassantVictimBefore,
            Pattern::EnPassantVictimAfter,
        ],
        Move::Castle { .. } => vec![
            Pattern::CastleKingFirst,
            Pattern::CastleRookFirst,
            Pattern::CastleBoth,
        ],
        Move::Put { .. } => Vec::new(),
    }
}

struct Planner<'a> {
    cfg: &'a SimConfig,
    rng: SmallRng,
    sched: ScanSchedule,
    orient: Orientation,
    /// The physical board, by square.
    board: [Option<Piece>; 64],
    actions: Vec<Action>,
    patterns: Vec<PatternUse>,
}

impl Planner<'_> {
    fn r(&mut self, lo: u64, hi: u64) -> u64 {
        self.rng.random_range(lo.min(hi)..=hi.max(lo))
    }

    fn clean(&mut self) -> u64 {
        self.r(260, 450)
    }

    fn push(&mut self, t_ms: u64, kind: ActionKind) {
        self.actions.push(Action { t_ms, kind });
    }

    fn set(&mut self, t: u64, square: Square, piece: Option<Piece>) {
        self.board[square as usize] = piece;
        self.push(t, ActionKind::Set { square, piece });
    }

    fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    fn next_read(&mut self, sq: Square, t: u64) -> u64 {
        let i = self.orient.index(sq);
        self.sched.next_read(i, t)
    }

    fn enabled(&self, p: Pattern) -> bool {
        self.cfg.patterns.contains(&p)
    }

    fn side_of(&self, c: Color) -> Side {
        if (c == Color::White) == self.cfg.white_clock_left {
            Side::Left
        } else {
            Side::Right
        }
    }

    fn log(&mut self, ply: usize, pattern: Pattern) {
        self.patterns.push(PatternUse { ply, pattern });
    }

    fn choose(&mut self, m: Move, early_ok: bool) -> Option<Pattern> {
        let noise = if self.cfg.noise.is_nan() {
            0.0
        } else {
            self.cfg.noise.clamp(0.0, 1.0)
        };
        if !self.rng.random_bool(noise) {
            return None;
        }
        let mut cands: Vec<(Pattern, u32)> = specific_patterns(m, self.orient)
            .into_iter()
            .map(|p| (p, 3))
            .collect();
        cands.push((Pattern::Jadoube, 1));
        cands.push((Pattern::Flicker, 1));
        if early_ok {
            cands.push((Pattern::EarlyReply, 1));
        }
        cands.retain(|(p, _)| self.enabled(*p));
        let total: u32 = cands.iter().map(|c| c.1).sum();
        if total == 0 {
            return None;
        }
        let mut x = self.rng.random_range(0..total);
        for (p, w) in cands {
            if x < w {
                return Some(p);
            }
            x -= w;
        }
        None
    }

    fn pick_square(&mut self, ok: impl Fn(Square, Piece) -> bool) -> Option<Square> {
        let cands: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| self.at(sq).is_some_and(|p| ok(sq, p)))
            .collect();
        if cands.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..cands.len());
        Some(cands[i])
    }

    fn run(&mut self, game: &SimGame, start_ms: u64) {
        let cfg = self.cfg;
        let (lo, hi) = cfg.think_ms;
        let mut pos = game.start.clone();
        let mut t = start_ms;
        if cfg.clock {
            self.push(
                t,
                ActionKind::ClockSet {
                    left_s: cfg.clock_start_s,
                    right_s: cfg.clock_start_s,
                },
            );
            let side = self.side_of(pos.turn().other());
            self.push(t, ActionKind::ClockPress { side });
        }
        let mut prev_touched: Vec<Square> = Vec::new();
        let mut stretch_left = 0u64;
        let mut early_ok = false;
        for (ply, &m) in game.moves.iter().enumerate() {
            let mover = pos.turn();
            let mut after = pos.clone();
            after.play_unchecked(m);
            let touched = changed_squares(pos.board(), after.board());
            let start_stretch = cfg.missed_stretches
                && self.enabled(Pattern::MissedStretch)
                && stretch_left == 0
                && ply > 0
                && self.rng.random_bool(0.04);
            let mut pattern = self.choose(m, early_ok && !start_stretch);
            let think = self.r(lo, hi).max(MIN_REST_MS);
            let mut start = if pattern == Some(Pattern::EarlyReply) {
                t + self.r(50, 250)
            } else {
                t + think
            };
            match pattern {
                Some(Pattern::Jadoube) => {
                    match self.pick_square(|sq, p| p.color == mover && !touched.contains(&sq)) {
                        Some(sq) => {
                            let piece = self.at(sq);
                            let j0 = t + MIN_REST_MS + self.r(0, 400);
                            let hold = self.r(80, 900);
                            self.set(j0, sq, None);
                            self.set(j0 + hold, sq, piece);
                            start = start.max(j0 + hold + MIN_REST_MS + self.r(0, 300));
                        }
                        None => pattern = None,
                    }
                }
                Some(Pattern::Flicker) => {
                    match self
                        .pick_square(|sq, _| !touched.contains(&sq) && !prev_touched.contains(&sq))
                    {
                        Some(square) => {
                            let f0 = t + self.r(300, 600);
                            let gap_ms = self.r(15, 80);
                            self.push(f0, ActionKind::Flicker { square, gap_ms });
                            start = start.max(f0 + gap_ms + self.r(100, 300));
                        }
                        None => pattern = None,
                    }
                }
                _ => {}
            }
            if ply > 0 && cfg.clock {
                let d = self.r(100, 600).min(((start - t) * 2 / 3).max(10));
                let side = self.side_of(mover.other());
                self.push(t + d, ActionKind::ClockPress { side });
            }
            if start_stretch {
                self.push(start - 10, ActionKind::LinkDown);
                stretch_left = self.r(2, 3);
                self.log(ply, Pattern::MissedStretch);
            }
            if let Some(p) = pattern {
                self.log(ply, p);
            }
            let done = self.execute(&pos, m, pattern, start);
            self.reconcile(after.board(), done);
            self.push(done, ActionKind::MoveDone { ply });
            pos = after;
            t = done;
            prev_touched = touched;
            early_ok = true;
            if stretch_left > 0 {
                stretch_left -= 1;
                if stretch_left == 0 {
                    self.push(done + 300, ActionKind::LinkUp);
                    early_ok = false;
                }
            }
        }
        if stretch_left > 0 {
            self.push(t + 300, ActionKind::LinkUp);
        }
        let mut end = t + 300;
        if cfg.clock && !game.moves.is_empty() {
            let press = t + self.r(100, 600);
            let side = self.side_of(pos.turn().other());
            self.push(press, ActionKind::ClockPress { side });
            end = end.max(press);
        }
        if cfg.result_signal && self.enabled(Pattern::ResultSignal) {
            let t0 = end.max(t + MIN_REST_MS) + self.r(600, 2500);
            end = self.result_signal(game.header("Result"), t0);
            self.log(game.moves.len(), Pattern::ResultSignal);
        }
        if cfg.clock {
            let stop = end + self.r(500, 2000);
            self.push(stop, ActionKind::ClockStop);
        }
    }

    /// Makes the physical board equal `target` (a no-op unless a move routine is wrong).
    fn reconcile(&mut self, target: &Board, t: u64) {
        for sq in Square::ALL {
            let want = target.piece_at(sq);
            if self.at(sq) != want {
                debug_assert!(false, "physical board differs from the game on {sq}");
                self.set(t, sq, want);
            }
        }
    }

    /// Performs move `m` from `s`; returns the time of its last change.
    fn execute(&mut self, pos: &Chess, m: Move, pattern: Option<Pattern>, s: u64) -> u64 {
        let color = pos.turn();
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let piece = Piece { color, role };
                if let Some(promo) = promotion {
                    let new = Piece { color, role: promo };
                    self.promotion(piece, new, from, to, capture.is_some(), pattern, s)
                } else if capture.is_some() {
                    self.capture(piece, from, to, pattern, s)
                } else {
                    match pattern {
                        Some(Pattern::NewBeforeOld) => self.new_before_old(piece, from, to, s),
                        Some(Pattern::Slide) => self.slide(piece, from, to, s),
                        _ => {
                            self.set(s, from, None);
                            let t = s + self.clean();
                            self.set(t, to, Some(piece));
                            t
                        }
                    }
                }
            }
            Move::EnPassant { from, to } => {
                let pawn = Some(Piece {
                    color,
                    role: Role::Pawn,
                });
                let victim = Square::from_coords(to.file(), from.rank());
                let mut t = s;
                match pattern {
                    Some(Pattern::EnPassantVictimBefore) => {
                        self.set(t, victim, None);
                        t += self.r(100, 700);
                        self.set(t, from, None);
                        t += self.r(60, 300);
                        self.set(t, to, pawn);
                    }
                    Some(Pattern::EnPassantVictimAfter) => {
                        self.set(t, from, None);
                        t += self.r(60, 300);
                        self.set(t, to, pawn);
                        t += self.r(150, 1200);
                        self.set(t, victim, None);
                    }
                    _ => {
                        self.set(t, from, None);
                        t += self.clean();
                        self.set(t, to, pawn);
                        t += self.clean();
                        self.set(t, victim, None);
                    }
                }
                t
            }
            Move::Castle { king, rook } => self.castle(color, king, rook, pattern, s),
            // Not in standard chess; reconcile() puts the piece.
            Move::Put { .. } => s,
        }
    }

    fn capture(
        &mut self,
        piece: Piece,
        from: Square,
        to: Square,
        pat: Option<Pattern>,
        s: u64,
    ) -> u64 {
        let p = Some(piece);
        let mut t = s;
        match pat {
            Some(Pattern::CaptureVictimFirst) => {
                self.set(t, to, None);
                t += self.r(150, 900);
                self.set(t, from, None);
                t += self.r(60, 300);
                self.set(t, to, p);
            }
            Some(Pattern::CaptureCapturerFirst) => {
                self.set(t, from, None);
                t += self.r(80, 400);
                self.set(t, to, None);
                t += self.r(60, 400);
                self.set(t, to, p);
            }
            Some(Pattern::CaptureSwapInScan) => {
                self.set(t, from, None);
                let a = t + self.r(40, 150);
                let read = self.next_read(to, a);
                let off = read + self.r(2, 8);
                self.set(off, to, None);
                let next = self.next_read(to, off + 1);
                let on = (next - self.r(5, 30)).max(off + 20);
                self.set(on, to, p);
                t = on;
            }
            _ => {
                self.set(t, to, None);
                t += self.clean();
                self.set(t, from, None);
                t += self.clean();
                self.set(t, to, p);
            }
        }
        t
    }

    fn new_before_old(&mut self, piece: Piece, from: Square, to: Square, s: u64) -> u64 {
        let read_old = self.next_read(from, s);
        let lift = read_old + self.r(2, 8);
        self.set(lift, from, None);
        let read_new = self.next_read(to, lift + 1);
        let place = (read_new - self.r(2, 5)).max(lift + 1);
        self.set(place, to, Some(piece));
        place
    }

    fn slide(&mut self, piece: Piece, from: Square, to: Square, s: u64) -> u64 {
        let mut path: Vec<Square> = shakmaty::attacks::between(from, to).into_iter().collect();
        path.sort_by_key(|&sq| from.distance(sq));
        let caught = self.rng.random_range(0..path.len().max(1));
        let pause = if self.rng.random_bool(0.4) {
            self.r(150, 600)
        } else {
            0
        };
        let mut cur = from;
        let mut t = s;
        for (i, &sq) in path.iter().enumerate() {
            self.set(t, cur, None);
            self.set(t, sq, Some(piece));
            let dwell = if i == caught {
                let read = self.next_read(sq, t);
                read - t + self.r(3, 15) + pause
            } else {
                self.r(30, 120)
            };
            t += dwell;
            cur = sq;
        }
        self.set(t, cur, None);
        self.set(t, to, Some(piece));
        t
    }

    #[allow(clippy::too_many_arguments)]
    fn promotion(
        &mut self,
        pawn: Piece,
        new: Piece,
        from: Square,
        to: Square,
        capture: bool,
        pat: Option<Pattern>,
        s: u64,
    ) -> u64 {
        let mut t = s;
        match pat {
            Some(Pattern::PromotionDirect) => {
                self.set(t, from, None);
                if capture {
                    t += self.r(60, 400);
                    self.set(t, to, None);
                }
                t += self.r(150, 700);
                self.set(t, to, Some(new));
            }
            Some(Pattern::PromotionPawnFirst) => {
                if capture {
                    self.set(t, to, None);
                    t += self.r(100, 500);
                }
                self.set(t, from, None);
                t += self.r(60, 300);
                self.set(t, to, Some(pawn));
                t += self.r(300, 1200);
                self.set(t, to, None);
                t += self.r(40, 600);
                self.set(t, to, Some(new));
            }
            _ => {
                if capture {
                    self.set(t, to, None);
                    t += self.clean();
                }
                self.set(t, from, None);
                t += self.clean();
                self.set(t, to, Some(new));
            }
        }
        t
    }

    fn castle(
        &mut self,
        color: Color,
        kf: Square,
        rf: Square,
        pat: Option<Pattern>,
        s: u64,
    ) -> u64 {
        let side = shakmaty::CastlingSide::from_king_side(kf < rf);
        let kt = side.king_to(color);
        let rt = side.rook_to(color);
        let k = Some(Piece {
            color,
            role: Role::King,
        });
        let r = Some(Piece {
            color,
            role: Role::Rook,
        });
        // Chess960 castlings whose squares overlap can only be done by lifting both first.
        let overlap = kt == rf || rt == kf || kt == kf || rt == rf;
        let mut t = s;
        match pat {
            Some(Pattern::CastleBoth) => {}
            _ if overlap => {}
            Some(Pattern::CastleKingFirst) => {
                self.set(t, kf, None);
                t += self.r(60, 300);
                self.set(t, kt, k);
                t += self.r(60, 400);
                self.set(t, rf, None);
                t += self.r(60, 300);
                self.set(t, rt, r);
                return t;
            }
            Some(Pattern::CastleRookFirst) => {
                self.set(t, rf, None);
                t += self.r(60, 300);
                self.set(t, rt, r);
                t += if self.rng.random_bool(0.5) {
                    self.r(301, 1200)
                } else {
                    self.r(60, 300)
                };
                self.set(t, kf, None);
                t += self.r(60, 300);
                self.set(t, kt, k);
                return t;
            }
            _ => {
                self.set(t, kf, None);
                t += self.clean();
                self.set(t, kt, k);
                t += self.clean();
                self.set(t, rf, None);
                t += self.clean();
                self.set(t, rt, r);
                return t;
            }
        }
        self.set(t, kf, None);
        t += self.r(10, 80);
        self.set(t, rf, None);
        t += self.r(80, 250);
        self.set(t, kt, k);
        t += self.r(10, 120);
        self.set(t, rt, r);
        t
    }

    fn result_signal(&mut self, result: Option<&str>, mut t: u64) -> u64 {
        let sq = |f: File, r: Rank| Square::from_coords(f, r);
        let (e4, d4, e5, d5) = (
            sq(File::E, Rank::Fourth),
            sq(File::D, Rank::Fourth),
            sq(File::E, Rank::Fifth),
            sq(File::D, Rank::Fifth),
        );
        let (wp, bp) = match result.map(str::trim) {
            Some("1-0") => (e4, d5),
            Some("0-1") => (d4, e5),
            _ => (e4, e5),
        };
        for (color, pref) in [(Color::White, wp), (Color::Black, bp)] {
            let king = Piece {
                color,
                role: Role::King,
            };
            let Some(ksq) = Square::ALL.into_iter().find(|&s| self.at(s) == Some(king)) else {
                continue;
            };
            let other_king = Piece {
                color: color.other(),
                role: Role::King,
            };
            let Some(target) = [pref, e4, d4, e5, d5]
                .into_iter()
                .find(|&s| self.at(s) != Some(other_king))
            else {
                continue;
            };
            if target == ksq {
                continue;
            }
            if self.at(target).is_some() {
                self.set(t, target, None);
                t += self.r(150, 500);
            }
            self.set(t, ksq, None);
            t += self.r(100, 400);
            self.set(t, target, Some(king));
            t += self.r(200, 600);
        }
        t
    }
}
