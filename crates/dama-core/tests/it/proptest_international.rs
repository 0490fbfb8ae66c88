//! International draughts against the independent reference generator of
//! `rules_reference/international.rs`: on random 10×10 positions (men and kings of both sides,
//! up to twenty a side, crowded boards and boards full of kings), along random games from
//! them, and on every position of perft trees four plies deep from the start and from two
//! middle games. For each position the library's moves must be the reference's, one per start,
//! end and set taken; each move's route must be one the reference found for it; and playing
//! it must give the reference's position (the pieces taken lifted, a man crowned only where
//! its move ends on the far row).

use dama_core::fen;
use dama_core::perft::{perft, perft_full};
use dama_core::rules::{ParamRules, Params};
use dama_core::{Board10, BoardRules, International, MoveListOn, MoveOn, PositionOn};
use dama_testkit::arb_position_10;
use proptest::prelude::*;
use proptest::sample::Index;

use crate::rules_reference::international::{Grid, RefMove};

type Pos = PositionOn<Board10>;

/// The reference's view of a library move.
fn as_ref_move(mv: &MoveOn<Board10>) -> RefMove {
    let mut taken: Vec<u8> = mv.captured().squares().map(|s| s.number()).collect();
    taken.sort_unstable();
    RefMove {
        from: mv.from().number(),
        path: mv.path().iter().map(|s| s.number()).collect(),
        taken,
    }
}

/// Checks the library's moves of `pos` against the reference's; a text saying how they
/// differ otherwise.
fn compare(pos: &Pos) -> Result<(), String> {
    let grid = Grid::from_position(pos);
    let routes = grid.routes();
    let mut want: Vec<_> = grid.legal_moves().iter().map(RefMove::key).collect();
    want.sort();

    let mut list = MoveListOn::new();
    International::legal_moves(pos, &mut list);
    let got_moves: Vec<RefMove> = list.iter().map(as_ref_move).collect();
    let mut got: Vec<_> = got_moves.iter().map(RefMove::key).collect();
    got.sort();
    if got != want {
        return Err(format!(
            "the moves of {}: library {got:?}, reference {want:?}",
            fen::write(pos)
        ));
    }
    // `got` equals the merged `want`, so no two library moves share a key.
    for (mv, r) in list.iter().zip(&got_moves) {
        if !routes
            .iter()
            .any(|x| x.key() == r.key() && x.path == r.path)
        {
            return Err(format!(
                "{}: the route {:?} of {:?} is not one of the rules'",
                fen::write(pos),
                r.path,
                r.key()
            ));
        }
        let after = Grid::from_position(&pos.after(mv));
        if after != grid.after(r) {
            return Err(format!(
                "{}: {:?} gives {}",
                fen::write(pos),
                r,
                fen::write(&pos.after(mv))
            ));
        }
    }
    // The capture-only generator agrees.
    let mut captures = MoveListOn::new();
    let quiet = International::legal_captures(pos, &mut captures);
    let want_captures: Vec<_> = list.iter().filter(|m| m.is_capture()).copied().collect();
    if captures[..] != want_captures[..] || quiet != list.iter().any(|m| !m.is_capture()) {
        return Err(format!("{}: legal_captures differs", fen::write(pos)));
    }
    Ok(())
}

/// Plays a random game of up to `choices.len()` plies from `start`, comparing every position.
fn random_game(start: Pos, choices: &[Index]) -> Result<(), TestCaseError> {
    let mut pos = start;
    let mut list = MoveListOn::new();
    for choice in choices {
        compare(&pos).map_err(TestCaseError::fail)?;
        International::legal_moves(&pos, &mut list);
        if list.is_empty() {
            return Ok(());
        }
        pos = pos.after(choice.get(&list[..]));
        prop_assert_eq!(fen::parse_on::<Board10>(&fen::write(&pos)), Ok(pos));
    }
    compare(&pos).map_err(TestCaseError::fail)
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2048))]

    #[test]
    fn international_random_positions_match_the_reference(pos in arb_position_10()) {
        compare(&pos).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn international_games_from_random_positions_match_the_reference(
        start in arb_position_10(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        random_game(start, &choices)?;
    }

    #[test]
    fn international_games_from_the_start_match_the_reference(
        choices in prop::collection::vec(any::<Index>(), 0..150),
    ) {
        random_game(International::start(), &choices)?;
    }
}

/// Compares every position of the legal-move tree of `pos` down to `depth` plies (the leaves
/// included); returns how many positions were compared.
fn walk(pos: &Pos, depth: u32) -> usize {
    if let Err(e) = compare(pos) {
        panic!("{e}");
    }
    if depth == 0 {
        return 1;
    }
    let mut list = MoveListOn::new();
    International::legal_moves(pos, &mut list);
    1 + list
        .iter()
        .map(|mv| walk(&pos.after(mv), depth - 1))
        .sum::<usize>()
}

#[test]
fn international_perft_tree_from_the_start_matches_the_reference() {
    // 1 + 9 + 81 + 658 + 4265 positions (the published perft figures).
    assert_eq!(walk(&International::start(), 4), 5014);
}

/// Two middle games: a classical one of men only, seventeen a side with the centre
/// contested, and one with kings of both sides among the men.
const MIDDLE_GAMES: [&str; 2] = [
    "W:W28,31,32,33,34,35,36,37,38,39,40,41,42,43,45,47,49:B2,4,6,7,8,9,10,11,12,13,14,15,16,17,19,20,23",
    "W:WK46,28,32,33,34,38,39,43,44:B8,12,13,16,17,19,24,K5",
];

#[test]
fn international_perft_trees_from_middle_games_match_the_reference() {
    for text in MIDDLE_GAMES {
        let pos = fen::parse_on::<Board10>(text).unwrap();
        let mut list = MoveListOn::new();
        International::legal_moves(&pos, &mut list);
        assert!(!list.is_empty(), "{text}");
        let n = walk(&pos, 4);
        assert!(n > 1000, "{text}: {n} positions");
    }
}

/// International's moves under its own `PARAMS`, without the specialised searches
/// ([`ParamRules::FAST_PATHS`] off): the general capture search and perft through the moves.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct GeneralInternational;

impl ParamRules for GeneralInternational {
    type Board = Board10;
    const PARAMS: Params = International::PARAMS;
}

impl BoardRules for GeneralInternational {
    const INFO: dama_core::RuleSetInfo = International::INFO;
    dama_core::moves_from_params!();
}

proptest! {
    #![proptest_config(config(512))]

    /// The general search gives the same moves as the library's (checked above against the
    /// reference), and perft through the specialised searches, playing every leaf and through
    /// the general search agree.
    #[test]
    fn international_fast_paths_agree_with_the_general_search(
        pos in arb_position_10(),
        depth in 1u32..=2,
    ) {
        let mut fast = MoveListOn::new();
        let mut general = MoveListOn::new();
        International::legal_moves(&pos, &mut fast);
        GeneralInternational::legal_moves(&pos, &mut general);
        let key = |m: &MoveOn<Board10>| (m.from().bit(), m.to().bit(), m.captured().bits());
        let mut a: Vec<_> = fast.iter().map(key).collect();
        let mut b: Vec<_> = general.iter().map(key).collect();
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b, "{}", fen::write(&pos));
        let nodes = perft::<International>(&pos, depth);
        prop_assert_eq!(nodes, perft_full::<International>(&pos, depth), "{}", fen::write(&pos));
        prop_assert_eq!(nodes, perft::<GeneralInternational>(&pos, depth), "{}", fen::write(&pos));
    }
}
