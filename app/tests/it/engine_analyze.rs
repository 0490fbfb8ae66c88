//! `dama analyze` as `../shared/spec/cli.md` describes it: info lines, then `bestmove`.

use std::time::{Duration, Instant};

use assert_cmd::Command;
use dama_core::game::Game;
use dama_core::{BoardRules, Czech, MoveList, Position};

fn dama() -> Command {
    Command::cargo_bin("dama").expect("the dama binary")
}

fn run(args: &[&str]) -> (String, Duration) {
    let started = Instant::now();
    let out = dama().args(args).output().expect("dama runs");
    let elapsed = started.elapsed();
    assert!(out.status.success(), "{args:?}: {out:?}");
    (String::from_utf8(out.stdout).expect("UTF-8"), elapsed)
}

/// Checks the shape of every line; returns the best move's text.
fn check_output(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let (last, infos) = lines.split_last().expect("some output");
    let mut last_depth = 0;
    for line in infos {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "info", "{line}");
        assert_eq!(words[1], "depth", "{line}");
        let depth: u32 = words[2].parse().expect("a depth");
        assert!(depth > last_depth, "{line}");
        last_depth = depth;
        assert_eq!(words[3], "score", "{line}");
        let rest = if words[4] == "win" || words[4] == "loss" {
            words[5].parse::<u32>().expect("plies");
            &words[6..]
        } else {
            words[4].parse::<i32>().expect("a score");
            &words[5..]
        };
        assert_eq!(rest[0], "nodes", "{line}");
        let nodes = rest[1].parse::<u64>().expect("a node count");
        assert_eq!(rest[2], "time", "{line}");
        let ms = rest[3].parse::<u64>().expect("milliseconds");
        assert_eq!(rest[4], "nps", "{line}");
        let nps = rest[5].parse::<u64>().expect("nodes per second");
        // nps is nodes over the time (the time printed is rounded down to whole ms).
        assert!(
            nps as f64 >= nodes as f64 * 1000.0 / (ms as f64 + 1.0) * 0.99 - 1.0,
            "{line}"
        );
        // `tbhits N` when the endgame tables scored positions (tables built on this machine,
        // or the small classes built in the background).
        let rest = if rest[6] == "tbhits" {
            rest[7].parse::<u64>().expect("a table hit count");
            &rest[2..]
        } else {
            rest
        };
        assert_eq!(rest[6], "pv", "{line}");
        assert!(rest.len() > 7, "empty pv: {line}");
    }
    let best = last.strip_prefix("bestmove ").expect("a bestmove line");
    best.to_string()
}

fn legal_czech(pos: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    Czech::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|m| Czech::INFO.notation.write(m))
        .collect()
}

#[test]
fn start_position_to_a_fixed_depth() {
    let (text, _) = run(&["analyze", "--rules", "czech", "--depth", "6"]);
    let best = check_output(&text);
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(legal_czech(&Position::initial()).contains(&best), "{best}");
    // The pv starts with the best move.
    let last_info = text.lines().nth(5).expect("depth 6");
    assert!(last_info.contains(&format!("pv {best}")), "{last_info}");
}

#[test]
fn spanish_moves_are_written_in_numeric_notation() {
    let (text, _) = run(&["analyze", "--rules", "spanish", "--depth", "3"]);
    let best = check_output(&text);
    let parts: Vec<&str> = best.split('.').collect();
    assert_eq!(parts.len(), 2, "{best}");
    assert!(
        parts
            .iter()
            .all(|p| p.len() == 2 && p.parse::<u8>().is_ok())
    );
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let (text, _) = run(&["analyze", "--rules", "czech", "--fen", "W:Wa1:Bb2,c3"]);
    assert_eq!(text, "bestmove none\n");
}

#[test]
fn a_won_position_reports_a_win() {
    // White's king takes both men at once.
    let (text, _) = run(&[
        "analyze",
        "--rules",
        "czech",
        "--fen",
        "W:WKa1:Bc3,e5",
        "--depth",
        "4",
    ]);
    assert!(check_output(&text).starts_with("a1xd4x"), "{text}");
    assert!(text.contains("score win 1"), "{text}");
}

#[test]
fn a_bad_fen_is_refused() {
    dama()
        .args(["analyze", "--rules", "czech", "--fen", "W:Wa2"])
        .assert()
        .code(2);
}

/// Random positions from random games: a legal move, within the time (and a generous bound
/// for process start on a loaded machine).
#[test]
fn random_positions_within_movetime() {
    let count: usize = std::env::var("DAMA_ANALYZE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let mut seed = 0x00A7_A172_E000_0001u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut slowest = Duration::ZERO;
    let mut done = 0;
    while done < count {
        let plies = (next() % 60) as usize;
        let mut game = Game::<Czech>::new(Position::initial());
        let mut moves = MoveList::new();
        for _ in 0..plies {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            game.play(&mv);
        }
        if game.is_over() {
            continue;
        }
        let fen = game.position().to_string();
        let (text, elapsed) = run(&[
            "analyze",
            "--rules",
            "czech",
            "--fen",
            &fen,
            "--movetime",
            "100",
        ]);
        let best = check_output(&text);
        assert!(
            legal_czech(game.position()).contains(&best),
            "{fen}: {best}"
        );
        assert!(elapsed < Duration::from_millis(800), "{fen}: {elapsed:?}");
        slowest = slowest.max(elapsed);
        done += 1;
    }
    println!("slowest analyze --movetime 100: {slowest:?}");
}
