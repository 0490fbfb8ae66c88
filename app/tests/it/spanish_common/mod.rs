//! Helpers for the Spanish-spec console tests: boards described by their pieces, and whole
//! sessions whose input and expected output are built together, step by step, from the texts
//! of `../shared/spec/spanish-console.md` (never from the program's output).
#![allow(dead_code)]

pub mod oracle;

use dama_core::{Color, Piece, Position, Role, Square};

/// The title line.
pub const TITLE: &str = "Las Damas!!!";
/// White's prompt (no newline).
pub const WHITE: &str = "Mueven las blancas: ";
/// Black's prompt (no newline).
pub const BLACK: &str = "Mueven las negras: ";
/// The loser's line.
pub const DERROTA: &str = "Derrota!!! No puedes mover tus fichas!!!";
/// The play-again question (no newline).
pub const QUESTION: &str = "¿Queréis jugar otra? (s/n): ";

/// The eleven error messages.
pub const NO_TE_ENTIENDO: &str = "Error!!! No te entiendo: <d><d>{,<d><d>}[0-2]";
pub const NO_ES_COORDENADA: &str = "Error!!! No es una coordenada del tablero";
pub const NO_HAY_FICHA: &str = "Error!!! No hay ficha que mover";
pub const NO_ES_TUYA: &str = "Error!!! No es una de tus fichas";
pub const NO_DIAGONAL: &str = "Error!!! No vas en diagonal";
pub const NO_VACIO: &str = "Error!!! No está vacío el destino";
pub const NO_COMES: &str = "Error!!! No comes contrarias";
pub const TANTAS_MOVIMIENTO: &str = "Error!!! No se puede comer tantas en un movimiento";
pub const NO_AVANZAS: &str = "Error!!! No avanzas";
pub const NO_DISTANCIA: &str = "Error!!! No respetas la distancia";
pub const TANTAS_SALTO: &str = "Error!!! No se puede comer tantas en un salto";

/// All eleven, in the order of the specification.
pub const ERRORS: [&str; 11] = [
    NO_TE_ENTIENDO,
    NO_ES_COORDENADA,
    NO_HAY_FICHA,
    NO_ES_TUYA,
    NO_DIAGONAL,
    NO_VACIO,
    NO_COMES,
    TANTAS_MOVIMIENTO,
    NO_AVANZAS,
    NO_DISTANCIA,
    TANTAS_SALTO,
];

/// The side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn prompt(self) -> &'static str {
        match self {
            Side::White => WHITE,
            Side::Black => BLACK,
        }
    }
}

/// A board as the Spanish console shows it: `cells[r-1][c-1]` is the letter at row `r`,
/// column `c` (`b`/`n` men, `B`/`N` kings, ' ' empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [[char; 8]; 8],
}

fn rc(coord: &str) -> (usize, usize) {
    let b = coord.as_bytes();
    assert!(b.len() == 2, "bad coordinate {coord}");
    let (r, c) = ((b[0] - b'0') as usize, (b[1] - b'0') as usize);
    assert!(
        (1..=8).contains(&r) && (1..=8).contains(&c),
        "bad coordinate {coord}"
    );
    assert!((r + c) % 2 == 1, "{coord} is a light square");
    (r, c)
}

impl Board {
    /// A board from pieces such as `"b61 B52 n32 N12"` (letter, then row and column).
    pub fn new(pieces: &str) -> Board {
        let mut cells = [[' '; 8]; 8];
        for item in pieces.split_whitespace() {
            let (letter, coord) = item.split_at(1);
            let letter = letter.chars().next().unwrap();
            assert!("bBnN".contains(letter), "bad piece {item}");
            let (r, c) = rc(coord);
            assert_eq!(cells[r - 1][c - 1], ' ', "{coord} given twice");
            cells[r - 1][c - 1] = letter;
        }
        Board { cells }
    }

    /// The initial position: black men on the dark squares of rows 1–3, white on rows 6–8.
    pub fn initial() -> Board {
        let mut pieces = Vec::new();
        for r in 1..=8usize {
            for c in 1..=8usize {
                if (r + c) % 2 == 1 && r != 4 && r != 5 {
                    pieces.push(format!("{}{r}{c}", if r <= 3 { 'n' } else { 'b' }));
                }
            }
        }
        Board::new(&pieces.join(" "))
    }

