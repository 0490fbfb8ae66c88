//! A move (its start, its landing squares, what it captures) and a reusable list of moves.

use std::fmt;
use std::ops::Deref;

use crate::{Bitboard, Square};

/// The most landing squares a move can have: a king taking all twelve opposing pieces.
pub const MAX_PATH: usize = 12;

/// A move: the square it starts on, the squares it lands on in order, and the squares of the
/// pieces it captures.
///
/// A plain move has one landing square and captures nothing. A capture has one landing square
/// per piece taken. Moves are made by a rule set's generator; compare them with `==`.
#[derive(Copy, Clone)]
pub struct Move {
    from: Square,
    to: Square,
    len: u8,
    /// Whether a man becomes a king during the move (see [`Move::crowns`]).
    crowns: bool,
    path: [Square; MAX_PATH],
    captured: Bitboard,
}

impl Move {
    /// A plain (non-capturing) move.
    #[inline]
    pub fn quiet(from: Square, to: Square) -> Move {
        let path = [to; MAX_PATH];
        Move {
            from,
            to,
            len: 1,
            crowns: false,
            path,
            captured: Bitboard::EMPTY,
        }
    }

    /// A move whose landing squares are the first `len` of `path` (1 ≤ `len` ≤ [`MAX_PATH`]);
    /// the rest of `path` is ignored. `crowns`: a man becomes a king during the move.
    #[inline]
    pub(crate) fn from_parts(
        from: Square,
        path: [Square; MAX_PATH],
        len: usize,
        captured: Bitboard,
        crowns: bool,
    ) -> Move {
        debug_assert!((1..=MAX_PATH).contains(&len));
        Move {
            from,
            to: path[len - 1],
            len: len as u8,
            crowns,
            path,
            captured,
        }
    }

    /// A move along `path` (at least one landing square, at most [`MAX_PATH`]) that captures
    /// the pieces on `captured`. Returns `None` if the path is empty or too long.
    pub fn new(from: Square, path: &[Square], captured: Bitboard) -> Option<Move> {
        if path.is_empty() || path.len() > MAX_PATH {
            return None;
        }
        let mut full = [path[0]; MAX_PATH];
        full[..path.len()].copy_from_slice(path);
        Some(Move {
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
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the moving piece ends on.
    #[inline]
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The landing squares in order (one for a plain move).
    #[inline]
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The squares of the captured pieces.
    #[inline]
    pub const fn captured(&self) -> Bitboard {
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
    pub const fn with_crowning(mut self, crowns: bool) -> Move {
        self.crowns = crowns;
        self
    }

    /// Whether two moves are the same under "same start, same end, same pieces taken".
    #[inline]
    pub fn same_route(&self, other: &Move) -> bool {
        self.from == other.from && self.to() == other.to() && self.captured == other.captured
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.captured == other.captured && self.path() == other.path()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.path().hash(state);
        self.captured.hash(state);
    }
}

impl fmt::Debug for Move {
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
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
}

impl MoveList {
    /// An empty list with room for a typical position's moves.
    pub fn new() -> MoveList {
        MoveList {
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
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps the moves for which `keep` is true, in their order.
    #[inline]
    pub fn retain(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(keep);
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
