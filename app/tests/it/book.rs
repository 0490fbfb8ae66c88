//! The opening books: reading (every malformation a typed error), `dama book show` and
//! `build`, the weighted choice, and engine games that vary with the book and not without.

use std::collections::HashSet;

use assert_cmd::Command;
use rayon::prelude::*;

use dama::book::{self, Book, BookError};
use dama_core::game::Game;
use dama_core::{BoardRules, Czech, Variant};
use dama_engine::{Engine, Limits};

const START: &str = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
const AFTER_C3D4: &str =
    "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

/// A small fixed book: two positions.
fn small_book() -> String {
    format!("# a small book\nbook czech\n{START} c3-d4=3 g3-h4=1\n\n{AFTER_C3D4} d6-e5=1\n")
}

fn dama() -> Command {
    Command::cargo_bin("dama").unwrap()
}

#[test]
fn book_show_lists_the_moves_and_weights() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.txt");
    std::fs::write(&path, small_book()).unwrap();
    let show = |fen: Option<&str>| {
        let mut cmd = dama();
        cmd.args(["book", "show", "--rules", "czech", "--file"])
            .arg(&path);
        if let Some(fen) = fen {
            cmd.arg(format!("--fen={fen}"));
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(out.stderr.is_empty());
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        show(None),
        format!(
            "book czech: 2 positions\nposition {START}\nc3-d4 weight 3 75.0%\ng3-h4 weight 1 25.0%\n"
        )
    );
    assert_eq!(
        show(Some(AFTER_C3D4)),
        format!("book czech: 2 positions\nposition {AFTER_C3D4}\nd6-e5 weight 1 100.0%\n")
    );
    assert_eq!(
        show(Some("W:Wc3:Bf6")),
        "book czech: 2 positions\nposition W:Wc3:Bf6\nno book moves\n"
    );
}

#[test]
fn book_show_refuses_a_bad_file_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, format!("book czech\n{START} c3-e5=1\n")).unwrap();
    let out = dama()
        .args(["book", "show", "--rules", "czech", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "dama: {}: book line 2: 'c3-e5' is not a legal move there\n",
            path.display()
        )
    );
    let out = dama()
        .args(["book", "show", "--rules", "russian", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "dama: {}: book line 1: the book is for 'czech', not for the russian rules\n",
            path.display()
        )
    );
}

#[test]
fn every_malformation_is_a_typed_error() {
    let parse = |text: &str| Book::parse(Variant::Czech, text).unwrap_err();
    let line = |rest: &str| format!("book czech\n{START} {rest}\n");
    assert_eq!(parse(""), BookError::MissingHeader(1));
    assert_eq!(parse("# only a comment\n"), BookError::MissingHeader(1));
    assert_eq!(
        parse(&format!("{START} c3-d4=1\n")),
        BookError::MissingHeader(1)
    );
    assert_eq!(
        parse("book\n"),
        BookError::WrongRules {
            line: 1,
            found: "".into(),
            expected: "czech"
        }
    );
    assert!(matches!(
        parse("book czech\nW:Wz9:Bf6 c3-d4=1\n"),
        BookError::Fen { line: 2, .. }
    ));
    assert_eq!(parse(&line("")), BookError::NoMoves(2));
    assert_eq!(
        parse(&line("c3-d4")),
        BookError::NotAMove {
            line: 2,
            text: "c3-d4".into()
        }
    );
    for weight in ["0", "-1", "x", "", "1000001", "99999999999"] {
        assert_eq!(
            parse(&line(&format!("c3-d4={weight}"))),
            BookError::BadWeight {
                line: 2,
                text: dama_core::text::excerpt(weight)
            },
            "{weight}"
        );
    }
    assert_eq!(
        parse(&line("c3-d4=1 d4-e5=1")),
        BookError::Illegal {
            line: 2,
            text: "d4-e5".into()
        }
    );
    assert_eq!(
        parse(&line("c3-d4=1 c3d4=2")),
        BookError::RepeatedMove {
            line: 2,
            text: "c3d4".into()
        }
    );
    assert_eq!(
        parse(&format!(
            "book czech\n{START} c3-d4=1\n# again\n{START} g3-h4=1\n"
        )),
        BookError::Duplicate { line: 4, first: 2 }
    );
    assert_eq!(
        parse(&"#".repeat(book::MAX_BOOK_BYTES + 1)),
        BookError::TooLarge
    );
    // The messages, as `dama book show --file` prints them after the file's name.
    assert_eq!(
        parse(&line("c3-d4=0")).to_string(),
        "book line 2: the weight '0' is not a number from 1 to 1000000"
    );
    assert_eq!(
        parse(&format!("book czech\n{START} c3-d4=1\n{START} g3-h4=1\n")).to_string(),
        "book line 3: the position of line 2 again"
    );
}

