//! `dama match` from the command line: self-play at 50%, the SPRT stopping a lopsided match,
//! the PDN file read back game by game, another `dama` as a player, the clock, and bad
//! options refused with one line and exit status 2.

use std::collections::HashMap;

use assert_cmd::Command;
use dama_core::Color;
use dama_core::game::Outcome;
use dama_core::pdn::read_games;
use dama_core::{Czech, Spanish};

fn dama() -> Command {
    Command::cargo_bin("dama").unwrap()
}

/// Runs `dama match ARGS`, expecting success; returns the report's `key value` lines and the
/// progress text.
fn run_match(args: &[&str]) -> (HashMap<String, String>, String) {
    let output = dama().arg("match").args(args).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report = stdout
        .lines()
        .map(|line| {
            let (key, value) = line.split_once(' ').expect("key value");
            (key.to_string(), value.to_string())
        })
        .collect();
    (report, stderr)
}

fn number(report: &HashMap<String, String>, key: &str) -> f64 {
    report[key]
        .parse()
        .unwrap_or_else(|_| panic!("{key}: {}", report[key]))
}

#[test]
fn the_players_may_be_given_without_their_flags() {
    let (report, _) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "2",
        "depth=1,tables=off",
        "depth=2,tables=off",
    ]);
    assert_eq!(number(&report, "games"), 2.0);
    let output = dama()
        .args(["match", "--rules", "czech", "depth=1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_configuration_against_itself_scores_half_within_its_error_bar() {
    // Level 2 (depth 2 with ±1 man of noise): every game differs, so the error bar means
    // something. The seeds are fixed and the endgame tables off (their small classes are
    // built on a thread and used when ready, which would make the games depend on timing),
    // so the result is the same on every run and machine (each game's seeds follow its
    // number, whichever worker plays it: one worker gives the same report as two); the check
    // allows the 99.9% interval (3.29/1.96 of the 95% bar), so that a fair pair of seeds
    // passes it.
    let args = |concurrency| {
        [
            "--rules",
            "czech",
            "--games",
            "300",
            "--concurrency",
            concurrency,
            "--engine1",
            "level=2,tables=off",
            "--engine2",
            "level=2,tables=off",
        ]
    };
    let (report, progress) = run_match(&args("2"));
    assert_eq!(
        run_match(&args("1")).0,
        report,
        "the same games on one worker"
    );
    assert_eq!(report["games"], "300");
    let (w, d, l) = (
        number(&report, "wins"),
        number(&report, "draws"),
        number(&report, "losses"),
    );
    assert_eq!(w + d + l, 300.0);
    assert!((number(&report, "score") - (w + d / 2.0) / 300.0).abs() < 1e-4);
    let (elo, error) = (number(&report, "elo"), number(&report, "elo_error"));
    assert!(error > 5.0 && error < 60.0, "error bar {error}");
    assert!(elo.abs() <= error * 3.29 / 1.96, "elo {elo} ± {error}");
    assert_eq!(report["pairs"], "150");
    let penta: Vec<u64> = report["pentanomial"]
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(penta.iter().sum::<u64>(), 150);
    assert_eq!(
        progress.lines().filter(|l| l.starts_with("game ")).count(),
        300
    );
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let (report, progress) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "200",
        "--engine1",
        "depth=6",
        "--engine2",
        "depth=1",
        "--sprt",
        "0,50,0.05,0.05",
    ]);
    let games = number(&report, "games");
    assert!(games < 200.0, "{games} games");
    assert!(report["sprt"].starts_with("H1 llr "), "{}", report["sprt"]);
    let llr: f64 = report["sprt"].split(' ').nth(2).unwrap().parse().unwrap();
    assert!(llr >= 2.944, "{llr}");
    assert!(number(&report, "elo") > 100.0);
    assert!(
        progress.lines().last().unwrap().ends_with(" H1"),
        "{progress}"
    );
}

#[test]
fn the_pdn_file_loads_back_game_by_game() {
    let dir = tempdir();
    let path = dir.join("match.pdn");
    let (report, _) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "8",
        "--concurrency",
        "2",
        "--engine1",
        "depth=3,name=three",
        "--engine2",
        "nodes=400,name=small",
        "--pdn",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    let records: Vec<_> = read_games::<Czech>(&text)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), 8);
    let mut rounds: Vec<u64> = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for record in &records {
        let tag = |name: &str| crate::tag(&record.tags, name);
        rounds.push(tag("Round").parse().unwrap());
        // The built-in openings are three plies long, so every game has more moves.
        assert!(record.game.moves().count() > 3);
        let three = if tag("White") == "three" {
            Color::White
        } else {
            assert_eq!(tag("Black"), "three");
            Color::Black
        };
        match record.game.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == three => wins += 1,
            Some(Outcome::Win { .. }) => losses += 1,
            Some(Outcome::Draw(_)) => draws += 1,
            None => panic!("an unfinished game"),
        }
    }
    rounds.sort();
    assert_eq!(rounds, (1..=8).collect::<Vec<_>>());
    assert_eq!(report["wins"], wins.to_string());
    assert_eq!(report["draws"], draws.to_string());
    assert_eq!(report["losses"], losses.to_string());

    // The Spanish rules too (no draw rule there: the move cap ends long games).
    let path = dir.join("spanish.pdn");
    let (report, _) = run_match(&[
        "--rules",
        "spanish",
        "--games",
        "4",
        "--engine1",
        "depth=3",
        "--engine2",
        "level=3",
        "--max-plies",
        "120",
        "--pdn",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    let records: Vec<_> = read_games::<Spanish>(&text)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), 4);
    assert!(records.iter().all(|r| r.game.is_over()));
    assert!(records.iter().all(|r| r.game.moves().count() <= 120));
    assert_eq!(report["games"], "4");
}

