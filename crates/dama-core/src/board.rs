//! Board geometries: the 8×8 board ([`Board8`], 32 playable squares), the 10×10 board
//! ([`Board10`], 50) and the 8×8 board of Turkish draughts ([`Board64`], all 64 squares), as
//! marker types of the [`Board`] trait.
//!
//! Squares, bitboards, positions and moves are generic over their board
//! ([`SquareOn`](crate::square::SquareOn), [`BitboardOn`](crate::bitboard::BitboardOn),
//! [`PositionOn`](crate::position::PositionOn), [`MoveOn`](crate::mv::MoveOn)); the names
//! without `On` ([`Square`](crate::Square), [`Bitboard`](crate::Bitboard), …) are the 8×8
//! ones. Every constant of a board is known at compile time, so the code of each board is
//! compiled on its own and the 8×8 code is what it was before the 10×10 board came.
//!
//! The boards of dark squares use the same ghost-square layout. The dark squares are numbered
//! by bit, rank by rank from white's side, each pair of ranks taking `SIZE + 1` bits: the
//! `SIZE / 2` dark squares of the lower rank, one unused "ghost" bit, then the `SIZE / 2` of
//! the upper rank. A diagonal step is then always the same shift (+`SIZE/2 + 1` north-east,
//! +`SIZE/2` north-west, and the same down), and a step off the side of the board lands on a
//! ghost bit or beyond the board, which the set of all squares masks away. 8×8 takes 36 bits,
//! 10×10 55. [`Board64`] lays its squares out rank after rank with no ghost bits (64 bits,
//! [`Board::ALL_PLAYABLE`]).

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

/// A direction on the board, seen from white: north is towards the last rank. The four
/// diagonals are where every piece moves; the four orthogonal ones (a step is to the next
/// dark square along a rank or a file, two squares away) are where Frisian pieces also
/// capture.
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
    /// Along the rank towards file h.
    East,
    /// Along the rank towards file a.
    West,
    /// Along the file towards the last rank.
    North,
    /// Along the file towards rank 1.
    South,
}

impl Direction {
    /// The four diagonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::East,
        Direction::West,
        Direction::North,
        Direction::South,
    ];

    /// The eight directions: the diagonals, then the orthogonal ones.
    pub const EIGHT: [Direction; 8] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::East,
        Direction::West,
        Direction::North,
        Direction::South,
    ];

    /// The change of the bit index for one step in this direction on 8×8
    /// ([`delta_of`] for any board).
    pub const fn delta(self) -> i8 {
        delta_of::<Board8>(self)
    }

    /// Whether a step in this direction raises the bit index.
    pub const fn is_north(self) -> bool {
        self.delta() > 0
    }

    /// Whether this is one of the four diagonals.
    pub const fn is_diagonal(self) -> bool {
        (self as usize) < 4
    }

    /// The index of this direction in [`Direction::EIGHT`] (and, for a diagonal, in
    /// [`Direction::ALL`]).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The change of file and rank for one step: a diagonal step is to the neighbouring
    /// square, an orthogonal one to the next dark square, two files or two ranks away.
    pub const fn file_rank_step(self) -> (i8, i8) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
            Direction::East => (2, 0),
            Direction::West => (-2, 0),
            Direction::North => (0, 2),
            Direction::South => (0, -2),
        }
    }

    /// The change of file and rank for one step on the board `B`: as
    /// [`Direction::file_rank_step`], but on a board whose every square is playable
    /// ([`Board::ALL_PLAYABLE`], Turkish) an orthogonal step is to the neighbouring square.
    pub const fn file_rank_step_on<B: Board>(self) -> (i8, i8) {
        let (df, dr) = self.file_rank_step();
        if B::ALL_PLAYABLE && !self.is_diagonal() {
            (df / 2, dr / 2)
        } else {
            (df, dr)
        }
    }

    /// The direction opposite this one.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::North => Direction::South,
            Direction::South => Direction::North,
        }
    }
}

