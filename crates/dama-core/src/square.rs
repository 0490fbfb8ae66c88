//! The 32 playable squares, their names and numbers.
//!
//! A [`Square`] is one of the 32 dark squares of the board. It can be named three ways:
//!
//! - algebraically, `a1` … `h8`, files left to right and ranks bottom to top seen from white
//!   (the Czech notation; `a1` is dark);
//! - by its PDN number 1–32, counted from the top left as white sees the board
//!   (`b8` = 1, `d8` = 2, … `a1` = 29, … `g1` = 32);
//! - by the two-digit row-column coordinate of the Spanish console, row 1 at the top
//!   (`12` = `b8`, `81` = `a1`, `61` = `a3`).
//!
//! Internally a square is its bit index in the ghost-square layout of
//! [`Bitboard`]: each pair of ranks takes nine bits, so the four diagonal
//! steps are the fixed shifts +5, +4, −4 and −5.

use std::fmt;
use std::str::FromStr;

use crate::Bitboard;
use crate::bitboard::{GHOST, LAYOUT_BITS, PAIR_BITS, is_ghost};

/// One of the 32 playable (dark) squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

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

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The text is not a square name at all.
    #[error("'{0}' is not a square")]
    Unreadable(String),
    /// The square exists but is light, so no piece can stand there.
    #[error("{0} is a light square")]
    Light(String),
    /// A number outside 1–32.
    #[error("square number {0} is not in 1-32")]
    NumberOutOfRange(u32),
}

/// The bit index of the dark square at 0-based `file` and `rank`, without checks.
const fn bit_of(file: u8, rank: u8) -> u8 {
    PAIR_BITS * (rank / 2) + (GHOST + 1) * (rank % 2) + file / 2
}

impl Square {
    /// The dark square at 0-based `file` (0 = a) and `rank` (0 = rank 1), or `None` for a
    /// light square or one off the board.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square(bit_of(file, rank)))
        } else {
            None
        }
    }

    /// The square with this bit index, if the bit is one of the 32 playable ones.
    pub const fn from_bit(bit: u8) -> Option<Square> {
        if (bit as usize) < LAYOUT_BITS && !is_ghost(bit as usize) {
            Some(Square(bit))
        } else {
            None
        }
    }

    /// The square with this bit index; the bit must be a playable one.
    pub(crate) const fn from_bit_unchecked(bit: u8) -> Square {
        Square(bit)
    }

    /// The bit index of this square in a [`Bitboard`].
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// A bitboard holding this square alone.
    pub const fn bb(self) -> Bitboard {
        Bitboard::from_bits_unchecked(1 << self.0)
    }

    /// The 0-based rank, 0 for rank 1 (white's home rank).
    pub const fn rank(self) -> u8 {
        let pair = self.0 / PAIR_BITS;
        let rest = self.0 % PAIR_BITS;
        2 * pair + if rest > GHOST { 1 } else { 0 }
    }

    /// The 0-based file, 0 for file a.
    pub const fn file(self) -> u8 {
        let rest = self.0 % PAIR_BITS;
        if rest > GHOST {
            2 * (rest - (GHOST + 1)) + 1
        } else {
            2 * rest
        }
    }

    /// The PDN number of this square, 1–32 (`b8` = 1, `a1` = 29, `g1` = 32).
    pub const fn number(self) -> u8 {
        (7 - self.rank()) * 4 + self.file() / 2 + 1
    }

    /// The square with PDN number `n` (1–32).
    pub const fn from_number(n: u8) -> Option<Square> {
        if n == 0 || n > 32 {
            return None;
        }
        let row = (n - 1) / 4;
        let pos = (n - 1) % 4;
        let rank = 7 - row;
        let file = if rank % 2 == 1 { 2 * pos + 1 } else { 2 * pos };
        Square::from_file_rank(file, rank)
    }

    /// The Spanish console's row (1 at the top, black's side) and column (1 at the left).
    pub const fn row_col(self) -> (u8, u8) {
        (8 - self.rank(), self.file() + 1)
    }

    /// The square at the Spanish console's row and column (each 1–8), if it is dark.
    pub const fn from_row_col(row: u8, col: u8) -> Option<Square> {
        if row == 0 || row > 8 || col == 0 || col > 8 {
            return None;
        }
        Square::from_file_rank(col - 1, 8 - row)
    }

    /// The next square in `dir`, if it is on the board.
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let bit = self.0 as i8 + dir.delta();
        if bit < 0 {
            None
        } else {
            Square::from_bit(bit as u8)
        }
    }

    /// Whether this square is on the long diagonal a1–h8.
    pub const fn on_main_diagonal(self) -> bool {
        self.file() == self.rank()
    }

    /// All 32 squares in bit order.
    pub fn all() -> impl Iterator<Item = Square> {
        Bitboard::ALL.into_iter()
    }

    /// Parses an algebraic square name (`a1` … `h8`, either case).
    pub fn parse_algebraic(text: &str) -> Result<Square, SquareError> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(SquareError::Unreadable(crate::text::excerpt(text)));
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file >= 8 || rank >= 8 {
            return Err(SquareError::Unreadable(crate::text::excerpt(text)));
        }
        Square::from_file_rank(file, rank)
            .ok_or_else(|| SquareError::Light(crate::text::excerpt(text)))
    }

    /// Parses a square given either algebraically (`d4`) or by its PDN number (`18`).
    pub fn parse_any(text: &str) -> Result<Square, SquareError> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            let n: u32 = text
                .parse()
                .map_err(|_| SquareError::Unreadable(crate::text::excerpt(text)))?;
            return u8::try_from(n)
                .ok()
                .and_then(Square::from_number)
                .ok_or(SquareError::NumberOutOfRange(n));
        }
        Square::parse_algebraic(text)
    }
}

