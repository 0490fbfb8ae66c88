//! Perft: counting the leaves of the legal-move tree, to check move generation and time it.

use crate::{Move, MoveList, Position, Rules};

/// Reusable move lists, one per ply, so counting allocates nothing once warmed up.
#[derive(Default)]
struct Stack {
    lists: Vec<MoveList>,
}

impl Stack {
    fn with_depth(depth: u32) -> Stack {
        Stack {
            lists: (0..=depth).map(|_| MoveList::new()).collect(),
        }
    }
}

fn count<R: Rules>(pos: &Position, depth: u32, stack: &mut [MoveList], bulk: bool) -> u64 {
    let Some((list, rest)) = stack.split_first_mut() else {
        return 1;
    };
    if depth == 0 {
        return 1;
    }
    if depth == 1 && bulk {
        return R::count_legal_moves(pos, list) as u64;
    }
    if depth == 2
        && bulk
        && let Some(scratch) = rest.first_mut()
    {
        return R::count_replies(pos, list, scratch);
    }
    R::legal_moves(pos, list);
    let mut nodes = 0;
    for mv in list.iter() {
        nodes += count::<R>(&pos.after(mv), depth - 1, rest, bulk);
    }
    nodes
}

/// The number of leaves of the legal-move tree `depth` plies deep, counting the moves of the
/// last ply without playing them (bulk counting).
pub fn perft<R: Rules>(pos: &Position, depth: u32) -> u64 {
    let mut stack = Stack::with_depth(depth);
    count::<R>(pos, depth, &mut stack.lists, true)
}

/// The same count as [`perft`], playing every move down to the leaves (slower; for checking
/// bulk counting).
pub fn perft_full<R: Rules>(pos: &Position, depth: u32) -> u64 {
    let mut stack = Stack::with_depth(depth);
    count::<R>(pos, depth, &mut stack.lists, false)
}

/// The perft count under each legal move of `pos` (depth ≥ 1), in generation order.
pub fn divide<R: Rules>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut root = MoveList::new();
    R::legal_moves(pos, &mut root);
    let mut stack = Stack::with_depth(depth);
    root.iter()
        .map(|mv| {
            let nodes = count::<R>(
                &pos.after(mv),
                depth.saturating_sub(1),
                &mut stack.lists,
                true,
            );
            (*mv, nodes)
        })
        .collect()
}
