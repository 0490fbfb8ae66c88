//! Positions and moves in the Hub protocol: on 10×10 as the protocol defines them (Scan's
//! `protocol.txt`, [`Standard10`]), on 8×8 as pydraughts' `HubEngine` writes them (the
//! protocol itself defines only the 10×10 board; see `docs/hub.md`). [`HubBoard`] gives each
//! board its [`Codec`], so that the session and `dama match` are written once for both.
//!
//! - A position is the side to move (`W`/`B`) and 32 characters (`w`, `b`, `W`, `B`, `e`),
//!   one per dark square in pydraughts' internal order: square 1 is b8, 4 is h8, 5 is a7, …,
//!   29 is a1, 32 is g1 (our PDN numbers), `w` being the side that starts on 21–32.
//! - A move is `from-to`, or `fromxto` followed by `x` and each captured square, in the
//!   numbering of the variant's pydraughts board: Russian and Brazilian count from a1
//!   (a1 = 1, c1 = 2, …, h8 = 32), English by its own numbers (black's first row is 1–4), the
//!   others as the position does.
//!
//! Reading is in two steps: the text's syntax ([`parse_move_text`]), then the legal move it
//! names in a position ([`Encoding::find_move`]); each error says which step failed.

use std::collections::BTreeSet;

use dama_core::position::{Setup, SetupOn};
use dama_core::square::Orientation;
use dama_core::{
    BitboardOn, Board, Board8, Board10, Board64, BoardKind, Color, DynRules, Move, MoveListOn,
    MoveOn, Position, PositionOn, Role, Square, SquareOn,
};

/// How the squares of one numbering map onto the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Our PDN numbers (pydraughts' internal numbering, international-style): 1 = b8,
    /// 29 = a1, 32 = g1.
    Standard,
    /// Counted from white's first rank, left to right: 1 = a1, 2 = c1, 5 = b2, 32 = h8
    /// (pydraughts' Russian and Brazilian numbering, the algebraic board's).
    FromA1,
    /// The standard numbers turned half a turn: n is standard 33 − n (pydraughts' English
    /// numbering).
    Turned,
    /// The numbers of the mirrored board (h1 dark) as its players see it: 1 is a8 on that
    /// board, counted row by row from the top left (pydraughts' Italian numbering, and the
    /// Italian federation's). Our positions of a mirrored set are stored as their mirror
    /// image, so this is the mirrored board's own numbering of the stored squares.
    Mirrored,
}

impl Numbering {
    /// The square numbered `n` (1–32).
    pub fn square(self, n: u32) -> Option<Square> {
        if !(1..=32).contains(&n) {
            return None;
        }
        match self {
            Numbering::Standard => Square::from_number(n as u8),
            Numbering::Turned => Square::from_number(33 - n as u8),
            Numbering::Mirrored => Orientation::Mirrored.from_number(n as u8),
            Numbering::FromA1 => {
                let row = (n - 1) / 4;
                let file = ((n - 1) % 4) * 2 + row % 2;
                Square::from_file_rank(file as u8, row as u8)
            }
        }
    }

    /// The number of `sq`.
    pub fn number(self, sq: Square) -> u32 {
        (1..=32).find(|&n| self.square(n) == Some(sq)).unwrap_or(0)
    }
}

/// The encoding of one variant: the numbering of the position string and of the moves, and
/// whether the string's `w` is our black (English: black moves first from the bottom of
/// pydraughts' internal board).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// The variant's name (ours, and pydraughts' where it has one).
    pub variant: &'static str,
    /// Where the position string's square n lies.
    pub position: Numbering,
    /// Where a move's square n lies.
    pub moves: Numbering,
    /// Whether the string's `w`/`W` (and side `W`) are our black.
    pub swap_colours: bool,
}

