//! Multi-PV analysis: every root move scored at each depth, the best `count` reported in
//! order (`dama analyze --multipv N`).
//!
//! Each root move is searched with a full window to the depth less one
//! ([`Searcher::score_root_lines`]; the levels with noise score their moves the same way), so the scores of the
//! lines are exact at that depth, not bounds. The best line is the first of the sorted list
//! (ties keep the generator's order), so `--multipv 1` and `--multipv 3` name the same move.
//! Each line carries its principal variation: the root move, then the line the search of
//! that move found (the triangular PV of its own full-window search, as the single-PV search
//! gives the best line), so `--multipv 1`'s line is the first line of `--multipv 3`.

use crate::{EngineBoard, EngineRules, Evaluator, WithEvaluator};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::search::{Root, RootLine, Searcher};
use super::tt::Table;
use super::{Engine, Score, TABLE_BITS, hard_limit, level, reversible_history};
use dama_core::game::Game;
use dama_core::{Board, Board8, MoveListOn, MoveOn};
use dama_tablebase::EngineTables;

/// What a multi-PV search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiInfo<B: Board = Board8> {
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The best lines, best first.
    pub lines: Vec<Line<B>>,
}

/// One line of a multi-PV report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<B: Board = Board8> {
    /// Its score, from the side to move's view.
    pub score: Score,
    /// The root move, then the principal variation below it (never empty).
    pub pv: Vec<MoveOn<B>>,
}

impl Engine {
    /// Searches the game's position, reporting the best `count` root moves (at least one)
    /// after each depth; returns the best move (`None` when there is none). Honours the
    /// limits (depth, move time, nodes) and the stop flag as [`Engine::analyze`] does.
    pub fn analyze_multipv<R: EngineRules>(
        &mut self,
        game: &Game<R>,
        count: usize,
        mut on_depth: impl FnMut(&MultiInfo<R::Board>),
    ) -> Option<MoveOn<R::Board>> {
        let started = Instant::now();
        let mut moves = MoveListOn::new();
        game.legal_moves(&mut moves);
        let mut best = *moves.first()?;
        let plan = level::plan(&self.limits);
        let deadline = plan.movetime.map(|t| started + hard_limit(t));
        let root = Root {
            pos: *game.position(),
            counters: *game.counters(),
            history: reversible_history(game),
        };
        let evaluation = self.evaluation::<R>();
        let tables = self.root_tables(game);
        let bits = self.table_bits.unwrap_or(TABLE_BITS);
        let table: &Table = self.table.get_or_insert_with(|| Table::new(bits));
        let search = MultiPvSearch::<R> {
            table,
            tables: tables.as_deref(),
            stop: self.stop.clone(),
            root: &root,
            plan: &plan,
            deadline,
            count,
            on_depth: &mut on_depth,
        };
        if let Some(found) = <R::Board as EngineBoard>::with_evaluator::<R, _>(&evaluation, search)
        {
            best = found;
        }
        Some(best)
    }
}

/// The multi-PV search of [`Engine::analyze_multipv`], to run with the evaluator that the
/// engine's evaluation gives ([`EngineBoard::with_evaluator`]): the best move of the last
/// completed depth (`None` if none completed).
struct MultiPvSearch<'a, R: EngineRules> {
    table: &'a Table,
    tables: Option<&'a EngineTables>,
    stop: Option<Arc<AtomicBool>>,
    root: &'a Root<R::Board>,
    plan: &'a level::Plan,
    deadline: Option<Instant>,
    count: usize,
    on_depth: &'a mut dyn FnMut(&MultiInfo<R::Board>),
}

impl<R: EngineRules> WithEvaluator<R::Board> for MultiPvSearch<'_, R> {
    type Output = Option<MoveOn<R::Board>>;

    fn run<E: Evaluator<R::Board>>(self, evaluator: &E) -> Option<MoveOn<R::Board>> {
        let mut best = None;
        let mut searcher = Searcher::<R, E>::new(self.table, evaluator, None);
        searcher.set_tables(self.tables);
        for depth in 1..=self.plan.depth {
            if depth == 2 {
                searcher.set_deadline(self.deadline);
                searcher.set_node_limit(self.plan.nodes);
                searcher.set_stop(self.stop.clone());
            }
            searcher.age();
            let mut scored = searcher.score_root_lines(self.root, depth as i32);
            if searcher.stopped || scored.is_empty() {
                break;
            }
            sort_lines(&mut scored);
            best = Some(scored[0].pv[0]);
            (self.on_depth)(&MultiInfo {
                depth,
                nodes: searcher.nodes,
                lines: scored
                    .into_iter()
                    .take(self.count.max(1))
                    .map(|RootLine { score, pv }| Line {
                        score: Score::from_internal(score),
                        pv,
                    })
                    .collect(),
            });
        }
        best
    }
}

/// Sorts root lines best first; a stable sort, so equal scores keep the generator's order.
/// Generic over the board only: the sort is compiled once per board, not once per rule set.
fn sort_lines<B: Board>(lines: &mut [RootLine<B>]) {
    lines.sort_by_key(|line| std::cmp::Reverse(line.score));
}
