//! The subcommands that are not a game: `dama tb` (the endgame tables' tools).

pub mod book;
pub mod tb;
pub mod tb_progress;
