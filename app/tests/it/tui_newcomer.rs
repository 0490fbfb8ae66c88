//! `dama tui` after the newcomer's report of issue 39 (findings 3, 12, 23 and 24): the move
//! list numbered from the side that moves first, pieces that grow with the squares, the help
//! box, the message after the editor, the book's moves in the Engine panel, `u` after a flag
//! fall, a loaded game's players in the header, the analysis's marks in the saved game, and
//! `--lang`'s defaults in `dama --help`. Each test failed on a577dc1 (what the old screen
//! showed is said in its comments).

use std::time::Duration;

use crate::czech_common::temp_dir;
use crate::tui_common::*;

use dama::play::clock::FakeClock;
use dama::play::session::PlayerKind;
use dama::tui::{AppConfig, Event, Key};
use dama_core::{Czech, English, International, Variant};

/// Types `text` on the move line (`t`, the text, Enter).
fn type_move<B: dama::tui::TuiBoard>(app: &mut dama::tui::App<B>, text: &str) {
    press(app, Key::Char('t'));
    type_keys(app, text);
    press(app, Key::Enter);
}

/// The rows of the move list as the 80 × 24 screen shows them (the panel's columns), up to the
/// next title (`─ Engine ─`, `─ Evaluation ─`).
fn move_list(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip_while(|l| !l.contains("─ Moves ─"))
        .skip(1)
        .map(|l| {
            l.chars()
                .skip(46)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .take_while(|l| !l.starts_with("─ "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Finding 3: in English checkers Black moves first, and the move list numbers its moves from
/// Black's, as the line console (`1. Black to move`) and the PDN (`1. 11-15 24-19`) do.
/// Before: `  1. …            11-15` / `  2. 23-18`.
#[test]
fn english_moves_are_numbered_from_black() {
    let mut app = new_app::<English>(AppConfig {
        start: <English as dama_core::BoardRules>::start(),
        ..config(false)
    });
    type_move(&mut app, "11-15");
    type_move(&mut app, "23-18");
    type_move(&mut app, "8-11");
    let shown = screen(&app);
    assert_eq!(
        move_list(&shown),
        ["  1. 11-15        23-18", "  2. 8-11"],
        "{shown}"
    );
    insta::assert_snapshot!("english_move_list", shown);
    // A click on White's reply (the second column) reviews the position after it.
    let (column, row) = app.move_cell(2).expect("the move is shown");
    assert!(column >= 46 + 18, "second column: {column}");
    app.handle(Event::Click {
        button: dama::tui::Button::Left,
        column,
        row,
    });
    assert_eq!(app.shown_plies(), 2);
}

/// Finding 3, after a ballot: ballot 5 (`9-13 22-18 10-14`) is numbered `1. 9-13 22-18`,
/// `2. 10-14`. Before: `1. …  9-13` / `2. 22-18  10-14`.
#[test]
fn a_ballot_is_numbered_from_black() {
    let cfg = AppConfig {
        start: <English as dama_core::BoardRules>::start(),
        ballot: Some(dama::ballots::ballot(Variant::English, 5).expect("ballot 5")),
        ..config(false)
    };
    let mut app = new_app::<English>(cfg);
    type_move(&mut app, "18x9");
    assert_eq!(
        move_list(&screen(&app)),
        ["  1. 9-13         22-18", "  2. 10-14        18x9"],
        "{}",
        screen(&app)
    );
}

/// Finding 3: a game that starts with the second side to move keeps the PDN's `1...`: the
/// first column of row 1 stays empty (`…`), and the next row is move 2. Before: the next row
/// was numbered 1 again (`  1. …            f6-e5` / `  1. c3-d4`).
#[test]
fn a_game_started_by_the_second_side_keeps_the_gap() {
    let mut app = new_app::<Czech>(AppConfig {
        start: dama_core::fen::parse("B:Wc3:Bf6").expect("a FEN"),
        ..config(false)
    });
    type_move(&mut app, "f6-e5");
    type_move(&mut app, "c3-d4");
    assert_eq!(
        move_list(&screen(&app)),
        ["  1. …            f6-e5", "  2. c3-d4"],
        "{}",
        screen(&app)
    );
}

/// The Czech position with a man and a king of each side: white man c3, white king e1, black
/// man f6, black king h8.
fn four_pieces(color: bool) -> dama::tui::App<dama_core::Board8> {
    new_app::<Czech>(AppConfig {
        start: dama_core::fen::parse("W:Wc3,Ke1:Bf6,Kh8").expect("a FEN"),
        ..config(color)
    })
}

/// Finding 12: on squares of 7 × 3 and 9 × 4 cells the pieces are drawn large (a disc of
/// block characters; without colour a white piece is a ring), a king with a crown `♛` in its
/// middle. Before: a single `o`/`O`/`x`/`X` (or `●`/`♛`) in the middle of the large square.
#[test]
fn pieces_grow_with_the_squares() {
    let mut app = four_pieces(false);
    app.handle(Event::Resize {
        width: 96,
        height: 32,
    });
    insta::assert_snapshot!("pieces_7x3_no_color", text(&draw(&app, 96, 32)));
    app.handle(Event::Resize {
        width: 112,
        height: 40,
    });
    let plain = text(&draw(&app, 112, 40));
    insta::assert_snapshot!("pieces_9x4_no_color", plain);
    // Kings and men, white and black: four different shapes without colour.
    for shape in ["█  ♛  █", "███♛███", "█     █", "███████"]
    {
        assert!(plain.contains(shape), "{shape}\n{plain}");
    }
    let mut coloured = four_pieces(true);
    coloured.handle(Event::Resize {
        width: 112,
        height: 40,
    });
    let buf = draw(&coloured, 112, 40);
    insta::assert_snapshot!("pieces_9x4_colour", text(&buf));
    insta::assert_snapshot!("pieces_9x4_colour_map", colours(&buf));
    // At 80 × 24 (squares of 5 × 2 cells) the piece stays one cell.
    let small = screen(&four_pieces(false));
    assert!(small.contains("░░o░░") || small.contains(" o "), "{small}");
    assert!(!small.contains('█'), "{small}");
}

/// Finding 12 on the 10×10 board: squares of 7 × 3 cells (111 × 38) draw the large pieces,
/// the square's number still on its last row.
#[test]
fn pieces_grow_on_the_10x10_board() {
    let mut cfg = config10(false);
    cfg.start =
        <International as dama_core::BoardRules>::parse_fen("W:W28,K33:B19,K7").expect("a FEN");
    let mut app = new_app10(cfg);
    app.handle(Event::Resize {
        width: 111,
        height: 38,
    });
    insta::assert_snapshot!("board10_pieces_7x3_no_color", text(&draw(&app, 111, 38)));
}

/// Finding 23: the help box hides what lies beside it on its rows. Before: the first letter
/// of the message (`T` of `The piece on c3 cannot move like that.`) stood at the left edge,
/// outside the box, on its last text row (`T│Any key closes this help.`).
#[test]
fn the_help_box_leaves_no_stray_letter() {
    let mut app = new_app::<Czech>(config(false));
    play_by_mouse(&mut app, "c3-c5");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The piece on c3 cannot move like that.")
    );
    press(&mut app, Key::Char('?'));
    let shown = screen(&app);
    insta::assert_snapshot!("help_over_a_message", shown);
    for line in shown.lines().skip(2).take(19) {
        assert!(line.starts_with(' '), "{line:?}\n{shown}");
    }
}

/// Finding 23: leaving the editor with Enter (Start) clears the message of before. Before:
/// `Back at the end of the game.` stayed on the message line over the new game.
#[test]
fn the_editor_leaves_no_old_message() {
    let mut app = new_app::<Czech>(config(false));
    play_by_mouse(&mut app, "c3-d4");
    press(&mut app, Key::Char('v'));
    press(&mut app, Key::Esc);
    assert!(screen(&app).contains("Back at the end of the game."));
    press(&mut app, Key::Char('e'));
    press(&mut app, Key::Enter);
    assert!(app.editor().is_none());
    let shown = screen(&app);
    assert!(!shown.contains("Back at the end"), "{shown}");
    insta::assert_snapshot!("after_the_editor", shown);
}

/// Finding 23: after a reply from the opening book the Engine panel says so. Before: `no
/// search yet`.
#[test]
fn the_engine_panel_names_the_book() {
    let mut cfg = config(false);
    cfg.black = PlayerKind::Engine;
    cfg.engines.book = true;
    let mut app = new_app::<Czech>(cfg);
    play_by_mouse(&mut app, "c3-d4");
    wait_engine(&mut app);
    assert_eq!(app.game().moves().len(), 2);
    let shown = screen(&app);
    let panel: Vec<&str> = shown
        .lines()
        .skip_while(|l| !l.contains("─ Engine ─"))
        .skip(1)
        .take(1)
        .collect();
    assert_eq!(panel.len(), 1, "{shown}");
    assert_eq!(
        panel[0].chars().skip(46).collect::<String>(),
        "From the opening book",
        "{shown}"
    );
}

/// Finding 23: `u` after a flag fall is refused with a message and the game stays lost on
/// time (decision, `docs/tui.md`). Before: `u` took the result back (`The end of the game is
/// taken back; play goes on.`), the flag fell again at once (`White wins on time: black ran
/// out of time.` again), and the screen looked as if nothing had happened.
#[test]
fn undo_after_a_flag_fall_is_refused() {
    let fake = FakeClock::new();
    let mut app = new_app::<Czech>(AppConfig {
        clocks: Some([
            "10s".parse().expect("a control"),
            "10s".parse().expect("a control"),
        ]),
        clock: std::sync::Arc::new(fake.clone()),
        ..config(false)
    });
    play_by_mouse(&mut app, "c3-d4");
    fake.advance(Duration::from_secs(11));
    app.handle(Event::Tick);
    let lost = "White wins on time: black ran out of time.";
    assert_eq!(app.messages().last().map(String::as_str), Some(lost));
    let before = app.messages().len();
    press(&mut app, Key::Char('u'));
    app.handle(Event::Tick);
    assert_eq!(
        &app.messages()[before..],
        ["The flag has fallen: a game lost on time cannot be taken back (n: a new game)."]
    );
    assert_eq!(app.game().moves().len(), 1);
    assert_eq!(
        dama_core::pdn::result_text(app.game().outcome()),
        "1-0",
        "still lost on time"
    );
}

/// A `dama match` game of two engines, as `dama match --pdn` writes it.
const MATCH_GAME: &str = "[Event \"dama match\"]\n[Site \"?\"]\n[Date \"2026.12.05\"]\n\
[Round \"3\"]\n[White \"movetime=50\"]\n[Black \"level=5,movetime=50\"]\n[Result \"*\"]\n\
[GameType \"29\"]\n\n1. c3-d4 f6-g5 2. b2-c3 *\n";

/// Finding 23: a loaded game's header names its players as the file does (and saving it
/// keeps them). Before: `White: human  ·  Black: human`.
#[test]
fn a_loaded_game_names_its_players() {
    let dir = temp_dir("tui-newcomer-names");
    let file = dir.join("match.pdn");
    std::fs::write(&file, MATCH_GAME).expect("written");
    let mut app = new_app::<Czech>(AppConfig {
        load: Some(file),
        ..config(false)
    });
    let shown = screen(&app);
    assert_eq!(
        shown.lines().next(),
        Some("dama  ·  Czech draughts  ·  White: movetime=50  ·  Black: level=5,movetime=50"),
        "{shown}"
    );
    let saved = dir.join("again.pdn");
    press(&mut app, Key::Char('s'));
    for _ in 0..64 {
        press(&mut app, Key::Backspace);
    }
    type_keys(&mut app, &saved.display().to_string());
    press(&mut app, Key::Enter);
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(
        text.contains("[White \"movetime=50\"]\n[Black \"level=5,movetime=50\"]\n"),
        "{text}"
    );
    // A new game is played by the people again.
    press(&mut app, Key::Char('n'));
    assert_eq!(
        screen(&app).lines().next(),
        Some("dama  ·  Czech draughts  ·  White: human  ·  Black: human")
    );
}

/// Finding 23: `s` after `a` writes the analysis as `dama analyze --annotated` does: each
/// move's `[%eval …]` and the marks the move list shows. Before: the plain game, without a
/// comment or a mark.
#[test]
fn the_analysis_is_saved() {
    let dir = temp_dir("tui-newcomer-analysis");
    // White gives a man away (c3-d4?? e5xc3) where c3-b4 keeps it.
    let mut app = new_app::<Czech>(AppConfig {
        start: dama_core::fen::parse("W:Wc3,g3:Be5,a7").expect("a FEN"),
        ..config(false)
    });
    type_move(&mut app, "c3-d4");
    type_move(&mut app, "e5xc3");
    press(&mut app, Key::Char('a'));
    wait_engine(&mut app);
    let list = move_list(&screen(&app));
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(list[0].contains("c3-d4?"), "{list:?}");
    let saved = dir.join("analysed.pdn");
    press(&mut app, Key::Char('s'));
    for _ in 0..64 {
        press(&mut app, Key::Backspace);
    }
    type_keys(&mut app, &saved.display().to_string());
    press(&mut app, Key::Enter);
    let text = std::fs::read_to_string(&saved).expect("saved");
    let movetext = text.split("\n\n").nth(1).expect("movetext");
    // The move as the list shows it (with its mark), then its evaluation.
    let marked = list[0].split_whitespace().nth(1).expect("the move");
    assert!(
        movetext.starts_with(&format!("1. {marked} {{[%eval ")),
        "{movetext}"
    );
    assert_eq!(movetext.matches("[%eval ").count(), 2, "{movetext}");
    // It loads back as the same game.
    let record: dama_core::pdn::Record<Czech> =
        dama_core::pdn::read(&text).expect("the saved game reads");
    assert_eq!(record.game.moves().len(), 2);
}

/// Finding 24: `dama --help` names the default language of every rule set, international's
/// too. Before: ten rule sets, international left out.
#[test]
fn lang_help_names_every_rule_set() {
    let out = crate::dama().arg("--help").output().expect("dama runs");
    let help = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        help.contains("en for pool, en for thai, ru for giveaway, en for international, en for antidraughts, en for breakthrough, en for killer, en for frisian, en for frysk, en for turkish)"),
        "{help}"
    );
}
