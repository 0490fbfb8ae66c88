//! English draughts, American checkers (`english`): the rules of the English Draughts
//! Association and the American Checker Federation.
//!
//! Black moves first, from squares 1–12; men move and capture forward only; kings move one
//! square and capture by a short jump; capture is compulsory and finished, but any capture may
//! be chosen; a man reaching the last row is crowned and its move ends. Draws: threefold
//! repetition and the forty-move rule (forty moves each without a man move or a capture). See
//! `docs/rules.md`.

use super::generate::{self, KingLanding, KingRange, Orientation, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::Color;
use crate::notation::Notation;

/// The English rule set (English draughts, American checkers).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct English;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "english",
    summary: "English draughts, American checkers",
    pdn_game_type: 21,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Numbered(Orientation::A1Dark),
};

/// Half-moves without a man move or a capture that draw the game (forty moves each).
pub const NO_PROGRESS_PLIES: u16 = 80;

impl ParamRules for English {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        king_range: KingRange::Short,
        king_landing: KingLanding::DirectlyBehind,
        first_to_move: Color::Black,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for English {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
    }
}
