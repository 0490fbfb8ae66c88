//! `dama tune`: the evaluation's weights fitted to self-play games (logistic, "Texel"
//! tuning), in two reproducible steps.
//!
//! - [`data`] (`dama tune gen`): self-play games of this build's engine at a small node
//!   budget, from the built-in openings plus a few random plies; every quiet position (no
//!   capture for either side) is written with the game's result, one a line.
//! - [`fit`] (`dama tune fit`): the sigmoid scale `K` fitted first, then a local search on
//!   the weights that lowers the mean squared error between `sigmoid(K·eval)` and the
//!   results; the weights are written as a TOML file that `dama match` players
//!   (`weights=FILE`) and [`dama_engine::Weights::load`] read.
//!
//! Both steps depend only on their arguments (the seed included), never on the clock or the
//! number of threads. See `docs/engine.md` ("Tuning") for the commands and the figures.
//!
//! `gen` and `fit` run on either board ([`TuneRules`]): on 8×8 they fit the [`Weights`] of
//! `dama_engine::eval`, on 10×10 the [`Weights10`] of `dama_engine::eval10` ([`TuneBoard`]
//! says which); `patterns` fits the board's pattern windows ([`dama_engine::patterns`]).
//! Their code is compiled once per board: a rule set comes in as values, its evaluation as
//! a function pointer ([`TuneSet`]) and its games as a closure ([`data::PlayOne`]); only
//! the search that plays the games is compiled per rule set.

pub mod data;
pub mod fit;
pub mod patterns;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::matchplay::MatchBoard;
use dama_core::{Board8, Board10, Board64, BoardRules, PositionOn, Variant, with_variant};
use dama_engine::eval10::{self, Weights10};
use dama_engine::material::{MaterialEvaluator, MaterialWeights};
use dama_engine::weights::WeightsError;
use dama_engine::{Evaluation, Weights};

/// What `dama tune` does, with its values.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The rule set.
    pub variant: Variant,
    /// The step.
    pub action: TuneAction,
}

/// The steps of `dama tune`.
#[derive(Clone, Debug)]
pub enum TuneAction {
    /// Play self-play games and write their quiet positions labelled with the results.
    Gen(data::GenConfig),
    /// Fit the weights to a file of labelled positions and write them as TOML.
    Fit(fit::FitConfig),
    /// Fit the pattern scores on top of the rule set's weights and write them (binary).
    Patterns(patterns::PatternsConfig),
}

/// A tuning step refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A file cannot be read or written.
    #[error("{0}: {1}")]
    File(PathBuf, std::io::Error),
    /// A line of a data file is not `RESULT FEN`.
    #[error("{0} line {1}: {2}")]
    Data(PathBuf, usize, String),
    /// An output file refused before any work is done (a pipe, a device, no such directory).
    #[error("{0}: {1}")]
    Out(PathBuf, crate::files::FileError),
    /// A data file with no position in it.
    #[error("{0}: no positions")]
    Empty(PathBuf),
    /// A data file with more positions than the tuner takes.
    #[error("{0}: more than {1} positions")]
    TooMany(PathBuf, usize),
    /// A weights file refused.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// A data file of another rule set (another board, as a rule, whose positions do not
    /// read here).
    #[error("{path}: {found}, not of the {expected} rules ({board})")]
    OtherRules {
        /// The data file.
        path: PathBuf,
        /// What the file is (its header, or its lack of one).
        found: String,
        /// The rule set of the run.
        expected: &'static str,
        /// The board of the run (`8x8`, `10x10`).
        board: String,
    },
    /// Writing the progress or the summary failed.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}

/// The weights the tuner fits: the 8×8 [`Weights`] or the 10×10 [`Weights10`], each
/// readable from and written as TOML.
pub trait TuneWeights: Copy + PartialEq + std::fmt::Debug + Send + Sync {
    /// Every weight by name, with a handle to change it.
    fn each_mut(&mut self) -> Vec<(String, &mut i32)>;
    /// The weights as a TOML file's text.
    fn to_toml(&self) -> String;
    /// The weights of the TOML file at `path`.
    fn load(path: &Path) -> Result<Self, WeightsError>;
    /// The same weights with the pattern scores left out (`patterns = 0`): what
    /// `dama tune patterns` fits the scores on top of.
    fn without_patterns(self) -> Self;
}

impl TuneWeights for Weights {
    fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        Weights::each_mut(self)
    }
    fn to_toml(&self) -> String {
        Weights::to_toml(self)
    }
    fn load(path: &Path) -> Result<Weights, WeightsError> {
        Weights::load(path)
    }
    fn without_patterns(self) -> Weights {
        Weights {
            patterns: 0,
            ..self
        }
    }
}

