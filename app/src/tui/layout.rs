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

use ratatui::layout::Rect;

/// Columns of one square.
pub const SQUARE_WIDTH: u16 = 5;
/// Rows of one square.
pub const SQUARE_HEIGHT: u16 = 2;
/// The narrowest terminal the screen fits in.
pub const MIN_WIDTH: u16 = 80;
/// The lowest terminal the screen fits in.
pub const MIN_HEIGHT: u16 = 24;
/// Columns left of the board for the rank numbers.
const RANK_LABEL: u16 = 3;

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
}

impl Layout {
    /// The layout for `area`, or `None` when it is smaller than [`MIN_WIDTH`] × [`MIN_HEIGHT`].
    pub fn new(area: Rect) -> Option<Layout> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let (x, y, w) = (area.x, area.y, area.width);
        let board = Rect::new(x + RANK_LABEL, y + 2, 8 * SQUARE_WIDTH, 8 * SQUARE_HEIGHT);
        let left = RANK_LABEL + board.width + 3;
        Some(Layout {
            header: Rect::new(x, y, w, 1),
            board,
            panel: Rect::new(x + left, y + 1, w - left, 18),
            messages: Rect::new(x, y + 19, w, 2),
            input: Rect::new(x, y + 21, w, 1),
            footer: Rect::new(x, y + 22, w, 2),
        })
    }

    /// The cells of the square at `file`, `rank` (0-based, from white's bottom left).
    pub fn square_rect(&self, file: u8, rank: u8, flipped: bool) -> Rect {
        let (col, row) = if flipped {
            (7 - u16::from(file), u16::from(rank))
        } else {
            (u16::from(file), 7 - u16::from(rank))
        };
        Rect::new(
            self.board.x + col * SQUARE_WIDTH,
            self.board.y + row * SQUARE_HEIGHT,
            SQUARE_WIDTH,
            SQUARE_HEIGHT,
        )
    }

    /// The square (file, rank) under the cell at `column`, `row`, if the cell is on the board.
    pub fn square_at(&self, column: u16, row: u16, flipped: bool) -> Option<(u8, u8)> {
        let b = self.board;
        if column < b.x || row < b.y || column >= b.x + b.width || row >= b.y + b.height {
            return None;
        }
        let col = ((column - b.x) / SQUARE_WIDTH) as u8;
        let line = ((row - b.y) / SQUARE_HEIGHT) as u8;
        Some(if flipped {
            (7 - col, line)
        } else {
            (col, 7 - line)
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
}
