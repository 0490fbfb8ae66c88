//! Property tests of the rules core, for every rule set: random games and random positions.
//!
//! Every position met (along random games from the start and from random positions) has its
//! legal moves checked against the rules directly: each path is a chain of diagonal steps or
//! flights that jumps exactly the captured pieces, playing a move removes exactly those pieces
//! and crowns exactly the men that reached the far rank, the Czech, Russian and house captures
//! are compulsory (kings first in Czech) and finished, the Spanish ones optional, partial and
//! at most three hops long; and the move set equals that of the naive reference generator of
//! `tests/rules_reference` written from the rule texts. The oracles walk the board square by
//! square and share no code with the bitboard generator. Bulk counting is checked against
//! playing every leaf, the capture-only generator against the full one, and FEN writing
//! against reading.

use dama_core::fen;
use dama_core::perft::{perft, perft_full};
use dama_core::rules::{
    Brazilian, English, Giveaway, Italian, ParamRules, Params, Pool, SpanishOfficial, Thai,
};
use dama_core::{
    Bitboard, Color, Czech, House, Move, MoveList, Position, Rules, Russian, Spanish, Square,
    Variant as RuleSet, with_rules8,
};
use proptest::prelude::*;
use proptest::sample::Index;

// ---- random positions: tests/common ----

use common::arb_position;
use dama_testkit as common;

// ---- the reference generator: tests/rules_reference ----

use crate::rules_reference;
use dama_core::BoardRules;
use rules_reference::{Naive, Variant, between, can_jump, naive_moves, quiet_count, step};

// ---- the checks of one position ----

