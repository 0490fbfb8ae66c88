//! Antidraughts (`antidraughts`): international draughts played to lose, as lidraughts plays
//! it. Every move is international draughts' (the FMJD's rules, `international.rs`), and so
//! are the draws (repetition, the kings-only count, the lone-king endings); but the side that
//! cannot move, having lost its last piece or with every piece blocked, **wins** (lidraughts'
//! `Antidraughts.winner`; Scan's `losing` variant is the same game). lidraughts writes its
//! games with `GameType` 98, its own number for the variant.

use super::brazilian::{fmjd_counters_draw, lone_king_limit};
use super::generate::{self, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, International, RuleSetInfo};
use crate::board::Board10;
use crate::notation::Notation;
use crate::position::PositionOn;

/// Antidraughts: international draughts' moves, and the side that cannot move wins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Antidraughts;

/// The constants that identify the rule set.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "antidraughts",
    summary: "international draughts where the side that cannot move wins",
    pdn_game_type: 98,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Algebraic,
};

/// International draughts' knobs, for what reads them (the engine's endgame knowledge); the
/// moves themselves are international draughts' compiled generator (below).
impl ParamRules for Antidraughts {
    type Board = Board10;
    const PARAMS: Params = International::PARAMS;
    const FAST_PATHS: bool = true;
}

impl BoardRules for Antidraughts {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;
    const CANNOT_MOVE_WINS: bool = true;

    generate::moves_from_params!(International);

    fn ending_limit(pos: &PositionOn<Board10>) -> Option<u16> {
        lone_king_limit(pos)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        fmjd_counters_draw(counters)
    }
}
