//! Positions as FEN text, as in PDN: `W:Wa1,c1,Kd4:Bb8,Ke5`.
//!
//! The side to move, then each side's pieces after its colour letter; `K` marks a king.
//! Squares are read algebraically (`d4`) or by PDN number (`18`, and ranges such as `1-12`);
//! on 8×8 they are written algebraically, ordered by file and then rank; on 10×10 by number,
//! in ascending order (`W:W31,32,…:B1,2,…`), as the international game writes them.

use std::fmt::Write;

use crate::bitboard::BitboardOn;
use crate::board::{Board, Board8};
use crate::position::{PositionOn, SetupError, SetupOn};
use crate::square::{SquareError, SquareOn};
use crate::text::excerpt;
use crate::{Color, Position};

/// Why a text is not a FEN position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError<B: Board = Board8> {
    /// Nothing but white space.
    #[error("the FEN is empty")]
    Empty,
    /// The text does not have the three `:`-separated fields.
    #[error("the FEN must have three fields separated by ':' (like {example}), found {0}", example = example::<B>())]
    FieldCount(usize),
    /// The side to move is not `W` or `B`.
    #[error("the side to move must be W or B, not '{0}'")]
    BadTurn(String),
    /// A piece list does not start with `W` or `B`.
    #[error("a piece list must start with W or B: '{0}'")]
    BadColour(String),
    /// Both piece lists are for the same colour.
    #[error("the pieces of {0} are given twice")]
    ColourTwice(&'static str),
    /// A square that cannot be read.
    #[error("bad square '{text}': {reason}")]
    BadSquare {
        /// The text of the square.
        text: String,
        /// What is wrong with it.
        reason: SquareError,
    },
    /// A range of numbers that is not `low-high` with `low <= high`.
    #[error("bad square range '{0}'")]
    BadRange(String),
    /// A square given twice.
    #[error("square {0} is given twice")]
    SquareTwice(SquareOn<B>),
    /// The pieces do not form a position.
    #[error("{0}")]
    Setup(#[from] SetupError<B>),
    /// The field of the kings' plain moves in a row (Frisian, as lidraughts writes it:
    /// `+<count><square>+<count><square>`, black's first) cannot be read, or names no king of
    /// its side.
    #[error(
        "bad count of a king's moves in a row '{0}' (like +0+205: black's count, then white's, each followed by its king's square)"
    )]
    BadKingMoves(String),
}

/// A short FEN of the board `B`, for messages: `W:Wa1,c3:Bf6` on 8×8, `W:W31-50:B1-20` on a
/// numbered board (10×10).
fn example<B: Board>() -> &'static str {
    if B::NUMBERED {
        "W:W31-50:B1-20"
    } else {
        "W:Wa1,c3:Bf6"
    }
}

fn parse_color(text: &str) -> Option<Color> {
    match text {
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Reads the squares of one side into `pieces` and `kings`.
fn parse_squares<B: Board>(
    list: &str,
    pieces: &mut BitboardOn<B>,
    kings: &mut BitboardOn<B>,
    seen: &mut BitboardOn<B>,
) -> Result<(), FenError<B>> {
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (king, name) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest.trim()),
            None => (false, item),
        };
        let squares: Vec<SquareOn<B>> = match name.split_once('-') {
            Some((lo, hi)) => {
                let (Ok(lo), Ok(hi)) = (lo.trim().parse::<u8>(), hi.trim().parse::<u8>()) else {
                    return Err(FenError::BadRange(excerpt(item)));
                };
                if lo == 0 || lo > hi || hi > B::SQUARES {
                    return Err(FenError::BadRange(excerpt(item)));
                }
                (lo..=hi).filter_map(SquareOn::from_number).collect()
            }
            None => vec![
                SquareOn::parse_any(name).map_err(|reason| FenError::BadSquare {
                    text: excerpt(name),
                    reason,
                })?,
            ],
        };
        for sq in squares {
            if seen.contains(sq) {
                return Err(FenError::SquareTwice(sq));
            }
            *seen = seen.with(sq);
            *pieces = pieces.with(sq);
            if king {
                *kings = kings.with(sq);
            }
        }
    }
    Ok(())
}

/// Reads a position of the 8×8 board from FEN.
pub fn parse(text: &str) -> Result<Position, FenError> {
    parse_on::<Board8>(text)
}

