//! What the screen does differently on each board ([`TuiBoard`]): how squares are found from
//! the places drawn, named and numbered, how moves are typed and written, where a new game
//! starts, the square sizes. The 8×8 board keeps its rule set's own notation and
//! orientation (every 8×8 screen as it was); the 10×10 board of international draughts
//! names its squares by their numbers (1–50) and writes moves as `32-28`, `28x19x10`; the
//! 64-square board of Turkish draughts names every square algebraically (`c3-c4`).

use super::config::AppConfig;
use crate::console::ConsoleBoard;
use crate::games::Entry;
use crate::i18n::Lang;
use crate::i18n::Texts;
use crate::i18n::es;
use crate::play::PlayBoard;
use crate::play::records::LoadError;
use dama_core::game::{DynGame, Game};
use dama_core::notation::Notation;
use dama_core::notation::algebraic::{self, MoveError};
use dama_core::notation::numeric;
use dama_core::{Board8, Board10, Board64, DynRules, MoveOn, PositionOn, SquareOn};

/// The square sizes (columns, rows) of the 8×8 board, largest first: the largest whose
/// screen fits is used.
pub const SIZES_8: [(u16, u16); 3] = [(9, 4), (7, 3), (5, 2)];
/// The square sizes of the 10×10 board: as on 8×8, and squares of one row (3 × 1 cells)
/// that fit the 80 × 24 screen.
pub const SIZES_10: [(u16, u16); 4] = [(9, 4), (7, 3), (5, 2), (3, 1)];

/// A board the full-screen game plays on ([`Board8`], [`Board10`] and [`Board64`]). Each method takes
/// the rule set played on the board, as a value.
pub trait TuiBoard: ConsoleBoard + PlayBoard {
    /// The square sizes (columns, rows), largest first; the last is the smallest screen's.
    const SQUARE_SIZES: &'static [(u16, u16)];

    /// The dark square drawn at `file`, `rank` (0-based, from White's bottom left), or
    /// `None` for a light square.
    fn square(rules: DynRules<Self>, file: u8, rank: u8) -> Option<SquareOn<Self>>;

    /// The file `sq` is drawn in (its rank is its own).
    fn file(rules: DynRules<Self>, sq: SquareOn<Self>) -> u8;

    /// A square's name as the rule set writes it (`c3`, `63`, `11`; `28` on 10×10).
    fn square_name(rules: DynRules<Self>, sq: SquareOn<Self>) -> String;

    /// The number written on the square, where squares are named by numbers.
    fn number_on(rules: DynRules<Self>, sq: SquareOn<Self>) -> Option<u8>;

    /// The name of a light square clicked (`d3`), for the message that no piece stands
    /// there; `None` on 10×10, whose squares have numbers only (the click does nothing).
    fn light_name(file: u8, rank: u8) -> Option<String>;

    /// Why a path is not a legal move, in the messages' language.
    fn move_error(rules: DynRules<Self>, t: &Texts, error: &MoveError<Self>) -> String;

    /// The legal move (one of `legal`) a typed `text` names; else the line saying why not.
    fn typed_move(
        rules: DynRules<Self>,
        t: &Texts,
        lang: Lang,
        text: &str,
        pos: &PositionOn<Self>,
        legal: &[MoveOn<Self>],
    ) -> Result<MoveOn<Self>, String>;

    /// A hint as the message line says it.
    fn hint_text(rules: DynRules<Self>, t: &Texts, hint: &crate::play::hint::Hint<Self>) -> String;

    /// A new game of `cfg`, and how many of its first moves are a ballot's (none on 10×10).
    fn start_game(rules: DynRules<Self>, cfg: &AppConfig<Self>) -> (DynGame<Self>, usize);

    /// The games of a PDN text, for the list to choose from.
    fn entries(rules: DynRules<Self>, text: &str, t: &Texts) -> Vec<Entry>;
}

impl TuiBoard for Board8 {
    const SQUARE_SIZES: &'static [(u16, u16)] = &SIZES_8;

    fn square(rules: DynRules<Board8>, file: u8, rank: u8) -> Option<SquareOn<Board8>> {
        // The mirrored boards (Italian, Spanish) are drawn as they lie.
        rules.orientation().square(file, rank)
    }

    fn file(rules: DynRules<Board8>, sq: SquareOn<Board8>) -> u8 {
        rules.orientation().file(sq)
    }

    fn square_name(rules: DynRules<Board8>, sq: SquareOn<Board8>) -> String {
        rules.info().notation.write_square(sq)
    }

    fn number_on(rules: DynRules<Board8>, sq: SquareOn<Board8>) -> Option<u8> {
        match rules.info().notation {
            Notation::Numbered(board) => Some(board.number(sq)),
            _ => None,
        }
    }

    fn light_name(file: u8, rank: u8) -> Option<String> {
        Some(format!("{}{}", char::from(b'a' + file), rank + 1))
    }

    fn move_error(rules: DynRules<Board8>, t: &Texts, error: &MoveError) -> String {
        t.move_error_in(error, rules.info().notation)
    }

    fn typed_move(
        rules: DynRules<Board8>,
        t: &Texts,
        lang: Lang,
        text: &str,
        pos: &PositionOn<Board8>,
        legal: &[MoveOn<Board8>],
    ) -> Result<MoveOn<Board8>, String> {
        let notation = rules.info().notation;
        if notation == Notation::Numeric && lang == Lang::Es {
            // The Spanish console's checks and texts, exactly.
            return match numeric::parse(pos, text) {
                Ok(mv) if legal.contains(&mv) => Ok(mv),
                Ok(_) => Err(es::spec::NOT_ALLOWED.to_string()),
                Err(e) => Err(es::spec::error(e).to_string()),
            };
        }
        notation
            .parse(text, pos, legal)
            .map_err(|e| t.parse_error_in(&e, notation))
    }

