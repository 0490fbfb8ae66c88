//! The friction points of the newcomer's report (issue 23), each as it was met: every test
//! here failed on the reviewed build (522ec59) and passes now.

use crate::tui_common::{config, new_app, play_by_mouse, screen, wait_engine};

use std::io::{BufReader, Read as _};

use assert_cmd::Command;
use dama::console::{Options, play};
use dama::i18n::Lang;
use dama::play::session::PlayerKind;
use dama_core::{Czech, English, Position, Russian, Spanish, Variant};

use super::newcomer::dama_with as dama;

/// `dama <args>`: its standard output, standard error and exit status.
fn dama_status(args: &[&str]) -> (String, String, i32) {
    let out = Command::cargo_bin("dama")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_spanish_rules_full_dialogue_speaks_its_own_notation() {
    let out = dama(&["--lang", "en"], "help\nmoves\n61.52\nhint\n");
    // The board: rows numbered from Black's side, columns 1-8, no a-h.
    assert!(
        out.contains(
            "1   x   x   x   x 1\n2 x   x   x   x   2\n3   x   x   x   x 3\n\
             4 .   .   .   .   4\n5   .   .   .   . 5\n6 o   o   o   o   6\n\
             7   o   o   o   o 7\n8 o   o   o   o   8\n  1 2 3 4 5 6 7 8\n"
        ),
        "{out}"
    );
    assert!(!out.contains("a b c d"), "{out}");
    assert!(
        out.contains(
            "1. White to move: help\nYou are playing Draughts by the Spanish-spec rules \
             (capture optional, at most three hops).\nMoves: row and column of the piece, then \
             of each landing square: 61.52, a capture 63.45.27.\nCommands:\n"
        ),
        "{out}"
    );
    // What moves and hint print is typed back and played.
    assert!(
        out.contains("Legal moves: 61.52, 63.52, 63.54, 65.54, 65.56, 67.56, 67.58\n"),
        "{out}"
    );
    assert!(out.contains("\n5  [o]  .   .   . 5\n"), "{out}");
    let hint = regex::Regex::new(r"Hint: (\d\d\.\d\d)[ \n]").unwrap();
    let typed = hint.captures(&out).expect("a hint")[1].to_string();
    let out = dama(&["--lang", "en"], &format!("61.52\n{typed}\n"));
    assert!(out.ends_with("2. White to move: \n"), "{out}");
}

#[test]
fn each_rule_sets_help_and_board_use_its_notation() {
    let help_line = |args: &[&str]| {
        let out = dama(args, "help\n");
        let start = out
            .find("\nMoves: ")
            .or(out.find("\nХоды: "))
            .expect("a moves line");
        out[start + 1..].lines().next().unwrap().to_string()
    };
    assert_eq!(
        help_line(&["--rules", "russian", "--lang", "en"]),
        "Moves: c3-d4, c3:e5 or c3xe5, a full capture path c3:e5:g3, also c3 d4 or c3d4."
    );
    assert_eq!(
        help_line(&["--rules", "house", "--lang", "en"]),
        "Moves: c3-d4, c3:e5 or c3xe5, a full capture path c3:e5:g3, also c3 d4 or c3d4."
    );
    assert_eq!(
        help_line(&["--rules", "czech", "--lang", "en"]),
        "Moves: c3-d4, c3xe5 or c3:e5, a full capture path c3xe5xg7, also c3 d4 or c3d4."
    );
    assert_eq!(
        help_line(&["--rules", "czech", "--lang", "ru"]),
        "Ходы: c3-d4, c3xe5 или c3:e5, полный путь взятия c3xe5xg7, также c3 d4 или c3d4."
    );
    assert_eq!(
        help_line(&["--rules", "english", "--lang", "en"]),
        "Moves: the squares' numbers, 11-15, a capture 15x24, a full capture path 15x24x31."
    );
    // The numbered sets: each row with the numbers of its squares beside it, no letters.
    let out = dama(&["--rules", "english", "--lang", "en"], "11-15\n");
    assert!(!out.contains("a b c d"), "{out}");
    assert!(
        out.contains("    x   x   x   x        1     2     3     4\n  x   x   x   x       5     6     7     8\n"),
        "{out}"
    );
}

#[test]
fn a_subcommands_help_lists_only_its_options() {
    let (help, _, code) = dama_status(&["moves", "--help"]);
    assert_eq!(code, 0);
    for shown in ["--rules", "--fen", "--color"] {
        assert!(help.contains(shown), "{shown}: {help}");
    }
    for hidden in [
        "--white",
        "--level",
        "--movetime",
        "--load",
        "--lang",
        "--tb-dir",
        "--echo",
    ] {
        assert!(!help.contains(hidden), "{hidden}: {help}");
    }
    let (help, _, _) = dama_status(&["perft", "--help"]);
    assert!(
        !help.contains("--white") && help.contains("--divide"),
        "{help}"
    );
    // Still refused with the program's own line, before or after the subcommand.
    for args in [
        &["moves", "--level", "3"][..],
        &["--level", "3", "moves"][..],
    ] {
        let (_, err, code) = dama_status(args);
        assert_eq!(err, "dama: --level is not an option of 'dama moves'\n");
        assert_eq!(code, 2);
    }
    // The top-level help: the labels name where each option applies; the summary every
    // rule set and the TUI.
    let (help, _, _) = dama_status(&["--help"]);
    assert!(
        help.contains(
            "Engine strength, 1 (beginner) to 10 (full strength) [play, analyze, tui, simul, dxp]"
        ),
        "{help}"
    );
    assert!(
        help.contains(
            "Start from a saved game (PDN), or the game to analyse [play, analyze, tui, diagram]"
        ),
        "{help}"
    );
    let summary = help.lines().next().unwrap();
    for rules in Variant::on_board(dama_core::BoardKind::Board8) {
        assert!(summary.contains(rules.name()), "{summary}");
    }
    assert!(summary.contains("dama tui"), "{summary}");
}

#[test]
fn the_version_names_the_commit() {
    let (out, _, code) = dama_status(&["--version"]);
    assert_eq!(code, 0);
    let version =
        regex::Regex::new(r"^dama 0\.1\.0 \((v\d+\.\d+\.\d+-\d+-g)?[0-9a-f]{7,}\)\n$").unwrap();
    assert!(version.is_match(&out), "{out}");
}

#[test]
fn the_docs_stand_alone() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&docs).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("../shared"), "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 10, "{checked} files in docs/");
    let engine = std::fs::read_to_string(docs.join("engine.md")).unwrap();
    assert!(!engine.contains("`GameType \"29\"` whatever the rule set"));
}