/// Reads a position of the board `B` from FEN.
pub fn parse_on<B: Board>(text: &str) -> Result<PositionOn<B>, FenError<B>> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let fields: Vec<&str> = text.split(':').map(str::trim).collect();
    if fields.len() != 3 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let turn = parse_color(fields[0]).ok_or_else(|| FenError::BadTurn(excerpt(fields[0])))?;
    let mut setup = SetupOn::<B> {
        turn: Some(turn),
        ..SetupOn::default()
    };
    let mut given = [false; 2];
    let mut seen = BitboardOn::EMPTY;
    for field in &fields[1..] {
        let mut chars = field.chars();
        let color = chars
            .next()
            .and_then(|c| parse_color(c.encode_utf8(&mut [0; 4])))
            .ok_or_else(|| FenError::BadColour(excerpt(field)))?;
        if given[color.index()] {
            return Err(FenError::ColourTwice(match color {
                Color::White => "white",
                Color::Black => "black",
            }));
        }
        given[color.index()] = true;
        let pieces = match color {
            Color::White => &mut setup.white,
            Color::Black => &mut setup.black,
        };
        parse_squares(chars.as_str(), pieces, &mut setup.kings, &mut seen)?;
    }
    Ok(PositionOn::from_setup(&setup)?)
}

/// Writes a position as FEN: on 8×8 with algebraic squares, e.g. `W:Wa1,c1,Kd4:Bb8,Ke5`; on
/// 10×10 with numbers, e.g. `W:W31,K32:B1,2`.
pub fn write<B: Board>(pos: &PositionOn<B>) -> String {
    let mut text = String::new();
    text.push(match pos.turn() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        text.push(':');
        text.push(letter);
        let mut squares: Vec<SquareOn<B>> = pos.pieces(color).squares().collect();
        if B::NUMBERED {
            squares.sort_by_key(|sq| sq.number());
        } else {
            squares.sort_by_key(|sq| (sq.file(), sq.rank()));
        }
        for (i, sq) in squares.into_iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            if pos.all_kings().contains(sq) {
                text.push('K');
            }
            let _ = write!(text, "{sq}");
        }
    }
    text
}

/// A position shows as its FEN (`{}`: `W:Wa1,c1:Bb8`; `{:?}`: `Position(W:Wa1,c1:Bb8)`).
impl<B: Board> std::fmt::Display for PositionOn<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write(self))
    }
}

impl<B: Board> std::fmt::Debug for PositionOn<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", write(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_the_example() {
        let pos = parse("W:Wa1,c1,Kd4:Bb8,Ke5").unwrap();
        assert_eq!(write(&pos), "W:Wa1,c1,Kd4:Bb8,Ke5");
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(pos.kings(Color::Black).count(), 1);
    }

    #[test]
    fn numbers_and_ranges() {
        let pos = parse("B:W21-32:B1-12").unwrap();
        assert_eq!(
            pos.to_setup(),
            Position::initial().with_turn(Color::Black).to_setup()
        );
        assert_eq!(
            write(&Position::initial()),
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
        );
        assert_eq!(parse("W:W29:BK1").unwrap().to_string(), "W:Wa1:BKb8");
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse("  "), Err(FenError::Empty));
        assert_eq!(parse("W:Wa1"), Err(FenError::FieldCount(2)));
        assert_eq!(parse("X:Wa1:Bb8"), Err(FenError::BadTurn("X".into())));
        assert_eq!(parse("W:Wa1:Wb8"), Err(FenError::ColourTwice("white")));
        assert_eq!(
            parse("W:Wa1,a1:Bb8"),
            Err(FenError::SquareTwice("a1".parse().unwrap()))
        );
        assert_eq!(
            parse("W:Wa1:Ba1"),
            Err(FenError::SquareTwice("a1".parse().unwrap()))
        );
        assert!(matches!(
            parse("W:Wb1:Bb8"),
            Err(FenError::BadSquare {
                reason: SquareError::Light(_),
                ..
            })
        ));
        assert!(matches!(
            parse("W:Wz9:Bb8"),
            Err(FenError::BadSquare { .. })
        ));
        assert!(matches!(
            parse("W:Wb8:Bd8"),
            Err(FenError::Setup(SetupError::ManOnCrowningRank { .. }))
        ));
        assert!(parse("W:WKb8:Ba1").is_err());
        assert!(parse("W:WKb8:BKa1").is_ok());
        assert!(matches!(parse("W:W5-2:B1"), Err(FenError::BadRange(_))));
    }
}
