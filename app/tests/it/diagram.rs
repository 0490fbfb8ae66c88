//! `dama diagram`: the SVG parsed back (squares, pieces, kings, the arrow, the marks and the
//! coordinates of each rule set's frame), a snapshot of a small diagram's text, `--out`, and
//! the refusals.

use crate::game_files::three_dir;

fn diagram_in(dir: &std::path::Path, args: &[&str]) -> String {
    crate::success_stdout(crate::dama().current_dir(dir).arg("diagram").args(args))
}

fn diagram(args: &[&str]) -> String {
    diagram_in(&std::env::current_dir().unwrap(), args)
}

/// The elements of `svg` whose class is exactly `class`.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn count(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    with_class(doc, class).len()
}

/// The coordinate labels, in the order written.
fn coordinates(doc: &roxmltree::Document<'_>) -> Vec<String> {
    with_class(doc, "coordinate")
        .into_iter()
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

/// The text of the coordinate label drawn at `x`, `y`.
fn label_at(doc: &roxmltree::Document<'_>, x: &str, y: &str) -> Option<String> {
    with_class(doc, "coordinate")
        .into_iter()
        .find(|n| n.attribute("x") == Some(x) && n.attribute("y") == Some(y))
        .and_then(|n| n.text().map(|t| t.trim().to_string()))
}

#[test]
fn a_loaded_game_after_three_half_moves_with_marks() {
    let dir = three_dir("diagram");
    let svg = diagram_in(
        &dir,
        &[
            "--rules",
            "czech",
            "--load",
            "three.pdn",
            "--game",
            "1",
            "--move",
            "3",
            "--mark",
            "d4,f6",
        ],
    );
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(count(&doc, "square dark"), 32);
    assert_eq!(count(&doc, "square light"), 32);
    // One capture so far: 12 white men, 11 black.
    assert_eq!(count(&doc, "piece white man"), 12);
    assert_eq!(count(&doc, "piece black man"), 11);
    assert_eq!(count(&doc, "piece white king") + count(&doc, "crown"), 0);
    assert_eq!(count(&doc, "mark"), 2);
    // The third half-move, d4xf6, from d4's centre to f6's.
    let arrows = with_class(&doc, "arrow");
    assert_eq!(arrows.len(), 1);
    assert_eq!(arrows[0].attribute("points"), Some("199,249 299,149"));
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .map(str::trim),
        Some("B:Wa1,a3,b2,c1,d2,e1,e3,f2,f6,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f8,g7,h6,h8")
    );
    // Algebraic coordinates: a file letter under each column, a rank number beside each row.
    let labels = coordinates(&doc);
    assert_eq!(labels.len(), 16);
    assert_eq!(label_at(&doc, "49", "441").as_deref(), Some("a"));
    assert_eq!(label_at(&doc, "12", "54").as_deref(), Some("8"));
    // Move 0 is the start: no arrow; the default is the game's end.
    let start = diagram_in(&dir, &["--load", "three.pdn", "--move", "0"]);
    let doc = roxmltree::Document::parse(&start).unwrap();
    assert_eq!(count(&doc, "arrow"), 0);
    assert_eq!(
        count(&doc, "piece white man") + count(&doc, "piece black man"),
        24
    );
    // Without --rules the file's GameType names the rules; without --move, the last move.
    let end = diagram_in(&dir, &["--load", "three.pdn", "--game", "2"]);
    let doc = roxmltree::Document::parse(&end).unwrap();
    assert_eq!(count(&doc, "piece white man"), 2);
    assert_eq!(
        with_class(&doc, "arrow")[0].attribute("points"),
        Some("249,299 299,249")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kings_wear_crowns_and_flip_turns_the_board() {
    let svg = diagram(&["--rules", "czech", "--fen", "W:WKc3,e3:Bf6,Kh8", "--flip"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count(&doc, "piece white king"), 1);
    assert_eq!(count(&doc, "piece white man"), 1);
    assert_eq!(count(&doc, "piece black king"), 1);
    assert_eq!(count(&doc, "piece black man"), 1);
    assert_eq!(count(&doc, "crown"), 2);
    assert_eq!(count(&doc, "arrow"), 0);
    // Flipped: h at the bottom left, rank 1 at the top.
    assert_eq!(label_at(&doc, "49", "441").as_deref(), Some("h"));
    assert_eq!(label_at(&doc, "12", "54").as_deref(), Some("1"));
    // The white king on c3 is drawn at column 6, row 3 (from the top left, 1-based).
    let king = &with_class(&doc, "piece white king")[0];
    assert_eq!(king.attribute("cx"), Some("299"));
    assert_eq!(king.attribute("cy"), Some("149"));
}

#[test]
fn numbered_sets_number_their_dark_squares_on_their_own_board() {
    // English: the a1-dark board, 1 on b8; the moves given are played first.
    let svg = diagram(&[
        "--rules",
        "english",
        "--moves",
        "11-15 23-19",
        "--mark",
        "15,19",
    ]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let labels = coordinates(&doc);
    assert_eq!(labels.len(), 32);
    let mut numbers: Vec<u32> = labels.iter().map(|l| l.parse().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=32).collect::<Vec<u32>>());
    // Square 1 is b8 (column 2 of the top row), square 32 g1.
    assert_eq!(label_at(&doc, "76", "34").as_deref(), Some("1"));
    assert_eq!(label_at(&doc, "326", "384").as_deref(), Some("32"));
    assert_eq!(count(&doc, "mark"), 2);
    assert_eq!(
        with_class(&doc, "arrow")[0].attribute("points"),
        Some("249,299 299,249")
    );
    // Italian: the mirrored board, a8 dark and numbered 1, h1 dark and numbered 32.
    let svg = diagram(&["--rules", "italian"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(label_at(&doc, "26", "34").as_deref(), Some("1"));
    assert_eq!(label_at(&doc, "376", "384").as_deref(), Some("32"));
    let top_left = doc
        .descendants()
        .find(|n| n.attribute("x") == Some("24") && n.attribute("y") == Some("24"))
        .unwrap();
    assert_eq!(top_left.attribute("class"), Some("square dark"));
}

#[test]
fn the_spanish_spec_frame_numbers_rows_from_the_top_and_columns_from_the_left() {
    let svg = diagram(&["--fen", "W:Wc3,Kd4:Bf6", "--moves", "d4xg7", "--mark", "63"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Column numbers above and below, row numbers at the left.
    assert_eq!(coordinates(&doc).len(), 24);
    assert_eq!(label_at(&doc, "12", "54").as_deref(), Some("1"));
    assert_eq!(label_at(&doc, "12", "404").as_deref(), Some("8"));
    assert_eq!(label_at(&doc, "49", "17").as_deref(), Some("1"));
    assert_eq!(label_at(&doc, "399", "441").as_deref(), Some("8"));
    // The mark 63 is row 6, column 3 (c3).
    let mark = &with_class(&doc, "mark")[0];
    assert_eq!(
        (mark.attribute("x"), mark.attribute("y")),
        (Some("126"), Some("276"))
    );
    assert_eq!(count(&doc, "piece white king"), 1);
    assert_eq!(
        with_class(&doc, "arrow")[0].attribute("points"),
        Some("199,249 349,99")
    );
}

#[test]
fn a_small_diagrams_svg_text() {
    let svg = diagram(&[
        "--rules",
        "czech",
        "--fen",
        "W:WKc3:Bd4",
        "--moves",
        "c3xe5",
    ]);
    insta::assert_snapshot!("diagram_czech_king_capture", svg);
}

#[test]
fn out_writes_the_same_svg_to_a_file() {
    let dir = crate::czech_common::temp_dir("diagram-out");
    let stdout = diagram_in(&dir, &["--rules", "czech"]);
    let written = diagram_in(&dir, &["--rules", "czech", "--out", "start.svg"]);
    assert_eq!(written, "");
    assert_eq!(
        std::fs::read_to_string(dir.join("start.svg")).unwrap(),
        stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_refused_with_status_2() {
    let dir = three_dir("diagram-bad");
    for (args, message) in [
        (
            &["--rules", "czech", "--fen", "W:Wz9"][..],
            "dama: bad FEN: the FEN must have three fields separated by ':' (like W:Wa1,c3:Bf6), \
             found 2\n",
        ),
        (
            &["--load", "three.pdn", "--move", "9"][..],
            "dama: --move 9: the game has 4 half-moves\n",
        ),
        (
            &["--load", "three.pdn", "--game", "4"][..],
            "dama: Cannot load three.pdn: the file holds 3 games; there is no game 4.\n",
        ),
        (
            &["--rules", "czech", "--mark", "d4,a2"][..],
            "dama: --mark 'a2': not a dark square in the czech rules' notation\n",
        ),
        (
            &["--rules", "czech", "--load", "nothing.pdn"][..],
            "dama: Cannot load nothing.pdn: no such file.\n",
        ),
        (
            &["--lang", "en"][..],
            "dama: --lang is not an option of 'dama diagram'\n",
        ),
    ] {
        crate::dama()
            .current_dir(&dir)
            .arg("diagram")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(message);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
