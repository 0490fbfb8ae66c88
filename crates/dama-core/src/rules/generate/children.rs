//! The positions after each legal move, made straight from the bitboards, for perft, which
//! needs the positions of the tree but never the moves themselves.
//!
//! Plain moves and the captures of men that never merge (forward only, stopping on the far
//! rank) are turned into positions as they are found, with no [`MoveOn<P::Board>`](crate::MoveOn<P::Board>) built;
//! captures that may have to be merged (kings', and men's under the Russian rules) go through
//! a move list first, where routes with the same start, end and captured pieces become one.

use super::backward::backward_men;
use super::precedence::{RankedSink, best_man_captures, rank_of};
use super::{
    ListSink, ParamRules, Precedence, Sink, back, forward_of, king_captures, king_targets,
    man_captures_of, man_jumpers, man_prey, simple_men,
};
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::mv::MoveListOn;
use crate::position::PositionOn;
use crate::square::{Direction, SquareOn};

/// Hands the position after each capture sequence to a closure. Only for searches whose
/// sequences are all distinct moves (no merging).
struct ChildSink<'a, B: Board, F> {
    pos: &'a PositionOn<B>,
    f: F,
    /// Whether any sequence was found.
    found: bool,
}

impl<B: Board, F: FnMut(&PositionOn<B>)> Sink<B> for ChildSink<'_, B, F> {
    #[inline]
    fn record(
        &mut self,
        from: SquareOn<B>,
        path: &B::Path,
        hops: usize,
        captured: BitboardOn<B>,
        crowns: bool,
    ) {
        self.found = true;
        (self.f)(
            &self
                .pos
                .after_capture(from, path.as_ref()[hops - 1], captured, crowns),
        );
    }
}

/// Calls `f` with the position after every capture that the side to move (white when `WHITE`)
/// may make, and returns whether there was any. `list` is working storage.
#[inline(always)]
pub(super) fn capture_children<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) -> bool {
    let us = super::color::<WHITE>();
    if backward_men::<P>() {
        return super::backward::capture_children::<P, WHITE>(pos, list, f);
    }
    if P::PARAMS.precedence.ranks() {
        if simple_men::<P>()
            && (!matches!(P::PARAMS.precedence, Precedence::Italian)
                || !P::PARAMS.men_capture_kings)
        {
            return ranked_forward_captures::<P, WHITE>(pos, list, f);
        }
        // The captures must be ranked against each other before any is played.
        list.clear();
        super::captures::<P>(pos, list);
        for mv in list.iter() {
            f(&pos.after(mv));
        }
        return !list.is_empty();
    }
    let mut found = false;
    if pos.kings(us).any() {
        if P::PARAMS.merge_routes {
            list.clear();
            let sink = ListSink {
                list,
                first_capture: 0,
                merge: true,
            };
            let list = king_captures::<P, _>(pos, sink).list;
            for mv in list.iter() {
                f(&pos.after(mv));
            }
            found = !list.is_empty();
        } else {
            found = king_captures::<P, _>(pos, child_sink(pos, &mut *f)).found;
        }
        if P::PARAMS.precedence.kings_first() && found {
            return true;
        }
    }
    if simple_men::<P>() {
        found |= forward_man_captures::<P, WHITE>(pos, f);
    } else {
        list.clear();
        let sink = ListSink {
            list,
            first_capture: 0,
            merge: P::PARAMS.merge_routes,
        };
        let list = man_captures_of::<P, _, WHITE>(pos, sink).list;
        for mv in list.iter() {
            f(&pos.after(mv));
        }
        found |= !list.is_empty();
    }
    found
}

/// [`capture_children`] for the men, where they capture forward only and stop on the far
/// rank: the walk of [`Jumps::man`](super::Jumps) without the path. Such men never take the same
/// pieces by two routes (no merging), and never meet the pieces they took or the square they
/// left again, so the position's own bitboards are all the walk looks at.
#[inline(always)]
fn forward_man_captures<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) -> bool {
    let us = super::color::<WHITE>();
    let walk = ManWalk {
        pos,
        opp: man_prey::<P>(pos, !us),
        empty: pos.empty(),
    };
    let [d0, d1] = forward_of::<WHITE>();
    let men = pos.men(us);
    let lands0 = (men.shift_raw(d0) & walk.opp).shift_raw(d0) & walk.empty;
    let lands1 = (men.shift_raw(d1) & walk.opp).shift_raw(d1) & walk.empty;
    if (lands0 | lands1).is_empty() {
        return false;
    }
    // The landings from which a further hop can be made: without any, no walk is needed.
    let again = if P::PARAMS.max_hops > 1 {
        man_jumpers(BitboardOn::ALL, walk.opp, walk.empty, d0)
            | man_jumpers(BitboardOn::ALL, walk.opp, walk.empty, d1)
    } else {
        BitboardOn::EMPTY
    };
    let goes_on = ((lands0 | lands1) & again).any();
    for (dir, lands) in [(d0, lands0), (d1, lands1)] {
        for land in lands {
            let over = back(land, dir);
            let from = back(over, dir);
            if goes_on {
                walk.on::<P, WHITE>(from, land, over.bb(), 1, f);
            } else {
                f(&pos.after_capture(from, land, over.bb(), false));
            }
        }
    }
    true
}

