//! Antidraughts: international draughts' moves (perft equal to the published international
//! figures), but the side that cannot move (no piece left, or every piece blocked) wins; PDN
//! with lidraughts' `GameType` 98.

use dama_core::game::{Game, Outcome, WinReason};
use dama_core::{Antidraughts, BoardRules, Color, International, MoveListOn, Variant, pdn};

#[test]
fn the_moves_are_internationals() {
    let start = Antidraughts::start();
    assert_eq!(start, International::start());
    assert_eq!(
        crate::start_perft_counts::<Antidraughts>(6),
        [1, 9, 81, 658, 4265, 27117, 167140]
    );
    // The FMJD forum's "random 178" position, kings on both sides.
    let random178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    assert_eq!(
        crate::perft_counts::<Antidraughts>(random178, 4),
        [1, 14, 55, 1168, 5432]
    );
}

#[test]
fn the_side_that_cannot_move_wins() {
    // Black must take white's last man (23x32, its only move): white, left without pieces,
    // wins.
    let mut game = Game::<Antidraughts>::new(Antidraughts::parse_fen("B:W28:B23").unwrap());
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    game.try_play(&moves[0]).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    );
    // Blocked: white's man on 46 against black men on 41 and 37, white to move, wins.
    let game = Game::<Antidraughts>::new(Antidraughts::parse_fen("W:W46:B41,37,5").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked
        })
    );
    // The same positions under international rules: the other side wins.
    let game = Game::<International>::new(International::parse_fen("W:W46:B41,37,5").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Blocked
        })
    );
}

#[test]
fn pdn_names_it_by_lidraughts_game_type() {
    assert_eq!("antidraughts".parse::<Variant>(), Ok(Variant::Antidraughts));
    assert_eq!(Variant::Antidraughts.board_size(), 10);
    let text = "[GameType \"98\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let record = pdn::read::<Antidraughts>(text).unwrap();
    assert_eq!(record.game.moves().len(), 4);
}
