//! The daemon's configuration file (`config/eboardd.toml` documents every key).
//!
//! TOML, kebab-case keys, unknown keys rejected. Every error names the file's line and the key
//! concerned, so `eboardd check-config FILE` can say exactly what to fix.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::core::dgt::Orientation;
use crate::core::session::{
    CAPTURE_SETTLE_MS, Competition as SessionCompetition, OrientationSetting, Sensing,
    SessionConfig,
};
use shakmaty::Role;

/// The whole file.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    #[serde(default)]
    pub daemon: DaemonSection,
    #[serde(default)]
    pub event: EventSection,
    #[serde(default)]
    pub rules: RulesSection,
    #[serde(default, rename = "board")]
    pub boards: Vec<BoardSection>,
}

/// `[daemon]`.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DaemonSection {
    pub socket: Option<PathBuf>,
    pub state_directory: Option<PathBuf>,
    pub pgn_directory: Option<PathBuf>,
    #[serde(default)]
    pub frame_events: bool,
    #[serde(default = "default_settle_ms")]
    pub settle_ms: Spanned<u64>,
    #[serde(default)]
    pub log_level: LogLevel,
}

impl Default for DaemonSection {
    fn default() -> Self {
        DaemonSection {
            socket: None,
            state_directory: None,
            pgn_directory: None,
            frame_events: false,
            settle_ms: default_settle_ms(),
            log_level: LogLevel::default(),
        }
    }
}

fn default_settle_ms() -> Spanned<u64> {
    Spanned::new(0..0, 250)
}

/// `[event]`: PGN tags shared by every board.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EventSection {
    #[serde(default = "unknown_tag")]
    pub event: String,
    #[serde(default = "unknown_tag")]
    pub site: String,
    /// `YYYY.MM.DD` (PGN); `?` for unknown parts.
    #[serde(default = "unknown_date")]
    pub date: Spanned<String>,
    #[serde(default = "default_round")]
    pub round: Spanned<u32>,
}

impl Default for EventSection {
    fn default() -> Self {
        EventSection {
            event: unknown_tag(),
            site: unknown_tag(),
            date: unknown_date(),
            round: default_round(),
        }
    }
}

fn unknown_tag() -> String {
    "?".into()
}
fn unknown_date() -> Spanned<String> {
    Spanned::new(0..0, "????.??.??".into())
}
fn default_round() -> Spanned<u32> {
    Spanned::new(0..0, 1)
}

/// `[rules]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesSection {
    #[serde(default)]
    pub competition: Competition,
}

/// Which Laws apply (standard chess, or Appendix A rapid / B blitz).
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Competition {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

/// Log verbosity.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum LogLevel {
    Error,
    Warn,
    #[default]
    Info,
    Debug,
    Trace,
}

impl LogLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
        }
    }
}

/// `sensing` key.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum SensingKey {
    #[default]
    Identity,
    Occupancy,
}

/// `orientation` key.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum OrientationKey {
    #[default]
    Auto,
    Normal,
    Rotated,
}

/// `promotion` key: the piece assumed when an occupancy board cannot see which one it was.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Promotion {
    #[default]
    Q,
    R,
    B,
    N,
}

impl Promotion {
    pub fn as_char(self) -> char {
        match self {
            Promotion::Q => 'q',
            Promotion::R => 'r',
            Promotion::B => 'b',
            Promotion::N => 'n',
        }
    }
}

/// One `[[board]]`.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoardSection {
    pub name: Option<Spanned<String>>,
    pub device: Spanned<String>,
    #[serde(default)]
    pub sensing: SensingKey,
    #[serde(default)]
    pub orientation: OrientationKey,
    pub promotion: Option<Spanned<Promotion>>,
    /// Occupancy boards: how long the board must rest before a capture it never saw (only
    /// the capturer's origin emptied) is taken for one rather than a piece in the hand
    /// (`TrackerConfig::occupancy_capture_settle_ms`).
    pub capture_settle_ms: Option<Spanned<u64>>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub number: Option<Spanned<u32>>,
}

