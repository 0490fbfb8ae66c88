//! `dama tune fit`: logistic ("Texel") tuning of the weights.
//!
//! The model: a position whose static evaluation (white's view, hundredths of a man) is `e`
//! is won by white with the probability `sigmoid(K·e) = 1 / (1 + 10^(−K·e/400))`. The error
//! of a set of weights is the mean of `(result − sigmoid(K·e))²` over the positions.
//!
//! 1. `K` is fitted first, with the starting weights: a scan of `K` over a log grid, then a
//!    golden-section search around the best point.
//! 2. With `K` fixed, a local search: each tuned weight in turn is moved by `+step`, else by
//!    `−step`, and the move is kept when the error falls; passes repeat until one changes
//!    nothing, then the step halves (16, 8, 4, 2, 1).
//!
//! The positions are split by the seed: a tenth is held out and its error reported (it
//! shows whether the fit generalises), the rest is fitted. Sums are taken in a fixed order,
//! so the weights depend only on the data, the starting weights and the seed.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use super::data::{self, Labelled};
use super::{Rng, TuneBoard, TuneError, TuneSet, TuneWeights};
use dama_core::PositionOn;
use dama_engine::weights::LIMIT;

/// Positions per chunk of the error sum (the sums of the chunks are added in order).
const CHUNK: usize = 4096;
/// The step sizes of the local search, in turn.
const STEPS: [i32; 5] = [16, 8, 4, 2, 1];

/// What `dama tune fit` does, with its values.
#[derive(Debug, Clone)]
pub struct FitConfig {
    /// The data file (`dama tune gen --out`).
    pub data: PathBuf,
    /// The weights file to write.
    pub out: PathBuf,
    /// The weights to start from (default: the engine's for the rule set: on 8×8
    /// `EngineRules::default_evaluation`, on 10×10 `INTERNATIONAL`).
    pub start: Option<PathBuf>,
    /// The seed of the held-out split.
    pub seed: u64,
    /// The most passes of the local search, over all step sizes.
    pub passes: u32,
    /// Threads for the error sums (the result is the same for any number).
    pub jobs: u32,
}

/// The weights the local search moves: all but the man (the unit) and those the board
/// leaves alone ([`TuneBoard::fixed`]: on 8×8 the king-ending constants, which the tables
/// and the search decide, the pattern scores, and the optional-capture term where capture is
/// compulsory; on 10×10 none).
pub fn tuned_names<B: TuneBoard>(set: &TuneSet<B>) -> Vec<String> {
    let mut w = set.weights;
    w.each_mut()
        .into_iter()
        .map(|(name, _)| name)
        .filter(|name| name != "man" && !(set.fixed)(name))
        .collect()
}

/// `sigmoid(K·e)` with the base-10 logistic of Elo.
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// A fitting problem: positions with results, evaluated under a rule set.
pub struct Problem<'a, B: TuneBoard> {
    positions: &'a [Labelled<B>],
    evaluate_white: fn(&PositionOn<B>, &B::Weights) -> i32,
}

impl<'a, B: TuneBoard> Problem<'a, B> {
    /// The problem of `positions` under the rule set `set`.
    pub fn new(set: &TuneSet<B>, positions: &'a [Labelled<B>]) -> Self {
        Problem {
            positions,
            evaluate_white: set.evaluate_white,
        }
    }

