//! Algebraic move notation of the Czech rules: `c3-d4`, `c3xe5`, `c3xe5xg7`.
//!
//! Writing gives every landing square of a capture. Reading takes two steps:
//!
//! 1. [`parse_text`]: the typed text becomes a [`MoveText`] (its squares and how they were
//!    joined), or a [`SyntaxError`] that says why the text is not a move at all;
//! 2. [`resolve`]: the [`MoveText`] is matched against the legal moves of the position, giving
//!    the one [`Move`] it names or a [`MoveError`] that says why it is not legal there.
//!
//! [`parse`] does both and reports which step failed in a [`ParseError`].

use std::fmt::{self, Write};
use std::sync::LazyLock;

use regex::Regex;

use crate::board::{Board, Board8};
use crate::mv::MoveOn;
use crate::position::PositionOn;
use crate::square::{SquareError, SquareOn};
use crate::{Move, Position, Role};

/// The move as `c3-d4` (plain) or `c3xe5xg7` (a capture, every landing square in order); on
/// a numbered board (10×10) with the squares' numbers: `32-28`, `28x19x10`.
pub fn write<B: Board>(mv: &MoveOn<B>) -> String {
    write_with(mv, 'x')
}

/// The move as `c3-d4` (plain) or with `capture` before each landing square of a capture
/// (`c3:e5:g3` for `':'`).
pub fn write_with<B: Board>(mv: &MoveOn<B>, capture: char) -> String {
    let sep = if mv.is_capture() { capture } else { '-' };
    let mut text = mv.from().to_string();
    for sq in mv.path() {
        text.push(sep);
        let _ = write!(text, "{sq}");
    }
    text
}

/// Moves written in full, sorted (square numbers as numbers) and joined by `, `: `c3xa5, c3xe5`.
pub fn write_list<B: Board>(moves: &[MoveOn<B>]) -> String {
    let mut texts: Vec<String> = moves.iter().map(write).collect();
    crate::text::sort_natural(&mut texts);
    texts.join(", ")
}

/// A move as typed, before it is matched against the position: its squares in order and how
/// they were joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText<B: Board = Board8> {
    /// The start square, then every square given after it (at least one).
    pub squares: Vec<SquareOn<B>>,
    /// `Some(true)` when joined by `x` or `:`, `Some(false)` by `-`, `None` by spaces only.
    pub capture: Option<bool>,
}

/// Step 1 failed: the text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// The text is not squares joined by `-`, `x`, `:` or spaces.
    #[error("'{0}' is not a move (write it like c3-d4 or c3xe5)")]
    Unreadable(String),
    /// A square of the move is a light one, where no piece can stand.
    #[error("{0} is a light square")]
    LightSquare(String),
    /// Both `-` and `x` (or `:`) join the squares.
    #[error("'{0}' mixes '-' and 'x'")]
    MixedSeparators(String),
}

/// Step 2 failed: the move is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError<B: Board = Board8> {
    /// No piece stands on the start square.
    #[error("there is no piece on {0}")]
    NoPiece(SquareOn<B>),
    /// The piece on the start square belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(SquareOn<B>),
    /// The move does not capture, or captures wrongly, while a capture is compulsory.
    #[error("a capture is compulsory: {}", write_list(.0))]
    CaptureCompulsory(Vec<MoveOn<B>>),
    /// A man tried to capture while a king can: the king must.
    #[error("a king must capture: {}", write_list(.0))]
    KingMustCapture(Vec<MoveOn<B>>),
    /// The capture stops where it could go on; the listed captures finish it.
    #[error("the capture is not finished: {}", write_list(.0))]
    Unfinished(Vec<MoveOn<B>>),
    /// The square the piece would land on is occupied.
    #[error("{0} is occupied")]
    Occupied(SquareOn<B>),
    /// Start and end name more than one capture; the full paths tell them apart.
    #[error("that names more than one capture: {}", write_list(.0))]
    Ambiguous(Vec<MoveOn<B>>),
    /// Fewer than two squares were given.
    #[error("a move needs a start and a landing square")]
    TooShort,
    /// A move without a capture was given more than one step (`a1-b2-c3`).
    #[error("a move without a capture goes one step: give its start and landing squares")]
    OneStep,
    /// Nothing else explains it: the piece cannot move so.
    #[error("that is not a legal move for the piece on {0}")]
    NotLegal(SquareOn<B>),
}

/// Why a text is not a legal move: the step that failed and its reason. Displayed as its
/// reason; a text that is no move at all on a numbered board (10×10) is told to write its
/// squares by number (`32-28`, `28x19x10`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError<B: Board = Board8> {
    /// The text is not a move at all.
    Syntax(SyntaxError),
    /// The text is a move, but not a legal one here.
    Move(MoveError<B>),
}

impl<B: Board> fmt::Display for ParseError<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax(SyntaxError::Unreadable(text)) if B::NUMBERED => {
                write!(
                    f,
                    "'{text}' is not a move (write it like 32-28 or 28x19x10)"
                )
            }
            ParseError::Syntax(e) => fmt::Display::fmt(e, f),
            ParseError::Move(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl<B: Board> std::error::Error for ParseError<B> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::Syntax(e) => Some(e),
            ParseError::Move(e) => Some(e),
        }
    }
}

