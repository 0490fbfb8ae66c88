//! Random input to the Spanish-spec console, through the library (`dama::console::play`).
//!
//! The expected answer to every line is worked out here from the specification
//! (`../shared/spec/spanish-console.md`): the syntax, the coordinate and count checks, and the
//! per-hop checks in their order ([`verdict`], an independent reading of "Error messages —
//! which check answers first"). A line is a legal move exactly when it is one of
//! `Spanish::legal_moves` written with `dama_core::notation::numeric::write` (after trimming and
//! reading `,` as `.`); [`the_spec_checks_accept_exactly_the_legal_moves`] ties the two
//! together.

use dama::console::{Options, play};
use dama_core::position::Setup;
use dama_core::{Color, Piece, Position, Role, Square, Variant};
use proptest::prelude::*;

use crate::spanish_common;
use spanish_common::oracle::{expected_answer, legal, shape, verdict};
use spanish_common::*;

fn options(start: Position) -> Options {
    Options {
        start,
        ..Options::new(Variant::Spanish)
    }
}

fn run(start: Position, script: &[u8]) -> String {
    let mut input = script;
    let mut output = Vec::new();
    play(&options(start), &mut input, &mut output).expect("the console game fails");
    String::from_utf8(output).expect("the output is not UTF-8")
}

/// The board as the specification draws it, from the position's pieces.
fn board(pos: &Position) -> String {
    let mut text = String::from(" 12345678\n");
    for row in 1..=8u8 {
        text.push(char::from(b'0' + row));
        for col in 1..=8u8 {
            let piece = Square::from_row_col(row, col).and_then(|sq| pos.piece_at(sq));
            text.push(match piece {
                None => ' ',
                Some(Piece { color, role }) => match (color, role) {
                    (Color::White, Role::Man) => 'b',
                    (Color::White, Role::King) => 'B',
                    (Color::Black, Role::Man) => 'n',
                    (Color::Black, Role::King) => 'N',
                },
            });
        }
        text.push(char::from(b'0' + row));
        text.push('\n');
    }
    text.push_str(" 12345678\n");
    text
}

fn prompt(pos: &Position) -> &'static str {
    match pos.turn() {
        Color::White => WHITE,
        Color::Black => BLACK,
    }
}

/// A random sound position with the side to move.
fn position() -> impl Strategy<Value = Position> {
    let cells = prop::collection::vec(0u8..16, 32);
    (cells, any::<bool>()).prop_filter_map("not a position", |(cells, black)| {
        let mut setup = Setup {
            turn: Some(if black { Color::Black } else { Color::White }),
            ..Setup::default()
        };
        for (sq, cell) in Square::all().zip(cells) {
            match cell {
                0 | 1 => setup.white = setup.white.with(sq),
                2 | 3 => setup.black = setup.black.with(sq),
                4 => {
                    setup.white = setup.white.with(sq);
                    setup.kings = setup.kings.with(sq);
                }
                5 => {
                    setup.black = setup.black.with(sq);
                    setup.kings = setup.kings.with(sq);
                }
                _ => {}
            }
        }
        Position::from_setup(&setup).ok()
    })
}

/// A position reached from the initial one by random legal moves (kept only if the side to
/// move can still move).
fn played_position() -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u16>(), 0..60).prop_map(|picks| {
        let mut pos = Position::initial();
        for pick in picks {
            let moves = legal(&pos);
            let next = moves[pick as usize % moves.len()].1;
            if legal(&next).is_empty() {
                break;
            }
            pos = next;
        }
        pos
    })
}

/// Lines of every kind; `pick` chooses a legal move of the position when one is wanted.
#[derive(Clone, Debug)]
enum Line {
    Text(String),
    Legal {
        pick: u16,
        seps: Vec<bool>,
        before: String,
        after: String,
    },
    NearLegal {
        pick: u16,
        digit: u8,
        at: u8,
    },
}

fn line() -> impl Strategy<Value = Line> {
    prop_oneof![
        1 => "[ -~\t]{0,16}".prop_map(Line::Text),
        1 => "[0-9., \t]{0,16}".prop_map(Line::Text),
        1 => "[ \t]{0,2}[0-9]{2}([.,][0-9]{2}){1,5}[ \t]{0,2}".prop_map(Line::Text),
        1 => "[1-8]{2}([.,][1-8]{2}){1,3}".prop_map(Line::Text),
        3 => (
            any::<u16>(),
            prop::collection::vec(any::<bool>(), 3),
            "[ \t]{0,2}",
            "[ \t]{0,2}"
        )
            .prop_map(|(pick, seps, before, after)| Line::Legal {
                pick,
                seps,
                before,
                after
            }),
        2 => (any::<u16>(), 0u8..10, any::<u8>())
            .prop_map(|(pick, digit, at)| Line::NearLegal { pick, digit, at }),
    ]
}

