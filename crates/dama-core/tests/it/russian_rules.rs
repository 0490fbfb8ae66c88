//! The Russian and house rules through the library: hand-made positions pinning each rule
//! that sets them apart (worked out by hand from `shared/spec/rules-russian.md`, the Czech
//! moves of the same positions beside them), the published Russian perft figures, and the
//! draw-rule counts.

use dama_core::perft::{perft, perft_full};
use dama_core::{BoardRules, Czech, House, MoveList, Position, Role, Rules, Russian, fen};

fn pos(text: &str) -> Position {
    fen::parse(text).unwrap_or_else(|e| panic!("bad FEN {text}: {e}"))
}

/// The legal moves of the position in the rule set's notation, sorted.
fn moves<R: Rules>(fen_text: &str) -> Vec<String> {
    let mut list = MoveList::new();
    R::legal_moves(&pos(fen_text), &mut list);
    let mut out: Vec<String> = list.iter().map(|m| R::INFO.notation.write(m)).collect();
    out.sort();
    out
}

/// The position after the only legal move of `fen_text` under `R`.
fn after_only_move<R: Rules>(fen_text: &str) -> Position {
    let start = pos(fen_text);
    let mut list = MoveList::new();
    R::legal_moves(&start, &mut list);
    assert_eq!(list.len(), 1, "{fen_text}: {:?}", &list[..]);
    start.after(&list[0])
}

#[test]
fn men_capture_backward() {
    // The black man on c3 stands behind the white man on d4.
    assert_eq!(moves::<Russian>("W:Wd4:Bc3,h8"), ["d4:b2"]);
    assert_eq!(moves::<House>("W:Wd4:Bc3,h8"), ["d4:b2"]);
    assert_eq!(moves::<Czech>("W:Wd4:Bc3,h8"), ["d4-c5", "d4-e5"]);
}

#[test]
fn a_man_crowned_during_a_capture_goes_on_as_a_king() {
    // b6 takes c7 and is crowned on d8; as a king it flies over e7 and takes f6 from a
    // distance, landing on g5 or h4 (the house king only directly behind, g5).
    let text = "W:Wb6:Bc7,f6";
    assert_eq!(moves::<Russian>(text), ["b6:d8:g5", "b6:d8:h4"]);
    assert_eq!(moves::<House>(text), ["b6:d8:g5"]);
    assert_eq!(moves::<Czech>(text), ["b6xd8"]);
    // The move crowns, though it ends off the far rank.
    let start = pos(text);
    let mut list = MoveList::new();
    Russian::legal_moves(&start, &mut list);
    for mv in &list[..] {
        assert!(mv.crowns(), "{mv:?}");
        assert!(start.crowns(mv));
        let after = start.after(mv);
        assert_eq!(after.piece_at(mv.to()).map(|p| p.role), Some(Role::King));
        assert_eq!(after.pieces(dama_core::Color::Black).count(), 0);
    }
    // Black the same way down the board: g3 takes f2, crowned on e1, then takes c3.
    assert_eq!(moves::<Russian>("B:Bg3:Wf2,c3"), ["g3:e1:a5", "g3:e1:b4"]);
    assert_eq!(moves::<House>("B:Bg3:Wf2,c3"), ["g3:e1:b4"]);
}

#[test]
fn a_crowned_man_that_cannot_go_on_stops_crowned() {
    let text = "W:Wb6:Bc7";
    assert_eq!(moves::<Russian>(text), ["b6:d8"]);
    let after = after_only_move::<Russian>(text);
    assert_eq!(fen::write(&after), "B:WKd8:B");
}

#[test]
fn a_russian_king_lands_where_the_capture_goes_on() {
    // Over c3 the king could land on d4…h8; only from e5 does it go on (over f4).
    assert_eq!(moves::<Russian>("W:WKa1:Bc3,f4"), ["a1:e5:g3", "a1:e5:h2"]);
    // The house king lands directly behind c3, on d4, where nothing more can be taken.
    assert_eq!(moves::<House>("W:WKa1:Bc3,f4"), ["a1:d4"]);
}

