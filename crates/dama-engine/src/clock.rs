//! Time control from a clock: a base time and an increment per move (`--time 5m+3s`), or a
//! number of moves in a given time and the periods after it (`--time 40/2h,1h`, art. 10.1 of
//! the Czech rules), and how much of what is left the engine spends on one move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: `base` for the first period (the whole game unless `moves` is set), plus
/// `increment` after each move; with `moves`, the next period's time is added to the clock
/// when a side has made them, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time on the clock at the start: the first period's.
    pub base: Duration,
    /// The time added after each move made.
    pub increment: Duration,
    /// The moves to make in `base`; 0: `base` is for the rest of the game (sudden death, or
    /// with an increment, Fischer's clock).
    pub moves: u32,
    /// The periods after the first, in order (`None` past the last given). After the last
    /// period with moves, that period is played again and again; after one without, none
    /// follows. With no period given after a first one with moves, the first repeats.
    pub later: [Option<Period>; 2],
}

/// A period of a move-count control: `moves` moves in `time` (0 moves: the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves to make in `time`; 0: the rest of the game.
    pub moves: u32,
    /// The time the period adds to the clock when it begins.
    pub time: Duration,
}

/// A time control that is not `BASE[+INCREMENT]` or `MOVES/TIME,…[+INCREMENT]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control '{0}': expected BASE[+INCREMENT] such as 5m+3s, 90s, 1m30s+500ms, or \
     periods MOVES/TIME,... such as 40/2h,1h or 40/90m,30m+30s"
)]
pub struct TimeControlError(pub String);

impl TimeControl {
    /// A clock of `base` for the whole game and `increment` after each move.
    pub const fn fischer(base: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            base,
            increment,
            moves: 0,
            later: [None; 2],
        }
    }

    /// The periods in order: the first (`moves` in `base`), then those given after it.
    pub fn periods(&self) -> impl Iterator<Item = Period> + '_ {
        let first = Period {
            moves: self.moves,
            time: self.base,
        };
        std::iter::once(first).chain(self.later.iter().flatten().copied())
    }

    /// The period a side plays its next move in, having made `made` moves, and how many moves
    /// it has to make before that period ends (`None`: it lasts the rest of the game).
    fn period_at(&self, made: u32) -> (Period, Option<u32>) {
        let mut start = 0u32;
        let mut last = None;
        for period in self.periods() {
            if period.moves == 0 {
                return (period, None);
            }
            let end = start.saturating_add(period.moves);
            if made < end {
                return (period, Some(end - made));
            }
            start = end;
            last = Some(period);
        }
        // The last period had moves: it repeats.
        let period = last.unwrap_or(Period {
            moves: 0,
            time: self.base,
        });
        let into = (made - start) % period.moves.max(1);
        (period, Some(period.moves.max(1) - into))
    }

    /// The moves a side that has made `made` moves must still make before its next time
    /// control (`None` when no control is left: the rest of the game is one period).
    pub fn moves_to_go(&self, made: u32) -> Option<u32> {
        self.period_at(made).1
    }

    /// The time added to a side's clock as it completes its `made`-th move (counting from 1)
    /// besides the increment: the next period's time when that move ends a period, else 0.
    pub fn credit_after(&self, made: u32) -> Duration {
        if made == 0 || self.moves_to_go(made - 1) != Some(1) {
            return Duration::ZERO;
        }
        self.period_at(made).0.time
    }
}

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

