//! The Spanish console's numeric notation: `61.52`, `63.45.27`.
//!
//! A coordinate is two digits, row then column, row 1 at the top (black's side): `81` is a1,
//! `12` is b8. Writing joins the coordinates of a move with `.`. Reading follows
//! `../shared/spec/spanish-console.md` in two steps:
//!
//! 1. [`parse_text`]: the line becomes its list of coordinates, or the syntax error that the
//!    specification answers first (not understood, not a coordinate, too many hops);
//! 2. [`check_move`]: the coordinates are checked hop by hop against the position, in the
//!    specification's order, giving the move (its path and captured pieces) or the first rule
//!    it breaks.
//!
//! Every error is one [`NumericError`]; the console's catalogue gives its exact text.

use std::fmt::Write;
use std::sync::LazyLock;

use regex::Regex;

use super::algebraic::{MoveText, SyntaxError};
use crate::board::Board;
use crate::mv::MAX_PATH;
use crate::mv::MoveOn;
use crate::square::SquareOn;
use crate::text::excerpt;
use crate::{Bitboard, Color, Move, Position, Role, Square};

/// The most coordinates a move may have (three hops).
pub const MAX_COORDINATES: usize = 4;

/// The console's row (1 at the top, black's side) and column (1 at the left) of `sq`, on any
/// board ([`Square::row_col`] on 8×8).
pub const fn row_col<B: Board>(sq: SquareOn<B>) -> (u8, u8) {
    (B::SIZE - sq.rank(), sq.file() + 1)
}

fn push_square<B: Board>(text: &mut String, sq: SquareOn<B>) {
    let (row, col) = row_col(sq);
    let _ = write!(text, "{row}{col}");
}

/// The move as its row-column coordinates joined by `.`: `61.52`, `63.45.27`.
pub fn write(mv: &Move) -> String {
    write_on(mv)
}

/// [`write`] on any board.
pub fn write_on<B: Board>(mv: &MoveOn<B>) -> String {
    let mut text = String::new();
    push_square(&mut text, mv.from());
    for &sq in mv.path() {
        text.push('.');
        push_square(&mut text, sq);
    }
    text
}

/// Why a line is not a move, in the order the specification checks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum NumericError {
    /// The line is not two or more two-digit coordinates joined by `.` or `,`.
    #[error("not understood")]
    Unreadable,
    /// A coordinate has a 0 or a 9.
    #[error("not a coordinate of the board")]
    NotACoordinate,
    /// More than four coordinates, or a hop of a multi-hop move that takes nothing.
    #[error("too many pieces taken in one move")]
    TooManyInMove,
    /// The first coordinate is an empty square.
    #[error("no piece to move")]
    NoPiece,
    /// The piece on the first coordinate belongs to the other side.
    #[error("not one of your pieces")]
    NotYours,
    /// A hop ends on an occupied square (or where it starts).
    #[error("the target is not empty")]
    NotEmpty,
    /// A hop is not along a diagonal.
    #[error("not along a diagonal")]
    NotDiagonal,
    /// A hop passes an own piece or a piece already taken, or a man's two-square hop
    /// passes no opposing piece.
    #[error("takes no opposing piece")]
    NoCapture,
    /// A man's hop goes backwards or sideways.
    #[error("not forward")]
    NotForward,
    /// A man's hop is longer than two squares.
    #[error("too far")]
    TooFar,
    /// A king's hop passes more than one opposing piece.
    #[error("too many pieces taken in one hop")]
    TooManyInHop,
}

/// A coordinate as typed: its row and column digits (0–9, so a bad digit can be reported).
pub type Coordinate = (u8, u8);

static SYNTAX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[0-9]{2}(?:[.,][0-9]{2})+$").expect("a valid pattern"));