impl<B: Board> From<SyntaxError> for ParseError<B> {
    fn from(e: SyntaxError) -> Self {
        ParseError::Syntax(e)
    }
}

impl<B: Board> From<MoveError<B>> for ParseError<B> {
    fn from(e: MoveError<B>) -> Self {
        ParseError::Move(e)
    }
}

static MOVE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[a-h][1-8](?:(?:\s*[-x:]\s*|\s*)[a-h][1-8])+$").expect("valid regex")
});
static SQUARE_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)[a-h][1-8]").expect("valid regex"));

/// Step 1: reads `c3-d4`, `c3xe5`, `c3:e5`, `c3xe5xg7`, `c3 d4` or `c3d4`, in either case.
pub fn parse_text(text: &str) -> Result<MoveText, SyntaxError> {
    parse_text_on(text)
}

/// [`parse_text`] on any board named algebraically (the files a–h and ranks 1–8 of 8×8).
pub fn parse_text_on<B: Board>(text: &str) -> Result<MoveText<B>, SyntaxError> {
    let text = text.trim();
    if !MOVE_RE.is_match(text) {
        return Err(SyntaxError::Unreadable(crate::text::excerpt(text)));
    }
    let mut squares = Vec::new();
    for m in SQUARE_RE.find_iter(text) {
        let name = m.as_str().to_ascii_lowercase();
        match SquareOn::<B>::parse_algebraic(&name) {
            Ok(sq) => squares.push(sq),
            Err(SquareError::Light(_)) => return Err(SyntaxError::LightSquare(name)),
            Err(_) => return Err(SyntaxError::Unreadable(crate::text::excerpt(text))),
        }
    }
    let capture = separators(text)?;
    Ok(MoveText { squares, capture })
}

static NUMBERS_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\d{1,2}(?:(?:\s*[-x:]\s*|\s+)\d{1,2})+$").expect("valid regex")
});
static NUMBER_RE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d{1,2}").expect("valid regex"));