impl BoardSection {
    /// The device pattern contains glob wildcards (it may match several devices).
    pub fn is_pattern(&self) -> bool {
        self.device.get_ref().contains(['*', '?', '['])
    }

    /// The board number (PGN `Board` tag, `game-K.pgn`): configured, else 1-based position.
    pub fn number_or(&self, position: usize) -> u32 {
        self.number
            .as_ref()
            .map(|n| *n.get_ref())
            .unwrap_or(position as u32 + 1)
    }

    /// The session configuration for this board, under the file's `[daemon]` and `[rules]`.
    pub fn session_config(
        &self,
        frame_events: bool,
        settle_ms: u64,
        competition: Competition,
    ) -> SessionConfig {
        SessionConfig {
            settle_ms,
            promotion: match self.promotion.as_ref().map(|p| *p.get_ref()) {
                Some(Promotion::R) => Role::Rook,
                Some(Promotion::B) => Role::Bishop,
                Some(Promotion::N) => Role::Knight,
                Some(Promotion::Q) | None => Role::Queen,
            },
            competition: match competition {
                Competition::Standard => SessionCompetition::Standard,
                Competition::Rapid => SessionCompetition::Rapid,
                Competition::Blitz => SessionCompetition::Blitz,
            },
            sensing: match self.sensing {
                SensingKey::Identity => Sensing::Identity,
                SensingKey::Occupancy => Sensing::Occupancy,
            },
            orientation: match self.orientation {
                OrientationKey::Auto => OrientationSetting::Auto,
                OrientationKey::Normal => OrientationSetting::Fixed(Orientation::Normal),
                OrientationKey::Rotated => OrientationSetting::Fixed(Orientation::Rotated),
            },
            frame_events,
            capture_settle_ms: self.capture_settle_ms.as_ref().map(|v| *v.get_ref()),
            ..SessionConfig::default()
        }
    }
}

