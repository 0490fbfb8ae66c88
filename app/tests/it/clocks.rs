//! Clocks for both sides (fake clocks: no test sleeps), the full-strength hint, `level N` and
//! the board turned for a person playing Black: scripted console games in memory and the
//! screen of `dama tui`.

use std::time::Duration;

use crate::czech_common::dialogue;
use crate::tui_common;
use dama::console::Options;
use dama::i18n::Lang;
use dama::play::clock::FakeClock;
use dama_core::Variant;
use dama_engine::TimeControl;

fn tc(text: &str) -> TimeControl {
    text.parse().expect("a time control")
}

/// Czech rules in English, two people, both clocks on `control`, a fake clock that moves on
/// `step` seconds per line read.
fn clocked(control: &str, step: u64) -> Options {
    Options {
        clocks: Some([tc(control), tc(control)]),
        clock: std::sync::Arc::new(FakeClock::per_line(Duration::from_secs(step))),
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    }
}

fn run(opts: &Options, script: &str) -> String {
    crate::czech_common::transcript(opts, script)
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::czech_common::temp_dir(&format!("clocks-{name}"))
}

#[test]
fn a_person_loses_on_time_and_the_record_says_so() {
    let dir = temp_dir("flag");
    let file = dir.join("flag.pdn");
    let opts = clocked("10s", 4);
    let script = format!(
        "c3-d4\nf6-g5\nb2-c3\ng7-f6\na3-b4\nsave {}\nn\n",
        file.display()
    );
    let out = run(&opts, &script);
    assert_eq!(
        dialogue(&out)[2..],
        [
            "1. (white 0:10, black 0:10) White to move: c3-d4",
            "1... (white 0:06.0, black 0:10) Black to move: f6-g5",
            "2. (white 0:06.0, black 0:06.0) White to move: b2-c3",
            "2... (white 0:02.0, black 0:06.0) Black to move: g7-f6",
            "3. (white 0:02.0, black 0:02.0) White to move: a3-b4",
            "Black wins on time: white ran out of time.",
            &format!("Play again? (y/n): save {}", file.display()),
            &format!("Game saved to {}.", file.display()),
            "Play again? (y/n): n",
        ]
    );
    let pdn = std::fs::read_to_string(&file).unwrap();
    let tags: Vec<&str> = pdn.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags[6..],
        [
            "[Result \"0-1\"]",
            "[GameType \"29\"]",
            "[TimeControl \"10+0\"]",
            "[Termination \"time forfeit\"]",
        ]
    );
    let movetext = pdn.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        "1. c3-d4 {[%clock w0:00:06 b0:00:10]} 1... f6-g5 {[%clock w0:00:06 b0:00:06]}\n\
         2. b2-c3 {[%clock w0:00:02 b0:00:06]} 2... g7-f6 {[%clock w0:00:02 b0:00:02]}\n0-1\n"
    );
    // Loaded back: still a loss on time, not a resignation.
    let loaded = Options {
        load: Some(file.clone()),
        ..clocked("10s", 4)
    };
    let out = run(&loaded, "n\n");
    assert!(
        dialogue(&out)[2].ends_with("4 half-moves, Black wins on time: white ran out of time."),
        "{out}"
    );
}

#[test]
fn the_increment_is_added_after_each_move_and_time_shows_both_clocks() {
    let opts = clocked("1m+5s", 2);
    let out = run(&opts, "time\nc3-d4\ntime\nf6-g5\nquit\n");
    assert_eq!(
        dialogue(&out)[2..],
        [
            "1. (white 1:00, black 1:00) White to move: time",
            "Clocks: white 0:58, black 1:00",
            "1. (white 0:58, black 1:00) White to move: c3-d4",
            "1... (white 1:01, black 1:00) Black to move: time",
            "Clocks: white 1:01, black 0:58",
            "1... (white 1:01, black 0:58) Black to move: f6-g5",
            "2. (white 1:01, black 1:01) White to move: quit",
        ]
    );
    let plain = run(
        &Options::new(Variant::Czech).in_lang(Lang::En),
        "time\nquit\n",
    );
    assert_eq!(
        dialogue(&plain)[2..],
        [
            "1. White to move: time",
            "This game is played without a clock (--time BASE+INC gives one).",
            "1. White to move: quit",
        ]
    );
}

