//! Pattern evaluation: a learned correction added to the evaluation's terms.
//!
//! The board is covered by nine overlapping windows of 4 × 4 squares (files a–d, c–f, e–h
//! crossed with ranks 1–4, 3–6, 5–8), each holding 8 dark squares. A window's contents, each
//! square empty, white or black (men and kings alike: the kings' worth is the evaluation's
//! material term), make one of 3^8 = 6561 patterns, and every (window, pattern) pair has a
//! learned score in hundredths of a man, from white's view. The scores are fitted by
//! `dama tune patterns` to the results of self-play games, on top of the evaluation's other
//! terms; two sets, one for the opening and middlegame and one for the ending, are blended
//! by the number of pieces left.

use dama_core::{Color, Position};

/// The number of windows.
pub const WINDOWS: usize = 9;
/// The patterns of one window: 3^8.
pub const PATTERNS: usize = 6561;
/// The number of phases (opening, ending) blended by the pieces left.
pub const PHASES: usize = 2;
/// Scores in one set of pattern weights.
pub const LEN: usize = PHASES * WINDOWS * PATTERNS;

/// The ternary value of a window's gathered bits (bit 4 never set): `Σ 3^i` over the set
/// bits `i` of the eight bits 0–3, 5–8, counted in that order.
static TERNARY: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut v = 0;
    while v < 512 {
        let mut t = 0u16;
        let mut pow = 1u16;
        let mut bit = 0;
        while bit < 9 {
            if bit != 4 {
                if v & (1 << bit) != 0 {
                    t += pow;
                }
                pow *= 3;
            }
            bit += 1;
        }
        table[v] = t;
        v += 1;
    }
    table
};

/// The eight bits of the window at column `c` (0–2) and row pair `q` (0–2) of `bits`,
/// gathered into bits 0–3 and 5–8 of the result.
#[inline(always)]
fn gather(bits: u64, c: usize, q: usize) -> usize {
    // Rank pair q holds bits 9q..9q+8: the even rank's squares at 0–3, the odd rank's at 5–8.
    // A window of four files takes two neighbouring squares of each rank: bits c, c+1, c+5,
    // c+6 of its two rank pairs.
    let x = bits >> (9 * q + c);
    ((x & 0x63) | (((x >> 9) & 0x63) << 2)) as usize
}

/// The pattern index of every window of `pos` (white's pieces count 1, black's 2).
#[inline]
pub fn indices(pos: &Position) -> [u16; WINDOWS] {
    let white = pos.pieces(Color::White).bits();
    let black = pos.pieces(Color::Black).bits();
    let mut out = [0u16; WINDOWS];
    for q in 0..3 {
        for c in 0..3 {
            out[3 * q + c] = TERNARY[gather(white, c, q)] + 2 * TERNARY[gather(black, c, q)];
        }
    }
    out
}

/// How far `pos` is into the ending, in 0..=24: 0 with 24 pieces or more, 24 with none.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    24 - (pos.occupied().count() as i32).min(24)
}

/// A set of pattern weights. The file holds them as `[phase][window][pattern]`; in memory
/// each (window, pattern) keeps its two phases side by side, so one evaluation touches one
/// cache line per window rather than two.
#[derive(Debug)]
pub struct Patterns {
    /// `[window][pattern]` → (opening, ending).
    scores: Box<[[i16; PHASES]]>,
}

impl Patterns {
    /// Weights from their little-endian bytes (`LEN` scores of two bytes, `[phase][window]
    /// [pattern]`); `None` if the length is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Option<Patterns> {
        if bytes.len() != 2 * LEN {
            return None;
        }
        let at = |slot: usize| i16::from_le_bytes([bytes[2 * slot], bytes[2 * slot + 1]]);
        let per_phase = WINDOWS * PATTERNS;
        let scores = (0..per_phase)
            .map(|slot| [at(slot), at(per_phase + slot)])
            .collect();
        Some(Patterns { scores })
    }

    /// The patterns' score of `pos`, white's view, in hundredths of a man.
    #[inline]
    pub fn score(&self, pos: &Position) -> i32 {
        let idx = indices(pos);
        let (mut open, mut end) = (0i32, 0i32);
        for (w, &i) in idx.iter().enumerate() {
            let [o, e] = self.scores[w * PATTERNS + usize::from(i)];
            open += i32::from(o);
            end += i32::from(e);
        }
        let p = phase(pos);
        (open * (24 - p) + end * p) / 24
    }
}

