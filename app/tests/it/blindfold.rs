//! A blindfold game (`--blindfold`, the Czech rules' art. 11) at the line console: the board
//! is never drawn but to `peek`, each peek counted and saved with the game; `--no-record`
//! keeps the score sheet hidden too. Exact transcripts.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::Variant;

fn run(opts: &Options, script: &str) -> String {
    crate::czech_common::transcript(opts, script)
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

/// The full-screen game blindfold: no piece drawn, `p` shows them until the next move.
mod screen {
    use crate::tui_common::*;
    use dama::tui::Key;
    use dama_core::Czech;

    #[test]
    fn the_pieces_show_only_while_peeking() {
        let cfg = dama::tui::AppConfig {
            blindfold: true,
            ..config(false)
        };
        let mut app = new_app::<Czech>(cfg);
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some(
                "Blindfold: the pieces are not shown. p peeks until the next move (counted in \
                 the saved game); t types a move."
            )
        );
        let board_rows = |app: &dama::tui::App<dama_core::Board8>| {
            let text = screen(app);
            text.lines()
                .skip(2)
                .take(16)
                .map(|l| l.chars().take(44).collect::<String>())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let hidden = board_rows(&app);
        assert!(!hidden.contains(['x', 'o']), "{hidden}");
        press(&mut app, Key::Char('p'));
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some("Peeks in this game: 1.")
        );
        let shown = board_rows(&app);
        assert_eq!(shown.matches('x').count(), 12, "{shown}");
        assert_eq!(shown.matches('o').count(), 12, "{shown}");
        // A move hides them again; the squares still take clicks.
        play_by_mouse(&mut app, "c3-d4");
        assert_eq!(app.game().moves().len(), 1);
        assert!(!board_rows(&app).contains(['x', 'o']));
        press(&mut app, Key::Char('p'));
        assert_eq!(
            app.messages().last().map(String::as_str),
            Some("Peeks in this game: 2.")
        );
    }
}
