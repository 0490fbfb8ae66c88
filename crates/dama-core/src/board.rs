//! Board geometries: the 8×8 board ([`Board8`], 32 playable squares) and the 10×10 board
//! ([`Board10`], 50), as marker types of the [`Board`] trait.
//!
//! Squares, bitboards, positions and moves are generic over their board
//! ([`SquareOn`](crate::square::SquareOn), [`BitboardOn`](crate::bitboard::BitboardOn),
//! [`PositionOn`](crate::position::PositionOn), [`MoveOn`](crate::mv::MoveOn)); the names
//! without `On` ([`Square`](crate::Square), [`Bitboard`](crate::Bitboard), …) are the 8×8
//! ones. Every constant of a board is known at compile time, so the code of each board is
//! compiled on its own and the 8×8 code is what it was before the 10×10 board came.
//!
//! Both boards use the same ghost-square layout. The dark squares are numbered by bit, rank
//! by rank from white's side, each pair of ranks taking `SIZE + 1` bits: the `SIZE / 2` dark
//! squares of the lower rank, one unused "ghost" bit, then the `SIZE / 2` of the upper rank.
//! A diagonal step is then always the same shift (+`SIZE/2 + 1` north-east, +`SIZE/2`
//! north-west, and the same down), and a step off the side of the board lands on a ghost bit
//! or beyond the board, which the set of all squares masks away. 8×8 takes 36 bits, 10×10 55.

use std::fmt;
use std::hash::Hash;

use std::marker::PhantomData;

/// One of the playable (dark) squares of the board `B`: its bit in the layout above. It is
/// defined here, beside the [`Board`] whose [`Board::Path`] is made of squares; its names,
/// numbers and steps are in [`crate::square`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareOn<B>(pub(crate) u8, pub(crate) PhantomData<B>);

/// One of the 32 playable squares of the 8×8 board.
pub type Square = SquareOn<Board8>;

/// A diagonal direction, seen from white: north is towards rank 8.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards rank 8 and file h.
    NorthEast,
    /// Towards rank 8 and file a.
    NorthWest,
    /// Towards rank 1 and file h.
    SouthEast,
    /// Towards rank 1 and file a.
    SouthWest,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The change of the bit index for one step in this direction.
    pub const fn delta(self) -> i8 {
        match self {
            Direction::NorthEast => 5,
            Direction::NorthWest => 4,
            Direction::SouthEast => -4,
            Direction::SouthWest => -5,
        }
    }

    /// Whether a step in this direction raises the bit index.
    pub const fn is_north(self) -> bool {
        self.delta() > 0
    }

    /// The index of this direction in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A board: its size and the constants of its ghost-square layout.
pub trait Board:
    Copy
    + Clone
    + Default
    + fmt::Debug
    + PartialEq
    + Eq
    + Hash
    + PartialOrd
    + Ord
    + Send
    + Sync
    + 'static
{
    /// Squares along a side: 8 or 10.
    const SIZE: u8;
    /// The landing squares a move may have: one per opposing piece (12 on 8×8, 20 on 10×10).
    const MAX_PATH: usize;
    /// Storage for the landing squares of a move: an array of [`Board::MAX_PATH`] squares.
    type Path: Copy + fmt::Debug + Send + Sync + AsRef<[SquareOn<Self>]> + AsMut<[SquareOn<Self>]>;

    /// Dark squares on one rank.
    const PER_RANK: u8 = Self::SIZE / 2;
    /// The playable squares: 32 or 50.
    const SQUARES: u8 = Self::SIZE * Self::PER_RANK;
    /// The bits one pair of ranks takes: the dark squares of its lower rank, the ghost bit,
    /// then those of its upper rank.
    const PAIR_BITS: u8 = Self::SIZE + 1;
    /// Where a pair of ranks keeps its ghost bit, counted within the pair.
    const GHOST: u8 = Self::PER_RANK;
    /// The bits of the layout; a table indexed by a square's bit has this many entries.
    const LAYOUT_BITS: usize = Self::PAIR_BITS as usize * Self::SIZE as usize / 2;
    /// The rows of men each side has at the start: 3 on 8×8, 4 on 10×10.
    const START_ROWS: u8 = (Self::SIZE - 2) / 2;

    /// Whether squares are named by number (`28`; FEN `W:W31-50:B1-20`, moves `32-28`: the
    /// international custom) rather than algebraically (`c3`; FEN `W:Wa1,c1:Bb8`, as on 8×8).
    const NUMBERED: bool;

    /// A path with every entry `sq`.
    fn path_of(sq: SquareOn<Self>) -> Self::Path;

    /// The squares (as bits) strictly beyond bit `bit` in `dir`, up to the edge.
    fn ray_bits(dir: Direction, bit: u8) -> u64;
}

