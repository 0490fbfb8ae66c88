//! Turkish draughts, dama (`turkish`), on the 8×8 board whose every square is playable
//! ([`Board64`]).
//!
//! Sixteen men each, on the second and third rows from each player (the back row empty);
//! White moves first. Men move one square forward or sideways, never backward or
//! diagonally, and capture the same ways, over an adjacent piece to the square just beyond.
//! Kings (dama) fly along ranks and files, and capture over one piece at any distance,
//! landing on any empty square beyond it. Capture is compulsory and the capture of the most
//! pieces must be played, a king counting as one piece. A piece leaves the board as soon as
//! it is taken, so its square may be crossed again, but a capturing piece never turns 180°
//! between two captures. A man reaching the last row during a capture goes on as a man
//! (along that row) and is crowned where the move ends there. A side that cannot move (no
//! piece left, or all blocked) has lost. Draws: the third repetition of a position, and one
//! piece against one, after two moves each. See `docs/rules.md` for the sources.
//!
//! The move generator is this file's own: the shared one (`generate/`) knows only diagonal
//! men, and the board has no dark squares to lay out.

use super::{BoardRules, DrawCounters, DrawReason, RuleSetInfo};
use crate::bitboard::BitboardOn;
use crate::board::{Board, Board64};
use crate::mv::{MoveListOn, MoveOn};
use crate::notation::Notation;
use crate::position::{Color, PositionOn, SetupOn};
use crate::square::{Direction, SquareOn};

/// Turkish draughts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turkish;

/// The constants that identify the rule set: PDN `GameType` 30.
pub const INFO: RuleSetInfo = RuleSetInfo {
    name: "turkish",
    summary: "Turkish draughts: all 64 squares, men and kings along ranks and files",
    pdn_game_type: 30,
    pdn_variant: None,
    lang: "tr",
    notation: Notation::Algebraic,
};

/// Half-moves with one piece against one after which the game is drawn (two moves each:
/// a capture may still be forced in the first, as pydraughts counts it).
pub const ONE_AGAINST_ONE_PLIES: u16 = 4;

type Bb = BitboardOn<Board64>;
type Sq = SquareOn<Board64>;

/// The directions a man of `color` moves and captures in: forward, then sideways.
const fn man_dirs(color: Color) -> [Direction; 3] {
    match color {
        Color::White => [Direction::North, Direction::East, Direction::West],
        Color::Black => [Direction::South, Direction::East, Direction::West],
    }
}

/// The capture search of the side to move: the list of the best captures found so far.
struct Captures<'a> {
    list: &'a mut MoveListOn<Board64>,
    /// The pieces taken by each capture in the list (0: none yet).
    best: usize,
    /// The piece whose captures are searched, where it started.
    from: Sq,
    /// The opposing pieces.
    opp: Bb,
    /// Every occupied square with the moving piece lifted from its start.
    occ: Bb,
    /// The side that captures (for a man's directions and its crowning).
    color: Color,
    path: [Sq; 16],
}

impl Captures<'_> {
    /// Keeps the finished capture of `hops` pieces, `taken`, if no capture in the list takes
    /// more: the capture of the most pieces is compulsory. Two routes with the same start,
    /// end and pieces taken are one move.
    fn record(&mut self, hops: usize, taken: Bb, crowns: bool) {
        if hops < self.best {
            return;
        }
        if hops > self.best {
            self.list.clear();
            self.best = hops;
        }
        let mv = MoveOn::from_parts(self.from, self.path, hops, taken, crowns);
        if !self.list.iter().any(|m| m.same_route(&mv)) {
            self.list.push(mv);
        }
    }

    /// A man's capture from `at`, having taken `taken` in `hops` hops, the last in `last`.
    fn man(&mut self, at: Sq, last: Option<Direction>, hops: usize, taken: Bb) {
        // The pieces taken have left the board.
        let occ = self.occ & !taken;
        let prey = self.opp & !taken;
        let mut extended = false;
        for dir in man_dirs(self.color) {
            if last == Some(dir.opposite()) {
                continue;
            }
            let over = at.bb().shift(dir) & prey;
            let land = over.shift(dir) & !occ;
            let (Some(over), Some(land)) = (over.first(), land.first()) else {
                continue;
            };
            extended = true;
            self.path[hops] = land;
            self.man(land, Some(dir), hops + 1, taken.with(over));
        }
        if !extended && hops > 0 {
            // Crowned only where the capture ends on the last row.
            let far = self.color.crowning_rank_on::<Board64>();
            self.record(hops, taken, far.contains(at));
        }
    }

    /// A king's capture from `at`, having taken `taken` in `hops` hops, the last in `last`.
    fn king(&mut self, at: Sq, last: Option<Direction>, hops: usize, taken: Bb) {
        let occ = self.occ & !taken;
        let mut extended = false;
        for dir in Direction::ORTHOGONAL {
            if last == Some(dir.opposite()) {
                continue;
            }
            let Some(first) = (Bb::ray(at, dir) & occ).nearest(dir) else {
                continue;
            };
            if !self.opp.contains(first) {
                continue;
            }
            for land in Bb::slide(first, dir, occ) {
                extended = true;
                self.path[hops] = land;
                self.king(land, Some(dir), hops + 1, taken.with(first));
            }
        }
        if !extended && hops > 0 {
            self.record(hops, taken, false);
        }
    }
}

