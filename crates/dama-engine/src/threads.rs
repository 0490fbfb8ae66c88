//! Lazy SMP: helper threads that search the same root as the main search, each with its own
//! move-ordering tables, sharing the transposition table ([`Table`] is lock-free). They speed
//! the main search up by filling the table with results it would otherwise compute itself.
//! Only the main search's result is used; the helpers stop when it is done.
//!
//! Each helper deepens step by step like the main search, but never stays behind it: its next
//! depth is at least the main search's current one (helpers 1, 3, …), or one more (helpers 2,
//! 4, …). With two threads the helper thus searches the main search's depth alongside it, in
//! its own order (its killers and history differ), and each finds the other's results in the
//! table: measured, the main search then needs about 1.5 times fewer nodes to reach a depth
//! (`docs/engine.md`). A helper one ply ahead did less (1.2 times).

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::thread::Scope;

use super::search::{MATE, MAX_PLY, Root, Searcher};
use super::tt::Table;
use crate::EngineRules;
use crate::evaluator::Evaluator;
use dama_tablebase::EngineTables;

/// The most threads one search uses.
pub const MAX_THREADS: usize = 64;

/// What the helpers share with the main search.
pub struct Shared<'env, E> {
    /// The transposition table.
    pub table: &'env Table,
    /// Set when the main search is done.
    pub stop: &'env AtomicBool,
    /// The depth the main search is at.
    pub main_depth: &'env AtomicI32,
    /// The evaluator.
    pub evaluator: &'env E,
    /// The endgame tables probed below the root.
    pub tables: Option<&'env EngineTables>,
}

// By hand: derived, they would ask the evaluator to be `Copy` too.
impl<E> Clone for Shared<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Shared<'_, E> {}

/// Starts helper number `helper` (from 1) on `root` in `scope`; it searches deeper and
/// deeper, keeping up with the main search's depth, until told to stop.
pub fn spawn_helper<'scope, 'env: 'scope, R: EngineRules, E: Evaluator<R::Board>>(
    scope: &'scope Scope<'scope, 'env>,
    helper: usize,
    shared: Shared<'env, E>,
    root: &Root<R::Board>,
) {
    let root = root.clone();
    scope.spawn(move || {
        let mut searcher = Searcher::<R, E>::new(shared.table, shared.evaluator, None);
        searcher.set_tables(shared.tables);
        searcher.set_helper_stop(shared.stop);
        let ahead = ((helper + 1) % 2) as i32;
        let mut depth = 0;
        while !shared.stop.load(Ordering::Relaxed) {
            depth = (depth + 1).max(shared.main_depth.load(Ordering::Relaxed) + ahead);
            if depth >= MAX_PLY as i32 / 2 {
                break;
            }
            searcher.age();
            searcher.search_root(&root, depth, -MATE - 1, MATE + 1);
        }
    });
}
