//! Perft of the six official 8×8 rule sets from their start positions, against the figures
//! dctl publishes (rhalbersma/dctl, `test/src/algo/traversal/initial/board_08x08.cpp`, the
//! rows that drop duplicate captures: routes with the same start, end and pieces taken counted
//! once, as `dama` counts them). Depths 1–9 run on every `cargo test`; 10–12 are `#[ignore]`d
//! (`cargo test --release --test perft_official -- --ignored`).
//!
//! dctl's Thai figures are from the twelve-men start (its `initial(2)`: two empty rows), not
//! from the Thai start of eight men each; the eight-men figures below are `dama`'s own.

use dama_core::perft::perft;
use dama_core::rules::{Brazilian, English, Italian, Pool, SpanishOfficial, Thai};
use dama_core::{BoardRules, Color, Position, Rules, fen};

/// dctl's counts, depths 1–12.
const ENGLISH: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_768,
    179_740,
    845_931,
    3_963_680,
    18_391_564,
    85_242_128,
    388_617_999,
];
const ITALIAN: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_473,
    177_532,
    828_783,
    3_860_875,
    17_761_384,
    81_647_058,
    367_911_475,
];
const SPANISH: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_473,
    177_532,
    828_783,
    3_860_866,
    17_743_464,
    81_383_200,
    365_728_331,
];
const BRAZILIAN: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_473,
    37_628,
    187_302,
    907_830,
    4_431_766,
    21_560_022,
    105_491_257,
    511_882_477,
];
const POOL: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_482,
    37_986,
    190_146,
    929_896,
    4_570_534,
    22_435_955,
    110_833_952,
    544_005_148,
];
/// dctl's Thai counts from the twelve-men start.
const THAI_TWELVE: [u64; 12] = [
    7,
    49,
    302,
    1_469,
    7_361,
    36_768,
    179_740,
    845_931,
    3_963_648,
    18_363_523,
    84_892_793,
    385_713_660,
];
/// `dama`'s Thai counts from the Thai start (eight men each), depths 1–9.
const THAI: [u64; 9] = [
    7,
    49,
    392,
    3_136,
    26_592,
    218_695,
    1_820_189,
    14_533_014,
    114_530_830,
];

fn check<R: Rules>(start: &Position, expected: &[u64], depths: std::ops::RangeInclusive<u32>) {
    for depth in depths {
        assert_eq!(
            perft::<R>(start, depth),
            expected[depth as usize - 1],
            "{:?} perft at depth {depth}",
            R::INFO.name
        );
    }
}

fn twelve_men() -> Position {
    fen::parse("W:W21-32:B1-12").unwrap()
}

#[test]
fn start_positions() {
    // Black first: English, and pool (APCA rule 7).
    for start in [English::start(), Pool::start()] {
        assert_eq!(start, Position::initial().with_turn(Color::Black));
    }
    for start in [
        Italian::start(),
        SpanishOfficial::start(),
        Brazilian::start(),
    ] {
        assert_eq!(start, Position::initial());
    }
    assert_eq!(
        fen::write(&Thai::start()),
        "W:Wa1,b2,c1,d2,e1,f2,g1,h2:Ba7,b8,c7,d8,e7,f8,g7,h8"
    );
}

#[test]
fn shallow() {
    check::<English>(&English::start(), &ENGLISH, 1..=9);
    check::<Italian>(&Italian::start(), &ITALIAN, 1..=9);
    check::<SpanishOfficial>(&SpanishOfficial::start(), &SPANISH, 1..=9);
    check::<Brazilian>(&Brazilian::start(), &BRAZILIAN, 1..=9);
    check::<Pool>(&Pool::start(), &POOL, 1..=9);
    check::<Thai>(&twelve_men(), &THAI_TWELVE, 1..=9);
    check::<Thai>(&Thai::start(), &THAI, 1..=7);
}

#[test]
#[ignore = "heavy: perft 10 of the six sets (about 120 M leaves)"]
fn depth_10() {
    check::<English>(&English::start(), &ENGLISH, 10..=10);
    check::<Italian>(&Italian::start(), &ITALIAN, 10..=10);
    check::<SpanishOfficial>(&SpanishOfficial::start(), &SPANISH, 10..=10);
    check::<Brazilian>(&Brazilian::start(), &BRAZILIAN, 10..=10);
    check::<Pool>(&Pool::start(), &POOL, 10..=10);
    check::<Thai>(&twelve_men(), &THAI_TWELVE, 10..=10);
    check::<Thai>(&Thai::start(), &THAI, 8..=9);
}

#[test]
#[ignore = "heavy: perft 11 of the six sets (about 550 M leaves)"]
fn depth_11() {
    check::<English>(&English::start(), &ENGLISH, 11..=11);
    check::<Italian>(&Italian::start(), &ITALIAN, 11..=11);
    check::<SpanishOfficial>(&SpanishOfficial::start(), &SPANISH, 11..=11);
    check::<Brazilian>(&Brazilian::start(), &BRAZILIAN, 11..=11);
    check::<Pool>(&Pool::start(), &POOL, 11..=11);
    check::<Thai>(&twelve_men(), &THAI_TWELVE, 11..=11);
}

#[test]
#[ignore = "heavy: perft 12 of the six sets (about 2.5 G leaves)"]
fn depth_12() {
    check::<English>(&English::start(), &ENGLISH, 12..=12);
    check::<Italian>(&Italian::start(), &ITALIAN, 12..=12);
    check::<SpanishOfficial>(&SpanishOfficial::start(), &SPANISH, 12..=12);
    check::<Brazilian>(&Brazilian::start(), &BRAZILIAN, 12..=12);
    check::<Pool>(&Pool::start(), &POOL, 12..=12);
    check::<Thai>(&twelve_men(), &THAI_TWELVE, 12..=12);
}
