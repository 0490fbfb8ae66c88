//! PDN of international draughts (`GameType "20"`): games played by `Game<International>`
//! written and read back to the same moves and positions, from the start and from a FEN; a
//! hand-written record; and bad records refused with typed errors, never a panic.

use dama_core::game::Game;
use dama_core::notation::algebraic::{self, MoveError};
use dama_core::pdn::{self, Header, PdnErrorKind};
use dama_core::{Board10, BoardRules, International, MoveListOn, PositionOn, fen};
use proptest::prelude::*;

type Pos = PositionOn<Board10>;

/// A game of up to `plies` half-moves from `start`, each move chosen by `pick` among the
/// legal moves (in the generator's order).
fn play(start: Pos, plies: usize, pick: impl Fn(usize) -> usize) -> Game<International> {
    let mut game = Game::<International>::new(start);
    let mut list = MoveListOn::new();
    for _ in 0..plies {
        game.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[pick(list.len())];
        game.play(&mv);
    }
    game
}

/// Writes `game`, reads it back, and checks the moves and every position.
fn round_trip(game: &Game<International>) -> String {
    let text = pdn::write(game, &Header::default());
    let back = pdn::read::<International>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.game.start(), game.start(), "{text}");
    assert_eq!(
        back.game.moves().collect::<Vec<_>>(),
        game.moves().collect::<Vec<_>>(),
        "{text}"
    );
    assert_eq!(
        back.game.positions().collect::<Vec<_>>(),
        game.positions().collect::<Vec<_>>(),
        "{text}"
    );
    assert_eq!(back.game.outcome(), game.outcome());
    text
}

#[test]
fn international_games_round_trip_through_pdn() {
    for (name, pick) in [
        ("first", (|_| 0) as fn(usize) -> usize),
        ("last", |n| n - 1),
        ("middle", |n| n / 2),
    ] {
        let game = play(International::start(), 40, pick);
        assert_eq!(game.moves().len(), 40, "{name}");
        let text = round_trip(&game);
        assert!(text.contains("[GameType \"20\"]\n"), "{text}");
        assert!(!text.contains("FEN"), "{text}");
        // The moves are written with the squares' numbers, numbered from white's first.
        let movetext = text.split("\n\n").nth(1).unwrap();
        let first = algebraic::write(game.moves().next().unwrap());
        assert!(movetext.starts_with(&format!("1. {first} ")), "{movetext}");
        assert!(first.chars().all(|c| c.is_ascii_digit() || c == '-'));
        for mv in game.moves() {
            let written = algebraic::write(mv);
            assert!(movetext.contains(&written), "{written} in {movetext}");
        }
    }
    // Some of these games capture, with several landing squares written.
    let game = play(International::start(), 40, |n| n - 1);
    assert!(game.moves().any(|m| m.is_capture()));
}

#[test]
fn a_game_from_a_fen_round_trips() {
    let start = fen::parse_on::<Board10>("B:WK46,28,32,33,38:B8,12,13,19,24,K5").unwrap();
    let game = play(start, 12, |n| n / 2);
    let text = round_trip(&game);
    assert!(
        text.contains("[FEN \"B:W28,32,33,38,K46:BK5,8,12,13,19,24\"]\n"),
        "{text}"
    );
    // Black moves first: the movetext starts with "1...".
    assert!(text.contains("\n\n1... "), "{text}");
}

#[test]
fn a_hand_written_record_is_read() {
    // 32-28 19-23, then 28x19 (the only capture), and black may take back with 14x23 or
    // 13x24: 14x23 is played.
    let text = "[Event \"club\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let record = pdn::read::<International>(text).unwrap();
    assert_eq!(record.game.moves().len(), 4);
    assert_eq!(
        fen::write(record.game.position()),
        "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
         :B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"
    );
    // The same moves with ':' and without spaces after the numbers.
    let record = pdn::read::<International>("1.32-28 19-23 2.28:19 14:23 *").unwrap();
    assert_eq!(record.game.moves().len(), 4);
    // A record from a FEN tag with ranges.
    let record = pdn::read::<International>("[FEN \"W:W31-50:B1-20\"]\n1. 32-28 *").unwrap();
    assert_eq!(record.game.start(), &International::start());
}

#[test]
fn bad_records_are_refused_with_typed_errors() {
    let e = |t: &str| pdn::read::<International>(t).unwrap_err();
    // 32-26 is no move of the man on 32 (26 is not next to it).
    let err = e("[GameType \"20\"]\n\n1. 32-28 19-23\n2. 32-26 *");
    assert_eq!(err.line, 4);
    assert!(
        matches!(err.kind, PdnErrorKind::Illegal { number: 2, .. }),
        "{err}"
    );
    // After 32-28 19-23 white must take: 28-22 is refused as such.
    let err = e("1. 32-28 19-23 2. 28-22 *");
    match err.kind {
        PdnErrorKind::Illegal {
            number: 2,
            reason: MoveError::CaptureCompulsory(moves),
            ..
        } => assert_eq!(
            moves.iter().map(algebraic::write).collect::<Vec<_>>(),
            ["28x19"]
        ),
        other => panic!("{other:?}"),
    }
    // Square 51 does not exist.
    assert_eq!(
        e("1. 47-51 *").kind,
        PdnErrorKind::Unreadable("47-51".into())
    );
    assert_eq!(e("1. 0-5 *").kind, PdnErrorKind::Unreadable("0-5".into()));
    // Algebraic squares are not the 10×10 notation.
    assert_eq!(
        e("1. c3-d4 *").kind,
        PdnErrorKind::Unreadable("c3-d4".into())
    );
    // A FEN with square 51, or a man on its crowning row.
    assert!(matches!(
        e("[FEN \"W:W51:B1\"]\n1. 32-28 *").kind,
        PdnErrorKind::BadFen(_)
    ));
    assert!(matches!(
        e("[FEN \"W:W3:B20\"]\n1. 3-9 *").kind,
        PdnErrorKind::BadFen(_)
    ));
    // A move after the end, no result.
    assert_eq!(e("1. 32-28").kind, PdnErrorKind::NoResult);
    assert_eq!(
        e("[FEN \"W:WK46:B\"]\n1. 46-41 *").kind,
        PdnErrorKind::AfterEnd("46-41".into())
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any text, and any mangling of a good record, is read or refused without a panic.
    #[test]
    fn no_text_makes_the_reader_panic(
        junk in "\\PC{0,80}",
        cut in 0usize..200,
        insert in "[0-9x:. -]{0,6}",
    ) {
        let _ = pdn::read::<International>(&junk);
        let good = pdn::write(&play(International::start(), 30, |n| n - 1), &Header::default());
        let at = good.char_indices().map(|(i, _)| i).nth(cut % good.chars().count()).unwrap();
        let mangled = format!("{}{insert}{}", &good[..at], &good[at..]);
        let _ = pdn::read::<International>(&mangled);
        let _ = pdn::read_games::<International>(&mangled).count();
    }
}
