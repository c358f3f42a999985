//! Streaming frame decoder: bytes in (split anywhere), messages and garbage reports out.
//!
//! Framing: id byte `0x80 | id`, two 7-bit length bytes (total length including the header),
//! data bytes with bit 7 clear. Any byte with bit 7 set starts a new frame, so the decoder
//! resynchronises on it; a frame it interrupts is garbage. Every run of skipped bytes is
//! reported once, as a [`Garbage`], before the next valid message or on [`Decoder::flush`].

use super::message::{Message, length_bounds};

/// A run of bytes that did not form a valid message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garbage {
    /// How many bytes were skipped.
    pub skipped: usize,
    /// What was wrong with the first of them.
    pub reason: String,
}

/// Output of the decoder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    Message(Message),
    Garbage(Garbage),
}

/// The frame decoder. Holds at most one partial frame.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    expected: usize,
    skipped: usize,
    reason: Option<String>,
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Feeds bytes; calls `out` for each complete message and each finished garbage run.
    pub fn feed(&mut self, bytes: &[u8], mut out: impl FnMut(Decoded)) {
        let mut i = 0;
        while i < bytes.len() {
            // (A whole frame at hand with nothing partial held — most reads: decoded from the
            // input where it lies, with the outcome byte-by-byte feeding gives.)
            if self.buf.is_empty()
                && let Some(len) = whole_frame(&bytes[i..])
            {
                self.frame(&bytes[i..i + len], &mut out);
                i += len;
                continue;
            }
            self.byte(bytes[i], &mut out);
            i += 1;
        }
    }

    /// Feeds bytes and collects the output.
    pub fn feed_vec(&mut self, bytes: &[u8]) -> Vec<Decoded> {
        let mut v = Vec::new();
        self.feed(bytes, |d| v.push(d));
        v
    }

    /// Bytes skipped so far in the current garbage run (not yet reported).
    pub fn pending_skipped(&self) -> usize {
        self.skipped
    }

    /// Bytes of a partial frame held.
    pub fn partial_len(&self) -> usize {
        self.buf.len()
    }

    /// Reports the garbage run so far (if any), leaving a partial frame in place. Used when the
    /// line has been quiet long enough that the run has clearly ended.
    pub fn flush_skipped(&mut self) -> Option<Garbage> {
        if self.skipped == 0 {
            return None;
        }
        let g = Garbage {
            skipped: self.skipped,
            reason: self.reason.take().unwrap_or_default(),
        };
        self.skipped = 0;
        Some(g)
    }

    /// End of input: a partial frame becomes garbage; reports everything pending.
    pub fn flush(&mut self) -> Option<Garbage> {
        if !self.buf.is_empty() {
            let n = self.buf.len();
            let id = self.buf[0];
            self.buf.clear();
            self.skip(
                n,
                format_args!("incomplete 0x{id:02x} frame at end of input"),
            );
        }
        self.flush_skipped()
    }

    fn skip(&mut self, n: usize, reason: std::fmt::Arguments<'_>) {
        if self.skipped == 0 {
            self.reason = Some(reason.to_string());
        }
        self.skipped += n;
    }

    #[inline]
    fn byte(&mut self, b: u8, out: &mut impl FnMut(Decoded)) {
        if b & 0x80 != 0 {
            if !self.buf.is_empty() {
                let (n, id) = (self.buf.len(), self.buf[0]);
                self.buf.clear();
                self.skip(
                    n,
                    format_args!("0x{id:02x} frame broken by byte 0x{b:02x} after {n} bytes"),
                );
            }
            if length_bounds(b).is_some() {
                self.buf.push(b);
            } else {
                self.skip(1, format_args!("unknown message id 0x{b:02x}"));
            }
            return;
        }
        if self.buf.is_empty() {
            self.skip(1, format_args!("byte 0x{b:02x} outside a frame"));
            return;
        }
        self.buf.push(b);
        if self.buf.len() == 3 {
            let id = self.buf[0];
            let len = (usize::from(self.buf[1]) << 7) | usize::from(self.buf[2]);
            let (max, exact) = length_bounds(id).unwrap_or((0, None));
            let ok = len >= 3 && len <= max && exact.is_none_or(|e| e == len);
            if !ok {
                self.buf.clear();
                self.skip(
                    3,
                    format_args!("impossible length {len} for message 0x{id:02x}"),
                );
                return;
            }
            self.expected = len;
        }
        if self.buf.len() >= 3 && self.buf.len() == self.expected {
            let frame = std::mem::take(&mut self.buf);
            self.frame(&frame, out);
            self.buf = frame;
            self.buf.clear();
        }
    }

    /// A complete frame of valid length, header included: its message, or garbage.
    fn frame(&mut self, frame: &[u8], out: &mut impl FnMut(Decoded)) {
        match Message::decode(frame[0], &frame[3..]) {
            Ok(m) => {
                if let Some(g) = self.flush_skipped() {
                    out(Decoded::Garbage(g));
                }
                out(Decoded::Message(m));
            }
            Err(e) => self.skip(frame.len(), format_args!("{}", e.0)),
        }
    }
}

