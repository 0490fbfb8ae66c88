//! Sets of squares as bits of a `u64`, in a ghost-square layout.
//!
//! Each pair of ranks takes nine bits: the four dark squares of the even rank (rank 1, 3, …),
//! one unused "ghost" bit, then the four dark squares of the odd rank. With that layout a
//! diagonal step is always the same shift (+5 north-east, +4 north-west, −4 south-east,
//! −5 south-west), and a step off the side of the board lands on a ghost bit, which
//! [`Bitboard::ALL`] masks away.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::board::{Board, Board8, all_bits, delta_of, is_ghost_of};
use crate::square::{Direction, SquareOn};

/// A set of playable squares of the board `B`.
///
/// Its bits are always a subset of [`BitboardOn::ALL`]: no ghost bit and nothing beyond the
/// board is ever set, so every bit its squares iterator yields is a square. Build one from
/// raw bits with [`BitboardOn::from_bits_truncate`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct BitboardOn<B>(u64, PhantomData<B>);

/// A set of squares of the 8×8 board.
pub type Bitboard = BitboardOn<Board8>;

/// The number of bits of the 8×8 ghost-square layout: four pairs of ranks of [`PAIR_BITS`]
/// bits each. A table indexed by a square's bit ([`Square::bit`](crate::Square::bit)) has
/// this many entries.
pub const LAYOUT_BITS: usize = Board8::LAYOUT_BITS;

/// The bits one pair of ranks takes on 8×8: the four dark squares of its lower rank, the
/// ghost bit ([`GHOST`]), then the four of its upper rank.
pub const PAIR_BITS: u8 = Board8::PAIR_BITS;

/// Where a pair of ranks keeps its ghost bit on 8×8, counted within the pair
/// (`bit % PAIR_BITS`): the squares of the lower rank come before it, those of the upper
/// rank after.
pub const GHOST: u8 = Board8::GHOST;

/// Whether `bit` of the 8×8 layout is a ghost bit, which is never a square (the bits from
/// [`LAYOUT_BITS`] on are none either).
#[inline]
pub const fn is_ghost(bit: usize) -> bool {
    is_ghost_of::<Board8>(bit)
}

const fn rank_mask<B: Board>(rank: u8) -> u64 {
    let mut mask = 0u64;
    let mut file = 0;
    while file < B::SIZE {
        if let Some(sq) = SquareOn::<B>::from_file_rank(file, rank) {
            mask |= 1 << sq.bit();
        }
        file += 1;
    }
    mask
}

/// The squares of `B` from which a step in `dir` stays on the board.
const fn with_neighbour<B: Board>(dir: Direction) -> u64 {
    let mut mask = 0u64;
    let mut bit = 0;
    let (df, dr) = dir.file_rank_step_on::<B>();
    while bit < B::LAYOUT_BITS {
        if let Some(sq) = SquareOn::<B>::from_bit(bit as u8) {
            let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            if f >= 0 && r >= 0 && SquareOn::<B>::from_file_rank(f as u8, r as u8).is_some() {
                mask |= 1 << bit;
            }
        }
        bit += 1;
    }
    mask
}

impl<B: Board> BitboardOn<B> {
    /// The set of the playable squares among `bits` (bit `i` for the square whose
    /// [`SquareOn::bit`] is `i`): ghost bits and bits beyond the board are dropped.
    #[inline]
    pub const fn from_bits_truncate(bits: u64) -> Self {
        BitboardOn(bits & Self::ALL.0, PhantomData)
    }

