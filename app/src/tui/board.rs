//! Drawing the board: squares of 5 × 2 cells (or larger), coordinates on the edges, pieces,
//! and the marks of the last move, the path being entered, the movable pieces and the cursor.
//!
//! Every mark is text first (the second row of a square: `[*]` the selected piece, `[1]`,
//! `[2]`… the path, ` · ` the last move, ` ? ` the hinted move, ` + ` / `(+)` a piece that can
//! move / capture), so
//! the board reads the same without colour; colour adds backgrounds. Without colour the dark
//! squares are shaded `░` and the pieces are the line console's letters (`o O x X`).
//!
//! Squares of one row (the 10×10 board on the 80 × 24 screen, 3 × 1 cells) carry the mark on
//! that row: around the piece (`[o]` selected, `·o·` last move, `?o?` hint, `+o+` / `(o)`
//! movable), or alone on an empty square (`[1]`, ` · `, ` ? `); an empty square without a
//! mark shows its number.

use ratatui::buffer::Buffer;
use ratatui::style::{Color as Tint, Modifier, Style};

use super::app::App;
use super::boards::TuiBoard;
use super::layout::Layout;
use crate::console::board_view;
use dama_core::notation::Notation;
use dama_core::position::SetupOn;
use dama_core::{BitboardOn, Color, MoveListOn, Piece, Role, SquareOn};
use dama_core::{Board, DynRules};

/// Background of a dark square.
pub(super) const DARK: Tint = Tint::Indexed(94);
/// Background of a light square.
pub(super) const LIGHT: Tint = Tint::Indexed(223);
/// Background of every other square where all are playable (Turkish draughts), chequered
/// with [`DARK`] so that the squares can be told apart.
const DARK_ALT: Tint = Tint::Indexed(130);
/// Background of the last move's squares.
const LAST: Tint = Tint::Indexed(136);
/// Background of the hinted move's squares.
const HINT: Tint = Tint::Indexed(90);
/// Background of the path being entered.
const PATH: Tint = Tint::Indexed(25);
/// Background of a piece that can move.
const MOVABLE: Tint = Tint::Indexed(28);
/// White pieces.
const WHITE_PIECE: Tint = Tint::Indexed(231);
/// Black pieces.
const BLACK_PIECE: Tint = Tint::Indexed(16);
/// The cursor's brackets.
const CURSOR: Tint = Tint::Indexed(226);

/// What marks a square.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    None,
    Last,
    Hint,
    Movable { captures: bool },
    Selected,
    Path(usize),
}

/// Where the pieces stand: the editor's setup while it is shown, the game's otherwise.
pub(super) fn piece_at<B: Board>(setup: &SetupOn<B>, sq: SquareOn<B>) -> Option<Piece> {
    let color = if setup.white.contains(sq) {
        Color::White
    } else if setup.black.contains(sq) {
        Color::Black
    } else {
        return None;
    };
    let role = if setup.kings.contains(sq) {
        Role::King
    } else {
        Role::Man
    };
    Some(Piece { color, role })
}

fn marks<B: TuiBoard>(app: &App<B>) -> Vec<(SquareOn<B>, Mark)> {
    let mut marks = Vec::new();
    if app.editor.is_some() {
        return marks;
    }
    let shown = app.shown();
    if let Some(mv) = shown.moves().last() {
        marks.push((mv.from(), Mark::Last));
        marks.extend(mv.path().iter().map(|&sq| (sq, Mark::Last)));
    }
    if app.reviewing() {
        return marks;
    }
    if let Some((pos, mv)) = &app.hint
        && pos == app.game.position()
    {
        marks.push((mv.from(), Mark::Hint));
        marks.extend(mv.path().iter().map(|&sq| (sq, Mark::Hint)));
    }
    if app.show_movable {
        let mut moves = MoveListOn::<B>::new();
        app.game.legal_moves(&mut moves);
        let capturing: BitboardOn<B> = moves
            .iter()
            .filter(|m| m.is_capture())
            .fold(BitboardOn::EMPTY, |b, m| b.with(m.from()));
        for m in moves.iter() {
            let captures = capturing.contains(m.from());
            marks.push((m.from(), Mark::Movable { captures }));
        }
    }
    if let Some(sel) = &app.selection {
        marks.push((sel.from, Mark::Selected));
        marks.extend(
            sel.path
                .iter()
                .enumerate()
                .map(|(i, &sq)| (sq, Mark::Path(i + 1))),
        );
    }
    marks
}

