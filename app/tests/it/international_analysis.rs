//! `dama analyze`, `dama diagram` and `dama games` on the 10×10 board (`--rules
//! international`): the search by depth (best move, the multipv lines legal and ordered), a
//! GameType 20 game analysed with its table and annotated PDN checked exactly, the graph, the
//! diagram's squares, numbers and pieces, the games listed, and the refusals of bad input.

use std::path::Path;

use dama_core::game::Game;
use dama_core::notation::algebraic;
use dama_core::{International, MoveListOn};

/// A short game of international draughts: white's `33-28` (ply 5) costs 0.30 at depth 6.
const GAME: &str = "\
[Event \"Club night\"]
[White \"Ann\"]
[Black \"Bob\"]
[GameType \"20\"]

1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28 *
";

const TABLE: &str = " ply move    eval  loss mark lines
   0 start   0.00
   1 32-28  -0.03  0.00
   2 19-23   0.02  0.03
   3 28x19   0.02  0.00
   4 14x23   0.06  0.11
   5 33-28   0.00  0.06
   6 23x32   0.00  0.00
   7 37x28  -0.02  0.00
";

const ANNOTATED: &str = "\
[Event \"Club night\"]
[Site \"?\"]
[Date \"????.??.??\"]
[Round \"-\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"*\"]
[GameType \"20\"]

1. 32-28 {[%eval -0.03]} 1... 19-23 {[%eval 0.02]} 2. 28x19 {[%eval 0.02]}
2... 14x23 {[%eval 0.06]} 3. 33-28 {[%eval 0.00]} 3... 23x32 {[%eval 0.00]}
4. 37x28 {[%eval -0.02]} *
";

/// `dama SUB --rules international ARGS` in `dir`, with an empty tables directory (so that
/// no table file of the machine changes the scores).
fn run_in(dir: &Path, sub: &str, args: &[&str]) -> std::process::Output {
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    crate::dama()
        .current_dir(dir)
        .env("DAMA_TB_DIR", &tables)
        .args([sub, "--rules", "international"])
        .args(args)
        .output()
        .unwrap()
}

fn stdout_of(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The one line of a refusal: exit status 2, nothing on standard output.
fn refusal(out: &std::process::Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// The `info` lines without their timing (nodes, time and nps vary with the machine's
/// speed only in time and nps, but are dropped alike).
fn without_timing(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| match (line.find(" nodes "), line.find(" pv ")) {
            (Some(a), Some(b)) => format!("{}{}", &line[..a], &line[b..]),
            _ => line.to_string(),
        })
        .collect()
}

/// Plays the numbered moves `pv` from `game`'s position, each checked legal.
fn play_line(game: &Game<International>, pv: &[&str]) {
    let mut game = game.clone();
    let mut legal = MoveListOn::new();
    for text in pv {
        game.legal_moves(&mut legal);
        let mv = algebraic::parse_numbered(text, game.position(), &legal)
            .unwrap_or_else(|e| panic!("{text} in {pv:?}: {e}"));
        assert_eq!(
            <International as dama_core::BoardRules>::write_move(&mv),
            *text
        );
        game.play(&mv);
    }
}

#[test]
fn the_start_is_searched_by_depth_in_numbered_notation() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout_of(&run_in(dir.path(), "analyze", &["--depth", "6"]));
    assert_eq!(
        without_timing(&out),
        [
            "info depth 1 score 21 pv 31-27",
            "info depth 2 score 0 pv 31-27 20-24",
            "info depth 3 score 7 pv 31-27 17-21 37-31",
            "info depth 4 score 9 pv 34-30 20-25 31-27 25x34 39x30",
            "info depth 5 score 4 pv 31-27 17-21 37-31 18-22 27x18 12x23",
            "info depth 6 score 0 pv 31-27 20-24 34-30 17-21 40-34 11-17",
            "bestmove 31-27",
        ]
    );
    // Every principal variation is a line of legal moves from the start.
    let start = Game::<International>::default();
    for line in out.lines().filter(|l| l.starts_with("info")) {
        let pv: Vec<&str> = line.split(" pv ").nth(1).unwrap().split(' ').collect();
        play_line(&start, &pv);
    }
}

#[test]
fn multipv_lines_are_legal_and_ordered() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout_of(&run_in(
        dir.path(),
        "analyze",
        &["--depth", "4", "--multipv", "3", "--moves", "32-28"],
    ));
    let mut start = Game::<International>::default();
    let mut legal = MoveListOn::new();
    start.legal_moves(&mut legal);
    let mv = algebraic::parse_numbered("32-28", start.position(), &legal).unwrap();
    start.play(&mv);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4 * 3 + 1, "{out}");
    for depth in 1..=4 {
        let at_depth = &lines[(depth - 1) * 3..depth * 3];
        let mut last_score = i32::MAX;
        for (rank, line) in at_depth.iter().enumerate() {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(
                &words[..6],
                [
                    "info",
                    "depth",
                    &depth.to_string(),
                    "multipv",
                    &(rank + 1).to_string(),
                    "score"
                ],
                "{line}"
            );
            let score: i32 = words[6].parse().unwrap();
            assert!(score <= last_score, "{out}");
            last_score = score;
            let pv: Vec<&str> = line.split(" pv ").nth(1).unwrap().split(' ').collect();
            play_line(&start, &pv);
        }
        // Three different first moves.
        let firsts: std::collections::HashSet<&str> = at_depth
            .iter()
            .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        assert_eq!(firsts.len(), 3, "{out}");
    }
    let best = lines[9]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(lines[12], format!("bestmove {best}"));
    assert_eq!(
        without_timing(&out).last().map(String::as_str),
        Some("bestmove 20-25")
    );
}

#[test]
fn a_game_type_20_game_is_analysed_and_annotated() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), GAME).unwrap();
    let out = run_in(
        dir.path(),
        "analyze",
        &[
            "--load",
            "game.pdn",
            "--depth",
            "6",
            "--annotated",
            "annotated.pdn",
            "--graph",
            "graph.svg",
        ],
    );
    assert_eq!(stdout_of(&out), TABLE);
    let written = std::fs::read_to_string(dir.path().join("annotated.pdn")).unwrap();
    assert_eq!(written, ANNOTATED);
    // The annotated game reads back as the same game.
    let original = dama_core::pdn::read::<International>(GAME).unwrap();
    let back = dama_core::pdn::read::<International>(&written).unwrap();
    assert_eq!(
        back.game.moves().collect::<Vec<_>>(),
        original.game.moves().collect::<Vec<_>>()
    );
    // The graph: one dot per move, each of its side; none marked (since issue 39 the 0.19 of
    // 33-28 is under the 0.50 of `?!`).
    let svg = std::fs::read_to_string(dir.path().join("graph.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let classes: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .filter(|c| c.starts_with("ply"))
        .collect();
    assert_eq!(
        classes,
        [
            "ply white",
            "ply black",
            "ply white",
            "ply black",
            "ply white",
            "ply black",
            "ply white"
        ]
    );
    // Without --annotated the record follows the table after a blank line.
    let out = run_in(
        dir.path(),
        "analyze",
        &["--load", "game.pdn", "--depth", "6"],
    );
    assert_eq!(stdout_of(&out), format!("{TABLE}\n{ANNOTATED}"));
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |sub: &str, args: &[&str]| refusal(&run_in(dir.path(), sub, args));
    assert_eq!(
        run("analyze", &["--fen", "W:W31-50:B1-20:X"]),
        "dama: bad FEN: the FEN must have three fields separated by ':' (like W:W31-50:B1-20), \
         found 4\n"
    );
    assert_eq!(
        run("analyze", &["--fen", "W:W51:B1"]),
        "dama: bad FEN: bad square '51': square number 51 is not in 1-50\n"
    );
    assert_eq!(
        run("diagram", &["--fen", "X:W31:B1"]),
        "dama: bad FEN: the side to move must be W or B, not 'X'\n"
    );
    assert_eq!(
        run("analyze", &["--moves", "32-28 28-23"]),
        "dama: --moves: move 2 '28-23': the piece on 28 is not yours\n"
    );
    assert_eq!(
        run("analyze", &["--moves", "32-28 19-23 33-29"]),
        "dama: --moves: move 3 '33-29': a capture is compulsory: 28x19\n"
    );
    assert_eq!(
        run("diagram", &["--moves", "c3-d4"]),
        "dama: --moves: move 1 'c3-d4': 'c3-d4' is not a move (write it like 32-28 or \
         28x19x10)\n"
    );
    // An 8×8 game, named by its tags or not.
    std::fs::write(
        dir.path().join("czech.pdn"),
        "[GameType \"29\"]\n1. c3-d4 f6-g5 *\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("plain.pdn"), "1. c3-d4 f6-g5 *\n").unwrap();
    for sub in ["analyze", "diagram"] {
        assert_eq!(
            run(sub, &["--load", "czech.pdn"]),
            "dama: Cannot load czech.pdn: the file is a game of the czech rules, not of the \
             international rules.\n",
            "{sub}"
        );
        assert_eq!(
            run(sub, &["--load", "plain.pdn"]),
            "dama: Cannot load plain.pdn: line 1: 'c3-d4' is not a move.\n",
            "{sub}"
        );
    }
    assert_eq!(
        stdout_of(&run_in(dir.path(), "games", &["czech.pdn"])),
        "No.  Event  White  Black  Result  Moves\n  \
         1  the file is a game of the czech rules, not of the international rules.\n"
    );
    assert_eq!(
        run("diagram", &["--mark", "51"]),
        "dama: --mark '51': not a dark square in the international rules' notation\n"
    );
}

const LIST: &str = "\
[Event \"Club night\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"1-0\"]
[GameType \"20\"]

1. 32-28 19-23 2. 28x19 14x23 1-0

[Event \"Club night\"]
[White \"Cy\"]
[Black \"Di\"]
[GameType \"20\"]

1. 32-28 19-23 2. 28-22 *

[Event \"Blitz\"]
[White \"Ed\"]
[Black \"Flo\"]
[Result \"1/2-1/2\"]
[GameType \"20\"]
[FEN \"B:W28,K50:B1,2,3\"]

1... 3-9 2. 50-44 1/2-1/2
";

const LISTED: &str = "\
No.  Event       White  Black  Result   Moves
  1  Club night  Ann    Bob    1-0          2
  2  line 14: move 2 '28-22' is illegal: A capture is compulsory: 28x19
  3  Blitz       Ed     Flo    1/2-1/2      2
";

#[test]
fn games_of_type_20_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.pdn"), LIST).unwrap();
    assert_eq!(
        stdout_of(&run_in(dir.path(), "games", &["list.pdn"])),
        LISTED
    );
    // Without --rules the file's GameType 20 names the 10×10 game.
    let out = crate::dama()
        .current_dir(dir.path())
        .args(["games", "list.pdn"])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), LISTED);
}

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The coordinate labels as (text, x, y).
fn labels(doc: &roxmltree::Document<'_>) -> Vec<(String, String, String)> {
    with_class(doc, "coordinate")
        .into_iter()
        .map(|n| {
            (
                n.text().unwrap_or("").trim().to_string(),
                n.attribute("x").unwrap().to_string(),
                n.attribute("y").unwrap().to_string(),
            )
        })
        .collect()
}

fn centres(doc: &roxmltree::Document<'_>, class: &str) -> Vec<(String, String)> {
    with_class(doc, class)
        .into_iter()
        .map(|n| {
            (
                n.attribute("cx").unwrap().to_string(),
                n.attribute("cy").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_diagram_draws_the_10x10_board_with_its_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let svg = stdout_of(&run_in(
        dir.path(),
        "diagram",
        &[
            "--fen",
            "W:W28,K46:B1,2,3",
            "--moves",
            "28-23",
            "--mark",
            "28",
        ],
    ));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("548"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 548 548"));
    assert_eq!(with_class(&doc, "square dark").len(), 50);
    assert_eq!(with_class(&doc, "square light").len(), 50);
    // The top left square is light, the one beside it dark (square 1).
    let first = &with_class(&doc, "square light")[0];
    assert_eq!(
        (first.attribute("x"), first.attribute("y")),
        (Some("24"), Some("24"))
    );
    // Every dark square's number, 1 at the top (b10), 46 at the bottom left (a1), 50 at i1.
    let labels = labels(&doc);
    assert_eq!(labels.len(), 50);
    let mut numbers: Vec<u32> = labels.iter().map(|(t, _, _)| t.parse().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=50).collect::<Vec<_>>());
    let at = |n: &str| {
        labels
            .iter()
            .find(|(t, _, _)| t == n)
            .map(|(_, x, y)| (x.as_str(), y.as_str()))
    };
    assert_eq!(at("1"), Some(("76", "34")));
    assert_eq!(at("5"), Some(("476", "34")));
    assert_eq!(at("28"), Some(("226", "284")));
    assert_eq!(at("46"), Some(("26", "484")));
    assert_eq!(at("50"), Some(("426", "484")));
    // The pieces after 28-23: a man on 23, a king on 46, black men on 1, 2 and 3.
    assert_eq!(
        centres(&doc, "piece white man"),
        [("299".into(), "249".into())]
    );
    assert_eq!(
        centres(&doc, "piece white king"),
        [("49".into(), "499".into())]
    );
    assert_eq!(with_class(&doc, "crown").len(), 1);
    assert_eq!(
        centres(&doc, "piece black man"),
        [
            ("99".into(), "49".into()),
            ("199".into(), "49".into()),
            ("299".into(), "49".into())
        ]
    );
    // The last move from 28's centre to 23's; square 28 marked.
    let arrow = &with_class(&doc, "arrow")[0];
    assert_eq!(arrow.attribute("points"), Some("249,299 299,249"));
    let mark = &with_class(&doc, "mark")[0];
    assert_eq!(
        (mark.attribute("x"), mark.attribute("y")),
        (Some("226"), Some("276"))
    );
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text()),
        Some("B:W23,K46:B1,2,3")
    );
}

#[test]
fn the_diagram_of_a_loaded_game_flipped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), GAME).unwrap();
    let svg = stdout_of(&run_in(
        dir.path(),
        "diagram",
        &["--load", "game.pdn", "--move", "4", "--flip"],
    ));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    // After 32-28 19-23 28x19 14x23: 19 white men, 19 black.
    assert_eq!(with_class(&doc, "piece white man").len(), 19);
    assert_eq!(with_class(&doc, "piece black man").len(), 19);
    // Flipped: square 1 at the bottom right, 46 at the top right... of black's view.
    let labels = labels(&doc);
    let at = |n: &str| {
        labels
            .iter()
            .find(|(t, _, _)| t == n)
            .map(|(_, x, y)| (x.as_str(), y.as_str()))
    };
    assert_eq!(at("1"), Some(("426", "484")));
    assert_eq!(at("50"), Some(("76", "34")));
    // The last move, 14x23, drawn from 14 to 23.
    let arrow = &with_class(&doc, "arrow")[0];
    assert_eq!(arrow.attribute("points"), Some("149,399 249,299"));
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text()),
        Some(
            "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
             B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"
        )
    );
}

/// The move of the last line, `bestmove M`, checked legal from the start.
fn best_of(out: &str) -> String {
    let last = out.lines().last().unwrap_or("");
    let best = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{out}"));
    play_line(&Game::<International>::default(), &[best]);
    best.to_string()
}

#[test]
fn every_limit_and_threads_play_a_legal_move() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--nodes", "3000"][..],
        &["--level", "3"][..],
        &["--infinite", "--depth", "3"][..],
        &["--threads", "2", "--depth", "5"][..],
        &["--movetime", "50"][..],
    ] {
        let out = stdout_of(&run_in(dir.path(), "analyze", args));
        assert!(out.starts_with("info depth 1 "), "{args:?}: {out}");
        best_of(&out);
    }
}

#[test]
fn the_10x10_tables_answer_through_tb_dir() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tb10");
    let tables = tables.to_str().unwrap();
    stdout_of(&run_in(
        dir.path(),
        "tb",
        &["build", "--pieces", "2", "--tb-dir", tables],
    ));
    let out = stdout_of(&run_in(
        dir.path(),
        "analyze",
        &["--tb-dir", tables, "--fen", "W:W28:B3", "--depth", "4"],
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("info depth 1 score win ") && lines[0].contains(" tbhits 1 pv "),
        "{out}"
    );
    assert!(lines[1].starts_with("bestmove "), "{out}");
}

#[test]
fn snapshot_of_a_10x10_king_capture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = stdout_of(&run_in(
        dir.path(),
        "diagram",
        &[
            "--fen",
            "W:WK46:B37,19",
            "--moves",
            "46x32x14",
            "--mark",
            "14",
        ],
    ));
    insta::assert_snapshot!("diagram_international_king_capture", svg);
}
