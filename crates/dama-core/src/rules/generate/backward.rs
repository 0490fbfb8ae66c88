//! Perft's captures of men that capture backward too and never turn into kings during a
//! capture (Pool, Brazilian): counted, or turned into positions, by a walk over bitboards,
//! with no [`Move`](crate::Move) built for the sequences that cannot be routes of one move.
//!
//! Two routes of a man with the same start, end and pieces taken take at least four pieces:
//! of the pieces a sequence of at most three hops takes, only the first stands next to the
//! starting square (a piece taken by a later hop stands next to the start only if the man
//! stood, before that hop, on its start or two squares from it along a diagonal, which takes
//! at least three hops: two would mean a hop straight back over the piece just taken). So two
//! such routes begin with the same hop and, by the same argument from its landing, go on
//! alike. Only the sequences of four hops or more are kept in a list, to drop a second route.

use super::precedence::{RankedSink, rank_of};
use super::{
    LastRow, ListSink, Params, Precedence, back, color, forward_of, king_captures, king_targets,
    man_jumpers, man_prey,
};
use crate::mv::MAX_PATH;
use crate::{Bitboard, Direction, Move, MoveList, Position, Square};

/// The fewest hops a sequence of a man must have to be a second route of a move.
const ROUTES_FROM: usize = 4;

/// Whether these walks serve the rule set: men capture backward too and may take kings;
/// capture is compulsory, sequences are finished, and the number of pieces is all that may
/// rank them (Pool, Brazilian). A man that reaches the last row during the capture goes on
/// as a man, and is crowned where the capture ends there (by the position's own crowning of
/// a man ending on the far rank).
#[inline(always)]
pub(super) const fn backward_men<P: Params>() -> bool {
    P::MAN_CAPTURES_BACKWARD
        && !P::CROWNED_MAN_GOES_ON
        && P::MEN_CAPTURE_KINGS
        && matches!(P::LAST_ROW, LastRow::PassesAsMan)
        && P::COMPULSORY
        && !P::PARTIAL
        && matches!(P::PRECEDENCE, Precedence::None | Precedence::MostPieces)
}

/// Whether the rule set keeps only the captures taking the most pieces.
#[inline(always)]
const fn ranked<P: Params>() -> bool {
    !matches!(P::PRECEDENCE, Precedence::None)
}

/// A man's capture walk from one starting square.
struct ManTree {
    from: Square,
    /// The pieces it may take.
    opp: Bitboard,
    /// The squares it may land on: the empty ones and its own starting square.
    free: Bitboard,
}

impl ManTree {
    /// Hands every finished sequence to `leaf` (its last landing, the pieces taken and the
    /// number of hops), the man standing on `at` after `hops` hops that took `captured`.
    fn walk<P: Params>(
        &self,
        at: Bitboard,
        captured: Bitboard,
        hops: usize,
        leaf: &mut impl FnMut(Bitboard, Bitboard, usize),
    ) {
        let mut extended = false;
        if hops < P::MAX_HOPS {
            let prey = self.opp & !captured;
            for dir in Direction::ALL {
                // Raw shifts: what leaves the board meets `prey` or `free`, real squares.
                let over = at.shift_raw(dir) & prey;
                let land = over.shift_raw(dir) & self.free;
                if land.any() {
                    extended = true;
                    self.walk::<P>(land, captured | over, hops + 1, leaf);
                }
            }
        }
        if !extended {
            leaf(at, captured, hops);
        }
    }
}

/// The first hops of the men of the side to move: for each direction, the landing squares.
#[inline(always)]
fn first_hops(men: Bitboard, opp: Bitboard, empty: Bitboard) -> [(Direction, Bitboard); 4] {
    Direction::ALL.map(|dir| (dir, (men.shift_raw(dir) & opp).shift_raw(dir) & empty))
}

