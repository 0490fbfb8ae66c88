//! The `dama` program's modules, a library so that its integration tests can drive the
//! dialogues and the screen in memory, and so that the Python package (`python/`) plays as
//! the program does (`play::EnginePlayer`, the books, `pictures::diagram`); other programs use
//! `dama-core`, `dama-engine` and `dama-tablebase`.

#![deny(missing_docs)]

pub mod ballots;
pub mod book;
pub mod cli;
pub mod commands;
pub mod console;
pub mod corr;
pub mod dxp;
pub mod engines;
pub mod files;
pub mod games;
pub mod hub;
pub mod i18n;
pub mod matchplay;
pub mod opening;
pub mod pictures;
pub mod play;
pub mod setup;
pub mod tui;
pub mod tune;
