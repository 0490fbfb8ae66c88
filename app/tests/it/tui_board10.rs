//! `dama tui --rules international`: the 10×10 board on the screen (3 × 1 squares at 80 × 24,
//! larger squares on a larger terminal, the notice below 80 × 24), a game by clicks and keys
//! with a multi-capture and the engine's replies, hints, review mode, the editor and the FMJD
//! draws, squares and moves by their numbers.

use crate::tui_common::*;

use dama::play::session::PlayerKind;
use dama::tui::layout::EditorButton;
use dama::tui::{App, Button, Event, Key};
use dama_core::{BoardRules, International};
use dama_engine::Limits;

fn moves_played(app: &App<dama_core::Board10>) -> Vec<String> {
    app.game().moves().map(International::write_move).collect()
}

fn fen(text: &str) -> dama_core::PositionOn<dama_core::Board10> {
    International::parse_fen(text).expect("a FEN")
}

#[test]
fn the_start_screen_at_80x24_and_larger() {
    let plain = new_app10(config10(false));
    let buf = draw(&plain, 80, 24);
    insta::assert_snapshot!("board10_start_no_color", text(&buf));
    assert!(
        buf.content()
            .iter()
            .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset),
        "NO_COLOR draws no colour"
    );
    let coloured = new_app10(config10(true));
    let buf = draw(&coloured, 80, 24);
    insta::assert_snapshot!("board10_start_colour", text(&buf));
    insta::assert_snapshot!("board10_start_colour_map", colours(&buf));
    // From 91 × 28 the squares are 5 × 2 cells, each with its number under the piece.
    let mut big = new_app10(config10(false));
    big.handle(Event::Resize {
        width: 91,
        height: 28,
    });
    let layout = big.layout().expect("it fits");
    assert_eq!((layout.square_width, layout.square_height), (5, 2));
    insta::assert_snapshot!("board10_start_91x28_no_color", text(&draw(&big, 91, 28)));
    big.handle(Event::Resize {
        width: 111,
        height: 38,
    });
    let layout = big.layout().expect("it fits");
    assert_eq!((layout.square_width, layout.square_height), (7, 3));
    big.handle(Event::Resize {
        width: 90,
        height: 40,
    });
    let layout = big.layout().expect("it fits");
    assert_eq!((layout.square_width, layout.square_height), (3, 1));
}

#[test]
fn below_80x24_the_screen_says_how_large_a_terminal_is_needed() {
    let mut app = new_app10(config10(false));
    app.handle(Event::Resize {
        width: 79,
        height: 24,
    });
    assert!(app.layout().is_none());
    let notice = text(&draw(&app, 79, 24));
    assert!(
        notice.starts_with("Enlarge the terminal to 80×24\n"),
        "{notice}"
    );
    // Clicks and keys do nothing meanwhile; back at 80 × 24 the board is there again.
    app.handle(Event::Click {
        button: Button::Left,
        column: 10,
        row: 10,
    });
    press(&mut app, Key::Char('e'));
    assert!(app.editor().is_none());
    app.handle(Event::Resize {
        width: 80,
        height: 24,
    });
    play10_by_mouse(&mut app, "32-28");
    assert_eq!(moves_played(&app), ["32-28"]);
}

