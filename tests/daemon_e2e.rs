//! `eboardd run` end to end: real pseudo-terminals as boards, the daemon as a process, its
//! socket, journal and PGN files.

mod common;

use std::time::Duration;

use common::*;
use nix::sys::signal::Signal;

#[test]
fn streams_a_boards_events_to_socket_clients() {
    let OneBoard {
        dir: _dir,
        board,
        link,
        daemon: d,
    } = OneBoard::start("12345");
    // Connected before the board appears, the client sees everything it says.
    let mut c = d.client();
    symlink(&board.tty, &link);
    let hello = c.expect(T, "hello", |v| is(v, "hello"));
    assert_eq!(hello["protocol"], 1);
    assert_eq!(hello["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(c.seen.len(), 1, "hello comes first");

    // The handshake: the board reports its serial, version and full board.
    let dev = c.expect(T, "device serial", |v| {
        is(v, "device") && v["serial"] == "12345"
    });
    assert_eq!(dev["board"], "t1");
    c.expect(T, "start position", |v| {
        is(v, "board") && v["placement"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    });
    wait_for(T, || board.count(0x4b) >= 1, || d.log());
    let got = board.received.lock().unwrap().clone();
    assert_eq!(
        &got[..5],
        &[0x40, 0x4d, 0x45, 0x42, 0x4b],
        "handshake order"
    );

    // e2 empties, e4 fills (White at the connector: e2 = index 52, e4 = index 36).
    board.send(&field(52, 0));
    board.send(&field(36, 1));
    c.expect(T, "e2 empty", |v| {
        is(v, "field") && v["square"] == "e2" && v["piece"] == "."
    });
    let e4 = c.expect(T, "e4 pawn", |v| is(v, "field") && v["square"] == "e4");
    assert_eq!(e4["piece"], "P");
    assert_eq!(e4["board"], "t1");

    // A second client gets its own hello and the live stream; status answers with the board.
    let mut c2 = d.client();
    c2.expect(T, "hello", |v| is(v, "hello"));
    c2.request("status");
    let st = c2.expect(T, "status reply", |v| is(v, "boards"));
    let b = &st["boards"][0];
    assert_eq!(b["board"], "t1");
    assert_eq!(b["state"], "connected");
    assert_eq!(b["serial"], "12345");
    assert_eq!(b["version"], "1.02");
    board.send(&field(36, 0));
    c.expect(T, "e4 empty (client 1)", |v| {
        is(v, "field") && v["square"] == "e4" && v["piece"] == "."
    });
    c2.expect(T, "e4 empty (client 2)", |v| {
        is(v, "field") && v["square"] == "e4" && v["piece"] == "."
    });

    // The quiet board is probed, and the probe answers are not streamed again.
    wait_for(T, || board.count(0x45) >= 3, || d.log());
    let devices = c
        .seen
        .iter()
        .filter(|l| l.contains("\"event\":\"device\""))
        .count();
    assert_eq!(devices, 2, "serial and version once each: {:?}", c.seen);

    // `eboardd watch --status` prints the board's state.
    let out = std::process::Command::new(bin())
        .args(["watch", "--status", "--socket"])
        .arg(&d.socket)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        text.contains("t1") && text.contains("connected") && text.contains("12345"),
        "{text}"
    );
}

#[test]
fn unplug_and_replug_at_the_same_path() {
    let OneBoard {
        dir: _dir,
        board,
        link,
        daemon: d,
    } = OneBoard::start("22222");
    // Connected before the board appears, the client sees everything it says.
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "connected", |v| {
        is(v, "status") && v["state"] == "connected"
    });
    c.expect(T, "serial", |v| is(v, "device") && v["serial"] == "22222");
    c.expect(T, "new game", |v| is(v, "new_game"));
    board.play(sq("e2"), sq("e4"));
    c.expect(T, "1. e4", |v| is(v, "move") && v["san"] == "e4");

    let fields = board.fields.lock().unwrap().clone();
    board.unplug();
    let gone = c.expect(T, "disconnected", |v| {
        is(v, "status") && v["state"] == "disconnected"
    });
    assert_eq!(gone["board"], "t1");
    assert_eq!(gone["device"], link.display().to_string());

    // While unplugged, Black answers 1... e5; then a new pty appears behind the same path.
    let board = FakeBoard::new("22222");
    *board.fields.lock().unwrap() = fields;
    board.place(sq("e7"), 0);
    board.place(sq("e5"), 7);
    symlink(&board.tty, &link);
    c.expect(T, "connected again", |v| {
        is(v, "status") && v["state"] == "connected"
    });
    // The game was kept: the board dump after the reconnect is reconciled as the missed move.
    let m = c.expect(T, "1... e5 from the dump", |v| is(v, "move"));
    assert_eq!(
        (m["ply"].as_u64(), m["san"].as_str()),
        (Some(2), Some("e5")),
        "{m}"
    );
    assert_eq!(m["board"], "t1");
    board.play(sq("g1"), sq("f3"));
    let m = c.expect(T, "2. Nf3", |v| is(v, "move"));
    assert_eq!(
        (m["ply"].as_u64(), m["san"].as_str()),
        (Some(3), Some("Nf3")),
        "{m}"
    );
    let games = c
        .seen
        .iter()
        .filter(|l| l.contains("\"event\":\"new_game\""))
        .count();
    assert_eq!(games, 1, "one game across the reconnect: {:?}", c.seen);
}

#[test]
fn a_silent_board_is_declared_dead_and_reconnected() {
    let OneBoard {
        dir: _dir,
        board,
        link,
        daemon: d,
    } = OneBoard::start("33333");
    // Connected before the board appears, the client sees everything it says.
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "serial", |v| is(v, "device") && v["serial"] == "33333");
    board.mute.store(true, std::sync::atomic::Ordering::SeqCst);
    c.expect(T, "silent", |v| is(v, "status") && v["state"] == "silent");
    c.expect(T, "dead", |v| {
        is(v, "status") && v["state"] == "disconnected"
    });
    let handshakes = board.count(0x40);
    board.mute.store(false, std::sync::atomic::Ordering::SeqCst);
    c.expect(T, "reconnected", |v| {
        is(v, "status") && v["state"] == "connected"
    });
    wait_for(T, || board.count(0x40) > handshakes, || d.log());
    c.expect(T, "serial after reconnect", |v| {
        is(v, "device") && v["serial"] == "33333"
    });
}

