//! The Spanish-spec console (`../shared/spec/spanish-console.md`), driven through the `dama`
//! binary: every expected output is the whole stdout, built from the specification's texts
//! (see `spanish_common`), never captured from the program.
//!
//! Most scenarios run twice: as written (usually white to move) and on the flipped board
//! (colours swapped, board turned half a turn, every digit `d` of the input `9-d`), where
//! black plays the same moves and must get the same answers.

use crate::spanish_common;

use spanish_common::*;

const PROTOTYPE_IN: &str = include_str!("../fixtures/spanish-prototype.in");
const PROTOTYPE_OUT: &str = include_str!("../fixtures/spanish-prototype.out");

fn both(scenario: impl Fn(bool) -> Session) {
    // Both are built (and their expectations checked against the spec's reading) first.
    let sessions = [false, true].map(scenario);
    for s in sessions {
        s.check();
    }
}

// ---------------------------------------------------------------------------------------------
// The helpers read the specification the way the tests need.

#[test]
fn helpers_draw_the_spec_board_and_coordinates() {
    let spec_board = " 12345678\n1 n n n n1\n2n n n n 2\n3 n n n n3\n4        4\n5        5\n\
                      6b b b b 6\n7 b b b b7\n8b b b b 8\n 12345678\n";
    assert_eq!(Board::initial().render(), spec_board);
    assert_eq!(Board::initial().flipped(), Board::initial());
    // 81 = a1, 12 = b8, 61 = a3, 52 = b4; kings are marked K.
    assert_eq!(
        Board::new("b81 N12 B61 b52").fen(Side::White),
        "W:Wb4,Ka3,a1:BKb8"
    );
    assert_eq!(Board::new("n12").fen(Side::Black), "B:W:Bb8");
    assert_eq!(flip_line(" 61.52,09x"), " 38.47,90x");
    assert_eq!(
        Board::new("b61 N12").flipped(),
        Board::new("n38 B87"),
        "half a turn, colours swapped"
    );
}

// ---------------------------------------------------------------------------------------------
// The example transcript of the specification.

#[test]
fn prototype_fixture_is_the_shared_one() {
    assert_eq!(
        PROTOTYPE_IN,
        std::fs::read_to_string("/work/shared/spec/fixtures/spanish-prototype.in")
            .unwrap_or_else(|_| PROTOTYPE_IN.to_string())
    );
    assert_eq!(
        PROTOTYPE_OUT,
        std::fs::read_to_string("/work/shared/spec/fixtures/spanish-prototype.out")
            .unwrap_or_else(|_| PROTOTYPE_OUT.to_string())
    );
}

#[test]
fn prototype_transcript() {
    let no_args: [&str; 0] = [];
    assert_eq!(run(&no_args, PROTOTYPE_IN.as_bytes()), PROTOTYPE_OUT);
}

#[test]
fn prototype_transcript_with_explicit_options() {
    for args in [
        &["--rules", "spanish"][..],
        &["play"],
        &["--rules", "spanish", "play"],
        &["--color", "never"],
        &["--color", "auto"],
        &["play", "--echo"],
        &["--lang", "es"],
    ] {
        assert_eq!(
            run(args, PROTOTYPE_IN.as_bytes()),
            PROTOTYPE_OUT,
            "dama {args:?}"
        );
    }
}

#[test]
fn prototype_transcript_built_by_the_helpers() {
    let first = Board::initial().mv("61", "52");
    let mut s = Session::new();
    s.accept("61.52", &first)
        .accept("32,43", &first.mv("32", "43"));
    let (args, input, expected) = s.script();
    assert!(args.is_empty());
    assert_eq!(input, PROTOTYPE_IN);
    assert_eq!(expected, PROTOTYPE_OUT);
    s.check();
}

