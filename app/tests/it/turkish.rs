//! Turkish draughts in the front ends: the line console (board, moves, messages in the set's
//! notation, the end of a game, a saved game read back), the full screen (its chequered board
//! of 64 squares at 80 × 24, a move by mouse and one typed), and `dama hub` speaking the
//! 64-square encoding pydraughts uses.

use std::process::Command;

use dama::console::Options;
use dama::i18n::Lang;
use dama::tui::{App, AppConfig};
use dama_core::{Board64, BoardRules, DynRules, SquareOn, Turkish, Variant};

use crate::czech_common::{said, transcript};
use crate::tui_common::*;

fn fen(text: &str) -> dama_core::PositionOn<Board64> {
    Turkish::parse_fen(text).expect("a Turkish FEN")
}

fn options(start: &str, lang: Lang) -> Options {
    let mut opts = Options::new(Variant::Turkish).in_lang(lang);
    opts.start64 = Some(fen(start));
    opts
}

#[test]
fn the_console_reads_and_refuses_moves_along_ranks_and_files() {
    let out = transcript(
        &options("W:Wd4,h2:Bd5,a7", Lang::En),
        "d4-e5\nd4-d5\nd4xd6\nmoves\na7-b6\na7-a6\nquit\n",
    );
    assert_eq!(
        said(&out),
        [
            "Turkish draughts (all 64 squares, men move forward and sideways)",
            "Enter a move like c3-c4 or c4xc6; help lists the commands.",
            "1. White to move: d4-e5",
            "A capture is compulsory: d4xd6",
            "1. White to move: d4-d5",
            "A capture is compulsory: d4xd6",
            "1. White to move: d4xd6",
            "1... Black to move: moves",
            "Legal moves: a7-a6, a7-b7",
            "1... Black to move: a7-b6",
            "The piece on a7 cannot move like that.",
            "1... Black to move: a7-a6",
            "2. White to move: quit",
        ],
        "{out}"
    );
    // The board shows all 64 squares, the last move between brackets.
    assert!(
        out.contains("7[.]. . . . . . . 7\n6[x]. . o . . . . 6\n"),
        "{out}"
    );
}

#[test]
fn the_last_piece_taken_ends_the_game_in_each_language() {
    for (lang, title, end) in [
        (
            Lang::En,
            "Turkish draughts (all 64 squares, men move forward and sideways)",
            "White wins: black has no pieces left.",
        ),
        (
            Lang::Cs,
            "Turecká dáma (všech 64 polí, kameny táhnou vpřed a do stran)",
            "Vyhrál bílý: černý nemá žádné kameny.",
        ),
    ] {
        let out = transcript(&options("W:Wd4:Bd5", lang), "d4xd6\nn\n");
        let lines = said(&out);
        assert_eq!(lines[0], title, "{out}");
        assert!(lines.contains(&end), "{lang:?}: {out}");
    }
}

#[test]
fn a_saved_game_is_turkish_pdn_and_loads_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.pdn");
    let script = format!("c3-c4\nf6-f5\nsave {}\nquit\n", file.display());
    let opts = Options::new(Variant::Turkish).in_lang(Lang::En);
    let out = transcript(&opts, &script);
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(text.contains("[GameType \"30\"]"), "{text}");
    assert!(text.contains("1. c3-c4 f6-f5"), "{text}");
    let record = dama_core::pdn::read::<Turkish>(&text).expect("the saved game reads");
    assert_eq!(record.game.moves().len(), 2);
    let mut opts = opts;
    opts.load = Some(file);
    let out = transcript(&opts, "game\nquit\n");
    assert!(
        said(&out).contains(&"Moves played: 1. c3-c4 f6-f5"),
        "{out}"
    );
}

fn config64(color: bool) -> AppConfig<Board64> {
    config_on(color, Turkish::start())
}

fn new_app64(cfg: AppConfig<Board64>) -> App<Board64> {
    App::new(DynRules::of::<Turkish>(), cfg, 80, 24).expect("the app starts")
}

fn click64(app: &mut App<Board64>, name: &str) {
    let sq = SquareOn::<Board64>::parse_algebraic(name).expect("a square");
    let (column, row) = app.cell_of(sq).expect("the board is shown");
    app.handle(dama::tui::Event::Click {
        button: dama::tui::Button::Left,
        column,
        row,
    });
}

#[test]
fn the_screen_shows_the_chequered_board_and_plays_by_mouse_and_keys() {
    let plain = new_app64(config64(false));
    insta::assert_snapshot!("turkish_start_no_color", screen(&plain));
    let coloured = new_app64(config64(true));
    insta::assert_snapshot!(
        "turkish_start_colour_map",
        colours(&draw(&coloured, 80, 24))
    );
    let mut app = new_app64(config64(false));
    for name in ["c3", "c4", "c4"] {
        click64(&mut app, name);
    }
    type_keys(&mut app, "tf6-f5");
    press(&mut app, dama::tui::Key::Enter);
    let played: Vec<String> = app.game().moves().map(Turkish::write_move).collect();
    assert_eq!(played, ["c3-c4", "f6-f5"]);
    // A diagonal step is refused with the reason.
    type_keys(&mut app, "tc4-d5");
    press(&mut app, dama::tui::Key::Enter);
    assert_eq!(app.game().moves().count(), 2);
    assert!(
        screen(&app).contains("The piece on c4 cannot move like that."),
        "{}",
        screen(&app)
    );
}

/// The start as pydraughts sends it: a8 first, rank by rank down to h1.
const START64: &str = "Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee";

#[test]
fn the_hub_speaks_pydraughts_encoding_of_the_64_squares() {
    let input = format!(
        "set-param name=variant value=turkish\ninit\n\
         pos pos=Weeee\npos pos={START64} moves=\"19-28\"\npos pos={START64} moves=\"19-99\"\n\
         pos pos={START64} moves=\"19-27 43-35\"\nlevel depth=1\ngo think\nquit\n"
    );
    let (code, lines) = crate::hub_hardening::hub_run(None, &[], input);
    assert_eq!(code, Some(0), "{lines:?}");
    let out = lines.join("\n");
    let replies: Vec<&str> = out.lines().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(
        replies,
        [
            "ready",
            "error message=\"pos: position: 5 characters, expected 65 (the side to move and 64 squares)\"",
            "error message=\"pos: moves[1]: move '19-28': not legal in this position\"",
            "error message=\"pos: moves[1]: move '19-99': syntax: 99 is not a square number (1-64)\"",
            // c3-c4 c6-c5: white must take two, c4xc6xc8 over c5 and c7 (27 to 59, taking
            // 35 and 51, numbered from a1); the answer it expects is a6-a5 (41-33).
            "done move=27x59x35x51 ponder=41-33",
        ],
        "{out}"
    );
}

#[test]
fn the_tables_say_turkish_has_none() {
    let dir = tempfile::tempdir().unwrap();
    for action in [&["build", "--pieces", "2"][..], &["info"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("tb")
            .args(action)
            .args(["--rules", "turkish", "--tb-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{action:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "dama: turkish has no endgame tables: they are made for the dark squares of the 8x8 \
             and 10x10 boards only\n"
        );
    }
    // Nothing was made, and the list of every set's tables leaves it out.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
