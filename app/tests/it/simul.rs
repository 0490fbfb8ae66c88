//! `dama simul` at the line console (the Czech rules' art. 11): a person gives a 3-board simul
//! played to the end, kept in one PDN file after every visit, left and resumed from it; the
//! computer gives one to two people at the keyboard; a file that is not a simul is refused
//! and left as it was. Exact transcripts (the engine's thinking time written as `T`).

use std::path::Path;

use dama::console::Options;
use dama::console::full::simul::SimulConfig;
use dama::i18n::Lang;
use dama::play::simul::{Exhibitor, Plan};
use dama_core::Variant;

/// A start where each board's game is short: White's quiet move a1-b2, Black's only move
/// h4-g3, White's capture f2xh4 takes Black's last piece.
const START: &str = "W:Wa1,f2:Bh4";

fn config(exhibitor: Exhibitor, file: Option<&Path>, lang: Lang) -> SimulConfig {
    SimulConfig {
        opts: Options {
            start: dama_core::fen::parse(START).unwrap(),
            limits: dama_engine::Limits {
                depth: Some(1),
                ..Default::default()
            },
            ..Options::new(Variant::Czech).in_lang(lang)
        },
        simul: plan(exhibitor, file),
    }
}

/// A simul of three boards given by `exhibitor`, kept in `file`.
pub fn plan(exhibitor: Exhibitor, file: Option<&Path>) -> Plan {
    Plan {
        exhibitor,
        boards: Some(3),
        names: Vec::new(),
        file: file.map(Path::to_path_buf),
    }
}

/// The tags of the computer's simul given to Anna and Petr, in Czech, in its file.
pub fn assert_named_in_czech(file: &Path) {
    let text = std::fs::read_to_string(file).unwrap();
    for tag in [
        "[White \"Počítač\"]",
        "[Black \"Anna\"]",
        "[Black \"Petr\"]",
        "[Exhibitor \"engine\"]",
        "[Event \"Simultánka\"]",
    ] {
        assert!(text.contains(tag), "{tag}: {text}");
    }
}

/// Plays `config` with `script` as input; what it wrote, the engine's times as `T`, and the
/// error if it stopped on one.
fn run(config: &SimulConfig, script: &str) -> (String, Option<String>) {
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    let result = dama::console::simul_from(
        config,
        &mut dama::console::BufReadSource(&mut input),
        &mut output,
    );
    let text = String::from_utf8(output).unwrap();
    let times = regex::Regex::new(r"\d+[.,]\d s").unwrap();
    (
        times.replace_all(&text, "T s").into_owned(),
        result.err().map(|e| e.to_string()),
    )
}

/// The dialogue without the drawn boards.
fn dialogue(out: &str) -> String {
    crate::czech_common::dialogue(out).join("\n") + "\n"
}