/// The most moves a period may have.
const MAX_PERIOD_MOVES: u32 = 1000;

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `5m+3s`, `90s`, `1m30s+500ms`, `60+1` (bare numbers are seconds); periods separated by
    /// `,` (or `:`, as the PDN tag writes them), each `MOVES/TIME` or, the last, `TIME`:
    /// `40/2h,1h`, `40/90m,30m+30s`, `40/7200:3600`. One increment for the whole game, written
    /// after any period (the same wherever it is written more than once).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(text.to_string());
        let fields: Vec<&str> = text.trim().split([',', ':']).map(str::trim).collect();
        if fields.len() > 3 {
            return Err(bad());
        }
        let mut increment = None;
        let mut periods = Vec::new();
        for (i, field) in fields.iter().enumerate() {
            let (time, inc) = match field.split_once('+') {
                Some((t, i)) => (t.trim(), Some(i.trim())),
                None => (*field, None),
            };
            if let Some(inc) = inc {
                let inc = parse_duration(inc).ok_or_else(bad)?;
                if increment.is_some_and(|seen| seen != inc) {
                    return Err(bad());
                }
                increment = Some(inc);
            }
            let (moves, time) = match time.split_once('/') {
                Some((m, t)) => {
                    let m: u32 = m.trim().parse().map_err(|_| bad())?;
                    if !(1..=MAX_PERIOD_MOVES).contains(&m) {
                        return Err(bad());
                    }
                    (m, t.trim())
                }
                None => (0, time),
            };
            let time = parse_duration(time).ok_or_else(bad)?;
            // Only the last period may be the rest of the game; every period has time.
            if time.is_zero() || (moves == 0 && i + 1 < fields.len()) {
                return Err(bad());
            }
            periods.push(Period { moves, time });
        }
        let first = periods[0];
        let mut later = [None; 2];
        for (slot, period) in later.iter_mut().zip(&periods[1..]) {
            *slot = Some(*period);
        }
        Ok(TimeControl {
            base: first.time,
            increment: increment.unwrap_or_default(),
            moves: first.moves,
            later,
        })
    }
}