/// A configuration error: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// The key concerned (`board[2].sensing`), when known.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(l) = self.line {
            write!(f, "line {l}: ")?;
        }
        if let Some(k) = &self.key {
            write!(f, "key `{k}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The dotted key at a line: the table headers above it (arrays of tables numbered from 1)
/// and the key on the line itself, if any.
fn key_at(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    let mut counts: std::collections::HashMap<String, usize> = Default::default();
    let mut key = None;
    for (i, raw) in text.lines().enumerate() {
        if i + 1 > line {
            break;
        }
        let l = raw.trim();
        if let Some(h) = l.strip_prefix("[[") {
            let name = h.split("]]").next().unwrap_or("").trim().to_string();
            let n = counts.entry(name.clone()).or_default();
            *n += 1;
            table = format!("{name}[{n}]");
            key = None;
        } else if let Some(h) = l.strip_prefix('[') {
            table = h.split(']').next().unwrap_or("").trim().to_string();
            key = None;
        }
        if i + 1 == line
            && !l.starts_with('[')
            && let Some((k, _)) = l.split_once('=')
        {
            key = Some(k.trim().trim_matches('"').to_string());
        }
    }
    match (table.is_empty(), key) {
        (_, None) if table.is_empty() => None,
        (true, Some(k)) => Some(k),
        (false, Some(k)) => Some(format!("{table}.{k}")),
        (false, None) => Some(table),
        (true, None) => None,
    }
}

impl Config {
    /// Parses and validates a configuration text.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            // toml names unknown keys in the message; for bad values, name the key on the line.
            let key = line.and_then(|l| key_at(text, l));
            ConfigError {
                line,
                key,
                message: e.message().trim().to_string(),
            }
        })?;
        config.validate(text)?;
        Ok(config)
    }

    /// Reads, parses and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Config::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn validate(&self, text: &str) -> Result<(), ConfigError> {
        let err = |span: std::ops::Range<usize>, key: String, message: String| ConfigError {
            line: (span.end > 0).then(|| line_of(text, span.start)),
            key: Some(key),
            message,
        };
        let date = &self.event.date;
        if !valid_pgn_date(date.get_ref()) {
            return Err(err(
                date.span(),
                "event.date".into(),
                format!(
                    "`{}` is not a PGN date: write YYYY.MM.DD, with ? for unknown parts",
                    date.get_ref()
                ),
            ));
        }
        if *self.event.round.get_ref() == 0 {
            return Err(err(
                self.event.round.span(),
                "event.round".into(),
                "rounds are numbered from 1".into(),
            ));
        }
        let settle = &self.daemon.settle_ms;
        if *settle.get_ref() > 10_000 {
            return Err(err(
                settle.span(),
                "daemon.settle-ms".into(),
                format!("{} ms is too long: use 0 to 10000", settle.get_ref()),
            ));
        }
        let mut names = std::collections::HashMap::new();
        let mut numbers = std::collections::HashMap::new();
        for (i, b) in self.boards.iter().enumerate() {
            let k = |key: &str| format!("board[{}].{key}", i + 1);
            let dev = b.device.get_ref();
            if dev.trim().is_empty() {
                return Err(err(
                    b.device.span(),
                    k("device"),
                    "empty device: give a path such as /dev/ttyACM0 or a pattern such as /dev/serial/by-id/usb-DGT*".into(),
                ));
            }
            if !dev.starts_with('/') {
                return Err(err(
                    b.device.span(),
                    k("device"),
                    format!("`{dev}` is not an absolute path"),
                ));
            }
            if let Err(e) = glob::Pattern::new(dev) {
                return Err(err(
                    b.device.span(),
                    k("device"),
                    format!("bad pattern `{dev}`: {e}"),
                ));
            }
            if let Some(n) = &b.name {
                let name = n.get_ref();
                if name.is_empty() || name.contains(['/', '\n', '\0']) || name.starts_with('.') {
                    return Err(err(
                        n.span(),
                        k("name"),
                        format!("`{name}` cannot name a board (no `/`, not empty, no leading `.`)"),
                    ));
                }
                if let Some(prev) = names.insert(name.clone(), i) {
                    return Err(err(
                        n.span(),
                        k("name"),
                        format!("`{name}` is already the name of board {}", prev + 1),
                    ));
                }
                if b.is_pattern() {
                    return Err(err(
                        n.span(),
                        k("name"),
                        "a name needs a device path, not a pattern (several devices could match); boards found through a pattern are named by their serial number".into(),
                    ));
                }
            }
            if let Some(p) = &b.promotion
                && b.sensing != SensingKey::Occupancy
            {
                return Err(err(
                    p.span(),
                    k("promotion"),
                    "only occupancy boards need a promotion piece (identity boards see it)".into(),
                ));
            }
            if let Some(c) = &b.capture_settle_ms {
                if b.sensing != SensingKey::Occupancy {
                    return Err(err(
                        c.span(),
                        k("capture-settle-ms"),
                        "only occupancy boards wait for captures they cannot see (identity boards see them)".into(),
                    ));
                }
                if !CAPTURE_SETTLE_MS.contains(c.get_ref()) {
                    return Err(err(
                        c.span(),
                        k("capture-settle-ms"),
                        format!(
                            "{} ms is out of range: use {} to {}",
                            c.get_ref(),
                            CAPTURE_SETTLE_MS.start(),
                            CAPTURE_SETTLE_MS.end()
                        ),
                    ));
                }
            }
            let number = b.number_or(i);
            if number == 0 {
                let span = b.number.as_ref().map(|n| n.span()).unwrap_or(0..0);
                return Err(err(span, k("number"), "boards are numbered from 1".into()));
            }
            if let Some(prev) = numbers.insert(number, i) {
                let span = b
                    .number
                    .as_ref()
                    .map(|n| n.span())
                    .unwrap_or(b.device.span());
                return Err(err(
                    span,
                    k("number"),
                    format!(
                        "board number {number} is already used by board {}",
                        prev + 1
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn valid_pgn_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 3
        && [4, 2, 2].iter().zip(&parts).all(|(&n, p)| {
            p.len() == n && (p.chars().all(|c| c.is_ascii_digit()) || p.chars().all(|c| c == '?'))
        })
}

/// Where things go, once defaults are resolved against the environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    pub socket: PathBuf,
    pub state_directory: PathBuf,
    pub pgn_directory: PathBuf,
}

impl Paths {
    /// Resolves the configured paths, defaulting from systemd's `RUNTIME_DIRECTORY` /
    /// `STATE_DIRECTORY`, else the system paths for root, else the XDG directories.
    pub fn resolve(d: &DaemonSection, env: impl Fn(&str) -> Option<String>, root: bool) -> Paths {
        let first = |v: &str| {
            env(v)
                .and_then(|s| s.split(':').next().map(str::to_string))
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
        };
        let home = env("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| "/tmp".into());
        let socket = d.socket.clone().unwrap_or_else(|| {
            if let Some(r) = first("RUNTIME_DIRECTORY") {
                r.join("eboardd.sock")
            } else if root {
                "/run/eboardd/eboardd.sock".into()
            } else if let Some(x) = first("XDG_RUNTIME_DIR") {
                x.join("eboardd/eboardd.sock")
            } else {
                std::env::temp_dir().join("eboardd/eboardd.sock")
            }
        });
        let state_directory = d.state_directory.clone().unwrap_or_else(|| {
            if let Some(s) = first("STATE_DIRECTORY") {
                s
            } else if root {
                "/var/lib/eboardd".into()
            } else if let Some(x) = first("XDG_STATE_HOME") {
                x.join("eboardd")
            } else {
                home.join(".local/state/eboardd")
            }
        });
        let pgn_directory = d
            .pgn_directory
            .clone()
            .unwrap_or_else(|| state_directory.join("pgn"));
        Paths {
            socket,
            state_directory,
            pgn_directory,
        }
    }

    /// From the process environment.
    pub fn from_env(d: &DaemonSection) -> Paths {
        Paths::resolve(
            d,
            |k| std::env::var(k).ok(),
            nix::unistd::geteuid().is_root(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../../config/eboardd.toml");

    #[test]
    fn shipped_example_is_valid() {
        let c = Config::parse(EXAMPLE).unwrap();
        assert!(!c.boards.is_empty());
    }

    #[test]
    fn empty_file_gives_defaults() {
        let c = Config::parse("").unwrap();
        assert_eq!(*c.daemon.settle_ms.get_ref(), 250);
        assert_eq!(*c.event.round.get_ref(), 1);
        assert!(c.boards.is_empty());
        assert_eq!(c.rules.competition, Competition::Standard);
    }

    #[test]
    fn full_board_entry() {
        let c = Config::parse(
            "[event]\nevent = \"Club\"\ndate = \"2026.11.30\"\nround = 3\n\
             [rules]\ncompetition = \"blitz\"\n\
             [[board]]\nname = \"t1\"\ndevice = \"/dev/ttyACM0\"\nsensing = \"occupancy\"\n\
             orientation = \"rotated\"\npromotion = \"n\"\ncapture-settle-ms = 800\n\
             white = \"A\"\nblack = \"B\"\nnumber = 7\n",
        )
        .unwrap();
        let b = &c.boards[0];
        assert_eq!(b.sensing, SensingKey::Occupancy);
        assert_eq!(b.orientation, OrientationKey::Rotated);
        assert_eq!(
            b.promotion.as_ref().map(|p| *p.get_ref()),
            Some(Promotion::N)
        );
        assert_eq!(b.number_or(0), 7);
        assert_eq!(c.rules.competition, Competition::Blitz);
        assert_eq!(*c.event.round.get_ref(), 3);
        let sc = b.session_config(false, 400, c.rules.competition);
        assert_eq!(sc.sensing, Sensing::Occupancy);
        assert_eq!(sc.promotion, Role::Knight);
        assert_eq!(sc.settle_ms, 400);
        assert_eq!(sc.capture_settle_ms, Some(800));
        assert_eq!(sc.competition, SessionCompetition::Blitz);
        assert_eq!(
            sc.orientation,
            OrientationSetting::Fixed(Orientation::Rotated)
        );
    }

    #[test]
    fn unknown_key_named_with_line() {
        let e = Config::parse("[daemon]\nframe-events = true\nsokcet = \"/x\"\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.to_string().contains("sokcet"), "{e}");
        assert!(e.to_string().contains("line 3"), "{e}");
    }

    #[test]
    fn bad_value_names_key_and_line() {
        let text = "[[board]]\ndevice = \"/dev/a\"\n\n[[board]]\ndevice = \"/dev/b\"\nsensing = \"magnetic\"\n";
        let e = Config::parse(text).unwrap_err();
        assert_eq!(e.line, Some(6));
        assert_eq!(e.key.as_deref(), Some("board[2].sensing"));
        assert!(e.message.contains("magnetic"), "{e}");
    }

    #[test]
    fn wrong_type_names_key_and_line() {
        let e = Config::parse("[daemon]\nsettle-ms = \"fast\"\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert_eq!(e.key.as_deref(), Some("daemon.settle-ms"));
    }

    #[test]
    fn semantic_errors_name_key_and_line() {
        let e = Config::parse("[[board]]\ndevice = \"/dev/a\"\npromotion = \"q\"\n").unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref()),
            (Some(3), Some("board[1].promotion"))
        );

        let e =
            Config::parse("[[board]]\ndevice = \"/dev/a\"\ncapture-settle-ms = 800\n").unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref()),
            (Some(3), Some("board[1].capture-settle-ms"))
        );
        let e = Config::parse(
            "[[board]]\ndevice = \"/dev/a\"\nsensing = \"occupancy\"\ncapture-settle-ms = 100\n",
        )
        .unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref()),
            (Some(4), Some("board[1].capture-settle-ms"))
        );
        assert!(e.message.contains("300 to 5000"), "{}", e.message);

        let e = Config::parse(
            "[[board]]\nname = \"t1\"\ndevice = \"/dev/a\"\n[[board]]\nname = \"t1\"\ndevice = \"/dev/b\"\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(5), Some("board[2].name")));

        let e = Config::parse("[[board]]\ndevice = \"dev/a\"\n").unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref()),
            (Some(2), Some("board[1].device"))
        );

        let e = Config::parse("[event]\ndate = \"30.11.2026\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("event.date")));

        let e = Config::parse(
            "[[board]]\ndevice = \"/dev/a\"\nnumber = 2\n[[board]]\ndevice = \"/dev/b\"\n",
        )
        .unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref()),
            (Some(5), Some("board[2].number"))
        );

        let e = Config::parse("[[board]]\nname = \"x\"\ndevice = \"/dev/serial/by-id/usb-DGT*\"\n")
            .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("board[1].name"));
    }

    #[test]
    fn paths_default_from_environment() {
        let d = DaemonSection::default();
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        let p = Paths::resolve(
            &d,
            env(&[
                ("RUNTIME_DIRECTORY", "/run/eboardd"),
                ("STATE_DIRECTORY", "/var/lib/eboardd"),
            ]),
            false,
        );
        assert_eq!(p.socket, PathBuf::from("/run/eboardd/eboardd.sock"));
        assert_eq!(p.pgn_directory, PathBuf::from("/var/lib/eboardd/pgn"));
        let p = Paths::resolve(&d, env(&[]), true);
        assert_eq!(p.socket, PathBuf::from("/run/eboardd/eboardd.sock"));
        assert_eq!(p.state_directory, PathBuf::from("/var/lib/eboardd"));
        let p = Paths::resolve(
            &d,
            env(&[("XDG_RUNTIME_DIR", "/run/user/1000"), ("HOME", "/home/u")]),
            false,
        );
        assert_eq!(
            p.socket,
            PathBuf::from("/run/user/1000/eboardd/eboardd.sock")
        );
        assert_eq!(
            p.state_directory,
            PathBuf::from("/home/u/.local/state/eboardd")
        );
    }
}
