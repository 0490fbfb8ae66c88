//! Reading and naming moves on any board through the rule set: `BoardRules::parse_move` (text,
//! then squares, then the legal move; the error says which step failed) and
//! `BoardRules::square_name`, on 8×8 sets of each notation and on the international 10×10 board.

use dama_core::notation::algebraic::ParseError;
use dama_core::rules::{English, Italian};
use dama_core::{
    Board10, BoardRules, Czech, International, MoveListOn, PositionOn, Spanish, Square, SquareOn,
};

/// `text` read under `R` in its start position: the move as `R` writes it, or the error's
/// step and text.
fn read<R: BoardRules>(text: &str) -> Result<String, (&'static str, String)> {
    let pos: PositionOn<R::Board> = R::start();
    let mut legal = MoveListOn::new();
    R::legal_moves(&pos, &mut legal);
    match R::parse_move(text, &pos, &legal) {
        Ok(mv) => Ok(R::write_move(&mv)),
        Err(e @ ParseError::Syntax(_)) => Err(("syntax", e.to_string())),
        Err(e @ ParseError::Move(_)) => Err(("move", e.to_string())),
    }
}

fn syntax(text: &str) -> Result<String, (&'static str, String)> {
    Err(("syntax", text.to_string()))
}

fn illegal(text: &str) -> Result<String, (&'static str, String)> {
    Err(("move", text.to_string()))
}

#[test]
fn czech_moves_are_read_algebraically() {
    assert_eq!(read::<Czech>("c3-d4"), Ok("c3-d4".to_string()));
    assert_eq!(read::<Czech>(" C3 D4 "), Ok("c3-d4".to_string()));
    assert_eq!(
        read::<Czech>("hello"),
        syntax("'hello' is not a move (write it like c3-d4 or c3xe5)")
    );
    assert_eq!(read::<Czech>("c3-d5"), syntax("d5 is a light square"));
    assert_eq!(
        read::<Czech>("c3xd4-e5"),
        syntax("'c3xd4-e5' mixes '-' and 'x'")
    );
    assert_eq!(read::<Czech>("d4-e5"), illegal("there is no piece on d4"));
    assert_eq!(
        read::<Czech>("f6-e5"),
        illegal("the piece on f6 is not yours")
    );
    assert_eq!(read::<Czech>("b2-c3"), illegal("c3 is occupied"));
    assert_eq!(
        read::<Czech>("c3-e5"),
        illegal("that is not a legal move for the piece on c3")
    );
}

#[test]
fn other_8x8_notations_are_read_in_their_own_squares() {
    // English: numbered 1–32 on the a1-dark board, black first; algebraic squares read too.
    assert_eq!(read::<English>("11-15"), Ok("11-15".to_string()));
    assert_eq!(read::<English>("f6-e5"), Ok("11-15".to_string()));
    assert_eq!(
        read::<English>("22-18"),
        illegal("the piece on c3 is not yours")
    );
    // Italian: numbered on the mirrored board, where c3 is light.
    assert_eq!(read::<Italian>("22-18"), Ok("22-18".to_string()));
    assert_eq!(read::<Italian>("c3-d4"), syntax("c3 is a light square"));
    // The Spanish-spec console's row-column coordinates.
    assert_eq!(read::<Spanish>("63.54"), Ok("63.54".to_string()));
    assert_eq!(read::<Spanish>("c3-d4"), Ok("63.54".to_string()));
}

#[test]
fn international_moves_are_read_by_number() {
    assert_eq!(read::<International>("32-28"), Ok("32-28".to_string()));
    assert_eq!(read::<International>("32 28"), Ok("32-28".to_string()));
    assert_eq!(
        read::<International>("hello"),
        syntax("'hello' is not a move (write it like 32-28 or 28x19x10)")
    );
    assert_eq!(
        read::<International>("c3-d4"),
        syntax("'c3-d4' is not a move (write it like 32-28 or 28x19x10)")
    );
    assert_eq!(
        read::<International>("32-51"),
        syntax("'32-51' is not a move (write it like 32-28 or 28x19x10)")
    );
    assert_eq!(
        read::<International>("32x28-23"),
        syntax("'32x28-23' mixes '-' and 'x'")
    );
    assert_eq!(
        read::<International>("28-23"),
        illegal("there is no piece on 28")
    );
    assert_eq!(
        read::<International>("19-23"),
        illegal("the piece on 19 is not yours")
    );
    assert_eq!(read::<International>("32-37"), illegal("37 is occupied"));
    assert_eq!(
        read::<International>("32-23"),
        illegal("that is not a legal move for the piece on 32")
    );
}

#[test]
fn squares_are_named_as_the_rule_set_writes_them() {
    let c3 = Square::parse_algebraic("c3").unwrap();
    assert_eq!(Czech::square_name(c3), "c3");
    assert_eq!(English::square_name(c3), "22");
    assert_eq!(Italian::square_name(c3), "23");
    assert_eq!(Spanish::square_name(c3), "63");
    let sq = SquareOn::<Board10>::from_number(28).unwrap();
    assert_eq!(International::square_name(sq), "28");
    let names: Vec<String> = SquareOn::<Board10>::all()
        .map(International::square_name)
        .collect();
    assert_eq!(names.len(), 50);
    assert!(
        SquareOn::<Board10>::all().all(|s| International::square_name(s) == s.number().to_string())
    );
}
