//! `dama analyze --load`: a game with a known blunder (white's `d4-e5` gives a man away to
//! `f6xd4`), marked `??` with the better line and the refutation; the annotated PDN read back
//! as the same game; `--game N`; the SVG graph parsed back; the refusals.

use assert_cmd::Command;
use dama_core::Czech;
use std::path::Path;

/// Six men each; white's third move `d4-e5` lets `f6xd4` take a man for nothing.
const BLUNDER: &str = "\
[Event \"Club night\"]
[White \"Ann\"]
[Black \"Bob\"]
[GameType \"29\"]
[FEN \"W:Wa1,c1,e1,g1,d4,h2:Bb8,d8,f8,h8,f6,a7\"]

1. a1-b2 b8-c7 2. d4-e5 f6xd4 *
";

/// A second game, after the first, in the same file.
const SECOND: &str = "\
[Event \"Club night\"]
[Round \"2\"]
[GameType \"29\"]

1. c3-d4 f6-g5 *
";

/// `dama analyze` with `args` in `dir`, with an empty tables directory (so that no table
/// file of the machine changes the scores).
fn analyze(dir: &Path, args: &[&str]) -> std::process::Output {
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    Command::cargo_bin("dama")
        .unwrap()
        .current_dir(dir)
        .env("DAMA_TB_DIR", &tables)
        .args(["analyze", "--rules", "czech"])
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

const TABLE: &str = " ply move    eval  loss mark lines
   0 start   0.26
   1 a1-b2   0.41  0.00
   2 b8-c7   0.60  0.03
   3 d4-e5  -2.06  2.78 ??   better: d4-c5 c7-d6 c5xe7 f8xd6 e1-f2 h8-g7 b2-c3 a7-b6 f2-e3 b6-c5; refutation: f6xd4 e1-d2 c7-d6 d2-e3
   4 f6xd4  -2.06  0.00
";

const ANNOTATED: &str = "\
[Event \"Club night\"]
[Site \"?\"]
[Date \"????.??.??\"]
[Round \"-\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"*\"]
[GameType \"29\"]
[FEN \"W:Wa1,c1,d4,e1,g1,h2:Ba7,b8,d8,f6,f8,h8\"]

1. a1-b2 {[%eval 0.41]} 1... b8-c7 {[%eval 0.60]} 2. d4-e5?? {[%eval -2.06]}
(2. d4-c5 c7-d6 3. c5xe7 f8xd6 4. e1-f2 h8-g7 5. b2-c3 a7-b6 6. f2-e3 b6-c5)
2... f6xd4 {[%eval -2.06]} *
";

/// `dama analyze --load game.pdn --depth 10` and `extra` in `dir`, which holds the blunder
/// game as `game.pdn`.
fn analyze_blunder(dir: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["--load", "game.pdn", "--depth", "10"];
    args.extend_from_slice(extra);
    analyze(dir, &args)
}

#[test]
fn the_blunder_is_marked_with_its_better_line_and_refutation() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), BLUNDER).unwrap();
    let out = analyze(dir.path(), &["--load", "game.pdn", "--depth", "10"]);
    // Without --annotated the annotated game follows the table, after a blank line.
    assert_eq!(stdout_of(&out), format!("{TABLE}\n{ANNOTATED}"));
}

#[test]
fn the_annotated_game_loads_back_as_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), BLUNDER).unwrap();
    let out = analyze_blunder(dir.path(), &["--annotated", "annotated.pdn"]);
    assert_eq!(stdout_of(&out), TABLE);
    let written = std::fs::read_to_string(dir.path().join("annotated.pdn")).unwrap();
    assert_eq!(written, ANNOTATED);
    let original = dama_core::pdn::read::<Czech>(BLUNDER).unwrap();
    let back = dama_core::pdn::read::<Czech>(&written).unwrap();
    assert_eq!(
        back.game.moves().collect::<Vec<_>>(),
        original.game.moves().collect::<Vec<_>>()
    );
    assert_eq!(back.game.start(), original.game.start());
    // And it can be analysed again: the same table.
    let again = analyze(dir.path(), &["--load", "annotated.pdn", "--depth", "10"]);
    assert!(stdout_of(&again).starts_with(TABLE));
}

#[test]
fn game_n_picks_a_game_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("two.pdn"), format!("{BLUNDER}\n{SECOND}")).unwrap();
    let out = analyze(
        dir.path(),
        &["--load", "two.pdn", "--game", "2", "--depth", "4"],
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " ply move    eval  loss mark lines");
    assert!(lines[2].starts_with("   1 c3-d4 "), "{text}");
    assert!(lines[3].starts_with("   2 f6-g5 "), "{text}");
    assert!(text.contains("[Round \"2\"]"), "{text}");
    let out = analyze(dir.path(), &["--load", "two.pdn", "--game", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: cannot load game 3 of two.pdn: the file holds 2 games\n"
    );
}

#[test]
fn refusals() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), BLUNDER).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--graph", "g.svg"],
            "dama: --graph goes with 'dama analyze --load FILE'\n",
        ),
        (
            &["--game", "2"],
            "dama: --game N picks a game of the --load file: give --load FILE\n",
        ),
        (
            &["--load", "game.pdn", "--moves", "c3-d4"],
            "dama: --moves is not an option of 'dama analyze --load' (it scores every \
             position at full strength)\n",
        ),
        (
            &["--load", "game.pdn", "--game", "0"],
            "dama: --game counts from 1 (the first game)\n",
        ),
        (
            &["--load", "none.pdn"],
            "dama: Cannot load none.pdn: no such file.\n",
        ),
    ];
    for (args, message) in cases {
        let out = analyze(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A game of other rules is refused by its tags.
    let out = Command::cargo_bin("dama")
        .unwrap()
        .current_dir(dir.path())
        .args(["analyze", "--rules", "russian", "--load", "game.pdn"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: Cannot load game.pdn: the file is a game of the czech rules, not of the \
         russian rules.\n"
    );
}

#[test]
fn the_graph_is_well_formed_svg_with_a_point_per_ply() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), BLUNDER).unwrap();
    let out = analyze_blunder(dir.path(), &["--annotated", "a.pdn", "--graph", "g.svg"]);
    assert_eq!(stdout_of(&out), TABLE);
    let text = std::fs::read_to_string(dir.path().join("g.svg")).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let with_class = |class: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
            })
            .collect::<Vec<_>>()
    };
    // One point per move, the blunder (the third) marked.
    let plies = with_class("ply");
    assert_eq!(plies.len(), 4);
    assert!(plies.iter().all(|n| n.tag_name().name() == "circle"));
    let blunders = with_class("blunder");
    assert_eq!(blunders.len(), 1);
    assert_eq!(blunders[0], plies[2]);
    // The line goes through the start and every move, left to right.
    let line = with_class("evaluation");
    assert_eq!(line.len(), 1);
    let points: Vec<(f64, f64)> = line[0]
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    assert_eq!(points.len(), 5);
    assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
    // The blunder's point is below the level line (White's view: black is better after it).
    let axes = with_class("axis");
    assert_eq!(axes.len(), 2);
    let level: f64 = axes[0].attribute("y1").unwrap().parse().unwrap();
    assert!(points[3].1 > level && points[2].1 < level, "{points:?}");
    // The title names the players and the event.
    let title = doc
        .descendants()
        .find(|n| n.tag_name().name() == "title")
        .unwrap();
    assert_eq!(title.text(), Some("Ann - Bob (Club night, game 1)"));
}
