//! Giveaway draughts on the Czech rules, written outside `dama-core` with its public items
//! only: the moves are the Czech ones (capture compulsory, a king before a man, flying kings,
//! finished sequences), but the side that cannot move (no piece left, or every piece
//! blocked) **wins**. Threefold repetition draws.
//!
//! What it takes, and all it takes: a zero-sized type, the generator's [`Params`] (Czech's,
//! [`ParamRules::PARAMS`]), a
//! [`BoardRules`] implementation with its [`RuleSetInfo`] and [`BoardRules::CANNOT_MOVE_WINS`]
//! (an 8×8 board, so it is one of the core's [`Rules`](dama_core::Rules)), and the
//! two empty extension traits that let the engine search it ([`EngineRules`]: the hand-set
//! weights) and the tables know of it ([`TableRules`]: the tables build nothing where a side
//! that cannot move wins). The program's `--rules` list is the core's registry and does not
//! name it; everything generic (`perft::<Giveaway>`, `Game<Giveaway>`, PDN, the engine) does.

use dama_core::notation::Notation;
use dama_core::rules::{ParamRules, Params};
use dama_core::{Board8, BoardRules, Czech, RuleSetInfo};
use dama_engine::EngineRules;
use dama_tablebase::TableRules;

/// Giveaway draughts: the Czech moves, and the side that cannot move wins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Giveaway;

impl ParamRules for Giveaway {
    type Board = Board8;
    const PARAMS: Params = Params { ..Czech::PARAMS };
}

impl BoardRules for Giveaway {
    const INFO: RuleSetInfo = RuleSetInfo {
        name: "giveaway",
        summary: "giveaway draughts on the Czech rules",
        pdn_game_type: 29,
        pdn_variant: Some("giveaway"),
        notation: Notation::Algebraic,
        lang: "en",
    };
    const REPETITION_DRAW: bool = true;
    const CANNOT_MOVE_WINS: bool = true;

    dama_core::moves_from_params!();
}

impl TableRules for Giveaway {}

impl EngineRules for Giveaway {}
