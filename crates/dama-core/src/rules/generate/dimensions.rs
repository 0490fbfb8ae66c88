//! The dimensions of the official rule sets, as values of [`Params`] fields: how far kings
//! reach, what a man does on the last row during a capture, and the start position (who moves
//! first, how many men); and how a board lies before the players, for notation and display.

use super::ParamRules;
#[cfg(doc)]
use super::Params;
use crate::bitboard::BitboardOn;
use crate::board::Board;
use crate::position::{PositionOn, SetupOn};
pub use crate::square::Orientation;
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