/// Every variant's encoding, by name. The Russian-family sets (czech, house, giveaway) use the
/// Russian move numbering, pydraughts' nearest board being `russian`; `spanish` keeps the standard
/// numbers. `brazilian`, `english` and `italian` are written for the rule sets of those names
/// (numbering and FEN as pydraughts').
pub const ENCODINGS: [Encoding; 8] = [
    Encoding {
        variant: "spanish",
        position: Numbering::Standard,
        moves: Numbering::Standard,
        swap_colours: false,
    },
    Encoding {
        variant: "czech",
        position: Numbering::Standard,
        moves: Numbering::FromA1,
        swap_colours: false,
    },
    Encoding {
        variant: "russian",
        position: Numbering::Standard,
        moves: Numbering::FromA1,
        swap_colours: false,
    },
    Encoding {
        variant: "house",
        position: Numbering::Standard,
        moves: Numbering::FromA1,
        swap_colours: false,
    },
    Encoding {
        variant: "giveaway",
        position: Numbering::Standard,
        moves: Numbering::FromA1,
        swap_colours: false,
    },
    Encoding {
        variant: "brazilian",
        position: Numbering::Standard,
        moves: Numbering::FromA1,
        swap_colours: false,
    },
    Encoding {
        variant: "english",
        position: Numbering::Turned,
        moves: Numbering::Standard,
        swap_colours: true,
    },
    Encoding {
        variant: "italian",
        position: Numbering::Mirrored,
        moves: Numbering::Mirrored,
        swap_colours: false,
    },
];

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// 51 characters (a 10×10 position) under the 8×8 variant named: the message says which
    /// parameter plays the international game.
    #[error(
        "position: 51 characters is a 10x10 position, but the variant is {0}, played on 8x8 \
         (33 characters); for the international game send set-param name=variant value=standard"
    )]
    TenByTen(&'static str),
    /// Neither 33 nor 51 characters.
    #[error("position: {0} characters, expected 33 (the side to move and 32 squares)")]
    Length(usize),
    /// 33 characters while the variant is played on 10×10.
    #[error(
        "position: 33 characters is an 8x8 position; the variant normal (international) \
         wants 51 (the side to move and 50 squares)"
    )]
    EightByEight,
    /// Neither 51 nor 33 characters, on 10×10.
    #[error("position: {0} characters, expected 51 (the side to move and 50 squares)")]
    Length10(usize),
    /// The first character is not `W` or `B`.
    #[error("position: the side to move must be W or B, not {0:?}")]
    Side(char),
    /// A square's character is not one of `wbWBe`.
    #[error("position: square {0} holds {1:?}, expected w, b, W, B or e")]
    Piece(u32, char),
    /// The pieces do not make a position.
    #[error("position: {0}")]
    Setup(#[from] dama_core::position::SetupError),
    /// The pieces do not make a 10×10 position.
    #[error("position: {0}")]
    Setup10(#[from] dama_core::position::SetupError<Board10>),
    /// Not 65 characters, on the 64-square board (Turkish).
    #[error("position: {0} characters, expected 65 (the side to move and 64 squares)")]
    Length64(usize),
    /// The pieces do not make a position of the 64-square board.
    #[error("position: {0}")]
    Setup64(#[from] dama_core::position::SetupError<Board64>),
}

/// A move as written, before it is looked up in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The start square's number.
    pub from: u32,
    /// The end square's number.
    pub to: u32,
    /// Whether it is written as a capture (`x`).
    pub capture: bool,
    /// The captured squares' numbers, in any order.
    pub captured: Vec<u32>,
}

/// Why a move was refused, and at which step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not `n-n` or `nxn[xn...]`.
    #[error("move {0:?}: syntax: expected from-to or fromxto[xcaptured...]")]
    Syntax(String),
    /// A number is not a square (1–32).
    #[error("move {0:?}: syntax: {1} is not a square number (1-32)")]
    Square(String, u32),
    /// A number is not a square of the 10×10 board (1–50).
    #[error("move {0:?}: syntax: {1} is not a square number (1-50)")]
    Square10(String, u32),
    /// A number is not a square of the 64-square board (1–64).
    #[error("move {0:?}: syntax: {1} is not a square number (1-64)")]
    Square64(String, u32),
    /// No legal move has this start, end and captures.
    #[error("move {0:?}: not legal in this position")]
    Illegal(String),
    /// Several legal moves fit (a capture written without its captured pieces).
    #[error("move {0:?}: ambiguous, give the captured squares")]
    Ambiguous(String),
}

