//! The computer opponent: a game-tree search over any rule set
//! ([`BoardRules`](dama_core::BoardRules)) on any board (8×8, 10×10).
//!
//! The engine sees positions only through the rules trait and the [`Game`] (for the history
//! that repetition draws need); it knows nothing of notation or the consoles.
//!
//! - the endgame tables ([`dama_tablebase`]): a covered position is played from them
//!   without a search, and covered positions below the root score their value;
//! - [`search`]: iterative deepening, alpha-beta with principal-variation search, the
//!   transposition table of [`tt`], move ordering, extensions and quiescence, draws;
//! - [`evaluator`]: the evaluation as a value the engine owns ([`Evaluation`],
//!   [`Engine::set_evaluation`]) and the [`Evaluator`] trait the search calls, with a state
//!   per ply; [`eval`]: the 8×8 evaluation, with its [`weights`] and [`patterns`];
//!   [`eval10`]: the 10×10 one (international draughts); [`EngineRules`]: what the engine
//!   knows of a rule set, the evaluation it plays by default included;
//! - [`level`]: the strength levels 1–10; [`clock`]: the time per move on a clock;
//! - [`minimax`]: the seed's plain 4-ply material minimax, kept as a yardstick.
//!
//! See `docs/engine.md` for the details and the measured figures.

pub mod clock;
pub mod eval;
pub mod eval10;
pub mod evaluation;
pub mod evaluator;
mod knowledge;
pub mod level;
pub mod material;
pub mod minimax;
pub mod multipv;
pub mod patterns;
pub mod search;
pub mod threads;
pub mod tt;
pub mod weights;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

pub use self::clock::TimeControl;
pub use self::eval10::{INTERNATIONAL, Weights10};
pub use self::evaluation::{EngineBoard, Evaluation, WithEvaluator};
pub use self::evaluator::Evaluator;
pub use self::knowledge::EngineRules;
pub use self::weights::Weights;
pub use dama_tablebase::Tablebase;

use self::search::{MATE, MATE_BOUND, Root, Searcher};
use self::tt::Table;
use dama_core::game::Game;
use dama_core::{Board, Board8, Color, MoveListOn, MoveOn, PositionOn};
use dama_tablebase::{EngineTables, TableBoard};

/// How long or how deep the engine may think.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A strength level, 1 (beginner) to 10 (full strength).
    pub level: Option<u8>,
    /// An exact search depth in plies.
    pub depth: Option<u32>,
    /// A time per move.
    pub movetime: Option<Duration>,
    /// A budget of search nodes per move (the search stops once it is spent).
    pub nodes: Option<u64>,
    /// A clock: the engine shares the time left over the game's moves itself
    /// ([`clock::allot`]).
    pub time: Option<TimeControl>,
}

/// A search result's score, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in hundredths of a man.
    Value(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl Score {
    /// The score of an internal search value.
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Win((MATE - score).max(0) as u32)
        } else if score < -MATE_BOUND {
            Score::Loss((MATE + score).max(0) as u32)
        } else {
            Score::Value(score)
        }
    }
}

impl fmt::Display for Score {
    /// `123`, `win 7` or `loss 8`, as `dama analyze` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

/// What the search reports after each completed depth (the moves of the board `B`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<B: Board = Board8> {
    /// The depth completed.
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<MoveOn<B>>,
    /// Positions scored by the endgame tables (the root's own move from the tables counts 1).
    pub tbhits: u64,
}

/// log2 of the transposition table's entries (16 bytes each: 16 MiB).
const TABLE_BITS: u32 = 20;
/// Share of the time given to a move on a clock after which no new iteration starts.
const SOFT_SHARE: f64 = 0.65;
/// Share of the move time at which a running search is stopped.
const HARD_SHARE: f64 = 0.9;
/// Time kept back from the move time for what comes before and after the search (starting
/// the process, allocating the table, printing).
const RESERVE: Duration = Duration::from_millis(12);
/// A smaller table for short move times, whose allocation would be a noticeable share.
const SMALL_TABLE_BITS: u32 = 18;

