//! `dama analyze --moves`: the game from its start (`--fen`, else the rule set's start), so
//! that the search knows the repetitions and the draw counts, as a `cmd=` player of
//! `dama match` is given it.

use assert_cmd::Command;

fn analyze(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("dama")
        .unwrap()
        .arg("analyze")
        .args(args)
        .output()
        .unwrap()
}

/// The lines of a successful run, the clock fields (`time`, `nps`) left out.
fn lines(args: &[&str]) -> Vec<String> {
    let out = analyze(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(crate::analyze_multipv::timeless)
        .collect()
}

/// White, a king and seven men against a king and two men (more than ten pieces: the endgame
/// tables are not probed); black's men cannot move but `h4-g3`. After `b8-a7 h2-g3 a7-b8`, black's
/// `g3-h2` goes back to the start position.
const START: &str = "W:WKb8,a1,c1,e1,g1,b4,c3,e3:BKh2,a5,h4";
/// The position those three moves reach, without its history.
const REACHED: &str = "B:WKb8,a1,c1,e1,g1,b4,c3,e3:BKg3,a5,h4";

#[test]
fn the_moves_played_give_the_search_its_repetitions() {
    // With the game, black (lost) goes back to a position the game has seen: a draw.
    let with_history = lines(&[
        "--rules",
        "czech",
        "--fen",
        START,
        "--moves",
        "b8-a7 h2-g3 a7-b8",
        "--depth",
        "5",
    ]);
    assert_eq!(with_history, WITH_HISTORY.lines().collect::<Vec<_>>());
    // With the position alone it does not know it.
    let without = lines(&["--rules", "czech", "--fen", REACHED, "--depth", "5"]);
    assert_eq!(without, WITHOUT.lines().collect::<Vec<_>>());
}

const WITH_HISTORY: &str = "\
info depth 1 score 0 nodes 29 pv g3-h2
info depth 2 score 0 nodes 43 pv g3-h2
info depth 3 score 0 nodes 53 pv g3-h2
info depth 4 score 0 nodes 65 pv g3-h2
info depth 5 score 0 nodes 83 pv g3-h2
bestmove g3-h2
";

const WITHOUT: &str = "\
info depth 1 score -857 nodes 29 pv g3-h2
info depth 2 score -934 nodes 77 pv g3-h2 e1-d2
info depth 3 score -1135 nodes 660 pv g3-f2 e1xg3 h4xf2 c3-d4 a5xc3 d4-c5
info depth 4 score -961 nodes 1244 pv g3-f2 e1xg3 h4xf2 c1-d2 f2-e1 e3-d4 e1-h4
info depth 5 score -976 nodes 1538 pv g3-f2 e1xg3 h4xf2 c1-d2 f2-e1 e3-d4 e1-h4 b4-c5
bestmove g3-f2
";

#[test]
fn without_a_repetition_the_game_searches_as_its_position() {
    // The Czech start and three moves: the same search as from the position they reach.
    let game = lines(&[
        "--rules",
        "czech",
        "--moves",
        "c3-d4 f6-g5 g3-f4",
        "--depth",
        "5",
    ]);
    let position = lines(&[
        "--rules",
        "czech",
        "--fen",
        "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,f4,g1,h2:Ba7,b6,b8,c7,d6,d8,e7,f8,g5,g7,h6,h8",
        "--depth",
        "5",
    ]);
    assert_eq!(game, position);
}

#[test]
fn a_move_that_is_not_legal_is_named() {
    let out = analyze(&["--rules", "czech", "--moves", "c3-d4 d4-e5", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--moves: move 2 'd4-e5'"), "{err}");
    let out = Command::cargo_bin("dama")
        .unwrap()
        .args(["moves", "--moves", "c3-d4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
