//! Board → host messages, decoded from complete frames.

use super::codes::{self, PieceCode};

/// One side of the clock (physical side, not colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSideTime {
    pub hours: u8,
    pub minutes: u8,
    pub seconds: u8,
    /// Bit 4: flag fallen and clock blocked.
    pub flag_fallen_blocked: bool,
    /// Bit 5: time-per-move indicator.
    pub time_per_move: bool,
    /// Bit 6: flag fallen shown.
    pub flag_shown: bool,
    /// False when a minutes or seconds byte is not valid BCD.
    pub valid: bool,
}

impl ClockSideTime {
    fn decode(hours: u8, minutes: u8, seconds: u8) -> ClockSideTime {
        let (m, mv) = bcd(minutes);
        let (s, sv) = bcd(seconds);
        ClockSideTime {
            hours: hours & 0x0f,
            minutes: m,
            seconds: s,
            flag_fallen_blocked: hours & 0x10 != 0,
            time_per_move: hours & 0x20 != 0,
            flag_shown: hours & 0x40 != 0,
            valid: mv && sv && (hours & 0x0f) <= 9 && m < 60 && s < 60,
        }
    }

    /// Total seconds shown.
    pub fn total_seconds(&self) -> u32 {
        u32::from(self.hours) * 3600 + u32::from(self.minutes) * 60 + u32::from(self.seconds)
    }

    /// `h:mm:ss`.
    pub fn display(&self) -> String {
        format!("{}:{:02}:{:02}", self.hours, self.minutes, self.seconds)
    }
}

fn bcd(b: u8) -> (u8, bool) {
    let hi = (b >> 4) & 0x0f;
    let lo = b & 0x0f;
    (hi * 10 + lo, hi <= 9 && lo <= 9)
}

/// A BWTIME message carrying times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTimes {
    pub right: ClockSideTime,
    pub left: ClockSideTime,
    /// Status bit 0.
    pub running: bool,
    /// Status bit 1: the lever is high on the right side.
    pub lever_right_high: bool,
    /// Status bit 2.
    pub battery_low: bool,
    /// Status bit 3.
    pub right_to_move: bool,
    /// Status bit 4.
    pub left_to_move: bool,
    /// Status bit 5: no clock connected (the reading is invalid).
    pub no_clock: bool,
}

/// A decoded board → host message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// BOARD_DUMP: the 64 fields in index order.
    BoardDump(Box<[PieceCode; 64]>),
    /// FIELD_UPDATE.
    FieldUpdate { index: u8, piece: PieceCode },
    /// BWTIME with times.
    Clock(ClockTimes),
    /// BWTIME acknowledging a clock command: the 7 data bytes.
    ClockAck([u8; 7]),
    /// BWTIME whose data is all zeros (some Bluetooth firmware): to be ignored.
    ClockEmpty,
    /// EE_MOVES: the EEPROM log, raw.
    EeMoves(Vec<u8>),
    /// BUSADRES.
    BusAddress(u16),
    /// SERIALNR.
    SerialNumber(String),
    /// TRADEMARK.
    Trademark(String),
    /// VERSION.
    Version { major: u8, minor: u8 },
    /// BATTERY_STATUS, raw data bytes (documented inconsistently).
    BatteryStatus(Vec<u8>),
    /// LONG_SERIALNR.
    LongSerialNumber(String),
}

/// Why a well-framed message could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

/// The largest total length (header included) accepted for a message id, and the exact
/// length where the message has one; `None` for ids that are not board → host messages.
pub(crate) fn length_bounds(id: u8) -> Option<(usize, Option<usize>)> {
    Some(match id {
        codes::BOARD_DUMP => (67, Some(67)),
        codes::BWTIME => (10, Some(10)),
        codes::FIELD_UPDATE => (5, Some(5)),
        // The EEPROM log is ~7,939 bytes; allow the whole 8 KiB EEPROM plus header.
        codes::EE_MOVES => (8192 + 3, None),
        codes::BUSADRES => (5, Some(5)),
        codes::SERIALNR => (8, Some(8)),
        codes::TRADEMARK => (3 + 260, None),
        codes::VERSION => (5, Some(5)),
        codes::BATTERY_STATUS => (3 + 64, None),
        codes::LONG_SERIALNR => (13, Some(13)),
        _ => return None,
    })
}