/// The length of the frame `bytes` starts with, when all of it is there and every byte
/// `Decoder::byte` would accept: a known id, a length it allows, data bytes with bit 7 clear.
fn whole_frame(bytes: &[u8]) -> Option<usize> {
    let [id, hi, lo, ..] = *bytes else {
        return None;
    };
    if id & 0x80 == 0 || (hi | lo) & 0x80 != 0 {
        return None;
    }
    let (max, exact) = length_bounds(id)?;
    let len = (usize::from(hi) << 7) | usize::from(lo);
    let ok = len >= 3 && len <= max && exact.is_none_or(|e| e == len);
    (ok && bytes.len() >= len && bytes[3..len].iter().all(|b| b & 0x80 == 0)).then_some(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dgt::PieceCode;
    use crate::core::dgt::message::frame;

    fn field(index: u8, code: u8) -> Vec<u8> {
        frame(0x8e, &[index, code])
    }

    fn messages(d: &[Decoded]) -> Vec<&Message> {
        d.iter()
            .filter_map(|x| match x {
                Decoded::Message(m) => Some(m),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn single_field_update() {
        let mut dec = Decoder::new();
        let out = dec.feed_vec(&[0x8e, 0x00, 0x05, 12, 1]);
        assert_eq!(
            out,
            vec![Decoded::Message(Message::FieldUpdate {
                index: 12,
                piece: PieceCode::from_code(1)
            })]
        );
        assert_eq!(dec.flush(), None);
    }

    #[test]
    fn split_at_every_byte() {
        let mut stream = field(1, 2);
        stream.extend(frame(0x93, &[1, 2]));
        let mut dump = vec![0u8; 64];
        dump[0] = 8;
        stream.extend(frame(0x86, &dump));
        let whole = Decoder::new().feed_vec(&stream);
        assert_eq!(whole.len(), 3);
        let mut dec = Decoder::new();
        let mut split = Vec::new();
        for b in &stream {
            split.extend(dec.feed_vec(std::slice::from_ref(b)));
        }
        assert_eq!(whole, split);
        // Split at every possible point into two reads.
        for cut in 0..stream.len() {
            let mut dec = Decoder::new();
            let mut out = dec.feed_vec(&stream[..cut]);
            out.extend(dec.feed_vec(&stream[cut..]));
            assert_eq!(out, whole, "cut at {cut}");
        }
    }

    #[test]
    fn garbage_before_frame_is_reported_with_count() {
        let mut dec = Decoder::new();
        let mut stream = vec![0x01, 0x02, 0x03];
        stream.extend(field(4, 5));
        let out = dec.feed_vec(&stream);
        assert!(matches!(&out[0], Decoded::Garbage(g) if g.skipped == 3));
        assert_eq!(messages(&out).len(), 1);
    }

    #[test]
    fn broken_frame_resynchronises() {
        let mut dec = Decoder::new();
        // A field update cut after its header, then a valid one.
        let mut stream = vec![0x8e, 0x00, 0x05, 0x07];
        stream.extend(field(9, 3));
        let out = dec.feed_vec(&stream);
        assert_eq!(out.len(), 2);
        assert!(matches!(&out[0], Decoded::Garbage(g) if g.skipped == 4));
        assert_eq!(
            messages(&out),
            vec![&Message::FieldUpdate {
                index: 9,
                piece: PieceCode::from_code(3)
            }]
        );
    }

    #[test]
    fn impossible_lengths_rejected() {
        let mut dec = Decoder::new();
        // Field update claiming 6 bytes, dump claiming 2, trademark claiming 1000.
        let out = dec.feed_vec(&[
            0x8e, 0x00, 0x06, 1, 1, 1, 0x86, 0x00, 0x02, 0x92, 0x07, 0x68,
        ]);
        assert!(out.is_empty());
        let g = dec.flush().unwrap();
        assert_eq!(g.skipped, 12);
        assert!(g.reason.contains("impossible length 6"), "{}", g.reason);
    }

    #[test]
    fn unknown_id_and_bad_index_are_garbage() {
        let mut dec = Decoder::new();
        let mut stream = vec![0xff, 0x81];
        stream.extend(field(70, 1));
        stream.extend(field(63, 1));
        let out = dec.feed_vec(&stream);
        assert!(matches!(&out[0], Decoded::Garbage(g) if g.skipped == 7));
        assert_eq!(messages(&out).len(), 1);
    }

    #[test]
    fn incomplete_frame_at_end_is_flushed() {
        let mut dec = Decoder::new();
        assert!(dec.feed_vec(&[0x86, 0x00, 0x43, 1, 2, 3]).is_empty());
        assert_eq!(dec.flush_skipped(), None);
        assert_eq!(dec.flush().map(|g| g.skipped), Some(6));
    }

    #[test]
    fn ee_moves_long_frame() {
        let data: Vec<u8> = (0..7936u32).map(|i| (i % 0x7f) as u8).collect();
        let out = Decoder::new().feed_vec(&frame(0x8f, &data));
        assert_eq!(out, vec![Decoded::Message(Message::EeMoves(data))]);
    }
}