impl TuneWeights for Weights10 {
    fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        Weights10::each_mut(self)
    }
    fn to_toml(&self) -> String {
        Weights10::to_toml(self)
    }
    fn load(path: &Path) -> Result<Weights10, WeightsError> {
        Weights10::load(path)
    }
    fn without_patterns(self) -> Weights10 {
        Weights10 {
            patterns: 0,
            ..self
        }
    }
}

impl TuneWeights for MaterialWeights {
    fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        MaterialWeights::each_mut(self)
    }
    fn to_toml(&self) -> String {
        MaterialWeights::to_toml(self)
    }
    fn load(path: &Path) -> Result<MaterialWeights, WeightsError> {
        MaterialWeights::load(path)
    }
    /// The plain evaluation has no pattern scores.
    fn without_patterns(self) -> MaterialWeights {
        self
    }
}

/// A board the tuner works on: the weights of its evaluation, how a position is scored with
/// them, and how its data files say what they are.
pub trait TuneBoard: MatchBoard + dama_engine::EngineBoard {
    /// The weights of the board's evaluation.
    type Weights: TuneWeights;

    /// The board as messages name it (`8x8`, `10x10`, `8x8 (64 squares)`).
    const NAME: &'static str;

    /// The weights `R` is played with, where a fit starts by default.
    fn weights<R: dama_engine::EngineRules<Board = Self>>() -> Self::Weights;

    /// The static score of `pos` from white's view under `R` with the weights `w`.
    fn evaluate_white<R: dama_engine::EngineRules<Board = Self>>(
        pos: &PositionOn<Self>,
        w: &Self::Weights,
    ) -> i32;

    /// Whether the fit leaves the weight `name` alone under `R` (the man, the unit, is never
    /// moved whatever this says).
    fn fixed<R: dama_engine::EngineRules<Board = Self>>(name: &str) -> bool;

    /// The evaluation the self-play engine of `gen --weights FILE` plays with: the board's
    /// terms with the file's weights (the rule set's pattern scores count as its
    /// `patterns` weight says).
    fn engine_evaluation(path: &Path) -> Result<Evaluation, TuneError>;

    /// Whether a data file of the board starts with a header naming its rule set
    /// ([`data_header`]). The 8×8 files have none (their format is older than the 10×10
    /// board, and a file without a header is 8×8 data).
    const HEADER: bool;
}

impl TuneBoard for Board8 {
    type Weights = Weights;
    const NAME: &'static str = "8x8";
    fn weights<R: dama_engine::EngineRules<Board = Board8>>() -> Weights {
        R::default_evaluation()
            .hand8()
            .copied()
            .unwrap_or(Weights::DEFAULT)
    }
    #[inline]
    fn evaluate_white<R: dama_engine::EngineRules<Board = Board8>>(
        pos: &PositionOn<Board8>,
        w: &Weights,
    ) -> i32 {
        dama_engine::eval::evaluate_white_for::<R>(pos, w)
    }
    /// The king-ending constants (the tables and the search decide those endings; the data
    /// have few of them), the pattern scores (`tune patterns` fits those) and the
    /// optional-capture term where capture is compulsory.
    fn fixed<R: dama_engine::EngineRules<Board = Board8>>(name: &str) -> bool {
        name == "patterns"
            || name.starts_with("ending_")
            || (R::CAPTURE_COMPULSORY && name == "optional_runaway")
    }
    fn engine_evaluation(path: &Path) -> Result<Evaluation, TuneError> {
        Ok(Evaluation::Hand8(Weights::load(path)?))
    }
    const HEADER: bool = false;
}

impl TuneBoard for Board10 {
    type Weights = Weights10;
    const NAME: &'static str = "10x10";
    fn weights<R: dama_engine::EngineRules<Board = Board10>>() -> Weights10 {
        R::default_evaluation()
            .hand10()
            .copied()
            .unwrap_or(dama_engine::INTERNATIONAL)
    }
    #[inline]
    fn evaluate_white<R: dama_engine::EngineRules<Board = Board10>>(
        pos: &PositionOn<Board10>,
        w: &Weights10,
    ) -> i32 {
        eval10::Hand10Evaluator::for_rules::<R>(*w).evaluate_white(pos)
    }
    /// Every 10×10 term but the pattern scores (`tune patterns` fits those) is fitted.
    fn fixed<R: dama_engine::EngineRules<Board = Board10>>(name: &str) -> bool {
        name == "patterns"
    }
    fn engine_evaluation(path: &Path) -> Result<Evaluation, TuneError> {
        Ok(Evaluation::Hand10(Weights10::load(path)?))
    }
    const HEADER: bool = true;
}

