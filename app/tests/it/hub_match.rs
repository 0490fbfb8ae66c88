//! `dama match` with `hub=` players: this build's `dama hub`, and fake Hub engines that
//! crash, hang, name an illegal move or none; such a player loses that game, with the
//! reason in the report's progress lines and in the PDN, and the match goes on.

use assert_cmd::Command;

fn fake(mode: &str) -> String {
    format!(
        "hub={}/tests/fixtures/hub/fake.sh {mode},movetime=100,name={mode}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Runs a match and returns its report, progress lines and PDN.
fn run(engine1: &str, engine2: &str, games: &str, extra: &[&str]) -> (String, String, String) {
    run_on("russian", engine1, engine2, games, extra)
}

/// The same under the rules `rules`.
fn run_on(
    rules: &str,
    engine1: &str,
    engine2: &str,
    games: &str,
    extra: &[&str],
) -> (String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("games.pdn");
    let output = Command::cargo_bin("dama")
        .unwrap()
        .args(["match", "--rules", rules, "--games", games])
        .args(["--engine1", engine1, "--engine2", engine2])
        .arg(format!("--pdn={}", pdn.display()))
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let pdn = std::fs::read_to_string(pdn).unwrap();
    (stdout, stderr, pdn)
}

fn value<'r>(report: &'r str, key: &str) -> &'r str {
    report
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("{key} in {report}"))
}

#[test]
fn dama_hub_plays_this_builds_engine() {
    let hub = format!("hub={} hub,depth=3,name=hub", env!("CARGO_BIN_EXE_dama"));
    let (report, _, pdn) = run(&hub, "depth=3,tables=off,name=own", "4", &[]);
    assert_eq!(value(&report, "games"), "4", "{report}");
    assert_eq!(value(&report, "forfeits"), "0", "{report}");
    assert!(!pdn.contains("Termination"));
}

#[test]
fn dama_hub_on_a_clock() {
    let hub = format!("hub={} hub,name=hub", env!("CARGO_BIN_EXE_dama"));
    let (report, _, _) = run(&hub, "depth=2,name=own", "2", &["--time", "5s+100ms"]);
    assert_eq!(value(&report, "forfeits"), "0", "{report}");
}

#[test]
fn crashing_hanging_and_illegal_players_lose_and_the_match_goes_on() {
    for (mode, reason) in [
        ("crash", "the engine ended while thinking"),
        ("hang", "did not answer within"),
        ("illegal", "played an illegal move '1-32"),
        ("junk", "cannot think"),
    ] {
        let (report, progress, pdn) = run(&fake(mode), "depth=1,name=own", "2", &[]);
        assert_eq!(value(&report, "games"), "2", "{mode}: {report}");
        assert_eq!(value(&report, "losses"), "2", "{mode}: {report}");
        assert_eq!(value(&report, "forfeits"), "2", "{mode}: {report}");
        assert!(progress.contains(reason), "{mode}: {progress}");
        assert_eq!(pdn.matches("[Termination \"").count(), 2, "{mode}: {pdn}");
        assert!(pdn.contains(reason), "{mode}: {pdn}");
    }
}

/// A Hub engine's `book` parameter follows the match's `--book` (off without it): the fake
/// engine plays a move only when told `book=false`, so without `--book` it loses by ending at
/// its second move, with `--book` (or its own `param.book=true`) by an illegal first move.
#[test]
fn a_hub_engines_book_follows_the_match() {
    let ended = "the engine ended while thinking";
    let illegal = "played an illegal move '1-32";
    for (player, extra, reason) in [
        (fake("book"), &[][..], ended),
        (fake("book"), &["--book"][..], illegal),
        (
            format!("{},param.book=true", fake("book")),
            &[][..],
            illegal,
        ),
        (
            format!("{},param.book=false", fake("book")),
            &["--book"][..],
            ended,
        ),
    ] {
        let (report, progress, pdn) = run(&player, "depth=1,name=own", "2", extra);
        assert_eq!(
            value(&report, "forfeits"),
            "2",
            "{player} {extra:?}: {report}"
        );
        assert!(progress.contains(reason), "{player} {extra:?}: {progress}");
        assert!(pdn.contains(reason), "{player} {extra:?}: {pdn}");
    }
}

#[test]
fn a_hub_program_that_cannot_start_fails_the_match_once() {
    let output = Command::cargo_bin("dama")
        .unwrap()
        .args(["match", "--rules", "russian", "--games", "2"])
        .args([
            "--engine1",
            "hub=/no/such/engine hub",
            "--engine2",
            "depth=1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("cannot run /no/such/engine hub"),
        "{stderr}"
    );
}

/// On 10×10 the Hub engine is told the variant by Scan's name, `normal`, and given Scan's
/// positions (the side to move and 50 squares) and moves; node budgets on both sides, so
/// nothing depends on the machine's speed.
#[test]
fn international_match_with_a_hub_engine_by_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sent.txt");
    let hub = format!(
        "hub={}/tests/fixtures/hub/logged.sh {} {},nodes=3000,name=hub",
        env!("CARGO_MANIFEST_DIR"),
        log.display(),
        env!("CARGO_BIN_EXE_dama")
    );
    let (report, progress, pdn) = run_on(
        "international",
        &hub,
        "nodes=3000,tables=off,name=own",
        "2",
        &[],
    );
    assert_eq!(value(&report, "games"), "2", "{report}");
    assert_eq!(value(&report, "forfeits"), "0", "{report}\n{progress}");
    assert!(
        progress.starts_with("match: hub vs own, international rules"),
        "{progress}"
    );
    assert_eq!(pdn.matches("[GameType \"20\"]").count(), 2, "{pdn}");
    assert!(!pdn.contains("Termination"), "{pdn}");
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.contains("set-param name=variant value=normal\n"),
        "{sent}"
    );
    assert!(sent.contains("level nodes=3000\n"), "{sent}");
    let positions: Vec<&str> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("pos pos="))
        .collect();
    assert!(!positions.is_empty(), "{sent}");
    for pos in positions {
        let board = pos.split(' ').next().unwrap();
        assert_eq!(board.len(), 51, "{pos}");
        assert!(board.starts_with('W') || board.starts_with('B'), "{pos}");
        assert!(board[1..].bytes().all(|b| b"wbWBe".contains(&b)), "{pos}");
    }
}

/// A 10×10 move that is not legal forfeits the game, as on 8×8.
#[test]
fn an_illegal_international_move_loses() {
    let (report, progress, pdn) = run_on(
        "international",
        &fake("illegal"),
        "nodes=500,name=own",
        "2",
        &[],
    );
    assert_eq!(value(&report, "losses"), "2", "{report}");
    assert_eq!(value(&report, "forfeits"), "2", "{report}");
    assert!(
        progress.contains("played an illegal move '1-32"),
        "{progress}"
    );
    assert_eq!(pdn.matches("[Termination \"").count(), 2, "{pdn}");
}
