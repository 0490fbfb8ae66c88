//! Whole sessions of the line console under the Russian and house rules: every Russian draw
//! rule announced with its reason (in Russian and English), the house rules' draw offer
//! accepted and declined (two people, a person and the engine, two engines), and PDN round
//! trips of a Russian and a house game. Transcripts (boards left out) are insta snapshots.

use common::Rng;
use dama::engines::EngineRules;
use dama_core::game::{Game, Outcome};
use dama_core::{DrawReason, MoveList, Russian, fen};
use dama_testkit as common;

/// Runs `dama --rules <rules> <args>` with `input` on stdin (echo on, no colour) in `dir`;
/// returns stdout.
fn run_in(dir: &std::path::Path, rules: &str, args: &[&str], input: &str) -> String {
    crate::success_stdout(
        crate::dama()
            .current_dir(dir)
            .args(["--rules", rules, "--color", "never", "--echo"])
            .args(args)
            .write_stdin(input),
    )
}

fn run(rules: &str, args: &[&str], input: &str) -> String {
    run_in(&std::env::current_dir().unwrap(), rules, args, input)
}

/// Runs the subcommand `dama <args> --rules <rules>`; returns stdout.
fn command(rules: &str, args: &[&str]) -> String {
    crate::success_stdout(crate::dama().args(args).args(["--rules", rules]))
}

