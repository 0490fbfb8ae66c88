//! Perft tables of both rule sets, through the library.
//!
//! Each table row is a rule set, a FEN and the expected leaf counts at depths 1, 2, …; the
//! counts come from the issue (Czech) and the Spanish-spec reference numbers. The deep rows
//! (depth ≥ 10) are `#[ignore]`d: run them with `cargo test --release -- --ignored`.
//!
//! The hand-made Spanish and Czech positions at the end pin single rules; their move lists
//! were worked out from `shared/spec/spanish-console.md` and `shared/spec/rules-czech.md`, not
//! copied from the program.

use dama_core::notation::algebraic;
use dama_core::perft::{divide, perft, perft_full};
use dama_core::{BoardRules, Color, Czech, MoveList, Position, Role, Rules, Spanish, fen};

fn pos(text: &str) -> Position {
    fen::parse(text).unwrap_or_else(|e| panic!("bad FEN {text}: {e}"))
}

/// Checks `perft::<R>` at depths `first..first + expected.len()`.
fn check_perft<R: Rules>(fen_text: &str, first: u32, expected: &[u64]) {
    let start = pos(fen_text);
    for (depth, &nodes) in (first..).zip(expected) {
        assert_eq!(
            perft::<R>(&start, depth),
            nodes,
            "{:?} perft of {fen_text} at depth {depth}",
            R::INFO.name
        );
    }
}

/// The legal moves of the position, written algebraically with every landing square
/// (`c3xe5xg7`), sorted.
fn moves<R: Rules>(fen_text: &str) -> Vec<String> {
    let mut list = MoveList::new();
    R::legal_moves(&pos(fen_text), &mut list);
    let mut out: Vec<String> = list.iter().map(algebraic::write).collect();
    out.sort();
    out
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const START: &str = "W:W21-32:B1-12";

/// One row of a perft table: the FEN, the first depth and the counts from there on.
type Row = (&'static str, u32, &'static [u64]);

/// The Czech table that runs on every `cargo test`.
const CZECH: &[Row] = &[
    // The initial position.
    (
        START,
        1,
        &[7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671],
    ),
    // King priority: the king must take, the man may not.
    ("W:Wc3,Kh2:Bd4,f4,h8", 1, &[4, 4, 28, 82]),
    // No backward capture by a man.
    ("W:Wd4:Bc5,e3,h8", 1, &[1, 3, 6, 20]),
    // A man crowned on d8 during a capture stops there.
    ("W:Wb6:Bc7,e7,a5", 1, &[1, 3, 11, 26]),
    // A king lands where it can go on capturing.
    ("W:WKa1:Bc3,g5,b6", 1, &[2, 4, 28, 41]),
    ("W:WKd4,a3:Bc5,e5,e3,c3,h8", 1, &[8, 50, 151, 705]),
    (
        "W:Wf6,Ke5,Kf4,Ka3,h2,a1,Ke1:Bd8,Kd6,Kd2",
        1,
        &[7, 10, 60, 291],
    ),
    (
        "B:Wd6,Kf6,Ka5,Kd4,Kd2,Kh2,Ke1:Bf8,b6,h6,Ka3,Ke3,Kg3,Kc1",
        1,
        &[6, 54, 205, 1103],
    ),
    (
        "W:WKd8,Kf2:BKc7,Kc5,Kf4,e3,b2,Kh2,Kg1",
        1,
        &[4, 59, 260, 3213],
    ),
    (
        "W:Wb6,g3,Kb2,d2:Bh8,Ke7,Kd6,g5,Ka3,c3,Ka1",
        1,
        &[4, 42, 324, 2466],
    ),
];

/// The Spanish table that runs on every `cargo test`.
const SPANISH: &[Row] = &[(START, 1, &[7, 49, 379, 2872, 23582])];

#[test]
fn czech_table() {
    for &(fen_text, first, expected) in CZECH {
        check_perft::<Czech>(fen_text, first, expected);
    }
}

#[test]
fn spanish_table() {
    for &(fen_text, first, expected) in SPANISH {
        check_perft::<Spanish>(fen_text, first, expected);
    }
}

#[test]
fn initial_fen_is_the_initial_position() {
    assert_eq!(pos(START), Position::initial());
}

#[test]
#[ignore = "heavy: Czech perft 10 (about 18 M leaves)"]
fn czech_start_depth_10() {
    check_perft::<Czech>(START, 10, &[18_368_918]);
}

#[test]
#[ignore = "heavy: Czech perft 11 (about 85 M leaves)"]
fn czech_start_depth_11() {
    check_perft::<Czech>(START, 11, &[84_967_210]);
}

#[test]
#[ignore = "heavy: Czech perft 12 (about 386 M leaves)"]
fn czech_start_depth_12() {
    check_perft::<Czech>(START, 12, &[386_262_109]);
}

#[test]
#[ignore = "heavy: Czech perft 13 (about 1.7 G leaves)"]
fn czech_start_depth_13() {
    check_perft::<Czech>(START, 13, &[1_749_707_352]);
}

/// The divide of `pos` at `depth`, as sorted `(move, nodes)` pairs.
fn divide_lines<R: Rules>(start: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut lines: Vec<(String, u64)> = divide::<R>(start, depth)
        .into_iter()
        .map(|(mv, n)| (algebraic::write(&mv), n))
        .collect();
    lines.sort();
    lines
}

#[test]
#[ignore = "heavy: Czech divide at depth 10"]
fn czech_divide_depth_10() {
    let expected = [
        ("a3-b4", 3_116_533),
        ("c3-b4", 3_513_366),
        ("c3-d4", 2_076_174),
        ("e3-d4", 2_386_211),
        ("e3-f4", 2_027_764),
        ("g3-f4", 2_020_894),
        ("g3-h4", 3_227_976),
    ];
    let got = divide_lines::<Czech>(&Position::initial(), 10);
    let expected: Vec<(String, u64)> = expected.iter().map(|&(m, n)| (m.to_string(), n)).collect();
    assert_eq!(got, expected);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u64>(), 18_368_918);
}