#[test]
fn each_side_has_its_own_clock_and_the_record_keeps_both() {
    let dir = temp_dir("sides");
    let file = dir.join("sides.pdn");
    let opts = Options {
        clocks: Some([tc("5m+3s"), tc("2m")]),
        ..clocked("1m", 1)
    };
    let out = run(
        &opts,
        &format!("c3-d4\nf6-g5\nsave {}\nquit\n", file.display()),
    );
    assert_eq!(
        dialogue(&out)[2..5],
        [
            "1. (white 5:00, black 2:00) White to move: c3-d4",
            "1... (white 5:02, black 2:00) Black to move: f6-g5",
            &format!(
                "2. (white 5:02, black 1:59) White to move: save {}",
                file.display()
            ),
        ]
    );
    let pdn = std::fs::read_to_string(&file).unwrap();
    assert!(pdn.contains("[WhiteTimeControl \"300+3\"]\n[BlackTimeControl \"120+0\"]\n"));
    assert!(
        pdn.contains(
            "1. c3-d4 {[%clock w0:05:02 b0:02:00]} 1... f6-g5 {[%clock w0:05:02 b0:01:59]} *"
        ),
        "{pdn}"
    );
}

#[test]
fn a_saved_game_loads_back_into_the_same_clocks() {
    let dir = temp_dir("round");
    let (first, second) = (dir.join("first.pdn"), dir.join("second.pdn"));
    let out = run(
        &clocked("3m+2s", 7),
        &format!("c3-d4\nf6-g5\ng3-h4\nsave {}\nquit\n", first.display()),
    );
    let before = dialogue(&out);
    assert_eq!(
        before.last().unwrap(),
        "2... (white 2:50, black 2:48) Black to move: quit"
    );
    // No --time: the record's own time control and readings (those after the last move: the
    // seconds of a move not yet made are not saved).
    let loaded = Options {
        load: Some(first.clone()),
        clock: std::sync::Arc::new(FakeClock::per_line(Duration::from_secs(7))),
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    };
    let out = run(&loaded, &format!("save {}\nquit\n", second.display()));
    let after = dialogue(&out);
    assert_eq!(
        after[4],
        format!(
            "2... (white 2:50, black 2:55) Black to move: save {}",
            second.display()
        )
    );
    let text = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    assert_eq!(text(&first), text(&second));
    assert!(text(&first).contains("[TimeControl \"180+2\"]"));
}

#[test]
fn the_engine_spends_from_its_own_clock() {
    // The fake clock stands still while the engine thinks: its clock gets the increment.
    let opts = Options {
        black: dama::play::session::PlayerKind::Engine,
        limits: dama_engine::Limits {
            depth: Some(2),
            ..Default::default()
        },
        ..clocked("1m+1s", 3)
    };
    let out = run(&opts, "c3-d4\ntime\nquit\n");
    let lines = dialogue(&out);
    assert_eq!(lines[2], "1. (white 1:00, black 1:00) White to move: c3-d4");
    assert!(lines[3].starts_with("Black (computer) plays "), "{out}");
    assert_eq!(lines[4], "2. (white 0:58, black 1:01) White to move: time");
    assert_eq!(lines[5], "Clocks: white 0:55, black 1:01");
}

/// The moves (as the console reads them) of a Czech game the engine plays against itself,
/// at least `plies` half-moves long and not over after them: the first such game of the
/// depths tried.
fn long_game(plies: usize) -> Vec<String> {
    use dama_core::{Czech, game::Game, pdn};
    for depth in 2..12 {
        let mut engine = dama_engine::Engine::with_seed(
            dama_engine::Limits {
                depth: Some(depth),
                ..Default::default()
            },
            1,
        );
        let mut game = Game::<Czech>::default();
        let mut moves = Vec::new();
        while moves.len() < plies && !game.is_over() {
            let Some(mv) = engine.choose_move(&game) else {
                break;
            };
            moves.push(pdn::move_text::<Czech>(&mv));
            game.play(&mv);
        }
        if moves.len() == plies && !game.is_over() {
            return moves;
        }
    }
    panic!("no game of {plies} plies at depths 2 to 11");
}

