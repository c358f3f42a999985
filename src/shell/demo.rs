//! `eboardd demo`: the real daemon against virtual boards, with no hardware.
//!
//! The demo makes a working directory (configuration, socket, journal, PGN), opens one
//! pseudo-terminal per board and serves a [`VirtualBoard`] on each, playing a real game of
//! `demo/games.pgn` with a few irregularities added by hand. It runs the daemon's main loop
//! ([`daemon::run_until`]) in-process on that configuration, follows the daemon's socket as a
//! client and prints what an arbiter sees (the `eboardd watch` lines), then a summary and the
//! round's PGN.
//!
//! Board `k` (1-based) plays scenario `(k - 1) % 3`:
//!
//! 1. a miniature ending in checkmate (game end, 1-0); while Black thinks after 6. Qf3 a
//!    sleeve knocks the bishop from c4 to b5, where it lies [`DISPLACED_HOLD_MS`] before it is
//!    put back (7.4: `displaced`, then `restored`);
//! 2. Kramnik – Lautier, Dortmund 1995: the bishop shuffles of moves 19–23 make a draw by
//!    threefold repetition claimable (9.2: `claim`);
//! 3. a miniature ending in checkmate; after 9. Qxc6+ Black first moves his king into the
//!    check (e8–d7) and presses the clock (7.5.1: `illegal_move`), then puts it back and plays
//!    the game's move.
//!
//! # Time
//!
//! The virtual boards run `speed` times faster than real time: hands, sensor scans and the
//! clock. The daemon runs in real time with its normal settings (settle time 250 ms), so the
//! boards' think times are long enough in virtual time ([`THINK_MS`]) that at the highest speed
//! ([`MAX_SPEED`]) every position still rests longer than the settle time, and the inserted
//! holds are given in real time (the daemon's Article 7 timers are real). Handling noise is
//! limited to patterns that keep their meaning when accelerated (no rook-first castling, no
//! early replies).

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use shakmaty::{Chess, Color, Piece, Position, Square};

use super::config::Config;
use super::daemon;
use super::daemon::watch::{ALERTS, colour, human_line};
use crate::core::dgt::Orientation;
use crate::core::sim::board::UpdateMode;
use crate::core::sim::{
    Action, ActionKind, Pattern, Script, Side, SimConfig, SimGame, VirtualBoard, games_from_pgn,
    physical_actions,
};

/// The demo's games (real games; provenance in demo/README.md).
pub const GAMES: &str = include_str!("../../demo/games.pgn");
/// Default speed: the virtual boards run this many times faster than real time.
pub const DEFAULT_SPEED: f64 = 4.0;
/// Highest speed at which every position still rests longer than the daemon's settle time.
pub const MAX_SPEED: f64 = 8.0;
/// Think time range of the virtual players, in virtual ms (at [`MAX_SPEED`] the shortest is
/// 300 ms of real time, more than the daemon's 250 ms settle time).
pub const THINK_MS: (u64, u64) = (2_400, 4_400);
/// How long (real ms) the knocked bishop lies on its wrong square: longer than the 2 s after
/// which the daemon reports displaced pieces.
pub const DISPLACED_HOLD_MS: u64 = 3_000;
/// How long (real ms) the illegal king move stays on the board after the clock press that
/// completes it.
pub const ILLEGAL_HOLD_MS: u64 = 1_500;
/// Rest (real ms) after an irregularity is corrected, before play goes on.
const RECOVER_MS: u64 = 1_200;
/// Real ms between a board's handshake and its first move.
const LEAD_IN_MS: u64 = 1_000;
/// Real ms the demo keeps following the daemon after the last board finished.
const GRACE_MS: u64 = 1_500;
/// Most boards.
pub const MAX_BOARDS: usize = 32;

/// Handling patterns of the demo (see the module docs).
const PATTERNS: [Pattern; 9] = [
    Pattern::CaptureVictimFirst,
    Pattern::CaptureCapturerFirst,
    Pattern::CaptureSwapInScan,
    Pattern::CastleKingFirst,
    Pattern::CastleBoth,
    Pattern::EnPassantVictimBefore,
    Pattern::EnPassantVictimAfter,
    Pattern::PromotionDirect,
    Pattern::Slide,
];

/// What to run.
#[derive(Debug, Clone)]
pub struct DemoOptions {
    /// Number of virtual boards (1 to [`MAX_BOARDS`]).
    pub boards: usize,
    /// Virtual time per real time (1 to [`MAX_SPEED`]).
    pub speed: f64,
    /// The working directory (must be empty or absent); default: a new one in the temporary
    /// directory. It is kept, to look at afterwards.
    pub dir: Option<PathBuf>,
    /// Probability of a handling pattern per move.
    pub noise: f64,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for DemoOptions {
    fn default() -> Self {
        DemoOptions {
            boards: 3,
            speed: DEFAULT_SPEED,
            dir: None,
            noise: 0.3,
            seed: 1,
        }
    }
}

/// How the demo ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every board played its game.
    Finished,
    /// Stopped by SIGINT/SIGTERM before the end.
    Interrupted,
}