/// Adds the captures of the most pieces of the side to move to `list` (cleared first), and
/// returns whether there is one.
fn captures(pos: &PositionOn<Board64>, list: &mut MoveListOn<Board64>) -> bool {
    list.clear();
    let us = pos.turn();
    let mut search = Captures {
        list,
        best: 0,
        from: Sq::from_bit_unchecked(0),
        opp: pos.pieces(!us),
        occ: pos.occupied(),
        color: us,
        path: [Sq::from_bit_unchecked(0); 16],
    };
    let (empty, opp) = (pos.empty(), search.opp);
    // Only the men with an adjacent piece to take and an empty square behind it start one.
    let mut jumpers = Bb::EMPTY;
    for dir in man_dirs(us) {
        let back = dir.opposite();
        jumpers |= (empty.shift(back) & opp).shift(back);
    }
    for man in jumpers & pos.men(us) {
        search.from = man;
        search.occ = pos.occupied().without(man);
        search.man(man, None, 0, Bb::EMPTY);
    }
    for king in pos.kings(us) {
        search.from = king;
        search.occ = pos.occupied().without(king);
        search.king(king, None, 0, Bb::EMPTY);
    }
    search.best > 0
}

/// Adds the plain moves of the side to move to `list`.
fn quiet_moves(pos: &PositionOn<Board64>, list: &mut MoveListOn<Board64>) {
    let us = pos.turn();
    let empty = pos.empty();
    let far = us.crowning_rank_on::<Board64>();
    for dir in man_dirs(us) {
        let back = dir.opposite();
        for to in pos.men(us).shift(dir) & empty {
            let from = to.step(back).unwrap_or(to);
            list.push(MoveOn::quiet(from, to).with_crowning(far.contains(to)));
        }
    }
    let occ = pos.occupied();
    for king in pos.kings(us) {
        for dir in Direction::ORTHOGONAL {
            for to in Bb::slide(king, dir, occ) {
                list.push(MoveOn::quiet(king, to));
            }
        }
    }
}

/// The start: white men on the second and third ranks, black on the sixth and seventh.
fn start_position() -> PositionOn<Board64> {
    let white = Bb::ranks(1, 2);
    let black = Bb::ranks(Board64::SIZE - 3, Board64::SIZE - 2);
    let setup = SetupOn {
        white,
        black,
        kings: Bb::EMPTY,
        turn: Some(Color::White),
    };
    PositionOn::from_setup(&setup).unwrap_or_default()
}

impl BoardRules for Turkish {
    type Board = Board64;
    const INFO: RuleSetInfo = INFO;
    const REPETITION_DRAW: bool = true;

    fn start() -> PositionOn<Board64> {
        start_position()
    }

    fn legal_moves(pos: &PositionOn<Board64>, moves: &mut MoveListOn<Board64>) {
        if !captures(pos, moves) {
            quiet_moves(pos, moves);
        }
    }

    fn legal_captures(pos: &PositionOn<Board64>, moves: &mut MoveListOn<Board64>) -> bool {
        if captures(pos, moves) {
            return false;
        }
        let us = pos.turn();
        let empty = pos.empty();
        let men = pos.men(us);
        let kings = pos.kings(us);
        man_dirs(us)
            .into_iter()
            .any(|dir| (men.shift(dir) & empty).any())
            || Direction::ORTHOGONAL
                .into_iter()
                .any(|dir| (kings.shift(dir) & empty).any())
    }

    fn write_move(mv: &MoveOn<Board64>) -> String {
        INFO.notation.write_on(mv)
    }

    fn ending_limit(pos: &PositionOn<Board64>) -> Option<u16> {
        let one_each =
            pos.pieces(Color::White).count() == 1 && pos.pieces(Color::Black).count() == 1;
        one_each.then_some(ONE_AGAINST_ONE_PLIES)
    }

    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        counters.ending_draw()
    }
}