#[test]
fn a_forty_move_control_passes_into_its_second_period() {
    // 40 moves in 10 minutes, then 5 minutes for the rest; each move takes 5 s.
    let dir = temp_dir("periods");
    let file = dir.join("periods.pdn");
    let moves = long_game(81);
    let opts = clocked("40/10m,5m", 5);
    let script = format!("{}\ntime\nsave {}\nn\n", moves.join("\n"), file.display());
    let out = run(&opts, &script);
    let lines = dialogue(&out);
    assert_eq!(
        lines[2],
        format!(
            "1. (white 10:00, black 10:00; moves to the time control: 40) White to move: {}",
            moves[0]
        )
    );
    assert_eq!(
        lines[3],
        format!(
            "1... (white 9:55, black 10:00; moves to the time control: 40) Black to move: {}",
            moves[1]
        )
    );
    // White's 40th move: 200 s spent, 5 minutes added; then Black's.
    let at = lines
        .iter()
        .position(|l| l.starts_with("40. "))
        .expect("move 40");
    assert_eq!(
        lines[at..at + 5],
        [
            format!(
                "40. (white 6:45, black 6:45; moves to the time control: 1) White to move: {}",
                moves[78]
            ),
            "White reached the time control: 5:00 added to the clock.".to_string(),
            format!(
                "40... (white 11:40, black 6:45; moves to the time control: 1) Black to move: {}",
                moves[79]
            ),
            "Black reached the time control: 5:00 added to the clock.".to_string(),
            format!(
                "41. (white 11:40, black 11:40) White to move: {}",
                moves[80]
            ),
        ]
    );
    assert_eq!(
        lines[at + 5],
        "41... (white 11:35, black 11:40) Black to move: time"
    );
    assert_eq!(lines[at + 6], "Clocks: white 11:35, black 11:35");
    // The record keeps the control as the PDN standard writes it, and the clocks.
    let pdn = std::fs::read_to_string(&file).unwrap();
    assert!(pdn.contains("[TimeControl \"40/600:300\"]"), "{pdn}");
    assert!(pdn.contains("{[%clock w0:11:40 b0:06:45]}"), "{pdn}");
    assert!(pdn.contains("{[%clock w0:11:40 b0:11:40]}"), "{pdn}");
    // Loaded back: the same clocks, the second period, no time given again.
    let loaded = Options {
        load: Some(file.clone()),
        ..clocked("5m", 5)
    };
    let out = run(&loaded, "time\nquit\n");
    let lines = dialogue(&out);
    let at = lines.iter().position(|l| l.starts_with("41... ")).unwrap();
    assert_eq!(
        lines[at..at + 2],
        [
            "41... (white 11:35, black 11:40) Black to move: time",
            "Clocks: white 11:35, black 11:35",
        ]
    );
}

#[test]
fn the_spanish_spec_dialogue_shows_clocks_only_with_time() {
    let opts = Options {
        clocks: Some([tc("10s"), tc("10s")]),
        clock: std::sync::Arc::new(FakeClock::per_line(Duration::from_secs(6))),
        ..Options::new(Variant::Spanish)
    };
    let out = run(&opts, "61.52\n32.41\n52.43\nn\n");
    let prompts: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with('(') || l.starts_with("Ganan"))
        .collect();
    assert_eq!(
        prompts,
        [
            "(blancas 0:10, negras 0:10) Mueven las blancas: 61.52",
            "(blancas 0:04.0, negras 0:10) Mueven las negras: 32.41",
            "(blancas 0:04.0, negras 0:04.0) Mueven las blancas: 52.43",
            "Ganan las negras: las blancas agotaron su tiempo.",
        ]
    );
}

#[test]
fn the_hint_is_the_same_however_often_it_is_asked_and_has_a_score_and_line() {
    let opts = Options {
        limits: dama_engine::Limits {
            level: Some(1),
            ..Default::default()
        },
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    };
    let out = run(&opts, &"hint\n".repeat(6));
    let hints: Vec<String> = dialogue(&out)
        .into_iter()
        .filter(|l| l.starts_with("Hint: "))
        .collect();
    assert_eq!(hints.len(), 6);
    assert!(hints.iter().all(|h| *h == hints[0]), "{hints:?}");
    assert_eq!(hints[0], HINT_AT_START);
}

/// The full-strength hint at the start of a Czech game: its move, score (in men) and line.
const HINT_AT_START: &str =
    "Hint: c3-d4 (-0.03; line c3-d4 d6-e5 g3-f4 e5xc3 d2xb4 f6-e5 f4xd6 c7xe5)";

#[test]
fn level_changes_the_engines_level_mid_game() {
    let opts = Options {
        black: dama::play::session::PlayerKind::Engine,
        limits: dama_engine::Limits {
            level: Some(1),
            ..Default::default()
        },
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    };
    // Level 1 chooses at random among near-equal replies: white's second move is whichever
    // of these the reply allows (the capture it forces, else b2-c3); the others are refused.
    let out = run(
        &opts,
        "c3-d4\nlevel 3\nlevel 0\nd4xb6\nd4xf6\nb2-c3\nquit\n",
    );
    let lines = dialogue(&out);
    let plays: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Black (computer) plays"))
        .collect();
    assert!(plays.len() >= 2, "{out}");
    assert!(plays[0].contains(", depth 1, "), "{}", plays[0]);
    for play in &plays[1..] {
        assert!(play.contains(", depth 3, "), "{play}");
    }
    assert!(lines.contains(&"The computer now plays at level 3.".to_string()));
    assert!(
        lines
            .contains(&"Give a level from 1 (beginner) to 10 (full strength): level N".to_string())
    );
}