impl TuneBoard for Board64 {
    type Weights = MaterialWeights;
    const NAME: &'static str = "8x8 (64 squares)";
    fn weights<R: dama_engine::EngineRules<Board = Board64>>() -> MaterialWeights {
        R::default_evaluation()
            .material()
            .copied()
            .unwrap_or(MaterialWeights::TURKISH)
    }
    #[inline]
    fn evaluate_white<R: dama_engine::EngineRules<Board = Board64>>(
        pos: &PositionOn<Board64>,
        w: &MaterialWeights,
    ) -> i32 {
        MaterialEvaluator(*w).evaluate_white(pos)
    }
    /// Every term is fitted.
    fn fixed<R: dama_engine::EngineRules<Board = Board64>>(_: &str) -> bool {
        false
    }
    fn engine_evaluation(path: &Path) -> Result<Evaluation, TuneError> {
        Ok(Evaluation::Material(MaterialWeights::load(path)?))
    }
    const HEADER: bool = true;
}

/// What the fits (`tune fit`, `tune patterns`) ask of a rule set, as values: its name, the
/// weights it plays with, its evaluation and the weights the fit leaves alone. The fits take
/// it rather than the rule set's type, so that their code is compiled once per board, not
/// once per rule set (the binary's size, issue 34); only the evaluation, behind a function
/// pointer, is the rule set's own code.
pub struct TuneSet<B: TuneBoard> {
    /// The rule set's name (`--rules`), which a data file's header must name.
    pub name: &'static str,
    /// The weights the rule set plays with ([`TuneBoard::weights`]).
    pub weights: B::Weights,
    /// [`TuneBoard::evaluate_white`] under the rule set.
    pub evaluate_white: fn(&PositionOn<B>, &B::Weights) -> i32,
    /// [`TuneBoard::fixed`] under the rule set.
    pub fixed: fn(&str) -> bool,
}

impl<B: TuneBoard> TuneSet<B> {
    /// The values of `R`.
    pub fn of<R: TuneRules<Board = B>>() -> Self {
        TuneSet {
            name: R::INFO.name,
            weights: B::weights::<R>(),
            evaluate_white: B::evaluate_white::<R>,
            fixed: B::fixed::<R>,
        }
    }
}

/// The rule sets `dama tune gen|fit` work under: the engine's rule sets on a [`TuneBoard`].
pub trait TuneRules: dama_engine::EngineRules<Board: TuneBoard> {}

impl<R: dama_engine::EngineRules<Board: TuneBoard>> TuneRules for R {}

/// The weights `R`'s evaluation reads.
pub type WeightsOf<R> = <<R as BoardRules>::Board as TuneBoard>::Weights;

/// The start of a data file's header line; the rule set's name follows.
pub const HEADER_PREFIX: &str = "# dama tune data: rules ";

/// The first line of a data file of `R`, if its board's files have one
/// ([`TuneBoard::HEADER`]): `# dama tune data: rules international, board 10x10`.
pub fn data_header<R: TuneRules>() -> Option<String> {
    <R::Board as TuneBoard>::HEADER.then(|| {
        format!(
            "{HEADER_PREFIX}{}, board {}",
            R::INFO.name,
            <R::Board as TuneBoard>::NAME
        )
    })
}

/// Runs `dama tune` under the config's rule set: the summary goes to `out`, the progress to
/// `err`.
pub fn run(
    config: &TuneConfig,
    out: &mut dyn Write,
    err: &mut (dyn Write + Send),
) -> Result<(), TuneError> {
    let rules = config.variant;
    match &config.action {
        TuneAction::Gen(gen_config) => {
            with_variant!(rules, R => data::generate_to_file::<R>(gen_config, out, err))
        }
        TuneAction::Fit(fit_config) => with_variant!(rules, R => {
            fit::fit_to_file(&TuneSet::<<R as BoardRules>::Board>::of::<R>(), fit_config, out, err)
        }),
        TuneAction::Patterns(patterns_config) => with_variant!(rules, R => {
            let set = TuneSet::<<R as BoardRules>::Board>::of::<R>();
            patterns::fit_to_file(&set, patterns_config, out, err)
        }),
    }
}

/// A small deterministic random number generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