    /// The board of a library position.
    pub fn from_position(pos: &Position) -> Board {
        let mut cells = [[' '; 8]; 8];
        for r in 1..=8u8 {
            for c in 1..=8u8 {
                if let Some(Piece { color, role }) =
                    Square::from_row_col(r, c).and_then(|sq| pos.piece_at(sq))
                {
                    cells[r as usize - 1][c as usize - 1] = match (color, role) {
                        (Color::White, Role::Man) => 'b',
                        (Color::White, Role::King) => 'B',
                        (Color::Black, Role::Man) => 'n',
                        (Color::Black, Role::King) => 'N',
                    };
                }
            }
        }
        Board { cells }
    }

    /// The library position of this board with `side` to move.
    pub fn position(&self, side: Side) -> Position {
        dama_core::fen::parse(&self.fen(side)).expect("not a position")
    }

    /// The letter at a coordinate such as `"61"`.
    pub fn at(&self, coord: &str) -> char {
        let (r, c) = rc(coord);
        self.cells[r - 1][c - 1]
    }

    /// The piece on `from` moved to the empty `to` (unchanged: a man stays a man).
    pub fn mv(&self, from: &str, to: &str) -> Board {
        let (fr, fc) = rc(from);
        let (tr, tc) = rc(to);
        let piece = self.cells[fr - 1][fc - 1];
        assert_ne!(piece, ' ', "no piece on {from}");
        assert_eq!(self.cells[tr - 1][tc - 1], ' ', "{to} is occupied");
        let mut next = self.clone();
        next.cells[fr - 1][fc - 1] = ' ';
        next.cells[tr - 1][tc - 1] = piece;
        next
    }

    /// The piece on `coord` removed (captured).
    pub fn take(&self, coord: &str) -> Board {
        let (r, c) = rc(coord);
        assert_ne!(self.cells[r - 1][c - 1], ' ', "no piece on {coord}");
        let mut next = self.clone();
        next.cells[r - 1][c - 1] = ' ';
        next
    }

    /// The man on `coord` made a king.
    pub fn crown(&self, coord: &str) -> Board {
        let (r, c) = rc(coord);
        let mut next = self.clone();
        let cell = &mut next.cells[r - 1][c - 1];
        assert!(*cell == 'b' || *cell == 'n', "no man on {coord}");
        *cell = cell.to_ascii_uppercase();
        next
    }

    /// The board turned half a turn with the colours swapped: the same position seen by the
    /// other side. Every rule of the specification is symmetric under this.
    pub fn flipped(&self) -> Board {
        let mut cells = [[' '; 8]; 8];
        for r in 0..8 {
            for c in 0..8 {
                cells[7 - r][7 - c] = match self.cells[r][c] {
                    'b' => 'n',
                    'n' => 'b',
                    'B' => 'N',
                    'N' => 'B',
                    other => other,
                };
            }
        }
        Board { cells }
    }

    /// The board as printed: ` 12345678`, eight rows between their numbers, ` 12345678`.
    pub fn render(&self) -> String {
        let mut text = String::from(" 12345678\n");
        for (i, row) in self.cells.iter().enumerate() {
            let digit = char::from(b'1' + i as u8);
            text.push(digit);
            text.extend(row.iter());
            text.push(digit);
            text.push('\n');
        }
        text.push_str(" 12345678\n");
        text
    }

    /// The position as a FEN for `--fen`: `rc` ↔ file `a+(c-1)`, rank `9-r`.
    pub fn fen(&self, side: Side) -> String {
        let mut white = Vec::new();
        let mut black = Vec::new();
        for r in 1..=8usize {
            for c in 1..=8usize {
                let letter = self.cells[r - 1][c - 1];
                if letter == ' ' {
                    continue;
                }
                let name = format!("{}{}", char::from(b'a' + c as u8 - 1), 9 - r);
                let king = if letter.is_ascii_uppercase() { "K" } else { "" };
                let list = if letter.eq_ignore_ascii_case(&'b') {
                    &mut white
                } else {
                    &mut black
                };
                list.push(format!("{king}{name}"));
            }
        }
        let turn = match side {
            Side::White => 'W',
            Side::Black => 'B',
        };
        format!("{turn}:W{}:B{}", white.join(","), black.join(","))
    }
}

