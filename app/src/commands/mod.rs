//! The subcommands that are not a game: `dama tb` (the endgame tables' tools).

pub mod tb;