#[test]
fn the_spanish_spec_tui_labels_its_board_in_rows_and_columns() {
    let mut app = new_app::<Spanish>(config(false));
    play_by_mouse(&mut app, "c3-d4");
    let text = screen(&app);
    assert!(
        text.contains("     1    2    3    4    5    6    7    8"),
        "{text}"
    );
    assert!(!text.contains("a    b    c"), "{text}");
    assert!(text.contains("63.54"), "{text}");
    // Row 6 is the white men's front row: its label stands beside it.
    let row6 = text.lines().find(|l| l.starts_with(" 6 ")).expect("row 6");
    assert!(row6.ends_with(" 6"), "{row6}");
    // A numbered set: the squares carry their numbers, the edges no letters.
    let app = new_app::<English>(config(false));
    let text = screen(&app);
    assert!(!text.contains("a    b    c"), "{text}");
    assert!(text.contains(" 32"), "{text}");
}

#[test]
fn the_tui_speaks_as_the_console_does() {
    // The title names the rule set in the screen's language.
    let app = new_app::<Russian>(dama::tui::AppConfig {
        lang: Lang::Ru,
        ..config(false)
    });
    let first = screen(&app).lines().next().unwrap().to_string();
    assert!(first.starts_with("dama  ·  Русские шашки  ·  "), "{first}");
    let app = new_app::<Czech>(dama::tui::AppConfig {
        lang: Lang::Cs,
        ..config(false)
    });
    let first = screen(&app).lines().next().unwrap().to_string();
    assert!(first.starts_with("dama  ·  Česká dáma  ·  "), "{first}");
    // The same default language as the console.
    for rules in Variant::on_board(dama_core::BoardKind::Board8) {
        assert_eq!(
            dama::tui::default_lang(rules),
            Lang::of(rules),
            "{}",
            rules.name()
        );
    }
    // The score in men, with the language's decimal separator.
    let mut app = new_app::<Czech>(dama::tui::AppConfig {
        lang: Lang::Cs,
        black: PlayerKind::Engine,
        ..config(false)
    });
    play_by_mouse(&mut app, "c3-d4");
    wait_engine(&mut app);
    let text = screen(&app);
    let search = regex::Regex::new(r"hloubka 1  skóre [+-]\d+,\d\d  \d+,\d\d s").unwrap();
    assert!(search.is_match(&text), "{text}");
}

