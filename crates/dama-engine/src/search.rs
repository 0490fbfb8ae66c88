//! The search: iterative deepening over a negamax alpha-beta with principal-variation search
//! and aspiration windows at the root, a transposition table (shared with the helper threads
//! of [`super::threads`]), move ordering (hash move, captures, killers, history), late-move
//! reductions, internal iterative reduction, an extension for single replies, a quiescence
//! search on captures, and the draw rules of the rule set (repetition, the counters) inside
//! the tree; positions the endgame tables cover score their value below the root (the probe
//! hook, `probe_tables`).

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::tt::{self, Bound, Table};
use crate::EngineRules;
use crate::evaluator::{Evaluator, score_for_mover};
use dama_core::rules::DrawCounters;
use dama_core::{Board, Board8, MoveListOn, MoveOn, PositionOn};
use dama_tablebase::{EngineTables, TableBoard, Value};

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

/// The state of one search: tables, counters, the path of position keys, and per ply the
/// move lists and the evaluator's state.
pub struct Searcher<'t, R: EngineRules, E: Evaluator<R::Board>> {
    tt: &'t Table,
    /// Set by the main search to stop this one (the helpers of a multi-threaded search).
    helper_stop: Option<&'t AtomicBool>,
    /// The static evaluation, shared with the other threads.
    evaluator: &'t E,
    /// The evaluator's state per ply: the root's set by [`Searcher::search_root`], each
    /// child's brought up to date as its move is made ([`Evaluator::update`]). Empty until
    /// the first search.
    accs: Vec<E::Acc>,
    lists: Vec<MoveListOn<R::Board>>,
    order: Vec<Vec<(i32, usize)>>,
    killers: [[u16; 2]; MAX_PLY],
    /// From-square × to-square, by the squares' bits (every board's fit in [`HISTORY_BITS`]).
    history: Box<[[i32; HISTORY_BITS]; HISTORY_BITS]>,
    /// Repetition keys: the game's reversible tail, then the search path.
    keys: Vec<u64>,
    pv: Vec<Vec<MoveOn<R::Board>>>,
    /// Nodes searched.
    pub nodes: u64,
    deadline: Option<Instant>,
    /// The endgame tables: positions they cover below the root score their value.
    tables: Option<&'t EngineTables>,
    /// Positions below the root scored by the endgame tables.
    pub tb_hits: u64,
    /// The search stops once it has searched this many nodes.
    node_limit: u64,
    /// Set from outside (another thread) to stop the search as if its time were up.
    stop: Option<Arc<AtomicBool>>,
    /// Set when the deadline passed; every result after that is discarded.
    pub stopped: bool,
    /// The root move searched first (the last depth's best), whatever the table holds.
    root_first: Option<MoveOn<R::Board>>,
    _rules: std::marker::PhantomData<R>,
}

/// The root of a search: a position and what its history says about draws.
#[derive(Clone, Debug)]
pub struct Root<B: Board = Board8> {
    /// The position.
    pub pos: PositionOn<B>,
    /// Its draw counters.
    pub counters: DrawCounters,
    /// Keys of earlier positions since the last irreversible move, oldest first.
    pub history: Vec<u64>,
}

/// One root move scored by [`Searcher::score_root_lines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine<B: Board = Board8> {
    /// The score, from the root's side to move's view.
    pub score: i32,
    /// The root move, then its principal variation.
    pub pv: Vec<MoveOn<B>>,
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

// ---- Move ordering: the scores of the moves fall in bands, highest first: the root's first
// move, the table's move, the captures, the killers, then the quiet moves by their history.
// Every score of a band is above every score of the bands below it (checked below), and the
// late-move reductions rely on it: they apply to the quiet moves ordered below
// [`KILLER_BAND`], by their history alone.

