//! `eboardd run`: the tokio shell around the sans-IO core.
//!
//! One task per board ([`board`]), a pattern scan every 2 s for boards plugged in later, the
//! Unix socket ([`hub`]), the PGN files ([`pgnfiles`]) and each board's journal
//! ([`journal`]). systemd: `READY=1` once the configured boards are enumerated, `WATCHDOG=1`
//! only while every board task is turning, SIGHUP reloads the configuration (a bad file is
//! reported and the old one kept), SIGTERM/SIGINT stop cleanly.

pub mod board;
pub mod hub;
pub mod journal;
pub mod pgnfiles;
pub mod watch;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, watch as twatch};
use tokio::task::JoinHandle;

use self::board::{BoardSpec, Shared};
use self::hub::Hub;
use crate::core::pgn::PgnTags;
use crate::shell::config::{Config, Paths};

/// The configuration file read when none is given.
pub const DEFAULT_CONFIG: &str = "/etc/eboardd/eboardd.toml";
/// How often patterns are scanned for new devices.
const SCAN_EVERY: Duration = Duration::from_secs(2);
/// A board task that has not turned for this long is stuck: the watchdog is not fed.
const STUCK_AFTER_MS: u64 = 15_000;

/// Sets up logging: plain lines without timestamps for journald (it adds its own), readable
/// text on a terminal. `RUST_LOG` overrides the configured level.
pub fn init_logging(level: &str) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    let journald = std::env::var_os("JOURNAL_STREAM").is_some();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false);
    let _ = if journald {
        builder.without_time().with_ansi(false).try_init()
    } else {
        builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .try_init()
    };
}

fn notify(state: &[sd_notify::NotifyState]) {
    if std::env::var_os("NOTIFY_SOCKET").is_some()
        && let Err(e) = sd_notify::notify(state)
    {
        tracing::warn!("cannot notify systemd: {e}");
    }
}

struct Running {
    handle: JoinHandle<()>,
    stop: twatch::Sender<bool>,
    beat: Arc<AtomicU64>,
    spec: BoardSpec,
}

/// Starts and watches the board tasks of one configuration.
struct Supervisor {
    config: Config,
    shared: Arc<Shared>,
    running: HashMap<PathBuf, Running>,
    /// Numbers given to devices found through patterns, kept when they come back.
    numbers: HashMap<PathBuf, u32>,
}

impl Supervisor {
    fn new(config: Config, shared: Arc<Shared>) -> Supervisor {
        Supervisor {
            config,
            shared,
            running: HashMap::new(),
            numbers: HashMap::new(),
        }
    }

    fn base_tags(&self) -> PgnTags {
        let e = &self.config.event;
        PgnTags {
            event: e.event.clone(),
            site: e.site.clone(),
            date: e.date.get_ref().clone(),
            round: e.round.get_ref().to_string(),
            ..PgnTags::default()
        }
    }

    /// Starts tasks for configured paths and for devices the patterns match now.
    fn scan(&mut self) {
        // Tasks that ended: devices gone (pattern), or a panic (restarted right away).
        let ended: Vec<PathBuf> = self
            .running
            .iter()
            .filter(|(_, r)| r.handle.is_finished())
            .map(|(p, _)| p.clone())
            .collect();
        for p in ended {
            if let Some(r) = self.running.remove(&p)
                && !r.spec.from_pattern
            {
                tracing::error!(
                    "{}: board task ended unexpectedly; restarting it",
                    p.display()
                );
                self.spawn(r.spec);
            }
        }
        let tags = self.base_tags();
        let d = &self.config.daemon;
        let mut wanted = Vec::new();
        for (i, b) in self.config.boards.iter().enumerate() {
            let number = b.number_or(i);
            let make = |device: PathBuf, number: u32, from_pattern: bool| BoardSpec {
                device,
                name: b.name.as_ref().map(|n| n.get_ref().clone()),
                number,
                white: b.white.clone().unwrap_or_else(|| "?".into()),
                black: b.black.clone().unwrap_or_else(|| "?".into()),
                session: b.session_config(
                    d.frame_events,
                    *d.settle_ms.get_ref(),
                    self.config.rules.competition,
                ),
                from_pattern,
                frame_events: d.frame_events,
                tags: tags.clone(),
                round: *self.config.event.round.get_ref(),
            };
            if !b.is_pattern() {
                wanted.push(make(PathBuf::from(b.device.get_ref()), number, false));
                continue;
            }
            let mut found: Vec<PathBuf> = match glob::glob(b.device.get_ref()) {
                Ok(paths) => paths.filter_map(Result::ok).collect(),
                Err(e) => {
                    tracing::error!("board {}: bad pattern: {e}", i + 1);
                    continue;
                }
            };
            found.sort();
            for p in found {
                let n = match self.numbers.get(&p) {
                    Some(&n) => n,
                    None => {
                        let used = self
                            .numbers
                            .values()
                            .filter(|&&n| n >= number)
                            .max()
                            .map_or(number, |m| m + 1);
                        self.numbers.insert(p.clone(), used);
                        used
                    }
                };
                wanted.push(make(p, n, true));
            }
        }
        for spec in wanted {
            if !self.running.contains_key(&spec.device) {
                tracing::info!("board {}: watching {}", spec.number, spec.device.display());
                self.spawn(spec);
            }
        }
    }

    fn spawn(&mut self, spec: BoardSpec) {
        let (stop, stop_rx) = twatch::channel(false);
        let beat = Arc::new(AtomicU64::new(
            self.shared.epoch.elapsed().as_millis() as u64
        ));
        let handle = tokio::spawn(board::run(
            spec.clone(),
            self.shared.clone(),
            stop_rx,
            beat.clone(),
        ));
        self.running.insert(
            spec.device.clone(),
            Running {
                handle,
                stop,
                beat,
                spec,
            },
        );
    }

