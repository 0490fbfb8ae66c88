//! `dama simul --tui` (the Czech rules' art. 11): a 3-board simul played to the end
//! full-screen, play passing to the next board after each of the person's moves while the
//! computer answers behind; the boards in a grid at 80 × 24 and larger; the simul kept in its
//! file after every move, left and resumed from it; the computer giving one to two named
//! people; a file that is not a simul refused and left as it was.

use std::path::Path;
use std::time::Duration;

use crate::tui_common::{config, text};
use dama::i18n::Lang;
use dama::play::simul::{Exhibitor, Score};
use dama::tui::simul::{SimulApp, SimulSetup};
use dama::tui::terminal::Screen;
use dama::tui::{AppConfig, Event, Key};
use dama_core::{Board8, DynRules};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A start where each board's game is short: White's quiet move a1-b2, Black's only move
/// h4-g3, White's capture f2xh4 takes Black's last piece.
const START: &str = "W:Wa1,f2:Bh4";

fn setup(exhibitor: Exhibitor, file: Option<&Path>, start: &str, lang: Lang) -> SimulSetup<Board8> {
    SimulSetup {
        app: AppConfig {
            start: dama_core::fen::parse(start).unwrap(),
            lang,
            ..config(false)
        },
        simul: crate::simul::plan(exhibitor, file),
    }
}

fn new_simul(setup: SimulSetup<Board8>) -> SimulApp<Board8> {
    SimulApp::new(DynRules::of::<dama_core::Czech>(), setup, 80, 24).expect("the simul starts")
}

/// Types `text` on the move line and plays it.
fn play(simul: &mut SimulApp<Board8>, text: &str) {
    simul.handle(Event::Key(Key::Char('t')));
    for c in text.chars() {
        simul.handle(Event::Key(Key::Char(c)));
    }
    simul.handle(Event::Key(Key::Enter));
}

fn press(simul: &mut SimulApp<Board8>, c: char) {
    simul.handle(Event::Key(Key::Char(c)));
}

/// Waits for the engine of board `board` (1-based) to answer.
fn wait(simul: &mut SimulApp<Board8>, board: usize) {
    assert!(
        simul.wait_engine(board - 1, Duration::from_secs(10)),
        "the engine answers on board {board}"
    );
}

/// The screen drawn in a `width` × `height` test terminal, as text.
fn screen(simul: &SimulApp<Board8>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| simul.draw(frame)).unwrap();
    text(terminal.backend().buffer())
}

/// The latest message of the board to play.
fn said(simul: &SimulApp<Board8>) -> String {
    simul.board().messages().last().cloned().unwrap_or_default()
}

/// The moves of board `board` (1-based), as the file writes them.
fn moves(simul: &SimulApp<Board8>, board: usize) -> Vec<String> {
    let game = simul.boards()[board - 1].game();
    game.moves()
        .map(dama_core::notation::algebraic::write)
        .collect()
}