/// Draws the board with its coordinates.
pub(super) fn draw<B: TuiBoard>(app: &App<B>, layout: &Layout, buf: &mut Buffer) {
    let color = app.cfg.color;
    let setup = match &app.editor {
        Some(ed) => ed.preview(),
        // Blindfold: the squares without their pieces.
        None if app.pieces_hidden() => Default::default(),
        None => app.shown().position().to_setup(),
    };
    let marks = marks(app);
    let plain = Style::default();
    let size = <B as Board>::SIZE;
    for file in 0..size {
        for rank in 0..size {
            let r = layout.square_rect(file, rank, app.flipped);
            let cursor = app.cursor_shown && app.cursor == (file, rank);
            // The mirrored boards (Italian, Spanish) are drawn as they lie.
            let Some(sq) = B::square(app.rules(), file, rank) else {
                let style = if color { plain.bg(LIGHT) } else { plain };
                let blank = " ".repeat(usize::from(r.width));
                for dy in 0..r.height {
                    buf.set_string(r.x, r.y + dy, &blank, style);
                }
                if cursor {
                    draw_cursor(buf, r, color, style);
                }
                continue;
            };
            // The strongest mark wins: path over movable over last move.
            let mark = marks
                .iter()
                .filter(|(s, _)| *s == sq)
                .map(|&(_, m)| m)
                .max_by_key(|m| match m {
                    Mark::None => 0,
                    Mark::Last => 1,
                    Mark::Hint => 2,
                    Mark::Movable { .. } => 3,
                    Mark::Selected | Mark::Path(_) => 4,
                })
                .unwrap_or(Mark::None);
            // Where every square is playable, every other one is drawn lighter.
            let alternate = <B as Board>::ALL_PLAYABLE && (file + rank) % 2 == 1;
            let bg = match mark {
                Mark::None if alternate => DARK_ALT,
                Mark::None => DARK,
                Mark::Last => LAST,
                Mark::Hint => HINT,
                Mark::Movable { .. } => MOVABLE,
                Mark::Selected | Mark::Path(_) => PATH,
            };
            let style = if color { plain.bg(bg) } else { plain };
            let fill = if color || alternate { ' ' } else { '░' };
            let row: String = std::iter::repeat_n(fill, usize::from(r.width)).collect();
            for dy in 0..r.height {
                buf.set_string(r.x, r.y + dy, &row, style);
            }
            if r.height == 1 {
                let piece = piece_at(&setup, sq).map(|p| piece_look(p, color, style));
                let number = B::number_on(app.rules(), sq);
                one_row(buf, r, mark, piece, number, fill, color, style);
                if cursor {
                    draw_cursor(buf, r, color, style);
                }
                continue;
            }
            // The piece in the middle, its mark on the square's last row, both centred.
            let (cx, piece_y, mark_y) = (
                r.x + (r.width - 5) / 2,
                r.y + (r.height - 1) / 2,
                r.y + r.height - 1,
            );
            if let Some(piece) = piece_at(&setup, sq) {
                if let Some(rows) = large_piece(piece, r.width, r.height, color) {
                    draw_large_piece(buf, r, rows, piece, color, style);
                } else {
                    let (symbol, piece_style) = piece_look(piece, color, style);
                    buf.set_string(cx + 1, piece_y, " ", style);
                    buf.set_string(cx + 2, piece_y, symbol.to_string(), piece_style);
                    buf.set_string(cx + 3, piece_y, " ", style);
                }
            }
            let label = match mark {
                // Square numbers stand on their squares where the rule set is written so.
                Mark::None => match B::number_on(app.rules(), sq) {
                    Some(number) => format!("{number:>3}"),
                    None => std::iter::repeat_n(fill, 3).collect(),
                },
                Mark::Last => " · ".to_string(),
                Mark::Hint => " ? ".to_string(),
                Mark::Movable { captures: false } => " + ".to_string(),
                Mark::Movable { captures: true } => "(+)".to_string(),
                Mark::Selected => "[*]".to_string(),
                Mark::Path(i) if i < 10 => format!("[{i}]"),
                Mark::Path(_) => "[+]".to_string(),
            };
            let label_style = if color { style.fg(WHITE_PIECE) } else { style };
            buf.set_string(cx + 1, mark_y, label, label_style);
            if cursor {
                draw_cursor(buf, r, color, style);
            }
        }
    }
    if <B as Board>::NUMBERED {
        draw_row_numbers(app.rules(), app.flipped, layout, buf);
    } else {
        draw_coordinates(app.rules().info().notation, app.flipped, layout, buf);
    }
}

