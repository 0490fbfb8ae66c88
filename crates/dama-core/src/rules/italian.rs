//! Italian draughts (`italian`): the rules of the Federazione Italiana Dama.
//!
//! The board lies mirrored (the double corner at each player's left); White moves first; men
//! move and capture forward only and may not capture kings; kings move one square and capture
//! by a short jump; capture is compulsory and finished, and the capture played is the first by
//! the Italian order ([`Precedence::Italian`]): the most pieces, then with a king, then the most
//! kings, then a king taken first. A man reaching the last row is crowned and its move ends.
//! Draws: threefold repetition and forty moves each without a man move or a capture. See
//! `docs/rules.md`.

use super::generate::{self, KingLanding, KingRange, Orientation, ParamRules, Params, Precedence};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::notation::Notation;

/// The Italian rule set (dama italiana).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Italian;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "italian",
    summary: "the Italian rules",
    pdn_game_type: 22,
    pdn_variant: None,
    lang: "it",
    notation: Notation::Numbered(Orientation::Mirrored),
};

/// Half-moves without a man move or a capture that draw the game (forty moves each).
pub const NO_PROGRESS_PLIES: u16 = 80;

impl ParamRules for Italian {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        men_capture_kings: false,
        king_range: KingRange::Short,
        king_landing: KingLanding::DirectlyBehind,
        precedence: Precedence::Italian,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for Italian {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
    }
}
