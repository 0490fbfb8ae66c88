//! Move generation shared by every rule set, shaped by a rule set's [`Params`].
//!
//! What all our rule sets share: men step one square diagonally forward and capture forward
//! only, over an adjacent piece to the square just beyond; kings fly along whole diagonals and
//! capture at long range, over one opposing piece to any empty square beyond it; a capture may
//! chain several hops; captured pieces stay on the board until the move ends (they block, and
//! none is jumped twice); the square the moving piece left is empty during the move.
//!
//! What differs is described by the constants of [`Params`].

use crate::position::Color;
use crate::{Bitboard, Direction, Move, MoveList, Position, Square};

/// The knobs a rule set turns on the shared generator.
pub(crate) trait Params {
    /// Whether a player who can capture must capture.
    const COMPULSORY: bool;
    /// Whether, when both can capture, a king must capture rather than a man.
    const KING_PRIORITY: bool;
    /// The most hops (pieces taken) in one move.
    const MAX_HOPS: usize;
    /// Whether every prefix of a capture sequence is a move of its own (and so a king may
    /// stop on any square beyond a piece). When false a sequence must be finished, and a
    /// king must land where it can capture again if any landing allows it.
    const PARTIAL: bool;
    /// Whether two sequences with the same start, end and captured set are one move.
    const MERGE_ROUTES: bool;
}

/// The two forward directions of `color`'s men.
#[inline]
fn forward(color: Color) -> [Direction; 2] {
    match color {
        Color::White => [Direction::NorthEast, Direction::NorthWest],
        Color::Black => [Direction::SouthEast, Direction::SouthWest],
    }
}

/// The square one step back from `to` against `dir`.
#[inline]
fn back(to: Square, dir: Direction) -> Square {
    Square::from_bit_unchecked((to.bit() as i8 - dir.delta()) as u8)
}

/// The men of the side to move that can jump in `dir` right now.
#[inline]
fn man_jumpers(men: Bitboard, opp: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    let opp_dir = match dir {
        Direction::NorthEast => Direction::SouthWest,
        Direction::NorthWest => Direction::SouthEast,
        Direction::SouthEast => Direction::NorthWest,
        Direction::SouthWest => Direction::NorthEast,
    };
    (empty.shift(opp_dir) & opp).shift(opp_dir) & men
}

/// The state of one capture search from one starting square.
struct Jumps<'a> {
    from: Square,
    /// The opposing pieces.
    opp: Bitboard,
    /// Every occupied square while the move is made (the starting square is empty).
    occ: Bitboard,
    path: [Square; crate::mv::MAX_PATH],
    list: &'a mut MoveList,
    /// Where this side's captures begin in `list`, for merging routes.
    first_capture: usize,
}

impl Jumps<'_> {
    #[inline]
    fn record<P: Params>(&mut self, hops: usize, captured: Bitboard) {
        let Some(mv) = Move::new(self.from, &self.path[..hops], captured) else {
            return;
        };
        if P::MERGE_ROUTES
            && self.list[self.first_capture..]
                .iter()
                .any(|m| m.same_route(&mv))
        {
            return;
        }
        self.list.push(mv);
    }

    fn man<P: Params>(
        &mut self,
        sq: Square,
        captured: Bitboard,
        hops: usize,
        dirs: [Direction; 2],
    ) {
        let mut extended = false;
        if hops < P::MAX_HOPS {
            for dir in dirs {
                let Some(over) = sq.step(dir) else { continue };
                if !(self.opp & !captured).contains(over) {
                    continue;
                }
                let Some(land) = over.step(dir) else { continue };
                if self.occ.contains(land) {
                    continue;
                }
                extended = true;
                self.path[hops] = land;
                let taken = captured.with(over);
                if P::PARTIAL {
                    self.record::<P>(hops + 1, taken);
                }
                self.man::<P>(land, taken, hops + 1, dirs);
            }
        }
        if !P::PARTIAL && !extended && hops > 0 {
            self.record::<P>(hops, captured);
        }
    }

    /// The piece a king on `sq` would jump in `dir` and the squares it could land on.
    #[inline]
    fn king_hop(
        &self,
        sq: Square,
        dir: Direction,
        captured: Bitboard,
    ) -> Option<(Square, Bitboard)> {
        let first = (Bitboard::ray(sq, dir) & self.occ).nearest(dir)?;
        if !(self.opp & !captured).contains(first) {
            return None;
        }
        let landings = Bitboard::slide(first, dir, self.occ);
        landings.any().then_some((first, landings))
    }

    #[inline]
    fn king_can_jump(&self, sq: Square, captured: Bitboard) -> bool {
        Direction::ALL.into_iter().any(|dir| {
            (Bitboard::ray(sq, dir) & self.occ)
                .nearest(dir)
                .is_some_and(|first| {
                    (self.opp & !captured).contains(first)
                        && first.step(dir).is_some_and(|land| !self.occ.contains(land))
                })
        })
    }

    fn king<P: Params>(&mut self, sq: Square, captured: Bitboard, hops: usize) {
        if hops >= P::MAX_HOPS {
            return;
        }
        for dir in Direction::ALL {
            let Some((over, landings)) = self.king_hop(sq, dir, captured) else {
                continue;
            };
            let taken = captured.with(over);
            if P::PARTIAL {
                for land in landings {
                    self.path[hops] = land;
                    self.record::<P>(hops + 1, taken);
                    self.king::<P>(land, taken, hops + 1);
                }
            } else {
                let going_on: Bitboard = landings
                    .squares()
                    .filter(|&land| hops + 1 < P::MAX_HOPS && self.king_can_jump(land, taken))
                    .collect();
                if going_on.any() {
                    for land in going_on {
                        self.path[hops] = land;
                        self.king::<P>(land, taken, hops + 1);
                    }
                } else {
                    for land in landings {
                        self.path[hops] = land;
                        self.record::<P>(hops + 1, taken);
                    }
                }
            }
        }
    }
}

