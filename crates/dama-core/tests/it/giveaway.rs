//! Russian giveaway: the Russian rules' moves (perft equal to the published Russian figures),
//! but the side that cannot move (no piece left, or every piece blocked) wins; the Russian
//! draws; PDN as the Russian game with `[Variant "giveaway"]`.

use dama_core::game::{Game, Outcome, WinReason};
use dama_core::rules::DrawCounters;
use dama_core::{BoardRules, Color, DrawReason, Giveaway, MoveListOn, Russian, Variant, pdn};

#[test]
fn the_moves_are_the_russian_rules() {
    let start = Giveaway::start();
    assert_eq!(start, Russian::start());
    assert_eq!(
        crate::start_perft_counts::<Giveaway>(7),
        [1, 7, 49, 302, 1469, 7482, 37986, 190146]
    );
    // A position with kings, men and captures both ways: the Russian rules' counts.
    let fen = "W:WKa1,c3,e5:Bb6,d6,Kh8,f4";
    assert_eq!(
        crate::perft_counts::<Giveaway>(fen, 4),
        crate::perft_counts::<Russian>(fen, 4)
    );
}

#[test]
fn the_side_that_cannot_move_wins() {
    // White must take black's last man: black, left without pieces, wins.
    let mut game = Game::<Giveaway>::new(Giveaway::parse_fen("W:Wc3:Bd4").unwrap());
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    game.try_play(&moves[0]).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
    // Blocked: white's man on a1 behind black's on b2 and c3, white to move, wins.
    let game = Game::<Giveaway>::new(Giveaway::parse_fen("W:Wa1:Bb2,c3,h8").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked
        })
    );
    let game = Game::<Russian>::new(Russian::parse_fen("W:Wa1:Bb2,c3,h8").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Blocked
        })
    );
}

#[test]
fn the_draws_are_the_russian_rules() {
    // The federation: the Russian rules but for the goal. Three kings against one: 15 moves
    // of the strong side (rule 2), as in the Russian game.
    let pos = Giveaway::parse_fen("B:WKa3,Kc1,Ke1:BKh2").unwrap();
    assert_eq!(Giveaway::ending_limit(&pos), Some(30));
    // Fifteen moves each with only kings moved and nothing taken (rule 3) draw.
    let quiet = |quiet_plies| DrawCounters {
        quiet_plies,
        ending: None,
    };
    assert_eq!(Giveaway::counters_draw(&quiet(29)), None);
    assert_eq!(
        Giveaway::counters_draw(&quiet(30)),
        Some(DrawReason::NoProgress)
    );
}

#[test]
fn pdn_writes_it_as_the_russian_game_with_its_variant() {
    assert_eq!("giveaway".parse::<Variant>(), Ok(Variant::Giveaway));
    assert_eq!(Variant::Giveaway.board_size(), 8);
    assert_eq!(
        Variant::from_pdn(25, Some("giveaway")),
        Some(Variant::Giveaway)
    );
    assert_eq!(Variant::from_pdn(25, None), Some(Variant::Russian));
    let text = "[GameType \"25\"]\n[Variant \"giveaway\"]\n\n1. c3-d4 f6-g5 *\n";
    let record = pdn::read::<Giveaway>(text).unwrap();
    assert_eq!(record.game.moves().len(), 2);
}
