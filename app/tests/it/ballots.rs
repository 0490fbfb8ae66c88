//! The opening ballots (`docs/rules.md`): every ballot of the two files legal and the game
//! going on after it, the files' numbering against their sources', `dama play --ballot N`
//! (an exact transcript, undo, PDN), `dama tui --ballot N`, `dama match --openings ballots`
//! and the refusals.

use std::collections::HashSet;

use assert_cmd::Command;
use dama::ballots::{self, Ballot};
use dama::console::{Options, play};
use dama::engines::EngineRules;
use dama::tui::{Event, Key};
use dama_core::game::Game;
use dama_core::pdn::{self, read_games};
use dama_core::{BoardRules, English, Italian, Variant};

use crate::tui_common;

fn dama() -> Command {
    let mut cmd = Command::cargo_bin("dama").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Every ballot of `R`'s file, played move by move from the start: each move one of the legal
/// moves as `R` writes it, the game not over after the last; no two ballots the same.
fn every_ballot_plays<R: EngineRules>(count: usize) {
    let ballots = ballots::all(dama_core::DynRules::of::<R>()).expect("the file parses");
    assert_eq!(ballots.len(), count, "{}", R::INFO.name);
    let mut seen = HashSet::new();
    for (i, opening) in ballots.iter().enumerate() {
        assert_eq!(opening.start, R::start());
        assert_eq!(opening.moves.len(), 3, "ballot {} is three moves", i + 1);
        let game: Game<R> = opening
            .game(R::default())
            .unwrap_or_else(|| panic!("{} ballot {} does not play", R::INFO.name, i + 1));
        assert!(!game.is_over());
        assert_eq!(game.moves().count(), 3);
        assert!(seen.insert(opening.moves.clone()), "ballot {} twice", i + 1);
    }
}

#[test]
fn every_english_ballot_is_legal_and_the_game_goes_on() {
    every_ballot_plays::<English>(156);
}

#[test]
fn every_italian_ballot_is_legal_and_the_game_goes_on() {
    every_ballot_plays::<Italian>(174);
}

/// The numbers the file's comments give its ballots (`# ACF 6, Inferno` gives 6).
fn source_numbers(text: &str, key: &str) -> Vec<usize> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let comment = line.split_once('#').expect("a comment").1.trim();
            let number = comment
                .strip_prefix(key)
                .unwrap_or_else(|| panic!("{line}"))
                .trim()
                .split(',')
                .next()
                .unwrap();
            number.parse().unwrap()
        })
        .collect()
}

#[test]
fn the_files_follow_their_sources_numbering() {
    // English: the ACF's 174 in order, the 18 barred ones left out.
    let barred = [
        3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171,
    ];
    let expected: Vec<usize> = (1..=174).filter(|n| !barred.contains(n)).collect();
    assert_eq!(source_numbers(ballots::ENGLISH, "ACF"), expected);
    // Italian: ballot N is the FID's opening N.
    assert_eq!(
        source_numbers(ballots::ITALIAN, "FID"),
        (1..=174).collect::<Vec<_>>()
    );
    // Each file names its source and its count in its opening comment.
    for (text, count) in [(ballots::ENGLISH, "156"), (ballots::ITALIAN, "174")] {
        let header: String = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(header.contains("Source"), "{header}");
        assert!(header.contains(&format!("Entries: {count}")), "{header}");
    }
    // The rule sets without a file have no ballots.
    for rules in Variant::on_board(dama_core::BoardKind::Board8) {
        let has = matches!(rules, Variant::English | Variant::Italian);
        assert_eq!(ballots::text(rules).is_some(), has, "{rules}");
    }
}

