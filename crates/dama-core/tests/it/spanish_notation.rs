//! The Spanish console's move checks (`notation::numeric`) agree with the Spanish rules'
//! move generator: every legal move, typed, is accepted as itself; every typed line that the
//! checks accept is a legal move; and every line the generator does not know is refused.

use dama_core::notation::numeric::{self, NumericError};
use dama_core::{BoardRules, MoveList, Position, Spanish};
use proptest::prelude::*;

use common::arb_position;
use dama_testkit as common;

/// Lines of 2 to 4 coordinates on the 8×8 grid, light squares included.
fn arb_line() -> impl Strategy<Value = String> {
    prop::collection::vec((1u8..=8, 1u8..=8), 2..=4).prop_map(|coords| {
        coords
            .iter()
            .map(|(r, c)| format!("{r}{c}"))
            .collect::<Vec<_>>()
            .join(".")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_legal_move_reads_back_as_itself(pos in arb_position()) {
        let mut moves = MoveList::new();
        Spanish::legal_moves(&pos, &mut moves);
        for mv in moves.iter() {
            let text = numeric::write(mv);
            prop_assert_eq!(numeric::parse(&pos, &text), Ok(*mv), "{}", text);
        }
    }

    #[test]
    fn accepted_lines_are_legal_moves(pos in arb_position(), lines in prop::collection::vec(arb_line(), 40)) {
        let mut moves = MoveList::new();
        Spanish::legal_moves(&pos, &mut moves);
        for line in lines {
            match numeric::parse(&pos, &line) {
                Ok(mv) => prop_assert!(moves.contains(&mv), "{} accepted but not legal", line),
                Err(e) => {
                    let legal = moves.iter().any(|m| numeric::write(m) == line);
                    prop_assert!(!legal, "{} is legal but refused: {:?}", line, e);
                }
            }
        }
    }
}

#[test]
fn the_eleven_errors_are_reachable() {
    use NumericError::*;
    let start = Position::initial();
    let cases = [
        ("hola", Unreadable),
        ("61.50", NotACoordinate),
        ("61.52.43.34.25", TooManyInMove),
        ("54.43", NoPiece),
        ("32.43", NotYours),
        ("61.72", NotEmpty),
        ("61.42", NotDiagonal),
        ("72.54", NoCapture),
    ];
    for (line, want) in cases {
        assert_eq!(numeric::parse(&start, line), Err(want), "{line}");
    }
    let far = dama_core::fen::parse("W:Wc3:Bh8").unwrap();
    assert_eq!(numeric::parse(&far, "63.36"), Err(TooFar));
    let back = dama_core::fen::parse("W:Wc3:Bb6").unwrap();
    assert_eq!(numeric::parse(&back, "63.74"), Err(NotForward));
    let king = dama_core::fen::parse("W:WKa1:Bc3,e5").unwrap();
    assert_eq!(numeric::parse(&king, "81.27"), Err(TooManyInHop));
}
