//! What `dama analyze` is given and how it fails, shared by its two halves: one position
//! searched ([`analyze`](super::analyze)) and a whole game scored
//! ([`game_analysis`](super::game_analysis)).

use std::io;
use std::path::PathBuf;

use dama_core::Variant;
use dama_engine::Limits;

use crate::engines::EngineSetup;
use crate::setup::SetupError;

/// What `dama analyze` searches, or scores.
#[derive(Clone, Debug)]
pub struct AnalyzeConfig {
    /// The rule set.
    pub variant: Variant,
    /// The position (FEN; default: the rule set's start).
    pub fen: Option<String>,
    /// The moves played from it, in the rule set's notation, separated by spaces.
    pub moves: Option<String>,
    /// The search's limits.
    pub limits: Limits,
    /// Report the best N moves at each depth.
    pub multipv: Option<usize>,
    /// Search until interrupted.
    pub infinite: bool,
    /// The game to score instead of one position.
    pub load: Option<PathBuf>,
    /// Its number in the file (1 is the first; default 1).
    pub game: Option<usize>,
    /// Where to write the annotated game (default: standard output, after the table).
    pub annotated: Option<PathBuf>,
    /// Where to write the evaluation graph (SVG).
    pub graph: Option<PathBuf>,
    /// The engine's tables, threads and book.
    pub engines: EngineSetup,
    /// Whether standard output is a terminal: an `--infinite` search stopped by Ctrl-C then
    /// writes its `bestmove` on a line of its own, after the terminal's `^C`.
    pub terminal: bool,
}

/// Why `dama analyze` failed.
#[derive(Debug, thiserror::Error)]
pub enum AnalyzeError {
    /// The position or the moves.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The `--load` game cannot be read (the message says why).
    #[error("{0}")]
    Load(String),
    /// The analysis of a game was stopped before its end.
    #[error("the analysis was interrupted")]
    Interrupted,
    /// The annotated game or the graph cannot be written (the message says why).
    #[error("{0}")]
    Save(String),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] io::Error),
}
