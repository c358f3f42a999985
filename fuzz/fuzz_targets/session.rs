#![no_main]
//! Any bytes with any timing through a whole board session: never panics, never hangs.
use eboardd::core::session::{Session, SessionConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut s = Session::new(SessionConfig::default());
    let mut now = 0u64;
    // Each chunk: one byte of time step (×10 ms), then up to 16 bytes of input.
    for chunk in data.chunks(17) {
        now += u64::from(chunk[0]) * 10;
        while let Some(t) = s.poll_timeout().filter(|&t| t <= now) {
            s.handle_timeout(t);
        }
        s.handle_input(now, &chunk[1..]);
        while s.poll_event().is_some() {}
        while s.poll_transmit().is_some() {}
    }
    s.finish(now);
    while s.poll_event().is_some() {}
});
