//! The `eboardd` command.
#![allow(clippy::disallowed_methods)]

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use eboardd::core::dgt::Orientation;
use eboardd::core::session::{
    CAPTURE_SETTLE_MS, Competition, OrientationSetting, Sensing, SessionConfig,
};

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
enum CompetitionArg {
    Standard,
    Rapid,
    Blitz,
}

#[derive(Clone, Copy, ValueEnum)]
enum OrientationArg {
    Auto,
    Normal,
    Rotated,
}

#[derive(Subcommand)]
enum Cmd {
    /// See it work with no hardware: the daemon and virtual boards playing real games.
    ///
    /// Makes a working directory (configuration, socket, journal, PGN), serves virtual DGT
    /// boards on pseudo-terminals, runs the daemon on them in-process and prints what an
    /// arbiter sees (as `eboardd watch`): moves, an illegal move, a displaced piece, a
    /// threefold-repetition claim, checkmates; then a summary and the round's PGN.
    Demo {
        /// Number of virtual boards (board k plays scenario (k-1) mod 3).
        #[arg(long, default_value_t = 3)]
        boards: usize,
        /// How many times faster than real time the boards play (1 to 8).
        #[arg(long, default_value_t = eboardd::shell::demo::DEFAULT_SPEED)]
        speed: f64,
        /// Working directory (empty or absent; kept afterwards). Default: a new one in the
        /// temporary directory.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Probability of a handling pattern per move (0 = clean, 1 = always).
        #[arg(long, default_value_t = 0.3)]
        noise: f64,
        /// Seed of every random choice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
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
        /// Competition rules: penalties, and whether an uncorrected illegal move stands.
        #[arg(long, value_enum, default_value = "standard")]
        competition: CompetitionArg,
        /// A set-up position (FEN) that starts a game when the board shows it, besides the
        /// initial position (an adjourned or reinstated game).
        #[arg(long, value_name = "FEN")]
        start_fen: Option<String>,
        /// Occupancy boards: how long the board must rest before a capture it never saw (only
        /// the capturer's origin emptied) is taken for one rather than a piece in the hand.
        /// Default: 900.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(CAPTURE_SETTLE_MS))]
        capture_settle_ms: Option<u64>,
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
    /// A virtual DGT board on a pseudo-terminal playing the games of a PGN file in real time.
    Simulate {
        /// Serve the board on a new pseudo-terminal (prints its path).
        #[arg(long, required = true)]
        pty: bool,
        /// Also make this symlink to the pseudo-terminal (the `device` to configure).
        #[arg(long)]
        link: Option<PathBuf>,
        /// The serial number the board reports.
        #[arg(long, default_value = "24170")]
        serial: String,
        /// Seed of every random choice.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Probability of a handling pattern per move (0 = clean, 1 = always).
        #[arg(long, default_value_t = 0.3)]
        noise: f64,
        /// Shortest think time between moves, ms.
        #[arg(long, default_value_t = 400)]
        think_min_ms: u64,
        /// Longest think time between moves, ms.
        #[arg(long, default_value_t = 3000)]
        think_max_ms: u64,
        /// Board orientation.
        #[arg(long, value_enum, default_value = "normal")]
        orientation: SimOrientationArg,
        /// Play only this game of the file (1 = first); default: all in turn.
        #[arg(long)]
        game: Option<usize>,
        /// Exit when the games are played (default: keep answering the host).
        #[arg(long)]
        exit_when_done: bool,
        /// PGN file.
        pgn: PathBuf,
    },
    /// Check a configuration file: every error names its line and key.
    CheckConfig {
        /// The configuration file (see config/eboardd.toml).
        file: PathBuf,
    },
    /// Simulate one game of a PGN file on a virtual DGT board; write its capture to stdout.
    SimCapture {
        /// Seed of every random choice (same seed, same capture).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Probability of a handling pattern per move (0 = clean, 1 = always).
        #[arg(long, default_value_t = 0.5)]
        noise: f64,
        /// Board orientation.
        #[arg(long, value_enum, default_value = "normal")]
        orientation: SimOrientationArg,
        /// Which game of the file (1 = first).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// No clock messages.
        #[arg(long)]
        no_clock: bool,
        /// Put both kings on central squares after the game.
        #[arg(long)]
        result_signal: bool,
        /// Occasionally lose 2-3 plies of messages, then send a board dump.
        #[arg(long)]
        missed_stretches: bool,
        /// PGN file.
        pgn: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SimOrientationArg {
    Normal,
    Rotated,
}

/// A set-up position from FEN, checked to be a legal chess position.
fn parse_start(fen: &str) -> Result<shakmaty::Chess, String> {
    let f: shakmaty::fen::Fen = fen.parse().map_err(|e| format!("{fen:?}: {e}"))?;
    f.into_position(shakmaty::CastlingMode::Standard)
        .map_err(|e| format!("{fen:?}: {e}"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Demo {
            boards,
            speed,
            dir,
            noise,
            seed,
        } => {
            let o = eboardd::shell::demo::DemoOptions {
                boards,
                speed,
                dir,
                noise,
                seed,
            };
            match eboardd::shell::demo::run(&o) {
                Ok(eboardd::shell::demo::Outcome::Finished) => ExitCode::SUCCESS,
                Ok(eboardd::shell::demo::Outcome::Interrupted) => ExitCode::from(130),
                Err(e) => {
                    eprintln!("eboardd demo: {e}");
                    ExitCode::from(2)
                }
            }
        }
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
        Cmd::Simulate {
            pty: _,
            link,
            serial,
            seed,
            noise,
            think_min_ms,
            think_max_ms,
            orientation,
            game,
            exit_when_done,
            pgn,
        } => {
            let o = eboardd::shell::simulate::SimulateOptions {
                pgn,
                link,
                serial,
                seed,
                noise,
                think_ms: (think_min_ms, think_max_ms.max(think_min_ms)),
                orientation: match orientation {
                    SimOrientationArg::Normal => Orientation::Normal,
                    SimOrientationArg::Rotated => Orientation::Rotated,
                },
                game,
                exit_when_done,
            };
            match eboardd::shell::simulate::run(&o) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("eboardd simulate: {e}");
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
        Cmd::SimCapture {
            seed,
            noise,
            orientation,
            game,
            no_clock,
            result_signal,
            missed_stretches,
            pgn,
        } => {
            use std::io::Write;
            let text = match std::fs::read(&pgn) {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(e) => {
                    eprintln!("eboardd sim-capture: {}: {e}", pgn.display());
                    return ExitCode::from(2);
                }
            };
            let games = eboardd::core::sim::games_from_pgn(&text);
            let Some(g) = game.checked_sub(1).and_then(|i| games.get(i)) else {
                eprintln!(
                    "eboardd sim-capture: {}: no game {game} (the file has {} readable games)",
                    pgn.display(),
                    games.len()
                );
                return ExitCode::from(2);
            };
            if !(0.0..=1.0).contains(&noise) {
                eprintln!("eboardd sim-capture: --noise must be between 0 and 1");
                return ExitCode::from(2);
            }
            let cfg = eboardd::core::sim::SimConfig {
                seed,
                noise,
                orientation: match orientation {
                    SimOrientationArg::Normal => Orientation::Normal,
                    SimOrientationArg::Rotated => Orientation::Rotated,
                },
                clock: !no_clock,
                result_signal,
                missed_stretches,
                ..Default::default()
            };
            let cap = eboardd::core::sim::simulate(g, &cfg);
            match std::io::stdout().lock().write_all(cap.to_text().as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("eboardd sim-capture: writing output: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Cmd::Replay {
            json,
            sensing,
            orientation,
            no_frames,
            competition,
            start_fen,
            capture_settle_ms,
            captures,
        } => {
            let start = match start_fen.as_deref().map(parse_start) {
                None => None,
                Some(Ok(p)) => Some(p),
                Some(Err(e)) => {
                    eprintln!("eboardd replay: --start-fen: {e}");
                    return ExitCode::from(2);
                }
            };
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
                competition: match competition {
                    CompetitionArg::Standard => Competition::Standard,
                    CompetitionArg::Rapid => Competition::Rapid,
                    CompetitionArg::Blitz => Competition::Blitz,
                },
                start,
                capture_settle_ms,
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
