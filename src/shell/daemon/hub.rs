//! The Unix socket: event JSON Lines to any number of local clients (gpsd's pattern).
//!
//! A client first gets a `hello` line, then every event as it happens. It may send request
//! lines: `status` is answered with a `boards` line (the last known state of every board).
//! Events reach clients through a bounded broadcast queue: a client that does not keep up is
//! dropped; it never slows a board.

use std::collections::BTreeMap;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::broadcast;

/// Protocol version of the socket (docs/events.md).
pub const PROTOCOL: u32 = 1;
/// Events queued per client before it is dropped as too slow.
pub const CLIENT_QUEUE: usize = 8192;
/// A client that accepts no bytes for this long is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// The last known state of one board (answer to `status`).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct BoardStatus {
    /// The board's name or reported serial, once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    pub device: String,
    pub number: u32,
    /// `connected`, `disconnected`, `reconnecting`, `silent`, or `starting`.
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serial: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Plies in the current game.
    pub plies: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// What board tasks and socket clients share.
#[derive(Debug)]
pub struct Hub {
    events: broadcast::Sender<Arc<str>>,
    status: Mutex<BTreeMap<String, BoardStatus>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        Hub {
            events: broadcast::channel(CLIENT_QUEUE).0,
            status: Mutex::new(BTreeMap::new()),
        }
    }

    /// Sends one JSON line to every client.
    pub fn publish(&self, json: String) {
        // No client connected is not an error.
        let _ = self.events.send(json.into());
    }

    /// Updates the status of the board on `device`.
    pub fn set_status(&self, device: &str, f: impl FnOnce(&mut BoardStatus)) {
        let mut map = self.status.lock().unwrap_or_else(|p| p.into_inner());
        let s = map
            .entry(device.to_string())
            .or_insert_with(|| BoardStatus {
                device: device.to_string(),
                state: "starting",
                ..BoardStatus::default()
            });
        f(s);
    }

    pub fn remove_status(&self, device: &str) {
        let mut map = self.status.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(device);
    }

    /// The `boards` line.
    pub fn status_json(&self) -> String {
        let map = self.status.lock().unwrap_or_else(|p| p.into_inner());
        let boards: Vec<&BoardStatus> = map.values().collect();
        serde_json::json!({"event": "boards", "boards": boards}).to_string()
    }

    pub fn statuses(&self) -> Vec<BoardStatus> {
        let map = self.status.lock().unwrap_or_else(|p| p.into_inner());
        map.values().cloned().collect()
    }

    fn hello(&self) -> String {
        serde_json::json!({
            "event": "hello",
            "protocol": PROTOCOL,
            "version": env!("CARGO_PKG_VERSION"),
            "requests": ["status"],
        })
        .to_string()
    }
}

/// Binds the socket: creates its folder, replaces a stale socket file (none listening), refuses
/// to steal a live one, and makes it readable by the owner and group only (0660).
pub fn bind(path: &Path) -> io::Result<UnixListener> {
    if let Some(dir) = path.parent()
        && !dir.exists()
    {
        std::fs::create_dir_all(dir)?;
    }
    if path.exists() {
        match std::os::unix::net::UnixStream::connect(path) {
            Ok(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::AddrInUse,
                    format!(
                        "{}: another eboardd is listening there (stop it, or set [daemon] socket)",
                        path.display()
                    ),
                ));
            }
            Err(_) => std::fs::remove_file(path)?,
        }
    }
    let l = UnixListener::bind(path)?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o660))?;
    Ok(l)
}

/// Accepts clients until the task is dropped.
pub async fn serve(listener: UnixListener, hub: Arc<Hub>) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let rx = hub.events.subscribe();
                tokio::spawn(client(stream, rx, hub.clone()));
            }
            Err(e) => {
                tracing::warn!("socket accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn write_line(w: &mut (impl AsyncWriteExt + Unpin), line: &str) -> io::Result<()> {
    let mut buf = Vec::with_capacity(line.len() + 1);
    buf.extend_from_slice(line.as_bytes());
    buf.push(b'\n');
    match tokio::time::timeout(WRITE_TIMEOUT, w.write_all(&buf)).await {
        Ok(r) => r,
        Err(_) => Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "client not reading",
        )),
    }
}

async fn client(stream: UnixStream, mut rx: broadcast::Receiver<Arc<str>>, hub: Arc<Hub>) {
    let (r, mut w) = stream.into_split();
    if write_line(&mut w, &hub.hello()).await.is_err() {
        return;
    }
    let mut lines = BufReader::new(r).lines();
    let mut reading = true;
    loop {
        tokio::select! {
            m = rx.recv() => match m {
                Ok(line) => {
                    if let Err(e) = write_line(&mut w, &line).await {
                        tracing::info!("socket client dropped: {e}");
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::info!("socket client dropped: {n} events behind");
                    return;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            l = lines.next_line(), if reading => match l {
                Ok(Some(req)) => {
                    let reply = match req.trim() {
                        "status" => hub.status_json(),
                        "" => continue,
                        other => serde_json::json!({
                            "event": "error",
                            "message": format!("unknown request `{other}` (known: status)"),
                        })
                        .to_string(),
                    };
                    if write_line(&mut w, &reply).await.is_err() {
                        return;
                    }
                }
                // The client closed its side for writing: it may still read.
                Ok(None) | Err(_) => reading = false,
            },
        }
    }
}

/// Where the socket is by default for a client (`eboardd watch`).
pub fn default_socket() -> PathBuf {
    super::super::config::Paths::from_env(&Default::default()).socket
}
