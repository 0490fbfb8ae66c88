//! The tables' integration tests: the built tables against an independent solver; the
//! 10×10 tables.

mod tablebase_solver;
mod tablebase_ten;
