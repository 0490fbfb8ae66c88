//! The machine-readable subcommands of the `dama` binary (`perft`, `moves`) and its handling of
//! bad input, as `shared/spec/cli.md` describes them.

use assert_cmd::Command;

fn dama() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dama"));
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Runs `dama` with `args`, expects success, and returns standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = dama().args(args).output().expect("dama runs");
    assert!(
        out.status.success(),
        "dama {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `dama` with `args`, expects exit status 2, nothing on standard output and exactly one
/// line on standard error; returns that line.
fn fails_with_one_line(args: &[&str]) -> String {
    let out = dama().args(args).output().expect("dama runs");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 errors");
    assert_eq!(out.status.code(), Some(2), "dama {args:?}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "dama {args:?} wrote to stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!stderr.contains("panicked"), "dama {args:?}: {stderr}");
    assert!(
        stderr.ends_with('\n') && stderr.lines().count() == 1,
        "dama {args:?} should write exactly one line to stderr, wrote {stderr:?}"
    );
    stderr
}

/// Runs `dama` with `args`, expects the refusal of a bad argument as clap writes it: exit
/// status 2, nothing on standard output, an `error:` line that names the problem, then only
/// clap's tip, usage and help-pointer lines. Returns the error line.
fn fails_with_usage(args: &[&str]) -> String {
    let out = dama().args(args).output().expect("dama runs");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 errors");
    assert_eq!(out.status.code(), Some(2), "dama {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "dama {args:?} wrote to stdout");
    let mut lines = stderr.lines();
    let first = lines.next().unwrap_or_default().to_string();
    assert!(first.starts_with("error: "), "dama {args:?}: {stderr:?}");
    for line in lines {
        let line = line.trim();
        assert!(
            line.is_empty()
                || line.starts_with("tip:")
                || line.starts_with("Usage:")
                || line.starts_with("For more information"),
            "dama {args:?}: unexpected line {line:?} in {stderr:?}"
        );
    }
    first
}

fn lines(list: &[&str]) -> String {
    list.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn moves_from_the_start_spanish_is_the_default() {
    let expected = lines(&[
        "61.52", "63.52", "63.54", "65.54", "65.56", "67.56", "67.58",
    ]);
    assert_eq!(stdout_of(&["moves"]), expected);
    assert_eq!(stdout_of(&["moves", "--rules", "spanish"]), expected);
}

#[test]
fn moves_from_the_start_czech() {
    assert_eq!(
        stdout_of(&["moves", "--rules", "czech"]),
        lines(&[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ])
    );
}

#[test]
fn moves_of_a_capture_list_every_landing_square() {
    // c3 takes d4 (to e5) and f6 (to g7); h8 is on the edge so the sequence ends there.
    let fen = "W:Wc3:Bd4,f6,h8";
    assert_eq!(
        stdout_of(&["moves", "--rules", "czech", "--fen", fen]),
        "c3xe5xg7\n"
    );
    // Spanish: capture is optional and may stop after the first hop.
    assert_eq!(
        stdout_of(&["moves", "--rules", "spanish", "--fen", fen]),
        lines(&["63.45", "63.45.27", "63.52"])
    );
    // Numbered squares are read too: 22 = c3, 18 = d4, 11 = f6, 4 = h8.
    assert_eq!(
        stdout_of(&["moves", "--rules", "czech", "--fen", "W:W22:B18,11,4"]),
        "c3xe5xg7\n"
    );
}

#[test]
fn moves_of_a_lost_position_print_nothing() {
    assert_eq!(
        stdout_of(&["moves", "--rules", "czech", "--fen", "B:We7:B"]),
        ""
    );
}

#[test]
fn perft_spanish_depth_5() {
    assert_eq!(
        stdout_of(&["perft", "--rules", "spanish", "--depth", "5"]),
        "1 7\n2 49\n3 379\n4 2872\n5 23582\n"
    );
}

#[test]
fn perft_czech_depth_6_and_timing_on_stderr() {
    let out = dama()
        .args(["perft", "--rules", "czech", "--depth", "6"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1 7\n2 49\n3 302\n4 1469\n5 7361\n6 36768\n"
    );
    // The timing goes to stderr, never among the counts.
    assert!(!out.stderr.is_empty());
}

#[test]
fn perft_divide_czech() {
    // Worked out by hand. After a white opening black has its 7 moves; white then has 8 plain
    // moves, one less when a black man blocks a step, and a single (compulsory) capture when a
    // black man lands next to a white one with the square behind it empty. E.g. after a3-b4:
    // b6-a5 7, b6-c5 7, d6-c5 1 (b4xd6), d6-e5 8, f6-e5 8, f6-g5 8, h6-g5 8 = 47.
    assert_eq!(
        stdout_of(&["perft", "--rules", "czech", "--depth", "3", "--divide"]),
        lines(&[
            "a3-b4 47",
            "c3-b4 47",
            "c3-d4 40",
            "e3-d4 40",
            "e3-f4 40",
            "g3-f4 40",
            "g3-h4 48",
            "total 302",
        ])
    );
}

#[test]
fn perft_divide_parts_are_the_perft_after_each_move() {
    // Each part of the depth-4 divide is `perft --depth 3` from the position after that move, the FENs
    // written by hand (white's men after the opening; black's twelve men unmoved).
    let after = [
        ("a3-b4", "a1,b2,b4,c1,c3,d2,e1,e3,f2,g1,g3,h2"),
        ("c3-b4", "a1,a3,b2,b4,c1,d2,e1,e3,f2,g1,g3,h2"),
        ("c3-d4", "a1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2"),
        ("e3-d4", "a1,a3,b2,c1,c3,d2,d4,e1,f2,g1,g3,h2"),
        ("e3-f4", "a1,a3,b2,c1,c3,d2,e1,f2,f4,g1,g3,h2"),
        ("g3-f4", "a1,a3,b2,c1,c3,d2,e1,e3,f2,f4,g1,h2"),
        ("g3-h4", "a1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h2,h4"),
    ];
    let divide = stdout_of(&["perft", "--rules", "czech", "--depth", "4", "--divide"]);
    let parts: Vec<&str> = divide.lines().collect();
    assert_eq!(parts.len(), after.len() + 1);
    assert_eq!(parts[after.len()], "total 1469");
    for ((mv, white), line) in after.iter().zip(&parts) {
        let fen = format!("B:W{white}:B1-12");
        let perft = stdout_of(&["perft", "--rules", "czech", "--depth", "3", "--fen", &fen]);
        let last = perft.lines().last().unwrap();
        let nodes = last.strip_prefix("3 ").unwrap();
        assert_eq!(*line, format!("{mv} {nodes}"));
    }
}

#[test]
fn perft_divide_format() {
    for (rules, depth, total) in [("czech", 4, 1469u64), ("spanish", 4, 2872)] {
        let out = stdout_of(&[
            "perft",
            "--rules",
            rules,
            "--depth",
            &depth.to_string(),
            "--divide",
        ]);
        let all: Vec<&str> = out.lines().collect();
        let (last, parts) = all.split_last().unwrap();
        assert_eq!(*last, format!("total {total}"), "{rules}");
        assert_eq!(parts.len(), 7, "{rules}: {out}");
        let mut names = Vec::new();
        let mut sum = 0;
        for line in parts {
            let (mv, n) = line.split_once(' ').expect("<move> <nodes>");
            assert!(!n.contains(' '), "{line}");
            names.push(mv.to_string());
            sum += n.parse::<u64>().expect("a count");
        }
        assert_eq!(sum, total, "{rules}");
        let mut sorted_names = names.clone();
        sorted_names.sort();
        assert_eq!(names, sorted_names, "{rules}: lines must be sorted");
    }
}

#[test]
fn perft_divide_spanish_depth_1() {
    assert_eq!(
        stdout_of(&["perft", "--depth", "1", "--divide"]),
        lines(&[
            "61.52 1", "63.52 1", "63.54 1", "65.54 1", "65.56 1", "67.56 1", "67.58 1", "total 7",
        ])
    );
}

#[test]
fn perft_from_a_fen() {
    assert_eq!(
        stdout_of(&[
            "perft",
            "--rules",
            "czech",
            "--depth",
            "4",
            "--fen",
            "W:WKa1:Bc3,g5,b6",
        ]),
        "1 2\n2 4\n3 28\n4 41\n"
    );
}

#[test]
fn bad_fens_are_refused() {
    // (FEN, a text the one error line must contain)
    let cases = [
        ("W:Wa1", "FEN"),          // malformed: two fields
        ("", "FEN"),               // empty
        ("W:Wa1,c3;Bf6", "FEN"),   // malformed separator
        ("W:Wz9:Bb8", "z9"),       // not a square
        ("W:Wb1:Bb8", "b1"),       // light square
        ("W:W33:Bb8", "33"),       // number off the board
        ("W:Wa1,a1:Bb8", "a1"),    // square given twice
        ("W:Wa1:Ba1", "a1"),       // square given to both sides
        ("W:Wb8:Bd6", "b8"),       // white man on the crowning rank
        ("W:Wa3:Bc1", "c1"),       // black man on the crowning rank
        ("X:Wa1:Bb8", "X"),        // bad side to move
        ("W:Wa1:Wb8", "white"),    // the same colour twice
        ("W:W17-28,Kg1:B1", "13"), // thirteen white pieces
    ];
    for (fen, needle) in cases {
        for sub in [&["moves"][..], &["perft", "--depth", "1"][..]] {
            for rules in ["czech", "spanish"] {
                let mut args = sub.to_vec();
                args.extend(["--rules", rules, "--fen", fen]);
                let line = fails_with_one_line(&args);
                assert!(
                    line.contains("FEN") && line.contains(needle),
                    "dama {args:?}: {line:?} should name the problem ({needle})"
                );
            }
        }
    }
}

#[test]
fn bad_depths_are_refused() {
    for depth in ["0", "-1", "abc", ""] {
        let line = fails_with_usage(&["perft", "--rules", "czech", "--depth", depth]);
        assert!(line.contains("--depth"), "--depth {depth:?}: {line:?}");
    }
    // In range for the engine but too deep for perft: one line of its own.
    let line = fails_with_one_line(&["perft", "--rules", "czech", "--depth", "31"]);
    assert!(line.contains("31") && line.contains("perft"), "{line:?}");
}

#[test]
fn missing_depth_is_named() {
    let line = fails_with_one_line(&["perft"]);
    assert!(line.contains("--depth"), "{line:?}");
}

#[test]
fn unknown_rule_sets_are_refused() {
    for sub in [&["moves"][..], &["perft", "--depth", "2"][..]] {
        let mut args = sub.to_vec();
        args.extend(["--rules", "klingon"]);
        let line = fails_with_usage(&args);
        assert!(
            line.contains(
                "unknown rule set 'klingon' (expected spanish, czech, russian, house, english, \
                 italian, spanish-official, brazilian, pool, thai, giveaway, international, \
                 antidraughts, breakthrough, killer, frisian, frysk or turkish)"
            ),
            "{line:?}"
        );
    }
}

#[test]
fn a_misspelt_option_gets_clap_tip() {
    let out = dama().args(["--rule", "czech"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("tip: a similar argument exists: '--rules'"),
        "{stderr}"
    );
    assert!(stderr.contains("Usage: dama"), "{stderr}");
}

#[test]
fn a_zero_move_time_says_what_is_allowed() {
    let line = fails_with_usage(&["analyze", "--movetime", "0"]);
    assert!(line.contains("must be at least 1 ms"), "{line:?}");
}

#[test]
fn international_perft_and_moves_on_the_10x10_board() {
    assert_eq!(
        stdout_of(&[
            "perft",
            "--rules",
            "international",
            "--depth",
            "5",
            "--threads",
            "1"
        ]),
        "1 9\n2 81\n3 658\n4 4265\n5 27117\n"
    );
    assert_eq!(
        stdout_of(&[
            "moves",
            "--rules",
            "international",
            "--fen",
            "W:W28:BK22,K11,23,14"
        ]),
        "28x17x6\n28x19x10\n"
    );
    let refused = |args: &[&str]| {
        let out = dama().args(args).output().expect("dama runs");
        assert_eq!(out.status.code(), Some(2), "dama {args:?}");
        assert!(out.stdout.is_empty());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert_eq!(
        refused(&["moves", "--rules", "international", "--fen", "W:W51:B1"]),
        "dama: bad FEN: bad square '51': square number 51 is not in 1-50\n"
    );
}

/// The names people use: `checkers` and `standard` for the rule sets, `computer` for the
/// engine (newcomer finding 15).
#[test]
fn aliases_of_rule_sets_and_players() {
    assert_eq!(
        stdout_of(&["moves", "--rules", "checkers"]),
        stdout_of(&["moves", "--rules", "english"])
    );
    assert_eq!(
        stdout_of(&["perft", "--rules", "standard", "--depth", "3"])
            .lines()
            .next(),
        stdout_of(&["perft", "--rules", "international", "--depth", "3"])
            .lines()
            .next()
    );
    let out = dama()
        .args([
            "play", "--rules", "czech", "--lang", "en", "--black", "computer",
        ])
        .args(["--depth", "1", "--no-book"])
        .write_stdin("c3-d4\nquit\n")
        .output()
        .expect("dama runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Black (computer) plays"), "{text}");
}
