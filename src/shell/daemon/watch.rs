//! `eboardd watch`: the arbiter's terminal view of the daemon's socket.
//!
//! One readable line per event; alerts (claims, game ends, illegal moves, displaced pieces,
//! setup errors) and links going down stand out in colour when stdout is a terminal.
//! `--status` prints the last known state of each board and exits.

use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;

/// Events an arbiter must see.
pub const ALERTS: [&str; 5] = [
    "claim",
    "game_end",
    "illegal_move",
    "displaced",
    "setup_error",
];

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const RESET: &str = "\x1b[0m";

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One readable line for an event object (the same shape as `Event::to_human`).
pub fn human_line(v: &Value) -> String {
    let Some(obj) = v.as_object() else {
        return v.to_string();
    };
    let name = obj.get("event").and_then(Value::as_str).unwrap_or("?");
    let t = obj.get("t_ms").and_then(Value::as_u64);
    let secs = t
        .map(|t| format!("{:>4}.{:03}", t / 1000, t % 1000))
        .unwrap_or_else(|| "       -".into());
    let board = obj
        .get("board")
        .and_then(Value::as_str)
        .map(|b| format!(" [{b}]"))
        .unwrap_or_default();
    let s = |k: &str| obj.get(k).map(text).unwrap_or_default();
    let body = match name {
        "move" => {
            let ply = obj.get("ply").and_then(Value::as_u64).unwrap_or(0);
            let dots = if ply % 2 == 1 { "." } else { "..." };
            format!(
                "move      {}{dots} {} ({})",
                ply.div_ceil(2),
                s("san"),
                s("uci")
            )
        }
        "takeback" => format!("takeback  ply {} removed; now {}", s("ply"), s("fen")),
        "new_game" => format!("new_game  {}", s("fen")),
        "status" => {
            let msg = obj
                .get("message")
                .map(|m| format!(": {}", text(m)))
                .unwrap_or_default();
            format!("status    {} {}{msg}", s("state"), s("device"))
        }
        _ if obj.contains_key("message") => format!("{name:<9} {}", s("message")),
        _ => {
            let parts: Vec<String> = obj
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "event" | "t_ms" | "board"))
                .map(|(k, v)| format!("{k}={}", text(v)))
                .collect();
            format!("{name:<9} {}", parts.join(" "))
        }
    };
    format!("{secs}{board} {body}")
}

/// The colour for an event, if it is one to notice.
pub fn colour(v: &Value) -> Option<&'static str> {
    let name = v.get("event").and_then(Value::as_str)?;
    if ALERTS.contains(&name) {
        return Some(RED);
    }
    match (name, v.get("state").and_then(Value::as_str)) {
        ("status", Some("disconnected" | "silent" | "reconnecting")) | ("protocol_error", _) => {
            Some(YELLOW)
        }
        _ => None,
    }
}

/// The `boards` reply as a table.
pub fn status_table(v: &Value) -> String {
    let mut out =
        String::from("board  name                 state         serial  plies  result  device\n");
    for b in v
        .get("boards")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        let g = |k: &str| b.get(k).map(text).unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{:<6} {:<20} {:<13} {:<7} {:<6} {:<7} {}{}\n",
            g("number"),
            g("board"),
            g("state"),
            g("serial"),
            g("plies"),
            g("result"),
            g("device"),
            b.get("message")
                .map(|m| format!(" ({})", text(m)))
                .unwrap_or_default()
        ));
    }
    out
}

/// Runs the client until the daemon closes the socket (or, with `status`, until it answered).
pub fn run(socket: &Path, status: bool, json: bool) -> Result<(), String> {
    let stream = UnixStream::connect(socket).map_err(|e| {
        format!(
            "{}: cannot connect: {e} (is eboardd running? use --socket PATH)",
            socket.display()
        )
    })?;
    let mut reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
    let mut line = String::new();
    let read = |r: &mut BufReader<UnixStream>, line: &mut String| -> Result<bool, String> {
        line.clear();
        r.read_line(line).map(|n| n > 0).map_err(|e| e.to_string())
    };
    if !read(&mut reader, &mut line)? {
        return Err("the daemon closed the connection".into());
    }
    let hello: Value = serde_json::from_str(&line).map_err(|e| format!("bad hello: {e}"))?;
    if hello.get("event").and_then(Value::as_str) != Some("hello") {
        return Err(format!("not an eboardd socket: {}", line.trim()));
    }
    let stdout = io::stdout();
    let tty = stdout.is_terminal();
    let mut out = stdout.lock();
    if status {
        (&stream)
            .write_all(b"status\n")
            .map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        while read(&mut reader, &mut line)? {
            let v: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if v.get("event").and_then(Value::as_str) == Some("boards") {
                let s = if json {
                    line.trim().to_string() + "\n"
                } else {
                    status_table(&v)
                };
                return out.write_all(s.as_bytes()).map_err(|e| e.to_string());
            }
        }
        return Err("no status reply".into());
    }
    while read(&mut reader, &mut line)? {
        let printed = if json {
            line.trim_end().to_string()
        } else {
            let v: Value = match serde_json::from_str(&line) {
                Ok(v) => v,
                Err(_) => continue,
            };
            let l = human_line(&v);
            match colour(&v).filter(|_| tty) {
                Some(c) => format!("{c}{l}{RESET}"),
                None => l,
            }
        };
        if let Err(e) = writeln!(out, "{printed}") {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Ok(());
            }
            return Err(e.to_string());
        }
        let _ = out.flush();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::event::{Event, EventKind};

    #[test]
    fn human_line_matches_the_core_rendering() {
        let events = [
            Event::new(
                3180,
                EventKind::Move {
                    ply: 1,
                    uci: "e2e4".into(),
                    san: "e4".into(),
                    fen: "x".into(),
                    illegal: false,
                },
            ),
            Event::new(
                4000,
                EventKind::Move {
                    ply: 2,
                    uci: "e7e5".into(),
                    san: "e5".into(),
                    fen: "x".into(),
                    illegal: false,
                },
            ),
            Event::new(
                10,
                EventKind::NewGame {
                    fen: "f".into(),
                    orientation: None,
                },
            ),
            Event::new(
                7,
                EventKind::ProtocolError {
                    skipped: 3,
                    message: "skipped 3 byte(s)".into(),
                },
            ),
        ];
        for mut e in events {
            e.board = Some("t1".into());
            let v: Value = serde_json::from_str(&e.to_json()).unwrap();
            assert_eq!(human_line(&v), e.to_human());
        }
    }

    #[test]
    fn alerts_are_coloured() {
        let v: Value =
            serde_json::from_str(r#"{"event":"game_end","message":"mate","t_ms":1}"#).unwrap();
        assert_eq!(colour(&v), Some(RED));
        let v: Value = serde_json::from_str(
            r#"{"event":"status","state":"disconnected","device":"/dev/x","t_ms":1}"#,
        )
        .unwrap();
        assert_eq!(colour(&v), Some(YELLOW));
        assert!(human_line(&v).contains("disconnected /dev/x"));
        let v: Value = serde_json::from_str(r#"{"event":"move","t_ms":1}"#).unwrap();
        assert_eq!(colour(&v), None);
    }

    #[test]
    fn status_table_lists_boards() {
        let v: Value = serde_json::from_str(
            r#"{"event":"boards","boards":[{"board":"t1","device":"/dev/a","number":1,"state":"connected","serial":"12345","plies":4}]}"#,
        )
        .unwrap();
        let t = status_table(&v);
        assert!(
            t.contains("t1") && t.contains("connected") && t.contains("12345"),
            "{t}"
        );
    }
}