/// When a search with move time `t` must stop, counted from its start: 90% of the time, and
/// at least [`RESERVE`] before its end, but never less than half of it.
fn hard_limit(t: Duration) -> Duration {
    t.mul_f64(HARD_SHARE)
        .min(t.saturating_sub(RESERVE))
        .max(t / 2)
        .max(Duration::from_micros(200))
}
/// Roots with at most this many pieces probe the endgame tables in their search.
const TABLES_FROM_PIECES: u32 = 10;
/// Longest think for answering or making a draw offer.
const DRAW_THINK: Duration = Duration::from_millis(250);
/// Scores within this of zero count as level when deciding on draws.
const DRAW_MARGIN: i32 = 30;

/// The computer player.
pub struct Engine {
    limits: Limits,
    table: Option<Table>,
    rng: u64,
    /// The endgame tables probed (none by default: [`Engine::with_tables`]).
    tables: Option<Arc<Tablebase>>,
    /// Set by [`Engine::set_evaluation`]; `None`: the rule set's own
    /// ([`EngineRules::default_evaluation`]).
    evaluation: Option<Evaluation>,
    /// With a clock: the time left for white and for black (`None`: the base time).
    clock_left: [Option<Duration>; 2],
    /// Threads searching each move (1: the main search alone, reproducible).
    threads: usize,
    stop: Option<Arc<AtomicBool>>,
    /// Set by [`Engine::set_table_bits`]; `None`: chosen by the move time.
    table_bits: Option<u32>,
    /// Whether a position with one legal move is searched all the same (for analysis).
    search_forced: bool,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// Keys of the game's positions since the last capture or man move, without the current one.
fn reversible_history<R: EngineRules>(game: &Game<R>) -> Vec<u64> {
    let positions: Vec<_> = game.positions().copied().collect();
    let moves: Vec<MoveOn<R::Board>> = game.moves().copied().collect();
    let mut start = 0;
    for (i, mv) in moves.iter().enumerate() {
        let before = &positions[i];
        if before.is_irreversible(mv) {
            start = i + 1;
        }
    }
    positions[start..positions.len() - 1]
        .iter()
        .map(tt::position_key)
        .collect()
}

/// Half-moves at the end of the game with no capture and no man move.
pub fn plies_without_progress<R: EngineRules>(game: &Game<R>) -> usize {
    let positions: Vec<_> = game.positions().copied().collect();
    let moves: Vec<MoveOn<R::Board>> = game.moves().copied().collect();
    moves
        .iter()
        .enumerate()
        .rev()
        .take_while(|(i, mv)| {
            let before = &positions[*i];
            !before.is_irreversible(mv)
        })
        .count()
}

/// The endgame tables' move and score in the game's position, if they cover it now (never
/// waiting for a table: the small classes are built on a thread of their own).
/// On a board without tables ([`TableBoard::HAS_TABLES`] false) there are none.
fn table_move<R: EngineRules>(
    tables: &Tablebase,
    game: &Game<R>,
) -> Option<(MoveOn<R::Board>, Score)> {
    let pos = game.position();
    if !R::Board::HAS_TABLES || pos.occupied().count() > dama_tablebase::MAX_PIECES {
        return None;
    }
    let tables = <R::Board as TableBoard>::engine_tables::<R>(tables)?;
    let history = reversible_history(game);
    let seen = |child: &PositionOn<R::Board>| {
        let key = tt::position_key(child);
        history.iter().filter(|&&k| k == key).count()
    };
    let (mv, value) =
        <R::Board as TableBoard>::best_move::<R>(&tables, pos, game.counters(), seen)?;
    let score = match value {
        dama_tablebase::Value::Win(n) => Score::Win(n),
        dama_tablebase::Value::Loss(n) => Score::Loss(n),
        dama_tablebase::Value::Draw => Score::Value(0),
    };
    Some((mv, score))
}

/// When a search stops: from its start, at the hard limit of the move time; on a clock, no
/// new depth after the soft share.
#[derive(Clone, Copy, Debug)]
struct TimePlan {
    started: Instant,
    /// When a running search is stopped (from depth 2 on).
    deadline: Option<Instant>,
    /// On a clock: the time after which no new depth starts.
    soft: Option<Duration>,
}

impl TimePlan {
    fn new(started: Instant, limits: &Limits, plan: &level::Plan) -> TimePlan {
        TimePlan {
            started,
            deadline: plan.movetime.map(|t| started + hard_limit(t)),
            // On a clock, time not used now is kept for later moves: no new depth after the
            // soft share. With a fixed move time nothing is saved: the search runs to the hard
            // limit, an unfinished depth still giving the better root move it proved.
            soft: limits
                .time
                .and(plan.movetime)
                .map(|t| t.mul_f64(SOFT_SHARE)),
        }
    }

