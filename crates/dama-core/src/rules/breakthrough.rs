//! Breakthrough (`breakthrough`): international draughts won by the first king, as lidraughts
//! plays it ("the first player to make a king wins") and pydraughts and Scan (`bt`) define it.
//! Every move is international draughts' (the FMJD's rules, `international.rs`): a man is
//! crowned when its move ends on the far row, so a man passing the far row in a capture does
//! not win. The move that crowns ends the game, won by its side; a side that cannot move loses
//! as in international draughts. There are no draws: without kings no position can repeat,
//! and no count runs. lidraughts writes its games with `GameType` 96, its own number for the
//! variant.

use super::generate::{self, ParamRules, Params};
use super::{BoardRules, International, RuleSetInfo, count_through_moves};
use crate::board::Board10;
use crate::mv::{MoveListOn, MoveOn};
use crate::notation::Notation;
use crate::position::PositionOn;

/// Breakthrough: international draughts' moves, and the first side to crown a king wins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Breakthrough;

/// The constants that identify the rule set.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "breakthrough",
    summary: "international draughts where the first side to crown a king wins",
    pdn_game_type: 96,
    pdn_variant: None,
    lang: "en",
    notation: Notation::Algebraic,
};

/// International draughts' knobs, for what reads them (the engine's endgame knowledge); the
/// moves themselves are international draughts' compiled generator (below).
impl ParamRules for Breakthrough {
    type Board = Board10;
    const PARAMS: Params = International::PARAMS;
}

/// Whether the game is over at `pos`: a king stands on the board.
#[inline]
fn crowned(pos: &PositionOn<Board10>) -> bool {
    !pos.all_kings().is_empty()
}

impl BoardRules for Breakthrough {
    type Board = Board10;
    const INFO: RuleSetInfo = INFO;
    const CROWNING_WINS: bool = true;

    /// International draughts' moves, none once a king is on the board (the game is over).
    #[inline]
    fn legal_moves(pos: &PositionOn<Board10>, moves: &mut MoveListOn<Board10>) {
        if crowned(pos) {
            moves.clear();
        } else {
            generate::legal_moves::<International>(pos, moves);
        }
    }

    #[inline]
    fn legal_captures(pos: &PositionOn<Board10>, moves: &mut MoveListOn<Board10>) -> bool {
        if crowned(pos) {
            moves.clear();
            false
        } else {
            generate::legal_captures::<International>(pos, moves)
        }
    }

    #[inline]
    fn count_legal_moves(pos: &PositionOn<Board10>, scratch: &mut MoveListOn<Board10>) -> usize {
        if crowned(pos) {
            0
        } else {
            generate::count_moves::<International>(pos, scratch)
        }
    }

    /// Through the moves above (international draughts' bulk counts would go on past a
    /// crowning).
    fn count_leaves(pos: &PositionOn<Board10>, depth: u32) -> u64 {
        count_through_moves::<Self>(pos, depth)
    }

    fn start() -> PositionOn<Board10> {
        generate::start_position::<International>()
    }

    fn write_move(mv: &MoveOn<Board10>) -> String {
        INFO.notation.write_on(mv)
    }
}
