//! A position: where the men and kings stand, and whose turn it is.
//!
//! A [`Position`] is always sound: built from the initial position, from FEN (see
//! [`crate::fen`]) or from a [`Setup`] through [`Position::from_setup`], which refuses pieces on
//! the same square and men on the rank where they would already have been crowned. Legal moves
//! come from a rule set ([`crate::Rules`]); playing one is [`Position::play_unchecked`].

use std::ops::Not;

use crate::Bitboard;
use crate::bitboard::BitboardOn;
use crate::board::{Board, Board8, TurnState};
use crate::mv::MoveOn;
use crate::square::SquareOn;

/// A side: white moves first, up the board towards rank 8.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that starts on ranks 1–3 and moves first.
    White,
    /// The side that starts on ranks 6–8.
    Black,
}

impl Color {
    /// `White` or `Black`, as PDN tags and sentences name a side.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// 0 for white, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank where this side's men are crowned (on 8×8).
    #[inline]
    pub const fn crowning_rank(self) -> Bitboard {
        self.crowning_rank_on::<Board8>()
    }

    /// The rank where this side's men are crowned on the board `B`.
    #[inline]
    pub const fn crowning_rank_on<B: Board>(self) -> BitboardOn<B> {
        match self {
            Color::White => BitboardOn::LAST_RANK,
            Color::Black => BitboardOn::FIRST_RANK,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The two kinds of piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// A man (pawn): moves one square forward.
    Man,
    /// A king (dama): moves and captures along whole diagonals.
    King,
}

/// A piece: its colour and its role.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// An unchecked arrangement of pieces on the board `B`, to be turned into a position by
/// [`PositionOn::from_setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupOn<B: Board> {
    /// White's pieces (men and kings).
    pub white: BitboardOn<B>,
    /// Black's pieces (men and kings).
    pub black: BitboardOn<B>,
    /// The kings of both sides.
    pub kings: BitboardOn<B>,
    /// Whose turn it is (white when `None`).
    pub turn: Option<Color>,
}

/// An unchecked arrangement of pieces on the 8×8 board.
pub type Setup = SetupOn<Board8>;

impl<B: Board> SetupOn<B> {
    /// Adds a piece of `color` on `sq`, a king when `king` (what was there is not cleared:
    /// [`PositionOn::from_setup`] refuses a square given to both colours).
    pub fn put(&mut self, sq: SquareOn<B>, color: Color, king: bool) {
        match color {
            Color::White => self.white = self.white.with(sq),
            Color::Black => self.black = self.black.with(sq),
        }
        if king {
            self.kings = self.kings.with(sq);
        }
    }
}

/// Why a [`SetupOn`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError<B: Board = Board8> {
    /// A square holds a white and a black piece.
    #[error("{0} holds pieces of both colours")]
    BothColours(SquareOn<B>),
    /// A king is marked where no piece stands.
    #[error("{0} is marked as a king but holds no piece")]
    KingWithoutPiece(SquareOn<B>),
    /// A man stands where it would already have been crowned.
    #[error("a {color} man on {square} would already be a king")]
    ManOnCrowningRank {
        /// The square.
        square: SquareOn<B>,
        /// "white" or "black".
        color: &'static str,
    },
    /// More pieces of one colour than a side starts with (12 on 8×8, 20 on 10×10).
    #[error("{color} has {count} pieces; a side has at most {most}")]
    TooManyPieces {
        /// "white" or "black".
        color: &'static str,
        /// How many were given.
        count: u32,
        /// The most a side may have.
        most: u32,
    },
    /// No piece of either colour: no game can be played.
    #[error("the board is empty: give at least one piece")]
    Empty,
}

/// A sound position on the board `B`: the pieces and the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PositionOn<B: Board> {
    pieces: [BitboardOn<B>; 2],
    kings: BitboardOn<B>,
    /// The side to move and, where the board keeps them ([`TurnState`]), for each side
    /// (white's byte, then black's) the king whose plain moves in a row the rules count and
    /// the count (Frisian's limit, [`PositionOn::king_moves`]): 0 for none, else the count
    /// times 64 plus the king's bit plus one; always 0 under every other rule set. In the
    /// position's padding: a position is no larger.
    state: B::State,
}

/// [`PositionOn`]'s `state` with only `turn` (no king's moves counted).
#[inline(always)]
fn turn_state<B: Board>(turn: Color) -> B::State {
    B::State::to_move(turn == Color::Black)
}

