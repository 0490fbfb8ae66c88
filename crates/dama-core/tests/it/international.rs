//! International draughts on the 10×10 board: perft from the start against the published
//! figures, and hand-made positions for each of its rules.

use dama_core::fen;
use dama_core::notation::algebraic;
use dama_core::perft::perft;
use dama_core::{Board10, BoardRules, International, MoveListOn, PositionOn};

/// Perft of international draughts from the start, duplicates (the same move by two routes)
/// dropped: the figures published with the issue (Scan's and dame-rs' counts agree).
const START: [u64; 11] = [
    1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763,
];

#[test]
fn perft_from_the_start_to_depth_seven() {
    let start = International::start();
    assert_eq!(
        fen::write(&start),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
    for (depth, &expected) in START.iter().enumerate().take(8) {
        assert_eq!(
            perft::<International>(&start, depth as u32),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
#[ignore = "slow: depths 8 to 10 (about 300 M leaves)"]
fn perft_from_the_start_to_depth_ten() {
    let start = International::start();
    for (depth, &expected) in START.iter().enumerate().skip(8) {
        assert_eq!(
            perft::<International>(&start, depth as u32),
            expected,
            "depth {depth}"
        );
    }
}

fn pos(text: &str) -> PositionOn<Board10> {
    fen::parse_on::<Board10>(text).unwrap()
}

/// The legal moves of `fen_text`, written and sorted.
fn moves(fen_text: &str) -> Vec<String> {
    let pos = pos(fen_text);
    let mut list = MoveListOn::new();
    International::legal_moves(&pos, &mut list);
    let mut texts: Vec<String> = list.iter().map(algebraic::write).collect();
    texts.sort();
    texts
}

#[test]
fn fen_reads_ranges_and_writes_numbers() {
    let start = pos("W:W31-50:B1-20");
    assert_eq!(start, International::start());
    let p = pos("B:W28,K46:BK1,19");
    assert_eq!(fen::write(&p), "B:W28,K46:BK1,19");
    assert!(fen::parse_on::<Board10>("W:W51:B1").is_err());
    assert!(fen::parse_on::<Board10>("W:W31-51:B1").is_err());
}

#[test]
fn the_opening_moves() {
    assert_eq!(
        moves("W:W31-50:B1-20"),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

#[test]
fn the_capture_taking_most_pieces_must_be_played() {
    // White's man on 28 can take 23 (one piece), or 22 and then 11 (two): only the capture
    // of two is legal.
    assert_eq!(moves("W:W28:B23,22,11"), ["28x17x6"]);
    // Two captures of one piece each: both are legal.
    assert_eq!(moves("W:W28:B23,22"), ["28x17", "28x19"]);
}

#[test]
fn a_king_counts_as_one_piece() {
    // 28x17 takes a king, one piece; 28x19x10 takes two men: the two men must be taken.
    assert_eq!(moves("W:W28:BK22,23,14"), ["28x19x10"]);
    // Two kings or two men: two pieces each way, both legal (no Italian preference).
    assert_eq!(moves("W:W28:BK22,K11,23,14"), ["28x17x6", "28x19x10"]);
}

#[test]
fn a_man_passing_the_last_row_mid_capture_goes_on_as_a_man() {
    // 13x2 lands on the last row over 8; from 2 it takes 7 backward to 11 and the move ends
    // there as a man.
    let p = pos("W:W13:B8,7");
    let mut list = MoveListOn::new();
    International::legal_moves(&p, &mut list);
    assert_eq!(list.len(), 1);
    let mv = list[0];
    assert_eq!(algebraic::write(&mv), "13x2x11");
    let after = p.after(&mv);
    assert_eq!(fen::write(&after), "B:W11:B");
    // Ending on the last row crowns it.
    let p = pos("W:W13:B8");
    let mut list = MoveListOn::new();
    International::legal_moves(&p, &mut list);
    assert_eq!(fen::write(&p.after(&list[0])), "B:WK2:B");
}
