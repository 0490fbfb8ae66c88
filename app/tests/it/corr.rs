//! `dama corr`: a correspondence game through its file, at fixed times (no clock read): moves
//! written with their times, an illegal move and an edited file refused with the file left as
//! it was, draw offers, claims and resignations.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use dama::corr::{CorrAction, CorrConfig, CorrError, NewGame, run};
use dama_core::{Color, Variant};

/// 2026-12-06 05:41:00 UTC, and `hours` later.
fn at(hours: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_535_660 + hours * 3600)
}

fn config(file: &Path, action: CorrAction) -> CorrConfig {
    CorrConfig {
        file: file.to_path_buf(),
        action,
        colored: false,
    }
}

/// Runs `action` on `file` at `hours` after the start; what it wrote, or its error.
fn corr(file: &Path, action: CorrAction, hours: u64) -> Result<String, CorrError> {
    let mut out = Vec::new();
    run(&config(file, action), at(hours), &mut out)?;
    Ok(String::from_utf8(out).unwrap())
}

fn play(file: &Path, mv: &str, hours: u64) -> Result<String, CorrError> {
    corr(
        file,
        CorrAction::Move {
            text: mv.into(),
            offer_draw: false,
        },
        hours,
    )
}

fn new_game(dir: &Path, rules: Variant) -> PathBuf {
    let file = dir.join("game.pdn");
    let new = NewGame {
        rules,
        white: "Ann".into(),
        black: "Bob".into(),
        days: 3,
        event: "Club correspondence".into(),
    };
    corr(&file, CorrAction::New(new), 0).unwrap();
    file
}

/// The lines after the board and its legend.
fn after_board(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let legend = lines
        .iter()
        .position(|l| l.starts_with("o white man"))
        .unwrap();
    lines[legend + 1..].to_vec()
}

#[test]
fn a_game_goes_back_and_forth_through_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_game(dir.path(), Variant::Czech);
    let out = corr(&file, CorrAction::Show, 1).unwrap();
    assert_eq!(
        out.lines().next(),
        Some("Ann (White) against Bob (Black), czech, 3 days a move")
    );
    assert_eq!(
        after_board(&out),
        [
            "No move yet.",
            "White (Ann) to move, by 2026-12-09 05:41:00 UTC (2 days 23 h left).",
        ]
    );
    assert_eq!(
        play(&file, "c3-d4", 2).unwrap().lines().next(),
        Some("White played c3-d4.")
    );
    assert_eq!(
        play(&file, "f6-g5", 30).unwrap().lines().next(),
        Some("Black played f6-g5.")
    );
    let out = play(&file, "b2-c3", 40).unwrap();
    assert_eq!(
        after_board(&out),
        [
            "Moves, with when each was made:",
            "  1. c3-d4 2026-12-06 07:41:00 UTC",
            "  2. f6-g5 2026-12-07 11:41:00 UTC",
            "  3. b2-c3 2026-12-07 21:41:00 UTC",
            "Black (Bob) to move, by 2026-12-10 21:41:00 UTC (3 days left).",
        ]
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let tags: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags[..10],
        [
            "[Event \"Club correspondence\"]",
            "[Site \"?\"]",
            "[Date \"2026.12.06\"]",
            "[Round \"-\"]",
            "[White \"Ann\"]",
            "[Black \"Bob\"]",
            "[Result \"*\"]",
            "[GameType \"29\"]",
            "[CorrespondenceDays \"3\"]",
            "[CorrespondenceStart \"2026-12-06T05:41:00Z\"]",
        ]
    );
    assert!(tags[10].starts_with("[Checksum \""), "{text}");
    assert!(
        text.ends_with(
            "\n\n1. c3-d4 {[%sent 2026-12-06T07:41:00Z]} 1... f6-g5\n\
             {[%sent 2026-12-07T11:41:00Z]} 2. b2-c3 {[%sent 2026-12-07T21:41:00Z]} *\n"
        ),
        "{text}"
    );
    // Any program reads it as a PDN game.
    let record = dama_core::pdn::read::<dama_core::Czech>(&text).unwrap();
    assert_eq!(record.game.moves().len(), 3);
}

