//! Hand-made positions for each rule of the six official 8×8 sets, with their legal moves
//! worked out from the rules (`docs/rules.md`), not copied from the program.
//!
//! Positions and moves are written with the squares as stored (a1 dark, white moving up);
//! for the mirrored Italian and Spanish boards that is the mirror image of what the players
//! see, which the rules cannot tell apart.

use dama_core::notation::algebraic;
use dama_core::rules::{Brazilian, English, Italian, Pool, SpanishOfficial, Thai};
use dama_core::{BoardRules, Color, MoveList, Position, Role, Rules, Square, fen};

fn pos(text: &str) -> Position {
    fen::parse(text).unwrap_or_else(|e| panic!("bad FEN {text}: {e}"))
}

/// The legal moves of the position with every landing square (`c3xe5xg7`), sorted.
fn moves<R: Rules>(fen_text: &str) -> Vec<String> {
    let mut list = MoveList::new();
    R::legal_moves(&pos(fen_text), &mut list);
    let mut out: Vec<String> = list.iter().map(algebraic::write).collect();
    out.sort();
    out
}

/// The role and colour on `square` after the only legal move of the position.
fn after_only_move<R: Rules>(fen_text: &str, square: &str) -> Option<(Color, Role)> {
    let start = pos(fen_text);
    let mut list = MoveList::new();
    R::legal_moves(&start, &mut list);
    assert_eq!(list.len(), 1, "{fen_text}: {list:?}");
    let after = start.after(&list[0]);
    let sq: Square = square.parse().unwrap();
    after.piece_at(sq).map(|p| (p.color, p.role))
}

/// One row of a table: the position and its legal moves.
type Row = (&'static str, &'static [&'static str]);

fn check_table<R: Rules>(rows: &[Row]) {
    for &(fen_text, expected) in rows {
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(moves::<R>(fen_text), want, "{:?}: {fen_text}", R::INFO.name);
    }
}

#[test]
fn italian_precedence_in_its_four_steps() {
    check_table::<Italian>(&[
        // (1) The most pieces: two men rather than one.
        ("W:Wc3:Bb4,d4,f6", &["c3xe5xg7"]),
        // (2) As many pieces: with the king rather than with the man.
        ("W:Wa3,Kg3:Bb4,f4", &["g3xe5"]),
        // (3) As many pieces, both by the king: the one taking a king.
        ("W:WKc3:Bb4,Kd4", &["c3xe5"]),
        // (4) As many pieces and kings, both by the king: the king taken first.
        ("W:WKc3:Bb4,Kb6,Kd4,f6", &["c3xe5xg7"]),
        // Without precedence between them, both are legal.
        ("W:WKc3:Bb4,d4", &["c3xa5", "c3xe5"]),
    ]);
}

#[test]
fn italian_man_may_not_take_a_king() {
    check_table::<Italian>(&[
        // The man cannot take the king on d4, so it moves; the king could.
        ("W:Wc3:BKd4,h8", &["c3-b4"]),
        ("W:WKc3:BKd4,h8", &["c3xe5"]),
        // A man's capture stops before a king.
        ("W:Wc3:Bd4,Kf6", &["c3xe5"]),
    ]);
}

#[test]
fn english_short_kings_and_men_stopping_on_the_crown_row() {
    check_table::<English>(&[
        // A king moves one square and does not capture from afar.
        ("W:WKc3:Be5,h8", &["c3-b2", "c3-b4", "c3-d2", "c3-d4"]),
        // It jumps adjacent pieces, landing directly behind, in every direction.
        ("W:WKc3:Bd4,f6", &["c3xe5xg7"]),
        ("W:WKe5:Bd4,h8", &["e5xc3"]),
        // A man crowned on d8 stops there though a king could take e7.
        ("W:Wb6:Bc7,e7", &["b6xd8"]),
        // Any capture may be chosen.
        ("W:Wc3:Bb4,d4,f6", &["c3xa5", "c3xe5xg7"]),
    ]);
    assert_eq!(
        after_only_move::<English>("W:Wb6:Bc7,e7", "d8"),
        Some((Color::White, Role::King))
    );
    // Black moves first, down the board, from squares 1–12.
    let mut list = MoveList::new();
    English::legal_moves(&English::start(), &mut list);
    assert_eq!(English::start().turn(), Color::Black);
    assert_eq!(list.len(), 7);
}

#[test]
fn spanish_quantity_then_quality() {
    check_table::<SpanishOfficial>(&[
        // One piece each way: the king rather than the man.
        ("W:Wc3:Bb4,Kd4", &["c3xe5"]),
        // Two pieces each way: the route with a king.
        ("W:Wc3:Bb4,b6,d4,Kf6", &["c3xe5xg7"]),
        // More pieces beat more kings.
        ("W:Wc3:BKb4,d4,f6", &["c3xe5xg7"]),
        // A flying king lands anywhere beyond.
        ("W:WKa1:Bc3,h8", &["a1xd4", "a1xe5", "a1xf6", "a1xg7"]),
        // Men take forward only.
        ("W:We5:Bd4,h8", &["e5-d6", "e5-f6"]),
    ]);
}

#[test]
fn brazilian_majority_and_a_man_passing_the_last_row() {
    check_table::<Brazilian>(&[
        // The most pieces.
        ("W:Wc3:Bb4,d4,f6", &["c3xe5xg7"]),
        // Men capture backward.
        ("W:We5:Bd4,h8", &["e5xc3"]),
        // A man passes f8 as a man and takes g7 backward.
        ("W:Wd6:Be7,g7", &["d6xf8xh6"]),
        ("W:Wd6:Be7,a3", &["d6xf8"]),
    ]);
    assert_eq!(
        after_only_move::<Brazilian>("W:Wd6:Be7,g7", "h6"),
        Some((Color::White, Role::Man)),
        "not crowned: the capture ended off the last row"
    );
    assert_eq!(
        after_only_move::<Brazilian>("W:Wd6:Be7,a3", "f8"),
        Some((Color::White, Role::King)),
        "crowned: the capture ended on the last row"
    );
}

#[test]
fn pool_free_choice() {
    check_table::<Pool>(&[
        // Any capture may be chosen, the shorter too.
        ("W:Wc3:Bb4,d4,f6", &["c3xa5", "c3xe5xg7"]),
        // A man passes the last row as a man.
        ("W:Wd6:Be7,g7", &["d6xf8xh6"]),
        // A king lands where it can go on: of d4–h8 only e5, to take c7.
        ("W:WKa1:Bc3,c7", &["a1xe5xb8"]),
    ]);
    assert_eq!(
        after_only_move::<Pool>("W:Wd6:Be7,g7", "h6"),
        Some((Color::White, Role::Man))
    );
}

#[test]
fn thai_kings_land_behind_and_pieces_leave_at_once() {
    check_table::<Thai>(&[
        // A flying king takes from afar but lands directly behind the piece.
        ("W:WKa1:Bd4,h8", &["a1xe5"]),
        // The piece taken leaves at once: the king turns back through its square.
        ("W:WKc3:Bb2,d4", &["c3xa1xe5", "c3xe5xa1"]),
        // A man crowned on the last row stops there.
        ("W:Wb6:Bc7,e7", &["b6xd8"]),
    ]);
    assert_eq!(Thai::start().pieces(Color::White).count(), 8);
}
