//! The precedence rules: among the captures found, only those that rank highest are legal
//! ([`Precedence`], ranked by [`Precedence::rank`] over a [`CaptureSummary`]; a king's capture
//! before a man's, [`Precedence::KingsFirst`], is decided before any ranking). The rank of a sequence is found as the capture search records it
//! ([`RankedSink`]), so only the best sequences so far are ever kept; two routes of one move
//! may rank differently (the Italian order), and the move is legal when one of its routes
//! ranks highest. Routes with the same start, end and pieces taken are then one move.

use std::marker::PhantomData;

use super::{KingRange, ParamRules, Sink};
use crate::Direction;
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::mv::{MoveListOn, MoveOn};
use crate::square::SquareOn;

/// Which of the captures available may be played: the one place where captures are ranked.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Precedence {
    /// Any (free choice).
    None,
    /// A capture by a king, where a king can capture, rather than one by a man; any among
    /// those (Czech).
    KingsFirst,
    /// One taking the most pieces (Brazilian).
    MostPieces,
    /// One taking the most pieces and, among those, the most kings (Spanish).
    MostPiecesThenKings,
    /// The Italian order: the most pieces; then a capture by a king rather than by a man; then
    /// the most kings taken; then a king taken as early in the sequence as possible.
    Italian,
    /// The Frisian order (Art. 11 and 12 of the 2011 rules): the most value, a king worth
    /// more than one man and less than two (k kings are worth less than 2k men and more than
    /// 2k − 1: each king counts as two men less a sixty-fourth); at equal value, a capture
    /// by a king rather than by a man.
    MostValue,
}

/// What a precedence rule may rank a capture sequence by.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CaptureSummary {
    /// The pieces taken.
    pub pieces: u32,
    /// The kings among them.
    pub kings: u32,
    /// Whether a king makes the capture.
    pub by_king: bool,
    /// The hops at which a king is taken, as bits: bit `31 - hop` for a king taken at hop
    /// `hop` (counted from 0; a king taken earlier sets a higher bit).
    pub king_order: u64,
}

/// The lowest bit of the number of pieces taken in a rank: it outweighs everything else.
const PIECES_SHIFT: u32 = 40;
/// The bit of a rank set for a capture made by a king (the Italian order).
const BY_KING_SHIFT: u32 = 39;
/// The lowest bit of the number of kings taken in a rank.
const KINGS_SHIFT: u32 = 32;

impl Precedence {
    /// Whether captures are ranked against each other ([`Precedence::rank`]): only those of
    /// the highest rank may be played.
    pub const fn ranks(self) -> bool {
        matches!(
            self,
            Precedence::MostPieces
                | Precedence::MostPiecesThenKings
                | Precedence::Italian
                | Precedence::MostValue
        )
    }

    /// Whether a king that can capture must capture rather than a man, before any ranking.
    pub const fn kings_first(self) -> bool {
        matches!(self, Precedence::KingsFirst)
    }

    /// Whether the number of pieces taken comes first in every rank, so that a sequence
    /// taking fewer than the best found so far is dropped without ranking it.
    pub const fn pieces_first(self) -> bool {
        self.ranks() && !matches!(self, Precedence::MostValue)
    }

    /// The rank of a capture: higher is better, equal ranks are all legal; 0 for every capture
    /// where captures are not ranked. Each part is packed into its own bits, so comparing
    /// ranks compares the parts in the rule's order.
    #[inline(always)]
    pub const fn rank(self, c: CaptureSummary) -> u64 {
        let pieces = (c.pieces as u64) << PIECES_SHIFT;
        match self {
            Precedence::None | Precedence::KingsFirst => 0,
            Precedence::MostPieces => pieces,
            Precedence::MostPiecesThenKings => pieces | (c.kings as u64) << KINGS_SHIFT,
            Precedence::Italian => {
                pieces
                    | (c.by_king as u64) << BY_KING_SHIFT
                    | (c.kings as u64) << KINGS_SHIFT
                    | c.king_order
            }
            Precedence::MostValue => {
                // Value in 64ths of a man: 64 a man, 127 a king (at most 20 pieces a side,
                // so 64 × 20 + 63 × 20 < 2¹², far below the bit of `by_king`).
                let value = (c.pieces as u64 + c.kings as u64) * 64 - c.kings as u64;
                value << 1 | c.by_king as u64
            }
        }
    }
}

/// The direction from `a` to `b`, two squares of one diagonal, rank or file.
fn direction<B: Board>(a: SquareOn<B>, b: SquareOn<B>) -> Option<Direction> {
    let north = b.rank() > a.rank();
    let east = b.file() > a.file();
    match (north, east) {
        _ if a == b => None,
        _ if a.rank() == b.rank() => Some(if east {
            Direction::East
        } else {
            Direction::West
        }),
        _ if a.file() == b.file() => Some(if north {
            Direction::North
        } else {
            Direction::South
        }),
        (true, true) => Some(Direction::NorthEast),
        (true, false) => Some(Direction::NorthWest),
        (false, true) => Some(Direction::SouthEast),
        (false, false) => Some(Direction::SouthWest),
    }
}

