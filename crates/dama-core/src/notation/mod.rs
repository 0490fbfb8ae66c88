//! Writing and reading moves as text.
//!
//! Each rule set names its [`Notation`]: the Czech rules use algebraic squares (`c3-d4`,
//! `c3xe5xg7`, module [`algebraic`]), the Spanish-spec rules the console's row-column numbers
//! (`61.52`, `63.45.27`, module [`numeric`]). Reading is done in two steps: the text becomes a
//! syntax value (squares and separators), then that value is matched against the legal moves
//! of the position.

pub mod algebraic;
pub mod numeric;

use crate::Move;

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
}

impl Notation {
    /// The move written in this notation.
    pub fn write(self, mv: &Move) -> String {
        match self {
            Notation::Algebraic => algebraic::write(mv),
            Notation::Numeric => numeric::write(mv),
            Notation::AlgebraicColon => algebraic::write_with(mv, ':'),
        }
    }

    /// Moves written in this notation, sorted as text and joined by `, `.
    pub fn write_list(self, moves: &[Move]) -> String {
        let mut texts: Vec<String> = moves.iter().map(|mv| self.write(mv)).collect();
        texts.sort();
        texts.join(", ")
    }
}
