//! A move (its start, its landing squares, what it captures) and a reusable list of moves.

use std::fmt;
use std::ops::Deref;

use crate::bitboard::BitboardOn;
use crate::board::{Board, Board8, Direction};
use crate::square::SquareOn;

/// The most landing squares a move can have on 8×8: a king taking all twelve opposing
/// pieces ([`Board::MAX_PATH`] of [`Board8`]).
pub const MAX_PATH: usize = Board8::MAX_PATH;

/// A move on the board `B`: the square it starts on, the squares it lands on in order, and
/// the squares of the pieces it captures.
///
/// A plain move has one landing square and captures nothing. A capture has one landing square
/// per piece taken. Moves are made by a rule set's generator; compare them with `==`.
#[derive(Copy, Clone)]
pub struct MoveOn<B: Board> {
    from: SquareOn<B>,
    to: SquareOn<B>,
    len: u8,
    /// [`CROWNS`]: a man becomes a king during the move (see [`MoveOn::crowns`]);
    /// [`COUNTED`]: a king's plain move that the rules count towards a limit of such moves in
    /// a row (see [`MoveOn::counts_king_move`]). One byte, so that a move is no larger.
    flags: u8,
    path: B::Path,
    captured: BitboardOn<B>,
}

/// A move on the 8×8 board.
pub type Move = MoveOn<Board8>;

/// [`MoveOn`]'s flag of a move that crowns a man.
const CROWNS: u8 = 1;
/// [`MoveOn`]'s flag of a king's plain move counted towards a limit.
const COUNTED: u8 = 2;

impl<B: Board> MoveOn<B> {
    /// A plain (non-capturing) move.
    #[inline]
    pub fn quiet(from: SquareOn<B>, to: SquareOn<B>) -> Self {
        let path = B::path_of(to);
        MoveOn {
            from,
            to,
            len: 1,
            flags: 0,
            path,
            captured: BitboardOn::EMPTY,
        }
    }

    /// A move whose landing squares are the first `len` of `path`
    /// (1 ≤ `len` ≤ [`Board::MAX_PATH`]); the rest of `path` is ignored. `crowns`: a man
    /// becomes a king during the move.
    #[inline]
    pub(crate) fn from_parts(
        from: SquareOn<B>,
        path: B::Path,
        len: usize,
        captured: BitboardOn<B>,
        crowns: bool,
    ) -> Self {
        debug_assert!((1..=B::MAX_PATH).contains(&len));
        MoveOn {
            from,
            to: path.as_ref()[len - 1],
            len: len as u8,
            flags: crowns as u8 * CROWNS,
            path,
            captured,
        }
    }

    /// A move along `path` (at least one landing square, at most [`Board::MAX_PATH`]) that
    /// captures the pieces on `captured`. Returns `None` if the path is empty or too long.
    pub fn new(from: SquareOn<B>, path: &[SquareOn<B>], captured: BitboardOn<B>) -> Option<Self> {
        if path.is_empty() || path.len() > B::MAX_PATH {
            return None;
        }
        let mut full = B::path_of(path[0]);
        full.as_mut()[..path.len()].copy_from_slice(path);
        Some(MoveOn {
            from,
            to: path[path.len() - 1],
            len: path.len() as u8,
            flags: 0,
            path: full,
            captured,
        })
    }

    /// The square the moving piece starts on.
    #[inline]
    pub const fn from(&self) -> SquareOn<B> {
        self.from
    }

    /// The square the moving piece ends on.
    #[inline]
    pub const fn to(&self) -> SquareOn<B> {
        self.to
    }

    /// The landing squares in order (one for a plain move).
    #[inline]
    pub fn path(&self) -> &[SquareOn<B>] {
        &self.path.as_ref()[..self.len as usize]
    }

    /// The squares of the captured pieces.
    #[inline]
    pub const fn captured(&self) -> BitboardOn<B> {
        self.captured
    }