#[test]
fn garbage_and_broken_frames_are_reported_and_the_stream_goes_on() {
    let OneBoard {
        dir: _dir,
        board,
        link,
        daemon: d,
    } = OneBoard::start("44444");
    // Connected before the board appears, the client sees everything it says.
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "start position", |v| is(v, "board"));
    // Line noise, then a frame cut short by a new frame, then a valid update.
    board.send(&[0x13, 0x37, 0x00, 0xff]);
    board.send(&[0x8e, 0x00]);
    board.send(&field(12, 0));
    let err = c.expect(T, "protocol error", |v| is(v, "protocol_error"));
    assert!(err["skipped"].as_u64().unwrap() >= 4, "{err}");
    assert_eq!(err["board"], "t1");
    c.expect(T, "e7 empty", |v| is(v, "field") && v["square"] == "e7");
    // Garbage alone is reported after quiet.
    board.send(&[0x01, 0x02, 0x03]);
    let err = c.expect(T, "quiet garbage", |v| {
        is(v, "protocol_error") && v["skipped"] == 3
    });
    assert_eq!(err["board"], "t1");
    board.send(&field(12, 7));
    c.expect(T, "e7 back", |v| {
        is(v, "field") && v["square"] == "e7" && v["piece"] == "p"
    });
}

