//! One board's task: the serial port, reconnects with backoff, and the session.
//!
//! The task opens its device (9600 8N1, no flow control), lets the [`Link`] run the DGT
//! handshake and liveness probes, identifies the board by the serial number it reports (or by
//! its configured name) and drives one [`Session`] per board identity. Unplugging (EOF, a read
//! error, or a link silent for ~3 s) closes the port and retries with exponential backoff
//! (250 ms doubling to 5 s); the session, and so the game, is kept across reconnects.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{mpsc, watch};

use super::hub::Hub;
use super::journal::{Journal, JournalGame};
use super::pgnfiles::PgnUpdate;
use crate::core::dgt::Orientation;
use crate::core::dgt::{Decoded, Decoder, Message};
use crate::core::event::{Event, EventKind};
use crate::core::link::{Link, LinkEvent};
use crate::core::pgn::{PgnGame, PgnTags};
use crate::core::session::{OrientationSetting, Session, SessionConfig};

/// Waiting this long for the serial number before naming a board by its device.
const IDENTIFY_TIMEOUT: Duration = Duration::from_secs(3);
const BACKOFF_MIN: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(5);
/// Bytes kept while the board is not identified yet.
const PENDING_MAX: usize = 64 * 1024;
const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

/// What one board task needs to know.
#[derive(Debug, Clone)]
pub struct BoardSpec {
    pub device: PathBuf,
    /// Configured name: the board's identity. Without one, the reported serial number is.
    pub name: Option<String>,
    pub number: u32,
    pub white: String,
    pub black: String,
    pub session: SessionConfig,
    /// Found through a pattern: the task ends when the device is gone (the pattern scan
    /// starts a new one when it is back).
    pub from_pattern: bool,
    /// Stream wire-level events too.
    pub frame_events: bool,
    /// Event, Site, Date, Round tags.
    pub tags: PgnTags,
    pub round: u32,
}

/// What all board tasks share.
#[derive(Debug)]
pub struct Shared {
    pub hub: Arc<Hub>,
    pub pgn: mpsc::UnboundedSender<PgnUpdate>,
    pub state_directory: PathBuf,
    /// Boards whose task ended (device gone, or a reload), by identity: a later task that
    /// finds the same board takes its game back.
    pub parked: Mutex<HashMap<String, BoardState>>,
    /// Start of the daemon, for times outside any session.
    pub epoch: Instant,
}

/// One board's game, kept across reconnects (and parked between tasks).
#[derive(Debug)]
pub struct BoardState {
    identity: String,
    session: Session,
    start: Instant,
    journal: Option<Journal>,
    pgn: PgnGame,
    last_device: Option<EventKind>,
}

impl BoardState {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// Resumes a journalled game in a fresh session (silently: the journal, PGN and streamed
/// history already hold it). A configured orientation wins over the journalled one.
fn restore(session: &mut Session, now_ms: u64, game: &JournalGame) -> Result<(), String> {
    let Some(fen) = &game.start_fen else {
        return Ok(());
    };
    let orientation = match (session.config().orientation, game.orientation.as_deref()) {
        (OrientationSetting::Fixed(o), _) => o,
        (OrientationSetting::Auto, Some("rotated")) => Orientation::Rotated,
        (OrientationSetting::Auto, _) => Orientation::Normal,
    };
    session.resume_game(now_ms, fen, &game.moves_uci(), orientation)?;
    let (white, black) = game.illegal_counts();
    session.restore_illegal_counts(white, black);
    Ok(())
}

impl Shared {
    /// The board state for an identity: parked, or new (resumed from its journal).
    fn take_or_create(&self, identity: &str, spec: &BoardSpec) -> BoardState {
        let parked = self
            .parked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(identity);
        if let Some(s) = parked {
            return s;
        }
        let path = Journal::path_for(&self.state_directory, identity);
        let game = Journal::read(&path).unwrap_or_else(|e| {
            tracing::error!("{}: cannot read the journal: {e}", path.display());
            JournalGame::default()
        });
        let mut session = Session::new(spec.session.clone());
        if !game.is_empty() {
            tracing::info!(
                "{identity}: resuming the journalled game ({} plies)",
                game.moves.len()
            );
            if let Err(e) = restore(&mut session, 0, &game) {
                tracing::error!("{identity}: cannot resume the journalled game: {e}");
            }
        }
        let journal = Journal::open(&path)
            .map_err(|e| tracing::error!("{}: cannot open the journal: {e}", path.display()))
            .ok();
        BoardState {
            identity: identity.to_string(),
            session,
            start: Instant::now(),
            journal,
            pgn: game.to_pgn_game(),
            last_device: None,
        }
    }

