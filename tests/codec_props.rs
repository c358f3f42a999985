//! Property tests for the DGT decoder: no input panics; valid frames interleaved with garbage
//! all decode back exactly, and every garbage byte is accounted for.

use eboardd::core::dgt::{Decoded, Decoder, Message, PieceCode};
use proptest::prelude::*;

fn arb_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (0u8..64, 0u8..16).prop_map(|(index, c)| Message::FieldUpdate {
            index,
            piece: PieceCode::from_code(c)
        }),
        proptest::collection::vec(0u8..16, 64).prop_map(|v| {
            let mut f = Box::new([PieceCode::Empty; 64]);
            for (x, c) in f.iter_mut().zip(v) {
                *x = PieceCode::from_code(c);
            }
            Message::BoardDump(f)
        }),
        (0u8..128, 0u8..128).prop_map(|(major, minor)| Message::Version { major, minor }),
        "[0-9]{5}".prop_map(Message::SerialNumber),
        "[0-9]{10}".prop_map(Message::LongSerialNumber),
        "[A-Za-z0-9 .,]{1,200}"
            .prop_map(|s| Message::Trademark(s.trim_end().to_string()))
            .prop_filter(
                "non-empty",
                |m| !matches!(m, Message::Trademark(s) if s.is_empty())
            ),
        (0u16..16384).prop_map(Message::BusAddress),
        proptest::collection::vec(0u8..128, 0..40).prop_map(Message::BatteryStatus),
        proptest::collection::vec(0u8..128, 0..300).prop_map(Message::EeMoves),
    ]
}

/// Garbage that can never complete a frame on its own: after a byte with bit 7 set, a
/// non-zero length-high byte (lengths ≥ 128 need more bytes than a garbage run holds).
fn arb_garbage() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..20).prop_map(|mut v| {
        for i in 0..v.len() {
            if v[i] & 0x80 != 0 && i + 1 < v.len() && v[i + 1] == 0 {
                v[i + 1] = 1;
            }
        }
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000), cut in 0usize..2000) {
        let mut d = Decoder::new();
        let cut = cut.min(bytes.len());
        let mut n = d.feed_vec(&bytes[..cut]).len();
        n += d.feed_vec(&bytes[cut..]).len();
        let _ = d.flush();
        prop_assert!(n <= bytes.len());
    }

    /// Reads of any size decode alike: whole frames in one read take a shorter way through
    /// the decoder than frames fed a byte at a time, and must give the same messages and
    /// garbage reports (reasons included) in the same order.
    #[test]
    fn any_read_size_decodes_alike(items in proptest::collection::vec(
                                       (proptest::collection::vec(any::<u8>(), 0..12), arb_message()), 1..30),
                                   edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..8),
                                   chunk in 1usize..200) {
        let mut stream = Vec::new();
        for (g, m) in &items {
            stream.extend(g);
            stream.extend(m.encode());
        }
        // (Frames broken inside too: a byte overwritten anywhere.)
        for (at, b) in edits {
            let n = stream.len();
            stream[at % n] = b;
        }
        let mut by_byte = Decoder::new();
        let mut expected = Vec::new();
        for b in &stream {
            expected.extend(by_byte.feed_vec(std::slice::from_ref(b)));
        }
        expected.extend(by_byte.flush().map(Decoded::Garbage));
        let mut d = Decoder::new();
        let mut out = Vec::new();
        for c in stream.chunks(chunk) {
            out.extend(d.feed_vec(c));
        }
        out.extend(d.flush().map(Decoded::Garbage));
        prop_assert_eq!(&out, &expected);
        let mut whole = Decoder::new();
        let mut all = whole.feed_vec(&stream);
        all.extend(whole.flush().map(Decoded::Garbage));
        prop_assert_eq!(all, expected);
    }

    #[test]
    fn frames_survive_garbage(items in proptest::collection::vec((arb_garbage(), arb_message()), 1..30),
                              tail in arb_garbage(), chunk in 1usize..70) {
        let mut stream = Vec::new();
        let mut garbage_total = 0;
        for (g, m) in &items {
            garbage_total += g.len();
            stream.extend(g);
            stream.extend(m.encode());
        }
        garbage_total += tail.len();
        stream.extend(&tail);
        let mut d = Decoder::new();
        let mut out = Vec::new();
        for c in stream.chunks(chunk) {
            out.extend(d.feed_vec(c));
        }
        out.extend(d.flush().map(Decoded::Garbage));
        let mut msgs = Vec::new();
        let mut skipped = 0;
        for o in out {
            match o {
                Decoded::Message(m) => msgs.push(m),
                Decoded::Garbage(g) => {
                    prop_assert!(g.skipped > 0);
                    skipped += g.skipped;
                }
            }
        }
        let expected: Vec<Message> = items.into_iter().map(|(_, m)| m).collect();
        prop_assert_eq!(msgs, expected);
        prop_assert_eq!(skipped, garbage_total);
    }
}