#[test]
fn a_game_by_clicks_and_keys_with_a_multi_capture_and_the_engines_replies() {
    // White (a person) has a double capture; Black is the engine, at depth 2.
    let mut cfg = config10(false);
    cfg.start = fen("W:W32,45,46,48:B1,2,3,19,28");
    cfg.black = PlayerKind::Engine;
    cfg.limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut app = new_app10(cfg);
    // A plain move is refused while the capture is compulsory, with the line console's reason.
    play10_by_mouse(&mut app, "45-40");
    assert!(moves_played(&app).is_empty());
    assert_eq!(
        app.messages().last().unwrap(),
        "A capture is compulsory: 32x23x14"
    );
    // The piece, the square it jumps to, the last square, and the last again to confirm.
    click10_with(&mut app, 32, Button::Left);
    click10_with(&mut app, 23, Button::Left);
    click10_with(&mut app, 14, Button::Left);
    let shown = screen(&app);
    assert!(shown.contains("Path: 32 → 23 → 14"), "{shown}");
    insta::assert_snapshot!("board10_path_no_color", shown);
    click10_with(&mut app, 14, Button::Left);
    assert_eq!(moves_played(&app), ["32x23x14"]);
    // The engine replies.
    assert!(app.is_thinking());
    wait_engine(&mut app);
    assert_eq!(app.game().moves().len(), 2);
    let reply = moves_played(&app)[1].clone();
    assert!(screen(&app).contains(&format!("1. 32x23x14     {reply}")));
    // A move typed in numbers (digits open the move line), then the keyboard cursor.
    let mut legal = dama_core::MoveListOn::new();
    app.game().legal_moves(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(International::write_move).collect();
    texts.sort();
    let typed = texts[0].clone();
    type_keys(&mut app, &typed);
    press(&mut app, Key::Enter);
    assert_eq!(moves_played(&app)[2], typed);
    wait_engine(&mut app);
    assert_eq!(app.game().moves().len(), 4);
    // The search's time is left out (it is the machine's).
    let shown = regex::Regex::new(r"\d+[.,]\d\d s")
        .unwrap()
        .replace(&screen(&app), "T s")
        .into_owned();
    insta::assert_snapshot!(
        "board10_after_replies_no_color",
        shown
            .replace(&moves_played(&app)[1], "<reply 1>")
            .replace(&moves_played(&app)[3], "<reply 2>")
    );
}

#[test]
fn the_keyboard_cursor_walks_the_ten_files() {
    let mut app = new_app10(config10(false));
    // The cursor starts hidden on the third file and rank (square 37).
    press(&mut app, Key::Enter);
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(sq10(37)));
    // Up and right: square 32, whose man goes up and right again to 28.
    press(&mut app, Key::Up);
    press(&mut app, Key::Right);
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(sq10(32)));
    press(&mut app, Key::Up);
    press(&mut app, Key::Right);
    press(&mut app, Key::Enter);
    press(&mut app, Key::Enter);
    assert_eq!(moves_played(&app), ["32-28"]);
    // The cursor reaches the tenth file and stops there: Black's man on 15.
    for _ in 0..12 {
        press(&mut app, Key::Right);
    }
    press(&mut app, Key::Up);
    press(&mut app, Key::Up);
    press(&mut app, Key::Up);
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(sq10(15)));
    let shown = screen(&app);
    assert!(shown.contains("[x]"), "{shown}");
    press(&mut app, Key::Esc);
    assert!(app.selection().is_none());
}

#[test]
fn a_hint_and_review_mode_on_10x10() {
    let mut app = new_app10(config10(false));
    play10_by_mouse(&mut app, "32-28");
    play10_by_mouse(&mut app, "19-23");
    // White must capture: the hint names it in numbers.
    press(&mut app, Key::Char('h'));
    wait_engine(&mut app);
    let hint = app.messages().last().unwrap().clone();
    assert!(hint.starts_with("Hint: 28x19"), "{hint}");
    // Its squares are marked: `?o?` the piece, ` ? ` the empty square it lands on.
    assert!(screen(&app).contains("?o?"));
    play10_by_mouse(&mut app, "28x19");
    play10_by_mouse(&mut app, "14x23");
    assert_eq!(moves_played(&app), ["32-28", "19-23", "28x19", "14x23"]);
    // Review: back two moves, the position after 19-23 is shown, then forward again.
    press(&mut app, Key::Char('v'));
    assert!(app.reviewing());
    press(&mut app, Key::Left);
    press(&mut app, Key::Left);
    assert_eq!(app.shown_plies(), 2);
    let mut after_two = dama_core::game::Game::<International>::new(International::start());
    for mv in app.game().moves().take(2) {
        after_two.play(mv);
    }
    assert_eq!(app.shown_position(), *after_two.position());
    insta::assert_snapshot!("board10_review_no_color", screen(&app));
    // A click on the board does nothing in review; a click on a move jumps to it.
    click10_with(&mut app, 33, Button::Left);
    assert!(app.selection().is_none());
    let (column, row) = app.move_cell(3).expect("the move is listed");
    app.handle(Event::Click {
        button: Button::Left,
        column,
        row,
    });
    assert_eq!(app.shown_plies(), 3);
    press(&mut app, Key::Esc);
    assert!(!app.reviewing());
    play10_by_mouse(&mut app, "37-32");
    assert_eq!(app.game().moves().len(), 5);
}

