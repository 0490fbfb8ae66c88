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

use std::marker::PhantomData;

use crate::board::{Board, delta_of, is_ghost_of};
pub use crate::board::{Direction, Square, SquareOn};

/// How the board lies before the players.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Orientation {
    /// The corner square at each player's left (a1, h8) is dark.
    A1Dark,
    /// Mirrored: h1 and a8 are dark, the single corner at each player's right and the double
    /// corner at the left (Italian, Spanish). Positions are stored as their mirror image on
    /// the a1-dark board (file a ↔ file h), which the rules cannot tell apart.
    Mirrored,
}

impl Orientation {
    /// The 0-based file a player sees for the stored square `sq`.
    pub const fn file<B: Board>(self, sq: SquareOn<B>) -> u8 {
        match self {
            Orientation::A1Dark => sq.file(),
            Orientation::Mirrored => B::SIZE - 1 - sq.file(),
        }
    }

    /// The stored square a player calls by 0-based `file` and `rank`, if it is dark on this
    /// board.
    pub const fn square<B: Board>(self, file: u8, rank: u8) -> Option<SquareOn<B>> {
        if file >= B::SIZE {
            return None;
        }
        match self {
            Orientation::A1Dark => SquareOn::from_file_rank(file, rank),
            Orientation::Mirrored => SquareOn::from_file_rank(B::SIZE - 1 - file, rank),
        }
    }

    /// The number of `sq` on this board (1–32 on 8×8): counted from the top left as the
    /// player at the bottom sees it, row by row (on the a1-dark board, [`SquareOn::number`]).
    pub const fn number<B: Board>(self, sq: SquareOn<B>) -> u8 {
        (B::SIZE - 1 - sq.rank()) * B::PER_RANK + self.file(sq) / (B::SIZE / B::PER_RANK) + 1
    }

    /// The square with number `n` on this board.
    pub const fn from_number<B: Board>(self, n: u8) -> Option<SquareOn<B>> {
        if n == 0 || n > B::SQUARES {
            return None;
        }
        let rank = B::SIZE - 1 - (n - 1) / B::PER_RANK;
        let pos = (n - 1) % B::PER_RANK;
        // The dark squares of a rank: files of one parity, which depends on the board.
        if B::ALL_PLAYABLE {
            return self.square(pos, rank);
        }
        let odd = match self {
            Orientation::A1Dark => rank % 2 == 1,
            Orientation::Mirrored => rank.is_multiple_of(2),
        };
        self.square(2 * pos + if odd { 1 } else { 0 }, rank)
    }

    /// The algebraic name of `sq` on this board (`a1` is light on the mirrored one).
    pub fn name<B: Board>(self, sq: SquareOn<B>) -> String {
        format!("{}{}", (b'a' + self.file(sq)) as char, sq.rank() + 1)
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
    /// A number outside 1–32 (1–50 on 10×10).
    #[error("square number {number} is not in 1-{most}")]
    NumberOutOfRange {
        /// The number given.
        number: u32,
        /// The highest square number of the board.
        most: u8,
    },
}

impl<B: Board> SquareOn<B> {
    /// The dark square at 0-based `file` (0 = a) and `rank` (0 = rank 1), or `None` for a
    /// light square or one off the board (any square of a board whose every square is
    /// playable, [`Board::ALL_PLAYABLE`]).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Self> {
        if B::ALL_PLAYABLE {
            return if file < B::SIZE && rank < B::SIZE {
                Some(SquareOn(rank * B::SIZE + file, PhantomData))
            } else {
                None
            };
        }
        if file < B::SIZE && rank < B::SIZE && (file + rank).is_multiple_of(2) {
            Some(SquareOn(
                B::PAIR_BITS * (rank / 2) + (B::GHOST + 1) * (rank % 2) + file / 2,
                PhantomData,
            ))
        } else {
            None
        }
    }

    /// The square with this bit index, if the bit is one of the playable ones.
    pub const fn from_bit(bit: u8) -> Option<Self> {
        if (bit as usize) < B::LAYOUT_BITS && !is_ghost_of::<B>(bit as usize) {
            Some(SquareOn(bit, PhantomData))
        } else {
            None
        }
    }

    /// The square with this bit index; the bit must be a playable one.
    #[inline(always)]
    pub(crate) const fn from_bit_unchecked(bit: u8) -> Self {
        SquareOn(bit, PhantomData)
    }