impl MoveError {
    /// What is wrong, without the move's text (for a message that quotes the text itself,
    /// cut: `dama match`'s forfeit reasons).
    pub fn why(&self) -> String {
        match self {
            MoveError::Syntax(_) => "not a move: expected from-to or fromxto[xcaptured...]".into(),
            MoveError::Square(_, n) => format!("{n} is not a square number (1-32)"),
            MoveError::Square10(_, n) => format!("{n} is not a square number (1-50)"),
            MoveError::Square64(_, n) => format!("{n} is not a square number (1-64)"),
            MoveError::Illegal(_) => "not legal in this position".into(),
            MoveError::Ambiguous(_) => "ambiguous, give the captured squares".into(),
        }
    }
}

/// Step 1: the syntax of a move on 8×8.
pub fn parse_move_text(text: &str) -> Result<MoveText, MoveError> {
    parse_move_text_on(text, 32)
}

/// Step 1 on a board of `squares` squares (32 or 50).
pub fn parse_move_text_on(text: &str, squares: u32) -> Result<MoveText, MoveError> {
    let bad = || MoveError::Syntax(text.to_string());
    let capture = text.contains('x') || text.contains('X') || text.contains(':');
    let parts: Vec<&str> = if capture {
        text.split(['x', 'X', ':']).collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(bad());
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in parts {
        if part.is_empty() || part.len() > 2 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: u32 = part.parse().map_err(|_| bad())?;
        if !(1..=squares).contains(&n) {
            return Err(match squares {
                50 => MoveError::Square10(text.to_string(), n),
                64 => MoveError::Square64(text.to_string(), n),
                _ => MoveError::Square(text.to_string(), n),
            });
        }
        numbers.push(n);
    }
    Ok(MoveText {
        from: numbers[0],
        to: numbers[1],
        capture,
        captured: numbers[2..].to_vec(),
    })
}

impl Encoding {
    /// The encoding of the variant called `name`.
    pub fn for_variant(name: &str) -> Option<Encoding> {
        ENCODINGS.iter().copied().find(|e| e.variant == name)
    }

    fn colour(&self, white_in_text: bool) -> Color {
        if white_in_text != self.swap_colours {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Reads a position string.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let chars: Vec<char> = text.chars().collect();
        match chars.len() {
            33 => {}
            51 => return Err(PositionError::TenByTen(self.variant)),
            n => return Err(PositionError::Length(n)),
        }
        let turn = match chars[0] {
            'W' => self.colour(true),
            'B' => self.colour(false),
            c => return Err(PositionError::Side(c)),
        };
        let mut setup = Setup {
            turn: Some(turn),
            ..Setup::default()
        };
        for (i, &c) in chars[1..].iter().enumerate() {
            let n = i as u32 + 1;
            let sq = self.position.square(n).ok_or(PositionError::Piece(n, c))?;
            let (white_in_text, king) = match c {
                'e' => continue,
                'w' => (true, false),
                'W' => (true, true),
                'b' => (false, false),
                'B' => (false, true),
                _ => return Err(PositionError::Piece(n, c)),
            };
            setup.put(sq, self.colour(white_in_text), king);
        }
        Ok(Position::from_setup(&setup)?)
    }

    /// Writes a position string.
    pub fn write_position(&self, pos: &Position) -> String {
        let text_white = |c: Color| (c == Color::White) != self.swap_colours;
        let mut out = String::with_capacity(33);
        out.push(if text_white(pos.turn()) { 'W' } else { 'B' });
        for n in 1..=32 {
            let piece = self.position.square(n).and_then(|sq| pos.piece_at(sq));
            out.push(match piece {
                None => 'e',
                Some(p) => match (text_white(p.color), p.role) {
                    (true, Role::Man) => 'w',
                    (true, Role::King) => 'W',
                    (false, Role::Man) => 'b',
                    (false, Role::King) => 'B',
                },
            });
        }
        out
    }

    /// Writes a move: `from-to`, or `fromxto` and each captured square, smallest number first.
    pub fn write_move(&self, mv: &Move) -> String {
        write_move_on(mv, |sq| self.moves.number(sq))
    }

    /// Step 2: the legal move in `pos` that `text` names (its start, end and captured set).
    pub fn find_move(
        &self,
        rules: DynRules<Board8>,
        pos: &Position,
        original: &str,
        text: &MoveText,
    ) -> Result<Move, MoveError> {
        let sq = |n: u32| {
            self.moves
                .square(n)
                .ok_or_else(|| MoveError::Square(original.to_string(), n))
        };
        find_move_on(rules, pos, original, text, sq)
    }

    /// Both steps: the legal move `text` names in `pos`.
    pub fn read_move(
        &self,
        rules: DynRules<Board8>,
        pos: &Position,
        text: &str,
    ) -> Result<Move, MoveError> {
        let parsed = parse_move_text(text)?;
        self.find_move(rules, pos, text, &parsed)
    }
}

/// Step 2 on any board, `sq` giving the square of a number.
fn find_move_on<B: Board>(
    rules: DynRules<B>,
    pos: &PositionOn<B>,
    original: &str,
    text: &MoveText,
    sq: impl Fn(u32) -> Result<SquareOn<B>, MoveError>,
) -> Result<MoveOn<B>, MoveError> {
    let from = sq(text.from)?;
    let to = sq(text.to)?;
    let mut captured = BitboardOn::<B>::EMPTY;
    for &c in &text.captured {
        captured = captured.with(sq(c)?);
    }
    let mut moves = MoveListOn::new();
    rules.legal_moves(pos, &mut moves);
    let mut found = moves.iter().filter(|mv| {
        mv.from() == from
            && mv.to() == to
            && mv.is_capture() == text.capture
            && (text.captured.is_empty() || mv.captured() == captured)
    });
    let first = found
        .next()
        .copied()
        .ok_or_else(|| MoveError::Illegal(original.to_string()))?;
    // Moves with the same start, end and captures are the same move to the protocol.
    if found.any(|mv| !mv.same_route(&first)) {
        return Err(MoveError::Ambiguous(original.to_string()));
    }
    Ok(first)
}

/// Writes a move of any board: `from-to`, or `fromxto` and each captured square, smallest
/// number first, `n` giving a square's number.
fn write_move_on<B: Board>(mv: &MoveOn<B>, n: impl Fn(SquareOn<B>) -> u32) -> String {
    if mv.is_capture() {
        let captured: BTreeSet<u32> = mv.captured().squares().map(&n).collect();
        let mut out = format!("{}x{}", n(mv.from()), n(mv.to()));
        for c in captured {
            out.push_str(&format!("x{c}"));
        }
        out
    } else {
        format!("{}-{}", n(mv.from()), n(mv.to()))
    }
}

/// How one board's positions and moves are written in the Hub protocol.
pub trait Codec<B: Board>: Copy + Send + Sync + 'static {
    /// Reads a position string.
    fn parse_position(&self, text: &str) -> Result<PositionOn<B>, PositionError>;
    /// Writes a position string.
    fn write_position(&self, pos: &PositionOn<B>) -> String;
    /// Writes a move.
    fn write_move(&self, mv: &MoveOn<B>) -> String;
    /// The legal move `text` names in `pos` under `rules` (both steps).
    fn read_move(
        &self,
        rules: DynRules<B>,
        pos: &PositionOn<B>,
        text: &str,
    ) -> Result<MoveOn<B>, MoveError>;
}

impl Codec<Board8> for Encoding {
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        Encoding::parse_position(self, text)
    }
    fn write_position(&self, pos: &Position) -> String {
        Encoding::write_position(self, pos)
    }
    fn write_move(&self, mv: &Move) -> String {
        Encoding::write_move(self, mv)
    }
    fn read_move(
        &self,
        rules: DynRules<Board8>,
        pos: &Position,
        text: &str,
    ) -> Result<Move, MoveError> {
        Encoding::read_move(self, rules, pos, text)
    }
}

