//! The search: iterative deepening over a negamax alpha-beta with principal-variation search
//! and aspiration windows at the root, a transposition table (shared with the helper threads
//! of [`super::threads`]), move ordering (hash move, captures, killers, history), late-move
//! reductions, internal iterative reduction, an extension for single replies, a quiescence
//! search on captures, and the draw rules of the rule set (repetition, the counters) inside
//! the tree; positions the endgame tables cover score their value below the root (the probe
//! hook, `probe_tables`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::{Weights, evaluate_for};
use super::tt::{self, Bound, Table};
use crate::EngineRules;
use dama_core::rules::DrawCounters;
use dama_core::{Move, MoveList, Position};
use dama_tablebase::{EngineTables, Value};

/// A score above every evaluation: a win in 0 plies.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// The score of a win the endgame tables promise (less the ply and the table's distance):
/// above every evaluation, below every forced win the search itself has seen to the end.
pub const TABLE_WIN: i32 = MATE_BOUND - 1_000;
/// The deepest ply the search goes (extensions included).
pub const MAX_PLY: usize = 128;

/// The score, for the side to move at `ply`, of having no move: a loss there under the
/// federations' rules, a win where [`Rules::CANNOT_MOVE_WINS`](dama_core::Rules).
#[inline]
fn blocked_score<R: EngineRules>(ply: usize) -> i32 {
    let mate = MATE - ply as i32;
    if R::CANNOT_MOVE_WINS { mate } else { -mate }
}

/// The state of one search: tables, counters, the path of position keys.
pub struct Searcher<'t, R: EngineRules> {
    tt: &'t Table,
    /// Set by the main search to stop this one (the helpers of a multi-threaded search).
    helper_stop: Option<&'t AtomicBool>,
    lists: Vec<MoveList>,
    order: Vec<Vec<(i32, usize)>>,
    killers: [[u16; 2]; MAX_PLY],
    history: Box<[[i32; dama_core::bitboard::LAYOUT_BITS]; dama_core::bitboard::LAYOUT_BITS]>,
    /// Repetition keys: the game's reversible tail, then the search path.
    keys: Vec<u64>,
    pv: Vec<Vec<Move>>,
    /// Nodes searched.
    pub nodes: u64,
    deadline: Option<Instant>,
    /// The endgame tables: positions they cover below the root score their value.
    tables: Option<&'t EngineTables>,
    /// Positions below the root scored by the endgame tables.
    pub tb_hits: u64,
    /// The search stops once it has searched this many nodes.
    node_limit: u64,
    /// The evaluation's weights.
    weights: Weights,
    /// Set from outside (another thread) to stop the search as if its time were up.
    stop: Option<Arc<AtomicBool>>,
    /// Set when the deadline passed; every result after that is discarded.
    pub stopped: bool,
    /// The root move searched first (the last depth's best), whatever the table holds.
    root_first: Option<Move>,
    _rules: std::marker::PhantomData<R>,
}

/// The root of a search: a position and what its history says about draws.
#[derive(Clone, Debug)]
pub struct Root {
    /// The position.
    pub pos: Position,
    /// Its draw counters.
    pub counters: DrawCounters,
    /// Keys of earlier positions since the last irreversible move, oldest first.
    pub history: Vec<u64>,
}

/// The half-width of the root's first aspiration window, in hundredths of a man.
const ASPIRATION_WINDOW: i32 = 25;

/// Plies added to a node's depth for the horizon within which its draw counters could fire
/// (the extensions and the quiescence search go beyond the nominal depth), see
/// [`tt::table_key`].
const COUNTER_MARGIN: i32 = 8;

/// The divisor of the late-move reduction formula (smaller reduces more).
const LMR_DIVISOR: f64 = 1.2;

/// From this depth on, a node without a move from the table (none stored, or none found) is
/// searched one ply shallower: internal iterative reduction.
const IIR_DEPTH: i32 = 5;

/// The late-move reductions by depth and move index (both below 64), from
/// [`reduction_formula`].
static REDUCTIONS: std::sync::LazyLock<Box<[[i8; 64]; 64]>> = std::sync::LazyLock::new(|| {
    let mut table = Box::new([[0i8; 64]; 64]);
    for (depth, row) in table.iter_mut().enumerate() {
        for (index, r) in row.iter_mut().enumerate() {
            *r = reduction_formula(depth.max(1) as i32, index.max(1)) as i8;
        }
    }
    table
});

