//! Russian giveaway (`giveaway`, поддавки, обратные шашки): the Russian game played to lose.
//! Every move is the Russian rules' (`russian.rs`: men capture backward, a man crowned during
//! a capture goes on as a king, flying kings, capture compulsory, any capture may be chosen);
//! but the side that cannot move, having given away its last piece or with every piece
//! blocked, **wins**. The Russian draughts federation (shashki.ru, "Обратные шашки
//! (поддавки)") says the rules are the Russian rules' but for the goal, so the draws are the
//! Russian rules' as they stand: the third occurrence of a position, fifteen moves each with
//! only kings moved and nothing taken, and the counts of the endings (`russian.rs`).
//! PDN has no number of its own for the game: it is written as the Russian game (`GameType`
//! 25) with `[Variant "giveaway"]`.

use super::generate::{self, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo, Russian};
use crate::board::Board8;
use crate::notation::Notation;
use crate::position::PositionOn;

/// Russian giveaway: the Russian rules' moves, and the side that cannot move wins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Giveaway;

/// The constants that identify the rule set.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "giveaway",
    summary: "Russian draughts where the side that cannot move wins",
    pdn_game_type: 25,
    pdn_variant: Some("giveaway"),
    lang: "ru",
    notation: Notation::AlgebraicColon,
};

/// The Russian knobs, for what reads them (the engine's endgame knowledge); the moves
/// themselves are the Russian rules' compiled generator (below).
impl ParamRules for Giveaway {
    type Board = Board8;
    const PARAMS: Params = Russian::PARAMS;
    const FAST_PATHS: bool = true;
}

impl BoardRules for Giveaway {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;
    const CANNOT_MOVE_WINS: bool = true;

    generate::moves_from_params!(Russian);

    fn ending_limit(pos: &PositionOn<Board8>) -> Option<u16> {
        Russian::ending_limit(pos)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        Russian::counters_draw(counters)
    }
}