    /// The mean squared error of `w` with the scale `k`.
    pub fn error(&self, w: &B::Weights, k: f64) -> f64 {
        if self.positions.is_empty() {
            return 0.0;
        }
        let sums: Vec<f64> = self
            .positions
            .par_chunks(CHUNK)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|(pos, result)| {
                        let e = (self.evaluate_white)(pos, w) as f64;
                        (result - sigmoid(k, e)).powi(2)
                    })
                    .sum::<f64>()
            })
            .collect();
        sums.iter().sum::<f64>() / self.positions.len() as f64
    }

    /// The scale `K` that minimises the error of `w`.
    pub fn fit_k(&self, w: &B::Weights) -> f64 {
        // A log grid from 0.05 to 5, then golden-section search around its best point.
        let grid: Vec<f64> = (0..=40)
            .map(|i| 0.05 * 100f64.powf(i as f64 / 40.0))
            .collect();
        let errors: Vec<f64> = grid.iter().map(|&k| self.error(w, k)).collect();
        let best = (0..grid.len())
            .min_by(|&a, &b| errors[a].total_cmp(&errors[b]))
            .unwrap_or(0);
        let (mut lo, mut hi) = (
            grid[best.saturating_sub(1)],
            grid[(best + 1).min(grid.len() - 1)],
        );
        let ratio = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..30 {
            let a = hi - ratio * (hi - lo);
            let b = lo + ratio * (hi - lo);
            if self.error(w, a) <= self.error(w, b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        (lo + hi) / 2.0
    }
}

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport<W> {
    /// The weights found.
    pub weights: W,
    /// The scale fitted.
    pub k: f64,
    /// Positions fitted and held out.
    pub train: usize,
    /// Positions held out.
    pub held_out: usize,
    /// The training error before and after.
    pub error_before: f64,
    /// The training error after.
    pub error_after: f64,
    /// The held-out error before.
    pub held_out_before: f64,
    /// The held-out error after.
    pub held_out_after: f64,
    /// Passes of the local search made.
    pub passes: u32,
}

/// Splits `positions` by `seed`: (fitted, held out), a tenth held out (none below 20).
pub fn split<B: dama_core::Board>(
    positions: &[Labelled<B>],
    seed: u64,
) -> (Vec<Labelled<B>>, Vec<Labelled<B>>) {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let held = if positions.len() < 20 {
        0
    } else {
        positions.len() / 10
    };
    let pick = |idx: &[usize]| idx.iter().map(|&i| positions[i]).collect::<Vec<_>>();
    (pick(&order[held..]), pick(&order[..held]))
}

/// Fits the weights of the rule set `set` to `positions` from `start`; `progress` gets one
/// line per pass.
pub fn fit<B: TuneBoard>(
    set: &TuneSet<B>,
    positions: &[Labelled<B>],
    start: &B::Weights,
    seed: u64,
    max_passes: u32,
    progress: &mut dyn FnMut(&str),
) -> FitReport<B::Weights> {
    let (train, held) = split(positions, seed);
    let problem = Problem::new(set, &train);
    let check = Problem::new(set, &held);
    let k = problem.fit_k(start);
    let names = tuned_names(set);
    let mut w = *start;
    let mut best = problem.error(&w, k);
    let error_before = best;
    progress(&format!("K {k:.4} error {best:.6}"));
    let mut passes = 0;
    'steps: for step in STEPS {
        loop {
            if passes >= max_passes {
                break 'steps;
            }
            passes += 1;
            let mut changed = 0;
            for name in &names {
                for delta in [step, -step] {
                    let mut trial = w;
                    let Some((_, slot)) = trial.each_mut().into_iter().find(|(n, _)| n == name)
                    else {
                        continue;
                    };
                    let value = *slot + delta;
                    if value.abs() > LIMIT {
                        continue;
                    }
                    *slot = value;
                    let e = problem.error(&trial, k);
                    if e < best {
                        best = e;
                        w = trial;
                        changed += 1;
                        break;
                    }
                }
            }
            progress(&format!(
                "pass {passes} step {step} changed {changed} error {best:.6}"
            ));
            if changed == 0 {
                break;
            }
        }
    }
    FitReport {
        weights: w,
        k,
        train: train.len(),
        held_out: held.len(),
        error_before,
        error_after: best,
        held_out_before: check.error(start, k),
        held_out_after: check.error(&w, k),
        passes,
    }
}

