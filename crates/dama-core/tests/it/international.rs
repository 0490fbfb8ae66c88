//! International draughts on the 10×10 board: perft from the start against the published
//! figures, and hand-made positions for each of its rules.

use dama_core::fen;
use dama_core::game::{Game, Outcome};
use dama_core::notation::algebraic;
use dama_core::perft::perft;
use dama_core::rules::DrawReason;
use dama_core::{Board10, BoardRules, International, MoveListOn, PositionOn};

/// Perft of international draughts from the start, duplicates (the same move by two routes)
/// dropped: the figures published with the issue (Scan's and dame-rs' counts agree).
const START: [u64; 12] = [
    1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398,
];

/// The FMJD forum's perft thread's "random 178" position (kings on both sides, black to
/// move), as dctl's tests give it, depths 0–9.
const RANDOM_178: (&str, [u64; 10]) = (
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    [
        1, 14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193,
    ],
);

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
#[ignore = "slow: depths 8 to 11 (about 2 G leaves)"]
fn perft_from_the_start_to_depth_eleven() {
    let start = International::start();
    for (depth, &expected) in START.iter().enumerate().skip(8) {
        assert_eq!(
            perft::<International>(&start, depth as u32),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_of_a_position_with_kings_to_depth_seven() {
    let (text, counts) = RANDOM_178;
    let pos = fen::parse_on::<Board10>(text).unwrap();
    for (depth, &expected) in counts.iter().enumerate().take(8) {
        assert_eq!(
            perft::<International>(&pos, depth as u32),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
#[ignore = "slow: depths 8 and 9 (about 1.3 G leaves)"]
fn perft_of_a_position_with_kings_to_depth_nine() {
    let (text, counts) = RANDOM_178;
    let pos = fen::parse_on::<Board10>(text).unwrap();
    for (depth, &expected) in counts.iter().enumerate().skip(8) {
        assert_eq!(
            perft::<International>(&pos, depth as u32),
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
    crate::sorted_moves::<International>(fen_text)
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

/// The legal moves of `fen_text` as (start, end, pieces taken) by number, sorted: what
/// identifies a capture whatever route the generator kept for it.
fn keys(fen_text: &str) -> Vec<(u8, u8, Vec<u8>)> {
    let pos = pos(fen_text);
    let mut list = MoveListOn::new();
    International::legal_moves(&pos, &mut list);
    let mut keys: Vec<_> = list
        .iter()
        .map(|m| {
            let mut taken: Vec<u8> = m.captured().squares().map(|s| s.number()).collect();
            taken.sort_unstable();
            (m.from().number(), m.to().number(), taken)
        })
        .collect();
    keys.sort();
    keys
}

#[test]
fn turkish_strike_pieces_taken_stay_until_the_move_ends() {
    // White king on 37; black men on 32, 22, 21 and 31 form the sides of the rectangle with
    // corners 37, 28, 17 and 26, and a fifth on 23, just past 28 on the long diagonal.
    //
    // Going round one way, 37x32 must land on 28 (23 stops it), then 22 (to 17), 21 (to 26)
    // and 31 (to 37, the square it left and which is free now, or on to 42, 48). Back on 37
    // the man on 32 is still on the board: it cannot be jumped a second time, and it stands
    // between the king and 23, so this way takes four, never five.
    //
    // Going the other way, 37x31 lands on 26, 21 is taken to 17 (landing on 12 instead only
    // leads to 23, three pieces in all), 22 to 28; from 28 the king takes either 32 (landing
    // on 37, 41 or 46) or 23 (landing on 19, 14, 10 or 5), and then nothing more: 23 and 32
    // cannot both be taken, as each one taken blocks the way to the other. Four pieces again,
    // the most any capture takes, so all these are legal.
    let rectangle = vec![21, 22, 31, 32];
    let with_23 = vec![21, 22, 23, 31];
    let mut want: Vec<(u8, u8, Vec<u8>)> = [37, 41, 42, 46, 48]
        .into_iter()
        .map(|to| (37, to, rectangle.clone()))
        .chain(
            [5, 10, 14, 19]
                .into_iter()
                .map(|to| (37, to, with_23.clone())),
        )
        .collect();
    want.sort();
    assert_eq!(keys("W:WK37:B21,22,23,31,32"), want);
}

#[test]
fn a_king_takes_from_afar_and_chooses_where_to_land() {
    // From 46 the king sees the man on 28 across the free 41, 37 and 32, and may land on any
    // free square beyond it.
    assert_eq!(
        moves("W:WK46:B28"),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
    // With a man on 24 only the landing on 19 lets the capture go on (over 24, to 30 or 35),
    // and the capture of two must be played.
    assert_eq!(moves("W:WK46:B24,28"), ["46x19x30", "46x19x35"]);
}

#[test]
fn majority_between_a_king_and_a_man() {
    // The king on 50 can take 44 (one piece: landing on 39 or 33, its own man on 28 ends the
    // diagonal); the man on 28 takes 22 and 11 (two): only the man's capture is legal.
    assert_eq!(moves("W:WK50,28:B11,22,44"), ["28x17x6"]);
    // With a man on 24 the king takes two (44, then 24 from 33, landing on 20 or 15) and the
    // man one (22): only the king's captures.
    assert_eq!(moves("W:WK50,28:B22,24,44"), ["50x33x15", "50x33x20"]);
    // Two each: all are legal.
    assert_eq!(
        moves("W:WK50,28:B11,22,24,44"),
        ["28x17x6", "50x33x15", "50x33x20"]
    );
}

/// Plays the king moves `from-to` in turn for each side, given as square numbers: white's
/// cycle and black's cycle, for `plies` half-moves; returns the outcome after each.
fn shuffle(
    start: &str,
    white: &[u8],
    black: &[u8],
    plies: usize,
) -> (Game<International>, Vec<Option<Outcome>>) {
    let mut game = Game::<International>::new(pos(start));
    let mut outcomes = Vec::new();
    let (mut w, mut b) = (0, 0);
    for ply in 0..plies {
        let (cycle, at) = if ply % 2 == 0 {
            (white, &mut w)
        } else {
            (black, &mut b)
        };
        let text = format!(
            "{}-{}",
            cycle[*at % cycle.len()],
            cycle[(*at + 1) % cycle.len()]
        );
        *at += 1;
        let mut legal = MoveListOn::new();
        game.legal_moves(&mut legal);
        let mv = algebraic::parse_numbered(&text, game.position(), &legal)
            .unwrap_or_else(|e| panic!("ply {ply}: {text}: {e}"));
        game.try_play(&mv).unwrap();
        outcomes.push(game.outcome());
    }
    (game, outcomes)
}

/// The white king walks 46, 41, 37 round the long diagonal (three positions), the black
/// one 1, 7, 12, 18, 34 round the diagonal 1-45 (five): a position comes back only every
/// fifteen moves each, so no third occurrence before the sixtieth half-move. The kings on
/// these squares never share a diagonal with a piece of the other side, so nothing can be
/// taken.
const WHITE_WALK: [u8; 3] = [46, 41, 37];
const BLACK_WALK: [u8; 5] = [1, 7, 12, 18, 34];

#[test]
fn twenty_five_moves_each_of_kings_only_draw() {
    // Two kings a side (no small-ending count): the kings on 50 and 6 stay put.
    let (game, outcomes) = shuffle("W:WK46,K50:BK1,K6", &WHITE_WALK, &BLACK_WALK, 50);
    // Forty-nine half-moves: not yet; the fiftieth (black's twenty-fifth move) draws.
    assert!(outcomes[..49].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[49], Some(Outcome::Draw(DrawReason::NoProgress)));
    assert_eq!(game.counters().quiet_plies, 50);
}

#[test]
fn three_pieces_with_a_king_against_a_lone_king_draw_after_sixteen_moves_each() {
    // Three white kings (the ones on 49 and 50 stay put) against one.
    let (_, outcomes) = shuffle("W:WK46,K49,K50:BK1", &WHITE_WALK, &BLACK_WALK, 32);
    assert!(outcomes[..31].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[31], Some(Outcome::Draw(DrawReason::KingEnding)));
    // A king and two men against a king counts the same; the men on 47 and 48 stay put.
    let (_, outcomes) = shuffle("W:WK46,47,48:BK1", &WHITE_WALK, &BLACK_WALK, 32);
    assert!(outcomes[..31].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[31], Some(Outcome::Draw(DrawReason::KingEnding)));
}

#[test]
fn two_pieces_with_a_king_against_a_lone_king_draw_after_five_moves_each() {
    // Two kings against one.
    let (_, outcomes) = shuffle("W:WK46,K50:BK1", &WHITE_WALK, &BLACK_WALK, 10);
    assert!(outcomes[..9].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[9], Some(Outcome::Draw(DrawReason::KingEnding)));
    // A king against a king.
    let (_, outcomes) = shuffle("W:WK46:BK1", &WHITE_WALK, &BLACK_WALK, 10);
    assert!(outcomes[..9].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[9], Some(Outcome::Draw(DrawReason::KingEnding)));
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // 46-41 1-7 41-46 7-1 brings the start back (second time) after four half-moves and
    // again (third) after eight; the position after seven half-moves is only a second
    // occurrence.
    let (game, outcomes) = shuffle("W:WK46,K50:BK1,K6", &[46, 41], &[1, 7], 8);
    assert!(outcomes[..7].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[7], Some(Outcome::Draw(DrawReason::Repetition)));
    assert_eq!(game.repetitions(), 3);
}
