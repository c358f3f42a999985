//! The serial link to one board: handshake and liveness, sans-IO.
//!
//! A board says nothing while nothing moves, and a USB hub or Bluetooth link can die without
//! an error. So after [`Link::connected`] queues the handshake, the link probes a quiet board
//! with "send serial number" (0x45) every second (as picochess does) and declares the link
//! silent, then dead, when nothing comes back. The caller feeds the arrival of bytes with
//! [`Link::on_bytes`] (the bytes themselves go to the [`Session`](super::session::Session)),
//! calls [`Link::handle_timeout`] at [`Link::poll_timeout`], writes [`Link::poll_transmit`]
//! and reacts to [`Link::poll_event`] (a dead link: close and reconnect).

use std::collections::VecDeque;

use super::dgt::Command;

/// Timing of the liveness checks, in ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkConfig {
    /// Probe after this much quiet (and again every this much while quiet).
    pub probe_after_ms: u64,
    /// Report the link silent after this much quiet.
    pub silent_after_ms: u64,
    /// Declare the link dead after this much quiet.
    pub dead_after_ms: u64,
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            probe_after_ms: 1000,
            silent_after_ms: 1500,
            dead_after_ms: 3000,
        }
    }
}

/// What the link tells its driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkEvent {
    /// Nothing came back from a probe: the board may be gone.
    Silent,
    /// The board answers again after being silent.
    Alive,
    /// No answer for `dead_after_ms`: close the port and reconnect.
    Dead,
}

/// Where the link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// Not connected (before [`Link::connected`], or after the link died or was closed).
    Down,
    Alive,
    Silent,
}

/// The handshake, in order: reset to idle, version, serial number, full board, then field
/// updates (and clock changes) as they happen.
pub const HANDSHAKE: [Command; 5] = [
    Command::Reset,
    Command::SendVersion,
    Command::SendSerialNumber,
    Command::SendBoard,
    Command::UpdateNice,
];

/// One board link.
#[derive(Debug, Clone)]
pub struct Link {
    config: LinkConfig,
    state: LinkState,
    last_rx: u64,
    last_probe: u64,
    transmit: VecDeque<Vec<u8>>,
    events: VecDeque<LinkEvent>,
}

impl Default for Link {
    fn default() -> Self {
        Link::new(LinkConfig::default())
    }
}

impl Link {
    pub fn new(config: LinkConfig) -> Link {
        Link {
            config,
            state: LinkState::Down,
            last_rx: 0,
            last_probe: 0,
            transmit: VecDeque::new(),
            events: VecDeque::new(),
        }
    }

    pub fn state(&self) -> LinkState {
        self.state
    }

    /// The port was opened at `now`: queue the handshake and start watching.
    pub fn connected(&mut self, now: u64) {
        self.state = LinkState::Alive;
        self.last_rx = now;
        self.last_probe = now;
        self.transmit.clear();
        self.events.clear();
        self.transmit.extend(HANDSHAKE.iter().map(|c| c.encode()));
    }

    /// The port was closed (by the driver, after an error or a dead link).
    pub fn disconnected(&mut self) {
        self.state = LinkState::Down;
        self.transmit.clear();
    }

    /// Bytes arrived at `now`.
    pub fn on_bytes(&mut self, now: u64) {
        if self.state == LinkState::Down {
            return;
        }
        self.last_rx = self.last_rx.max(now);
        if self.state == LinkState::Silent {
            self.state = LinkState::Alive;
            self.events.push_back(LinkEvent::Alive);
        }
    }

    /// When `handle_timeout` must be called next.
    pub fn poll_timeout(&self) -> Option<u64> {
        if self.state == LinkState::Down {
            return None;
        }
        let probe = self.last_rx.max(self.last_probe) + self.config.probe_after_ms;
        let dead = self.last_rx + self.config.dead_after_ms;
        let t = if self.state == LinkState::Alive {
            probe
                .min(dead)
                .min(self.last_rx + self.config.silent_after_ms)
        } else {
            probe.min(dead)
        };
        Some(t)
    }

    pub fn handle_timeout(&mut self, now: u64) {
        if self.state == LinkState::Down {
            return;
        }
        let quiet = now.saturating_sub(self.last_rx);
        if quiet >= self.config.dead_after_ms {
            self.state = LinkState::Down;
            self.transmit.clear();
            self.events.push_back(LinkEvent::Dead);
            return;
        }
        if quiet >= self.config.silent_after_ms && self.state == LinkState::Alive {
            self.state = LinkState::Silent;
            self.events.push_back(LinkEvent::Silent);
        }
        if now >= self.last_rx.max(self.last_probe) + self.config.probe_after_ms {
            self.last_probe = now;
            self.transmit.push_back(Command::SendSerialNumber.encode());
        }
    }

