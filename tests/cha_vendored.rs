//! The vendored CHA (vendor/chasolver, see its VENDORED.md) answers exactly as the crates.io
//! release it was taken from, and its node budget only ever turns an answer into "undecided".
//!
//! Positions: every position of the real games in `shared/data` (what the monitor meets) and
//! CHA's own labelled positions (hard cases people submitted to chasolver.org, and a sample of
//! Lichess positions), labelled `W`/`-` for White and `B`/`-` for Black.

use std::path::Path;
use std::str::FromStr;

use chess::{Board, BoardStatus, Color};
use eboardd::core::rules::dead::FAST_CHECK_BUDGET;
use eboardd::shell::shared_data;
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

/// Every position after every move of the real games (read once for all the tests here).
fn real_game_positions() -> &'static [Board] {
    static POSITIONS: std::sync::OnceLock<Vec<Board>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = Vec::new();
        for game in shared_data::all_real_games() {
            let mut pos = game.start.clone();
            for mv in &game.moves {
                pos.play_unchecked(*mv);
                let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                out.push(Board::from_str(&fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
            }
        }
        assert!(out.len() > 50_000, "only {} positions", out.len());
        out
    })
}

/// CHA's labelled positions: (board, [White can mate, Black can mate]), every `step`-th.
fn labelled(file: &str, step: usize) -> Vec<(Board, [bool; 2])> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("vendor/chasolver/tests")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let out: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .map(|l| {
            let (label, fen) = l.split_at(2);
            let board = Board::from_str(fen.trim()).unwrap_or_else(|e| panic!("{l}: {e}"));
            let label = label.as_bytes();
            (board, [label[0] == b'W', label[1] == b'B'])
        })
        .collect();
    assert!(out.len() > 1_000, "{file}: only {} positions", out.len());
    out
}

/// The crates.io release's fast check (both copies use the same `chess` crate and boards).
fn upstream_fast(board: &Board) -> [bool; 2] {
    [
        chasolver_upstream::is_unwinnable_fast(board, Color::White),
        chasolver_upstream::is_unwinnable_fast(board, Color::Black),
    ]
}

#[test]
fn fast_check_answers_as_upstream_on_every_real_game_position() {
    let positions = real_game_positions();
    for board in positions {
        // With the monitor's budget: the budget changes no answer on real games.
        let ours = chasolver::is_unwinnable_fast_both(board, FAST_CHECK_BUDGET);
        assert_eq!(ours, upstream_fast(board), "fast check differs on {board}");
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            assert_eq!(
                ours[i],
                chasolver::is_unwinnable_fast(board, color),
                "{board} {color:?}"
            );
        }
    }
}

#[test]
fn fast_check_answers_as_upstream_and_soundly_on_labelled_positions() {
    let mut cases = labelled("positions.txt", 1);
    cases.extend(labelled("lichess.txt", 20));
    let mut proved = 0;
    let mut budget_mattered = 0;
    for (board, label) in &cases {
        let ours = chasolver::is_unwinnable_fast_both(board, u64::MAX);
        assert_eq!(ours, upstream_fast(board), "fast check differs on {board}");
        // The budget only ever turns "proved" into "not proved".
        let budgeted = chasolver::is_unwinnable_fast_both(board, FAST_CHECK_BUDGET);
        for i in 0..2 {
            assert!(
                !(ours[i] && label[i]),
                "{board}: side {i} called unwinnable but can mate"
            );
            assert!(
                !budgeted[i] || ours[i],
                "{board}: side {i} proved only with a budget"
            );
            proved += usize::from(ours[i]);
            budget_mattered += usize::from(ours[i] && !budgeted[i]);
        }
    }
    // Some of these hard positions need more than the budget (that is what it is for).
    assert!(budget_mattered > 0, "the budget never mattered");
    // The check proves something: on these sets, well over a thousand unwinnable sides.
    assert!(proved > 1_000, "only {proved} sides proved unwinnable");
}

#[test]
fn full_search_answers_as_upstream_on_a_sample_of_real_game_positions() {
    let positions = real_game_positions();
    let mut winnable = 0;
    for board in positions.iter().step_by(25) {
        for color in [Color::White, Color::Black] {
            let ours = chasolver::winnability_within(board, color, u64::MAX);
            let theirs = chasolver_upstream::winnability(board, color);
            let same = match (&ours, &theirs) {
                (
                    Some(chasolver::Winnability::Winnable { helpmate: a }),
                    Some(chasolver_upstream::Winnability::Winnable { helpmate: b }),
                ) => a == b,
                (
                    Some(chasolver::Winnability::Unwinnable),
                    Some(chasolver_upstream::Winnability::Unwinnable),
                ) => true,
                (None, None) => true,
                _ => false,
            };
            assert!(
                same,
                "{board} {color:?}: ours {ours:?}, upstream {theirs:?}"
            );
            winnable += usize::from(matches!(
                ours,
                Some(chasolver::Winnability::Winnable { .. })
            ));
        }
    }
    assert!(winnable > 1_000, "only {winnable} winnable");
}

#[test]
fn a_budget_only_ever_makes_an_answer_undecided() {
    let cases = labelled("positions.txt", 3);
    let (mut decided, mut undecided) = (0, 0);
    for (board, label) in &cases {
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            match chasolver::winnability_within(board, color, 5_000) {
                None => undecided += 1,
                Some(chasolver::Winnability::Unwinnable) => {
                    assert!(
                        !label[i],
                        "{board} {color:?}: unwinnable but labelled winnable"
                    );
                    decided += 1;
                }
                Some(chasolver::Winnability::Winnable { helpmate }) => {
                    assert!(
                        label[i],
                        "{board} {color:?}: winnable but labelled unwinnable"
                    );
                    let end = helpmate.iter().fold(*board, |b, &m| b.make_move_new(m));
                    if !helpmate.is_empty() {
                        assert_eq!(end.status(), BoardStatus::Checkmate, "{board} {color:?}");
                        assert_eq!(end.side_to_move(), !color, "{board} {color:?}");
                    }
                    decided += 1;
                }
            }
        }
    }
    // A small budget leaves hard positions undecided, and still decides most.
    assert!(
        undecided > 0,
        "a 5,000-node budget decided every hard position"
    );
    assert!(
        decided > undecided,
        "decided {decided}, undecided {undecided}"
    );
}