#[test]
fn a_three_board_simul_is_played_to_the_end_full_screen_and_kept_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let mut simul = new_simul(setup(Exhibitor::Person, Some(&file), START, Lang::En));
    assert_eq!(simul.current(), 0);
    assert_eq!(
        simul.board().messages(),
        [
            "You give a simultaneous display on 3 boards, with White on each; the computer \
             plays Black on every board. After your move on a board, play passes to the next.",
            "Board 1; boards in play: 3."
        ]
    );
    let large = screen(&simul, 80, 24);
    assert!(
        large.starts_with(
            "dama  ·  Board 1  ·  Czech draughts  ·  White: human  ·  Black: computer\n"
        ),
        "{large}"
    );
    assert!(
        large.ends_with(
            "h hint  f flip  p peek  g all boards  s save the simul  d draw  m movable\n\
             t type a move  arrows+Enter cursor  Space move now  q quit  ? help\n"
        ),
        "{large}"
    );

    // A move on board 1: play passes to board 2 while the computer answers on board 1.
    play(&mut simul, "a1-b2");
    assert_eq!(simul.current(), 1);
    assert_eq!(said(&simul), "Board 2; boards in play: 3.");
    wait(&mut simul, 1);
    assert_eq!(moves(&simul, 1), ["a1-b2", "h4-g3"]);
    // Every move stands.
    for key in ['u', 'r', 'n', 'e', 'l'] {
        press(&mut simul, key);
        assert_eq!(
            said(&simul),
            "Not in a simul: every move stands, as on a real board."
        );
    }
    assert_eq!(simul.current(), 1);
    // The file is written after every move.
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(
        kept.contains("[Board \"1\"]") && kept.contains("1. a1-b2 h4-g3 *"),
        "{kept}"
    );

    // All the boards together: 80 × 24 holds eight 8×8 boards.
    press(&mut simul, 'g');
    assert!(simul.grid_shown());
    let grid = screen(&simul, 80, 24);
    assert_eq!(
        grid.lines().take(11).collect::<Vec<_>>().join("\n"),
        "Simul: board 2 to play (▶) · boards in play: 3 of 3
┌ 1 ─────────────┐ ┌▶ 2 ────────────┐ ┌ 3 ─────────────┐
│  .   .   .   . │ │  .   .   .   . │ │  .   .   .   . │
│.   .   .   .   │ │.   .   .   .   │ │.   .   .   .   │
│  .   .   .   . │ │  .   .   .   . │ │  .   .   .   . │
│.   .   .   .   │ │.   .   .   .   │ │.   .   .   .   │
│  .   .   .   . │ │  .   .   .   x │ │  .   .   .   x │
│.   .   .   x   │ │.   .   .   .   │ │.   .   .   .   │
│  o   .   o   . │ │  .   .   o   . │ │  .   .   o   . │
│.   .   .   .   │ │o   .   .   .   │ │o   .   .   .   │
└ 2. White ──────┘ └ 1. White ──────┘ └ 1. White ──────┘"
    );
    assert!(
        grid.ends_with("g, Enter or Esc: the board to play   Tab: more boards   q quit\n"),
        "{grid}"
    );
    // A larger terminal shows the same boards; the board to play large again.
    let wide = screen(&simul, 120, 40);
    assert!(wide.contains("┌▶ 2 ────────────┐"), "{wide}");
    press(&mut simul, 'g');
    assert!(!simul.grid_shown());

    play(&mut simul, "a1-b2");
    assert_eq!(simul.current(), 2);
    play(&mut simul, "a1-b2");
    // Round the room: board 1, where the computer has answered.
    assert_eq!(simul.current(), 0);
    wait(&mut simul, 2);
    wait(&mut simul, 3);
    play(&mut simul, "f2xh4");
    assert_eq!(simul.current(), 1);
    assert_eq!(
        simul.board().messages().rchunks(2).next().unwrap(),
        [
            "Board 1: White wins: black has no pieces left.",
            "Board 2; boards in play: 2."
        ]
    );
    play(&mut simul, "f2xh4");
    assert_eq!(simul.current(), 2);
    play(&mut simul, "f2xh4");
    assert_eq!(
        said(&simul),
        "The simul is over: you scored 3 of 3 (won 3, drawn 0, lost 0)."
    );
    assert_eq!(
        simul.score(),
        Score {
            won: 3,
            drawn: 0,
            lost: 0
        }
    );

    // One PDN file of three games, each board's.
    let date = dama_core::pdn::today();
    let game = |board: usize| {
        format!(
            "[Event \"Simultaneous display\"]\n[Site \"?\"]\n[Date \"{date}\"]\n[Round \"-\"]\n\
             [White \"Human\"]\n[Black \"Computer\"]\n[Result \"1-0\"]\n[GameType \"29\"]\n\
             [FEN \"{START}\"]\n[Board \"{board}\"]\n[Exhibitor \"human\"]\n\n\
             1. a1-b2 h4-g3 2. f2xh4 1-0\n"
        )
    };
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        [game(1), game(2), game(3)].join("\n")
    );
    press(&mut simul, 'q');
    assert!(simul.wants_to_quit());
    let name = file.display().to_string();
    assert_eq!(
        simul.farewell(),
        Some(format!(
            "The simul is kept in {name}; dama simul --file {name} goes on with it."
        ))
    );
}

