//! A blindfold game (`--blindfold`, the Czech rules' art. 11) at the line console: the board
//! is never drawn but to `peek`, each peek counted and saved with the game; `--no-record`
//! keeps the score sheet hidden too. Exact transcripts.

use dama::console::{Options, play};
use dama::i18n::Lang;
use dama_core::Variant;

fn run(opts: &Options, script: &str) -> String {
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    play(opts, &mut input, &mut output).expect("the console game runs");
    String::from_utf8(output).expect("UTF-8")
}

fn blindfold(no_record: bool) -> Options {
    Options {
        blindfold: true,
        no_record,
        ..Options::new(Variant::Czech).in_lang(Lang::En)
    }
}

#[test]
fn a_blindfold_game_shows_the_board_only_when_peeked_at() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("blind.pdn");
    let script = format!(
        "c3-d4\nf6-g5\ngame\npeek\nb2-c3\npeek\nsave {}\nquit\n",
        file.display()
    );
    let out = run(&blindfold(false), &script);
    let expected = format!(
        "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
Blindfold: the board is not shown. Type your moves; peek shows the board once (each peek is counted in the saved game).
1. White to move: c3-d4
1... Black to move: f6-g5
2. White to move: game
Moves played: 1. c3-d4 f6-g5
2. White to move: peek
8   x   x   x   x 8
7 x   x   x   x   7
6   x   x  [.]  x 6
5 .   .   .  [x]  5
4   .   o   .   . 4
3 o   .   o   o   3
2   o   o   o   o 2
1 o   o   o   o   1
  a b c d e f g h
o white man, O white king, x black man, X black king, [ ] the last move
Peeks in this game: 1.
2. White to move: b2-c3
2... Black to move: peek
8   x   x   x   x 8
7 x   x   x   x   7
6   x   x   .   x 6
5 .   .   .   x   5
4   .   o   .   . 4
3 o  [o]  o   o   3
2  [.]  o   o   o 2
1 o   o   o   o   1
  a b c d e f g h
o white man, O white king, x black man, X black king, [ ] the last move
Peeks in this game: 2.
2... Black to move: save {0}
Game saved to {0}.
2... Black to move: quit
",
        file.display()
    );
    assert_eq!(out, expected);
    let pdn = std::fs::read_to_string(&file).unwrap();
    assert!(
        pdn.contains("[Blindfold \"yes\"]\n[Peeks \"2\"]\n"),
        "{pdn}"
    );
}

#[test]
fn without_a_score_sheet_the_moves_are_not_listed() {
    let out = run(&blindfold(true), "c3-d4\ngame\nhelp\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "Czech draughts",
            "Enter a move like c3-d4 or c3xe5; help lists the commands.",
            "Blindfold: the board is not shown. Type your moves; peek shows the board once (each peek is counted in the saved game).",
            "Played without a score sheet: the moves played are not listed.",
            "1. White to move: c3-d4",
            "1... Black to move: game",
            "Played without a score sheet: the moves played are not listed.",
        ]
    );
    assert_eq!(
        lines[lines.len() - 2],
        "  peek          show the board once (blindfold; counted in the record)"
    );
    // In Czech, `pohled` peeks.
    let opts = Options {
        lang: Lang::Cs,
        ..blindfold(false)
    };
    let out = run(&opts, "pohled\nkonec\n");
    assert!(out.contains("Pohledů v této partii: 1."), "{out}");
}