/// A piece's symbol and style: in colour, `●` or `♛` in the side's colour; without, the line
/// console's letter.
pub(super) fn piece_look(piece: Piece, color: bool, style: Style) -> (char, Style) {
    if color {
        let symbol = match piece.role {
            Role::Man => '●',
            Role::King => '♛',
        };
        let fg = match piece.color {
            Color::White => WHITE_PIECE,
            Color::Black => BLACK_PIECE,
        };
        (symbol, style.fg(fg).add_modifier(Modifier::BOLD))
    } else {
        (board_view::czech_letter(piece), style)
    }
}

/// The crown that marks a king on a large piece.
const CROWN: char = '♛';

/// The rows of a piece drawn large, on squares of 7 × 3 cells (5 × 2 for the piece, the
/// mark's row under it) and 9 × 4 (7 × 3): a disc of block characters, or without colour for
/// a white piece a ring (so that the sides differ by shape, not by colour alone); a king
/// carries a crown `♛` in its middle (men and kings differ by shape in either mode). In the
/// patterns `.` leaves the square's own background; every other cell is written. `None`:
/// squares of 5 × 2 cells or smaller keep the one-cell piece.
fn large_piece(piece: Piece, width: u16, height: u16, color: bool) -> Option<[&'static str; 3]> {
    let ring = !color && piece.color == Color::White;
    let king = piece.role == Role::King;
    let rows = match (width, height, ring, king) {
        (7, 3, false, false) => ["▄███▄", "▀███▀", ""],
        (7, 3, false, true) => ["▄█♛█▄", "▀███▀", ""],
        (7, 3, true, false) => ["▄▀▀▀▄", "▀▄▄▄▀", ""],
        (7, 3, true, true) => ["▄▀♛▀▄", "▀▄▄▄▀", ""],
        (9, 4, false, false) => [".▄███▄.", "███████", ".▀███▀."],
        (9, 4, false, true) => [".▄███▄.", "███♛███", ".▀███▀."],
        (9, 4, true, false) => [".▄▀▀▀▄.", "█     █", ".▀▄▄▄▀."],
        (9, 4, true, true) => [".▄▀▀▀▄.", "█  ♛  █", ".▀▄▄▄▀."],
        _ => return None,
    };
    Some(rows)
}

/// Draws a large piece's `rows` ([`large_piece`]) from the square's top row, one column in
/// from its left edge (the edges keep the cursor's brackets): the blocks in the side's colour,
/// the crown in the other side's colour on the piece's.
fn draw_large_piece(
    buf: &mut Buffer,
    r: ratatui::layout::Rect,
    rows: [&str; 3],
    piece: Piece,
    color: bool,
    style: Style,
) {
    let (fg, other) = match piece.color {
        Color::White => (WHITE_PIECE, BLACK_PIECE),
        Color::Black => (BLACK_PIECE, WHITE_PIECE),
    };
    let (block, crown) = if color {
        (
            style.fg(fg),
            style.fg(other).bg(fg).add_modifier(Modifier::BOLD),
        )
    } else {
        (style, style)
    };
    for (dy, row) in rows.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            let (x, y) = (r.x + 1 + dx as u16, r.y + dy as u16);
            match c {
                '.' => {}
                CROWN => {
                    buf.set_string(x, y, c.to_string(), crown);
                }
                _ => {
                    buf.set_string(x, y, c.to_string(), block);
                }
            }
        }
    }
}

