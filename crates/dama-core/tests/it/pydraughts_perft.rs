//! dama's perft against pydraughts 0.6.7's on the variants it shares with us: for each, 200
//! positions reached by seeded random play, each with its depth-4 count as pydraughts' own
//! board counts it. The tables are checked in with the script that made them
//! (`interop/perft/make_table.py`, run with interop/requirements.txt's pinned pydraughts);
//! `docs/rules.md` says where pydraughts and the rules part ways (the script leaves out
//! pydraughts' Turkish kings' plain moves over a piece; nothing else parts them in these
//! positions). The Frisian tables carry the count of a king's plain moves in a row in the
//! FEN (lidraughts' field), which the script keeps as it plays.

use dama_core::perft::perft;
use dama_core::{Antidraughts, BoardRules, Breakthrough, Frisian, Frysk, Turkish};

/// Checks every `FEN count` line of `table` (comment lines start with `#`) under `R`, and
/// that the table holds at least 200 positions.
fn check<R: BoardRules>(table: &str) {
    let mut positions = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (fen, count) = line.rsplit_once(' ').expect("a line is `FEN count`");
        let count: u64 = count.parse().expect("the count is a number");
        let pos = R::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(perft::<R>(&pos, 4), count, "{} {fen}", R::INFO.name);
        positions += 1;
    }
    assert!(positions >= 200, "{}: {positions} positions", R::INFO.name);
}

#[test]
fn antidraughts_agrees_with_pydraughts() {
    check::<Antidraughts>(include_str!("../../../../interop/perft/antidraughts.txt"));
}

#[test]
fn breakthrough_agrees_with_pydraughts() {
    check::<Breakthrough>(include_str!("../../../../interop/perft/breakthrough.txt"));
}

#[test]
fn frisian_agrees_with_pydraughts() {
    check::<Frisian>(include_str!("../../../../interop/perft/frisian.txt"));
}

#[test]
fn frysk_agrees_with_pydraughts() {
    check::<Frysk>(include_str!("../../../../interop/perft/frysk.txt"));
}

#[test]
fn turkish_agrees_with_pydraughts() {
    check::<Turkish>(include_str!("../../../../interop/perft/turkish.txt"));
}
