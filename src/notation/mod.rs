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
pub mod pdn;

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
    /// `11-15`, `15x24`: the squares' numbers 1–32 on a board lying as given, `-` for a plain
    /// move, `x` before each landing square of a capture (the PDN of the English, Italian,
    /// Spanish, pool and Thai federations; module [`numbered`]).
    Numbered(crate::rules::Orientation),
}

impl Notation {
    /// The move written in this notation.
    pub fn write(self, mv: &Move) -> String {
        match self {
            Notation::Algebraic => algebraic::write(mv),
            Notation::Numeric => numeric::write(mv),
            Notation::AlgebraicColon => algebraic::write_with(mv, ':'),
            Notation::Numbered(board) => numbered::write(mv, board),
        }
    }

    /// The legal move (one of `legal`, the legal moves of `pos`) that `text` names in this
    /// notation: numbered sets through [`numbered::parse`], the others algebraically.
    pub fn parse(
        self,
        text: &str,
        pos: &crate::Position,
        legal: &[Move],
    ) -> Result<Move, algebraic::ParseError> {
        match self {
            Notation::Numbered(board) => numbered::parse(text, board, pos, legal),
            _ => algebraic::parse(text, pos, legal),
        }
    }

    /// Moves written in this notation, sorted as text and joined by `, `.
    pub fn write_list(self, moves: &[Move]) -> String {
        let mut texts: Vec<String> = moves.iter().map(|mv| self.write(mv)).collect();
        texts.sort();
        texts.join(", ")
    }
}

/// The longest piece of outside text (a file, a FEN, a typed line) quoted in a message, in
/// characters.
const EXCERPT_CHARS: usize = 40;

/// `text` as a message may quote it: control characters escaped (`\u{0}`), cut to at most
/// [`EXCERPT_CHARS`] characters (counted after escaping) with `…` after a cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        let piece: String = if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        };
        written += piece.chars().count();
        if written > EXCERPT_CHARS {
            out.push('…');
            break;
        }
        out.push_str(&piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn excerpts_are_printable_and_short() {
        assert_eq!(excerpt("c3-d4"), "c3-d4");
        assert_eq!(excerpt("a\0b"), "a\\u{0}b");
        let long = excerpt(&"\0".repeat(1000));
        assert!(long.chars().count() <= 41 && long.ends_with('…'), "{long}");
        assert_eq!(excerpt(&"x".repeat(40)), "x".repeat(40));
        assert_eq!(excerpt(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
    }
}
