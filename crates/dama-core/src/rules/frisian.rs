//! Frisian draughts (`frisian`) and Frysk! (`frysk`, also read as `frysk!`), on the 10×10
//! board.
//!
//! The articles are those of the "Official Rules for Frisian Draughts" (2011), the rules the
//! Frisian draughts federation (Fryske Dambûn) plays; `docs/rules.md` gives each with where
//! it was read and where other programs differ. Twenty men a side on the international start
//! squares, white first, men step diagonally forward and are crowned on the far row, kings
//! fly along the diagonals, as in international draughts. What is Frisian:
//!
//! - Men and kings capture along ranks and files too: a man over the next dark square of
//!   its rank or file (two squares away) to the one beyond, a king over a piece at any
//!   distance along a free rank or file, landing on any free square beyond it. Men capture
//!   backward as well. Plain moves stay diagonal. ([`Params::orthogonal`].)
//! - The capture of the most value must be played (Art. 11): a king is worth more than one
//!   man and less than two, k kings less than 2k men and more than 2k − 1
//!   ([`Precedence::MostValue`]); at equal value a capture by a king must be played
//!   (Art. 12). Among the rest the player chooses.
//! - A player with kings and men may make at most three plain moves in a row with one king
//!   (Art. 17); a capture, or a move of another piece, lifts the bar. The position keeps the
//!   count ([`PositionOn::king_moves`]), so that the hashes and repetitions see it, and the
//!   FEN carries it as lidraughts writes it (`:+<count><square>+<count><square>`, black's
//!   first).
//! - Draws (Art. 18, 21.1): two kings against one are drawn after seven moves each; one king
//!   against one after two moves each, as lidraughts and pydraughts count the article's
//!   "at once, unless a capture is available or forced next move". The rules have no
//!   repetition draw and no count of moves without progress, and neither has lidraughts.
//!
//! Frysk! (lidraughts' variant) is Frisian from five men each on the back row (white on
//! 46–50, black on 1–5); lidraughts writes its games with `GameType` 97.

use super::generate::{self, LastRow, ParamRules, Params, Precedence};
use super::{BoardRules, DrawCounters, DrawReason, International, RuleSetInfo, material};
use crate::board::Board10;
use crate::fen::FenError;
use crate::notation::Notation;
use crate::position::{Color, PositionOn};
use crate::square::SquareOn;
use crate::text::excerpt;

/// Frisian draughts (the Fryske Dambûn's rules of 2011).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frisian;

/// Frysk!: Frisian draughts from five men each on the back row.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frysk;

/// The constants that identify Frisian draughts.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "frisian",
    summary: "Frisian draughts: captures along ranks and files too, the most value first",
    pdn_game_type: 40,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Algebraic,
};

/// The constants that identify Frysk!.
pub const FRYSK_INFO: RuleSetInfo = RuleSetInfo {
    // lidraughts, pydraughts and the Hub call it `frysk!`, which the registry reads too
    // (`Variant::ALIASES`); the name without the mark is easier in a shell and a file name.
    name: "frysk",
    summary: "Frisian draughts from five men each on the back row",
    pdn_game_type: 97,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Algebraic,
};

/// The most plain moves in a row of one king while its side has men (Art. 17).
pub const KING_MOVE_LIMIT: u8 = 3;
/// Half-moves allowed to two kings against one (Art. 18: seven moves each).
pub const TWO_KINGS_PLIES: u16 = 14;
/// Half-moves allowed to one king against one (Art. 21.1, as lidraughts counts it: two
/// moves each).
pub const ONE_KING_PLIES: u16 = 4;

impl ParamRules for Frisian {
    type Board = Board10;
    const PARAMS: Params = Params {
        man_captures_backward: true,
        last_row: LastRow::PassesAsMan,
        precedence: Precedence::MostValue,
        orthogonal: true,
        king_move_limit: KING_MOVE_LIMIT,
        ..International::PARAMS
    };
}

/// Frisian's knobs with one row of men each; the moves are Frisian's compiled generator
/// (below).
impl ParamRules for Frysk {
    type Board = Board10;
    const PARAMS: Params = Params {
        start_rows: 1,
        ..Frisian::PARAMS
    };
}

/// The ending counts: two kings against one, one king against one.
fn kings_ending_limit(pos: &PositionOn<Board10>) -> Option<u16> {
    match material(pos) {
        [0, 2, 0, 1] | [0, 1, 0, 2] => Some(TWO_KINGS_PLIES),
        [0, 1, 0, 1] => Some(ONE_KING_PLIES),
        _ => None,
    }
}