#[test]
fn divide_parts_sum_to_perft() {
    let cases: [(&str, u32); 4] = [
        (START, 6),
        ("W:WKd4,a3:Bc5,e5,e3,c3,h8", 4),
        ("B:Wd6,Kf6,Ka5,Kd4,Kd2,Kh2,Ke1:Bf8,b6,h6,Ka3,Ke3,Kg3,Kc1", 3),
        ("W:WKd8,Kf2:BKc7,Kc5,Kf4,e3,b2,Kh2,Kg1", 4),
    ];
    for (fen_text, depth) in cases {
        let start = pos(fen_text);
        for (rules, parts, total) in [
            (
                "czech",
                divide::<Czech>(&start, depth),
                perft::<Czech>(&start, depth),
            ),
            (
                "spanish",
                divide::<Spanish>(&start, depth),
                perft::<Spanish>(&start, depth),
            ),
        ] {
            assert_eq!(
                parts.iter().map(|(_, n)| n).sum::<u64>(),
                total,
                "{rules} divide of {fen_text} at depth {depth}"
            );
            // Each part is the perft one ply less deep after that move.
            for (mv, n) in &parts {
                let after = start.after(mv);
                let sub = match rules {
                    "czech" => perft::<Czech>(&after, depth - 1),
                    _ => perft::<Spanish>(&after, depth - 1),
                };
                assert_eq!(*n, sub, "{rules} {fen_text} part {mv:?}");
            }
        }
    }
}

#[test]
fn czech_divide_of_the_start_at_small_depth() {
    // At depth 1 every root move is one leaf; at depth 2 each white move leaves black 7 replies.
    let got = divide_lines::<Czech>(&Position::initial(), 1);
    let names: Vec<&str> = got.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        names,
        [
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ]
    );
    assert!(got.iter().all(|&(_, n)| n == 1));
    let got = divide_lines::<Czech>(&Position::initial(), 2);
    assert!(got.iter().all(|&(_, n)| n == 7), "{got:?}");
}

#[test]
fn bulk_and_full_counting_agree_on_the_tables() {
    for &(fen_text, _, expected) in CZECH {
        let start = pos(fen_text);
        let depth = expected.len().min(4) as u32;
        assert_eq!(
            perft_full::<Czech>(&start, depth),
            perft::<Czech>(&start, depth),
            "{fen_text}"
        );
    }
    assert_eq!(perft_full::<Spanish>(&Position::initial(), 4), 2872);
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(perft::<Czech>(&Position::initial(), 0), 1);
    assert_eq!(perft_full::<Spanish>(&Position::initial(), 0), 1);
}

// ---- Czech rules pinned by single positions ----

#[test]
fn czech_king_lands_where_it_can_go_on() {
    // The king on a1 takes c3 and could land on d4 … h8, but only d4 (then b6) and f6 (then
    // g5) let it go on; the sequence must be finished.
    assert_eq!(
        moves::<Czech>("W:WKa1:Bc3,g5,b6"),
        sorted(&["a1xd4xa7", "a1xf6xh4"])
    );
}