/// The 10×10 encoding of the protocol (Scan's `protocol.txt`): the side to move (`W`/`B`) and
/// one character per square in standard order, 1 to 50 (`w` `b` men, `W` `B` kings, `e`
/// empty); moves by the standard numbers, `32-28` or `28x19x23` (from, to, then every
/// captured square, no landing squares).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Standard10;

/// A position of a board whose squares the protocol lists by their numbers
/// ([`SquareOn::from_number`], 1 to [`Board::SQUARES`]): the side to move (`W`, `B`), then a
/// character per square (`w` `b` men, `W` `B` kings, `e` empty). A text of another length is
/// refused by `wrong_length` (given the length).
fn parse_by_numbers<B: Board>(
    text: &str,
    wrong_length: impl Fn(usize) -> PositionError,
) -> Result<PositionOn<B>, PositionError>
where
    PositionError: From<dama_core::position::SetupError<B>>,
{
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != usize::from(B::SQUARES) + 1 {
        return Err(wrong_length(chars.len()));
    }
    let turn = match chars[0] {
        'W' => Color::White,
        'B' => Color::Black,
        c => return Err(PositionError::Side(c)),
    };
    let mut setup = SetupOn::<B> {
        turn: Some(turn),
        ..SetupOn::default()
    };
    for (i, &c) in chars[1..].iter().enumerate() {
        let n = i as u32 + 1;
        let sq = SquareOn::<B>::from_number(n as u8).ok_or(PositionError::Piece(n, c))?;
        let (color, king) = match c {
            'e' => continue,
            'w' => (Color::White, false),
            'W' => (Color::White, true),
            'b' => (Color::Black, false),
            'B' => (Color::Black, true),
            _ => return Err(PositionError::Piece(n, c)),
        };
        setup.put(sq, color, king);
    }
    Ok(PositionOn::from_setup(&setup)?)
}

