//! The event contract: what eboardd tells the world, one JSON object per line.
//!
//! Documented field by field in `docs/events.md`. Names and fields are fixed once published:
//! add fields and events, never rename or drop. Absent values are omitted, never `null`.

use serde::Serialize;

/// One event: what happened, when (the input time that caused it, ms), and on which board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    #[serde(flatten)]
    pub kind: EventKind,
    pub t_ms: u64,
    /// The board's identity (serial number or configured name); set by the daemon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// Clock reading of one physical side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideReading {
    /// `h:mm:ss` as shown.
    pub time: String,
    /// The same in seconds.
    pub seconds: u32,
    /// The flag has fallen.
    pub flag: bool,
}

/// A square that does not hold what it should.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquareReport {
    pub square: String,
    /// FEN letter of the piece that belongs there, `.` for empty.
    pub expected: String,
    /// FEN letter of the piece found there, `.` for empty.
    pub found: String,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    /// A game starts from `fen`.
    NewGame {
        fen: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        orientation: Option<&'static str>,
    },
    /// A move was completed.
    Move {
        ply: u32,
        uci: String,
        san: String,
        fen: String,
        /// Rapid/blitz: an illegal move that stands because the opponent completed his next
        /// move before it was corrected (Appendix A.4.2); omitted when false.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        illegal: bool,
    },
    /// The move at `ply` was taken back; `fen` is the position now.
    Takeback { ply: u32, fen: String },
    /// A draw claim is available to `color` (Article 9.2 / 9.3).
    Claim {
        ply: u32,
        rule: &'static str,
        color: &'static str,
        on_board: bool,
        moves: Vec<String>,
        message: String,
    },
    /// The game ended (first ending only).
    GameEnd {
        ply: u32,
        result: &'static str,
        reason: &'static str,
        rule: &'static str,
        message: String,
    },
    /// Several lines of moves explain the board (moves missed, occupancy sensing): none is
    /// reported until later boards leave one.
    Ambiguous {
        ply: u32,
        /// Each candidate line: UCI moves separated by spaces.
        lines: Vec<String>,
        /// The line reported: when all lead to the same position (only the order is
        /// unknown), or provisionally the likeliest of lines leading to different positions.
        #[serde(skip_serializing_if = "Option::is_none")]
        chosen: Option<String>,
        /// `chosen` is provisional: later boards decide, and a line that differs from it is
        /// reported then with `takeback`s and `move`s.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        provisional: bool,
        /// `chosen`, already reported, is a guess nothing the board showed tells from the
        /// other lines: it stands unless a later board shows it wrong (occupancy boards: a
        /// capture never seen, the other lines leading to other positions; identity boards: a
        /// pawn promoted to a piece never read there, captured at once — the other lines
        /// promote to the other pieces).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        undecided: bool,
        message: String,
    },
    /// Both kings were put on the central squares to signal a result (DGT convention).
    ResultSignal {
        result: &'static str,
        message: String,
    },
    /// A game starts from a wrong initial position (7.2).
    SetupError {
        squares: Vec<SquareReport>,
        message: String,
    },
    /// A completed illegal move (7.5).
    IllegalMove {
        color: &'static str,
        /// Completed illegal moves by this player in this game.
        count: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        uci: Option<String>,
        /// "7.5.1" (illegal move), "7.5.2" (pawn not exchanged), "7.5.3" (clock pressed
        /// without a move).
        rule: &'static str,
        /// The position to reinstate.
        fen_restore: String,
        /// Minutes added to the opponent's time (7.5.5 and Appendices A/B).
        penalty_minutes: u32,
        /// Set when this illegal move decides the game (the second one, 7.5.5).
        #[serde(skip_serializing_if = "Option::is_none")]
        result: Option<&'static str>,
        message: String,
    },
    /// Pieces off their squares that are not a move attempt (7.4).
    Displaced {
        squares: Vec<SquareReport>,
        fen_restore: String,
        message: String,
    },
    /// The board is back at the game position after an irregularity.
    Restored { fen: String, message: String },
    /// Occupancy boards: long after the last move reported, no reading of the game explains
    /// the board — the moves since cannot be followed and the broadcast of this board stands
    /// still until someone looks (since 2026-12-05).
    Unexplained {
        /// The last ply reported.
        ply: u32,
        /// The squares whose occupancy differs from the game position (`found`: `?` occupied,
        /// the piece unknown; `.` empty).
        squares: Vec<SquareReport>,
        /// The game position as reported.
        fen: String,
        message: String,
    },
    /// Bytes that did not form a valid message were skipped.
    ProtocolError { skipped: usize, message: String },
    /// A full board dump: FEN piece placement as seen with White at the connector side
    /// (`?` marks a magic piece, which never enters a position).
    Board { placement: String },
    /// One field changed.
    Field {
        index: u8,
        /// The square under the current orientation.
        square: String,
        /// FEN letter, `.` for empty, `?` for a magic piece.
        piece: String,
        /// The raw piece code (0–15).
        code: u8,
    },
    /// Clock times (BWTIME).
    Clock {
        left: SideReading,
        right: SideReading,
        running: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        to_move: Option<&'static str>,
        lever_right_high: bool,
        battery_low: bool,
        connected: bool,
    },
    /// A clock command was acknowledged: the 7 data bytes in hex.
    ClockAck { data: String },
    /// Something the board says about itself.
    Device {
        #[serde(skip_serializing_if = "Option::is_none")]
        serial: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        long_serial: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        trademark: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        bus_address: Option<u16>,
        /// Battery status data bytes in hex (their meaning varies by firmware).
        #[serde(skip_serializing_if = "Option::is_none")]
        battery: Option<String>,
    },
    /// The board's EEPROM move log was received.
    EeMoves { bytes: usize, data: String },
    /// The daemon's link to the board changed: `connected`, `disconnected`, `reconnecting`
    /// or `silent` (set by the daemon, never by the core's session).
    Status {
        state: &'static str,
        /// The device path.
        device: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
}

