//! Files of many games: `dama games FILE`, `--game N` for `play`, `load FILE N` in the
//! console, the refusal of a number that is not one of the file's, and the TUI's list of a
//! file's games (keys and mouse).

use crate::czech_common::{run_in, temp_dir};
use crate::tui_common::*;
use assert_cmd::Command;
use dama::tui::{Button, Event, Key};
use dama_core::Czech;

/// Three Czech games: one of four half-moves, one from a set-up position, a drawn one.
pub const THREE: &str = "\
[Event \"Club championship\"]
[White \"Novák\"]
[Black \"Svoboda\"]
[GameType \"29\"]
[Result \"*\"]
1. c3-d4 f6-e5 2. d4xf6 g7xe5 *

[Event \"Cup\"]
[White \"Dvořák\"]
[Black \"Král\"]
[GameType \"29\"]
[FEN \"W:Wc3,e3:Bf6,h8\"]
1. c3-d4 f6-g5 2. e3-f4 *

[Event \"Friendly\"]
[White \"Eva\"]
[Black \"Petr\"]
[GameType \"29\"]
1. a3-b4 b6-a5 1/2-1/2
";

/// A directory holding `three.pdn`.
pub fn three_dir(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(&format!("games-{name}"));
    std::fs::write(dir.join("three.pdn"), THREE).unwrap();
    dir
}

#[test]
fn games_lists_each_game_on_one_aligned_line() {
    let dir = three_dir("list");
    Command::cargo_bin("dama")
        .unwrap()
        .current_dir(&dir)
        .args(["games", "three.pdn"])
        .assert()
        .success()
        .stdout(
            "No.  Event              White   Black    Result   Moves\n  \
               1  Club championship  Novák   Svoboda  *            2\n  \
               2  Cup                Dvořák  Král     *            2\n  \
               3  Friendly           Eva     Petr     1/2-1/2      1\n",
        );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn games_lists_a_refused_game_with_its_reason_and_reads_on() {
    let dir = temp_dir("games-refused");
    std::fs::write(
        dir.join("mixed.pdn"),
        "[Event \"a\"]\n1. c3-d4 *\n[Event \"b\"]\n1. c3-c5 *\n[Event \"c\"]\n1. a3-b4 *\n",
    )
    .unwrap();
    Command::cargo_bin("dama")
        .unwrap()
        .current_dir(&dir)
        .args(["--rules", "czech", "games", "mixed.pdn"])
        .assert()
        .success()
        .stdout(
            "No.  Event  White  Black  Result  Moves\n  \
               1  a      ?      ?      *           1\n  \
               2  line 4: move 1 'c3-c5' is illegal: The piece on c3 cannot move like that.\n  \
               3  c      ?      ?      *           1\n",
        );
    Command::cargo_bin("dama")
        .unwrap()
        .current_dir(&dir)
        .args(["games", "missing.pdn"])
        .assert()
        .code(2)
        .stderr("dama: Cannot load missing.pdn: no such file.\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_load_game_2_starts_from_the_second_game() {
    let dir = three_dir("play");
    let out = run_in(
        &dir,
        &["--lang", "en", "--load", "three.pdn", "--game", "2"],
        "fen\n",
    );
    assert_eq!(
        out,
        "Czech draughts\n\
         Enter a move like c3-d4 or c3xe5; help lists the commands.\n\
         Game loaded from three.pdn (2/3): Cup, 3 half-moves, the game goes on.\n\
         Last move: e3-f4\n\
         8   .   .   .   x 8\n\
         7 .   .   .   .   7\n\
         6   .   .   .   . 6\n\
         5 .   .   .   x   5\n\
         4   .   o  [o]  . 4\n\
         3 .   .  [.]  .   3\n\
         2   .   .   .   . 2\n\
         1 .   .   .   .   1\n\
         \x20 a b c d e f g h\n\
         o white man, O white king, x black man, X black king, [ ] the last move\n\
         2... Black to move: fen\n\
         B:Wd4,f4:Bg5,h8\n\
         2... Black to move: \n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_number_out_of_range_is_refused_in_english_whatever_the_dialogue() {
    // A refusal of the command line is in English, as clap's are (newcomer finding 19).
    let dir = three_dir("range");
    for (lang, game, message) in [
        (
            "en",
            "4",
            "dama: Cannot load three.pdn: the file holds 3 games; there is no game 4.\n",
        ),
        (
            "cs",
            "0",
            "dama: Cannot load three.pdn: the file holds 3 games; there is no game 0.\n",
        ),
        (
            "es",
            "9",
            "dama: Cannot load three.pdn: the file holds 3 games; there is no game 9.\n",
        ),
        (
            "ru",
            "5",
            "dama: Cannot load three.pdn: the file holds 3 games; there is no game 5.\n",
        ),
    ] {
        Command::cargo_bin("dama")
            .unwrap()
            .current_dir(&dir)
            .args(["--rules", "czech", "--lang", lang, "--load", "three.pdn"])
            .args(["--game", game])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(message);
    }
    // --game without --load means nothing.
    Command::cargo_bin("dama")
        .unwrap()
        .args(["--rules", "czech", "--game", "2"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("dama: --game N picks a game of the --load file: give --load FILE\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn load_file_n_in_the_console() {
    let dir = three_dir("console");
    std::fs::write(dir.join("one.pdn"), "[Event \"Solo\"]\n1. c3-d4 *\n").unwrap();
    let out = run_in(
        &dir,
        &["--lang", "en"],
        "load three.pdn 2\nfen\nload three.pdn 7\nload one.pdn 2\nfen\nload three.pdn\n",
    );
    let dialogue: Vec<&str> = out
        .lines()
        .filter(|l| !crate::czech_common::is_board_line(l))
        .collect();
    assert_eq!(
        dialogue,
        [
            "Czech draughts",
            "Enter a move like c3-d4 or c3xe5; help lists the commands.",
            "1. White to move: load three.pdn 2",
            "Game loaded from three.pdn (2/3): Cup, 3 half-moves, the game goes on.",
            "Last move: e3-f4",
            "2... Black to move: fen",
            "B:Wd4,f4:Bg5,h8",
            "2... Black to move: load three.pdn 7",
            "Cannot load three.pdn: the file holds 3 games; there is no game 7. \
             The game goes on unchanged.",
            "2... Black to move: load one.pdn 2",
            "Cannot load one.pdn: the file holds one game; there is no game 2. \
             The game goes on unchanged.",
            "2... Black to move: fen",
            "B:Wd4,f4:Bg5,h8",
            "2... Black to move: load three.pdn",
            "Game loaded from three.pdn (1/3): Club championship, 4 half-moves, the game goes on.",
            "Last move: g7xe5",
            "3. White to move: ",
        ]
    );
    // The Czech command word takes the number too.
    let out = run_in(&dir, &[], "načíst three.pdn 3\n");
    assert!(
        out.contains("Partie načtena z three.pdn (3/3): Friendly, půltahů: 2, Remíza dohodou."),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn loading(dir: &std::path::Path, game: Option<usize>) -> dama::tui::AppConfig {
    dama::tui::AppConfig {
        load: Some(dir.join("three.pdn")),
        game,
        ..config(false)
    }
}

fn moves_of(app: &dama::tui::App<dama_core::Board8>) -> Vec<String> {
    app.game()
        .moves()
        .map(dama_core::notation::algebraic::write)
        .collect()
}

#[test]
fn the_tui_lists_a_files_games_and_arrows_choose_one() {
    let dir = three_dir("tui-keys");
    let mut app = new_app::<Czech>(loading(&dir, None));
    // The first game is loaded under the list.
    assert!(app.picker().is_some());
    assert_eq!(moves_of(&app), ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]);
    let name = dir.join("three.pdn").display().to_string();
    // The list's box (the message under it names the file with its directory).
    let rect = app
        .picker()
        .unwrap()
        .rect(ratatui::layout::Rect::new(0, 0, 80, 24), labels());
    let shown: Vec<String> = screen(&app)
        .lines()
        .skip(usize::from(rect.y))
        .take(usize::from(rect.height))
        .map(|l| {
            l.chars()
                .skip(usize::from(rect.x))
                .take(usize::from(rect.width))
                .collect()
        })
        .collect();
    insta::assert_snapshot!("games_picker_no_color", shown.join("\n"));
    press(&mut app, Key::Down);
    press(&mut app, Key::Down);
    press(&mut app, Key::Down);
    press(&mut app, Key::Up);
    assert_eq!(app.picker().unwrap().selected, 1);
    press(&mut app, Key::Enter);
    assert!(app.picker().is_none());
    assert_eq!(moves_of(&app), ["c3-d4", "f6-g5", "e3-f4"]);
    assert_eq!(
        app.messages().last().unwrap(),
        &format!("Game loaded from {name} (2/3): Cup, 3 half-moves, the game goes on.")
    );
    // Esc closes the list and keeps the game.
    press(&mut app, Key::Char('g'));
    assert!(app.picker().is_some());
    press(&mut app, Key::Esc);
    assert!(app.picker().is_none());
    assert_eq!(moves_of(&app), ["c3-d4", "f6-g5", "e3-f4"]);
    // --game 3: that game, no list.
    let app = new_app::<Czech>(loading(&dir, Some(3)));
    assert!(app.picker().is_none());
    assert_eq!(moves_of(&app), ["a3-b4", "b6-a5"]);
    // --game 4: the reason, nothing started.
    let refused = dama::tui::App::new(
        dama_core::DynRules::of::<Czech>(),
        loading(&dir, Some(4)),
        80,
        24,
    )
    .unwrap_err();
    assert_eq!(
        refused,
        format!("Cannot load {name}: the file holds 3 games; there is no game 4.")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_on_a_game_in_the_list_loads_it() {
    let dir = three_dir("tui-mouse");
    let mut app = new_app::<Czech>(loading(&dir, Some(1)));
    assert!(app.picker().is_none());
    press(&mut app, Key::Char('g'));
    let picker = app.picker().unwrap().clone();
    let rect = picker.rect(ratatui::layout::Rect::new(0, 0, 80, 24), labels());
    // Row 0 of the box is its border, row 1 the headings, then one row per game.
    app.handle(Event::Click {
        button: Button::Left,
        column: rect.x + 3,
        row: rect.y + 4,
    });
    assert!(app.picker().is_none());
    assert_eq!(moves_of(&app), ["a3-b4", "b6-a5"]);
    // A click on the headings does nothing; a right click closes the list.
    press(&mut app, Key::Char('g'));
    app.handle(Event::Click {
        button: Button::Left,
        column: rect.x + 3,
        row: rect.y + 1,
    });
    assert!(app.picker().is_some());
    app.handle(Event::Click {
        button: Button::Right,
        column: 0,
        row: 0,
    });
    assert!(app.picker().is_none());
    assert_eq!(moves_of(&app), ["a3-b4", "b6-a5"]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn labels() -> &'static dama::i18n::Labels {
    dama::i18n::Catalog::of(dama::i18n::Lang::En).labels
}
