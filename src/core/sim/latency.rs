//! How long after a move is physically complete it is reported (Core II: "a move is reported
//! within 1 s of the board coming to rest in the new position").
//!
//! A ply's *rest* is the instant the script completes it ([`ActionKind::MoveDone`]: the
//! board holds the position after it); the ply *rested* when no square is set again for at
//! least [`REST_MS`] after that (sensor flicker is not a touch). Its reports are read from the
//! events of replaying the capture: the first instant the reported game (every `move` and
//! `takeback` folded, from the last `new_game`) holds a move at that ply, whichever, and the
//! first instant it holds the real game up to and including that ply. Used, through
//! `shell::replay::simulated_timings`, by `examples/latency.rs` (the figures) and
//! `tests/latency.rs`.

use shakmaty::CastlingMode;

use super::{ActionKind, Script, SimGame, uci_as_sensed};
use crate::core::event::{Event, EventKind};
use crate::core::session::Sensing;

/// The promise: a move is reported within this long of the board coming to rest; a ply counts
/// as rested when nothing was set again for this long.
pub const REST_MS: u64 = 1_000;

/// The timing of one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyTiming {
    /// When the script completed the ply (none: it never did).
    pub rest_ms: Option<u64>,
    /// Nothing was set again for [`REST_MS`] after that.
    pub rested: bool,
    /// When a move was first reported at this ply (whichever move).
    pub shown_ms: Option<u64>,
    /// When the reported game first held the real game up to this ply.
    pub right_ms: Option<u64>,
}

impl PlyTiming {
    /// First report minus rest (none: not rested, or never reported).
    pub fn shown_after(&self) -> Option<i64> {
        self.after(self.shown_ms)
    }

    /// Report of the real move minus rest (none: not rested, or never reported right).
    pub fn right_after(&self) -> Option<i64> {
        self.after(self.right_ms)
    }

    fn after(&self, t: Option<u64>) -> Option<i64> {
        match (self.rested, self.rest_ms, t) {
            (true, Some(rest), Some(t)) => Some(t as i64 - rest as i64),
            _ => None,
        }
    }
}

/// The timing of every ply of `game`, played by `script`, from the `events` its capture
/// replayed to on a board of this sensing (occupancy boards: moves compared up to the
/// promotion piece).
pub fn ply_timings(
    game: &SimGame,
    script: &Script,
    events: &[Event],
    sensing: Sensing,
) -> Vec<PlyTiming> {
    let want: Vec<String> = game
        .moves
        .iter()
        .map(|m| uci_as_sensed(&m.to_uci(CastlingMode::Standard).to_string(), sensing))
        .collect();
    let mut out: Vec<PlyTiming> = (0..want.len())
        .map(|ply| {
            let rest_ms = script.move_done_ms(ply);
            let rested = rest_ms.is_some_and(|done| {
                script
                    .actions
                    .iter()
                    .filter(|a| a.t_ms > done)
                    .find(|a| matches!(a.kind, ActionKind::Set { .. }))
                    .is_none_or(|a| a.t_ms >= done + REST_MS)
            });
            PlyTiming {
                rest_ms,
                rested,
                shown_ms: None,
                right_ms: None,
            }
        })
        .collect();
    let mut moves: Vec<String> = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::NewGame { .. } => moves.clear(),
            EventKind::Move { uci, .. } => moves.push(uci_as_sensed(uci, sensing)),
            EventKind::Takeback { .. } => {
                moves.pop();
            }
            _ => continue,
        }
        let right = moves.iter().zip(&want).take_while(|(a, b)| a == b).count();
        for (k, p) in out.iter_mut().enumerate().take(moves.len()) {
            p.shown_ms.get_or_insert(e.t_ms);
            if k < right {
                p.right_ms.get_or_insert(e.t_ms);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::sim::{Action, games_from_pgn};

    fn event(t_ms: u64, kind: EventKind) -> Event {
        Event {
            kind,
            t_ms,
            board: None,
        }
    }

    fn mv(uci: &str) -> EventKind {
        EventKind::Move {
            ply: 0,
            san: String::new(),
            uci: uci.to_string(),
            fen: String::new(),
            illegal: false,
        }
    }

    #[test]
    fn a_revised_ply_is_shown_first_and_right_later() {
        let g = games_from_pgn("1. e4 e5 *").remove(0);
        let done = |t_ms, ply| Action {
            t_ms,
            kind: ActionKind::MoveDone { ply },
        };
        let set = |t_ms| Action {
            t_ms,
            kind: ActionKind::Set {
                square: shakmaty::Square::E7,
                piece: None,
            },
        };
        // Ply 1 rests 1.5 s; ply 2 is touched again 500 ms after it completes.
        let script = Script {
            actions: vec![done(1_000, 0), set(2_500), done(3_000, 1), set(3_500)],
            patterns: Vec::new(),
            end_ms: 3_500,
        };
        let events = vec![
            event(1_400, mv("e2e3")),
            event(
                1_900,
                EventKind::Takeback {
                    ply: 1,
                    fen: String::new(),
                },
            ),
            event(1_900, mv("e2e4")),
            event(3_300, mv("e7e5")),
        ];
        let t = ply_timings(&g, &script, &events, Sensing::Identity);
        assert_eq!(t[0].shown_after(), Some(400));
        assert_eq!(t[0].right_after(), Some(900));
        assert!(!t[1].rested);
        assert_eq!((t[1].shown_ms, t[1].right_ms), (Some(3_300), Some(3_300)));
        assert_eq!(t[1].shown_after(), None);
    }
}
