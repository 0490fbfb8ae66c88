//! Writing and reading moves as text.
//!
//! Each rule set names its [`Notation`]: the Czech rules use algebraic squares (`c3-d4`,
//! `c3xe5xg7`, module [`algebraic`]), the Spanish-spec rules the console's row-column numbers
//! (`61.52`, `63.45.27`, module [`numeric`]). Reading is done in two steps: the text becomes a
//! syntax value (squares and separators), then that value is matched against the legal moves
//! of the position.

pub mod algebraic;
pub mod fen_for;
pub mod numbered;
pub mod numeric;

use crate::board::{Board, Board8};
use crate::mv::MoveOn;
use crate::square::SquareOn;
use crate::{Move, Position, Square};
use algebraic::{MoveText, ParseError, SyntaxError};

/// A way of writing moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// `c3-d4`, `c3xe5xg7`: algebraic squares, `-` for a plain move, `x` before each landing
    /// square of a capture.
    Algebraic,
    /// `61.52`, `63.45.27`: the Spanish console's row-column coordinates joined by `.`.
    Numeric,
    /// `c3-d4`, `c3:e5:g3`: algebraic squares, `-` for a plain move, `:` before each landing
    /// square of a capture (the Russian style; `x` is read too).
    AlgebraicColon,
    /// `11-15`, `15x24`: the squares' numbers 1–32 on a board lying as given, `-` for a plain
    /// move, `x` before each landing square of a capture (the PDN of the English, Italian,
    /// Spanish, pool and Thai federations; module [`numbered`]).
    Numbered(crate::square::Orientation),
}

impl Notation {
    /// The move written in this notation.
    pub fn write(self, mv: &Move) -> String {
        self.write_on(mv)
    }

    /// The move written in this notation on any board: on 8×8 as [`Notation::write`]; on a
    /// numbered board (10×10) the squares' numbers, `32-28`, `28x19x10` (`28:19` in the
    /// colon style).
    pub fn write_on<B: Board>(self, mv: &MoveOn<B>) -> String {
        match self {
            Notation::Algebraic => algebraic::write(mv),
            Notation::Numeric if B::NUMBERED => algebraic::write(mv),
            Notation::Numeric => numeric::write_on(mv),
            Notation::AlgebraicColon => algebraic::write_with(mv, ':'),
            Notation::Numbered(board) => numbered::write(mv, board),
        }
    }

    /// A square as this notation writes it: `c3`, `63` (row and column), or `11`.
    pub fn write_square(self, sq: Square) -> String {
        self.square_name(sq)
    }

    /// A square as this notation writes it on any board: on 8×8 as
    /// [`Notation::write_square`]; on a numbered board (10×10) its number.
    pub fn square_name<B: Board>(self, sq: SquareOn<B>) -> String {
        match self {
            _ if B::NUMBERED => sq.number().to_string(),
            Notation::Algebraic | Notation::AlgebraicColon => sq.to_string(),
            Notation::Numeric => {
                let (row, col) = numeric::row_col(sq);
                format!("{row}{col}")
            }
            Notation::Numbered(board) => board.number(sq).to_string(),
        }
    }

    /// Reads a move written in this notation, in two steps: the text becomes squares
    /// ([`Notation::parse_text`]), which name one of the `legal` moves of `pos`
    /// ([`algebraic::resolve`]); the error says which step failed and why. Every notation
    /// reads algebraic squares too (`c3-d4` under the Spanish-spec rules as well as `63.54`).
    pub fn parse(self, text: &str, pos: &Position, legal: &[Move]) -> Result<Move, ParseError> {
        let syntax = self.parse_text(text)?;
        Ok(algebraic::resolve(&syntax, pos, legal)?)
    }

    /// Step 1 of [`Notation::parse`]: the squares a text names.
    pub fn parse_text(self, text: &str) -> Result<MoveText, SyntaxError> {
        self.parse_text_on::<Board8>(text)
    }

    /// Step 1 on any board: on 8×8 as [`Notation::parse_text`]; on a numbered board (10×10)
    /// the squares by their numbers, whatever the notation ([`algebraic::parse_numbers`]:
    /// `32-28`, `28x19x10`, `28:19`).
    pub fn parse_text_on<B: Board>(self, text: &str) -> Result<MoveText<B>, SyntaxError> {
        if B::NUMBERED {
            return algebraic::parse_numbers(text);
        }
        match self {
            Notation::Algebraic | Notation::AlgebraicColon => algebraic::parse_text_on(text),
            Notation::Numeric => match algebraic::parse_text_on(text) {
                Ok(syntax) => Ok(syntax),
                Err(_) => numeric::move_text_on(text),
            },
            Notation::Numbered(board) => numbered::parse_text(text, board),
        }
    }

    /// Moves written in this notation in their order, joined by `, `.
    pub fn write_each(self, moves: &[Move]) -> String {
        let texts: Vec<String> = moves.iter().map(|mv| self.write(mv)).collect();
        texts.join(", ")
    }

    /// Moves written in this notation, sorted (square numbers as numbers) and joined by `, `.
    pub fn write_list(self, moves: &[Move]) -> String {
        let mut texts: Vec<String> = moves.iter().map(|mv| self.write(mv)).collect();
        crate::text::sort_natural(&mut texts);
        texts.join(", ")
    }
}