#[test]
fn czech_king_priority() {
    // The man on c3 could take d4, the king on h2 can take f4: only the king's captures count.
    let list = moves::<Czech>("W:Wc3,Kh2:Bd4,f4,h8");
    assert!(!list.is_empty());
    assert!(list.iter().all(|m| m.starts_with("h2x")), "{list:?}");
}

#[test]
fn czech_capture_is_compulsory_and_a_man_takes_forward_only() {
    // d4 may not take e3 backwards; c5 ahead must be taken.
    assert_eq!(moves::<Czech>("W:Wd4:Bc5,e3,h8"), ["d4xb6"]);
}

#[test]
fn czech_man_crowned_during_a_capture_stops() {
    // b6xd8 crowns; from d8 the new king could take e7, but the move ends on the last rank.
    assert_eq!(moves::<Czech>("W:Wb6:Bc7,e7,a5"), ["b6xd8"]);
    let after = pos("W:Wb6:Bc7,e7,a5").after(&first_move::<Czech>("W:Wb6:Bc7,e7,a5"));
    assert_eq!(fen::write(&after), "B:WKd8:Ba5,e7");
}

#[test]
fn czech_routes_with_the_same_squares_are_one_move() {
    // The king on a1 takes c3 landing on d4 or e5, and from either takes f6 to g7 or h8: the
    // two routes to g7 (and to h8) take the same pieces, so they are one move each.
    let list = moves::<Czech>("W:WKa1:Bc3,f6");
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list.iter().all(|m| m.starts_with("a1x")));
    assert!(list.iter().any(|m| m.ends_with("xg7")));
    assert!(list.iter().any(|m| m.ends_with("xh8")));
}

// ---- Spanish rules pinned by single positions ----

fn first_move<R: Rules>(fen_text: &str) -> dama_core::Move {
    let mut list = MoveList::new();
    R::legal_moves(&pos(fen_text), &mut list);
    list[0]
}

/// The legal move of `fen_text` written `text` (algebraically).
fn find_move<R: Rules>(fen_text: &str, text: &str) -> dama_core::Move {
    let mut list = MoveList::new();
    R::legal_moves(&pos(fen_text), &mut list);
    *list
        .iter()
        .find(|m| algebraic::write(m) == text)
        .unwrap_or_else(|| panic!("{text} is not a legal move of {fen_text}"))
}

#[test]
fn spanish_capture_is_optional_and_partial_sequences_are_moves() {
    // The man on c1 may step to b2, or take d2 (landing e3), then d4 (c5), then d6 (e7),
    // stopping after any hop.
    let fen_text = "W:Wc1:Bd2,d4,d6";
    assert_eq!(
        moves::<Spanish>(fen_text),
        sorted(&["c1-b2", "c1xe3", "c1xe3xc5", "c1xe3xc5xe7"])
    );
    // Under the Czech rules the whole sequence is compulsory.
    assert_eq!(moves::<Czech>(fen_text), ["c1xe3xc5xe7"]);
    // The full sequence takes all three pieces; black is then lost.
    let mv = find_move::<Spanish>(fen_text, "c1xe3xc5xe7");
    assert_eq!(mv.captured().count(), 3);
    let after = pos(fen_text).after(&mv);
    assert_eq!(fen::write(&after), "B:We7:B");
    assert_eq!(perft::<Spanish>(&after, 1), 0);
    // Stopping after one hop leaves d4 and d6.
    let after = pos(fen_text).after(&find_move::<Spanish>(fen_text, "c1xe3"));
    assert_eq!(fen::write(&after), "B:We3:Bd4,d6");
}

#[test]
fn spanish_moves_in_console_notation() {
    let mut list = MoveList::new();
    Spanish::legal_moves(&pos("W:Wc1:Bd2,d4,d6"), &mut list);
    let mut got: Vec<String> = list
        .iter()
        .map(|m| Spanish::INFO.notation.write(m))
        .collect();
    got.sort();
    assert_eq!(got, ["83.65", "83.65.43", "83.65.43.25", "83.72"]);
}

#[test]
fn spanish_king_lands_on_any_square_beyond() {
    // The king on a1 may step to b2, or take c3 and stop on d4, e5, f6, g7 or h8.
    let fen_text = "W:WKa1:Bc3";
    assert_eq!(
        moves::<Spanish>(fen_text),
        sorted(&["a1-b2", "a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"])
    );
    // Czech: compulsory capture, and the king may still stop on any square (none goes on).
    assert_eq!(
        moves::<Czech>(fen_text),
        sorted(&["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"])
    );
}

