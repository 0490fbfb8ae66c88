//! A move (its start, its landing squares, what it captures) and a reusable list of moves.

use std::fmt;
use std::ops::Deref;

use crate::bitboard::BitboardOn;
use crate::board::{Board, Board8};
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
    /// Whether a man becomes a king during the move (see [`MoveOn::crowns`]).
    crowns: bool,
    path: B::Path,
    captured: BitboardOn<B>,
}

/// A move on the 8×8 board.
pub type Move = MoveOn<Board8>;

impl<B: Board> MoveOn<B> {
    /// A plain (non-capturing) move.
    #[inline]
    pub fn quiet(from: SquareOn<B>, to: SquareOn<B>) -> Self {
        let path = B::path_of(to);
        MoveOn {
            from,
            to,
            len: 1,
            crowns: false,
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
            crowns,
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
            crowns: false,
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
        self.crowns
    }

    /// The same move, marked as crowning a man (or not).
    #[inline]
    pub const fn with_crowning(mut self, crowns: bool) -> Self {
        self.crowns = crowns;
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
