//! `dama tui` played through its events: whole games by mouse, cancel, refusals with the line
//! console's reasons, typed moves, undo against the engine, the editor, save and load, and the
//! engine that never blocks the keys.

use crate::tui_common;

use dama::play::session::PlayerKind;
use dama::tui::app::{Confirmed, Dialog};
use dama::tui::layout::EditorButton;
use dama::tui::{Button, Event, Key};
use dama_core::fen;
use dama_core::notation::algebraic;
use dama_core::{Color, Czech, Position, Spanish};
use dama_engine::Limits;
use tui_common::*;

fn moves_played<B: dama::tui::TuiBoard>(app: &dama::tui::App<B>) -> Vec<String> {
    app.game().moves().map(algebraic::write).collect()
}

#[test]
fn a_game_by_mouse_up_to_a_capture_with_three_landing_squares() {
    let mut app = new_app::<Czech>(config(false));
    let game = [
        "c3-b4",
        "f6-g5",
        "d2-c3",
        "d6-e5",
        "b4-a5",
        "c7-d6",
        "a5xc7",
        "d8xb6",
        "g3-f4",
        "e5xg3",
        "f2xh4xf6xd8",
    ];
    for (i, mv) in game.iter().enumerate() {
        play_by_mouse(&mut app, mv);
        assert_eq!(moves_played(&app), game[..=i], "after {mv}");
        assert!(app.selection().is_none());
    }
    let pos = app.game().position();
    assert_eq!(
        pos.kings(Color::White).squares().collect::<Vec<_>>(),
        [sq("d8")],
        "the man is crowned on d8"
    );
    assert_eq!(app.messages(), [] as [String; 0], "no refusal on the way");
    insta::assert_snapshot!("three_landing_squares", screen(&app));
}

#[test]
fn a_right_click_cancels_the_path() {
    let mut app = new_app::<Czech>(config(false));
    click(&mut app, "c3");
    click(&mut app, "d4");
    assert_eq!(app.selection().map(|s| s.path.len()), Some(1));
    click_with(&mut app, "h8", Button::Right);
    assert!(app.selection().is_none());
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("Path cancelled.")
    );
    // The confirm click after a cancel is a new selection, not a move.
    click(&mut app, "d4");
    assert_eq!(app.game().moves().len(), 0);
    assert_eq!(*app.game().position(), Position::initial());
    // Esc is the right click of the keyboard.
    click(&mut app, "c3");
    press(&mut app, Key::Esc);
    assert!(app.selection().is_none());
}

#[test]
fn an_illegal_path_is_refused_with_its_reason_and_nothing_moves() {
    let mut app = new_app::<Czech>(config(false));
    let start = screen(&app);
    play_by_mouse(&mut app, "c3-c5");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The piece on c3 cannot move like that.")
    );
    assert_eq!(*app.game().position(), Position::initial());
    assert!(app.selection().is_none());
    let refused = screen(&app);
    assert!(refused.contains("The piece on c3 cannot move like that."));
    // Apart from the message, the screen is the start screen.
    let differing = refused
        .lines()
        .zip(start.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 1, "{refused}");
    // Compulsory capture: the same reason as the line console, listing the captures.
    play_by_mouse(&mut app, "c3-d4");
    play_by_mouse(&mut app, "f6-e5");
    let before = *app.game().position();
    play_by_mouse(&mut app, "g3-h4");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("A capture is compulsory: d4xf6")
    );
    assert_eq!(*app.game().position(), before);
    // A capture stopped half-way, an opposing piece, an empty square, a light square.
    click(&mut app, "e5");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The piece on e5 is not yours.")
    );
    click(&mut app, "d4");
    assert_eq!(app.selection().map(|s| s.from), Some(sq("d4")));
    press(&mut app, Key::Esc);
    click(&mut app, "f4");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("There is no piece on f4.")
    );
    // A light square (d3) is clicked through its cell.
    let (column, row) = app.cell_of(sq("c3")).unwrap();
    app.handle(Event::Click {
        button: Button::Left,
        column: column + 5,
        row,
    });
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("d3 is a light square; no piece can stand there.")
    );
    assert_eq!(*app.game().position(), before);
}

