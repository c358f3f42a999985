//! `eboardd replay`: captures through the core in virtual time.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::core::capture::{Capture, Direction};
use crate::core::event::{Event, EventKind};
use crate::core::session::{Session, SessionConfig};

/// Why a replay failed.
#[derive(Debug)]
pub enum ReplayError {
    /// The file could not be read.
    Read(PathBuf, io::Error),
    /// A malformed line.
    Parse(PathBuf, crate::core::capture::CaptureError),
    /// Writing the output failed.
    Output(io::Error),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Read(p, e) => write!(f, "{}: cannot read capture: {e}", p.display()),
            ReplayError::Parse(p, e) => write!(f, "{}:{}: {}", p.display(), e.line, e.message),
            ReplayError::Output(e) => write!(f, "writing output: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Reads and parses a capture file.
pub fn load(path: &Path) -> Result<Capture, ReplayError> {
    let text = std::fs::read_to_string(path).map_err(|e| ReplayError::Read(path.into(), e))?;
    Capture::parse(&text).map_err(|e| ReplayError::Parse(path.into(), e))
}

/// Bounds the timeouts run after the last record, so a core bug can never hang a replay.
const MAX_TRAILING_TIMEOUTS: usize = 100_000;

/// Runs one capture through a fresh session in virtual time; calls `out` for every event.
pub fn run_capture(cap: &Capture, config: SessionConfig, mut out: impl FnMut(Event)) {
    let mut s = Session::new(config);
    let drain = |s: &mut Session, out: &mut dyn FnMut(Event)| {
        while let Some(e) = s.poll_event() {
            out(e);
        }
        while s.poll_transmit().is_some() {}
    };
    let mut last = 0;
    for r in &cap.records {
        while let Some(t) = s.poll_timeout().filter(|&t| t <= r.t_ms) {
            s.handle_timeout(t);
            drain(&mut s, &mut out);
        }
        last = r.t_ms;
        if r.dir == Direction::Rx {
            s.handle_input(r.t_ms, &r.bytes);
            drain(&mut s, &mut out);
        }
    }
    for _ in 0..MAX_TRAILING_TIMEOUTS {
        let Some(t) = s.poll_timeout() else { break };
        last = last.max(t);
        s.handle_timeout(last);
        drain(&mut s, &mut out);
    }
    s.finish(last);
    drain(&mut s, &mut out);
}

/// A simulated game, replayed as `eboardd replay` replays its capture on a board of this
/// sensing: the timing of each ply (see [`crate::core::sim::latency`]).
pub fn simulated_timings(
    game: &crate::core::sim::SimGame,
    cfg: &crate::core::sim::SimConfig,
    sensing: crate::core::session::Sensing,
) -> Vec<crate::core::sim::latency::PlyTiming> {
    simulated_timings_with(
        game,
        cfg,
        crate::core::sim::replay_config(game, cfg, sensing),
    )
}

/// [`simulated_timings`] replayed under `config` (its sensing decides how moves compare).
pub fn simulated_timings_with(
    game: &crate::core::sim::SimGame,
    cfg: &crate::core::sim::SimConfig,
    config: SessionConfig,
) -> Vec<crate::core::sim::latency::PlyTiming> {
    use crate::core::sim::{latency::ply_timings, simulate_with_script};
    let sensing = config.sensing;
    let (cap, script) = simulate_with_script(game, cfg);
    let mut events: Vec<Event> = Vec::new();
    run_capture(&cap, config, |e| events.push(e));
    ply_timings(game, &script, &events, sensing)
}

/// The game a capture replays to, as UCI moves: the moves of the last game, with every
/// takeback applied (what a broadcast shows at the end).
pub fn replay_moves(cap: &Capture, config: SessionConfig) -> Vec<String> {
    replay_moves_with(cap, config, |_| {})
}

/// [`replay_moves`], each event also given to `also` as it comes (one replay for the moves and
/// the alerts).
pub fn replay_moves_with(
    cap: &Capture,
    config: SessionConfig,
    mut also: impl FnMut(&Event),
) -> Vec<String> {
    let mut moves = Vec::new();
    run_capture(cap, config, |e| {
        also(&e);
        match e.kind {
            EventKind::NewGame { .. } => moves.clear(),
            EventKind::Move { uci, .. } => moves.push(uci),
            EventKind::Takeback { .. } => {
                moves.pop();
            }
            _ => {}
        }
    });
    moves
}

/// `eboardd replay`: prints events for each capture, JSON Lines or readable lines.
pub fn replay(paths: &[PathBuf], config: &SessionConfig, json: bool) -> Result<(), ReplayError> {
    // Load everything first: a malformed file fails the command before any output.
    let caps = paths
        .iter()
        .map(|p| load(p).map(|c| (p, c)))
        .collect::<Result<Vec<_>, _>>()?;
    let stdout = io::stdout();
    let mut w = io::BufWriter::new(stdout.lock());
    let mut err = None;
    for (path, cap) in caps {
        let tag = (paths.len() > 1).then(|| path.display().to_string());
        run_capture(&cap, config.clone(), |mut e| {
            if err.is_some() {
                return;
            }
            e.board = tag.clone();
            let line = if json { e.to_json() } else { e.to_human() };
            if let Err(x) = writeln!(w, "{line}") {
                err = Some(x);
            }
        });
    }
    if let Some(e) = err {
        return Err(ReplayError::Output(e));
    }
    w.flush().map_err(ReplayError::Output)
}
