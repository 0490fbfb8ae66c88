//! Perft on the shared generator: the leaves of the legal-move tree, counted over positions
//! ([`children`](super::children)) with the side to move as a constant, the last ply counted
//! without being played ([`count_moves`](super::count_moves)) and, where the replying side has
//! only men, the replies to the plain moves of the ply before counted from the parent's
//! bitboards (men that capture forward here, men that capture backward too in
//! [`backward`](super::backward)).

use super::backward::backward_men;
use super::children::{capture_children, children, quiet_children};
use super::count::{count_moves_of, man_captures_from};
use super::precedence::best_man_captures;
use super::{ParamRules, back, forward_of, king_targets, man_jumpers, simple_men};
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::mv::MoveListOn;
use crate::position::Color;
use crate::position::PositionOn;
use crate::square::{Direction, SquareOn};

/// The number of leaves of the legal-move tree of `pos`, `depth` plies deep.
///
/// Where the rule set takes the specialised searches ([`ParamRules::FAST_PATHS`]), over
/// positions made from the bitboards; otherwise through [`legal_moves`](super::legal_moves),
/// every move played and the last ply counted as the length of its list.
pub fn perft<P: ParamRules>(pos: &PositionOn<P::Board>, depth: u32) -> u64 {
    // One working list a ply (a node two plies from the leaves uses two).
    let mut stack: Vec<MoveListOn<P::Board>> =
        (0..depth.max(2)).map(|_| MoveListOn::new()).collect();
    if !P::FAST_PATHS {
        return through_moves::<P>(pos, depth, &mut stack);
    }
    // The specialised searches make positions without counting kings' plain moves
    // (`PositionOn::after_plain`): no rule set that counts them may take them.
    const {
        assert!(
            !P::FAST_PATHS || P::PARAMS.king_move_limit == 0,
            "FAST_PATHS with a king-move limit"
        );
    }
    match pos.turn() {
        Color::White => node::<P, true, false>(pos, depth, &mut stack),
        Color::Black => node::<P, false, true>(pos, depth, &mut stack),
    }
}

/// [`perft`] of `pos` through the legal moves, for the rule sets that do not take the
/// specialised searches.
fn through_moves<P: ParamRules>(
    pos: &PositionOn<P::Board>,
    depth: u32,
    stack: &mut [MoveListOn<P::Board>],
) -> u64 {
    let Some((list, rest)) = stack.split_first_mut() else {
        unreachable!("perft allocates a working list for every ply")
    };
    if depth == 0 {
        return 1;
    }
    super::legal_moves::<P>(pos, list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|mv| through_moves::<P>(&pos.after(mv), depth - 1, rest))
        .sum()
}

/// [`perft`] of `pos`, white to move when `WHITE` (`BLACK` is its opposite: the colour of the
/// children). `stack` holds at least `depth` lists (two when `depth` is 1).
fn node<P: ParamRules, const WHITE: bool, const BLACK: bool>(
    pos: &PositionOn<P::Board>,
    depth: u32,
    stack: &mut [MoveListOn<P::Board>],
) -> u64 {
    let Some((list, rest)) = stack.split_first_mut() else {
        unreachable!("perft allocates a working list for every ply")
    };
    match depth {
        0 => 1,
        1 => count_moves_of::<P, WHITE>(pos, list) as u64,
        2 => replies::<P, WHITE, BLACK>(pos, list, &mut rest[0]),
        _ => {
            let mut n = 0;
            children::<P, WHITE>(pos, list, &mut |child: &PositionOn<P::Board>| {
                n += if depth == 3 {
                    // Straight to the children's replies, saving a call a child.
                    let (list, rest) = rest.split_at_mut(1);
                    replies::<P, BLACK, WHITE>(child, &mut list[0], &mut rest[0])
                } else {
                    node::<P, BLACK, WHITE>(child, depth - 1, rest)
                };
            });
            n
        }
    }
}

/// Perft at depth 2: the legal replies to every legal move of `pos` (white to move when
/// `WHITE`), summed. `list` and `scratch` are working storage.
fn replies<P: ParamRules, const WHITE: bool, const BLACK: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> u64 {
    let mut n = 0;
    let mut count =
        |child: &PositionOn<P::Board>| n += count_moves_of::<P, BLACK>(child, scratch) as u64;
    let captured = capture_children::<P, WHITE>(pos, list, &mut count);
    if !(P::PARAMS.compulsory && captured) {
        let them = super::color::<BLACK>();
        // The replies counted from the bitboards: the replier's men may take every piece
        // of the mover, and under a precedence rule, with no king on the board, the most
        // pieces is all that ranks their captures.
        let mover_kings_safe = P::PARAMS.men_capture_kings || pos.kings(!them).is_empty();
        let unranked = !P::PARAMS.precedence.ranks() || pos.all_kings().is_empty();
        if simple_men::<P>() && unranked && mover_kings_safe && pos.kings(them).is_empty() {
            n += quiet_replies::<P, WHITE, BLACK>(pos);
        } else if backward_men::<P>() && pos.kings(them).is_empty() {
            n += super::backward::quiet_replies::<P, WHITE, BLACK>(pos, scratch);
        } else {
            quiet_children::<P, WHITE>(pos, &mut count);
        }
    }
    n
}