/// A line as the other side would type it on the flipped board: every digit `d` becomes
/// `9-d` (so a coordinate `rc` becomes `(9-r)(9-c)`, and 0 and 9 swap).
pub fn flip_line(line: &str) -> String {
    line.chars()
        .map(|ch| match ch {
            '0'..='9' => char::from(b'9' - (ch as u8 - b'0')),
            other => other,
        })
        .collect()
}

/// A session: the lines typed and the exact output expected, built together.
#[derive(Clone, Debug)]
pub struct Session {
    args: Vec<String>,
    input: String,
    expected: String,
    side: Side,
    flip: bool,
    over: bool,
    open: bool,
    /// The board as the program has it (flipped when `flip`).
    actual: Board,
}

impl Session {
    /// `dama` with no arguments: the title, an empty line, the initial board, white's prompt.
    pub fn new() -> Session {
        let mut s = Session {
            args: Vec::new(),
            input: String::new(),
            expected: String::new(),
            side: Side::White,
            flip: false,
            over: false,
            open: true,
            actual: Board::initial(),
        };
        s.new_game(&Board::initial(), Side::White);
        s
    }

    /// `dama --fen FEN` for `board` with `side` to move, which still has a move: the title, an
    /// empty line, the board, the prompt. With `flip`, the whole session is played on the
    /// flipped board by the other side (see [`Board::flipped`], [`flip_line`]).
    pub fn fen(board: &Board, side: Side, flip: bool) -> Session {
        let (board, side) = if flip {
            (board.flipped(), side.other())
        } else {
            (board.clone(), side)
        };
        let mut s = Session {
            args: vec!["--fen".into(), board.fen(side)],
            input: String::new(),
            expected: String::new(),
            side,
            flip,
            over: false,
            open: true,
            actual: board.clone(),
        };
        s.new_game(&board, side);
        s
    }

    /// `dama --fen FEN` where `side` to move has already lost: the title, an empty line, the
    /// board, the Derrota line and the question.
    pub fn fen_lost(board: &Board, side: Side) -> Session {
        let s = Session {
            args: vec!["--fen".into(), board.fen(side)],
            input: String::new(),
            expected: format!("{TITLE}\n\n{}{DERROTA}\n{QUESTION}", board.render()),
            side,
            flip: false,
            over: true,
            open: true,
            actual: board.clone(),
        };
        assert!(
            oracle::legal(&board.position(side)).is_empty(),
            "the side to move has a move"
        );
        s
    }

    fn new_game(&mut self, board: &Board, side: Side) {
        self.expected.push_str(TITLE);
        self.expected.push_str("\n\n");
        self.expected.push_str(&board.render());
        self.expected.push_str(side.prompt());
        self.side = side;
        self.over = false;
        self.actual = board.clone();
        assert!(
            !oracle::legal(&board.position(side)).is_empty(),
            "the side to move has no move"
        );
    }

    /// Extra command-line arguments (before `--fen` if any).
    pub fn args(mut self, args: &[&str]) -> Session {
        let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        all.append(&mut self.args);
        self.args = all;
        self
    }

    fn typed(&mut self, line: &str) -> String {
        assert!(self.open, "the program has ended");
        let line = if self.flip {
            flip_line(line)
        } else {
            line.to_string()
        };
        self.input.push_str(&line);
        self.input.push('\n');
        // The echo: the line read, as read, then a newline.
        self.expected.push_str(&line);
        self.expected.push('\n');
        line
    }

    fn board(&self, board: &Board) -> String {
        if self.flip {
            board.flipped().render()
        } else {
            board.render()
        }
    }