#[test]
fn fifty_boards_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = base_config(dir.path());
    let mut boards = Vec::new();
    for i in 0..50u32 {
        let b = FakeBoard::new(&format!("{:05}", 10000 + i));
        let link = dir.path().join(format!("board-{i}"));
        config += &board_entry(&format!("t{i}"), &link, i + 1);
        boards.push(b);
    }
    let d = Daemon::start(dir.path(), &config);
    let mut c = d.client();
    c.expect(T, "hello", |v| is(v, "hello"));
    for (i, b) in boards.iter().enumerate() {
        symlink(&b.tty, &dir.path().join(format!("board-{i}")));
    }
    let mut serials = std::collections::BTreeMap::new();
    while serials.len() < 50 {
        let v = c.expect(T, "all serials", |v| {
            is(v, "device") && v.get("serial").is_some()
        });
        serials.insert(
            v["board"].as_str().unwrap().to_string(),
            v["serial"].clone(),
        );
    }
    for i in 0..50u32 {
        assert_eq!(serials[&format!("t{i}")], format!("{:05}", 10000 + i));
    }
    for b in &boards {
        wait_for(T, || b.count(0x4b) >= 1, || d.log());
    }
    for (i, b) in boards.iter().enumerate() {
        b.send(&field((i % 64) as u8, 5));
    }
    let mut fields = std::collections::BTreeSet::new();
    while fields.len() < 50 {
        let v = c.expect(T, "a field from every board", |v| {
            is(v, "field") && v["piece"] == "K"
        });
        let name = v["board"].as_str().unwrap().to_string();
        let i: usize = name[1..].parse().unwrap();
        assert_eq!(v["index"], (i % 64) as u64, "{v}");
        fields.insert(name);
    }
    let mut s = d.client();
    s.request("status");
    let st = s.expect(T, "status", |v| is(v, "boards"));
    let all = st["boards"].as_array().unwrap();
    assert_eq!(all.len(), 50);
    assert!(all.iter().all(|b| b["state"] == "connected"), "{st}");
}

#[test]
fn a_stalled_client_does_not_stall_others() {
    let OneBoard {
        dir: _dir,
        board,
        link,
        daemon: d,
    } = OneBoard::start("55555");
    // This client connects and never reads.
    let stalled = std::os::unix::net::UnixStream::connect(&d.socket).unwrap();
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "start position", |v| is(v, "board"));
    // Waves of updates until the stalled client is dropped: more than its socket buffers
    // hold (a write that makes no progress for 5 s drops it); each wave is less than the
    // per-client queue, and the reading client must get every event of every wave.
    let mut waves = 0;
    while waves < 4 {
        let burst: Vec<u8> = (0..6_000u32)
            .flat_map(|i| field((i % 63) as u8, (i % 12 + 1) as u8))
            .collect();
        for chunk in burst.chunks(4096) {
            board.send(chunk);
        }
        let marker = if waves % 2 == 0 { 1 } else { 0 };
        board.send(&field(63, marker));
        c.expect(Duration::from_secs(20), "the wave's last update", |v| {
            is(v, "field") && v["index"] == 63 && v["code"] == marker
        });
        waves += 1;
    }
    wait_for(
        Duration::from_secs(15),
        || d.log().contains("socket client dropped"),
        || d.log(),
    );
    let fields = c
        .seen
        .iter()
        .filter(|l| l.contains("\"event\":\"field\""))
        .count();
    assert_eq!(fields, waves * 6_001, "the reading client got every event");
    // The stalled client's connection is closed: what was buffered ends in EOF.
    stalled
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    let mut sink = Vec::new();
    let r = std::io::Read::read_to_end(&mut &stalled, &mut sink);
    assert!(r.is_ok(), "the daemon closed the stalled client: {r:?}");
    let got = String::from_utf8_lossy(&sink)
        .matches("\"event\":\"field\"")
        .count();
    assert!(
        got < waves * 6_001,
        "the stalled client was cut off ({got} events)"
    );
}

#[test]
fn a_board_appearing_later_is_found_through_its_pattern() {
    let dir = tempfile::tempdir().unwrap();
    let devdir = dir.path().join("dev");
    std::fs::create_dir(&devdir).unwrap();
    let config = base_config(dir.path())
        + &format!(
            "[[board]]\ndevice = \"{}/usb-DGT*\"\nnumber = 5\n",
            devdir.display()
        );
    let d = Daemon::start(dir.path(), &config);
    let mut c = d.client();
    c.expect(T, "hello", |v| is(v, "hello"));
    let board = FakeBoard::new("77777");
    symlink(&board.tty, &devdir.join("usb-DGT_board_1"));
    let v = c.expect(T, "found and identified", |v| {
        is(v, "device") && v["serial"] == "77777"
    });
    assert_eq!(v["board"], "77777", "named by its serial");
    board.send(&field(52, 0));
    c.expect(T, "its events", |v| is(v, "field") && v["board"] == "77777");
    // Unplugged for good: the link goes away and the board is reported gone.
    std::fs::remove_file(devdir.join("usb-DGT_board_1")).unwrap();
    board.unplug();
    c.expect(T, "gone", |v| {
        is(v, "status") && v["state"] == "disconnected" && v["board"] == "77777"
    });
}

