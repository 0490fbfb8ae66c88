//! Killer draughts: the published perft figures (dctl's tests: the start position, and two
//! positions from Fabien Letouzey), and the landing rule itself.

use dama_core::{BoardRules, International, Killer, MoveListOn, Variant, pdn};

/// Perft at depths `1..=depths` ([`crate::perft_counts`] without the 1 of depth 0).
fn counts<R: BoardRules>(fen: &str, depths: u32) -> Vec<u64> {
    crate::perft_counts::<R>(fen, depths)[1..].to_vec()
}

#[test]
fn the_published_figures() {
    // dctl, test/src/algo/traversal/initial/board_10x10.cpp: the start is international's.
    let start = Killer::start();
    assert_eq!(start, International::start());
    assert_eq!(
        crate::start_perft_counts::<Killer>(7)[1..],
        [9, 81, 658, 4265, 27117, 167140, 1049442]
    );
    // dctl, test/src/algo/traversal/killer/letouzey.cpp ("email conversation with Fabien
    // Letouzey"): kings on both sides.
    let random178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    assert_eq!(
        counts::<Killer>(random178, 6),
        [14, 55, 1168, 5165, 84326, 573965]
    );
    // Under the international rules the same position counts otherwise from depth 4.
    assert_eq!(counts::<International>(random178, 4), [14, 55, 1168, 5432]);
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    assert_eq!(
        counts::<Killer>(woldouby, 10),
        [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88043]
    );
}

#[test]
fn a_capture_ending_on_a_king_halts_behind_it() {
    // White's king on 46 takes black's king on 28 along the long diagonal: under the
    // international rules it may land on 23, 19, 14, 10 or 5; under killer only on 23.
    let landings = |moves: &MoveListOn<_>| -> Vec<String> {
        let mut names: Vec<String> = moves.iter().map(Killer::write_move).collect();
        names.sort();
        names
    };
    let mut moves = MoveListOn::new();
    Killer::legal_moves(&Killer::parse_fen("W:WK46:BK28,1").unwrap(), &mut moves);
    assert_eq!(landings(&moves), ["46x23"]);
    International::legal_moves(
        &International::parse_fen("W:WK46:BK28,1").unwrap(),
        &mut moves,
    );
    assert_eq!(
        landings(&moves),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
    // A man taken last leaves every landing free.
    Killer::legal_moves(&Killer::parse_fen("W:WK46:B28,1").unwrap(), &mut moves);
    assert_eq!(
        landings(&moves),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
}

#[test]
fn pdn_writes_it_as_international_with_its_variant() {
    assert_eq!("killer".parse::<Variant>(), Ok(Variant::Killer));
    assert_eq!(Variant::from_pdn(20, Some("killer")), Some(Variant::Killer));
    assert_eq!(Variant::from_pdn(20, None), Some(Variant::International));
    let text = "[GameType \"20\"]\n[Variant \"killer\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let record = pdn::read::<Killer>(text).unwrap();
    assert_eq!(record.game.moves().len(), 4);
}