#[test]
fn a_three_board_simul_is_played_to_the_end_kept_in_its_file_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let config = config(Exhibitor::Person, Some(&file), Lang::En);
    let (out, error) = run(&config, "a1-b2\nundo\nboards\nresign\na1-b2\nf2xh4\nquit\n");
    assert_eq!(error, None);
    assert_eq!(
        dialogue(&out),
        "Czech draughts
You give a simultaneous display on 3 boards, with White on each; the computer plays Black on every board. After your move on a board, play passes to the next.
Enter a move like c3-d4 or c3xe5; help lists the commands.
Board 1; boards in play: 3.
Board 1: 1. White to move: a1-b2
Board 1: Black (computer) plays h4-g3 — T s, the only move
Board 2; boards in play: 3.
Board 2: 1. White to move: undo
Not in a simul: every move stands, as on a real board.
Board 2: 1. White to move: boards
Board 1: move 2, white to move.
Board 2: move 1, white to move.
Board 3: move 1, white to move.
Board 2: 1. White to move: resign
Board 2: Black wins: white resigned.
Board 3; boards in play: 2.
Board 3: 1. White to move: a1-b2
Board 3: Black (computer) plays h4-g3 — T s, the only move
Board 1; boards in play: 2.
Board 1: 2. White to move: f2xh4
Board 1: White wins: black has no pieces left.
Board 3; boards in play: 1.
Board 3: 2. White to move: quit
The simul is kept in ".to_string()
            + &file.display().to_string()
            + "; dama simul --file "
            + &file.display().to_string()
            + " goes on with it.\n"
    );
    // Going on with it: only board 3 is still played.
    let mut resumed = config.clone();
    resumed.simul.boards = None;
    let (out, error) = run(&resumed, "boards\nf2xh4\n");
    assert_eq!(error, None);
    let name = file.display().to_string();
    assert_eq!(
        dialogue(&out),
        format!(
            "Czech draughts
You give a simultaneous display on 3 boards, with White on each; the computer plays Black on every board. After your move on a board, play passes to the next.
Enter a move like c3-d4 or c3xe5; help lists the commands.
Simul resumed from {name}: 3 boards, 1 in play.
Board 3; boards in play: 1.
Board 3: 2. White to move: boards
Board 1: White wins: black has no pieces left.
Board 2: Black wins: white resigned.
Board 3: move 2, white to move.
Board 3: 2. White to move: f2xh4
Board 3: White wins: black has no pieces left.
The simul is over: you scored 2 of 3 (won 2, drawn 0, lost 1).
"
        )
    );
    // One PDN file of three games, each board's.
    let date = dama_core::pdn::today();
    let game = |board: usize, result: &str, moves: &str| {
        format!(
            "[Event \"Simultaneous display\"]\n[Site \"?\"]\n[Date \"{date}\"]\n[Round \"-\"]\n\
             [White \"Human\"]\n[Black \"Computer\"]\n[Result \"{result}\"]\n[GameType \"29\"]\n\
             [FEN \"{START}\"]\n[Board \"{board}\"]\n[Exhibitor \"human\"]\n\n{moves}{result}\n"
        )
    };
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        [
            game(1, "1-0", "1. a1-b2 h4-g3 2. f2xh4 "),
            game(2, "0-1", ""),
            game(3, "1-0", "1. a1-b2 h4-g3 2. f2xh4 "),
        ]
        .join("\n")
    );
    // A simul that is over says so and its score.
    let (out, _) = run(&resumed, "");
    assert!(
        out.ends_with("The simul is over: you scored 2 of 3 (won 2, drawn 0, lost 1).\n"),
        "{out}"
    );
}

#[test]
fn the_computer_gives_a_simul_to_people_named_on_their_boards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let mut config = config(Exhibitor::Engine, Some(&file), Lang::Cs);
    config.simul.boards = Some(2);
    config.simul.names = vec!["Anna".into(), "Petr".into()];
    config.opts.start = dama_core::fen::parse("W:Wa1:Bh4").unwrap();
    let (out, error) = run(&config, "h4-g3\ndesky\nkonec\n");
    assert_eq!(error, None);
    let name = file.display().to_string();
    assert_eq!(
        dialogue(&out),
        format!(
            "Česká dáma
Počítač hraje simultánku na 2 deskách, na každé bílými; na každé desce hraje černými jeden hráč. Po tahu na jedné desce se přechází k další.
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
Deska 1 (Anna); rozehraných desek: 2.
Deska 1 (Anna): Bílý (počítač) hraje a1-b2 — T s, jediný možný tah
Deska 1 (Anna): 1... Černý na tahu: h4-g3
Deska 2 (Petr); rozehraných desek: 2.
Deska 2 (Petr): Bílý (počítač) hraje a1-b2 — T s, jediný možný tah
Deska 2 (Petr): 1... Černý na tahu: desky
Deska 1 (Anna): 2. tah, na tahu bílý.
Deska 2 (Petr): 1. tah, na tahu černý.
Deska 2 (Petr): 1... Černý na tahu: konec
Simultánka je uložena v {name}; dama simul --file {name} v ní pokračuje.
"
        )
    );
    assert_named_in_czech(&file);
}