    /// The squares of the captured pieces in the order the move takes them: walking from the
    /// start along the landing squares, each leg jumps the piece (or, on a leg of a move
    /// built by hand, the pieces) of [`MoveOn::captured`] lying between its ends. A captured
    /// square on no leg (a move built by [`MoveOn::new`] whose path does not pass it) comes
    /// last, in square order. Empty for a plain move.
    pub fn captured_in_order(&self) -> Vec<SquareOn<B>> {
        let mut left = self.captured;
        let mut order = Vec::with_capacity(left.count() as usize);
        let mut at = self.from;
        for &to in self.path() {
            if left.is_empty() {
                break;
            }
            // The leg's direction is the one whose ray from `at` reaches `to`.
            if let Some(dir) = Direction::EIGHT
                .into_iter()
                .find(|&dir| BitboardOn::ray(at, dir).contains(to))
            {
                let between = BitboardOn::ray(at, dir) & !BitboardOn::ray(to, dir).with(to);
                while let Some(sq) = (between & left).nearest(dir) {
                    order.push(sq);
                    left = left.without(sq);
                }
            }
            at = to;
        }
        order.extend(left);
        order
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// Whether the generator marked this move as crowning a man: a man's move that ends on
    /// the far rank, or (where the rules let a crowned man go on capturing as a king) a man's
    /// capture that passes the far rank. A move built by [`Move::new`] or [`Move::quiet`] is
    /// unmarked; [`Position::crowns`](crate::Position::crowns) answers for any move.
    #[inline]
    pub const fn crowns(&self) -> bool {
        self.flags & CROWNS != 0
    }

    /// The same move, marked as crowning a man (or not).
    #[inline]
    pub const fn with_crowning(mut self, crowns: bool) -> Self {
        self.flags = if crowns {
            self.flags | CROWNS
        } else {
            self.flags & !CROWNS
        };
        self
    }

    /// Whether the move is a king's plain move that counts towards the rules' limit on one
    /// king's plain moves in a row (Frisian, Art. 17: three, while its side has men); the
    /// position after it remembers the king and the count
    /// ([`PositionOn::king_moves`](crate::PositionOn::king_moves)). Only the generator of
    /// such a rule set marks moves so.
    #[inline]
    pub const fn counts_king_move(&self) -> bool {
        self.flags & COUNTED != 0
    }

    /// The same move, marked as counting towards the limit on a king's plain moves in a row
    /// ([`MoveOn::counts_king_move`]).
    #[inline]
    pub const fn counting_king_move(mut self) -> Self {
        self.flags |= COUNTED;
        self
    }

    /// Whether two moves are the same under "same start, same end, same pieces taken".
    #[inline]
    pub fn same_route(&self, other: &Self) -> bool {
        self.from == other.from && self.to() == other.to() && self.captured == other.captured
    }
}

impl<B: Board> PartialEq for MoveOn<B> {
    fn eq(&self, other: &Self) -> bool {
        self.from == other.from && self.captured == other.captured && self.path() == other.path()
    }
}

impl<B: Board> Eq for MoveOn<B> {}

impl<B: Board> std::hash::Hash for MoveOn<B> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.path().hash(state);
        self.captured.hash(state);
    }
}

impl<B: Board> fmt::Debug for MoveOn<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        write!(f, "{}", self.from)?;
        for sq in self.path() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

/// A list of moves that keeps its storage between uses, so move generation in a search
/// allocates nothing once the list has grown.
#[derive(Clone, Debug)]
pub struct MoveListOn<B: Board> {
    moves: Vec<MoveOn<B>>,
}

/// A list of moves on the 8×8 board.
pub type MoveList = MoveListOn<Board8>;

impl<B: Board> Default for MoveListOn<B> {
    fn default() -> Self {
        MoveListOn { moves: Vec::new() }
    }
}