impl EventKind {
    /// The `event` name.
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::NewGame { .. } => "new_game",
            EventKind::Move { .. } => "move",
            EventKind::Takeback { .. } => "takeback",
            EventKind::Claim { .. } => "claim",
            EventKind::GameEnd { .. } => "game_end",
            EventKind::Ambiguous { .. } => "ambiguous",
            EventKind::ResultSignal { .. } => "result_signal",
            EventKind::SetupError { .. } => "setup_error",
            EventKind::IllegalMove { .. } => "illegal_move",
            EventKind::Displaced { .. } => "displaced",
            EventKind::Restored { .. } => "restored",
            EventKind::Unexplained { .. } => "unexplained",
            EventKind::ProtocolError { .. } => "protocol_error",
            EventKind::Board { .. } => "board",
            EventKind::Field { .. } => "field",
            EventKind::Clock { .. } => "clock",
            EventKind::ClockAck { .. } => "clock_ack",
            EventKind::Device { .. } => "device",
            EventKind::EeMoves { .. } => "ee_moves",
            EventKind::Status { .. } => "status",
        }
    }

    /// Alerts an arbiter must see.
    pub fn is_alert(&self) -> bool {
        matches!(
            self,
            EventKind::Claim { .. }
                | EventKind::GameEnd { .. }
                | EventKind::SetupError { .. }
                | EventKind::IllegalMove { .. }
                | EventKind::Displaced { .. }
                | EventKind::Ambiguous { .. }
                | EventKind::Unexplained { .. }
        )
    }

    /// Events that concern the game (not the wire): what the daemon's default output shows.
    pub fn is_frame_level(&self) -> bool {
        matches!(
            self,
            EventKind::Board { .. }
                | EventKind::Field { .. }
                | EventKind::Clock { .. }
                | EventKind::ClockAck { .. }
                | EventKind::EeMoves { .. }
        )
    }
}

impl Event {
    pub fn new(t_ms: u64, kind: EventKind) -> Event {
        Event {
            kind,
            t_ms,
            board: None,
        }
    }