/// Checks one legal move of `pos`; returns the square of the piece jumped by its last hop
/// (for captures).
fn check_move<R: Rules>(pos: &Position, mv: &Move) -> Result<Option<Square>, TestCaseError> {
    let v = Variant::of(registered::<R>());
    let us = pos.turn();
    let them = !us;
    let from = mv.from();
    let far = us.crowning_rank();
    let king = pos.kings(us).contains(from);
    // The piece acts as a king from the hop that crowned it (where the rules let it go on).
    let mut as_king = king;
    prop_assert!(
        pos.pieces(us).contains(from),
        "{mv:?} starts on no own piece"
    );
    prop_assert!(!mv.path().is_empty());
    // During the move the start is empty and the captured pieces still stand.
    let occ = pos.occupied().without(from);
    let mut at = from;
    let mut jumped = Bitboard::EMPTY;
    let mut last = None;
    for (hop, &to) in mv.path().iter().enumerate() {
        let Some((squares, dir)) = between(at, to) else {
            return Err(TestCaseError::fail(format!(
                "{mv:?}: {at}->{to} is not diagonal"
            )));
        };
        // The pieces taken stand until the move ends, unless they leave at once.
        let standing_now = if v.removed_at_once {
            occ & !jumped
        } else {
            occ
        };
        prop_assert!(
            !standing_now.contains(to),
            "{mv:?} lands on an occupied {to}"
        );
        if !as_king {
            let dirs = if mv.is_capture() {
                v.man_capture_dirs(us)
            } else {
                rules_reference::forward_dirs(us).to_vec()
            };
            prop_assert!(dirs.contains(&dir), "{mv:?}: a man goes backwards");
        }
        let standing: Vec<Square> = squares
            .into_iter()
            .filter(|s| standing_now.contains(*s))
            .collect();
        if mv.is_capture() {
            prop_assert_eq!(
                standing.len(),
                1,
                "{:?}: hop {} jumps {:?}",
                mv,
                hop,
                standing
            );
            let over = standing[0];
            prop_assert!(pos.pieces(them).contains(over), "{mv:?} jumps {over}");
            if !as_king && !v.men_take_kings {
                prop_assert!(
                    !pos.kings(them).contains(over),
                    "{mv:?}: a man takes a king"
                );
            }
            prop_assert!(!jumped.contains(over), "{mv:?} jumps {over} twice");
            if !as_king {
                prop_assert_eq!(step(over, dir), Some(to), "{:?}: a man jumps far", mv);
            }
            if (v.land_behind || v.short_king) && as_king {
                prop_assert_eq!(step(over, dir), Some(to), "{:?}: a king lands far", mv);
            }
            if v.short_king && as_king {
                prop_assert_eq!(
                    step(at, dir),
                    Some(over),
                    "{:?}: a king jumps from afar",
                    mv
                );
            }
            jumped = jumped.with(over);
            last = Some(over);
        } else {
            prop_assert_eq!(mv.path().len(), 1, "{:?}: a plain move of many steps", mv);
            prop_assert!(standing.is_empty(), "{mv:?} flies over {standing:?}");
            if !king || v.short_king {
                prop_assert_eq!(
                    step(at, dir),
                    Some(to),
                    "{:?}: a man or short king flies",
                    mv
                );
            }
        }
        // A man reaching the last rank stops there, or goes on as a king.
        if !as_king && far.contains(to) && !v.passes_as_man {
            prop_assert!(
                v.crowned_goes_on || hop + 1 == mv.path().len(),
                "{mv:?} goes on after crowning"
            );
            as_king = true;
        }
        at = to;
    }
    prop_assert_eq!(
        jumped,
        mv.captured(),
        "{:?}: path and captured set differ",
        mv
    );

    // Playing it removes exactly the captured pieces.
    let after = pos.after(mv);
    prop_assert_eq!(after.turn(), them);
    prop_assert_eq!(after.pieces(them), pos.pieces(them) & !mv.captured());
    prop_assert_eq!(
        pos.pieces(them).count() - after.pieces(them).count(),
        mv.captured().count()
    );
    prop_assert_eq!(after.pieces(us), pos.pieces(us).without(from).with(mv.to()));
    prop_assert_eq!(after.pieces(us).count(), pos.pieces(us).count());
    // A man passing the far rank as a man is crowned only where it ends.
    let crowned = king
        || if v.passes_as_man {
            far.contains(mv.to())
        } else {
            mv.path().iter().any(|sq| far.contains(*sq))
        };
    prop_assert_eq!(after.all_kings().contains(mv.to()), crowned);
    prop_assert_eq!(
        after.all_kings().without(mv.to()),
        pos.all_kings().without(from) & !mv.captured() & !mv.to().bb()
    );
    prop_assert_eq!(pos.crowns(mv), !king && crowned);

    match v.partial {
        None => {
            // The sequence is finished: nothing is left to jump from where it ends (a man
            // that stopped on the far rank under rules where it cannot go on excepted).
            let stopped_crowned =
                !king && far.contains(mv.to()) && !v.crowned_goes_on && !v.passes_as_man;
            if mv.is_capture() && !stopped_crowned {
                prop_assert!(
                    !can_jump(&v, pos, mv.to(), as_king, occ, mv.captured()),
                    "{mv:?} stops while it could go on"
                );
            }
        }
        Some(max) => {
            prop_assert!(mv.path().len() <= max, "{mv:?} has too many hops");
        }
    }
    Ok(last)
}

