//! What the engine must know of a rule set beyond its moves and draw rules: its evaluation
//! weights, its learned pattern scores, and the few rule properties the evaluation reads; and
//! of a board ([`EngineBoard`]): the evaluation of a rule set that has none of its own.
//!
//! The 8×8 rule sets share the evaluation of [`crate::eval`] with weights of their own; the
//! international game (10×10) has its own terms ([`crate::eval10`]) and its weights here,
//! [`INTERNATIONAL`].

use dama_core::rules::{KingLanding, KingRange, ParamRules};
use dama_core::{
    Board8, Board10, Brazilian, Czech, English, House, International, Italian, Pool, PositionOn,
    Russian, Spanish, SpanishOfficial, Thai,
};
use dama_tablebase::{TableBoard, TableRules};

use crate::eval10::{self, Weights10};
use crate::patterns::{self, Patterns};
use crate::weights::Weights;

/// A board the engine plays on: what it evaluates a position of a rule set with when the rule
/// set gives no evaluation of its own ([`EngineRules::evaluate_white`]). On 8×8 that is the
/// evaluation of [`crate::eval`] with the rule set's [`EngineRules::WEIGHTS`]; on 10×10 the
/// terms of [`crate::eval10`] that hold whatever the rules ([`Weights10::PLAIN`]).
pub trait EngineBoard: TableBoard {
    /// The static score of `pos` from white's view under `R`, with the 8×8 weights `w` (which
    /// another board may not read).
    fn evaluate_white<R: EngineRules<Board = Self>>(pos: &PositionOn<Self>, w: &Weights) -> i32;
}

impl EngineBoard for Board8 {
    #[inline]
    fn evaluate_white<R: EngineRules<Board = Board8>>(
        pos: &PositionOn<Board8>,
        w: &Weights,
    ) -> i32 {
        crate::eval::evaluate_white_8::<R>(pos, w)
    }
}

impl EngineBoard for Board10 {
    #[inline]
    fn evaluate_white<R: EngineRules<Board = Board10>>(
        pos: &PositionOn<Board10>,
        _: &Weights,
    ) -> i32 {
        eval10::evaluate_white(pos, &Weights10::PLAIN)
    }
}

/// A rule set the engine can play: its [`BoardRules`](dama_core::BoardRules) on a board the
/// engine knows ([`EngineBoard`]), what the tables need ([`TableRules`]), and what the
/// evaluation knows of it. Every rule set of `dama-core` implements it here; a rule set of
/// another crate writes `impl EngineRules for MySet {}` to be played with the hand-set
/// weights (on 8×8) or the board's plain evaluation, or sets what differs.
pub trait EngineRules: TableRules<Board: EngineBoard> {
    /// The weights the engine plays the rule set with (`docs/engine.md` says which set won the
    /// matches under each rule set).
    const WEIGHTS: Weights = Weights::DEFAULT;

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
    fn patterns() -> Option<&'static Patterns> {
        None
    }

    /// The static score of `pos` from white's view, before the search's clamp to
    /// ±[`crate::eval::EVAL_MAX`]; `w` are the engine's weights ([`EngineRules::WEIGHTS`] or
    /// those a player was given). Default: the board's ([`EngineBoard::evaluate_white`]).
    #[inline]
    fn evaluate_white(pos: &PositionOn<Self::Board>, w: &Weights) -> i32 {
        <Self::Board as EngineBoard>::evaluate_white::<Self>(pos, w)
    }
}

/// [`EngineRules::LONE_KING_HOLDS_MAIN_DIAGONAL`] as the generator's params decide it: a
/// king landing directly behind the piece it takes can be lured off the diagonal.
const fn lone_king_holds<P: ParamRules>() -> bool {
    !matches!(P::PARAMS.king_landing, KingLanding::DirectlyBehind)
}

/// The Czech weights (tuned) also won under the Spanish-spec rules.
impl EngineRules for Spanish {
    const WEIGHTS: Weights = Weights::TUNED;
}

impl EngineRules for Czech {
    const WEIGHTS: Weights = Weights::TUNED;
    fn patterns() -> Option<&'static Patterns> {
        patterns::czech()
    }
}

impl EngineRules for Russian {
    const WEIGHTS: Weights = Weights::RUSSIAN;
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
            const WEIGHTS: Weights = if short_kings::<$set>() {
                Weights::SHORT_KINGS
            } else {
                Weights::DEFAULT
            };
            const LONE_KING_HOLDS_MAIN_DIAGONAL: bool = lone_king_holds::<$set>();
            const SHORT_KINGS: bool = short_kings::<$set>();
        })*
    };
}

hand_set!(English, Italian, SpanishOfficial, Brazilian, Pool, Thai);

/// The weights of international draughts (10×10, flying kings, men capturing backwards,
/// majority capture), for the terms of [`crate::eval10`]. Hand-set: a king is worth about
/// three men; advancement grows towards the crowning rank but a man is worth most on the
/// central ranks until the board thins out; the centre squares 22–24, 27–29 (and the
/// opponent's 22–24, 27–29 turned round), the "golden" man on 48 (white) / 3 (black) and the
/// back rank guard the crowning squares; tempo balance between the wings; a flying king's
/// reach and the long diagonal 46–5.
pub const INTERNATIONAL: Weights10 = Weights10 {
    man: 100,
    king: 300,
    advance: [0, 1, 3, 5, 8, 11, 15, 20, 28],
    runaway: 40,
    runaway_rank: 10,
    centre: 6,
    outpost: 8,
    back_guard: 6,
    golden: 8,
    balance: -3,
    man_step: 2,
    locked: -4,
    king_reach: 2,
    king_long_diagonal: 12,
};

/// International draughts plays the terms of [`crate::eval10`] with [`INTERNATIONAL`]; the 8×8
/// weights an engine is given (`Engine::set_weights`) are not read (they name 8×8 squares and
/// ranks). No tables on 10×10: the probes find none.
impl EngineRules for International {
    fn evaluate_white(pos: &PositionOn<Board10>, _: &Weights) -> i32 {
        eval10::evaluate_white(pos, &INTERNATIONAL)
    }
}
