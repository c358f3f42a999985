//! Property: whatever a board sends — random field updates, dumps, clock readings and
//! garbage, at random times, in either sensing mode — a session never panics, its timers
//! always move forward, and every move it reports is legal in the game it reports.

use eboardd::core::dgt::{Message, PieceCode};
use eboardd::core::event::EventKind;
use eboardd::core::session::{OrientationSetting, Sensing, Session, SessionConfig};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

#[derive(Debug, Clone)]
enum Input {
    Field(u8, u8),
    Dump(Vec<u8>),
    Start,
    Clock(bool),
    Garbage(Vec<u8>),
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        6 => (0u8..64, 0u8..16).prop_map(|(i, c)| Input::Field(i, c)),
        1 => proptest::collection::vec(0u8..16, 64).prop_map(Input::Dump),
        1 => Just(Input::Start),
        1 => any::<bool>().prop_map(Input::Clock),
        1 => proptest::collection::vec(any::<u8>(), 1..8).prop_map(Input::Garbage),
    ]
}

fn start_dump() -> Vec<u8> {
    let mut d = vec![0u8; 64];
    d[..8].copy_from_slice(&[8, 9, 10, 12, 11, 10, 9, 8]);
    d[8..16].fill(7);
    d[48..56].fill(1);
    d[56..].copy_from_slice(&[2, 3, 4, 6, 5, 4, 3, 2]);
    d
}

fn bytes(i: &Input) -> Vec<u8> {
    match i {
        Input::Field(index, code) => Message::FieldUpdate {
            index: *index,
            piece: PieceCode::from_code(*code),
        }
        .encode(),
        Input::Garbage(g) => g.clone(),
        Input::Dump(codes) => {
            let mut f = Box::new([PieceCode::Empty; 64]);
            for (x, c) in f.iter_mut().zip(codes) {
                *x = PieceCode::from_code(*c);
            }
            Message::BoardDump(f).encode()
        }
        Input::Start => {
            let mut f = Box::new([PieceCode::Empty; 64]);
            for (x, c) in f.iter_mut().zip(start_dump()) {
                *x = PieceCode::from_code(c);
            }
            Message::BoardDump(f).encode()
        }
        Input::Clock(right) => {
            let status = 0x01 | if *right { 0x08 } else { 0x10 };
            eboardd::core::dgt::message::frame(0x8d, &[1, 0x30, 0, 1, 0x30, 0, status])
        }
    }
}

proptest! {
    // (`PROPTEST_CASES=N` runs more.)
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(128)
    ))]

    #[test]
    fn any_input_is_handled(
        inputs in proptest::collection::vec((input(), 0u64..2000), 1..200),
        occupancy in any::<bool>(),
    ) {
        let mut s = Session::new(SessionConfig {
            sensing: if occupancy { Sensing::Occupancy } else { Sensing::Identity },
            orientation: if occupancy {
                OrientationSetting::Fixed(eboardd::core::dgt::Orientation::Normal)
            } else {
                OrientationSetting::Auto
            },
            ..SessionConfig::default()
        });
        let mut now = 0u64;
        let mut game: Option<Chess> = None;
        let check = |s: &mut Session, game: &mut Option<Chess>| -> Result<(), TestCaseError> {
            while let Some(e) = s.poll_event() {
                match e.kind {
                    EventKind::NewGame { fen, .. } => {
                        let f: Fen = fen.parse().unwrap();
                        *game = Some(f.into_position(CastlingMode::Standard).unwrap());
                    }
                    EventKind::Move { uci, fen, illegal, .. } => {
                        let pos = game.as_mut().expect("a move without a game");
                        if !illegal {
                            let m = uci.parse::<UciMove>().unwrap().to_move(pos);
                            prop_assert!(m.is_ok(), "illegal move reported: {uci} in {}", Fen::from_position(pos, shakmaty::EnPassantMode::Legal));
                            pos.play_unchecked(m.unwrap());
                        }
                        let f: Fen = fen.parse().unwrap();
                        *pos = f.into_position(CastlingMode::Standard).unwrap();
                    }
                    EventKind::Takeback { fen, .. } => {
                        let f: Fen = fen.parse().unwrap();
                        *game = Some(f.into_position(CastlingMode::Standard).unwrap());
                    }
                    _ => {}
                }
            }
            Ok(())
        };
        for (i, dt) in &inputs {
            now += dt;
            let mut guard = 0;
            while let Some(t) = s.poll_timeout().filter(|&t| t <= now) {
                s.handle_timeout(t);
                check(&mut s, &mut game)?;
                guard += 1;
                prop_assert!(guard < 1000, "timers do not move forward");
                if let Some(next) = s.poll_timeout() {
                    prop_assert!(next > t || next > now, "timer did not advance: {t} then {next}");
                }
            }
            s.handle_input(now, &bytes(i));
            check(&mut s, &mut game)?;
        }
        s.finish(now);
        check(&mut s, &mut game)?;
    }
}