/// Checks all the legal moves of `pos` under `R`.
fn check_position<R: Rules>(pos: &Position) -> Result<(), TestCaseError> {
    let mut list = MoveList::new();
    R::legal_moves(pos, &mut list);
    let mut scratch = MoveList::new();
    prop_assert_eq!(R::count_legal_moves(pos, &mut scratch), list.len());
    prop_assert_eq!(R::cannot_move(pos, &mut scratch), list.is_empty());
    // The quiescence search's generator: the captures, in order, and whether a plain move is
    // legal too.
    let quiet = R::legal_captures(pos, &mut scratch);
    let captures: Vec<Move> = list.iter().filter(|m| m.is_capture()).copied().collect();
    prop_assert_eq!(&scratch[..], &captures[..]);
    prop_assert_eq!(quiet, list.iter().any(|m| !m.is_capture()));

    let mut prefixes = Vec::new();
    for mv in &list {
        if let Some(last) = check_move::<R>(pos, mv)?
            && mv.path().len() > 1
        {
            let path = &mv.path()[..mv.path().len() - 1];
            prefixes.push(Move::new(mv.from(), path, mv.captured().without(last)).unwrap());
        }
    }

    // The same moves as the reference generator: the same paths under the Spanish rules,
    // the same (start, end, captured) under the Czech ones (which route stands for merged
    // routes is not fixed).
    let v = Variant::of(registered::<R>());
    let key = |m: &Naive| -> (Square, Vec<Square>, u64) {
        if v.merged {
            (m.0, vec![*m.1.last().unwrap()], m.2.bits())
        } else {
            (m.0, m.1.clone(), m.2.bits())
        }
    };
    let mut got: Vec<_> = list
        .iter()
        .map(|m| key(&(m.from(), m.path().to_vec(), m.captured())))
        .collect();
    let mut want: Vec<_> = naive_moves(registered::<R>(), pos)
        .iter()
        .map(key)
        .collect();
    got.sort();
    want.sort();
    prop_assert_eq!(got, want, "the moves of {:?}", pos);

    let us = pos.turn();
    let occ = pos.occupied();
    let man_can = pos
        .men(us)
        .squares()
        .any(|sq| can_jump(&v, pos, sq, false, occ.without(sq), Bitboard::EMPTY));
    let king_can = pos
        .kings(us)
        .squares()
        .any(|sq| can_jump(&v, pos, sq, true, occ.without(sq), Bitboard::EMPTY));
    let captures = list.iter().filter(|m| m.is_capture()).count();
    let quiet = list.len() - captures;
    prop_assert_eq!(captures > 0, man_can || king_can, "captures of {:?}", pos);
    match v.partial {
        None => {
            if man_can || king_can {
                prop_assert_eq!(quiet, 0, "a plain move beside a capture in {:?}", pos);
            } else {
                prop_assert_eq!(quiet, quiet_count(&v, pos), "plain moves of {:?}", pos);
            }
            if king_can && v.king_priority {
                prop_assert!(
                    list.iter().all(|m| pos.kings(us).contains(m.from())),
                    "a man captures while a king can in {:?}",
                    pos
                );
            }
            // One move per start, end and captured set.
            for (i, a) in list.iter().enumerate() {
                for b in &list[i + 1..] {
                    prop_assert!(!a.same_route(b), "{a:?} and {b:?} in {pos:?}");
                }
            }
        }
        Some(_) => {
            prop_assert_eq!(quiet, quiet_count(&v, pos), "plain moves of {:?}", pos);
            // One move per path, and every prefix of a capture is a move too.
            for (i, a) in list.iter().enumerate() {
                for b in &list[i + 1..] {
                    prop_assert!(
                        a.from() != b.from() || a.path() != b.path(),
                        "{a:?} twice in {pos:?}"
                    );
                }
            }
            for p in prefixes {
                prop_assert!(list.contains(&p), "{p:?} missing from {pos:?}");
            }
        }
    }
    Ok(())
}

