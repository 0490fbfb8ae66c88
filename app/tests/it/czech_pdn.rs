//! PDN game records through the console: save → load round trips, a hand-written file,
//! refused files, and `--load`.

use crate::czech_common;
use czech_common::{dialogue, fens, run_in, temp_dir};
use dama_core::game::Game;
use dama_core::notation::algebraic;
use dama_core::{Czech, MoveList, Position, fen};

/// A legal game from `start` (chosen by a fixed pseudo-random sequence) that has captures and
/// a king and is not over; its moves in algebraic notation.
fn random_game(start: Position, plies: usize) -> Vec<String> {
    for seed in 1u64.. {
        let mut state = seed;
        let mut game = Game::<Czech>::new(start);
        let mut moves = MoveList::new();
        let mut out = Vec::new();
        for _ in 0..plies {
            game.legal_moves(&mut moves);
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[(state >> 33) as usize % moves.len()];
            let mut next = game.clone();
            next.play(&mv);
            if next.is_over() {
                break;
            }
            game = next;
            out.push(algebraic::write(&mv));
        }
        let kings = game.position().all_kings().any();
        if kings && out.iter().any(|m| m.contains('x')) && out.len() >= 20 {
            return out;
        }
    }
    unreachable!()
}

fn round_trip(start_fen: Option<&str>, name: &str) {
    let dir = temp_dir(name);
    let start = start_fen.map_or_else(Position::initial, |f| fen::parse(f).unwrap());
    let moves = random_game(start, 80);
    let mut script = String::new();
    if let Some(f) = start_fen {
        script.push_str(&format!("setup {f}\n"));
    }
    for mv in &moves {
        script.push_str(mv);
        script.push('\n');
    }
    script.push_str("save game.pdn\nfen\n");
    let out = run_in(&dir, &[], &script);
    assert!(dialogue(&out).contains(&"Partie uložena do game.pdn.".to_string()));
    let fen_saved = fens(&out).pop().unwrap();
    let text = std::fs::read_to_string(dir.join("game.pdn")).unwrap();
    assert!(text.contains("[GameType \"29\"]\n"));
    assert!(text.contains("[Result \"*\"]\n"));
    assert_eq!(text.contains("[FEN \""), start_fen.is_some());
    // Every move is written in full, in order.
    let written: Vec<&str> = text
        .split("\n\n")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && *t != "*")
        .collect();
    assert_eq!(written, moves);
    // --load starts from it, and `load` + `save` writes the same file again.
    let out = run_in(&dir, &["--load", "game.pdn"], "fen\nsave again.pdn\n");
    assert_eq!(fens(&out), std::slice::from_ref(&fen_saved));
    let out = run_in(
        &dir,
        &["--lang", "en"],
        "load game.pdn\nfen\nundo\nredo\nfen\n",
    );
    assert!(out.contains(&format!(
        "Game loaded from game.pdn: Přátelská partie, {} half-moves, the game goes on.\nLast move: {}\n",
        moves.len(),
        moves.last().unwrap()
    )));
    assert_eq!(fens(&out), [fen_saved.clone(), fen_saved]);
    let again = std::fs::read_to_string(dir.join("again.pdn")).unwrap();
    let strip = |t: &str| {
        t.replace("[White \"Hráč\"]", "")
            .replace("[Black \"Hráč\"]", "")
    };
    assert_eq!(strip(&again), strip(&text));
    // No temporary file is left behind.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["again.pdn", "game.pdn"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn round_trip_from_the_initial_position() {
    round_trip(None, "initial");
}

#[test]
fn round_trip_from_a_setup_position() {
    round_trip(Some("B:WKa1,c3,e3,g3,b2:Bb6,d6,f6,h6,Kh8"), "setup");
}

