//! The dimensions of the official rule sets, as values of [`Params`] fields: how far kings
//! reach, what a man does on the last row during a capture, and the start position (who moves
//! first, how many men); and how a board lies before the players, for notation and display.

use super::ParamRules;
#[cfg(doc)]
use super::Params;
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::position::{PositionOn, SetupOn};
use crate::square::SquareOn;

/// How far a king moves and captures.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum KingRange {
    /// Along the whole free diagonal; it captures a piece at any distance (the flying king).
    Flying,
    /// One square; it captures an adjacent piece, landing directly behind it (English,
    /// Italian).
    Short,
}

/// What a man does when a capture brings it to the last row.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LastRow {
    /// It is crowned and the move ends there (English, Italian, Czech, Thai).
    Stops,
    /// It is crowned at once and goes on capturing as a king (Russian).
    GoesOnAsKing,
    /// It goes on capturing as a man if it can, and is crowned only if the capture ends on
    /// the last row (Spanish, Brazilian, Pool).
    PassesAsMan,
}

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
        (B::SIZE - 1 - sq.rank()) * B::PER_RANK + self.file(sq) / 2 + 1
    }

    /// The square with number `n` on this board.
    pub const fn from_number<B: Board>(self, n: u8) -> Option<SquareOn<B>> {
        if n == 0 || n > B::SQUARES {
            return None;
        }
        let rank = B::SIZE - 1 - (n - 1) / B::PER_RANK;
        let pos = (n - 1) % B::PER_RANK;
        // The dark squares of a rank: files of one parity, which depends on the board.
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

/// The start position of a rule set: [`Params::start_rows`] rows of men each, on the dark
/// squares nearest each player, [`Params::first_to_move`] to move.
pub fn start_position<P: ParamRules>() -> PositionOn<P::Board> {
    let size = <P::Board as Board>::SIZE;
    let rows = P::PARAMS.start_rows.clamp(1, size / 2 - 1);
    let mut white = BitboardOn::EMPTY;
    let mut black = BitboardOn::EMPTY;
    for sq in SquareOn::<P::Board>::all() {
        if sq.rank() < rows {
            white = white.with(sq);
        } else if sq.rank() >= size - rows {
            black = black.with(sq);
        }
    }
    let setup = SetupOn {
        white,
        black,
        kings: BitboardOn::EMPTY,
        turn: Some(P::PARAMS.first_to_move),
    };
    PositionOn::from_setup(&setup).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Square};

    #[test]
    fn the_default_dimensions_start_from_the_initial_position() {
        // The four sets that were there before the dimensions keep their start.
        assert_eq!(start_position::<crate::Czech>(), Position::initial());
        assert_eq!(start_position::<crate::Russian>(), Position::initial());
        assert_eq!(start_position::<crate::House>(), Position::initial());
        assert_eq!(start_position::<crate::Spanish>(), Position::initial());
    }

    #[test]
    fn mirrored_numbers_follow_the_italian_board() {
        let m = Orientation::Mirrored;
        // 1 is a8 (dark on this board), 4 is g8, 29 is b1, 32 is h1.
        for (n, name) in [
            (1, "a8"),
            (4, "g8"),
            (5, "b7"),
            (21, "b3"),
            (29, "b1"),
            (32, "h1"),
        ] {
            let sq: Square = m.from_number(n).unwrap();
            assert_eq!(m.name(sq), name, "{n}");
            assert_eq!(m.number(sq), n);
        }
        for sq in Square::all() {
            assert_eq!(m.from_number(m.number(sq)), Some(sq));
            assert_eq!(Orientation::A1Dark.number(sq), sq.number());
            assert_eq!(Orientation::A1Dark.from_number(sq.number()), Some(sq));
        }
    }
}
