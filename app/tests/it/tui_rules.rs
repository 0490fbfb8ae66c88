//! `dama tui` under the Russian and house rules: the screen in Russian, captures written
//! `c3:e5`, the Russian draw counts with their limits, and the house rules' draw offer
//! (between two people, a person against the engine, two engines) with the line console's
//! texts.

use crate::tui_common;

use dama::i18n::Lang;
use dama::play::session::PlayerKind;
use dama::tui::app::{Confirmed, Dialog};
use dama::tui::{App, Key};
use dama_core::fen;
use dama_core::game::{Game, Outcome};
use dama_core::notation::algebraic;
use dama_core::pdn;
use dama_core::{DrawReason, House, MoveList, Russian, Variant};
use tui_common::*;

fn russian(mut cfg: dama::tui::AppConfig) -> dama::tui::AppConfig {
    cfg.lang = Lang::Ru;
    cfg
}

fn latest<B: dama::tui::TuiBoard>(app: &dama::tui::App<B>) -> Option<&str> {
    app.messages().last().map(String::as_str)
}

/// The move list's rows as the panel shows them (the screen's text right of the board).
fn panel_rows<B: dama::tui::TuiBoard>(app: &dama::tui::App<B>) -> Vec<String> {
    screen(app)
        .lines()
        .skip(1)
        .take(18)
        .map(|line| line.chars().skip(46).collect::<String>().trim().to_string())
        .filter(|row| !row.is_empty())
        .collect()
}

#[test]
fn the_screen_is_russian_by_default_for_the_russian_rule_sets() {
    assert_eq!(dama::tui::default_lang(Variant::Russian), Lang::Ru);
    assert_eq!(dama::tui::default_lang(Variant::House), Lang::Ru);
    assert_eq!(dama::tui::default_lang(Variant::Czech), Lang::Cs);
    assert_eq!(dama::tui::default_lang(Variant::Spanish), Lang::Es);
    let app = new_app::<Russian>(russian(config(false)));
    insta::assert_snapshot!("russian_start_ru_no_color", screen(&app));
}

#[test]
fn a_russian_capture_is_written_with_a_colon() {
    let mut app = new_app::<Russian>(russian(config(false)));
    play_by_mouse(&mut app, "c3-d4");
    play_by_mouse(&mut app, "f6-e5");
    // A capture is compulsory: the refusal names it in the rule set's notation.
    play_by_mouse(&mut app, "g3-h4");
    assert_eq!(latest(&app), Some("Бить обязательно: d4:f6"));
    assert_eq!(app.game().moves().len(), 2);
    play_by_mouse(&mut app, "d4:f6");
    // Typed with `x`, as the line console reads it; written with `:`.
    type_keys(&mut app, "te7xg5");
    press(&mut app, Key::Enter);
    let moves: Vec<String> = app.game().moves().map(algebraic::write).collect();
    assert_eq!(moves, ["c3-d4", "f6-e5", "d4xf6", "e7xg5"]);
    let rows = panel_rows(&app);
    assert_eq!(rows[0], "Ход белых (человек)");
    assert_eq!(rows[1], "─ Ходы ─");
    assert_eq!(rows[2], "1. c3-d4        f6-e5");
    assert_eq!(rows[3], "2. d4:f6        e7:g5");
    insta::assert_snapshot!("russian_capture_ru_no_color", screen(&app));
}

#[test]
fn the_russian_draw_counts_show_their_limits() {
    // Kings on both sides, four pieces: rule 4 (60 half-moves with the material unchanged)
    // and the quiet count (30).
    let mut cfg = config(false);
    cfg.start = fen::parse("W:WKa1,Kc1:BKh8,Kf8").unwrap();
    let mut app = new_app::<Russian>(cfg.clone());
    play_by_mouse(&mut app, "c1-d2");
    play_by_mouse(&mut app, "f8-g7");
    let rows = panel_rows(&app);
    let counts = &rows[rows.len() - 3..];
    assert_eq!(
        counts,
        [
            "─ Draw counts (half-moves) ─",
            "no man move or capture: 2 of 30",
            "material unchanged: 2 of 60",
        ]
    );
    // Two kings against a lone king: rule 6 (the strong side's 5th move, half-move 9).
    cfg.start = fen::parse("W:WKa3,Kc1:BKh2").unwrap();
    cfg.lang = Lang::Ru;
    let mut app = new_app::<Russian>(cfg);
    play_by_mouse(&mut app, "c1-d2");
    let rows = panel_rows(&app);
    assert_eq!(
        &rows[rows.len() - 3..],
        [
            "─ Счёт к ничьей (полуходы) ─",
            "ходы дамками без взятий: 1 из 30",
            "окончание с дамками: 1 из 9",
        ]
    );
}