/// One board's part: the game and the physical script it plays.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub game: SimGame,
    pub script: Script,
    pub cfg: SimConfig,
    /// Where the script starts (virtual ms): the sensor is phased to it.
    pub origin_ms: u64,
    /// One line saying what happens.
    pub summary: String,
}

/// Real ms as virtual ms.
fn virt(real_ms: u64, speed: f64) -> u64 {
    (real_ms as f64 * speed).round() as u64
}

fn position_after(game: &SimGame, plies: usize) -> Chess {
    let mut p = game.start.clone();
    for &m in game.moves.iter().take(plies) {
        p.play_unchecked(m);
    }
    p
}

fn set(t_ms: u64, square: Square, piece: Option<Piece>) -> Action {
    Action {
        t_ms,
        kind: ActionKind::Set { square, piece },
    }
}

/// While the opponent of ply `ply`'s mover is to move, a piece of the mover's is knocked from
/// `from` onto the empty `to`, lies there `DISPLACED_HOLD_MS` (real) and is put back.
pub fn add_displaced(
    s: &mut Scenario,
    ply: usize,
    from: Square,
    to: Square,
    speed: f64,
) -> Result<(), String> {
    let pos = position_after(&s.game, ply + 1);
    let piece = pos
        .board()
        .piece_at(from)
        .filter(|p| p.color != pos.turn())
        .ok_or_else(|| format!("displaced: no piece of the side not to move on {from}"))?;
    if pos.board().piece_at(to).is_some() {
        return Err(format!("displaced: {to} is not empty"));
    }
    let at = s
        .script
        .after_move_ms(ply)
        .ok_or_else(|| format!("displaced: the game has no ply {ply}"))?;
    let knock = virt(500, speed);
    let back = knock + 40 + virt(DISPLACED_HOLD_MS, speed);
    let inserted = [
        set(knock, from, None),
        set(knock + 40, to, Some(piece)),
        set(back, to, None),
        set(back + 300, from, Some(piece)),
    ];
    s.script
        .splice(at, back + 300 + virt(RECOVER_MS, speed), &inserted);
    Ok(())
}

/// Before ply `ply`, its mover first moves the piece on `from` to the empty `to` (an illegal
/// move), presses the clock, leaves it `ILLEGAL_HOLD_MS` (real) and takes it back; then the
/// game's move follows.
pub fn add_illegal(
    s: &mut Scenario,
    ply: usize,
    from: Square,
    to: Square,
    speed: f64,
) -> Result<(), String> {
    let pos = position_after(&s.game, ply);
    let mover = pos.turn();
    let piece = pos
        .board()
        .piece_at(from)
        .filter(|p| p.color == mover)
        .ok_or_else(|| format!("illegal move: no piece of the side to move on {from}"))?;
    if pos.board().piece_at(to).is_some() {
        return Err(format!("illegal move: {to} is not empty"));
    }
    if pos
        .legal_moves()
        .iter()
        .any(|m| m.from() == Some(from) && m.to() == to)
    {
        return Err(format!("illegal move: {from}-{to} is legal"));
    }
    let at = match ply.checked_sub(1) {
        Some(p) => s.script.after_move_ms(p),
        None => s.script.actions.first().map(|a| a.t_ms + 1),
    }
    .ok_or_else(|| format!("illegal move: the game has no ply {ply}"))?;
    let side = if (mover == Color::White) == s.cfg.white_clock_left {
        Side::Left
    } else {
        Side::Right
    };
    let lift = virt(600, speed);
    let press = lift + 300 + 400;
    let back = press + virt(ILLEGAL_HOLD_MS, speed);
    let mut inserted = vec![set(lift, from, None), set(lift + 300, to, Some(piece))];
    if s.cfg.clock {
        inserted.push(Action {
            t_ms: press,
            kind: ActionKind::ClockPress { side },
        });
    }
    inserted.push(set(back, to, None));
    inserted.push(set(back + 300, from, Some(piece)));
    s.script
        .splice(at, back + 300 + virt(RECOVER_MS, speed), &inserted);
    Ok(())
}

fn game_name(g: &SimGame) -> String {
    format!(
        "{} - {}",
        g.header("White").unwrap_or("?"),
        g.header("Black").unwrap_or("?")
    )
}

/// The demo's games, checked.
pub fn demo_games() -> Result<Vec<SimGame>, String> {
    let games = games_from_pgn(GAMES);
    let plies: Vec<usize> = games.iter().map(|g| g.moves.len()).collect();
    if plies != [17, 45, 21] {
        return Err(format!(
            "demo/games.pgn: expected 3 games of 17, 45 and 21 plies, read {plies:?}"
        ));
    }
    Ok(games)
}

