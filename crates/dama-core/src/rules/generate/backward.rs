//! Perft of the rule sets whose men capture backward too and never turn into kings during a
//! capture (Pool, Brazilian): the men's captures counted, or turned into positions, by walks
//! over bitboards, with no [`MoveOn<P::Board>`] built for the sequences that cannot be routes of one move;
//! and the replies to the plain moves two plies from the leaves counted on the parent's
//! bitboards ([`quiet_replies`]).
//!
//! Two routes of a man with the same start, end and pieces taken take at least four pieces:
//! of the pieces a sequence of at most three hops takes, only the first stands next to the
//! starting square (a piece taken by a later hop stands next to the start only if the man
//! stood, before that hop, on its start or two squares from it along a diagonal, which takes
//! at least three hops: two would mean a hop straight back over the piece just taken). So two
//! such routes begin with the same hop and, by the same argument from its landing, go on
//! alike. Only the sequences of four hops or more are kept in a list, to drop a second route.
//!
//! The walks take their directions as constants (the index of one in [`Direction::ALL`] as
//! a const parameter), never try the hop straight back (its square holds the piece just
//! taken), and look from each landing whether the capture goes on before calling themselves:
//! most captures take one piece or two, and are found without a call. Every set's code is
//! chosen by its [`Params`](super::Params) fields: the other rule sets compile none of it.

use super::precedence::{RankedSink, rank_of};
use super::{
    LastRow, ListSink, ParamRules, Precedence, back, color, forward_of, king_captures,
    king_targets, man_prey,
};
use crate::bitboard::BitboardOn;
use crate::board::{Board, delta_of};
use crate::mv::{MoveListOn, MoveOn};
use crate::position::PositionOn;
use crate::square::{Direction, SquareOn};

/// The fewest hops a sequence of a man must have to be a second route of a move.
const ROUTES_FROM: usize = 4;

/// Whether these walks serve the rule set: it takes the specialised searches
/// ([`ParamRules::FAST_PATHS`]); men capture backward too and may take kings; capture is
/// compulsory, sequences are finished, and the number of pieces is all that may rank them,
/// a king's capture perhaps coming first (Pool, Brazilian). A man that reaches the last row during the capture goes on
/// as a man, and is crowned where the capture ends there (by the position's own crowning of
/// a man ending on the far rank).
#[inline(always)]
pub(super) const fn backward_men<P: ParamRules>() -> bool {
    P::FAST_PATHS
        && P::PARAMS.man_captures_backward
        && P::PARAMS.men_capture_kings
        && matches!(P::PARAMS.last_row, LastRow::PassesAsMan)
        && P::PARAMS.compulsory
        && !P::PARAMS.partial
        && matches!(
            P::PARAMS.precedence,
            Precedence::None | Precedence::KingsFirst | Precedence::MostPieces
        )
}

/// Whether the rule set keeps only the captures taking the most pieces.
#[inline(always)]
const fn ranked<P: ParamRules>() -> bool {
    P::PARAMS.precedence.ranks()
}

/// The direction of index `K` in [`Direction::ALL`] (NE, NW, SE, SW; the opposite of index
/// `K` is `3 - K`): the walks take their directions as constants, so that every shift is by
/// a fixed amount.
#[inline(always)]
const fn dir<const K: usize>() -> Direction {
    Direction::ALL[K]
}

/// Where a walk hands each finished sequence: its last landing, the pieces taken and the
/// number of hops. The first two hops of a walk call the caller's closure directly; the
/// walks of three hops or more ([`ManTree::walk`], rare) call it through `dyn`
/// ([`Leaf::as_dyn`]), so that `walk` is compiled once per rule set and direction rather than
/// once per caller too: 400 copies, 456 KB of the binary, before.
trait Leaf<B: Board>: FnMut(BitboardOn<B>, BitboardOn<B>, usize) {
    /// The same closure as a `dyn` one (itself, where it is one already: no wrapping
    /// however deep the walk goes).
    fn as_dyn(&mut self) -> &mut DynLeaf<'_, B>;
}

/// A [`Leaf`] as a `dyn` closure.
type DynLeaf<'a, B> = dyn FnMut(BitboardOn<B>, BitboardOn<B>, usize) + 'a;

impl<B: Board, F: FnMut(BitboardOn<B>, BitboardOn<B>, usize)> Leaf<B> for F {
    #[inline(always)]
    fn as_dyn(&mut self) -> &mut DynLeaf<'_, B> {
        self
    }
}

impl<B: Board> Leaf<B> for DynLeaf<'_, B> {
    #[inline(always)]
    fn as_dyn(&mut self) -> &mut DynLeaf<'_, B> {
        self
    }
}

/// A man's capture walk from one starting square.
struct ManTree<B: Board> {
    /// The pieces it may take.
    opp: BitboardOn<B>,
    /// The squares it may land on: the empty ones and its own starting square.
    free: BitboardOn<B>,
}

