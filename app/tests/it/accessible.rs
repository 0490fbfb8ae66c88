//! `--accessible`: the line console for a screen reader: no board drawn, every move said in
//! words, `position` reading out the pieces by square, each answer one line. Exact
//! transcripts in English and Czech.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::Variant;

fn run(opts: &Options, script: &str) -> String {
    crate::czech_common::transcript(opts, script)
}

fn accessible(lang: Lang) -> Options {
    Options {
        accessible: true,
        ..Options::new(Variant::Czech).in_lang(lang)
    }
}

const SCRIPT: &str = "c3-d4\nf6-e5\nd4xf6\ng7xe5\nposition\nquit\n";

#[test]
fn moves_and_the_position_are_said_in_english() {
    assert_eq!(
        run(&accessible(Lang::En), SCRIPT),
        "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
1. White to move: c3-d4
White c3 to d4.
1... Black to move: f6-e5
Black f6 to e5.
2. White to move: d4xf6
White d4 takes on e5, lands on f6.
2... Black to move: g7xe5
Black g7 takes on f6, lands on e5.
3. White to move: position
White: men a1, c1, e1, g1, b2, d2, f2, h2, a3, e3 and g3; kings none. Black: men e5, b6, d6, h6, a7, c7, e7, b8, d8, f8 and h8; kings none.
3. White to move: quit
"
    );
}

#[test]
fn moves_and_the_position_are_said_in_czech() {
    assert_eq!(
        run(&accessible(Lang::Cs), &SCRIPT.replace("position", "rozestavení")),
        "Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1. Bílý na tahu: c3-d4
Bílý c3 na d4.
1... Černý na tahu: f6-e5
Černý f6 na e5.
2. Bílý na tahu: d4xf6
Bílý d4 bere na e5, dopadá na f6.
2... Černý na tahu: g7xe5
Černý g7 bere na f6, dopadá na e5.
3. Bílý na tahu: rozestavení
Bílý: kameny a1, c1, e1, g1, b2, d2, f2, h2, a3, e3 a g3; dámy žádné. Černý: kameny e5, b6, d6, h6, a7, c7, e7, b8, d8, f8 a h8; dámy žádné.
3. Bílý na tahu: quit
"
    );
}

#[test]
fn a_crowning_and_the_computers_moves_are_said_too() {
    let opts = Options {
        start: dama_core::fen::parse("W:Wc7:Bh2").unwrap(),
        ..accessible(Lang::En)
    };
    let out = run(&opts, "c7-d8\nposition\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2..],
        [
            "1. White to move: c7-d8",
            "White c7 to d8. White man crowned.",
            "1... Black to move: position",
            "White: men none; kings d8. Black: men h2; kings none.",
            "1... Black to move: quit",
        ]
    );
    let opts = Options {
        black: dama::play::session::PlayerKind::Engine,
        limits: dama_engine::Limits {
            depth: Some(1),
            ..Default::default()
        },
        ..accessible(Lang::En)
    };
    let out = run(&opts, "c3-d4\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[4].starts_with("Black (computer) plays "), "{out}");
    assert!(
        lines[5].starts_with("Black ") && lines[5].ends_with('.') && lines[5].contains(" to "),
        "{out}"
    );
    // `help` lists `position`.
    let out = run(&accessible(Lang::En), "help\nquit\n");
    assert!(
        out.contains("\n  position      both sides' men and kings by square, in one line\n"),
        "{out}"
    );
    // No line of the transcript draws a board.
    assert!(!out.contains("a b c d e f g h"), "{out}");
}
