//! The run-time facade (`VariantGame`) against the static code it delegates to, for every
//! registered rule set.

use dama_core::game::{Outcome, PlayError, WinReason};
use dama_core::pdn::Header;
use dama_core::variant_game::{AnyFenError, PlayTextError, variant_of_pdn};
use dama_core::{
    BoardRules, Color, MoveListOn, Variant, VariantGame, perft, with_game, with_variant,
};

/// The static rules' moves of the start, written by the rule set.
fn static_moves(variant: Variant) -> Vec<String> {
    with_variant!(variant, R => {
        let mut moves = MoveListOn::new();
        R::legal_moves(&R::start(), &mut moves);
        moves.iter().map(R::write_move).collect()
    })
}

#[test]
fn every_variant_s_start_matches_its_static_rules() {
    for variant in Variant::ALL {
        let game = VariantGame::new(variant);
        assert_eq!(game.variant(), variant);
        let written: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|m| game.write_move(m).unwrap())
            .collect();
        assert_eq!(written, static_moves(variant), "{variant}");
        let expected = with_variant!(variant, R => perft::perft::<R>(&R::start(), 4));
        assert_eq!(game.perft(4), expected, "{variant}");
        assert_eq!(
            game.fen(),
            with_variant!(variant, R => R::write_fen(&R::start())),
            "{variant}"
        );
        let start_turn = with_variant!(variant, R => R::start().turn());
        assert_eq!(game.turn(), start_turn, "{variant}");
    }
    assert_eq!(
        VariantGame::new(Variant::Pool).turn(),
        Color::Black,
        "APCA rule 7"
    );
}

#[test]
fn fen_round_trips_and_errors_keep_the_board_s_message() {
    for variant in Variant::ALL {
        let mut game = VariantGame::new(variant);
        let first = game.legal_moves()[0].clone();
        game.try_play(&first).unwrap();
        let again = VariantGame::from_fen(variant, &game.fen()).unwrap();
        assert_eq!(again.position(), game.position(), "{variant}");
        assert_eq!(again.fen(), game.fen(), "{variant}");
    }
    let err = VariantGame::from_fen(Variant::International, "W:W31-50").unwrap_err();
    assert!(matches!(err, AnyFenError::Board10(_)));
    let expected = with_variant!(Variant::International, R => R::parse_fen("W:W31-50").unwrap_err().to_string());
    assert_eq!(err.to_string(), expected);
}

#[test]
fn a_move_of_the_other_board_is_illegal_and_writes_nothing() {
    let mut czech = VariantGame::new(Variant::Czech);
    let international = VariantGame::new(Variant::International);
    let foreign = international.legal_moves()[0].clone();
    assert_eq!(czech.write_move(&foreign), None);
    assert_eq!(czech.try_play(&foreign), Err(PlayError::Illegal));
    assert!(
        VariantGame::from_position(Variant::Czech, international.position()).is_none(),
        "a 10x10 position is no Czech game"
    );
    let russian = VariantGame::new(Variant::Russian);
    let same = VariantGame::from_position(Variant::Czech, russian.position()).unwrap();
    assert_eq!(same.legal_moves().len(), 7);
}

#[test]
fn text_moves_are_parsed_played_taken_back_and_replayed() {
    let mut game = VariantGame::new(Variant::International);
    let mv = game.play_text("32-28").unwrap();
    game.play_text("19-23").unwrap();
    game.play_text("28x19").unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.moves()[0], mv);
    let err = game.play_text("32-28").unwrap_err();
    let VariantGame::International(g) = &game else {
        panic!("an international game")
    };
    let mut moves = MoveListOn::new();
    g.legal_moves(&mut moves);
    let expected = dama_core::International::parse_move("32-28", g.position(), &moves)
        .unwrap_err()
        .to_string();
    assert_eq!(err.to_string(), expected);
    assert!(matches!(err, PlayTextError::Move(_)));
    let back = game.undo().unwrap();
    assert_eq!(game.write_move(&back).as_deref(), Some("28x19"));
    assert_eq!(game.redo(), Some(back));
    assert_eq!(game.square_name(28).as_deref(), Some("28"));
    assert_eq!(
        VariantGame::new(Variant::Czech).square_name(29).as_deref(),
        Some("a1")
    );
    assert_eq!(VariantGame::new(Variant::Czech).square_name(33), None);
}

#[test]
fn the_end_of_a_game_stops_play() {
    let mut game = VariantGame::new(Variant::Russian);
    game.resign(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play_text("c3-d4"), Err(PlayTextError::GameOver));
    let mut lost = VariantGame::from_fen(Variant::English, "B:W18:B14").unwrap();
    lost.play_text("14x23").unwrap();
    assert_eq!(
        lost.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn pdn_round_trips_through_the_facade_on_both_boards() {
    for variant in Variant::ALL {
        let mut game = VariantGame::new(variant);
        for _ in 0..6 {
            let Some(mv) = game.legal_moves().last().cloned() else {
                break;
            };
            game.try_play(&mv).unwrap();
        }
        let text = game.write_pdn(&Header::default());
        assert_eq!(variant_of_pdn(&text), Some(variant), "{text}");
        let (read, tags) = VariantGame::read_pdn(variant, &text).unwrap();
        assert_eq!(read.moves(), game.moves(), "{variant}");
        assert_eq!(read.write_pdn(&Header::default()), text, "{variant}");
        assert!(tags.iter().any(|(name, _)| name == "GameType"), "{variant}");
        let static_text =
            with_game!(&game, R, g => dama_core::pdn::write::<R>(g, &Header::default()));
        assert_eq!(static_text, text);
    }
    let err = VariantGame::read_pdn(Variant::Czech, "1. c3-d4 c3-d4 *").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 1: move 1 'c3-d4' is illegal"),
        "{err}"
    );
}