#[test]
fn the_board_turns_for_a_person_playing_black() {
    let opts = Options {
        white: dama::play::session::PlayerKind::Engine,
        limits: dama_engine::Limits {
            depth: Some(1),
            ..Default::default()
        },
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    };
    let out = run(&opts, "flip\nquit\n");
    let files: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("a b") || l.trim_start().starts_with("h g"))
        .collect();
    // Black at the bottom from the start (and after White's move); flip turns it back.
    assert_eq!(
        files,
        [
            "  h g f e d c b a",
            "  h g f e d c b a",
            "  a b c d e f g h"
        ]
    );
    // Two people: White at the bottom, as before.
    let out = run(&Options::new(Variant::Czech).in_lang(Lang::En), "quit\n");
    assert!(out.contains("  a b c d e f g h") && !out.contains("  h g f e d c b a"));
}

mod screen {
    use super::*;
    use dama::tui::{Event, Key};
    use dama_core::Czech;
    use tui_common::*;

    fn clocked_app(fake: &FakeClock) -> dama::tui::App<dama_core::Board8> {
        let cfg = dama::tui::AppConfig {
            clocks: Some([tc("5m+3s"), tc("5m+3s")]),
            clock: std::sync::Arc::new(fake.clone()),
            ..config(false)
        };
        new_app::<Czech>(cfg)
    }

    #[test]
    fn the_panel_shows_both_clocks() {
        let fake = FakeClock::new();
        let mut app = clocked_app(&fake);
        fake.advance(Duration::from_secs(4));
        play_by_mouse(&mut app, "c3-d4");
        fake.advance(Duration::from_secs(61));
        app.handle(Event::Tick);
        assert_eq!(app.clocks_text().as_deref(), Some("white 4:59, black 3:59"));
        insta::assert_snapshot!("clocks_panel", screen(&app));
    }

    #[test]
    fn the_panel_counts_the_moves_to_the_control_and_says_the_time_added() {
        let fake = FakeClock::new();
        let cfg = dama::tui::AppConfig {
            clocks: Some([tc("2/5m,1m"), tc("2/5m,1m")]),
            clock: std::sync::Arc::new(fake.clone()),
            ..config(false)
        };
        let mut app = new_app::<Czech>(cfg);
        assert_eq!(
            app.to_control_text().as_deref(),
            Some("moves to the time control: 2")
        );
        for mv in ["c3-d4", "f6-g5"] {
            fake.advance(Duration::from_secs(10));
            play_by_mouse(&mut app, mv);
        }
        assert_eq!(
            app.to_control_text().as_deref(),
            Some("moves to the time control: 1")
        );
        fake.advance(Duration::from_secs(10));
        play_by_mouse(&mut app, "b2-c3");
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some("White reached the time control: 1:00 added to the clock.")
        );
        assert_eq!(app.clocks_text().as_deref(), Some("white 5:40, black 4:50"));
        // Black is to move, still in its first period.
        assert_eq!(
            app.to_control_text().as_deref(),
            Some("moves to the time control: 1")
        );
        insta::assert_snapshot!("clocks_move_count_panel", screen(&app));
        fake.advance(Duration::from_secs(10));
        play_by_mouse(&mut app, "g7-f6");
        assert_eq!(app.clocks_text().as_deref(), Some("white 5:40, black 5:40"));
        // The second period is the rest of the game: nothing to count.
        assert_eq!(app.to_control_text(), None);
    }

    #[test]
    fn a_flag_fall_ends_the_game() {
        let fake = FakeClock::new();
        let mut app = clocked_app(&fake);
        play_by_mouse(&mut app, "c3-d4");
        fake.advance(Duration::from_secs(300));
        app.handle(Event::Tick);
        assert!(app.game().is_over());
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some("White wins on time: black ran out of time.")
        );
        // No move is played after the flag fall.
        play_by_mouse(&mut app, "f6-g5");
        assert_eq!(app.game().moves().len(), 1);
        insta::assert_snapshot!("clocks_flag_fall", screen(&app));
    }

    #[test]
    fn plus_and_minus_change_the_level_and_the_board_turns_for_black() {
        let mut app = new_app::<Czech>(config(false));
        press(&mut app, Key::Char('+'));
        assert_eq!(app.level(), 10);
        press(&mut app, Key::Char('-'));
        press(&mut app, Key::Char('-'));
        assert_eq!(app.level(), 8);
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some("The computer now plays at level 8.")
        );
        let cfg = dama::tui::AppConfig {
            white: dama::play::session::PlayerKind::Engine,
            ..config(false)
        };
        let mut black = new_app::<Czech>(cfg);
        wait_engine(&mut black);
        // The engine's thinking time, which the real clock measures, is blanked.
        let shown = regex::Regex::new(r"\d+\.\d\d s")
            .unwrap()
            .replace_all(&screen(&black), "?.?? s")
            .into_owned();
        insta::assert_snapshot!("clocks_black_at_the_bottom", shown);
    }
}
