//! International draughts (`international`): the FMJD's game on the 10×10 board.
//!
//! The article numbers are those of "Annex 1: Official FMJD rules for international
//! draughts" (version of November 2015); `docs/rules.md` gives each rule with its article and
//! where the text was read. Twenty men a side, black on 1–20 and white on 31–50 (art. 2.7,
//! 2.8), white moves first (3.3). A man steps one square diagonally forward (3.4) and is
//! crowned when its move ends on the far row (3.5); a king flies along a free diagonal (3.9).
//! Men and kings capture forward and backward (4.1): a man an adjacent piece (4.2), a king a
//! piece at any distance along a free diagonal, landing on any free square beyond it (4.3).
//! The capture goes on while the piece can take again (4.5, 4.6); capturing is compulsory, and
//! the capture taking the most pieces must be played, a king counting as one piece like a man
//! (4.13), the player choosing among equal ones (4.14). The pieces taken are lifted only when
//! the capture is over and none may be jumped twice (4.8, 4.11: the Turkish strike). A man
//! that crosses the far row during a capture and ends elsewhere stays a man (4.15).
//!
//! The game is drawn by the third occurrence of a position with the same side to move
//! (6.1); after twenty-five moves each in which only kings moved and nothing was taken
//! (6.2); and, against a lone king, after sixteen moves each with three pieces of which one
//! at least is a king (6.3), or five moves each with two pieces or one, with a king (6.4).
//! These are the Brazilian rule set's own rules, on the larger board: the move generator is
//! the shared one with Brazilian's `PARAMS` (four rows of men each), and the draw rules are
//! Brazilian's.

use super::brazilian::{fmjd_counters_draw, lone_king_limit};
use super::generate::{self, ParamRules, Params};
use super::{BoardRules, Brazilian, DrawCounters, DrawReason, RuleSetInfo};
use crate::board::Board10;
use crate::notation::Notation;
use crate::position::PositionOn;

/// The rule set of international draughts (FMJD), on the 10×10 board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct International;

/// The constants that identify the rule set.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "international",
    summary: "the FMJD's game on the 10x10 board",
    pdn_game_type: 20,
    pdn_variant: None,
    lang: "en",
    // On the 10×10 board a square's name is its number (1–50), so the algebraic notation
    // writes `32-28` and `28x19x10` there.
    notation: Notation::Algebraic,
};

impl ParamRules for International {
    type Board = Board10;
    const PARAMS: Params = Params {
        start_rows: 4,
        ..Brazilian::PARAMS
    };
    const FAST_PATHS: bool = true;
}

impl BoardRules for International {
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    generate::moves_from_params!();

    fn ending_limit(pos: &PositionOn<Board10>) -> Option<u16> {
        lone_king_limit(pos)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        fmjd_counters_draw(counters)
    }
}
