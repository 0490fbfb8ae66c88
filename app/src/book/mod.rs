//! The opening books: for each rule set, the moves worth playing in the first positions of a
//! game and their weights (`docs/book.md`).
//!
//! - [`Book`]: a book read from its text ([`Book::parse`]) or built in ([`Book::for_rules`]),
//!   and [`Book::pick`], the weighted choice the engine players make before they search;
//! - [`build`]: making a book from engine analysis or from a PDN collection (`dama book
//!   build`).
//!
//! A book file is text: lines starting with `#` are comments (the header says how the file
//! was made), the first other line is `book NAME` (the rule set), and each line after it is
//! one position, its FEN in the rule set's numbering, then its moves as `MOVE=WEIGHT`, all
//! separated by spaces. A position is its pieces and the side to move, whatever the move
//! order that led to it. Reading a book is reading untrusted text: every malformation is a
//! [`BookError`] naming its line.
//!
//! A book is of one board ([`Book<B>`](Book), 8×8 by default; [`BookBoard`] says how the
//! board's moves are written and which built-in books it has): the 8×8 rule sets write their
//! own notation, the 10×10 board the squares' numbers (`32-28`, `28x19x10`).

pub mod build;

use std::collections::HashMap;

use dama_core::notation::algebraic;
use dama_core::text::excerpt;
use dama_core::variant_game::AnyBoard;
use dama_core::{
    Board, Board8, Board10, Board64, BoardRules, DynRules, MoveListOn, MoveOn, PositionOn, Variant,
};
use rand::{RngExt, SeedableRng};

/// The random source of the book's choices: a seeded generator whose sequence is the same on
/// every platform ([`rng`]).
pub type BookRng = rand::rngs::Xoshiro256PlusPlus;

/// The random source seeded with `seed`.
pub fn rng(seed: u64) -> BookRng {
    BookRng::seed_from_u64(seed)
}

/// The largest weight a book move may have.
pub const MAX_WEIGHT: u32 = 1_000_000;
/// The largest book text read (a file given to `dama book show --file`).
pub const MAX_BOOK_BYTES: usize = 4 << 20;

/// The built-in books, one per rule set (`app/data/books/<rule set>.txt`), as `build.rs`
/// packed them.
fn builtin_packed(rules: Variant) -> &'static [u8] {
    macro_rules! packed {
        ($name:literal) => {
            include_bytes!(concat!(env!("OUT_DIR"), "/books/", $name, ".txt.lz4"))
        };
    }
    match rules {
        Variant::Spanish => packed!("spanish"),
        Variant::Czech => packed!("czech"),
        Variant::Russian => packed!("russian"),
        Variant::House => packed!("house"),
        Variant::English => packed!("english"),
        Variant::Italian => packed!("italian"),
        Variant::SpanishOfficial => packed!("spanish-official"),
        Variant::Brazilian => packed!("brazilian"),
        Variant::Pool => packed!("pool"),
        Variant::Thai => packed!("thai"),
        Variant::Giveaway => packed!("giveaway"),
        Variant::International => packed!("international"),
        Variant::Antidraughts => packed!("antidraughts"),
        Variant::Breakthrough => packed!("breakthrough"),
        Variant::Killer => packed!("killer"),
        Variant::Frisian => packed!("frisian"),
        Variant::Frysk => packed!("frysk"),
        Variant::Turkish => packed!("turkish"),
    }
}

/// The text of the built-in book of `rules`; empty were it not to unpack (the tests unpack
/// and read every one).
pub fn builtin(rules: Variant) -> String {
    lz4_flex::decompress_size_prepended(builtin_packed(rules))
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .unwrap_or_default()
}

/// The rule sets books are built for by engine analysis: the engine's rule sets on a
/// [`BookBoard`].
pub trait BookRules: dama_engine::EngineRules<Board: BookBoard> {}