#[test]
fn the_editor_sets_up_a_10x10_position() {
    let mut app = new_app10(config10(false));
    press(&mut app, Key::Char('e'));
    press(&mut app, Key::Char('c'));
    // A white man on 33, a black king on 18 (two clicks), Black to move.
    click10_with(&mut app, 33, Button::Left);
    press(&mut app, Key::Char('b'));
    click10_with(&mut app, 18, Button::Left);
    click10_with(&mut app, 18, Button::Left);
    insta::assert_snapshot!("board10_editor_no_color", screen(&app));
    // A white man on White's crowning row is refused by Start, with the FEN check's reason.
    press(&mut app, Key::Char('w'));
    click10_with(&mut app, 3, Button::Left);
    let (column, row) = app.button_cell(EditorButton::Start).unwrap();
    app.handle(Event::Click {
        button: Button::Left,
        column,
        row,
    });
    assert!(app.editor().is_some());
    // Clicked twice more the man becomes a king, then goes.
    click10_with(&mut app, 3, Button::Left);
    click10_with(&mut app, 3, Button::Left);
    press(&mut app, Key::Char('m'));
    press(&mut app, Key::Enter);
    assert!(app.editor().is_none(), "{:?}", app.messages());
    assert_eq!(dama_core::fen::write(app.game().position()), "B:W33:BK18");
    // Black's king is to move; a click path plays it.
    play10_by_mouse(&mut app, "18-1");
    assert_eq!(moves_played(&app), ["18-1"]);
    // Initial sets up the 10×10 start again.
    press(&mut app, Key::Char('e'));
    press(&mut app, Key::Char('i'));
    let ed = app.editor().unwrap();
    assert_eq!((ed.white.count(), ed.black.count()), (20, 20));
}

#[test]
fn the_fmjd_ending_rule_draws_two_kings_against_one_after_five_moves_each() {
    let mut cfg = config10(false);
    cfg.start = fen("W:WK46,K47:BK1");
    let mut app = new_app10(cfg);
    assert!(screen(&app).contains("king ending: 0 of 10"));
    for mv in [
        "47-42", "1-7", "42-48", "7-2", "48-43", "2-8", "43-49", "8-3", "49-44", "3-9",
    ] {
        type_keys(&mut app, mv);
        press(&mut app, Key::Enter);
    }
    assert_eq!(app.game().moves().len(), 10);
    assert!(app.game().is_over());
    assert_eq!(
        app.messages().last().unwrap(),
        "Draw: the moves the rules allow for this ending (16 each, or 5 with fewer pieces) ran out."
    );
    insta::assert_snapshot!("board10_fmjd_draw_no_color", screen(&app));
}

#[test]
fn save_load_and_the_analysis_on_10x10() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game10.pdn");
    let mut cfg = config10(false);
    cfg.limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut app = new_app10(cfg.clone());
    play10_by_mouse(&mut app, "32-28");
    play10_by_mouse(&mut app, "19-23");
    play10_by_mouse(&mut app, "28x19");
    play10_by_mouse(&mut app, "14x23");
    // Save: the file dialog with the name typed over the proposed one.
    press(&mut app, Key::Char('s'));
    for _ in 0..20 {
        press(&mut app, Key::Backspace);
    }
    type_keys(&mut app, &path.display().to_string());
    press(&mut app, Key::Enter);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("[GameType \"20\"]"), "{saved}");
    assert!(saved.contains("1. 32-28 19-23 2. 28x19 14x23"), "{saved}");
    // Loaded into a new app, the game is the same.
    cfg.load = Some(path.clone());
    let mut loaded = new_app10(cfg);
    assert_eq!(moves_played(&loaded), moves_played(&app));
    // The analysis scores the game on the engine's thread and lists the moves with marks.
    press(&mut loaded, Key::Char('a'));
    wait_engine(&mut loaded);
    assert!(
        loaded
            .messages()
            .last()
            .unwrap()
            .starts_with("Analysis done"),
        "{:?}",
        loaded.messages()
    );
    assert!(screen(&loaded).contains("─ Evaluation ─"));
}

#[test]
fn the_engine_plays_the_international_book_in_the_tui() {
    // With the book on, the engine's replies to 34-30 are book moves of the position, whatever
    // its seed (its depth-1 search alone answers 19-24, which the book does not hold).
    let book = dama::book::Book::builtin(dama_core::DynRules::of::<International>());
    for seed in 1..=4 {
        let mut cfg = config10(false);
        cfg.black = PlayerKind::Engine;
        cfg.limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        cfg.engines.book = true;
        cfg.engines.book_seed = seed;
        let mut app = new_app10(cfg);
        type_keys(&mut app, "34-30");
        press(&mut app, Key::Enter);
        wait_engine(&mut app);
        let mut replay = dama_core::game::Game::<International>::new(International::start());
        let first = *app.game().moves().next().expect("the move typed");
        replay.play(&first);
        let reply = *app.game().moves().nth(1).expect("the engine's reply");
        let booked: Vec<_> = book.moves(replay.position()).iter().map(|m| m.mv).collect();
        assert!(!booked.is_empty(), "34-30 is in the book");
        assert!(
            booked.contains(&reply),
            "seed {seed}: {} is not a book move",
            International::write_move(&reply)
        );
    }
}
