//! The arbiter's draw and game-end monitor (FIDE Laws, Articles 5 and 9).
//!
//! [`Monitor`] follows one game move by move ([`Monitor::push`]) and takeback by takeback
//! ([`Monitor::pop`]) and says, after every move, what the arbiter must know:
//!
//! - the game ended (`game_end`), once, at the first ending, with this precedence:
//!   checkmate (5.1.1) > stalemate (5.2.1) > dead position (5.2.2) > 75 moves (9.6.2) >
//!   fivefold repetition (9.6.1). A mate on the move that reaches 150 halfmoves wins.
//! - otherwise, which draw claims the player to move could make correctly (`claim`):
//!   threefold repetition (9.2: on the board 9.2.1.2, or by writing a move 9.2.1.1) and the
//!   fifty-move rule (9.3: on the board 9.3.2, or by writing a move 9.3.1).
//!
//! Players may play on after an automatic ending without noticing: the monitor keeps
//! following the moves, but the result stands at the first ending and no claim is reported
//! after it.
//!
//! # Position identity (9.2.2)
//!
//! Positions are the same when the same player is to move, the same pieces stand on the same
//! squares, the castling *rights* are the same and the same en-passant captures are *legally*
//! possible. The repetition table is keyed by shakmaty's Zobrist hash with
//! [`EnPassantMode::Legal`] and every hit is confirmed with `PartialEq for Chess`, which in
//! shakmaty 0.30.1 compares board, turn, castling rights and the legal en-passant square
//! (move counters ignored, a promoted queen equals an original one). The start position is
//! the first occurrence.
//!
//! # Cost
//!
//! Per move: one legal-move generation, one hash, a table update, the dead-position tiers of
//! [`dead`]. The 9.2.1.1 look-ahead (which legal move would repeat a position for the third
//! time) runs only while some position since the last pawn move or capture has occurred at
//! least twice, and then only hashes the moves that are neither pawn moves nor captures
//! (incrementally where shakmaty can), playing a move only on a hash hit.
//!
//! # Policy: a fifty-move claim by writing a mating move
//!
//! With the halfmove clock at 99, every legal move that is neither a pawn move nor a capture
//! makes a 9.3.1 claim correct — including a move that would checkmate. The FIDE text makes
//! the claim depend only on pawn moves and captures; python-chess (`can_claim_fifty_moves`)
//! refuses such a move. eboardd follows the FIDE text.
//!
//! # Example
//!
//! ```
//! use eboardd::core::event::EventKind;
//! use eboardd::core::rules::Monitor;
//! use shakmaty::{Chess, Position, san::San};
//!
//! let mut m = Monitor::new(Chess::default());
//! let mut events = Vec::new();
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     let mv = san.parse::<San>().unwrap().to_move(m.position()).unwrap();
//!     events = m.push(&mv);
//! }
//! // The start position has now occurred three times: White may claim (9.2.1.2).
//! assert!(matches!(&events[..], [EventKind::Claim { rule: "9.2", on_board: true, .. }]));
//! ```

pub mod dead;
pub mod pgn;

use std::collections::HashMap;

use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, Move, MoveList, Position, san::SanPlus,
    zobrist::Zobrist64,
};

use crate::core::event::EventKind;
pub use dead::{DeadReason, Deadness};

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// 5.1.1: the player to move is checkmated.
    Checkmate,
    /// 5.2.1: the player to move has no legal move and is not in check.
    Stalemate,
    /// 5.2.2: neither player can checkmate by any series of legal moves.
    DeadPosition(DeadReason),
    /// 9.6.2: 75 moves by each player without a pawn move or capture.
    SeventyFiveMoves,
    /// 9.6.1: the same position for the fifth time.
    FivefoldRepetition,
}

impl EndReason {
    /// The `reason` field of `game_end`.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition(_) => "dead_position",
            EndReason::SeventyFiveMoves => "seventy_five_moves",
            EndReason::FivefoldRepetition => "fivefold_repetition",
        }
    }

    /// The article of the Laws (`rule` field of `game_end`).
    pub fn rule(self) -> &'static str {
        match self {
            EndReason::Checkmate => "5.1.1",
            EndReason::Stalemate => "5.2.1",
            EndReason::DeadPosition(_) => "5.2.2",
            EndReason::SeventyFiveMoves => "9.6.2",
            EndReason::FivefoldRepetition => "9.6.1",
        }
    }
}

/// The first ending of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// The ply that ended the game.
    pub ply: u32,
    pub reason: EndReason,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub result: &'static str,
}

