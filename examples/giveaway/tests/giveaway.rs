//! The rule set of this crate, used as any other: perft, a game to its end, PDN, the engine.

use dama_core::game::{Game, Outcome, WinReason};
use dama_core::notation::algebraic;
use dama_core::perft::{perft, perft_full};
use dama_core::{BoardRules, Color, Move, MoveList, Position, fen, pdn};
use dama_engine::{Engine, Limits, Score};
use dama_giveaway::Giveaway;

fn pos(text: &str) -> Position {
    fen::parse(text).expect("a FEN")
}

/// A naive perft: every legal move made and counted, through `legal_moves` alone, with no
/// bulk counting and no shortcut of the generator.
fn naive_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    Giveaway::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|mv| naive_perft(&pos.after(mv), depth - 1))
        .sum()
}

#[test]
fn perft_from_the_start_is_the_czech_tree() {
    // The moves are the Czech ones: the published Czech figures (the core's own perft test
    // checks the same numbers for `Czech`), here through this crate's type.
    let start = Position::initial();
    let published = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
    for (depth, &nodes) in (1..).zip(&published) {
        assert_eq!(perft::<Giveaway>(&start, depth), nodes, "depth {depth}");
    }
    // The generator's bulk count agrees with counting move by move.
    for depth in 1..=5 {
        assert_eq!(perft::<Giveaway>(&start, depth), naive_perft(&start, depth));
    }
}

#[test]
fn perft_with_kings_agrees_with_move_by_move_counting() {
    for text in ["W:WKc3,e3,g3:Bb6,Kd6,f6", "B:WKa1,c3:BKh8,e5,g7"] {
        let p = pos(text);
        for depth in 1..=4 {
            assert_eq!(
                perft::<Giveaway>(&p, depth),
                naive_perft(&p, depth),
                "{text}"
            );
            assert_eq!(
                perft_full::<Giveaway>(&p, depth),
                naive_perft(&p, depth),
                "{text}"
            );
        }
    }
}

/// The legal move written `text` in the game's position.
fn legal(game: &Game<Giveaway>, text: &str) -> Move {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    algebraic::parse(text, game.position(), &moves).expect("a legal move")
}

#[test]
fn the_side_that_cannot_move_wins() {
    // White gives its last man away: c3-d4, e5xc3 leaves White without a piece, to move.
    let mut game = Game::<Giveaway>::new(pos("W:Wc3:Be5"));
    game.play(&legal(&game, "c3-d4"));
    assert_eq!(game.outcome(), None);
    game.play(&legal(&game, "e5xc3"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces,
        })
    );
}

#[test]
fn the_engine_searches_it_and_gives_its_man_away() {
    let game = Game::<Giveaway>::new(pos("W:Wc3:Be5"));
    let mut engine = Engine::with_seed(
        Limits {
            depth: Some(6),
            ..Limits::default()
        },
        1,
    );
    let mut last = None;
    let best = engine.analyze(&game, |info| last = Some(info.clone()));
    assert_eq!(
        best.map(|mv| algebraic::write(&mv)).as_deref(),
        Some("c3-d4")
    );
    // Two plies to the win: White's move, Black's forced capture.
    assert_eq!(last.expect("a report").score, Score::Win(2));
}

#[test]
fn a_game_round_trips_through_pdn() {
    let mut game = Game::<Giveaway>::new(Position::initial());
    for text in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3"] {
        game.play(&legal(&game, text));
    }
    let written = pdn::write(&game, &pdn::Header::default());
    assert!(written.contains("[GameType \"29\"]"), "{written}");
    assert!(written.contains("[Variant \"giveaway\"]"), "{written}");
    let read = pdn::read::<Giveaway>(&written).expect("our own PDN");
    assert!(read.game.moves().eq(game.moves()));
    assert_eq!(read.game.position(), game.position());
    assert_eq!(pdn::write(&read.game, &pdn::Header::default()), written);
}

mod against_czech {
    //! Giveaway takes Czech's `PARAMS` but not its specialised searches (`FAST_PATHS` is
    //! Czech's own opt-in): its moves come from the general capture search and its perft
    //! through the moves. Czech's moves are checked against the core's reference generator;
    //! here Giveaway's are checked against Czech's on random positions.

    use dama_core::perft::perft;
    use dama_core::rules::ParamRules;
    use dama_core::{BoardRules, Czech, Move, MoveList};
    use dama_giveaway::Giveaway;
    use dama_testkit::arb_position;
    use proptest::prelude::*;

    fn sorted(moves: &MoveList) -> Vec<(u8, u8, u64)> {
        let mut keys: Vec<_> = moves
            .iter()
            .map(|m: &Move| (m.from().bit(), m.to().bit(), m.captured().bits()))
            .collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn the_params_are_czech_and_the_fast_paths_are_not_inherited() {
        assert_eq!(Giveaway::PARAMS, Czech::PARAMS);
        // Checked when the test compiles: a change to these constants breaks the build.
        const {
            assert!(!<Giveaway as ParamRules>::FAST_PATHS);
            assert!(<Czech as ParamRules>::FAST_PATHS);
            assert!(Giveaway::CAPTURE_COMPULSORY);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn moves_and_perft_are_czech(pos in arb_position(), depth in 1u32..=3) {
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            Giveaway::legal_moves(&pos, &mut a);
            Czech::legal_moves(&pos, &mut b);
            prop_assert_eq!(sorted(&a), sorted(&b), "{:?}", pos);
            let quiet_a = Giveaway::legal_captures(&pos, &mut a);
            let quiet_b = Czech::legal_captures(&pos, &mut b);
            prop_assert_eq!((quiet_a, sorted(&a)), (quiet_b, sorted(&b)), "{:?}", pos);
            prop_assert_eq!(perft::<Giveaway>(&pos, depth), perft::<Czech>(&pos, depth), "{:?}", pos);
        }
    }
}
