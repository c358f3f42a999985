//! Host → board commands.

/// Which clock side runs after set-and-run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockSide {
    None,
    Left,
    Right,
}

/// A command for the clock, sent through the board inside the clock wrapper
/// `2b <len> 03 <cmd> <data…> 00` (`len` counts the bytes after itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockCommand {
    /// 0x01: six characters on a DGT XL / 3000, icons byte, and whether to beep.
    Display {
        text: [u8; 6],
        icons: u8,
        beep: bool,
    },
    /// 0x03: end display, back to showing times.
    EndDisplay,
    /// 0x09: ask the clock version.
    Version,
    /// 0x0a: set both times (h, m, s) and run one side.
    SetAndRun {
        left: (u8, u8, u8),
        right: (u8, u8, u8),
        run: ClockSide,
    },
    /// 0x0b: beep for `duration` units of 1/16 s (as drivers use it).
    Beep { duration: u8 },
    /// 0x0c: eight ASCII characters (DGT 3000), beep byte.
    Ascii { text: [u8; 8], beep: u8 },
}

impl ClockCommand {
    fn code_and_data(&self) -> (u8, Vec<u8>) {
        match self {
            ClockCommand::Display { text, icons, beep } => {
                // The XL shows the six characters in the order 2,1,0,5,4,3.
                let t = text;
                (
                    0x01,
                    vec![
                        t[2],
                        t[1],
                        t[0],
                        t[5],
                        t[4],
                        t[3],
                        *icons,
                        if *beep { 0x03 } else { 0x01 },
                    ],
                )
            }
            ClockCommand::EndDisplay => (0x03, vec![]),
            ClockCommand::Version => (0x09, vec![]),
            ClockCommand::SetAndRun { left, right, run } => {
                let side = match run {
                    ClockSide::None => 0,
                    ClockSide::Left => 1,
                    ClockSide::Right => 2,
                };
                (
                    0x0a,
                    vec![left.0, left.1, left.2, right.0, right.1, right.2, side],
                )
            }
            ClockCommand::Beep { duration } => (0x0b, vec![*duration]),
            ClockCommand::Ascii { text, beep } => {
                let mut d = text.to_vec();
                d.push(*beep);
                (0x0c, d)
            }
        }
    }
}

/// A host → board command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// 0x40: reset to idle (cancels update modes).
    Reset,
    /// 0x41: send clock.
    SendClock,
    /// 0x42: send board dump.
    SendBoard,
    /// 0x43: field updates + clock at least every second.
    UpdateMode,
    /// 0x44: field updates only.
    UpdateBoardOnly,
    /// 0x45: send serial number.
    SendSerialNumber,
    /// 0x46: send bus address.
    SendBusAddress,
    /// 0x47: send trademark.
    SendTrademark,
    /// 0x49: send the EEPROM move log (slow).
    SendEeMoves,
    /// 0x4a: switch to bus mode.
    BusMode,
    /// 0x4b: field updates + clock only when it changed.
    UpdateNice,
    /// 0x4c: battery status.
    SendBatteryStatus,
    /// 0x4d: send version.
    SendVersion,
    /// 0x55: send long serial number.
    SendLongSerialNumber,
    /// 0x2b: a clock command.
    Clock(ClockCommand),
}

impl Command {
    /// The bytes to write. (0x4e, the boot loader jump, is deliberately not representable.)
    pub fn encode(&self) -> Vec<u8> {
        let single = match self {
            Command::Reset => 0x40,
            Command::SendClock => 0x41,
            Command::SendBoard => 0x42,
            Command::UpdateMode => 0x43,
            Command::UpdateBoardOnly => 0x44,
            Command::SendSerialNumber => 0x45,
            Command::SendBusAddress => 0x46,
            Command::SendTrademark => 0x47,
            Command::SendEeMoves => 0x49,
            Command::BusMode => 0x4a,
            Command::UpdateNice => 0x4b,
            Command::SendBatteryStatus => 0x4c,
            Command::SendVersion => 0x4d,
            Command::SendLongSerialNumber => 0x55,
            Command::Clock(c) => {
                let (code, data) = c.code_and_data();
                let mut out = Vec::with_capacity(data.len() + 5);
                out.push(0x2b);
                out.push((data.len() + 3) as u8);
                out.push(0x03);
                out.push(code);
                out.extend(data);
                out.push(0x00);
                return out;
            }
        };
        vec![single]
    }