#[test]
fn color_always_only_adds_escape_sequences() {
    let out = run(&["--color", "always"], PROTOTYPE_IN.as_bytes());
    assert_eq!(strip_ansi(&out), PROTOTYPE_OUT);
    // A whole game to Derrota, coloured: the text without escapes is the plain one.
    let s = blockade_game(false);
    let (args, input, expected) = s.script();
    let mut coloured_args = vec!["--color".to_string(), "always".to_string()];
    coloured_args.extend(args);
    let out = run(&coloured_args, input.as_bytes());
    assert_eq!(strip_ansi(&out), expected);
}

#[test]
fn crlf_line_endings() {
    // AMBIGUOUS: the spec does not say whether a carriage return before the newline is part
    // of the line; read as a line ending (not echoed), and trimmed away anyway as white space.
    let input = PROTOTYPE_IN.replace('\n', "\r\n");
    assert_eq!(run(&[] as &[&str], input.as_bytes()), PROTOTYPE_OUT);
}

// ---------------------------------------------------------------------------------------------
// Input syntax.

#[test]
fn separators_and_surrounding_spaces() {
    // AMBIGUOUS: the echo writes the line as read (its surrounding spaces and tabs included,
    // as a person would see them at a terminal), although the layout otherwise has no
    // trailing spaces; the move itself is read after trimming.
    let b1 = Board::initial().mv("61", "52");
    let b2 = b1.mv("32", "43");
    let b3 = b2.mv("72", "61");
    let b4 = b3.mv("21", "32");
    let b5 = b4.mv("63", "54");
    let mut s = Session::new();
    s.accept("61,52", &b1)
        .accept("32.43", &b2)
        .accept("  72.61  ", &b3)
        .accept("\t21,32 ", &b4)
        .accept(" 63.54", &b5);
    s.check();
}

#[test]
fn mixed_separators_in_captures() {
    both(|flip| {
        let start = Board::new("b63 n54 n36 n12 b85");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept("63.45,27", &start.mv("63", "27").take("54").take("36"));
        s
    });
    both(|flip| {
        let start = Board::new("b81 n72 n54 n36 n12 b85");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept(
            "81,63.45,27",
            &start.mv("81", "27").take("72").take("54").take("36"),
        );
        s
    });
}

const GARBAGE: [&str; 20] = [
    "",
    "   ",
    "hola",
    "6152",
    "61-52",
    "1.2",
    "611.52",
    "61",
    "61.",
    ".61.52",
    "61..52",
    "61. 52",
    "61 52",
    "61;52",
    "6a.52",
    "61.52.",
    "61.5",
    "x61.52",
    "６１.５２",
    "61.52 hola",
];

#[test]
fn lines_without_the_shape_are_not_understood() {
    // Both sides: white at the start, black to move from the initial position.
    both(|flip| {
        let mut s = Session::fen(&Board::initial(), Side::White, flip);
        for line in GARBAGE {
            s.reject(line, NO_TE_ENTIENDO);
        }
        // The position is unchanged: a legal move is still accepted from it.
        s.accept("61.52", &Board::initial().mv("61", "52"));
        s
    });
}

#[test]
fn digits_zero_and_nine_are_not_coordinates() {
    both(|flip| {
        let mut s = Session::fen(&Board::initial(), Side::White, flip);
        for line in [
            "61.50",
            "09.18",
            "90.81",
            "00.00",
            "99,99",
            "61.52.43.90",
            // the coordinate check comes before the count check
            "61.52.43.34.20",
            // and after the syntax check
        ] {
            s.reject(line, NO_ES_COORDENADA);
        }
        s.reject("61.5", NO_TE_ENTIENDO)
            .reject("0.52", NO_TE_ENTIENDO);
        s
    });
}

#[test]
fn more_than_four_coordinates() {
    both(|flip| {
        let mut s = Session::fen(&Board::initial(), Side::White, flip);
        // counted before any square is looked at
        s.reject("61.52.43.34.25", TANTAS_MOVIMIENTO)
            .reject("11.22.33.44.55", TANTAS_MOVIMIENTO)
            .reject("61,52,43,34,25,16", TANTAS_MOVIMIENTO)
            .reject("61.52.41.52.41.52.41", TANTAS_MOVIMIENTO);
        s
    });
}