#[test]
fn a_file_that_is_not_a_simul_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pdn");
    let game = "[Event \"Casual game\"]\n[GameType \"29\"]\n\n1. c3-d4 f6-e5 *\n";
    std::fs::write(&file, game).unwrap();
    let config = config(Exhibitor::Person, Some(&file), Lang::En);
    let (out, error) = run(&config, "a1-b2\n");
    assert_eq!(out, "");
    assert_eq!(
        error.as_deref(),
        Some(
            format!(
                "{}: game 1 is not board 1 of a simul (its Board and Exhibitor tags)",
                file.display()
            )
            .as_str()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), game);
    // A simul of three boards is not one of five.
    let simul = dir.path().join("simul.pdn");
    run(
        &config_with_file(&simul),
        "quit\n", // at board 1: the file is written
    );
    let before = std::fs::read_to_string(&simul).unwrap();
    let (_, error) = run(
        &{
            let mut config = config_with_file(&simul);
            config.simul.boards = Some(5);
            config
        },
        "",
    );
    assert_eq!(
        error.unwrap(),
        format!(
            "{}: the simul kept there has 3 boards, not 5 (without --boards it goes on as it is)",
            simul.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&simul).unwrap(), before);
}

fn config_with_file(file: &Path) -> SimulConfig {
    config(Exhibitor::Person, Some(file), Lang::En)
}

#[test]
fn the_command_line_plays_a_simul() {
    let dir = tempfile::tempdir().unwrap();
    let out = assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .current_dir(dir.path())
        .args(["simul", "--rules", "czech", "--boards", "2", "--lang", "en"])
        .args(["--color", "never", "--file", "s.pdn", "--depth", "1"])
        .write_stdin("help\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // The help lists no command a simul refuses, and the simul's own.
    assert!(!out.contains("undo") && !out.contains("setup FEN"), "{out}");
    assert!(
        out.contains("  boards        every board of the simul and its state"),
        "{out}"
    );
    let text = std::fs::read_to_string(dir.path().join("s.pdn")).unwrap();
    assert_eq!(text.matches("[Event \"Simultaneous display\"]").count(), 2);
    // Options a simul does not take are refused.
    let refused = assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .args(["simul", "--time", "5m"])
        .assert()
        .failure()
        .get_output()
        .stderr
        .clone();
    let refused = String::from_utf8(refused).unwrap();
    assert!(
        refused.contains("--time is not an option of 'dama simul'"),
        "{refused}"
    );
}

#[test]
fn a_blindfold_simul_counts_each_boards_peeks() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("simul.pdn");
    let mut config = config(Exhibitor::Person, Some(&file), Lang::En);
    config.simul.boards = Some(2);
    config.opts.blindfold = true;
    let (out, error) = run(&config, "peek\na1-b2\na1-b2\nquit\n");
    assert_eq!(error, None);
    // No board is drawn on arriving at one; peek draws it once, counted on its board.
    let name = file.display().to_string();
    assert_eq!(
        dialogue(&out),
        format!(
            "Czech draughts
You give a simultaneous display on 2 boards, with White on each; the computer plays Black on every board. After your move on a board, play passes to the next.
Enter a move like c3-d4 or c3xe5; help lists the commands.
Blindfold: the board is not shown. Type your moves; peek shows the board once (each peek is counted in the saved game).
Board 1; boards in play: 2.
Board 1: 1. White to move: peek
Peeks in this game: 1.
Board 1: 1. White to move: a1-b2
Board 1: Black (computer) plays h4-g3 — T s, the only move
Board 2; boards in play: 2.
Board 2: 1. White to move: a1-b2
Board 2: Black (computer) plays h4-g3 — T s, the only move
Board 1; boards in play: 2.
Board 1: 2. White to move: quit
The simul is kept in {name}; dama simul --file {name} goes on with it.
"
        )
    );
    assert_eq!(out.matches("  a b c d e f g h").count(), 1, "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("[Board \"1\"]\n[Exhibitor \"human\"]\n[Blindfold \"yes\"]\n[Peeks \"1\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Board \"2\"]\n[Exhibitor \"human\"]\n[Blindfold \"yes\"]\n[Peeks \"0\"]"),
        "{text}"
    );
}