/// The arguments, input and expected output of the transcript `name` under
/// `tests/fixtures/ballots`.
fn fixture(name: &str) -> (Vec<String>, Vec<u8>, String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ballots");
    let read = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).unwrap();
    let args = String::from_utf8(read("args"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (args, read("in"), String::from_utf8(read("out")).unwrap())
}

#[test]
fn an_english_game_from_ballot_1_transcript() {
    // dama play --rules english --ballot 1: the ballot named with its moves, the board after
    // them, White to move at 2...; undo keeps the ballot's moves, takes back the game's.
    let (args, input, expected) = fixture("english-1");
    let out = dama().args(&args).write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(out.stderr.is_empty());
    // The same with `play` written out.
    let (args, input, _) = fixture("english-1");
    let out = dama()
        .arg("play")
        .args(&args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

/// The console's output for `input`, two people from `ballot` of the English rules.
fn english_session(ballot: &Ballot, input: &str) -> String {
    let opts = Options {
        ballot: Some(ballot.clone()),
        start: <English as BoardRules>::start(),
        ..Options::new(Variant::English)
    };
    let mut out = Vec::new();
    play(&opts, &mut input.as_bytes(), &mut out).expect("a session");
    String::from_utf8(out).unwrap()
}

#[test]
fn a_saved_game_holds_the_ballots_moves_and_loads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ballot.pdn");
    let ballot = ballots::ballot(Variant::English, 5).unwrap();
    assert_eq!(ballot.moves_text(), "9-13 22-18 10-14");
    let shown = english_session(
        &ballot,
        &format!("18x9\n5x14\nsave {}\nfen\nquit\n", path.display()),
    );
    assert!(shown.contains("Ballot 5: 9-13 22-18 10-14\n"), "{shown}");
    let fen_before = shown
        .split_once("3... White to move: fen\n")
        .and_then(|(_, rest)| rest.lines().next())
        .expect("the fen line")
        .to_string();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("1. 9-13 22-18 2. 10-14 18x9 3. 5x14 *"),
        "{text}"
    );
    let record = pdn::read::<English>(&text).unwrap();
    assert_eq!(*record.game.start(), <English as BoardRules>::start());
    let moves: Vec<String> = record
        .game
        .moves()
        .map(|m| <English as BoardRules>::INFO.notation.write(m))
        .collect();
    assert_eq!(moves, ["9-13", "22-18", "10-14", "18x9", "5x14"]);
    // Loaded back, the same position; a loaded game is an ordinary one (its moves, the
    // ballot's too, can be taken back).
    let out = dama()
        .args(["play", "--rules", "english", "--load"])
        .arg(&path)
        .write_stdin("fen\nundo\nundo\nundo\nundo\nundo\nfen\nquit\n")
        .output()
        .unwrap();
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(
        shown.contains(&format!("3... White to move: fen\n{fen_before}\n")),
        "{shown}"
    );
    assert!(shown.contains("Taken back: 9-13\n"), "{shown}");
}

#[test]
fn play_again_starts_from_the_ballot_again() {
    let ballot = ballots::ballot(Variant::English, 5).unwrap();
    let shown = english_session(&ballot, "resign\ny\nfen\nquit\n");
    assert_eq!(
        shown.matches("Ballot 5: 9-13 22-18 10-14\n").count(),
        2,
        "{shown}"
    );
    assert!(
        shown.contains("2... White to move: fen\nW:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,14\n"),
        "{shown}"
    );
}

#[test]
fn the_engine_plays_on_from_the_ballot() {
    // Against the engine (White), after ballot 5 White must take: 18x9.
    let ballot = ballots::ballot(Variant::English, 5).unwrap();
    let mut opts = Options {
        ballot: Some(ballot),
        start: <English as BoardRules>::start(),
        white: dama::play::session::PlayerKind::Engine,
        ..Options::new(Variant::English)
    };
    opts.limits.depth = Some(2);
    let mut out = Vec::new();
    play(&opts, &mut "undo\nquit\n".as_bytes(), &mut out).unwrap();
    let shown = String::from_utf8(out).unwrap();
    assert!(shown.contains("White (computer) plays 18x9"), "{shown}");
    // The person (Black) takes back their reply-less turn: nothing of theirs after the ballot.
    assert!(
        shown.contains("3. Black to move: undo\nNone of your moves to take back yet.\n"),
        "{shown}"
    );
}

#[test]
fn an_italian_game_starts_from_its_ballot() {
    let ballot = ballots::ballot(Variant::Italian, 129).unwrap();
    assert_eq!(ballot.moves_text(), "23-19 12-15 19x12");
    let out = dama()
        .args(["--rules", "italian", "--ballot", "129", "--color", "never"])
        .write_stdin("fen\nundo\nquit\n")
        .output()
        .unwrap();
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(shown.contains("Ballot 129: 23-19 12-15 19x12\n"), "{shown}");
    assert!(
        shown.contains("Black to move: undo\nNothing to take back: the ballot's moves stay.\n"),
        "{shown}"
    );
}

#[test]
fn the_tui_starts_after_the_ballot_and_keeps_it() {
    let mut cfg = tui_common::config(false);
    cfg.ballot = Some(ballots::ballot(Variant::English, 1).unwrap());
    let mut app = tui_common::new_app::<English>(cfg);
    let written = |app: &dama::tui::App<dama_core::Board8>| -> Vec<String> {
        app.game()
            .moves()
            .map(|m| <English as BoardRules>::INFO.notation.write(m))
            .collect()
    };
    assert_eq!(written(&app), ["9-13", "21-17", "5-9"]);
    assert_eq!(app.messages().last().unwrap(), "Ballot 1: 9-13 21-17 5-9");
    app.handle(Event::Key(Key::Char('u')));
    assert_eq!(
        app.messages().last().unwrap(),
        "Nothing to take back: the ballot's moves stay."
    );
    assert_eq!(written(&app).len(), 3);
    // A new game starts from the ballot again.
    for c in "25-21".chars() {
        app.handle(Event::Key(Key::Char(c)));
    }
    app.handle(Event::Key(Key::Enter));
    assert_eq!(written(&app).len(), 4);
    app.handle(Event::Key(Key::Char('u')));
    assert_eq!(written(&app).len(), 3);
    app.handle(Event::Key(Key::Char('n')));
    assert_eq!(written(&app), ["9-13", "21-17", "5-9"]);
}

/// Runs `dama ARGS`, expects exit status 2, nothing on standard output and exactly `message`
/// (one line) on standard error.
fn refused(args: &[&str], message: &str) {
    let out = dama().args(args).write_stdin("").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "dama {args:?}");
    assert!(out.stdout.is_empty(), "dama {args:?}");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("dama: {message}\n"),
        "dama {args:?}"
    );
}

