//! An independent reading of the specification's checks ("Error messages — which check
//! answers first"), used to derive the expected answer to a line, and tied to the library's
//! legal moves (a line is a legal move exactly when the checks all pass).

use dama_core::notation::numeric;
use dama_core::{BoardRules, Color, MoveList, Position, Role, Spanish, Square};

use super::*;

pub fn legal(pos: &Position) -> Vec<(String, Position)> {
    let mut moves = MoveList::new();
    Spanish::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|m| (numeric::write(m), pos.after(m)))
        .collect()
}

/// The coordinates of a line that has the specification's shape (after trimming, two or more
/// two-digit coordinates separated by `.` or `,`), or `None`.
pub fn shape(line: &str) -> Option<Vec<(u8, u8)>> {
    let text = line.trim_matches([' ', '\t']);
    let parts: Vec<&str> = text.split(['.', ',']).collect();
    if parts.len() < 2 {
        return None;
    }
    parts
        .iter()
        .map(|p| {
            let b = p.as_bytes();
            (b.len() == 2 && b.iter().all(u8::is_ascii_digit)).then(|| (b[0] - b'0', b[1] - b'0'))
        })
        .collect()
}

/// What the specification answers to a line of the right shape whose digits are 1–8, with
/// at most four coordinates: `Ok` for a legal move, or the first failing check's message.
pub fn verdict(pos: &Position, coords: &[(u8, u8)]) -> Result<(), &'static str> {
    let me = pos.turn();
    let at = |(r, c): (u8, u8)| Square::from_row_col(r, c).and_then(|sq| pos.piece_at(sq));
    let mover = match at(coords[0]) {
        None => return Err(NO_HAY_FICHA),
        Some(p) if p.color != me => return Err(NO_ES_TUYA),
        Some(p) => p,
    };
    let start = coords[0];
    let mut jumped: Vec<(u8, u8)> = Vec::new();
    let mut every_hop_captures = true;
    let mut cur = start;
    for &target in &coords[1..] {
        // During the move the start square is empty and the jumped pieces still stand.
        let occupied = |sq: (u8, u8)| sq == cur || (sq != start && at(sq).is_some());
        if occupied(target) {
            return Err(NO_VACIO);
        }
        let dr = target.0 as i8 - cur.0 as i8;
        let dc = target.1 as i8 - cur.1 as i8;
        if dr.abs() != dc.abs() {
            return Err(NO_DIAGONAL);
        }
        let mut opposing = Vec::new();
        for k in 1..dr.abs() {
            let sq = (
                (cur.0 as i8 + k * dr.signum()) as u8,
                (cur.1 as i8 + k * dc.signum()) as u8,
            );
            if sq == start || !occupied(sq) {
                continue;
            }
            if jumped.contains(&sq) || at(sq).is_some_and(|p| p.color == me) {
                return Err(NO_COMES);
            }
            opposing.push(sq);
        }
        let captures = match mover.role {
            Role::Man => {
                let forward = match me {
                    Color::White => dr < 0,
                    Color::Black => dr > 0,
                };
                if !forward {
                    return Err(NO_AVANZAS);
                }
                if dr.abs() > 2 {
                    return Err(NO_DISTANCIA);
                }
                if dr.abs() == 2 && opposing.is_empty() {
                    return Err(NO_COMES);
                }
                dr.abs() == 2
            }
            Role::King => {
                if opposing.len() > 1 {
                    return Err(TANTAS_SALTO);
                }
                opposing.len() == 1
            }
        };
        every_hop_captures &= captures;
        jumped.extend(opposing);
        cur = target;
    }
    if coords.len() > 2 && !every_hop_captures {
        return Err(TANTAS_MOVIMIENTO);
    }
    Ok(())
}

/// What the console must answer to `line` in `pos`: the position after a legal move, or the
/// error message.
pub fn expected_answer(pos: &Position, line: &str) -> Result<Position, &'static str> {
    let Some(coords) = shape(line) else {
        return Err(NO_TE_ENTIENDO);
    };
    if coords
        .iter()
        .any(|&(r, c)| !(1..=8).contains(&r) || !(1..=8).contains(&c))
    {
        return Err(NO_ES_COORDENADA);
    }
    if coords.len() > 4 {
        return Err(TANTAS_MOVIMIENTO);
    }
    let written = line.trim_matches([' ', '\t']).replace(',', ".");
    let found = legal(pos).into_iter().find(|(text, _)| *text == written);
    match (verdict(pos, &coords), found) {
        (Ok(()), Some((_, next))) => Ok(next),
        (Err(message), None) => Err(message),
        (v, f) => panic!(
            "the spec's checks ({v:?}) and the legal moves ({}) disagree on {line:?} in {}",
            f.is_some(),
            dama_core::fen::write(pos)
        ),
    }
}
