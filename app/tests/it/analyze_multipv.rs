//! `dama analyze --multipv N` (the best N moves with their scores, in order) and
//! `--infinite` (until interrupted, then `bestmove`). Each line is a whole variation.

use assert_cmd::Command;

fn analyze(args: &[&str]) -> Vec<String> {
    crate::success_stdout(crate::dama().arg("analyze").args(args))
        .lines()
        .map(str::to_string)
        .collect()
}

/// The value after `key` in an `info` line.
fn field<'l>(line: &'l str, key: &str) -> &'l str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key).expect(key);
    words[i + 1]
}

/// An `info` line without its clock fields (`time`, `nps`), which vary from run to run.
pub(crate) fn timeless(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "time" || words[i] == "nps" {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// The moves after `pv` in an `info` line.
fn variation(line: &str) -> Vec<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "pv").expect("pv");
    words[i + 1..].to_vec()
}

/// Plays `moves` (in the rule set's notation) from the FEN's position (else the start): the
/// error names the first that is not a legal move there.
fn play_out<R: dama_core::Rules>(fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
    let mut pos = match fen {
        Some(text) => R::parse_fen(text).map_err(|e| e.to_string())?,
        None => R::start(),
    };
    let mut legal = dama_core::MoveList::new();
    for text in moves {
        R::legal_moves(&pos, &mut legal);
        let mv = legal
            .iter()
            .find(|mv| R::INFO.notation.write(mv) == *text)
            .ok_or_else(|| format!("{text} is not legal in {pos:?}"))?;
        pos = pos.after(mv);
    }
    Ok(())
}

#[test]
fn three_lines_in_order_each_a_whole_legal_variation() {
    for (rules, fen) in [
        ("czech", None),
        ("russian", Some("W:Wc3,e3,g3,a1:Bb6,d6,f8")),
        ("spanish", None),
    ] {
        let mut args = vec!["--rules", rules, "--depth", "7", "--threads", "1"];
        if let Some(fen) = fen {
            args.extend(["--fen", fen]);
        }
        let three = analyze(&[&args[..], &["--multipv", "3"]].concat());
        let one = analyze(&[&args[..], &["--multipv", "1"]].concat());
        let last: Vec<&String> = three
            .iter()
            .filter(|l| l.starts_with("info depth 7 "))
            .collect();
        assert_eq!(last.len(), 3, "{rules}: {three:?}");
        let scores: Vec<i32> = last
            .iter()
            .map(|l| field(l, "score").parse().expect("a plain score"))
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "{rules}: {scores:?}"
        );
        for (k, line) in last.iter().enumerate() {
            assert_eq!(field(line, "multipv"), (k + 1).to_string());
            // The whole variation, not only its first move, and legal when played out.
            let pv = variation(line);
            assert!(pv.len() > 1, "{rules}: {line}");
            let rules_set: dama_core::Variant = rules.parse().unwrap();
            let played = dama_core::with_rules8!(rules_set, R => play_out::<R>(fen, &pv), else => unreachable!());
            assert_eq!(played, Ok(()), "{rules}: {line}");
        }
        // `--multipv 1` prints, depth by depth, the first line of `--multipv 3`.
        let firsts: Vec<String> = three
            .iter()
            .filter(|l| l.contains(" multipv 1 "))
            .map(|l| timeless(l))
            .collect();
        let ones: Vec<String> = one
            .iter()
            .filter(|l| l.starts_with("info "))
            .map(|l| timeless(l))
            .collect();
        assert_eq!(firsts, ones, "{rules}");
        let best_of_three = field(last[0], "pv");
        assert_eq!(three.last().unwrap(), &format!("bestmove {best_of_three}"));
        assert_eq!(
            one.last().unwrap(),
            &format!("bestmove {best_of_three}"),
            "{rules}"
        );
        // Different moves on the three lines.
        let pvs: std::collections::HashSet<&str> = last.iter().map(|l| field(l, "pv")).collect();
        assert_eq!(pvs.len(), 3);
    }
}

#[test]
fn a_multipv_transcript() {
    let out = analyze(&[
        "--rules",
        "czech",
        "--depth",
        "4",
        "--threads",
        "1",
        "--multipv",
        "3",
    ]);
    let lines: Vec<String> = out.iter().map(|l| timeless(l)).collect();
    assert_eq!(lines, TRANSCRIPT.lines().collect::<Vec<_>>());
}

const TRANSCRIPT: &str = "\
info depth 1 multipv 1 score -1 nodes 7 pv e3-d4
info depth 1 multipv 2 score -33 nodes 7 pv c3-d4
info depth 1 multipv 3 score -41 nodes 7 pv a3-b4
info depth 2 multipv 1 score -39 nodes 97 pv c3-d4 b6-c5 d4xb6 a7xc5
info depth 2 multipv 2 score -47 nodes 97 pv a3-b4 f6-e5
info depth 2 multipv 3 score -49 nodes 97 pv e3-f4 f6-e5
info depth 3 multipv 1 score -39 nodes 432 pv a3-b4 b6-c5 b4-a5
info depth 3 multipv 2 score -39 nodes 432 pv c3-d4 b6-c5 d4xb6 a7xc5
info depth 3 multipv 3 score -43 nodes 432 pv g3-f4 f6-e5 e3-d4 e5xg3 h2xf4
info depth 4 multipv 1 score 4 nodes 978 pv c3-d4 b6-c5 d4xb6 a7xc5 b2-c3
info depth 4 multipv 2 score -4 nodes 978 pv e3-d4 b6-c5 d4xb6 a7xc5 f2-e3
info depth 4 multipv 3 score -43 nodes 978 pv g3-f4 f6-e5 e3-d4 e5xg3 h2xf4
bestmove c3-d4
";

#[test]
fn infinite_is_refused_with_a_time_limit() {
    let out = Command::cargo_bin("dama")
        .unwrap()
        .args(["analyze", "--infinite", "--movetime", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn infinite_stops_cleanly_on_sigint_with_a_final_bestmove() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["analyze", "--rules", "czech", "--infinite"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // It prints as it deepens: wait for a few depths, then interrupt.
    for _ in 0..5 {
        let line = lines.next().unwrap().unwrap();
        assert!(line.starts_with("info depth "), "{line}");
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(rest.last().unwrap().starts_with("bestmove "), "{rest:?}");
}