/// The ordering score of the root move searched first ([`Searcher::set_root_first`]).
const ROOT_FIRST_SCORE: i32 = i32::MAX;
/// The ordering score of the table's move.
const HASH_MOVE_SCORE: i32 = 1 << 30;
/// The lowest ordering score of a capture: it scores this, plus [`CAPTURED_PIECE_SCORE`]
/// for each piece it takes and [`CAPTURED_KING_SCORE`] more for each king among them.
const CAPTURE_BAND: i32 = 1 << 28;
/// What each piece a capture takes adds to its ordering score.
const CAPTURED_PIECE_SCORE: i32 = 1000;
/// What each king a capture takes adds to its ordering score, beyond
/// [`CAPTURED_PIECE_SCORE`].
const CAPTURED_KING_SCORE: i32 = 500;
/// The ordering score of the second killer move; the first scores one more.
const KILLER_BAND: i32 = 1 << 27;
/// The highest history score of a quiet move (which orders it): below the killers.
const HISTORY_MAX: i32 = 1 << 26;
/// The most pieces one capture can take, for the bands' check: one on every square.
const MAX_CAPTURED: i32 = 32;
const _: () = {
    assert!(HISTORY_MAX < KILLER_BAND);
    assert!(KILLER_BAND + 1 < CAPTURE_BAND);
    assert!(
        CAPTURE_BAND + MAX_CAPTURED * (CAPTURED_PIECE_SCORE + CAPTURED_KING_SCORE)
            < HASH_MOVE_SCORE
    );
    assert!(HASH_MOVE_SCORE < ROOT_FIRST_SCORE);
};

/// Late-move reductions apply at nodes of at least this depth ...
const LMR_MIN_DEPTH: i32 = 3;
/// ... to the moves searched from this index on (the first two are never reduced) that are
/// quiet and ordered below [`KILLER_BAND`].
const LMR_FROM_MOVE: usize = 2;

/// Once the step by which a failing aspiration window widens (doubling from
/// [`ASPIRATION_WINDOW`]) exceeds this, the window opens to the full range.
const ASPIRATION_MAX_STEP: i32 = 400;

/// Scores from this on (in absolute value) are wins or losses the tables or the search have
/// found: the root searches them without an aspiration window.
const WON: i32 = TABLE_WIN - 1_000;

/// A table win's (or loss's) distance counts at most this many plies in its score, which thus
/// stays above [`WON`] (checked below), above every evaluation.
const TABLE_DISTANCE_CAP: u32 = 500;
const _: () = assert!(TABLE_WIN - MAX_PLY as i32 - TABLE_DISTANCE_CAP as i32 > WON);

/// The search looks at its clock and its stop flags every this many nodes (a power of two).
const CHECK_INTERVAL: u64 = 1024;

/// Rows and columns of the history table: one per bit of a `u64` layout, enough for every
/// board ([`Board::LAYOUT_BITS`]: 36 on 8×8, 55 on 10×10).
const HISTORY_BITS: usize = 64;
const _: () = assert!(dama_core::Board10::LAYOUT_BITS <= HISTORY_BITS);