/// The position as [`parse_by_numbers`] reads it.
fn write_by_numbers<B: Board>(pos: &PositionOn<B>) -> String {
    let mut out = String::with_capacity(usize::from(B::SQUARES) + 1);
    out.push(if pos.turn() == Color::White { 'W' } else { 'B' });
    for n in 1..=B::SQUARES {
        let piece = SquareOn::<B>::from_number(n).and_then(|sq| pos.piece_at(sq));
        out.push(match piece {
            None => 'e',
            Some(p) => match (p.color, p.role) {
                (Color::White, Role::Man) => 'w',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::Man) => 'b',
                (Color::Black, Role::King) => 'B',
            },
        });
    }
    out
}

impl Codec<Board10> for Standard10 {
    fn parse_position(&self, text: &str) -> Result<PositionOn<Board10>, PositionError> {
        parse_by_numbers(text, |n| match n {
            33 => PositionError::EightByEight,
            n => PositionError::Length10(n),
        })
    }

    fn write_position(&self, pos: &PositionOn<Board10>) -> String {
        write_by_numbers(pos)
    }

    fn write_move(&self, mv: &MoveOn<Board10>) -> String {
        write_move_on(mv, |sq| u32::from(sq.number()))
    }

    fn read_move(
        &self,
        rules: DynRules<Board10>,
        pos: &PositionOn<Board10>,
        text: &str,
    ) -> Result<MoveOn<Board10>, MoveError> {
        let parsed = parse_move_text_on(text, 50)?;
        let sq = |n: u32| {
            SquareOn::<Board10>::from_number(n as u8)
                .ok_or_else(|| MoveError::Square10(text.to_string(), n))
        };
        find_move_on(rules, pos, text, &parsed, sq)
    }
}

/// The encoding of Turkish draughts' 64-square board, as pydraughts speaks it: the side to
/// move (`W`/`B`) and one character per square (`w` `b` men, `W` `B` kings, `e` empty) from
/// a8 along each rank down to h1; moves by the squares' numbers counted the other way, a1 = 1
/// along each rank up to h8 = 64: `19-27` (c3-c4), or `27x59x35x51` (from, to, then every
/// captured square: c4 takes c5 and c7 and lands on c8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Turkish64;

impl Turkish64 {
    /// The square a move's number names: a1 = 1, b1 = 2, …, h8 = 64.
    fn square(n: u32) -> Option<SquareOn<Board64>> {
        u8::try_from(n)
            .ok()
            .filter(|&n| (1..=64).contains(&n))
            .and_then(|n| SquareOn::<Board64>::from_bit(n - 1))
    }
}

impl Codec<Board64> for Turkish64 {
    fn parse_position(&self, text: &str) -> Result<PositionOn<Board64>, PositionError> {
        parse_by_numbers(text, PositionError::Length64)
    }

    fn write_position(&self, pos: &PositionOn<Board64>) -> String {
        write_by_numbers(pos)
    }

    fn write_move(&self, mv: &MoveOn<Board64>) -> String {
        write_move_on(mv, |sq| u32::from(sq.bit()) + 1)
    }

    fn read_move(
        &self,
        rules: DynRules<Board64>,
        pos: &PositionOn<Board64>,
        text: &str,
    ) -> Result<MoveOn<Board64>, MoveError> {
        let parsed = parse_move_text_on(text, 64)?;
        let sq =
            |n: u32| Turkish64::square(n).ok_or_else(|| MoveError::Square64(text.to_string(), n));
        find_move_on(rules, pos, text, &parsed, sq)
    }
}

