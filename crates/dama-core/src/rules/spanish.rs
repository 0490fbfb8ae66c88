//! The Spanish-spec rules (`../shared/spec/spanish-console.md`, "Move rules").
//!
//! Capture is optional; a move takes at most three hops and may stop after any of them, so
//! every distinct path is a move of its own; the player who cannot move loses; there is no
//! draw rule.

use super::generate::{self, KingLanding, Params};
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

impl Params for Spanish {
    type Board = crate::Board8;
    const COMPULSORY: bool = false;
    const KING_PRIORITY: bool = false;
    const MAX_HOPS: usize = 3;
    const PARTIAL: bool = true;
    const MERGE_ROUTES: bool = false;
    const KING_LANDING: KingLanding = KingLanding::Anywhere;
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