impl<B: Board> ManTree<B> {
    /// Hands every finished sequence to `leaf` (its last landing, the pieces taken and the
    /// number of hops), the man standing on `at` after `hops` hops that took `captured`, the
    /// last of them in the direction of index `D`.
    fn walk<P: ParamRules, const D: usize>(
        &self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
        leaf: &mut DynLeaf<'_, B>,
    ) {
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            let prey = self.opp & !captured;
            extended |= self.hop::<P, D, 0, _>(at, prey, captured, hops, leaf);
            extended |= self.hop::<P, D, 1, _>(at, prey, captured, hops, leaf);
            extended |= self.hop::<P, D, 2, _>(at, prey, captured, hops, leaf);
            extended |= self.hop::<P, D, 3, _>(at, prey, captured, hops, leaf);
        }
        if !extended {
            leaf(at, captured, hops);
        }
    }

    /// [`ManTree::walk`] from the landing of a first hop (in the direction of index `D`), made
    /// in its caller: most captures take two pieces or one, and end without a call.
    #[inline(always)]
    fn walk_first<P: ParamRules, const D: usize>(
        &self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
        leaf: &mut impl FnMut(BitboardOn<B>, BitboardOn<B>, usize),
    ) {
        let mut extended = false;
        if 1 < P::PARAMS.max_hops {
            let prey = self.opp & !captured;
            extended |= self.hop::<P, D, 0, _>(at, prey, captured, 1, leaf);
            extended |= self.hop::<P, D, 1, _>(at, prey, captured, 1, leaf);
            extended |= self.hop::<P, D, 2, _>(at, prey, captured, 1, leaf);
            extended |= self.hop::<P, D, 3, _>(at, prey, captured, 1, leaf);
        }
        if !extended {
            leaf(at, captured, 1);
        }
    }

    /// The hop from `at` in the direction of index `F` after one in that of index `D`, if the
    /// man can make it, walked on from its landing (a landing where the capture ends is handed
    /// to `leaf` at once). Never straight back: the square there holds the piece just taken.
    #[inline(always)]
    fn hop<P: ParamRules, const D: usize, const F: usize, L: Leaf<B> + ?Sized>(
        &self,
        at: BitboardOn<B>,
        prey: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
        leaf: &mut L,
    ) -> bool {
        if D + F == 3 {
            return false;
        }
        // Raw shifts: what leaves the board meets `prey` or `free`, real squares.
        let over = at.shift_raw(dir::<F>()) & prey;
        let land = over.shift_raw(dir::<F>()) & self.free;
        if land.is_empty() {
            return false;
        }
        let captured = captured | over;
        if hops + 1 < P::PARAMS.max_hops && self.goes_on::<F>(land, prey & !over) {
            self.walk::<P, F>(land, captured, hops + 1, leaf.as_dyn());
        } else {
            leaf(land, captured, hops + 1);
        }
        true
    }

    /// The sequences the man on `at` can finish, having made `hops` hops that took
    /// `captured`, the last in the direction of index `D`, and able to go on: how many, and
    /// (where ranked) how many hops the counted ones take (the longest). `None` where one
    /// may reach [`ROUTES_FROM`] hops: a second route of a move must then be dropped (the
    /// caller walks them into a [`Tally`]).
    fn count<P: ParamRules, const D: usize>(
        &self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) -> Option<(usize, usize)> {
        if hops + 1 >= ROUTES_FROM {
            return None;
        }
        let prey = self.opp & !captured;
        let mut found = (0, 0);
        self.count_hop::<P, D, 0>(at, prey, captured, hops, &mut found)?;
        self.count_hop::<P, D, 1>(at, prey, captured, hops, &mut found)?;
        self.count_hop::<P, D, 2>(at, prey, captured, hops, &mut found)?;
        self.count_hop::<P, D, 3>(at, prey, captured, hops, &mut found)?;
        // The sequence ends here if it cannot go on after all.
        Some(if found.1 == 0 { (hops, 1) } else { found })
    }

    /// [`ManTree::count`] from the landing of a first hop (in the direction of index `D`),
    /// made in its caller.
    #[inline(always)]
    fn count_first<P: ParamRules, const D: usize>(
        &self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
    ) -> Option<(usize, usize)> {
        let prey = self.opp & !captured;
        let mut found = (0, 0);
        self.count_hop::<P, D, 0>(at, prey, captured, 1, &mut found)?;
        self.count_hop::<P, D, 1>(at, prey, captured, 1, &mut found)?;
        self.count_hop::<P, D, 2>(at, prey, captured, 1, &mut found)?;
        self.count_hop::<P, D, 3>(at, prey, captured, 1, &mut found)?;
        Some(if found.1 == 0 { (1, 1) } else { found })
    }

    /// [`ManTree::count`] of the hop in the direction of index `F`, added to `found`.
    #[inline(always)]
    fn count_hop<P: ParamRules, const D: usize, const F: usize>(
        &self,
        at: BitboardOn<B>,
        prey: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
        found: &mut (usize, usize),
    ) -> Option<()> {
        if D + F == 3 {
            return Some(());
        }
        let over = at.shift_raw(dir::<F>()) & prey;
        let land = over.shift_raw(dir::<F>()) & self.free;
        if land.is_empty() {
            return Some(());
        }
        let here = if hops + 1 < P::PARAMS.max_hops && self.goes_on::<F>(land, prey & !over) {
            self.count::<P, F>(land, captured | over, hops + 1)?
        } else {
            (hops + 1, 1)
        };
        *found = longest_of::<P>(*found, here);
        Some(())
    }

    /// Whether the man on `at`, having hopped in the direction of index `D`, can hop again
    /// over a piece of `prey`.
    #[inline(always)]
    fn goes_on<const D: usize>(&self, at: BitboardOn<B>, prey: BitboardOn<B>) -> bool {
        let next = |f: Direction| (at.shift_raw(f) & prey).shift_raw(f);
        let mut to = BitboardOn::EMPTY;
        for (k, f) in Direction::ALL.into_iter().enumerate() {
            if D + k != 3 {
                to |= next(f);
            }
        }
        (to & self.free).any()
    }
}

