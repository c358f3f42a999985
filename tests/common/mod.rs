//! Test harness: a fake DGT board on a real pseudo-terminal, and the daemon as a process.
#![allow(dead_code)]
// Tests measure real time around a real process.
#![allow(clippy::disallowed_methods)]

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use eboardd::core::dgt::Command as BoardCommand;
use eboardd::core::dgt::message::frame;
use serde_json::Value;

/// The start position as a board dump (index 0 = a8, White at the connector).
pub fn start_dump() -> Vec<u8> {
    let mut d = vec![0u8; 64];
    d[..8].copy_from_slice(&[8, 9, 10, 12, 11, 10, 9, 8]);
    d[8..16].fill(7);
    d[48..56].fill(1);
    d[56..].copy_from_slice(&[2, 3, 4, 6, 5, 4, 3, 2]);
    d
}

/// A field update frame.
pub fn field(index: u8, code: u8) -> Vec<u8> {
    frame(0x8e, &[index, code])
}

/// A DGT board played from the master side of a pty; the daemon opens the slave path as it
/// would open /dev/ttyACM0.
pub struct FakeBoard {
    master: Arc<File>,
    slave: Option<OwnedFd>,
    /// The slave's device path (/dev/pts/N).
    pub tty: PathBuf,
    stop: Arc<AtomicBool>,
    /// While set, the board answers nothing (a dead link).
    pub mute: Arc<AtomicBool>,
    /// Every command byte received.
    pub received: Arc<Mutex<Vec<u8>>>,
    /// What the board senses, in index order (its board dump).
    pub fields: Arc<Mutex<Vec<u8>>>,
    thread: Option<JoinHandle<()>>,
}

impl FakeBoard {
    pub fn new(serial: &str) -> FakeBoard {
        use nix::sys::termios::{SetArg, cfmakeraw, tcgetattr, tcsetattr};
        let pty = nix::pty::openpty(None, None).expect("openpty");
        // Raw from the start: no echo, no CR/LF translation of frame bytes.
        let mut t = tcgetattr(pty.slave.as_fd()).expect("tcgetattr");
        cfmakeraw(&mut t);
        tcsetattr(pty.slave.as_fd(), SetArg::TCSANOW, &t).expect("tcsetattr");
        let tty = nix::unistd::ttyname(pty.slave.as_fd()).expect("ttyname");
        let master = Arc::new(File::from(pty.master));
        let stop = Arc::new(AtomicBool::new(false));
        let mute = Arc::new(AtomicBool::new(false));
        let received = Arc::new(Mutex::new(Vec::new()));
        let fields = Arc::new(Mutex::new(start_dump()));
        let thread = {
            let (master, stop, mute, received, fields) = (
                master.clone(),
                stop.clone(),
                mute.clone(),
                received.clone(),
                fields.clone(),
            );
            let serial = serial.to_string();
            std::thread::spawn(move || answer(&master, &stop, &mute, &received, &fields, &serial))
        };
        FakeBoard {
            master,
            slave: Some(pty.slave),
            tty,
            stop,
            mute,
            received,
            fields,
            thread: Some(thread),
        }
    }

    /// Bytes from the board to the daemon.
    pub fn send(&self, bytes: &[u8]) {
        (&*self.master)
            .write_all(bytes)
            .expect("write to pty master");
    }

    /// A piece is put on (code) or lifted from (0) a field: the board state and an update.
    pub fn set(&self, index: u8, code: u8) {
        self.fields.lock().unwrap()[usize::from(index)] = code;
        self.send(&field(index, code));
    }

    /// Changes the sensed board without telling (as before the daemon connects).
    pub fn place(&self, index: u8, code: u8) {
        self.fields.lock().unwrap()[usize::from(index)] = code;
    }

    /// A move of the piece on `from` to `to` (a capture replaces what stood there).
    pub fn play(&self, from: u8, to: u8) {
        let code = self.fields.lock().unwrap()[usize::from(from)];
        self.set(from, 0);
        self.set(to, code);
    }

    /// Pulls the plug: the daemon's next read fails.
    pub fn unplug(mut self) {
        self.stop_thread();
        drop(self.slave.take());
        // The master closes when the last Arc goes (the thread has ended).
    }