impl<B: Board> MoveListOn<B> {
    /// An empty list with room for a typical position's moves.
    pub fn new() -> Self {
        MoveListOn {
            moves: Vec::with_capacity(64),
        }
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, mv: MoveOn<B>) {
        self.moves.push(mv);
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps the moves for which `keep` is true, in their order.
    #[inline]
    pub fn retain(&mut self, keep: impl FnMut(&MoveOn<B>) -> bool) {
        self.moves.retain(keep);
    }
}

impl<B: Board> Deref for MoveListOn<B> {
    type Target = [MoveOn<B>];
    #[inline]
    fn deref(&self) -> &[MoveOn<B>] {
        &self.moves
    }
}

impl<'a, B: Board> IntoIterator for &'a MoveListOn<B> {
    type Item = &'a MoveOn<B>;
    type IntoIter = std::slice::Iter<'a, MoveOn<B>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board10;
    use crate::square::Square;

    fn sq(name: &str) -> Square {
        Square::parse_algebraic(name).unwrap()
    }

    fn names<B: Board>(squares: &[SquareOn<B>]) -> Vec<u8> {
        squares.iter().map(|s| s.number()).collect()
    }

    #[test]
    fn a_man_takes_its_pieces_in_the_order_of_its_path() {
        // c1xa3xc5xe7: b2, b4, d6 (also square order).
        let mv = Move::new(
            sq("c1"),
            &[sq("a3"), sq("c5"), sq("e7")],
            [sq("b2"), sq("b4"), sq("d6")].into_iter().collect(),
        )
        .unwrap();
        assert_eq!(mv.captured_in_order(), [sq("b2"), sq("b4"), sq("d6")]);
        // A black man's f8xd6xb4 takes e7, then c5: square order would say c5 first.
        let mv = Move::new(
            sq("f8"),
            &[sq("d6"), sq("b4")],
            [sq("e7"), sq("c5")].into_iter().collect(),
        )
        .unwrap();
        let order = mv.captured_in_order();
        assert_eq!(order, [sq("e7"), sq("c5")]);
        assert_ne!(order, mv.captured().into_iter().collect::<Vec<_>>());
        // A plain move takes nothing.
        assert!(
            Move::quiet(sq("c3"), sq("d4"))
                .captured_in_order()
                .is_empty()
        );
    }

    #[test]
    fn a_flying_king_takes_far_pieces_in_order_and_a_stray_square_comes_last() {
        // A flying king's h8xe5xc7: f6 (g7 passed), then d6.
        let mv = Move::new(
            sq("h8"),
            &[sq("e5"), sq("c7")],
            [sq("f6"), sq("d6")].into_iter().collect(),
        )
        .unwrap();
        // Square order would say d6 first.
        assert_eq!(mv.captured_in_order(), [sq("f6"), sq("d6")]);
        // A captured square on no leg of a hand-built move comes last.
        let mv = Move::new(
            sq("a1"),
            &[sq("g7")],
            [sq("h2"), sq("f6")].into_iter().collect(),
        )
        .unwrap();
        assert_eq!(mv.captured_in_order(), [sq("f6"), sq("h2")]);
    }

    #[test]
    fn on_the_10x10_board_too() {
        let s = |n| SquareOn::<Board10>::from_number(n).unwrap();
        // 46x37x28x19 over 41, 32 and 23 (here square order too).
        let mv = MoveOn::<Board10>::new(
            s(46),
            &[s(37), s(28), s(19)],
            [s(41), s(32), s(23)].into_iter().collect(),
        )
        .unwrap();
        assert_eq!(names(&mv.captured_in_order()), [41, 32, 23]);
        // A king's 19x37x46: 23 from afar, then 41 (square order would say 41 first).
        let mv =
            MoveOn::<Board10>::new(s(19), &[s(37), s(46)], [s(23), s(41)].into_iter().collect())
                .unwrap();
        assert_eq!(names(&mv.captured_in_order()), [23, 41]);
    }
}