#[test]
fn light_squares_are_coordinates_of_the_board() {
    // AMBIGUOUS: the spec names only the digits 0 and 9 for "No es una coordenada del
    // tablero"; a light square (row + column even) is read as a board square that is always
    // empty: as an origin it has no piece to move, as a target it is off every diagonal.
    both(|flip| {
        let mut s = Session::fen(&Board::initial(), Side::White, flip);
        s.reject("11.22", NO_HAY_FICHA)
            .reject("44.35", NO_HAY_FICHA)
            .reject("61.51", NO_DIAGONAL)
            .reject("63.53", NO_DIAGONAL);
        s
    });
}

// ---------------------------------------------------------------------------------------------
// The move checks, in their order, for men and kings, white and black.

#[test]
fn black_errors_from_the_prototype_game() {
    let b1 = Board::initial().mv("61", "52");
    let b2 = b1.mv("32", "43");
    let b3 = b2.mv("63", "54");
    let mut s = Session::new();
    s.accept("61.52", &b1)
        .reject("52.41", NO_ES_TUYA)
        .reject("41.52", NO_HAY_FICHA)
        .reject("21.32", NO_VACIO)
        .reject("32.32", NO_VACIO)
        .reject("32.47", NO_DIAGONAL)
        .reject("32.54", NO_COMES)
        .reject("32.43.54", TANTAS_MOVIMIENTO)
        .reject("32.49", NO_ES_COORDENADA)
        .reject("", NO_TE_ENTIENDO)
        .reject("32 43", NO_TE_ENTIENDO)
        .accept("32,43", &b2)
        .reject("52.61", NO_AVANZAS)
        .reject("52.34", NO_VACIO)
        .reject("43.54", NO_ES_TUYA)
        .accept("63.54", &b3)
        .reject("43.65", NO_VACIO)
        .reject("43.32", NO_AVANZAS)
        .reject("43.34", NO_VACIO)
        .accept("43.61", &b3.mv("43", "61").take("52"));
    s.check();
}

/// Men: white men on 81, 56, 58, 67; black men on 47, 36.
fn men() -> Board {
    Board::new("b81 b56 b58 b67 n47 n36")
}

#[test]
fn man_errors_in_order() {
    both(|flip| {
        let mut s = Session::fen(&men(), Side::White, flip);
        s.reject("83.74", NO_HAY_FICHA)
            .reject("36.45", NO_ES_TUYA)
            // the opponent's piece answers before the occupied target
            .reject("47.58", NO_ES_TUYA)
            .reject("58.47", NO_VACIO)
            .reject("67.67", NO_VACIO)
            // an occupied target answers before "not on a diagonal"
            .reject("81.67", NO_VACIO)
            .reject("81.61", NO_DIAGONAL)
            .reject("81.41", NO_DIAGONAL)
            // two squares with nothing to take
            .reject("81.63", NO_COMES)
            // an own piece between answers before "not forward"
            .reject("56.78", NO_COMES)
            .reject("56.65", NO_AVANZAS)
            .reject("56.74", NO_AVANZAS)
            // "not forward" answers before "too far"
            .reject("56.83", NO_AVANZAS)
            .reject("81.54", NO_DISTANCIA)
            .reject("81.36", NO_VACIO)
            // two opposing pieces between, three squares: too far
            .reject("58.25", NO_DISTANCIA)
            // a step after a step, a step after a capture
            .reject("81.72.63", TANTAS_MOVIMIENTO)
            .reject("56.38.27", TANTAS_MOVIMIENTO)
            // back over the piece just jumped: it is still there, and was jumped already
            .reject("56.38.56", NO_COMES)
            // the jumped piece still stands on its square
            .reject("56.38.47", NO_VACIO)
            .reject("81.72.63.54.45", TANTAS_MOVIMIENTO)
            // the position is unchanged: the capture is still there
            .accept("56.38", &men().mv("56", "38").take("47"));
        s
    });
}