fn ascii(data: &[u8]) -> String {
    data.iter()
        .map(|&b| {
            if (0x20..0x7f).contains(&b) {
                b as char
            } else {
                char::REPLACEMENT_CHARACTER
            }
        })
        .collect::<String>()
        .trim_end_matches(['\0', ' ', char::REPLACEMENT_CHARACTER])
        .to_string()
}

impl Message {
    /// Decodes the data bytes (header excluded) of a frame with message id `id`. The caller
    /// has checked the length against `length_bounds`.
    pub fn decode(id: u8, data: &[u8]) -> Result<Message, DecodeError> {
        Ok(match id {
            codes::BOARD_DUMP => {
                let mut fields = Box::new([PieceCode::Empty; 64]);
                for (f, &b) in fields.iter_mut().zip(data) {
                    *f = PieceCode::from_code(b);
                }
                Message::BoardDump(fields)
            }
            codes::FIELD_UPDATE => {
                let index = data[0];
                if index > 63 {
                    return Err(DecodeError(format!(
                        "field update for field index {index} (valid: 0-63)"
                    )));
                }
                Message::FieldUpdate {
                    index,
                    piece: PieceCode::from_code(data[1]),
                }
            }
            codes::BWTIME => {
                let d: [u8; 7] = data
                    .try_into()
                    .map_err(|_| DecodeError("short BWTIME".into()))?;
                if d.iter().all(|&b| b == 0) {
                    Message::ClockEmpty
                } else if d[0] & 0x0f == 0x0a || d[3] & 0x0f == 0x0a {
                    Message::ClockAck(d)
                } else {
                    let status = d[6];
                    Message::Clock(ClockTimes {
                        right: ClockSideTime::decode(d[0], d[1], d[2]),
                        left: ClockSideTime::decode(d[3], d[4], d[5]),
                        running: status & 0x01 != 0,
                        lever_right_high: status & 0x02 != 0,
                        battery_low: status & 0x04 != 0,
                        right_to_move: status & 0x08 != 0,
                        left_to_move: status & 0x10 != 0,
                        no_clock: status & 0x20 != 0,
                    })
                }
            }
            codes::EE_MOVES => Message::EeMoves(data.to_vec()),
            codes::BUSADRES => Message::BusAddress((u16::from(data[0]) << 7) | u16::from(data[1])),
            codes::SERIALNR => Message::SerialNumber(ascii(data)),
            codes::TRADEMARK => Message::Trademark(ascii(data)),
            codes::VERSION => Message::Version {
                major: data[0],
                minor: data[1],
            },
            codes::BATTERY_STATUS => Message::BatteryStatus(data.to_vec()),
            codes::LONG_SERIALNR => Message::LongSerialNumber(ascii(data)),
            _ => return Err(DecodeError(format!("unknown message id 0x{id:02x}"))),
        })
    }

