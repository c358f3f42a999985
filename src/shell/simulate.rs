//! `eboardd simulate --pty`: a virtual DGT board on a pseudo-terminal, playing PGN games.
//!
//! The slave side is a serial device like /dev/ttyACM0: point `eboardd run` (or any DGT
//! software) at it. The [`VirtualBoard`] answers the host's commands and plays the games in
//! real time with realistic sensor timing and, with `--noise`, handling patterns.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::core::dgt::Orientation;
use crate::core::sim::{SimConfig, VirtualBoard, games_from_pgn};

/// What to simulate.
#[derive(Debug, Clone)]
pub struct SimulateOptions {
    pub pgn: PathBuf,
    /// Also make this symlink to the pty (replaced atomically), e.g. /tmp/eboard-sim.
    pub link: Option<PathBuf>,
    pub serial: String,
    pub seed: u64,
    pub noise: f64,
    /// Think time range, ms.
    pub think_ms: (u64, u64),
    pub orientation: Orientation,
    /// Play only this game (1-based); else every game of the file in turn.
    pub game: Option<usize>,
    /// Exit once the games are played (else keep answering the host until killed).
    pub exit_when_done: bool,
}

/// Runs the virtual board until killed (or done, with `exit_when_done`).
pub fn run(o: &SimulateOptions) -> Result<(), String> {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use nix::sys::termios::{SetArg, cfmakeraw, tcgetattr, tcsetattr};

    let text = std::fs::read(&o.pgn).map_err(|e| format!("{}: {e}", o.pgn.display()))?;
    let mut games = games_from_pgn(&String::from_utf8_lossy(&text));
    if let Some(n) = o.game {
        let total = games.len();
        let g = n
            .checked_sub(1)
            .filter(|&i| i < total)
            .map(|i| games.swap_remove(i))
            .ok_or_else(|| {
                format!(
                    "{}: no game {n} (the file has {total} readable games)",
                    o.pgn.display()
                )
            })?;
        games = vec![g];
    }
    if games.is_empty() {
        return Err(format!("{}: no readable game", o.pgn.display()));
    }
    if !(0.0..=1.0).contains(&o.noise) {
        return Err("--noise must be between 0 and 1".into());
    }

    let pty = nix::pty::openpty(None, None).map_err(|e| format!("openpty: {e}"))?;
    let mut t = tcgetattr(pty.slave.as_fd()).map_err(|e| format!("tcgetattr: {e}"))?;
    cfmakeraw(&mut t);
    tcsetattr(pty.slave.as_fd(), SetArg::TCSANOW, &t).map_err(|e| format!("tcsetattr: {e}"))?;
    let tty = nix::unistd::ttyname(pty.slave.as_fd()).map_err(|e| format!("ttyname: {e}"))?;
    // The slave stays open here so the master never sees a hang-up between host sessions.
    let _slave = pty.slave;
    let mut master = File::from(pty.master);
    let shown = match &o.link {
        Some(link) => {
            let tmp = link.with_extension("new");
            let _ = std::fs::remove_file(&tmp);
            std::os::unix::fs::symlink(&tty, &tmp)
                .and_then(|()| std::fs::rename(&tmp, link))
                .map_err(|e| format!("{}: {e}", link.display()))?;
            format!("{} -> {}", link.display(), tty.display())
        }
        None => tty.display().to_string(),
    };
    println!("{shown}");
    let _ = std::io::stdout().flush();

    let cfg = SimConfig {
        seed: o.seed,
        orientation: o.orientation,
        noise: o.noise,
        think_ms: o.think_ms,
        serial: o.serial.clone(),
        ..SimConfig::default()
    };
    let mut vb = VirtualBoard::with_seed(&o.serial, o.orientation, o.seed);
    {
        use shakmaty::Position;
        vb.set_position(games[0].start.board());
    }
    let start = Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    let mut next = 0;
    let mut buf = [0u8; 256];
    loop {
        if !vb.script_pending() {
            if next < games.len() {
                eprintln!(
                    "simulate: game {} of {}: {} moves",
                    next + 1,
                    games.len(),
                    games[next].moves.len()
                );
                vb.schedule_game(&games[next], &cfg, now() + 2000);
                next += 1;
            } else if o.exit_when_done {
                return Ok(());
            }
        }
        let t = now();
        vb.handle_timeout(t);
        while let Some(out) = vb.poll_output() {
            master
                .write_all(&out)
                .map_err(|e| format!("writing to the pty: {e}"))?;
        }
        let wait = vb
            .poll_timeout()
            .map_or(100, |d| d.saturating_sub(now()).min(100)) as u16;
        let mut fds = [PollFd::new(master.as_fd(), PollFlags::POLLIN)];
        if poll(&mut fds, PollTimeout::from(wait)).unwrap_or(0) > 0 {
            match master.read(&mut buf) {
                Ok(n) if n > 0 => vb.handle_host(now(), &buf[..n]),
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
}
