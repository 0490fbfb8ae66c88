//! Counting legal moves without building them all (bulk counting for perft): the plain
//! moves from the bitboards, the captures by the search of the parent module where they need
//! it.

use super::backward::backward_men;
use super::precedence::{RankedSink, best_man_captures, better};
use super::{
    CountSink, Jumps, ListSink, ParamRules, Sink, back, forward_of, king_captures, king_targets,
    man_jumpers, man_prey, simple_men,
};
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::mv::MoveListOn;
use crate::position::Color;
use crate::position::PositionOn;
use crate::square::{Direction, SquareOn};

/// The number of capture sequences a man on `at` can make, having made `hops` hops.
///
/// A man's further hops always go forward, away from its starting square and from the pieces
/// it has taken, so the position's own `opp` and `empty` are all it needs to look at.
fn count_man_tree<P: ParamRules, const WHITE: bool>(
    at: BitboardOn<P::Board>,
    hops: usize,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> usize {
    let mut n = 0;
    if hops < P::PARAMS.max_hops {
        for dir in forward_of::<WHITE>() {
            let land = (at.shift(dir) & opp).shift(dir) & empty;
            if land.any() {
                let below = count_man_tree::<P, WHITE>(land, hops + 1, opp, empty);
                n += if P::PARAMS.partial {
                    1 + below
                } else {
                    below.max(1)
                };
            }
        }
    }
    n
}

/// The number of capture sequences of forward-capturing men (white's when `WHITE`) whose
/// first hops land on `lands0` (in the first forward direction) and `lands1` (the second),
/// with `opp` the opposing pieces and `empty` the empty squares.
///
/// Set-wise: each first hop is one move, unless a hop goes on from its landing; only then is
/// the walk of [`count_man_tree`] run (and its sequences replace the hop).
#[inline(always)]
pub(super) fn man_captures_from<P: ParamRules, const WHITE: bool>(
    lands0: BitboardOn<P::Board>,
    lands1: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> usize {
    let mut captures = (lands0.count() + lands1.count()) as usize;
    if P::PARAMS.max_hops > 1 {
        let [d0, d1] = forward_of::<WHITE>();
        // The landings from which a further hop can be made.
        let again = man_jumpers(BitboardOn::ALL, opp, empty, d0)
            | man_jumpers(BitboardOn::ALL, opp, empty, d1);
        if ((lands0 | lands1) & again).any() {
            for land in (lands0 & again).squares().chain((lands1 & again).squares()) {
                let below = count_man_tree::<P, WHITE>(land.bb(), 1, opp, empty);
                captures += if P::PARAMS.partial { below } else { below - 1 };
            }
        }
    }
    captures
}

/// The number of legal moves of the side to move; `scratch` is working storage. Counted from
/// the bitboards where the rule set takes the specialised searches
/// ([`ParamRules::FAST_PATHS`]), else the length of [`legal_moves`](super::legal_moves).
pub fn count_moves<P: ParamRules>(
    pos: &PositionOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> usize {
    match pos.turn() {
        Color::White => count_moves_of::<P, true>(pos, scratch),
        Color::Black => count_moves_of::<P, false>(pos, scratch),
    }
}

/// [`count_moves`] with the side to move a constant: white when `WHITE`.
#[inline(always)]
pub(super) fn count_moves_of<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> usize {
    let us = if WHITE { Color::White } else { Color::Black };
    if !P::FAST_PATHS {
        // The moves themselves, counted: right whatever the knobs.
        super::legal_moves::<P>(pos, scratch);
        return scratch.len();
    }
    if backward_men::<P>() {
        return super::backward::count_moves::<P, WHITE>(pos, scratch);
    }
    if P::PARAMS.precedence.ranks() {
        return count_ranked::<P, WHITE>(pos, scratch);
    }
    let own_kings = pos.kings(us);
    let kings = if own_kings.is_empty() {
        0
    } else if P::PARAMS.merge_routes {
        scratch.clear();
        let sink = ListSink {
            list: scratch,
            first_capture: 0,
            merge: true,
        };
        king_captures::<P, _>(pos, sink).list.len()
    } else {
        king_captures::<P, _>(pos, CountSink(0)).0
    };
    if P::PARAMS.precedence.kings_first() && kings > 0 {
        return kings;
    }
    if !simple_men::<P>() {
        return count_moves_general::<P, WHITE>(pos, kings, scratch);
    }
    let opp = man_prey::<P>(pos, !us);
    let empty = pos.empty();
    let men = pos.men(us);
    let [d0, d1] = forward_of::<WHITE>();
    // Every result of a raw shift is intersected with `opp` or `empty`, which hold only
    // playable squares, so the squares that left the board vanish there.
    let lands0 = (men.shift_raw(d0) & opp).shift_raw(d0) & empty;
    let lands1 = (men.shift_raw(d1) & opp).shift_raw(d1) & empty;
    // Captures and plain moves are both counted, and one chosen without a branch: whether
    // there is a capture is hard to foresee.
    let captures = kings + man_captures_from::<P, WHITE>(lands0, lands1, opp, empty);
    let mut quiet =
        ((men.shift_raw(d0) & empty).count() + (men.shift_raw(d1) & empty).count()) as usize;
    if own_kings.any() {
        // The kings' slides are worth counting only when they may be played.
        if P::PARAMS.compulsory && captures > 0 {
            return captures;
        }
        let occ = pos.occupied();
        for king in own_kings {
            for dir in Direction::ALL {
                quiet += king_targets::<P>(king, dir, occ).count() as usize;
            }
        }
    }
    if P::PARAMS.compulsory && captures > 0 {
        captures
    } else {
        captures + quiet
    }
}

/// [`count_moves_of`] for men that capture backward or go on as kings. `kings` is the number
/// of the kings' captures.
///
/// A first hop that ends the capture (its landing is off the far rank and no jump goes on
/// from it) is one move, counted from the bitboards; the others are searched in full into
/// `scratch`, merging routes (only a search that goes on can meet another route again).
#[inline(always)]
fn count_moves_general<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    kings: usize,
    scratch: &mut MoveListOn<P::Board>,
) -> usize {
    let us = if WHITE { Color::White } else { Color::Black };
    let opp = man_prey::<P>(pos, !us);
    let empty = pos.empty();
    let men = pos.men(us);
    let occ = pos.occupied();
    let mut simple = 0;
    let mut jumps = Jumps {
        from: SquareOn::from_bit_unchecked(0),
        opp,
        occ,
        halting: super::halting_kings::<P>(pos, !us),
        path: <P::Board as Board>::path_of(SquareOn::from_bit_unchecked(0)),
        crowned: false,
        sink: ListSink {
            list: scratch,
            first_capture: 0,
            merge: P::PARAMS.merge_routes,
        },
    };
    jumps.sink.list.clear();
    // The directions one by one, written out, so that every shift is by a constant.
    let [f0, f1] = forward_of::<WHITE>();
    let [b0, b1] = forward_of::<WHITE>().map(Direction::opposite);
    let lands = |dir| (men.shift_raw(dir) & opp).shift_raw(dir) & empty;
    let (l0, l1) = (lands(f0), lands(f1));
    let (l2, l3) = if P::PARAMS.man_captures_backward {
        (lands(b0), lands(b1))
    } else {
        (BitboardOn::EMPTY, BitboardOn::EMPTY)
    };
    if (l0 | l1 | l2 | l3).any() {
        first_hops::<P, _, WHITE>(&mut jumps, &mut simple, l0, f0, empty, occ);
        first_hops::<P, _, WHITE>(&mut jumps, &mut simple, l1, f1, empty, occ);
        if P::PARAMS.man_captures_backward {
            first_hops::<P, _, WHITE>(&mut jumps, &mut simple, l2, b0, empty, occ);
            first_hops::<P, _, WHITE>(&mut jumps, &mut simple, l3, b1, empty, occ);
        }
    }
    let captures = kings + simple + jumps.sink.list.len();
    if P::PARAMS.compulsory && captures > 0 {
        return captures;
    }
    let mut quiet = ((men.shift_raw(forward_of::<WHITE>()[0]) & empty).count()
        + (men.shift_raw(forward_of::<WHITE>()[1]) & empty).count()) as usize;
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            quiet += king_targets::<P>(king, dir, occ).count() as usize;
        }
    }
    captures + quiet
}

