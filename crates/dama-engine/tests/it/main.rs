//! The engine's integration tests: search, clocks, endgames, engine-against-engine games, play with the tables.

mod engine_clock;
mod engine_endgame;
mod engine_identity;
mod engine_international;
mod engine_match;
mod engine_search;
mod engine_turkish;
mod tablebase_play;