#[test]
fn bad_ballots_are_refused_with_one_line() {
    refused(
        &["--rules", "english", "--ballot", "157"],
        "there is no ballot 157: the english ballots are numbered 1 to 156",
    );
    refused(
        &["play", "--rules", "italian", "--ballot", "0"],
        "there is no ballot 0: the italian ballots are numbered 1 to 174",
    );
    refused(
        &["--ballot", "1"],
        "the spanish rules have no ballots (ballots are for english or italian)",
    );
    refused(
        &["tui", "--rules", "czech", "--ballot", "3"],
        "the czech rules have no ballots (ballots are for english or italian)",
    );
    refused(
        &["--rules", "english", "--ballot", "1", "--fen", "W:W21:B1"],
        "--ballot starts from the initial position: not with --fen or --load",
    );
    refused(
        &["--rules", "english", "--ballot", "1", "--load", "game.pdn"],
        "--ballot starts from the initial position: not with --fen or --load",
    );
    refused(
        &["moves", "--rules", "english", "--ballot", "1"],
        "--ballot is not an option of 'dama moves'",
    );
    refused(
        &[
            "match", "--rules", "english", "--ballot", "1", "depth=1", "depth=1",
        ],
        "--ballot is not an option of 'dama match'",
    );
    refused(
        &[
            "match",
            "--rules",
            "czech",
            "--openings",
            "ballots",
            "depth=1",
            "depth=1",
        ],
        "--openings ballots: the czech rules have no ballots (ballots are for english or italian)",
    );
    refused(
        &[
            "match",
            "--rules",
            "english",
            "--openings",
            "ballots",
            "--fen",
            "W:W21,22:B1,2",
            "depth=1",
            "depth=1",
        ],
        "--openings ballots starts from the initial position: not with --fen",
    );
}

#[test]
fn a_match_from_the_ballots_plays_each_twice_with_colours_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ballots.pdn");
    let out = dama()
        .args([
            "match",
            "--rules",
            "english",
            "--openings",
            "ballots",
            "--games",
            "4",
            "--engine1",
            "depth=1,tables=off,name=one",
            "--engine2",
            "depth=2,tables=off,name=two",
            "--pdn",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.starts_with(
            "match: one vs two, english rules, up to 4 games, 156 openings, concurrency 1\n"
        ),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let records: Vec<_> = read_games::<English>(&text)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), 4);
    let first = ballots::ballot(Variant::English, 1).unwrap().opening.moves;
    let second = ballots::ballot(Variant::English, 2).unwrap().opening.moves;
    for (record, ballot) in records.iter().zip([&first, &first, &second, &second]) {
        let opening: Vec<String> = record
            .game
            .moves()
            .take(3)
            .map(|m| <English as BoardRules>::INFO.notation.write(m))
            .collect();
        assert_eq!(&opening, ballot);
        assert_eq!(*record.game.start(), <English as BoardRules>::start());
        let tag = |name: &str| crate::tag(&record.tags, name);
        assert!(["one", "two"].contains(&tag("Black").as_str()));
        assert_ne!(tag("Black"), tag("White"));
    }
    let blacks: Vec<String> = records
        .iter()
        .map(|r| {
            r.tags
                .iter()
                .find(|(n, _)| n == "Black")
                .map(|(_, v)| v.clone())
                .unwrap()
        })
        .collect();
    assert_ne!(
        blacks[0], blacks[1],
        "the two games of a ballot swap colours"
    );
    assert_ne!(
        blacks[2], blacks[3],
        "the two games of a ballot swap colours"
    );
}
