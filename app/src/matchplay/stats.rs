//! The statistics of a match: score, Elo difference with its 95% error bar (from the game
//! results, trinomial, and from the game pairs, pentanomial) and the sequential probability
//! ratio test.
//!
//! All of it is the usual normal approximation of engine-testing tools:
//! - the score `s` is the mean result (win 1, draw ½, loss 0), the Elo difference
//!   `-400·log10(1/s − 1)` (the logistic model);
//! - the error bar: `s ± 1.96·σ/√n`, with `σ²` the variance of one game's result (trinomial)
//!   or of one pair's mean result (pentanomial, `n` pairs), each end turned into Elo, and half
//!   the distance between them reported as `±`;
//! - the SPRT: `LLR = n·(s1 − s0)·(2s − s0 − s1) / (2σ²)` with `s0`, `s1` the scores of the
//!   hypotheses' Elo differences and `σ²` the variance of one game's result (trinomial); the
//!   test accepts H1 at `LLR ≥ ln((1−β)/α)` and H0 at `LLR ≤ ln(β/(1−α))`. When every game has
//!   had the same result the observed variance is 0; then the variance is taken with half a
//!   game added to each of the three results, so the test can still decide.

use std::fmt;
use std::str::FromStr;

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference of a score (the logistic model): ±infinity at 1 and 0.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The score an Elo difference predicts.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo estimate: the difference and the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean result, 0 to 1.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo (infinite when it reaches 0 or 1).
    pub error: f64,
}

/// The estimate from results `values` (each 0 to 1) seen `counts` times.
fn estimate(values: &[f64], counts: &[u64]) -> Option<Estimate> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let n_f = n as f64;
    let score = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| v * c as f64)
        .sum::<f64>()
        / n_f;
    let variance = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| c as f64 * (v - score).powi(2))
        .sum::<f64>()
        / n_f;
    let margin = Z95 * (variance / n_f).sqrt();
    let (lo, hi) = (score - margin, score + margin);
    // One sample says nothing about the spread.
    let error = if n < 2 {
        f64::INFINITY
    } else {
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0
    };
    Some(Estimate {
        score,
        elo: elo_from_score(score),
        error,
    })
}

/// Wins, draws and losses, from the first player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean result (0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (self.wins as f64 + self.draws as f64 / 2.0) / n as f64,
        }
    }

    /// The Elo estimate from the games' results (trinomial).
    pub fn estimate(&self) -> Option<Estimate> {
        estimate(&[1.0, 0.5, 0.0], &[self.wins, self.draws, self.losses])
    }

    /// The variance of one game's result; with half a game added to each result when every
    /// game had the same one.
    fn variance(&self) -> f64 {
        let per_game = |w: f64, d: f64, l: f64| {
            let n = w + d + l;
            let s = (w + d / 2.0) / n;
            (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n
        };
        let (w, d, l) = (self.wins as f64, self.draws as f64, self.losses as f64);
        let observed = per_game(w, d, l);
        if observed > 1e-9 {
            observed
        } else {
            per_game(w + 0.5, d + 0.5, l + 0.5)
        }
    }
}

/// Game pairs (the same opening with each colour) by the first player's points in the pair:
/// `counts[k]` pairs scored `k/2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by points times two.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair scoring `points` (0 to 2, in halves).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs played.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The Elo estimate from the pairs' mean results.
    pub fn estimate(&self) -> Option<Estimate> {
        estimate(&[0.0, 0.25, 0.5, 0.75, 1.0], &self.counts)
    }
}

/// A sequential probability ratio test: H0 `elo = elo0` against H1 `elo = elo1`, with error
/// rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H1 accepted: the first player is at least `elo1` stronger (within the test's errors).
    H1,
    /// H0 accepted.
    H0,
    /// Not decided yet.
    Continue,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::H1 => "H1",
            Decision::H0 => "H0",
            Decision::Continue => "continue",
        })
    }
}

/// An `--sprt` value that is not `elo0,elo1,alpha,beta` with `elo0 < elo1` and both rates in
/// (0, 0.5).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad --sprt '{0}': expected elo0,elo1,alpha,beta with elo0 < elo1 and alpha, beta in (0, 0.5), e.g. 0,10,0.05,0.05"
)]
pub struct SprtError(pub String);