impl Line {
    fn text(&self, pos: &Position) -> String {
        let moves = legal(pos);
        let chosen = |pick: u16| {
            if moves.is_empty() {
                "61.52".to_string()
            } else {
                moves[pick as usize % moves.len()].0.clone()
            }
        };
        match self {
            Line::Text(text) => text.clone(),
            Line::Legal {
                pick,
                seps,
                before,
                after,
            } => {
                let mut n = 0;
                let body: String = chosen(*pick)
                    .chars()
                    .map(|ch| match ch {
                        '.' => {
                            n += 1;
                            if seps[(n - 1) % seps.len()] { ',' } else { '.' }
                        }
                        other => other,
                    })
                    .collect();
                format!("{before}{body}{after}")
            }
            Line::NearLegal { pick, digit, at } => {
                let mut bytes = chosen(*pick).into_bytes();
                let digits: Vec<usize> = (0..bytes.len())
                    .filter(|&i| bytes[i].is_ascii_digit())
                    .collect();
                let i = digits[*at as usize % digits.len()];
                bytes[i] = b'0' + digit;
                String::from_utf8(bytes).unwrap()
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The spec's checks, read independently, accept exactly the moves of `Spanish`.
    #[test]
    fn the_spec_checks_accept_exactly_the_legal_moves(
        pos in prop_oneof![position(), played_position()],
        lines in prop::collection::vec(line(), 1..24),
    ) {
        let moves = legal(&pos);
        for (text, _) in &moves {
            let coords = shape(text).unwrap();
            prop_assert_eq!(verdict(&pos, &coords), Ok(()), "{} in {}", text, dama_core::fen::write(&pos));
        }
        for l in &lines {
            // panics if the checks and the legal moves disagree
            let _ = expected_answer(&pos, &l.text(&pos));
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A session of random lines: each gets exactly the answer the specification gives, the
    /// board changes only by legal moves, and end of input ends the open prompt line.
    #[test]
    fn every_line_gets_the_spec_answer(
        start in prop_oneof![position(), played_position()],
        lines in prop::collection::vec(line(), 0..12),
    ) {
        let mut script = String::new();
        let mut expected = format!("{TITLE}\n\n{}", board(&start));
        let mut pos = start;
        if legal(&pos).is_empty() {
            expected.push_str(&format!("{DERROTA}\n{QUESTION}"));
        } else {
            expected.push_str(prompt(&pos));
            for l in &lines {
                let text = l.text(&pos);
                script.push_str(&text);
                script.push('\n');
                expected.push_str(&text);
                expected.push('\n');
                match expected_answer(&pos, &text) {
                    Ok(next) => {
                        pos = next;
                        expected.push('\n');
                        expected.push_str(&board(&pos));
                        if legal(&pos).is_empty() {
                            expected.push_str(&format!("{DERROTA}\n{QUESTION}"));
                            break;
                        }
                        expected.push_str(prompt(&pos));
                    }
                    Err(message) => {
                        expected.push_str(message);
                        expected.push('\n');
                        expected.push_str(prompt(&pos));
                    }
                }
            }
        }
        expected.push('\n');
        let out = run(start, script.as_bytes());
        prop_assert_eq!(out, expected, "script {:?} from {}", script, dama_core::fen::write(&start));
    }

    /// Random bytes never make the console fail or panic; it prints only the catalogue's lines;
    /// and after an error no board is printed.
    #[test]
    fn random_bytes_only_print_catalogue_lines(
        start in played_position(),
        line in prop::collection::vec(any::<u8>(), 0..24),
    ) {
        let line: Vec<u8> = line.into_iter().map(|b| if b == b'\n' { b' ' } else { b }).collect();
        let mut script = line.clone();
        script.push(b'\n');
        let out = run(start, &script);
        let lines: Vec<&str> = out.split('\n').collect();
        prop_assert!(lines.len() >= 14, "too short: {:?}", out);
        // title, empty line, board (10 lines), prompt with the echo, then the answer
        prop_assert_eq!(lines[0], TITLE);
        prop_assert_eq!(lines[1], "");
        prop_assert_eq!(lines[2..12].join("\n") + "\n", board(&start));
        prop_assert!(lines[12].starts_with(prompt(&start)));
        let rest = &lines[13..];
        prop_assert_eq!(*rest.last().unwrap(), "", "the output ends with a newline");
        let rest = &rest[..rest.len() - 1];
        if let Some(first) = rest.first().filter(|l| ERRORS.contains(l)) {
            // an error: then the same prompt, ended by the end of input; no board
            prop_assert_eq!(rest.len(), 2, "{}", out);
            prop_assert_eq!(rest[1], prompt(&start), "after {}", first);
        } else {
            // a legal move: an empty line, a board of a position one legal move away, then
            // the next prompt or the end of the game
            prop_assert!(rest.len() == 12 || rest.len() == 13, "{}", out);
            prop_assert_eq!(rest[0], "");
            let shown = rest[1..11].join("\n") + "\n";
            let after = legal(&start).into_iter().map(|(_, p)| p).find(|p| board(p) == shown);
            prop_assert!(after.is_some(), "not one legal move away: {}", out);
            let after = after.unwrap();
            if legal(&after).is_empty() {
                prop_assert_eq!(&rest[11..], &[DERROTA, QUESTION]);
            } else {
                prop_assert_eq!(&rest[11..], &[prompt(&after)]);
            }
        }
    }
}
