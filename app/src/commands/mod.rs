//! The subcommands that are not a game: `dama perft` and `dama moves` ([`perft`]), `dama
//! analyze` ([`analyze`], [`game_analysis`]), `dama tb` (the endgame tables' tools) and `dama
//! book` (opening books). Each takes its plain config and returns its own error.

pub mod analyze;
pub mod analyze_config;
pub mod book;
pub mod game_analysis;
pub mod perft;
pub mod tb;
pub mod tb_progress;
