//! A naive reference move generator for international draughts on the 10×10 board, written
//! square by square from the FMJD's rules (Annex 1, "Official FMJD rules for international
//! draughts", November 2015; the article numbers below are that text's). It shares nothing
//! with the library's generator: its board is a 10×10 grid of cells addressed by (row,
//! column), row 0 the top row as white sees the board, and the only things it takes from the
//! library are the squares' numbers 1–50 (article 2.6), to read a position in and to name
//! moves out.
//!
//! The rules it follows:
//! - a man moves one square diagonally forward to a free square (3.4); a king moves any
//!   distance along a free diagonal, forward or backward (3.9);
//! - a man takes an adjacent opposing piece, forward or backward, landing on the free square
//!   just beyond (4.1, 4.2); a king takes an opposing piece on its diagonal, near or far, with
//!   only free squares between, landing on any free square beyond it (4.3);
//! - the capture goes on while the piece can take again from where it lands (4.5, 4.6);
//! - own pieces are never jumped (4.7); the pieces taken stay on the board until the move
//!   ends: they block the way and none may be jumped twice (4.8, 4.11: the "Turkish
//!   strike"); the square the mover left is free;
//! - a capture is compulsory, and only the captures taking the most pieces may be played, a
//!   king counting as one piece like a man (4.2, 4.3, 4.13), any of them (4.14);
//! - a man that crosses the far row during a capture stays a man; it is crowned only if its
//!   move ends there (3.5, 4.15);
//! - one move per start, end and set of pieces taken: routes that differ only in the order
//!   or the squares between are the same move (merged as the library does).

#![allow(dead_code)]

use dama_core::{Board10, Color, PositionOn, Role, SquareOn};

/// A side.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Side {
    /// White: starts on squares 31–50, moves up the board (towards row 0).
    White,
    /// Black: starts on squares 1–20, moves down the board.
    Black,
}

/// What a cell of the grid holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Nothing (or a light square).
    Empty,
    /// A man of a side.
    Man(Side),
    /// A king of a side.
    King(Side),
}

impl Cell {
    fn side(self) -> Option<Side> {
        match self {
            Cell::Empty => None,
            Cell::Man(s) | Cell::King(s) => Some(s),
        }
    }
}

/// A position on the grid: cells by (row, column), and who moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    /// `cells[row][col]`, row 0 at the top (squares 1–5), column 0 at the left.
    pub cells: [[Cell; 10]; 10],
    /// The side to move.
    pub turn: Side,
}

/// The (row, column) of square `n` (1–50): numbered along the rows from the top left,
/// five dark squares a row; the top row's first dark square is in column 1, and the rows
/// alternate (article 2.6: 46 is the bottom-left corner, 5 the top-right one).
pub fn coords(n: u8) -> (i8, i8) {
    assert!((1..=50).contains(&n), "square {n}");
    let row = ((n - 1) / 5) as i8;
    let k = ((n - 1) % 5) as i8;
    let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    (row, col)
}

/// The number of the dark square at (row, column), or `None` off the board or on a light
/// square.
pub fn number(row: i8, col: i8) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 5 + col / 2 + 1) as u8)
}

/// The four diagonal steps, as (row, column) changes.
const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The row change of a forward step for `side`.
fn forward(side: Side) -> i8 {
    match side {
        Side::White => -1,
        Side::Black => 1,
    }
}

/// The row a man of `side` is crowned on.
fn far_row(side: Side) -> i8 {
    match side {
        Side::White => 0,
        Side::Black => 9,
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::White => Side::Black,
        Side::Black => Side::White,
    }
}

/// A move as the reference generator sees it: the start, the squares landed on in order,
/// and the numbers of the pieces taken, sorted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefMove {
    /// The start square's number.
    pub from: u8,
    /// The landing squares' numbers, in order.
    pub path: Vec<u8>,
    /// The numbers of the pieces taken, sorted.
    pub taken: Vec<u8>,
}

impl RefMove {
    /// What identifies the move once routes are merged: start, end, pieces taken.
    pub fn key(&self) -> (u8, u8, Vec<u8>) {
        (
            self.from,
            *self.path.last().expect("a path"),
            self.taken.clone(),
        )
    }
}

