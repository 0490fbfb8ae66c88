//! `dama analyze --multipv N` (the best N moves with their scores, in order) and
//! `--infinite` (until interrupted, then `bestmove`).

use assert_cmd::Command;

fn analyze(args: &[&str]) -> Vec<String> {
    let out = Command::cargo_bin("dama")
        .unwrap()
        .arg("analyze")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
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

#[test]
fn three_lines_in_order_and_the_first_is_the_single_pv_move() {
    for (rules, fen) in [
        ("czech", None),
        ("russian", Some("W:Wc3,e3,g3,a1:Bb6,d6,f8")),
        ("spanish", None),
    ] {
        let mut args = vec!["--rules", rules, "--depth", "7"];
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
        }
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