    fn hint_text(rules: DynRules<Board8>, t: &Texts, hint: &crate::play::hint::Hint) -> String {
        t.hint_text(hint, rules.info().notation)
    }

    fn start_game(rules: DynRules<Board8>, cfg: &AppConfig<Board8>) -> (DynGame<Board8>, usize) {
        match &cfg.ballot {
            Some(ballot) => (ballot.game(rules), ballot.opening.moves.len()),
            None => (Game::with_rules(rules, cfg.start), 0),
        }
    }

    fn entries(rules: DynRules<Board8>, text: &str, t: &Texts) -> Vec<Entry> {
        let notation = rules.info().notation;
        crate::games::entries_with(rules, text, &|e| t.load_error(e, notation))
    }
}

impl TuiBoard for Board10 {
    const SQUARE_SIZES: &'static [(u16, u16)] = &SIZES_10;

    fn square(_: DynRules<Board10>, file: u8, rank: u8) -> Option<SquareOn<Board10>> {
        SquareOn::from_file_rank(file, rank)
    }

    fn file(_: DynRules<Board10>, sq: SquareOn<Board10>) -> u8 {
        sq.file()
    }

    fn square_name(_: DynRules<Board10>, sq: SquareOn<Board10>) -> String {
        sq.number().to_string()
    }

    fn number_on(_: DynRules<Board10>, sq: SquareOn<Board10>) -> Option<u8> {
        Some(sq.number())
    }

    fn light_name(_: u8, _: u8) -> Option<String> {
        None
    }

    fn move_error(rules: DynRules<Board10>, t: &Texts, error: &MoveError<Board10>) -> String {
        crate::console::move_error10(rules, t, error)
    }

    fn typed_move(
        rules: DynRules<Board10>,
        t: &Texts,
        _: Lang,
        text: &str,
        pos: &PositionOn<Board10>,
        legal: &[MoveOn<Board10>],
    ) -> Result<MoveOn<Board10>, String> {
        <Board10 as ConsoleBoard>::read_move(rules, t, text, pos, legal)
    }

    fn hint_text(
        rules: DynRules<Board10>,
        t: &Texts,
        hint: &crate::play::hint::Hint<Board10>,
    ) -> String {
        t.hint_text_with(hint, &|mv| rules.write_move(mv))
    }

    fn start_game(rules: DynRules<Board10>, cfg: &AppConfig<Board10>) -> (DynGame<Board10>, usize) {
        (Game::with_rules(rules, cfg.start), 0)
    }

    fn entries(rules: DynRules<Board10>, text: &str, t: &Texts) -> Vec<Entry> {
        crate::games::entries_with(rules, text, &|e: &LoadError<Board10>| {
            <Board10 as ConsoleBoard>::load_error(rules, t, e)
        })
    }
}

impl TuiBoard for Board64 {
    const SQUARE_SIZES: &'static [(u16, u16)] = &SIZES_8;

    fn square(_: DynRules<Board64>, file: u8, rank: u8) -> Option<SquareOn<Board64>> {
        SquareOn::from_file_rank(file, rank)
    }

    fn file(_: DynRules<Board64>, sq: SquareOn<Board64>) -> u8 {
        sq.file()
    }

    fn square_name(rules: DynRules<Board64>, sq: SquareOn<Board64>) -> String {
        rules.square_name(sq)
    }

    fn number_on(_: DynRules<Board64>, _: SquareOn<Board64>) -> Option<u8> {
        None
    }

    /// Every square is playable: none is light.
    fn light_name(_: u8, _: u8) -> Option<String> {
        None
    }

    fn move_error(rules: DynRules<Board64>, t: &Texts, error: &MoveError<Board64>) -> String {
        crate::console::move_error64(rules, t, error)
    }

    fn typed_move(
        rules: DynRules<Board64>,
        t: &Texts,
        _: Lang,
        text: &str,
        pos: &PositionOn<Board64>,
        legal: &[MoveOn<Board64>],
    ) -> Result<MoveOn<Board64>, String> {
        <Board64 as ConsoleBoard>::read_move(rules, t, text, pos, legal)
    }

    fn hint_text(
        rules: DynRules<Board64>,
        t: &Texts,
        hint: &crate::play::hint::Hint<Board64>,
    ) -> String {
        t.hint_text_with(hint, &|mv| rules.write_move(mv))
    }

    fn start_game(rules: DynRules<Board64>, cfg: &AppConfig<Board64>) -> (DynGame<Board64>, usize) {
        (Game::with_rules(rules, cfg.start), 0)
    }

    fn entries(rules: DynRules<Board64>, text: &str, t: &Texts) -> Vec<Entry> {
        crate::games::entries_with(rules, text, &|e: &LoadError<Board64>| {
            <Board64 as ConsoleBoard>::load_error(rules, t, e)
        })
    }
}

/// The path clicked as the line console reads it: the squares in order.
pub(super) fn path_text<B: dama_core::Board>(squares: Vec<SquareOn<B>>) -> algebraic::MoveText<B> {
    algebraic::MoveText {
        squares,
        capture: None,
    }
}
