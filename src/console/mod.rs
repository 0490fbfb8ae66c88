//! The line-based console games.
