//! Counting the leaves of the legal-move tree through a rule set's own move generation: the
//! default of [`BoardRules::count_leaves`] (perft), and the played-out count that checks it
//! ([`crate::perft::perft_full`]).

use super::BoardRules;
use crate::mv::MoveListOn;
use crate::position::PositionOn;

/// Perft through a rule set's [`BoardRules::legal_moves`], counting the last ply with
/// [`BoardRules::count_legal_moves`]: the default of [`BoardRules::count_leaves`].
pub fn count_through_moves<R: BoardRules>(pos: &PositionOn<R::Board>, depth: u32) -> u64 {
    count_tree::<R>(pos, depth, true)
}

/// The leaves of the legal-move tree of `pos`, `depth` plies deep: the moves of the last ply
/// counted without playing them when `bulk`, else every move played down to the leaves.
/// One move list per ply, reused, so the count allocates nothing once started.
pub(crate) fn count_tree<R: BoardRules>(pos: &PositionOn<R::Board>, depth: u32, bulk: bool) -> u64 {
    let mut lists: Vec<MoveListOn<R::Board>> = (0..=depth).map(|_| MoveListOn::new()).collect();
    count::<R>(pos, depth, &mut lists, bulk)
}

fn count<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    stack: &mut [MoveListOn<R::Board>],
    bulk: bool,
) -> u64 {
    let Some((list, rest)) = stack.split_first_mut() else {
        return 1;
    };
    if depth == 0 {
        return 1;
    }
    if depth == 1 && bulk {
        return R::count_legal_moves(pos, list) as u64;
    }
    R::legal_moves(pos, list);
    let mut nodes = 0;
    for mv in list.iter() {
        nodes += count::<R>(&pos.after(mv), depth - 1, rest, bulk);
    }
    nodes
}