    /// Every board task is turning (none stuck, none dead).
    fn healthy(&self) -> bool {
        let now = self.shared.epoch.elapsed().as_millis() as u64;
        self.running.values().all(|r| {
            (!r.handle.is_finished() || r.spec.from_pattern)
                && now.saturating_sub(r.beat.load(Ordering::Relaxed)) < STUCK_AFTER_MS
        })
    }

    /// Stops every task and waits for them (their games are parked for the next tasks).
    async fn stop_all(&mut self) {
        for r in self.running.values() {
            let _ = r.stop.send(true);
        }
        for (p, r) in self.running.drain() {
            if let Err(e) = r.handle.await {
                tracing::error!("{}: board task failed: {e}", p.display());
            }
        }
    }
}

/// `eboardd run`: loads the configuration, then runs until SIGTERM or SIGINT.
pub fn main(config_path: Option<PathBuf>) -> Result<(), String> {
    let path = config_path.unwrap_or_else(|| PathBuf::from(DEFAULT_CONFIG));
    let config = Config::load(&path)?;
    init_logging(config.daemon.log_level.as_str());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(run(path, config))
}

async fn run(path: PathBuf, config: Config) -> Result<(), String> {
    run_until(path, config, std::future::pending()).await
}

/// The daemon's main loop (what `eboardd run` runs once the configuration is loaded): runs
/// until SIGTERM or SIGINT, or until `shutdown` completes, then stops as on SIGTERM.
/// `eboardd demo` runs it in-process.
pub async fn run_until(
    path: PathBuf,
    config: Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    use tokio::signal::unix::{SignalKind, signal};
    tokio::pin!(shutdown);
    let paths = Paths::from_env(&config.daemon);
    for dir in [&paths.state_directory, &paths.pgn_directory] {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    }
    let listener = hub::bind(&paths.socket)
        .map_err(|e| format!("{}: cannot listen: {e}", paths.socket.display()))?;
    let hub = Arc::new(Hub::new());
    let (pgn_tx, pgn_rx) = mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        hub: hub.clone(),
        pgn: pgn_tx,
        state_directory: paths.state_directory.clone(),
        parked: Default::default(),
        epoch: Instant::now(),
    });
    let server = tokio::spawn(hub::serve(listener, hub.clone()));
    let writer = tokio::spawn(pgnfiles::run(
        pgnfiles::PgnFiles::new(paths.pgn_directory.clone()),
        pgn_rx,
    ));
    let mut sup = Supervisor::new(config, shared.clone());
    sup.scan();
    tracing::info!(
        "eboardd {} running: {} board entries, socket {}, state {}, PGN {}",
        env!("CARGO_PKG_VERSION"),
        sup.config.boards.len(),
        paths.socket.display(),
        paths.state_directory.display(),
        paths.pgn_directory.display()
    );
    notify(&[sd_notify::NotifyState::Ready]);

    let sig = |k: SignalKind| signal(k).map_err(|e| format!("cannot handle signals: {e}"));
    let (mut hup, mut term, mut int) = (
        sig(SignalKind::hangup())?,
        sig(SignalKind::terminate())?,
        sig(SignalKind::interrupt())?,
    );
    let watchdog_every = sd_notify::watchdog_enabled().map(|d| d / 2);
    let mut watchdog = tokio::time::interval(watchdog_every.unwrap_or(Duration::from_secs(3600)));
    let mut scan = tokio::time::interval(SCAN_EVERY);
    loop {
        tokio::select! {
            _ = scan.tick() => sup.scan(),
            _ = watchdog.tick() => {
                if watchdog_every.is_some() {
                    if sup.healthy() {
                        notify(&[sd_notify::NotifyState::Watchdog]);
                    } else {
                        tracing::error!("a board task is stuck: not feeding the watchdog");
                    }
                }
            }
            _ = hup.recv() => {
                notify(&[sd_notify::NotifyState::Reloading, monotonic()]);
                match Config::load(&path) {
                    Ok(new) => {
                        if Paths::from_env(&new.daemon) != paths {
                            tracing::warn!("socket or directory changes take effect at the next start");
                        }
                        tracing::info!("{}: reloaded", path.display());
                        sup.stop_all().await;
                        sup = Supervisor::new(new, shared.clone());
                        sup.scan();
                    }
                    Err(e) => tracing::error!("reload refused, keeping the running configuration: {e}"),
                }
                notify(&[sd_notify::NotifyState::Ready]);
            }
            _ = term.recv() => break,
            _ = int.recv() => break,
            () = &mut shutdown => break,
        }
    }
    notify(&[sd_notify::NotifyState::Stopping]);
    tracing::info!("stopping");
    sup.stop_all().await;
    server.abort();
    drop(sup);
    drop(shared);
    // The writer ends once every sender (the tasks' shared state) is gone.
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
    let _ = std::fs::remove_file(&paths.socket);
    Ok(())
}

fn monotonic() -> sd_notify::NotifyState<'static> {
    // Type=notify-reload wants MONOTONIC_USEC with RELOADING=1; plain Type=notify ignores it.
    let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_MONOTONIC)
        .map(|t| t.tv_sec() as i128 * 1_000_000 + t.tv_nsec() as i128 / 1000)
        .unwrap_or(0);
    sd_notify::NotifyState::MonotonicUsec(t)
}

/// The socket path a client uses: the configured one when a configuration is given.
pub fn client_socket(socket: Option<PathBuf>, config: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(s) = socket {
        return Ok(s);
    }
    match config {
        Some(c) => Ok(Paths::from_env(&Config::load(c)?.daemon).socket),
        None => Ok(hub::default_socket()),
    }
}
