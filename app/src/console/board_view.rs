//! Drawing a board as text, plain or coloured.
//!
//! Colour only wraps characters in ANSI escape sequences; it never adds or removes any other
//! character, so a coloured board read without its escapes is the plain one.

use colored::Color as Ansi;

use dama_core::notation::Notation;
use dama_core::square::Orientation;
use dama_core::{
    Bitboard, BitboardOn, Board, Color, Piece, Position, PositionOn, Role, Square, SquareOn,
};

/// Wraps `text` in the colour of `color`'s pieces when `colored` is set.
///
/// The colours are chosen to read on a dark and on a light terminal alike: the piece letters
/// stand on a dark square's own background (see [`piece_cell`]), so nothing relies on the
/// terminal's background colour.
pub fn paint(text: &str, color: Color, colored: bool) -> String {
    if !colored {
        return text.to_string();
    }
    escaped(text, piece_colour(color), "")
}

/// `text` in `fg` on the dark square's background, after the SGR attributes `attributes`
/// (`""`, or e.g. `"1;4;"`), then reset. The caller has decided to colour: nothing here reads
/// the environment or a process-wide switch (`colored`'s `Colorize` would).
fn escaped(text: &str, fg: Ansi, attributes: &str) -> String {
    format!(
        "\x1b[{attributes}{};{}m{text}\x1b[0m",
        DARK_SQUARE.to_bg_str(),
        fg.to_fg_str()
    )
}

/// The background of a dark square when colouring (a board green, as on a club board).
const DARK_SQUARE: Ansi = Ansi::Green;

fn piece_colour(color: Color) -> Ansi {
    match color {
        Color::White => Ansi::BrightWhite,
        Color::Black => Ansi::Black,
    }
}

/// A piece's letter as it is drawn: with colour, on the dark square's background in its side's
/// colour, a king in bold and underlined so that it differs from a man at a glance.
pub fn piece_cell(piece: Piece, letter: char, colored: bool) -> String {
    if !colored {
        return letter.to_string();
    }
    let attributes = match piece.role {
        Role::Man => "",
        // Bold (1) and underlined (4).
        Role::King => "1;4;",
    };
    escaped(&letter.to_string(), piece_colour(piece.color), attributes)
}

/// An empty dark square as it is drawn: `.`, on the dark background with colour.
fn empty_cell(colored: bool) -> String {
    if !colored {
        return ".".to_string();
    }
    escaped(".", Ansi::BrightGreen, "")
}

/// The Spanish console's letter for a piece: `b`/`n` for men, `B`/`N` for kings.
pub fn spanish_letter(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => 'b',
        (Color::White, Role::King) => 'B',
        (Color::Black, Role::Man) => 'n',
        (Color::Black, Role::King) => 'N',
    }
}

/// The Spanish console's board: column numbers above and below, each row between its number,
/// row 1 (black's side) at the top, every empty square a space. Ends with a newline.
pub fn spanish(pos: &Position, colored: bool) -> String {
    let mut text = String::from(" 12345678\n");
    for row in 1..=8u8 {
        text.push(char::from(b'0' + row));
        for col in 1..=8u8 {
            match Square::from_row_col(row, col).and_then(|sq| pos.piece_at(sq)) {
                Some(piece) => {
                    text.push_str(&piece_cell(piece, spanish_letter(piece), colored));
                }
                None => text.push(' '),
            }
        }
        text.push(char::from(b'0' + row));
        text.push('\n');
    }
    text.push_str(" 12345678\n");
    text
}

/// The Czech console's letter for a piece: `o`/`O` for white men and kings, `x`/`X` for black
/// ones.
pub fn czech_letter(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => 'o',
        (Color::White, Role::King) => 'O',
        (Color::Black, Role::Man) => 'x',
        (Color::Black, Role::King) => 'X',
    }
}

/// The Czech console's board: seen from white (rank 8 at the top, files a–h under it), or from
/// black when `flipped`. Each rank between its number; an empty dark square is `.`, a light
/// one a space. Ends with a newline.
pub fn czech(pos: &Position, flipped: bool, colored: bool) -> String {
    czech_marked(pos, flipped, colored, Bitboard::EMPTY)
}

/// [`czech`] with the `marked` squares (the last move's) between brackets: `[o]`. The
/// brackets take the places of the spaces around the square, so the board keeps its width.
pub fn czech_marked(pos: &Position, flipped: bool, colored: bool, marked: Bitboard) -> String {
    czech_marked_on(pos, flipped, colored, marked, Orientation::A1Dark)
}