    /// The bit index of this square in a bitboard.
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The 0-based rank, 0 for rank 1 (white's home rank).
    pub const fn rank(self) -> u8 {
        if B::ALL_PLAYABLE {
            return self.0 / B::SIZE;
        }
        let pair = self.0 / B::PAIR_BITS;
        let rest = self.0 % B::PAIR_BITS;
        2 * pair + if rest > B::GHOST { 1 } else { 0 }
    }

    /// The 0-based file, 0 for file a.
    pub const fn file(self) -> u8 {
        if B::ALL_PLAYABLE {
            return self.0 % B::SIZE;
        }
        let rest = self.0 % B::PAIR_BITS;
        if rest > B::GHOST {
            2 * (rest - (B::GHOST + 1)) + 1
        } else {
            2 * rest
        }
    }

    /// The number of this square in the board's numbering: counted from 1 at the top left
    /// as white sees the board, rank by rank (on 8×8 `b8` = 1, `a1` = 29, `g1` = 32; on
    /// 10×10 `b10` = 1, `a1` = 46, `i1` = 50).
    pub const fn number(self) -> u8 {
        (B::SIZE - 1 - self.rank()) * B::PER_RANK + self.file() / (B::SIZE / B::PER_RANK) + 1
    }

    /// The square with number `n` (1–32 on 8×8, 1–50 on 10×10).
    pub const fn from_number(n: u8) -> Option<Self> {
        if n == 0 || n > B::SQUARES {
            return None;
        }
        let row = (n - 1) / B::PER_RANK;
        let pos = (n - 1) % B::PER_RANK;
        let rank = B::SIZE - 1 - row;
        let file = if B::ALL_PLAYABLE {
            pos
        } else if rank % 2 == 1 {
            2 * pos + 1
        } else {
            2 * pos
        };
        Self::from_file_rank(file, rank)
    }

    /// The next square in `dir`, if it is on the board.
    pub const fn step(self, dir: Direction) -> Option<Self> {
        if !dir.is_diagonal() || B::ALL_PLAYABLE {
            let (df, dr) = dir.file_rank_step_on::<B>();
            let (f, r) = (self.file() as i8 + df, self.rank() as i8 + dr);
            return if f < 0 || r < 0 {
                None
            } else {
                Self::from_file_rank(f as u8, r as u8)
            };
        }
        let bit = self.0 as i8 + delta_of::<B>(dir);
        if bit < 0 {
            None
        } else {
            Self::from_bit(bit as u8)
        }
    }

    /// Parses an algebraic square name (`a1` … `h8` on 8×8, `a1` … `j10` on 10×10, either
    /// case).
    pub fn parse_algebraic(text: &str) -> Result<Self, SquareError> {
        let unreadable = || SquareError::Unreadable(crate::text::excerpt(text));
        let bytes = text.as_bytes();
        if !(2..=3).contains(&bytes.len()) || !bytes[1..].iter().all(u8::is_ascii_digit) {
            return Err(unreadable());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank: u8 = text[1..].parse().map_err(|_| unreadable())?;
        if file >= B::SIZE || rank == 0 || rank > B::SIZE || text[1..].starts_with('0') {
            return Err(unreadable());
        }
        Self::from_file_rank(file, rank - 1)
            .ok_or_else(|| SquareError::Light(crate::text::excerpt(text)))
    }

    /// Parses a square given either algebraically (`d4`) or by its number (`18`).
    pub fn parse_any(text: &str) -> Result<Self, SquareError> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            let n: u32 = text
                .parse()
                .map_err(|_| SquareError::Unreadable(crate::text::excerpt(text)))?;
            return u8::try_from(n).ok().and_then(Self::from_number).ok_or(
                SquareError::NumberOutOfRange {
                    number: n,
                    most: B::SQUARES,
                },
            );
        }
        Self::parse_algebraic(text)
    }
}

impl Square {
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

    /// Whether this square is on the long diagonal a1–h8.
    pub const fn on_main_diagonal(self) -> bool {
        self.file() == self.rank()
    }
}

impl<B: Board> fmt::Display for SquareOn<B> {
    /// The square's name: algebraic on 8×8 (`c3`), its number on a numbered board (10×10:
    /// `28`, see [`Board::NUMBERED`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if B::NUMBERED {
            write!(f, "{}", self.number())
        } else {
            write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
        }
    }
}

impl<B: Board> fmt::Debug for SquareOn<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<B: Board> FromStr for SquareOn<B> {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Self, SquareError> {
        Self::parse_any(s)
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
            Err(SquareError::NumberOutOfRange {
                number: 33,
                most: 32
            })
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
