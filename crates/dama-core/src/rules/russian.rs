//! The Russian rules (`../shared/spec/rules-russian.md`, `russian`).
//!
//! Men capture forward and backward; a man crowned during a capture goes on as a king; kings
//! fly and, capturing, land where the capture can go on if any landing allows it; capture is
//! compulsory and must be finished, any capture may be chosen; routes with the same start, end
//! and captured pieces are one move. Draws: threefold repetition, fifteen moves
//! each with only kings moved, and the counts of the endings ([`Rules::ending_limit`]; see
//! `docs/rules.md`).

use super::generate::{self, LastRow, ParamRules, Params};
use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo, material};
use crate::notation::Notation;
use crate::{Bitboard, Color, Position};

/// The Russian rule set (русские шашки).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Russian;

/// The constants that identify the rule set in the registry.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "russian",
    summary: "the Russian rules",
    pdn_game_type: 25,
    pdn_variant: None,
    notation: Notation::AlgebraicColon,
    lang: "ru",
};

impl ParamRules for Russian {
    type Board = crate::Board8;
    const PARAMS: Params = Params {
        man_captures_backward: true,
        last_row: LastRow::GoesOnAsKing,
        ..Params::DEFAULT
    };
    const FAST_PATHS: bool = true;
}

/// Half-moves with only kings moved and no capture that draw (15 moves each, rule 3).
pub const NO_PROGRESS_PLIES: u16 = 30;

/// The strong side's moves allowed for three or more kings against a lone king (rule 2).
const MANY_KINGS_MOVES: u16 = 15;
/// The strong side's moves allowed on the main road and in the small endings (rules 5 and 6).
const SHORT_MOVES: u16 = 5;
/// Half-moves allowed with kings on both sides and unchanged material, 4–5 pieces (rule 4).
const SMALL_EQUAL_PLIES: u16 = 60;
/// The same for 6–7 pieces (rule 4).
const LARGE_EQUAL_PLIES: u16 = 120;

impl BoardRules for Russian {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    /// The half-moves allowed for the ending of `pos` by the Russian draw rules 2, 4, 5 and 6, if
    /// its material is one they limit: the first count to run out decides.
    ///
    /// Rules 2, 5 and 6 count the strong side's moves: "not won by the strong side's Nth move"
    /// ends after the strong side's Nth move, which is half-move 2N from here when the weak side is
    /// to move and 2N − 1 when the strong side is.
    fn ending_limit(pos: &Position) -> Option<u16> {
        let [wm, wk, bm, bk] = material(pos);
        let mut limit: Option<u16> = None;
        let mut take = |plies: u16| limit = Some(limit.map_or(plies, |l| l.min(plies)));
        // Rule 4: both sides have kings and 4–7 pieces are left.
        if wk > 0 && bk > 0 {
            match wm + wk + bm + bk {
                4 | 5 => take(SMALL_EQUAL_PLIES),
                6 | 7 => take(LARGE_EQUAL_PLIES),
                _ => {}
            }
        }
        // Rules 2, 5, 6: a lone king against the strong side's pieces.
        let (strong, sm, sk) = match ((wm, wk), (bm, bk)) {
            (_, (0, 1)) if (wm, wk) != (0, 1) || pos.turn() == Color::Black => {
                (Color::White, wm, wk)
            }
            ((0, 1), _) => (Color::Black, bm, bk),
            _ => return limit,
        };
        let weak_on_road = (pos.kings(!strong) & Bitboard::MAIN_DIAGONAL).any();
        let strong_moves = |n: u16| {
            if pos.turn() == strong {
                2 * n - 1
            } else {
                2 * n
            }
        };
        if sm == 0 && sk >= 3 {
            take(strong_moves(MANY_KINGS_MOVES));
        }
        if weak_on_road && matches!((sk, sm), (3, 0) | (2, 1) | (1, 2)) {
            take(strong_moves(SHORT_MOVES));
        }
        if matches!((sk, sm), (1 | 2, 0) | (1, 1)) {
            take(strong_moves(SHORT_MOVES));
        }
        limit
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        match counters.ending {
            Some(e) if e.plies >= e.limit => Some(if e.limit >= SMALL_EQUAL_PLIES {
                DrawReason::MaterialUnchanged
            } else {
                DrawReason::KingEnding
            }),
            _ if counters.quiet_plies >= NO_PROGRESS_PLIES => Some(DrawReason::NoProgress),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::rules::EndingCount;

    fn limit(text: &str) -> Option<u16> {
        Russian::ending_limit(&fen::parse(text).unwrap())
    }

    #[test]
    fn ending_limits() {
        // Rule 6: two kings against a lone king, 5 strong moves; the strong side to move
        // makes its 5th move on half-move 9.
        assert_eq!(limit("W:WKa3,Kc1:BKh2"), Some(9));
        assert_eq!(limit("B:WKa3,Kc1:BKh2"), Some(10));
        // Rule 2: three kings off the main road, 15 strong moves (rule 4 would allow 60).
        assert_eq!(limit("B:WKa3,Kc1,Ke1:BKh2"), Some(30));
        // Rule 5: the same on the main road.
        assert_eq!(limit("B:WKa3,Kc1,Ke1:BKd4"), Some(10));
        // Rule 5 with a man; off the road it is rule 4's 30 moves each.
        assert_eq!(limit("B:WKa3,Kc1,e3:BKd4"), Some(10));
        assert_eq!(limit("B:WKa3,Kc1,e3:BKh2"), Some(60));
        // Rule 4 with 6 pieces; no limit without kings on both sides.
        assert_eq!(limit("W:WKa3,c1,e1,g1:BKh2,b8"), Some(120));
        assert_eq!(limit("W:Wa3,c1,e1,g1:BKh2,b8"), None);
        // A lone king each: five moves each.
        assert_eq!(limit("W:WKa3:BKh2"), Some(10));
    }

    #[test]
    fn reasons() {
        let count = |limit| DrawCounters {
            quiet_plies: 0,
            ending: Some(EndingCount {
                material: [0, 2, 0, 1],
                plies: limit,
                limit,
            }),
        };
        assert_eq!(
            Russian::counters_draw(&count(9)),
            Some(DrawReason::KingEnding)
        );
        assert_eq!(
            Russian::counters_draw(&count(60)),
            Some(DrawReason::MaterialUnchanged)
        );
        let quiet = DrawCounters {
            quiet_plies: 30,
            ending: None,
        };
        assert_eq!(Russian::counters_draw(&quiet), Some(DrawReason::NoProgress));
    }
}
