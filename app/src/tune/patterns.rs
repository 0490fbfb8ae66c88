//! `dama tune patterns`: the pattern scores of [`dama_engine::patterns`] fitted to labelled
//! positions, on top of the evaluation's other terms.
//!
//! The model is the one of [`super::fit`]: white wins with the probability
//! `sigmoid(K·e)`, `e` now the evaluation of the rule set's weights (patterns off) plus the
//! patterns' score. `K` is fitted to the evaluation without patterns and kept. The scores
//! are learned by stochastic gradient descent on the squared error, one position at a time
//! in an order drawn from the seed, with the learning rate falling linearly over the
//! epochs and a small decay towards 0 (rare patterns stay near 0). A tenth of the positions
//! is held out; the scores of the epoch with the lowest held-out error are written.
//! Single-threaded, so the result depends only on the data and the seed.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use super::data::{self, Labelled};
use super::fit::{Problem, sigmoid, split};
use super::{Rng, TuneBoard, TuneError, TuneSet, TuneWeights};
use dama_core::{BitboardOn, PositionOn, SquareOn};
use dama_engine::patterns::{self, MAX_WINDOWS, PATTERNS, PatternBoard};

/// What `dama tune patterns` does, with its values.
#[derive(Debug, Clone)]
pub struct PatternsConfig {
    /// The data file (`dama tune gen --out`).
    pub data: PathBuf,
    /// The pattern file to write (binary, little-endian 16-bit scores).
    pub out: PathBuf,
    /// The seed of the held-out split and of the order of the positions.
    pub seed: u64,
    /// Passes over the positions.
    pub epochs: u32,
    /// The learning rate at the start (falls linearly to a tenth).
    pub rate: f64,
    /// The decay towards 0, per update.
    pub decay: f64,
    /// One set of scores for both sides: a formation scores for black what it scores for
    /// white when the board is turned half a turn (the windows' scores then come in pairs).
    pub symmetric: bool,
}

/// One position, ready for the fit.
struct Sample {
    base: f64,
    idx: [u16; MAX_WINDOWS],
    /// The windows of the board turned half a turn with the colours swapped (symmetric fits).
    turned: [u16; MAX_WINDOWS],
    phase: f64,
    result: f64,
}

fn samples<B: TuneBoard + PatternBoard>(
    set: &TuneSet<B>,
    positions: &[Labelled<B>],
    w: &B::Weights,
    symmetric: bool,
) -> Vec<Sample> {
    positions
        .iter()
        .map(|(pos, result): &(PositionOn<B>, f64)| Sample {
            base: f64::from((set.evaluate_white)(pos, w)),
            idx: patterns::indices(pos),
            turned: if symmetric {
                patterns::turned_indices(pos)
            } else {
                [0; MAX_WINDOWS]
            },
            phase: f64::from(patterns::phase(pos)) / f64::from(B::FULL),
            result: *result,
        })
        .collect()
}

/// The patterns' score of `s` with the scores `scores` of a board of `windows` windows.
#[inline]
fn pattern_sum(scores: &[f64], s: &Sample, windows: usize) -> f64 {
    let (mut open, mut end) = (0.0, 0.0);
    for (w, &i) in s.idx[..windows].iter().enumerate() {
        open += scores[w * PATTERNS + usize::from(i)];
        end += scores[(windows + w) * PATTERNS + usize::from(i)];
    }
    open * (1.0 - s.phase) + end * s.phase
}

/// The symmetric model's patterns score of `s` with the parameters `t`: half of what the
/// windows score for white less half of what the turned windows score (the same formations
/// seen from black's side).
#[inline]
fn symmetric_sum(t: &[f64], s: &Sample, windows: usize) -> f64 {
    let (mut open, mut end) = (0.0, 0.0);
    for w in 0..windows {
        let (i, j) = (usize::from(s.idx[w]), usize::from(s.turned[w]));
        open += t[w * PATTERNS + i] - t[w * PATTERNS + j];
        end += t[(windows + w) * PATTERNS + i] - t[(windows + w) * PATTERNS + j];
    }
    0.5 * (open * (1.0 - s.phase) + end * s.phase)
}

/// For each window `w` and pattern `i` (at `w * PATTERNS + i`), the pattern that window
/// [`patterns::turned_window`]`(w)` shows when the board is turned half a turn with the
/// colours swapped.
fn turned_patterns<B: PatternBoard>() -> Vec<u16> {
    let mut table = vec![0u16; B::WINDOWS * PATTERNS];
    for w in 0..B::WINDOWS {
        let squares: Vec<SquareOn<B>> = patterns::window_squares::<B>(w).collect();
        for mut n in 0..PATTERNS {
            let (mut white, mut black) = (BitboardOn::<B>::EMPTY, BitboardOn::<B>::EMPTY);
            for &sq in &squares {
                match n % 3 {
                    1 => white = white.with(sq),
                    2 => black = black.with(sq),
                    _ => {}
                }
                n /= 3;
            }
            let i = patterns::indices_of(white, black)[w];
            let turned =
                patterns::indices_of(patterns::half_turn(black), patterns::half_turn(white));
            table[w * PATTERNS + usize::from(i)] = turned[patterns::turned_window::<B>(w)];
        }
    }
    table
}