impl fmt::Display for TimeControl {
    /// `300s+3s`, milliseconds when not whole seconds; periods as `40/7200s,3600s+0s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |d: Duration| {
            if d.subsec_millis() == 0 {
                format!("{}s", d.as_secs())
            } else {
                format!("{}ms", d.as_millis())
            }
        };
        for (i, period) in self.periods().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if period.moves > 0 {
                write!(f, "{}/", period.moves)?;
            }
            f.write_str(&part(period.time))?;
        }
        write!(f, "+{}", part(self.increment))
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
/// after the move, having made `moves_made` moves already, and `to_go` moves to make before
/// its next time control, if it has one ([`TimeControl::moves_to_go`]).
///
/// The time left (less a safety margin) is shared over the moves the game is assumed to
/// still last (40 at the start, two fewer every four moves made, never fewer than 20; and
/// never more than the moves to the control, plus one), plus most of the increment; never
/// more than a third of what is left, so a long game cannot run the clock down. The engine
/// stops its search at 90% of this time (see `Engine`), so it answers within it.
pub fn allot(left: Duration, increment: Duration, moves_made: u32, to_go: Option<u32>) -> Duration {
    let usable = left.saturating_sub(SAFETY);
    let mut share_of = MOVES_TO_GO_AT_START
        .saturating_sub(moves_made / 2)
        .max(MIN_MOVES_TO_GO);
    if let Some(to_go) = to_go {
        share_of = share_of.min(to_go.saturating_add(1));
    }
    let share = usable / share_of + increment.mul_f64(0.8);
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
    fn parses_periods_of_moves() {
        let h = |n: u64| ms(n * 3_600_000);
        let tc: TimeControl = "40/2h,1h".parse().unwrap();
        assert_eq!(
            (tc.base, tc.moves, tc.increment),
            (h(2), 40, Duration::ZERO)
        );
        let rest = Period {
            moves: 0,
            time: h(1),
        };
        assert_eq!(tc.later, [Some(rest), None]);
        assert_eq!(tc.to_string(), "40/7200s,3600s+0s");
        assert_eq!("40/7200:3600".parse::<TimeControl>(), Ok(tc));
        let tc: TimeControl = "40/90m, 20/1h, 30m+30s".parse().unwrap();
        assert_eq!(tc.increment, ms(30_000));
        assert_eq!(
            tc.later,
            [
                Some(Period {
                    moves: 20,
                    time: h(1)
                }),
                Some(Period {
                    moves: 0,
                    time: ms(1_800_000)
                })
            ]
        );
        assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
        // The increment given twice, the same.
        assert_eq!(
            "40/90m+30s,30m+30s"
                .parse::<TimeControl>()
                .unwrap()
                .increment,
            ms(30_000)
        );
        for bad in [
            "40/2h+1s,1h+2s",
            "1h,40/2h",
            "0/2h,1h",
            "40/0,1h",
            "1001/2h",
            "40/2h,20/1h,10/30m,5m",
            "x/2h",
            "40/",
            "/2h",
            "40/2h,",
            "40/2h,,1h",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        // Fischer's clock has no period.
        let tc = TimeControl::fischer(ms(300_000), ms(3_000));
        assert_eq!(Ok(tc), "5m+3s".parse());
        assert_eq!(tc.moves_to_go(0), None);
        assert_eq!(tc.credit_after(40), Duration::ZERO);
    }

    #[test]
    fn counts_the_moves_to_each_control_and_credits_the_next_period() {
        let h = |n: u64| ms(n * 3_600_000);
        // 40 moves in 2 h, then 1 h for the rest.
        let tc: TimeControl = "40/2h,1h".parse().unwrap();
        assert_eq!(tc.moves_to_go(0), Some(40));
        assert_eq!(tc.moves_to_go(39), Some(1));
        assert_eq!(tc.moves_to_go(40), None);
        assert_eq!(tc.credit_after(39), Duration::ZERO);
        assert_eq!(tc.credit_after(40), h(1));
        assert_eq!(tc.credit_after(80), Duration::ZERO);
        // 40 in 2 h, then 20 in each further hour.
        let tc: TimeControl = "40/2h,20/1h".parse().unwrap();
        assert_eq!(tc.moves_to_go(40), Some(20));
        assert_eq!(tc.moves_to_go(59), Some(1));
        assert_eq!(tc.moves_to_go(60), Some(20));
        for made in [40, 60, 80, 100] {
            assert_eq!(tc.credit_after(made), h(1), "{made}");
        }
        assert_eq!(tc.credit_after(70), Duration::ZERO);
        // 40 in 2 h, repeated.
        let tc: TimeControl = "40/2h".parse().unwrap();
        assert_eq!((tc.credit_after(40), tc.credit_after(80)), (h(2), h(2)));
        assert_eq!(tc.moves_to_go(45), Some(35));
        // Three periods: 40/90m, 20/1h, then 30 min.
        let tc: TimeControl = "40/90m,20/1h,30m".parse().unwrap();
        assert_eq!(tc.credit_after(40), h(1));
        assert_eq!(tc.credit_after(60), ms(1_800_000));
        assert_eq!(tc.moves_to_go(60), None);
        assert_eq!(tc.credit_after(80), Duration::ZERO);
    }

    #[test]
    fn shares_the_time_to_the_next_control() {
        // 10 minutes for 5 moves: a sixth of it (not a fortieth).
        assert_eq!(allot(ms(600_030), Duration::ZERO, 35, Some(5)), ms(100_000));
        // Many moves to go: the usual estimate.
        assert_eq!(
            allot(ms(600_030), Duration::ZERO, 0, Some(60)),
            allot(ms(600_030), Duration::ZERO, 0, None)
        );
        // One move to the control: at most a third.
        assert_eq!(allot(ms(300_030), Duration::ZERO, 39, Some(1)), ms(100_000));
    }

    #[test]
    fn allots_a_share_of_the_clock() {
        // 300 s at the start: (300 - 0.03) / 40 + 0.8 * 3 = 7.49925 + 2.4 = 9.89925 s.
        assert_eq!(
            allot(ms(300_000), ms(3_000), 0, None),
            ms(9_899) + Duration::from_micros(250)
        );
        // Late in the game: 20 moves to go.
        assert_eq!(allot(ms(60_030), Duration::ZERO, 80, None), ms(3_000));
        // Little left: at most a third of it.
        assert_eq!(allot(ms(330), ms(1_000), 10, None), ms(100));
        // Nothing left: the minimum.
        assert_eq!(
            allot(Duration::ZERO, Duration::ZERO, 0, None),
            MIN_MOVE_TIME
        );
    }
}
