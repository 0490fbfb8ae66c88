//! The evaluation's weights as one named structure, loadable from a TOML file.
//!
//! [`Weights::DEFAULT`] holds the hand-set values, [`Weights::TUNED`] the Czech fit of `dama tune`,
//! and [`EngineRules::default_evaluation`](crate::EngineRules::default_evaluation) is the engine's set per rule set; a file names only the weights it changes (`king = 250`), the others keep their default. Unknown names are refused,
//! so a typo cannot silently leave a weight at its default.

use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};

/// The largest magnitude of a weight (keeps the evaluation's arithmetic far from overflow).
pub const LIMIT: i32 = 5_000;

/// The largest weights file read (a full file is well under 1 KiB).
const MAX_FILE_BYTES: u64 = 64 * 1024;

/// Every weight of the evaluation, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Advancement by the man's rank counted from its home rank (0–6), before the scaling by
    /// the pieces left (4/8 with a full board, 12/8 bare).
    pub advance: [i32; 7],
    /// A runaway man (no enemy piece in its cone, no enemy king): this much …
    pub runaway: i32,
    /// … plus this much per rank from home.
    pub runaway_rank: i32,
    /// A man on its home rank while more than ten pieces are on the board and the enemy has no
    /// king.
    pub back_rank: i32,
    /// A man on one of the eight central squares.
    pub centre: i32,
    /// A free forward step of a man.
    pub man_step: i32,
    /// Balance: times the difference between a side's men on the left half (files a–d) and
    /// on the right half (e–h), taken absolutely (a lopsided side gets it; negative is a
    /// penalty).
    pub balance: i32,
    /// A man on a key guard square of the home rank (c1 and e1 for white, d8 and f8 for
    /// black) while the enemy has no king, on top of [`Weights::back_rank`].
    pub back_guard: i32,
    /// A locked man: neither forward square is free (negative is a penalty).
    pub locked: i32,
    /// The runaway race: when both sides have runaway men, the side whose fastest one
    /// crowns first (fewer moves to go; the side to move wins a tie) gets this.
    pub runaway_race: i32,
    /// Under optional capture only (the Spanish-spec rules): added to each runaway man, which
    /// no sacrifice can lure off its road there.
    pub optional_runaway: i32,
    /// A square a king can move to.
    pub king_reach: i32,
    /// A king on the main diagonal a1–h8.
    pub king_main_diagonal: i32,
    /// A king on the double diagonals a7–g1 and b8–h2.
    pub king_double_diagonal: i32,
    /// Kings only: two kings against a lone king (a draw).
    pub ending_two_kings: i32,
    /// Kings only: three kings against a lone king on the main diagonal (a draw).
    pub ending_three_on_main: i32,
    /// Kings only: three kings against a lone king off the main diagonal, or more (a win).
    pub ending_win: i32,
    /// Added to [`Weights::ending_win`] with four or more kings against one.
    pub ending_four_kings: i32,
    /// Added while the strong side holds the main diagonal.
    pub ending_main_diagonal: i32,
    /// Taken off per square the lone king can reach.
    pub ending_freedom: i32,
    /// Times the (negated) distance of each strong king to the lone king.
    pub ending_near: i32,
    /// The learned pattern scores of [`crate::patterns`], in percent (0: off); only
    /// for rule sets with a pattern set of their own.
    pub patterns: i32,
}

impl Weights {
    /// The hand-set weights (those of `v0.1.0`, the terms added with the tuning at 0): the
    /// default of every rule set without a tuned set of its own, and of weights files.
    pub const DEFAULT: Weights = Weights {
        man: 100,
        king: 300,
        advance: [0, 2, 4, 7, 11, 17, 27],
        runaway: 30,
        runaway_rank: 12,
        back_rank: 6,
        centre: 4,
        man_step: 2,
        balance: 0,
        back_guard: 0,
        locked: 0,
        runaway_race: 0,
        optional_runaway: 0,
        king_reach: 2,
        king_main_diagonal: 12,
        king_double_diagonal: 4,
        ending_two_kings: 10,
        ending_three_on_main: 20,
        ending_win: 700,
        ending_four_kings: 150,
        ending_main_diagonal: 120,
        ending_freedom: 12,
        ending_near: 3,
        patterns: 0,
    };

    /// The tuned weights (`weights/czech.toml`): the Czech fit of `dama tune`
    /// (`weights/czech-round2.toml`) with the learned pattern scores on (which exist for the
    /// Czech rules only); the king-ending constants hand-set. See `docs/engine.md`, "Tuning".
    pub const TUNED: Weights = Weights {
        man: 100,
        king: 250,
        advance: [68, 51, 27, 16, 23, 63, 75],
        runaway: -33,
        runaway_rank: 54,
        back_rank: 68,
        centre: 50,
        man_step: 3,
        balance: -23,
        back_guard: 81,
        locked: 24,
        runaway_race: 8,
        optional_runaway: 0,
        king_reach: 3,
        king_main_diagonal: 29,
        king_double_diagonal: -11,
        patterns: 100,
        // The king-ending constants are not fitted.
        ..Weights::DEFAULT
    };