    /// The message's name in the protocol documentation.
    pub fn name(&self) -> &'static str {
        match self {
            Message::BoardDump(_) => "BOARD_DUMP",
            Message::FieldUpdate { .. } => "FIELD_UPDATE",
            Message::Clock(_) | Message::ClockAck(_) | Message::ClockEmpty => "BWTIME",
            Message::EeMoves(_) => "EE_MOVES",
            Message::BusAddress(_) => "BUSADRES",
            Message::SerialNumber(_) => "SERIALNR",
            Message::Trademark(_) => "TRADEMARK",
            Message::Version { .. } => "VERSION",
            Message::BatteryStatus(_) => "BATTERY_STATUS",
            Message::LongSerialNumber(_) => "LONG_SERIALNR",
        }
    }

    /// Encodes the message as the board would send it (used by the simulator and tests).
    pub fn encode(&self) -> Vec<u8> {
        let (id, data): (u8, Vec<u8>) = match self {
            Message::BoardDump(f) => (codes::BOARD_DUMP, f.iter().map(|c| c.to_code()).collect()),
            Message::FieldUpdate { index, piece } => {
                (codes::FIELD_UPDATE, vec![*index, piece.to_code()])
            }
            Message::Clock(t) => {
                let side = |s: &ClockSideTime| {
                    let bcd = |v: u8| ((v / 10) << 4) | (v % 10);
                    [
                        (s.hours & 0x0f)
                            | (u8::from(s.flag_fallen_blocked) << 4)
                            | (u8::from(s.time_per_move) << 5)
                            | (u8::from(s.flag_shown) << 6),
                        bcd(s.minutes),
                        bcd(s.seconds),
                    ]
                };
                let mut d = Vec::with_capacity(7);
                d.extend(side(&t.right));
                d.extend(side(&t.left));
                d.push(
                    u8::from(t.running)
                        | u8::from(t.lever_right_high) << 1
                        | u8::from(t.battery_low) << 2
                        | u8::from(t.right_to_move) << 3
                        | u8::from(t.left_to_move) << 4
                        | u8::from(t.no_clock) << 5,
                );
                (codes::BWTIME, d)
            }
            Message::ClockAck(d) => (codes::BWTIME, d.to_vec()),
            Message::ClockEmpty => (codes::BWTIME, vec![0; 7]),
            Message::EeMoves(d) => (codes::EE_MOVES, d.clone()),
            Message::BusAddress(a) => (
                codes::BUSADRES,
                vec![((a >> 7) & 0x7f) as u8, (a & 0x7f) as u8],
            ),
            Message::SerialNumber(s) => (codes::SERIALNR, s.bytes().collect()),
            Message::Trademark(s) => (codes::TRADEMARK, s.bytes().collect()),
            Message::Version { major, minor } => (codes::VERSION, vec![*major, *minor]),
            Message::BatteryStatus(d) => (codes::BATTERY_STATUS, d.clone()),
            Message::LongSerialNumber(s) => (codes::LONG_SERIALNR, s.bytes().collect()),
        };
        frame(id, &data)
    }
}

/// Wraps data bytes in a frame: id, two 7-bit length bytes (total length), data.
pub fn frame(id: u8, data: &[u8]) -> Vec<u8> {
    let len = data.len() + 3;
    let mut out = Vec::with_capacity(len);
    out.push(id);
    out.push(((len >> 7) & 0x7f) as u8);
    out.push((len & 0x7f) as u8);
    out.extend(data.iter().map(|b| b & 0x7f));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_example_from_protocol_doc() {
        let m = Message::decode(0x8d, &[0x01, 0x30, 0x00, 0x01, 0x29, 0x59, 0x09]).unwrap();
        let Message::Clock(t) = m else {
            panic!("not clock times: {m:?}")
        };
        assert_eq!(t.right.display(), "1:30:00");
        assert_eq!(t.left.display(), "1:29:59");
        assert!(t.running && t.right_to_move && !t.left_to_move && !t.no_clock);
        assert_eq!(
            Message::Clock(t).encode(),
            vec![0x8d, 0x00, 0x0a, 0x01, 0x30, 0x00, 0x01, 0x29, 0x59, 0x09]
        );
    }

    #[test]
    fn clock_ack_and_empty() {
        assert!(matches!(
            Message::decode(0x8d, &[0x10, 0x08, 0x00, 0x0a, 0x00, 0x00, 0x00]).unwrap(),
            Message::ClockAck(_)
        ));
        assert_eq!(Message::decode(0x8d, &[0; 7]).unwrap(), Message::ClockEmpty);
    }

    #[test]
    fn version_and_serials() {
        assert_eq!(
            Message::decode(0x93, &[1, 2]).unwrap(),
            Message::Version { major: 1, minor: 2 }
        );
        assert_eq!(
            Message::decode(0x91, b"12345").unwrap(),
            Message::SerialNumber("12345".into())
        );
        assert_eq!(
            Message::decode(0xa2, b"0123456789").unwrap(),
            Message::LongSerialNumber("0123456789".into())
        );
        assert!(Message::decode(0x8e, &[64, 1]).is_err());
    }
}
