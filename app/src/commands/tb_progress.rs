//! The progress bar of `dama tb build` at a terminal: one line that fits the terminal's width,
//! counted in positions like the `built …` lines and the total, numbers written as they are.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The smallest bar drawn; with less room the line leaves the bar out.
const MIN_BAR: usize = 10;

/// `secs` as `S s`, `M min S s` or `H h M min`.
pub fn duration_text(secs: u64) -> String {
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min {} s", secs / 60, secs % 60),
        _ => format!("{} h {} min", secs / 3600, secs / 60 % 60),
    }
}

/// One line of the bar, at most `width - 1` columns (a line as wide as the terminal would wrap
/// on some): `KKvKK 10/23 [===>   ] 632792/7413212 positions, 2608485/s, 3 s left`. With less
/// room the rate and the time left go first, then the bar; the rest is cut.
pub fn bar_line(
    width: usize,
    class: &str,
    done: u64,
    total: u64,
    per_sec: f64,
    left: Duration,
) -> String {
    let room = width.saturating_sub(1);
    let counts = format!("{done}/{total} positions");
    let full = format!(
        "{counts}, {}/s, {} left",
        per_sec.max(0.0).round() as u64,
        duration_text(left.as_secs())
    );
    // `class [bar] tail`: the class, a space, the brackets, a space.
    let bar_room = |tail: &str| room.checked_sub(class.chars().count() + tail.chars().count() + 4);
    let line = match (bar_room(&full), bar_room(&counts)) {
        (Some(n), _) if n >= MIN_BAR => format!("{class} {} {full}", bar(n, done, total)),
        (_, Some(n)) if n >= MIN_BAR => format!("{class} {} {counts}", bar(n, done, total)),
        _ => format!("{class} {counts}"),
    };
    line.chars().take(room).collect()
}

/// `[===>    ]`, `inner` columns between the brackets, filled for `done` of `total`.
fn bar(inner: usize, done: u64, total: u64) -> String {
    let filled = if total == 0 {
        inner
    } else {
        (u128::from(done.min(total)) * inner as u128 / u128::from(total)) as usize
    };
    let mut text = String::with_capacity(inner + 2);
    text.push('[');
    for i in 0..inner {
        text.push(match i.cmp(&filled) {
            std::cmp::Ordering::Less => '=',
            std::cmp::Ordering::Equal => '>',
            std::cmp::Ordering::Greater => ' ',
        });
    }
    text.push(']');
    text
}

/// How far the build is, in positions, from the entries its threads report: the positions of
/// the classes finished, and the class being built in proportion to its entries solved.
#[derive(Default)]
pub struct Tracker {
    finished: AtomicU64,
    solved: AtomicU64,
    class_entries: AtomicU64,
    class_positions: AtomicU64,
}

impl Tracker {
    /// A class of `entries` entries and `positions` positions starts.
    pub fn start_class(&self, entries: u64, positions: u64) {
        self.solved.store(0, Ordering::Relaxed);
        self.class_entries.store(entries, Ordering::Relaxed);
        self.class_positions.store(positions, Ordering::Relaxed);
    }

    /// `n` more entries of the class are solved; the positions done now.
    pub fn solved(&self, n: u64) -> u64 {
        let solved = self.solved.fetch_add(n, Ordering::Relaxed) + n;
        let entries = self.class_entries.load(Ordering::Relaxed).max(1);
        let positions = self.class_positions.load(Ordering::Relaxed);
        let part = u128::from(solved.min(entries)) * u128::from(positions) / u128::from(entries);
        self.finished.load(Ordering::Relaxed) + part as u64
    }

    /// The class is written: all its positions are done; the positions done now.
    pub fn finish_class(&self) -> u64 {
        let positions = self.class_positions.swap(0, Ordering::Relaxed);
        self.solved.store(0, Ordering::Relaxed);
        self.finished.fetch_add(positions, Ordering::Relaxed) + positions
    }
}

/// A bar on standard error of `total` positions (hidden when standard error is not a
/// terminal), its line made by [`bar_line`] at the terminal's width, with the label `class`.
pub fn progress_bar(total: u64, class: Arc<Mutex<String>>) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let line = move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
        let width = crossterm::terminal::size().map_or(80, |(columns, _)| usize::from(columns));
        let label = class.lock().map(|c| c.clone()).unwrap_or_default();
        let _ = w.write_str(&bar_line(
            width,
            &label,
            state.pos(),
            state.len().unwrap_or(0),
            state.per_sec(),
            state.eta(),
        ));
    };
    if let Ok(style) = indicatif::ProgressStyle::with_template("{line}") {
        bar.set_style(style.with_key("line", line));
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        let cases = [
            (0, "0 s"),
            (59, "59 s"),
            (61, "1 min 1 s"),
            (3 * 3600 + 7 * 60 + 5, "3 h 7 min"),
        ];
        for (secs, text) in cases {
            assert_eq!(duration_text(secs), text, "{secs}");
        }
    }

    #[test]
    fn the_line_fits_80_columns() {
        let line = bar_line(
            80,
            "KKvKK 10/23",
            632_792,
            7_413_212,
            2_608_485.259_5,
            Duration::from_secs(3),
        );
        assert_eq!(
            line,
            "KKvKK 10/23 [=>                 ] 632792/7413212 positions, 2608485/s, 3 s left"
        );
        assert_eq!(line.chars().count(), 79);
    }

    #[test]
    fn narrow_terminals_lose_the_rate_then_the_bar() {
        let line = |width| {
            bar_line(
                width,
                "KKKKvKK 31/40",
                5_000,
                10_000,
                12.4,
                Duration::from_secs(125),
            )
        };
        assert_eq!(
            line(80),
            "KKKKvKK 31/40 [==========>         ] 5000/10000 positions, 12/s, 2 min 5 s left"
        );
        assert_eq!(
            line(50),
            "KKKKvKK 31/40 [======>     ] 5000/10000 positions"
        );
        assert_eq!(line(40), "KKKKvKK 31/40 5000/10000 positions");
        assert_eq!(line(20), "KKKKvKK 31/40 5000/");
        assert_eq!(line(0), "");
        for width in 0..200 {
            assert!(line(width).chars().count() < width.max(1), "{width}");
        }
    }

    #[test]
    fn the_bar_is_full_at_the_total() {
        assert_eq!(bar(4, 0, 8), "[>   ]");
        assert_eq!(bar(4, 8, 8), "[====]");
        assert_eq!(bar(4, 9, 8), "[====]");
        assert_eq!(bar(4, 0, 0), "[====]");
    }

    #[test]
    fn the_tracker_counts_positions_and_ends_at_their_sum() {
        let t = Tracker::default();
        t.start_class(100, 50);
        assert_eq!(t.solved(40), 20);
        assert_eq!(t.solved(60), 50);
        // More entries reported than the class has stay within it.
        assert_eq!(t.solved(10), 50);
        assert_eq!(t.finish_class(), 50);
        t.start_class(10, 7);
        assert_eq!(t.solved(5), 53);
        assert_eq!(t.finish_class(), 57);
    }
}