/// The first hops of the men of [`count_moves_general`] in `dir`, landing on `lands`: one
/// that ends the capture (off the far rank, with no jump on from its landing over the pieces
/// not yet taken, to an empty square or the one the man left) is counted in `simple`; the
/// others are searched in full by `jumps`.
#[inline(always)]
fn first_hops<P: ParamRules, S: Sink<P::Board>, const WHITE: bool>(
    jumps: &mut Jumps<P::Board, S>,
    simple: &mut usize,
    lands: BitboardOn<P::Board>,
    dir: Direction,
    empty: BitboardOn<P::Board>,
    occ: BitboardOn<P::Board>,
) {
    let far = super::color::<WHITE>().crowning_rank_on::<P::Board>();
    for land in lands {
        let over = back(land, dir);
        let from = back(over, dir);
        let prey = jumps.opp.without(over);
        let free = empty.with(from);
        let hop = |d| (land.bb().shift_raw(d) & prey).shift_raw(d) & free;
        let [f0, f1] = forward_of::<WHITE>();
        let mut on = hop(f0) | hop(f1);
        if P::PARAMS.man_captures_backward {
            let [b0, b1] = forward_of::<WHITE>().map(Direction::opposite);
            on |= hop(b0) | hop(b1);
        }
        if far.contains(land) || on.any() {
            jumps.from = from;
            jumps.occ = occ.without(from);
            jumps.man_landed::<P, WHITE>(land, over.bb(), 1);
        } else {
            *simple += 1;
        }
    }
}