/// [`czech_marked`] on a board lying as `board` says: on the mirrored one, column a shows the
/// squares stored on file h (`Orientation`).
pub fn czech_marked_on(
    pos: &Position,
    flipped: bool,
    colored: bool,
    marked: Bitboard,
    board: Orientation,
) -> String {
    marked_board(pos, flipped, colored, marked, board, Notation::Algebraic)
}

/// The full dialogue's board, labelled in `notation`, the rule set's own: ranks 1–8 and files
/// a–h for the algebraic notations; for the Spanish spec's row-column numbers (`61.52`) the
/// row numbers (1 at Black's side) beside each row and the column numbers under the board;
/// for square numbers (`11-15`) no letters, and beside each row the numbers of its dark
/// squares, as on a numbered board. Otherwise as [`czech_marked_on`].
pub fn marked_board(
    pos: &Position,
    flipped: bool,
    colored: bool,
    marked: Bitboard,
    board: Orientation,
    notation: Notation,
) -> String {
    let numbered = matches!(notation, Notation::Numbered(_));
    let rank_label = |rank: u8| match notation {
        Notation::Numeric => char::from(b'8' - rank),
        Notation::Numbered(_) => ' ',
        Notation::Algebraic | Notation::AlgebraicColon => char::from(b'1' + rank),
    };
    let file_label = |file: u8| match notation {
        Notation::Numeric => char::from(b'1' + file),
        _ => char::from(b'a' + file),
    };
    let (ranks, files) = ranks_and_files(8, flipped);
    let mut text = String::new();
    for &rank in &ranks {
        let label = rank_label(rank);
        text.push(label);
        push_row(
            &mut text,
            &files,
            |file| board.square(file, rank),
            pos,
            marked,
            colored,
        );
        if numbered {
            // The key: the numbers of the row's dark squares, where they stand.
            text.push_str("  ");
            for &file in &files {
                match board.square(file, rank) {
                    Some(sq) => text.push_str(&format!("{:>3}", notation.write_square(sq))),
                    None => text.push_str("   "),
                }
            }
            let end = text.trim_end_matches(' ').len();
            text.truncate(end);
        } else {
            text.push(label);
        }
        text.push('\n');
    }
    if numbered {
        return text;
    }
    text.push(' ');
    for &file in &files {
        text.push(' ');
        text.push(file_label(file));
    }
    text.push('\n');
    text
}

/// A board of any size with every square playable (Turkish draughts' 64 squares), labelled
/// as chess boards are: ranks 1–8 beside each row, files a–h under the board; each square's
/// piece (`o`, `O`, `x`, `X`; `.` empty), the `marked` squares (the last move's) between
/// brackets. Seen from white (rank 8 at the top), or from black when `flipped`. Ends with a
/// newline.
pub fn lettered_board<B: Board>(
    pos: &PositionOn<B>,
    flipped: bool,
    colored: bool,
    marked: BitboardOn<B>,
) -> String {
    let (ranks, files) = ranks_and_files(B::SIZE, flipped);
    let mut text = String::new();
    for &rank in &ranks {
        let label = char::from(b'1' + rank);
        text.push(label);
        push_row(
            &mut text,
            &files,
            |file| SquareOn::<B>::from_file_rank(file, rank),
            pos,
            marked,
            colored,
        );
        text.push(label);
        text.push('\n');
    }
    text.push(' ');
    for &file in &files {
        text.push(' ');
        text.push(char::from(b'a' + file));
    }
    text.push('\n');
    text
}

/// The ranks from the top of the drawing down and the files from its left, on a board of
/// `size` squares a side seen from white, or from black when `flipped`.
fn ranks_and_files(size: u8, flipped: bool) -> (Vec<u8>, Vec<u8>) {
    if flipped {
        ((0..size).collect(), (0..size).rev().collect())
    } else {
        ((0..size).rev().collect(), (0..size).collect())
    }
}

