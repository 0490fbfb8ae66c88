//! The numbered notation of the English, Italian, Spanish, pool and Thai federations' PDN:
//! `11-15` for a plain move, `15x24x31` for a capture with each landing square, the squares
//! numbered 1–32 on the board as it lies ([`Orientation`]).

use crate::Move;
use crate::rules::Orientation;

/// `mv` in numbered notation on `board`: `11-15`, `15x24x31`.
pub fn write(mv: &Move, board: Orientation) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    let mut text = board.number(mv.from()).to_string();
    for &sq in mv.path() {
        text.push(sep);
        text.push_str(&board.number(sq).to_string());
    }
    text
}