    /// One JSON line (no trailing newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("events always serialize")
    }

    /// One readable line: time, board, event name, then the interesting fields.
    pub fn to_human(&self) -> String {
        let secs = format!("{:>4}.{:03}", self.t_ms / 1000, self.t_ms % 1000);
        let board = self
            .board
            .as_deref()
            .map(|b| format!(" [{b}]"))
            .unwrap_or_default();
        let body = match &self.kind {
            EventKind::Move {
                ply, san, uci, fen, ..
            } => {
                // The move number from the position after the move (a game set up from a
                // position may start with Black, or past move 1); by ply otherwise.
                let mut f = fen.split(' ');
                let (side, full) = (f.nth(1), f.nth(3).and_then(|n| n.parse::<u32>().ok()));
                let (n, dots) = match (side, full) {
                    (Some("w"), Some(n)) => (n.saturating_sub(1), "..."),
                    (Some("b"), Some(n)) => (n, "."),
                    _ => (ply.div_ceil(2), if ply % 2 == 1 { "." } else { "..." }),
                };
                format!("move      {n}{dots} {san} ({uci})")
            }
            EventKind::Takeback { ply, fen } => format!("takeback  ply {ply} removed; now {fen}"),
            EventKind::NewGame { fen, .. } => format!("new_game  {fen}"),
            EventKind::Field { square, piece, .. } => format!("field     {square} {piece}"),
            EventKind::Board { placement } => format!("board     {placement}"),
            EventKind::Clock {
                left,
                right,
                running,
                to_move,
                connected,
                ..
            } => {
                if *connected {
                    let flag = |s: &SideReading| if s.flag { " (flag)" } else { "" };
                    format!(
                        "clock     left {}{} right {}{}{}{}",
                        left.time,
                        flag(left),
                        right.time,
                        flag(right),
                        if *running { ", running" } else { ", stopped" },
                        to_move
                            .map(|s| format!(", {s} to move"))
                            .unwrap_or_default()
                    )
                } else {
                    "clock     no clock connected".to_string()
                }
            }
            EventKind::ProtocolError { message, .. } => format!("protocol_error {message}"),
            EventKind::Claim { message, .. }
            | EventKind::GameEnd { message, .. }
            | EventKind::Ambiguous { message, .. }
            | EventKind::ResultSignal { message, .. }
            | EventKind::SetupError { message, .. }
            | EventKind::IllegalMove { message, .. }
            | EventKind::Displaced { message, .. }
            | EventKind::Restored { message, .. }
            | EventKind::Unexplained { message, .. } => {
                format!("{:<9} {message}", self.kind.name())
            }
            other => {
                let mut v = serde_json::to_value(other).expect("events always serialize");
                let mut parts = Vec::new();
                if let Some(map) = v.as_object_mut() {
                    map.remove("event");
                    for (k, val) in map.iter() {
                        let s = match val {
                            serde_json::Value::String(s) => s.clone(),
                            other => other.to_string(),
                        };
                        parts.push(format!("{k}={s}"));
                    }
                }
                format!("{:<9} {}", other.name(), parts.join(" "))
            }
        };
        format!("{secs}{board} {body}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape_is_the_contract() {
        let e = Event::new(
            1500,
            EventKind::Move {
                ply: 1,
                uci: "e2e4".into(),
                san: "e4".into(),
                fen: "x".into(),
                illegal: false,
            },
        );
        let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
        assert_eq!(v["event"], "move");
        assert_eq!(v["t_ms"], 1500);
        assert_eq!(v["ply"], 1);
        assert!(v.get("board").is_none(), "absent values are omitted");
        assert!(e.to_human().contains("1. e4"));
    }

    #[test]
    fn optional_fields_omitted() {
        let e = Event::new(
            0,
            EventKind::Device {
                serial: Some("12345".into()),
                long_serial: None,
                version: None,
                trademark: None,
                bus_address: None,
                battery: None,
            },
        );
        assert_eq!(
            e.to_json(),
            r#"{"event":"device","serial":"12345","t_ms":0}"#
        );
    }
}
