//! Brazilian draughts (`brazilian`): the international rules on the 8×8 board, as the
//! Confederação Brasileira de Damas plays them.
//!
//! White moves first; men move forward and capture forward and backward; kings fly; capture
//! is compulsory and finished and must take the most pieces; a man that reaches the last row
//! during a capture goes on as a man if it can take more, and is crowned only if the capture
//! ends there. Draws, as the FMJD's: threefold repetition, twenty-five moves each with only
//! kings moved and no capture, and the counts of the small endings against a lone king. See
//! `docs/rules.md`.

use super::generate::{self, LastRow, ParamRules, Params, Precedence};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo, material};
use crate::Position;
use crate::notation::Notation;

/// The Brazilian rule set (damas brasileiras).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Brazilian;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "brazilian",
    summary: "the Brazilian rules",
    pdn_game_type: 26,
    pdn_variant: None,
    lang: "pt",
    notation: Notation::AlgebraicColon,
};

/// Half-moves with only kings moved and no capture that draw (twenty-five moves each).
pub const NO_PROGRESS_PLIES: u16 = 50;
/// Half-moves allowed for three pieces, one at least a king, against a lone king (sixteen
/// moves each).
pub const THREE_PIECE_PLIES: u16 = 32;
/// Half-moves allowed for two pieces or one, with a king, against a lone king (five moves
/// each).
pub const TWO_PIECE_PLIES: u16 = 10;

impl ParamRules for Brazilian {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        man_captures_backward: true,
        last_row: LastRow::PassesAsMan,
        precedence: Precedence::MostPieces,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

/// The FMJD small-ending counts: a lone king against three pieces (at least one a king) is
/// drawn after sixteen moves each, against two pieces or one (with a king) after five.
pub(super) fn lone_king_limit<B: crate::Board>(pos: &crate::PositionOn<B>) -> Option<u16> {
    let [wm, wk, bm, bk] = material(pos);
    let strong = match ((wm, wk), (bm, bk)) {
        (s, (0, 1)) => s,
        ((0, 1), s) => s,
        _ => return None,
    };
    match strong {
        (0, 3) | (1, 2) | (2, 1) => Some(THREE_PIECE_PLIES),
        (0, 1) | (0, 2) | (1, 1) => Some(TWO_PIECE_PLIES),
        _ => None,
    }
}

/// The FMJD's counted draws: a small ending's count ran out ([`lone_king_limit`]), or
/// twenty-five moves each with only kings moved and nothing taken.
pub(super) fn fmjd_counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
    counters
        .ending_draw()
        .or_else(|| (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress))
}

impl BoardRules for Brazilian {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn ending_limit(pos: &Position) -> Option<u16> {
        lone_king_limit(pos)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        fmjd_counters_draw(counters)
    }
}
