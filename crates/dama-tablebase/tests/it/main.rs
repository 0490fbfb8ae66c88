//! The tables' integration tests: the built tables against an independent solver.

mod tablebase_solver;