/// The legal replies to every plain move of `pos` (white to move when `WHITE`), summed, where
/// the replying side has only men, which capture forward only.
///
/// A plain move from `from` to `to` changes only those two squares, so the replier's plain
/// moves after it are those before it, plus the steps onto `from`, minus the steps onto `to`,
/// and its captures are found from the parent's bitboards with those two squares flipped.
/// (The mover's piece may be crowned on `to`: a man's capture takes a king as it takes a man.)
#[inline(always)]
fn quiet_replies<P: ParamRules, const WHITE: bool, const BLACK: bool>(
    pos: &PositionOn<P::Board>,
) -> u64 {
    let us = super::color::<WHITE>();
    let own = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let empty = pos.empty();
    let [e0, e1] = forward_of::<BLACK>();
    // The squares the replier's men step onto, in each direction, whether empty or not. Raw
    // shifts: every use meets a set of playable squares.
    let steps0 = theirs.shift_raw(e0);
    let steps1 = theirs.shift_raw(e1);
    let before = ((steps0 & empty).count() + (steps1 & empty).count()) as u64;
    let mut n = 0;
    let captures_after = |moved: BitboardOn<P::Board>| {
        replier_captures::<P, BLACK>(steps0, steps1, own ^ moved, empty ^ moved)
    };
    // The mover's pieces the replier could take right now (in either direction).
    let threatened = own
        & ((theirs.shift(e0) & empty.shift(e0.opposite()))
            | (theirs.shift(e1) & empty.shift(e1.opposite())));
    // Where the replier's men could jump from, over the mover's pieces, before the move:
    // none of the squares a second hop looks at is changed by the step (see `new_captures`).
    let again = if P::PARAMS.max_hops > 1 {
        man_jumpers(BitboardOn::ALL, own, empty, e0) | man_jumpers(BitboardOn::ALL, own, empty, e1)
    } else {
        BitboardOn::EMPTY
    };
    // One direction at a time, each a constant (a loop over a run-time direction would
    // branch on it at every shift).
    let [f0, f1] = forward_of::<WHITE>();
    let ctx = StepCtx {
        men: pos.men(us),
        own,
        theirs,
        empty,
        threatened,
        again,
        steps0,
        steps1,
        before,
    };
    n += step_replies::<P, BLACK>(&ctx, f0, &captures_after)
        + step_replies::<P, BLACK>(&ctx, f1, &captures_after);
    let occ = pos.occupied();
    let steps =
        |sq: SquareOn<P::Board>| u64::from(steps0.contains(sq)) + u64::from(steps1.contains(sq));
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            for to in king_targets::<P>(king, dir, occ) {
                let captures = captures_after(king.bb() | to.bb());
                n += captures;
                if captures == 0 || !P::PARAMS.compulsory {
                    n += before + steps(king) - steps(to);
                }
            }
        }
    }
    n
}

/// What [`step_replies`] reads of the position before the mover's plain move: the mover's
/// men, pieces and the threatened ones, the replier's pieces, the empty squares, and the
/// sets `quiet_replies` derives from them.
struct StepCtx<B: Board> {
    men: BitboardOn<B>,
    own: BitboardOn<B>,
    theirs: BitboardOn<B>,
    empty: BitboardOn<B>,
    threatened: BitboardOn<B>,
    again: BitboardOn<B>,
    steps0: BitboardOn<B>,
    steps1: BitboardOn<B>,
    before: u64,
}

