//! The numbered notation of the English, Italian, Spanish, pool and Thai federations' PDN:
//! `11-15` for a plain move, `15x24x31` for a capture with each landing square, the squares
//! numbered 1–32 on the board as it lies ([`Orientation`]). Algebraic squares are read too,
//! named as the players see that board (`c3-d4` on the a1-dark one, `b3-a4` on the mirrored
//! one).

use std::sync::LazyLock;

use regex::Regex;

use super::algebraic::{self, MoveText, SyntaxError};
use crate::board::Board;
use crate::mv::MoveOn;
use crate::square::Orientation;
use crate::square::SquareOn;

/// `mv` in numbered notation on `board`: `11-15`, `15x24x31`.
pub fn write<B: Board>(mv: &MoveOn<B>, board: Orientation) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    let mut text = board.number(mv.from()).to_string();
    for &sq in mv.path() {
        text.push(sep);
        text.push_str(&board.number(sq).to_string());
    }
    text
}

static MOVE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:\d{1,2}|[a-h][1-8])(?:\s*[-x:]\s*(?:\d{1,2}|[a-h][1-8]))+$")
        .expect("valid regex")
});
static SQUARE_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\d{1,2}|[a-h][1-8]").expect("valid regex"));

/// One square as written on `board`: its number 1–32, or its algebraic name there.
pub fn square<B: Board>(text: &str, board: Orientation) -> Result<SquareOn<B>, SyntaxError> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_digit) {
        return lower
            .parse::<u8>()
            .ok()
            .and_then(|n| board.from_number(n))
            .ok_or_else(|| SyntaxError::Unreadable(crate::text::excerpt(text)));
    }
    match bytes {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => board
            .square(f - b'a', r - b'1')
            .ok_or(SyntaxError::LightSquare(lower)),
        _ => Err(SyntaxError::Unreadable(crate::text::excerpt(text))),
    }
}

/// Reads `11-15`, `15x24`, `15:24`, `15x24x31` (or the same with algebraic squares).
pub fn parse_text<B: Board>(text: &str, board: Orientation) -> Result<MoveText<B>, SyntaxError> {
    let text = text.trim();
    if !MOVE_RE.is_match(text) {
        return Err(SyntaxError::Unreadable(crate::text::excerpt(text)));
    }
    let squares = SQUARE_RE
        .find_iter(text)
        .map(|m| square(m.as_str(), board))
        .collect::<Result<Vec<_>, _>>()?;
    let capture = algebraic::separators(text)?;
    Ok(MoveText { squares, capture })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::algebraic::ParseError;
    use crate::rules::{English, Italian};
    use crate::{MoveList, Rules};

    fn read<R: Rules>(text: &str, board: Orientation) -> Result<String, ParseError> {
        let pos = R::start();
        let mut legal = MoveList::new();
        R::legal_moves(&pos, &mut legal);
        super::super::Notation::Numbered(board)
            .parse(text, &pos, &legal)
            .map(|mv| write(&mv, board))
    }

    #[test]
    fn english_and_italian_openings() {
        let a1 = Orientation::A1Dark;
        assert_eq!(read::<English>("11-15", a1).unwrap(), "11-15");
        assert_eq!(read::<English>("f6-e5", a1).unwrap(), "11-15");
        assert!(matches!(
            read::<English>("11-14", a1),
            Err(ParseError::Move(_))
        ));
        let m = Orientation::Mirrored;
        // Italian 21 (b3) has two moves, 24 (h3) one.
        assert_eq!(read::<Italian>("21-17", m).unwrap(), "21-17");
        assert_eq!(read::<Italian>("b3-c4", m).unwrap(), "21-18");
        assert_eq!(read::<Italian>("24-20", m).unwrap(), "24-20");
        assert!(matches!(
            read::<Italian>("a3-b4", m),
            Err(ParseError::Syntax(SyntaxError::LightSquare(_)))
        ));
        assert!(matches!(
            read::<Italian>("33-29", m),
            Err(ParseError::Syntax(SyntaxError::Unreadable(_)))
        ));
    }
}