    /// The set with exactly `bits`, which must hold playable squares only (a subset of
    /// [`BitboardOn::ALL`]): for the hot paths that build sets from sets.
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: u64) -> Self {
        debug_assert!(
            bits & !Self::ALL.0 == 0,
            "a bitboard with ghost or off-board bits"
        );
        BitboardOn(bits, PhantomData)
    }

    /// The bits of the set (bit `i` for the square whose [`SquareOn::bit`] is `i`).
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// No squares.
    pub const EMPTY: Self = BitboardOn(0, PhantomData);
    /// All playable squares (32 or 50).
    pub const ALL: Self = BitboardOn(all_bits::<B>(), PhantomData);
    /// The first rank (white's home rank), where black men are crowned.
    pub const FIRST_RANK: Self = BitboardOn(rank_mask::<B>(0), PhantomData);
    /// The last rank (black's home rank), where white men are crowned.
    pub const LAST_RANK: Self = BitboardOn(rank_mask::<B>(B::SIZE - 1), PhantomData);

    /// The squares with another dark square east of them on their rank.
    const WITH_EAST: Self = BitboardOn(with_neighbour::<B>(Direction::East), PhantomData);
    /// The squares with another dark square west of them on their rank.
    const WITH_WEST: Self = BitboardOn(with_neighbour::<B>(Direction::West), PhantomData);

    /// The squares of the ranks `first` to `last`, both included (0-based: 0 is rank 1).
    pub const fn ranks(first: u8, last: u8) -> Self {
        let mut mask = 0;
        let mut rank = first;
        while rank <= last && rank < B::SIZE {
            mask |= rank_mask::<B>(rank);
            rank += 1;
        }
        BitboardOn(mask, PhantomData)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: SquareOn<B>) -> bool {
        self.0 & (1 << sq.bit()) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: SquareOn<B>) -> Self {
        BitboardOn(self.0 | 1 << sq.bit(), PhantomData)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: SquareOn<B>) -> Self {
        BitboardOn(self.0 & !(1 << sq.bit()), PhantomData)
    }

    /// Every square moved one step in `dir`; squares that would leave the board vanish.
    #[inline]
    pub const fn shift(self, dir: Direction) -> Self {
        BitboardOn(self.shift_raw(dir).0 & Self::ALL.0, PhantomData)
    }

    /// Every square moved one step in `dir`, without dropping the squares that leave the
    /// board: they land on ghost bits or beyond the layout. Only for results that are at
    /// once intersected with a proper set of squares (the one set that may hold such bits,
    /// for that moment, inside this crate).
    #[inline(always)]
    pub(crate) const fn shift_raw(self, dir: Direction) -> Self {
        if B::ALL_PLAYABLE {
            // No ghost bits: every step with an eastward or westward part masks the squares
            // at that end of their rank; north and south fall off the ends of the word.
            let bits = match dir {
                Direction::NorthEast | Direction::SouthEast | Direction::East => {
                    self.0 & Self::WITH_EAST.0
                }
                Direction::NorthWest | Direction::SouthWest | Direction::West => {
                    self.0 & Self::WITH_WEST.0
                }
                Direction::North | Direction::South => self.0,
            };
            let delta = delta_of::<B>(dir);
            return BitboardOn(
                if delta > 0 {
                    bits << delta
                } else {
                    bits >> -delta
                },
                PhantomData,
            );
        }
        let ne = B::PER_RANK as u32 + 1;
        let nw = B::PER_RANK as u32;
        BitboardOn(
            match dir {
                Direction::NorthEast => self.0 << ne,
                Direction::NorthWest => self.0 << nw,
                Direction::SouthEast => self.0 >> nw,
                Direction::SouthWest => self.0 >> ne,
                // Along a rank the next square is the next bit, but off the end of a rank
                // that is a square of another: only the squares with a neighbour move.
                Direction::East => (self.0 & Self::WITH_EAST.0) << 1,
                Direction::West => (self.0 & Self::WITH_WEST.0) >> 1,
                Direction::North => self.0 << B::PAIR_BITS,
                Direction::South => self.0 >> B::PAIR_BITS,
            },
            PhantomData,
        )
    }

    /// The squares beyond `sq` in `dir`, up to the edge of the board.
    #[inline]
    pub fn ray(sq: SquareOn<B>, dir: Direction) -> Self {
        BitboardOn(B::ray_bits(dir, sq.bit()), PhantomData)
    }

    /// The first square of the set met when walking from `sq` in `dir`, if any.
    ///
    /// The set should lie on the ray from `sq` in `dir` (as `BitboardOn::ray(sq, dir) & x`).
    #[inline]
    pub fn nearest(self, dir: Direction) -> Option<SquareOn<B>> {
        if self.0 == 0 {
            None
        } else if dir.is_north() {
            Some(SquareOn::from_bit_unchecked(self.0.trailing_zeros() as u8))
        } else {
            Some(SquareOn::from_bit_unchecked(
                63 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// The squares from `sq` in `dir` that can be reached before the first square of
    /// `blockers` (which is not included).
    #[inline]
    pub fn slide(sq: SquareOn<B>, dir: Direction, blockers: Self) -> Self {
        let ray = Self::ray(sq, dir);
        match (ray & blockers).nearest(dir) {
            None => ray,
            Some(b) => BitboardOn(ray.0 & !Self::ray(b, dir).0 & !(1 << b.bit()), PhantomData),
        }
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<SquareOn<B>> {
        if self.0 == 0 {
            None
        } else {
            Some(SquareOn::from_bit_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares of the set, lowest bit first.
    #[inline]
    pub fn squares(self) -> SquareIter<B> {
        SquareIter(self.0, PhantomData)
    }
}

impl Bitboard {
    /// Rank 1, where black men are crowned.
    pub const RANK_1: Bitboard = Bitboard::FIRST_RANK;
    /// Rank 8, where white men are crowned.
    pub const RANK_8: Bitboard = Bitboard::LAST_RANK;
    /// The long diagonal a1–h8.
    pub const MAIN_DIAGONAL: Bitboard = BitboardOn(MAIN_DIAGONAL_BITS, PhantomData);
}

/// The bits of the squares a1, b2, … h8 (a diagonal step north-east is +5).
const MAIN_DIAGONAL_BITS: u64 = {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 8 {
        bits |= 1 << (5 * i);
        i += 1;
    }
    bits
};

/// Iterator over the squares of a [`BitboardOn`].
#[derive(Clone, Debug)]
pub struct SquareIter<B = Board8>(u64, PhantomData<B>);

impl<B: Board> Iterator for SquareIter<B> {
    type Item = SquareOn<B>;

    #[inline]
    fn next(&mut self) -> Option<SquareOn<B>> {
        if self.0 == 0 {
            None
        } else {
            let bit = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(SquareOn::from_bit_unchecked(bit))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<B: Board> ExactSizeIterator for SquareIter<B> {}

impl<B: Board> IntoIterator for BitboardOn<B> {
    type Item = SquareOn<B>;
    type IntoIter = SquareIter<B>;
    fn into_iter(self) -> SquareIter<B> {
        self.squares()
    }
}

impl<B: Board> FromIterator<SquareOn<B>> for BitboardOn<B> {
    fn from_iter<I: IntoIterator<Item = SquareOn<B>>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, Self::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<B: Board> $trait for BitboardOn<B> {
            type Output = Self;
            #[inline]
            fn $method(self, rhs: Self) -> Self {
                BitboardOn(self.0 $op rhs.0, PhantomData)
            }
        }
        impl<B: Board> $assign_trait for BitboardOn<B> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<B: Board> Not for BitboardOn<B> {
    type Output = Self;
    /// The playable squares not in the set.
    #[inline]
    fn not(self) -> Self {
        BitboardOn(!self.0 & Self::ALL.0, PhantomData)
    }
}

impl<B: Board> fmt::Debug for BitboardOn<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

/// A square's bitboards (here, beside the bitboard, so that squares need not know it).
impl<B: Board> SquareOn<B> {
    /// A bitboard holding this square alone.
    #[inline(always)]
    pub const fn bb(self) -> BitboardOn<B> {
        BitboardOn::from_bits_unchecked(1 << self.0)
    }

    /// All the playable squares in bit order.
    pub fn all() -> impl Iterator<Item = Self> {
        BitboardOn::<B>::ALL.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn sq(name: &str) -> Square {
        Square::parse_algebraic(name).unwrap()
    }

    #[test]
    fn masks() {
        assert_eq!(Bitboard::ALL.count(), 32);
        assert_eq!(Bitboard::RANK_1.count(), 4);
        assert_eq!(Bitboard::ranks(0, 0), Bitboard::RANK_1);
        assert_eq!(Bitboard::ranks(0, 7), Bitboard::ALL);
        // The ranks below bit 13 (the ghost between ranks 3 and 4) and from bit 23 on.
        assert_eq!(
            Bitboard::ranks(0, 2).bits(),
            Bitboard::ALL.bits() & ((1 << 13) - 1)
        );
        assert_eq!(
            Bitboard::ranks(5, 7).bits(),
            Bitboard::ALL.bits() & !((1 << 23) - 1)
        );
        assert!(Bitboard::RANK_8.contains(sq("h8")));
        assert_eq!(Bitboard::MAIN_DIAGONAL.count(), 8);
        assert!(Bitboard::MAIN_DIAGONAL.contains(sq("h8")));
        assert!(Bitboard::MAIN_DIAGONAL.contains(sq("d4")));
    }

    #[test]
    fn bits_outside_the_board_are_dropped() {
        let every = Bitboard::from_bits_truncate(u64::MAX);
        assert_eq!(every, Bitboard::ALL);
        assert_eq!(every.squares().count(), 32);
        // Bit 4 is the ghost between ranks 1 and 2; bit 40 is beyond the board.
        assert_eq!(
            Bitboard::from_bits_truncate(1 << 4 | 1 << 40),
            Bitboard::EMPTY
        );
        assert_eq!(Bitboard::from_bits_truncate(0b1011).bits(), 0b1011);
        for bit in 0..LAYOUT_BITS {
            assert_eq!(Square::from_bit(bit as u8).is_some(), !is_ghost(bit));
        }
    }

    #[test]
    fn rays_and_slides() {
        let ray: Vec<String> = Bitboard::ray(sq("c1"), Direction::NorthWest)
            .squares()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(ray, ["b2", "a3"]);
        assert_eq!(Bitboard::ray(sq("a1"), Direction::NorthEast).count(), 7);
        let blockers = Bitboard::EMPTY.with(sq("e5"));
        let slide = Bitboard::slide(sq("a1"), Direction::NorthEast, blockers);
        assert_eq!(slide.count(), 3);
        assert_eq!(
            (Bitboard::ray(sq("h8"), Direction::SouthWest) & blockers)
                .nearest(Direction::SouthWest),
            Some(sq("e5"))
        );
    }

    #[test]
    fn shifts_drop_off_the_edges() {
        let edge: Bitboard = [sq("a1"), sq("h2"), sq("a7"), sq("h8")]
            .into_iter()
            .collect();
        assert_eq!(edge.shift(Direction::NorthWest).count(), 1); // h2 -> g3
        assert_eq!(edge.shift(Direction::NorthEast).count(), 2); // a1 -> b2, a7 -> b8
    }
}