    /// Bytes to write to the board.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.transmit.pop_front()
    }

    pub fn poll_event(&mut self) -> Option<LinkEvent> {
        self.events.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(l: &mut Link) -> Vec<u8> {
        let mut out = Vec::new();
        while let Some(b) = l.poll_transmit() {
            out.extend(b);
        }
        out
    }

    /// Steps virtual time through every deadline up to `until`.
    fn run_until(l: &mut Link, until: u64) -> (Vec<u8>, Vec<(u64, LinkEvent)>) {
        let (mut tx, mut ev) = (Vec::new(), Vec::new());
        while let Some(t) = l.poll_timeout().filter(|&t| t <= until) {
            l.handle_timeout(t);
            tx.extend(drain(l));
            while let Some(e) = l.poll_event() {
                ev.push((t, e));
            }
        }
        (tx, ev)
    }

    #[test]
    fn handshake_is_queued_on_connect() {
        let mut l = Link::default();
        assert_eq!(l.poll_timeout(), None);
        l.connected(100);
        assert_eq!(drain(&mut l), vec![0x40, 0x4d, 0x45, 0x42, 0x4b]);
        assert_eq!(l.state(), LinkState::Alive);
    }

    #[test]
    fn quiet_board_is_probed_every_second_and_stays_alive_when_it_answers() {
        let mut l = Link::default();
        l.connected(0);
        drain(&mut l);
        let mut probes = Vec::new();
        let mut now = 0;
        while now < 10_000 {
            let t = l.poll_timeout().unwrap();
            l.handle_timeout(t);
            if !drain(&mut l).is_empty() {
                probes.push(t);
                // The board answers 20 ms later.
                l.on_bytes(t + 20);
            }
            assert_eq!(l.poll_event(), None, "an answering board is never silent");
            now = t;
        }
        assert!(probes.len() >= 8, "{probes:?}");
        for w in probes.windows(2) {
            assert!(w[1] - w[0] >= 1000 && w[1] - w[0] <= 1100, "{probes:?}");
        }
    }

    #[test]
    fn talking_board_is_not_probed() {
        let mut l = Link::default();
        l.connected(0);
        drain(&mut l);
        for t in (0..5000).step_by(300) {
            while let Some(d) = l.poll_timeout().filter(|&d| d <= t) {
                l.handle_timeout(d);
            }
            l.on_bytes(t);
        }
        assert!(drain(&mut l).is_empty());
        assert_eq!(l.poll_event(), None);
    }

    #[test]
    fn silent_then_dead_after_three_seconds() {
        let mut l = Link::default();
        l.connected(1000);
        drain(&mut l);
        let (tx, ev) = run_until(&mut l, 10_000);
        assert_eq!(ev, vec![(2500, LinkEvent::Silent), (4000, LinkEvent::Dead)]);
        assert_eq!(tx, vec![0x45, 0x45], "probes at 2000 and 3000");
        assert_eq!(l.state(), LinkState::Down);
        assert_eq!(l.poll_timeout(), None);
    }

    #[test]
    fn silent_board_that_answers_is_alive_again() {
        let mut l = Link::default();
        l.connected(0);
        drain(&mut l);
        let (_, ev) = run_until(&mut l, 2000);
        assert_eq!(ev, vec![(1500, LinkEvent::Silent)]);
        l.on_bytes(2100);
        assert_eq!(l.poll_event(), Some(LinkEvent::Alive));
        let (_, ev) = run_until(&mut l, 4500);
        assert_eq!(ev, vec![(3600, LinkEvent::Silent)]);
    }

    #[test]
    fn reconnect_restarts_the_handshake() {
        let mut l = Link::default();
        l.connected(0);
        drain(&mut l);
        run_until(&mut l, 5000);
        assert_eq!(l.state(), LinkState::Down);
        l.on_bytes(5100); // ignored while down
        assert_eq!(l.poll_event(), None);
        l.connected(6000);
        assert_eq!(drain(&mut l), vec![0x40, 0x4d, 0x45, 0x42, 0x4b]);
        assert_eq!(l.poll_timeout(), Some(7000));
    }
}