#[test]
fn a_simul_left_is_resumed_from_its_file_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let mut simul = new_simul(setup(Exhibitor::Person, Some(&file), START, Lang::En));
    play(&mut simul, "a1-b2");
    wait(&mut simul, 1);
    play(&mut simul, "a1-b2");
    wait(&mut simul, 2);
    press(&mut simul, 'q');
    assert!(simul.wants_to_quit());
    drop(simul);

    let mut resumed = setup(Exhibitor::Person, Some(&file), START, Lang::En);
    resumed.simul.boards = None;
    let mut simul = new_simul(resumed);
    let name = file.display().to_string();
    assert_eq!(
        simul.board().messages(),
        [
            "You give a simultaneous display on 3 boards, with White on each; the computer \
             plays Black on every board. After your move on a board, play passes to the next."
                .to_string(),
            format!("Simul resumed from {name}: 3 boards, 3 in play."),
            "Board 1; boards in play: 3.".to_string()
        ]
    );
    // The round starts again at the first board whose game goes on.
    assert_eq!(simul.current(), 0);
    assert_eq!(moves(&simul, 1), ["a1-b2", "h4-g3"]);
    assert_eq!(moves(&simul, 2), ["a1-b2", "h4-g3"]);
    assert_eq!(moves(&simul, 3), Vec::<String>::new());
    play(&mut simul, "f2xh4");
    assert_eq!(simul.current(), 1);
    assert_eq!(said(&simul), "Board 2; boards in play: 2.");

    // A --boards that does not fit the file is refused, and the file left as it was.
    let before = std::fs::read(&file).unwrap();
    let mut two = setup(Exhibitor::Person, Some(&file), START, Lang::En);
    two.simul.boards = Some(2);
    let error = SimulApp::new(DynRules::of::<dama_core::Czech>(), two, 80, 24).unwrap_err();
    assert_eq!(
        error,
        format!(
            "{name}: the simul kept there has 3 boards, not 2 \
             (without --boards it goes on as it is)"
        )
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn the_computer_gives_a_simul_to_two_named_people_in_czech() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let mut setup = setup(Exhibitor::Engine, Some(&file), "W:Wa1:Bh4", Lang::Cs);
    setup.simul.boards = Some(2);
    setup.simul.names = vec!["Anna".into(), "Petr".into()];
    let mut simul = new_simul(setup);
    assert_eq!(simul.current(), 0);
    wait(&mut simul, 1);
    wait(&mut simul, 2);
    assert_eq!(moves(&simul, 1), ["a1-b2"]);
    // Each person sees the board from Black's side, named in the header.
    let large = screen(&simul, 80, 24);
    assert!(
        large.starts_with(
            "dama  ·  Deska 1 (Anna)  ·  Česká dáma  ·  Bílý: počítač  ·  Černý: člověk\n"
        ),
        "{large}"
    );
    play(&mut simul, "h4-g3");
    assert_eq!(simul.current(), 1);
    assert_eq!(said(&simul), "Deska 2 (Petr); rozehraných desek: 2.");
    press(&mut simul, 'g');
    let grid = screen(&simul, 80, 24);
    assert!(
        grid.starts_with("Simultánka: na tahu deska 2 (▶) · ve hře 2 z 2 desek\n┌ 1 Anna ──"),
        "{grid}"
    );
    assert!(grid.contains("┌▶ 2 Petr ─"), "{grid}");
    press(&mut simul, 'q');
    assert!(simul.wants_to_quit());
    crate::simul::assert_named_in_czech(&file);
}

#[test]
fn without_a_file_leaving_asks_and_s_saves_the_whole_simul() {
    let dir = tempfile::tempdir().unwrap();
    let mut simul = new_simul(setup(Exhibitor::Person, None, START, Lang::En));
    play(&mut simul, "a1-b2");
    press(&mut simul, 'q');
    assert!(!simul.wants_to_quit());
    press(&mut simul, 'n');
    assert!(!simul.wants_to_quit());
    let saved = dir.path().join("all.pdn");
    press(&mut simul, 's');
    // The dialog's field starts with the simul's default name.
    for _ in 0.."simul.pdn".len() {
        simul.handle(Event::Key(Key::Backspace));
    }
    for c in saved.display().to_string().chars() {
        simul.handle(Event::Key(Key::Char(c)));
    }
    simul.handle(Event::Key(Key::Enter));
    assert_eq!(said(&simul), format!("Simul saved to {}.", saved.display()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(text.matches("[Event \"Simultaneous display\"]").count(), 3);
    // Saved: q leaves at once.
    wait(&mut simul, 1);
    press(&mut simul, 'q');
    assert!(
        !simul.wants_to_quit(),
        "the computer's answer on board 1 is not saved"
    );
    press(&mut simul, 'y');
    assert!(simul.wants_to_quit());
}

#[test]
fn a_file_that_is_not_a_simul_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pdn");
    let game = "[Event \"?\"]\n[GameType \"29\"]\n\n1. c3-d4 *\n";
    std::fs::write(&file, game).unwrap();
    let error = SimulApp::new(
        DynRules::of::<dama_core::Czech>(),
        setup(Exhibitor::Person, Some(&file), START, Lang::En),
        80,
        24,
    )
    .unwrap_err();
    assert_eq!(
        error,
        format!(
            "{}: game 1 is not board 1 of a simul (its Board and Exhibitor tags)",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), game);
}

#[test]
fn a_file_that_cannot_be_written_is_said_and_leaving_asks() {
    let dir = tempfile::tempdir().unwrap();
    // Its directory is a plain file: every write fails.
    std::fs::write(dir.path().join("plain"), "").unwrap();
    let file = dir.path().join("plain").join("simul.pdn");
    let mut simul = new_simul(setup(Exhibitor::Person, Some(&file), START, Lang::En));
    play(&mut simul, "a1-b2");
    let failed = simul.boards()[0]
        .messages()
        .iter()
        .chain(simul.board().messages())
        .filter(|m| m.starts_with(&format!("Cannot save the game to {}", file.display())))
        .count();
    assert_eq!(failed, 1, "{:?}", simul.board().messages());
    // Ticks change nothing: no new attempt, nothing said again.
    let before = simul.board().messages().len();
    for _ in 0..5 {
        simul.handle(Event::Tick);
    }
    assert_eq!(simul.board().messages().len(), before);
    press(&mut simul, 'q');
    assert!(!simul.wants_to_quit(), "the last moves would be lost");
    assert_eq!(simul.farewell(), None);
    press(&mut simul, 'y');
    assert!(simul.wants_to_quit());
}