#[test]
fn a_path_that_already_identifies_one_capture_is_played_on_confirm() {
    let mut cfg = config(false);
    cfg.start = fen::parse("W:Wc3,e1:Bd4,f6").unwrap();
    let mut app = new_app::<Czech>(cfg.clone());
    play_by_mouse(&mut app, "c3-e5");
    assert_eq!(moves_played(&app), ["c3xe5xg7"]);
    // Start and end are enough too.
    let mut app = new_app::<Czech>(cfg.clone());
    play_by_mouse(&mut app, "c3-g7");
    assert_eq!(moves_played(&app), ["c3xe5xg7"]);
    // Two ways on from e5: refused with the line console's reason, nothing moves.
    cfg.start = fen::parse("W:Wc3,e1:Bd4,f6,d6").unwrap();
    let mut app = new_app::<Czech>(cfg);
    play_by_mouse(&mut app, "c3-e5");
    assert_eq!(app.game().moves().len(), 0);
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The capture is not finished: c3xe5xc7, c3xe5xg7")
    );
}

#[test]
fn typed_moves_use_the_rule_sets_notation() {
    let mut app = new_app::<Czech>(config(false));
    press(&mut app, Key::Char('t'));
    type_keys(&mut app, "c3-d4");
    press(&mut app, Key::Enter);
    type_keys(&mut app, "tf6-e5");
    press(&mut app, Key::Enter);
    assert_eq!(moves_played(&app), ["c3-d4", "f6-e5"]);
    type_keys(&mut app, "thello");
    press(&mut app, Key::Enter);
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("'hello' cannot be read as a move; write e.g. c3-d4 or c3xe5.")
    );
    type_keys(&mut app, "tg3-h4");
    press(&mut app, Key::Enter);
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("A capture is compulsory: d4xf6")
    );
    assert_eq!(app.game().moves().len(), 2);
    // The Spanish rules read the row-column coordinates; a digit opens the move line.
    let mut spanish = new_app::<Spanish>(config(false));
    type_keys(&mut spanish, "61.52");
    press(&mut spanish, Key::Enter);
    assert_eq!(
        spanish
            .game()
            .moves()
            .map(dama_core::notation::numeric::write)
            .collect::<Vec<_>>(),
        ["61.52"]
    );
    type_keys(&mut spanish, "32.33");
    press(&mut spanish, Key::Enter);
    assert_eq!(spanish.game().moves().len(), 1);
    assert_eq!(
        spanish.messages().last().map(String::as_str),
        Some("33 is a light square; no piece can stand there.")
    );
}

#[test]
fn undo_against_the_engine_takes_back_the_pair() {
    let mut cfg = config(false);
    cfg.black = PlayerKind::Engine;
    let mut app = new_app::<Czech>(cfg);
    play_by_mouse(&mut app, "c3-d4");
    assert!(app.is_thinking());
    wait_engine(&mut app);
    assert_eq!(app.game().moves().len(), 2);
    let reply = algebraic::write(app.game().moves().last().unwrap());
    assert!(
        screen(&app).contains("depth 1"),
        "the engine's search is shown"
    );
    press(&mut app, Key::Char('u'));
    assert_eq!(app.game().moves().len(), 0);
    assert_eq!(*app.game().position(), Position::initial());
    assert_eq!(
        app.messages().last().unwrap(),
        &format!("Taken back: {reply}, c3-d4")
    );
    assert!(!app.is_thinking(), "white, the person, is to move again");
    // Redo plays both again.
    press(&mut app, Key::Char('r'));
    assert_eq!(app.game().moves().len(), 2);
}