/// The inside of a square of one row (3 cells): the piece between its mark's two signs, or
/// on an empty square the mark alone, else the square's number.
#[allow(clippy::too_many_arguments)]
fn one_row(
    buf: &mut Buffer,
    r: ratatui::layout::Rect,
    mark: Mark,
    piece: Option<(char, Style)>,
    number: Option<u8>,
    fill: char,
    color: bool,
    style: Style,
) {
    let label_style = if color { style.fg(WHITE_PIECE) } else { style };
    let x = r.x + (r.width - 3) / 2;
    match piece {
        Some((symbol, piece_style)) => {
            let (left, right) = match mark {
                Mark::None => (fill, fill),
                Mark::Last => ('·', '·'),
                Mark::Hint => ('?', '?'),
                Mark::Movable { captures: false } => ('+', '+'),
                Mark::Movable { captures: true } => ('(', ')'),
                Mark::Selected | Mark::Path(_) => ('[', ']'),
            };
            buf.set_string(x, r.y, left.to_string(), label_style);
            buf.set_string(x + 1, r.y, symbol.to_string(), piece_style);
            buf.set_string(x + 2, r.y, right.to_string(), label_style);
        }
        None => {
            let label = match mark {
                Mark::None => match number {
                    Some(n) => format!(" {n:<2}"),
                    None => std::iter::repeat_n(fill, 3).collect(),
                },
                Mark::Last => " · ".to_string(),
                Mark::Hint => " ? ".to_string(),
                Mark::Movable { .. } => " + ".to_string(),
                Mark::Selected => "[*]".to_string(),
                Mark::Path(i) if i < 10 => format!("[{i}]"),
                Mark::Path(_) => "[+]".to_string(),
            };
            buf.set_string(x, r.y, label, label_style);
        }
    }
}

/// The edges of a board whose squares are numbered from the top left (10×10): left of each
/// row the number of its first square as drawn, right of it the number of its last.
fn draw_row_numbers<B: TuiBoard>(
    rules: DynRules<B>,
    flipped: bool,
    layout: &Layout,
    buf: &mut Buffer,
) {
    let b = layout.board;
    let size = <B as Board>::SIZE;
    for line in 0..size {
        let rank = if flipped { line } else { size - 1 - line };
        let numbers: Vec<u8> = (0..size)
            .map(|col| if flipped { size - 1 - col } else { col })
            .filter_map(|file| B::square(rules, file, rank))
            .filter_map(|sq| B::number_on(rules, sq))
            .collect();
        let (Some(first), Some(last)) = (numbers.first(), numbers.last()) else {
            continue;
        };
        let y = b.y + u16::from(line) * layout.square_height + (layout.square_height - 1) / 2;
        buf.set_string(b.x - 3, y, format!("{first:>2}"), Style::default());
        buf.set_string(b.x + b.width + 1, y, format!("{last:<2}"), Style::default());
    }
}

fn draw_cursor(buf: &mut Buffer, r: ratatui::layout::Rect, color: bool, style: Style) {
    let (x, y, right) = (r.x, r.y + (r.height - 1) / 2, r.x + r.width - 1);
    let style = if color {
        style.fg(CURSOR).add_modifier(Modifier::BOLD)
    } else {
        style
    };
    buf.set_string(x, y, "[", style);
    buf.set_string(right, y, "]", style);
}

/// The labels on the board's edges, in the rule set's notation: files a–h and ranks 1–8;
/// for the Spanish spec's row-column numbers (`63.54`), the columns 1–8 from the left and the
/// rows 1–8 from Black's side; for square numbers, none (the squares carry their numbers).
fn draw_coordinates(notation: Notation, flipped: bool, layout: &Layout, buf: &mut Buffer) {
    if matches!(notation, Notation::Numbered(_)) {
        return;
    }
    let numeric = notation == Notation::Numeric;
    let b = layout.board;
    for i in 0..8u8 {
        let file = if flipped { 7 - i } else { i };
        let letter = if numeric {
            char::from(b'1' + file).to_string()
        } else {
            char::from(b'a' + file).to_string()
        };
        let x = b.x + u16::from(i) * layout.square_width + layout.square_width / 2;
        buf.set_string(x, b.y - 1, &letter, Style::default());
        buf.set_string(x, b.y + b.height, &letter, Style::default());
        let rank = if flipped { i } else { 7 - i };
        let number = if numeric {
            char::from(b'8' - rank).to_string()
        } else {
            char::from(b'1' + rank).to_string()
        };
        let y = b.y + u16::from(i) * layout.square_height + (layout.square_height - 1) / 2;
        buf.set_string(b.x - 2, y, &number, Style::default());
        buf.set_string(b.x + b.width + 1, y, &number, Style::default());
    }
}
