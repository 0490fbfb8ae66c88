//! Pictures of the game as SVG, written with the `svg` crate: the board diagram
//! ([`diagram`]).

pub mod diagram;