impl<R: dama_engine::EngineRules<Board: BookBoard>> BookRules for R {}

/// A board books are kept for: how a book writes and reads the moves of a rule set played on
/// it (given as a value).
pub trait BookBoard: AnyBoard {
    /// `mv` as the book of `rules` writes it (the rule set's notation).
    fn write_book_move(rules: DynRules<Self>, mv: &MoveOn<Self>) -> String;
    /// The legal move (one of `legal`, the moves of `pos`) that `text` names in the book of
    /// `rules`.
    fn parse_book_move(
        rules: DynRules<Self>,
        text: &str,
        pos: &PositionOn<Self>,
        legal: &[MoveOn<Self>],
    ) -> Option<MoveOn<Self>>;
}

impl BookBoard for Board8 {
    fn write_book_move(rules: DynRules<Board8>, mv: &MoveOn<Board8>) -> String {
        rules.info().notation.write(mv)
    }
    fn parse_book_move(
        rules: DynRules<Board8>,
        text: &str,
        pos: &PositionOn<Board8>,
        legal: &[MoveOn<Board8>],
    ) -> Option<MoveOn<Board8>> {
        rules.info().notation.parse(text, pos, legal).ok()
    }
}

impl BookBoard for Board10 {
    fn write_book_move(rules: DynRules<Board10>, mv: &MoveOn<Board10>) -> String {
        rules.write_move(mv)
    }
    fn parse_book_move(
        _: DynRules<Board10>,
        text: &str,
        pos: &PositionOn<Board10>,
        legal: &[MoveOn<Board10>],
    ) -> Option<MoveOn<Board10>> {
        algebraic::parse_numbered(text, pos, legal).ok()
    }
}

impl BookBoard for Board64 {
    fn write_book_move(rules: DynRules<Board64>, mv: &MoveOn<Board64>) -> String {
        rules.write_move(mv)
    }
    fn parse_book_move(
        rules: DynRules<Board64>,
        text: &str,
        pos: &PositionOn<Board64>,
        legal: &[MoveOn<Board64>],
    ) -> Option<MoveOn<Board64>> {
        rules.parse_move(text, pos, legal).ok()
    }
}

/// Why a book text cannot be read. Lines are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The text is larger than [`MAX_BOOK_BYTES`].
    #[error("the book is larger than {MAX_BOOK_BYTES} bytes")]
    TooLarge,
    /// No `book NAME` line before the first position.
    #[error("book line {0}: expected 'book NAME' (the rule set) before the positions")]
    MissingHeader(usize),
    /// The `book` line names another rule set, or none known.
    #[error("book line {line}: the book is for '{found}', not for the {expected} rules")]
    WrongRules {
        /// The line.
        line: usize,
        /// The name written (quoted, cut).
        found: String,
        /// The rule set the book was read for.
        expected: &'static str,
    },
    /// The position's FEN cannot be read.
    #[error("book line {line}: bad FEN: {error}")]
    Fen {
        /// The line.
        line: usize,
        /// Why (the FEN reader's message).
        error: String,
    },
    /// A position given twice.
    #[error("book line {line}: the position of line {first} again")]
    Duplicate {
        /// The line.
        line: usize,
        /// The line that gave it first.
        first: usize,
    },
    /// A position without moves.
    #[error("book line {0}: a position without moves")]
    NoMoves(usize),
    /// A part that is not `MOVE=WEIGHT`.
    #[error("book line {line}: '{text}' is not MOVE=WEIGHT")]
    NotAMove {
        /// The line.
        line: usize,
        /// The part (quoted, cut).
        text: String,
    },
    /// A weight that is not a whole number from 1 to [`MAX_WEIGHT`].
    #[error("book line {line}: the weight '{text}' is not a number from 1 to {MAX_WEIGHT}")]
    BadWeight {
        /// The line.
        line: usize,
        /// The weight as written (quoted, cut).
        text: String,
    },
    /// A move that is not legal in the position.
    #[error("book line {line}: '{text}' is not a legal move there")]
    Illegal {
        /// The line.
        line: usize,
        /// The move as written (quoted, cut).
        text: String,
    },
    /// The same move twice in one position.
    #[error("book line {line}: '{text}' is given twice")]
    RepeatedMove {
        /// The line.
        line: usize,
        /// The move as written (quoted, cut).
        text: String,
    },
}

