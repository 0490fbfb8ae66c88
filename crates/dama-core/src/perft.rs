//! Perft: counting the leaves of the legal-move tree, to check move generation and time it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::mv::{MoveListOn, MoveOn};
use crate::position::PositionOn;
use crate::rules::BoardRules;

pub use crate::rules::count_through_moves;

/// The number of leaves of the legal-move tree `depth` plies deep, counting the moves of the
/// last ply without playing them (bulk counting).
pub fn perft<R: BoardRules>(pos: &PositionOn<R::Board>, depth: u32) -> u64 {
    R::count_leaves(pos, depth)
}

/// The same count as [`perft`], playing every move down to the leaves (slower; for checking
/// bulk counting).
pub fn perft_full<R: BoardRules>(pos: &PositionOn<R::Board>, depth: u32) -> u64 {
    crate::rules::count_tree::<R>(pos, depth, false)
}

/// The perft count under each legal move of `pos` (depth ≥ 1), in generation order.
pub fn divide<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
) -> Vec<(MoveOn<R::Board>, u64)> {
    divide_parallel::<R>(pos, depth, 1)
}

/// [`divide`], each root move's count shared among `threads` threads.
pub fn divide_parallel<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    threads: usize,
) -> Vec<(MoveOn<R::Board>, u64)> {
    let mut root = MoveListOn::new();
    R::legal_moves(pos, &mut root);
    root.iter()
        .map(|mv| {
            let nodes = perft_parallel::<R>(&pos.after(mv), depth.saturating_sub(1), threads);
            (*mv, nodes)
        })
        .collect()
}

/// The same count as [`perft`], shared among `threads` threads: the positions two plies
/// down are the tasks, taken in turn by whichever thread is free.
pub fn perft_parallel<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    threads: usize,
) -> u64 {
    if threads <= 1 || depth < 5 {
        return perft::<R>(pos, depth);
    }
    let mut tasks = Vec::new();
    let (mut first, mut second) = (MoveListOn::new(), MoveListOn::new());
    R::legal_moves(pos, &mut first);
    for mv in first.iter() {
        let child = pos.after(mv);
        R::legal_moves(&child, &mut second);
        tasks.extend(second.iter().map(|reply| child.after(reply)));
    }
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut nodes = 0;
                while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    nodes += R::count_leaves(task, depth - 2);
                }
                total.fetch_add(nodes, Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}

/// The number of threads `dama perft` uses: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::{Czech, Russian, Spanish};

    #[test]
    fn the_default_count_through_moves_agrees() {
        let start = Position::initial();
        for depth in 0..=6 {
            assert_eq!(
                count_through_moves::<Czech>(&start, depth),
                perft::<Czech>(&start, depth)
            );
            assert_eq!(
                count_through_moves::<Russian>(&start, depth),
                perft::<Russian>(&start, depth)
            );
            assert_eq!(
                count_through_moves::<Spanish>(&start, depth),
                perft::<Spanish>(&start, depth)
            );
        }
    }

    #[test]
    fn threads_count_the_same() {
        let start = Position::initial();
        for depth in [5, 6] {
            assert_eq!(
                perft_parallel::<Czech>(&start, depth, 3),
                perft::<Czech>(&start, depth)
            );
            assert_eq!(
                perft_parallel::<Spanish>(&start, depth, 2),
                perft::<Spanish>(&start, depth)
            );
        }
        assert_eq!(
            divide_parallel::<Czech>(&start, 6, 2),
            divide::<Czech>(&start, 6)
        );
    }
}
