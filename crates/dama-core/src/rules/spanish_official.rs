//! Spanish draughts by the federation's rules (`spanish-official`; `spanish` is the
//! Spanish-spec console game).
//!
//! The board lies mirrored, as in Italy; White moves first; men move and capture forward only;
//! kings fly and capture at a distance, landing on any square beyond; capture is compulsory
//! and finished, and must take the most pieces and, among those, the most kings (the quality
//! rule). Draws: threefold repetition and forty moves each without a man move or a capture.
//! See `docs/rules.md`.

use super::generate::{self, LastRow, Orientation, ParamRules, Params, Precedence};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::notation::Notation;

/// The Spanish federation's rule set (damas españolas).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpanishOfficial;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "spanish-official",
    summary: "the Spanish federation's rules",
    pdn_game_type: 24,
    pdn_variant: None,
    lang: "es",
    notation: Notation::Numbered(Orientation::Mirrored),
};

/// Half-moves without a man move or a capture that draw the game (forty moves each).
pub const NO_PROGRESS_PLIES: u16 = 80;

impl ParamRules for SpanishOfficial {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        last_row: LastRow::PassesAsMan,
        precedence: Precedence::MostPiecesThenKings,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for SpanishOfficial {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        (counters.quiet_plies >= NO_PROGRESS_PLIES).then_some(DrawReason::NoProgress)
    }
}