/// A move of the book and its weight.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove<B: Board = Board8> {
    /// The move.
    pub mv: MoveOn<B>,
    /// Its weight: it is chosen with probability weight / (the position's total) at full
    /// strength.
    pub weight: u32,
}

/// An opening book of one rule set, on the board `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book<B: Board = Board8> {
    rules: Variant,
    entries: HashMap<PositionOn<B>, Vec<BookMove<B>>>,
    /// The positions in the order of the text (for writing and listing).
    order: Vec<PositionOn<B>>,
}

impl Book {
    /// An empty book of the 8×8 `rules`.
    pub fn empty(rules: Variant) -> Book {
        Book::empty_of(rules)
    }

    /// The built-in book of the 8×8 `rules` (`app/data/books/`). Each is checked by the tests
    /// to read without error; were one not to, the book would be empty (the engine searches).
    /// A rule set of another board has no 8×8 book: empty.
    pub fn for_rules(rules: Variant) -> Book {
        match DynRules::<Board8>::of_variant(rules) {
            Some(on8) => Book::builtin(on8),
            None => Book::empty(rules),
        }
    }

    /// Reads a book of the 8×8 `rules` from its text (a rule set of another board has no
    /// 8×8 book: empty).
    pub fn parse(rules: Variant, text: &str) -> Result<Book, BookError> {
        match DynRules::<Board8>::of_variant(rules) {
            Some(on8) => Book::parse_with(on8, text),
            None => Ok(Book::empty(rules)),
        }
    }
}

impl<B: BookBoard> Book<B> {
    /// An empty book of `rules` (a rule set played on `B`).
    pub fn empty_of(rules: Variant) -> Book<B> {
        Book {
            rules,
            entries: HashMap::new(),
            order: Vec::new(),
        }
    }

    /// The built-in book of `rules` (`app/data/books/`), empty if it has none (or, were it
    /// not to read, which the tests check for every one: the engine then searches).
    pub fn builtin(rules: DynRules<B>) -> Book<B> {
        let variant = rules.variant();
        variant
            .map(builtin)
            .and_then(|text| Book::parse_with(rules, &text).ok())
            .unwrap_or_else(|| Book::empty_of(variant.unwrap_or_default()))
    }

    /// Reads a book of `rules` from its text.
    pub fn parse_with(rules: DynRules<B>, text: &str) -> Result<Book<B>, BookError> {
        parse_with(rules, text)
    }
}

impl<B: Board> Book<B> {
    /// The rule set.
    pub fn rules(&self) -> Variant {
        self.rules
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The moves of `pos`, in the book's order (none when it is not in the book).
    pub fn moves(&self, pos: &PositionOn<B>) -> &[BookMove<B>] {
        self.entries.get(pos).map_or(&[], Vec::as_slice)
    }

    /// The positions in the book's order.
    pub fn positions(&self) -> impl Iterator<Item = &PositionOn<B>> + '_ {
        self.order.iter()
    }

    /// Adds (or replaces) the moves of `pos`. Moves of weight 0 are left out; with none
    /// left the position is not added.
    pub fn insert(&mut self, pos: PositionOn<B>, moves: Vec<BookMove<B>>) {
        let moves: Vec<BookMove<B>> = moves
            .into_iter()
            .filter(|m| m.weight > 0)
            .map(|m| BookMove {
                weight: m.weight.min(MAX_WEIGHT),
                ..m
            })
            .collect();
        if moves.is_empty() {
            return;
        }
        if self.entries.insert(pos, moves).is_none() {
            self.order.push(pos);
        }
    }