    /// A rejected line: its error message, then the same prompt again.
    pub fn reject(&mut self, line: &str, message: &str) -> &mut Session {
        assert!(!self.over);
        let line = self.typed(line);
        // The test's own expectation, checked against the reading of the spec in `oracle`.
        let answer = oracle::expected_answer(&self.actual.position(self.side), &line);
        assert_eq!(answer.err(), Some(message), "expected answer to {line:?}");
        self.expected.push_str(message);
        self.expected.push('\n');
        self.expected.push_str(self.side.prompt());
        self
    }

    /// Types a legal move (checked with `oracle`) that leads to `after`.
    fn played(&mut self, line: &str, after: &Board) {
        let line = self.typed(line);
        let next = oracle::expected_answer(&self.actual.position(self.side), &line)
            .unwrap_or_else(|e| panic!("{line:?} is not legal: {e}"));
        let after = if self.flip {
            after.flipped()
        } else {
            after.clone()
        };
        assert_eq!(
            Board::from_position(&next),
            after,
            "the board after {line:?}"
        );
        self.actual = after;
    }

    /// An accepted move: an empty line, the new board, the other side's prompt.
    pub fn accept(&mut self, line: &str, after: &Board) -> &mut Session {
        assert!(!self.over);
        self.played(line, after);
        assert!(
            !oracle::legal(&self.actual.position(self.side.other())).is_empty(),
            "the game is over after {line:?}"
        );
        self.expected.push('\n');
        self.expected.push_str(&self.board(after));
        self.side = self.side.other();
        self.expected.push_str(self.side.prompt());
        self
    }

    /// An accepted move after which the side to move has lost: an empty line, the final
    /// board, the Derrota line and the question.
    pub fn accept_final(&mut self, line: &str, after: &Board) -> &mut Session {
        assert!(!self.over);
        self.played(line, after);
        assert!(
            oracle::legal(&self.actual.position(self.side.other())).is_empty(),
            "the game is not over after {line:?}"
        );
        self.expected.push('\n');
        self.expected.push_str(&self.board(after));
        self.expected.push_str(DERROTA);
        self.expected.push('\n');
        self.expected.push_str(QUESTION);
        self.over = true;
        self
    }

    /// An answer to the question that is neither yes nor no: the question again.
    pub fn answer_other(&mut self, answer: &str) -> &mut Session {
        assert!(self.over);
        self.typed(answer);
        self.expected.push_str(QUESTION);
        self
    }

    /// A yes: an empty line, then a new game from the initial position, white to move.
    pub fn answer_yes(&mut self, answer: &str) -> &mut Session {
        assert!(self.over);
        self.typed(answer);
        self.expected.push('\n');
        // The new game is never flipped: it is the initial position, white to move.
        self.flip = false;
        self.new_game(&Board::initial(), Side::White);
        self
    }

    /// A no: the program ends (exit status 0); nothing more is read.
    pub fn answer_no(&mut self, answer: &str) -> &mut Session {
        assert!(self.over);
        self.typed(answer);
        self.open = false;
        self
    }

    /// Input the program never reads (after it has ended).
    pub fn unread(&mut self, text: &str) -> &mut Session {
        assert!(!self.open);
        self.input.push_str(text);
        self
    }

    /// The stdin and the whole expected stdout (end of input ends the open prompt line).
    pub fn script(&self) -> (Vec<String>, String, String) {
        let mut expected = self.expected.clone();
        if self.open {
            expected.push('\n');
        }
        (self.args.clone(), self.input.clone(), expected)
    }

    /// Runs `dama` with the session's arguments and input; the whole stdout must be the
    /// expected one and the exit status 0.
    pub fn check(&self) {
        let (args, input, expected) = self.script();
        let out = run(&args, input.as_bytes());
        assert_eq!(out, expected, "dama {args:?} with input {input:?}");
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

/// Runs `dama ARGS` with `input` on stdin (not a terminal, so the echo is on by default);
/// asserts exit status 0; returns stdout.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S], input: &[u8]) -> String {
    crate::success_stdout(
        crate::dama()
            .args(args)
            .env_remove("NO_COLOR")
            .env_remove("TERM")
            .write_stdin(input.to_vec()),
    )
}

/// `text` without its ANSI escape sequences (`ESC [ … letter`).
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(ch);
        }
    }
    out
}