/// For a first hop in each direction, the landings from which the capture goes on: a second
/// hop in any direction but straight back (over the piece just taken), over a piece to an
/// empty square (the square the man left lies straight back too).
#[inline(always)]
pub(super) fn going_on<P: Params>(opp: Bitboard, empty: Bitboard) -> [Bitboard; 4] {
    if P::MAX_HOPS < 2 {
        return [Bitboard::EMPTY; 4];
    }
    let jumps = Direction::ALL.map(|dir| man_jumpers(Bitboard::ALL, opp, empty, dir));
    // `Direction::ALL` is NE, NW, SE, SW: the opposite of `ALL[k]` is `ALL[3 - k]`.
    std::array::from_fn(|k| {
        let mut on = Bitboard::EMPTY;
        for (j, &jump) in jumps.iter().enumerate() {
            if j != 3 - k {
                on |= jump;
            }
        }
        on
    })
}

/// The men's captures found by the walks: how many, and (where ranked) how many hops they
/// take. Sequences of [`ROUTES_FROM`] hops or more are kept in `long` (from `first` on) to
/// drop second routes.
struct Tally<'a> {
    count: usize,
    hops: usize,
    long: &'a mut MoveList,
    first: usize,
}

impl Tally<'_> {
    #[inline(always)]
    fn add<P: Params>(&mut self, from: Square, to: Bitboard, captured: Bitboard, hops: usize) {
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
            let mv = Move::from_parts(from, [to; MAX_PATH], 1, captured, false);
            if self.long[self.first..].iter().any(|m| m.same_route(&mv)) {
                return;
            }
            self.long.push(mv);
        }
        self.count += 1;
    }
}

/// The number of legal captures that grow from the first hops `firsts` (each: the man's
/// square, the piece it takes, its landing) of men that may take the pieces on `opp`, with
/// `empty` the empty squares; `long` is working storage. Under [`backward_men`] rules.
#[inline(always)]
pub(super) fn count_first_hops<P: Params>(
    firsts: &[(Square, Square, Square)],
    opp: Bitboard,
    empty: Bitboard,
    long: &mut MoveList,
) -> usize {
    long.clear();
    let mut tally = Tally {
        count: 0,
        hops: 0,
        long,
        first: 0,
    };
    for &(from, over, land) in firsts {
        let tree = ManTree {
            from,
            opp,
            free: empty.with(from),
        };
        tree.walk::<P>(land.bb(), over.bb(), 1, &mut |to, captured, n| {
            tally.add::<P>(from, to, captured, n);
        });
    }
    tally.count
}

/// The men's captures on `men`, which may take the pieces on `opp`, with `empty` the empty
/// squares: how many are legal among themselves (where ranked, those taking the most), and
/// (where ranked) how many hops those take. Sequences of [`ROUTES_FROM`] hops or
/// more are kept in `long` after what it holds. Under [`backward_men`] rules.
///
/// A first hop whose landing lets no second hop follow is one move, counted from the
/// bitboards; the others are walked.
#[inline(always)]
pub(super) fn men_captures<P: Params>(
    men: Bitboard,
    opp: Bitboard,
    empty: Bitboard,
    long: &mut MoveList,
) -> (usize, usize) {
    let hops = first_hops(men, opp, empty);
    if hops.iter().all(|(_, lands)| lands.is_empty()) {
        return (0, 0);
    }
    let on = going_on::<P>(opp, empty);
    let first = long.len();
    let mut tally = Tally {
        count: 0,
        hops: 0,
        long,
        first,
    };
    let mut single = 0;
    for (k, (dir, lands)) in hops.into_iter().enumerate() {
        single += (lands & !on[k]).count() as usize;
        for land in lands & on[k] {
            let over = back(land, dir);
            let tree = ManTree {
                from: back(over, dir),
                opp,
                free: empty.with(back(over, dir)),
            };
            tree.walk::<P>(land.bb(), over.bb(), 1, &mut |to, captured, n| {
                tally.add::<P>(tree.from, to, captured, n);
            });
        }
    }
    if !ranked::<P>() {
        (tally.count + single, 1)
    } else if tally.count > 0 {
        // Every walk goes on past its first hop: it takes more than the single hops.
        (tally.count, tally.hops)
    } else {
        (single, 1)
    }
}

