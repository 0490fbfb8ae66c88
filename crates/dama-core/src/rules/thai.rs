//! Thai draughts, mak-hot (`thai`).
//!
//! Eight men each, on the two rows nearest each player; White moves first; men move and
//! capture forward only; kings fly, and capturing land on the square directly behind each
//! piece they take; the pieces taken leave the board hop by hop; capture is compulsory and
//! finished, but any capture may be chosen; a man reaching the last row is crowned and its
//! move ends. Draws: threefold repetition and forty moves each without a man move or a
//! capture. See `docs/rules.md`.

use super::generate::{self, KingLanding, Orientation, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::notation::Notation;

/// The Thai rule set (mak-hot).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Thai;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "thai",
    summary: "Thai draughts",
    pdn_game_type: 31,
    pdn_variant: None,
    lang: "th",
    notation: Notation::Numbered(Orientation::A1Dark),
};

/// Half-moves without a man move or a capture that draw the game (forty moves each).
pub const NO_PROGRESS_PLIES: u16 = 80;

impl ParamRules for Thai {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        king_landing: KingLanding::DirectlyBehind,
        removed_at_once: true,
        start_rows: 2,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for Thai {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
    }
}