/// The scores the engine reads, rounded: the parameters themselves, or for a symmetric fit
/// each window's half less the turned window's half (see [`symmetric_sum`]).
fn engine_scores<B: PatternBoard>(t: &[f64], turned: Option<&[u16]>) -> Vec<f64> {
    let Some(turned) = turned else {
        return t.iter().map(|v| v.round()).collect();
    };
    let windows = B::WINDOWS;
    let mut out = vec![0.0; t.len()];
    for phase in 0..2 {
        for w in 0..windows {
            let other = (phase * windows + patterns::turned_window::<B>(w)) * PATTERNS;
            for i in 0..PATTERNS {
                let j = usize::from(turned[w * PATTERNS + i]);
                let slot = (phase * windows + w) * PATTERNS + i;
                out[slot] = (0.5 * (t[slot] - t[other + j])).round();
            }
        }
    }
    out
}

fn error(scores: &[f64], set: &[Sample], k: f64, windows: usize) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    set.iter()
        .map(|s| (s.result - sigmoid(k, s.base + pattern_sum(scores, s, windows))).powi(2))
        .sum::<f64>()
        / set.len() as f64
}

/// `dama tune patterns`: reads the data, fits, writes the pattern file and a summary.
pub fn fit_to_file<B: TuneBoard + PatternBoard>(
    set: &TuneSet<B>,
    config: &PatternsConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), TuneError> {
    let started = Instant::now();
    let windows = B::WINDOWS;
    let w = set.weights.without_patterns();
    let positions = data::load_positions::<B>(set.name, &config.data)?;
    // The output is checked before the fit, and written at its end.
    crate::files::check_target(&config.out).map_err(|e| TuneError::Out(config.out.clone(), e))?;
    let (train, held) = split(&positions, config.seed);
    let k = Problem::new(set, &train).fit_k(&w);
    let train = samples(set, &train, &w, config.symmetric);
    let held = samples(set, &held, &w, config.symmetric);
    let turned = config.symmetric.then(turned_patterns::<B>);
    let mut scores = vec![0.0f64; B::LEN];
    let before = (
        error(&scores, &train, k, windows),
        error(&scores, &held, k, windows),
    );
    writeln!(
        err,
        "K {k:.4} error {:.6} held out {:.6}",
        before.0, before.1
    )?;
    let mut best = (before.1, scores.clone(), 0);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(config.seed ^ 0x5EED);
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 0..config.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let rate = config.rate * (1.0 - 0.9 * f64::from(epoch) / f64::from(config.epochs));
        for &j in &order {
            let s = &train[j];
            let sum = if config.symmetric {
                symmetric_sum(&scores, s, windows)
            } else {
                pattern_sum(&scores, s, windows)
            };
            let p = sigmoid(k, s.base + sum);
            // d(error)/d(e) for this position.
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * slope;
            for win in 0..windows {
                let i = usize::from(s.idx[win]);
                let mut step = |slot: usize, share: f64| {
                    let v = &mut scores[slot];
                    *v -= rate * (g * share + config.decay * *v);
                };
                if config.symmetric {
                    let j = usize::from(s.turned[win]);
                    step(win * PATTERNS + i, 0.5 * (1.0 - s.phase));
                    step((windows + win) * PATTERNS + i, 0.5 * s.phase);
                    step(win * PATTERNS + j, -0.5 * (1.0 - s.phase));
                    step((windows + win) * PATTERNS + j, -0.5 * s.phase);
                } else {
                    step(win * PATTERNS + i, 1.0 - s.phase);
                    step((windows + win) * PATTERNS + i, s.phase);
                }
            }
        }
        let rounded = engine_scores::<B>(&scores, turned.as_deref());
        let (e_train, e_held) = (
            error(&rounded, &train, k, windows),
            error(&rounded, &held, k, windows),
        );
        writeln!(
            err,
            "epoch {} rate {rate:.0} error {e_train:.6} held out {e_held:.6} ({:.0} s)",
            epoch + 1,
            started.elapsed().as_secs_f64()
        )?;
        if e_held < best.0 {
            best = (e_held, rounded, epoch + 1);
        }
    }
    let (held_after, scores, epoch) = best;
    let bytes: Vec<u8> = scores
        .iter()
        .flat_map(|v| (v.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16).to_le_bytes())
        .collect();
    crate::files::save(&config.out, bytes).map_err(|e| TuneError::Out(config.out.clone(), e))?;
    writeln!(out, "positions {}", positions.len())?;
    writeln!(out, "k {k:.4}")?;
    writeln!(
        out,
        "error {:.6} {:.6}",
        before.0,
        error(&scores, &train, k, windows)
    )?;
    writeln!(out, "held_out_error {:.6} {:.6}", before.1, held_after)?;
    writeln!(out, "epoch {epoch}")?;
    writeln!(out, "seconds {:.1}", started.elapsed().as_secs_f64())?;
    Ok(())
}
