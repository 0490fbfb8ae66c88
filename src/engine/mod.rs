//! The computer opponent: a game-tree search over any [`Rules`](crate::Rules).
//!
//! The engine sees positions only through the rules trait and the [`Game`] (for the history
//! that repetition draws need); it knows nothing of notation or the consoles.

use std::time::Duration;

use crate::game::Game;
use crate::{Move, MoveList, Rules};

/// How long or how deep the engine may think.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A strength level, 1 (beginner) to 10 (full strength).
    pub level: Option<u8>,
    /// An exact search depth in plies.
    pub depth: Option<u32>,
    /// A time per move.
    pub movetime: Option<Duration>,
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

/// What the search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The computer player.
#[derive(Debug)]
pub struct Engine {
    limits: Limits,
}

impl Engine {
    /// An engine that thinks within `limits`.
    pub fn new(limits: Limits) -> Engine {
        Engine { limits }
    }

    /// The limits it thinks within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Searches the game's current position, calling `on_info` after each depth, and returns
    /// the best move (`None` when there is no legal move or the game is over).
    pub fn analyze<R: Rules>(
        &mut self,
        game: &Game<R>,
        on_info: impl FnMut(&Info),
    ) -> Option<Move> {
        let _ = on_info;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        moves.first().copied()
    }

    /// The move the engine plays in the game's current position.
    pub fn choose_move<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        self.analyze(game, |_| {})
    }

    /// Whether the engine, as the side to move in `game`, accepts a draw its opponent offers.
    pub fn accepts_draw<R: Rules>(&mut self, game: &Game<R>) -> bool {
        let _ = game;
        false
    }

    /// Whether the engine, as the side to move in `game`, offers a draw (a dead-drawn ending).
    pub fn offers_draw<R: Rules>(&mut self, game: &Game<R>) -> bool {
        let _ = game;
        false
    }
}
