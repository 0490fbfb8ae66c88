//! The players' clocks: a source of time passed in as a value ([`ClockSource`]: the real
//! one, or a fake one for tests), the two sides' clocks of a game ([`GameClock`]), and how
//! they are written in a PDN record (`[TimeControl]`, `{[%clock w0:04:58 b0:05:00]}`).
//!
//! See `docs/cli.md` (the options) and `docs/console-czech.md` (the dialogue).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use dama_core::Color;
use dama_engine::TimeControl;

/// Where the time comes from: a monotonic reading (time since some fixed start).
pub trait ClockSource: fmt::Debug + Send + Sync {
    /// The time now, since the source's start.
    fn now(&self) -> Duration;

    /// Called by the line consoles after each line they read (a fake source may advance).
    fn line_read(&self) {}
}

/// The real time, measured from when the source was made.
#[derive(Debug)]
pub struct RealClock {
    start: Instant,
}

impl RealClock {
    /// A real clock starting now.
    pub fn new() -> RealClock {
        RealClock {
            start: Instant::now(),
        }
    }
}

impl Default for RealClock {
    fn default() -> RealClock {
        RealClock::new()
    }
}

impl ClockSource for RealClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A fake clock for tests: it stands still until it is advanced ([`FakeClock::advance`]), and
/// advances by a fixed step after each line a console reads ([`FakeClock::per_line`]).
/// Clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct FakeClock {
    millis: Arc<AtomicU64>,
    step_millis: u64,
}

impl FakeClock {
    /// A fake clock at 0 that moves only when advanced.
    pub fn new() -> FakeClock {
        FakeClock::default()
    }

    /// A fake clock at 0 that advances by `step` after each line read.
    pub fn per_line(step: Duration) -> FakeClock {
        FakeClock {
            millis: Arc::default(),
            step_millis: step.as_millis() as u64,
        }
    }

    /// Moves the time on by `by`.
    pub fn advance(&self, by: Duration) {
        self.millis
            .fetch_add(by.as_millis() as u64, Ordering::Relaxed);
    }
}

impl ClockSource for FakeClock {
    fn now(&self) -> Duration {
        Duration::from_millis(self.millis.load(Ordering::Relaxed))
    }

    fn line_read(&self) {
        self.advance(Duration::from_millis(self.step_millis));
    }
}

/// A clock source shared by the dialogue and whoever made it.
pub type SharedSource = Arc<dyn ClockSource>;

/// The real clock as a shared source.
pub fn real() -> SharedSource {
    Arc::new(RealClock::new())
}

/// The two sides' clocks of one game: each side's time control, the time each has left, and
/// which clock runs since when. Readings are taken from a [`ClockSource`] by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    controls: [TimeControl; 2],
    left: [Duration; 2],
    /// The side whose clock runs and the reading it started at.
    running: Option<(Color, Duration)>,
    /// The readings after each move of the game (white's, black's), for the PDN record;
    /// `None` for moves made off the clock (a ballot's, those of a loaded game without them).
    history: Vec<Option<[Duration; 2]>>,
}

impl GameClock {
    /// Clocks at their base times, stopped.
    pub fn new(white: TimeControl, black: TimeControl) -> GameClock {
        GameClock {
            controls: [white, black],
            left: [white.base, black.base],
            running: None,
            history: Vec::new(),
        }
    }

    /// The time control of `side`.
    pub fn control(&self, side: Color) -> TimeControl {
        self.controls[side.index()]
    }

    /// Whether both sides have the same time control.
    pub fn same_controls(&self) -> bool {
        self.controls[0] == self.controls[1]
    }

    /// Starts `side`'s clock at `now`, unless it runs already (the other one stops, charged).
    pub fn start(&mut self, side: Color, now: Duration) {
        match self.running {
            Some((running, _)) if running == side => {}
            Some(_) => {
                self.stop(now);
                self.running = Some((side, now));
            }
            None => self.running = Some((side, now)),
        }
    }

    /// Stops the running clock at `now`, charging its side the time used (no increment).
    pub fn stop(&mut self, now: Duration) {
        if let Some((side, since)) = self.running.take() {
            let used = now.saturating_sub(since);
            self.left[side.index()] = self.left[side.index()].saturating_sub(used);
        }
    }