/// The pieces `mv` takes, hop by hop: for each hop, the taken square between its start and
/// its landing.
pub fn taken_in_order<B: Board>(mv: &MoveOn<B>) -> impl Iterator<Item = SquareOn<B>> + '_ {
    let starts = std::iter::once(mv.from()).chain(mv.path().iter().copied());
    starts.zip(mv.path().iter().copied()).filter_map(|(a, b)| {
        let dir = direction(a, b)?;
        let mut at = a.step(dir)?;
        while at != b {
            if mv.captured().contains(at) {
                return Some(at);
            }
            at = at.step(dir)?;
        }
        None
    })
}

/// The bit of the Italian order for a king taken at hop `hop` (counted from 0): a king taken
/// earlier ranks higher.
#[inline(always)]
pub(super) const fn king_at_hop(hop: usize) -> u64 {
    if hop < 32 { 1 << (31 - hop) } else { 0 }
}

/// The rank under `P`'s precedence ([`Precedence::rank`]) of a capture taking `pieces` pieces
/// of which `kings` are kings, made by a king when `by_king`; `order` is the Italian order of
/// the kings taken ([`king_at_hop`] of each).
#[inline(always)]
pub(super) const fn rank_of<P: ParamRules>(
    pieces: u32,
    kings: u32,
    by_king: bool,
    order: u64,
) -> u64 {
    P::PARAMS.precedence.rank(CaptureSummary {
        pieces,
        kings,
        by_king,
        king_order: order,
    })
}

/// The number of pieces a capture of rank `rank` takes.
#[inline(always)]
const fn pieces_of(rank: u64) -> u64 {
    rank >> PIECES_SHIFT
}

/// The rank of the sequence from `from` along the first `hops` squares of `path`, taking
/// `captured`, in a position whose kings are `kings`.
#[inline(always)]
fn rank<P: ParamRules>(
    kings: BitboardOn<P::Board>,
    from: SquareOn<P::Board>,
    path: &<P::Board as Board>::Path,
    hops: usize,
    captured: BitboardOn<P::Board>,
) -> u64 {
    let pieces = captured.count();
    let kings_taken = (captured & kings).count();
    let by_king = kings.contains(from);
    let mut order = 0;
    if matches!(P::PARAMS.precedence, Precedence::Italian) && kings_taken > 0 {
        if P::PARAMS.king_range == KingRange::Short {
            // Every hop jumps the square between its start and its landing: the bit halfway.
            let mut at = from;
            for (hop, &land) in path.as_ref()[..hops].iter().enumerate() {
                let over = SquareOn::from_bit_unchecked((at.bit() + land.bit()) / 2);
                if kings.contains(over) {
                    order |= king_at_hop(hop);
                }
                at = land;
            }
        } else {
            let mv = MoveOn::from_parts(from, *path, hops, captured, false);
            for (hop, sq) in taken_in_order(&mv).enumerate() {
                if kings.contains(sq) {
                    order |= king_at_hop(hop);
                }
            }
        }
    }
    rank_of::<P>(pieces, kings_taken, by_king, order)
}

/// Collects the captures of the highest rank found so far as moves: a better one empties the
/// list (from `first_capture` on), a worse one is dropped, and where `merge` is set a route of
/// a move already kept is dropped too.
pub(super) struct RankedSink<'a, P: ParamRules> {
    pub(super) list: &'a mut MoveListOn<P::Board>,
    /// Where this search's captures begin in `list`.
    pub(super) first_capture: usize,
    /// Whether routes with the same start, end and pieces taken are one move.
    pub(super) merge: bool,
    /// The kings of the position searched.
    kings: BitboardOn<P::Board>,
    /// The rank of the captures in the list (0 before any).
    pub(super) best: u64,
    params: PhantomData<P>,
}

impl<'a, P: ParamRules> RankedSink<'a, P> {
    /// A sink adding to `list` the best captures of a position whose kings are `kings`.
    #[inline(always)]
    pub(super) fn new(
        list: &'a mut MoveListOn<P::Board>,
        kings: BitboardOn<P::Board>,
        merge: bool,
    ) -> Self {
        RankedSink {
            first_capture: list.len(),
            list,
            merge,
            kings,
            best: 0,
            params: PhantomData,
        }
    }
}