/// The Czech pattern weights built into the engine (`weights/czech-patterns.bin`).
static CZECH: std::sync::LazyLock<Option<Patterns>> = std::sync::LazyLock::new(|| {
    Patterns::from_bytes(include_bytes!("../weights/czech-patterns.bin"))
});

/// The Russian pattern weights built into the engine (`weights/russian-patterns.bin`).
static RUSSIAN: std::sync::LazyLock<Option<Patterns>> = std::sync::LazyLock::new(|| {
    Patterns::from_bytes(include_bytes!("../weights/russian-patterns.bin"))
});

/// The Czech pattern scores, if the built-in file is sound.
pub fn czech() -> Option<&'static Patterns> {
    CZECH.as_ref()
}

/// The Russian pattern scores, if the built-in file is sound.
pub fn russian() -> Option<&'static Patterns> {
    RUSSIAN.as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::Square;

    #[test]
    fn the_built_in_sets_load_and_count_in_the_evaluation() {
        use crate::Weights;
        use crate::eval::evaluate_for;
        use dama_core::{Czech, Russian, Spanish, fen};
        let czech = czech().expect("the Czech file has the right size");
        assert!(russian().is_some());
        let mut off = Weights::TUNED;
        off.patterns = 0;
        for text in [
            "W:Wa1,c1,e3,g3,d4:Bb8,d8,f6,h6,c5",
            "B:Wa3,c3,e3,f2:Bb6,d6,f6,h8",
        ] {
            let pos = fen::parse(text).unwrap();
            let white = czech.score(&pos);
            let mover = if pos.turn() == Color::White {
                white
            } else {
                -white
            };
            assert_ne!(white, 0, "{text}: the fitted set scores these formations");
            assert_eq!(
                evaluate_for::<Czech>(&pos, &Weights::TUNED),
                evaluate_for::<Czech>(&pos, &off) + mover,
                "{text}"
            );
            // Half weight, half the score (rounded towards zero).
            let mut half = Weights::TUNED;
            half.patterns = 50;
            assert_eq!(
                evaluate_for::<Czech>(&pos, &half),
                evaluate_for::<Czech>(&pos, &off)
                    + if pos.turn() == Color::White {
                        white * 50 / 100
                    } else {
                        -(white * 50 / 100)
                    },
                "{text}"
            );
            // No Spanish set: the weight does nothing there.
            assert_eq!(
                evaluate_for::<Spanish>(&pos, &Weights::TUNED),
                evaluate_for::<Spanish>(&pos, &off)
            );
            let russian_off = Weights::DEFAULT;
            assert_ne!(
                evaluate_for::<Russian>(&pos, &Weights::RUSSIAN),
                evaluate_for::<Russian>(&pos, &russian_off),
                "{text}"
            );
        }
    }

    #[test]
    fn every_window_square_is_counted_once() {
        // Each dark square is in one to four windows; its single-piece pattern is 3^k.
        for sq in Square::all() {
            let only = sq.bb();
            let mut hits = 0;
            for q in 0..3 {
                for c in 0..3 {
                    let v = TERNARY[gather(only.bits(), c, q)];
                    let (f, r) = (sq.file() as usize, sq.rank() as usize);
                    let inside = (2 * c..2 * c + 4).contains(&f) && (2 * q..2 * q + 4).contains(&r);
                    assert_eq!(v != 0, inside, "{sq} window {c},{q}");
                    if inside {
                        assert!([1, 3, 9, 27, 81, 243, 729, 2187].contains(&v));
                        hits += 1;
                    }
                }
            }
            assert!((1..=4).contains(&hits));
        }
    }
}