/// The move was not legal in the monitor's current position; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    pub uci: String,
    pub fen: String,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} is not legal in {}", self.uci, self.fen)
    }
}

impl std::error::Error for IllegalMove {}

/// One position of the game, with what a takeback needs to restore.
#[derive(Debug, Clone)]
struct Entry {
    pos: Chess,
    hash: u64,
    /// How often this position had occurred once it was reached (1 = first time).
    occurrence: u32,
    /// The latest index ≤ this one at which a position occurred for the second time or more.
    last_repeat: Option<u32>,
    /// The dead-position search spent its budget on this position: it is looked at again
    /// after the next move, whatever that move is.
    dead_undecided: bool,
}

/// A distinct position in the repetition table.
#[derive(Debug, Clone, Copy)]
struct Occurrences {
    /// Index in the history of its first occurrence (the representative for equality).
    first: u32,
    count: u32,
}

/// The draw and game-end monitor of one game. See the [module docs](self).
#[derive(Debug, Clone)]
pub struct Monitor {
    /// `history[0]` is the start position; `history[n]` the position after ply `n`.
    history: Vec<Entry>,
    /// Zobrist hash (legal en passant) → the distinct positions with that hash.
    table: HashMap<u64, Vec<Occurrences>>,
    ending: Option<Ending>,
}

fn hash_of(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_title(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `12.Nf3` / `12...Nf6` for the move `m` played from `pos`.
fn numbered_san(pos: &Chess, m: Move) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "{}{dots}{}",
        pos.fullmoves(),
        SanPlus::from_move(pos.clone(), m)
    )
}

/// "Nf3", "Nf3 or Ng1", "Nf3, Ng1 or Kd2"; at most `limit` named, then "(n moves in all)".
fn san_list(pos: &Chess, moves: &[Move], limit: usize) -> String {
    let mut sans: Vec<String> = moves
        .iter()
        .take(limit)
        .map(|&m| SanPlus::from_move(pos.clone(), m).to_string())
        .collect();
    if moves.len() > limit {
        return format!("{}, ... ({} moves in all)", sans.join(", "), moves.len());
    }
    match sans.pop() {
        None => String::new(),
        Some(last) if sans.is_empty() => last,
        Some(last) => format!("{} or {last}", sans.join(", ")),
    }
}