    /// Whether a new depth may start.
    fn may_deepen(&self) -> bool {
        self.soft.is_none_or(|soft| self.started.elapsed() < soft)
    }
}

/// What the main search's iterative deepening runs with.
struct Deepening<'a, B: Board> {
    root: &'a Root<B>,
    /// The deepest iteration.
    max_depth: u32,
    /// The levels' noise: above 0, every root move is scored (for [`Engine::noisy_pick`]).
    noise: i32,
    time: TimePlan,
    /// The node budget (from depth 2 on).
    nodes: Option<u64>,
    /// A caller's signal to stop (from depth 2 on).
    stop: Option<Arc<AtomicBool>>,
}

/// What the iterative deepening found.
struct Deepened<B: Board> {
    /// The best move and its score.
    best: (MoveOn<B>, i32),
    /// With noise: every root move's score at the last completed depth.
    noisy: Vec<(MoveOn<B>, i32)>,
}

/// The main search with its helpers ([`search_with_helpers`]), to run with the evaluator that
/// the engine's evaluation gives ([`EngineBoard::with_evaluator`]).
struct MainSearch<'a, R: EngineRules> {
    table: &'a Table,
    tables: Option<&'a EngineTables>,
    helpers: usize,
    deepening: &'a Deepening<'a, R::Board>,
    first: MoveOn<R::Board>,
    on_info: &'a mut dyn FnMut(&Info<R::Board>),
}

impl<R: EngineRules> WithEvaluator<R::Board> for MainSearch<'_, R> {
    type Output = Deepened<R::Board>;

    fn run<E: Evaluator<R::Board>>(self, evaluator: &E) -> Deepened<R::Board> {
        search_with_helpers::<R, E>(
            threads::Shared {
                table: self.table,
                stop: &AtomicBool::new(false),
                main_depth: &AtomicI32::new(1),
                evaluator,
                tables: self.tables,
            },
            self.helpers,
            self.deepening,
            self.first,
            self.on_info,
        )
    }
}

/// Runs the main search (iterative deepening, on this thread) with `helpers` helper threads
/// beside it sharing `shared`; the helpers stop when it is done. `first`: the move played if
/// not even depth 1 completes (it always does).
fn search_with_helpers<R: EngineRules, E: Evaluator<R::Board>>(
    shared: threads::Shared<'_, E>,
    helpers: usize,
    deepening: &Deepening<'_, R::Board>,
    first: MoveOn<R::Board>,
    on_info: &mut dyn FnMut(&Info<R::Board>),
) -> Deepened<R::Board> {
    std::thread::scope(|scope| {
        for helper in 1..=helpers {
            threads::spawn_helper::<R, E>(scope, helper, shared, deepening.root);
        }
        let mut searcher = Searcher::<R, E>::new(shared.table, shared.evaluator, None);
        searcher.set_tables(shared.tables);
        let deepened = deepen(&mut searcher, deepening, shared.main_depth, first, on_info);
        // `shared.stop`: the main search's signal to its helpers (a caller's signal to the
        // main search is `deepening.stop`).
        shared.stop.store(true, Ordering::Relaxed);
        deepened
    })
}