/// Two counts of captures (the hops of the counted ones, how many) added: all of them, or
/// where ranked, those of the most hops.
#[inline(always)]
fn longest_of<P: ParamRules>(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    if !ranked::<P>() {
        (0, a.1 + b.1)
    } else if a.0 > b.0 {
        a
    } else if b.0 > a.0 {
        b
    } else {
        (a.0, a.1 + b.1)
    }
}

/// The first hops of the men `men` over the pieces `opp` to the empty squares `empty`: for
/// each direction of [`Direction::ALL`], the landing squares.
#[inline(always)]
fn first_hops<B: Board>(
    men: BitboardOn<B>,
    opp: BitboardOn<B>,
    empty: BitboardOn<B>,
) -> [BitboardOn<B>; 4] {
    // Raw shifts: each is met by `opp` or `empty`, real squares.
    Direction::ALL.map(|dir| (men.shift_raw(dir) & opp).shift_raw(dir) & empty)
}

/// For a first hop in each direction of [`Direction::ALL`], the landings from which the
/// capture goes on: a second hop in any direction but straight back (over the piece just
/// taken), over a piece of `opp` to an empty square (the square the man left lies straight
/// back too, or farther than one hop).
#[inline(always)]
fn going_on<P: ParamRules>(
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> [BitboardOn<P::Board>; 4] {
    if P::PARAMS.max_hops < 2 {
        return [BitboardOn::EMPTY; 4];
    }
    // The squares from which a man can jump in each direction.
    let [ne, nw, se, sw] = Direction::ALL.map(|dir| {
        let back = dir.opposite();
        (empty.shift_raw(back) & opp).shift(back)
    });
    // All but the direction straight back: NE's is SW, NW's is SE.
    let (across, along) = (nw | se, ne | sw);
    [across | ne, along | nw, along | se, across | sw]
}

/// The men's captures found by the walks: how many, and (where ranked) how many hops they
/// take. Sequences of [`ROUTES_FROM`] hops or more are kept in `long` (from `first` on) to
/// drop second routes.
struct Tally<'a, B: Board> {
    count: usize,
    hops: usize,
    long: &'a mut MoveListOn<B>,
    first: usize,
}

impl<B: Board> Tally<'_, B> {
    #[inline(always)]
    fn add<P: ParamRules>(
        &mut self,
        from: SquareOn<B>,
        to: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) {
        if ranked::<P>() {
            if hops < self.hops {
                return;
            }
            if hops > self.hops {
                self.hops = hops;
                self.count = 0;
                self.long.truncate(self.first);
            }
        }
        if hops >= ROUTES_FROM {
            let to = to.first().unwrap_or(from);
            let mv = MoveOn::from_parts(from, <B as Board>::path_of(to), 1, captured, false);
            if self.long[self.first..].iter().any(|m| m.same_route(&mv)) {
                return;
            }
            self.long.push(mv);
        }
        self.count += 1;
    }

    /// Walks the captures of the man on `man` whose first hop, in the direction of index `K`,
    /// takes the piece on `over` and lands on `land`, over the pieces `opp`, with `empty` the
    /// empty squares.
    #[inline(always)]
    fn walk_one<P: ParamRules, const K: usize>(
        &mut self,
        man: SquareOn<B>,
        over: SquareOn<B>,
        land: SquareOn<B>,
        opp: BitboardOn<B>,
        empty: BitboardOn<B>,
    ) {
        let tree = ManTree {
            opp,
            free: empty.with(man),
        };
        tree.walk_first::<P, K>(land.bb(), over.bb(), &mut |to, captured, n| {
            self.add::<P>(man, to, captured, n);
        });
    }

    /// Walks the captures of the men whose first hop, in the direction of index `K`, lands on
    /// `lands`, over the pieces `opp`, with `empty` the empty squares.
    #[inline(always)]
    fn walk<P: ParamRules, const K: usize>(
        &mut self,
        lands: BitboardOn<B>,
        opp: BitboardOn<B>,
        empty: BitboardOn<B>,
    ) {
        for land in lands {
            let over = back(land, dir::<K>());
            let from = back(over, dir::<K>());
            let tree = ManTree {
                opp,
                free: empty.with(from),
            };
            tree.walk_first::<P, K>(land.bb(), over.bb(), &mut |to, captured, n| {
                self.add::<P>(from, to, captured, n);
            });
        }
    }
}

/// The men's captures on `men`, which may take the pieces on `opp`, with `empty` the empty
/// squares: how many are legal among themselves (where ranked, those taking the most), and
/// (where ranked) how many hops those take. Sequences of [`ROUTES_FROM`] hops or
/// more are kept in `long` after what it holds. Under [`backward_men`] rules.
///
/// A first hop whose landing lets no second hop follow is one move, counted from the
/// bitboards; the others are walked.
#[inline(always)]
pub(super) fn men_captures<P: ParamRules>(
    men: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    long: &mut MoveListOn<P::Board>,
) -> (usize, usize) {
    let lands = first_hops(men, opp, empty);
    if (lands[0] | lands[1] | lands[2] | lands[3]).is_empty() {
        return (0, 0);
    }
    let on = going_on::<P>(opp, empty);
    let goers: [BitboardOn<P::Board>; 4] = std::array::from_fn(|k| lands[k] & on[k]);
    let single = ((lands[0] & !on[0]).count()
        + (lands[1] & !on[1]).count()
        + (lands[2] & !on[2]).count()
        + (lands[3] & !on[3]).count()) as usize;
    if (goers[0] | goers[1] | goers[2] | goers[3]).is_empty() {
        return (single, 1);
    }
    let first = long.len();
    let mut tally = Tally {
        count: 0,
        hops: 0,
        long,
        first,
    };
    tally.walk::<P, 0>(goers[0], opp, empty);
    tally.walk::<P, 1>(goers[1], opp, empty);
    tally.walk::<P, 2>(goers[2], opp, empty);
    tally.walk::<P, 3>(goers[3], opp, empty);
    if ranked::<P>() {
        // Every walk goes on past its first hop: it takes more than the single hops.
        (tally.count, tally.hops)
    } else {
        (tally.count + single, 1)
    }
}