#[test]
fn saved_result_of_a_resigned_game() {
    let dir = temp_dir("resigned");
    // A game saved before a resignation is saved as going on.
    let out = run_in(&dir, &[], "c3-d4\nsave g.pdn\nresign\nn\n");
    assert!(out.contains("Vyhrál bílý: černý se vzdal."));
    let text = std::fs::read_to_string(dir.join("g.pdn")).unwrap();
    assert!(text.ends_with("\n1. c3-d4 *\n"), "{text}");
    // A record that ends in a result the rules do not give is a resignation.
    std::fs::write(dir.join("r.pdn"), "1. c3-d4 0-1\n").unwrap();
    let out = run_in(&dir, &["--load", "r.pdn"], "n\n");
    assert!(out.contains("Vyhrál černý: bílý se vzdal."), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

const HAND_WRITTEN: &str = "[Event \"Přebor klubu\"]
[Site \"Praha\"]
[Date \"2024.03.01\"]
[Round \"3\"]
[White \"Novák, Jan\"]
[Black \"Dvořák, Petr\"]
[Result \"*\"]
[GameType \"29\"]

{ Úvodní komentář
  přes dva řádky }
1. c3-d4 $1 f6-e5! 2. d4:f6 {vynucené} g7xe5?! (2... e7xg5 3. g3-h4) 3. 23-19!? ; do konce řádku
b6-c5 *
";

#[test]
fn a_hand_written_file_loads() {
    let dir = temp_dir("hand");
    std::fs::write(dir.join("club.pdn"), HAND_WRITTEN).unwrap();
    let out = run_in(&dir, &["--lang", "en"], "load club.pdn\nfen\n");
    assert!(out.contains(
        "Game loaded from club.pdn: Přebor klubu, 6 half-moves, the game goes on.\nLast move: b6-c5\n"
    ));
    let mut game = Game::<Czech>::default();
    let mut moves = MoveList::new();
    for mv in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "e3-f4", "b6-c5"] {
        game.legal_moves(&mut moves);
        game.play(&algebraic::parse(mv, game.position(), &moves).unwrap());
    }
    assert_eq!(fens(&out), [fen::write(game.position())]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_files_are_refused_and_the_game_kept() {
    let dir = temp_dir("broken");
    let files = [
        (
            "cut.pdn",
            "[Event \"x\"]\n\n1. c3-d4 f6-e5 2. d4xf6\n",
            "řádek 3: partie nemá výsledek, soubor je useknutý.",
        ),
        (
            "cut_tag.pdn",
            "[Event \"x\n",
            "řádek 1: značka má mít tvar [Jméno \"hodnota\"].",
        ),
        (
            "garbled.pdn",
            "1. c3-d4 f6-e5\n2. %%@ *\n",
            "řádek 2: „%%@“ není tah.",
        ),
        (
            "comment.pdn",
            "1. c3-d4 {never\nclosed *\n",
            "řádek 1: komentář „{“ není uzavřen.",
        ),
        (
            "illegal.pdn",
            "1. c3-d4 f6-e5\n2. d4-c5 *\n",
            "řádek 2: tah 2 „d4-c5“ není platný: Braní je povinné: d4xf6",
        ),
        (
            "fen.pdn",
            "[FEN \"W:Wb1:Bd8\"]\n1. b1-c2 *\n",
            "řádek 2: značka FEN neobsahuje pozici: b1 je bílé pole, kámen na něm stát nemůže.",
        ),
        (
            "empty.pdn",
            "\n",
            "řádek 1: soubor neobsahuje žádnou partii.",
        ),
    ];
    for (name, text, reason) in files {
        std::fs::write(dir.join(name), text).unwrap();
        let out = run_in(&dir, &[], &format!("c3-d4\nfen\nload {name}\nfen\n"));
        let f = fens(&out);
        assert_eq!(f.len(), 2);
        assert_eq!(f[0], f[1], "{name}");
        let expected = format!("Soubor {name} nelze načíst: {reason} Partie pokračuje beze změny.");
        assert!(dialogue(&out).contains(&expected), "{name}: {out}");
    }
    let out = run_in(&dir, &["--lang", "en"], "load missing.pdn\n");
    assert!(out.contains("Cannot load missing.pdn: no such file. The game goes on unchanged."));
    let out = run_in(
        &dir,
        &["--lang", "en"],
        "save no/such/dir/g.pdn\nsave\nload\n",
    );
    assert!(out.contains(
        "Cannot save the game to no/such/dir/g.pdn: the directory no/such/dir does not exist."
    ));
    assert!(out.contains("Give a file: save FILE"));
    assert!(out.contains("Give a file: load FILE"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_load_option_exits_with_status_2() {
    let dir = temp_dir("option");
    std::fs::write(dir.join("bad.pdn"), "1. c3-c5 *\n").unwrap();
    assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .current_dir(&dir)
        .args(["--rules", "czech", "--lang", "en", "--load", "bad.pdn"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(
            "dama: Cannot load bad.pdn: line 1: move 1 'c3-c5' is illegal: \
             The piece on c3 cannot move like that.\n",
        );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_can_be_saved_and_loads_finished() {
    let dir = temp_dir("finished");
    let out = run_in(
        &dir,
        &["--lang", "en"],
        "setup W:Wc3:Bd4,a7\nc3xe5\na7-b6\nresign\nsave end.pdn\nn\n",
    );
    assert!(
        out.contains(
            "Play again? (y/n): save end.pdn\nGame saved to end.pdn.\nPlay again? (y/n): n\n"
        ),
        "{out}"
    );
    let text = std::fs::read_to_string(dir.join("end.pdn")).unwrap();
    assert!(text.contains("[Result \"0-1\"]\n"), "{text}");
    assert!(text.ends_with("\n1. c3xe5 a7-b6 0-1\n"), "{text}");
    let out = run_in(&dir, &["--lang", "en", "--load", "end.pdn"], "undo\nfen\n");
    assert!(
        out.contains("Black wins: white resigned.\nPlay again? (y/n): undo\n"),
        "{out}"
    );
    assert_eq!(fens(&out), ["W:We5:Bb6"]);
    let _ = std::fs::remove_dir_all(&dir);
}