    fn park(&self, s: BoardState) {
        self.parked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(s.identity.clone(), s);
    }
}

/// Game events are journalled and make the PGN; wire events, errors, device and link news
/// are not.
fn is_game_event(k: &EventKind) -> bool {
    !k.is_frame_level()
        && !matches!(
            k,
            EventKind::ProtocolError { .. } | EventKind::Device { .. } | EventKind::Status { .. }
        )
}

struct Task {
    spec: BoardSpec,
    shared: Arc<Shared>,
    state: Option<BoardState>,
    beat: Arc<AtomicU64>,
    device: String,
}

/// Why a connection ended.
enum End {
    Stop,
    Lost(String),
}

/// Runs one board until `stop` turns true. `beat` is updated at every turn (the watchdog).
pub async fn run(
    spec: BoardSpec,
    shared: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
    beat: Arc<AtomicU64>,
) {
    let device = spec.device.display().to_string();
    let mut t = Task {
        state: None,
        shared: shared.clone(),
        beat,
        device: device.clone(),
        spec,
    };
    if let Some(name) = t.spec.name.clone() {
        t.attach(&name);
    }
    t.shared
        .hub
        .set_status(&device, |s| s.number = t.spec.number);
    let mut backoff = BACKOFF_MIN;
    let mut last_error = String::new();
    loop {
        if *stop.borrow() {
            break;
        }
        t.beat();
        match open(&t.spec.device) {
            Ok(port) => {
                backoff = BACKOFF_MIN;
                last_error.clear();
                t.status("connected", None);
                match t.connection(port, &mut stop).await {
                    End::Stop => break,
                    End::Lost(why) => {
                        tracing::warn!("{}: {why}", t.label());
                        t.status("disconnected", Some(why));
                    }
                }
            }
            Err(e) => {
                if t.spec.from_pattern && !t.spec.device.exists() {
                    t.status("disconnected", Some("device gone".into()));
                    break;
                }
                let msg = format!("cannot open: {e}");
                // Report each new reason once, not every retry.
                if msg != last_error {
                    tracing::warn!("{}: {msg}", t.label());
                    t.status("reconnecting", Some(msg.clone()));
                    last_error = msg;
                }
                backoff = (backoff * 2).min(BACKOFF_MAX);
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(backoff) => {}
            _ = stop.changed() => {}
        }
    }
    if let Some(s) = t.state.take() {
        shared.park(s);
    }
    if t.spec.from_pattern {
        shared.hub.remove_status(&device);
    }
}

/// Opens a serial device: 9600 baud, 8N1, no flow control, exclusive.
fn open(path: &std::path::Path) -> tokio_serial::Result<tokio_serial::SerialStream> {
    let builder = tokio_serial::new(path.to_string_lossy(), 9600)
        .data_bits(tokio_serial::DataBits::Eight)
        .parity(tokio_serial::Parity::None)
        .stop_bits(tokio_serial::StopBits::One)
        .flow_control(tokio_serial::FlowControl::None);
    tokio_serial::SerialStream::open(&builder)
}

impl Task {
    fn beat(&self) {
        self.beat.store(
            self.shared.epoch.elapsed().as_millis() as u64,
            Ordering::Relaxed,
        );
    }

    fn label(&self) -> String {
        match &self.state {
            Some(s) => format!("{} ({})", s.identity, self.device),
            None => self.device.clone(),
        }
    }

    fn now(&self) -> u64 {
        match &self.state {
            Some(s) => s.now(),
            None => self.shared.epoch.elapsed().as_millis() as u64,
        }
    }

    /// Publishes a `status` event and records the state.
    fn status(&mut self, state: &'static str, message: Option<String>) {
        let mut e = Event::new(
            self.now(),
            EventKind::Status {
                state,
                device: self.device.clone(),
                message: message.clone(),
            },
        );
        e.board = Some(
            self.state
                .as_ref()
                .map(|s| s.identity.clone())
                .unwrap_or_else(|| self.device.clone()),
        );
        self.shared.hub.publish(e.to_json());
        let board = self.state.as_ref().map(|s| s.identity.clone());
        self.shared.hub.set_status(&self.device, |s| {
            s.state = state;
            s.message = message;
            if board.is_some() {
                s.board = board;
            }
        });
    }

    /// Makes `identity` this task's board (parking another one it held).
    fn attach(&mut self, identity: &str) {
        if self.state.as_ref().is_some_and(|s| s.identity == identity) {
            return;
        }
        if let Some(old) = self.state.take() {
            tracing::info!(
                "{}: a different board ({identity}) is now on {}",
                old.identity,
                self.device
            );
            self.shared.park(old);
        }
        let s = self.shared.take_or_create(identity, &self.spec);
        let (plies, result) = (s.pgn.sans.len(), s.pgn.result.clone());
        self.state = Some(s);
        let id = identity.to_string();
        self.shared.hub.set_status(&self.device, |st| {
            st.board = Some(id);
            st.plies = plies;
            st.result = result.map(|r| r.0);
        });
        self.send_pgn();
    }

    fn send_pgn(&self) {
        let Some(s) = &self.state else { return };
        let tags = PgnTags {
            board: Some(self.spec.number),
            white: self.spec.white.clone(),
            black: self.spec.black.clone(),
            ..self.spec.tags.clone()
        };
        let _ = self.shared.pgn.send(PgnUpdate {
            number: self.spec.number,
            round: self.spec.round,
            white: self.spec.white.clone(),
            black: self.spec.black.clone(),
            result: s.pgn.result().to_string(),
            text: s.pgn.to_pgn(&tags),
        });
    }

    /// Forwards the session's events: tag, journal, PGN, stream.
    fn drain_events(&mut self) {
        let Some(s) = self.state.as_mut() else { return };
        let mut pgn_changed = false;
        while let Some(mut e) = s.session.poll_event() {
            e.board = Some(s.identity.clone());
            if let EventKind::Device {
                serial, version, ..
            } = &e.kind
            {
                // The liveness probe asks the serial number every quiet second: report news only.
                if s.last_device.as_ref() == Some(&e.kind) {
                    continue;
                }
                s.last_device = Some(e.kind.clone());
                let (serial, version) = (serial.clone(), version.clone());
                self.shared.hub.set_status(&self.device, |st| {
                    if serial.is_some() {
                        st.serial = serial;
                    }
                    if version.is_some() {
                        st.version = version;
                    }
                });
            }
            if is_game_event(&e.kind) {
                if let Some(j) = s.journal.as_mut()
                    && let Err(err) = j.append(&e)
                {
                    tracing::error!("{}: journal write failed: {err}", j.path().display());
                }
                pgn_changed |= s.pgn.apply(&e.kind);
            }
            if self.spec.frame_events || !e.kind.is_frame_level() {
                self.shared.hub.publish(e.to_json());
            }
        }
        if pgn_changed {
            let (plies, result) = (s.pgn.sans.len(), s.pgn.result.clone());
            self.shared.hub.set_status(&self.device, |st| {
                st.plies = plies;
                st.result = result.map(|r| r.0);
            });
            self.send_pgn();
        }
    }

    async fn connection(
        &mut self,
        mut port: tokio_serial::SerialStream,
        stop: &mut watch::Receiver<bool>,
    ) -> End {
        let epoch = Instant::now();
        // A reconnected board announces itself again.
        if let Some(s) = self.state.as_mut() {
            s.last_device = None;
        }
        let now_link = || epoch.elapsed().as_millis() as u64;
        let mut link = Link::default();
        link.connected(now_link());
        // Until the board is identified its bytes wait here (a named board is identified).
        let mut identified = self.spec.name.is_some() && self.state.is_some();
        let mut pending: Vec<u8> = Vec::new();
        let mut scan = Decoder::new();
        let identify_by = tokio::time::Instant::now() + IDENTIFY_TIMEOUT;
        let mut buf = [0u8; 4096];
        loop {
            self.beat();
            // Commands for the board: the link's, then the session's.
            let mut out = Vec::new();
            while let Some(b) = link.poll_transmit() {
                out.extend(b);
            }
            if let Some(s) = self.state.as_mut().filter(|_| identified) {
                while let Some(b) = s.session.poll_transmit() {
                    out.extend(b);
                }
            }
            if !out.is_empty() {
                match tokio::time::timeout(WRITE_TIMEOUT, port.write_all(&out)).await {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => return End::Lost(format!("write failed: {e}")),
                    Err(_) => return End::Lost("write timed out".into()),
                }
            }
            if identified {
                self.drain_events();
            }
            while let Some(ev) = link.poll_event() {
                match ev {
                    LinkEvent::Silent => self.status(
                        "silent",
                        Some("no answer to the serial-number probe".into()),
                    ),
                    LinkEvent::Alive => self.status("connected", Some("answering again".into())),
                    LinkEvent::Dead => {
                        if let Some(s) = self.state.as_mut() {
                            let now = s.now();
                            s.session.finish(now);
                        }
                        self.drain_events();
                        return End::Lost("no answer for 3 s".into());
                    }
                }
            }

            // The next deadline: link, session, identification.
            let base = tokio::time::Instant::from_std(epoch);
            let mut deadline = link.poll_timeout().map(|t| base + Duration::from_millis(t));
            if let Some(s) = self.state.as_ref().filter(|_| identified)
                && let Some(t) = s.session.poll_timeout()
            {
                let d = tokio::time::Instant::from_std(s.start) + Duration::from_millis(t);
                deadline = Some(deadline.map_or(d, |x| x.min(d)));
            }
            if !identified {
                deadline = Some(deadline.map_or(identify_by, |x| x.min(identify_by)));
            }
            let sleep_until = deadline.unwrap_or_else(|| tokio::time::Instant::now() + BACKOFF_MAX);

            tokio::select! {
                r = port.read(&mut buf) => match r {
                    Ok(0) => return self.lost("device closed (unplugged?)"),
                    Ok(n) => {
                        link.on_bytes(now_link());
                        let bytes = &buf[..n];
                        tracing::trace!("{}: read {bytes:02x?}", self.device);
                        if identified {
                            if let Some(s) = self.state.as_mut() {
                                let now = s.now();
                                s.session.handle_input(now, bytes);
                            }
                        } else {
                            if pending.len() + n <= PENDING_MAX {
                                pending.extend_from_slice(bytes);
                            }
                            let mut serial = None;
                            scan.feed(bytes, |d| {
                                if let Decoded::Message(Message::SerialNumber(s)) = d {
                                    serial.get_or_insert(s);
                                }
                            });
                            if let Some(serial) = serial.filter(|s| !s.trim().is_empty()) {
                                self.identified(serial.trim(), &mut pending);
                                identified = true;
                            }
                        }
                    }
                    Err(e) => return self.lost(&format!("read failed: {e}")),
                },
                _ = tokio::time::sleep_until(sleep_until) => {
                    link.handle_timeout(now_link());
                    if let Some(s) = self.state.as_mut().filter(|_| identified) {
                        let now = s.now();
                        s.session.handle_timeout(now);
                    }
                    if !identified && tokio::time::Instant::now() >= identify_by {
                        let fallback = format!(
                            "dev-{}",
                            self.spec.device.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
                        );
                        tracing::warn!(
                            "{}: no serial number reported; naming the board {fallback}",
                            self.device
                        );
                        self.identified(&fallback, &mut pending);
                        identified = true;
                    }
                }
                _ = stop.changed() => {
                    if let Some(s) = self.state.as_mut() {
                        let now = s.now();
                        s.session.finish(now);
                    }
                    self.drain_events();
                    return End::Stop;
                }
            }
        }
    }

    fn lost(&mut self, why: &str) -> End {
        if let Some(s) = self.state.as_mut() {
            let now = s.now();
            s.session.finish(now);
        }
        self.drain_events();
        End::Lost(why.to_string())
    }

    /// The board said who it is (or did not in time): attach its state, feed what waited.
    fn identified(&mut self, serial: &str, pending: &mut Vec<u8>) {
        let identity = self.spec.name.clone().unwrap_or_else(|| serial.to_string());
        self.attach(&identity);
        if let Some(s) = self.state.as_mut() {
            let now = s.now();
            s.session.handle_input(now, pending);
        }
        pending.clear();
        self.drain_events();
    }
}
