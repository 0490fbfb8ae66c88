//! Where everything is on the screen. The app uses it to find what a click hit, the renderer to
//! draw, so the two always agree.
//!
//! ```text
//! row 0        header: rule set and players
//! rows 1-18    file letters, the board (8 × 8 squares of 5 × 2 cells), file letters │ side panel
//! rows 19-20   the latest message
//! row 21       the input line (typed move, dialog question, path entered so far)
//! rows 22-23   the keys
//! ```
//!
//! That is the 80 × 24 screen. A larger terminal gets larger squares ([`SQUARE_SIZES`]: 7 × 3
//! cells from 96 × 32, 9 × 4 from 112 × 40), the rows below the board moving down with it.
//!
//! The 10×10 board ([`Layout::of`] with [`Board10`](dama_core::Board10)) fits the 80 × 24
//! screen with squares of 3 × 1 cells, in the middle of the rows the 8×8 board takes (the
//! panel keeps its 18 rows); from 91 × 28 its squares are 5 × 2 cells, from 111 × 38 7 × 3,
//! from 131 × 48 9 × 4. Its edges carry the numbers of each row's first and last squares (two
//! digits: one column more on the right).

use ratatui::layout::Rect;

use super::boards::TuiBoard;

/// Columns of one square on the smallest screen.
pub const SQUARE_WIDTH: u16 = 5;
/// Rows of one square on the smallest screen.
pub const SQUARE_HEIGHT: u16 = 2;
/// The square sizes (columns, rows), largest first: the largest whose screen fits is used.
pub const SQUARE_SIZES: [(u16, u16); 3] = [(9, 4), (7, 3), (SQUARE_WIDTH, SQUARE_HEIGHT)];
/// Columns right of the board for the panel, at least.
const PANEL_WIDTH: u16 = 34;
/// The narrowest terminal the screen fits in.
pub const MIN_WIDTH: u16 = 80;
/// The lowest terminal the screen fits in.
pub const MIN_HEIGHT: u16 = 24;
/// Columns left of the board for the rank numbers.
const RANK_LABEL: u16 = 3;
/// The fewest rows of the side panel (the editor's buttons and help need them).
const PANEL_ROWS: u16 = 18;

/// A button of the editor panel.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EditorButton {
    /// Place white pieces.
    White,
    /// Place black pieces.
    Black,
    /// Empty the board.
    Clear,
    /// The initial position.
    Initial,
    /// Check the position and play from it.
    Start,
    /// Leave the editor, keeping the game.
    Cancel,
    /// Give the move to the other side after Start.
    Turn,
}

/// The places of the screen's parts in a terminal of a given size.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    /// The header line.
    pub header: Rect,
    /// The 8 × 8 squares.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The message lines.
    pub messages: Rect,
    /// The input line.
    pub input: Rect,
    /// The key lines.
    pub footer: Rect,
    /// Columns of one square.
    pub square_width: u16,
    /// Rows of one square.
    pub square_height: u16,
    /// Squares along a side of the board (8 or 10).
    pub squares: u8,
}

impl Layout {
    /// The layout of the 8×8 board for `area`, or `None` when it is smaller than
    /// [`MIN_WIDTH`] × [`MIN_HEIGHT`].
    pub fn new(area: Rect) -> Option<Layout> {
        Layout::of::<dama_core::Board8>(area)
    }