impl FromStr for Sprt {
    type Err = SprtError;

    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let bad = || SprtError(text.to_string());
        let parts: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(bad());
        };
        let rate = |r: f64| r > 0.0 && r < 0.5;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && rate(alpha) && rate(beta)) {
            return Err(bad());
        }
        if elo0.abs() > 1000.0 || elo1.abs() > 1000.0 {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl Sprt {
    /// The (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the results `wdl`.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = wdl.games();
        if n == 0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let variance = wdl.variance();
        n as f64 * (s1 - s0) * (2.0 * wdl.score() - s0 - s1) / (2.0 * variance)
    }

    /// The decision after the results `wdl`.
    pub fn decide(&self, wdl: &Wdl) -> Decision {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) {
        assert!((a - b).abs() <= tolerance, "{a} is not {b} ± {tolerance}");
    }

    #[test]
    fn elo_of_scores() {
        close(elo_from_score(0.5), 0.0, 1e-12);
        // -400·log10(1/0.75 − 1) = 400·log10(3) = 190.848…
        close(elo_from_score(0.75), 190.848_501_887_865, 1e-9);
        close(elo_from_score(0.25), -190.848_501_887_865, 1e-9);
        close(score_from_elo(190.848_501_887_865), 0.75, 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn trinomial_error_bar_by_hand() {
        // 30 wins, 40 draws, 30 losses: s = 0.5, σ² = (30·0.25 + 30·0.25)/100 = 0.15,
        // margin = 1.96·√(0.15/100) = 0.075909; Elo(0.575909) = 53.1580 = −Elo(0.424091).
        let wdl = Wdl {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        let e = wdl.estimate().unwrap();
        close(e.score, 0.5, 1e-12);
        close(e.elo, 0.0, 1e-9);
        close(e.error, 53.1580, 1e-3);
        // 60 wins, 20 draws, 20 losses: s = 0.7, Elo = 400·log10(7/3) = 147.1907;
        // σ² = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, margin = 1.96·0.04 = 0.0783986;
        // (Elo(0.7783986) − Elo(0.6216014))/2 = (218.2518 − 86.2250)/2 = 66.0134.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = wdl.estimate().unwrap();
        close(e.elo, 147.1907, 1e-3);
        close(e.error, 66.0134, 1e-3);
    }

    #[test]
    fn pentanomial_error_bar_by_hand() {
        // Pairs with 0, ½, 1, 1½, 2 points: 5, 10, 20, 10, 5 → s = 0.5,
        // σ² = (5·0.25 + 10·0.0625 + 0 + 10·0.0625 + 5·0.25)/50 = 0.075,
        // margin = 1.96·√(0.075/50) = 0.075909 → the same ±53.1580 as above.
        let p = Pentanomial {
            counts: [5, 10, 20, 10, 5],
        };
        assert_eq!(p.pairs(), 50);
        let e = p.estimate().unwrap();
        close(e.elo, 0.0, 1e-9);
        close(e.error, 53.1580, 1e-3);
        let mut q = Pentanomial::default();
        for points in [0.0, 0.5, 1.0, 1.5, 2.0, 2.0] {
            q.add(points);
        }
        assert_eq!(q.counts, [1, 1, 1, 1, 2]);
        let one = Pentanomial {
            counts: [0, 0, 1, 0, 0],
        };
        assert_eq!(one.estimate().unwrap().error, f64::INFINITY);
    }

    #[test]
    fn sprt_by_hand() {
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = 2.944439.
        close(lower, -2.944_439, 1e-6);
        close(upper, 2.944_439, 1e-6);
        // 60/20/20: s0 = 0.5, s1 = 1/(1 + 10^(−10/400)) = 0.5143872, σ² = 0.16;
        // LLR = 100·0.0143872·(1.4 − 1.0143872)/0.32 = 1.733713.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        close(sprt.llr(&wdl), 1.733_713, 1e-5);
        assert_eq!(sprt.decide(&wdl), Decision::Continue);
        let more = Wdl {
            wins: 120,
            draws: 40,
            losses: 40,
        };
        assert_eq!(sprt.decide(&more), Decision::H1);
        let even = Wdl {
            wins: 300,
            draws: 400,
            losses: 300,
        };
        // s = 0.5, σ² = 0.15: LLR = 1000·0.0143872·(−0.0143872)/0.3 = −0.689970.
        close(sprt.llr(&even), -0.689_970, 1e-5);
        // Ten wins and nothing else: σ² from 10.5/0.5/0.5.
        let sweep = Wdl {
            wins: 10,
            ..Wdl::default()
        };
        assert!(sprt.llr(&sweep) > 0.0);
    }

    #[test]
    fn sprt_refusals() {
        for bad in [
            "",
            "0,10",
            "10,0,0.05,0.05",
            "0,10,0.6,0.05",
            "0,10,0,0.05",
            "a,b,c,d",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