    /// The Russian weights: the hand-set ones with the Russian pattern scores
    /// (`weights/russian.toml`, `weights/russian-patterns.bin`).
    pub const RUSSIAN: Weights = Weights {
        patterns: 100,
        ..Weights::DEFAULT
    };

    /// The Russian giveaway weights: the game is won by giving every piece away or being
    /// blocked, so a piece counts against its side, a man that cannot step for it and one
    /// that can against it; no square, rank or king ending of the Russian game counts.
    /// Hand-set.
    pub const GIVEAWAY: Weights = Weights {
        man: -100,
        king: -150,
        advance: [0; 7],
        runaway: 0,
        runaway_rank: 0,
        back_rank: 0,
        centre: 0,
        man_step: -2,
        balance: 0,
        back_guard: 0,
        locked: 4,
        runaway_race: 0,
        optional_runaway: 0,
        king_reach: -1,
        king_main_diagonal: 0,
        king_double_diagonal: 0,
        ending_two_kings: 0,
        ending_three_on_main: 0,
        ending_win: 0,
        ending_four_kings: 0,
        ending_main_diagonal: 0,
        ending_freedom: 0,
        ending_near: 0,
        patterns: 0,
    };

    /// The hand-set weights for short kings (English, Italian): a king that moves one square
    /// is worth far less than a flying one, its reach is its free neighbours (so the centre
    /// counts), and the long diagonals mean nothing to it.
    pub const SHORT_KINGS: Weights = Weights {
        king: 150,
        king_reach: 6,
        king_main_diagonal: 0,
        king_double_diagonal: 0,
        ..Weights::DEFAULT
    };

    /// Weights from a TOML text: `name = value` lines (`advance = [0, 2, …]`); names not given
    /// keep their default.
    pub fn from_toml(text: &str) -> Result<Weights, WeightsError> {
        let weights: Weights = parse_toml(text)?;
        weights.check()?;
        Ok(weights)
    }

    /// The weights as a TOML text that [`Weights::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Weights from the TOML file at `path`.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        Weights::from_toml(&read_file(path)?)
    }

    /// Every weight by name, with a handle to change it: the scalars, then `advance[0]` …
    /// `advance[6]` (for the tuner, and for the range check).
    pub fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        let Weights {
            man,
            king,
            advance,
            runaway,
            runaway_rank,
            back_rank,
            centre,
            man_step,
            balance,
            back_guard,
            locked,
            runaway_race,
            optional_runaway,
            king_reach,
            king_main_diagonal,
            king_double_diagonal,
            ending_two_kings,
            ending_three_on_main,
            ending_win,
            ending_four_kings,
            ending_main_diagonal,
            ending_freedom,
            ending_near,
            patterns,
        } = self;
        named(
            [
                ("man", man),
                ("king", king),
                ("runaway", runaway),
                ("runaway_rank", runaway_rank),
                ("back_rank", back_rank),
                ("centre", centre),
                ("man_step", man_step),
                ("balance", balance),
                ("back_guard", back_guard),
                ("locked", locked),
                ("runaway_race", runaway_race),
                ("optional_runaway", optional_runaway),
                ("king_reach", king_reach),
                ("king_main_diagonal", king_main_diagonal),
                ("king_double_diagonal", king_double_diagonal),
                ("ending_two_kings", ending_two_kings),
                ("ending_three_on_main", ending_three_on_main),
                ("ending_win", ending_win),
                ("ending_four_kings", ending_four_kings),
                ("ending_main_diagonal", ending_main_diagonal),
                ("ending_freedom", ending_freedom),
                ("ending_near", ending_near),
                ("patterns", patterns),
            ],
            advance,
        )
    }

    /// Refuses values that could overflow the evaluation's arithmetic.
    fn check(&self) -> Result<(), WeightsError> {
        let mut copy = *self;
        check_limits(copy.each_mut())
    }
}

/// Every weight by name, with a handle to change it: the `scalars`, then `advance[0]` …
/// (the `each_mut` of [`Weights`] and of [`crate::eval10::Weights10`]).
pub(crate) fn named<'a>(
    scalars: impl IntoIterator<Item = (&'static str, &'a mut i32)>,
    advance: &'a mut [i32],
) -> Vec<(String, &'a mut i32)> {
    let mut all: Vec<(String, &mut i32)> = scalars
        .into_iter()
        .map(|(name, v)| (name.to_string(), v))
        .collect();
    all.extend(
        advance
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (format!("advance[{i}]"), v)),
    );
    all
}

/// A weights structure (the 8×8 [`Weights`], the 10×10 [`crate::eval10::Weights10`]) from
/// its TOML text, not yet range-checked.
pub(crate) fn parse_toml<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, WeightsError> {
    toml::from_str(text).map_err(|e| WeightsError::Syntax(one_line(&e.to_string())))
}

/// Refuses a weight beyond ±[`LIMIT`] among `all` (names and values, as `each_mut` gives
/// them), naming it without its index.
pub(crate) fn check_limits(all: Vec<(String, &mut i32)>) -> Result<(), WeightsError> {
    match all.into_iter().find(|(_, v)| v.abs() > LIMIT) {
        Some((name, _)) => {
            let name = name.split('[').next().unwrap_or_default().to_string();
            Err(WeightsError::OutOfRange(name, LIMIT))
        }
        None => Ok(()),
    }
}

