//! A person against the engine, driven line by line through the binary: the game runs to its
//! end, the engine's moves appear after its prompt as if typed, and no stray line appears.

use crate::czech_common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use dama_core::game::Game;
use dama_core::{Czech, MoveList, fen};

const PROMPTS: [&str; 3] = [
    "White to move: ",
    "Play again? (y/n): ",
    "The computer offers a draw. Do you accept? (y/n): ",
];

/// Reads until the output ends with one of the prompts; returns its index.
fn read_prompt(out: &mut impl Read, transcript: &mut String) -> usize {
    let mut bytes = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        let n = out.read(&mut byte).unwrap();
        assert!(n == 1, "the program stopped early:\n{transcript}");
        bytes.push(byte[0]);
        if let Ok(text) = std::str::from_utf8(&bytes)
            && let Some(i) = PROMPTS.iter().position(|p| text.ends_with(p))
        {
            transcript.push_str(text);
            return i;
        }
    }
}

#[test]
fn a_human_v_engine_game_runs_to_the_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([
            "--rules", "czech", "--lang", "en", "--color", "never", "--echo",
        ])
        .args(["--black", "engine", "--depth", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = child.stdout.take().unwrap();
    let mut transcript = String::new();
    let mut state = 7u64;
    let mut moves = MoveList::new();
    let mut human_moves = 0;
    loop {
        match read_prompt(&mut output, &mut transcript) {
            0 => {
                // Ask for the position, then play a pseudo-random legal move.
                input.write_all(b"fen\n").unwrap();
                assert_eq!(read_prompt(&mut output, &mut transcript), 0);
                let fen_line = transcript.lines().rev().nth(1).unwrap();
                let game = Game::<Czech>::new(fen::parse(fen_line).unwrap());
                game.legal_moves(&mut moves);
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let mv = moves[(state >> 33) as usize % moves.len()];
                let text = dama_core::notation::algebraic::write(&mv);
                input.write_all(format!("{text}\n").as_bytes()).unwrap();
                human_moves += 1;
                assert!(human_moves < 1000, "the game does not end");
            }
            1 => {
                input.write_all(b"n\n").unwrap();
                break;
            }
            _ => input.write_all(b"n\n").unwrap(),
        }
    }
    drop(input);
    output.read_to_string(&mut transcript).unwrap();
    assert!(child.wait().unwrap().success());
    let turn = regex::Regex::new(
        r"^\d+\.(\.\.)? (White|Black) to move: ([a-h][1-8](-[a-h][1-8]|(x[a-h][1-8])+)|fen)$",
    )
    .unwrap();
    let engine_line = regex::Regex::new(
        r"^Black \(computer\) plays [a-h][1-8](-[a-h][1-8]|(x[a-h][1-8])+) — (\d+\.\d s(, depth \d+, ([+-]\d+\.\d\d|(win|loss) in \d+ half-moves?)|, the only move)|from the opening book)$",
    )
    .unwrap();
    let fen_line = regex::Regex::new(r"^[WB]:W[^ ]*:B[^ ]*$").unwrap();
    let mut ends = 0;
    let mut engine_lines = 0;
    for line in transcript.lines() {
        let board =
            line.len() == 19 && line.as_bytes()[0].is_ascii_digit() || line == "  a b c d e f g h";
        let engine_moved = engine_line.is_match(line);
        engine_lines += usize::from(engine_moved);
        let known = [
            "Czech draughts",
            "Enter a move like c3-d4 or c3xe5; help lists the commands.",
            "o white man, O white king, x black man, X black king, [ ] the last move",
            "Play again? (y/n): n",
            "The computer offers a draw. Do you accept? (y/n): n",
            "Draw declined; play goes on.",
        ];
        let end = line.starts_with("Draw: ") || line.contains(" wins: ");
        ends += usize::from(end);
        assert!(
            board
                || known.contains(&line)
                || turn.is_match(line)
                || fen_line.is_match(line)
                || end
                || engine_moved,
            "stray line {line:?} in\n{transcript}"
        );
    }
    assert_eq!(ends, 1, "{transcript}");
    assert!(engine_lines > 0, "{transcript}");
}

/// The Czech console's output for `input`, with the engine at depth 2 as `engine` (white or
/// black) and `extra` options.
fn against_engine(engine: &str, extra: &[&str], input: &str) -> String {
    let side = format!("--{engine}");
    // The searches themselves, not the opening book's moves.
    let mut args = vec!["--depth", "2", side.as_str(), "engine", "--no-book"];
    args.extend_from_slice(extra);
    czech_common::run(&args, input)
}

#[test]
fn hint_and_draw_offer_against_the_engine() {
    let out = against_engine("black", &["--fen", "W:Wc3,e1:Bd4,f6,a7"], "rada\nremíza\n");
    assert!(
        out.contains("Bílý na tahu: rada\nRada: c3xe5xg7 (+5,48; varianta c3xe5xg7 a7-b6 e1-d2)\n"),
        "{out}"
    );
    // The engine, about to lose two men, accepts the offer.
    assert!(
        out.contains("Bílý na tahu: remíza\nPočítač remízu přijímá.\nRemíza dohodou.\n"),
        "{out}"
    );
}

#[test]
fn the_engine_declines_a_draw_when_it_is_winning() {
    let out = against_engine("black", &["--fen", "W:Wc3:Ba7,b6,d6,f6"], "remíza\n");
    assert!(
        out.contains("Bílý na tahu: remíza\nPočítač remízu odmítá, hraje se dál.\n"),
        "{out}"
    );
}

#[test]
fn the_engine_moves_first_as_white() {
    let out = against_engine("white", &["--lang", "en"], "undo\nf6-g5\nundo\n");
    let lines: Vec<&str> = out.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("White (computer) plays "))
        .unwrap();
    assert!(
        regex::Regex::new(r"^White \(computer\) plays [a-h][1-8]-[a-h][1-8] — ")
            .unwrap()
            .is_match(lines[first])
    );
    // Nothing of the person's to take back: nothing changes, the engine does not move again.
    assert!(
        out.contains("1... Black to move: undo\nNone of your moves to take back yet.\n1... Black to move: f6-g5\n"),
        "{out}"
    );
    // After the person's move and the engine's reply, undo takes back the pair.
    let taken = regex::Regex::new(
        r"2\.\.\. Black to move: undo\nTaken back: [a-h][1-8]-[a-h][1-8], f6-g5\n",
    )
    .unwrap();
    assert!(taken.is_match(&out), "{out}");
    assert_eq!(
        out.matches("White (computer) plays ").count(),
        2,
        "the engine does not replay after undo: {out}"
    );
}
