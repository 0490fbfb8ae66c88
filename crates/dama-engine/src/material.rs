//! The plain evaluation of a board with no hand-set terms of its own (Turkish draughts'
//! 64 squares, [`dama_core::Board64`]): the material, a king worth [`MaterialWeights::king`]
//! men's hundredths, and each man's advance towards its crowning row. Strength is the engine
//! issue's; this is what lets the search play the set at all.

use std::path::Path;

use dama_core::{Board, Color, PositionOn};
use serde::{Deserialize, Serialize};

use crate::evaluator::Evaluator;
use crate::weights::WeightsError;

/// The weights of [`MaterialEvaluator`], in hundredths of a man, loadable from a TOML file as
/// the other boards' weights are (`dama tune fit --rules turkish` writes one): a file names
/// only the weights it changes, the others keep Turkish draughts' ([`MaterialWeights::TURKISH`]);
/// unknown names are refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MaterialWeights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Each row a man has advanced from its side's first row.
    pub advance: i32,
}

impl MaterialWeights {
    /// Turkish draughts: a flying king along ranks and files is worth about three men (the
    /// Turkish rule sheets put it between three and five), and a man gains with each row.
    pub const TURKISH: MaterialWeights = MaterialWeights {
        man: 100,
        king: 300,
        advance: 4,
    };

    /// Weights from a TOML text: `name = value` lines; names not given keep their
    /// [`MaterialWeights::TURKISH`] value.
    pub fn from_toml(text: &str) -> Result<MaterialWeights, WeightsError> {
        let weights: MaterialWeights = crate::weights::parse_toml(text)?;
        let mut copy = weights;
        crate::weights::check_limits(copy.each_mut())?;
        Ok(weights)
    }

    /// The weights as a TOML text that [`MaterialWeights::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Weights from the TOML file at `path`.
    pub fn load(path: &Path) -> Result<MaterialWeights, WeightsError> {
        MaterialWeights::from_toml(&crate::weights::read_file(path)?)
    }

    /// Every weight by name, with a handle to change it (for the tuner, and for the range
    /// check).
    pub fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        let MaterialWeights { man, king, advance } = self;
        crate::weights::named(
            [("man", man), ("king", king), ("advance", advance)],
            &mut [],
        )
    }
}

impl Default for MaterialWeights {
    /// Turkish draughts' weights ([`MaterialWeights::TURKISH`]).
    fn default() -> MaterialWeights {
        MaterialWeights::TURKISH
    }
}

/// [`MaterialWeights`] as the engine's [`Evaluator`] on any board: no state between plies.
#[derive(Copy, Clone, Debug)]
pub struct MaterialEvaluator(pub MaterialWeights);

impl MaterialEvaluator {
    /// The score of `pos` from white's view.
    pub fn evaluate_white<B: Board>(&self, pos: &PositionOn<B>) -> i32 {
        let w = &self.0;
        let side = |color: Color| {
            let men = pos.men(color);
            let advance: i32 = men
                .squares()
                .map(|sq| match color {
                    Color::White => i32::from(sq.rank()),
                    Color::Black => i32::from(B::SIZE - 1 - sq.rank()),
                })
                .sum();
            men.count() as i32 * w.man
                + pos.kings(color).count() as i32 * w.king
                + advance * w.advance
        };
        side(Color::White) - side(Color::Black)
    }
}

impl<B: Board> Evaluator<B> for MaterialEvaluator {
    type Acc = ();

    fn refresh(&self, _: &PositionOn<B>) {}

    #[inline]
    fn evaluate(&self, (): &(), pos: &PositionOn<B>) -> i32 {
        self.evaluate_white(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{BoardRules, Turkish};

    #[test]
    fn material_and_advance() {
        let e = MaterialEvaluator(MaterialWeights::TURKISH);
        // The start is even.
        assert_eq!(e.evaluate_white(&Turkish::start()), 0);
        // A king and a man on d4 (three rows up) against a man on e7 (one row up for black).
        let pos = Turkish::parse_fen("W:WKa1,d4:Be7").unwrap();
        assert_eq!(e.evaluate_white(&pos), 300 + 100 + 3 * 4 - (100 + 4));
    }

    #[test]
    fn toml_round_trip() {
        let w = MaterialWeights::from_toml("king = 350\n").unwrap();
        assert_eq!(
            w,
            MaterialWeights {
                king: 350,
                ..MaterialWeights::TURKISH
            }
        );
        assert_eq!(MaterialWeights::from_toml(&w.to_toml()), Ok(w));
        assert!(matches!(
            MaterialWeights::from_toml("queen = 3\n"),
            Err(WeightsError::Syntax(e)) if e.contains("queen")
        ));
        assert_eq!(
            MaterialWeights::from_toml("king = 99999999\n"),
            Err(WeightsError::OutOfRange(
                "king".into(),
                crate::weights::LIMIT
            ))
        );
    }
}