    /// The weights `pick` uses at `level` (1-10): the book's own at level 10; below it
    /// flatter, each weight raised to the power level / 10 (at level 1 nearly uniform).
    pub fn weights_at(&self, pos: &PositionOn<B>, level: u8) -> Vec<(MoveOn<B>, u64)> {
        let level = level.clamp(1, 10);
        self.moves(pos)
            .iter()
            .map(|m| {
                let w = if level >= 10 {
                    f64::from(m.weight)
                } else {
                    f64::from(m.weight).powf(f64::from(level) / 10.0)
                };
                // Scaled to whole numbers so that the draw is exact; at least 1.
                (m.mv, ((w * 1000.0).round() as u64).max(1))
            })
            .collect()
    }

    /// A move of the book for `pos`, chosen by weight with `rng` at `level` (1-10, see
    /// [`Book::weights_at`]); `None` when the position is not in the book.
    pub fn pick(&self, pos: &PositionOn<B>, rng: &mut BookRng, level: u8) -> Option<MoveOn<B>> {
        let weights = self.weights_at(pos, level);
        let total: u64 = weights.iter().map(|(_, w)| w).sum();
        if total == 0 {
            return None;
        }
        let mut draw = rng.random_range(0..total);
        for (mv, w) in weights {
            if draw < w {
                return Some(mv);
            }
            draw -= w;
        }
        None
    }
}

impl<B: BookBoard> Book<B> {
    /// The book's rule set as a value (none for a book of a set on another board, which is
    /// empty).
    fn dyn_rules(&self) -> Option<DynRules<B>> {
        DynRules::of_variant(self.rules)
    }

    /// The book as text: the `header` lines (each written after `# `), the `book NAME` line
    /// and a line per position in the book's order (nothing for a book of a set on another
    /// board).
    pub fn write(&self, header: &[String]) -> String {
        let Some(rules) = self.dyn_rules() else {
            return String::new();
        };
        let mut text = String::new();
        for line in header {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!("book {}\n", rules.info().name));
        for pos in &self.order {
            text.push_str(&rules.write_fen(pos));
            for m in self.moves(pos) {
                text.push_str(&format!(
                    " {}={}",
                    B::write_book_move(rules, &m.mv),
                    m.weight
                ));
            }
            text.push('\n');
        }
        text
    }

    /// `dama book show`: the position's FEN, then one line per book move, its weight and its
    /// share at full strength, or `no book moves` when the position is not in the book
    /// (nothing for a book of a set on another board).
    pub fn show(&self, pos: &PositionOn<B>) -> String {
        let Some(rules) = self.dyn_rules() else {
            return String::new();
        };
        let mut text = format!(
            "book {}: {} positions\nposition {}\n",
            rules.info().name,
            self.len(),
            rules.write_fen(pos)
        );
        let moves = self.moves(pos);
        if moves.is_empty() {
            text.push_str("no book moves\n");
            return text;
        }
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        for m in moves {
            let share = 100.0 * f64::from(m.weight) / total as f64;
            text.push_str(&format!(
                "{} weight {} {share:.1}%\n",
                B::write_book_move(rules, &m.mv),
                m.weight
            ));
        }
        text
    }
}

/// The rule set a book's text is for, as its `book NAME` line names it: `Ok` with the rule
/// set, `Err` with the name found when no rule set has it, or `Err(None)` without such a line.
pub fn rules_named(text: &str) -> Result<Variant, Option<String>> {
    let header = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'));
    let name = header
        .and_then(|line| line.strip_prefix("book "))
        .map(|name| name.split_whitespace().collect::<Vec<_>>().join(" "))
        .ok_or(None)?;
    Variant::named(&name).ok_or(Some(name))
}