/// Step 1 on a numbered board (10×10): reads `32-28`, `28x19`, `28:19`, `28x19x10` or
/// `32 28`, the squares by their numbers (1–50).
pub fn parse_numbers<B: Board>(text: &str) -> Result<MoveText<B>, SyntaxError> {
    let text = text.trim();
    if !NUMBERS_RE.is_match(text) {
        return Err(SyntaxError::Unreadable(crate::text::excerpt(text)));
    }
    let squares = NUMBER_RE
        .find_iter(text)
        .map(|m| {
            m.as_str()
                .parse::<u8>()
                .ok()
                .and_then(SquareOn::from_number)
                .ok_or_else(|| SyntaxError::Unreadable(crate::text::excerpt(text)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let capture = separators(text)?;
    Ok(MoveText { squares, capture })
}

/// Both steps on a numbered board: the legal move that `text` (`32-28`, `28x19x10`) names.
pub fn parse_numbered<B: Board>(
    text: &str,
    pos: &PositionOn<B>,
    legal: &[MoveOn<B>],
) -> Result<MoveOn<B>, ParseError<B>> {
    let syntax = parse_numbers(text)?;
    Ok(resolve(&syntax, pos, legal)?)
}

/// How a move's squares are joined: `Some(true)` by `x` or `:`, `Some(false)` by `-`, `None`
/// by spaces only; both kinds is an error. The letters of algebraic squares are a-h, so an
/// `x` can only be a separator (numbered squares have no letters at all).
pub(crate) fn separators(text: &str) -> Result<Option<bool>, SyntaxError> {
    let lower = text.to_ascii_lowercase();
    let takes = lower.contains('x') || lower.contains(':');
    let plain = lower.contains('-');
    match (takes, plain) {
        (true, true) => Err(SyntaxError::MixedSeparators(crate::text::excerpt(text))),
        (true, false) => Ok(Some(true)),
        (false, true) => Ok(Some(false)),
        (false, false) => Ok(None),
    }
}

/// Step 2: the legal move (one of `legal`, the legal moves of `pos`) that `text` names.
///
/// A move given by all its landing squares matches the move with that path; a move given by
/// its start and end only matches when exactly one legal move has them. The separators are
/// not checked against the move: `c3-e5` names the capture `c3xe5` when it is the only move
/// from c3 to e5.
pub fn resolve<B: Board>(
    text: &MoveText<B>,
    pos: &PositionOn<B>,
    legal: &[MoveOn<B>],
) -> Result<MoveOn<B>, MoveError<B>> {
    let Some((&from, rest)) = text.squares.split_first() else {
        return Err(MoveError::TooShort);
    };
    let Some(&to) = rest.last() else {
        return Err(MoveError::TooShort);
    };
    let piece = pos.piece_at(from).ok_or(MoveError::NoPiece(from))?;
    if piece.color != pos.turn() {
        return Err(MoveError::NotYourPiece(from));
    }
    let exact: Vec<MoveOn<B>> = legal
        .iter()
        .filter(|m| m.from() == from && m.path() == rest)
        .copied()
        .collect();
    if exact.len() == 1 {
        return Ok(exact[0]);
    }
    if rest.len() == 1 {
        let ends: Vec<MoveOn<B>> = legal
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .copied()
            .collect();
        match ends.len() {
            0 => {}
            1 => return Ok(ends[0]),
            _ => return Err(MoveError::Ambiguous(ends)),
        }
    }
    let captures: Vec<MoveOn<B>> = legal.iter().filter(|m| m.is_capture()).copied().collect();
    if !captures.is_empty() {
        let unfinished: Vec<MoveOn<B>> = captures
            .iter()
            .filter(|m| {
                m.from() == from && m.path().len() > rest.len() && m.path().starts_with(rest)
            })
            .copied()
            .collect();
        if !unfinished.is_empty() {
            return Err(MoveError::Unfinished(unfinished));
        }
        let only_kings = captures
            .iter()
            .all(|m| pos.kings(pos.turn()).contains(m.from()));
        let first = rest[0];
        let jumps = from.file().abs_diff(first.file()) >= 2 || text.capture == Some(true);
        if piece.role == Role::Man && only_kings && jumps {
            return Err(MoveError::KingMustCapture(captures));
        }
        return Err(MoveError::CaptureCompulsory(captures));
    }
    if rest.len() > 1 && text.capture != Some(true) {
        return Err(MoveError::OneStep);
    }
    if to != from && pos.piece_at(to).is_some() {
        return Err(MoveError::Occupied(to));
    }
    Err(MoveError::NotLegal(from))
}

/// Both steps: the legal move that `text` names, `legal` being the legal moves of `pos`.
pub fn parse(text: &str, pos: &Position, legal: &[Move]) -> Result<Move, ParseError> {
    let syntax = parse_text(text)?;
    Ok(resolve(&syntax, pos, legal)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardRules, Czech, MoveList, fen};

    fn try_parse(fen_text: &str, text: &str) -> Result<String, ParseError> {
        let pos = fen::parse(fen_text).unwrap();
        let mut moves = MoveList::new();
        Czech::legal_moves(&pos, &mut moves);
        parse(text, &pos, &moves).map(|m| write(&m))
    }

    const START: &str =
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

    #[test]
    fn syntax() {
        for ok in [
            "c3-d4",
            "C3-D4",
            "c3 d4",
            "c3xe5",
            "c3:e5",
            " c3 x e5 x g7 ",
            "c3d4",
            "C3E5G7",
        ] {
            assert!(parse_text(ok).is_ok(), "{ok}");
        }
        assert_eq!(
            parse_text("c3d4").unwrap().squares,
            parse_text("c3-d4").unwrap().squares
        );
        for bad in [
            "", "c3", "c3-", "c3--d4", "z9-d4", "c3-d9", "hello", "c3d", "c3d44",
        ] {
            assert!(
                matches!(parse_text(bad), Err(SyntaxError::Unreadable(_))),
                "{bad}"
            );
        }
        assert_eq!(
            parse_text("c3-d3"),
            Err(SyntaxError::LightSquare("d3".into()))
        );
        assert!(matches!(
            parse_text("c3-e5xg7"),
            Err(SyntaxError::MixedSeparators(_))
        ));
    }

    #[test]
    fn plain_moves_and_errors() {
        assert_eq!(try_parse(START, "c3-d4").unwrap(), "c3-d4");
        assert_eq!(try_parse(START, "C3 D4").unwrap(), "c3-d4");
        let e = |t| try_parse(START, t).unwrap_err();
        assert!(matches!(
            e("c5-d6"),
            ParseError::Move(MoveError::NoPiece(_))
        ));
        assert!(matches!(
            e("f6-e5"),
            ParseError::Move(MoveError::NotYourPiece(_))
        ));
        assert!(matches!(
            e("b2-c3"),
            ParseError::Move(MoveError::Occupied(_))
        ));
        assert!(matches!(
            e("c3-c5"),
            ParseError::Move(MoveError::NotLegal(_))
        ));
    }

    #[test]
    fn captures() {
        let fen_text = "W:Wc3,e1:Bd4,f6";
        assert_eq!(try_parse(fen_text, "c3xg7").unwrap(), "c3xe5xg7");
        assert!(matches!(
            try_parse(fen_text, "c3xe5"),
            Err(ParseError::Move(MoveError::Unfinished(_)))
        ));
        assert_eq!(try_parse(fen_text, "c3:e5:g7").unwrap(), "c3xe5xg7");
        assert!(matches!(
            try_parse(fen_text, "e1-d2"),
            Err(ParseError::Move(MoveError::CaptureCompulsory(_)))
        ));
        assert!(matches!(
            try_parse(fen_text, "c3x"),
            Err(ParseError::Syntax(_))
        ));
        // King priority: the king on a1 must capture, not the man on g3.
        let fen_text = "W:WKa1,g3:Bc3,f4";
        let err = try_parse(fen_text, "g3xe5").unwrap_err();
        assert!(
            matches!(err, ParseError::Move(MoveError::KingMustCapture(_))),
            "{err:?}"
        );
    }
}
