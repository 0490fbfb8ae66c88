//! American pool checkers (`pool`): the rules of the American Pool Checkers Association.
//!
//! Black moves first (APCA Tournament Rules of Play, rule 7: "The first move must always be
//! made by the person having the black pieces"; Black's men start on 1–12, as in English
//! draughts); men move forward and capture forward and backward; kings fly, landing
//! where the capture can go on if some landing allows it; capture is compulsory and finished,
//! but any capture may be chosen; a man that reaches the last row during a capture goes on as
//! a man if it can take more, and is crowned only if the capture ends there. Draws: threefold
//! repetition and fifteen moves each without a man move or a capture. See `docs/rules.md`.

use super::generate::{self, LastRow, Orientation, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::Color;
use crate::notation::Notation;

/// The pool checkers rule set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pool;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "pool",
    summary: "American pool checkers",
    pdn_game_type: 23,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Numbered(Orientation::A1Dark),
};

/// Half-moves without a man move or a capture that draw the game (fifteen moves each).
pub const NO_PROGRESS_PLIES: u16 = 30;

impl ParamRules for Pool {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        man_captures_backward: true,
        last_row: LastRow::PassesAsMan,
        // APCA rule 7.
        first_to_move: Color::Black,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for Pool {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
    }
}
