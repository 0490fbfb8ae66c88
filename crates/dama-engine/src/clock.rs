//! Time control from a clock: a base time and an increment per move (`--time 5m+3s`), and how
//! much of what is left the engine spends on one move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: `base` for the whole game, plus `increment` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time on the clock at the start.
    pub base: Duration,
    /// The time added after each move made.
    pub increment: Duration,
}

/// A time control that is not `BASE[+INCREMENT]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control '{0}': expected BASE[+INCREMENT] such as 5m+3s, 90s, 1m30s+500ms")]
pub struct TimeControlError(pub String);

/// The longest base time or increment accepted (a day).
const MAX_TIME: Duration = Duration::from_secs(86_400);

/// Parses a duration: one or more `<number><unit>` parts, units `h`, `m`, `s`, `ms`; a bare
/// number is seconds. The number may have a fraction (`1.5s`); each part is rounded to whole
/// milliseconds.
fn parse_duration(text: &str) -> Option<Duration> {
    if text.is_empty() {
        return None;
    }
    if let Ok(secs) = text.parse::<f64>() {
        return seconds(secs);
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            return None;
        }
        let value: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let (unit, len) = if rest.starts_with("ms") {
            (0.001, 2)
        } else if rest.starts_with('h') {
            (3600.0, 1)
        } else if rest.starts_with('m') {
            (60.0, 1)
        } else if rest.starts_with('s') {
            (1.0, 1)
        } else {
            return None;
        };
        rest = &rest[len..];
        total = total.checked_add(seconds(value * unit)?)?;
    }
    (total <= MAX_TIME).then_some(total)
}

/// Seconds as a duration in whole milliseconds (rounded), if within a day.
fn seconds(secs: f64) -> Option<Duration> {
    (secs.is_finite() && (0.0..=MAX_TIME.as_secs_f64()).contains(&secs))
        .then(|| Duration::from_millis((secs * 1000.0).round() as u64))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `5m+3s`, `90s`, `1m30s+500ms`, `60+1` (bare numbers are seconds).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(text.to_string());
        let trimmed = text.trim();
        let (base, increment) = match trimmed.split_once('+') {
            Some((b, i)) => (b.trim(), i.trim()),
            None => (trimmed, "0"),
        };
        let base = parse_duration(base).ok_or_else(bad)?;
        let increment = parse_duration(increment).ok_or_else(bad)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    /// `300s+3s`, milliseconds when not whole seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |d: Duration| {
            if d.subsec_millis() == 0 {
                format!("{}s", d.as_secs())
            } else {
                format!("{}ms", d.as_millis())
            }
        };
        write!(f, "{}+{}", part(self.base), part(self.increment))
    }
}

/// The moves a game is assumed to still last, at least.
const MIN_MOVES_TO_GO: u32 = 20;
/// The moves a game is assumed to last from the start (a draughts game runs 40–60 moves each).
const MOVES_TO_GO_AT_START: u32 = 40;
/// Time kept on the clock for the process around the search (spawning, printing, the
/// referee's measurement).
const SAFETY: Duration = Duration::from_millis(30);
/// The shortest time given to a move.
const MIN_MOVE_TIME: Duration = Duration::from_millis(5);

/// The time to spend on the next move, for a side with `left` on its clock, `increment` added
/// after the move, having made `moves_made` moves already.
///
/// The time left (less a safety margin) is shared over the moves the game is assumed to
/// still last (40 at the start, two fewer every four moves made, never fewer than 20), plus
/// most of the increment; never more than a third of what is left, so a long game cannot run
/// the clock down. The engine stops its search at 90% of this time (see `Engine`), so it
/// answers within it.
pub fn allot(left: Duration, increment: Duration, moves_made: u32) -> Duration {
    let usable = left.saturating_sub(SAFETY);
    let to_go = MOVES_TO_GO_AT_START
        .saturating_sub(moves_made / 2)
        .max(MIN_MOVES_TO_GO);
    let share = usable / to_go + increment.mul_f64(0.8);
    share.min(usable / 3).max(MIN_MOVE_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_time_controls() {
        let tc: TimeControl = "5m+3s".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(300_000), ms(3_000)));
        let tc: TimeControl = "1m30s+500ms".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(90_000), ms(500)));
        let tc: TimeControl = "90".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(90_000), Duration::ZERO));
        let tc: TimeControl = "2.5s+0.1".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(2_500), ms(100)));
        assert_eq!(tc.to_string(), "2500ms+100ms");
        for bad in [
            "", "+3s", "5x", "0", "5m+", "m", "-5s", "2d", "99999h", "1e999", "0.0001",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn allots_a_share_of_the_clock() {
        // 300 s at the start: (300 - 0.03) / 40 + 0.8 * 3 = 7.49925 + 2.4 = 9.89925 s.
        assert_eq!(
            allot(ms(300_000), ms(3_000), 0),
            ms(9_899) + Duration::from_micros(250)
        );
        // Late in the game: 20 moves to go.
        assert_eq!(allot(ms(60_030), Duration::ZERO, 80), ms(3_000));
        // Little left: at most a third of it.
        assert_eq!(allot(ms(330), ms(1_000), 10), ms(100));
        // Nothing left: the minimum.
        assert_eq!(allot(Duration::ZERO, Duration::ZERO, 0), MIN_MOVE_TIME);
    }
}