#[test]
fn a_book_writes_back_to_the_same_book() {
    let small = Book::parse(Variant::Czech, &small_book()).unwrap();
    let text = small.write(&["made by a test".to_string()]);
    assert_eq!(
        text,
        format!("# made by a test\nbook czech\n{START} c3-d4=3 g3-h4=1\n{AFTER_C3D4} d6-e5=1\n")
    );
    assert_eq!(Book::parse(Variant::Czech, &text).unwrap(), small);
    for rules in Variant::on_board(dama_core::BoardKind::Board8) {
        let built_in = Book::for_rules(rules);
        assert!(!built_in.is_empty(), "{}", rules.name());
        let again = Book::parse(rules, &built_in.write(&[])).unwrap();
        assert_eq!(again, built_in, "{}", rules.name());
    }
}

#[test]
fn the_choice_is_weighted_and_flatter_below_level_10() {
    let small = Book::parse(Variant::Czech, &small_book()).unwrap();
    let start = Czech::start();
    let names = |weights: Vec<(dama_core::Move, u64)>| -> Vec<(String, u64)> {
        weights
            .into_iter()
            .map(|(mv, w)| (Czech::INFO.notation.write(&mv), w))
            .collect()
    };
    assert_eq!(
        names(small.weights_at(&start, 10)),
        [("c3-d4".to_string(), 3000), ("g3-h4".to_string(), 1000)]
    );
    // 3^0.5 = 1.732, 3^0.1 = 1.116.
    assert_eq!(
        names(small.weights_at(&start, 5)),
        [("c3-d4".to_string(), 1732), ("g3-h4".to_string(), 1000)]
    );
    assert_eq!(
        names(small.weights_at(&start, 1)),
        [("c3-d4".to_string(), 1116), ("g3-h4".to_string(), 1000)]
    );
    // Seeded: the same seed, the same choices; both moves come; none off the book.
    let picks = |seed: u64| -> Vec<String> {
        let mut rng = book::rng(seed);
        (0..200)
            .map(|_| {
                let mv = small.pick(&start, &mut rng, 10).unwrap();
                Czech::INFO.notation.write(&mv)
            })
            .collect()
    };
    let first = picks(7);
    assert_eq!(first, picks(7));
    let c3d4 = first.iter().filter(|m| *m == "c3-d4").count();
    assert!((120..=180).contains(&c3d4), "{c3d4} of 200");
    assert!(first.iter().all(|m| m == "c3-d4" || m == "g3-h4"));
    let off_book = dama_core::fen::parse("W:Wc3:Bf6").unwrap();
    assert_eq!(small.pick(&off_book, &mut book::rng(1), 10), None);
}

/// Nodes per move: about 100 ms of this engine's search on one core.
const NODES: u64 = 40_000;
/// Plies played of each game (the books reach 10).
const PLIES: usize = 40;

/// One engine-against-engine game from the start, its moves written out: each engine
/// consults `book` first (its own random source seeded from `seed`).
fn engine_game(book: Option<&Book>, seed: u64) -> String {
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let mut engines = [
        Engine::with_seed(limits, seed),
        Engine::with_seed(limits, seed + 1),
    ];
    let mut rngs = [book::rng(2 * seed), book::rng(2 * seed + 1)];
    let mut game = Game::<Czech>::new(Czech::start());
    let mut moves = Vec::new();
    while game.outcome().is_none() && moves.len() < PLIES {
        let side = game.turn().index();
        let mv = book
            .and_then(|b| b.pick(game.position(), &mut rngs[side], 10))
            .or_else(|| engines[side].choose_move(&game))
            .unwrap();
        moves.push(Czech::INFO.notation.write(&mv));
        game.play(&mv);
    }
    moves.join(" ")
}

#[test]
fn twenty_engine_games_vary_with_the_book_and_not_without() {
    let czech = Book::for_rules(Variant::Czech);
    let with: Vec<String> = (0..20u64)
        .into_par_iter()
        .map(|seed| engine_game(Some(&czech), seed))
        .collect();
    let without: Vec<String> = (0..20u64)
        .into_par_iter()
        .map(|seed| engine_game(None, seed))
        .collect();
    let distinct: HashSet<&String> = with.iter().collect();
    assert!(distinct.len() >= 10, "{} different games", distinct.len());
    let distinct: HashSet<&String> = without.iter().collect();
    assert_eq!(distinct.len(), 1, "{without:#?}");
    // The same seeds, the same games.
    assert_eq!(engine_game(Some(&czech), 3), with[3]);
}

