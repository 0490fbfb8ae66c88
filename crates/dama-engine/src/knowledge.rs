//! What the engine must know of a rule set beyond its moves and draw rules: the evaluation it
//! plays the rule set with by default, its learned pattern scores, and the few rule
//! properties the evaluation reads.
//!
//! The 8×8 rule sets play the terms of [`crate::eval`], each with weights of its own. The
//! international game (10×10) plays the terms of [`crate::eval10`] with the weights
//! [`INTERNATIONAL`](crate::eval10::INTERNATIONAL).

use dama_core::rules::{KingLanding, KingRange, ParamRules};
use dama_core::{
    Brazilian, Czech, English, House, International, Italian, Pool, Russian, Spanish,
    SpanishOfficial, Thai,
};
use dama_tablebase::TableRules;

use crate::eval10::INTERNATIONAL;
use crate::evaluation::{EngineBoard, Evaluation};
use crate::patterns::{self, Patterns, PatternsOn};
use crate::weights::Weights;

/// A rule set the engine can play: its [`BoardRules`](dama_core::BoardRules) on a board the
/// engine knows ([`EngineBoard`]), what the tables need ([`TableRules`]), and what the
/// evaluation knows of it. Every rule set of `dama-core` implements it here. A rule set of
/// another crate writes `impl EngineRules for MySet {}` to be played with its board's plain
/// evaluation (on 8×8 the hand-set weights), or sets what differs.
pub trait EngineRules: TableRules<Board: EngineBoard> {
    /// The evaluation the engine plays the rule set with unless it is given another
    /// ([`crate::Engine::set_evaluation`]); `docs/engine.md` says which weights won the
    /// matches under each rule set. By default it is the board's plain one
    /// ([`EngineBoard::plain_evaluation`]).
    fn default_evaluation() -> Evaluation {
        <Self::Board as EngineBoard>::plain_evaluation()
    }

    /// Endgame knowledge: whether a lone king on the main diagonal holds a draw against three
    /// kings. True where a capturing king may land anywhere beyond the piece it takes (no
    /// sacrifice can lure the lone king off).
    const LONE_KING_HOLDS_MAIN_DIAGONAL: bool = true;

    /// Whether kings move one square and capture by a short jump (English, Italian): the
    /// evaluation then counts a king's free neighbours as its reach, and leaves out the
    /// flying kings' lone-king endings (two short kings beat one).
    const SHORT_KINGS: bool = false;

    /// The learned pattern scores of the rule set, if it has a set of its own (looked up only
    /// when the weights turn patterns on).
    fn patterns() -> Option<&'static PatternsOn<Self::Board>> {
        None
    }
}

/// [`EngineRules::LONE_KING_HOLDS_MAIN_DIAGONAL`] as the generator's params decide it: a
/// king landing directly behind the piece it takes can be lured off the diagonal.
const fn lone_king_holds<P: ParamRules>() -> bool {
    !matches!(P::PARAMS.king_landing, KingLanding::DirectlyBehind)
}

/// The Czech weights (tuned) also won under the Spanish-spec rules.
impl EngineRules for Spanish {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand8(Weights::TUNED)
    }
}

impl EngineRules for Czech {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand8(Weights::TUNED)
    }
    fn patterns() -> Option<&'static Patterns> {
        patterns::czech()
    }
}

impl EngineRules for Russian {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand8(Weights::RUSSIAN)
    }
    fn patterns() -> Option<&'static Patterns> {
        patterns::russian()
    }
}

impl EngineRules for House {
    const LONE_KING_HOLDS_MAIN_DIAGONAL: bool = lone_king_holds::<House>();
}

/// Whether the generator's params give the rule set short kings.
const fn short_kings<P: ParamRules>() -> bool {
    matches!(P::PARAMS.king_range, KingRange::Short)
}

/// The official 8×8 sets play the hand-set weights until matches tune their own (those of
/// short kings where kings move one square); a king that lands directly behind (short kings,
/// Thai) lets the lone king be lured off the diagonal.
macro_rules! hand_set {
    ($($set:ty),*) => {
        $(impl EngineRules for $set {
            fn default_evaluation() -> Evaluation {
                Evaluation::Hand8(if short_kings::<$set>() {
                    Weights::SHORT_KINGS
                } else {
                    Weights::DEFAULT
                })
            }
            const LONE_KING_HOLDS_MAIN_DIAGONAL: bool = lone_king_holds::<$set>();
            const SHORT_KINGS: bool = short_kings::<$set>();
        })*
    };
}

hand_set!(English, Italian, SpanishOfficial, Brazilian, Pool, Thai);

/// International draughts plays the terms of [`crate::eval10`] with [`INTERNATIONAL`]. No
/// tables on 10×10: the probes find none.
impl EngineRules for International {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand10(INTERNATIONAL)
    }
    fn patterns() -> Option<&'static PatternsOn<dama_core::Board10>> {
        patterns::international()
    }
}

/// Antidraughts plays a plain evaluation of its own ([`crate::eval10::ANTIDRAUGHTS`]): a piece
/// less is better, as is a man with no step (the side that cannot move wins); its strength is
/// the engine's learned-evaluation work to come.
impl EngineRules for dama_core::Antidraughts {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand10(crate::eval10::ANTIDRAUGHTS)
    }
}

/// Russian giveaway plays a plain evaluation of its own ([`Weights::GIVEAWAY`]): a piece less
/// is better, as is a man with no step (the side that cannot move wins).
impl EngineRules for dama_core::Giveaway {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand8(Weights::GIVEAWAY)
    }
}

/// Killer draughts plays international draughts' hand-set terms ([`INTERNATIONAL`]) without
/// pattern scores (those were learned under the international rules).
impl EngineRules for dama_core::Killer {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand10(crate::eval10::Weights10 {
            patterns: 0,
            ..INTERNATIONAL
        })
    }
}

/// Frisian draughts plays international draughts' hand-set terms without pattern scores, as
/// killer does: a plain evaluation (the engine issue is the place for strength).
impl EngineRules for dama_core::Frisian {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand10(crate::eval10::Weights10 {
            patterns: 0,
            ..INTERNATIONAL
        })
    }
}

/// Frysk!: Frisian draughts' evaluation.
impl EngineRules for dama_core::Frysk {
    fn default_evaluation() -> Evaluation {
        dama_core::Frisian::default_evaluation()
    }
}

/// Breakthrough plays a plain evaluation of its own ([`crate::eval10::BREAKTHROUGH`]): the
/// international terms with a man's advance and a free path to the far row worth much more
/// (the first king wins); the search sees a crowning as the end of the game.
impl EngineRules for dama_core::Breakthrough {
    fn default_evaluation() -> Evaluation {
        Evaluation::Hand10(crate::eval10::BREAKTHROUGH)
    }
}

/// Turkish draughts: the 64-square board's plain evaluation; its kings move along ranks and
/// files, so the main diagonal means nothing to them.
impl EngineRules for dama_core::Turkish {
    const LONE_KING_HOLDS_MAIN_DIAGONAL: bool = false;
}
