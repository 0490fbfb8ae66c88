//! Whole sessions of the Czech console: every command in both languages (full transcripts as
//! snapshots), and every end of the game and draw rule.

use crate::czech_common;
use czech_common::{dialogue, run};
use dama_core::game::Game;
use dama_core::notation::algebraic;
use dama_core::{Czech, DrawReason, MoveList, fen};

const COMMANDS_CS: &str = "nápověda\ntahy\nfen\nc3-d4\nzpět\nzpět\nvpřed\nvpřed\notočit\n\
    otočit\nfen navíc\npozice\npozice W:Wb1\npozice W:Wc3,e1:Bd4,f6,a7\nrada\nremíza\nmožná\nn\n\
    konec\nc3-d4\n";
const COMMANDS_EN: &str = "help\nmoves\nfen\nc3-d4\nundo\nundo\nredo\nredo\nflip\nflip\n\
    fen more\nsetup\nsetup W:Wb1\nsetup W:Wc3,e1:Bd4,f6,a7\nhint\ndraw\nmaybe\nn\nquit\nc3-d4\n";

#[test]
fn commands_in_czech() {
    insta::assert_snapshot!("commands_cs", run(&[], COMMANDS_CS));
}

#[test]
fn commands_in_english() {
    insta::assert_snapshot!("commands_en", run(&["--lang", "en"], COMMANDS_EN));
}

#[test]
fn english_words_work_in_czech_and_back() {
    let out = run(&[], "moves\n");
    assert!(out.contains(
        "Bílý na tahu: moves\nMožné tahy: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4\n"
    ));
    let out = run(&["--lang", "en"], "tahy\n");
    assert!(out.contains("Legal moves: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4"));
}

#[test]
fn end_of_input_ends_the_prompt_line() {
    let out = run(&[], "");
    assert!(out.ends_with("Bílý na tahu: \n"), "{out}");
    let out = run(&[], "resign\n");
    assert!(out.ends_with("Hrát znovu? (a/n): \n"), "{out}");
}

/// Sets up `fen`, plays `moves`, answers the play-again question with `again`; returns the
/// dialogue lines (boards left out).
fn ending(lang: &str, fen: &str, moves: &[&str], again: &str) -> Vec<String> {
    let mut script = format!("setup {fen}\n");
    for mv in moves {
        script.push_str(mv);
        script.push('\n');
    }
    script.push_str(again);
    script.push('\n');
    dialogue(&run(&["--lang", lang], &script))
}

fn last_two(lines: &[String]) -> [&str; 2] {
    let n = lines.len();
    [&lines[n - 2], &lines[n - 1]]
}

#[test]
fn wins() {
    let l = ending("cs", "W:Wc3:Bd4", &["c3xe5"], "n");
    assert_eq!(
        last_two(&l),
        [
            "Vyhrál bílý: černý nemá žádné kameny.",
            "Hrát znovu? (a/n): n"
        ]
    );
    let l = ending("en", "W:Wc3:Bd4", &["c3xe5"], "n");
    assert_eq!(
        last_two(&l),
        [
            "White wins: black has no pieces left.",
            "Play again? (y/n): n"
        ]
    );
    let l = ending("cs", "W:Wb2,c1,h2:Ba3", &["h2-g3"], "ne");
    assert_eq!(
        last_two(&l),
        [
            "Vyhrál bílý: černý nemůže táhnout.",
            "Hrát znovu? (a/n): ne"
        ]
    );
    let l = ending("en", "W:Wb2,c1,h2:Ba3", &["h2-g3"], "no");
    assert_eq!(
        last_two(&l),
        ["White wins: black cannot move.", "Play again? (y/n): no"]
    );
    let l = ending("cs", "W:Wb2,c1,h2:Ba3", &["resign"], "n");
    assert_eq!(
        last_two(&l),
        ["Vyhrál černý: bílý se vzdal.", "Hrát znovu? (a/n): n"]
    );
    let l = ending("en", "B:Wb2,c1,h2:Ba7", &["resign"], "n");
    assert_eq!(
        last_two(&l),
        ["White wins: black resigned.", "Play again? (y/n): n"]
    );
}

#[test]
fn draw_by_agreement() {
    let l = ending("cs", "W:Wb2,c1,h2:Ba7", &["remíza", "a"], "n");
    let n = l.len();
    assert_eq!(
        l[n - 4..],
        [
            "1. Bílý na tahu: remíza",
            "Bílý nabízí remízu. Přijímá černý? (a/n): a",
            "Remíza dohodou.",
            "Hrát znovu? (a/n): n"
        ]
    );
    let l = ending("en", "B:Wb2,c1,h2:Ba7", &["draw", "y"], "n");
    assert!(l.contains(&"Black offers a draw. Does white accept? (y/n): y".to_string()));
    assert_eq!(last_two(&l), ["Draw by agreement.", "Play again? (y/n): n"]);
}

#[test]
fn draw_by_repetition() {
    let moves = [
        "c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2", "h8-g7", "d2-c1", "g7-h8",
    ];
    let l = ending("cs", "W:WKc1,h2:BKh8,a7", &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Remíza: stejná pozice se opakovala potřetí.",
            "Hrát znovu? (a/n): n"
        ]
    );
    let l = ending("en", "W:WKc1,h2:BKh8,a7", &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Draw: the same position occurred for the third time.",
            "Play again? (y/n): n"
        ]
    );
}

