//! The seed's game tree: a plain full-width minimax to a fixed depth with a material-only
//! evaluation, no pruning and no move ordering. It is the yardstick the real search is
//! measured against (and a very weak opponent).

use crate::EngineRules;
use dama_core::{Board, Color, MoveListOn, MoveOn, PositionOn};

/// The material-only evaluation: men 1, kings 3 (in hundredths), from the side to move's view.
pub fn material<B: Board>(pos: &PositionOn<B>) -> i32 {
    let us = pos.turn();
    let side = |c: Color| 100 * pos.men(c).count() as i32 + 300 * pos.kings(c).count() as i32;
    side(us) - side(!us)
}

const LOSS: i32 = -1_000_000;

fn negamax<R: EngineRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    lists: &mut [MoveListOn<R::Board>],
) -> i32 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return material(pos);
    };
    R::legal_moves(pos, list);
    if list.is_empty() {
        return LOSS;
    }
    if depth == 0 {
        return material(pos);
    }
    let mut best = LOSS - 1;
    for i in 0..list.len() {
        let child = pos.after(&list[i]);
        let score = -negamax::<R>(&child, depth - 1, rest);
        best = best.max(score);
    }
    best
}

/// The move a plain `depth`-ply minimax chooses (the first of equally good moves), or `None`
/// when there is no legal move.
pub fn best_move<R: EngineRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
) -> Option<MoveOn<R::Board>> {
    let mut lists: Vec<MoveListOn<R::Board>> = (0..=depth).map(|_| MoveListOn::new()).collect();
    let (root, rest) = lists.split_first_mut()?;
    R::legal_moves(pos, root);
    let mut best: Option<(MoveOn<R::Board>, i32)> = None;
    for mv in root.iter() {
        let score = -negamax::<R>(&pos.after(mv), depth.saturating_sub(1), rest);
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((*mv, score));
        }
    }
    best.map(|(mv, _)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{Czech, Position};

    #[test]
    fn takes_the_free_man() {
        // White c3 can take d4 (forced anyway); with a choice it takes the piece that is free.
        let pos = dama_core::fen::parse("W:Wc3,g3:Bd4,h6,a7").unwrap();
        let mv = best_move::<Czech>(&pos, 4).unwrap();
        assert!(mv.is_capture());
        assert_eq!(material(&Position::initial()), 0);
    }

    #[test]
    fn no_move_no_answer() {
        let pos = dama_core::fen::parse("W:Wa1:Bb2,c3").unwrap();
        assert!(best_move::<Czech>(&pos, 4).is_none());
    }
}