/// The main search's iterative deepening: depth after depth to the deepest allowed, reporting
/// each completed one, until the time, the node budget or a stop signal ends it, or a forced
/// win or loss is seen to its end.
fn deepen<R: EngineRules, E: Evaluator<R::Board>>(
    searcher: &mut Searcher<'_, R, E>,
    deepening: &Deepening<'_, R::Board>,
    main_depth: &AtomicI32,
    first: MoveOn<R::Board>,
    on_info: &mut dyn FnMut(&Info<R::Board>),
) -> Deepened<R::Board> {
    let mut best: (MoveOn<R::Board>, i32) = (first, 0);
    let mut noisy = Vec::new();
    // Depth 1 is always completed (a few hundred nodes at most): however short the move time
    // or small the node budget, the move played has been searched. The clock and the budget
    // apply from depth 2 on.
    for depth in 1..=deepening.max_depth {
        main_depth.store(depth as i32, Ordering::Relaxed);
        if depth == 2 {
            searcher.set_deadline(deepening.time.deadline);
            searcher.set_node_limit(deepening.nodes);
            searcher.set_stop(deepening.stop.clone());
        }
        let completed = if deepening.noise > 0 {
            score_every_move(searcher, deepening.root, depth, &mut noisy)
        } else {
            search_best_move(searcher, deepening.root, depth, &mut best)
        };
        let Some((score, pv)) = completed else {
            break;
        };
        if let Some(mv) = pv.first() {
            best = (*mv, score);
        }
        on_info(&Info {
            depth,
            score: Score::from_internal(score),
            nodes: searcher.nodes,
            pv,
            tbhits: searcher.tb_hits,
        });
        if score.abs() > MATE_BOUND && depth as i32 > MATE - score.abs() + 8 {
            break;
        }
        if !deepening.time.may_deepen() {
            break;
        }
    }
    Deepened { best, noisy }
}

/// One depth of the levels with noise: every root move scored into `scored`; the best score
/// and move, or `None` when the search stopped first (or there is no move).
fn score_every_move<R: EngineRules, E: Evaluator<R::Board>>(
    searcher: &mut Searcher<'_, R, E>,
    root: &Root<R::Board>,
    depth: u32,
    scored: &mut Vec<(MoveOn<R::Board>, i32)>,
) -> Option<(i32, Vec<MoveOn<R::Board>>)> {
    let moves = searcher.score_root_moves(root, depth as i32);
    if searcher.stopped {
        return None;
    }
    *scored = moves;
    let &(mv, score) = scored.iter().max_by_key(|(_, s)| *s)?;
    Some((score, vec![mv]))
}

/// One depth of the full-strength search, the last depth's `best` first in an aspiration
/// window around its score: the score and the principal variation, or `None` when the search
/// stopped first (keeping in `best` a better move the unfinished depth proved).
fn search_best_move<R: EngineRules, E: Evaluator<R::Board>>(
    searcher: &mut Searcher<'_, R, E>,
    root: &Root<R::Board>,
    depth: u32,
    best: &mut (MoveOn<R::Board>, i32),
) -> Option<(i32, Vec<MoveOn<R::Board>>)> {
    searcher.age();
    searcher.set_root_first((depth > 1).then_some(best.0));
    let score = searcher.aspiration(root, depth as i32, best.1);
    if searcher.stopped {
        if let Some(mv) = searcher.pv().first() {
            best.0 = *mv;
        }
        return None;
    }
    Some((score, searcher.pv().to_vec()))
}

impl Engine {
    /// An engine that thinks within `limits`.
    pub fn new(limits: Limits) -> Engine {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Engine::with_seed(limits, clock)
    }

    /// An engine whose random choices (at the low levels) follow `seed`.
    pub fn with_seed(limits: Limits, seed: u64) -> Engine {
        Engine {
            limits,
            table: None,
            rng: Engine::rng_state(seed),
            tables: None,
            evaluation: None,
            clock_left: [None; 2],
            threads: 1,
            stop: None,
            table_bits: None,
            search_forced: false,
        }
    }

