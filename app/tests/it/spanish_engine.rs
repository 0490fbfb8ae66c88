//! A person against the engine in the Spanish-spec console, through the real binary and a
//! pipe: the "person" waits for each prompt, reads the board just printed, and answers with a
//! legal move, until the game ends. The whole transcript is then replayed: every line must be
//! the title, an empty line, a board line, a prompt with its move, "Derrota" or the question,
//! and every board must be the position after the moves so far.

use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};

use dama::console::board_view;
use dama_core::game::Game;
use dama_core::notation::numeric;
use dama_core::{BoardRules, Color, MoveList, Position, Spanish};

const WHITE: &str = "Mueven las blancas: ";
const BLACK: &str = "Mueven las negras: ";
const QUESTION: &str = "¿Queréis jugar otra? (s/n): ";

/// The person's move: the legal move that takes most, then the first in text order; it plays
/// badly enough that the engine wins, and always the same way.
fn person_move(pos: &Position) -> String {
    let mut moves = MoveList::new();
    Spanish::legal_moves(pos, &mut moves);
    let mut texts: Vec<(u32, String)> = moves
        .iter()
        .map(|m| (m.captured().count(), numeric::write(m)))
        .collect();
    texts.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    texts[0].1.clone()
}

/// Replays the transcript with the library and returns how the game ended.
fn check_transcript(out: &str, engine: Color) -> &'static str {
    let mut game = Game::<Spanish>::new(Position::initial());
    let mut lines = out.split('\n');
    assert_eq!(lines.next(), Some("Las Damas!!!"));
    assert_eq!(lines.next(), Some(""));
    let expect_board = |lines: &mut std::str::Split<'_, char>, pos: &Position| {
        for want in board_view::spanish(pos, false).lines() {
            assert_eq!(lines.next(), Some(want));
        }
    };
    expect_board(&mut lines, game.position());
    loop {
        let line = lines.next().expect("the transcript goes on");
        if line == "Derrota!!! No puedes mover tus fichas!!!" {
            assert!(game.is_over());
            assert_eq!(lines.next(), Some(&*format!("{QUESTION}n")));
            assert_eq!(lines.next(), Some(""));
            assert_eq!(lines.next(), None);
            return if game.turn() == engine {
                "engine lost"
            } else {
                "person lost"
            };
        }
        let prompt = match game.turn() {
            Color::White => WHITE,
            Color::Black => BLACK,
        };
        let typed = line
            .strip_prefix(prompt)
            .unwrap_or_else(|| panic!("a stray line: {line:?}"));
        let mv = numeric::parse(game.position(), typed).expect("a legal move");
        game.play(&mv);
        assert_eq!(lines.next(), Some(""));
        expect_board(&mut lines, game.position());
    }
}

#[test]
fn a_person_against_the_engine_to_the_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["--black", "engine", "--depth", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut out = String::new();
    let mut game = Game::<Spanish>::new(Position::initial());
    let mut seen = 0;
    let mut buf = [0u8; 4096];
    for _ in 0..400 {
        // Read until the program waits for the person.
        while out.len() <= seen || !(out.ends_with(WHITE) || out.ends_with(QUESTION)) {
            let n = stdout.read(&mut buf).expect("output");
            assert!(n > 0, "the program ended early:\n{out}");
            out.push_str(std::str::from_utf8(&buf[..n]).expect("UTF-8"));
        }
        // Catch up with the engine's moves printed since the last answer.
        for line in out[seen..].lines() {
            if let Some(typed) = line.strip_prefix(BLACK) {
                let mv = numeric::parse(game.position(), typed).expect("the engine's move");
                game.play(&mv);
            }
        }
        seen = out.len();
        let answer = if out.ends_with(QUESTION) {
            "n".to_string()
        } else {
            let mv = person_move(game.position());
            game.play(&numeric::parse(game.position(), &mv).expect("legal"));
            mv
        };
        writeln!(stdin, "{answer}").expect("input");
        if answer == "n" {
            break;
        }
    }
    assert!(game.is_over(), "the game did not end in 400 moves");
    drop(stdin);
    stdout.read_to_string(&mut out).expect("the rest");
    assert!(child.wait().expect("exit").success());
    assert_eq!(check_transcript(&out, Color::Black), "person lost");
}
