//! The Spanish console's numeric notation: `61.52`, `63.45.27`.

use std::fmt::Write;

use crate::{Move, Square};

fn push_square(text: &mut String, sq: Square) {
    let (row, col) = sq.row_col();
    let _ = write!(text, "{row}{col}");
}

/// The move as its row-column coordinates joined by `.`: `61.52`, `63.45.27`.
pub fn write(mv: &Move) -> String {
    let mut text = String::new();
    push_square(&mut text, mv.from());
    for &sq in mv.path() {
        text.push('.');
        push_square(&mut text, sq);
    }
    text
}
