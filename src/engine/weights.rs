//! The evaluation's weights as one named structure, loadable from a TOML file.
//!
//! [`Weights::DEFAULT`] holds the hand-set values the engine plays with; a file names only the
//! weights it changes (`king = 250`), the others keep their default. Unknown names are refused,
//! so a typo cannot silently leave a weight at its default.

use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};

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
}

impl Weights {
    /// Today's hand-set weights (see `docs/engine.md`).
    pub const DEFAULT: Weights = Weights {
        man: 100,
        king: 300,
        advance: [0, 2, 4, 7, 11, 17, 27],
        runaway: 30,
        runaway_rank: 12,
        back_rank: 6,
        centre: 4,
        man_step: 2,
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
    };

    /// Weights from a TOML text: `name = value` lines (`advance = [0, 2, …]`); names not given
    /// keep their default.
    pub fn from_toml(text: &str) -> Result<Weights, WeightsError> {
        let weights: Weights =
            toml::from_str(text).map_err(|e| WeightsError::Syntax(one_line(&e.to_string())))?;
        weights.check()?;
        Ok(weights)
    }

    /// The weights as a TOML text that [`Weights::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Weights from the TOML file at `path`.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let io = |e: std::io::Error| WeightsError::Io(path.display().to_string(), e.to_string());
        let file = std::fs::File::open(path).map_err(io)?;
        let mut text = String::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(io)?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(WeightsError::TooLarge(path.display().to_string()));
        }
        Weights::from_toml(&text)
    }

    /// Refuses values that could overflow the evaluation's arithmetic.
    fn check(&self) -> Result<(), WeightsError> {
        const LIMIT: i32 = 5_000;
        let scalars = [
            ("man", self.man),
            ("king", self.king),
            ("runaway", self.runaway),
            ("runaway_rank", self.runaway_rank),
            ("back_rank", self.back_rank),
            ("centre", self.centre),
            ("man_step", self.man_step),
            ("king_reach", self.king_reach),
            ("king_main_diagonal", self.king_main_diagonal),
            ("king_double_diagonal", self.king_double_diagonal),
            ("ending_two_kings", self.ending_two_kings),
            ("ending_three_on_main", self.ending_three_on_main),
            ("ending_win", self.ending_win),
            ("ending_four_kings", self.ending_four_kings),
            ("ending_main_diagonal", self.ending_main_diagonal),
            ("ending_freedom", self.ending_freedom),
            ("ending_near", self.ending_near),
        ];
        let advance = self.advance.iter().map(|&v| ("advance", v));
        match scalars
            .into_iter()
            .chain(advance)
            .find(|(_, v)| v.abs() > LIMIT)
        {
            Some((name, _)) => Err(WeightsError::OutOfRange(name.to_string(), LIMIT)),
            None => Ok(()),
        }
    }
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
        let k = Weights::from_toml("king = 250\n").unwrap();
        assert_eq!(k.king, 250);
        assert_eq!(Weights { king: 300, ..k }, Weights::DEFAULT);
    }

    #[test]
    fn the_evaluation_uses_the_weights() {
        use crate::engine::eval::{evaluate, evaluate_with};
        let pos = crate::fen::parse("W:WKc3,e3:Bf6,d8,h8").unwrap();
        let cheap = Weights {
            king: 250,
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