/// The index of no move, in the table's entries and as a node's best move.
const NO_MOVE: u8 = u8::MAX;

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
fn compact<B: Board>(mv: &MoveOn<B>) -> u16 {
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

impl<'t, R: EngineRules, E: Evaluator<R::Board>> Searcher<'t, R, E> {
    /// A searcher using `tt` and evaluating with `evaluator`, stopping at `deadline` if any.
    pub fn new(tt: &'t Table, evaluator: &'t E, deadline: Option<Instant>) -> Self {
        Searcher {
            tt,
            helper_stop: None,
            evaluator,
            accs: Vec::new(),
            lists: (0..MAX_PLY + 1).map(|_| MoveListOn::new()).collect(),
            order: vec![Vec::new(); MAX_PLY + 1],
            killers: [[0; 2]; MAX_PLY],
            history: Box::new([[0; HISTORY_BITS]; HISTORY_BITS]),
            keys: Vec::with_capacity(256),
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            deadline,
            tables: None,
            tb_hits: 0,
            node_limit: u64::MAX,
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

    /// Searches `mv` first at the root (the last completed depth's best move). Then a root
    /// move that raises alpha in a depth the clock cuts short has beaten that move at the
    /// new depth, and may be played; the table's own entry for the root (its best move) may
    /// have been overwritten by then, and is not relied on.
    pub fn set_root_first(&mut self, mv: Option<MoveOn<R::Board>>) {
        self.root_first = mv;
    }

    /// Stops the search, as if its time were up, once `stop` is set (from any thread).
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Stops the search once `stop` is set: the main search's signal to its helper threads
    /// (looked at every [`CHECK_INTERVAL`] nodes).
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
    fn probe_tables(
        &mut self,
        pos: &PositionOn<R::Board>,
        counters: &DrawCounters,
        ply: usize,
    ) -> Option<i32> {
        let tables = self.tables?;
        if pos.occupied().count() > dama_tablebase::MAX_PIECES {
            return None;
        }
        let value = <R::Board as TableBoard>::value::<R>(tables, pos, counters)?;
        self.tb_hits += 1;
        let won = |n: u32| TABLE_WIN - ply as i32 - n.min(TABLE_DISTANCE_CAP) as i32;
        Some(match value {
            Value::Win(n) => won(n),
            Value::Loss(n) => -won(n),
            Value::Draw => 0,
        })
    }
    // ---- end of the probe hook.

    /// The principal variation of the last completed search.
    pub fn pv(&self) -> &[MoveOn<R::Board>] {
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
    pub fn search_root(&mut self, root: &Root<R::Board>, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.keys.clear();
        self.keys.extend_from_slice(&root.history);
        let key = tt::position_key(&root.pos);
        self.keys.push(key);
        let acc = self.evaluator.refresh(&root.pos);
        if self.accs.is_empty() {
            self.accs = vec![acc; MAX_PLY + 1];
        } else {
            self.accs[0] = acc;
        }
        self.search(&Node {
            pos: &root.pos,
            key,
            counters: &root.counters,
            depth,
            alpha,
            beta,
            ply: 0,
            reversible: root.history.len(),
        })
    }

    /// Searches `root` to `depth`: first in a window around `guess` (the last depth's score),
    /// widened on the side that fails until the score falls inside; the full window from the
    /// first depths and around won or lost scores.
    pub fn aspiration(&mut self, root: &Root<R::Board>, depth: i32, guess: i32) -> i32 {
        if depth < 4 || guess.abs() >= WON {
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
            if alpha < -MATE && beta > MATE {
                // The full window cannot fail: whatever came back is the score (a bound on
                // the re-searches whatever the evaluation gives).
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
            if delta > ASPIRATION_MAX_STEP {
                alpha = -MATE - 1;
                beta = MATE + 1;
            }
        }
    }

    /// Scores every root move with a full window at `depth` (for the levels that add noise).
    pub fn score_root_moves(
        &mut self,
        root: &Root<R::Board>,
        depth: i32,
    ) -> Vec<(MoveOn<R::Board>, i32)> {
        self.score_root_lines(root, depth)
            .into_iter()
            .map(|line| (line.pv[0], line.score))
            .collect()
    }

    /// Scores every root move with a full window at `depth`, each with its principal
    /// variation (the move, then the line the search found below it, as [`Searcher::pv`]
    /// gives the best one), in the generator's order (multi-PV analysis).
    pub fn score_root_lines(
        &mut self,
        root: &Root<R::Board>,
        depth: i32,
    ) -> Vec<RootLine<R::Board>> {
        let mut moves = MoveListOn::new();
        R::legal_moves(&root.pos, &mut moves);
        let mut scored = Vec::with_capacity(moves.len());
        let mut replies = MoveListOn::new();
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
            let mut pv = vec![*mv];
            let score = if replies.is_empty() {
                -blocked_score::<R>(1)
            } else if R::counters_draw(&child.counters).is_some() || repeated {
                0
            } else {
                let s = -self.search_root(&child, depth - 1, -INF, INF);
                // The child's search was a root of its own: its line is in `pv[0]`.
                pv.extend_from_slice(&self.pv[0]);
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
            scored.push(RootLine { score, pv });
        }
        scored
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CHECK_INTERVAL)
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

    /// Searches `node`: the negamax alpha-beta score of its position, from the side to move's
    /// view. The node's move list (`self.lists[ply]`) is lent to [`Searcher::search_node`]
    /// and put back whatever it returns.
    fn search(&mut self, node: &Node<R::Board>) -> i32 {
        self.pv[node.ply].clear();
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        let mut list = std::mem::take(&mut self.lists[node.ply]);
        let score = self.search_node(node, &mut list);
        self.lists[node.ply] = list;
        score
    }

    /// The steps of [`Searcher::search`], with the node's move list.
    fn search_node(&mut self, node: &Node<R::Board>, list: &mut MoveListOn<R::Board>) -> i32 {
        // The steps narrow this copy's window and reduce its depth.
        let mut node = *node;
        let Some(moves) = self.generate(&node, list) else {
            return blocked_score::<R>(node.ply);
        };
        if let Some(score) = self.decided_before_moves(&mut node) {
            return score;
        }
        let best = match self.stand_pat(&mut node, moves) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(best) => best,
        };
        let probe = match self.probe_table(&node) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(probe) => probe,
        };
        node.depth = iir_depth(&node, probe.hash_move);
        // Single replies (a forced capture, most often) are searched one ply deeper; other
        // captures are resolved by the quiescence search at the leaves.
        let extension = i32::from(!node.quiescence() && list.len() == 1);

        let mut order = std::mem::take(&mut self.order[node.ply]);
        self.order_moves(&node, list, probe.hash_move, &mut order);
        let searched = self.search_moves(&node, list, &mut order, extension, best);
        self.order[node.ply] = order;
        let Some((best, best_index)) = searched else {
            // Stopped: the score is discarded.
            return 0;
        };
        if !node.quiescence() {
            self.store(&node, probe.key, best, best_index);
        }
        best
    }

    /// Generates the node's moves into `list`: all of them, or in the quiescence search only
    /// the captures (and whether a plain move exists). `None` when the side has no move.
    #[inline]
    fn generate(&self, node: &Node<R::Board>, list: &mut MoveListOn<R::Board>) -> Option<Moves> {
        if node.quiescence() {
            let quiet = R::legal_captures(node.pos, list);
            if list.is_empty() && !quiet {
                return None;
            }
            Some(Moves {
                any_capture: !list.is_empty(),
                all_captures: !quiet,
            })
        } else {
            R::legal_moves(node.pos, list);
            if list.is_empty() {
                return None;
            }
            let captures = list.iter().filter(|m| m.is_capture()).count();
            Some(Moves {
                any_capture: captures > 0,
                all_captures: captures == list.len(),
            })
        }
    }

    /// The node's score when it is decided before its moves are looked at: a draw by the
    /// rules, a position the endgame tables cover, the deepest ply, or a window closed by the
    /// mate distance (which otherwise narrows the node's window).
    #[inline]
    fn decided_before_moves(&mut self, node: &mut Node<R::Board>) -> Option<i32> {
        if node.ply > 0
            && (R::counters_draw(node.counters).is_some()
                || (R::REPETITION_DRAW && self.is_repetition(node.key, node.reversible)))
        {
            return Some(0);
        }
        if node.ply > 0
            && let Some(score) = self.probe_tables(node.pos, node.counters, node.ply)
        {
            return Some(score);
        }
        if node.ply >= MAX_PLY - 1 {
            return Some(self.evaluate(node));
        }
        // Mate-distance pruning.
        node.alpha = node.alpha.max(-(MATE - node.ply as i32));
        node.beta = node.beta.min(MATE - node.ply as i32 - 1);
        (node.alpha >= node.beta).then_some(node.alpha)
    }

    /// The score the node's moves must beat (`-INF` but in the quiescence search): there, a
    /// side without a capture scores the evaluation, and a side whose captures are optional
    /// may stand pat (the evaluation then raises alpha, or cuts at beta). `Break` with the
    /// node's score when that decides it.
    #[inline]
    fn stand_pat(&self, node: &mut Node<R::Board>, moves: Moves) -> ControlFlow<i32, i32> {
        if !node.quiescence() || moves.all_captures {
            return ControlFlow::Continue(-INF);
        }
        let eval = self.evaluate(node);
        if !moves.any_capture || eval >= node.beta {
            return ControlFlow::Break(eval);
        }
        node.alpha = node.alpha.max(eval);
        ControlFlow::Continue(eval)
    }

    /// Looks the node up in the transposition table (not in the quiescence search): its key
    /// and move there, or `Break` with the stored score when it is deep enough to decide the
    /// node (below the root).
    #[inline]
    fn probe_table(&self, node: &Node<R::Board>) -> ControlFlow<i32, TableProbe> {
        let none = TableProbe {
            key: 0,
            hash_move: NO_MOVE,
        };
        if node.quiescence() {
            return ControlFlow::Continue(none);
        }
        let key = tt::table_key::<R>(node.key, node.counters, node.depth + COUNTER_MARGIN);
        let Some(entry) = self.tt.probe(key) else {
            return ControlFlow::Continue(TableProbe { key, ..none });
        };
        if node.ply > 0 && i32::from(entry.depth) >= node.depth {
            let score = from_tt(entry.score, node.ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= node.beta,
                Bound::Upper => score <= node.alpha,
                Bound::None => false,
            };
            if cut {
                return ControlFlow::Break(score);
            }
        }
        ControlFlow::Continue(TableProbe {
            key,
            hash_move: entry.best,
        })
    }

    /// Fills `order` with each move's ordering score and index in `list` (the bands of
    /// [`HASH_MOVE_SCORE`] and the constants after it).
    #[inline]
    fn order_moves(
        &self,
        node: &Node<R::Board>,
        list: &MoveListOn<R::Board>,
        hash_move: u8,
        order: &mut Vec<(i32, usize)>,
    ) {
        let killers = self.killers[node.ply];
        let root_first = if node.ply == 0 { self.root_first } else { None };
        let score = |i: usize, mv: &MoveOn<R::Board>| {
            if root_first.is_some_and(|first| first == *mv) {
                ROOT_FIRST_SCORE
            } else if i == usize::from(hash_move) {
                HASH_MOVE_SCORE
            } else if mv.is_capture() {
                let kings = (mv.captured() & node.pos.all_kings()).count() as i32;
                CAPTURE_BAND
                    + CAPTURED_PIECE_SCORE * mv.captured().count() as i32
                    + CAPTURED_KING_SCORE * kings
            } else if compact(mv) == killers[0] {
                KILLER_BAND + 1
            } else if compact(mv) == killers[1] {
                KILLER_BAND
            } else {
                *self.history_of(mv)
            }
        };
        // One `extend` (its length known): pushing each score cost the search about 2.7% more
        // instructions.
        order.clear();
        order.extend(list.iter().enumerate().map(|(i, mv)| (score(i, mv), i)));
    }

    /// The move loop: searches the moves best ordered first (only the captures in the
    /// quiescence search), raising alpha from the node's and `best` from the given floor, until
    /// one reaches beta. The best score and the index of the move that last raised alpha
    /// ([`NO_MOVE`] if none did); `None` when the search stopped.
    #[inline]
    fn search_moves(
        &mut self,
        node: &Node<R::Board>,
        list: &MoveListOn<R::Board>,
        order: &mut [(i32, usize)],
        extension: i32,
        mut best: i32,
    ) -> Option<(i32, u8)> {
        let quiescence = node.quiescence();
        let mut alpha = node.alpha;
        let mut best_index = NO_MOVE;
        for i in 0..list.len() {
            let (ordering_score, index) = pick_next(order, i);
            let mv = list[index];
            if quiescence && !mv.is_capture() {
                break;
            }
            // Late-move reductions: for the late quiet moves ordered by their history alone.
            let reducible = !quiescence
                && node.depth >= LMR_MIN_DEPTH
                && i >= LMR_FROM_MOVE
                && !mv.is_capture()
                && ordering_score < KILLER_BAND;
            let score = self.search_move(node, &mv, i, reducible, alpha, extension);
            if self.stopped {
                return None;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_index = index.min(usize::from(NO_MOVE) - 1) as u8;
                    self.extend_pv(node.ply, mv);
                    if alpha >= node.beta {
                        if !mv.is_capture() {
                            self.reward_quiet(node, &mv);
                        }
                        break;
                    }
                }
            }
        }
        Some((best, best_index))
    }

    /// The score of the `i`-th move searched at `node`, whose alpha is now `alpha`: the first
    /// with the full window, the others with a null window first (reduced if `reducible`),
    /// searched again when they beat alpha.
    #[inline]
    fn search_move(
        &mut self,
        node: &Node<R::Board>,
        mv: &MoveOn<R::Board>,
        i: usize,
        reducible: bool,
        alpha: i32,
        extension: i32,
    ) -> i32 {
        let pos = node.pos;
        let after = pos.after(mv);
        self.update_acc(node.ply, pos, mv, &after);
        let counters = R::next_counters(node.counters, pos, mv, &after);
        let new_depth = node.depth - 1 + extension;
        let mut child = Node {
            pos: &after,
            key: tt::key_after(node.key, pos, mv, &after),
            counters: &counters,
            depth: new_depth,
            alpha: -node.beta,
            beta: -alpha,
            ply: node.ply + 1,
            reversible: if pos.is_irreversible(mv) {
                0
            } else {
                node.reversible + 1
            },
        };
        self.keys.push(child.key);
        let score = if i == 0 {
            -self.search(&child)
        } else {
            let reduction = if reducible {
                reduction(node.depth, i).min(new_depth - 1)
            } else {
                0
            };
            // A null window first, at the reduced depth; ...
            child.alpha = -alpha - 1;
            child.depth = new_depth - reduction;
            let mut score = -self.search(&child);
            // ... at the full depth if it beat alpha reduced; ...
            child.depth = new_depth;
            if score > alpha && reduction > 0 {
                score = -self.search(&child);
            }
            // ... with the full window if it beats alpha but not beta.
            if score > alpha && score < node.beta {
                child.alpha = -node.beta;
                score = -self.search(&child);
            }
            score
        };
        self.keys.pop();
        score
    }

    /// The node's static evaluation from the side to move's view, clamped
    /// ([`score_for_mover`]), with the evaluator's state at its ply.
    #[inline]
    fn evaluate(&self, node: &Node<R::Board>) -> i32 {
        let white = self.evaluator.evaluate(&self.accs[node.ply], node.pos);
        score_for_mover(node.pos, white)
    }

    /// Brings the evaluator's state of ply `ply + 1` up to date: `after` is the position at
    /// `ply`, `before`, with `mv` played.
    #[inline]
    fn update_acc(
        &mut self,
        ply: usize,
        before: &PositionOn<R::Board>,
        mv: &MoveOn<R::Board>,
        after: &PositionOn<R::Board>,
    ) {
        let (done, next) = self.accs.split_at_mut(ply + 1);
        self.evaluator
            .update(&done[ply], before, mv, after, &mut next[0]);
    }

    /// The principal variation at `ply`: `mv`, then the child's.
    #[inline]
    fn extend_pv(&mut self, ply: usize, mv: MoveOn<R::Board>) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// A quiet move reached beta at `node`: it becomes the first killer there, and its
    /// history grows by the depth squared (up to [`HISTORY_MAX`]).
    #[inline]
    fn reward_quiet(&mut self, node: &Node<R::Board>, mv: &MoveOn<R::Board>) {
        let c = compact(mv);
        let killers = &mut self.killers[node.ply];
        if killers[0] != c {
            killers[1] = killers[0];
            killers[0] = c;
        }
        let depth = node.depth;
        let h = self.history_of_mut(mv);
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }

    /// The history score of the quiet move `mv` (its from and to squares').
    #[inline]
    fn history_of(&self, mv: &MoveOn<R::Board>) -> &i32 {
        &self.history[mv.from().bit() as usize][mv.to().bit() as usize]
    }

    /// The history score of `mv`, to change.
    #[inline]
    fn history_of_mut(&mut self, mv: &MoveOn<R::Board>) -> &mut i32 {
        &mut self.history[mv.from().bit() as usize][mv.to().bit() as usize]
    }

    /// Stores the node's result in the transposition table under `key`: `best`, bounded by
    /// the node's window (as it was before the move loop), and the index of its best move.
    /// (Always inlined: as a call it cost the search about 0.7% more instructions.)
    #[inline(always)]
    fn store(&self, node: &Node<R::Board>, key: u64, best: i32, best_index: u8) {
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > node.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, to_tt(best, node.ply), node.depth, bound, best_index);
    }
}

/// A node of the search: its position with what the draw rules need, and the search asked
/// of it.
#[derive(Clone, Copy)]
struct Node<'a, B: Board> {
    pos: &'a PositionOn<B>,
    /// The position's key.
    key: u64,
    counters: &'a DrawCounters,
    /// The plies left to search (0 or fewer: the quiescence search).
    depth: i32,
    alpha: i32,
    beta: i32,
    /// Plies from the root.
    ply: usize,
    /// Plies since the last irreversible move: how far back a repetition may be.
    reversible: usize,
}

