//! Algebraic move notation of the Czech rules: `c3-d4`, `c3xe5`, `c3xe5xg7`.

use std::fmt::Write;

use crate::Move;

/// The move as `c3-d4` (plain) or `c3xe5xg7` (a capture, every landing square in order).
pub fn write(mv: &Move) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    let mut text = mv.from().to_string();
    for sq in mv.path() {
        text.push(sep);
        let _ = write!(text, "{sq}");
    }
    text
}
