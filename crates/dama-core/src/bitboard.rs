//! Sets of squares as bits of a `u64`, in a ghost-square layout.
//!
//! Each pair of ranks takes nine bits: the four dark squares of the even rank (rank 1, 3, …),
//! one unused "ghost" bit, then the four dark squares of the odd rank. With that layout a
//! diagonal step is always the same shift (+5 north-east, +4 north-west, −4 south-east,
//! −5 south-west), and a step off the side of the board lands on a ghost bit, which
//! [`Bitboard::ALL`] masks away.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::{Direction, Square};

/// A set of playable squares.
///
/// Its bits are always a subset of [`Bitboard::ALL`]: no ghost bit and nothing beyond the
/// board is ever set, so every bit its squares iterator yields is a [`Square`]. Build one from
/// raw bits with [`Bitboard::from_bits_truncate`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u64);

/// The number of bits of the ghost-square layout: four pairs of ranks of [`PAIR_BITS`] bits
/// each. A table indexed by a square's bit ([`Square::bit`]) has this many entries.
pub const LAYOUT_BITS: usize = 36;

/// The bits one pair of ranks takes: the four dark squares of its lower rank, the ghost bit
/// ([`GHOST`]), then the four of its upper rank.
pub const PAIR_BITS: u8 = 9;

/// Where a pair of ranks keeps its ghost bit, counted within the pair (`bit % PAIR_BITS`):
/// the squares of the lower rank come before it, those of the upper rank after.
pub const GHOST: u8 = 4;

/// Whether `bit` of the layout is a ghost bit, which is never a square (the bits from
/// [`LAYOUT_BITS`] on are none either).
#[inline]
pub const fn is_ghost(bit: usize) -> bool {
    bit % PAIR_BITS as usize == GHOST as usize
}

const fn all_mask() -> u64 {
    let mut mask = 0u64;
    let mut bit = 0;
    while bit < LAYOUT_BITS {
        if !is_ghost(bit) {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
}

const fn rank_mask(rank: u8) -> u64 {
    let mut mask = 0u64;
    let mut file = 0;
    while file < 8 {
        if let Some(sq) = Square::from_file_rank(file, rank) {
            mask |= 1 << sq.bit();
        }
        file += 1;
    }
    mask
}

/// For every direction and bit index, the squares strictly beyond that square in that
/// direction, up to the edge.
static RAYS: [[u64; LAYOUT_BITS]; 4] = build_rays();

const fn build_rays() -> [[u64; LAYOUT_BITS]; 4] {
    let mut rays = [[0u64; LAYOUT_BITS]; 4];
    let mut d = 0;
    while d < 4 {
        let delta = [5i32, 4, -4, -5][d];
        let mut bit = 0;
        while bit < LAYOUT_BITS {
            if !is_ghost(bit) {
                let mut ray = 0u64;
                let mut at = bit as i32 + delta;
                while at >= 0 && (at as usize) < LAYOUT_BITS && !is_ghost(at as usize) {
                    ray |= 1 << at;
                    at += delta;
                }
                rays[d][bit] = ray;
            }
            bit += 1;
        }
        d += 1;
    }
    rays
}

impl Bitboard {
    /// The set of the playable squares among `bits` (bit `i` for the square whose
    /// [`Square::bit`] is `i`): ghost bits and bits beyond the board are dropped.
    #[inline]
    pub const fn from_bits_truncate(bits: u64) -> Bitboard {
        Bitboard(bits & all_mask())
    }

    /// The set with exactly `bits`, which must hold playable squares only (a subset of
    /// [`Bitboard::ALL`]): for the hot paths that build sets from sets.
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: u64) -> Bitboard {
        debug_assert!(
            bits & !all_mask() == 0,
            "a bitboard with ghost or off-board bits"
        );
        Bitboard(bits)
    }

    /// The bits of the set (bit `i` for the square whose [`Square::bit`] is `i`).
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 playable squares.
    pub const ALL: Bitboard = Bitboard(all_mask());
    /// Rank 1, where black men are crowned.
    pub const RANK_1: Bitboard = Bitboard(rank_mask(0));
    /// Rank 8, where white men are crowned.
    pub const RANK_8: Bitboard = Bitboard(rank_mask(7));
    /// The long diagonal a1–h8.
    pub const MAIN_DIAGONAL: Bitboard = Bitboard(RAYS_A1_NE | 1);

    /// The squares of the ranks `first` to `last`, both included (0-based: 0 is rank 1).
    pub const fn ranks(first: u8, last: u8) -> Bitboard {
        let mut mask = 0;
        let mut rank = first;
        while rank <= last && rank < 8 {
            mask |= rank_mask(rank);
            rank += 1;
        }
        Bitboard(mask)
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
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.bit()) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.bit())
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.bit()))
    }

    /// Every square moved one step in `dir`; squares that would leave the board vanish.
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        let moved = match dir {
            Direction::NorthEast => self.0 << 5,
            Direction::NorthWest => self.0 << 4,
            Direction::SouthEast => self.0 >> 4,
            Direction::SouthWest => self.0 >> 5,
        };
        Bitboard(moved & Bitboard::ALL.0)
    }

    /// Every square moved one step in `dir`, without dropping the squares that leave the
    /// board: they land on ghost bits or beyond bit 35. Only for results that are at once
    /// intersected with a proper set of squares (the one set that may hold such bits, for
    /// that moment, inside this crate).
    #[inline(always)]
    pub(crate) const fn shift_raw(self, dir: Direction) -> Bitboard {
        Bitboard(match dir {
            Direction::NorthEast => self.0 << 5,
            Direction::NorthWest => self.0 << 4,
            Direction::SouthEast => self.0 >> 4,
            Direction::SouthWest => self.0 >> 5,
        })
    }

    /// The squares beyond `sq` in `dir`, up to the edge of the board.
    #[inline]
    pub fn ray(sq: Square, dir: Direction) -> Bitboard {
        Bitboard(RAYS[dir.index()][sq.bit() as usize])
    }

    /// The first square of the set met when walking from `sq` in `dir`, if any.
    ///
    /// The set should lie on the ray from `sq` in `dir` (as `Bitboard::ray(sq, dir) & x`).
    #[inline]
    pub fn nearest(self, dir: Direction) -> Option<Square> {
        if self.0 == 0 {
            None
        } else if dir.is_north() {
            Some(Square::from_bit_unchecked(self.0.trailing_zeros() as u8))
        } else {
            Some(Square::from_bit_unchecked(
                63 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// The squares from `sq` in `dir` that can be reached before the first square of
    /// `blockers` (which is not included).
    #[inline]
    pub fn slide(sq: Square, dir: Direction, blockers: Bitboard) -> Bitboard {
        let ray = Bitboard::ray(sq, dir);
        match (ray & blockers).nearest(dir) {
            None => ray,
            Some(b) => Bitboard(ray.0 & !Bitboard::ray(b, dir).0 & !(1 << b.bit())),
        }
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_bit_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares of the set, lowest bit first.
    #[inline]
    pub fn squares(self) -> SquareIter {
        SquareIter(self.0)
    }
}

const RAYS_A1_NE: u64 = build_rays()[0][0];

/// Iterator over the squares of a [`Bitboard`].
#[derive(Clone, Debug)]
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let bit = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square::from_bit_unchecked(bit))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The playable squares not in the set.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