fn sorted_uci(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

impl Monitor {
    /// A monitor for a game starting from `start` (its first occurrence, 9.2.2). The start
    /// position itself is not judged: a game is not set up from a finished position.
    pub fn new(start: Chess) -> Monitor {
        let hash = hash_of(&start);
        let mut table = HashMap::new();
        table.insert(hash, vec![Occurrences { first: 0, count: 1 }]);
        Monitor {
            history: vec![Entry {
                pos: start,
                hash,
                occurrence: 1,
                last_repeat: None,
                dead_undecided: false,
            }],
            table,
            ending: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.last().pos
    }

    /// Plies played since the start position.
    pub fn ply(&self) -> u32 {
        (self.history.len() - 1) as u32
    }

    /// The result of the first ending, if the game has ended.
    pub fn result(&self) -> Option<&'static str> {
        self.ending.map(|e| e.result)
    }

    /// The first ending, if the game has ended.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How many times the current position has occurred so far (9.2.2 identity), this
    /// occurrence included.
    pub fn repetitions(&self) -> u32 {
        self.last().occurrence
    }

    /// Can `color` checkmate by any series of legal moves from the current position
    /// (5.2.2, 6.9, 7.5.5)? `None` when it could not be decided (see [`dead::can_mate`]).
    pub fn can_mate(&self, color: Color) -> Option<bool> {
        dead::can_mate(self.position(), color)
    }

    fn last(&self) -> &Entry {
        // history always holds the start position.
        &self.history[self.history.len() - 1]
    }

    /// Occurrences so far of `pos` (with hash `hash`), 0 if it never occurred.
    fn count_of(&self, hash: u64, pos: &Chess) -> u32 {
        self.table
            .get(&hash)
            .and_then(|v| {
                v.iter()
                    .find(|o| self.history[o.first as usize].pos == *pos)
            })
            .map_or(0, |o| o.count)
    }

    /// A completed move at ply `self.ply() + 1`. Returns the events for this ply, in order: at
    /// most one `GameEnd` (only the first ending of the game), then `Claim`s (9.2, then 9.3,
    /// each at most once), never a claim once the game has ended.
    ///
    /// An illegal move is ignored (nothing changes, no events); use [`Monitor::try_push`] to
    /// learn about it.
    pub fn push(&mut self, mv: &Move) -> Vec<EventKind> {
        self.try_push(mv).unwrap_or_default()
    }

    /// [`Monitor::push`], reporting an illegal move instead of ignoring it.
    pub fn try_push(&mut self, mv: &Move) -> Result<Vec<EventKind>, IllegalMove> {
        let prev = self.position();
        if !prev.is_legal(*mv) {
            return Err(IllegalMove {
                uci: mv.to_uci(CastlingMode::Standard).to_string(),
                fen: shakmaty::fen::Fen::from_position(prev, EnPassantMode::Legal).to_string(),
            });
        }
        let mut pos = prev.clone();
        pos.play_unchecked(*mv);
        let hash = hash_of(&pos);
        let index = self.history.len() as u32;

        let first_of = |table: &HashMap<u64, Vec<Occurrences>>, history: &[Entry]| {
            table
                .get(&hash)
                .and_then(|v| v.iter().position(|o| history[o.first as usize].pos == pos))
        };
        let found = first_of(&self.table, &self.history);
        let bucket = self.table.entry(hash).or_default();
        let occurrence = match found {
            Some(i) => {
                bucket[i].count += 1;
                bucket[i].count
            }
            None => {
                bucket.push(Occurrences {
                    first: index,
                    count: 1,
                });
                1
            }
        };
        let last_repeat = if occurrence >= 2 {
            Some(index)
        } else {
            self.last().last_repeat
        };
        self.history.push(Entry {
            pos,
            hash,
            occurrence,
            last_repeat,
            dead_undecided: false,
        });

        if self.ending.is_some() {
            return Ok(Vec::new());
        }
        Ok(self.judge(Some(*mv)))
    }

    /// Judges the start position itself (ply 0), for a game set up from a position that may
    /// already be over (a dead position, a mate) or allow a claim (a halfmove clock of 99 in
    /// the FEN). Returns what [`Monitor::push`] would for a move reaching it; nothing once a
    /// move has been played or the game has ended.
    pub fn judge_start(&mut self) -> Vec<EventKind> {
        if self.ply() != 0 || self.ending.is_some() {
            return Vec::new();
        }
        self.judge(None)
    }

    /// The draw claims available to the player to move now (none once the game has ended):
    /// what [`Monitor::push`] reported for the current ply, again (e.g. after a takeback).
    pub fn claims(&self) -> Vec<EventKind> {
        if self.ending.is_some() {
            return Vec::new();
        }
        let legal = self.position().legal_moves();
        let mut events = Vec::with_capacity(2);
        events.extend(self.threefold_claim(&legal));
        events.extend(self.fifty_claim(&legal));
        events
    }

    fn judge(&mut self, mv: Option<Move>) -> Vec<EventKind> {
        let legal = self.position().legal_moves();
        let deadness = if !legal.is_empty() && self.deadness_may_change(&legal) {
            dead::deadness(self.position())
        } else {
            Deadness::NotDead
        };
        if let Some(last) = self.history.last_mut() {
            last.dead_undecided = deadness == Deadness::Undecided;
        }
        if let Some(reason) = self.ending_now(&legal, deadness) {
            return vec![self.end(reason, mv)];
        }
        let mut events = Vec::with_capacity(2);
        events.extend(self.threefold_claim(&legal));
        events.extend(self.fifty_claim(&legal));
        events
    }

    /// The last move was taken back: everything is as before it, including "not ended" when
    /// the move that ended the game is removed. Does nothing at the start position.
    pub fn pop(&mut self) {
        if self.history.len() <= 1 {
            return;
        }
        let Some(entry) = self.history.pop() else {
            return;
        };
        let index = self.history.len() as u32;
        let history = &self.history;
        if let Some(bucket) = self.table.get_mut(&entry.hash) {
            let found = bucket
                .iter()
                .position(|o| o.first == index || history[o.first as usize].pos == entry.pos);
            if let Some(i) = found {
                bucket[i].count -= 1;
                if bucket[i].count == 0 {
                    bucket.swap_remove(i);
                }
            }
            if bucket.is_empty() {
                self.table.remove(&entry.hash);
            }
        }
        if self.ending.is_some_and(|e| e.ply >= index) {
            self.ending = None;
        }
    }

    /// Whether the last move may have made the position dead. A reversible move (no capture,
    /// no pawn move, no castling right lost) can usually be undone — the opponent moves a piece
    /// and back while the mover takes his move back — so the position before it recurs, with
    /// every series of moves to mate it had. That needs the opponent to have such a move: when
    /// he is in check or has very few legal moves (≤ 3) it may fail, and those positions are
    /// looked at too. This is a heuristic, not a proof: a constructed position where the
    /// opponent has four or more moves and none of them can be taken back could be dead after
    /// a reversible move and be missed (the safe direction: the game goes on; the arbiter's
    /// own judgement still applies). Skipping the rest keeps CHA's cost off most moves (see
    /// benches/monitor.rs and examples/replay_speed.rs). A position whose search spent its
    /// budget undecided has every following move looked at, until one decides.
    fn deadness_may_change(&self, legal: &MoveList) -> bool {
        let pos = self.position();
        // (The first move of a game is always looked at: a set-up start may be dead already.)
        let Some(prev) = self
            .history
            .len()
            .checked_sub(2)
            .map(|i| &self.history[i].pos)
        else {
            return true;
        };
        self.history.len() <= 2
            || self.history[self.history.len() - 2].dead_undecided
            || pos.halfmoves() == 0
            || pos.is_check()
            || legal.len() <= 3
            || prev.castles().castling_rights() != pos.castles().castling_rights()
    }

    /// The game-ending condition of the current position, by precedence.
    fn ending_now(&self, legal: &MoveList, deadness: Deadness) -> Option<EndReason> {
        let pos = self.position();
        if legal.is_empty() {
            return Some(if pos.is_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            });
        }
        if let Deadness::Dead(why) = deadness {
            return Some(EndReason::DeadPosition(why));
        }
        if pos.halfmoves() >= 150 {
            return Some(EndReason::SeventyFiveMoves);
        }
        if self.last().occurrence >= 5 {
            return Some(EndReason::FivefoldRepetition);
        }
        None
    }

    fn end(&mut self, reason: EndReason, mv: Option<Move>) -> EventKind {
        let ply = self.ply();
        let pos = self.position();
        let played = match (mv, self.history.len().checked_sub(2)) {
            (Some(m), Some(i)) => format!("after {}", numbered_san(&self.history[i].pos, m)),
            _ => "in the start position".to_string(),
        };
        let (result, message) = match reason {
            EndReason::Checkmate => {
                let winner = !pos.turn();
                (
                    if winner == Color::White { "1-0" } else { "0-1" },
                    format!("Checkmate (5.1.1) {played}: {} wins.", color_title(winner)),
                )
            }
            EndReason::Stalemate => (
                "1/2-1/2",
                format!(
                    "Stalemate (5.2.1) {played}: {} has no legal move and is not in \
                     check. The game is drawn.",
                    color_title(pos.turn())
                ),
            ),
            EndReason::DeadPosition(why) => (
                "1/2-1/2",
                format!(
                    "Dead position (5.2.2) {played}: {}. The game is drawn.",
                    why.describe()
                ),
            ),
            EndReason::SeventyFiveMoves => (
                "1/2-1/2",
                format!(
                    "75-move rule (9.6.2) {played}: {} plies without a pawn move or \
                     capture. The game is drawn automatically; the arbiter intervenes.",
                    pos.halfmoves()
                ),
            ),
            EndReason::FivefoldRepetition => (
                "1/2-1/2",
                format!(
                    "Fivefold repetition (9.6.1) {played}: the position has occurred {} \
                     times with {} to move. The game is drawn automatically; the arbiter \
                     intervenes.",
                    self.last().occurrence,
                    color_name(pos.turn())
                ),
            ),
        };
        self.ending = Some(Ending {
            ply,
            reason,
            result,
        });
        EventKind::GameEnd {
            ply,
            result,
            reason: reason.as_str(),
            rule: reason.rule(),
            message,
        }
    }

    /// Legal moves that would make a position occur for the third time (9.2.1.1).
    fn threefold_ahead(&self, legal: &MoveList) -> Vec<Move> {
        let entry = self.last();
        let pos = &entry.pos;
        // Only positions since the last pawn move or capture can recur; if none of them has
        // occurred twice, no move can make a third occurrence.
        let window_start = self.ply().saturating_sub(pos.halfmoves());
        if entry.last_repeat.is_none_or(|i| i < window_start) {
            return Vec::new();
        }
        let mut found = Vec::new();
        for &m in legal {
            if m.is_zeroing() {
                continue;
            }
            let next_hash = pos
                .update_zobrist_hash::<Zobrist64>(Zobrist64(entry.hash), m, EnPassantMode::Legal)
                .map(|z| z.0);
            let next_hash = match next_hash {
                Some(h) => h,
                None => {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    hash_of(&next)
                }
            };
            if !self.table.contains_key(&next_hash) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            if self.count_of(next_hash, &next) >= 2 {
                found.push(m);
            }
        }
        found
    }

    fn threefold_claim(&self, legal: &MoveList) -> Option<EventKind> {
        let pos = self.position();
        let count = self.last().occurrence;
        let on_board = count >= 3;
        let ahead = self.threefold_ahead(legal);
        if !on_board && ahead.is_empty() {
            return None;
        }
        let who = color_title(pos.turn());
        let writing = || {
            format!(
                "by writing {} on the scoresheet and declaring the intention to play it (the \
                 position would then occur for the third time)",
                san_list(pos, &ahead, 8)
            )
        };
        let message = match (on_board, ahead.is_empty()) {
            (true, true) => format!(
                "{who} may claim a draw by threefold repetition (9.2.1.2): the position has \
                 occurred {count} times with {} to move.",
                color_name(pos.turn())
            ),
            (true, false) => format!(
                "{who} may claim a draw by threefold repetition (9.2.1.2): the position has \
                 occurred {count} times with {} to move; or (9.2.1.1) {}.",
                color_name(pos.turn()),
                writing()
            ),
            _ => format!(
                "{who} may claim a draw by threefold repetition (9.2.1.1) {}.",
                writing()
            ),
        };
        Some(EventKind::Claim {
            ply: self.ply(),
            rule: "9.2",
            color: color_name(pos.turn()),
            on_board,
            moves: sorted_uci(&ahead),
            message,
        })
    }

    fn fifty_claim(&self, legal: &MoveList) -> Option<EventKind> {
        let pos = self.position();
        let h = pos.halfmoves();
        let who = color_title(pos.turn());
        if h >= 100 {
            return Some(EventKind::Claim {
                ply: self.ply(),
                rule: "9.3",
                color: color_name(pos.turn()),
                on_board: true,
                moves: Vec::new(),
                message: format!(
                    "{who} may claim a draw by the fifty-move rule (9.3.2): {h} plies (the last \
                     50 moves by each player) without a pawn move or capture."
                ),
            });
        }
        if h < 99 {
            return None;
        }
        let ahead: Vec<Move> = legal.iter().copied().filter(|m| !m.is_zeroing()).collect();
        if ahead.is_empty() {
            return None;
        }
        let mating: Vec<Move> = ahead
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                p.is_checkmate()
            })
            .collect();
        let mut message = format!(
            "{who} may claim a draw by the fifty-move rule (9.3.1) by writing a move that is \
             neither a pawn move nor a capture ({}) and declaring the intention to play it: \
             the last 50 moves by each player would then be without a pawn move or capture.",
            san_list(pos, &ahead, 8)
        );
        if !mating.is_empty() {
            message.push_str(&format!(
                " Note: {} would checkmate; such a claim is valid under the FIDE text of 9.3.1 \
                 (python-chess would refuse it).",
                san_list(pos, &mating, 8)
            ));
        }
        Some(EventKind::Claim {
            ply: self.ply(),
            rule: "9.3",
            color: color_name(pos.turn()),
            on_board: false,
            moves: sorted_uci(&ahead),
            message,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn monitor(fen: &str) -> Monitor {
        Monitor::new(crate::core::test_util::pos(fen))
    }

    fn play(m: &mut Monitor, san: &str) -> Vec<EventKind> {
        let mv = san.parse::<San>().unwrap().to_move(m.position()).unwrap();
        m.try_push(&mv).unwrap()
    }

    /// A position the dead-position search cannot decide within its budget (White cannot
    /// mate; whether Black can takes CHA more than `DEAD_POSITION_BUDGET` nodes: one of CHA's
    /// hard submitted positions) is not declared dead, and is looked at again after the next
    /// move even when that move is reversible (a king step, which alone would not be).
    #[test]
    fn an_undecided_position_is_looked_at_again_after_any_move() {
        let mut m = monitor("8/4kb2/8/1p1p1p1p/1P1P1P1P/1bB5/3B1K2/8 b - - 0 40");
        assert_eq!(dead::deadness(m.position()), Deadness::Undecided);
        assert!(m.judge_start().is_empty());
        assert!(m.history[0].dead_undecided);
        assert!(play(&mut m, "Ke6").is_empty());
        assert!(
            m.history[1].dead_undecided,
            "the position after a reversible move was not looked at again"
        );
        // From a decided position the mark is not carried on.
        let mut m = monitor("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
        assert_eq!(dead::deadness(m.position()), Deadness::NotDead);
        m.judge_start();
        assert!(!m.history[0].dead_undecided);
        play(&mut m, "Ke7");
        assert!(!m.history[1].dead_undecided);
    }
}