/// King moves without captures from `fen` that reach `reason` exactly at the last of `plies`,
/// avoiding a third repetition on the way.
fn quiet_walk(fen_text: &str, plies: usize, reason: DrawReason) -> Vec<String> {
    fn dfs(game: &mut Game<Czech>, left: usize, reason: DrawReason, out: &mut Vec<String>) -> bool {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        for mv in moves.iter() {
            if mv.is_capture() || game.position().men(game.turn()).contains(mv.from()) {
                continue;
            }
            game.play(mv);
            let done = match game.outcome() {
                Some(o) => left == 1 && o == dama_core::game::Outcome::Draw(reason),
                None => left > 1 && dfs(game, left - 1, reason, out),
            };
            if done {
                out.push(algebraic::write(mv));
                return true;
            }
            game.undo();
        }
        false
    }
    let mut game = Game::<Czech>::new(fen::parse(fen_text).unwrap());
    let mut out = Vec::new();
    assert!(dfs(&mut game, plies, reason, &mut out), "no walk found");
    out.reverse();
    out
}

#[test]
fn draw_by_fifteen_quiet_moves() {
    let start = "W:WKa1,Kc1,h2:BKh8,Kf8,a7";
    let walk = quiet_walk(start, 30, DrawReason::NoProgress);
    let moves: Vec<&str> = walk.iter().map(String::as_str).collect();
    let l = ending("cs", start, &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Remíza: 15 tahů každého hráče bez tahu kamenem a bez braní.",
            "Hrát znovu? (a/n): n"
        ]
    );
    let l = ending("en", start, &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Draw: 15 moves by each player without a man move or a capture.",
            "Play again? (y/n): n"
        ]
    );
    // One move fewer is not a draw yet.
    let l = ending("en", start, &moves[..29], "fen");
    assert!(l.iter().all(|line| !line.starts_with("Draw")), "{l:?}");
    assert_eq!(l[l.len() - 2], "B:WKa1,h2,Kh4:Ba7,Kf8,Kh8");
}

#[test]
fn draw_by_king_ending_counts() {
    // Two kings against one: five more moves each.
    let start = "W:WKa1,Kc1:BKh6";
    let walk = quiet_walk(start, 10, DrawReason::KingEnding);
    let moves: Vec<&str> = walk.iter().map(String::as_str).collect();
    let l = ending("cs", start, &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Remíza: v koncovce dam vypršel povolený počet tahů.",
            "Hrát znovu? (a/n): n"
        ]
    );
    // Three kings against a lone king off the main diagonal: fifteen moves each.
    let start = "W:WKa3,Kc1,Ke1:BKh6";
    let walk = quiet_walk(start, 30, DrawReason::KingEnding);
    let moves: Vec<&str> = walk.iter().map(String::as_str).collect();
    let l = ending("en", start, &moves, "n");
    assert_eq!(
        last_two(&l),
        [
            "Draw: the moves allowed for the king ending ran out.",
            "Play again? (y/n): n"
        ]
    );
}

#[test]
fn play_again_starts_a_new_game() {
    let out = run(&["--lang", "en"], "resign\nperhaps\ny\nfen\n");
    let l = dialogue(&out);
    assert!(l.contains(
        &"Answer y (yes) or n (no); the game can still be saved (save FILE) or a move taken back (undo)."
            .to_string()
    ));
    assert!(l.contains(&"Play again? (y/n): y".to_string()));
    assert!(l.contains(
        &"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8".to_string()
    ));
}

#[test]
fn after_the_end_undo_goes_back_and_quit_leaves() {
    // A win by the rules: undo takes back the winning move.
    let l = ending("cs", "W:Wc3:Bd4", &["c3xe5", "zpět", "fen"], "konec");
    let n = l.len();
    assert_eq!(
        l[n - 7..],
        [
            "1. Bílý na tahu: c3xe5",
            "Vyhrál bílý: černý nemá žádné kameny.",
            "Hrát znovu? (a/n): zpět",
            "Vráceno: c3xe5",
            "1. Bílý na tahu: fen",
            "W:Wc3:Bd4",
            "1. Bílý na tahu: konec",
        ]
    );
    // A resignation: undo takes back the resignation only.
    let l = ending("en", "W:Wc3:Bd4,a7", &["resign", "undo", "fen"], "quit");
    let n = l.len();
    assert_eq!(
        l[n - 6..],
        [
            "Black wins: white resigned.",
            "Play again? (y/n): undo",
            "The end of the game is taken back; play goes on.",
            "1. White to move: fen",
            "W:Wc3:Ba7,d4",
            "1. White to move: quit",
        ]
    );
}

#[test]
fn colour_only_adds_escapes() {
    let out = |color: &str| {
        crate::success_stdout(
            crate::dama()
                .args(["--rules", "czech", "--echo", "--color", color])
                .write_stdin("c3-d4\n"),
        )
    };
    let coloured = out("always");
    let plain = out("never");
    assert!(coloured.contains('\x1b'));
    assert!(!plain.contains('\x1b'));
    let stripped = regex::Regex::new("\x1b\\[[0-9;]*m")
        .unwrap()
        .replace_all(&coloured, "");
    assert_eq!(stripped, plain);
}