    /// Searches with `n` threads (at least 1): the main search and `n - 1` helpers sharing
    /// its transposition table (Lazy SMP, see [`threads`]). With one thread (the default) a
    /// search is reproducible; with more it is not.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, threads::MAX_THREADS);
    }

    /// The number of threads searching each move.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The limits it thinks within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits (the engine keeps what it has learnt).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The engine with the endgame tables `tables` (positions they cover are played from
    /// them, and covered positions below the root score their value).
    pub fn with_tables(mut self, tables: Arc<Tablebase>) -> Engine {
        self.tables = Some(tables);
        self
    }

    /// The engine with `n` threads ([`Engine::set_threads`]).
    pub fn with_threads(mut self, n: usize) -> Engine {
        self.set_threads(n);
        self
    }

    /// Sets the endgame tables (`None`, as a new engine has: the search alone).
    pub fn set_tables(&mut self, tables: Option<Arc<Tablebase>>) {
        self.tables = tables;
    }

    /// The endgame tables, if the engine has them.
    pub fn tables(&self) -> Option<&Arc<Tablebase>> {
        self.tables.as_ref()
    }

    /// A flag that, once set (from any thread), ends the running search: the engine then
    /// plays the best move it has found so far. Clearing the flag is the caller's business.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// Gives the transposition table 2^`bits` entries of 16 bytes (allocated now; clamped to
    /// 10..=30), instead of a size chosen by the move time.
    pub fn set_table_bits(&mut self, bits: u32) {
        let bits = bits.clamp(10, 30);
        self.table_bits = Some(bits);
        self.table = Some(Table::new(bits));
    }

    /// The same, with a table that cannot be allocated (the memory is not there) refused
    /// instead of ending the process: then the engine keeps the table and size it had.
    pub fn try_set_table_bits(
        &mut self,
        bits: u32,
    ) -> Result<(), std::collections::TryReserveError> {
        let bits = bits.clamp(10, 30);
        let table = Table::try_new(bits)?;
        self.table_bits = Some(bits);
        self.table = Some(table);
        Ok(())
    }

    /// Whether a position with one legal move is searched within the limits like any other
    /// (for analysis: its score and line), instead of answered at once (the default).
    pub fn set_search_forced(&mut self, on: bool) {
        self.search_forced = on;
    }

    /// Forgets the transposition table alone (the clock stays): a search after it does not
    /// depend on the searches before it.
    pub fn clear_table(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// Forgets the transposition table and resets the clock (for a new game).
    pub fn clear(&mut self) {
        self.clear_table();
        self.clock_left = [None; 2];
    }

    fn rng_state(seed: u64) -> u64 {
        seed ^ 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// Makes the random choices (at the low levels) follow `seed` from now on, as
    /// [`Engine::with_seed`] does.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Engine::rng_state(seed);
    }

    /// Evaluates with `evaluation` from now on, under every rule set of the board it fits
    /// ([`Evaluation::fits`]). A rule set of another board keeps its own evaluation
    /// ([`EngineRules::default_evaluation`]): 8×8 weights do not name 10×10 squares.
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = Some(evaluation);
    }

    /// The engine evaluating with `evaluation` ([`Engine::set_evaluation`]).
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Engine {
        self.set_evaluation(evaluation);
        self
    }

    /// The evaluation the engine plays `R` with: the one set by [`Engine::set_evaluation`]
    /// if it fits `R`'s board, else the rule set's own
    /// ([`EngineRules::default_evaluation`]).
    pub fn evaluation<R: EngineRules>(&self) -> Evaluation {
        match &self.evaluation {
            Some(evaluation) if evaluation.fits::<R::Board>() => evaluation.clone(),
            _ => R::default_evaluation(),
        }
    }

    /// With a clock ([`Limits::time`]): the time `side` has left by the engine's account
    /// (`None` before its first move on the clock).
    pub fn clock_left(&self, side: Color) -> Option<Duration> {
        self.clock_left[side.index()]
    }

    /// With a clock ([`Limits::time`]): sets the time `side` has left (a referee's reading).
    /// Without one, the engine keeps its own account, from the base time.
    pub fn set_clock(&mut self, side: Color, left: Duration) {
        self.clock_left[side.index()] = Some(left);
    }

    fn random(&mut self) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Searches the game's current position, calling `on_info` after each depth, and returns
    /// the best move (`None` when there is no legal move or the game is over).
    pub fn analyze<R: EngineRules>(
        &mut self,
        game: &Game<R>,
        mut on_info: impl FnMut(&Info<R::Board>),
    ) -> Option<MoveOn<R::Board>> {
        // One copy of the search per rule set and evaluator, whatever the caller's closure.
        let on_info: &mut dyn FnMut(&Info<R::Board>) = &mut on_info;
        let mut limits = self.limits;
        let Some(tc) = limits.time else {
            return self.think(game, &limits, on_info).map(|(mv, _)| mv);
        };
        let started = Instant::now();
        let side = game.turn().index();
        let left = self.clock_left[side].unwrap_or(tc.base);
        let made = (game.moves().len() / 2) as u32;
        let share = clock::allot(left, tc.increment, made, tc.moves_to_go(made));
        limits.movetime = Some(limits.movetime.map_or(share, |t| t.min(share)));
        let best = self.think(game, &limits, on_info).map(|(mv, _)| mv);
        let credit = tc.increment + tc.credit_after(made + 1);
        self.clock_left[side] = Some(left.saturating_sub(started.elapsed()) + credit);
        best
    }

    /// Searches within `limits`; returns the move and its score.
    fn think<R: EngineRules>(
        &mut self,
        game: &Game<R>,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info<R::Board>),
    ) -> Option<(MoveOn<R::Board>, Score)> {
        let started = Instant::now();
        let mut moves = MoveListOn::new();
        game.legal_moves(&mut moves);
        let first = *moves.first()?;
        let plan = level::plan(limits);
        if plan.noise == 0
            && let Some(answer) = self.table_answer(game, on_info)
        {
            return Some(answer);
        }
        let time = TimePlan::new(started, limits, &plan);
        let root = Root {
            pos: *game.position(),
            counters: *game.counters(),
            history: reversible_history(game),
        };
        let deepening = Deepening {
            root: &root,
            max_depth: if moves.len() == 1 && !self.search_forced {
                1
            } else {
                plan.depth
            },
            noise: plan.noise,
            time,
            nodes: plan.nodes,
            stop: self.stop.clone(),
        };
        // The levels with noise score every root move on one thread.
        let helpers = if plan.noise > 0 {
            0
        } else {
            self.threads.max(1) - 1
        };
        let evaluation = self.evaluation::<R>();
        let tables = self.root_tables(game);
        let bits = self.table_bits(&plan);
        let table: &Table = self.table.get_or_insert_with(|| Table::new(bits));
        let deepened = <R::Board as EngineBoard>::with_evaluator::<R, _>(
            &evaluation,
            MainSearch::<R> {
                table,
                tables: tables.as_deref(),
                helpers,
                deepening: &deepening,
                first,
                on_info,
            },
        );
        let best = if plan.noise > 0 && !deepened.noisy.is_empty() {
            self.noisy_pick(&deepened.noisy, plan.noise, deepened.best)
        } else {
            deepened.best
        };
        Some((best.0, Score::from_internal(best.1)))
    }

    /// The endgame tables' move and score when they cover the game's position (reported as
    /// a depth-1 line).
    fn table_answer<R: EngineRules>(
        &self,
        game: &Game<R>,
        on_info: &mut dyn FnMut(&Info<R::Board>),
    ) -> Option<(MoveOn<R::Board>, Score)> {
        let (mv, score) = table_move(self.tables.as_ref()?, game)?;
        on_info(&Info {
            depth: 1,
            score,
            nodes: 0,
            pv: vec![mv],
            tbhits: 1,
        });
        Some((mv, score))
    }

    /// The endgame tables probed below the root: with few enough pieces, a few captures from
    /// the root can reach their positions (the small classes are built on the side, not
    /// waited for, and used once ready). None on a board without tables.
    fn root_tables<R: EngineRules>(&self, game: &Game<R>) -> Option<Arc<EngineTables>> {
        match &self.tables {
            Some(tables) if game.position().occupied().count() <= TABLES_FROM_PIECES => {
                <R::Board as TableBoard>::engine_tables::<R>(tables)
            }
            _ => None,
        }
    }

    /// log2 of the transposition table's entries: as set, else by the move time.
    fn table_bits(&self, plan: &level::Plan) -> u32 {
        match (self.table_bits, plan.movetime) {
            (Some(bits), _) => bits,
            (None, Some(t)) if t < Duration::from_millis(250) => SMALL_TABLE_BITS,
            _ => TABLE_BITS,
        }
    }

    /// The levels' pick among the root moves scored at the last depth: the best after a
    /// random change of at most `noise` to each score (none to won or lost ones).
    fn noisy_pick<B: Board>(
        &mut self,
        scored: &[(MoveOn<B>, i32)],
        noise: i32,
        best: (MoveOn<B>, i32),
    ) -> (MoveOn<B>, i32) {
        let mut pick = best;
        let mut pick_value = i32::MIN;
        for &(mv, score) in scored {
            let jitter = if score.abs() > MATE_BOUND {
                0
            } else {
                (self.random() % (2 * noise as u64 + 1)) as i32 - noise
            };
            if score + jitter > pick_value {
                pick_value = score + jitter;
                pick = (mv, score);
            }
        }
        pick
    }

    /// The move the engine plays in the game's current position.
    pub fn choose_move<R: EngineRules>(&mut self, game: &Game<R>) -> Option<MoveOn<R::Board>> {
        self.analyze(game, |_| {})
    }

    /// A short full-strength search for the draw decisions.
    fn draw_score<R: EngineRules>(&mut self, game: &Game<R>) -> Option<Score> {
        let plan = level::plan(&self.limits);
        let movetime = plan.movetime.map_or(DRAW_THINK, |t| t.min(DRAW_THINK));
        let limits = Limits {
            level: None,
            depth: Some(plan.depth.max(4)),
            movetime: Some(movetime),
            nodes: None,
            time: None,
        };
        self.think(game, &limits, &mut |_| {})
            .map(|(_, score)| score)
    }

    /// Whether the engine, playing `side`, accepts a draw its opponent offers in `game`
    /// (whoever is to move: a person offers on their own turn).
    ///
    /// It accepts when its search finds itself worse (or lost), or level in an ending of at
    /// most eight pieces.
    pub fn accepts_draw<R: EngineRules>(&mut self, game: &Game<R>, side: Color) -> bool {
        let pieces = game.position().occupied().count();
        let ours = game.turn() == side;
        let score = self.draw_score(game).map(|score| match (ours, score) {
            (true, score) => score,
            (false, Score::Win(n)) => Score::Loss(n),
            (false, Score::Loss(n)) => Score::Win(n),
            (false, Score::Value(v)) => Score::Value(-v),
        });
        match score {
            None => !game.is_over(),
            Some(Score::Loss(_)) => true,
            Some(Score::Win(_)) => false,
            Some(Score::Value(v)) => v < -DRAW_MARGIN || (v <= DRAW_MARGIN && pieces <= 8),
        }
    }

    /// Whether the engine, as the side to move in `game`, offers a draw (a dead-drawn ending).
    ///
    /// As the seed's program does: with at most four pieces left and eight moves each
    /// without a capture or man move, it offers a draw unless it sees a win for itself; it
    /// offers again every further eight moves each.
    pub fn offers_draw<R: EngineRules>(&mut self, game: &Game<R>) -> bool {
        if game.is_over() || game.position().occupied().count() > 4 {
            return false;
        }
        let quiet = plies_without_progress(game);
        if quiet < 16 || (quiet - 16) % 16 >= 2 {
            return false;
        }
        match self.draw_score(game) {
            Some(Score::Value(v)) => v <= DRAW_MARGIN,
            Some(Score::Loss(_)) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_limit_keeps_a_reserve() {
        let ms = |n| Duration::from_millis(n);
        assert_eq!(hard_limit(ms(1000)), ms(900));
        assert_eq!(hard_limit(ms(100)), ms(88));
        assert_eq!(hard_limit(ms(20)), ms(10));
        assert!(hard_limit(Duration::ZERO) > Duration::ZERO);
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_with_a_legal_move() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut engine = Engine::with_seed(
            Limits {
                level: None,
                depth: Some(64),
                movetime: Some(Duration::from_secs(120)),
                ..Limits::default()
            },
            1,
        );
        engine.set_stop(Arc::clone(&stop));
        let game = Game::<dama_core::Czech>::default();
        let setter = {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            })
        };
        let mv = engine.choose_move(&game).expect("a move");
        setter.join().unwrap();
        let mut legal = dama_core::MoveList::new();
        game.legal_moves(&mut legal);
        assert!(legal.contains(&mv));
    }

    #[test]
    fn scores_print_as_analyze_wants() {
        assert_eq!(Score::Value(-12).to_string(), "-12");
        assert_eq!(Score::from_internal(MATE - 7).to_string(), "win 7");
        assert_eq!(Score::from_internal(-(MATE - 4)).to_string(), "loss 4");
    }
}
