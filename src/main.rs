//! The `eboardd` command.
#![allow(clippy::disallowed_methods)]

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use eboardd::core::dgt::Orientation;
use eboardd::core::session::{OrientationSetting, Sensing, SessionConfig};

#[derive(Parser)]
#[command(
    name = "eboardd",
    version,
    about = "Electronic chess board daemon: exact games, arbiter alerts"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum SensingArg {
    Identity,
    Occupancy,
}

#[derive(Clone, Copy, ValueEnum)]
enum OrientationArg {
    Auto,
    Normal,
    Rotated,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run capture files through the core in virtual time and print the events.
    Replay {
        /// JSON Lines (the event contract, docs/events.md) instead of readable lines.
        #[arg(long)]
        json: bool,
        /// What the board senses on a square.
        #[arg(long, value_enum, default_value = "identity")]
        sensing: SensingArg,
        /// Board orientation: detected from the start position, or fixed.
        #[arg(long, value_enum, default_value = "auto")]
        orientation: OrientationArg,
        /// Leave out wire-level events (board, field, clock, clock_ack, ee_moves).
        #[arg(long)]
        no_frames: bool,
        /// Capture files (format: docs/captures.md).
        #[arg(required = true)]
        captures: Vec<PathBuf>,
    },
    /// Run the daemon: read the configured boards, stream events, write PGN and journals.
    Run {
        /// The configuration file.
        #[arg(long, short, default_value = eboardd::shell::daemon::DEFAULT_CONFIG)]
        config: PathBuf,
    },
    /// Follow a running daemon: one readable line per event, alerts highlighted.
    Watch {
        /// The daemon's socket (default: as the daemon's default, or from --config).
        #[arg(long)]
        socket: Option<PathBuf>,
        /// Take the socket path from this configuration file.
        #[arg(long, short)]
        config: Option<PathBuf>,
        /// Print the last known state of each board and exit.
        #[arg(long)]
        status: bool,
        /// Print the JSON lines as received.
        #[arg(long)]
        json: bool,
    },
    /// Check a configuration file: every error names its line and key.
    CheckConfig {
        /// The configuration file (see config/eboardd.toml).
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Run { config } => match eboardd::shell::daemon::main(Some(config)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("eboardd run: {e}");
                ExitCode::from(2)
            }
        },
        Cmd::Watch {
            socket,
            config,
            status,
            json,
        } => {
            let r = eboardd::shell::daemon::client_socket(socket, config.as_deref())
                .and_then(|s| eboardd::shell::daemon::watch::run(&s, status, json));
            match r {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("eboardd watch: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Cmd::CheckConfig { file } => match eboardd::shell::config::Config::load(&file) {
            Ok(c) => {
                println!("{}: OK ({} board entries)", file.display(), c.boards.len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("eboardd check-config: {e}");
                ExitCode::from(2)
            }
        },
        Cmd::Replay {
            json,
            sensing,
            orientation,
            no_frames,
            captures,
        } => {
            let config = SessionConfig {
                sensing: match sensing {
                    SensingArg::Identity => Sensing::Identity,
                    SensingArg::Occupancy => Sensing::Occupancy,
                },
                orientation: match orientation {
                    OrientationArg::Auto => OrientationSetting::Auto,
                    OrientationArg::Normal => OrientationSetting::Fixed(Orientation::Normal),
                    OrientationArg::Rotated => OrientationSetting::Fixed(Orientation::Rotated),
                },
                frame_events: !no_frames,
                ..SessionConfig::default()
            };
            match eboardd::shell::replay::replay(&captures, &config, json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(eboardd::shell::replay::ReplayError::Output(e))
                    if e.kind() == std::io::ErrorKind::BrokenPipe =>
                {
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("eboardd replay: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
