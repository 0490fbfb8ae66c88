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
    /// The moves each side has had its period time for (a move-count control's time is
    /// given once, even when the move that earned it is taken back and made again).
    credited: [u32; 2],
}

impl GameClock {
    /// Clocks at their base times, stopped.
    pub fn new(white: TimeControl, black: TimeControl) -> GameClock {
        GameClock {
            controls: [white, black],
            left: [white.base, black.base],
            running: None,
            history: Vec::new(),
            credited: [0; 2],
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
    /// `plies`-th move's (later readings, of moves taken back, are dropped). On a move-count
    /// control, the move that completes a period also brings the next period's time, the
    /// first time it is made: returned, to be announced.
    pub fn moved(&mut self, side: Color, now: Duration, plies: usize) -> Option<Duration> {
        self.start(side, now);
        self.stop(now);
        let i = side.index();
        let mut credit = None;
        if !self.left[i].is_zero() {
            self.left[i] += self.controls[i].increment;
            // The side that made the `plies`-th move has made (plies + 1) / 2 moves.
            let made = u32::try_from(plies.div_ceil(2)).unwrap_or(u32::MAX);
            let period = self.controls[i].credit_after(made);
            if !period.is_zero() && made > self.credited[i] {
                self.left[i] += period;
                self.credited[i] = made;
                credit = Some(period);
            }
        }
        self.history.resize(plies.saturating_sub(1), None);
        self.history.push(Some(self.left));
        credit
    }

    /// The moves `side` must still make before its next time control, the game having
    /// `plies` half-moves and `turn` to move (`None` on a clock without a move count).
    pub fn moves_to_go(&self, side: Color, turn: Color, plies: usize) -> Option<u32> {
        // The side to move has made plies / 2 moves, the other (plies + 1) / 2.
        let made = if side == turn {
            plies / 2
        } else {
            plies.div_ceil(2)
        };
        self.controls[side.index()].moves_to_go(u32::try_from(made).unwrap_or(u32::MAX))
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
            dama_core::pdn::tag(tags, name).and_then(|v| v.trim().parse::<TimeControl>().ok())
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
        // The periods the record's readings have counted are not given again.
        if let Some(plies) = comments.iter().map(|(plies, _)| *plies).max() {
            let firsts = u32::try_from(plies.div_ceil(2)).unwrap_or(u32::MAX);
            let seconds = u32::try_from(plies / 2).unwrap_or(u32::MAX);
            clock.credited[first.index()] = firsts;
            clock.credited[(!first).index()] = seconds;
        }
        Some(clock)
    }
}

/// A time control as the PDN `TimeControl` tag writes it: seconds, `+` the increment's
/// seconds (`300+3`; fractions when not whole: `2.5+0.1`); a move-count control's periods
/// as the PDN (and PGN) standard writes them, `MOVES/SECONDS` separated by `:`, the last
/// perhaps seconds alone (`40/7200:3600`), the increment after each period that has one
/// (`40/5400+30:1800+30`).
pub fn pdn_control(tc: TimeControl) -> String {
    let secs = |d: Duration| {
        if d.subsec_millis() == 0 {
            d.as_secs().to_string()
        } else {
            format!("{}", d.as_millis() as f64 / 1000.0)
        }
    };
    if tc.moves == 0 {
        return format!("{}+{}", secs(tc.base), secs(tc.increment));
    }
    tc.periods()
        .map(|period| {
            let mut field = secs(period.time);
            if period.moves > 0 {
                field = format!("{}/{field}", period.moves);
            }
            if !tc.increment.is_zero() {
                field = format!("{field}+{}", secs(tc.increment));
            }
            field
        })
        .collect::<Vec<_>>()
        .join(":")
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
    fn a_period_is_credited_once_even_across_undo() {
        let tc: TimeControl = "2/1m,20/30s".parse().unwrap();
        let mut clock = GameClock::new(tc, tc);
        assert_eq!(clock.moves_to_go(Color::White, Color::White, 0), Some(2));
        let mut play = |side: Color, from: u64, to: u64, plies: usize| {
            clock.start(side, s(from));
            clock.moved(side, s(to), plies)
        };
        assert_eq!(play(Color::White, 0, 10, 1), None);
        assert_eq!(play(Color::Black, 10, 20, 2), None);
        // White's second move ends the first period: 30 s more.
        assert_eq!(play(Color::White, 20, 30, 3), Some(s(30)));
        assert_eq!(clock.left(Color::White, s(30)), s(70));
        assert_eq!(clock.moves_to_go(Color::White, Color::White, 2), Some(1));
        assert_eq!(clock.moves_to_go(Color::Black, Color::White, 2), Some(1));
        assert_eq!(clock.moves_to_go(Color::White, Color::Black, 3), Some(20));
        // Taken back and made again: no second credit.
        clock.truncate(2);
        clock.start(Color::White, s(30));
        assert_eq!(clock.moved(Color::White, s(35), 3), None);
        assert_eq!(clock.left(Color::White, s(35)), s(65));
        clock.start(Color::Black, s(35));
        assert_eq!(clock.moved(Color::Black, s(40), 4), Some(s(30)));
        assert_eq!(
            clock.pdn_tags(),
            [("TimeControl", "2/60:20/30".to_string())]
        );
        assert_eq!(
            clock.pdn_comments()[2..],
            ["[%clock w0:01:05 b0:00:50]", "[%clock w0:01:05 b0:01:15]"]
        );
        // A record's periods are not given again once loaded.
        let tags = vec![("TimeControl".to_string(), "2/60:20/30".to_string())];
        let comments: Vec<(usize, String)> = clock
            .pdn_comments()
            .into_iter()
            .enumerate()
            .map(|(i, c)| (i + 1, c))
            .collect();
        let mut loaded = GameClock::from_pdn(&tags, &comments, Color::White).unwrap();
        assert_eq!(loaded.control(Color::White), tc);
        loaded.truncate(3);
        assert_eq!(loaded.moved(Color::Black, s(0), 4), None);
    }

    #[test]
    fn pdn_writes_move_count_controls_as_the_standard_does() {
        assert_eq!(pdn_control("40/2h,1h".parse().unwrap()), "40/7200:3600");
        assert_eq!(pdn_control("40/2h".parse().unwrap()), "40/7200");
        assert_eq!(
            pdn_control("40/90m,30m+30s".parse().unwrap()),
            "40/5400+30:1800+30"
        );
        for text in [
            "40/7200:3600",
            "40/7200",
            "40/5400+30:1800+30",
            "40/7200:20/3600:1800",
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(pdn_control(tc), text);
        }
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