/// The number of legal moves of the side to move (white when `WHITE`) under
/// [`backward_men`] rules; `scratch` is working storage.
#[inline(always)]
pub(super) fn count_moves<P: Params, const WHITE: bool>(
    pos: &Position,
    scratch: &mut MoveList,
) -> usize {
    let us = color::<WHITE>();
    scratch.clear();
    // The kings' captures, and their rank where ranked.
    let (king_rank, kings) = if pos.kings(us).is_empty() {
        (0, 0)
    } else if ranked::<P>() {
        let sink = RankedSink::<P>::new(scratch, pos.all_kings(), P::MERGE_ROUTES);
        let sink = king_captures::<P, _>(pos, sink);
        (sink.best, sink.list.len())
    } else {
        let sink = ListSink {
            list: scratch,
            first_capture: 0,
            merge: P::MERGE_ROUTES,
        };
        (0, king_captures::<P, _>(pos, sink).list.len())
    };
    if P::KING_PRIORITY && kings > 0 {
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

/// Hands the position after every legal capture of the side to move (white when `WHITE`)
/// under [`backward_men`] rules to `f`, and returns whether there was any. `list` is
/// working storage.
#[inline(always)]
pub(super) fn capture_children<P: Params, const WHITE: bool>(
    pos: &Position,
    list: &mut MoveList,
    f: &mut impl FnMut(&Position),
) -> bool {
    let us = color::<WHITE>();
    list.clear();
    let king_rank = if pos.kings(us).is_empty() {
        0
    } else if ranked::<P>() {
        let sink = RankedSink::<P>::new(list, pos.all_kings(), P::MERGE_ROUTES);
        king_captures::<P, _>(pos, sink).best
    } else {
        let sink = ListSink {
            list,
            first_capture: 0,
            merge: P::MERGE_ROUTES,
        };
        king_captures::<P, _>(pos, sink);
        0
    };
    let opp = man_prey::<P>(pos, !us);
    let empty = pos.empty();
    let hops = first_hops(pos.men(us), opp, empty);
    let mut men_found =
        (list.is_empty() || !P::KING_PRIORITY) && hops.iter().any(|(_, lands)| lands.any());
    if !men_found {
        for mv in list.iter() {
            f(&pos.after(mv));
        }
        return !list.is_empty();
    }
    // The first hops after which the capture goes on are walked; the others are moves.
    let on = going_on::<P>(opp, empty);
    let goers = std::array::from_fn::<_, 4, _>(|k| hops[k].1 & on[k]);
    // Where ranked, the most hops a man's capture takes, found first.
    let mut most = 1;
    if ranked::<P>() {
        for (k, &(dir, _)) in hops.iter().enumerate() {
            for land in goers[k] {
                let over = back(land, dir);
                let tree = ManTree {
                    from: back(over, dir),
                    opp,
                    free: empty.with(back(over, dir)),
                };
                tree.walk::<P>(land.bb(), over.bb(), 1, &mut |_, _, n| most = most.max(n));
            }
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
            for (k, &(dir, lands)) in hops.iter().enumerate() {
                for land in lands & !on[k] {
                    let over = back(land, dir);
                    f(&pos.after_capture(back(over, dir), land, over.bb(), false));
                }
            }
        }
        // The kings' captures kept come first in `list`; the men's long ones after them.
        let first = list.len();
        for (k, &(dir, _)) in hops.iter().enumerate() {
            for land in goers[k] {
                let over = back(land, dir);
                let from = back(over, dir);
                let tree = ManTree {
                    from,
                    opp,
                    free: empty.with(from),
                };
                tree.walk::<P>(land.bb(), over.bb(), 1, &mut |to, captured, n| {
                    if ranked::<P>() && n != most {
                        return;
                    }
                    let to = to.first().unwrap_or(from);
                    if n >= ROUTES_FROM {
                        let mv = Move::from_parts(from, [to; MAX_PATH], 1, captured, false);
                        if !list[first..].iter().any(|m| m.same_route(&mv)) {
                            list.push(mv);
                        }
                    } else {
                        f(&pos.after_capture(from, to, captured, false));
                    }
                });
            }
        }
    }
    for mv in list.iter() {
        f(&pos.after(mv));
    }
    !list.is_empty() || men_found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::generate::opposite;

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
            assert_eq!(Direction::ALL[3 - k], opposite(dir));
        }
    }

    #[test]
    fn two_routes_round_a_square_are_one_move() {
        use crate::perft::{perft, perft_full};
        use crate::{Brazilian, MoveList, Pool, Rules};
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
