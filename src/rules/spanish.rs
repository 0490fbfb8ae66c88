//! The Spanish-spec rules (`../shared/spec/spanish-console.md`, "Move rules").
//!
//! Capture is optional; a move takes at most three hops and may stop after any of them, so
//! every distinct path is a move of its own; the player who cannot move loses; there is no
//! draw rule.

use super::generate::{self, Params};
use super::{RuleSet, Rules};
use crate::notation::Notation;
use crate::{MoveList, Position};

/// The Spanish-spec rule set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spanish;

impl Params for Spanish {
    const COMPULSORY: bool = false;
    const KING_PRIORITY: bool = false;
    const MAX_HOPS: usize = 3;
    const PARTIAL: bool = true;
    const MERGE_ROUTES: bool = false;
}

impl Rules for Spanish {
    const RULE_SET: RuleSet = RuleSet::Spanish;
    const NOTATION: Notation = Notation::Numeric;

    #[inline]
    fn legal_moves(pos: &Position, moves: &mut MoveList) {
        generate::legal_moves::<Spanish>(pos, moves);
    }

    fn count_replies(pos: &Position, list: &mut MoveList, scratch: &mut MoveList) -> u64 {
        generate::count_replies::<Spanish>(pos, list, scratch)
    }

    #[inline(always)]
    fn count_legal_moves(pos: &Position, scratch: &mut MoveList) -> usize {
        generate::count_moves::<Spanish>(pos, scratch)
    }
}