/// The house rules' start for the offer: one king each on edge squares, which no king can
/// capture; white shuffles h2–g1, black a7–b8.
const HOUSE_START: &str = "W:WKh2:BKa7";
const SHUFFLE: [&str; 4] = ["h2-g1", "a7-b8", "g1-h2", "b8-a7"];

fn house_config() -> dama::tui::AppConfig {
    let mut cfg = config(false);
    cfg.start = fen::parse(HOUSE_START).unwrap();
    cfg
}

/// Plays `plies` half-moves of the shuffle by mouse, starting at half-move `from`.
fn shuffle(app: &mut App<dama_core::Board8>, from: usize, plies: usize) {
    for ply in from..from + plies {
        assert!(app.dialog().is_none(), "no question before half-move {ply}");
        play_by_mouse(app, SHUFFLE[ply % 4]);
        assert_eq!(app.game().moves().len(), ply + 1, "half-move {ply} played");
    }
}

fn confirm<B: dama::tui::TuiBoard>(app: &dama::tui::App<B>) -> (String, Confirmed) {
    match app.dialog() {
        Some(Dialog::Confirm { question, action }) => (question.clone(), *action),
        other => panic!("a question is open: {other:?}"),
    }
}

#[test]
fn between_two_people_the_house_rules_offer_a_draw_after_eight_pairs() {
    let mut app = new_app::<House>(house_config());
    let offer_line = |app: &App<dama_core::Board8>| {
        panel_rows(app)
            .into_iter()
            .find(|row| row.starts_with("the rules offer"))
    };
    assert_eq!(
        offer_line(&app).as_deref(),
        Some("the rules offer a draw at: 16")
    );
    shuffle(&mut app, 0, 16);
    // Offered to white (to move) first.
    let (question, action) = confirm(&app);
    assert_eq!(
        question,
        "At most four pieces and eight pairs of moves without a capture or a man move: \
         the rules offer a draw. Does white accept? (y/n): "
    );
    assert_eq!(action, Confirmed::RulesOffer(dama_core::Color::White));
    // Too long for the input line: its last sentence stays there, the rest above it.
    let shown = screen(&app);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[21], "Does white accept? (y/n): _", "{shown}");
    assert!(lines[19].starts_with("At most four pieces"), "{shown}");
    // Declined: the game goes on, the same offer is not made again in that position.
    press(&mut app, Key::Char('n'));
    assert_eq!(latest(&app), Some("Draw declined; play goes on."));
    assert!(app.dialog().is_none());
    assert!(!app.game().is_over());
    press(&mut app, Key::Char('f'));
    press(&mut app, Key::Char('f'));
    assert!(app.dialog().is_none());
    assert_eq!(
        offer_line(&app).as_deref(),
        Some("the rules offer a draw at: 32")
    );
    // Offered again after eight more pairs: white accepts, then black is asked and declines.
    shuffle(&mut app, 16, 16);
    assert_eq!(
        confirm(&app).1,
        Confirmed::RulesOffer(dama_core::Color::White)
    );
    press(&mut app, Key::Char('y'));
    let (question, action) = confirm(&app);
    assert!(
        question.ends_with("Does black accept? (y/n): "),
        "{question}"
    );
    assert_eq!(action, Confirmed::RulesOffer(dama_core::Color::Black));
    press(&mut app, Key::Char('n'));
    assert!(!app.game().is_over());
    // The third offer: both accept, the game is drawn by agreement.
    shuffle(&mut app, 32, 16);
    press(&mut app, Key::Char('y'));
    press(&mut app, Key::Char('y'));
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::Draw(DrawReason::Agreement))
    );
    assert_eq!(latest(&app), Some("Draw by agreement."));
    assert_eq!(app.game().moves().len(), 48);
    assert!(app.dialog().is_none());
}

#[test]
fn the_house_offer_in_russian_on_the_screen() {
    let mut app = new_app::<House>(russian(house_config()));
    shuffle(&mut app, 0, 16);
    assert_eq!(
        confirm(&app).0,
        "Осталось не больше четырёх шашек и 8 пар ходов без взятий и ходов простыми: \
         программа предлагает ничью. Согласны ли белые? (д/н): "
    );
    insta::assert_snapshot!("house_offer_ru_no_color", screen(&app));
    press(&mut app, Key::Char('д'));
    press(&mut app, Key::Char('д'));
    assert_eq!(latest(&app), Some("Ничья по соглашению."));
}