/// The number of legal moves of the side to move (white when `WHITE`) under
/// [`backward_men`] rules; `scratch` is working storage.
#[inline(always)]
pub(super) fn count_moves<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> usize {
    let us = color::<WHITE>();
    scratch.clear();
    // The kings' captures, and their rank where ranked.
    let (king_rank, kings) = if pos.kings(us).is_empty() {
        (0, 0)
    } else if ranked::<P>() {
        let sink = RankedSink::<P>::new(scratch, pos.all_kings(), P::PARAMS.merge_routes);
        let sink = king_captures::<P, _>(pos, sink);
        (sink.best, sink.list.len())
    } else {
        let sink = ListSink {
            list: scratch,
            first_capture: 0,
            merge: P::PARAMS.merge_routes,
        };
        (0, king_captures::<P, _>(pos, sink).list.len())
    };
    if P::PARAMS.precedence.kings_first() && kings > 0 {
        return kings;
    }
    let opp = man_prey::<P>(pos, !us);
    let empty = pos.empty();
    let men = pos.men(us);
    let (men_captures, most) = men_captures::<P>(men, opp, empty, scratch);
    let mut men_captures = men_captures;
    if ranked::<P>() && men_captures > 0 {
        let men_rank = rank_of::<P>(most as u32, 0, false, 0);
        if king_rank > men_rank {
            men_captures = 0;
        } else if men_rank > king_rank {
            return men_captures;
        }
    }
    let captures = kings + men_captures;
    if captures > 0 {
        return captures;
    }
    let occ = pos.occupied();
    let [d0, d1] = forward_of::<WHITE>();
    let mut quiet =
        ((men.shift_raw(d0) & empty).count() + (men.shift_raw(d1) & empty).count()) as usize;
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            quiet += king_targets::<P>(king, dir, occ).count() as usize;
        }
    }
    quiet
}

/// The most hops a man's capture takes whose first hop, in the direction of index `K`, lands
/// on `lands` (at least `most`).
#[inline(always)]
fn most_hops<P: ParamRules, const K: usize>(
    mut most: usize,
    lands: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> usize {
    for land in lands {
        let over = back(land, dir::<K>());
        let from = back(over, dir::<K>());
        let tree = ManTree {
            opp,
            free: empty.with(from),
        };
        tree.walk_first::<P, K>(land.bb(), over.bb(), &mut |_, _, n| most = most.max(n));
    }
    most
}

/// Walks the captures of the men whose first hop, in the direction of index `K`, lands on
/// `lands`, keeping in `list` those of the most hops found so far (`most`: a longer one
/// drops those kept), a second route dropped. For a ranked rule set.
#[inline(always)]
fn longest_into<P: ParamRules, const K: usize>(
    lands: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    most: &mut usize,
    list: &mut MoveListOn<P::Board>,
) {
    for land in lands {
        let over = back(land, dir::<K>());
        let from = back(over, dir::<K>());
        let tree = ManTree {
            opp,
            free: empty.with(from),
        };
        tree.walk_first::<P, K>(land.bb(), over.bb(), &mut |to, captured, n| {
            if n < *most {
                return;
            }
            if n > *most {
                *most = n;
                list.clear();
            }
            let to = to.first().unwrap_or(from);
            let mv = MoveOn::from_parts(from, <P::Board as Board>::path_of(to), 1, captured, false);
            if n >= ROUTES_FROM && list.iter().any(|m| m.same_route(&mv)) {
                return;
            }
            list.push(mv);
        });
    }
}

/// Hands the position after each capture of the men whose first hop, in the direction of
/// index `K`, lands on `lands` and goes on, to `f` (where ranked, those of `most` hops only).
/// The sequences of [`ROUTES_FROM`] hops or more are kept in `list` from `first` on instead,
/// a second route dropped, for the caller to play.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn capture_walks<P: ParamRules, const K: usize>(
    pos: &PositionOn<P::Board>,
    lands: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    most: usize,
    list: &mut MoveListOn<P::Board>,
    first: usize,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) {
    for land in lands {
        let over = back(land, dir::<K>());
        let from = back(over, dir::<K>());
        let tree = ManTree {
            opp,
            free: empty.with(from),
        };
        tree.walk_first::<P, K>(land.bb(), over.bb(), &mut |to, captured, n| {
            if ranked::<P>() && n != most {
                return;
            }
            let to = to.first().unwrap_or(from);
            if n >= ROUTES_FROM {
                let mv =
                    MoveOn::from_parts(from, <P::Board as Board>::path_of(to), 1, captured, false);
                if !list[first..].iter().any(|m| m.same_route(&mv)) {
                    list.push(mv);
                }
            } else {
                f(&pos.after_capture(from, to, captured, false));
            }
        });
    }
}

