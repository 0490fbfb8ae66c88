//! The capture search of a king where the pieces taken leave the board hop by hop
//! ([`Params::removed_at_once`](super::Params::removed_at_once), the Thai rules as dctl counts them): the king may pass and
//! land on the squares of pieces it has taken, and may turn straight back along its line.

use super::{Jumps, ParamRules, Sink, king_ray, lands_behind};
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::square::{Direction, SquareOn};

impl<B: Board, S: Sink<B>> Jumps<B, S> {
    /// The king's capture from `sq` after `hops` hops that took `captured`.
    pub(super) fn king_removing<P: ParamRules<Board = B>>(
        &mut self,
        sq: SquareOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) {
        // The pieces taken have left the board.
        let occ = self.occ & !captured;
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            for dir in Direction::ALL {
                let Some(first) = (king_ray::<P>(sq, dir) & occ).nearest(dir) else {
                    continue;
                };
                if !self.opp.contains(first) {
                    continue;
                }
                let landings = if lands_behind::<P>() {
                    first.bb().shift(dir) & !occ
                } else {
                    BitboardOn::slide(first, dir, occ)
                };
                for land in landings {
                    extended = true;
                    self.path.as_mut()[hops] = land;
                    self.king_removing::<P>(land, captured.with(first), hops + 1);
                }
            }
        }
        if !extended && hops > 0 {
            self.record(hops, captured);
        }
    }
}