/// Kings: a white king on 74 with its own man on 63, black men on 65 and 47, a black king on
/// 18.
fn kings() -> Board {
    Board::new("B74 b63 n65 n47 N18")
}

#[test]
fn king_errors_in_order() {
    both(|flip| {
        let mut s = Session::fen(&kings(), Side::White, flip);
        s.reject("18.27", NO_ES_TUYA)
            .reject("18.74", NO_ES_TUYA)
            .reject("85.74", NO_HAY_FICHA)
            .reject("74.63", NO_VACIO)
            .reject("74.74", NO_VACIO)
            .reject("74.54", NO_DIAGONAL)
            .reject("74.72", NO_DIAGONAL)
            .reject("74.52", NO_COMES)
            .reject("74.41", NO_COMES)
            .reject("74.38", TANTAS_SALTO)
            // back over the piece jumped in this move (the start square is empty by then)
            .reject("74.56.74", NO_COMES)
            .reject("74.56.83", NO_COMES)
            .reject("74.56.47", NO_VACIO)
            // two quiet hops, the second back to the (now empty) start square
            .reject("74.83.74", TANTAS_MOVIMIENTO)
            .reject("74.85.74.83.74", TANTAS_MOVIMIENTO)
            .reject("74.29", NO_ES_COORDENADA)
            .accept("74.56.38", &kings().mv("74", "38").take("65").take("47"));
        s
    });
}

#[test]
fn king_jumps_more_than_one_piece_in_a_hop_after_a_capture() {
    // Black king on 85 takes 74 and lands on 63, then tries to pass two white men at once.
    both(|flip| {
        let start = Board::new("N85 b74 b54 b45 n12 b81");
        let mut s = Session::fen(&start, Side::Black, flip);
        s.reject("85.63.36", TANTAS_SALTO)
            .reject("85.63.27", TANTAS_SALTO)
            .reject("85.74", NO_VACIO)
            // one piece taken, landing far beyond it
            .accept("85.41", &start.mv("85", "41").take("74"));
        s
    });
}

// ---------------------------------------------------------------------------------------------
// Legal moves of the Spanish rules.

#[test]
fn crowning_and_long_king_moves() {
    both(|flip| {
        let start = Board::new("b23 n58");
        let b1 = start.mv("23", "12").crown("12");
        let b2 = b1.mv("58", "67");
        let b3 = b2.mv("12", "45");
        let b4 = b3.mv("67", "78");
        let b5 = b4.mv("45", "81");
        let b6 = b5.mv("78", "87").crown("87");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept("23.12", &b1)
            .accept("58.67", &b2)
            // a king goes back, and any distance
            .accept("12.45", &b3)
            .accept("67.78", &b4)
            .accept("45.81", &b5)
            .accept("78.87", &b6)
            .reject("87.78", NO_ES_TUYA)
            .accept("81.54", &b6.mv("81", "54"));
        s
    });
}

#[test]
fn crowning_by_capture_and_a_man_is_crowned_only_at_the_end() {
    both(|flip| {
        let start = Board::new("b34 n23 n16 n58");
        let mut s = Session::fen(&start, Side::White, flip);
        // landing on row 1 in the middle of a move does not crown: the man, still a man,
        // cannot go back (a king could, and would be told the second hop takes nothing)
        s.reject("34.12.21", NO_AVANZAS)
            .reject("34.12.23", NO_VACIO)
            .accept("34.12", &start.mv("34", "12").take("23").crown("12"));
        s
    });
}

#[test]
fn three_hop_captures_and_four_hop_attempts() {
    // A man takes three.
    both(|flip| {
        let start = Board::new("b81 n72 n54 n36 n12 b85");
        let mut s = Session::fen(&start, Side::White, flip);
        s.reject("81.63.45.27.18", TANTAS_MOVIMIENTO).accept(
            "81.63.45.27",
            &start.mv("81", "27").take("72").take("54").take("36"),
        );
        s
    });
    // A king takes three, landing far beyond the first; a fourth would be one too many.
    both(|flip| {
        let start = Board::new("B85 n63 n34 n47 n67 n12");
        let mut s = Session::fen(&start, Side::White, flip);
        s.reject("85.52.25.58.76", TANTAS_MOVIMIENTO).accept(
            "85.52.25.58",
            &start.mv("85", "58").take("63").take("34").take("47"),
        );
        s
    });
}