#[test]
fn keys_are_answered_while_the_engine_thinks_and_space_makes_it_move() {
    let mut cfg = config(false);
    cfg.black = PlayerKind::Engine;
    // Deep enough never to finish by itself within the test (the move time is a safety net).
    cfg.limits = Limits {
        level: None,
        depth: Some(64),
        movetime: Some(std::time::Duration::from_secs(60)),
        ..Limits::default()
    };
    let mut app = new_app::<Czech>(cfg);
    play_by_mouse(&mut app, "c3-d4");
    assert!(app.is_thinking());
    press(&mut app, Key::Char('f'));
    assert!(
        screen(&app).lines().nth(2).unwrap().starts_with(" 1 "),
        "flipped at once"
    );
    click(&mut app, "e3");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The computer is thinking; Space makes it move now.")
    );
    // Each finished depth shows while the search goes on.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !screen(&app).contains("depth ") && std::time::Instant::now() < until {
        match app.poll_engine() {
            Some(event) => app.handle(event),
            None => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    }
    assert!(screen(&app).contains("depth "), "{}", screen(&app));
    assert!(app.is_thinking());
    assert_eq!(app.game().moves().len(), 1);
    press(&mut app, Key::Char(' '));
    wait_engine(&mut app);
    assert_eq!(app.game().moves().len(), 2, "the engine moved when told to");
    assert_eq!(app.game().turn(), Color::White);
}

#[test]
fn the_editor_builds_a_position_and_start_gives_the_move_to_the_chosen_colour() {
    let mut app = new_app::<Czech>(config(false));
    press(&mut app, Key::Char('e'));
    assert!(app.editor().is_some());
    press(&mut app, Key::Char('c'));
    click(&mut app, "c3");
    click(&mut app, "e3");
    click(&mut app, "e3");
    let (column, row) = app.button_cell(EditorButton::Black).unwrap();
    app.handle(Event::Click {
        button: Button::Left,
        column,
        row,
    });
    click(&mut app, "d4");
    click(&mut app, "h8");
    click(&mut app, "h8");
    click(&mut app, "h8");
    // A black man on rank 1 is refused with the FEN setup's reason.
    click(&mut app, "a1");
    press(&mut app, Key::Enter);
    assert!(app.editor().is_some(), "the editor stays open");
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The man on a1 would already be a king.")
    );
    click(&mut app, "a1");
    click(&mut app, "a1");
    // The side to move is a choice of its own: placing black pieces left White to move.
    let (column, row) = app.button_cell(EditorButton::Turn).unwrap();
    app.handle(Event::Click {
        button: Button::Left,
        column,
        row,
    });
    let (column, row) = app.button_cell(EditorButton::Start).unwrap();
    app.handle(Event::Click {
        button: Button::Left,
        column,
        row,
    });
    assert!(app.editor().is_none());
    assert_eq!(app.game().turn(), Color::Black);
    assert_eq!(fen::write(app.game().position()), "B:Wc3,Ke3:Bd4");
    // Black is to move and must capture.
    play_by_mouse(&mut app, "d4xb2");
    assert_eq!(moves_played(&app), ["d4xb2"]);
    // Esc leaves the editor with the game as it was.
    press(&mut app, Key::Char('e'));
    press(&mut app, Key::Char('i'));
    press(&mut app, Key::Esc);
    assert_eq!(moves_played(&app), ["d4xb2"]);
}