/// The scenario of board `index` (0-based), its script planned from `origin_ms` (virtual).
pub fn scenario(
    index: usize,
    games: &[SimGame],
    o: &DemoOptions,
    origin_ms: u64,
) -> Result<Scenario, String> {
    let kind = index % 3;
    let game = games
        .get(kind)
        .cloned()
        .ok_or_else(|| format!("no demo game {}", kind + 1))?;
    let cfg = SimConfig {
        seed: o.seed.wrapping_add(index as u64),
        orientation: Orientation::Normal,
        noise: o.noise,
        think_ms: THINK_MS,
        clock: true,
        patterns: PATTERNS.to_vec(),
        serial: format!("{}", 24_171 + index),
        ..SimConfig::default()
    };
    let script = physical_actions(&game, &cfg, origin_ms);
    let name = game_name(&game);
    let mut s = Scenario {
        game,
        script,
        cfg,
        origin_ms,
        summary: String::new(),
    };
    let sq = |name: &str| name.parse::<Square>().map_err(|e| format!("{name}: {e}"));
    match kind {
        0 => {
            // After 6. Qf3 (ply index 10) the bishop on c4 is knocked onto b5.
            add_displaced(&mut s, 10, sq("c4")?, sq("b5")?, o.speed)?;
            s.summary = format!("{name}: a bishop knocked off its square, then checkmate");
        }
        1 => s.summary = format!("{name}: a threefold repetition (a draw to claim)"),
        _ => {
            // 9. Qxc6+ (ply index 16); Black first moves his king into the check: Kd7.
            add_illegal(&mut s, 17, sq("e8")?, sq("d7")?, o.speed)?;
            s.summary = format!("{name}: an illegal king move, then checkmate");
        }
    }
    Ok(s)
}

/// TOML string literal.
fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The daemon configuration of the demo.
pub fn config_text(dir: &Path, boards: &[(PathBuf, &SimGame)]) -> String {
    let p = |sub: &str| toml_str(&dir.join(sub).display().to_string());
    let mut t = format!(
        "# Written by `eboardd demo`.\n[daemon]\nsocket = {}\nstate-directory = {}\n\
         pgn-directory = {}\nsettle-ms = 250\nlog-level = \"warn\"\n\n\
         [event]\nevent = \"eboardd demo\"\nsite = \"virtual boards\"\nround = 1\n\n\
         [rules]\ncompetition = \"standard\"\n",
        p("eboardd.sock"),
        p("state"),
        p("pgn")
    );
    for (i, (device, game)) in boards.iter().enumerate() {
        t.push_str(&format!(
            "\n[[board]]\nname = \"board-{n}\"\ndevice = {}\nwhite = {}\nblack = {}\nnumber = {n}\n",
            toml_str(&device.display().to_string()),
            toml_str(game.header("White").unwrap_or("?")),
            toml_str(game.header("Black").unwrap_or("?")),
            n = i + 1
        ));
    }
    t
}