/// A sound position on the 8×8 board.
pub type Position = PositionOn<Board8>;

impl<B: Board> PositionOn<B> {
    /// The initial position: the men on the dark squares of the ranks nearest each player
    /// (three ranks on 8×8, twelve men a side; four on 10×10, twenty), white to move.
    pub fn initial() -> Self {
        PositionOn {
            pieces: [
                BitboardOn::ranks(0, B::START_ROWS - 1),
                BitboardOn::ranks(B::SIZE - B::START_ROWS, B::SIZE - 1),
            ],
            kings: BitboardOn::EMPTY,
            state: turn_state::<B>(Color::White),
        }
    }

    /// Builds a position from an unchecked setup.
    pub fn from_setup(setup: &SetupOn<B>) -> Result<Self, SetupError<B>> {
        if let Some(sq) = (setup.white & setup.black).first() {
            return Err(SetupError::BothColours(sq));
        }
        if let Some(sq) = (setup.kings & !(setup.white | setup.black)).first() {
            return Err(SetupError::KingWithoutPiece(sq));
        }
        if let Some(sq) = (setup.white & !setup.kings & BitboardOn::LAST_RANK).first() {
            return Err(SetupError::ManOnCrowningRank {
                square: sq,
                color: "white",
            });
        }
        if let Some(sq) = (setup.black & !setup.kings & BitboardOn::FIRST_RANK).first() {
            return Err(SetupError::ManOnCrowningRank {
                square: sq,
                color: "black",
            });
        }
        if ((setup.white | setup.black) & BitboardOn::ALL).is_empty() {
            return Err(SetupError::Empty);
        }
        for (color, bb) in [("white", setup.white), ("black", setup.black)] {
            let most = u32::from(B::START_ROWS * B::PER_RANK);
            if bb.count() > most {
                return Err(SetupError::TooManyPieces {
                    color,
                    count: bb.count(),
                    most,
                });
            }
        }
        Ok(PositionOn {
            pieces: [setup.white & BitboardOn::ALL, setup.black & BitboardOn::ALL],
            kings: setup.kings & BitboardOn::ALL,
            state: turn_state::<B>(setup.turn.unwrap_or(Color::White)),
        })
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> SetupOn<B> {
        SetupOn {
            white: self.pieces[0],
            black: self.pieces[1],
            kings: self.kings,
            turn: Some(self.turn()),
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        if self.state.black_to_move() {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The same pieces with the other side to move.
    pub fn with_turn(mut self, turn: Color) -> Self {
        self.state = turn_state::<B>(turn).with_counts(self.state.counts());
        self
    }

    /// The king of `color` whose plain moves in a row are being counted, and how many it has
    /// made (1 to 3), where the rules count them (Frisian, Art. 17: while a side has men, one
    /// king may make at most three plain moves in a row); `None` when none is counted (always
    /// under the other rule sets).
    pub fn king_moves(&self, color: Color) -> Option<(SquareOn<B>, u8)> {
        let state = self.king_moves_of(color);
        if state == 0 {
            None
        } else {
            Some((SquareOn::from_bit_unchecked((state & 63) - 1), state >> 6))
        }
    }

    /// The same position with `count` plain moves in a row (1 to 3) counted for the king of
    /// `color` on `king`, or none counted (`None`). Read from a FEN that carries the count;
    /// the position is unchanged where `king` holds no king of `color`, where the count is
    /// out of range, and on 8×8, where no rule set counts ([`TurnState`]).
    pub fn with_king_moves(mut self, color: Color, counted: Option<(SquareOn<B>, u8)>) -> Self {
        let state = match counted {
            Some((king, count)) if (1..=3).contains(&count) && self.kings(color).contains(king) => {
                count << 6 | (king.bit() + 1)
            }
            Some(_) => return self,
            None => 0,
        };
        self.set_king_moves(color, state);
        self
    }

    /// The raw count of [`PositionOn::king_moves`] of `color`.
    #[inline(always)]
    fn king_moves_of(&self, color: Color) -> u8 {
        (self.state.counts() >> (8 * color.index())) as u8
    }

    /// Sets the raw count of [`PositionOn::king_moves`] of `color` (where the board keeps
    /// the counts: no 8×8 rule set counts them, [`TurnState`]).
    #[inline(always)]
    fn set_king_moves(&mut self, color: Color, raw: u8) {
        let shift = 8 * color.index();
        let counts = self.state.counts() & !(0xff << shift) | u16::from(raw) << shift;
        self.state = self.state.with_counts(counts);
    }

    /// The raw count of [`PositionOn::king_moves`] of both sides, for the position's key.
    #[inline]
    pub(crate) fn king_moves_raw(&self) -> u16 {
        self.state.counts()
    }

    /// All pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> BitboardOn<B> {
        self.pieces[color.index()]
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> BitboardOn<B> {
        BitboardOn::from_bits_unchecked(self.pieces[color.index()].bits() & !self.kings.bits())
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> BitboardOn<B> {
        self.pieces[color.index()] & self.kings
    }

    /// The kings of both sides.
    #[inline]
    pub const fn all_kings(&self) -> BitboardOn<B> {
        self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> BitboardOn<B> {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty playable square.
    #[inline]
    pub fn empty(&self) -> BitboardOn<B> {
        !self.occupied()
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: SquareOn<B>) -> Option<Piece> {
        let color = if self.pieces[0].contains(sq) {
            Color::White
        } else if self.pieces[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Plays `mv` for the side to move without checking that it is legal.
    ///
    /// The move must come from the rule set's move generator for this position; anything
    /// else gives a position that no game can reach (but never a panic).
    #[inline]
    pub fn play_unchecked(&mut self, mv: &MoveOn<B>) {
        *self = self.after(mv);
    }

    /// The position after `mv`, which must be legal here (see [`PositionOn::play_unchecked`]).
    #[inline(always)]
    pub fn after(&self, mv: &MoveOn<B>) -> Self {
        let mut next = self.after_capture(mv.from(), mv.to(), mv.captured(), mv.crowns());
        // Only Frisian counts kings' plain moves: elsewhere both counts stay 0, one
        // well-predicted test.
        if self.king_moves_raw() != 0 || mv.counts_king_move() {
            next.count_king_moves(self, mv);
        }
        next
    }

    /// The counts of kings' plain moves in this position, made by `mv` from `before`: any
    /// move ends the mover's count, a counted king's plain move starts it again or adds one
    /// (the same king again), and the opponent's counted king, taken, is counted no more.
    /// Out of line: only Frisian counts, and [`PositionOn::after`] stays small enough to
    /// inline.
    #[cold]
    #[inline(never)]
    fn count_king_moves(&mut self, before: &Self, mv: &MoveOn<B>) {
        let (ours, theirs) = (before.turn(), self.turn());
        self.state = self.state.with_counts(before.state.counts());
        let state = before.king_moves_of(ours);
        let counted = if mv.counts_king_move() {
            let count = if state & 63 == mv.from().bit() + 1 {
                (state >> 6) + 1
            } else {
                1
            };
            count << 6 | (mv.to().bit() + 1)
        } else {
            0
        };
        self.set_king_moves(ours, counted);
        let theirs_counted = self.king_moves_of(theirs);
        if theirs_counted != 0 && mv.captured().bits() >> ((theirs_counted & 63) - 1) & 1 != 0 {
            self.set_king_moves(theirs, 0);
        }
    }

    /// The position after a move by the side to move from `from` to `to` taking the pieces
    /// on `captured` (none for a plain move); `crowns`: the generator marked a man as crowned
    /// on the way ([`Move::crowns`]). The move must be legal here.
    #[inline]
    pub(crate) fn after_capture(
        &self,
        from: SquareOn<B>,
        to: SquareOn<B>,
        captured: BitboardOn<B>,
        crowns: bool,
    ) -> Self {
        let mut next = self.after_plain(from, to);
        // A man crowned during a capture that went on as a king (the generator marks only
        // men's moves; a king stays a king anyway).
        next.kings = BitboardOn::from_bits_unchecked(
            next.kings.bits() | (to.bb().bits() * u64::from(crowns)),
        );
        next.pieces[next.turn().index()] &= !captured;
        next.kings &= !captured;
        // A king that ends on the square of a piece it took (where pieces leave the board hop
        // by hop, the Thai rules) is still a king there.
        let was_king = (self.kings.bits() >> from.bit() & 1).wrapping_neg();
        next.kings = BitboardOn::from_bits_unchecked(
            next.kings.bits() | (to.bb().bits() & captured.bits() & was_king),
        );
        next
    }

    /// The position after a plain (non-capturing) move from `from` to `to` by the side to
    /// move; the move must be legal here.
    #[inline]
    pub(crate) fn after_plain(&self, from: SquareOn<B>, to: SquareOn<B>) -> Self {
        let (from, to) = (from.bb(), to.bb());
        // A king stays a king, a man is crowned on the far rank (without a branch: perft
        // makes positions by the million).
        let king_moved = u64::from((self.kings & from).any()).wrapping_neg();
        let crowned = to.bits() & (self.turn().crowning_rank_on::<B>().bits() | king_moved);
        let kings = (self.kings & !from) | BitboardOn::from_bits_unchecked(crowned);
        let mut pieces = self.pieces;
        let us = self.turn().index();
        pieces[us] = (pieces[us] & !from) | to;
        // No king's plain moves counted: `PositionOn::after` counts them, and the
        // generator's specialised searches, which come here directly, serve only rule sets
        // that count none (`ParamRules::FAST_PATHS`).
        PositionOn {
            pieces,
            kings,
            state: self.state.passed(),
        }
    }

    /// Whether `mv`, played here, can never be taken back: a capture or a man's move. No
    /// position before it can occur again, and the no-progress counts start again.
    #[inline]
    pub fn is_irreversible(&self, mv: &MoveOn<B>) -> bool {
        mv.is_capture() || self.men(self.turn()).contains(mv.from())
    }

    /// Whether `mv`, played here, crowns a man: it ends on the far rank, or the generator
    /// marked it as crowning during the capture ([`Move::crowns`]).
    pub fn crowns(&self, mv: &MoveOn<B>) -> bool {
        !self.kings.contains(mv.from())
            && (mv.crowns() || (mv.to().bb() & self.turn().crowning_rank_on::<B>()).any())
    }
}

impl<B: Board> Default for PositionOn<B> {
    fn default() -> Self {
        Self::initial()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;
    use crate::board::Board10;

    #[test]
    fn the_counts_of_kings_moves_take_no_room() {
        // Three bitboards and the turn, the 10×10 counts in the padding; none on 8×8.
        assert_eq!(std::mem::size_of::<Position>(), 32);
        assert_eq!(std::mem::size_of::<PositionOn<Board10>>(), 32);
        // On 8×8 a count given is not kept; on 10×10 it is, and a move of a man clears it.
        fn setup<B: Board>(king: u8, man: u8) -> SetupOn<B> {
            let square = |n| SquareOn::<B>::from_number(n).unwrap().bb();
            SetupOn {
                white: square(king) | square(man),
                black: square(1),
                kings: square(king),
                turn: None,
            }
        }
        let king = Square::from_number(18).unwrap();
        let pos = Position::from_setup(&setup(18, 30)).unwrap();
        assert_eq!(pos.with_king_moves(Color::White, Some((king, 2))), pos);
        let king = SquareOn::<Board10>::from_number(28).unwrap();
        let pos = PositionOn::<Board10>::from_setup(&setup(28, 45))
            .unwrap()
            .with_king_moves(Color::White, Some((king, 2)));
        assert_eq!(pos.king_moves(Color::White), Some((king, 2)));
        assert_eq!(pos.king_moves(Color::Black), None);
        let man_moved = pos.after_plain(
            SquareOn::from_number(45).unwrap(),
            SquareOn::from_number(40).unwrap(),
        );
        assert_eq!(man_moved.king_moves(Color::White), None);
    }

    #[test]
    fn initial_position() {
        let pos = Position::initial();
        assert_eq!(pos.pieces(Color::White).count(), 12);
        assert_eq!(pos.pieces(Color::Black).count(), 12);
        assert_eq!(pos.empty().count(), 8);
        for name in ["a1", "c3", "e3", "h2", "g1"] {
            let sq = Square::parse_algebraic(name).unwrap();
            assert_eq!(
                pos.piece_at(sq),
                Some(Piece {
                    color: Color::White,
                    role: Role::Man
                })
            );
        }
        for name in ["a7", "b6", "h8", "f6"] {
            let sq = Square::parse_algebraic(name).unwrap();
            assert_eq!(pos.piece_at(sq).map(|p| p.color), Some(Color::Black));
        }
        assert_eq!(pos.piece_at(Square::parse_algebraic("d4").unwrap()), None);
    }
}
