//! The Spanish-spec rules (`../shared/spec/spanish-console.md`, "Move rules").
//!
//! Capture is optional; a move takes at most three hops and may stop after any of them, so
//! every distinct path is a move of its own; the player who cannot move loses; there is no
//! draw rule.

use super::generate::{self, KingLanding, ParamRules, Params};
use super::{BoardRules, DrawCounters, RuleSetInfo};
use crate::notation::Notation;
use crate::{Move, Position};

/// The Spanish-spec rule set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spanish;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "spanish",
    summary: "the Spanish-spec console game",
    pdn_game_type: 24,
    pdn_variant: Some("spanish-spec"),
    notation: Notation::Numeric,
    lang: "es",
};

impl ParamRules for Spanish {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        compulsory: false,
        max_hops: 3,
        partial: true,
        merge_routes: false,
        king_landing: KingLanding::Anywhere,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for Spanish {
    const INFO: RuleSetInfo = INFO;
    const DRAWS_BY_RULE: bool = false;
    const BARE_SIDE_LOSES_AT_ONCE: bool = false;

    generate::moves_from_params!();

    /// No draw rule counts anything.
    fn next_counters(
        counters: &DrawCounters,
        _: &Position,
        _: &Move,
        _: &Position,
    ) -> DrawCounters {
        *counters
    }
}
