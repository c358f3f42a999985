//! Capture files (format v1): what a board sent and received, with times.
//!
//! ```text
//! # eboardd capture v1
//! # comment lines: board, firmware, place, date, notes
//! <t_ms> rx <hex bytes received from the board>
//! <t_ms> tx <hex bytes sent to the board>
//! ```
//! `t_ms` is non-decreasing; hex may contain spaces; a line may hold part of a frame or
//! several frames. Parsing is pure: the caller reads the file.

use std::fmt;

/// The first line of every capture.
pub const HEADER: &str = "# eboardd capture v1";

/// Direction of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Received from the board.
    Rx,
    /// Sent to the board.
    Tx,
}

/// One line of bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub t_ms: u64,
    pub dir: Direction,
    pub bytes: Vec<u8>,
}

/// A parsed capture.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Capture {
    /// Comment lines after the header, without the leading `#`.
    pub comments: Vec<String>,
    pub records: Vec<Record>,
}

/// A malformed line (1-based line number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for CaptureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for CaptureError {}

fn parse_hex(s: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(2) {
        return Err(format!("odd number of hex digits in {s:?}"));
    }
    digits
        .chunks(2)
        .map(|p| {
            let hex = std::str::from_utf8(p).map_err(|_| format!("not hex: {s:?}"))?;
            u8::from_str_radix(hex, 16).map_err(|_| format!("not a hex byte: {hex:?}"))
        })
        .collect()
}

impl Capture {
    /// Parses capture text.
    pub fn parse(text: &str) -> Result<Capture, CaptureError> {
        let mut cap = Capture::default();
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, l)) if l.trim_end() == HEADER => {}
            Some((_, l)) => {
                return Err(CaptureError {
                    line: 1,
                    message: format!("expected {HEADER:?}, found {:?}", l.trim_end()),
                });
            }
            None => {
                return Err(CaptureError {
                    line: 1,
                    message: format!("empty file (expected {HEADER:?})"),
                });
            }
        }
        let mut last = 0u64;
        for (i, raw) in lines {
            let line = raw.trim();
            let err = |message: String| CaptureError {
                line: i + 1,
                message,
            };
            if line.is_empty() {
                continue;
            }
            if let Some(c) = line.strip_prefix('#') {
                cap.comments.push(c.trim().to_string());
                continue;
            }
            let mut parts = line.splitn(3, char::is_whitespace);
            let t = parts.next().unwrap_or_default();
            let t_ms: u64 = t
                .parse()
                .map_err(|_| err(format!("time {t:?} is not a whole number of milliseconds")))?;
            if t_ms < last {
                return Err(err(format!(
                    "time {t_ms} ms goes backwards (previous line: {last} ms)"
                )));
            }
            last = t_ms;
            let dir = match parts.next().unwrap_or_default() {
                "rx" => Direction::Rx,
                "tx" => Direction::Tx,
                other => return Err(err(format!("direction {other:?} is neither rx nor tx"))),
            };
            let bytes = parse_hex(parts.next().unwrap_or_default()).map_err(err)?;
            cap.records.push(Record { t_ms, dir, bytes });
        }
        Ok(cap)
    }

    /// Writes the capture in format v1.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(64 + self.records.len() * 24);
        s.push_str(HEADER);
        s.push('\n');
        for c in &self.comments {
            s.push_str("# ");
            s.push_str(c);
            s.push('\n');
        }
        for r in &self.records {
            s.push_str(&format_record(r));
            s.push('\n');
        }
        s
    }
}

/// One record as a capture line (no newline).
pub fn format_record(r: &Record) -> String {
    use fmt::Write;
    let mut s = format!(
        "{} {}",
        r.t_ms,
        match r.dir {
            Direction::Rx => "rx",
            Direction::Tx => "tx",
        }
    );
    for b in &r.bytes {
        let _ = write!(s, " {b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_round_trips() {
        let text =
            "# eboardd capture v1\n# board: DGT USB 12345\n\n0 tx 40\n5 rx 8e 00 05\n5 rx 0c01\n";
        let cap = Capture::parse(text).unwrap();
        assert_eq!(cap.comments, vec!["board: DGT USB 12345"]);
        assert_eq!(cap.records.len(), 3);
        assert_eq!(cap.records[2].bytes, vec![0x0c, 0x01]);
        assert_eq!(Capture::parse(&cap.to_text()).unwrap(), cap);
    }

    #[test]
    fn errors_name_the_line() {
        let bad = [
            ("hello\n", 1, "expected"),
            ("# eboardd capture v1\n10 rx 8e\n5 rx 00\n", 3, "backwards"),
            ("# eboardd capture v1\nx rx 00\n", 2, "milliseconds"),
            ("# eboardd capture v1\n1 up 00\n", 2, "direction"),
            ("# eboardd capture v1\n1 rx 0g\n", 2, "hex"),
            ("# eboardd capture v1\n1 rx 001\n", 2, "odd"),
        ];
        for (text, line, needle) in bad {
            let e = Capture::parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}");
            assert!(e.message.contains(needle), "{e}");
        }
    }
}