#[test]
fn a_house_king_lands_directly_behind_then_captures_on() {
    // d4 directly behind c3; from there f6 is taken from a distance, landing on g7 only.
    assert_eq!(moves::<House>("W:WKa1:Bc3,f6"), ["a1:d4:g7"]);
    // A house king may start from a distance too, and never lands further than behind.
    assert_eq!(moves::<House>("W:WKa1:Bd4,h8"), ["a1:e5"]);
    assert_eq!(
        moves::<Russian>("W:WKa1:Bd4,h8"),
        ["a1:e5", "a1:f6", "a1:g7"]
    );
}

#[test]
fn turkish_strike_stops_a_king() {
    // After c1:f4:d6 the captured e5 still stands between d6 and g3: the king stops, though
    // with e5 gone it could fly on and take g3.
    let text = "W:WKc1:Be3,e5,g3";
    assert_eq!(
        moves::<Russian>(text),
        ["c1:f4:b8", "c1:f4:c7", "c1:f4:d6", "c1:f4:h2"]
    );
    assert_eq!(moves::<House>(text), ["c1:f4:d6", "c1:f4:h2"]);
}

#[test]
fn duplicate_routes_are_merged() {
    // Over c3 the king may land on d4 or e5, and from both it takes f6 landing on g7 or h8:
    // four routes, two moves (the generator's first route, through d4, is kept).
    assert_eq!(moves::<Russian>("W:WKa1:Bc3,f6"), ["a1:d4:g7", "a1:d4:h8"]);
    // A man goes round four pieces back to its own (empty) square, either way round: one
    // move, and it ends where it started.
    let text = "W:Wc3:Bd4,f4,f2,d2";
    assert_eq!(moves::<Russian>(text), ["c3:e5:g3:e1:c3"]);
    let after = after_only_move::<Russian>(text);
    assert_eq!(fen::write(&after), "B:Wc3:B");
    assert_eq!(moves::<Czech>(text), ["c3xe5"]);
}

#[test]
fn capture_is_compulsory_without_king_priority() {
    // The man on c3 and the king on h2 can both capture: either may (Czech: the king must).
    let text = "W:Wc3,Kh2:Bd4,f4";
    assert_eq!(
        moves::<Russian>(text),
        ["c3:e5:g3", "h2:b8", "h2:c7", "h2:d6", "h2:e5"]
    );
    assert_eq!(moves::<Czech>(text), ["h2xb8", "h2xc7", "h2xd6", "h2xe5"]);
}

/// The published Russian perft from the start, depths 1–13 (`shared/spec/rules-russian.md`).
const RUSSIAN_START: [u64; 13] = [
    7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444,
    2673979569,
];

#[test]
fn russian_perft_from_the_start() {
    let start = Position::initial();
    for (depth, &nodes) in (1..=10).zip(&RUSSIAN_START) {
        assert_eq!(perft::<Russian>(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
#[ignore = "deep perft: about a minute"]
fn russian_perft_from_the_start_deep() {
    let start = Position::initial();
    for depth in 11..=13 {
        assert_eq!(
            dama_core::perft::perft_parallel::<Russian>(
                &start,
                depth,
                dama_core::perft::default_threads()
            ),
            RUSSIAN_START[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn bulk_counting_agrees_with_playing_every_leaf() {
    for text in [
        "W:W21-32:B1-12",
        "W:WKa1,c3,e3:Bd4,f6,b6,Kh8",
        "B:Wc3,e3,Kg1:Bf6,d6,Kb8",
    ] {
        let p = pos(text);
        for depth in 1..=5 {
            assert_eq!(
                perft::<Russian>(&p, depth),
                perft_full::<Russian>(&p, depth)
            );
            assert_eq!(perft::<House>(&p, depth), perft_full::<House>(&p, depth));
        }
    }
}