/// The late-move reduction for the `index`-th move at `depth`: about
/// `0.5 + ln(depth) * ln(index) / LMR_DIVISOR`, at least 1.
fn reduction_formula(depth: i32, index: usize) -> i32 {
    let r = 0.5 + (depth as f64).ln() * (index as f64).ln() / LMR_DIVISOR;
    (r as i32).max(1)
}

#[inline]
fn reduction(depth: i32, index: usize) -> i32 {
    i32::from(REDUCTIONS[depth.clamp(1, 63) as usize][index.min(63)])
}

#[inline]
fn compact(mv: &Move) -> u16 {
    (u16::from(mv.from().bit()) << 8) | u16::from(mv.to().bit())
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'t, R: EngineRules> Searcher<'t, R> {
    /// A searcher using `tt`, stopping at `deadline` if any.
    pub fn new(tt: &'t Table, deadline: Option<Instant>) -> Self {
        Searcher {
            tt,
            helper_stop: None,
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            order: vec![Vec::new(); MAX_PLY + 1],
            killers: [[0; 2]; MAX_PLY],
            history: Box::new(
                [[0; dama_core::bitboard::LAYOUT_BITS]; dama_core::bitboard::LAYOUT_BITS],
            ),
            keys: Vec::with_capacity(256),
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            deadline,
            tables: None,
            tb_hits: 0,
            node_limit: u64::MAX,
            weights: Weights::DEFAULT,
            stop: None,
            stopped: false,
            root_first: None,
            _rules: std::marker::PhantomData,
        }
    }

    /// Sets the endgame tables probed below the root (`None`, as a new searcher has: a plain
    /// search).
    pub fn set_tables(&mut self, tables: Option<&'t EngineTables>) {
        self.tables = tables;
    }

    /// Stops the search after `limit` nodes (`None`: no limit).
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// Evaluates with `weights`.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Searches `mv` first at the root (the last completed depth's best move). Then a root
    /// move that raises alpha in a depth the clock cuts short has beaten that move at the
    /// new depth, and may be played; the table's own entry for the root (its best move) may
    /// have been overwritten by then, and is not relied on.
    pub fn set_root_first(&mut self, mv: Option<Move>) {
        self.root_first = mv;
    }

    /// Stops the search, as if its time were up, once `stop` is set (from any thread).
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Stops the search once `stop` is set: the main search's signal to its helper threads
    /// (looked at every 1024 nodes).
    pub fn set_helper_stop(&mut self, stop: &'t AtomicBool) {
        self.helper_stop = Some(stop);
    }

    /// Sets (or lifts, with `None`) the time at which the search stops.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    // ---- The endgame tables' probe hook (src/tablebase): the score of a covered position
    // with its draw counters, from the side to move's view; `None` when not covered.
    #[inline]
    fn probe_tables(&mut self, pos: &Position, counters: &DrawCounters, ply: usize) -> Option<i32> {
        let tables = self.tables?;
        if pos.occupied().count() > dama_tablebase::MAX_PIECES {
            return None;
        }
        let value = tables.value::<R>(pos, counters)?;
        self.tb_hits += 1;
        let won = |n: u32| TABLE_WIN - ply as i32 - n.min(500) as i32;
        Some(match value {
            Value::Win(n) => won(n),
            Value::Loss(n) => -won(n),
            Value::Draw => 0,
        })
    }
    // ---- end of the probe hook.

    /// The principal variation of the last completed search.
    pub fn pv(&self) -> &[Move] {
        &self.pv[0]
    }

    /// Ages the history scores between iterations.
    pub fn age(&mut self) {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 4;
            }
        }
    }

    /// Searches `root` to `depth` in the window (`alpha`, `beta`); the score is from the side
    /// to move's view. Meaningless if [`Searcher::stopped`] is set afterwards.
    pub fn search_root(&mut self, root: &Root, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.keys.clear();
        self.keys.extend_from_slice(&root.history);
        let key = tt::position_key(&root.pos);
        self.keys.push(key);
        let reversible = root.history.len();
        self.search(
            &root.pos,
            key,
            &root.counters,
            depth,
            alpha,
            beta,
            0,
            reversible,
        )
    }

    /// Searches `root` to `depth`: first in a window around `guess` (the last depth's score),
    /// widened on the side that fails until the score falls inside; the full window from the
    /// first depths and around won or lost scores.
    pub fn aspiration(&mut self, root: &Root, depth: i32, guess: i32) -> i32 {
        if depth < 4 || guess.abs() >= TABLE_WIN - 1_000 {
            return self.search_root(root, depth, -MATE - 1, MATE + 1);
        }
        let mut delta = ASPIRATION_WINDOW;
        let mut alpha = guess - delta;
        let mut beta = guess + delta;
        loop {
            let score = self.search_root(root, depth, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-MATE - 1);
            } else if score >= beta {
                beta = (beta + delta).min(MATE + 1);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 400 {
                alpha = -MATE - 1;
                beta = MATE + 1;
            }
        }
    }

    /// Scores every root move with a full window at `depth` (for the levels that add noise).
    pub fn score_root_moves(&mut self, root: &Root, depth: i32) -> Vec<(Move, i32)> {
        let mut moves = MoveList::new();
        R::legal_moves(&root.pos, &mut moves);
        let mut scored = Vec::with_capacity(moves.len());
        let mut replies = MoveList::new();
        for mv in moves.iter() {
            let after = root.pos.after(mv);
            let irreversible = root.pos.is_irreversible(mv);
            let child = Root {
                pos: after,
                counters: R::next_counters(&root.counters, &root.pos, mv, &after),
                history: if irreversible {
                    Vec::new()
                } else {
                    let mut h = root.history.clone();
                    h.push(tt::position_key(&root.pos));
                    h
                },
            };
            // The child is one ply from the root: the draw rules apply to it as to any node
            // below the root, and its win/loss distances are one ply longer.
            R::legal_moves(&after, &mut replies);
            let child_key = tt::position_key(&after);
            let repeated = R::REPETITION_DRAW
                && !irreversible
                && root
                    .history
                    .iter()
                    .rev()
                    .step_by(2)
                    .any(|&k| k == child_key);
            let score = if replies.is_empty() {
                -blocked_score::<R>(1)
            } else if R::counters_draw(&child.counters).is_some() || repeated {
                0
            } else {
                let s = -self.search_root(&child, depth - 1, -INF, INF);
                if s > MATE_BOUND {
                    s - 1
                } else if s < -MATE_BOUND {
                    s + 1
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            scored.push((*mv, score));
        }
        scored
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && (self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
                || self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed))
                || self.helper_stop.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn is_repetition(&self, key: u64, reversible: usize) -> bool {
        let top = self.keys.len() - 1;
        let mut back = 2;
        while back <= reversible && back <= top {
            if self.keys[top - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        key: u64,
        counters: &DrawCounters,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        reversible: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;

        let quiescence = depth <= 0;
        let mut list = std::mem::take(&mut self.lists[ply]);
        // The quiescence search needs only the captures, and whether a plain move exists.
        let (any_capture, all_captures) = if quiescence {
            let quiet = R::legal_captures(pos, &mut list);
            if list.is_empty() && !quiet {
                self.lists[ply] = list;
                return blocked_score::<R>(ply);
            }
            (!list.is_empty(), !quiet)
        } else {
            R::legal_moves(pos, &mut list);
            if list.is_empty() {
                self.lists[ply] = list;
                return blocked_score::<R>(ply);
            }
            let captures = list.iter().filter(|m| m.is_capture()).count();
            (captures > 0, captures == list.len())
        };
        if ply > 0
            && (R::counters_draw(counters).is_some()
                || (R::REPETITION_DRAW && self.is_repetition(key, reversible)))
        {
            self.lists[ply] = list;
            return 0;
        }
        if ply > 0
            && let Some(score) = self.probe_tables(pos, counters, ply)
        {
            self.lists[ply] = list;
            return score;
        }
        if ply >= MAX_PLY - 1 {
            self.lists[ply] = list;
            return evaluate_for::<R>(pos, &self.weights);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            self.lists[ply] = list;
            return alpha;
        }

        let mut best = -INF;
        if quiescence {
            if !any_capture {
                self.lists[ply] = list;
                return evaluate_for::<R>(pos, &self.weights);
            }
            if !all_captures {
                // Optional captures: the side may also stand pat.
                best = evaluate_for::<R>(pos, &self.weights);
                if best >= beta {
                    self.lists[ply] = list;
                    return best;
                }
                alpha = alpha.max(best);
            }
        }

        // The quiescence search does not use the table.
        let tt_key = if quiescence {
            0
        } else {
            tt::table_key::<R>(key, counters, depth + COUNTER_MARGIN)
        };
        let mut hash_move = u8::MAX;
        if !quiescence && let Some(entry) = self.tt.probe(tt_key) {
            hash_move = entry.best;
            if ply > 0 && i32::from(entry.depth) >= depth {
                let score = from_tt(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    self.lists[ply] = list;
                    return score;
                }
            }
        }

        // Internal iterative reduction: without a table move the ordering is poor and the node
        // likely unimportant; a shallower search is cheaper and fills the table for next time.
        let depth = if !quiescence && ply > 0 && hash_move == u8::MAX && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };
        // Single replies (a forced capture, most often) are searched one ply deeper; other
        // captures are resolved by the quiescence search at the leaves.
        let extension = i32::from(!quiescence && list.len() == 1);

        // Move ordering scores.
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        let killers = self.killers[ply];
        let root_first = if ply == 0 { self.root_first } else { None };
        for (i, mv) in list.iter().enumerate() {
            let s = if root_first.is_some_and(|first| first == *mv) {
                i32::MAX
            } else if i == usize::from(hash_move) {
                1 << 30
            } else if mv.is_capture() {
                let kings = (mv.captured() & pos.all_kings()).count() as i32;
                (1 << 28) + 1000 * mv.captured().count() as i32 + 500 * kings
            } else if compact(mv) == killers[0] {
                (1 << 27) + 1
            } else if compact(mv) == killers[1] {
                1 << 27
            } else {
                self.history[mv.from().bit() as usize][mv.to().bit() as usize]
            };
            order.push((s, i));
        }

        let original_alpha = alpha;
        let mut best_index = u8::MAX;
        for i in 0..list.len() {
            // Pick the best remaining move.
            let mut pick = i;
            for j in i + 1..order.len() {
                if order[j].0 > order[pick].0 {
                    pick = j;
                }
            }
            order.swap(i, pick);
            let (ordering_score, index) = order[i];
            let mv = list[index];
            if quiescence && !mv.is_capture() {
                break;
            }

            let child = pos.after(&mv);
            let child_key = tt::key_after(key, pos, &mv, &child);
            let child_counters = R::next_counters(counters, pos, &mv, &child);
            let irreversible = pos.is_irreversible(&mv);
            let child_reversible = if irreversible { 0 } else { reversible + 1 };
            let new_depth = depth - 1 + extension;
            self.keys.push(child_key);
            let score = if i == 0 {
                -self.search(
                    &child,
                    child_key,
                    &child_counters,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_reversible,
                )
            } else {
                let reduction = if !quiescence
                    && depth >= 3
                    && i >= 2
                    && !mv.is_capture()
                    && ordering_score < 1 << 27
                {
                    reduction(depth, i).min(new_depth - 1)
                } else {
                    0
                };
                let mut score = -self.search(
                    &child,
                    child_key,
                    &child_counters,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_reversible,
                );
                if score > alpha && reduction > 0 {
                    score = -self.search(
                        &child,
                        child_key,
                        &child_counters,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        child_reversible,
                    );
                }
                if score > alpha && score < beta {
                    score = -self.search(
                        &child,
                        child_key,
                        &child_counters,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        child_reversible,
                    );
                }
                score
            };
            self.keys.pop();
            if self.stopped {
                self.order[ply] = order;
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_index = index.min(254) as u8;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if !mv.is_capture() {
                            let c = compact(&mv);
                            if self.killers[ply][0] != c {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = c;
                            }
                            let h =
                                &mut self.history[mv.from().bit() as usize][mv.to().bit() as usize];
                            *h = (*h + depth * depth).min(1 << 26);
                        }
                        break;
                    }
                }
            }
        }

        if !quiescence {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(tt_key, to_tt(best, ply), depth, bound, best_index);
        }
        self.order[ply] = order;
        self.lists[ply] = list;
        best
    }
}