#[test]
fn an_illegal_move_and_an_edited_file_are_refused_and_the_file_is_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_game(dir.path(), Variant::Czech);
    play(&file, "c3-d4", 1).unwrap();
    let before = std::fs::read(&file).unwrap();
    let e = play(&file, "c3-d4", 2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "There is no piece on c3. The file is left as it is."
    );
    let e = play(&file, "a3-b4", 2).unwrap_err();
    assert!(matches!(e, CorrError::Refused(_)), "{e}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A move changed by hand: the checksum no longer matches.
    let edited = String::from_utf8(before.clone())
        .unwrap()
        .replace("c3-d4", "a3-b4");
    std::fs::write(&file, &edited).unwrap();
    let e = play(&file, "f6-g5", 3).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: its Checksum does not match its text: the file was edited or damaged. \
             The file is left as it is.",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    // Damaged on the way: cut short.
    let cut = &before[..before.len() / 2];
    std::fs::write(&file, cut).unwrap();
    assert!(matches!(
        corr(&file, CorrAction::Show, 3),
        Err(CorrError::Corrupt { .. })
    ));
    assert_eq!(std::fs::read(&file).unwrap(), cut);
    // Not a game at all, and no file.
    std::fs::write(&file, "hello\n").unwrap();
    let e = corr(&file, CorrAction::Show, 3).unwrap_err();
    assert!(e.to_string().contains("no Checksum tag"), "{e}");
    let e = corr(&dir.path().join("none.pdn"), CorrAction::Show, 3).unwrap_err();
    assert!(matches!(e, CorrError::File(_)), "{e}");
    // A new game never overwrites a file.
    let new = NewGame {
        rules: Variant::Czech,
        white: "A".into(),
        black: "B".into(),
        days: 1,
        event: "x".into(),
    };
    let e = corr(&file, CorrAction::New(new), 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{} exists already: a new game needs a new file. The file is left as it is.",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "hello\n");
}

#[test]
fn a_draw_is_offered_with_a_move_and_accepted_or_declined() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_game(dir.path(), Variant::Czech);
    let offer = |mv: &str, hours| {
        corr(
            &file,
            CorrAction::Move {
                text: mv.into(),
                offer_draw: true,
            },
            hours,
        )
    };
    let out = offer("c3-d4", 1).unwrap();
    assert_eq!(
        out.lines().next(),
        Some("White played c3-d4 and offers a draw.")
    );
    assert_eq!(
        out.lines().last(),
        Some("White offers a draw: dama corr accept-draw accepts it, a move declines it.")
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[DrawOffer \"White\"]")
    );
    // Declined by a move; White cannot accept its own offer.
    play(&file, "f6-g5", 2).unwrap();
    let e = corr(&file, CorrAction::AcceptDraw, 3).unwrap_err();
    assert_eq!(
        e.to_string(),
        "White has no draw offer to accept: Black did not offer one with the last move. \
         The file is left as it is."
    );
    offer("b2-c3", 3).unwrap();
    let out = corr(&file, CorrAction::AcceptDraw, 4).unwrap();
    assert_eq!(out.lines().next(), Some("Black accepts the draw."));
    assert_eq!(
        out.lines().last(),
        Some("The game is over: 1/2-1/2 (Draw by agreement.)")
    );
    let e = play(&file, "g7-f6", 5).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The game is over (1/2-1/2). The file is left as it is."
    );
}

#[test]
fn a_time_overstep_is_claimed_after_the_days_and_a_side_resigns() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_game(dir.path(), Variant::International);
    play(&file, "32-28", 1).unwrap();
    let e = corr(&file, CorrAction::Claim, 72).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Black has until 2026-12-09 06:41:00 UTC to move: no time overstepped. \
         The file is left as it is."
    );
    let out = corr(&file, CorrAction::Show, 74).unwrap();
    assert_eq!(
        out.lines().last(),
        Some(
            "Black (Bob) to move, by 2026-12-09 06:41:00 UTC: overstepped, White may claim the \
             game (dama corr claim)."
        )
    );
    let out = corr(&file, CorrAction::Claim, 74).unwrap();
    assert_eq!(
        out.lines().next(),
        Some(
            "Black overstepped the time (2026-12-09 06:41:00 UTC was the last moment): White wins."
        )
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Result \"1-0\"]") && text.contains("[Termination \"time forfeit\"]"));
    assert!(
        corr(&file, CorrAction::Show, 75)
            .unwrap()
            .contains("The game is over: 1-0")
    );

    let dir = tempfile::tempdir().unwrap();
    let file = new_game(dir.path(), Variant::Russian);
    play(&file, "c3-d4", 1).unwrap();
    let out = corr(&file, CorrAction::Resign(Some(Color::White)), 2).unwrap();
    assert_eq!(out.lines().next(), Some("White resigns."));
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[Result \"0-1\"]")
    );
}

#[test]
fn the_command_line_plays_by_correspondence() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cli.pdn");
    let dama = || assert_cmd::Command::cargo_bin("dama").unwrap();
    dama()
        .args(["--rules", "czech", "corr", "new"])
        .arg(&file)
        .args(["--white-name", "Ann", "--black-name", "Bob", "--days", "2"])
        .assert()
        .success();
    dama()
        .args(["corr", "move"])
        .arg(&file)
        .arg("c3-d4")
        .assert()
        .success();
    let before = std::fs::read(&file).unwrap();
    let out = dama()
        .args(["corr", "move"])
        .arg(&file)
        .arg("c3-d4")
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(
        err,
        "dama: There is no piece on c3. The file is left as it is.\n"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let out = dama().args(["corr", "show"]).arg(&file).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("Black (Bob) to move, by "), "{text}");
}
