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

pub mod data;
pub mod fit;
pub mod patterns;

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use dama_core::{RuleSet, with_rules};
use dama_engine::weights::WeightsError;

/// The `dama tune` arguments.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TuneAction,
}

/// The `tune` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum TuneAction {
    /// Play self-play games and write their quiet positions labelled with the results.
    Gen(data::GenArgs),
    /// Fit the weights to a file of labelled positions and write them as TOML.
    Fit(fit::FitArgs),
    /// Fit the pattern scores on top of the rule set's weights and write them (binary).
    Patterns(patterns::PatternArgs),
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
    /// Writing the progress or the summary failed.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}

/// Runs `dama tune` under `rules` (`nodes`: the global `--nodes`, for `gen`): the summary
/// goes to `out`, the progress to `err`.
pub fn run(
    rules: RuleSet,
    nodes: Option<u64>,
    args: &TuneArgs,
    out: &mut impl Write,
    err: &mut (impl Write + Send),
) -> Result<(), TuneError> {
    match &args.action {
        TuneAction::Gen(gen_args) => {
            let mut gen_args = gen_args.clone();
            gen_args.nodes = nodes.unwrap_or(data::DEFAULT_NODES);
            with_rules!(rules, R => data::generate_to_file::<R>(&gen_args, out, err))
        }
        TuneAction::Fit(fit_args) => {
            with_rules!(rules, R => fit::fit_to_file::<R>(fit_args, out, err))
        }
        TuneAction::Patterns(pattern_args) => {
            with_rules!(rules, R => patterns::fit_to_file::<R>(pattern_args, out, err))
        }
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