/// Adds the captures of the side to move to `list`: kings' first, and men's only when the
/// rules give kings no priority or no king can capture.
fn captures<P: Params>(pos: &Position, list: &mut MoveList) {
    let us = pos.turn();
    let opp = pos.pieces(!us);
    let first_capture = list.len();
    let mut jumps = Jumps {
        from: Square::from_bit_unchecked(0),
        opp,
        occ: pos.occupied(),
        path: [Square::from_bit_unchecked(0); crate::mv::MAX_PATH],
        list,
        first_capture,
    };
    for king in pos.kings(us) {
        jumps.from = king;
        jumps.occ = pos.occupied().without(king);
        jumps.king::<P>(king, Bitboard::EMPTY, 0);
    }
    if P::KING_PRIORITY && jumps.list.len() > first_capture {
        return;
    }
    let men = pos.men(us);
    let empty = pos.empty();
    let dirs = forward(us);
    let jumpers = man_jumpers(men, opp, empty, dirs[0]) | man_jumpers(men, opp, empty, dirs[1]);
    for man in jumpers {
        jumps.from = man;
        jumps.occ = pos.occupied().without(man);
        jumps.man::<P>(man, Bitboard::EMPTY, 0, dirs);
    }
}

/// Adds the plain moves of the side to move to `list`.
fn quiet_moves(pos: &Position, list: &mut MoveList) {
    let us = pos.turn();
    let empty = pos.empty();
    let occ = pos.occupied();
    for dir in forward(us) {
        for to in pos.men(us).shift(dir) & empty {
            list.push(Move::quiet(back(to, dir), to));
        }
    }
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            for to in Bitboard::slide(king, dir, occ) {
                list.push(Move::quiet(king, to));
            }
        }
    }
}

/// The number of plain moves of the side to move.
#[inline]
fn count_quiet(pos: &Position) -> usize {
    let us = pos.turn();
    let empty = pos.empty();
    let occ = pos.occupied();
    let men = pos.men(us);
    let mut n = 0;
    for dir in forward(us) {
        n += (men.shift(dir) & empty).count();
    }
    for king in pos.kings(us) {
        for dir in Direction::ALL {
            n += Bitboard::slide(king, dir, occ).count();
        }
    }
    n as usize
}

/// Fills `list` with the legal moves of the side to move.
pub(crate) fn legal_moves<P: Params>(pos: &Position, list: &mut MoveList) {
    list.clear();
    captures::<P>(pos, list);
    if P::COMPULSORY && !list.is_empty() {
        return;
    }
    quiet_moves(pos, list);
}

/// The number of legal moves of the side to move; `scratch` holds the captures afterwards.
pub(crate) fn count_moves<P: Params>(pos: &Position, scratch: &mut MoveList) -> usize {
    scratch.clear();
    captures::<P>(pos, scratch);
    if P::COMPULSORY && !scratch.is_empty() {
        return scratch.len();
    }
    scratch.len() + count_quiet(pos)
}
