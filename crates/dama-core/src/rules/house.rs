//! The house rules of the Russian checkers program (`../shared/spec/rules-russian.md`,
//! `house`).
//!
//! The Russian moves, except that a capturing king lands on the square directly behind the
//! piece it takes. No draw is automatic: with at most four pieces left, after eight pairs of
//! moves without a capture or a man move, the rules call for a draw offer
//! ([`Rules::draw_offer_due`]), which the players may decline; it comes again after eight more
//! pairs.

use super::generate::{self, KingLanding, ParamRules, Params};
use super::{BoardRules, DrawCounters, RuleSetInfo, Russian};
use crate::Position;
use crate::notation::Notation;

/// The house rule set of the Russian checkers program.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct House;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "house",
    summary: "the house rules of the Russian checkers program",
    pdn_game_type: 25,
    pdn_variant: Some("house"),
    notation: Notation::AlgebraicColon,
    lang: "ru",
};

impl ParamRules for House {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        king_landing: KingLanding::DirectlyBehind,
        ..Russian::PARAMS
    };
    const FAST_PATHS: bool = true;
}

/// The most pieces on the board for the draw offer.
pub const OFFER_MAX_PIECES: u32 = 4;
/// Half-moves without a capture or a man move between offers (eight pairs of moves).
pub const OFFER_PLIES: u16 = 16;

impl BoardRules for House {
    const INFO: RuleSetInfo = INFO;
    generate::moves_from_params!();

    fn draw_offer_due(pos: &Position, counters: &DrawCounters) -> bool {
        pos.occupied().count() <= OFFER_MAX_PIECES
            && counters.quiet_plies > 0
            && counters.quiet_plies.is_multiple_of(OFFER_PLIES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    #[test]
    fn offer_every_eight_pairs_with_four_pieces_or_fewer() {
        let four = fen::parse("W:WKa1,Kc3:BKh8,Kf8").unwrap();
        let five = fen::parse("W:WKa1,Kc3,e3:BKh8,Kf8").unwrap();
        let after = |plies| DrawCounters {
            quiet_plies: plies,
            ending: None,
        };
        let due: Vec<u16> = (0..=48)
            .filter(|&p| House::draw_offer_due(&four, &after(p)))
            .collect();
        assert_eq!(due, [16, 32, 48]);
        assert!(!House::draw_offer_due(&five, &after(16)));
    }
}