/// `dama tune fit` under the rule set `set`: reads the data, fits, writes the weights file
/// and a summary.
pub fn fit_to_file<B: TuneBoard>(
    set: &TuneSet<B>,
    config: &FitConfig,
    out: &mut dyn Write,
    err: &mut (dyn Write + Send),
) -> Result<(), TuneError> {
    let start = match &config.start {
        Some(path) => B::Weights::load(path)?,
        None => set.weights,
    };
    let positions = data::load_positions::<B>(set.name, &config.data)?;
    // The output is checked before the fit (which may take long), and written at its end.
    crate::files::check_target(&config.out).map_err(|e| TuneError::Out(config.out.clone(), e))?;
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs as usize)
        .build()
        .map_err(|e| TuneError::Output(std::io::Error::other(e)))?;
    let report = pool.install(|| {
        fit(
            set,
            &positions,
            &start,
            config.seed,
            config.passes,
            &mut |line| {
                let _ = writeln!(err, "{line} ({:.0} s)", started.elapsed().as_secs_f64());
            },
        )
    });
    let text = format!(
        "# dama tune fit --rules {} --seed {}: {} positions fitted, {} held out, K {:.4}\n\
         # error {:.6} -> {:.6} (held out {:.6} -> {:.6}), {} passes\n{}",
        set.name,
        config.seed,
        report.train,
        report.held_out,
        report.k,
        report.error_before,
        report.error_after,
        report.held_out_before,
        report.held_out_after,
        report.passes,
        report.weights.to_toml()
    );
    crate::files::save(&config.out, text).map_err(|e| TuneError::Out(config.out.clone(), e))?;
    writeln!(out, "positions {}", report.train + report.held_out)?;
    writeln!(out, "k {:.4}", report.k)?;
    writeln!(
        out,
        "error {:.6} {:.6}",
        report.error_before, report.error_after
    )?;
    writeln!(
        out,
        "held_out_error {:.6} {:.6}",
        report.held_out_before, report.held_out_after
    )?;
    writeln!(out, "passes {}", report.passes)?;
    writeln!(out, "seconds {:.1}", started.elapsed().as_secs_f64())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{Czech, fen};
    use dama_engine::Weights;
    use dama_engine::eval::evaluate_white_for;

    /// Positions where white's extra men won and black's lost, and level ones drawn.
    fn tiny() -> Vec<Labelled> {
        let text = [
            ("W:Wa1,c1,e1,c3:Bf6", 1.0),
            ("W:Wa3,c3,e3:Bh8", 1.0),
            ("B:Wb2,d2,f2,h2:Bd6,f6", 1.0),
            ("W:Wc3:Bb6,d6,f6", 0.0),
            ("B:Wh2:Ba7,c7,e7", 0.0),
            ("W:Wc3,e3:Bd6,f6", 0.5),
            ("B:Wa1,c1:Bb8,d8", 0.5),
            ("W:Wb4:Be5", 0.5),
        ];
        text.iter()
            .map(|(f, r)| (fen::parse(f).unwrap(), *r))
            .collect()
    }

    #[test]
    fn the_error_falls_and_the_fit_repeats() {
        let data = tiny();
        let start = Weights {
            king: 150,
            ..Weights::DEFAULT
        };
        let set = TuneSet::of::<Czech>();
        let a = fit(&set, &data, &start, 3, 20, &mut |_| {});
        assert!(a.error_after < a.error_before, "{a:?}");
        assert_eq!(a.held_out, 0);
        assert_eq!(a.train, data.len());
        let b = fit(&set, &data, &start, 3, 20, &mut |_| {});
        assert_eq!(a, b);
        // The man is the unit and never moves; nor do the king-ending constants.
        assert_eq!(a.weights.man, 100);
        assert_eq!(a.weights.ending_win, start.ending_win);
    }

    #[test]
    fn k_fits_a_known_scale() {
        // Results drawn from the model itself with K = 1.3 should give back about 1.3.
        let mut data = Vec::new();
        let mut rng = Rng::new(9);
        for men in 1..=6 {
            for other in 1..=6 {
                let white: Vec<String> = ["a1", "c1", "e1", "g1", "b2", "d2"][..men]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                let black: Vec<String> = ["b8", "d8", "f8", "h8", "a7", "c7"][..other]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                let pos =
                    fen::parse(&format!("W:W{}:B{}", white.join(","), black.join(","))).unwrap();
                let e = evaluate_white_for::<Czech>(&pos, &Weights::DEFAULT) as f64;
                let p = sigmoid(1.3, e);
                for _ in 0..200 {
                    let r = (rng.next_u64() % 10_000) as f64 / 10_000.0;
                    data.push((pos, if r < p { 1.0 } else { 0.0 }));
                }
            }
        }
        let k = Problem::new(&TuneSet::of::<Czech>(), &data).fit_k(&Weights::DEFAULT);
        assert!((k - 1.3).abs() < 0.25, "{k}");
    }

    #[test]
    fn tuned_names_depend_on_the_capture_rule() {
        let czech = tuned_names(&TuneSet::of::<Czech>());
        let spanish = tuned_names(&TuneSet::of::<dama_core::Spanish>());
        assert!(!czech.contains(&"optional_runaway".to_string()));
        assert!(spanish.contains(&"optional_runaway".to_string()));
        assert!(!czech.iter().any(|n| n == "man" || n.starts_with("ending_")));
    }
}