/// Reads a Frisian FEN: the three fields of every FEN, then optionally lidraughts' fields,
/// `H<n>` and `F<n>` (its move counters, which the draw rules here do not need) and the
/// kings' plain moves in a row, `+<count><square>+<count><square>` (black's first; a count of
/// 0 with any square, or with none, for no count).
fn parse_frisian_fen(text: &str) -> Result<PositionOn<Board10>, FenError<Board10>> {
    let trimmed = text.trim();
    let trimmed = trimmed.strip_suffix('.').unwrap_or(trimmed).trim();
    let mut fields: Vec<&str> = trimmed.split(':').collect();
    let mut king_moves = None;
    while fields.len() > 3 {
        let last = fields[fields.len() - 1].trim();
        let counter = |prefix: char| {
            last.strip_prefix(prefix)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        if last.starts_with('+') && king_moves.is_none() {
            king_moves = Some(last);
        } else if !(counter('H') || counter('F')) {
            break;
        }
        fields.pop();
    }
    let pos = crate::notation::fen_for::parse::<Board10>(&fields.join(":"), INFO.notation)?;
    match king_moves {
        None => Ok(pos),
        Some(field) => with_king_moves_field(pos, field),
    }
}

/// `pos` with the kings' plain moves of lidraughts' field `+<count><square>+<count><square>`.
fn with_king_moves_field(
    pos: PositionOn<Board10>,
    field: &str,
) -> Result<PositionOn<Board10>, FenError<Board10>> {
    let bad = || FenError::BadKingMoves(excerpt(field));
    let parts: Vec<&str> = field.split('+').collect();
    let [first, black, white] = parts[..] else {
        return Err(bad());
    };
    if !first.is_empty() {
        return Err(bad());
    }
    let mut pos = pos;
    for (color, part) in [(Color::Black, black), (Color::White, white)] {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let count = part.as_bytes()[0] - b'0';
        let square = &part[1..];
        let counted = match count {
            0 => None,
            1..=3 => {
                let king = square
                    .parse::<u8>()
                    .ok()
                    .and_then(SquareOn::<Board10>::from_number)
                    .filter(|&sq| pos.kings(color).contains(sq))
                    .ok_or_else(bad)?;
                Some((king, count))
            }
            _ => return Err(bad()),
        };
        pos = pos.with_king_moves(color, counted);
    }
    Ok(pos)
}

/// A Frisian FEN: lidraughts' field of the kings' plain moves follows the three fields when
/// a count runs (`W:W…:B…:+0+205`), else the three fields alone.
fn write_frisian_fen(pos: &PositionOn<Board10>) -> String {
    let mut text = crate::notation::fen_for::write(pos, INFO.notation);
    if pos.king_moves(Color::White).is_some() || pos.king_moves(Color::Black).is_some() {
        text.push(':');
        for color in [Color::Black, Color::White] {
            match pos.king_moves(color) {
                Some((king, count)) => text.push_str(&format!("+{count}{:02}", king.number())),
                None => text.push_str("+0"),
            }
        }
    }
    text
}

/// The hooks of [`BoardRules`] that Frisian and Frysk! share: the FEN with the kings' counts,
/// the ending counts and their draw.
macro_rules! frisian_hooks {
    () => {
        fn parse_fen(text: &str) -> Result<PositionOn<Board10>, FenError<Board10>> {
            parse_frisian_fen(text)
        }

        fn write_fen(pos: &PositionOn<Board10>) -> String {
            write_frisian_fen(pos)
        }

        fn ending_limit(pos: &PositionOn<Board10>) -> Option<u16> {
            kings_ending_limit(pos)
        }

        fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
            // The Frisian draws: an ending's count ran out.
            counters.ending_draw()
        }
    };
}

impl BoardRules for Frisian {
    const INFO: RuleSetInfo = INFO;

    generate::moves_from_params!();

    frisian_hooks!();
}

impl BoardRules for Frysk {
    const INFO: RuleSetInfo = FRYSK_INFO;

    // Frisian's compiled generator, from five men each on the back row: white on 46–50,
    // black on 1–5 (`Frysk::PARAMS`), white first.
    generate::moves_from_params!(Frisian, start: Frysk);

    frisian_hooks!();
}
