//! Turkish draughts: perft from the start against pydraughts', the board of 64 squares
//! (names, numbers, FEN), the moves of men and kings, the capture rules, and the draws.

use dama_core::game::{Game, Outcome, WinReason};
use dama_core::{Board64, BoardRules, Color, DrawReason, MoveListOn, Square, SquareOn, Turkish};

/// The legal moves of `fen` under the Turkish rules, as written, sorted.
fn moves(fen: &str) -> Vec<String> {
    crate::sorted_moves::<Turkish>(fen)
}

/// A game from `fen` after the moves `texts`, each the one legal move so written.
fn game_after(fen: &str, texts: &[&str]) -> Game<Turkish> {
    let mut game = Game::<Turkish>::new(Turkish::parse_fen(fen).unwrap());
    let mut list = MoveListOn::new();
    for text in texts {
        game.legal_moves(&mut list);
        let mv = *list
            .iter()
            .find(|mv| Turkish::write_move(mv) == *text)
            .unwrap_or_else(|| panic!("{text} is not legal"));
        game.try_play(&mv).unwrap();
    }
    game
}

#[test]
fn perft_from_the_start_equals_pydraughts() {
    // pydraughts 0.6.7, `Board(variant="turkish")`, one move per start, end and pieces
    // taken (interop/perft/make_table.py's count).
    assert_eq!(
        crate::start_perft_counts::<Turkish>(5)[1..],
        [8, 64, 708, 7538, 85090]
    );
}

#[test]
fn every_square_is_playable() {
    assert_eq!(SquareOn::<Board64>::all().count(), 64);
    for sq in SquareOn::<Board64>::all() {
        assert_eq!(sq.to_string().parse::<SquareOn<Board64>>(), Ok(sq));
        assert_eq!(SquareOn::<Board64>::from_number(sq.number()), Some(sq));
    }
    // b1 is light on the 8×8 board of the other sets, and a square here.
    assert!(Square::parse_algebraic("b1").is_err());
    let b1 = SquareOn::<Board64>::parse_algebraic("b1").unwrap();
    assert_eq!((b1.file(), b1.rank()), (1, 0));
    // Numbered from the top left as white sees the board: a8 is 1, h1 is 64.
    assert_eq!(
        SquareOn::<Board64>::from_number(1).unwrap().to_string(),
        "a8"
    );
    assert_eq!(
        SquareOn::<Board64>::from_number(64).unwrap().to_string(),
        "h1"
    );
}

#[test]
fn men_step_forward_and_sideways_never_back() {
    assert_eq!(moves("W:Wd4:Bh7"), ["d4-c4", "d4-d5", "d4-e4"]);
    assert_eq!(moves("B:Wa2:Bd4"), ["d4-c4", "d4-d3", "d4-e4"]);
    // From the edge of the board, one step sideways.
    assert_eq!(moves("W:Wa4:Bh7"), ["a4-a5", "a4-b4"]);
}

#[test]
fn men_capture_forward_and_sideways_never_back() {
    // Over e4 east, d5 north; not d3, behind the man.
    assert_eq!(moves("W:Wd4:Be4,d5,d3"), ["d4xd6", "d4xf4"]);
    // A black man takes south and sideways.
    assert_eq!(moves("B:Wd3,c4,d5:Bd4"), ["d4xb4", "d4xd2"]);
}

#[test]
fn kings_fly_along_ranks_and_files_over_no_piece() {
    // pydraughts 0.6.7 also lets the king slide past its man on a3 to a4 … a8: a king moves
    // along an open line (docs/rules.md).
    assert_eq!(
        moves("W:WKa1,a3:Bh7"),
        [
            "a1-a2", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1", "a3-a4",
            "a3-b3"
        ]
    );
    // A king takes at a distance and lands on any free square beyond.
    assert_eq!(moves("W:WKa1:Ba5"), ["a1xa6", "a1xa7", "a1xa8"]);
}

#[test]
fn the_most_pieces_must_be_taken_a_king_counting_as_one() {
    // Two men (d5, then c6 or d7) rather than one.
    assert_eq!(moves("W:Wd4:Bd5,c6,d7"), ["d4xd6xb6", "d4xd6xd8"]);
    // The man's two men against the king's one king: the man's capture.
    assert_eq!(moves("W:Wd4,Ka1:Bd5,d7,Kb1"), ["d4xd6xd8"]);
}

#[test]
fn a_piece_taken_leaves_the_board_at_once() {
    // The king on a1 takes a3 (landing a4), c4 (d4), d3 (d2), b2 (a2), then goes north
    // across a3's square, empty now, to take a6: under the Turkish strike a3 would block.
    assert_eq!(
        moves("W:WKa1:Ba3,c4,d3,b2,a6"),
        ["a1xa4xd4xd2xa2xa7", "a1xa4xd4xd2xa2xa8"]
    );
    // And across the square it started from: d3 (landing d4), f4 (g4), g2 (g1), then
    // westward along rank 1 over d1 to take c1.
    assert_eq!(
        moves("W:WKd1:Bd3,f4,g2,Kc1"),
        ["d1xd4xg4xg1xa1", "d1xd4xg4xg1xb1"]
    );
}

#[test]
fn no_turn_of_180_degrees_between_two_captures() {
    // Having taken c1 westward, the king may not turn back east to take f1 (which would
    // take two): each capture takes one piece.
    assert_eq!(
        moves("W:WKd1:BKc1,Kf1"),
        ["d1xa1", "d1xb1", "d1xg1", "d1xh1"]
    );
}

#[test]
fn a_man_reaching_the_last_row_goes_on_as_a_man() {
    // d6xd8, then along the last row as a man (one square beyond, not as a flying king);
    // crowned where the move ends there.
    assert_eq!(moves("W:Wd6:Bd7,c8,e8"), ["d6xd8xb8", "d6xd8xf8"]);
    let pos = Turkish::parse_fen("W:Wd6:Bd7,c8,e8").unwrap();
    let mut list = MoveListOn::new();
    Turkish::legal_moves(&pos, &mut list);
    assert!(list.iter().all(|mv| mv.crowns()));
    let mv = list
        .iter()
        .find(|mv| Turkish::write_move(mv) == "d6xd8xb8")
        .unwrap();
    let after = pos.after(mv);
    assert_eq!(after.kings(Color::White).count(), 1);
    assert_eq!(Turkish::write_fen(&after), "B:WKb8:Be8");
}

#[test]
fn one_piece_against_one_is_drawn_after_two_moves_each() {
    let game = game_after("W:Wa2:Bh7", &["a2-a3", "h7-h6", "a3-a4"]);
    assert_eq!(game.outcome(), None);
    let game = game_after("W:Wa2:Bh7", &["a2-a3", "h7-h6", "a3-a4", "h6-h5"]);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::KingEnding)));
}

#[test]
fn a_side_that_cannot_move_loses() {
    // Black's king on a8 is shut in by white's pieces on a7 and b8, each with a piece
    // behind it.
    let game = game_after("B:WKa7,a6,Kb8,Kc8:BKa8", &[]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked
        })
    );
}