    /// The layout of board `B` for `area`, or `None` when it is smaller than [`MIN_WIDTH`] ×
    /// [`MIN_HEIGHT`].
    pub fn of<B: TuiBoard>(area: Rect) -> Option<Layout> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let (x, y, w) = (area.x, area.y, area.width);
        let n = u16::from(B::SIZE);
        // Two-digit numbers on the right edge of the 10×10 board take a column more.
        let right = if n > 9 { 4 } else { 3 };
        // The panel's rows: the board's and its two edges', at least PANEL_ROWS.
        let panel_rows = |sh: u16| (n * sh + 2).max(PANEL_ROWS);
        // Header, panel (edges and board), two message lines, the input line, two key lines.
        let fits = |&(sw, sh): &(u16, u16)| {
            RANK_LABEL + n * sw + right + PANEL_WIDTH <= area.width
                && 1 + panel_rows(sh) + 5 <= area.height
        };
        let (sw, sh) = B::SQUARE_SIZES
            .iter()
            .copied()
            .find(|size| fits(size))
            .unwrap_or(B::SQUARE_SIZES[B::SQUARE_SIZES.len() - 1]);
        let rows = panel_rows(sh);
        // A board lower than the panel stands in the middle of its rows.
        let top = y + 2 + (rows - (n * sh + 2)) / 2;
        let board = Rect::new(x + RANK_LABEL, top, n * sw, n * sh);
        let left = RANK_LABEL + board.width + right;
        let below = y + 1 + rows;
        Some(Layout {
            header: Rect::new(x, y, w, 1),
            board,
            panel: Rect::new(x + left, y + 1, w - left, rows),
            messages: Rect::new(x, below, w, 2),
            input: Rect::new(x, below + 2, w, 1),
            footer: Rect::new(x, below + 3, w, 2),
            square_width: sw,
            square_height: sh,
            squares: B::SIZE,
        })
    }

    /// The cells of the square at `file`, `rank` (0-based, from white's bottom left).
    pub fn square_rect(&self, file: u8, rank: u8, flipped: bool) -> Rect {
        let last = u16::from(self.squares) - 1;
        let (col, row) = if flipped {
            (last - u16::from(file), u16::from(rank))
        } else {
            (u16::from(file), last - u16::from(rank))
        };
        Rect::new(
            self.board.x + col * self.square_width,
            self.board.y + row * self.square_height,
            self.square_width,
            self.square_height,
        )
    }

    /// The square (file, rank) under the cell at `column`, `row`, if the cell is on the board.
    pub fn square_at(&self, column: u16, row: u16, flipped: bool) -> Option<(u8, u8)> {
        let b = self.board;
        if column < b.x || row < b.y || column >= b.x + b.width || row >= b.y + b.height {
            return None;
        }
        let col = ((column - b.x) / self.square_width) as u8;
        let line = ((row - b.y) / self.square_height) as u8;
        let last = self.squares - 1;
        Some(if flipped {
            (last - col, line)
        } else {
            (col, last - line)
        })
    }

    /// The editor's buttons and where they are (in the side panel).
    pub fn editor_buttons(&self) -> [(EditorButton, Rect); 7] {
        let p = self.panel;
        let at = |dx: u16, dy: u16, width: u16| Rect::new(p.x + dx, p.y + dy, width, 1);
        [
            (EditorButton::White, at(0, 2, 9)),
            (EditorButton::Black, at(10, 2, 10)),
            (EditorButton::Clear, at(0, 4, 13)),
            (EditorButton::Initial, at(0, 5, 13)),
            (EditorButton::Start, at(0, 6, 13)),
            (EditorButton::Cancel, at(0, 7, 13)),
            (EditorButton::Turn, at(0, 3, 24)),
        ]
    }

    /// The editor button under the cell at `column`, `row`, if any.
    pub fn editor_button_at(&self, column: u16, row: u16) -> Option<EditorButton> {
        self.editor_buttons()
            .into_iter()
            .find(|(_, r)| row == r.y && column >= r.x && column < r.x + r.width)
            .map(|(b, _)| b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_cells_agree() {
        let layout = Layout::new(Rect::new(0, 0, 80, 24)).unwrap();
        for flipped in [false, true] {
            for file in 0..8 {
                for rank in 0..8 {
                    let r = layout.square_rect(file, rank, flipped);
                    for (dx, dy) in [(0, 0), (4, 1), (2, 0)] {
                        assert_eq!(
                            layout.square_at(r.x + dx, r.y + dy, flipped),
                            Some((file, rank))
                        );
                    }
                }
            }
        }
        // a8 is the top left seen from white, h1 seen from black.
        assert_eq!(layout.square_rect(0, 7, false), Rect::new(3, 2, 5, 2));
        assert_eq!(layout.square_rect(7, 0, true), Rect::new(3, 2, 5, 2));
        assert_eq!(layout.square_at(2, 2, false), None);
        assert_eq!(Layout::new(Rect::new(0, 0, 79, 24)), None);
    }

    #[test]
    fn a_larger_terminal_gets_larger_squares() {
        let size = |w, h| {
            let l = Layout::new(Rect::new(0, 0, w, h)).unwrap();
            (l.square_width, l.square_height)
        };
        assert_eq!(size(80, 24), (5, 2));
        assert_eq!(size(95, 40), (5, 2));
        assert_eq!(size(160, 31), (5, 2));
        assert_eq!(size(96, 32), (7, 3));
        assert_eq!(size(111, 60), (7, 3));
        assert_eq!(size(160, 39), (7, 3));
        assert_eq!(size(112, 40), (9, 4));
        assert_eq!(size(200, 60), (9, 4));
        let big = Layout::new(Rect::new(0, 0, 200, 60)).unwrap();
        assert_eq!(big.board, Rect::new(3, 2, 72, 32));
        assert_eq!(big.footer, Rect::new(0, 38, 200, 2));
        for flipped in [false, true] {
            for (file, rank) in [(0, 0), (3, 5), (7, 7)] {
                let r = big.square_rect(file, rank, flipped);
                assert_eq!(big.square_at(r.x + 8, r.y + 3, flipped), Some((file, rank)));
            }
        }
    }
}