/// Scan's name of the international game (FMJD rules on 10×10) in its `variant` parameter.
pub const NORMAL: &str = "normal";

/// The names `set-param name=variant` takes for the international game: Scan's `normal`,
/// pydraughts' and lidraughts' `standard`, and ours, `international`.
pub const INTERNATIONAL_NAMES: [&str; 3] = [NORMAL, "standard", "international"];

/// Scan's name of antidraughts (international draughts played to lose).
pub const LOSING: &str = "losing";

/// Scan's name of breakthrough (international draughts won by the first king).
pub const BT: &str = "bt";

/// pydraughts' and lidraughts' name of Frysk! (registered as `frysk`).
pub const FRYSK: &str = "frysk!";

/// The name of `variant` in the `variant` parameter: the rule set's name; `normal` for the
/// international game (as Scan and the Hub GUI call it), `frysk!` for Frysk! (as pydraughts
/// and lidraughts call it).
pub fn hub_name(variant: dama_core::Variant) -> &'static str {
    match variant {
        dama_core::Variant::International => NORMAL,
        dama_core::Variant::Frysk => FRYSK,
        _ => variant.name(),
    }
}

/// The registered rule sets of the 10×10 board but the international game, by their names
/// (`antidraughts`, which pydraughts and lidraughts call so too).
fn other_board10() -> impl Iterator<Item = dama_core::Variant> {
    dama_core::Variant::on_board(BoardKind::Board10)
        .filter(|&v| v != dama_core::Variant::International)
}

/// The registered 8×8 rule sets, whose names the `variant` parameter lists.
pub fn board8_variants() -> impl Iterator<Item = dama_core::Variant> {
    dama_core::Variant::ALL
        .into_iter()
        .filter(|v| v.is_board8())
}

/// The registered rule sets of the 64-square board (`turkish`).
fn board64_variants() -> impl Iterator<Item = dama_core::Variant> {
    dama_core::Variant::on_board(BoardKind::Board64)
}

/// The names the `variant` parameter declares (`hub`'s `param name=variant ... values=`):
/// every variant `dama hub` plays, the board of `current` first: the 8×8 rule sets' names,
/// the international game by Scan's name (`normal`) and pydraughts' (`standard`), the
/// other 10×10 sets by theirs (`antidraughts`), and the 64-square board's (`turkish`). A
/// session started for 8×8 lists the 8×8 names, then `normal standard antidraughts ...`,
/// then `turkish`; one started on another board lists that board's names first.
pub fn variant_names(current: dama_core::Variant) -> Vec<String> {
    let board8: Vec<String> = board8_variants().map(|r| r.name().to_string()).collect();
    let board10: Vec<String> = INTERNATIONAL_NAMES[..2]
        .iter()
        .map(|n| n.to_string())
        .chain(other_board10().map(|v| hub_name(v).to_string()))
        .collect();
    let board64: Vec<String> = board64_variants().map(|r| r.name().to_string()).collect();
    let order = match current.board() {
        BoardKind::Board8 => [board8, board10, board64],
        BoardKind::Board10 => [board10, board8, board64],
        BoardKind::Board64 => [board64, board8, board10],
    };
    order.into_iter().flatten().collect()
}

/// The variant a `set-param name=variant` value names (any case): one of
/// [`INTERNATIONAL_NAMES`] (the international game), Scan's [`LOSING`] (antidraughts) and
/// [`BT`] (breakthrough), or a
/// registered rule set's name; else the message naming every name taken.
pub fn parse_hub_variant(value: &str) -> Result<dama_core::Variant, String> {
    let value = value.trim();
    if INTERNATIONAL_NAMES
        .iter()
        .any(|n| n.eq_ignore_ascii_case(value))
    {
        return Ok(dama_core::Variant::International);
    }
    if LOSING.eq_ignore_ascii_case(value) {
        return Ok(dama_core::Variant::Antidraughts);
    }
    if BT.eq_ignore_ascii_case(value) {
        return Ok(dama_core::Variant::Breakthrough);
    }
    board8_variants()
        .chain(other_board10())
        .chain(board64_variants())
        .find(|v| v.name().eq_ignore_ascii_case(value) || hub_name(*v).eq_ignore_ascii_case(value))
        .ok_or_else(|| {
            let names: Vec<String> = board8_variants()
                .map(|v| v.name().to_string())
                .chain(INTERNATIONAL_NAMES.iter().map(|n| n.to_string()))
                .chain(other_board10().map(|v| hub_name(v).to_string()))
                .chain(board64_variants().map(|v| v.name().to_string()))
                .chain([LOSING.to_string(), BT.to_string()])
                .collect();
            format!(
                "unknown rule set '{}' (expected {})",
                dama_core::text::excerpt(value),
                dama_core::text::join_or(&names)
            )
        })
}