/// Hands the position after every legal capture of the side to move (white when `WHITE`)
/// under [`backward_men`] rules to `f`, and returns whether there was any. `list` is
/// working storage.
#[inline(always)]
pub(super) fn capture_children<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
    f: &mut impl FnMut(&PositionOn<P::Board>),
) -> bool {
    let us = color::<WHITE>();
    list.clear();
    let king_rank = if pos.kings(us).is_empty() {
        0
    } else if ranked::<P>() {
        let sink = RankedSink::<P>::new(list, pos.all_kings(), P::PARAMS.merge_routes);
        king_captures::<P, _>(pos, sink).best
    } else {
        let sink = ListSink {
            list,
            first_capture: 0,
            merge: P::PARAMS.merge_routes,
        };
        king_captures::<P, _>(pos, sink);
        0
    };
    let opp = man_prey::<P>(pos, !us);
    let empty = pos.empty();
    let lands = first_hops(pos.men(us), opp, empty);
    let mut men_found = (list.is_empty() || !P::PARAMS.precedence.kings_first())
        && (lands[0] | lands[1] | lands[2] | lands[3]).any();
    if !men_found {
        for mv in list.iter() {
            f(&pos.after(mv));
        }
        return !list.is_empty();
    }
    // The first hops after which the capture goes on are walked; the others are moves.
    let on = going_on::<P>(opp, empty);
    let goers: [BitboardOn<P::Board>; 4] = std::array::from_fn(|k| lands[k] & on[k]);
    // Where ranked, with no king's capture, the longest captures walked into `list` at once
    // (a longer one found drops those kept); with one, the most hops found first.
    let mut most = 1;
    if ranked::<P>() && list.is_empty() && (goers[0] | goers[1] | goers[2] | goers[3]).any() {
        longest_into::<P, 0>(goers[0], opp, empty, &mut most, list);
        longest_into::<P, 1>(goers[1], opp, empty, &mut most, list);
        longest_into::<P, 2>(goers[2], opp, empty, &mut most, list);
        longest_into::<P, 3>(goers[3], opp, empty, &mut most, list);
        for mv in list.iter() {
            f(&pos.after(mv));
        }
        return true;
    }
    if ranked::<P>() {
        if (goers[0] | goers[1] | goers[2] | goers[3]).any() {
            most = most_hops::<P, 0>(most, goers[0], opp, empty);
            most = most_hops::<P, 1>(most, goers[1], opp, empty);
            most = most_hops::<P, 2>(most, goers[2], opp, empty);
            most = most_hops::<P, 3>(most, goers[3], opp, empty);
        }
        let men_rank = rank_of::<P>(most as u32, 0, false, 0);
        if king_rank > men_rank {
            men_found = false;
        } else if men_rank > king_rank {
            list.clear();
        }
    }
    if men_found {
        if !ranked::<P>() || most == 1 {
            for (k, dir) in Direction::ALL.into_iter().enumerate() {
                for land in lands[k] & !on[k] {
                    let over = back(land, dir);
                    f(&pos.after_capture(back(over, dir), land, over.bb(), false));
                }
            }
        }
        // The kings' captures kept come first in `list`; the men's long ones after them.
        let first = list.len();
        capture_walks::<P, 0>(pos, goers[0], opp, empty, most, list, first, f);
        capture_walks::<P, 1>(pos, goers[1], opp, empty, most, list, first, f);
        capture_walks::<P, 2>(pos, goers[2], opp, empty, most, list, first, f);
        capture_walks::<P, 3>(pos, goers[3], opp, empty, most, list, first, f);
    }
    for mv in list.iter() {
        f(&pos.after(mv));
    }
    !list.is_empty() || men_found
}

/// The parts of the replier's first hops in one of its directions, `e`, that the mover's
/// plain move does not change ([`quiet_replies`]).
#[derive(Copy, Clone)]
struct Toward<B: Board> {
    /// The squares a replier's man would jump in `e` (raw: each use meets real squares).
    over: BitboardOn<B>,
    /// Those with an empty square beyond (raw too).
    over_empty: BitboardOn<B>,
    /// The squares beyond a piece of the mover that a replier's man would jump in `e`,
    /// empty or not.
    beyond_own: BitboardOn<B>,
    /// The landings of a hop in `e` from which the capture goes on.
    on: BitboardOn<B>,
    /// The squares one step back from those landings.
    going: BitboardOn<B>,
}