#[test]
fn a_capture_may_stop_part_way() {
    both(|flip| {
        let start = Board::new("b81 n72 n54 n36 n12 b85");
        let b1 = start.mv("81", "63").take("72");
        let b2 = b1.mv("54", "72").take("63");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept("81.63", &b1).accept("54.72", &b2);
        s
    });
    both(|flip| {
        let start = Board::new("b81 n72 n54 n36 n12 b85");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept("81,63.45", &start.mv("81", "45").take("72").take("54"));
        s
    });
}

#[test]
fn a_capture_may_be_declined() {
    both(|flip| {
        let start = Board::new("b63 b72 n54 n21");
        let b1 = start.mv("72", "61");
        let b2 = b1.mv("21", "32");
        let b3 = b2.mv("63", "45").take("54");
        let mut s = Session::fen(&start, Side::White, flip);
        // white could take 54 (63.45) and plays a quiet move; so does black (54.72)
        s.accept("72.61", &b1)
            .accept("21.32", &b2)
            .accept("63.45", &b3);
        s
    });
}

// ---------------------------------------------------------------------------------------------
// The end of a game.

fn no_pieces_game(flip: bool) -> Session {
    let start = Board::new("b74 b85 n41");
    let b1 = start.mv("74", "63");
    let b2 = b1.mv("41", "52");
    let b3 = b2.mv("63", "41").take("52");
    let mut s = Session::fen(&start, Side::White, flip);
    s.accept("74.63", &b1)
        .accept("41.52", &b2)
        .accept_final("63.41", &b3);
    s
}

fn blockade_game(flip: bool) -> Session {
    let start = Board::new("b81 b83 b67 n72 n34");
    let b1 = start.mv("67", "56");
    let b2 = b1.mv("34", "45");
    let b3 = b2.mv("56", "34").take("45");
    let mut s = Session::fen(&start, Side::White, flip);
    s.accept("67.56", &b1)
        .accept("34.45", &b2)
        .accept_final("56.34", &b3);
    s
}

#[test]
fn a_game_lost_with_no_pieces_then_a_new_game() {
    both(|flip| {
        let mut s = no_pieces_game(flip);
        // the new game starts from the initial position, white to move, though this one
        // began from --fen (and, flipped, with black to move)
        s.answer_yes("s")
            .reject("52.43", NO_HAY_FICHA)
            .accept("61.52", &Board::initial().mv("61", "52"));
        s
    });
}

#[test]
fn a_game_lost_by_blockade_then_no() {
    both(|flip| {
        let mut s = blockade_game(flip);
        s.answer_no("n").unread("61.52\n");
        s
    });
}

#[test]
fn wrong_answers_repeat_the_question() {
    both(|flip| {
        let mut s = blockade_game(flip);
        s.answer_other("x")
            .answer_other("")
            .answer_other("no")
            .answer_other("si")
            .answer_other("s n")
            .answer_other("61.52")
            .answer_no(" N ")
            .unread("s\n");
        s
    });
}

#[test]
fn uppercase_yes_and_a_second_game_to_its_end() {
    let mut s = no_pieces_game(false);
    s.answer_yes("S");
    // a second game in the same run, from the initial position, ended by end of input
    let b1 = Board::initial().mv("63", "54");
    let b2 = b1.mv("36", "45");
    let b3 = b2.mv("54", "36").take("45");
    s.accept("63.54", &b1)
        .accept("36.45", &b2)
        .reject("54.36.27", NO_VACIO)
        .reject("54.36.47", NO_AVANZAS)
        .accept("54.36", &b3);
    s.check();
}

