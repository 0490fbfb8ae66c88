//! A rule set as a value (`DynRules`) against its type: the same moves, texts, games and
//! results, for every registered rule set; a game moved between the two forms.

use dama_core::game::{DynGame, Game, Outcome, WinReason};
use dama_core::pdn::{self, Header};
use dama_core::{
    Board8, Board10, Board64, BoardKind, BoardRules, DynRules, GameRules, MoveListOn, Variant,
    with_rules_on,
};

/// Plays the first legal move `plies` times in both games, checking they agree throughout.
fn play_along<R: BoardRules>(plies: usize) {
    let rules = DynRules::<R::Board>::of::<R>();
    let mut fixed = Game::<R>::new(R::start());
    let mut chosen: DynGame<R::Board> = Game::with_rules(rules, rules.start());
    let (mut a, mut b) = (MoveListOn::new(), MoveListOn::new());
    for _ in 0..plies {
        fixed.legal_moves(&mut a);
        chosen.legal_moves(&mut b);
        assert_eq!(&a[..], &b[..], "{}", R::INFO.name);
        let Some(mv) = a.first().copied() else { break };
        assert_eq!(rules.write_move(&mv), R::write_move(&mv));
        fixed.play(&mv);
        chosen.play(&mv);
        assert_eq!(fixed.outcome(), chosen.outcome());
        assert_eq!(
            rules.write_fen(chosen.position()),
            R::write_fen(fixed.position())
        );
    }
    let header = Header::default();
    assert_eq!(pdn::write(&chosen, &header), pdn::write(&fixed, &header));
    let back = pdn::read_with(rules, &pdn::write(&chosen, &header)).unwrap();
    assert_eq!(back.game.snapshot(), fixed.snapshot());
    // The chosen game with its type again, and back.
    let typed = chosen.to_rules(R::default()).unwrap();
    assert_eq!(typed.snapshot(), fixed.snapshot());
    assert_eq!(typed.to_rules(rules).unwrap().snapshot(), chosen.snapshot());
    assert_eq!(
        rules.count_leaves(&R::start(), 3),
        R::count_leaves(&R::start(), 3)
    );
}

#[test]
fn every_registered_set_plays_the_same_as_a_value() {
    for variant in Variant::ALL {
        with_rules_on!(variant, Board8, R => play_along::<R>(60), else => {});
        with_rules_on!(variant, Board10, R => play_along::<R>(60), else => {});
        with_rules_on!(variant, Board64, R => play_along::<R>(60), else => {});
        let on8 = DynRules::<Board8>::of_variant(variant);
        let on10 = DynRules::<Board10>::of_variant(variant);
        let on64 = DynRules::<Board64>::of_variant(variant);
        assert_eq!(
            (on8.is_some(), on10.is_some(), on64.is_some()),
            (
                variant.board() == BoardKind::Board8,
                variant.board() == BoardKind::Board10,
                variant.board() == BoardKind::Board64
            )
        );
        let name = on8.map(|r| r.info().name).or(on10.map(|r| r.info().name));
        let name = name.or(on64.map(|r| r.info().name));
        assert_eq!(name, Some(variant.name()));
        assert_eq!(
            on8.and_then(DynRules::variant)
                .or(on10.and_then(DynRules::variant))
                .or(on64.and_then(DynRules::variant)),
            Some(variant)
        );
    }
}

#[test]
fn a_game_is_not_moved_to_another_rule_set() {
    let game = Game::<dama_core::Czech>::default();
    assert!(game.to_rules(dama_core::Russian).is_none());
    assert!(
        game.to_rules(DynRules::of::<dama_core::Russian>())
            .is_none()
    );
    assert!(game.to_rules(DynRules::of::<dama_core::Czech>()).is_some());
}

#[test]
fn a_value_s_game_ends_as_its_type_says() {
    // Czech: a side with no pieces has lost.
    let rules = DynRules::<Board8>::of_variant(Variant::Czech).unwrap();
    let pos = rules.parse_fen("W:W21:B").unwrap();
    let game = Game::with_rules(rules, pos);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: dama_core::Color::White,
            reason: WinReason::NoPieces
        })
    );
    assert_eq!(rules.object().info().name, "czech");
    assert_eq!(GameRules::object(rules).info(), dama_core::Czech::INFO);
}