/// Step 1: the coordinates of a typed line (surrounding white space ignored), or the first
/// syntax error: [`NumericError::Unreadable`], [`NumericError::NotACoordinate`] (a 0 or 9),
/// then [`NumericError::TooManyInMove`] (more than four coordinates).
pub fn parse_text(line: &str) -> Result<Vec<Coordinate>, NumericError> {
    let line = line.trim();
    if !SYNTAX.is_match(line) {
        return Err(NumericError::Unreadable);
    }
    let coords: Vec<Coordinate> = line
        .split(['.', ','])
        .map(|c| {
            let b = c.as_bytes();
            (b[0] - b'0', b[1] - b'0')
        })
        .collect();
    if coords
        .iter()
        .any(|&(r, c)| !(1..=8).contains(&r) || !(1..=8).contains(&c))
    {
        return Err(NumericError::NotACoordinate);
    }
    if coords.len() > MAX_COORDINATES {
        return Err(NumericError::TooManyInMove);
    }
    Ok(coords)
}

/// The squares strictly between two squares on one diagonal, as (row, column) pairs.
fn between((r0, c0): Coordinate, (r1, c1): Coordinate) -> impl Iterator<Item = Coordinate> {
    let dr: i8 = if r1 > r0 { 1 } else { -1 };
    let dc: i8 = if c1 > c0 { 1 } else { -1 };
    let steps = (r1 as i8 - r0 as i8).abs();
    (1..steps).map(move |k| ((r0 as i8 + k * dr) as u8, (c0 as i8 + k * dc) as u8))
}

/// Step 2: checks the coordinates (from [`parse_text`]) hop by hop against `pos`, as the
/// specification orders the checks, and returns the move they describe: its start, its path
/// and the pieces it takes.
///
/// The move is then one of the Spanish rules' legal moves; under other rules the caller must
/// still look it up among the legal moves.
pub fn check_move(pos: &Position, coords: &[Coordinate]) -> Result<Move, NumericError> {
    let us = pos.turn();
    // Light squares exist on the console's board but never hold a piece.
    let square = |(r, c): Coordinate| Square::from_row_col(r, c);
    let Some(&first) = coords.first() else {
        return Err(NumericError::Unreadable);
    };
    let Some(piece) = square(first).and_then(|sq| pos.piece_at(sq)) else {
        return Err(NumericError::NoPiece);
    };
    if piece.color != us {
        return Err(NumericError::NotYours);
    }
    let from = square(first).ok_or(NumericError::NoPiece)?;
    let ours = pos.pieces(us).without(from);
    let theirs = pos.pieces(!us);
    let mut taken = Bitboard::EMPTY;
    let mut path = [from; MAX_PATH];
    let mut every_hop_takes = true;
    let forward: i8 = match us {
        Color::White => -1,
        Color::Black => 1,
    };
    for (hop, pair) in coords.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let target = square(b);
        let occupied = a == b || target.is_some_and(|sq| (ours | theirs).contains(sq));
        if occupied {
            return Err(NumericError::NotEmpty);
        }
        let (dr, dc) = (b.0 as i8 - a.0 as i8, b.1 as i8 - a.1 as i8);
        if dr.abs() != dc.abs() {
            return Err(NumericError::NotDiagonal);
        }
        // On a diagonal every square is dark when the ends are, and light when they are.
        let mut opposing = Bitboard::EMPTY;
        for sq in between(a, b).filter_map(square) {
            if ours.contains(sq) || taken.contains(sq) {
                return Err(NumericError::NoCapture);
            }
            if theirs.contains(sq) {
                opposing = opposing.with(sq);
            }
        }
        match piece.role {
            Role::Man => {
                if dr.signum() != forward {
                    return Err(NumericError::NotForward);
                }
                if dr.abs() > 2 {
                    return Err(NumericError::TooFar);
                }
                if dr.abs() == 2 && opposing.is_empty() {
                    return Err(NumericError::NoCapture);
                }
            }
            Role::King => {
                if opposing.count() > 1 {
                    return Err(NumericError::TooManyInHop);
                }
            }
        }
        every_hop_takes &= opposing.any();
        taken |= opposing;
        // The target of a diagonal hop between dark squares is dark (it was checked empty).
        path[hop] = target.ok_or(NumericError::NotDiagonal)?;
    }
    let hops = coords.len() - 1;
    if hops > 1 && !every_hop_takes {
        return Err(NumericError::TooManyInMove);
    }
    Move::new(from, &path[..hops], taken).ok_or(NumericError::Unreadable)
}