/// One row of a board: for each of `files`, the piece on the square `square` names (a blank
/// for a light square), the squares of `marked` between brackets.
fn push_row<B: Board>(
    text: &mut String,
    files: &[u8],
    square: impl Fn(u8) -> Option<SquareOn<B>>,
    pos: &PositionOn<B>,
    marked: BitboardOn<B>,
    colored: bool,
) {
    let mut previous_marked = false;
    for &file in files {
        let square = square(file);
        let is_marked = square.is_some_and(|sq| marked.contains(sq));
        text.push(if is_marked {
            '['
        } else if previous_marked {
            ']'
        } else {
            ' '
        });
        previous_marked = is_marked;
        match square {
            None => text.push(' '),
            Some(sq) => match pos.piece_at(sq) {
                None => text.push_str(&empty_cell(colored)),
                Some(piece) => text.push_str(&piece_cell(piece, czech_letter(piece), colored)),
            },
        }
    }
    text.push(if previous_marked { ']' } else { ' ' });
}

/// A numbered board of any size (the 10×10 one of international draughts): each row's dark
/// squares with their pieces (`o`, `O`, `x`, `X`; `.` empty), the last move's squares between
/// brackets, and beside each row the numbers of its dark squares, where they stand. Seen from
/// white (square 1 at the top left), or from black when `flipped`. Ends with a newline.
/// Without `key`, the numbers are left out (a terminal too narrow for them, finding 22).
pub fn numbered_board<B: Board>(
    pos: &PositionOn<B>,
    flipped: bool,
    colored: bool,
    marked: BitboardOn<B>,
    key: bool,
) -> String {
    let (ranks, files) = ranks_and_files(B::SIZE, flipped);
    let mut text = String::new();
    for &rank in &ranks {
        text.push(' ');
        push_row(
            &mut text,
            &files,
            |file| SquareOn::<B>::from_file_rank(file, rank),
            pos,
            marked,
            colored,
        );
        if key {
            text.push_str("  ");
            for &file in &files {
                match SquareOn::<B>::from_file_rank(file, rank) {
                    Some(sq) => text.push_str(&format!("{:>3}", sq.number())),
                    None => text.push_str("   "),
                }
            }
        }
        let end = text.trim_end_matches(' ').len();
        text.truncate(end);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turkish_board_shows_every_square() {
        use dama_core::{BoardRules, Turkish};
        let pos = Turkish::start();
        let mv = {
            let mut moves = dama_core::MoveListOn::new();
            Turkish::legal_moves(&pos, &mut moves);
            *moves
                .iter()
                .find(|m| Turkish::write_move(m) == "a3-a4")
                .unwrap()
        };
        let marked = BitboardOn::EMPTY.with(mv.from()).with(mv.to());
        let expected = "8 . . . . . . . . 8\n\
                        7 x x x x x x x x 7\n\
                        6 x x x x x x x x 6\n\
                        5 . . . . . . . . 5\n\
                        4[.]. . . . . . . 4\n\
                        3[o]o o o o o o o 3\n\
                        2 o o o o o o o o 2\n\
                        1 . . . . . . . . 1\n\
                        \x20 a b c d e f g h\n";
        assert_eq!(lettered_board(&pos, false, false, marked), expected);
        let flipped = lettered_board(&pos, true, false, BitboardOn::EMPTY);
        assert!(
            flipped.starts_with("1 . . . . . . . . 1\n2 o o"),
            "{flipped}"
        );
        assert!(flipped.ends_with("  h g f e d c b a\n"), "{flipped}");
    }

    #[test]
    fn spanish_initial_board() {
        let expected = " 12345678\n1 n n n n1\n2n n n n 2\n3 n n n n3\n4        4\n5        5\n\
                        6b b b b 6\n7 b b b b7\n8b b b b 8\n 12345678\n";
        assert_eq!(spanish(&Position::initial(), false), expected);
    }

    #[test]
    fn colour_only_adds_escapes() {
        let plain = spanish(&Position::initial(), false);
        let coloured = spanish(&Position::initial(), true);
        assert_ne!(plain, coloured);
        let stripped = regex::Regex::new("\x1b\\[[0-9;]*m")
            .unwrap()
            .replace_all(&coloured, "");
        assert_eq!(stripped, plain);
    }

    #[test]
    fn escapes_are_the_usual_sgr_codes() {
        let king = Piece {
            color: Color::White,
            role: Role::King,
        };
        assert_eq!(piece_cell(king, 'O', true), "\x1b[1;4;42;97mO\x1b[0m");
        assert_eq!(empty_cell(true), "\x1b[42;92m.\x1b[0m");
        assert_eq!(paint("x", Color::Black, true), "\x1b[42;30mx\x1b[0m");
    }

    #[test]
    fn czech_initial_board() {
        let expected = "8   x   x   x   x 8\n7 x   x   x   x   7\n6   x   x   x   x 6\n\
                        5 .   .   .   .   5\n4   .   .   .   . 4\n3 o   o   o   o   3\n\
                        2   o   o   o   o 2\n1 o   o   o   o   1\n  a b c d e f g h\n";
        assert_eq!(czech(&Position::initial(), false, false), expected);
        let flipped = czech(&Position::initial(), true, false);
        assert!(flipped.starts_with("1   o   o   o   o 1\n"), "{flipped}");
        assert!(flipped.ends_with("  h g f e d c b a\n"));
    }

    #[test]
    fn czech_colour_only_adds_escapes() {
        let pos = dama_core::fen::parse("W:Wa1,Kc3:Bf6,Kh8").unwrap();
        let coloured = czech(&pos, false, true);
        let stripped = regex::Regex::new("\x1b\\[[0-9;]*m")
            .unwrap()
            .replace_all(&coloured, "");
        assert_ne!(coloured, czech(&pos, false, false));
        assert_eq!(stripped, czech(&pos, false, false));
        assert!(stripped.contains("\n3 .   O   .   .   3\n"));
    }

    #[test]
    fn the_last_move_is_bracketed() {
        let pos = dama_core::fen::parse("B:Wa1,d4,h2:Bf6").unwrap();
        let marked = Bitboard::EMPTY
            .with(Square::parse_algebraic("c3").unwrap())
            .with(Square::parse_algebraic("d4").unwrap())
            .with(Square::parse_algebraic("h2").unwrap());
        let board = czech_marked(&pos, false, false, marked);
        assert!(board.contains("\n4   .  [o]  .   . 4\n"), "{board}");
        assert!(board.contains("\n3 .  [.]  .   .   3\n"), "{board}");
        assert!(board.contains("\n2   .   .   .  [o]2\n"), "{board}");
        let coloured = czech_marked(&pos, false, true, marked);
        let stripped = regex::Regex::new("\x1b\\[[0-9;]*m")
            .unwrap()
            .replace_all(&coloured, "");
        assert_eq!(stripped, board);
    }

    #[test]
    fn each_notation_labels_the_board_its_own_way() {
        let pos = Position::initial();
        let numeric = marked_board(
            &pos,
            false,
            false,
            Bitboard::EMPTY,
            Orientation::A1Dark,
            Notation::Numeric,
        );
        let expected = "1   x   x   x   x 1\n2 x   x   x   x   2\n3   x   x   x   x 3\n\
                        4 .   .   .   .   4\n5   .   .   .   . 5\n6 o   o   o   o   6\n\
                        7   o   o   o   o 7\n8 o   o   o   o   8\n  1 2 3 4 5 6 7 8\n";
        assert_eq!(numeric, expected);
        let numbered = marked_board(
            &pos,
            false,
            false,
            Bitboard::EMPTY,
            Orientation::A1Dark,
            Notation::Numbered(Orientation::A1Dark),
        );
        let expected = "    x   x   x   x        1     2     3     4\n  \
                        x   x   x   x       5     6     7     8\n";
        assert!(numbered.starts_with(expected), "{numbered}");
        assert!(!numbered.contains('a'), "{numbered}");
        assert_eq!(numbered.lines().count(), 8);
    }

    #[test]
    fn the_international_board_is_numbered_1_to_50() {
        use dama_core::{Board10, BoardRules, International};
        let board = numbered_board::<Board10>(
            &International::start(),
            false,
            false,
            BitboardOn::EMPTY,
            true,
        );
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(
            lines[0],
            "    x   x   x   x   x        1     2     3     4     5"
        );
        assert_eq!(
            lines[9],
            "  o   o   o   o   o      46    47    48    49    50"
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 80));
        let flipped = numbered_board::<Board10>(
            &International::start(),
            true,
            false,
            BitboardOn::EMPTY,
            true,
        );
        assert!(
            flipped.starts_with("    o   o   o   o   o       50    49    48    47    46\n"),
            "{flipped}"
        );
    }

    #[test]
    fn kings_differ_from_men_in_colour() {
        let man = Piece {
            color: Color::White,
            role: Role::Man,
        };
        let king = Piece {
            color: Color::White,
            role: Role::King,
        };
        let man_cell = piece_cell(man, 'o', true);
        let king_cell = piece_cell(king, 'o', true);
        assert_ne!(man_cell, king_cell);
        assert!(king_cell.contains("\x1b[1;"), "{king_cell:?}");
    }
}