impl<P: ParamRules> Sink<P::Board> for RankedSink<'_, P> {
    #[inline]
    fn record(
        &mut self,
        from: SquareOn<P::Board>,
        path: &<P::Board as Board>::Path,
        hops: usize,
        captured: BitboardOn<P::Board>,
        crowns: bool,
    ) {
        // Where the pieces taken come first in every rank, fewer than the best is worse.
        if P::PARAMS.precedence.pieces_first() && (hops as u64) < pieces_of(self.best) {
            return;
        }
        let rank = rank::<P>(self.kings, from, path, hops, captured);
        if rank < self.best {
            return;
        }
        if rank > self.best {
            self.list.truncate(self.first_capture);
            self.best = rank;
        }
        let mv = MoveOn::from_parts(from, *path, hops, captured, crowns);
        super::push_capture(self.list, self.first_capture, self.merge, mv);
    }
}

/// The best rank and how many sequences have it, of the captures of a forward-capturing man
/// (white's when `WHITE`) standing on `at` after `hops` hops that took `taken` (`kings_taken`
/// of them kings, in the Italian `order`). `opp`: the pieces it may take; `empty`: the empty
/// squares; `kings`: the kings on the board.
///
/// Such a man's further hops always go forward, away from its starting square and from the
/// pieces it has taken, so the position's own `opp` and `empty` are all it looks at, and no
/// two of its sequences are one move.
#[allow(clippy::too_many_arguments)]
fn best_man_tree<P: ParamRules, const WHITE: bool>(
    at: BitboardOn<P::Board>,
    hops: usize,
    kings_taken: u32,
    order: u64,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    kings: BitboardOn<P::Board>,
) -> (u64, usize) {
    let mut best = (0, 0);
    let mut extended = false;
    if hops < P::PARAMS.max_hops {
        for dir in super::forward_of::<WHITE>() {
            let over = at.shift(dir) & opp;
            let land = over.shift(dir) & empty;
            if land.any() {
                extended = true;
                let king = (over & kings).any();
                let below = best_man_tree::<P, WHITE>(
                    land,
                    hops + 1,
                    kings_taken + u32::from(king),
                    if king {
                        order | king_at_hop(hops)
                    } else {
                        order
                    },
                    opp,
                    empty,
                    kings,
                );
                best = better(best, below);
            }
        }
    }
    if hops > 0 && (P::PARAMS.partial || !extended) {
        best = better(
            best,
            (rank_of::<P>(hops as u32, kings_taken, false, order), 1),
        );
    }
    best
}

/// Of two (rank, count) pairs, the one of higher rank, or both counted at equal rank.
#[inline(always)]
pub(super) fn better(a: (u64, usize), b: (u64, usize)) -> (u64, usize) {
    if a.0 > b.0 {
        a
    } else if b.0 > a.0 {
        b
    } else {
        (a.0, a.1 + b.1)
    }
}

/// The best rank and the number of captures of that rank of forward-capturing men (white's
/// when `WHITE`, [`best_man_tree`]) whose first hops land on `lands0` (in the first forward
/// direction) and `lands1` (the second); `(0, 0)` when there are none.
#[inline(always)]
pub(super) fn best_man_captures<P: ParamRules, const WHITE: bool>(
    lands0: BitboardOn<P::Board>,
    lands1: BitboardOn<P::Board>,
    opp: BitboardOn<P::Board>,
    empty: BitboardOn<P::Board>,
    kings: BitboardOn<P::Board>,
) -> (u64, usize) {
    let [d0, d1] = super::forward_of::<WHITE>();
    // The landings from which a further hop can be made.
    let again = if P::PARAMS.max_hops > 1 {
        super::man_jumpers(BitboardOn::ALL, opp, empty, d0)
            | super::man_jumpers(BitboardOn::ALL, opp, empty, d1)
    } else {
        BitboardOn::EMPTY
    };
    if ((lands0 | lands1) & again).is_empty() {
        // One hop each: only the kings taken tell them apart.
        let all = (lands0.count() + lands1.count()) as usize;
        if all == 0 {
            return (0, 0);
        }
        let over_kings = if matches!(P::PARAMS.precedence, Precedence::MostPieces) {
            0
        } else {
            ((lands0.shift(d0.opposite()) & kings).count()
                + (lands1.shift(d1.opposite()) & kings).count()) as usize
        };
        return if over_kings > 0 {
            (rank_of::<P>(1, 1, false, king_at_hop(0)), over_kings)
        } else {
            (rank_of::<P>(1, 0, false, 0), all)
        };
    }
    let mut best = (0, 0);
    for (lands, dir) in [(lands0, d0), (lands1, d1)] {
        for land in lands {
            let king = kings.contains(super::back(land, dir));
            let below = best_man_tree::<P, WHITE>(
                land.bb(),
                1,
                u32::from(king),
                if king { king_at_hop(0) } else { 0 },
                opp,
                empty,
                kings,
            );
            best = better(best, below);
        }
    }
    best
}