/// A board: its size and the constants of its layout: the ghost-square layout of the dark
/// squares, or (where every square is playable, [`Board::ALL_PLAYABLE`]) rank after rank.
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
    /// Which board this is, as a value.
    const KIND: BoardKind;
    /// Squares along a side: 8 or 10.
    const SIZE: u8;
    /// The landing squares a move may have: one per opposing piece (12 on 8×8, 20 on 10×10).
    const MAX_PATH: usize;
    /// Storage for the landing squares of a move: an array of [`Board::MAX_PATH`] squares.
    type Path: Copy + fmt::Debug + Send + Sync + AsRef<[SquareOn<Self>]> + AsMut<[SquareOn<Self>]>;
    /// What a position on this board keeps beside its pieces ([`TurnState`]).
    type State: TurnState;

    /// Whether every square is playable, light and dark (Turkish draughts' [`Board64`]),
    /// rather than the dark ones alone. Such a board has no ghost bits: square `file` of
    /// rank `rank` is bit `rank * SIZE + file`, and a step east or west off the end of a rank
    /// is masked ([`BitboardOn::shift`](crate::BitboardOn::shift)).
    const ALL_PLAYABLE: bool = false;
    /// Playable squares on one rank: the dark ones, or all.
    const PER_RANK: u8 = if Self::ALL_PLAYABLE {
        Self::SIZE
    } else {
        Self::SIZE / 2
    };
    /// The playable squares: 32, 50 or 64.
    const SQUARES: u8 = Self::SIZE * Self::PER_RANK;
    /// The bits one pair of ranks takes: the dark squares of its lower rank, the ghost bit,
    /// then those of its upper rank (the two ranks' squares where all are playable).
    const PAIR_BITS: u8 = if Self::ALL_PLAYABLE {
        2 * Self::SIZE
    } else {
        Self::SIZE + 1
    };
    /// Where a pair of ranks keeps its ghost bit, counted within the pair (beyond the pair,
    /// so nowhere, where all squares are playable).
    const GHOST: u8 = if Self::ALL_PLAYABLE {
        u8::MAX
    } else {
        Self::PER_RANK
    };
    /// The bits of the layout; a table indexed by a square's bit has this many entries.
    const LAYOUT_BITS: usize = Self::PAIR_BITS as usize * Self::SIZE as usize / 2;
    /// The rows of men each side may have (the most a position may hold: `START_ROWS *
    /// PER_RANK` men each): the rows of the start, 3 on 8×8, 4 on 10×10.
    const START_ROWS: u8 = (Self::SIZE - 2) / 2;

    /// Whether squares are named by number (`28`; FEN `W:W31-50:B1-20`, moves `32-28`: the
    /// international custom) rather than algebraically (`c3`; FEN `W:Wa1,c1:Bb8`, as on 8×8).
    const NUMBERED: bool;

    /// A path with every entry `sq`.
    fn path_of(sq: SquareOn<Self>) -> Self::Path;

    /// The squares (as bits) strictly beyond bit `bit` in `dir`, up to the edge.
    fn ray_bits(dir: Direction, bit: u8) -> u64;
}

/// Which board a type is, as a value: what a run-time choice of rule set
/// ([`Variant::board`](crate::Variant::board)) asks of its board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// [`Board8`]: the 32 dark squares of 8×8.
    Board8,
    /// [`Board10`]: the 50 dark squares of 10×10.
    Board10,
    /// [`Board64`]: the 64 squares of 8×8 (Turkish).
    Board64,
}

/// The 8×8 board: 32 playable squares, a1 dark.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board8;

/// The 10×10 board of international draughts: 50 playable squares, a1 dark.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board10;

/// The 8×8 board of Turkish draughts, every one of its 64 squares playable
/// ([`Board::ALL_PLAYABLE`]); pieces move along ranks and files.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board64;

/// What a position keeps beside its pieces, by board: the side to move and, where a rule
/// set of the board counts them, the kings' plain moves in a row
/// ([`PositionOn::king_moves`](crate::PositionOn::king_moves): Frisian, on 10×10), as two
/// bytes of counts, white's low. No 8×8 rule set counts them, so an 8×8 position keeps the
/// side to move alone ([`SideToMove`]) and is laid out as it was before the counts came: a
/// position is made and read back millions of times a second in perft, and one more field,
/// stored on its own, cost Russian perft 5% (`docs/perft.md`). On 10×10 the turn and the
/// counts are one word, written at once ([`SideAndCounts`]).
pub trait TurnState: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// With black to move if `black`, else white; no counts.
    fn to_move(black: bool) -> Self;
    /// Whether black is to move.
    fn black_to_move(self) -> bool;
    /// The other side to move, no counts.
    fn passed(self) -> Self;
    /// The counts, white's in the low byte (0 where the board keeps none).
    fn counts(self) -> u16;
    /// The same side to move with `counts` (ignored where the board keeps none).
    fn with_counts(self, counts: u16) -> Self;
}

/// The 8×8 board's [`TurnState`]: the side to move alone.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SideToMove {
    /// White to move.
    White,
    /// Black to move.
    Black,
}

impl TurnState for SideToMove {
    #[inline(always)]
    fn to_move(black: bool) -> Self {
        if black {
            SideToMove::Black
        } else {
            SideToMove::White
        }
    }

    #[inline(always)]
    fn black_to_move(self) -> bool {
        self == SideToMove::Black
    }

    #[inline(always)]
    fn passed(self) -> Self {
        Self::to_move(!self.black_to_move())
    }

    #[inline(always)]
    fn counts(self) -> u16 {
        0
    }

    #[inline(always)]
    fn with_counts(self, _counts: u16) -> Self {
        self
    }
}

/// The 10×10 board's [`TurnState`]: bit 0 set for black to move, bits 8–23 the counts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct SideAndCounts(u32);

impl TurnState for SideAndCounts {
    #[inline(always)]
    fn to_move(black: bool) -> Self {
        SideAndCounts(u32::from(black))
    }

    #[inline(always)]
    fn black_to_move(self) -> bool {
        self.0 & 1 != 0
    }

    #[inline(always)]
    fn passed(self) -> Self {
        SideAndCounts((self.0 & 1) ^ 1)
    }

    #[inline(always)]
    fn counts(self) -> u16 {
        (self.0 >> 8) as u16
    }