#[test]
fn bad_config_is_rejected_with_key_and_line_and_a_bad_reload_keeps_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[daemon]\nframe-events = true\n\n[[board]]\ndevice = \"/dev/ttyACM0\"\nsensing = \"magnetic\"\n").unwrap();
    for cmd in [vec!["check-config"], vec!["run", "--config"]] {
        let out = std::process::Command::new(bin())
            .args(&cmd)
            .arg(&bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("line 6"), "{err}");
        assert!(err.contains("board[1].sensing"), "{err}");
        assert!(err.contains("magnetic"), "{err}");
    }
    let out = std::process::Command::new(bin())
        .args([
            "check-config",
            concat!(env!("CARGO_MANIFEST_DIR"), "/config/eboardd.toml"),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the shipped example is valid: {out:?}"
    );

    // A running daemon keeps its configuration when the new one is bad.
    let board = FakeBoard::new("66666");
    let link = dir.path().join("board-1");
    let good = base_config(dir.path()) + &board_entry("t1", &link, 1);
    let d = Daemon::start(dir.path(), &good);
    let mut c = d.client();
    symlink(&board.tty, &link);
    c.expect(T, "serial", |v| is(v, "device") && v["serial"] == "66666");
    std::fs::write(&d.config, good.replace("frame-events", "frame-event")).unwrap();
    d.signal(Signal::SIGHUP);
    wait_for(T, || d.log().contains("reload refused"), || d.log());
    assert!(
        d.log().contains("frame-event"),
        "names the key: {}",
        d.log()
    );
    board.send(&field(52, 0));
    c.expect(T, "still streaming", |v| {
        is(v, "field") && v["square"] == "e2"
    });
    // A good reload renames the board; the device is reopened.
    std::fs::write(&d.config, good.replace("\"t1\"", "\"table-one\"")).unwrap();
    d.signal(Signal::SIGHUP);
    c.expect(T, "renamed", |v| {
        is(v, "device") && v["board"] == "table-one"
    });
}

#[test]
fn tells_systemd_it_is_ready_and_feeds_the_watchdog() {
    let dir = tempfile::tempdir().unwrap();
    let notify = dir.path().join("notify.sock");
    let sock = std::os::unix::net::UnixDatagram::bind(&notify).unwrap();
    sock.set_read_timeout(Some(T)).unwrap();
    let board = FakeBoard::new("88888");
    let link = dir.path().join("board-1");
    symlink(&board.tty, &link);
    let config = base_config(dir.path()) + &board_entry("t1", &link, 1);
    // A watchdog of 0.5 s: pinged every 0.25 s while the board task turns.
    let d = Daemon::start_with_env(
        dir.path(),
        &config,
        &[
            ("NOTIFY_SOCKET", notify.to_str().unwrap()),
            ("WATCHDOG_USEC", "500000"),
        ],
    );
    let mut got = Vec::new();
    let mut buf = [0u8; 512];
    while !(got.iter().any(|m: &String| m.contains("READY=1"))
        && got.iter().filter(|m| m.contains("WATCHDOG=1")).count() >= 2)
    {
        let n = sock
            .recv(&mut buf)
            .unwrap_or_else(|e| panic!("{e}: {got:?}\n{}", d.log()));
        got.push(String::from_utf8_lossy(&buf[..n]).into_owned());
    }
    let ready = got.iter().position(|m| m.contains("READY=1")).unwrap();
    let first_ping = got.iter().position(|m| m.contains("WATCHDOG=1")).unwrap();
    assert!(ready < first_ping, "READY=1 comes first: {got:?}");
    drop(board);
}
