//! Message catalogues: every text a dialogue prints, one catalogue per language.
//!
//! The Spanish catalogue holds the exact lines of `../shared/spec/spanish-console.md`.

pub mod cs;
pub mod en;
pub mod es;
pub mod ru;