impl Grid {
    /// Reads a library position, square number by square number.
    pub fn from_position(pos: &PositionOn<Board10>) -> Grid {
        let mut cells = [[Cell::Empty; 10]; 10];
        for n in 1..=50u8 {
            let sq = SquareOn::<Board10>::from_number(n).expect("1-50 are squares");
            if let Some(piece) = pos.piece_at(sq) {
                let side = match piece.color {
                    Color::White => Side::White,
                    Color::Black => Side::Black,
                };
                let (r, c) = coords(n);
                cells[r as usize][c as usize] = match piece.role {
                    Role::Man => Cell::Man(side),
                    Role::King => Cell::King(side),
                };
            }
        }
        let turn = match pos.turn() {
            Color::White => Side::White,
            Color::Black => Side::Black,
        };
        Grid { cells, turn }
    }

    fn at(&self, r: i8, c: i8) -> Option<Cell> {
        if (0..10).contains(&r) && (0..10).contains(&c) {
            Some(self.cells[r as usize][c as usize])
        } else {
            None
        }
    }

    /// Every legal move of the side to move, one per start, end and set taken (the first
    /// route found stands for the others; [`Grid::routes`] gives them all).
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let mut merged: Vec<RefMove> = Vec::new();
        for m in self.routes() {
            if !merged.iter().any(|k| k.key() == m.key()) {
                merged.push(m);
            }
        }
        merged
    }

    /// Every legal move of the side to move, every route of a capture kept.
    pub fn routes(&self) -> Vec<RefMove> {
        let us = self.turn;
        let mut captures = Vec::new();
        for r in 0..10i8 {
            for c in 0..10i8 {
                let cell = self.cells[r as usize][c as usize];
                if cell.side() != Some(us) {
                    continue;
                }
                let from = number(r, c).expect("pieces stand on dark squares");
                let king = matches!(cell, Cell::King(_));
                let mut search = Capture {
                    grid: self,
                    from: (r, c),
                    from_number: from,
                    king,
                    path: Vec::new(),
                    taken: Vec::new(),
                    out: &mut captures,
                };
                search.walk(r, c);
            }
        }
        // The majority rule: only the captures taking the most pieces, kings counting one.
        if let Some(most) = captures.iter().map(|m: &RefMove| m.taken.len()).max() {
            captures.retain(|m| m.taken.len() == most);
            return captures;
        }
        // No capture: the plain moves.
        let mut moves = Vec::new();
        for r in 0..10i8 {
            for c in 0..10i8 {
                let cell = self.cells[r as usize][c as usize];
                if cell.side() != Some(us) {
                    continue;
                }
                let from = number(r, c).expect("a dark square");
                match cell {
                    Cell::Man(_) => {
                        for dc in [-1, 1] {
                            let (tr, tc) = (r + forward(us), c + dc);
                            if self.at(tr, tc) == Some(Cell::Empty) {
                                moves.push(RefMove {
                                    from,
                                    path: vec![number(tr, tc).expect("dark")],
                                    taken: Vec::new(),
                                });
                            }
                        }
                    }
                    Cell::King(_) => {
                        for (dr, dc) in DIAGONALS {
                            let (mut tr, mut tc) = (r + dr, c + dc);
                            while self.at(tr, tc) == Some(Cell::Empty) {
                                moves.push(RefMove {
                                    from,
                                    path: vec![number(tr, tc).expect("dark")],
                                    taken: Vec::new(),
                                });
                                tr += dr;
                                tc += dc;
                            }
                        }
                    }
                    Cell::Empty => {}
                }
            }
        }
        moves
    }

    /// The position after `m`: the pieces taken lifted, the mover on its last square, and
    /// crowned if it is a man ending on its far row; the other side to move.
    pub fn after(&self, m: &RefMove) -> Grid {
        let mut next = self.clone();
        let (fr, fc) = coords(m.from);
        let piece = next.cells[fr as usize][fc as usize];
        next.cells[fr as usize][fc as usize] = Cell::Empty;
        for &t in &m.taken {
            let (r, c) = coords(t);
            next.cells[r as usize][c as usize] = Cell::Empty;
        }
        let (tr, tc) = coords(*m.path.last().expect("a path"));
        next.cells[tr as usize][tc as usize] = match piece {
            Cell::Man(s) if tr == far_row(s) => Cell::King(s),
            other => other,
        };
        next.turn = other(self.turn);
        next
    }
}