#[test]
fn a_forced_move_reports_no_depth_one_score() {
    // Black's only move is the capture c5xe3.
    let out = dama(
        &[
            "--rules",
            "czech",
            "--lang",
            "en",
            "--black",
            "engine",
            "--fen",
            "B:Wd4,a1:Bc5",
        ],
        "",
    );
    let line = regex::Regex::new(r"\nBlack \(computer\) plays c5xe3 — \d+\.\d s, the only move\n")
        .unwrap();
    assert!(line.is_match(&out), "{out}");
    assert!(!out.contains("depth 1"), "{out}");
}

#[test]
fn a_win_in_one_half_move_is_singular() {
    let catalog = dama::i18n::Catalog::of(Lang::En);
    let score = |s| catalog.rules.score(catalog.texts, s);
    assert_eq!(score(dama_engine::Score::Win(1)), "win in 1 half-move");
    assert_eq!(score(dama_engine::Score::Win(3)), "win in 3 half-moves");
    assert_eq!(score(dama_engine::Score::Loss(1)), "loss in 1 half-move");
    assert_eq!(score(dama_engine::Score::Value(43)), "+0.43");
    let cs = dama::i18n::Catalog::of(Lang::Cs);
    let score = |s| cs.rules.score(cs.texts, s);
    assert_eq!(score(dama_engine::Score::Win(1)), "výhra za 1 půltah");
    assert_eq!(score(dama_engine::Score::Win(3)), "výhra za 3 půltahy");
    assert_eq!(score(dama_engine::Score::Win(5)), "výhra za 5 půltahů");
    assert_eq!(score(dama_engine::Score::Value(-43)), "-0,43");
    let ru = dama::i18n::Catalog::of(Lang::Ru);
    let score = |s| ru.rules.score(ru.texts, s);
    assert_eq!(score(dama_engine::Score::Win(21)), "выигрыш за 21 полуход");
    assert_eq!(
        score(dama_engine::Score::Win(12)),
        "выигрыш за 12 полуходов"
    );
}

/// Input that ends (Ctrl-D) after each of `parts`, then goes on, as a terminal does.
struct Typed(Vec<&'static str>);

impl std::io::Read for Typed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Ok(0);
        }
        let part = self.0.remove(0);
        buf[..part.len()].copy_from_slice(part.as_bytes());
        Ok(part.len())
    }
}