/// [`count_moves_of`] under a precedence rule: the captures of the highest rank are counted
/// as the search finds them (the kings' kept in `scratch` to merge routes, forward men's
/// counted from the bitboards, other men's kept in `scratch` too); without any, the plain
/// moves are counted from the bitboards.
#[inline(always)]
fn count_ranked<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> usize {
    let us = super::color::<WHITE>();
    scratch.clear();
    let captures = if simple_men::<P>() {
        let (mut best, mut captures) = (0, 0);
        if pos.kings(us).any() {
            let sink = RankedSink::<P>::new(scratch, pos.all_kings(), P::PARAMS.merge_routes);
            let sink = king_captures::<P, _>(pos, sink);
            (best, captures) = (sink.best, sink.list.len());
        }
        if !(P::PARAMS.precedence.kings_first() && captures > 0) {
            let opp = man_prey::<P>(pos, !us);
            let empty = pos.empty();
            let men = pos.men(us);
            let [d0, d1] = forward_of::<WHITE>();
            let lands0 = (men.shift_raw(d0) & opp).shift_raw(d0) & empty;
            let lands1 = (men.shift_raw(d1) & opp).shift_raw(d1) & empty;
            if (lands0 | lands1).any() {
                let men_best =
                    best_man_captures::<P, WHITE>(lands0, lands1, opp, empty, pos.all_kings());
                captures = better((best, captures), men_best).1;
            }
        }
        captures
    } else {
        // Men that capture backward (and are not those of `backward.rs`) or go on as kings.
        super::ranked_captures::<P>(pos, scratch);
        scratch.len()
    };
    if P::PARAMS.compulsory && captures > 0 {
        return captures;
    }
    let empty = pos.empty();
    let occ = pos.occupied();
    let men = pos.men(us);
    let [d0, d1] = forward_of::<WHITE>();
    let mut quiet =
        ((men.shift_raw(d0) & empty).count() + (men.shift_raw(d1) & empty).count()) as usize;
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            quiet += king_targets::<P>(king, dir, occ).count() as usize;
        }
    }
    captures + quiet
}