/// The text of the weights file at `path` (refused above [`MAX_FILE_BYTES`]).
pub(crate) fn read_file(path: &Path) -> Result<String, WeightsError> {
    let io = |e: std::io::Error| WeightsError::Io(path.display().to_string(), e.to_string());
    let file = dama_core::file::open_regular(path).map_err(io)?;
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(WeightsError::TooLarge(path.display().to_string()));
    }
    Ok(text)
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// A weights file refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The file cannot be read.
    #[error("cannot read weights file {0}: {1}")]
    Io(String, String),
    /// The file is larger than any weights file.
    #[error("weights file {0} is too large")]
    TooLarge(String),
    /// Not TOML, an unknown name or a value of the wrong type.
    #[error("bad weights: {0}")]
    Syntax(String),
    /// A weight beyond ± the limit.
    #[error("bad weights: {0} must be within ±{1}")]
    OutOfRange(String, i32),
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_partial_files() {
        let w = Weights::DEFAULT;
        assert_eq!(Weights::from_toml(&w.to_toml()).unwrap(), w);
        let k = Weights::from_toml("king = 275\n").unwrap();
        assert_eq!(k.king, 275);
        assert_eq!(
            Weights {
                king: Weights::DEFAULT.king,
                ..k
            },
            Weights::DEFAULT
        );
        // Every weight changed at once, to a different value each.
        let mut all = Weights::DEFAULT;
        for (i, (_, v)) in all.each_mut().into_iter().enumerate() {
            *v = 7 * i as i32 - 40;
        }
        assert_ne!(all, Weights::DEFAULT);
        assert_eq!(Weights::from_toml(&all.to_toml()).unwrap(), all);
    }

    #[test]
    fn the_files_in_the_repository_are_the_constants() {
        let hand = include_str!("../weights/hand-set.toml");
        assert_eq!(Weights::from_toml(hand).unwrap(), Weights::DEFAULT);
        let tuned = include_str!("../weights/czech.toml");
        assert_eq!(Weights::from_toml(tuned).unwrap(), Weights::TUNED);
        // The fit's output is the same set without the pattern scores.
        let fitted = include_str!("../weights/czech-round2.toml");
        let mut without = Weights::TUNED;
        without.patterns = 0;
        assert_eq!(Weights::from_toml(fitted).unwrap(), without);
        let russian = include_str!("../weights/russian.toml");
        assert_eq!(Weights::from_toml(russian).unwrap(), Weights::RUSSIAN);
        // The engine takes the rule set's own unless told otherwise.
        use crate::Evaluation;
        let mut engine = crate::Engine::with_seed(Default::default(), 1);
        assert_eq!(
            engine.evaluation::<dama_core::Russian>(),
            Evaluation::Hand8(Weights::RUSSIAN)
        );
        engine.set_evaluation(Evaluation::Hand8(Weights::DEFAULT));
        assert_eq!(
            engine.evaluation::<dama_core::Czech>(),
            Evaluation::Hand8(Weights::DEFAULT)
        );
        // 8×8 weights do not fit 10×10: International keeps its own.
        assert_eq!(
            engine.evaluation::<dama_core::International>(),
            Evaluation::Hand10(crate::INTERNATIONAL)
        );
    }

    #[test]
    fn every_weight_is_named_once() {
        let mut w = Weights::DEFAULT;
        let names: Vec<String> = w.each_mut().into_iter().map(|(n, _)| n).collect();
        let unique: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        // 23 scalars and the seven advancement ranks: each name but the ranks loads alone.
        assert_eq!(names.len(), 30);
        for name in names.iter().filter(|n| !n.starts_with("advance")) {
            let w = Weights::from_toml(&format!("{name} = 4321")).unwrap();
            let mut copy = w;
            let (_, v) = copy
                .each_mut()
                .into_iter()
                .find(|(n, _)| n == name)
                .unwrap();
            assert_eq!(*v, 4321, "{name}");
        }
    }

    #[test]
    fn the_evaluation_uses_the_weights() {
        use crate::eval::{evaluate, evaluate_with};
        let pos = dama_core::fen::parse("W:WKc3,e3:Bf6,d8,h8").unwrap();
        let cheap = Weights {
            king: Weights::DEFAULT.king - 50,
            ..Weights::DEFAULT
        };
        assert_eq!(evaluate_with(&pos, &Weights::DEFAULT), evaluate(&pos));
        assert_eq!(evaluate(&pos) - evaluate_with(&pos, &cheap), 50);
    }

    #[test]
    fn refusals() {
        assert!(matches!(
            Weights::from_toml("kinq = 250"),
            Err(WeightsError::Syntax(_))
        ));
        assert!(matches!(
            Weights::from_toml("advance = [1, 2]"),
            Err(WeightsError::Syntax(_))
        ));
        assert_eq!(
            Weights::from_toml("man = 99999"),
            Err(WeightsError::OutOfRange("man".into(), 5_000))
        );
    }
}
