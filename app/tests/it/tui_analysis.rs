//! The TUI's analysis: `a` scores the game on the engine's thread, the panel then shows the
//! evaluation graph under the move list with the marks; a click on a move shows its position
//! (review mode), the arrows step, `Esc` goes back to the game's end.

use crate::tui_common::*;

use dama::tui::{Event, Key};
use dama_core::Czech;
use dama_core::game::Game;
use dama_engine::Limits;

/// The game of `analyze_game.rs`: white's third move `d4-e5` gives a man away.
const BLUNDER: &str = "\
[Event \"Club night\"]
[GameType \"29\"]
[FEN \"W:Wa1,c1,e1,g1,d4,h2:Bb8,d8,f8,h8,f6,a7\"]

1. a1-b2 b8-c7 2. d4-e5 f6xd4 *
";

#[test]
fn the_analysis_shows_a_graph_and_a_click_on_a_move_shows_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pdn");
    std::fs::write(&path, BLUNDER).unwrap();
    let mut cfg = config(false);
    cfg.limits = Limits {
        depth: Some(10),
        ..Limits::default()
    };
    cfg.load = Some(path);
    let mut app = new_app::<Czech>(cfg);
    press(&mut app, Key::Char('a'));
    assert!(app.is_thinking());
    // The screen goes on while the engine works: the panel shows the progress.
    assert!(screen(&app).contains("Analysing: 0/5 positions"));
    wait_engine(&mut app);
    assert!(!app.is_thinking());
    assert_eq!(
        app.messages().last().unwrap(),
        "Analysis done: blunders (??) 1, mistakes (?) 0, dubious moves (?!) 0."
    );
    let screen_text = screen(&app).replace(&dir.path().display().to_string(), "DIR");
    insta::assert_snapshot!("analysis_graph", screen_text);

    // A click on white's second move (the third of the game) shows the position after it.
    let record = dama_core::pdn::read::<Czech>(BLUNDER).unwrap();
    let mut after_three = Game::<Czech>::new(*record.game.start());
    for mv in record.game.moves().take(3) {
        after_three.play(mv);
    }
    let (column, row) = app.move_cell(3).expect("the move is listed");
    app.handle(Event::Click {
        button: dama::tui::Button::Left,
        column,
        row,
    });
    assert!(app.reviewing());
    assert_eq!(app.shown_plies(), 3);
    assert_eq!(app.shown_position(), *after_three.position());
    insta::assert_snapshot!(
        "analysis_review",
        screen(&app).replace(&dir.path().display().to_string(), "DIR")
    );
    // The status names the side to move of the position shown, not the game's.
    assert!(screen(&app).contains("Black to move (human)"));
    // The arrows step back and forth; Esc goes back to the game's end.
    press(&mut app, Key::Left);
    assert_eq!(app.shown_plies(), 2);
    assert!(screen(&app).contains("White to move (human)"));
    press(&mut app, Key::Right);
    press(&mut app, Key::Right);
    press(&mut app, Key::Right);
    assert_eq!(app.shown_plies(), 4);
    press(&mut app, Key::Esc);
    assert!(!app.reviewing());
    assert_eq!(app.shown_position(), *record.game.position());
    assert_eq!(
        app.messages().last().unwrap(),
        "Back at the end of the game."
    );
    // The game itself is unchanged by the review.
    assert_eq!(app.game().moves().count(), 4);
}

#[test]
fn nothing_to_analyze_before_a_move() {
    let mut app = new_app::<Czech>(config(false));
    press(&mut app, Key::Char('a'));
    assert!(!app.is_thinking());
    assert_eq!(
        app.messages().last().unwrap(),
        "There is no move to analyse yet."
    );
}

/// Without limits of its own, the screen's analysis is `dama analyze --load`'s: the hint's
/// limits on one thread (the same verdict for the same position), the rule set's own book moves
/// never marked.
#[test]
fn the_analysis_without_limits_is_the_command_lines() {
    use dama::play::analysis;
    use dama_core::{MoveListOn, Position};

    let book = dama::book::Book::builtin(dama_core::DynRules::of::<Czech>());
    let mut game = Game::<Czech>::new(Position::initial());
    // Two plies from the book, then two that are not its.
    for _ in 0..2 {
        let mv = book.moves(game.position())[0].mv;
        game.play(&mv);
    }
    for _ in 0..2 {
        let mut legal = MoveListOn::new();
        game.legal_moves(&mut legal);
        let mv = legal[legal.len() - 1];
        game.play(&mv);
    }
    let mut cfg = config(false);
    cfg.limits = Limits {
        level: None,
        depth: None,
        nodes: None,
        movetime: None,
        ..Limits::default()
    };
    let mut app = new_app::<Czech>(cfg);
    for mv in game.moves() {
        play_by_mouse(&mut app, &dama_core::pdn::move_text::<Czech>(mv));
    }
    assert_eq!(app.game().moves().count(), 4);
    press(&mut app, Key::Char('a'));
    wait_engine(&mut app);

    let mut engine = dama::engines::EngineSetup::default().engine(analysis::default_limits());
    engine.set_threads(1);
    engine.set_search_forced(true);
    let expected = analysis::analyze_game_with(
        &mut engine,
        &game,
        &analysis::builtin_book::<Czech>(),
        |_, _| true,
    )
    .expect("not stopped");
    assert!(expected.plies[0].book && expected.plies[1].book);
    assert_eq!(app.current_analysis(), Some(&expected));
}
