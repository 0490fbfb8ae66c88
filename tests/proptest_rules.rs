//! Property tests of the rules core, for both rule sets: random games and random positions.
//!
//! Every position met (along random games from the start and from random positions) has its
//! legal moves checked against the rules directly: each path is a chain of diagonal steps or
//! flights that jumps exactly the captured pieces, playing a move removes exactly those pieces,
//! the Czech captures are compulsory (kings first) and finished, the Spanish ones optional,
//! partial and at most three hops long; and the move set equals that of a naive reference
//! generator written from the rule texts. The oracles here walk the board square by square
//! and share no code with the bitboard generator. Bulk counting is checked against playing
//! every leaf, and FEN writing against reading.

use dama::fen;
use dama::perft::{perft, perft_full};
use dama::{Bitboard, Color, Czech, Move, MoveList, Position, RuleSet, Rules, Spanish, Square};
use proptest::prelude::*;
use proptest::sample::Index;

// ---- random positions: tests/common ----

mod common;
use common::arb_position;

// ---- board walking, independent of the generator ----

fn forward_dirs(color: Color) -> [(i8, i8); 2] {
    match color {
        Color::White => [(1, 1), (-1, 1)],
        Color::Black => [(1, -1), (-1, -1)],
    }
}

const ALL_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let f = sq.file() as i8 + df;
    let r = sq.rank() as i8 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Square::from_file_rank(f as u8, r as u8)
    } else {
        None
    }
}

/// Whether the piece of the side to move on `sq` (a king when `king`) can jump an opposing
/// piece not in `taken`, with `occ` the occupied squares (taken pieces still stand).
fn can_jump(pos: &Position, sq: Square, king: bool, occ: Bitboard, taken: Bitboard) -> bool {
    let opp = pos.pieces(!pos.turn());
    let dirs: Vec<(i8, i8)> = if king {
        ALL_DIRS.to_vec()
    } else {
        forward_dirs(pos.turn()).to_vec()
    };
    dirs.into_iter().any(|dir| {
        let mut at = step(sq, dir);
        if king {
            while let Some(s) = at {
                if occ.contains(s) {
                    break;
                }
                at = step(s, dir);
            }
        }
        match at {
            Some(over) if opp.contains(over) && !taken.contains(over) => {
                step(over, dir).is_some_and(|land| !occ.contains(land))
            }
            _ => false,
        }
    })
}

/// The plain moves of the side to move, counted square by square.
fn quiet_count(pos: &Position) -> usize {
    let us = pos.turn();
    let occ = pos.occupied();
    let mut n = 0;
    for sq in pos.men(us) {
        n += forward_dirs(us)
            .into_iter()
            .filter(|&d| step(sq, d).is_some_and(|to| !occ.contains(to)))
            .count();
    }
    for sq in pos.kings(us) {
        for d in ALL_DIRS {
            let mut at = step(sq, d);
            while let Some(s) = at.filter(|s| !occ.contains(*s)) {
                n += 1;
                at = step(s, d);
            }
        }
    }
    n
}

/// The squares strictly between two squares of one diagonal, and the direction from `a` to
/// `b`; `None` when they are not on one diagonal (or equal).
fn between(a: Square, b: Square) -> Option<(Vec<Square>, (i8, i8))> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let dir = (df.signum(), dr.signum());
    let mut squares = Vec::new();
    let mut at = step(a, dir)?;
    while at != b {
        squares.push(at);
        at = step(at, dir)?;
    }
    Some((squares, dir))
}

// ---- a naive reference generator, written from the rule texts ----

/// A move as the reference generator sees it: start, landing squares, captured pieces.
type Naive = (Square, Vec<Square>, Bitboard);