impl<B: Board> Node<'_, B> {
    #[inline]
    fn quiescence(&self) -> bool {
        self.depth <= 0
    }
}

/// What a node's moves are (in the quiescence search: its captures).
#[derive(Clone, Copy)]
struct Moves {
    /// Whether some move captures.
    any_capture: bool,
    /// Whether every legal move captures (no plain move, in the quiescence search).
    all_captures: bool,
}

/// What the transposition table gives a node.
#[derive(Clone, Copy)]
struct TableProbe {
    /// The node's key in the table (0 in the quiescence search, which does not use it).
    key: u64,
    /// The index of the table's move, or [`NO_MOVE`].
    hash_move: u8,
}

/// The node's depth after internal iterative reduction: without a table move the ordering is
/// poor and the node likely unimportant; a shallower search is cheaper and fills the table
/// for next time.
#[inline]
fn iir_depth<B: Board>(node: &Node<'_, B>, hash_move: u8) -> i32 {
    if !node.quiescence() && node.ply > 0 && hash_move == NO_MOVE && node.depth >= IIR_DEPTH {
        node.depth - 1
    } else {
        node.depth
    }
}

/// Moves the best-scored of `order[i..]` to `i` (the first best, on equal scores) and returns
/// it. (A plain loop keeping the best score: the indexed comparison `order[j].0 >
/// order[pick].0` compiled to about 1.7% more instructions for the whole search.)
#[inline]
fn pick_next(order: &mut [(i32, usize)], i: usize) -> (i32, usize) {
    let mut pick = i;
    let mut best = order[i].0;
    let mut j = i + 1;
    while j < order.len() {
        let score = order[j].0;
        if score > best {
            pick = j;
            best = score;
        }
        j += 1;
    }
    order.swap(i, pick);
    order[i]
}