    /// Decodes one command from the start of `bytes` (used by the simulated board): the
    /// command and how many bytes it took, or `None` if more bytes are needed. Unknown bytes
    /// decode as `Err(byte)` taking one byte.
    pub fn decode(bytes: &[u8]) -> Option<(Result<Command, u8>, usize)> {
        let &first = bytes.first()?;
        let cmd = match first {
            0x40 => Command::Reset,
            0x41 => Command::SendClock,
            0x42 => Command::SendBoard,
            0x43 => Command::UpdateMode,
            0x44 => Command::UpdateBoardOnly,
            0x45 => Command::SendSerialNumber,
            0x46 => Command::SendBusAddress,
            0x47 => Command::SendTrademark,
            0x49 => Command::SendEeMoves,
            0x4a => Command::BusMode,
            0x4b => Command::UpdateNice,
            0x4c => Command::SendBatteryStatus,
            0x4d => Command::SendVersion,
            0x55 => Command::SendLongSerialNumber,
            0x2b => {
                let len = usize::from(*bytes.get(1)?);
                if bytes.len() < 2 + len {
                    return None;
                }
                let body = &bytes[2..2 + len];
                let parsed = (len >= 3 && body[0] == 0x03 && body[len - 1] == 0x00)
                    .then(|| parse_clock(body[1], &body[2..len - 1]))
                    .flatten();
                return Some((parsed.map(Command::Clock).ok_or(first), 2 + len));
            }
            other => return Some((Err(other), 1)),
        };
        Some((Ok(cmd), 1))
    }
}

fn parse_clock(code: u8, d: &[u8]) -> Option<ClockCommand> {
    Some(match (code, d.len()) {
        (0x01, 8) => ClockCommand::Display {
            text: [d[2], d[1], d[0], d[5], d[4], d[3]],
            icons: d[6],
            beep: d[7] == 0x03,
        },
        (0x03, 0) => ClockCommand::EndDisplay,
        (0x09, 0) => ClockCommand::Version,
        (0x0a, 7) => ClockCommand::SetAndRun {
            left: (d[0], d[1], d[2]),
            right: (d[3], d[4], d[5]),
            run: match d[6] {
                1 => ClockSide::Left,
                2 => ClockSide::Right,
                _ => ClockSide::None,
            },
        },
        (0x0b, 1) => ClockCommand::Beep { duration: d[0] },
        (0x0c, 9) => ClockCommand::Ascii {
            text: d[..8].try_into().ok()?,
            beep: d[8],
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_byte_commands() {
        assert_eq!(Command::Reset.encode(), vec![0x40]);
        assert_eq!(Command::UpdateNice.encode(), vec![0x4b]);
        assert_eq!(Command::SendLongSerialNumber.encode(), vec![0x55]);
    }

    #[test]
    fn clock_wrapper_lengths() {
        assert_eq!(
            Command::Clock(ClockCommand::EndDisplay).encode(),
            vec![0x2b, 0x03, 0x03, 0x03, 0x00]
        );
        assert_eq!(
            Command::Clock(ClockCommand::Beep { duration: 8 }).encode(),
            vec![0x2b, 0x04, 0x03, 0x0b, 0x08, 0x00]
        );
        let run = Command::Clock(ClockCommand::SetAndRun {
            left: (1, 30, 0),
            right: (1, 30, 0),
            run: ClockSide::Right,
        });
        let bytes = run.encode();
        assert_eq!(bytes[1], 0x0a);
        assert_eq!(bytes.len(), 12);
        let ascii = Command::Clock(ClockCommand::Ascii {
            text: *b"DRAW?   ",
            beep: 0,
        });
        assert_eq!(ascii.encode()[1], 0x0c);
    }

    #[test]
    fn commands_round_trip() {
        let all = [
            Command::Reset,
            Command::SendClock,
            Command::SendBoard,
            Command::UpdateMode,
            Command::UpdateBoardOnly,
            Command::SendSerialNumber,
            Command::SendBusAddress,
            Command::SendTrademark,
            Command::SendEeMoves,
            Command::BusMode,
            Command::UpdateNice,
            Command::SendBatteryStatus,
            Command::SendVersion,
            Command::SendLongSerialNumber,
            Command::Clock(ClockCommand::Display {
                text: *b"abcdef",
                icons: 0,
                beep: true,
            }),
            Command::Clock(ClockCommand::EndDisplay),
            Command::Clock(ClockCommand::Version),
            Command::Clock(ClockCommand::SetAndRun {
                left: (0, 5, 0),
                right: (0, 4, 59),
                run: ClockSide::Left,
            }),
            Command::Clock(ClockCommand::Beep { duration: 3 }),
            Command::Clock(ClockCommand::Ascii {
                text: *b"12345678",
                beep: 1,
            }),
        ];
        for c in all {
            let b = c.encode();
            assert_eq!(Command::decode(&b), Some((Ok(c.clone()), b.len())), "{c:?}");
            assert_eq!(Command::decode(&b[..b.len() - 1]), None, "truncated {c:?}");
        }
        assert_eq!(Command::decode(&[0x4e]), Some((Err(0x4e), 1)));
    }
}
