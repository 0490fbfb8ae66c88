//! PDN round trips of the six official 8×8 sets: a game played by fixed choices is written
//! with its `GameType` and its set's notation, and read back move for move; and the scripted
//! line console plays a first move in each set's notation.

use dama::engines::EngineRules;
use std::io::Write;
use std::process::{Command, Stdio};

use dama_core::MoveList;
use dama_core::game::Game;
use dama_core::pdn;
use dama_core::rules::{Brazilian, English, Italian, Pool, SpanishOfficial, Thai};

/// Plays `plies` half-moves from the set's start, the `i`-th taking legal move `i * 7` modulo
/// their number, then writes the game and reads it back.
fn round_trip<R: EngineRules>(plies: usize, game_type: &str) {
    let mut game = Game::<R>::new(R::start());
    let mut list = MoveList::new();
    for i in 0..plies {
        if game.is_over() {
            break;
        }
        game.legal_moves(&mut list);
        let mv = list[(i * 7) % list.len()];
        game.play(&mv);
    }
    let text = pdn::write(&game, &pdn::Header::default());
    assert!(
        text.contains(&format!("[GameType \"{game_type}\"]")),
        "{text}"
    );
    assert!(
        !text.contains("[FEN"),
        "the set's own start needs no FEN: {text}"
    );
    // Numbered from the set's first mover, in its own notation.
    let first = R::INFO.notation.write(game.moves().next().unwrap());
    assert!(text.contains(&format!("\n1. {first} ")), "{text}");
    let back = pdn::read::<R>(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(
        back.game.moves().collect::<Vec<_>>(),
        game.moves().collect::<Vec<_>>(),
        "{text}"
    );
    assert_eq!(back.game.position(), game.position());
}

#[test]
fn each_set_round_trips() {
    round_trip::<English>(40, "21");
    round_trip::<Italian>(40, "22");
    round_trip::<SpanishOfficial>(40, "24");
    round_trip::<Brazilian>(40, "26");
    round_trip::<Pool>(40, "23");
    round_trip::<Thai>(40, "31");
}

#[test]
fn scripted_console_games() {
    for (rules, first, reply, prompt) in [
        ("english", "11-15", "23-19", "2. Black to move"),
        ("italian", "21-17", "12-16", "2. White to move"),
        (
            "spanish-official",
            "21-17",
            "12-16",
            "2. Mueven las blancas",
        ),
        ("brazilian", "c3-d4", "f6-e5", "2. White to move"),
        // APCA rule 7: Black moves first.
        ("pool", "11-15", "23-19", "2. Black to move"),
        ("thai", "26-22", "7-11", "2. White to move"),
    ] {
        let (text, _) = dama(
            &["play", "--rules", rules, "--color", "never"],
            &format!("{first}\n{reply}\nquit\n"),
        );
        assert!(text.contains(&format!(": {first}\n")), "{rules}: {text}");
        assert!(text.contains(prompt), "{rules}: {text}");
        assert!(!text.contains("not a legal"), "{rules}: {text}");
    }
}

/// The output and standard error of `dama ARGS` with `script` as input.
fn dama(args: &[&str], script: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn numbered_sets_name_squares_by_number_in_errors_and_after_load() {
    // English: black moves first; 22 is white's, 13 is empty, 15 is not reachable from 11-16.
    let (out, _) = dama(&["--rules", "english"], "22-18\n13-17\n");
    assert!(out.contains("The piece on 22 is not yours.\n"), "{out}");
    assert!(out.contains("There is no piece on 13.\n"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pdn");
    std::fs::write(&file, "[GameType \"21\"]\n1. 12-16 *\n").unwrap();
    let path = file.to_str().unwrap();
    let (out, _) = dama(&["--rules", "english", "--load", path], "");
    assert!(out.contains("\nLast move: 12-16\n"), "{out}");
    // A refused move of a file, with its squares as numbers.
    std::fs::write(&file, "[GameType \"21\"]\n1. 22-18 *\n").unwrap();
    let (_, err) = dama(&["--rules", "english", "--load", path], "");
    assert_eq!(
        err,
        format!(
            "dama: Cannot load {path}: line 2: move 1 '22-18' is illegal: The piece on 22 is not yours.\n"
        )
    );
}

#[test]
fn a_game_of_another_kind_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("international.pdn");
    std::fs::write(&file, "[GameType \"20\"]\n1. 32-28 19-23 *\n").unwrap();
    let path = file.to_str().unwrap();
    for (args, line) in [
        (
            &["--rules", "czech", "--lang", "en"][..],
            format!(
                "dama: Cannot load {path}: the file is a game of the international rules, not of the czech rules.\n"
            ),
        ),
        (
            &["--rules", "english"][..],
            format!(
                "dama: Cannot load {path}: the file is a game of the international rules, not of the english rules.\n"
            ),
        ),
        (
            &["--rules", "spanish-official"][..],
            format!(
                "dama: Cannot load {path}: the file is a game of the international rules, not of the spanish-official rules.\n"
            ),
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--load", path]);
        let (out, err) = dama(&all, "");
        assert_eq!(err, line, "{args:?}");
        assert_eq!(out, "", "{args:?}");
    }
}
