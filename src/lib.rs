//! # eboardd
//!
//! A Linux daemon for DGT-style electronic chess boards. It reads what each board senses,
//! reconstructs the game move by move and tells broadcast operators and arbiters what they
//! need to know the moment it happens.
//!
//! Data flows one way: device → frames → sensed board → game tracker → rules → events →
//! outputs. Everything up to the events is the sans-IO [`core`]: it takes bytes and a
//! timestamp and returns events, so replay, tests, fuzzing, the simulator and the daemon all
//! drive the same code. The [`shell`] moves bytes between the world and the core.
//!
//! ```
//! use eboardd::core::session::{Session, SessionConfig};
//! use eboardd::core::event::EventKind;
//!
//! let mut s = Session::new(SessionConfig::default());
//! // A field update: field 52 (e2 with White at the connector) now holds a white pawn.
//! s.handle_input(1_000, &[0x8e, 0x00, 0x05, 52, 1]);
//! let e = s.poll_event().unwrap();
//! assert!(matches!(e.kind, EventKind::Field { ref square, .. } if square == "e2"));
//! ```

pub mod core;
pub mod shell;

/// The allocator of every binary built with this crate — the daemon, `replay`, the examples,
/// the benchmarks and the tests alike, so that what is measured is what runs. The tracker
/// allocates small short-lived lists by the thousand per second (lines of moves, readings,
/// events); with mimalloc instead of glibc's allocator decode + inference on occupancy boards
/// runs ≈ 2–3% faster, measured interleaved (`examples/replay_speed.rs`, docs/measurements.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