impl fmt::Display for Square {
    /// The algebraic name, e.g. `c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        Square::parse_any(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_pdn() {
        assert_eq!(Square::from_number(1).unwrap().to_string(), "b8");
        assert_eq!(Square::from_number(2).unwrap().to_string(), "d8");
        assert_eq!(Square::from_number(5).unwrap().to_string(), "a7");
        assert_eq!(Square::from_number(29).unwrap().to_string(), "a1");
        assert_eq!(Square::from_number(32).unwrap().to_string(), "g1");
        for sq in Square::all() {
            assert_eq!(Square::from_number(sq.number()), Some(sq));
        }
    }

    #[test]
    fn spanish_coordinates() {
        assert_eq!(Square::from_row_col(8, 1).unwrap().to_string(), "a1");
        assert_eq!(Square::from_row_col(1, 2).unwrap().to_string(), "b8");
        assert_eq!(Square::from_row_col(6, 1).unwrap().to_string(), "a3");
        assert_eq!(Square::from_row_col(5, 2).unwrap().to_string(), "b4");
        assert_eq!(Square::from_row_col(1, 1), None);
        for sq in Square::all() {
            let (r, c) = sq.row_col();
            assert_eq!(Square::from_row_col(r, c), Some(sq));
        }
    }

    #[test]
    fn algebraic_names() {
        assert_eq!(Square::all().count(), 32);
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(
            Square::parse_algebraic("b1"),
            Err(SquareError::Light("b1".into()))
        );
        assert!(Square::parse_algebraic("i1").is_err());
        assert_eq!(
            "33".parse::<Square>(),
            Err(SquareError::NumberOutOfRange(33))
        );
    }

    #[test]
    fn steps_stay_on_the_board() {
        let h2 = Square::parse_algebraic("h2").unwrap();
        assert_eq!(h2.step(Direction::NorthEast), None);
        assert_eq!(h2.step(Direction::NorthWest).unwrap().to_string(), "g3");
        assert_eq!(h2.step(Direction::SouthWest).unwrap().to_string(), "g1");
        assert_eq!(h2.step(Direction::SouthEast), None);
        let a1 = Square::parse_algebraic("a1").unwrap();
        assert_eq!(a1.step(Direction::SouthWest), None);
        assert_eq!(a1.step(Direction::NorthWest), None);
        assert_eq!(a1.step(Direction::NorthEast).unwrap().to_string(), "b2");
    }
}
