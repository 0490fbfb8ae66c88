//! The hint: a full-strength search of the position (level 10 on a fixed node budget, one
//! thread, a cleared transposition table), so that the same position always gets the same
//! move, whatever level the engine plays at. The engine's own limits and threads are put
//! back afterwards.

use dama_core::game::Game;
use dama_core::{Board, Board8, MoveOn};
use dama_engine::EngineRules;
use dama_engine::{Engine, Limits, Score};

/// The nodes a hint searches (a fraction of a second).
pub const HINT_NODES: u64 = 400_000;
/// The most half-moves of the expected line shown.
pub const HINT_LINE: usize = 8;

/// What the hint found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<B: Board = Board8> {
    /// The move suggested.
    pub mv: MoveOn<B>,
    /// Its score, from the side to move's view.
    pub score: Option<Score>,
    /// The line the search expects, the move first (at most [`HINT_LINE`] half-moves).
    pub pv: Vec<MoveOn<B>>,
}

/// Searches `game`'s position at full strength with `engine`; `None` when there is no move.
pub fn search<R: EngineRules>(engine: &mut Engine, game: &Game<R>) -> Option<Hint<R::Board>> {
    let limits = engine.limits();
    let threads = engine.threads();
    engine.set_limits(Limits {
        level: Some(10),
        nodes: Some(HINT_NODES),
        ..Limits::default()
    });
    engine.set_threads(1);
    engine.clear_table();
    let mut last = None;
    let mv = engine.analyze(game, |info| last = Some(info.clone()));
    engine.clear_table();
    engine.set_limits(limits);
    engine.set_threads(threads);
    let mv = mv?;
    let (score, mut pv) = match last {
        Some(info) if info.pv.first() == Some(&mv) => (Some(info.score), info.pv),
        Some(info) => (Some(info.score), vec![mv]),
        None => (None, vec![mv]),
    };
    pv.truncate(HINT_LINE);
    Some(Hint { mv, score, pv })
}