/// One piece's capture search.
struct Capture<'a> {
    grid: &'a Grid,
    /// Where the mover started: free while it moves.
    from: (i8, i8),
    from_number: u8,
    /// Whether the mover is a king (a man stays a man until its move ends).
    king: bool,
    path: Vec<u8>,
    /// The pieces taken so far, by (row, column): they still stand.
    taken: Vec<(i8, i8)>,
    out: &'a mut Vec<RefMove>,
}

impl Capture<'_> {
    /// Whether (r, c) is on the board and free during this move.
    fn free(&self, r: i8, c: i8) -> bool {
        match self.grid.at(r, c) {
            Some(Cell::Empty) => true,
            Some(_) => (r, c) == self.from,
            None => false,
        }
    }

    /// Whether (r, c) holds an opposing piece not yet taken.
    fn takeable(&self, r: i8, c: i8) -> bool {
        let them = other(self.grid.turn);
        (r, c) != self.from
            && self.grid.at(r, c).and_then(Cell::side) == Some(them)
            && !self.taken.contains(&(r, c))
    }

    /// Goes on capturing from (r, c); records the move when nothing more can be taken.
    fn walk(&mut self, r: i8, c: i8) {
        let mut went_on = false;
        for (dr, dc) in DIAGONALS {
            // The piece to take: adjacent for a man; for a king, the first piece along the
            // diagonal past free squares.
            let (mut or, mut oc) = (r + dr, c + dc);
            if self.king {
                while self.free(or, oc) {
                    or += dr;
                    oc += dc;
                }
            }
            if !self.takeable(or, oc) {
                continue;
            }
            // The landing squares: the free square just beyond for a man; every free square
            // beyond, up to the next piece or the edge, for a king.
            let mut landings = Vec::new();
            let (mut lr, mut lc) = (or + dr, oc + dc);
            while self.free(lr, lc) {
                landings.push((lr, lc));
                if !self.king {
                    break;
                }
                lr += dr;
                lc += dc;
            }
            for (lr, lc) in landings {
                went_on = true;
                self.taken.push((or, oc));
                self.path.push(number(lr, lc).expect("dark"));
                self.walk(lr, lc);
                self.path.pop();
                self.taken.pop();
            }
        }
        if !went_on && !self.path.is_empty() {
            let mut taken: Vec<u8> = self
                .taken
                .iter()
                .map(|&(r, c)| number(r, c).expect("dark"))
                .collect();
            taken.sort_unstable();
            self.out.push(RefMove {
                from: self.from_number,
                path: self.path.clone(),
                taken,
            });
        }
    }
}

#[test]
fn the_numbering_of_the_grid() {
    // Article 2.6: 1–5 the top row, 46–50 the bottom one; 5 and 46 the ends of the long
    // diagonal; 6, 16, 26, 36, 46 down the left side.
    assert_eq!(coords(1), (0, 1));
    assert_eq!(coords(5), (0, 9));
    assert_eq!(coords(6), (1, 0));
    assert_eq!(coords(46), (9, 0));
    assert_eq!(coords(50), (9, 8));
    for n in 1..=50 {
        let (r, c) = coords(n);
        assert_eq!(number(r, c), Some(n));
    }
    for n in [6, 16, 26, 36, 46] {
        assert_eq!(coords(n).1, 0);
    }
    for n in [5, 15, 25, 35, 45] {
        assert_eq!(coords(n).1, 9);
    }
    // The long diagonal from 46 to 5.
    let diagonal: Vec<u8> = (0..10).filter_map(|i| number(9 - i, i)).collect();
    assert_eq!(diagonal, [46, 41, 37, 32, 28, 23, 19, 14, 10, 5]);
}