#[test]
fn spanish_routes_are_separate_moves() {
    // Taking c3 the king stops on d4 or e5 (f6 blocks); from either it takes f6 to g7 or h8.
    // Every path is its own move, so the two routes to g7 (and to h8) both count.
    let fen_text = "W:WKa1:Bc3,f6";
    assert_eq!(
        moves::<Spanish>(fen_text),
        sorted(&[
            "a1-b2", "a1xd4", "a1xe5", "a1xd4xg7", "a1xd4xh8", "a1xe5xg7", "a1xe5xh8",
        ])
    );
    assert_eq!(perft::<Spanish>(&pos(fen_text), 1), 7);
    assert_eq!(perft::<Czech>(&pos(fen_text), 1), 2);
}

#[test]
fn spanish_at_most_three_hops() {
    // A king on a3 among black men on b2, d2, d4, b4. Along a3xc1xe3xc5 (or a3xc5xe3xc1) a
    // fourth hop back to a3 would be possible, but a move takes at most three pieces.
    //  - over b2 to c1; from c1 over d2 to e3, f4, g5 or h6; from e3 over d4 to c5, b6, a7;
    //  - over b4 to c5, d6, e7 or f8; from c5 over d4 to e3, f2 or g1; from e3 over d2 to c1.
    // Nothing else can be jumped (b2/b4 are already taken when met again) and the king has no
    // plain move (b2 and b4 block it; a3 is on the edge).
    let fen_text = "W:WKa3:Bb2,d2,d4,b4";
    let expected = sorted(&[
        "a3xc1",
        "a3xc1xe3",
        "a3xc1xf4",
        "a3xc1xg5",
        "a3xc1xh6",
        "a3xc1xe3xc5",
        "a3xc1xe3xb6",
        "a3xc1xe3xa7",
        "a3xc5",
        "a3xd6",
        "a3xe7",
        "a3xf8",
        "a3xc5xe3",
        "a3xc5xf2",
        "a3xc5xg1",
        "a3xc5xe3xc1",
    ]);
    assert_eq!(moves::<Spanish>(fen_text), expected);
    // The same position under the Czech rules: the sequence must go on to the fourth piece,
    // the king landing each time where it can go on, and it ends back on a3. Both ways round
    // take the same pieces from a3 to a3, so they are one move.
    let czech = moves::<Czech>(fen_text);
    assert_eq!(czech.len(), 1, "{czech:?}");
    assert!(
        czech[0] == "a3xc1xe3xc5xa3" || czech[0] == "a3xc5xe3xc1xa3",
        "{czech:?}"
    );
    let after = pos(fen_text).after(&first_move::<Czech>(fen_text));
    assert_eq!(fen::write(&after), "B:WKa3:B");
}

#[test]
fn spanish_man_is_crowned() {
    // d6 steps to c7, or takes e7 landing on f8, where it becomes a king.
    let fen_text = "W:Wd6:Be7,h6";
    assert_eq!(moves::<Spanish>(fen_text), sorted(&["d6-c7", "d6xf8"]));
    let after = pos(fen_text).after(&find_move::<Spanish>(fen_text, "d6xf8"));
    assert_eq!(fen::write(&after), "B:WKf8:Bh6");
    // After h6-g5 the new king flies: g7, h6 and e7, d6, c5, b4, a3.
    let reply = find_move::<Spanish>("B:WKf8:Bh6", "h6-g5");
    let later = after.after(&reply);
    let piece = later.piece_at("f8".parse().unwrap()).unwrap();
    assert_eq!((piece.color, piece.role), (Color::White, Role::King));
    assert_eq!(
        moves::<Spanish>(&fen::write(&later)),
        sorted(&[
            "f8-g7", "f8-h6", "f8-e7", "f8-d6", "f8-c5", "f8-b4", "f8-a3"
        ])
    );
    // A plain step to the last rank crowns too.
    let after = pos("W:Wc7:Bh6").after(&find_move::<Spanish>("W:Wc7:Bh6", "c7-d8"));
    assert_eq!(fen::write(&after), "B:WKd8:Bh6");
}

#[test]
fn spanish_black_men_move_down_and_take_forward_only() {
    // Black man on e5 with white men on d4 (ahead) and f6 (behind): it may step to f4, take d4
    // landing on c3, but not take f6 backwards.
    let fen_text = "B:Wd4,f6:Be5";
    assert_eq!(moves::<Spanish>(fen_text), sorted(&["e5-f4", "e5xc3"]));
    assert_eq!(moves::<Czech>(fen_text), ["e5xc3"]);
}
