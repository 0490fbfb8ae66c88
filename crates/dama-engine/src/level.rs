//! Strength levels: what depth, time and randomness each level plays with.

use std::time::Duration;

use super::Limits;

/// The level used when no limit is given: it answers within about half a second.
pub const DEFAULT_LEVEL: u8 = 9;

/// What a level (or explicit limits) turns into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The time allowed, if limited.
    pub movetime: Option<Duration>,
    /// A node budget, if limited.
    pub nodes: Option<u64>,
    /// The largest random change added to each root move's score (hundredths of a man);
    /// 0 plays the best move.
    pub noise: i32,
}

/// Each level's depth, time in milliseconds (0: none) and noise.
pub const LEVELS: [(u32, u64, i32); 10] = [
    (1, 0, 150),
    (2, 0, 100),
    (3, 0, 60),
    (4, 0, 35),
    (6, 0, 20),
    (8, 0, 8),
    (64, 100, 0),
    (64, 250, 0),
    (64, 500, 0),
    (64, 1000, 0),
];

/// The deepest search any limit allows.
pub const MAX_DEPTH: u32 = 64;

/// The plan for `limits`: an explicit depth or time overrides the level's; with neither, the
/// level (default [`DEFAULT_LEVEL`]) decides.
pub fn plan(limits: &Limits) -> Plan {
    let explicit = limits.depth.is_some()
        || limits.movetime.is_some()
        || limits.nodes.is_some()
        || limits.time.is_some();
    let level = limits
        .level
        .unwrap_or(if explicit { 10 } else { DEFAULT_LEVEL })
        .clamp(1, 10);
    let (depth, ms, noise) = LEVELS[usize::from(level - 1)];
    let (depth, movetime) = if explicit {
        (
            limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            limits.movetime,
        )
    } else {
        (depth, (ms > 0).then(|| Duration::from_millis(ms)))
    };
    Plan {
        depth,
        movetime,
        nodes: limits.nodes,
        noise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_limits_override_the_level() {
        let p = plan(&Limits {
            level: Some(1),
            depth: Some(5),
            movetime: None,
            ..Limits::default()
        });
        assert_eq!((p.depth, p.movetime, p.noise), (5, None, 150));
        let p = plan(&Limits::default());
        assert_eq!(p.movetime, Some(Duration::from_millis(500)));
        assert_eq!(p.noise, 0);
        let p = plan(&Limits {
            level: None,
            depth: None,
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        });
        assert_eq!((p.depth, p.noise), (MAX_DEPTH, 0));
        let p = plan(&Limits {
            nodes: Some(5_000),
            ..Limits::default()
        });
        assert_eq!((p.nodes, p.movetime, p.noise), (Some(5_000), None, 0));
        assert_eq!((p.depth, p.noise), (MAX_DEPTH, 0));
    }
}