/// A board the Hub protocol is spoken on: its codec for a variant.
pub trait HubBoard: Board {
    /// The codec of this board's variants.
    type Codec: Codec<Self>;
    /// The codec of the variant called `name` (our rule-set name), if it has one.
    fn codec(name: &str) -> Option<Self::Codec>;
}

impl HubBoard for Board8 {
    type Codec = Encoding;
    fn codec(name: &str) -> Option<Encoding> {
        Encoding::for_variant(name)
    }
}

impl HubBoard for Board10 {
    type Codec = Standard10;
    /// Every rule set of the 10×10 board writes its positions and moves as international
    /// draughts does.
    fn codec(name: &str) -> Option<Standard10> {
        dama_core::Variant::named(name)
            .filter(|v| v.board() == BoardKind::Board10)
            .map(|_| Standard10)
    }
}

impl HubBoard for Board64 {
    type Codec = Turkish64;
    fn codec(name: &str) -> Option<Turkish64> {
        dama_core::Variant::named(name)
            .filter(|v| v.board() == BoardKind::Board64)
            .map(|_| Turkish64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::Russian;

    #[test]
    fn numberings() {
        let name = |n: Numbering, k| n.square(k).unwrap().to_string();
        assert_eq!(name(Numbering::Standard, 1), "b8");
        assert_eq!(name(Numbering::Standard, 29), "a1");
        assert_eq!(name(Numbering::FromA1, 1), "a1");
        assert_eq!(name(Numbering::FromA1, 2), "c1");
        assert_eq!(name(Numbering::FromA1, 5), "b2");
        assert_eq!(name(Numbering::FromA1, 32), "h8");
        assert_eq!(name(Numbering::Turned, 1), "g1");
        for numbering in [Numbering::Standard, Numbering::FromA1, Numbering::Turned] {
            for n in 1..=32 {
                assert_eq!(numbering.number(numbering.square(n).unwrap()), n);
            }
            assert_eq!(numbering.square(0), None);
            assert_eq!(numbering.square(33), None);
        }
    }

    #[test]
    fn the_start_as_pydraughts_sends_it() {
        let russian = Encoding::for_variant("russian").unwrap();
        let start = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
        let pos = russian.parse_position(start).unwrap();
        assert_eq!(pos, Position::initial());
        assert_eq!(russian.write_position(&pos), start);
        // pydraughts' first Russian moves: 9-13 (a3-b4) ... 12-16 (g3-h4).
        let mv = russian
            .read_move(DynRules::of::<Russian>(), &pos, "9-13")
            .unwrap();
        assert_eq!(
            (mv.from().to_string(), mv.to().to_string()),
            ("a3".into(), "b4".into())
        );
        assert_eq!(russian.write_move(&mv), "9-13");
        assert!(matches!(
            russian.read_move(DynRules::of::<Russian>(), &pos, "9-14"),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(
            russian.read_move(DynRules::of::<Russian>(), &pos, "9_13"),
            Err(MoveError::Syntax(_))
        ));
        assert!(matches!(
            russian.read_move(DynRules::of::<Russian>(), &pos, "9-33"),
            Err(MoveError::Square(_, 33))
        ));
        assert_eq!(
            russian.parse_position(&format!("W{}", "e".repeat(50))),
            Err(PositionError::TenByTen("russian"))
        );
        assert!(matches!(
            russian.parse_position("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"),
            Err(PositionError::Side('X'))
        ));
    }

    #[test]
    fn english_swaps_colours() {
        let english = Encoding::for_variant("english").unwrap();
        let pos = english
            .parse_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww")
            .unwrap();
        assert_eq!(pos.turn(), Color::Black);
        assert_eq!(
            english.write_position(&pos),
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        );
    }
}