/// The replier's [`Toward`] in each direction of [`Direction::ALL`]: `over` and `over_empty`
/// as there, the mover's pieces on `own`, the empty squares on `empty`.
#[inline(always)]
fn towards<P: ParamRules>(
    over: [BitboardOn<P::Board>; 4],
    over_empty: [BitboardOn<P::Board>; 4],
    own: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> [Toward<P::Board>; 4] {
    let on = going_on::<P>(own, empty);
    std::array::from_fn(|k| {
        let e = Direction::ALL[k];
        Toward {
            over: over[k],
            over_empty: over_empty[k],
            beyond_own: (over[k] & own).shift(e),
            on: on[k],
            going: on[k].shift(e.opposite()),
        }
    })
}

/// The replier's new first hops in its direction `e` after a plain move in `d` landing on
/// `targets`, as sets of the move's landing square `to`: over the man that moved, over a piece
/// next to the square it left (landing there), and the moves after which one of those may go
/// on. `beyond_to`: the landings `to` with an empty square beyond in `d`.
///
/// The move changes two squares, `from` and `to`; a new hop takes the man on `to` or lands on
/// `from`, and nothing else changed. From its landing a second hop never takes the piece on
/// `to` or lands on `from` (each would be straight back or not a hop), except the hop over the
/// man that moved when the first lands on `from`, which looks at the square beyond `to`. So
/// the parent's bitboards tell whether the capture goes on.
#[inline(always)]
fn new_hops<B: Board>(
    d: Direction,
    e: Direction,
    t: &Toward<B>,
    targets: BitboardOn<B>,
    beyond_to: BitboardOn<B>,
) -> (BitboardOn<B>, BitboardOn<B>, BitboardOn<B>) {
    if e == d.opposite() {
        // Head on: the man that moved is taken, the replier landing where it came from.
        let over_moved = targets & t.over;
        (over_moved, BitboardOn::EMPTY, over_moved & t.going)
    } else {
        let over_moved = targets & t.over_empty;
        let onto_left = targets & t.beyond_own.shift_raw(d);
        let goes_on = (over_moved & t.going) | (onto_left & (t.on.shift_raw(d) | beyond_to));
        (over_moved, onto_left, goes_on)
    }
}

/// The replier's new first hops in the direction of index `K` after the plain move from
/// `from` to `to` in `d` ([`new_hops`], read for this move alone): those that go on walked
/// into `tally` on the board after the move (the mover's pieces on `opp`, the empty squares
/// on `empty`), the others counted. Returns the number of hops found and of those counted.
#[inline(always)]
fn hops_at<P: ParamRules, const K: usize>(
    tally: &mut Tally<P::Board>,
    (to, from, d): (SquareOn<P::Board>, SquareOn<P::Board>, Direction),
    t: &Toward<P::Board>,
    beyond_to: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> (usize, usize) {
    let e = dir::<K>();
    let (mut found, mut single) = (0, 0);
    let head_on = e == d.opposite();
    if (if head_on { t.over } else { t.over_empty }).contains(to) {
        found += 1;
        if t.going.contains(to) {
            let land =
                SquareOn::from_bit_unchecked((to.bit() as i8 + delta_of::<P::Board>(e)) as u8);
            tally.walk_one::<P, K>(back(to, e), to, land, opp, empty);
        } else {
            single += 1;
        }
    }
    if !head_on && t.beyond_own.contains(from) {
        found += 1;
        if t.on.contains(from) || beyond_to.contains(to) {
            let over = back(from, e);
            tally.walk_one::<P, K>(back(over, e), over, from, opp, empty);
        } else {
            single += 1;
        }
    }
    (found, single)
}

/// [`hops_at`] counting the captures ([`ManTree::count`]) into `found` (the hops of the
/// counted ones, how many) instead of walking them; `None` where a walk must be made.
#[inline(always)]
fn count_at<P: ParamRules, const K: usize>(
    found: &mut (usize, usize),
    (to, from, d): (SquareOn<P::Board>, SquareOn<P::Board>, Direction),
    t: &Toward<P::Board>,
    beyond_to: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
) -> Option<(usize, usize)> {
    let e = dir::<K>();
    let (mut hops, mut single) = (0, 0);
    let head_on = e == d.opposite();
    if (if head_on { t.over } else { t.over_empty }).contains(to) {
        hops += 1;
        if t.going.contains(to) {
            let land =
                SquareOn::from_bit_unchecked((to.bit() as i8 + delta_of::<P::Board>(e)) as u8);
            let tree = ManTree {
                opp,
                free: empty.with(back(to, e)),
            };
            *found = longest_of::<P>(*found, tree.count_first::<P, K>(land.bb(), to.bb())?);
        } else {
            single += 1;
        }
    }
    if !head_on && t.beyond_own.contains(from) {
        hops += 1;
        if t.on.contains(from) || beyond_to.contains(to) {
            let over = back(from, e);
            let tree = ManTree {
                opp,
                free: empty.with(back(over, e)),
            };
            *found = longest_of::<P>(*found, tree.count_first::<P, K>(from.bb(), over.bb())?);
        } else {
            single += 1;
        }
    }
    Some((hops, single))
}

/// How many more replies than new first hops the replier has after the plain move from
/// `from` to `to` of the mover in the direction of index `D` (the mover's pieces on `own`,
/// the empty squares on `empty` before the move), where it had no capture before and one of
/// those hops may go on (a wrapping difference: fewer where ranked). `parts`: the replier's
/// [`Toward`] in each direction of [`Direction::ALL`]; `long` is working storage.
///
/// The captures are counted ([`ManTree::count`]) unless one may take four pieces, then
/// walked into a [`Tally`]. Out of line: it serves about one move in eight, and the code of
/// its walks made inline would crowd its caller's registers (measured: 15% more
/// instructions in all).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn after_going_on<P: ParamRules, const D: usize>(
    to: SquareOn<P::Board>,
    from: SquareOn<P::Board>,
    parts: &[Toward<P::Board>; 4],
    beyond_to: BitboardOn<P::Board>,
    own: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    long: &mut MoveListOn<P::Board>,
) -> u64 {
    let moved = from.bb() | to.bb();
    let (opp, empty) = (own ^ moved, empty ^ moved);
    let step = (to, from, dir::<D>());
    // Counted without a list, unless a capture may take four pieces.
    let mut counted = (0, 0);
    let mut count = || {
        let h0 = count_at::<P, 0>(&mut counted, step, &parts[0], beyond_to, opp, empty)?;
        let h1 = count_at::<P, 1>(&mut counted, step, &parts[1], beyond_to, opp, empty)?;
        let h2 = count_at::<P, 2>(&mut counted, step, &parts[2], beyond_to, opp, empty)?;
        let h3 = count_at::<P, 3>(&mut counted, step, &parts[3], beyond_to, opp, empty)?;
        Some((h0.0 + h1.0 + h2.0 + h3.0, h0.1 + h1.1 + h2.1 + h3.1))
    };
    let (found, captures) = if let Some((found, single)) = count() {
        // Where ranked, every count goes on past its first hop: it takes more than the
        // single hops.
        (
            found,
            if ranked::<P>() {
                counted.1
            } else {
                counted.1 + single
            },
        )
    } else {
        long.clear();
        let mut tally = Tally {
            count: 0,
            hops: 0,
            long,
            first: 0,
        };
        let h0 = hops_at::<P, 0>(&mut tally, step, &parts[0], beyond_to, opp, empty);
        let h1 = hops_at::<P, 1>(&mut tally, step, &parts[1], beyond_to, opp, empty);
        let h2 = hops_at::<P, 2>(&mut tally, step, &parts[2], beyond_to, opp, empty);
        let h3 = hops_at::<P, 3>(&mut tally, step, &parts[3], beyond_to, opp, empty);
        let found = h0.0 + h1.0 + h2.0 + h3.0;
        let captures = if ranked::<P>() {
            tally.count
        } else {
            tally.count + h0.1 + h1.1 + h2.1 + h3.1
        };
        (found, captures)
    };
    (captures as u64).wrapping_sub(found as u64)
}

/// The legal replies to the men's plain moves of `pos` (white to move when `WHITE`), summed,
/// where the replier, which has only men, can capture before the move ([`quiet_replies`]):
/// its captures after each move, counted on the parent's bitboards with the two squares
/// flipped. `before`: the replier's plain moves before the move.
#[inline(always)]
fn threatened_replies<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    before: u64,
    scratch: &mut MoveListOn<P::Board>,
) -> u64 {
    let us = color::<WHITE>();
    let own = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let empty = pos.empty();
    let mut n = 0;
    for d in forward_of::<WHITE>() {
        let mut plain = BitboardOn::EMPTY;
        for to in pos.men(us).shift_raw(d) & empty {
            let captures = replier_captures::<P>(theirs, own, empty, back(to, d), to, scratch);
            n += captures;
            if captures == 0 {
                plain = plain.with(to);
            }
        }
        n += plain_after::<P::Board, WHITE>(pos, before, plain, d);
    }
    n
}

