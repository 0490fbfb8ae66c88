//! FEN in a rule set's own numbering: the sets written in numbered notation read and write
//! their FEN by the numbers of their board (`B:W21,…,32:B1,…,12` for the English start, the
//! Italian numbers counted on the mirrored board); the others use [`crate::fen`] unchanged
//! (algebraic squares, or the PDN numbers of the a1-dark board).

use crate::board::Board;
use crate::fen::{self, FenError};
use crate::notation::{Notation, numbered};
use crate::square::{Orientation, SquareOn};
use crate::text::excerpt;
use crate::{Color, PositionOn};

/// The board whose numbers a FEN in `notation` uses, if it numbers its squares (the numbered
/// notations are 8×8 ones; a 10×10 rule set's FEN is [`crate::fen`]'s, with numbers).
const fn board_of(notation: Notation) -> Option<Orientation> {
    match notation {
        Notation::Numbered(board) => Some(board),
        _ => None,
    }
}

/// How the board of a rule set writing `notation` lies before the players (the a1-dark board
/// unless its notation numbers a mirrored one): [`BoardRules::orientation`](crate::BoardRules::orientation).
pub const fn orientation(notation: Notation) -> Orientation {
    match board_of(notation) {
        Some(board) => board,
        None => Orientation::A1Dark,
    }
}

/// Reads a FEN in the numbering of `notation` (squares by number or by algebraic name on its
/// board, and ranges such as `1-12`); on 10×10, [`fen::parse_on`] (numbers and ranges). A rule
/// set's own: [`BoardRules::parse_fen`](crate::BoardRules::parse_fen).
pub fn parse<B: Board>(text: &str, notation: Notation) -> Result<PositionOn<B>, FenError<B>> {
    match board_of(notation) {
        None | Some(Orientation::A1Dark) => fen::parse_on::<B>(text),
        Some(board) => fen::parse_on::<B>(&translate::<B>(text, board)?),
    }
}

/// `pos` as FEN in the numbering of `notation`: numbers in increasing order for the numbered
/// notations (`W:W21,22,…:B1,…`), [`fen::write`] for the others (numbers on 10×10). A rule
/// set's own: [`BoardRules::write_fen`](crate::BoardRules::write_fen).
pub fn write<B: Board>(pos: &PositionOn<B>, notation: Notation) -> String {
    let Some(board) = board_of(notation) else {
        return fen::write(pos);
    };
    let mut text = String::from(match pos.turn() {
        Color::White => "W",
        Color::Black => "B",
    });
    for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        let mut squares: Vec<SquareOn<B>> = pos.pieces(color).squares().collect();
        squares.sort_by_key(|&sq| board.number(sq));
        let list: Vec<String> = squares
            .into_iter()
            .map(|sq| {
                let king = if pos.all_kings().contains(sq) {
                    "K"
                } else {
                    ""
                };
                format!("{king}{}", board.number(sq))
            })
            .collect();
        text.push(':');
        text.push(letter);
        text.push_str(&list.join(","));
    }
    text
}

/// The FEN `text` of the board `board` with its squares renamed as stored (algebraic), so
/// that [`fen::parse`] reads it.
fn translate<B: Board>(text: &str, board: Orientation) -> Result<String, FenError<B>> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut fields = Vec::new();
    for (i, field) in text.split(':').enumerate() {
        let field = field.trim();
        if i == 0 || field.is_empty() {
            fields.push(field.to_string());
            continue;
        }
        let (colour, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let mut names = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, name) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => ("K", rest.trim()),
                None => ("", item),
            };
            let numbers: Vec<u8> = match name.split_once('-') {
                Some((lo, hi)) => match (lo.trim().parse::<u8>(), hi.trim().parse::<u8>()) {
                    (Ok(lo), Ok(hi)) if lo >= 1 && lo <= hi && hi <= B::SQUARES => {
                        (lo..=hi).collect()
                    }
                    _ => return Err(FenError::BadRange(excerpt(item))),
                },
                None => {
                    let sq =
                        numbered::square::<B>(name, board).map_err(|e| FenError::BadSquare {
                            text: excerpt(name),
                            reason: crate::square::SquareError::Unreadable(e.to_string()),
                        })?;
                    names.push(format!("{king}{sq}"));
                    continue;
                }
            };
            for n in numbers {
                if let Some(sq) = board.from_number::<B>(n) {
                    names.push(format!("{king}{sq}"));
                }
            }
        }
        fields.push(format!("{colour}{}", names.join(",")));
    }
    Ok(fields.join(":"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardRules, Brazilian, English, Italian, Thai};

    #[test]
    fn numbering_as_pydraughts_writes_it() {
        // pydraughts 0.6.7: Board(variant="english").fen and variant="italian".
        assert_eq!(
            English::write_fen(&English::start()),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(
            Italian::write_fen(&Italian::start()),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(
            Brazilian::write_fen(&Brazilian::start()),
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
        );
        assert_eq!(
            Thai::write_fen(&Thai::start()),
            "W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8"
        );
    }

    #[test]
    fn italian_numbers_are_mirrored() {
        // Italian 21 is b3 on its board, stored as g3; 32 is h1, stored as a1.
        let pos = Italian::parse_fen("W:W21,K32:B1").unwrap();
        assert_eq!(fen::write(&pos), "W:WKa1,g3:Bh8");
        assert_eq!(Italian::write_fen(&pos), "W:W21,K32:B1");
        assert_eq!(
            Italian::parse_fen("W:W21-32:B1-12").unwrap(),
            Italian::start()
        );
        assert!(Italian::parse_fen("W:Wa1:B1").is_err(), "a1 is light there");
        assert_eq!(
            English::parse_fen("B:W21-32:B1-12").unwrap(),
            English::start()
        );
    }
}
