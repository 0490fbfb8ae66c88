//! The evaluations an [`Engine`](crate::Engine) can own, and per board their dispatch to an
//! [`Evaluator`] (the trait, in [`crate::evaluator`], which the evaluations implement).
//!
//! - [`Evaluation`]: the evaluations an engine can be given
//!   ([`Engine::set_evaluation`](crate::Engine::set_evaluation)), whatever the rules: the
//!   8×8 terms of [`crate::eval`] with their [`Weights`], the 10×10 terms of [`crate::eval10`]
//!   with their [`Weights10`].
//! - [`EngineBoard`]: per board, which evaluations fit it, its plain one, and the static
//!   dispatch from an [`Evaluation`] to its [`Evaluator`]. The engine matches the evaluation
//!   once per search; the search, its helper threads and every leaf are then compiled for
//!   that evaluator's type.
//!
//! A learned network plugs in as one more variant holding the network (say
//! `Network8(Arc<Network>)`). Its arm in the board's [`EngineBoard::with_evaluator`] passes
//! the network, which implements [`Evaluator`] with its accumulator as the state.

use dama_core::{Board, Board8, Board10, Board64};
use dama_tablebase::TableBoard;

use crate::EngineRules;
use crate::eval::Hand8Evaluator;
use crate::eval10::{Hand10Evaluator, Weights10};
use crate::evaluator::Evaluator;
use crate::material::{MaterialEvaluator, MaterialWeights};
use crate::patterns::PatternBoard;
use crate::weights::{Weights, WeightsError};

/// An evaluation the engine can play with, on the board it is made for
/// ([`Evaluation::fits`]). The rule set the engine plays supplies what the evaluation knows
/// of the rules ([`EngineRules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Evaluation {
    /// The 8×8 terms of [`crate::eval`] with these weights. The rule set's pattern scores
    /// count where the weights turn them on.
    Hand8(Weights),
    /// The 10×10 terms of [`crate::eval10`] with these weights.
    Hand10(Weights10),
    /// Material and the men's advance ([`crate::material`]): the plain evaluation of the
    /// 64-square board of Turkish draughts.
    Material(MaterialWeights),
}

impl Evaluation {
    /// Whether it evaluates positions of the board `B`.
    pub fn fits<B: EngineBoard>(&self) -> bool {
        B::fits(self)
    }

    /// The 8×8 weights, if it is the 8×8 evaluation of weights.
    pub fn hand8(&self) -> Option<&Weights> {
        match self {
            Evaluation::Hand8(weights) => Some(weights),
            _ => None,
        }
    }

    /// The 10×10 weights, if it is the 10×10 evaluation of weights.
    pub fn hand10(&self) -> Option<&Weights10> {
        match self {
            Evaluation::Hand10(weights) => Some(weights),
            _ => None,
        }
    }

    /// The weights of a [`Evaluation::Material`] evaluation.
    pub fn material(&self) -> Option<&MaterialWeights> {
        match self {
            Evaluation::Material(weights) => Some(weights),
            _ => None,
        }
    }
}

/// A task to run with an [`Evaluator`] of the board `B`, whatever its type: the search.
/// [`EngineBoard::with_evaluator`] picks the evaluator and runs the task with it. One copy of
/// the task is compiled per evaluator type.
pub trait WithEvaluator<B: Board> {
    /// What the task gives.
    type Output;

    /// Runs the task with `evaluator`.
    fn run<E: Evaluator<B>>(self, evaluator: &E) -> Self::Output;
}

/// A board the engine plays on: the evaluations that fit it and the evaluator each one gives.
/// Every rule set of the board plays its plain evaluation unless the rule set names another
/// ([`EngineRules::default_evaluation`]).
pub trait EngineBoard: TableBoard + PatternBoard {
    /// The evaluation of a rule set on this board that names none of its own. On 8×8 it is
    /// the hand-set [`Weights::DEFAULT`]. On 10×10 it is the terms that hold whatever the
    /// rules ([`Weights10::PLAIN`]).
    fn plain_evaluation() -> Evaluation;

    /// Whether `evaluation` evaluates this board's positions.
    fn fits(evaluation: &Evaluation) -> bool;

    /// The evaluation of the board's hand-set terms with the weights of the TOML file at
    /// `path` (`Weights` on 8×8, `Weights10` on 10×10).
    fn load_evaluation(path: &std::path::Path) -> Result<Evaluation, WeightsError>;

    /// Runs `task` with the evaluator that `evaluation` gives under the rules `R`. An
    /// evaluation that does not fit the board gives the board's plain one. The engine never
    /// passes such an evaluation ([`crate::Engine::evaluation`]).
    fn with_evaluator<R: EngineRules<Board = Self>, T: WithEvaluator<Self>>(
        evaluation: &Evaluation,
        task: T,
    ) -> T::Output;
}

impl EngineBoard for Board8 {
    fn plain_evaluation() -> Evaluation {
        Evaluation::Hand8(Weights::DEFAULT)
    }

    fn fits(evaluation: &Evaluation) -> bool {
        matches!(evaluation, Evaluation::Hand8(_))
    }

    fn load_evaluation(path: &std::path::Path) -> Result<Evaluation, WeightsError> {
        Ok(Evaluation::Hand8(Weights::load(path)?))
    }

    fn with_evaluator<R: EngineRules<Board = Board8>, T: WithEvaluator<Board8>>(
        evaluation: &Evaluation,
        task: T,
    ) -> T::Output {
        let weights = evaluation.hand8().copied().unwrap_or(Weights::DEFAULT);
        task.run(&Hand8Evaluator::for_rules::<R>(weights))
    }
}

impl EngineBoard for Board10 {
    fn plain_evaluation() -> Evaluation {
        Evaluation::Hand10(Weights10::PLAIN)
    }

    fn fits(evaluation: &Evaluation) -> bool {
        matches!(evaluation, Evaluation::Hand10(_))
    }

    fn load_evaluation(path: &std::path::Path) -> Result<Evaluation, WeightsError> {
        Ok(Evaluation::Hand10(Weights10::load(path)?))
    }

    fn with_evaluator<R: EngineRules<Board = Board10>, T: WithEvaluator<Board10>>(
        evaluation: &Evaluation,
        task: T,
    ) -> T::Output {
        let weights = evaluation.hand10().copied().unwrap_or(Weights10::PLAIN);
        task.run(&Hand10Evaluator::for_rules::<R>(weights))
    }
}

/// The 64-square board of Turkish draughts: the plain evaluation of material and advance
/// ([`crate::material`]); no weights file is read for it yet.
impl EngineBoard for Board64 {
    fn plain_evaluation() -> Evaluation {
        Evaluation::Material(MaterialWeights::TURKISH)
    }

    fn fits(evaluation: &Evaluation) -> bool {
        matches!(evaluation, Evaluation::Material(_))
    }

    fn load_evaluation(path: &std::path::Path) -> Result<Evaluation, WeightsError> {
        Err(WeightsError::Syntax(format!(
            "{}: the 64-square board takes no weights file",
            path.display()
        )))
    }

    fn with_evaluator<R: EngineRules<Board = Board64>, T: WithEvaluator<Board64>>(
        evaluation: &Evaluation,
        task: T,
    ) -> T::Output {
        let weights = evaluation
            .material()
            .copied()
            .unwrap_or(MaterialWeights::TURKISH);
        task.run(&MaterialEvaluator(weights))
    }
}