    /// `side` finished its move at `now`: its clock is charged and gets its increment (unless
    /// its flag has fallen), the clock stops, and the readings are recorded as the
    /// `plies`-th move's (later readings, of moves taken back, are dropped).
    pub fn moved(&mut self, side: Color, now: Duration, plies: usize) {
        self.start(side, now);
        self.stop(now);
        let i = side.index();
        if !self.left[i].is_zero() {
            self.left[i] += self.controls[i].increment;
        }
        self.history.resize(plies.saturating_sub(1), None);
        self.history.push(Some(self.left));
    }

    /// Forgets the readings of moves after the first `plies` (taken back).
    pub fn truncate(&mut self, plies: usize) {
        self.history.truncate(plies);
    }

    /// The time `side` has left at `now`.
    pub fn left(&self, side: Color, now: Duration) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_sub(since))
            }
            _ => left,
        }
    }

    /// The side whose flag has fallen at `now` (its time is used up), if any.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&side| self.left(side, now).is_zero())
    }

    /// Sets the time each side has left (a loaded game's last readings), clocks stopped.
    pub fn set_left(&mut self, white: Duration, black: Duration) {
        self.left = [white, black];
        self.running = None;
    }

    /// The PDN tags of the time controls: `TimeControl` when both sides have the same,
    /// else `WhiteTimeControl` and `BlackTimeControl`.
    pub fn pdn_tags(&self) -> Vec<(&'static str, String)> {
        if self.same_controls() {
            vec![("TimeControl", pdn_control(self.controls[0]))]
        } else {
            vec![
                ("WhiteTimeControl", pdn_control(self.controls[0])),
                ("BlackTimeControl", pdn_control(self.controls[1])),
            ]
        }
    }

    /// The comment after each move: `[%clock w0:04:58 b0:05:00]` (empty for a move made
    /// off the clock).
    pub fn pdn_comments(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|reading| match reading {
                Some([w, b]) => format!("[%clock w{} b{}]", hms(*w), hms(*b)),
                None => String::new(),
            })
            .collect()
    }

    /// The clocks a PDN record's tags give (`TimeControl`, or `WhiteTimeControl` and
    /// `BlackTimeControl`), set to the last readings of its comments (`[%clock …]`, or the
    /// PDN standard's `[%clk …]`, the mover's own; `first`: the side that made the first
    /// move); `None` when it has no time control.
    pub fn from_pdn(
        tags: &[(String, String)],
        comments: &[(usize, String)],
        first: Color,
    ) -> Option<GameClock> {
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .and_then(|(_, v)| v.trim().parse::<TimeControl>().ok())
        };
        let (white, black) = match tag("TimeControl") {
            Some(tc) => (
                tag("WhiteTimeControl").unwrap_or(tc),
                tag("BlackTimeControl").unwrap_or(tc),
            ),
            None => (tag("WhiteTimeControl")?, tag("BlackTimeControl")?),
        };
        let mut clock = GameClock::new(white, black);
        let mut left = clock.left;
        for (plies, text) in comments {
            if let Some([w, b]) = parse_clock_comment(text) {
                left = [w, b];
            } else if let Some(reading) = parse_clk_comment(text)
                && *plies > 0
            {
                // `[%clk]` after a move is the clock of the side that made it.
                let mover = if plies % 2 == 1 { first } else { !first };
                left[mover.index()] = reading;
            } else {
                continue;
            }
            if *plies > 0 {
                clock.history.resize(plies - 1, None);
                clock.history.push(Some(left));
            }
        }
        clock.left = left;
        Some(clock)
    }
}

/// A time control as the PDN `TimeControl` tag writes it: seconds, `+` the increment's
/// seconds (`300+3`; fractions when not whole: `2.5+0.1`).
pub fn pdn_control(tc: TimeControl) -> String {
    let secs = |d: Duration| {
        if d.subsec_millis() == 0 {
            d.as_secs().to_string()
        } else {
            format!("{}", d.as_millis() as f64 / 1000.0)
        }
    };
    format!("{}+{}", secs(tc.base), secs(tc.increment))
}