/// A saved house-rules game of `plies` shuffle half-moves from [`HOUSE_START`] (or `start`).
fn house_game_file(name: &str, start: &str, moves: &[&str]) -> std::path::PathBuf {
    let mut game = Game::<House>::new(fen::parse(start).unwrap());
    for text in moves {
        let mut legal = MoveList::new();
        game.legal_moves(&mut legal);
        let mv = algebraic::parse(text, game.position(), &legal).unwrap();
        game.try_play(&mv).unwrap();
    }
    let file =
        std::env::temp_dir().join(format!("dama-tui-house-{}-{name}.pdn", std::process::id()));
    std::fs::write(&file, pdn::write(&game, &pdn::Header::default())).unwrap();
    file
}

fn sixteen_quiet_plies() -> Vec<&'static str> {
    (0..16).map(|ply| SHUFFLE[ply % 4]).collect()
}

#[test]
fn against_the_engine_the_person_is_asked_when_it_accepts() {
    for accept in [false, true] {
        let file = house_game_file(
            if accept { "yes" } else { "no" },
            HOUSE_START,
            &sixteen_quiet_plies(),
        );
        let mut cfg = config(false);
        cfg.black = PlayerKind::Engine;
        cfg.load = Some(file.clone());
        let mut app = new_app::<House>(cfg);
        std::fs::remove_file(&file).unwrap();
        assert_eq!(app.game().moves().len(), 16);
        // While the engine decides, nobody moves.
        click(&mut app, "h2");
        assert_eq!(latest(&app), Some("The computer considers the draw offer…"));
        assert!(app.selection().is_none());
        wait_engine(&mut app);
        let (question, action) = confirm(&app);
        assert_eq!(
            question,
            "At most four pieces and eight pairs of moves without a capture or a man move: \
             the rules offer a draw and the computer agrees. Do you accept? (y/n): "
        );
        assert_eq!(action, Confirmed::RulesOfferEngine);
        if accept {
            press(&mut app, Key::Char('y'));
            assert_eq!(
                app.game().outcome(),
                Some(Outcome::Draw(DrawReason::Agreement))
            );
        } else {
            press(&mut app, Key::Char('n'));
            assert_eq!(latest(&app), Some("Draw declined; play goes on."));
            play_by_mouse(&mut app, "h2-g1");
            wait_engine(&mut app);
            assert_eq!(
                app.game().moves().len(),
                18,
                "the engine moves, no offer of its own"
            );
            assert!(app.dialog().is_none());
            assert!(!app.game().is_over());
        }
    }
}

#[test]
fn the_engine_that_would_not_accept_is_not_asked_for_and_two_engines_agree() {
    // Black has three kings against one: the engine playing black does not accept, so the
    // person is not asked and the game goes on.
    let start = "W:WKh2:BKa7,Ka5,Ka3";
    let file = house_game_file("strong", start, &sixteen_quiet_plies());
    let mut cfg = config(false);
    cfg.black = PlayerKind::Engine;
    cfg.load = Some(file.clone());
    let mut app = new_app::<House>(cfg);
    std::fs::remove_file(&file).unwrap();
    wait_engine(&mut app);
    assert!(app.dialog().is_none());
    assert!(!app.game().is_over());
    assert!(!app.is_thinking(), "white (the person) is to move");
    play_by_mouse(&mut app, "h2-g1");
    assert_eq!(app.game().moves().len(), 17);
    // Two engines in the dead-drawn ending: both accept, the game is drawn.
    let file = house_game_file("engines", HOUSE_START, &sixteen_quiet_plies());
    let mut cfg = config(false);
    cfg.white = PlayerKind::Engine;
    cfg.black = PlayerKind::Engine;
    cfg.load = Some(file.clone());
    let mut app = new_app::<House>(cfg);
    std::fs::remove_file(&file).unwrap();
    wait_engine(&mut app);
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::Draw(DrawReason::Agreement))
    );
    assert_eq!(app.game().moves().len(), 16);
    let said: Vec<&str> = app.messages().iter().map(String::as_str).collect();
    assert_eq!(
        &said[said.len() - 2..],
        [
            "The rules offer a draw and both computers accept.",
            "Draw by agreement."
        ]
    );
}

#[test]
fn the_russian_editor_and_help_screens() {
    let mut app = new_app::<Russian>(russian(config(false)));
    edit_two_pieces(&mut app);
    insta::assert_snapshot!("russian_editor_ru_no_color", screen(&app));
    press(&mut app, Key::Esc);
    press(&mut app, Key::Char('?'));
    insta::assert_snapshot!("russian_help_ru_no_color", screen(&app));
}
