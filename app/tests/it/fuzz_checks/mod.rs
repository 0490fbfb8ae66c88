//! The properties every reader of outside input must keep, whatever it is given. Shared by the
//! budgeted proptest run in `tests/fuzz_parsers.rs` (part of `cargo test`) and the cargo-fuzz
//! targets in `fuzz/` (long runs): one definition of what "holds up" means.
//!
//! Each function takes raw bytes, never panics on its own account, and panics (failing the
//! test or the fuzz run) only when the code under test breaks a property.

#![allow(dead_code)]

use dama::cli::Lang;
use dama::console::{Options, play};
use dama_core::notation::{algebraic, numeric};
use dama_core::pdn;
use dama_core::{Czech, MoveList, Position, RuleSet, Rules, Spanish, fen};
use dama_engine::EngineRules;

/// The positions move texts are read in: the start, one with captures for both sides, one
/// with kings.
pub fn positions() -> Vec<Position> {
    [
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "W:Wc3,e3,Kb2:Bd4,f6,b6,Kh8",
        "B:WKa1,c3,g3:Bd4,Kf6,h6",
    ]
    .iter()
    .map(|text| fen::parse(text).expect("a sound FEN"))
    .collect()
}

/// A message about outside input: no control characters, and short (excerpts are cut).
fn printable(message: &str) {
    assert!(
        !message.chars().any(|c| c.is_control()),
        "control characters in {message:?}"
    );
    assert!(message.chars().count() < 400, "a long message: {message:?}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// FEN: a position read is written back to a FEN that reads as the same position.
pub fn fen(bytes: &[u8]) {
    let text = text(bytes);
    if let Ok(pos) = fen::parse(&text) {
        let written = fen::write(&pos);
        assert_eq!(
            fen::parse(&written).ok(),
            Some(pos),
            "{text:?} -> {written}"
        );
        assert!(
            !(pos.occupied().is_empty()),
            "an empty board was accepted: {text:?}"
        );
    } else if let Err(e) = fen::parse(&text) {
        printable(&e.to_string());
    }
}

fn pdn_round_trip<R: EngineRules>(text: &str) {
    match pdn::read::<R>(text) {
        Ok(record) => {
            let written = pdn::write(&record.game, &pdn::Header::default());
            let back = pdn::read::<R>(&written).expect("a written game reads back");
            assert_eq!(back.game.position(), record.game.position());
            assert_eq!(
                back.game.moves().collect::<Vec<_>>(),
                record.game.moves().collect::<Vec<_>>()
            );
            assert_eq!(back.game.outcome(), record.game.outcome());
        }
        Err(e) => printable(&e.to_string()),
    }
}

/// PDN: a game read is written and read back to the same game; a refusal is a short,
/// printable message.
pub fn pdn(bytes: &[u8]) {
    let text = text(bytes);
    pdn_round_trip::<Czech>(&text);
    pdn_round_trip::<Spanish>(&text);
}

fn legal<R: EngineRules>(pos: &Position) -> MoveList {
    let mut moves = MoveList::new();
    R::legal_moves(pos, &mut moves);
    moves
}

/// Algebraic moves: a move read is one of the legal moves, and its written form reads back
/// as the same move.
pub fn algebraic(bytes: &[u8]) {
    let text = text(bytes);
    for pos in positions() {
        let moves = legal::<Czech>(&pos);
        match algebraic::parse(&text, &pos, &moves) {
            Ok(mv) => {
                assert!(moves.contains(&mv), "{text:?} gave an illegal move");
                let written = algebraic::write(&mv);
                assert_eq!(algebraic::parse(&written, &pos, &moves), Ok(mv));
            }
            Err(e) => printable(&e.to_string()),
        }
    }
}

/// The Spanish numeric notation: a move that passes the spec's checks is a legal move of the
/// Spanish rules, and its written form reads back.
pub fn numeric(bytes: &[u8]) {
    let text = text(bytes);
    for pos in positions() {
        if let Ok(mv) = numeric::parse(&pos, &text) {
            assert!(
                legal::<Spanish>(&pos).contains(&mv),
                "{text:?} passed the checks but is not a legal move"
            );
            assert_eq!(numeric::parse(&pos, &numeric::write(&mv)), Ok(mv));
        }
    }
}

/// The consoles: any input, in either dialogue, with or without colour, at a terminal or not,
/// ends normally (no panic, no error).
pub fn console(bytes: &[u8]) {
    let (selector, input) = bytes.split_first().unwrap_or((&0, &[]));
    let (rules, lang) = match selector % 4 {
        0 => (RuleSet::Spanish, Lang::Es),
        1 => (RuleSet::Czech, Lang::Cs),
        2 => (RuleSet::Czech, Lang::En),
        _ => (RuleSet::Spanish, Lang::En),
    };
    let opts = Options {
        color: selector & 4 != 0,
        lang,
        interactive: selector & 8 != 0,
        ..Options::new(rules)
    };
    let input = without_saves(input);
    let mut reader = input.as_slice();
    let mut output = Vec::new();
    play(&opts, &mut reader, &mut output).expect("the console never fails on input");
}

/// `input` without the lines that would save a file (a fuzzer must not write files wherever
/// it runs); every other line is kept byte for byte.
fn without_saves(input: &[u8]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(input.len());
    for line in input.split_inclusive(|&b| b == b'\n') {
        let word = String::from_utf8_lossy(line)
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        if !["save", "uložit", "ulozit"].contains(&word.as_str()) {
            kept.extend_from_slice(line);
        }
    }
    kept
}

/// The Hub reader (`hub::protocol::parse`, then `hub::encoding` for `pos`): any line reads as
/// a command or a typed error whose `error` line is one printable line; a position read
/// writes back as the same string; a move read is legal and its written form reads back as
/// the same move.
pub fn hub(bytes: &[u8]) {
    use dama::hub::encoding::{ENCODINGS, Encoding};
    use dama::hub::protocol::{self, Command, Reply};
    let all = text(bytes);
    for line in all.split('\n') {
        match protocol::parse(line) {
            Err(e) => {
                let reply = Reply::Error(e.to_string()).to_string();
                assert!(!reply.contains(['\n', '\r']), "{reply:?}");
            }
            Ok(Command::Pos { pos, moves }) => {
                for encoding in ENCODINGS {
                    hub_position(&encoding, &pos, &moves);
                }
            }
            Ok(_) => {}
        }
        // Moves alone, in every known position and variant.
        for word in line.split_whitespace().take(8) {
            for encoding in ENCODINGS {
                for pos in positions() {
                    hub_move(&encoding, &pos, word);
                }
            }
        }
    }

    fn hub_position(encoding: &Encoding, text: &str, moves: &[String]) {
        let Ok(pos) = encoding.parse_position(text) else {
            return;
        };
        assert_eq!(encoding.write_position(&pos), text);
        for mv in moves.iter().take(8) {
            hub_move(encoding, &pos, mv);
        }
    }

    fn hub_move(encoding: &Encoding, pos: &Position, text: &str) {
        let Some(set) = RuleSet::ALL
            .into_iter()
            .find(|s| s.name() == encoding.variant)
        else {
            return;
        };
        dama_core::with_rules!(set, R => {
            match encoding.read_move::<R>(pos, text) {
                Ok(mv) => {
                    let mut legal = MoveList::new();
                    R::legal_moves(pos, &mut legal);
                    assert!(legal.contains(&mv), "{text} read as an illegal move");
                    let written = encoding.write_move(&mv);
                    let again = encoding.read_move::<R>(pos, &written).expect("reads back");
                    assert!(again.same_route(&mv), "{text} -> {written}");
                }
                Err(e) => {
                    let reply = Reply::Error(e.to_string()).to_string();
                    assert!(!reply.contains(['\n', '\r']), "{reply:?}");
                }
            }
        });
    }
}

/// The opening-book reader (`book::Book::parse`), under the Czech and English rules (algebraic
/// and numbered FEN): a book read writes back to a text that reads as the same book; a
/// refusal is a short printable message. Bytes after the first are read with a `book` line
/// first, so that the positions' lines are reached.
pub fn book(bytes: &[u8]) {
    let input = text(bytes);
    for rules in [RuleSet::Czech, RuleSet::English] {
        for candidate in [input.clone(), format!("book {}\n{input}", rules.name())] {
            match dama::book::Book::parse(rules, &candidate) {
                Ok(book) => {
                    let written = book.write(&["a comment".to_string()]);
                    let again = dama::book::Book::parse(rules, &written)
                        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
                    assert_eq!(again, book, "{candidate:?}");
                }
                Err(e) => printable(&e.to_string()),
            }
        }
    }
}