/// [`capture_children`] under a precedence rule where men capture forward only and stop on
/// the far rank, and the Italian order of the kings taken never ranks a man's capture (men
/// take no kings there): the kings' best captures are kept in `list`, the men's best rank is
/// read from the bitboards ([`best_man_captures`]), and the men's captures of the best rank
/// are walked as in [`forward_man_captures`].
#[inline(always)]
fn ranked_forward_captures<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) -> bool {
    let us = super::color::<WHITE>();
    list.clear();
    let kings_best = if pos.kings(us).any() {
        let sink = RankedSink::<P>::new(list, pos.all_kings(), P::PARAMS.merge_routes);
        king_captures::<P, _>(pos, sink).best
    } else {
        0
    };
    let walk = ManWalk {
        pos,
        opp: man_prey::<P>(pos, !us),
        empty: pos.empty(),
    };
    let [d0, d1] = forward_of::<WHITE>();
    let men = pos.men(us);
    let lands0 = (men.shift_raw(d0) & walk.opp).shift_raw(d0) & walk.empty;
    let lands1 = (men.shift_raw(d1) & walk.opp).shift_raw(d1) & walk.empty;
    let men_best =
        if (lands0 | lands1).is_empty() || (P::PARAMS.precedence.kings_first() && kings_best > 0) {
            0
        } else {
            best_man_captures::<P, WHITE>(lands0, lands1, walk.opp, walk.empty, pos.all_kings()).0
        };
    if kings_best >= men_best {
        for mv in list.iter() {
            f(&pos.after(mv));
        }
    }
    if men_best >= kings_best && men_best > 0 {
        for (dir, lands) in [(d0, lands0), (d1, lands1)] {
            for land in lands {
                let over = back(land, dir);
                let from = back(over, dir);
                walk.best::<P, WHITE>(from, land, over.bb(), 1, men_best, f);
            }
        }
    }
    kings_best > 0 || men_best > 0
}

/// The fixed part of a forward man's capture walk.
struct ManWalk<'a, B: Board> {
    pos: &'a PositionOn<B>,
    /// The opposing pieces.
    opp: BitboardOn<B>,
    /// The empty squares.
    empty: BitboardOn<B>,
}

impl<B: Board> ManWalk<'_, B> {
    /// The man from `from` stands on `at` after `hops` hops, having taken `taken`: hands
    /// each sequence that ends here or further on to `f`.
    fn on<P: ParamRules, const WHITE: bool>(
        &self,
        from: SquareOn<B>,
        at: SquareOn<B>,
        taken: BitboardOn<B>,
        hops: usize,
        f: &mut impl FnMut(&PositionOn<B>),
    ) {
        if P::PARAMS.partial {
            f(&self.pos.after_capture(from, at, taken, false));
        }
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            for dir in forward_of::<WHITE>() {
                let over = at.bb().shift_raw(dir) & self.opp;
                let land = over.shift_raw(dir) & self.empty;
                if let Some(land) = land.first() {
                    extended = true;
                    self.on::<P, WHITE>(from, land, taken | over, hops + 1, f);
                }
            }
        }
        if !P::PARAMS.partial && !extended {
            f(&self.pos.after_capture(from, at, taken, false));
        }
    }
}

impl<B: Board> ManWalk<'_, B> {
    /// [`ManWalk::on`] under a precedence rule: hands to `f` only the sequences of rank
    /// `best` (by the pieces and kings taken; see [`ranked_forward_captures`]).
    fn best<P: ParamRules, const WHITE: bool>(
        &self,
        from: SquareOn<B>,
        at: SquareOn<B>,
        taken: BitboardOn<B>,
        hops: usize,
        best: u64,
        f: &mut impl FnMut(&PositionOn<B>),
    ) {
        let rank = || {
            let kings = (taken & self.pos.all_kings()).count();
            rank_of::<P>(hops as u32, kings, false, 0)
        };
        if P::PARAMS.partial && rank() == best {
            f(&self.pos.after_capture(from, at, taken, false));
        }
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            for dir in forward_of::<WHITE>() {
                let over = at.bb().shift_raw(dir) & self.opp;
                let land = over.shift_raw(dir) & self.empty;
                if let Some(land) = land.first() {
                    extended = true;
                    self.best::<P, WHITE>(from, land, taken | over, hops + 1, best, f);
                }
            }
        }
        if !P::PARAMS.partial && !extended && rank() == best {
            f(&self.pos.after_capture(from, at, taken, false));
        }
    }
}

#[inline(always)]
fn child_sink<'a, B: Board, F: FnMut(&PositionOn<B>)>(
    pos: &'a PositionOn<B>,
    f: F,
) -> ChildSink<'a, B, F> {
    ChildSink {
        pos,
        f,
        found: false,
    }
}

/// Calls `f` with the position after every plain move of the side to move (white when
/// `WHITE`).
#[inline(always)]
pub(super) fn quiet_children<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) {
    let us = super::color::<WHITE>();
    let empty = pos.empty();
    // Each forward direction a constant (a loop over a run-time direction would branch on
    // it at every shift).
    let [d0, d1] = forward_of::<WHITE>();
    for to in pos.men(us).shift(d0) & empty {
        f(&pos.after_plain(back(to, d0), to));
    }
    for to in pos.men(us).shift(d1) & empty {
        f(&pos.after_plain(back(to, d1), to));
    }
    let occ = pos.occupied();
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            for to in king_targets::<P>(king, dir, occ) {
                f(&pos.after_plain(king, to));
            }
        }
    }
}

/// Calls `f` with the position after every legal move of the side to move (white when
/// `WHITE`). `list` is working storage.
#[inline(always)]
pub(super) fn children<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) {
    let captured = capture_children::<P, WHITE>(pos, list, f);
    if P::PARAMS.compulsory && captured {
        return;
    }
    quiet_children::<P, WHITE>(pos, f);
}