    /// How many times a command byte was received.
    pub fn count(&self, byte: u8) -> usize {
        self.received
            .lock()
            .unwrap()
            .iter()
            .filter(|&&b| b == byte)
            .count()
    }

    fn stop_thread(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for FakeBoard {
    fn drop(&mut self) {
        self.stop_thread();
    }
}

fn answer(
    master: &File,
    stop: &AtomicBool,
    mute: &AtomicBool,
    received: &Mutex<Vec<u8>>,
    fields: &Mutex<Vec<u8>>,
    serial: &str,
) {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = [0u8; 256];
    while !stop.load(Ordering::SeqCst) {
        let mut fds = [PollFd::new(master.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, PollTimeout::from(20u8)) {
            Ok(n) if n > 0 => {}
            _ => continue,
        }
        let n = match (&*master).read(&mut buf) {
            Ok(0) | Err(_) => {
                // No slave open (EIO) or nothing: wait.
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Ok(n) => n,
        };
        received.lock().unwrap().extend_from_slice(&buf[..n]);
        pending.extend_from_slice(&buf[..n]);
        while let Some((cmd, used)) = BoardCommand::decode(&pending) {
            pending.drain(..used);
            if mute.load(Ordering::SeqCst) {
                continue;
            }
            let reply = match cmd {
                Ok(BoardCommand::SendVersion) => frame(0x93, &[1, 2]),
                Ok(BoardCommand::SendSerialNumber) => frame(0x91, serial.as_bytes()),
                Ok(BoardCommand::SendBoard) => frame(0x86, &fields.lock().unwrap()),
                _ => continue,
            };
            let _ = (&*master).write_all(&reply);
        }
    }
}

/// Points `link` at `target` atomically (as udev replaces a by-path link).
pub fn symlink(target: &Path, link: &Path) {
    let tmp = link.with_extension("new");
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(target, &tmp).expect("symlink");
    std::fs::rename(&tmp, link).expect("rename symlink");
}

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_eboardd")
}

/// The daemon as a child process in its own temporary folder.
pub struct Daemon {
    pub child: Child,
    pub dir: PathBuf,
    pub config: PathBuf,
    pub socket: PathBuf,
}

/// The `[daemon]` and `[event]` sections pointing into `dir`.
pub fn base_config(dir: &Path) -> String {
    format!(
        "[daemon]\nsocket = \"{d}/eboardd.sock\"\nstate-directory = \"{d}/state\"\n\
         pgn-directory = \"{d}/pgn\"\nframe-events = true\nlog-level = \"debug\"\n\n\
         [event]\nevent = \"E2E Open\"\nsite = \"Lab\"\ndate = \"2026.11.30\"\nround = 3\n\n",
        d = dir.display()
    )
}

/// A `[[board]]` entry: board `name` at `device`, board number `number`, players `W<n>` and
/// `B<n>`.
pub fn board_entry(name: &str, device: &Path, number: u32) -> String {
    format!(
        "[[board]]\nname = \"{name}\"\ndevice = \"{}\"\nnumber = {number}\nwhite = \"W{number}\"\nblack = \"B{number}\"\n\n",
        device.display()
    )
}

/// The usual set-up: a daemon whose configuration names one board, `t1`, at `dir/board-1`,
/// and the fake board that appears there when the test links it (`symlink(&board.tty,
/// &link)`). Fields drop in reverse order: the daemon first, the folder last.
pub struct OneBoard {
    pub dir: tempfile::TempDir,
    pub board: FakeBoard,
    pub link: PathBuf,
    pub daemon: Daemon,
}

impl OneBoard {
    pub fn start(serial: &str) -> OneBoard {
        let dir = tempfile::tempdir().expect("temporary folder");
        let board = FakeBoard::new(serial);
        let link = dir.path().join("board-1");
        let daemon = Daemon::start(
            dir.path(),
            &(base_config(dir.path()) + &board_entry("t1", &link, 1)),
        );
        OneBoard {
            dir,
            board,
            link,
            daemon,
        }
    }
}

impl Daemon {
    /// Starts `eboardd run` with `config` (written to `dir/eboardd.toml`).
    pub fn start(dir: &Path, config: &str) -> Daemon {
        Daemon::start_with_env(dir, config, &[])
    }

    /// Starts the daemon with extra environment variables.
    pub fn start_with_env(dir: &Path, config: &str, env: &[(&str, &str)]) -> Daemon {
        let path = dir.join("eboardd.toml");
        std::fs::write(&path, config).expect("write config");
        let socket = dir.join("eboardd.sock");
        let log = File::options()
            .create(true)
            .append(true)
            .open(dir.join("daemon.log"))
            .expect("log file");
        let child = Command::new(bin())
            .args(["run", "--config"])
            .arg(&path)
            .env_remove("NOTIFY_SOCKET")
            .env_remove("JOURNAL_STREAM")
            .env_remove("WATCHDOG_USEC")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("spawn eboardd");
        let d = Daemon {
            child,
            dir: dir.to_path_buf(),
            config: path,
            socket,
        };
        // Listening (a stale socket file from a killed daemon does not count).
        wait_for(
            Duration::from_secs(20),
            || UnixStream::connect(&d.socket).is_ok(),
            || d.log(),
        );
        d
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("daemon.log")).unwrap_or_default()
    }

    pub fn client(&self) -> Client {
        Client::connect(&self.socket)
    }

    /// kill -9.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn signal(&self, sig: nix::sys::signal::Signal) {
        let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
        nix::sys::signal::kill(pid, sig).expect("signal the daemon");
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// Waits for a condition (polling every 10 ms); panics with `context()` on timeout.
pub fn wait_for(timeout: Duration, mut cond: impl FnMut() -> bool, context: impl Fn() -> String) {
    let end = Instant::now() + timeout;
    while !cond() {
        if Instant::now() > end {
            panic!(
                "timed out after {timeout:?}\n--- context ---\n{}",
                context()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A socket client reading lines on a thread.
pub struct Client {
    pub stream: UnixStream,
    lines: mpsc::Receiver<String>,
    /// Lines read before any `expect` (the daemon's hello), handed out first.
    early: std::collections::VecDeque<String>,
    pub seen: Vec<String>,
}

impl Client {
    pub fn connect(socket: &Path) -> Client {
        let stream = UnixStream::connect(socket).expect("connect to the daemon socket");
        let (tx, rx) = mpsc::channel();
        let r = stream.try_clone().expect("clone stream");
        std::thread::spawn(move || {
            for line in BufReader::new(r).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // (The daemon subscribes a client to the event stream when it accepts it, and says
        // hello then: waiting for that line means no event the test causes next is missed —
        // under load the accept can lag behind what the test does after connecting.)
        let early = rx
            .recv_timeout(Duration::from_secs(10))
            .into_iter()
            .collect();
        Client {
            stream,
            lines: rx,
            early,
            seen: Vec::new(),
        }
    }

    /// Reads events until one satisfies `pred`; panics (showing what came) after `timeout`.
    pub fn expect(
        &mut self,
        timeout: Duration,
        what: &str,
        pred: impl Fn(&Value) -> bool,
    ) -> Value {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let next = match self.early.pop_front() {
                Some(line) => Ok(line),
                None => self.lines.recv_timeout(left),
            };
            match next {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let v: Value = serde_json::from_str(&line)
                        .unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                    if pred(&v) {
                        return v;
                    }
                }
                Err(e) => panic!(
                    "waiting for {what}: {e:?}; seen:\n{}",
                    self.seen[self.seen.len().saturating_sub(40)..].join("\n")
                ),
            }
        }
    }

    /// True when the daemon closed this connection within `timeout`.
    pub fn closed_within(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let next = match self.early.pop_front() {
                Some(line) => Ok(line),
                None => self.lines.recv_timeout(left),
            };
            match next {
                Ok(_) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => return true,
                Err(mpsc::RecvTimeoutError::Timeout) => return false,
            }
        }
    }

    pub fn request(&mut self, line: &str) {
        (&self.stream)
            .write_all(format!("{line}\n").as_bytes())
            .expect("write request");
    }
}

pub fn is(v: &Value, event: &str) -> bool {
    v["event"] == event
}

pub const T: Duration = Duration::from_secs(10);

/// The field index of a square (`e2`) with White at the connector (index 0 = a8).
pub fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    let file = b[0] - b'a';
    let rank = b[1] - b'1';
    (7 - rank) * 8 + file
}
