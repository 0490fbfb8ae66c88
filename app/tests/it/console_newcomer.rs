//! The line console as a newcomer meets it (issue 39, newcomer findings 2, 4, 8, 9, 11, 16,
//! 17, 18, 19, 20 and 22): exact transcripts. Each test names its finding; each fails on
//! a577dc1, where the behaviour it pins was missing (the in-memory ones use options and a
//! line source that a577dc1 did not have: a person watching live, a terminal's width, a
//! person who waits at the prompt).
//!
//! Finding 25 (`analyze --infinite` and Ctrl-C) is pinned by the unit test of
//! `commands/analyze.rs` (`bestmove_text`): a test here would need a pseudo-terminal.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use crate::czech_common::dialogue;
use dama::console::{LineSource, Next, Options, play, play_from, usage_note};
use dama::i18n::Lang;
use dama::play::clock::{ClockSource, FakeClock};
use dama::play::session::PlayerKind;
use dama_core::Variant;
use dama_engine::{Limits, TimeControl};

/// `dama --color never --echo <args>` with `input`; its standard output.
fn dama_with(args: &[&str], input: &str) -> String {
    crate::success_stdout(
        crate::dama()
            .args(["--color", "never", "--echo"])
            .args(args)
            .write_stdin(input),
    )
}

/// Runs a console game of `opts` on `script`; its output.
fn run(opts: &Options, script: &str) -> String {
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    play(opts, &mut input, &mut output).expect("the console game runs");
    String::from_utf8(output).expect("UTF-8")
}

/// A person at a terminal, as a test plays them: each entry a line typed, or `None` for a
/// person who waits (the fake clock moves on by the whole wait the dialogue allows).
struct Person {
    lines: VecDeque<Option<&'static str>>,
    clock: FakeClock,
}

impl LineSource for Person {
    fn next_line(&mut self, wait: Option<Duration>) -> Next {
        match self.lines.pop_front() {
            Some(Some(line)) => Next::Line(format!("{line}\n").into_bytes()),
            Some(None) => {
                let wait = wait.expect("the dialogue waits a limited time when a clock runs");
                self.clock.advance(wait);
                Next::Waited
            }
            None => Next::Eof,
        }
    }

    fn can_wait(&self) -> bool {
        true
    }
}

fn tc(text: &str) -> TimeControl {
    text.parse().expect("a time control")
}

/// Czech rules in English, two people, both clocks on `control`, read from `clock`.
fn clocked(control: &str, clock: &FakeClock) -> Options {
    Options {
        clocks: Some([tc(control), tc(control)]),
        clock: Arc::new(clock.clone()),
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    }
}

/// Finding 4: a flag that falls while the person is at the prompt is announced at once, not
/// when the next line comes; finding 11: `undo` after it is refused, not a loop that loses
/// on time again at the next line.
#[test]
fn a_flag_fall_at_the_prompt_is_announced_when_it_falls_and_stays() {
    let clock = FakeClock::new();
    let opts = clocked("10s", &clock);
    let mut person = Person {
        lines: VecDeque::from([Some("c3-d4"), Some("f6-g5"), None, Some("undo"), Some("n")]),
        clock: clock.clone(),
    };
    let mut output = Vec::new();
    play_from(&opts, &mut person, &mut output).expect("the game runs");
    let out = String::from_utf8(output).unwrap();
    assert_eq!(
        dialogue(&out)[2..],
        [
            "1. (white 0:10, black 0:10) White to move: c3-d4",
            "1... (white 0:10, black 0:10) Black to move: f6-g5",
            "2. (white 0:10, black 0:10) White to move: ",
            "Black wins on time: white ran out of time.",
            "Play again? (y/n): undo",
            "A loss on time is not taken back: the clock has run out. Save the game (save FILE) \
             or play again (y).",
            "Play again? (y/n): n",
        ]
    );
    assert_eq!(clock.now(), Duration::from_secs(10));
}

