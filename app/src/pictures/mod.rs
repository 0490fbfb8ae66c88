//! Pictures of the game as SVG, written with the `svg` crate: the board diagram
//! ([`diagram`]) and the game's evaluation graph ([`graph`]).

pub mod diagram;
pub mod graph;
