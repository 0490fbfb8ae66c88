//! Breakthrough: international draughts' moves (perft equal to the published international
//! figures until a king can be crowned), but the first side to crown a king wins and the game
//! ends there; PDN with lidraughts' `GameType` 96.

use dama_core::game::{Game, Outcome, WinReason};
use dama_core::perft::perft;
use dama_core::{BoardRules, Breakthrough, Color, International, MoveListOn, Variant, pdn};

#[test]
fn the_moves_are_internationals_until_a_king() {
    let start = Breakthrough::start();
    assert_eq!(start, International::start());
    assert_eq!(
        crate::start_perft_counts::<Breakthrough>(7),
        [1, 9, 81, 658, 4265, 27117, 167140, 1049442]
    );
}

#[test]
fn the_first_king_ends_the_game() {
    // White's man on 6 has one move, 6-1, which crowns it; black's on 45 would crown next.
    let pos = Breakthrough::parse_fen("W:W6:B45").unwrap();
    assert_eq!(perft::<Breakthrough>(&pos, 1), 1);
    assert_eq!(
        perft::<Breakthrough>(&pos, 2),
        0,
        "no reply once white has a king"
    );
    // Under the international rules black replies (45-50) and the kings play on.
    assert_eq!(perft::<International>(&pos, 2), 1);
    assert!(perft::<International>(&pos, 3) > 0);

    let mut game = Game::<Breakthrough>::new(pos);
    assert_eq!(game.outcome(), None);
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    game.try_play(&moves[0]).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Crowned
        })
    );
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());

    // A position given with a king is over already, won by the side with it (the side not
    // to move first: it crowned last).
    for (fen, winner) in [("B:WK1:B45", Color::White), ("W:WK1:BK50", Color::Black)] {
        let game = Game::<Breakthrough>::new(Breakthrough::parse_fen(fen).unwrap());
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner,
                reason: WinReason::Crowned
            }),
            "{fen}"
        );
    }
    // A side without a move still loses, as in international draughts: white's man on 46
    // is blocked by black's on 41 and 37.
    let game = Game::<Breakthrough>::new(Breakthrough::parse_fen("W:W46:B41,37,5").unwrap());
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
    assert_eq!("breakthrough".parse::<Variant>(), Ok(Variant::Breakthrough));
    assert_eq!(Variant::Breakthrough.board_size(), 10);
    let text = "[GameType \"96\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let record = pdn::read::<Breakthrough>(text).unwrap();
    assert_eq!(record.game.moves().len(), 4);
}
