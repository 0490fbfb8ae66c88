//! Pictures written as SVG files.

pub mod graph;