/// The lines of `out` that are not part of a board or its legend, the engine's thinking time
/// written `T s` (it varies from run to run).
fn dialogue(out: &str) -> String {
    let time = regex::Regex::new(r" — \d+[.,]\d (s|с), ").unwrap();
    out.lines()
        .map(|line| time.replace(line, " — T $1, ").into_owned())
        .filter(|line: &String| {
            let b = line.as_bytes();
            let rank = b.len() == 19 && b[0].is_ascii_digit() && b[18] == b[0];
            !(rank
                || line.starts_with("  a b c")
                || line.starts_with("  h g f")
                || line.starts_with("o белая")
                || line.starts_with("o white"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A walk of `plies` moves from `fen_text`, none a capture or a crowning (and no man move
/// unless `men`), after which the game is drawn for `reason` and not before; found by
/// seeded random tries. Moves are written in the rule set's notation.
fn walk<R: EngineRules>(
    fen_text: &str,
    plies: usize,
    reason: DrawReason,
    men: bool,
) -> Vec<String> {
    let start = fen::parse(fen_text).unwrap();
    if reason == DrawReason::Repetition {
        // Two kings going back and forth: the start comes again after four and eight plies.
        let moves = ["c1-d2", "f8-g7", "d2-c1", "g7-f8"].repeat(2);
        let mut game = Game::<R>::new(start);
        let mut list = MoveList::new();
        for text in &moves {
            game.legal_moves(&mut list);
            let mv = dama_core::notation::algebraic::parse(text, game.position(), &list).unwrap();
            game.play(&mv);
        }
        assert_eq!(game.outcome(), Some(Outcome::Draw(reason)));
        assert_eq!(moves.len(), plies);
        return moves.iter().map(|m| m.to_string()).collect();
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut moves = MoveList::new();
    'tries: for _ in 0..20_000 {
        let mut game = Game::<R>::new(start);
        let mut out = Vec::new();
        while out.len() < plies {
            game.legal_moves(&mut moves);
            let pos = *game.position();
            let choices: Vec<_> = moves
                .iter()
                .filter(|m| !m.is_capture() && !pos.crowns(m))
                .filter(|m| men || pos.kings(pos.turn()).contains(m.from()))
                .filter(|m| {
                    // Leave the opponent nothing to take.
                    let mut replies = MoveList::new();
                    R::legal_moves(&pos.after(m), &mut replies);
                    replies.iter().all(|r| !r.is_capture())
                })
                .copied()
                .collect();
            if choices.is_empty() {
                continue 'tries;
            }
            let mv = choices[(rng.next() % choices.len() as u64) as usize];
            game.play(&mv);
            out.push(R::INFO.notation.write(&mv));
            if game.is_over() && out.len() < plies {
                continue 'tries;
            }
        }
        if game.outcome() == Some(Outcome::Draw(reason)) {
            return out;
        }
    }
    panic!("no walk of {plies} plies to {reason:?} from {fen_text}");
}

/// A session: `setup FEN`, the moves, `n` to the play-again question.
fn session(rules: &str, lang: &str, fen_text: &str, moves: &[String]) -> String {
    let mut script = format!("setup {fen_text}\n");
    for mv in moves {
        script.push_str(mv);
        script.push('\n');
    }
    script.push_str("n\n");
    dialogue(&run(rules, &["--lang", lang], &script))
}

/// The Russian draw rules: (what, start, half-moves, reason, men may move).
const DRAWS: [(&str, &str, usize, DrawReason, bool); 6] = [
    // 1. The third repetition (eight pieces: no count runs).
    (
        "repetition",
        "W:WKa1,Kc1,e3,g3:BKh8,Kf8,d6,b6",
        8,
        DrawReason::Repetition,
        false,
    ),
    // 2. Three kings against a lone king off the main road: 15 moves of the strong side,
    // which is to move (its 15th move is half-move 29).
    (
        "three kings",
        "W:WKa3,Kc1,Ke1:BKh6",
        29,
        DrawReason::KingEnding,
        false,
    ),
    // 3. Fifteen moves each with only kings moved (eight pieces).
    (
        "kings only",
        "W:WKa1,Kc1,a3,c3:BKh8,Kf8,h6,f6",
        30,
        DrawReason::NoProgress,
        false,
    ),
    // 4. Kings on both sides, five pieces, material unchanged: 30 moves each.
    (
        "material unchanged",
        "W:WKa1,c1,e1:BKh8,f8",
        60,
        DrawReason::MaterialUnchanged,
        true,
    ),
    // 5. Three kings against a lone king on the main road: 5 moves of the strong side, which
    // is not to move.
    (
        "main road",
        "B:WKa3,Kc1,Ke1:BKd4",
        10,
        DrawReason::KingEnding,
        false,
    ),
    // 6. Two kings against a lone king: 5 moves of the strong side.
    (
        "two kings",
        "W:WKa3,Kc1:BKh6",
        9,
        DrawReason::KingEnding,
        false,
    ),
];

fn draw_sessions(lang: &str) -> String {
    let mut all = String::new();
    for (what, start, plies, reason, men) in DRAWS {
        let moves = walk::<Russian>(start, plies, reason, men);
        all.push_str(&format!("==== {what} ====\n"));
        all.push_str(&session("russian", lang, start, &moves));
        all.push('\n');
        // One half-move fewer is not a draw yet.
        let short = session("russian", lang, start, &moves[..plies - 1]);
        assert!(
            !short.contains("Ничья") && !short.contains("Draw"),
            "{short}"
        );
    }
    all
}

#[test]
fn russian_draw_rules_in_russian() {
    insta::assert_snapshot!("draws_ru", draw_sessions("ru"));
}

#[test]
fn russian_draw_rules_in_english() {
    insta::assert_snapshot!("draws_en", draw_sessions("en"));
}

/// Kings far from each other: `e1-f2`/`f2-e1` and `d8-c7`/`c7-d8` take nothing.
const FOUR_KINGS: &str = "W:WKc1,Ke1:BKd8,Kf8";
const SHUFFLE: [&str; 4] = ["e1-f2", "d8-c7", "f2-e1", "c7-d8"];

fn shuffle(pairs: usize) -> String {
    SHUFFLE
        .iter()
        .cycle()
        .take(pairs * 2)
        .map(|m| format!("{m}\n"))
        .collect()
}

fn house_sessions(lang: &str, yes: &str, no: &str) -> String {
    let mut all = String::new();
    let mut add = |what: &str, text: String| {
        all.push_str(&format!("==== {what} ====\n{text}\n"));
    };
    // Two people: after eight pairs both are asked; black declines, and after eight more
    // pairs both accept.
    let script = format!(
        "setup {FOUR_KINGS}\n{}{yes}\n{no}\n{}{yes}\n{yes}\n{no}\n",
        shuffle(8),
        shuffle(8)
    );
    add(
        "two people: declined, then accepted",
        dialogue(&run("house", &["--lang", lang], &script)),
    );
    // A person against the engine (which accepts a level four-king ending).
    let person = ["e1-f2\n", "f2-e1\n"].repeat(4).concat();
    for (what, answer) in [("accepted", yes), ("declined", no)] {
        let script = format!("{person}{answer}\nfen\nquit\n");
        let args = [
            "--lang", lang, "--black", "engine", "--depth", "4", "--fen", FOUR_KINGS,
        ];
        add(
            &format!("a person and the engine: {what}"),
            dialogue(&run("house", &args, &script)),
        );
    }
    // Two engines agree when both accept.
    let args = [
        "--lang", lang, "--white", "engine", "--black", "engine", "--depth", "4", "--fen",
        FOUR_KINGS,
    ];
    add("two engines", dialogue(&run("house", &args, "")));
    all
}

#[test]
fn house_draw_offer_in_russian() {
    let all = house_sessions("ru", "д", "н");
    assert!(all.contains("Ничья по соглашению."));
    insta::assert_snapshot!("house_offer_ru", all);
}

#[test]
fn house_draw_offer_in_english() {
    let all = house_sessions("en", "y", "n");
    assert!(all.contains("Draw by agreement."));
    insta::assert_snapshot!("house_offer_en", all);
}

#[test]
fn no_offer_with_five_pieces_or_in_russian_rules() {
    let script = format!("setup W:WKc1,Ke1,a3:BKd8,Kf8\n{}fen\n", shuffle(8));
    let out = dialogue(&run("house", &["--lang", "en"], &script));
    assert!(!out.contains("offer"), "{out}");
    let script = format!("setup {FOUR_KINGS}\n{}fen\n", shuffle(8));
    let out = dialogue(&run("russian", &["--lang", "en"], &script));
    assert!(!out.contains("offer"), "{out}");
}

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-russian-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `moves` from the start, saves, loads the file back in a new session and prints the
/// position: the same FEN both times. Returns the file.
fn pdn_round_trip(rules: &str, moves: &[&str]) -> String {
    let dir = temp_dir(rules);
    let mut script: String = moves.iter().map(|m| format!("{m}\n")).collect();
    script.push_str("fen\nsave game.pdn\n");
    let out = run_in(&dir, rules, &["--lang", "en"], &script);
    assert!(out.contains("Game saved to game.pdn."), "{out}");
    let before = out
        .lines()
        .rev()
        .find(|l| l.starts_with("B:") || l.starts_with("W:"));
    let out = run_in(
        &dir,
        rules,
        &["--lang", "en", "--load", "game.pdn"],
        "fen\n",
    );
    let after = out
        .lines()
        .rev()
        .find(|l| l.starts_with("B:") || l.starts_with("W:"));
    assert_eq!(before, after);
    assert!(before.is_some());
    std::fs::read_to_string(dir.join("game.pdn")).unwrap()
}

/// A short opening with an exchange (captures written with `:`).
const RUSSIAN_GAME: [&str; 6] = ["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3:g5", "h6:f4"];

#[test]
fn pdn_round_trip_of_a_russian_game() {
    let text = pdn_round_trip("russian", &RUSSIAN_GAME);
    assert!(text.contains("[GameType \"25\"]\n"), "{text}");
    assert!(!text.contains("[Variant"), "{text}");
    assert!(
        text.contains("1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 h6:f4 *"),
        "{text}"
    );
}

#[test]
fn pdn_round_trip_of_a_house_game() {
    let text = pdn_round_trip("house", &RUSSIAN_GAME);
    assert!(
        text.contains("[GameType \"25\"]\n[Variant \"house\"]\n"),
        "{text}"
    );
    // The house file read as Russian is refused, and the other way round.
    let dir = temp_dir("cross");
    std::fs::write(dir.join("house.pdn"), &text).unwrap();
    let out = run_in(&dir, "russian", &["--lang", "en"], "load house.pdn\n");
    assert!(
        out.contains("Cannot load house.pdn: the file is a game of the house rules, not of the russian rules."),
        "{out}"
    );
}

#[test]
fn undo_and_redo_of_a_capture_that_crowns_on_the_way() {
    let script = "setup W:Wb6:Bc7,f6,a7\nb6:d8:g5\nfen\nundo\nfen\nredo\nfen\nmoves\n";
    let out = dialogue(&run("russian", &["--lang", "ru"], script));
    let fens: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("B:") || l.starts_with("W:"))
        .collect();
    assert_eq!(
        fens,
        ["B:WKg5:Ba7", "W:Wb6:Ba7,c7,f6", "B:WKg5:Ba7"],
        "{out}"
    );
    assert!(out.contains("Взято назад: b6:d8:g5"), "{out}");
    assert!(out.contains("Сыграно снова: b6:d8:g5"), "{out}");
    assert!(out.contains("Возможные ходы: a7-b6"), "{out}");
}

#[test]
fn analyze_and_moves_under_the_new_rules() {
    for rules in ["russian", "house"] {
        let out = command(
            rules,
            &["analyze", "--depth", "3", "--fen", "W:WKa1:Bc3,f6,h8"],
        );
        let last = out.lines().last().unwrap();
        assert_eq!(last, "bestmove a1:d4:g7", "{rules}: {out}");
    }
    let out = command("house", &["moves", "--fen", "W:WKa1:Bc3,f6"]);
    assert_eq!(out, "a1:d4:g7\n");
}

#[test]
fn perft_command_prints_the_published_russian_figures() {
    let out = command("russian", &["perft", "--depth", "9"]);
    let want: String = [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586]
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}\n", i + 1))
        .collect();
    assert_eq!(out, want);
}