#[test]
fn save_and_load_a_game() {
    let dir = std::env::temp_dir().join(format!("dama-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("saved.pdn");
    let name = file.display().to_string();
    let mut app = new_app::<Czech>(config(false));
    for mv in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"] {
        play_by_mouse(&mut app, mv);
    }
    // Quitting an unsaved game asks first; no keeps playing.
    press(&mut app, Key::Char('q'));
    assert!(matches!(
        app.dialog(),
        Some(Dialog::Confirm {
            action: Confirmed::Quit,
            ..
        })
    ));
    press(&mut app, Key::Char('n'));
    assert!(!app.wants_to_quit());
    press(&mut app, Key::Char('s'));
    for _ in 0.."game.pdn".len() {
        press(&mut app, Key::Backspace);
    }
    type_keys(&mut app, &name);
    press(&mut app, Key::Enter);
    assert_eq!(
        app.messages().last().unwrap(),
        &format!("Game saved to {name}.")
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. c3-d4 f6-e5 2. d4xf6 g7xe5"), "{text}");
    // Saved: a new game needs no question.
    press(&mut app, Key::Char('n'));
    assert_eq!(app.game().moves().len(), 0);
    press(&mut app, Key::Char('l'));
    press(&mut app, Key::Enter);
    assert_eq!(moves_played(&app), ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]);
    assert_eq!(
        app.messages().last().unwrap(),
        &format!("Game loaded from {name}: Casual game, 4 half-moves, the game goes on.")
    );
    // A file that is not there: the reason, and the game goes on unchanged.
    press(&mut app, Key::Char('l'));
    type_keys(&mut app, ".missing");
    press(&mut app, Key::Enter);
    assert_eq!(
        app.messages().last().unwrap(),
        &format!("Cannot load {name}.missing: no such file. The game goes on unchanged.")
    );
    assert_eq!(app.game().moves().len(), 4);
    // Saved and unchanged: q leaves at once.
    press(&mut app, Key::Char('q'));
    assert!(app.wants_to_quit());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hint_and_draw_offers() {
    let mut cfg = config(false);
    cfg.black = PlayerKind::Engine;
    let mut app = new_app::<Czech>(cfg);
    press(&mut app, Key::Char('h'));
    assert!(app.is_thinking());
    wait_engine(&mut app);
    let hint = app.messages().last().unwrap().clone();
    // The full-strength hint: the move, its score and line (the line console's text).
    assert_eq!(
        hint,
        "Hint: c3-d4 (-0.03; line c3-d4 d6-e5 g3-f4 e5xc3 d2xb4 f6-e5 f4xd6 c7xe5)"
    );
    let text = hint
        .strip_prefix("Hint: ")
        .and_then(|t| t.split(" (").next())
        .expect("a hint");
    let mut legal = dama_core::MoveList::new();
    app.game().legal_moves(&mut legal);
    assert!(
        algebraic::parse(text, app.game().position(), &legal).is_ok(),
        "{hint}"
    );
    assert_eq!(app.game().moves().len(), 0, "a hint plays nothing");
    // Its squares are marked on the board while the position stands.
    let mv = algebraic::parse(text, app.game().position(), &legal).unwrap();
    let shown = screen(&app);
    let mark_at = |app: &dama::tui::App<dama_core::Board8>, sq: dama_core::Square| {
        let (column, row) = app.cell_of(sq).unwrap();
        let line: Vec<char> = shown
            .lines()
            .nth(row as usize + 1)
            .unwrap()
            .chars()
            .collect();
        line[column as usize - 1..=column as usize + 1]
            .iter()
            .collect::<String>()
    };
    assert_eq!(mark_at(&app, mv.from()), " ? ");
    assert_eq!(mark_at(&app, mv.to()), " ? ");
    // The computer decides on a draw offered at the start: it declines.
    press(&mut app, Key::Char('d'));
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The computer considers the draw offer…")
    );
    wait_engine(&mut app);
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The computer declines the draw; play goes on.")
    );
    assert!(!app.game().is_over());
    // Between two people the other side is asked.
    let mut app = new_app::<Czech>(config(false));
    press(&mut app, Key::Char('d'));
    match app.dialog() {
        Some(Dialog::Confirm { question, .. }) => {
            assert_eq!(question, "White offers a draw. Does black accept? (y/n): ")
        }
        other => panic!("{other:?}"),
    }
    press(&mut app, Key::Char('y'));
    assert!(app.game().is_over());
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("Draw by agreement.")
    );
    press(&mut app, Key::Char('u'));
    assert!(!app.game().is_over());
    assert_eq!(
        app.messages().last().map(String::as_str),
        Some("The end of the game is taken back; play goes on.")
    );
}

