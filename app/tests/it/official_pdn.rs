//! PDN round trips of the six official 8×8 sets: a game played by fixed choices is written
//! with its `GameType` and its set's notation, and read back move for move; and the scripted
//! line console plays a first move in each set's notation.

use dama_engine::EngineRules;
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

/// The console's transcript of `script` under `--rules rules`.
fn console(rules: &str, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["play", "--rules", rules, "--color", "never"])
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
    String::from_utf8(out.stdout).unwrap()
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
        ("pool", "22-18", "11-15", "2. White to move"),
        ("thai", "26-22", "7-11", "2. White to move"),
    ] {
        let text = console(rules, &format!("{first}\n{reply}\nquit\n"));
        assert!(text.contains(&format!(": {first}\n")), "{rules}: {text}");
        assert!(text.contains(prompt), "{rules}: {text}");
        assert!(!text.contains("not a legal"), "{rules}: {text}");
    }
}
