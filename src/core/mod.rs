//! The sans-IO core: bytes and a caller's timestamp in, events out. No I/O, no clock.

pub mod capture;
pub mod dgt;
pub mod event;
pub mod irregular;
pub mod link;
pub mod pgn;
pub mod rules;
pub mod session;
pub mod sim;
pub mod tracker;
