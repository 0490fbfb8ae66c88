//! The computer opponent: a game-tree search over any [`Rules`](crate::Rules).

use std::time::Duration;

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
