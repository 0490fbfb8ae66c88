//! The official Czech rules (`../shared/spec/rules-czech.md`).
//!
//! Capture is compulsory and a king must capture rather than a man; a capture sequence is
//! finished, a king landing where it can go on capturing; routes with the same start, end and
//! captured pieces are one move. Draws: threefold repetition, fifteen moves each without a man
//! move or capture, and the king-ending counts (see `docs/rules.md`).

use super::generate::{self, ParamRules, Params, Precedence};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo, material};
use crate::notation::Notation;
use crate::{Bitboard, Color, Position};

/// The Czech rule set (česká dáma).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Czech;

/// Half-moves without a man move or capture that draw the game (15 moves each).
pub const NO_PROGRESS_PLIES: u16 = 30;
/// Half-moves allowed in three kings against a lone king off the main diagonal.
pub const LONG_ENDING_PLIES: u16 = 30;
/// Half-moves allowed in the other limited endings.
pub const SHORT_ENDING_PLIES: u16 = 10;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "czech",
    summary: "the official Czech rules",
    pdn_game_type: 29,
    pdn_variant: None,
    notation: Notation::Algebraic,
    lang: "cs",
};

impl ParamRules for Czech {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        precedence: Precedence::KingsFirst,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for Czech {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    /// The half-moves allowed for the ending of `pos`, if its material is a limited ending.
    fn ending_limit(pos: &Position) -> Option<u16> {
        let [wm, wk, bm, bk] = material(pos);
        // Normalise so that "strong" is the side with more pieces.
        let (strong_men, strong_kings, weak_men, weak_kings, weak) = if wm + wk >= bm + bk {
            (wm, wk, bm, bk, Color::Black)
        } else {
            (bm, bk, wm, wk, Color::White)
        };
        if weak_men != 0 || weak_kings != 1 {
            return None;
        }
        match (strong_kings, strong_men) {
            (3, 0) => {
                let lone_on_diagonal = (pos.kings(weak) & Bitboard::MAIN_DIAGONAL).any();
                Some(if lone_on_diagonal {
                    SHORT_ENDING_PLIES
                } else {
                    LONG_ENDING_PLIES
                })
            }
            (1 | 2, 0) | (1, 1) => Some(SHORT_ENDING_PLIES),
            _ => None,
        }
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        counters.ending_draw().or_else(|| {
            (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
        })
    }
}
