//! `eboardd replay` end to end, through the binary.

use std::path::PathBuf;
use std::process::Command;

use rand::{Rng, SeedableRng, rngs::SmallRng};

fn eboardd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_eboardd"))
}

fn frame(id: u8, data: &[u8]) -> Vec<u8> {
    let n = data.len() + 3;
    let mut v = vec![id, (n >> 7) as u8, (n & 0x7f) as u8];
    v.extend(data);
    v
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fresh temporary folder (removed when dropped) and the path of `name` in it.
fn tmp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix("eboardd-test-")
        .tempdir()
        .unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}")))
        .collect()
}

#[test]
fn random_bytes_mixed_with_valid_frames() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut text = String::from("# eboardd capture v1\n# random garbage mixed with valid frames\n");
    let mut t = 0u64;
    let mut fields = 0;
    let mut garbage_total = 0usize;
    let mut stream = Vec::new();
    for i in 0..300 {
        // Garbage that cannot complete a frame by itself (see tests/codec_props.rs).
        let n = rng.random_range(0..12);
        let mut g: Vec<u8> = (0..n).map(|_| rng.random()).collect();
        for j in 0..g.len() {
            if g[j] & 0x80 != 0 && j + 1 < g.len() && g[j + 1] == 0 {
                g[j + 1] = 1;
            }
        }
        garbage_total += g.len();
        stream.extend(&g);
        if i % 50 == 0 {
            stream.extend(frame(0x93, &[1, i as u8 / 50]));
        } else {
            stream.extend(frame(0x8e, &[(i % 64) as u8, (i % 13) as u8]));
            fields += 1;
        }
    }
    // Cut the stream into lines at random points, splitting frames anywhere.
    let mut pos = 0;
    while pos < stream.len() {
        let len = rng.random_range(1..40).min(stream.len() - pos);
        t += rng.random_range(0..30);
        text.push_str(&format!("{t} rx {}\n", hex(&stream[pos..pos + len])));
        pos += len;
    }
    let (_dir, path) = tmp("mixed.cap");
    std::fs::write(&path, text).unwrap();
    let out = eboardd()
        .args(["replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = json_lines(&out.stdout);
    let count = |name: &str| events.iter().filter(|e| e["event"] == name).count();
    assert_eq!(count("field"), fields);
    assert_eq!(count("device"), 6);
    let skipped: u64 = events
        .iter()
        .filter(|e| e["event"] == "protocol_error")
        .map(|e| e["skipped"].as_u64().unwrap())
        .sum();
    assert_eq!(skipped as usize, garbage_total);
    for e in &events {
        assert!(e["t_ms"].is_u64(), "{e}");
        assert!(
            !e.to_string().contains("null"),
            "absent values are omitted: {e}"
        );
    }
}

#[test]
fn sample_capture_replays() {
    let out = eboardd()
        .args(["replay", "--json", "tests/captures/sample-opening.cap"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let events = json_lines(&out.stdout);
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "device" && e["serial"] == "12345")
    );
    assert!(events.iter().any(|e| e["event"] == "board"
        && e["placement"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    let pe: Vec<_> = events
        .iter()
        .filter(|e| e["event"] == "protocol_error")
        .collect();
    assert_eq!(pe.len(), 1);
    assert_eq!(pe[0]["skipped"], 6);
}

#[test]
fn malformed_line_names_file_and_line() {
    let (_dir, path) = tmp("bad.cap");
    std::fs::write(&path, "# eboardd capture v1\n0 rx 8e 00 05\n12 rx zz\n").unwrap();
    let out = eboardd().arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.cap:3:"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unreadable_file_is_an_error() {
    let out = eboardd()
        .args(["replay", "/nonexistent/x.cap"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/x.cap"));
}