fn at_terminal(parts: Vec<&'static str>) -> String {
    let opts = Options {
        lang: Lang::En,
        interactive: true,
        ..Options::new(Variant::Czech)
    };
    let mut input = BufReader::new(Typed(parts));
    let mut output = Vec::new();
    play(&opts, &mut input, &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

#[test]
fn ctrl_d_at_a_terminal_asks_about_an_unsaved_game() {
    // Ctrl-D, "n": the game goes on; Ctrl-D, "y": it ends.
    let out = at_terminal(vec!["c3-d4\n", "", "n\n", "fen\n", "", "y\n"]);
    assert!(
        out.contains(
            "1... Black to move: \nThe game is not saved. Quit anyway? (y/n): n\n1... Black to move: fen\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("The game is not saved. Quit anyway? (y/n): y\n"),
        "{out}"
    );
    // Nothing to lose: Ctrl-D ends at once.
    assert!(at_terminal(vec![]).ends_with("1. White to move: \n"));
    // A position set up and nothing played: quit does not ask.
    let out = at_terminal(vec!["setup W:Wc3:Bf6\n", "quit\n"]);
    assert!(out.ends_with("1. White to move: quit\n"), "{out}");
    let _ = Position::initial();
}

#[test]
fn save_and_load_expand_the_home_directory() {
    let home = tempfile::tempdir().unwrap();
    let run = |input: &str| {
        let out = Command::cargo_bin("dama")
            .unwrap()
            .env("HOME", home.path())
            .args([
                "--rules", "czech", "--lang", "en", "--color", "never", "--echo",
            ])
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let out = run("c3-d4\nf6-g5\nsave ~/g.pdn\n");
    assert!(out.contains("Game saved to ~/g.pdn.\n"), "{out}");
    assert!(home.path().join("g.pdn").is_file());
    let out = run("load ~/g.pdn\n");
    assert!(
        out.contains("Game loaded from ~/g.pdn: Casual game, 2 half-moves, the game goes on.\n"),
        "{out}"
    );
    let mut text = String::new();
    std::fs::File::open(home.path().join("g.pdn"))
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    assert!(text.contains("1. c3-d4 f6-g5 *"), "{text}");
}

#[test]
fn a_larger_terminal_gets_a_larger_board() {
    let app = new_app::<Czech>(config(false));
    let small = crate::tui_common::text(&crate::tui_common::draw(&app, 80, 24));
    assert!(
        small.contains("\n     a    b    c    d    e    f    g    h "),
        "{small}"
    );
    let large = crate::tui_common::text(&crate::tui_common::draw(&app, 200, 60));
    assert!(
        large
            .contains("\n       a        b        c        d        e        f        g        h "),
        "{large}"
    );
    // The keys stand under the larger board.
    let keys = large.lines().position(|l| l.starts_with("u undo")).unwrap();
    assert_eq!(keys, 38, "{large}");
}

#[test]
fn the_editors_colour_and_side_to_move_are_separate() {
    use crate::tui_common::{click, press};
    use dama::tui::Key;
    let mut app = new_app::<Czech>(config(false));
    for key in ['e', 'c', 'b'] {
        press(&mut app, Key::Char(key));
    }
    click(&mut app, "d6");
    press(&mut app, Key::Char('w'));
    click(&mut app, "c3");
    press(&mut app, Key::Char('b'));
    click(&mut app, "f6");
    assert!(
        screen(&app).contains("[m] To move: White"),
        "{}",
        screen(&app)
    );
    press(&mut app, Key::Enter);
    assert!(
        screen(&app).contains("White to move (human)"),
        "{}",
        screen(&app)
    );
    for key in ['e', 'm'] {
        press(&mut app, Key::Char(key));
    }
    assert!(
        screen(&app).contains("[m] To move: Black"),
        "{}",
        screen(&app)
    );
    press(&mut app, Key::Enter);
    assert!(
        screen(&app).contains("Black to move (human)"),
        "{}",
        screen(&app)
    );
}

#[test]
fn playing_black_against_the_computer_shows_blacks_side() {
    let out = dama(
        &[
            "--rules", "czech", "--lang", "en", "--white", "engine", "--depth", "1",
        ],
        "",
    );
    let board = "Enter a move like c3-d4 or c3xe5; help lists the commands.\n1   o   o   o   o 1\n";
    assert!(out.contains(board), "{out}");
    assert!(out.contains("\n  h g f e d c b a\n"), "{out}");
    let app = new_app::<Czech>(dama::tui::AppConfig {
        white: PlayerKind::Engine,
        ..config(false)
    });
    let text = screen(&app);
    assert!(
        text.contains("\n     h    g    f    e    d    c    b    a "),
        "{text}"
    );
}

#[test]
fn a_loaded_game_of_one_half_move_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pdn");
    let file = file.display().to_string();
    dama(
        &["--rules", "czech", "--lang", "en"],
        &format!("c3-d4\nsave {file}\n"),
    );
    let out = dama(&["--rules", "czech", "--lang", "en", "--load", &file], "");
    assert!(
        out.contains(&format!(
            "Game loaded from {file}: Casual game, 1 half-move, the game goes on.\n"
        )),
        "{out}"
    );
}