#[test]
fn another_dama_plays_through_analyze() {
    let bin = assert_cmd::cargo::cargo_bin("dama");
    let cmd = format!("cmd={},depth=2,name=child", bin.display());
    let (report, progress) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "2",
        "--engine1",
        "depth=2",
        "--engine2",
        &cmd,
    ]);
    assert_eq!(report["games"], "2");
    assert_eq!(report["forfeits"], "0", "{progress}");
    assert_eq!(report["engine2"], "child");
    // The same search on both sides, and the same opening with each colour: the two games
    // are the same game, so each side wins once or both are drawn.
    assert_eq!(report["wins"], report["losses"]);
}

#[test]
fn a_player_out_of_time_loses() {
    // One millisecond on the clock: the engine's least thinking time is 5 ms, so it always
    // runs out on its first move, whatever the machine's load.
    let (report, progress) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "4",
        "--engine1",
        "time=1ms,name=hasty",
        "--engine2",
        "depth=1",
    ]);
    assert_eq!(report["games"], "4");
    assert_eq!(report["losses"], "4", "{progress}");
    assert_eq!(report["forfeits"], "4");
    assert_eq!(progress.matches("lost on time").count(), 4, "{progress}");
    // A clock for both through --time: the game is played to its end (whether a clock runs
    // out on a loaded machine is not checked: no timing assertions).
    let (report, _) = run_match(&[
        "--rules",
        "czech",
        "--games",
        "1",
        "--time",
        "1s+20ms",
        "--engine1",
        "name=a",
        "--engine2",
        "name=b",
    ]);
    assert_eq!(report["games"], "1");
}

#[test]
fn the_node_budget_bounds_the_search() {
    let output = dama()
        .args(["analyze", "--rules", "czech", "--nodes", "3000"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let nodes: Vec<u64> = stdout
        .lines()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(nodes.len() >= 3, "{stdout}");
    assert!(nodes.iter().all(|&n| n <= 3000), "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("bestmove "));
}

#[test]
fn bad_options_are_named_on_the_first_line_with_status_2() {
    let dir = tempdir();
    let weights = dir.join("bad.toml");
    std::fs::write(&weights, "kinq = 250\n").unwrap();
    let bad_weights = format!("weights={}", weights.display());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--engine1", "depth=0", "--engine2", "depth=1"],
            "depth must be",
        ),
        (
            vec!["--engine1", "speed=3", "--engine2", "depth=1"],
            "bad player",
        ),
        (vec!["--engine1", "depth=1"], "--engine2"),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--sprt",
                "10,0,0.05,0.05",
            ],
            "bad --sprt",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--time",
                "5x",
            ],
            "bad time control",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--games",
                "0",
            ],
            "--games",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--concurrency",
                "17",
            ],
            "--concurrency",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--openings",
                "/no/such/file",
            ],
            "cannot read openings file",
        ),
        (
            vec!["--engine1", "depth=1", "--engine2", "cmd=/no/such/dama"],
            "cannot run /no/such/dama",
        ),
        (
            vec!["--engine1", &bad_weights, "--engine2", "depth=1"],
            "bad weights",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--fen",
                "W:Wa1:Bb2,c3",
            ],
            "the game is over",
        ),
        (
            vec![
                "--engine1",
                "depth=1",
                "--engine2",
                "depth=1",
                "--depth",
                "3",
            ],
            "--depth is not an option of 'dama match'",
        ),
    ];
    for (args, expected) in cases {
        let output = dama()
            .args(["match", "--rules", "czech"])
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        // What clap refuses: clap's message (as for every subcommand); a refusal of dama's
        // own: exactly one line.
        let first = stderr.lines().next().unwrap_or("");
        if first.starts_with("error: ") {
            assert!(stderr.contains(expected), "{args:?}: {stderr}");
        } else {
            assert!(first.starts_with("dama: "), "{args:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(first.contains(expected), "{args:?}: {stderr}");
        }
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// A fresh directory under the target's temporary directory.
fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dama-match-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