/// `H:MM:SS` (whole seconds, rounded down), as the clock comments write it.
pub fn hms(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A clock as the dialogue shows it: `4:58` (whole seconds rounded down, as the PDN record's
/// `%clock` comments write them, so that a prompt and the saved record agree), `1:02:03` from
/// an hour, `0:09.5` under ten seconds (tenths rounded down).
pub fn show(d: Duration) -> String {
    if d < Duration::from_secs(10) {
        return format!("0:{:02}.{}", d.as_secs(), d.subsec_millis() / 100);
    }
    let s = d.as_secs();
    if s >= 3600 {
        hms(Duration::from_secs(s))
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `H:MM:SS` (or `M:SS`) as a duration.
fn parse_hms(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let mut secs = 0f64;
    for part in parts {
        let value: f64 = part.parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        secs = secs * 60.0 + value;
    }
    (secs <= 86_400.0 * 7.0).then(|| Duration::from_millis((secs * 1000.0) as u64))
}

/// The readings of a `[%clock wH:MM:SS bH:MM:SS]` comment (lidraughts), white's and
/// black's; either letter may be upper case.
pub fn parse_clock_comment(text: &str) -> Option<[Duration; 2]> {
    let start = text.find("[%clock")?;
    let rest = &text[start + "[%clock".len()..];
    let body = &rest[..rest.find(']')?];
    let (mut white, mut black) = (None, None);
    for part in body.split_whitespace() {
        let (first, value) = part.split_at(part.chars().next()?.len_utf8());
        match first {
            "w" | "W" => white = parse_hms(value),
            "b" | "B" => black = parse_hms(value),
            _ => return None,
        }
    }
    Some([white?, black?])
}

/// The reading of a `[%clk H:MM:SS]` comment (the PDN and PGN standard: the mover's clock).
fn parse_clk_comment(text: &str) -> Option<Duration> {
    let start = text.find("[%clk")?;
    let rest = &text[start + "[%clk".len()..];
    parse_hms(rest[..rest.find(']')?].trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_clock_runs_stops_and_adds_the_increment() {
        let tc: TimeControl = "5m+3s".parse().unwrap();
        let mut clock = GameClock::new(tc, tc);
        clock.start(Color::White, s(10));
        assert_eq!(clock.left(Color::White, s(12)), s(298));
        assert_eq!(clock.left(Color::Black, s(12)), s(300));
        clock.moved(Color::White, s(14), 1);
        assert_eq!(clock.left(Color::White, s(100)), s(299));
        assert_eq!(clock.pdn_comments(), ["[%clock w0:04:59 b0:05:00]"]);
        clock.start(Color::Black, s(14));
        assert_eq!(clock.flagged(s(313)), None);
        assert_eq!(clock.flagged(s(314)), Some(Color::Black));
    }

    #[test]
    fn clock_comments_round_trip() {
        assert_eq!(
            parse_clock_comment("[%clock w0:04:58 B1:00:05]"),
            Some([s(298), s(3605)])
        );
        assert_eq!(parse_clock_comment("[%clock x0:04:58]"), None);
        assert_eq!(parse_clk_comment("[%clk 0:01:30]"), Some(s(90)));
        assert_eq!(hms(s(3605)), "1:00:05");
        assert_eq!(show(s(298)), "4:58");
        assert_eq!(show(Duration::from_millis(9_540)), "0:09.5");
        // Rounded down as the record's comments are (newcomer finding 16).
        assert_eq!(show(Duration::from_millis(302_600)), "5:02");
        assert_eq!(hms(Duration::from_millis(302_600)), "0:05:02");
        assert_eq!(pdn_control("5m+3s".parse().unwrap()), "300+3");
        assert_eq!(pdn_control("2.5s+0.1".parse().unwrap()), "2.5+0.1");
        let tags = vec![("TimeControl".to_string(), "300+3".to_string())];
        let comments = vec![
            (1, "[%clock w0:04:58 b0:05:00]".to_string()),
            (2, "[%clock w0:04:58 b0:04:41]".to_string()),
        ];
        let clock = GameClock::from_pdn(&tags, &comments, Color::White).unwrap();
        assert_eq!(clock.left(Color::White, s(0)), s(298));
        assert_eq!(clock.left(Color::Black, s(0)), s(281));
        assert_eq!(
            clock.pdn_comments(),
            ["[%clock w0:04:58 b0:05:00]", "[%clock w0:04:58 b0:04:41]"]
        );
        assert_eq!(GameClock::from_pdn(&[], &comments, Color::White), None);
    }
}