/// Both steps: the move a typed line describes in `pos`, or the first error.
pub fn parse(pos: &Position, line: &str) -> Result<Move, NumericError> {
    check_move(pos, &parse_text(line)?)
}

/// Step 1 for the full dialogues: the coordinates as squares, to be matched against the legal
/// moves like algebraic ones (the Spanish spec's own checks are [`parse`]'s). A light square is
/// named as typed, by its row and column (`32`).
pub fn move_text(line: &str) -> Result<MoveText, SyntaxError> {
    move_text_on(line)
}

/// [`move_text`] on any board (rows counted from the top, as on 8×8).
pub fn move_text_on<B: Board>(line: &str) -> Result<MoveText<B>, SyntaxError> {
    let coords = parse_text(line).map_err(|_| SyntaxError::Unreadable(excerpt(line.trim())))?;
    let mut squares = Vec::with_capacity(coords.len());
    for (row, col) in coords {
        let on_board = (1..=B::SIZE).contains(&row) && (1..=B::SIZE).contains(&col);
        if !on_board {
            return Err(SyntaxError::Unreadable(excerpt(line.trim())));
        }
        match on_board
            .then(|| SquareOn::from_file_rank(col - 1, B::SIZE - row))
            .flatten()
        {
            Some(sq) => squares.push(sq),
            None => {
                // Named as typed, row and column (`62`), the notation of the game.
                return Err(SyntaxError::LightSquare(format!("{row}{col}")));
            }
        }
    }
    Ok(MoveText {
        squares,
        capture: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        crate::fen::parse(fen).unwrap()
    }

    #[test]
    fn syntax_errors_come_first() {
        use NumericError::*;
        assert_eq!(parse_text(""), Err(Unreadable));
        assert_eq!(parse_text("61"), Err(Unreadable));
        assert_eq!(parse_text("61-52"), Err(Unreadable));
        assert_eq!(parse_text("611.52"), Err(Unreadable));
        assert_eq!(parse_text("61.92"), Err(NotACoordinate));
        assert_eq!(parse_text("61.50.43.34.25.16"), Err(NotACoordinate));
        assert_eq!(parse_text("61.52.43.34.25"), Err(TooManyInMove));
        assert_eq!(parse_text(" 63.45,27 "), Ok(vec![(6, 3), (4, 5), (2, 7)]));
    }

    #[test]
    fn hops_are_checked_in_order() {
        use NumericError::*;
        let start = Position::initial();
        assert_eq!(parse(&start, "51.42"), Err(NoPiece));
        assert_eq!(parse(&start, "32.43"), Err(NotYours));
        assert_eq!(parse(&start, "61.61"), Err(NotEmpty));
        assert_eq!(parse(&start, "72.61"), Err(NotEmpty));
        assert_eq!(parse(&start, "61.53"), Err(NotDiagonal));
        assert_eq!(parse(&start, "72.54"), Err(NoCapture));
        assert_eq!(parse(&start, "61.43"), Err(NoCapture));
        assert_eq!(parse(&start, "61.34"), Err(NotEmpty));
        assert_eq!(parse(&pos("W:Wc3:Bh8"), "63.36"), Err(TooFar));
        assert_eq!(parse(&start, "61.52.41"), Err(TooManyInMove));
        let king = pos("W:WKa1:Bc3,d4");
        assert_eq!(parse(&king, "81.36"), Err(TooManyInHop));
        let back = pos("W:Wc3:Bb6");
        assert_eq!(parse(&back, "63.72"), Err(NotForward));
    }

    #[test]
    fn accepted_moves_are_legal() {
        let start = Position::initial();
        let mv = parse(&start, "61,52").unwrap();
        assert_eq!(write(&mv), "61.52");
        let chain = pos("W:Wc1:Bd2,d4,d6");
        let mv = parse(&chain, "83.65.43.25").unwrap();
        assert_eq!(mv.captured().count(), 3);
    }
}