/// The single hops of the piece on `sq` (a king when `king`): the piece jumped and the
/// squares it may land on. `occ` holds every standing piece (the mover's start excluded);
/// pieces in `taken` stand but cannot be jumped again.
fn hops(
    pos: &Position,
    sq: Square,
    king: bool,
    occ: Bitboard,
    taken: Bitboard,
) -> Vec<(Square, Vec<Square>)> {
    let opp = pos.pieces(!pos.turn());
    let dirs: Vec<(i8, i8)> = if king {
        ALL_DIRS.to_vec()
    } else {
        forward_dirs(pos.turn()).to_vec()
    };
    let mut out = Vec::new();
    for dir in dirs {
        let mut at = step(sq, dir);
        if king {
            while let Some(s) = at.filter(|s| !occ.contains(*s)) {
                at = step(s, dir);
            }
        }
        let Some(over) = at.filter(|s| opp.contains(*s) && !taken.contains(*s)) else {
            continue;
        };
        let mut lands = Vec::new();
        let mut beyond = step(over, dir);
        while let Some(land) = beyond.filter(|s| !occ.contains(*s)) {
            lands.push(land);
            if !king {
                break;
            }
            beyond = step(land, dir);
        }
        if !lands.is_empty() {
            out.push((over, lands));
        }
    }
    out
}

/// Extends the capture of the piece that started on `from` and stands on `sq` after `path`.
#[allow(clippy::too_many_arguments)]
fn naive_jumps(
    rules: RuleSet,
    pos: &Position,
    from: Square,
    sq: Square,
    king: bool,
    occ: Bitboard,
    path: &mut Vec<Square>,
    taken: Bitboard,
    out: &mut Vec<Naive>,
) {
    let options = if rules == RuleSet::Spanish && path.len() == 3 {
        Vec::new()
    } else {
        hops(pos, sq, king, occ, taken)
    };
    if options.is_empty() {
        // A Czech sequence ends when nothing is left to jump; Spanish moves were recorded
        // hop by hop.
        if rules == RuleSet::Czech && !path.is_empty() {
            out.push((from, path.clone(), taken));
        }
        return;
    }
    for (over, lands) in options {
        let taken = taken.with(over);
        // Czech: a king must land where it can go on, if any landing allows it.
        let going_on: Vec<Square> = lands
            .iter()
            .copied()
            .filter(|&l| !hops(pos, l, king, occ, taken).is_empty())
            .collect();
        let lands = if rules == RuleSet::Czech && !going_on.is_empty() {
            going_on
        } else {
            lands
        };
        for land in lands {
            path.push(land);
            if rules == RuleSet::Spanish {
                out.push((from, path.clone(), taken));
            }
            naive_jumps(rules, pos, from, land, king, occ, path, taken, out);
            path.pop();
        }
    }
}

/// Every legal move of `pos` under `rules`, found square by square from the rule texts.
fn naive_moves(rules: RuleSet, pos: &Position) -> Vec<Naive> {
    let us = pos.turn();
    let occ = pos.occupied();
    let mut king_caps = Vec::new();
    let mut man_caps = Vec::new();
    for sq in pos.pieces(us) {
        let king = pos.kings(us).contains(sq);
        let out = if king { &mut king_caps } else { &mut man_caps };
        let mut path = Vec::new();
        naive_jumps(
            rules,
            pos,
            sq,
            sq,
            king,
            occ.without(sq),
            &mut path,
            Bitboard::EMPTY,
            out,
        );
    }
    let mut moves = king_caps;
    match rules {
        RuleSet::Czech => {
            // King priority, then one move per start, end and captured set.
            if moves.is_empty() {
                moves = man_caps;
            }
            let mut seen = Vec::new();
            moves.retain(|(from, path, taken)| {
                let key = (*from, *path.last().unwrap(), *taken);
                let new = !seen.contains(&key);
                seen.push(key);
                new
            });
            if !moves.is_empty() {
                return moves;
            }
        }
        RuleSet::Spanish => moves.extend(man_caps),
    }
    for sq in pos.pieces(us) {
        let king = pos.kings(us).contains(sq);
        let dirs: Vec<(i8, i8)> = if king {
            ALL_DIRS.to_vec()
        } else {
            forward_dirs(us).to_vec()
        };
        for dir in dirs {
            let mut at = step(sq, dir);
            while let Some(to) = at.filter(|s| !occ.contains(*s)) {
                moves.push((sq, vec![to], Bitboard::EMPTY));
                if !king {
                    break;
                }
                at = step(to, dir);
            }
        }
    }
    moves
}

// ---- the checks of one position ----

