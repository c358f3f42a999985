//! The shell: files, terminals, serial ports and sockets around the sans-IO core.
#![allow(clippy::disallowed_methods)]

pub mod config;
pub mod daemon;
pub mod demo;
pub mod replay;
pub mod shared_data;
pub mod simulate;