#[test]
fn end_of_input_mid_game() {
    // no input at all: the open prompt line is ended
    Session::new().check();
    let mut s = Session::new();
    s.reject("hola", NO_TE_ENTIENDO);
    s.check();
    both(|flip| {
        let start = Board::new("b81 b83 b67 n72 n34");
        let mut s = Session::fen(&start, Side::White, flip);
        s.accept("67.56", &start.mv("67", "56"));
        s
    });
}

#[test]
fn end_of_input_at_the_question() {
    both(no_pieces_game);
    both(|flip| {
        let mut s = blockade_game(flip);
        s.answer_other("quizás");
        s
    });
}

#[test]
fn fen_start_with_the_side_to_move_already_lost() {
    // White has no pieces.
    Session::fen_lost(&Board::new("n12"), Side::White).check();
    // Black has no pieces.
    let mut s = Session::fen_lost(&Board::new("B45 b87"), Side::Black);
    s.answer_no("n");
    s.check();
    // Black is blocked: its man on 72 has white men on 81 and 83 and the edge beyond.
    let mut s = Session::fen_lost(&Board::new("b81 b83 n72"), Side::Black);
    s.answer_yes("s")
        .accept("61.52", &Board::initial().mv("61", "52"));
    s.check();
    // White is blocked: its man on 21 faces a black man on 12 with the edge beyond.
    let mut s = Session::fen_lost(&Board::new("b21 n12"), Side::White);
    s.answer_other("").answer_no("N");
    s.check();
    // White's king on 81 is hemmed in: its only diagonal starts with two black men in a row.
    let mut s = Session::fen_lost(&Board::new("B81 n72 n63 n12"), Side::White);
    s.answer_yes("S");
    s.check();
}

#[test]
fn fen_start_with_a_move_to_play() {
    // The title, an empty line, the board of the position, the prompt of the side to move.
    let board = Board::new("B81 n72 n54 n12");
    let mut s = Session::fen(&board, Side::White, false);
    s.reject("81.45", TANTAS_SALTO)
        .reject("81.36", TANTAS_SALTO)
        // two hops along the same diagonal, each taking one piece
        .accept("81.63.36", &board.mv("81", "36").take("72").take("54"))
        .reject("12.21.32", TANTAS_MOVIMIENTO);
    s.check();
    let mut s = Session::fen(&board, Side::Black, false);
    s.reject("81.72", NO_ES_TUYA)
        .accept("72.83", &board.mv("72", "83").crown("83"));
    s.check();
}

// ---------------------------------------------------------------------------------------------
// Hand-written transcripts: `tests/fixtures/spanish/NAME.in` (stdin), `NAME.out` (the whole
// stdout) and optionally `NAME.args` (one argument a line).

#[test]
fn hand_written_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/spanish");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "in").then(|| path.with_extension(""))
        })
        .collect();
    names.sort();
    assert!(!names.is_empty());
    for name in names {
        let input = std::fs::read(name.with_extension("in")).unwrap();
        let expected = std::fs::read_to_string(name.with_extension("out")).unwrap();
        let args: Vec<String> = std::fs::read_to_string(name.with_extension("args"))
            .map(|text| text.lines().map(str::to_string).collect())
            .unwrap_or_default();
        assert_eq!(run(&args, &input), expected, "{}", name.display());
    }
}

#[test]
fn hand_written_fixture_agrees_with_the_helpers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/spanish");
    let read = |ext: &str| {
        std::fs::read_to_string(dir.join(format!("blockade-then-again.{ext}"))).unwrap()
    };
    let mut s = blockade_game(false);
    s.answer_other("x")
        .answer_yes("s")
        .accept("61.52", &Board::initial().mv("61", "52"));
    let (args, input, expected) = s.script();
    let fixture_args: Vec<String> = read("args").lines().map(str::to_string).collect();
    assert_eq!(args[0], fixture_args[0]);
    assert_eq!(
        dama_core::fen::parse(&args[1]).unwrap(),
        dama_core::fen::parse(&fixture_args[1]).unwrap()
    );
    assert_eq!(input, read("in"));
    assert_eq!(expected, read("out"));
}