#[test]
fn book_build_from_games_and_from_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("games.pdn");
    std::fs::write(
        &pdn,
        "[Event \"a\"]\n1. c3-d4 d6-e5 2. b2-c3 1-0\n\n[Event \"b\"]\n1. c3-d4 f6-g5 *\n\n\
         [Event \"c\"]\n1. g3-h4 d6-e5 *\n\n[Event \"d\"]\n1. c3-c4 *\n",
    )
    .unwrap();
    let out_path = dir.path().join("book.txt");
    let out = dama()
        .args([
            "book",
            "build",
            "--rules",
            "czech",
            "--plies",
            "2",
            "--from-pdn",
        ])
        .arg(&pdn)
        .arg("--out")
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "book czech: 3 positions, 5 moves, written to {}\n",
            out_path.display()
        )
    );
    let after_g3h4 = "B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        format!(
            "# dama opening book for the czech rules\n\
             # built with: dama book build --rules czech --from-pdn {} --plies 2 --out {}\n\
             # method: the moves of 3 games (1 refused) in their first 2 plies, weighted by how often they were played\n\
             book czech\n\
             {START} c3-d4=2 g3-h4=1\n\
             {AFTER_C3D4} d6-e5=1 f6-g5=1\n\
             {after_g3h4} d6-e5=1\n",
            pdn.display(),
            out_path.display()
        )
    );
    // From analysis: reproducible, and read back by `show`.
    let built = |name: &str| {
        let path = dir.path().join(name);
        let out = dama()
            .args([
                "book", "build", "--rules", "czech", "--plies", "2", "--nodes", "2000",
            ])
            .arg("--out")
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = std::fs::read_to_string(&path).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = built("a.txt");
    assert_eq!(first, built("b.txt"));
    let book = Book::parse(Variant::Czech, &first).unwrap();
    assert!(!book.moves(&Czech::start()).is_empty());
}

#[test]
fn no_book_is_an_option_of_play_and_tui_only() {
    let out = dama()
        .args(["analyze", "--rules", "czech", "--depth", "1", "--no-book"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "dama: --no-book is not an option of 'dama analyze'\n"
    );
}

#[test]
fn match_players_take_book_on_or_off() {
    use dama::matchplay::player::PlayerSpec;
    let spec: PlayerSpec = "movetime=100,book=on".parse().unwrap();
    assert_eq!(spec.book, Some(true));
    let spec: PlayerSpec = "movetime=100,book=off".parse().unwrap();
    assert_eq!(spec.book, Some(false));
    assert_eq!("movetime=100".parse::<PlayerSpec>().unwrap().book, None);
    for bad in [
        "book=maybe",
        "cmd=/x/dama,book=on",
        "hub=/x/scan hub,book=on",
    ] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
}

const START10: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
                       B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
const AFTER_32_28: &str = "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
                           B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
const AFTER_33_28: &str = "B:W28,31,32,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
                           B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

/// Six international games (PDN GameType 20); the last has an illegal move.
const GAMES10: &str = "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n\n\
    [Event \"b\"]\n[GameType \"20\"]\n1. 32-28 17-22 2. 28x17 12x21 *\n\n\
    [Event \"c\"]\n[GameType \"20\"]\n1. 33-28 19-23 *\n\n\
    [Event \"d\"]\n[GameType \"20\"]\n1. 32-27 *\n\n\
    [Event \"e\"]\n[GameType \"20\"]\n1. 32-28 19-24 2. 34-30 *\n\n\
    [Event \"f\"]\n[GameType \"20\"]\n1. 32-29 *\n";

#[test]
fn a_10x10_book_from_games_is_written_shown_and_refused_by_8x8() {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("games10.pdn");
    std::fs::write(&pdn, GAMES10).unwrap();
    let path = dir.path().join("book10.txt");
    let out = dama()
        .args(["book", "build", "--rules", "international", "--plies", "2"])
        .arg("--from-pdn")
        .arg(&pdn)
        .arg("--out")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "book international: 3 positions, 7 moves, written to {}\n",
            path.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!(
            "# dama opening book for the international rules\n\
             # built with: dama book build --rules international --from-pdn {} --plies 2 --out {}\n\
             # method: the moves of 5 games (1 refused) in their first 2 plies, weighted by how often they were played\n\
             book international\n\
             {START10} 32-28=3 33-28=1 32-27=1\n\
             {AFTER_32_28} 19-23=1 17-22=1 19-24=1\n\
             {AFTER_33_28} 19-23=1\n",
            pdn.display(),
            path.display()
        )
    );
    let show = |rules: &str, fen: Option<&str>| {
        let mut cmd = dama();
        cmd.args(["book", "show", "--rules", rules, "--file"])
            .arg(&path);
        if let Some(fen) = fen {
            cmd.arg(format!("--fen={fen}"));
        }
        cmd.output().unwrap()
    };
    let text = |out: std::process::Output| {
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        text(show("international", None)),
        format!(
            "book international: 3 positions\nposition {START10}\n\
             32-28 weight 3 60.0%\n33-28 weight 1 20.0%\n32-27 weight 1 20.0%\n"
        )
    );
    assert_eq!(
        text(show("international", Some(AFTER_32_28))),
        format!(
            "book international: 3 positions\nposition {AFTER_32_28}\n\
             19-23 weight 1 33.3%\n17-22 weight 1 33.3%\n19-24 weight 1 33.3%\n"
        )
    );
    assert_eq!(
        text(show("international", Some("W:W31:B20"))),
        "book international: 3 positions\nposition W:W31:B20\nno book moves\n"
    );
    // The 10×10 book under an 8×8 rule set, and an 8×8 book under the international rules.
    let out = show("czech", None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "dama: {}: book line 4: the book is for 'international', not for the czech rules\n",
            path.display()
        )
    );
    let czech = dir.path().join("czech.txt");
    std::fs::write(&czech, small_book()).unwrap();
    let out = dama()
        .args(["book", "show", "--rules", "international", "--file"])
        .arg(&czech)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "dama: {}: book line 2: the book is for 'czech', not for the international rules\n",
            czech.display()
        )
    );
}