/// Plays a random game of up to `choices.len()` plies from `start`, checking every position.
fn random_game<R: Rules>(start: Position, choices: &[Index]) -> Result<(), TestCaseError> {
    let mut pos = start;
    let mut list = MoveList::new();
    for choice in choices {
        check_position::<R>(&pos)?;
        let before = pos.pieces(Color::White).count() + pos.pieces(Color::Black).count();
        R::legal_moves(&pos, &mut list);
        if list.is_empty() {
            return Ok(());
        }
        pos = pos.after(choice.get(&list[..]));
        let after = pos.pieces(Color::White).count() + pos.pieces(Color::Black).count();
        prop_assert!(after <= before, "the piece count grew");
        prop_assert_eq!(fen::parse(&fen::write(&pos)), Ok(pos));
    }
    check_position::<R>(&pos)
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn czech_games_from_the_start(choices in prop::collection::vec(any::<Index>(), 0..120)) {
        random_game::<Czech>(Position::initial(), &choices)?;
    }

    #[test]
    fn spanish_games_from_the_start(choices in prop::collection::vec(any::<Index>(), 0..120)) {
        random_game::<Spanish>(Position::initial(), &choices)?;
    }

    #[test]
    fn russian_games_from_the_start(choices in prop::collection::vec(any::<Index>(), 0..120)) {
        random_game::<Russian>(Position::initial(), &choices)?;
    }

    #[test]
    fn house_games_from_the_start(choices in prop::collection::vec(any::<Index>(), 0..120)) {
        random_game::<House>(Position::initial(), &choices)?;
    }

    #[test]
    fn russian_games_from_random_positions(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        random_game::<Russian>(start, &choices)?;
    }

    #[test]
    fn house_games_from_random_positions(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        random_game::<House>(start, &choices)?;
    }

    #[test]
    fn czech_games_from_random_positions(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        random_game::<Czech>(start, &choices)?;
    }

    #[test]
    fn spanish_games_from_random_positions(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        random_game::<Spanish>(start, &choices)?;
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn english_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<English>(English::start(), &choices)?;
        random_game::<English>(start, &choices[..choices.len().min(30)])?;
    }

    #[test]
    fn italian_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<Italian>(Italian::start(), &choices)?;
        random_game::<Italian>(start, &choices[..choices.len().min(30)])?;
    }

    #[test]
    fn spanish_official_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<SpanishOfficial>(SpanishOfficial::start(), &choices)?;
        random_game::<SpanishOfficial>(start, &choices[..choices.len().min(30)])?;
    }

    #[test]
    fn brazilian_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<Brazilian>(Brazilian::start(), &choices)?;
        random_game::<Brazilian>(start, &choices[..choices.len().min(30)])?;
    }

    #[test]
    fn pool_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<Pool>(Pool::start(), &choices)?;
        random_game::<Pool>(start, &choices[..choices.len().min(30)])?;
    }

    #[test]
    fn thai_games(start in arb_position(), choices in prop::collection::vec(any::<Index>(), 0..60)) {
        random_game::<Thai>(Thai::start(), &choices)?;
        random_game::<Thai>(start, &choices[..choices.len().min(30)])?;
    }
}

proptest! {
    #![proptest_config(config(2048))]

    #[test]
    fn fen_round_trip(pos in arb_position()) {
        let text = fen::write(&pos);
        prop_assert_eq!(fen::parse(&text), Ok(pos), "{}", text);
        prop_assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos));
        // Numbered squares read the same.
        let numbered = text
            .split(':')
            .enumerate()
            .map(|(i, field)| {
                if i == 0 {
                    return field.to_string();
                }
                let (colour, squares) = field.split_at(1);
                let list: Vec<String> = squares
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| match s.strip_prefix('K') {
                        Some(name) => format!("K{}", name.parse::<Square>().unwrap().number()),
                        None => s.parse::<Square>().unwrap().number().to_string(),
                    })
                    .collect();
                format!("{colour}{}", list.join(","))
            })
            .collect::<Vec<_>>()
            .join(":");
        prop_assert_eq!(fen::parse(&numbered), Ok(pos), "{}", numbered);
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn bulk_counting_agrees_with_full_counting(pos in arb_position(), depth in 1u32..=3) {
        for set in RuleSet::ALL {
            with_rules8!(set, R => prop_assert_eq!(
                perft::<R>(&pos, depth),
                perft_full::<R>(&pos, depth),
                "{} in {:?}", set, pos
            ), else => ());
        }
        // Depth 1 is the number of legal moves.
        let mut list = MoveList::new();
        Czech::legal_moves(&pos, &mut list);
        prop_assert_eq!(perft::<Czech>(&pos, 1), list.len() as u64);
    }
}

