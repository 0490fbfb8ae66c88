//! The evaluation as a value the engine is given.
//!
//! - [`Evaluator`]: what the search calls. It scores a position from white's view, and may keep
//!   a state per ply that it brings up to date move by move (an NNUE's accumulator). The
//!   search keeps one state per ply beside its move lists. It computes the root's from scratch
//!   ([`Evaluator::refresh`]) and each child's from its parent's as it plays a move
//!   ([`Evaluator::update`]). The hand-set evaluations read the position alone: their state
//!   is `()`.
//! - The evaluations an engine owns (`Evaluation`) and their dispatch per board
//!   (`EngineBoard`) are in the module `evaluation`, above this one: the evaluations implement
//!   this trait, and this module names none of them.
//!
//! The rule-set knowledge that an evaluation reads (the constants of
//! `EngineRules`, its pattern scores) stays with the rules. Each search captures it in the
//! evaluator value it builds from the `Evaluation` and the rules
//! (`Hand8Evaluator::for_rules`). So one evaluation value serves every rule set of its
//! board, and an evaluator needs no rules type to score a position.
//!
//! A learned network plugs in as one more variant holding the network (say
//! `Network8(Arc<Network>)`). Its arm in the board's `EngineBoard::with_evaluator` passes
//! the network, which implements [`Evaluator`] with its accumulator as the state. Nothing in
//! the search, the threads, the tables or the callers changes.

use dama_core::{Board, Color, MoveOn, PositionOn};

/// A static evaluation that the search calls at its leaves, on board `B`. It is shared by
/// the search's threads.
pub trait Evaluator<B: Board>: Send + Sync {
    /// The state kept per ply of the search and brought up to date move by move (an NNUE's
    /// accumulator). It is `()` for an evaluation that reads the position alone.
    type Acc: Clone + Send;

    /// The state of `pos`, computed from scratch (at the root of a search).
    fn refresh(&self, pos: &PositionOn<B>) -> Self::Acc;

    /// Sets `child` to the state of `after`, which is `before` with `mv` played, from `parent`,
    /// the state of `before`. `child` is the next ply's slot: it holds whatever an earlier
    /// line left there. By default, `after`'s state is computed from scratch.
    #[inline]
    fn update(
        &self,
        parent: &Self::Acc,
        before: &PositionOn<B>,
        mv: &MoveOn<B>,
        after: &PositionOn<B>,
        child: &mut Self::Acc,
    ) {
        let _ = (parent, before, mv);
        *child = self.refresh(after);
    }

    /// The static score of `pos`, whose state is `acc`, from white's view in hundredths of a
    /// man. The search clamps it to ±[`EVAL_MAX`] ([`score_for_mover`]).
    fn evaluate(&self, acc: &Self::Acc, pos: &PositionOn<B>) -> i32;
}

/// The largest static score either way. The search clamps every evaluation to ±`EVAL_MAX`
/// ([`score_for_mover`]), well below its won scores (the tables' wins and the mates). No
/// evaluator can then give a score that the search would read as a win, or one outside its
/// widest window: not even 8×8 weights at the loader's limit
/// (±[`crate::weights::LIMIT`] each; twelve men at -5000 make -60000). The hand-set and
/// tuned weights stay far inside the clamp (a full board scores a few thousand at most), so
/// it never changes their search.
pub const EVAL_MAX: i32 = 20_000;

/// An evaluation from white's view (`white`) as the search reads it: clamped to
/// ±[`EVAL_MAX`], from the view of the side to move in `pos`.
#[inline]
pub fn score_for_mover<B: Board>(pos: &PositionOn<B>, white: i32) -> i32 {
    let white = white.clamp(-EVAL_MAX, EVAL_MAX);
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}