/// The 8×8 board: 32 playable squares, a1 dark.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board8;

/// The 10×10 board of international draughts: 50 playable squares, a1 dark.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board10;

static RAYS_8: [[u64; 64]; 4] = build_rays::<Board8>();
static RAYS_10: [[u64; 64]; 4] = build_rays::<Board10>();

impl Board for Board8 {
    const SIZE: u8 = 8;
    const MAX_PATH: usize = 12;
    const NUMBERED: bool = false;
    type Path = [SquareOn<Board8>; 12];

    #[inline(always)]
    fn path_of(sq: SquareOn<Self>) -> Self::Path {
        [sq; 12]
    }

    #[inline(always)]
    fn ray_bits(dir: Direction, bit: u8) -> u64 {
        RAYS_8[dir.index()][bit as usize]
    }
}

impl Board for Board10 {
    const SIZE: u8 = 10;
    const MAX_PATH: usize = 20;
    const NUMBERED: bool = true;
    type Path = [SquareOn<Board10>; 20];

    #[inline(always)]
    fn path_of(sq: SquareOn<Self>) -> Self::Path {
        [sq; 20]
    }

    #[inline(always)]
    fn ray_bits(dir: Direction, bit: u8) -> u64 {
        RAYS_10[dir.index()][bit as usize]
    }
}

/// Whether `bit` of `B`'s layout is a ghost bit (never a square; the bits from
/// [`Board::LAYOUT_BITS`] on are none either).
#[inline]
pub const fn is_ghost_of<B: Board>(bit: usize) -> bool {
    bit % B::PAIR_BITS as usize == B::GHOST as usize
}

/// The change of the bit index for one step in `dir` on `B`.
#[inline(always)]
pub const fn delta_of<B: Board>(dir: Direction) -> i8 {
    let ne = B::PER_RANK as i8 + 1;
    let nw = B::PER_RANK as i8;
    match dir {
        Direction::NorthEast => ne,
        Direction::NorthWest => nw,
        Direction::SouthEast => -nw,
        Direction::SouthWest => -ne,
    }
}

/// The bits of every playable square of `B`.
pub const fn all_bits<B: Board>() -> u64 {
    let mut mask = 0u64;
    let mut bit = 0;
    while bit < B::LAYOUT_BITS {
        if !is_ghost_of::<B>(bit) {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
}

const fn build_rays<B: Board>() -> [[u64; 64]; 4] {
    let mut rays = [[0u64; 64]; 4];
    let dirs = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];
    let mut d = 0;
    while d < 4 {
        let delta = delta_of::<B>(dirs[d]) as i32;
        let mut bit = 0;
        while bit < B::LAYOUT_BITS {
            if !is_ghost_of::<B>(bit) {
                let mut ray = 0u64;
                let mut at = bit as i32 + delta;
                while at >= 0 && (at as usize) < B::LAYOUT_BITS && !is_ghost_of::<B>(at as usize) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        assert_eq!(Board8::LAYOUT_BITS, 36);
        assert_eq!(Board10::LAYOUT_BITS, 55);
        assert_eq!(all_bits::<Board8>().count_ones(), 32);
        assert_eq!(all_bits::<Board10>().count_ones(), 50);
        assert_eq!(Board10::START_ROWS, 4);
        // The long diagonal of 10×10 from a1 has nine squares beyond a1.
        assert_eq!(Board10::ray_bits(Direction::NorthEast, 0).count_ones(), 9);
        assert_eq!(Board8::ray_bits(Direction::NorthEast, 0).count_ones(), 7);
    }
}
