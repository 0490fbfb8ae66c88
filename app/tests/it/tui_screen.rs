//! `dama tui` screens on ratatui's test backend: the start screen of every rule set in colour
//! and without, a game's marks, the editor, and resizing down to the notice and back.

use crate::tui_common;

use dama::tui::{Button, Event, Key};
use dama_core::{Variant, with_rules8};
use tui_common::*;

#[test]
fn start_screen_of_every_rule_set() {
    for set in Variant::on_board(dama_core::BoardKind::Board8) {
        with_rules8!(set, R => {
            let coloured = new_app::<R>(config(true));
            let buf = draw(&coloured, 80, 24);
            insta::assert_snapshot!(format!("start_{set}_colour"), text(&buf));
            insta::assert_snapshot!(format!("start_{set}_colour_map"), colours(&buf));
            let plain = new_app::<R>(config(false));
            let buf = draw(&plain, 80, 24);
            insta::assert_snapshot!(format!("start_{set}_no_color"), text(&buf));
            // Without colour nothing is coloured at all.
            assert!(
                buf.content().iter().all(|c| c.fg == ratatui::style::Color::Reset
                    && c.bg == ratatui::style::Color::Reset),
                "{set}: NO_COLOR draws no colour"
            );
        }, else => unreachable!());
    }
}

#[test]
fn marks_of_last_move_path_movable_and_cursor() {
    let mut app = new_app::<dama_core::Czech>(config(false));
    play_by_mouse(&mut app, "c3-d4");
    play_by_mouse(&mut app, "f6-e5");
    // Black's reply leaves white a compulsory capture: m marks the capturing piece.
    press(&mut app, Key::Char('m'));
    click(&mut app, "d4");
    click(&mut app, "f6");
    press(&mut app, Key::Right);
    insta::assert_snapshot!("marks_no_color", screen(&app));
    let mut coloured = new_app::<dama_core::Czech>(config(true));
    play_by_mouse(&mut coloured, "c3-d4");
    play_by_mouse(&mut coloured, "f6-e5");
    press(&mut coloured, Key::Char('m'));
    click(&mut coloured, "d4");
    click(&mut coloured, "f6");
    insta::assert_snapshot!("marks_colour_map", colours(&draw(&coloured, 80, 24)));
}

#[test]
fn editor_screen() {
    let mut app = new_app::<dama_core::Czech>(config(false));
    edit_two_pieces(&mut app);
    insta::assert_snapshot!("editor_no_color", screen(&app));
}

#[test]
fn resize_down_to_the_notice_and_back() {
    let mut app = new_app::<dama_core::Czech>(config(false));
    play_by_mouse(&mut app, "c3-d4");
    let before = screen(&app);
    app.handle(Event::Resize {
        width: 60,
        height: 20,
    });
    let small = text(&draw(&app, 60, 20));
    assert_eq!(
        small.lines().next(),
        Some("Enlarge the terminal to 80×24"),
        "{small}"
    );
    assert!(small.lines().skip(1).all(str::is_empty), "{small}");
    // Input while too small does nothing.
    press(&mut app, Key::Char('f'));
    app.handle(Event::Click {
        button: Button::Left,
        column: 20,
        row: 5,
    });
    app.handle(Event::Resize {
        width: 80,
        height: 23,
    });
    assert_eq!(
        text(&draw(&app, 80, 23)).lines().next(),
        Some("Enlarge the terminal to 80×24")
    );
    app.handle(Event::Resize {
        width: 80,
        height: 24,
    });
    assert_eq!(screen(&app), before);
    // A larger terminal shows the same screen, with room to spare.
    app.handle(Event::Resize {
        width: 100,
        height: 30,
    });
    let large = text(&draw(&app, 100, 30));
    for (big, small) in large.lines().zip(before.lines()).skip(1).take(18) {
        let left: String = small.chars().take(45).collect();
        assert!(big.starts_with(&left), "{big}");
    }
}

#[test]
fn help_screen_and_dialog_line() {
    let mut app = new_app::<dama_core::Spanish>(config(false));
    press(&mut app, Key::Char('?'));
    insta::assert_snapshot!("help_no_color", screen(&app));
    press(&mut app, Key::Char('x'));
    press(&mut app, Key::Char('s'));
    let shown = screen(&app);
    assert_eq!(
        shown.lines().nth(21),
        Some("Save the game (PDN) to: game.pdn_"),
        "{shown}"
    );
}

#[test]
fn czech_labels_and_messages() {
    let mut cfg = config(false);
    cfg.lang = dama::i18n::Lang::Cs;
    let mut app = new_app::<dama_core::Czech>(cfg);
    play_by_mouse(&mut app, "c3-c5");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("Kámen na poli c3 takto táhnout nemůže.")
    );
    insta::assert_snapshot!("czech_refusal_no_color", screen(&app));
}