    #[inline(always)]
    fn with_counts(self, counts: u16) -> Self {
        SideAndCounts(self.0 & 1 | u32::from(counts) << 8)
    }
}

static RAYS_8: [[u64; 64]; 8] = build_rays::<Board8>();
static RAYS_10: [[u64; 64]; 8] = build_rays::<Board10>();
static RAYS_64: [[u64; 64]; 8] = build_rays::<Board64>();

impl Board for Board8 {
    const KIND: BoardKind = BoardKind::Board8;
    const SIZE: u8 = 8;
    const MAX_PATH: usize = 12;
    const NUMBERED: bool = false;
    type Path = [SquareOn<Board8>; 12];
    type State = SideToMove;

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
    const KIND: BoardKind = BoardKind::Board10;
    const SIZE: u8 = 10;
    const MAX_PATH: usize = 20;
    const NUMBERED: bool = true;
    type Path = [SquareOn<Board10>; 20];
    type State = SideAndCounts;

    #[inline(always)]
    fn path_of(sq: SquareOn<Self>) -> Self::Path {
        [sq; 20]
    }

    #[inline(always)]
    fn ray_bits(dir: Direction, bit: u8) -> u64 {
        RAYS_10[dir.index()][bit as usize]
    }
}

impl Board for Board64 {
    const KIND: BoardKind = BoardKind::Board64;
    const SIZE: u8 = 8;
    const ALL_PLAYABLE: bool = true;
    /// Sixteen men each, on two rows (Turkish draughts).
    const START_ROWS: u8 = 2;
    const MAX_PATH: usize = 16;
    const NUMBERED: bool = false;
    type Path = [SquareOn<Board64>; 16];
    type State = SideToMove;

    #[inline(always)]
    fn path_of(sq: SquareOn<Self>) -> Self::Path {
        [sq; 16]
    }

    #[inline(always)]
    fn ray_bits(dir: Direction, bit: u8) -> u64 {
        RAYS_64[dir.index()][bit as usize]
    }
}

/// Whether `bit` of `B`'s layout is a ghost bit (never a square; the bits from
/// [`Board::LAYOUT_BITS`] on are none either).
#[inline]
pub const fn is_ghost_of<B: Board>(bit: usize) -> bool {
    bit % B::PAIR_BITS as usize == B::GHOST as usize
}

/// The change of the bit index for one step in `dir` on `B`. A diagonal step is the same
/// change from every square (a step off the side lands on a ghost bit); an orthogonal one is
/// too (east +1, north two ranks up, one pair of ranks), but a step east or west off the
/// end of a rank lands on a square of the next pair, so [`BitboardOn::shift`] masks those
/// (`crate::bitboard`) and [`SquareOn::step`](crate::SquareOn::step) goes by file and rank.
#[inline(always)]
pub const fn delta_of<B: Board>(dir: Direction) -> i8 {
    // Where every square is playable a rank is `SIZE` bits and north is one rank up.
    let (ne, nw, north) = if B::ALL_PLAYABLE {
        (B::SIZE as i8 + 1, B::SIZE as i8 - 1, B::SIZE as i8)
    } else {
        (B::PER_RANK as i8 + 1, B::PER_RANK as i8, B::PAIR_BITS as i8)
    };
    match dir {
        Direction::NorthEast => ne,
        Direction::NorthWest => nw,
        Direction::SouthEast => -nw,
        Direction::SouthWest => -ne,
        Direction::East => 1,
        Direction::West => -1,
        Direction::North => north,
        Direction::South => -north,
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

const fn build_rays<B: Board>() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::EIGHT[d].file_rank_step_on::<B>();
        let mut rank = 0;
        while rank < B::SIZE {
            let mut file = 0;
            while file < B::SIZE {
                if let Some(sq) = SquareOn::<B>::from_file_rank(file, rank) {
                    let mut ray = 0u64;
                    let (mut f, mut r) = (file as i8 + df, rank as i8 + dr);
                    while f >= 0 && r >= 0 && f < B::SIZE as i8 && r < B::SIZE as i8 {
                        if let Some(at) = SquareOn::<B>::from_file_rank(f as u8, r as u8) {
                            ray |= 1 << at.0;
                        }
                        f += df;
                        r += dr;
                    }
                    rays[d][sq.0 as usize] = ray;
                }
                file += 1;
            }
            rank += 1;
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
        // Along rank 1 from a1: c1, e1, g1, i1; along file a: a3, a5, a7, a9.
        assert_eq!(Board10::ray_bits(Direction::East, 0), 0b11110);
        assert_eq!(Board10::ray_bits(Direction::North, 0).count_ones(), 4);
        // From e1 (bit 4) west: a1, c1; east of i1 (bit 4 is the last of rank 1) nothing.
        assert_eq!(Board10::ray_bits(Direction::West, 2), 0b11);
        assert_eq!(Board10::ray_bits(Direction::East, 4), 0);
        for dir in Direction::EIGHT {
            assert_eq!(dir.opposite().opposite(), dir);
            assert_eq!(
                delta_of::<Board10>(dir.opposite()),
                -delta_of::<Board10>(dir)
            );
        }
    }
}