/// The replies counted by [`quiet_replies`] to the mover's men's steps in `dir`.
#[inline(always)]
fn step_replies<P: ParamRules, const BLACK: bool>(
    ctx: &StepCtx<P::Board>,
    dir: Direction,
    captures_after: &impl Fn(BitboardOn<P::Board>) -> u64,
) -> u64 {
    let [e0, e1] = forward_of::<BLACK>();
    let mut n = 0;
    let targets = ctx.men.shift(dir) & ctx.empty;
    // The landing squares of the moves in `dir` that are looked at one by one, and of
    // those counted set-wise that give the replier a capture.
    let (suspects, captured) = if ctx.threatened.any() {
        // The move may or may not take the replier's capture away.
        (targets, BitboardOn::EMPTY)
    } else {
        // The replier's only captures are new ones, of one hop each unless one may go on.
        let news = [
            new_captures::<P::Board, BLACK>(dir, e0, ctx.theirs, ctx.own, ctx.empty, ctx.again),
            new_captures::<P::Board, BLACK>(dir, e1, ctx.theirs, ctx.own, ctx.empty, ctx.again),
        ];
        let goes_on = news[0].goes_on | news[1].goes_on;
        let settled = targets & !goes_on;
        let mut captured = BitboardOn::EMPTY;
        for new in news {
            for hops in [new.over_moved, new.onto_left] {
                n += u64::from((hops & settled).count());
                captured |= hops & settled;
            }
        }
        (targets & goes_on, captured)
    };
    // The landing squares of the moves in `dir` after which the replier may move
    // plainly: those that give it no capture, or all where capture is optional.
    let mut plain = targets & !suspects;
    if P::PARAMS.compulsory {
        plain &= !captured;
    }
    for to in suspects {
        let captures = captures_after(back(to, dir).bb() | to.bb());
        n += captures;
        // Without a branch: the replier's captures are hard to foresee.
        let keep = !P::PARAMS.compulsory || captures == 0;
        plain = BitboardOn::from_bits_unchecked(
            plain.bits() | (to.bb().bits() & u64::from(keep).wrapping_neg()),
        );
    }
    let froms = plain.shift_raw(dir.opposite());
    n += ctx.before * u64::from(plain.count())
        + u64::from((froms & ctx.steps0).count() + (froms & ctx.steps1).count())
        - u64::from((plain & ctx.steps0).count() + (plain & ctx.steps1).count());
    n
}

/// The captures a step gives the replier where it had none, in one of its directions,
/// as sets of the step's landing square `to`: each membership is one capture.
struct NewCaptures<B: Board> {
    /// Over the man that moved.
    over_moved: BitboardOn<B>,
    /// Over a piece next to the square the man left, landing there.
    onto_left: BitboardOn<B>,
    /// The steps after which such a capture may go on with a second hop.
    goes_on: BitboardOn<B>,
}

/// [`NewCaptures`] of the replier (white when `WHITE`; its men on `theirs`) in its direction
/// `e`, after a step in `dir` by a man of the mover (whose pieces are on `own`), where the
/// replier has no capture before it. `again`: the squares a replier's man could jump from.
///
/// The step changes two squares, `from` and `to`; a new capture takes the man on `to` or
/// lands on `from`, and nothing else changed. Neither square is one that a second hop from
/// the landing looks at (the replier moves only forward, the mover's step only the other
/// way), so `again` tells whether the capture may go on.
#[inline(always)]
fn new_captures<B: Board, const WHITE: bool>(
    dir: Direction,
    e: Direction,
    theirs: BitboardOn<B>,
    own: BitboardOn<B>,
    empty: BitboardOn<B>,
    again: BitboardOn<B>,
) -> NewCaptures<B> {
    // The squares the replier's men would take a piece on, in direction `e`.
    let over = theirs.shift(e);
    // Landing on `from` (one step against `dir` from `to`).
    let from_goes_on = again.shift(dir);
    if e == dir.opposite() {
        // Head on: the man that moved is taken, landing where it came from.
        NewCaptures {
            over_moved: over,
            onto_left: BitboardOn::EMPTY,
            goes_on: over & from_goes_on,
        }
    } else {
        // Over the man that moved to an empty square beyond, or over a piece next to the
        // square the man left, landing there.
        let over_moved = over & empty.shift(e.opposite());
        let onto_left = (over & own).shift(e).shift(dir);
        NewCaptures {
            over_moved,
            onto_left,
            goes_on: (over_moved & again.shift(e.opposite())) | (onto_left & from_goes_on),
        }
    }
}

/// The number of captures of the replier (white when `WHITE`), whose men stand one step back
/// from `steps0` and `steps1` (in its first and second forward direction), with `opp` its
/// opposing pieces and `empty` the empty squares ([`man_captures_from`]).
#[inline(always)]
fn replier_captures<P: ParamRules, const WHITE: bool>(
    steps0: BitboardOn<P::Board>,
    steps1: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> u64 {
    let [e0, e1] = forward_of::<WHITE>();
    let lands0 = (steps0 & opp).shift_raw(e0) & empty;
    let lands1 = (steps1 & opp).shift_raw(e1) & empty;
    if !P::PARAMS.precedence.ranks() {
        man_captures_from::<P, WHITE>(lands0, lands1, opp, empty) as u64
    } else {
        // No king on the board (see `replies`): the captures taking the most pieces.
        best_man_captures::<P, WHITE>(lands0, lands1, opp, empty, BitboardOn::EMPTY).1 as u64
    }
}
