//! The plain config of each subcommand, built from the checked command line.

use crate::commands::analyze::AnalyzeConfig;
use crate::commands::perft::{MovesConfig, PerftConfig};
use crate::engines::EngineSetup;

use super::{Options, PerftArgs};

impl Options {
    /// `dama perft`'s config.
    pub fn perft_config(&self, args: &PerftArgs) -> PerftConfig {
        PerftConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            depth: self.depth.unwrap_or(1),
            divide: args.divide,
            threads: args.threads.map(|n| n as usize),
        }
    }

    /// `dama moves`' config.
    pub fn moves_config(&self) -> MovesConfig {
        MovesConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
        }
    }

    /// `dama analyze`'s config.
    pub fn analyze_config(&self, engines: &EngineSetup) -> AnalyzeConfig {
        AnalyzeConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            limits: self.limits(),
            multipv: self.multipv.map(|n| n as usize),
            infinite: self.infinite,
            load: self.load.clone(),
            game: self.game,
            annotated: self.annotated.clone(),
            graph: self.graph.clone(),
            engines: engines.clone(),
        }
    }
}