/// Checks one legal move of `pos`; returns the square of the piece jumped by its last hop
/// (for captures).
fn check_move<R: Rules>(pos: &Position, mv: &Move) -> Result<Option<Square>, TestCaseError> {
    let us = pos.turn();
    let them = !us;
    let from = mv.from();
    let king = pos.kings(us).contains(from);
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
        prop_assert!(!occ.contains(to), "{mv:?} lands on an occupied {to}");
        if !king {
            prop_assert!(
                forward_dirs(us).contains(&dir),
                "{mv:?}: a man goes backwards"
            );
        }
        let standing: Vec<Square> = squares.into_iter().filter(|s| occ.contains(*s)).collect();
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
            prop_assert!(!jumped.contains(over), "{mv:?} jumps {over} twice");
            if !king {
                prop_assert_eq!(step(over, dir), Some(to), "{:?}: a man jumps far", mv);
            }
            jumped = jumped.with(over);
            last = Some(over);
        } else {
            prop_assert_eq!(mv.path().len(), 1, "{:?}: a plain move of many steps", mv);
            prop_assert!(standing.is_empty(), "{mv:?} flies over {standing:?}");
            if !king {
                prop_assert_eq!(step(at, dir), Some(to), "{:?}: a man flies", mv);
            }
        }
        // A man reaching the last rank stops there.
        if !king && hop + 1 < mv.path().len() {
            prop_assert!(
                !us.crowning_rank().contains(to),
                "{mv:?} goes on after crowning"
            );
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
    let crowned = king || us.crowning_rank().contains(mv.to());
    prop_assert_eq!(after.all_kings().contains(mv.to()), crowned);
    prop_assert_eq!(
        after.all_kings().without(mv.to()),
        pos.all_kings().without(from) & !mv.captured() & !mv.to().bb()
    );
    prop_assert_eq!(pos.crowns(mv), !king && crowned);

    match R::RULE_SET {
        RuleSet::Czech => {
            // The sequence is finished: nothing is left to jump from where it ends.
            if mv.is_capture() {
                prop_assert!(
                    !can_jump(pos, mv.to(), king, occ, mv.captured()),
                    "{mv:?} stops while it could go on"
                );
            }
        }
        RuleSet::Spanish => {
            prop_assert!(mv.path().len() <= 3, "{mv:?} has more than three hops");
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
    prop_assert_eq!(R::is_lost(pos, &mut scratch), list.is_empty());

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
    let key = |m: &Naive| -> (Square, Vec<Square>, u64) {
        match R::RULE_SET {
            RuleSet::Spanish => (m.0, m.1.clone(), m.2.0),
            RuleSet::Czech => (m.0, vec![*m.1.last().unwrap()], m.2.0),
        }
    };
    let mut got: Vec<_> = list
        .iter()
        .map(|m| key(&(m.from(), m.path().to_vec(), m.captured())))
        .collect();
    let mut want: Vec<_> = naive_moves(R::RULE_SET, pos).iter().map(key).collect();
    got.sort();
    want.sort();
    prop_assert_eq!(got, want, "the moves of {:?}", pos);

    let us = pos.turn();
    let occ = pos.occupied();
    let man_can = pos
        .men(us)
        .squares()
        .any(|sq| can_jump(pos, sq, false, occ.without(sq), Bitboard::EMPTY));
    let king_can = pos
        .kings(us)
        .squares()
        .any(|sq| can_jump(pos, sq, true, occ.without(sq), Bitboard::EMPTY));
    let captures = list.iter().filter(|m| m.is_capture()).count();
    let quiet = list.len() - captures;
    prop_assert_eq!(captures > 0, man_can || king_can, "captures of {:?}", pos);
    match R::RULE_SET {
        RuleSet::Czech => {
            if man_can || king_can {
                prop_assert_eq!(quiet, 0, "a plain move beside a capture in {:?}", pos);
            } else {
                prop_assert_eq!(quiet, quiet_count(pos), "plain moves of {:?}", pos);
            }
            if king_can {
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
        RuleSet::Spanish => {
            prop_assert_eq!(quiet, quiet_count(pos), "plain moves of {:?}", pos);
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
        prop_assert_eq!(perft::<Czech>(&pos, depth), perft_full::<Czech>(&pos, depth));
        prop_assert_eq!(perft::<Spanish>(&pos, depth), perft_full::<Spanish>(&pos, depth));
        // Depth 1 is the number of legal moves.
        let mut list = MoveList::new();
        Czech::legal_moves(&pos, &mut list);
        prop_assert_eq!(perft::<Czech>(&pos, 1), list.len() as u64);
    }
}