#[test]
fn without_a_terminal_tui_refuses_with_status_2() {
    let out = assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .args(["tui", "--rules", "czech"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: dama tui needs a terminal (standard input and output); use dama play for scripts\n"
    );
    // Options of other subcommands are refused, as everywhere.
    let out = assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .args(["tui", "--echo"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: --echo is not an option of 'dama tui'\n"
    );
}

/// A Spanish game of four kings after 17 quiet half-moves, saved to a file: the computer, to
/// move as black, offers a draw (the line console's rule).
fn dead_drawn_game_file(name: &str) -> std::path::PathBuf {
    let mut game =
        dama_core::game::Game::<Spanish>::new(fen::parse("W:WKa1,Kc1:BKh8,Kf8").unwrap());
    let white = ["83.74", "74.83"];
    let black = ["16.25", "25.16"];
    for ply in 0..17 {
        let text = if ply % 2 == 0 {
            white[(ply / 2) % 2]
        } else {
            black[(ply / 2) % 2]
        };
        let mv = dama_core::notation::numeric::parse(game.position(), text).unwrap();
        game.play(&mv);
    }
    let file = std::env::temp_dir().join(format!("dama-tui-{}-{name}.pdn", std::process::id()));
    let text = dama_core::pdn::write(&game, &dama_core::pdn::Header::default());
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn the_computer_offers_a_draw_in_a_dead_drawn_ending() {
    for accept in [false, true] {
        let file = dead_drawn_game_file(if accept { "yes" } else { "no" });
        let mut cfg = config(false);
        cfg.black = PlayerKind::Engine;
        cfg.load = Some(file.clone());
        let mut app = new_app::<Spanish>(cfg);
        assert_eq!(app.game().moves().len(), 17);
        wait_engine(&mut app);
        match app.dialog() {
            Some(Dialog::Confirm { question, action }) => {
                assert_eq!(
                    question,
                    "The computer offers a draw. Do you accept? (y/n): "
                );
                assert_eq!(*action, Confirmed::EngineDraw);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(app.game().moves().len(), 17, "no move with the offer");
        if accept {
            press(&mut app, Key::Char('y'));
            assert!(app.game().is_over());
            assert_eq!(
                app.messages().last().map(String::as_str),
                Some("Draw by agreement.")
            );
        } else {
            press(&mut app, Key::Char('n'));
            assert_eq!(
                app.messages().last().map(String::as_str),
                Some("Draw declined; play goes on.")
            );
            wait_engine(&mut app);
            assert_eq!(app.game().moves().len(), 18, "then it moves");
            assert!(app.dialog().is_none());
        }
        std::fs::remove_file(&file).unwrap();
    }
}

#[test]
fn the_keyboard_cursor_plays_like_the_mouse() {
    let mut app = new_app::<Czech>(config(false));
    // The cursor starts hidden on c3: the first Enter shows it, the next ones click.
    press(&mut app, Key::Enter);
    assert!(app.selection().is_none());
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(sq("c3")));
    press(&mut app, Key::Up);
    press(&mut app, Key::Right);
    press(&mut app, Key::Char(' '));
    press(&mut app, Key::Enter);
    assert_eq!(moves_played(&app), ["c3-d4"]);
    // Flipped, the arrows follow the screen: down goes towards rank 8, left towards file h.
    press(&mut app, Key::Char('f'));
    press(&mut app, Key::Down);
    press(&mut app, Key::Down);
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(sq("d6")));
    press(&mut app, Key::Up);
    press(&mut app, Key::Left);
    press(&mut app, Key::Enter);
    press(&mut app, Key::Char(' '));
    assert_eq!(moves_played(&app), ["c3-d4", "d6-e5"]);
}
