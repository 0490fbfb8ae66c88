//! Issue 39, the newcomer's findings on game files and game analysis: a file's own
//! `GameType` chooses the rules when `--rules` is not given (finding 6); a file with no
//! `GameType` is read under the rules its moves fit, with a note (finding 14); the analysis
//! marks no book move and no even exchange, and agrees with the hint at the same strength
//! (finding 7); the annotated PDN keeps every tag and `%clock` comment (finding 13); the
//! graph has axis titles, a legend and the side of each marked move (finding 26). Each test
//! fails on a577dc1.

use assert_cmd::Command;
use std::path::Path;

/// A Czech game as `dama --rules czech` saves it, with a clock.
const CZECH: &str = "\
[Event \"Friendly\"]
[Site \"?\"]
[Date \"2026.12.05\"]
[Round \"-\"]
[White \"Eva\"]
[Black \"dama\"]
[Result \"*\"]
[GameType \"29\"]
[TimeControl \"300+3\"]

1. c3-d4 {[%clock w0:05:01 b0:05:00]} 1... b6-c5 {[%clock w0:05:01 b0:05:02]}
2. d4xb6 {[%clock w0:05:03 b0:05:02]} 2... a7xc5 {[%clock w0:05:03 b0:05:04]} *
";

/// A CheckerBoard-style English game: no `GameType` tag, moves by number, Black first.
const CHECKERBOARD: &str = "\
[Event \"Casual\"]
[Black \"Ann\"]
[White \"Bob\"]
[Result \"*\"]

1. 11-15 23-19 2. 8-11 22-17 3. 9-13 *
";

/// `dama ARGS` run in `dir`, with an empty tables directory (so that no table file of the
/// machine changes the scores).
fn dama(dir: &Path, args: &[&str]) -> std::process::Output {
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    Command::cargo_bin("dama")
        .unwrap()
        .current_dir(dir)
        .env("DAMA_TB_DIR", &tables)
        .args(args)
        .write_stdin("")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Finding 6: without `--rules`, `analyze --load` reads a Czech file as Czech (a577dc1
/// refused it: "the file is a game of the czech rules, not of the spanish rules"); with
/// `--rules spanish` it is still refused with one line.
#[test]
fn a_file_s_game_type_chooses_the_rules_unless_rules_is_given() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hra-cz.pdn"), CZECH).unwrap();
    let out = dama(
        dir.path(),
        &["analyze", "--load", "hra-cz.pdn", "--depth", "6"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert_eq!(
        table.lines().take(6).collect::<Vec<_>>().join("\n"),
        TABLE_HEAD_CZECH
    );
    assert_eq!(text(&out.stderr), "");
    let refused = dama(
        dir.path(),
        &["analyze", "--rules", "spanish", "--load", "hra-cz.pdn"],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "dama: Cannot load hra-cz.pdn: the file is a game of the czech rules, not of the spanish rules.\n"
    );
    // The line console loads it under its rules too, in their language.
    let play = dama(dir.path(), &["--load", "hra-cz.pdn", "--lang", "en"]);
    assert!(play.status.success(), "{}", text(&play.stderr));
    assert!(
        text(&play.stdout).contains(PLAY_LOADED),
        "{}",
        text(&play.stdout)
    );
}

const TABLE_HEAD_CZECH: &str = " ply move    eval  loss mark lines
   0 start   0.11
   1 c3-d4   0.11  0.00      book
   2 b6-c5  -0.29  0.00      book
   3 d4xb6  -0.29  0.00
   4 a7xc5  -0.21  0.00      book";
const PLAY_LOADED: &str = "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
Game loaded from hra-cz.pdn: Friendly, 4 half-moves, the game goes on.
Last move: a7xc5
";

/// Finding 14: a file with no `GameType` is read under the rules its moves fit, with a
/// note (a577dc1 read it as the Spanish game: "move 1 '11-15' is illegal").
#[test]
fn a_file_without_game_type_is_read_under_the_rules_its_moves_fit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cb.pdn"), CHECKERBOARD).unwrap();
    let out = dama(dir.path(), &["games", "cb.pdn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), GUESS_NOTE);
    assert_eq!(
        text(&out.stdout),
        "No.  Event   White  Black  Result  Moves\n  1  Casual  Bob    Ann    *           3\n"
    );
    // A file no rule set reads: the note says so, and the default's reason follows.
    std::fs::write(
        dir.path().join("odd.pdn"),
        "[Event \"Odd\"]\n\n1. 11-99 *\n",
    )
    .unwrap();
    let odd = dama(dir.path(), &["games", "odd.pdn"]);
    assert_eq!(
        text(&odd.stderr),
        "dama: odd.pdn: no GameType tag, and the moves fit no rule set: read as spanish (--rules names the rules)\n"
    );
}

const GUESS_NOTE: &str = "dama: cb.pdn: no GameType tag: read as english, whose moves the game fits (so do pool's: --rules chooses)\n";

/// The newcomer's short Czech game: an even exchange in the opening.
const EXCHANGE: &str = "\
[Event \"Short\"]
[GameType \"29\"]

1. e3-d4 b6-c5 2. d4xb6 a7xc5 *
";

/// Finding 7: at the default settings (the hint's search, the same every run) the even
/// exchange `b6-c5 d4xb6 a7xc5` gets no mark (a577dc1 marked `b6-c5` `?` or `?!`, at 500 ms a
/// position, a different figure each run).
#[test]
fn an_even_exchange_gets_no_mark() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("short.pdn"), EXCHANGE).unwrap();
    let out = dama(
        dir.path(),
        &["analyze", "--load", "short.pdn", "--annotated", "a.pdn"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), EXCHANGE_TABLE);
}

const EXCHANGE_TABLE: &str = " ply move    eval  loss mark lines
   0 start  -0.03
   1 e3-d4  -0.40  0.44
   2 b6-c5   0.15  0.55
   3 d4xb6   0.15  0.00
   4 a7xc5   0.49  0.00
";

/// The opening the newcomer played, then the hint's move.
const HINTED: &str = "\
[Event \"Hint\"]
[GameType \"29\"]

1. c3-d4 b6-c5 2. d4xb6 a7xc5 3. g3-f4 *
";

/// Finding 7: the hint and the analysis agree at the same strength: the console's hint
/// after `1. c3-d4 b6-c5 2. d4xb6 a7xc5` is `g3-f4 (+0.17)`, the analysis scores that position
/// 0.17 and `g3-f4` costs nothing; the book's moves say `book` and are never marked.
#[test]
fn the_hint_and_the_analysis_agree_and_book_moves_are_not_marked() {
    let dir = tempfile::tempdir().unwrap();
    let hint = Command::cargo_bin("dama")
        .unwrap()
        .current_dir(dir.path())
        .env("DAMA_TB_DIR", dir.path())
        .args(["--rules", "czech", "--lang", "en"])
        .write_stdin("c3-d4\nb6-c5\nd4xb6\na7xc5\nhint\n")
        .output()
        .unwrap();
    assert!(
        text(&hint.stdout)
            .contains("Hint: g3-f4 (+0.17; line g3-f4 f6-e5 b2-c3 e5xg3 h2xf4 e7-f6 c3-d4 f6-e5)"),
        "{}",
        text(&hint.stdout)
    );
    std::fs::write(dir.path().join("hinted.pdn"), HINTED).unwrap();
    let out = dama(
        dir.path(),
        &["analyze", "--load", "hinted.pdn", "--annotated", "a.pdn"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), HINTED_TABLE);
}

const HINTED_TABLE: &str = " ply move    eval  loss mark lines
   0 start  -0.03
   1 c3-d4   0.04  0.00      book
   2 b6-c5   0.11  0.00      book
   3 d4xb6   0.11  0.00
   4 a7xc5   0.17  0.00      book
   5 g3-f4   0.10  0.00      book
";

/// A lidraughts-style Czech record: tags beyond the seven, a clock comment after each move.
const WITH_TAGS: &str = "\
[Event \"Rapid\"]
[Site \"https://example.org/abc\"]
[Date \"2026.12.05\"]
[Round \"-\"]
[White \"Eva\"]
[Black \"Petr\"]
[Result \"*\"]
[WhiteElo \"1500\"]
[BlackElo \"1620\"]
[GameType \"29\"]
[TimeControl \"300+3\"]
[Opening \"?\"]
[Annotator \"lidraughts.org\"]

1. c3-d4 {[%clock w0:05:00 B0:05:00]} b6-c5 {[%clock W0:05:00 b0:04:58]}
2. d4xb6 {[%clock w0:05:01 B0:04:58]} a7xc5 {a recapture [%clock W0:05:01 b0:04:59]} *
";

/// Finding 13: the annotated PDN keeps every tag of the input and its comments (the
/// `%clock`s) beside the `%eval` it adds (a577dc1 kept the seven tags and `GameType` only).
#[test]
fn the_annotated_pdn_keeps_every_tag_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tags.pdn"), WITH_TAGS).unwrap();
    let out = dama(
        dir.path(),
        &[
            "analyze",
            "--load",
            "tags.pdn",
            "--depth",
            "6",
            "--annotated",
            "a.pdn",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let annotated = std::fs::read_to_string(dir.path().join("a.pdn")).unwrap();
    assert_eq!(annotated, ANNOTATED_WITH_TAGS);
    // Analysed again, the record keeps its comments and takes the new `%eval`s only.
    let again = dama(
        dir.path(),
        &[
            "analyze",
            "--load",
            "a.pdn",
            "--depth",
            "6",
            "--annotated",
            "b.pdn",
        ],
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("b.pdn")).unwrap(),
        ANNOTATED_WITH_TAGS
    );
}

const ANNOTATED_WITH_TAGS: &str = "[Event \"Rapid\"]
[Site \"https://example.org/abc\"]
[Date \"2026.12.05\"]
[Round \"-\"]
[White \"Eva\"]
[Black \"Petr\"]
[Result \"*\"]
[GameType \"29\"]
[WhiteElo \"1500\"]
[BlackElo \"1620\"]
[TimeControl \"300+3\"]
[Opening \"?\"]
[Annotator \"lidraughts.org\"]

1. c3-d4 {[%clock w0:05:00 B0:05:00] [%eval 0.11]} 1... b6-c5
{[%clock W0:05:00 b0:04:58] [%eval -0.29]} 2. d4xb6
{[%clock w0:05:01 B0:04:58] [%eval -0.29]} 2... a7xc5
{a recapture [%clock W0:05:01 b0:04:59] [%eval -0.21]} *
";

/// Six men each; White's third move `d4-e5` lets `f6xd4` take a man for nothing.
const BLUNDER: &str = "\
[Event \"Club night\"]
[White \"Ann\"]
[Black \"Bob\"]
[GameType \"29\"]
[FEN \"W:Wa1,c1,e1,g1,d4,h2:Bb8,d8,f8,h8,f6,a7\"]

1. a1-b2 b8-c7 2. d4-e5 f6xd4 *
";

/// Finding 26: the graph titles its axes, has a legend of the marks' colours and the sides'
/// shapes, and shows which side made a marked move (White's blunder: a ring).
#[test]
fn the_graph_has_axis_titles_a_legend_and_the_side_of_a_marked_move() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.pdn"), BLUNDER).unwrap();
    let out = dama(
        dir.path(),
        &[
            "analyze",
            "--load",
            "game.pdn",
            "--depth",
            "10",
            "--annotated",
            "a.pdn",
            "--graph",
            "g.svg",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(dir.path().join("g.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let with_class = |class: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
            })
            .collect::<Vec<_>>()
    };
    let texts = |class: &str| {
        with_class(class)
            .iter()
            .filter_map(|n| n.text())
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
    };
    assert_eq!(texts("axis-title"), ["plies", "men (White's view)"]);
    assert_eq!(
        texts("legend"),
        [
            "?! dubious",
            "? mistake",
            "?? blunder",
            "White's move",
            "Black's move"
        ]
    );
    // The blunder is White's third move: a ring (white inside, red outside).
    let blunder = with_class("blunder");
    assert_eq!(blunder.len(), 1);
    assert_eq!(blunder[0].attribute("class"), Some("ply blunder white"));
    assert_eq!(blunder[0].attribute("fill"), Some("white"));
    assert_eq!(blunder[0].attribute("stroke"), Some("#c00"));
    let sides: Vec<&str> = with_class("ply")
        .iter()
        .map(|n| n.attribute("class").unwrap())
        .collect();
    assert_eq!(
        sides,
        ["ply white", "ply black", "ply blunder white", "ply black"]
    );
}