/// Finding 11, in a script (no waiting: the flag fall is seen when the late line comes).
#[test]
fn undo_after_a_loss_on_time_is_refused_in_a_script_too() {
    let opts = Options {
        clock: Arc::new(FakeClock::per_line(Duration::from_secs(4))),
        ..clocked("10s", &FakeClock::new())
    };
    let out = run(&opts, "c3-d4\nf6-g5\nb2-c3\ng7-f6\na3-b4\nundo\nundo\nn\n");
    assert_eq!(
        dialogue(&out)[6..],
        [
            "3. (white 0:02.0, black 0:02.0) White to move: a3-b4",
            "Black wins on time: white ran out of time.",
            "Play again? (y/n): undo",
            "A loss on time is not taken back: the clock has run out. Save the game (save FILE) \
             or play again (y).",
            "Play again? (y/n): undo",
            "A loss on time is not taken back: the clock has run out. Save the game (save FILE) \
             or play again (y).",
            "Play again? (y/n): n",
        ]
    );
}

/// Finding 16: the prompt's clocks and the saved record's `%clock` agree (both round down).
#[test]
fn the_prompt_and_the_record_show_the_same_clock() {
    let dir = crate::czech_common::temp_dir("console-newcomer-clock");
    let file = dir.join("clock.pdn");
    let opts = Options {
        clock: Arc::new(FakeClock::per_line(Duration::from_millis(1_400))),
        ..clocked("5m+3s", &FakeClock::new())
    };
    let out = run(
        &opts,
        &format!("c3-d4\nf6-g5\nsave {}\nquit\n", file.display()),
    );
    assert_eq!(
        dialogue(&out)[2..5],
        [
            "1. (white 5:00, black 5:00) White to move: c3-d4",
            "1... (white 5:01, black 5:00) Black to move: f6-g5",
            &format!(
                "2. (white 5:01, black 5:01) White to move: save {}",
                file.display()
            ),
        ]
    );
    let pdn = std::fs::read_to_string(&file).unwrap();
    assert!(
        pdn.contains(
            "1. c3-d4 {[%clock w0:05:01 b0:05:00]} 1... f6-g5 {[%clock w0:05:01 b0:05:01]}"
        ),
        "{pdn}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The options of a person (White) against the engine (Black) at a fixed depth, no book,
/// watched live at a terminal.
fn live_against_the_engine() -> Options {
    Options {
        black: PlayerKind::Engine,
        limits: Limits {
            depth: Some(2),
            ..Limits::default()
        },
        live: true,
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    }
}

/// The output up to the engine's move line, cut before its time (` — 0.0 s`), which varies.
fn up_to_the_engines_move(out: &str) -> &str {
    let end = out.find(" — ").expect("the engine's move line");
    &out[..end]
}

/// Finding 2: the person's move is drawn (and flushed) before the engine searches, and
/// `Black (computer) is thinking…` shows while it does, then gives way to its move.
#[test]
fn the_move_is_drawn_at_once_and_the_engine_is_seen_thinking() {
    let out = run(&live_against_the_engine(), "c3-d4\nquit\n");
    let board_after_c3d4 = "\
8   x   x   x   x 8
7 x   x   x   x   7
6   x   x   x   x 6
5 .   .   .   .   5
4   .  [o]  .   . 4
3 o  [.]  o   o   3
2   o   o   o   o 2
1 o   o   o   o   1
  a b c d e f g h
o white man, O white king, x black man, X black king, [ ] the last move
";
    let expected = format!(
        "1. White to move: c3-d4\n{board_after_c3d4}\
         Black (computer) is thinking…\r\x1b[KBlack (computer) plays b6-c5"
    );
    let shown = up_to_the_engines_move(&out);
    assert!(shown.ends_with(&expected), "{shown:?}");
    // A script (not watched live) keeps its transcript as it was: no thinking line.
    let script = run(
        &Options {
            live: false,
            ..live_against_the_engine()
        },
        "c3-d4\nquit\n",
    );
    assert!(
        up_to_the_engines_move(&script).ends_with(&format!(
            "1. White to move: c3-d4\n{board_after_c3d4}Black (computer) plays b6-c5"
        )),
        "{script:?}"
    );
}

/// Finding 2 with clocks: the thinking line is written again after each depth, with the
/// clocks as they run.
#[test]
fn the_thinking_line_shows_the_clocks() {
    let opts = Options {
        clocks: Some([tc("1m"), tc("1m")]),
        clock: Arc::new(FakeClock::per_line(Duration::from_secs(2))),
        ..live_against_the_engine()
    };
    let out = run(&opts, "c3-d4\nquit\n");
    let shown = up_to_the_engines_move(&out);
    let thinking = "Black (computer) is thinking… (white 0:58, black 1:00)";
    let start = shown
        .find("Black (computer) is thinking")
        .expect("a thinking line");
    assert_eq!(
        &shown[start..],
        format!(
            "{thinking}\r{thinking}\x1b[K\r{thinking}\x1b[K\r\x1b[KBlack (computer) plays b6-c5"
        ),
    );
}

/// Finding 17: `game` lists the moves played, numbered as in a PDN record, in the game's
/// notation (and in each language: `partie`, `partida`, `партия`).
#[test]
fn game_lists_the_moves_played() {
    let out = dama_with(
        &["--rules", "czech", "--lang", "en"],
        "game\nc3-d4\nf6-g5\nb2-c3\ngame\n",
    );
    let lines = dialogue(&out);
    assert_eq!(
        lines[2..],
        [
            "1. White to move: game",
            "No move has been played yet.",
            "1. White to move: c3-d4",
            "1... Black to move: f6-g5",
            "2. White to move: b2-c3",
            "2... Black to move: game",
            "Moves played: 1. c3-d4 f6-g5 2. b2-c3",
            "2... Black to move: ",
        ]
    );
    // English checkers: Black moves first, and the first move is numbered 1.
    let out = dama_with(&["--rules", "english"], "11-15\n23-19\ngame\n");
    assert!(
        out.contains("2. Black to move: game\nMoves played: 1. 11-15 23-19\n"),
        "{out}"
    );
    // A game set up with the other side to move starts with `1...`; Czech words.
    let out = dama_with(
        &["--rules", "czech", "--fen", "B:Wc3:Bf6"],
        "f6-g5\npartie\n",
    );
    assert!(
        out.contains("Zahrané tahy: 1... f6-g5 \n") || out.contains("Zahrané tahy: 1... f6-g5\n"),
        "{out}"
    );
}

/// Finding 17: a long game's moves are wrapped before a move number, at most 79 columns.
#[test]
fn a_long_game_is_listed_in_lines_that_fit() {
    let moves = "11-15\n23-19\n8-11\n22-17\n9-13\n17-14\n10-17\n21-14\n15-18\n24-20\n";
    let out = dama_with(&["--rules", "english"], &format!("{moves}game\n"));
    let start = out.find("Moves played:").expect("the list");
    let list: Vec<&str> = out[start..].lines().take(2).collect();
    assert_eq!(
        list,
        [
            "Moves played: 1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14",
            "5. 15-18 24-20",
        ]
    );
}

/// Finding 18: square numbers sort as numbers, in `moves` and in `dama moves`.
#[test]
fn square_numbers_sort_as_numbers() {
    let out = dama_with(&["--rules", "english", "--lang", "en"], "moves\n");
    assert!(
        out.contains(
            "1. Black to move: moves\nLegal moves: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16\n"
        ),
        "{out}"
    );
    let out = crate::success_stdout(crate::dama().args(["moves", "--rules", "english"]));
    assert_eq!(out, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
}

/// Finding 9: a refusal names the squares as the person typed them: `62` (row and column)
/// in the Spanish game, `c3` when they typed algebraic squares.
#[test]
fn refusals_name_squares_in_the_notation_typed() {
    let out = dama_with(
        &["--dialogue", "full", "--lang", "en"],
        "62.51\nc3-d4\nc3-e5\n61.52\n",
    );
    let lines: Vec<String> = dialogue(&out)
        .into_iter()
        .filter(|l| !l.starts_with(|c: char| c.is_ascii_digit() && l.len() == 19))
        .collect();
    let said: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.contains("to move") || l.contains(": 6") || l.contains(": c"))
        .collect();
    assert!(
        said.windows(2).any(|w| w
            == [
                "1. White to move: 62.51",
                "62 is a light square; no piece can stand there."
            ]),
        "{out}"
    );
    assert!(
        said.windows(2)
            .any(|w| w == ["1... Black to move: c3-e5", "There is no piece on c3."]),
        "{out}"
    );
    assert!(
        said.windows(2)
            .any(|w| w == ["1... Black to move: 61.52", "The piece on 61 is not yours."]),
        "{out}"
    );
    // English checkers read algebraic squares too, and answer in them.
    let out = dama_with(&["--rules", "english", "--lang", "en"], "c3-d4\n22-18\n");
    assert!(
        out.contains("1. Black to move: c3-d4\nThe piece on c3 is not yours.\n"),
        "{out}"
    );
    assert!(
        out.contains("1. Black to move: 22-18\nThe piece on 22 is not yours.\n"),
        "{out}"
    );
}

/// Finding 19: what is said about the command line is in English, whatever the dialogue's
/// language, as clap's own refusals are.
#[test]
fn a_missing_load_file_is_refused_in_english_in_every_dialogue() {
    for args in [
        &["--load", "nosuch.pdn"][..],
        &["--rules", "czech", "--load", "nosuch.pdn"][..],
        &["--rules", "russian", "--load", "nosuch.pdn"][..],
        &["--dialogue", "full", "--load", "nosuch.pdn"][..],
    ] {
        crate::dama()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr("dama: Cannot load nosuch.pdn: no such file.\n");
    }
}

/// Finding 20: a value out of range is refused in words, not in Rust's range syntax.
#[test]
fn out_of_range_values_are_refused_in_words() {
    for (args, line) in [
        (
            &["--depth", "0"][..],
            "error: invalid value '0' for '--depth <DEPTH>': 0 is not from 1 to 64",
        ),
        (
            &["--level", "11"][..],
            "error: invalid value '11' for '--level <LEVEL>': 11 is not from 1 to 10",
        ),
        (
            &["--depth", "x"][..],
            "error: invalid value 'x' for '--depth <DEPTH>': 'x' is not a whole number",
        ),
    ] {
        let out = crate::dama()
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().next(), Some(line), "{err}");
    }
}

/// Finding 8: the Spanish-spec game's note on standard error (at a terminal) says how to
/// move, then in a line each — one in Spanish, one in English — how to reach the full game,
/// English and the other rule sets.
#[test]
fn the_spec_note_leads_to_the_full_game_english_and_other_rules() {
    let opts = Options {
        interactive: true,
        echo: false,
        ..Options::new(Variant::Spanish)
    };
    let mut err = Vec::new();
    usage_note(&opts, &mut err).unwrap();
    assert_eq!(
        String::from_utf8(err).unwrap(),
        "Las Damas (especificación española). Cada jugada es fila y columna (la fila 1 arriba) de la\n\
         ficha y de cada llegada: 61.52 mueve, 63.45 come, 63.45.27 come dos. Ctrl-D termina.\n\
         Con ayuda, deshacer, pistas y guardar: dama --dialogue full. Otras reglas: dama --rules czech, english… (dama --help).\n\
         In English, with help, undo, hints and save: dama --lang en. Other rules: dama --rules czech, english… --lang en.\n"
    );
}

/// Finding 22: in a terminal too narrow for the 10×10 board and its key of square numbers,
/// the key is left out and a line says where the numbers run.
#[test]
fn a_narrow_terminal_gets_the_10x10_board_without_its_key() {
    let narrow = Options {
        columns: || Some(50),
        ..Options::international()
    };
    let out = run(&narrow, "quit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2..14],
        [
            "    x   x   x   x   x",
            "  x   x   x   x   x",
            "    x   x   x   x   x",
            "  x   x   x   x   x",
            "    .   .   .   .   .",
            "  .   .   .   .   .",
            "    o   o   o   o   o",
            "  o   o   o   o   o",
            "    o   o   o   o   o",
            "  o   o   o   o   o",
            "o white man, O white king, x black man, X black king, [ ] the last move",
            "(Too narrow a terminal for the square numbers beside the board: 1-5 are Black's back \
             row, from the left as White sees it, 46-50 White's.)",
        ]
    );
    assert!(lines[2..12].iter().all(|l| l.chars().count() <= 50));
    // Wide enough: the key is beside the board, and no note.
    let wide = Options {
        columns: || Some(80),
        ..Options::international()
    };
    let out = run(&wide, "quit\n");
    assert!(
        out.contains("    x   x   x   x   x        1     2     3     4     5\n"),
        "{out}"
    );
    assert!(!out.contains("Too narrow"), "{out}");
}