/// The registry's name for `R` (every rule set checked here is registered).
fn registered<R: Rules>() -> RuleSet {
    RuleSet::of::<R>().expect("a registered rule set")
}

// ---- every registered rule set, and the generator without its specialised searches ----

/// A registered rule set's moves under its own [`Params`](dama_core::rules::Params), but
/// without the specialised searches ([`ParamRules::FAST_PATHS`] off): the general capture
/// search and perft through the legal moves. It keeps `R`'s name, so the reference generator
/// checks it as `R`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct General<R>(std::marker::PhantomData<R>);

impl<R: ParamRules<Board = dama_core::Board8> + BoardRules> ParamRules for General<R> {
    type Board = dama_core::Board8;
    const PARAMS: Params = R::PARAMS;
}

impl<R: ParamRules<Board = dama_core::Board8> + BoardRules> BoardRules for General<R> {
    const INFO: dama_core::RuleSetInfo = R::INFO;
    dama_core::moves_from_params!();
}

/// Runs `$check` with `$R` standing for each registered rule set (they all take the shared
/// generator's `PARAMS`).
macro_rules! each_param_set {
    ($R:ident => $check:expr) => {{
        {
            type $R = Spanish;
            $check
        }
        {
            type $R = Czech;
            $check
        }
        {
            type $R = Russian;
            $check
        }
        {
            type $R = House;
            $check
        }
        {
            type $R = English;
            $check
        }
        {
            type $R = Italian;
            $check
        }
        {
            type $R = SpanishOfficial;
            $check
        }
        {
            type $R = Brazilian;
            $check
        }
        {
            type $R = Pool;
            $check
        }
        {
            type $R = Thai;
            $check
        }
        {
            type $R = Giveaway;
            $check
        }
    }};
}

#[test]
fn each_param_set_names_every_registered_set_and_takes_the_fast_paths() {
    let (mut names, mut slow) = (Vec::new(), Vec::new());
    each_param_set!(R => {
        // The registered sets opt in to the specialised searches; this file checks them.
        if !<R as ParamRules>::FAST_PATHS {
            slow.push(R::INFO.name);
        }
        names.push(R::INFO.name);
    });
    assert_eq!(
        slow,
        Vec::<&str>::new(),
        "registered sets without the fast paths"
    );
    let registered: Vec<&str> = RuleSet::on_board(dama_core::BoardKind::Board8)
        .map(|r| r.name())
        .collect();
    assert_eq!(names, registered);
}

proptest! {
    #![proptest_config(config(64))]

    /// Whatever the registry holds (a set added later included), its games are checked
    /// against the reference generator.
    #[test]
    fn every_registered_set_matches_the_reference(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        for set in RuleSet::ALL {
            with_rules8!(set, R => {
                random_game::<R>(R::start(), &choices)?;
                random_game::<R>(start, &choices[..choices.len().min(20)])?;
            }, else => ());
        }
    }

    /// The general search (no specialised path) against the reference, for every set's knobs.
    #[test]
    fn the_general_search_matches_the_reference(
        start in arb_position(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        each_param_set!(R => {
            random_game::<General<R>>(R::start(), &choices)?;
            random_game::<General<R>>(start, &choices[..choices.len().min(20)])?;
        });
    }

    /// Perft through the specialised searches agrees with perft through the general search.
    #[test]
    fn the_fast_paths_agree_with_the_general_search(pos in arb_position(), depth in 1u32..=3) {
        each_param_set!(R => prop_assert_eq!(
            perft::<R>(&pos, depth),
            perft::<General<R>>(&pos, depth),
            "{} in {:?}", R::INFO.name, pos
        ));
    }
}
