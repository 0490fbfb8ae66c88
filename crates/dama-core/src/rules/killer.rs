//! Killer draughts (`killer`): international draughts in which a capturing king whose last
//! piece taken is a king stops directly behind it, as Scan (its `killer` variant) and dctl
//! (`killer<international>`, `is_halt_behind_king`) define it. The rule makes kings easier to
//! take, so that more endings are won. Everything else is international draughts' (the FMJD's
//! rules, `international.rs`): the moves, the majority capture (a king counting as one
//! piece), the Turkish strike, and the draws. PDN has no number of its own for the game: it is
//! written as international draughts (`GameType` 20) with `[Variant "killer"]`.

use super::brazilian::{fmjd_counters_draw, lone_king_limit};
use super::generate::{self, KingLanding, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, International, RuleSetInfo};
use crate::board::Board10;
use crate::notation::Notation;
use crate::position::PositionOn;

/// Killer draughts: international draughts where a king's capture ending on a king halts
/// directly behind it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Killer;

/// The constants that identify the rule set.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "killer",
    summary: "international draughts where a king's capture ending on a king halts behind it",
    pdn_game_type: 20,
    pdn_variant: Some("killer"),
    lang: "en",
    notation: Notation::Algebraic,
};

/// International draughts' knobs with the killer landing. The generator's specialised
/// searches (perft's bulk counts, the forward men's walk) do not know the landing: the
/// general capture search serves it.
impl ParamRules for Killer {
    type Board = Board10;
    const PARAMS: Params = Params {
        king_landing: KingLanding::HaltBehindKing,
        ..International::PARAMS
    };
}

impl BoardRules for Killer {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn ending_limit(pos: &PositionOn<Board10>) -> Option<u16> {
        lone_king_limit(pos)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        fmjd_counters_draw(counters)
    }
}