/// A virtual board on a pseudo-terminal.
struct PtyBoard {
    vb: VirtualBoard,
    master: File,
    /// Kept open so the master never sees a hang-up.
    _slave: OwnedFd,
    tty: PathBuf,
    scenario: Option<Scenario>,
    state: BoardState,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BoardState {
    /// Waiting for the daemon's handshake.
    Waiting,
    Playing,
    Done,
}

fn open_pty() -> Result<(File, OwnedFd, PathBuf), String> {
    use nix::sys::termios::{SetArg, cfmakeraw, tcgetattr, tcsetattr};
    let pty = nix::pty::openpty(None, None).map_err(|e| format!("openpty: {e}"))?;
    let mut t = tcgetattr(pty.slave.as_fd()).map_err(|e| format!("tcgetattr: {e}"))?;
    cfmakeraw(&mut t);
    tcsetattr(pty.slave.as_fd(), SetArg::TCSANOW, &t).map_err(|e| format!("tcsetattr: {e}"))?;
    let tty = nix::unistd::ttyname(pty.slave.as_fd()).map_err(|e| format!("ttyname: {e}"))?;
    Ok((File::from(pty.master), pty.slave, tty))
}

/// What the board driver tells the client loop.
enum BoardNews {
    Started,
    Done,
}

/// Serves every board until `stop`: answers the daemon, starts each game once the daemon's
/// handshake put the board in an update mode, reports when each script is played. Returns the
/// boards (their ptys stay open until the daemon has stopped).
fn drive(
    mut boards: Vec<PtyBoard>,
    games: Vec<SimGame>,
    o: DemoOptions,
    stop: Arc<AtomicBool>,
    news: tokio::sync::mpsc::UnboundedSender<BoardNews>,
) -> Vec<PtyBoard> {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    let start = Instant::now();
    let speed = o.speed;
    let now = || (start.elapsed().as_secs_f64() * 1000.0 * speed) as u64;
    let mut buf = [0u8; 512];
    while !stop.load(Ordering::SeqCst) {
        let t = now();
        for (i, b) in boards.iter_mut().enumerate() {
            b.vb.handle_timeout(t);
            while let Some(out) = b.vb.poll_output() {
                if let Err(e) = b.master.write_all(&out) {
                    tracing::warn!("board-{}: writing to the pty: {e}", i + 1);
                }
            }
            match b.state {
                BoardState::Waiting if b.vb.mode() != UpdateMode::Idle => {
                    let origin = t + virt(LEAD_IN_MS, speed);
                    match scenario(i, &games, &o, origin) {
                        Ok(s) => {
                            b.vb.play_script(&s.script, s.cfg.seed, s.origin_ms);
                            b.scenario = Some(s);
                            b.state = BoardState::Playing;
                            let _ = news.send(BoardNews::Started);
                        }
                        Err(e) => {
                            // Checked before the boards were opened: cannot happen.
                            tracing::error!("board-{}: {e}", i + 1);
                            b.state = BoardState::Done;
                            let _ = news.send(BoardNews::Done);
                        }
                    }
                }
                BoardState::Playing if !b.vb.script_pending() => {
                    b.state = BoardState::Done;
                    let _ = news.send(BoardNews::Done);
                }
                _ => {}
            }
        }
        let t = now();
        let wait_virtual = boards
            .iter()
            .filter_map(|b| b.vb.poll_timeout())
            .min()
            .map_or(u64::MAX, |w| w.saturating_sub(t));
        let wait_ms = ((wait_virtual as f64 / speed).ceil() as u64).min(50) as u16;
        let mut fds: Vec<PollFd> = boards
            .iter()
            .map(|b| PollFd::new(b.master.as_fd(), PollFlags::POLLIN))
            .collect();
        let ready = poll(&mut fds, PollTimeout::from(wait_ms)).unwrap_or(0);
        if ready <= 0 {
            continue;
        }
        let readable: Vec<bool> = fds
            .iter()
            .map(|f| {
                f.revents()
                    .is_some_and(|r| r.intersects(PollFlags::POLLIN | PollFlags::POLLHUP))
            })
            .collect();
        drop(fds);
        for (b, r) in boards.iter_mut().zip(readable) {
            if !r {
                continue;
            }
            match b.master.read(&mut buf) {
                Ok(n) if n > 0 => b.vb.handle_host(now(), &buf[..n]),
                // No reader on the slave side yet (EIO): wait a little.
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }
    boards
}

/// What the client saw of one board.
#[derive(Debug, Default, Clone)]
struct Seen {
    plies: u64,
    result: Option<String>,
    alerts: Vec<(String, usize)>,
}

fn count(list: &mut Vec<(String, usize)>, name: &str) {
    match list.iter_mut().find(|(n, _)| n == name) {
        Some((_, c)) => *c += 1,
        None => list.push((name.to_string(), 1)),
    }
}

fn out(s: &str) {
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{s}");
    let _ = o.flush();
}

/// A fresh working directory.
fn working_dir(o: &DemoOptions) -> Result<PathBuf, String> {
    if let Some(d) = &o.dir {
        if d.exists() {
            let empty = std::fs::read_dir(d)
                .map_err(|e| format!("{}: {e}", d.display()))?
                .next()
                .is_none();
            if !empty {
                return Err(format!(
                    "{}: not empty (the demo needs a fresh directory)",
                    d.display()
                ));
            }
        }
        std::fs::create_dir_all(d).map_err(|e| format!("{}: cannot create: {e}", d.display()))?;
        return Ok(d.clone());
    }
    let base = std::env::temp_dir();
    for k in 0..100 {
        let d = base.join(format!("eboardd-demo-{}-{k}", std::process::id()));
        match std::fs::create_dir(&d) {
            Ok(()) => return Ok(d),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: cannot create: {e}", d.display())),
        }
    }
    Err(format!(
        "cannot make a working directory in {}",
        base.display()
    ))
}

/// Runs the demo. Errors: bad options, or what stops the daemon from starting.
pub fn run(o: &DemoOptions) -> Result<Outcome, String> {
    if !(1..=MAX_BOARDS).contains(&o.boards) {
        return Err(format!("--boards must be between 1 and {MAX_BOARDS}"));
    }
    if !(o.speed.is_finite() && (1.0..=MAX_SPEED).contains(&o.speed)) {
        return Err(format!("--speed must be between 1 and {MAX_SPEED}"));
    }
    if !(0.0..=1.0).contains(&o.noise) {
        return Err("--noise must be between 0 and 1".into());
    }
    let games = demo_games()?;
    let mut plans = Vec::new();
    for i in 0..o.boards {
        plans.push(scenario(i, &games, o, 0)?);
    }
    let dir = working_dir(o)?;
    let links = dir.join("boards");
    std::fs::create_dir_all(&links).map_err(|e| format!("{}: {e}", links.display()))?;
    let mut boards = Vec::new();
    let mut devices = Vec::new();
    for (i, plan) in plans.iter().enumerate() {
        let (master, slave, tty) = open_pty()?;
        let link = links.join(format!("board-{}", i + 1));
        std::os::unix::fs::symlink(&tty, &link).map_err(|e| format!("{}: {e}", link.display()))?;
        let mut vb = VirtualBoard::with_seed(&plan.cfg.serial, Orientation::Normal, plan.cfg.seed);
        vb.set_position(plan.game.start.board());
        boards.push(PtyBoard {
            vb,
            master,
            _slave: slave,
            tty,
            scenario: None,
            state: BoardState::Waiting,
        });
        devices.push((link, &plan.game));
    }
    let config_path = dir.join("eboardd.toml");
    std::fs::write(&config_path, config_text(&dir, &devices))
        .map_err(|e| format!("{}: {e}", config_path.display()))?;
    let config = Config::load(&config_path)?;
    let paths = super::config::Paths::from_env(&config.daemon);
    let round_dir = paths.pgn_directory.join("round-1");

    out(&format!(
        "eboardd demo: the daemon and {} virtual DGT board(s) at {}x real time; Ctrl-C stops it",
        o.boards, o.speed
    ));
    out(&format!("  working directory  {}", dir.display()));
    out(&format!("  configuration      {}", config_path.display()));
    out(&format!("  socket             {}", paths.socket.display()));
    out(&format!(
        "  journal            {}",
        paths.state_directory.join("journal").display()
    ));
    out(&format!("  PGN                {}", round_dir.display()));
    for (i, (b, plan)) in boards.iter().zip(&plans).enumerate() {
        out(&format!(
            "  board-{:<2}  {} ({})",
            i + 1,
            plan.summary,
            b.tty.display()
        ));
    }
    out("");
    out("What the arbiter sees (as `eboardd watch`):");

    daemon::init_logging(config.daemon.log_level.as_str());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let started = Instant::now();
    let (outcome, seen) = rt.block_on(follow(
        config_path.clone(),
        config,
        paths.socket.clone(),
        boards,
        games,
        o,
    ))?;
    drop(rt);

    let names: Vec<String> = (1..=o.boards).map(|i| format!("board-{i}")).collect();
    out("");
    out(&format!(
        "Summary{} after {:.1} s: {} board(s), {} move(s)",
        if outcome == Outcome::Interrupted {
            " (interrupted)"
        } else {
            ""
        },
        started.elapsed().as_secs_f64(),
        o.boards,
        names
            .iter()
            .map(|n| seen
                .iter()
                .find(|(b, _)| b == n)
                .map_or(0, |(_, s)| s.plies))
            .sum::<u64>()
    ));
    let mut total: Vec<(String, usize)> = Vec::new();
    for (n, plan) in names.iter().zip(&plans) {
        let s = seen
            .iter()
            .find(|(b, _)| b == n)
            .map(|(_, s)| s.clone())
            .unwrap_or_default();
        let alerts: Vec<String> = s.alerts.iter().map(|(a, c)| format!("{a} {c}")).collect();
        for (a, c) in &s.alerts {
            for _ in 0..*c {
                count(&mut total, a);
            }
        }
        out(&format!(
            "  {n:<9} {:<36} {:>3} plies  result {:<7}  alerts: {}",
            game_name(&plan.game),
            s.plies,
            s.result.as_deref().unwrap_or("*"),
            if alerts.is_empty() {
                "none".to_string()
            } else {
                alerts.join(", ")
            }
        ));
    }
    let total: Vec<String> = ALERTS
        .iter()
        .map(|a| {
            let c = total.iter().find(|(n, _)| n == a).map_or(0, |(_, c)| *c);
            format!("{a} {c}")
        })
        .collect();
    out(&format!("  alerts seen: {}", total.join(", ")));
    let pgn = round_dir.join("games.pgn");
    match std::fs::read_to_string(&pgn) {
        Ok(text) => {
            out(&format!("PGN of the round: {}", pgn.display()));
            out("");
            out(text.trim_end());
        }
        Err(e) => out(&format!("PGN of the round: {}: {e}", pgn.display())),
    }
    out("");
    out(&format!(
        "The configuration, the journal and the PGN files stay in {}.",
        dir.display()
    ));
    Ok(outcome)
}

type SeenBoards = Vec<(String, Seen)>;

/// Runs the daemon, the boards and the client until the games are played (or a signal).
async fn follow(
    config_path: PathBuf,
    config: Config,
    socket: PathBuf,
    boards: Vec<PtyBoard>,
    games: Vec<SimGame>,
    o: &DemoOptions,
) -> Result<(Outcome, SeenBoards), String> {
    use tokio::io::{AsyncBufReadExt, BufReader};
    let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
    let mut daemon = tokio::spawn(daemon::run_until(config_path, config, async move {
        let _ = shutdown_rx.await;
    }));
    // Connect once the daemon listens.
    let connect_by = Instant::now() + Duration::from_secs(10);
    let stream = loop {
        if daemon.is_finished() {
            return match daemon.await {
                Ok(Err(e)) => Err(e),
                _ => Err("the daemon stopped at start".into()),
            };
        }
        match tokio::net::UnixStream::connect(&socket).await {
            Ok(s) => break s,
            Err(e) if Instant::now() > connect_by => {
                return Err(format!("{}: cannot connect: {e}", socket.display()));
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    let mut lines = BufReader::new(stream).lines();
    match lines.next_line().await {
        Ok(Some(l)) if l.contains("\"hello\"") => {}
        other => return Err(format!("no hello from the daemon: {other:?}")),
    }

    let n = boards.len();
    let stop = Arc::new(AtomicBool::new(false));
    let (news_tx, mut news) = tokio::sync::mpsc::unbounded_channel();
    let driver = {
        let (stop, o) = (stop.clone(), o.clone());
        std::thread::spawn(move || drive(boards, games, o, stop, news_tx))
    };

    let tty = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let mut seen: SeenBoards = Vec::new();
    let (mut started, mut done) = (0usize, 0usize);
    let start_by = tokio::time::Instant::now() + Duration::from_secs(20);
    let mut finish_at: Option<tokio::time::Instant> = None;
    let far = tokio::time::Instant::now() + Duration::from_secs(365 * 24 * 3600);
    let mut outcome = Outcome::Finished;
    let mut daemon_result = None;
    loop {
        tokio::select! {
            l = lines.next_line() => match l {
                Ok(Some(line)) => {
                    let Ok(v) = serde_json::from_str::<Value>(&line) else { continue };
                    note(&mut seen, &v);
                    let text = human_line(&v);
                    match colour(&v).filter(|_| tty) {
                        Some(c) => out(&format!("{c}{text}\x1b[0m")),
                        None => out(&text),
                    }
                }
                _ => {
                    out("the daemon closed the socket");
                    outcome = Outcome::Interrupted;
                    break;
                }
            },
            Some(m) = news.recv() => match m {
                BoardNews::Started => started += 1,
                BoardNews::Done => {
                    done += 1;
                    if done == n {
                        finish_at = Some(tokio::time::Instant::now() + Duration::from_millis(GRACE_MS));
                    }
                }
            },
            () = tokio::time::sleep_until(finish_at.unwrap_or(far)) => break,
            () = tokio::time::sleep_until(start_by), if started < n => {
                out(&format!("only {started} of {n} boards were started by the daemon within 20 s"));
                outcome = Outcome::Interrupted;
                break;
            }
            r = &mut daemon => {
                // SIGINT or SIGTERM: the daemon stopped by itself.
                daemon_result = Some(r);
                outcome = Outcome::Interrupted;
                break;
            }
        }
    }
    stop.store(true, Ordering::SeqCst);
    let boards = tokio::task::spawn_blocking(move || driver.join())
        .await
        .ok()
        .and_then(Result::ok);
    let r = match daemon_result {
        Some(r) => r,
        None => {
            let _ = shutdown_tx.send(());
            match tokio::time::timeout(Duration::from_secs(10), daemon).await {
                Ok(r) => r,
                Err(_) => return Err("the daemon did not stop within 10 s".into()),
            }
        }
    };
    // The boards' ptys close only now that the daemon has let go of them.
    drop(boards);
    match r {
        Ok(Ok(())) => Ok((outcome, seen)),
        Ok(Err(e)) => Err(e),
        Err(e) => Err(format!("the daemon failed: {e}")),
    }
}

/// Updates what was seen of a board with one event.
fn note(seen: &mut SeenBoards, v: &Value) {
    let Some(board) = v.get("board").and_then(Value::as_str) else {
        return;
    };
    let i = match seen.iter().position(|(b, _)| b == board) {
        Some(i) => i,
        None => {
            seen.push((board.to_string(), Seen::default()));
            seen.len() - 1
        }
    };
    let s = &mut seen[i].1;
    let name = v.get("event").and_then(Value::as_str).unwrap_or("");
    let ply = v.get("ply").and_then(Value::as_u64);
    match name {
        "move" => s.plies = ply.unwrap_or(s.plies + 1),
        "takeback" => s.plies = ply.map_or(s.plies.saturating_sub(1), |p| p.saturating_sub(1)),
        "new_game" => {
            s.plies = 0;
            s.result = None;
        }
        _ => {}
    }
    if name == "game_end" {
        s.result = v.get("result").and_then(Value::as_str).map(str::to_string);
    }
    if ALERTS.contains(&name) {
        count(&mut s.alerts, name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    fn opts() -> DemoOptions {
        DemoOptions::default()
    }

    /// Plays a script's square changes on a board.
    fn board_at(s: &Scenario, until_ms: u64) -> shakmaty::Board {
        let mut b = s.game.start.board().clone();
        for a in s.script.actions.iter().filter(|a| a.t_ms <= until_ms) {
            if let ActionKind::Set { square, piece } = a.kind {
                match piece {
                    Some(p) => b.set_piece_at(square, p),
                    None => {
                        b.discard_piece_at(square);
                    }
                }
            }
        }
        b
    }

    /// Plays a scenario through a virtual board and a session in virtual time (speed 1: the
    /// session's timers and the board's agree), returning the events.
    fn chain(s: &Scenario) -> Vec<crate::core::event::Event> {
        use crate::core::session::{Session, SessionConfig};
        let mut vb = VirtualBoard::with_seed(&s.cfg.serial, Orientation::Normal, s.cfg.seed);
        let mut session = Session::new(SessionConfig {
            frame_events: std::env::var_os("DEMO_FRAMES").is_some(),
            settle_ms: 250,
            ..SessionConfig::default()
        });
        let mut events = Vec::new();
        let mut t = 0;
        let pump = |vb: &mut VirtualBoard, session: &mut Session, t: u64| {
            vb.handle_timeout(t);
            while let Some(b) = vb.poll_output() {
                session.handle_input(t, &b);
            }
            session.handle_timeout(t);
            while let Some(tx) = session.poll_transmit() {
                vb.handle_host(t, &tx);
            }
        };
        let end = s.script.end_ms + 5_000;
        let mut started = false;
        vb.handle_host(0, &crate::core::sim::HANDSHAKE);
        while t < end {
            pump(&mut vb, &mut session, t);
            while let Some(e) = session.poll_event() {
                events.push(e);
            }
            if !started && vb.mode() != UpdateMode::Idle {
                assert!(t < s.origin_ms, "handshake done by {t}");
                vb.play_script(&s.script, s.cfg.seed, s.origin_ms);
                started = true;
            }
            t += 1;
        }
        assert!(started);
        events
    }

    #[test]
    fn the_games_are_the_real_ones() {
        let g = demo_games().unwrap();
        let last = |g: &SimGame| {
            let mut p = g.start.clone();
            let n = g.moves.len();
            for &m in &g.moves[..n - 1] {
                p.play_unchecked(m);
            }
            shakmaty::san::SanPlus::from_move(p, g.moves[n - 1]).to_string()
        };
        assert_eq!(last(&g[0]), "Qxf7#");
        assert_eq!(last(&g[1]), "Bd2");
        assert_eq!(last(&g[2]), "Qe8#");
        assert!(g[0].final_position().is_checkmate());
        assert!(g[2].final_position().is_checkmate());
    }

    #[test]
    fn the_displaced_bishop_lies_long_enough_then_the_game_goes_on() {
        let g = demo_games().unwrap();
        let o = opts();
        let s = scenario(0, &g, &o, 1_000).unwrap();
        let plain = physical_actions(&s.game, &s.cfg, 1_000);
        // The bishop leaves c4 and appears on b5 while Black is to move after 6. Qf3.
        let done = s.script.move_done_ms(10).unwrap();
        let knocked = s
            .script
            .actions
            .iter()
            .find(|a| {
                a.t_ms > done
                    && a.kind
                        == ActionKind::Set {
                            square: Square::B5,
                            piece: Some(Piece {
                                color: Color::White,
                                role: Role::Bishop,
                            }),
                        }
            })
            .unwrap()
            .t_ms;
        let back = s
            .script
            .actions
            .iter()
            .find(|a| {
                a.t_ms > knocked
                    && a.kind
                        == ActionKind::Set {
                            square: Square::B5,
                            piece: None,
                        }
            })
            .unwrap()
            .t_ms;
        assert!(back - knocked >= virt(DISPLACED_HOLD_MS, o.speed));
        assert!(knocked < s.script.move_done_ms(11).unwrap());
        // Before and after: the game's positions, and every ply still completes.
        assert_eq!(
            board_at(&s, knocked - 41),
            *position_after(&s.game, 11).board()
        );
        for ply in 0..s.game.moves.len() {
            let t = s.script.move_done_ms(ply).unwrap();
            assert_eq!(
                board_at(&s, t),
                *position_after(&s.game, ply + 1).board(),
                "ply {ply}"
            );
        }
        // The script is the plain one with a pause.
        assert_eq!(
            s.script.actions.len(),
            plain.actions.len() + 4,
            "four square changes added"
        );
    }

    #[test]
    fn the_illegal_king_move_is_pressed_then_taken_back() {
        let g = demo_games().unwrap();
        let o = opts();
        let s = scenario(2, &g, &o, 1_000).unwrap();
        let after_check = s.script.move_done_ms(16).unwrap();
        let i = s
            .script
            .actions
            .iter()
            .position(|a| {
                a.t_ms > after_check
                    && matches!(
                        a.kind,
                        ActionKind::Set {
                            square: Square::D7,
                            piece: Some(_)
                        }
                    )
            })
            .unwrap();
        let on_d7 = s.script.actions[i].t_ms;
        let b = board_at(&s, on_d7);
        let pos = position_after(&s.game, 17);
        // Only the king moved: e8 -> d7, into the queen's check.
        let diff = crate::core::irregular::classify(&pos, &b);
        assert!(
            matches!(
                diff,
                crate::core::irregular::Shape::MoveAttempt {
                    from: Square::E8,
                    to: Square::D7,
                    ..
                }
            ),
            "{diff:?}"
        );
        // Black presses (the clock's right side), then the king goes back before Kd8.
        let next: Vec<&ActionKind> = s.script.actions[i + 1..]
            .iter()
            .map(|a| &a.kind)
            .take(3)
            .collect();
        assert_eq!(next[0], &ActionKind::ClockPress { side: Side::Right });
        assert!(matches!(
            next[1],
            ActionKind::Set {
                square: Square::D7,
                piece: None
            }
        ));
        assert!(matches!(
            next[2],
            ActionKind::Set {
                square: Square::E8,
                piece: Some(_)
            }
        ));
        let t = s.script.move_done_ms(17).unwrap();
        assert_eq!(board_at(&s, t), *position_after(&s.game, 18).board());
    }

    #[test]
    fn every_scenario_gives_its_events() {
        let g = demo_games().unwrap();
        let o = DemoOptions {
            speed: 1.0,
            ..opts()
        };
        // What each board must show, in order, besides its moves.
        let expected: [&[&str]; 3] = [
            &["new_game", "displaced", "restored", "game_end"],
            &["new_game", "claim", "claim"],
            &["new_game", "illegal_move", "restored", "game_end"],
        ];
        for (i, want) in expected.iter().enumerate() {
            let s = scenario(i, &g, &o, 2_000).unwrap();
            let ev = chain(&s);
            let lines: Vec<String> = ev.iter().map(|e| e.to_human()).collect();
            let names: Vec<&str> = ev
                .iter()
                .map(|e| e.kind.name())
                .filter(|n| !matches!(*n, "move" | "device"))
                .collect();
            assert_eq!(names, *want, "board {}:\n{}", i + 1, lines.join("\n"));
            // Every move of the real game, in order, and nothing else.
            let mut pos = s.game.start.clone();
            let want_sans: Vec<String> = s
                .game
                .moves
                .iter()
                .map(|&m| {
                    let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m);
                    san.to_string()
                })
                .collect();
            let sans: Vec<String> = ev
                .iter()
                .filter_map(|e| match &e.kind {
                    crate::core::event::EventKind::Move { san, .. } => Some(san.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(sans, want_sans, "board {}", i + 1);
        }
    }

    #[test]
    fn inserted_actions_must_fit_the_position() {
        let g = demo_games().unwrap();
        let o = opts();
        let mut s = scenario(1, &g, &o, 0).unwrap();
        // e2 is occupied by a pawn at the start: not a place to knock a piece to.
        assert!(add_displaced(&mut s, 0, Square::G1, Square::E2, 4.0).is_err());
        // A legal move is not an illegal one.
        assert!(add_illegal(&mut s, 0, Square::G1, Square::F3, 4.0).is_err());
        // Black has no piece on e2.
        assert!(add_illegal(&mut s, 1, Square::E2, Square::E4, 4.0).is_err());
    }

    #[test]
    fn the_config_is_valid_and_names_every_board() {
        let g = demo_games().unwrap();
        let dir = Path::new("/tmp/demo \"quoted\"");
        let devices: Vec<(PathBuf, &SimGame)> = g
            .iter()
            .enumerate()
            .map(|(i, game)| (dir.join(format!("boards/board-{}", i + 1)), game))
            .collect();
        let c = Config::parse(&config_text(dir, &devices)).unwrap();
        assert_eq!(c.boards.len(), 3);
        assert_eq!(c.boards[1].white.as_deref(), Some("Kramnik, Vladimir"));
        assert_eq!(
            c.daemon.socket.as_deref(),
            Some(dir.join("eboardd.sock").as_path())
        );
    }

    #[test]
    fn options_are_checked() {
        for bad in [
            DemoOptions {
                boards: 0,
                ..opts()
            },
            DemoOptions {
                speed: 20.0,
                ..opts()
            },
            DemoOptions {
                speed: f64::NAN,
                ..opts()
            },
            DemoOptions {
                noise: 2.0,
                ..opts()
            },
        ] {
            assert!(run(&bad).is_err());
        }
    }
}
