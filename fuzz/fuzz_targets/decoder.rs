#![no_main]
//! Any bytes, split anywhere: the decoder never panics and accounts for every byte.
use eboardd::core::dgt::{Decoded, Decoder};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let cut = usize::from(data[0]) % data.len();
    let mut d = Decoder::new();
    let mut out = d.feed_vec(&data[..cut]);
    out.extend(d.feed_vec(&data[cut..]));
    out.extend(d.flush().map(Decoded::Garbage));
    assert!(out.len() <= data.len());
});