/// The rule set of either board whose type is `R` (matched by name; a rule set of another
/// crate: the default, which a book of it is never compared with).
pub fn variant_of<R: BoardRules>() -> Variant {
    Variant::of::<R>().unwrap_or_default()
}

fn parse_with<B: BookBoard>(rules: DynRules<B>, text: &str) -> Result<Book<B>, BookError> {
    if text.len() > MAX_BOOK_BYTES {
        return Err(BookError::TooLarge);
    }
    let name = rules.info().name;
    let mut book = Book::empty_of(rules.variant().unwrap_or_default());
    let mut first_line: HashMap<PositionOn<B>, usize> = HashMap::new();
    let mut header_seen = false;
    let mut legal = MoveListOn::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let mut parts = content.split_whitespace();
        let Some(first) = parts.next() else {
            continue;
        };
        if !header_seen {
            if first != "book" {
                return Err(BookError::MissingHeader(line));
            }
            let found = parts.collect::<Vec<_>>().join(" ");
            if found != name {
                return Err(BookError::WrongRules {
                    line,
                    found: excerpt(&found),
                    expected: name,
                });
            }
            header_seen = true;
            continue;
        }
        let pos = rules.parse_fen(first).map_err(|error| BookError::Fen {
            line,
            error: error.to_string(),
        })?;
        if let Some(&first) = first_line.get(&pos) {
            return Err(BookError::Duplicate { line, first });
        }
        rules.legal_moves(&pos, &mut legal);
        let mut moves: Vec<BookMove<B>> = Vec::new();
        for part in parts {
            let Some((mv_text, weight_text)) = part.rsplit_once('=') else {
                return Err(BookError::NotAMove {
                    line,
                    text: excerpt(part),
                });
            };
            let weight = weight_text
                .parse::<u32>()
                .ok()
                .filter(|w| (1..=MAX_WEIGHT).contains(w))
                .ok_or_else(|| BookError::BadWeight {
                    line,
                    text: excerpt(weight_text),
                })?;
            let mv = B::parse_book_move(rules, mv_text, &pos, &legal).ok_or_else(|| {
                BookError::Illegal {
                    line,
                    text: excerpt(mv_text),
                }
            })?;
            if moves.iter().any(|m| m.mv == mv) {
                return Err(BookError::RepeatedMove {
                    line,
                    text: excerpt(mv_text),
                });
            }
            moves.push(BookMove { mv, weight });
        }
        if moves.is_empty() {
            return Err(BookError::NoMoves(line));
        }
        first_line.insert(pos, line);
        book.insert(pos, moves);
    }
    if !header_seen {
        return Err(BookError::MissingHeader(text.lines().count().max(1)));
    }
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::BoardRules;

    #[test]
    fn every_builtin_book_unpacks_to_its_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/books");
        for rules in Variant::ALL {
            let file = std::fs::read_to_string(dir.join(format!("{}.txt", rules.name())));
            assert_eq!(builtin(rules), file.unwrap(), "{}", rules.name());
        }
    }

    #[test]
    fn every_builtin_book_reads() {
        for rules in Variant::on_board(dama_core::BoardKind::Board8) {
            let book = Book::parse(rules, &builtin(rules));
            assert!(book.is_ok(), "{}: {:?}", rules.name(), book.err());
            let book = book.unwrap_or_else(|_| Book::empty(rules));
            assert!(!book.is_empty(), "{}", rules.name());
            let start = DynRules::<Board8>::of_variant(rules).unwrap().start();
            assert!(!book.moves(&start).is_empty(), "{}", rules.name());
        }
        let on10 = DynRules::<Board10>::of::<dama_core::International>();
        let international = Book::parse_with(on10, &builtin(Variant::International));
        assert!(international.is_ok(), "{:?}", international.err());
        let international = Book::builtin(on10);
        assert!(!international.is_empty());
        assert!(
            !international
                .moves(&dama_core::International::start())
                .is_empty()
        );
    }
}
