//! The line consoles as a newcomer meets them: titles and help that name the rule set, the
//! Spanish usage note, the engine's move line, move numbers and the last move, the `--load`
//! report, compact moves, clear refusals and the questions asked only at a terminal.

use crate::czech_common;

use czech_common::{dialogue, run, run_in, temp_dir};
use dama::console::{Options, play, usage_note};
use dama::i18n::Lang;
use dama_core::Variant;

/// `dama --color never --echo <args>` with `input`; its standard output.
pub(crate) fn dama_with(args: &[&str], input: &str) -> String {
    crate::success_stdout(
        crate::dama()
            .args(["--color", "never", "--echo"])
            .args(args)
            .write_stdin(input),
    )
}

#[test]
fn the_title_and_help_name_the_rule_set_played() {
    let cases = [
        (
            "spanish",
            "en",
            "Draughts by the Spanish-spec rules (capture optional, at most three hops)",
            "You are playing Draughts by the Spanish-spec rules",
        ),
        (
            "czech",
            "en",
            "Czech draughts",
            "You are playing Czech draughts.",
        ),
        (
            "spanish",
            "cs",
            "Dáma podle španělské specifikace (braní nepovinné, nejvýše tři skoky)",
            "Hrajete: Dáma podle španělské specifikace",
        ),
        ("czech", "cs", "Česká dáma", "Hrajete: Česká dáma."),
    ];
    for (rules, lang, title, help) in cases {
        let out = dama_with(&["--rules", rules, "--lang", lang], "help\n");
        assert_eq!(out.lines().next(), Some(title), "{rules} {lang}");
        assert!(out.contains(help), "{rules} {lang}: {out}");
    }
}

#[test]
fn the_spanish_rules_in_english_play_spanish_rules() {
    // A capture is available, but capture is optional under the Spanish-spec rules.
    let out = dama_with(&["--lang", "en", "--fen", "W:Wa1,c3:Bd4"], "a1-b2\n");
    assert!(out.contains("1. White to move: a1-b2\n"), "{out}");
    assert!(out.contains("1... Black to move: "), "{out}");
}

#[test]
fn the_spanish_usage_note_goes_to_standard_error_only() {
    let opts = |lang| Options {
        echo: false,
        interactive: true,
        ..Options::new(Variant::Spanish).in_lang(lang)
    };
    let mut err = Vec::new();
    usage_note(&opts(Lang::Es), &mut err).unwrap();
    let note = String::from_utf8(err).unwrap();
    assert!(
        note.contains("61.52") && note.contains("63.45") && note.contains("Ctrl-D"),
        "{note}"
    );
    // It names the full dialogue, in Spanish and in English.
    assert!(
        note.contains("dama --dialogue full") && note.contains("dama --lang en"),
        "{note}"
    );
    let mut err = Vec::new();
    usage_note(&opts(Lang::En), &mut err).unwrap();
    assert!(err.is_empty());
    // Piped input (a script): standard error stays empty and standard output is the spec's.
    let out = crate::dama()
        .write_stdin("61.52\n")
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(out.stderr.is_empty());
}

#[test]
fn help_explains_each_notation_with_examples() {
    let out = dama_with(&["--help"], "");
    for needle in ["61.52", "63.45.27", "Ctrl-D", "c3-d4", "c3xe5xg7", "c3d4"] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
}

#[test]
fn the_engine_says_it_played_and_what_it_saw() {
    let out = run(
        &["--black", "engine", "--depth", "3", "--no-book"],
        "c3-d4\n",
    );
    let line = regex::Regex::new(
        r"\nČerný \(počítač\) hraje [a-h][1-8]-[a-h][1-8] — \d+,\d s, hloubka 3, [+-]\d+,\d\d\n",
    )
    .unwrap();
    assert!(line.is_match(&out), "{out}");
    assert!(out.contains("\n2. Bílý na tahu: "), "{out}");
    // With the book (the default), c3-d4 is answered from it.
    let out = run(&["--black", "engine", "--depth", "3"], "c3-d4\n");
    let line =
        regex::Regex::new(r"\nČerný \(počítač\) hraje (d6-e5|b6-c5) — z knihy zahájení\n").unwrap();
    assert!(line.is_match(&out), "{out}");
}

#[test]
fn a_loaded_game_is_reported_with_its_last_move_marked() {
    let dir = temp_dir("newcomer-load");
    run_in(&dir, &["--lang", "en"], "c3-d4\nf6-g5\nsave g.pdn\n");
    let out = run_in(&dir, &["--lang", "en", "--load", "g.pdn"], "");
    let lines = dialogue(&out);
    assert_eq!(
        lines[2..4],
        [
            "Game loaded from g.pdn: Casual game, 2 half-moves, the game goes on.",
            "Last move: f6-g5",
        ]
    );
    assert!(
        out.contains("\n6   x   x  [.]  x 6\n5 .   .   .  [x]  5\n"),
        "{out}"
    );
    assert!(out.ends_with("2. White to move: \n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compact_moves_and_clear_refusals() {
    let out = run(&["--lang", "en"], "c3d4\nf6g5\na1-b2-c3\n");
    let lines = dialogue(&out);
    assert!(
        lines.contains(&"1. White to move: c3d4".to_string()),
        "{out}"
    );
    assert!(
        lines.contains(
            &"A move without a capture goes one step: give only its start and landing squares."
                .to_string()
        ),
        "{out}"
    );
    assert!(
        lines.contains(&"1... Black to move: f6g5".to_string()),
        "{out}"
    );
    assert!(out.ends_with("2. White to move: \n"), "{out}");
}

fn interactive(script: &str) -> String {
    let opts = Options {
        lang: Lang::En,
        interactive: true,
        ..Options::new(Variant::Czech)
    };
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    play(&opts, &mut input, &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

#[test]
fn quit_and_resign_ask_first_at_a_terminal() {
    // An unsaved game: quit asks; "n" goes on.
    let out = interactive("c3-d4\nquit\nn\nfen\nquit\ny\n");
    assert!(
        out.contains("1... Black to move: quit\nThe game is not saved. Quit anyway? (y/n): n\n1... Black to move: fen\n"),
        "{out}"
    );
    assert!(
        out.ends_with("The game is not saved. Quit anyway? (y/n): y\n"),
        "{out}"
    );
    // Nothing played: quit leaves at once.
    assert!(interactive("quit\n").ends_with("1. White to move: quit\n"));
    // Resign asks too.
    let out = interactive("resign\nn\nresign\ny\nn\n");
    assert!(
        out.contains("Do you really resign? (y/n): n\n1. White to move: resign\n"),
        "{out}"
    );
    assert!(out.contains("Black wins: white resigned."), "{out}");
    // Saved: quit leaves at once; undone after the save: it asks; redone back to the saved
    // game: it leaves at once again.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pdn");
    let file = file.display();
    let out = interactive(&format!("c3-d4\nsave {file}\nquit\n"));
    assert!(out.ends_with("1... Black to move: quit\n"), "{out}");
    let out = interactive(&format!("c3-d4\nsave {file}\nundo\nquit\nn\nredo\nquit\n"));
    assert!(out.contains("Quit anyway? (y/n): n\n"), "{out}");
    assert!(out.ends_with("1... Black to move: quit\n"), "{out}");
    // A script (not a terminal) is never asked.
    let out = run(&["--lang", "en"], "c3-d4\nquit\n");
    assert!(!out.contains("Quit anyway"), "{out}");
}