/// The number of captures of the replier's men `theirs` after the mover's plain move from
/// `from` to `to` (the mover's pieces on `own`, the empty squares on `empty` before the move);
/// `long` is working storage.
#[inline(always)]
fn replier_captures<P: ParamRules>(
    theirs: BitboardOn<P::Board>,
    own: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    from: SquareOn<P::Board>,
    to: SquareOn<P::Board>,
    long: &mut MoveListOn<P::Board>,
) -> u64 {
    let moved = from.bb() | to.bb();
    long.clear();
    men_captures::<P>(theirs, own ^ moved, empty ^ moved, long).0 as u64
}

/// The replier's plain moves after the plain moves of the mover (white when `WHITE`) in `d`
/// landing on `plain`, summed: those before the move (`before`), plus its steps onto the
/// square the man left, minus its steps onto `to`.
#[inline(always)]
fn plain_after<B: Board, const WHITE: bool>(
    pos: &PositionOn<B>,
    before: u64,
    plain: BitboardOn<B>,
    d: Direction,
) -> u64 {
    let theirs = pos.pieces(!color::<WHITE>());
    let [e0, e1] = forward_of::<WHITE>().map(Direction::opposite);
    let (steps0, steps1) = (theirs.shift_raw(e0), theirs.shift_raw(e1));
    // The squares the moves left: men of the mover.
    let froms = plain.shift_raw(d.opposite());
    before * u64::from(plain.count())
        + u64::from((froms & steps0).count() + (froms & steps1).count())
        - u64::from((plain & steps0).count() + (plain & steps1).count())
}

/// The legal replies to every plain move of `pos` (white to move when `WHITE`), summed, where
/// the replying side has only men and the rules are [`backward_men`]'s; `scratch` is working
/// storage.
///
/// Where the replier cannot capture before the move, a plain move from `from` to `to` gives
/// it a capture only by a first hop over the piece on `to`, or onto `from` ([`new_hops`]). A
/// move that gives none leaves the replier its plain moves, counted from the parent's
/// bitboards: those before the move, plus the steps onto `from`, minus the steps onto `to`
/// ([`plain_after`]); one whose new first hops all end there gives it one move each (all take
/// one piece), counted set-wise for all the moves of a direction at once; after the others,
/// the replier's captures are counted from those hops ([`after_going_on`]). Where the
/// replier can capture already, its captures after each move are counted on the parent's
/// bitboards with the two squares flipped ([`threatened_replies`]). The kings' moves are
/// played and their replies counted.
#[inline(always)]
pub(super) fn quiet_replies<P: ParamRules, const WHITE: bool, const BLACK: bool>(
    pos: &PositionOn<P::Board>,
    scratch: &mut MoveListOn<P::Board>,
) -> u64 {
    let us = color::<WHITE>();
    let own = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let empty = pos.empty();
    let mut n = 0;
    // The squares the replier's men would jump, in each of its directions (raw shifts, each
    // met by a set of real squares).
    let over = Direction::ALL.map(|e| theirs.shift_raw(e));
    let [e0, e1] = forward_of::<BLACK>();
    let steps0 = theirs.shift_raw(e0);
    let steps1 = theirs.shift_raw(e1);
    let before = ((steps0 & empty).count() + (steps1 & empty).count()) as u64;
    // Whether the replier can capture right now.
    let over_empty: [BitboardOn<P::Board>; 4] =
        std::array::from_fn(|k| over[k] & empty.shift_raw(Direction::ALL[k].opposite()));
    let threatened = ((over_empty[0] | over_empty[1] | over_empty[2] | over_empty[3]) & own).any();
    if threatened {
        n += threatened_replies::<P, WHITE>(pos, before, scratch);
    } else {
        let parts = towards::<P>(over, over_empty, own, empty);
        // One direction at a time, each a constant (a loop over a run-time direction would
        // branch on it at every shift).
        let [d0, d1] = forward_of::<WHITE>();
        n = n.wrapping_add(step_replies::<P, WHITE>(pos, d0, &parts, before, scratch));
        n = n.wrapping_add(step_replies::<P, WHITE>(pos, d1, &parts, before, scratch));
    }
    let occ = pos.occupied();
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            for to in king_targets::<P>(king, dir, occ) {
                n += count_moves::<P, BLACK>(&pos.after_plain(king, to), scratch) as u64;
            }
        }
    }
    n
}