#[test]
fn every_malformation_of_a_10x10_book_is_a_typed_error() {
    use dama_core::International;
    let parse = |text: &str| {
        Book::parse_with(dama_core::DynRules::of::<International>(), text).unwrap_err()
    };
    let line = |rest: &str| format!("book international\n{START10} {rest}\n");
    assert_eq!(parse(""), BookError::MissingHeader(1));
    assert_eq!(
        parse("book czech\n"),
        BookError::WrongRules {
            line: 1,
            found: "czech".into(),
            expected: "international"
        }
    );
    assert!(matches!(
        parse("book international\nW:W51:B1 31-26=1\n"),
        BookError::Fen { line: 2, .. }
    ));
    assert_eq!(
        parse(&line("32-29=1")),
        BookError::Illegal {
            line: 2,
            text: "32-29".into()
        }
    );
    assert_eq!(
        parse(&line("c3-d4=1")),
        BookError::Illegal {
            line: 2,
            text: "c3-d4".into()
        }
    );
    assert_eq!(
        parse(&line("32-28=0")),
        BookError::BadWeight {
            line: 2,
            text: "0".into()
        }
    );
    assert_eq!(
        parse(&line("32-28")),
        BookError::NotAMove {
            line: 2,
            text: "32-28".into()
        }
    );
    assert_eq!(
        parse(&line("32-28=1 32-28=2")),
        BookError::RepeatedMove {
            line: 2,
            text: "32-28".into()
        }
    );
    assert_eq!(parse(&line("")), BookError::NoMoves(2));
    assert_eq!(
        parse(&format!("{}{START10} 31-26=1\n", line("32-28=1"))),
        BookError::Duplicate { line: 3, first: 2 }
    );
    // Any bytes at all: an error, never a panic.
    for text in [
        "book international\n\u{0}",
        "book international\nW:\n",
        "book\n",
    ] {
        assert!(
            Book::parse_with(dama_core::DynRules::of::<International>(), text).is_err(),
            "{text:?}"
        );
    }
}

#[test]
fn the_international_book_is_built_in_and_match_players_play_from_it() {
    use dama_core::International;
    let book = Book::builtin(dama_core::DynRules::of::<International>());
    assert!(book.len() > 100, "{} positions", book.len());
    assert!(!book.moves(&International::start()).is_empty());
    assert_eq!(
        Book::parse_with(dama_core::DynRules::of::<International>(), &book.write(&[])).unwrap(),
        book
    );
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("games.pdn");
    let out = dama()
        .args([
            "match",
            "--rules",
            "international",
            "--fen",
            START10,
            "--book",
        ])
        .args(["--games", "4", "--max-plies", "12", "--pdn"])
        .arg(&pdn)
        .args(["--engine1", "nodes=300", "--engine2", "nodes=300"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let mut games = 0;
    let mut firsts = HashSet::new();
    for record in dama_core::pdn::read_games::<International>(&text) {
        let record = record.unwrap();
        games += 1;
        let mut pos = *record.game.start();
        let mut booked = 0;
        for mv in record.game.moves() {
            let moves = book.moves(&pos);
            if moves.is_empty() {
                break;
            }
            assert!(moves.iter().any(|m| m.mv == *mv), "a book move");
            booked += 1;
            pos = pos.after(mv);
        }
        assert!(booked >= 2, "{booked} book moves");
        firsts.insert(
            record
                .game
                .moves()
                .take(4)
                .map(International::write_move)
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(games, 4);
    assert!(firsts.len() >= 2, "the book's choices vary: {firsts:?}");
}
