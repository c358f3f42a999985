//! The DGT e-board serial protocol: framing, messages, commands and square numbering.
//!
//! Implemented from the facts in `../shared/docs/dgt-protocol.md` (collected from public
//! drivers and documentation); no DGT header or driver code is used.

pub mod codes;
pub mod decoder;
pub mod encoder;
pub mod message;
pub mod squares;

pub use codes::PieceCode;
pub use decoder::{Decoded, Decoder, Garbage};
pub use encoder::{ClockCommand, ClockSide, Command};
pub use message::{ClockSideTime, ClockTimes, Message};
pub use squares::Orientation;
