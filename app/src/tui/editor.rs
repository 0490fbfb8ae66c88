//! The editor panel's state: the pieces being set up and the chosen colour.
//!
//! As in the seed's program, a click on an empty square places a man of the chosen colour, a
//! second click makes it a king, a third empties the square. "Start" checks the setup with the
//! same checks as FEN ([`Position::from_setup`]) and gives the move to the side chosen to move,
//! a choice of its own (placing black pieces does not make Black the side to move).

use dama_core::position::{SetupError, SetupOn};
use dama_core::{BitboardOn, Board, Board8, Color, PositionOn, SquareOn};

/// A position being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor<B: Board = Board8> {
    /// White's pieces.
    pub white: BitboardOn<B>,
    /// Black's pieces.
    pub black: BitboardOn<B>,
    /// The kings of both.
    pub kings: BitboardOn<B>,
    /// The colour placed by a click.
    pub color: Color,
    /// The side to move after Start.
    pub turn: Color,
}

impl<B: Board> Editor<B> {
    /// An editor holding `pos`, its side to move chosen.
    pub fn new(pos: &PositionOn<B>) -> Editor<B> {
        let setup = pos.to_setup();
        Editor {
            white: setup.white,
            black: setup.black,
            kings: setup.kings,
            color: pos.turn(),
            turn: pos.turn(),
        }
    }

    /// A click on `sq`: empty → man of the chosen colour → king → empty.
    pub fn click(&mut self, sq: SquareOn<B>) {
        let occupied = (self.white | self.black).contains(sq);
        if !occupied {
            match self.color {
                Color::White => self.white = self.white.with(sq),
                Color::Black => self.black = self.black.with(sq),
            }
        } else if !self.kings.contains(sq) {
            self.kings = self.kings.with(sq);
        } else {
            self.white = self.white.without(sq);
            self.black = self.black.without(sq);
            self.kings = self.kings.without(sq);
        }
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.white = BitboardOn::EMPTY;
        self.black = BitboardOn::EMPTY;
        self.kings = BitboardOn::EMPTY;
    }

    /// Sets up the initial position (keeping the chosen colour and side to move).
    pub fn initial(&mut self) {
        let (color, turn) = (self.color, self.turn);
        *self = Editor::new(&PositionOn::initial());
        self.color = color;
        self.turn = turn;
    }

    /// The pieces as a position, with the chosen colour to move, checked as a FEN setup is.
    pub fn start(&self) -> Result<PositionOn<B>, SetupError<B>> {
        PositionOn::from_setup(&SetupOn {
            white: self.white,
            black: self.black,
            kings: self.kings,
            turn: Some(self.turn),
        })
    }

    /// The pieces as a position for drawing, whether or not it would pass the checks.
    pub fn preview(&self) -> SetupOn<B> {
        SetupOn {
            white: self.white,
            black: self.black,
            kings: self.kings,
            turn: Some(self.turn),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use dama_core::{Position, Square};

    #[test]
    fn clicks_cycle_and_start_checks() {
        let mut ed = Editor::new(&Position::initial());
        ed.clear();
        ed.color = Color::Black;
        let d4 = Square::parse_algebraic("d4").unwrap();
        ed.click(d4);
        assert!(ed.black.contains(d4) && !ed.kings.contains(d4));
        ed.click(d4);
        assert!(ed.kings.contains(d4));
        ed.click(d4);
        assert!(!(ed.white | ed.black | ed.kings).contains(d4));
        let a1 = Square::parse_algebraic("a1").unwrap();
        ed.click(a1);
        assert!(matches!(
            ed.start(),
            Err(SetupError::ManOnCrowningRank { .. })
        ));
        ed.click(a1);
        // Placing black pieces leaves White to move; the side to move is its own choice.
        let pos = ed.start().unwrap();
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(dama_core::fen::write(&pos), "W:W:BKa1");
        ed.turn = Color::Black;
        assert_eq!(dama_core::fen::write(&ed.start().unwrap()), "B:W:BKa1");
    }
}