/// The replies counted by [`quiet_replies`] to the mover's men's steps in `d`, where the
/// replier cannot capture before the move; `parts`: [`towards`] of the position.
#[inline(always)]
fn step_replies<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    d: Direction,
    parts: &[Toward<P::Board>; 4],
    before: u64,
    scratch: &mut MoveListOn<P::Board>,
) -> u64 {
    let us = color::<WHITE>();
    let own = pos.pieces(us);
    let empty = pos.empty();
    let mut n: u64 = 0;
    let targets = pos.men(us).shift_raw(d) & empty;
    // The landings with an empty square beyond them in `d` (raw: met by `targets`).
    let beyond_to = empty.shift_raw(d.opposite());
    // One move for each new first hop, and after the moves after which one may go
    // on, the replier's captures instead (it had none before the move).
    let (m0, l0, g0) = new_hops(d, Direction::NorthEast, &parts[0], targets, beyond_to);
    let (m1, l1, g1) = new_hops(d, Direction::NorthWest, &parts[1], targets, beyond_to);
    let (m2, l2, g2) = new_hops(d, Direction::SouthEast, &parts[2], targets, beyond_to);
    let (m3, l3, g3) = new_hops(d, Direction::SouthWest, &parts[3], targets, beyond_to);
    n += u64::from(
        m0.count()
            + l0.count()
            + m1.count()
            + l1.count()
            + m2.count()
            + l2.count()
            + m3.count()
            + l3.count(),
    );
    let captured = m0 | l0 | m1 | l1 | m2 | l2 | m3 | l3;
    for to in g0 | g1 | g2 | g3 {
        let from = back(to, d);
        let more = match d {
            Direction::NorthEast => after_going_on::<P, 0>,
            Direction::NorthWest => after_going_on::<P, 1>,
            Direction::SouthEast => after_going_on::<P, 2>,
            // `d`, a man's forward direction, is a diagonal: south-west.
            _ => after_going_on::<P, 3>,
        }(to, from, parts, beyond_to, own, empty, scratch);
        n = n.wrapping_add(more);
    }
    n += plain_after::<P::Board, WHITE>(pos, before, targets & !captured, d);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walks_serve_pool_and_brazilian_only() {
        assert!(backward_men::<crate::Pool>());
        assert!(backward_men::<crate::Brazilian>());
        assert!(!backward_men::<crate::Russian>());
        assert!(!backward_men::<crate::House>());
        assert!(!backward_men::<crate::Czech>());
        assert!(!backward_men::<crate::Italian>());
    }

    #[test]
    fn opposite_directions_mirror_in_all() {
        for (k, dir) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(Direction::ALL[3 - k], dir.opposite());
        }
    }

    #[test]
    fn a_step_that_opens_a_long_capture_is_counted_from_the_parent() {
        use crate::perft::{perft, perft_full};
        use crate::{Brazilian, Pool};
        // Black's c5-b4 lets white's a3 take b4, d6 and f6 (three pieces: counted from the
        // new hops), and with f4 and d2 on the board five (a capture that may take four
        // pieces is walked with its routes compared). White cannot capture before the step.
        for fen in ["B:Wa3:Bc5,d6,f6,h8", "B:Wa3:Bc5,d6,f6,f4,d2,h8"] {
            let pos = crate::fen::parse(fen).unwrap();
            for depth in 1..=4 {
                assert_eq!(
                    perft::<Pool>(&pos, depth),
                    perft_full::<Pool>(&pos, depth),
                    "pool {fen} {depth}"
                );
                assert_eq!(
                    perft::<Brazilian>(&pos, depth),
                    perft_full::<Brazilian>(&pos, depth),
                    "brazilian {fen} {depth}"
                );
            }
        }
    }

    #[test]
    fn two_routes_round_a_square_are_one_move() {
        use crate::perft::{perft, perft_full};
        use crate::{BoardRules, Brazilian, MoveList, Pool};
        // The man on c3 takes d4, f4, f2 and d2 round the square and comes back to c3, one
        // way or the other: one move. Black's a7 then has one reply.
        let pos = crate::fen::parse("W:Wc3:Bd4,f4,f2,d2,a7").unwrap();
        let mut list = MoveList::new();
        Pool::legal_moves(&pos, &mut list);
        assert_eq!(list.len(), 1);
        assert_eq!(Pool::count_legal_moves(&pos, &mut list), 1);
        assert_eq!(Brazilian::count_legal_moves(&pos, &mut list), 1);
        for depth in 1..=3 {
            assert_eq!(perft::<Pool>(&pos, depth), perft_full::<Pool>(&pos, depth));
            assert_eq!(
                perft::<Brazilian>(&pos, depth),
                perft_full::<Brazilian>(&pos, depth)
            );
        }
        assert_eq!(perft::<Pool>(&pos, 2), 1);
    }
}
