//! What the full dialogue does differently on each board: how moves are typed and written,
//! how the board is drawn, where a game starts, the book, and some texts. The 8×8 board keeps
//! the rule set's own notation and texts (every 8×8 transcript as it was); the 10×10 board of
//! international draughts writes and reads the squares' numbers (`32-28`, `28x19x10`); the
//! 64-square board of Turkish draughts names its squares algebraically (`c3-c4`, `c4xc6`).

use super::{Options, board_view};
use crate::i18n::fill;
use crate::i18n::{RulesTexts, Texts};
use crate::play::records::LoadError;
use crate::play::{DynGame, PlayBoard};
use dama_core::game::{Game, Outcome};
use dama_core::notation::Notation;
use dama_core::notation::algebraic::{self, ParseError, SyntaxError};
use dama_core::rules::DrawReason;
use dama_core::{BitboardOn, Board, Board8, Board10, Board64, DynRules, MoveOn, PositionOn, pdn};

/// A board the full dialogue plays on ([`Board8`], [`Board10`] and [`Board64`]). Each method takes the
/// rule set played on the board, as a value. (The opening book is the rule set's on either
/// board, [`crate::engines::EngineSetup::book_of`].)
pub trait ConsoleBoard: PlayBoard {
    /// A new game of `rules` and the options: from `--ballot`'s moves or `--fen`'s position,
    /// else the initial one.
    fn new_game(rules: DynRules<Self>, opts: &Options) -> DynGame<Self>;

    /// How many moves of a new game are the ballot's (none on 10×10, which has no ballots).
    fn ballot_plies(opts: &Options) -> usize;

    /// The rule set's title.
    fn title(rules: DynRules<Self>, t: &Texts, rt: &RulesTexts) -> &'static str;

    /// The line after the title: how moves are typed.
    fn intro(rules: DynRules<Self>, t: &Texts, rt: &RulesTexts) -> &'static str;

    /// The first line of `help`: how moves are typed.
    fn help_moves(rules: DynRules<Self>, t: &Texts, rt: &RulesTexts) -> &'static str;

    /// A move as the dialogue writes it.
    fn write_move(rules: DynRules<Self>, mv: &MoveOn<Self>) -> String;

    /// The legal move (one of `legal`) that `line` names; else the line saying why not.
    fn read_move(
        rules: DynRules<Self>,
        t: &Texts,
        line: &str,
        pos: &PositionOn<Self>,
        legal: &[MoveOn<Self>],
    ) -> Result<MoveOn<Self>, String>;

    /// The legal move (one of `legal`) that `text` names, for the command line (`--moves`):
    /// else why not, in English. On 8×8 the rule set's notation ([`Notation::parse`]'s own
    /// words); on 10×10 the squares' numbers.
    ///
    /// [`Notation::parse`]: dama_core::notation::Notation::parse
    fn parse_move(
        rules: DynRules<Self>,
        text: &str,
        pos: &PositionOn<Self>,
        legal: &[MoveOn<Self>],
    ) -> Result<MoveOn<Self>, String>;

    /// The board as text, the `marked` squares (the last move's) between brackets.
    fn draw(
        rules: DynRules<Self>,
        pos: &PositionOn<Self>,
        flipped: bool,
        colored: bool,
        marked: BitboardOn<Self>,
    ) -> String;

    /// The board in at most `columns` columns, when [`ConsoleBoard::draw`] is wider and a
    /// narrower drawing exists (the 10×10 board without its key of square numbers, newcomer
    /// finding 22); `None`: the board as drawn fits, or has nothing to leave out.
    fn draw_narrow(
        _rules: DynRules<Self>,
        _pos: &PositionOn<Self>,
        _flipped: bool,
        _colored: bool,
        _marked: BitboardOn<Self>,
        _columns: usize,
    ) -> Option<String> {
        None
    }

    /// Why a game could not be loaded.
    fn load_error(rules: DynRules<Self>, t: &Texts, error: &LoadError<Self>) -> String;

    /// How a game ended, as a sentence.
    fn outcome(rules: DynRules<Self>, t: &Texts, rt: &RulesTexts, outcome: Outcome) -> String;

    /// Moves as the dialogue writes them, in their order, joined by `, `.
    fn write_each(rules: DynRules<Self>, moves: &[MoveOn<Self>]) -> String {
        let texts: Vec<String> = moves.iter().map(|mv| Self::write_move(rules, mv)).collect();
        texts.join(", ")
    }

    /// Moves as the dialogue writes them, sorted (square numbers as numbers) and joined by `, `.
    fn write_list(rules: DynRules<Self>, moves: &[MoveOn<Self>]) -> String {
        let mut texts: Vec<String> = moves.iter().map(|mv| Self::write_move(rules, mv)).collect();
        dama_core::text::sort_natural(&mut texts);
        texts.join(", ")
    }
}

/// A rule set the full dialogue plays: the engine's rules on a [`ConsoleBoard`]. Its
/// functions are the board's ([`ConsoleBoard`]) for the rule set as a value.
pub trait ConsoleRules: dama_engine::EngineRules<Board: ConsoleBoard> {
    /// A move as the dialogue writes it.
    fn write(mv: &MoveOn<Self::Board>) -> String {
        <Self::Board as ConsoleBoard>::write_move(DynRules::of::<Self>(), mv)
    }
}

impl<R: dama_engine::EngineRules<Board: ConsoleBoard>> ConsoleRules for R {}

impl ConsoleBoard for Board8 {
    fn new_game(rules: DynRules<Board8>, opts: &Options) -> DynGame<Board8> {
        super::new_game(rules, opts)
    }

    fn ballot_plies(opts: &Options) -> usize {
        super::ballot_plies(opts)
    }

    fn title(rules: DynRules<Board8>, t: &Texts, _: &RulesTexts) -> &'static str {
        t.title(&rules.info())
    }

    fn intro(rules: DynRules<Board8>, t: &Texts, rt: &RulesTexts) -> &'static str {
        rt.intro_for(rules.info().notation, t)
    }

    fn help_moves(rules: DynRules<Board8>, t: &Texts, rt: &RulesTexts) -> &'static str {
        rt.help_moves_for(rules.info().notation, t)
    }

    fn write_move(rules: DynRules<Board8>, mv: &MoveOn<Board8>) -> String {
        rules.info().notation.write(mv)
    }

    fn read_move(
        rules: DynRules<Board8>,
        t: &Texts,
        line: &str,
        pos: &PositionOn<Board8>,
        legal: &[MoveOn<Board8>],
    ) -> Result<MoveOn<Board8>, String> {
        let notation = rules.info().notation;
        match notation.parse(line, pos, legal) {
            Ok(mv) => Ok(mv),
            Err(ParseError::Syntax(SyntaxError::Unreadable(_))) => {
                Err(fill(t.unknown, &[&pdn::excerpt(line)]))
            }
            Err(e) => Err(t.parse_error_in(&e, typed_notation(line, notation))),
        }
    }

    fn parse_move(
        rules: DynRules<Board8>,
        text: &str,
        pos: &PositionOn<Board8>,
        legal: &[MoveOn<Board8>],
    ) -> Result<MoveOn<Board8>, String> {
        rules
            .info()
            .notation
            .parse(text, pos, legal)
            .map_err(|e| e.to_string())
    }

    fn draw(
        rules: DynRules<Board8>,
        pos: &PositionOn<Board8>,
        flipped: bool,
        colored: bool,
        marked: BitboardOn<Board8>,
    ) -> String {
        board_view::marked_board(
            pos,
            flipped,
            colored,
            marked,
            rules.orientation(),
            rules.info().notation,
        )
    }

    fn load_error(rules: DynRules<Board8>, t: &Texts, error: &LoadError<Board8>) -> String {
        t.load_error(error, rules.info().notation)
    }

    fn outcome(rules: DynRules<Board8>, t: &Texts, rt: &RulesTexts, outcome: Outcome) -> String {
        t.outcome_where(outcome, rt, rules.cannot_move_wins())
    }
}

/// The notation a typed move is in, to answer in it: a game written in numbers (row and
/// column, `61.52`, or square numbers, `11-15`) also reads algebraic squares (`c3-d4`), and
/// a message about such a move names the squares algebraically too.
pub(crate) fn typed_notation(line: &str, notation: Notation) -> Notation {
    let algebraic = line
        .as_bytes()
        .windows(2)
        .any(|w| matches!(w[0], b'a'..=b'h' | b'A'..=b'H') && w[1].is_ascii_digit());
    match notation {
        Notation::Numeric | Notation::Numbered(_) if algebraic => Notation::Algebraic,
        other => other,
    }
}

impl ConsoleBoard for Board10 {
    fn new_game(rules: DynRules<Board10>, opts: &Options) -> DynGame<Board10> {
        Game::with_rules(rules, opts.start10.unwrap_or_else(|| rules.start()))
    }

    fn ballot_plies(_: &Options) -> usize {
        0
    }

    fn title(rules: DynRules<Board10>, t: &Texts, _: &RulesTexts) -> &'static str {
        t.title(&rules.info())
    }

    fn intro(_: DynRules<Board10>, _: &Texts, rt: &RulesTexts) -> &'static str {
        rt.board10_intro
    }

    fn help_moves(_: DynRules<Board10>, _: &Texts, rt: &RulesTexts) -> &'static str {
        rt.board10_help
    }

    fn write_move(rules: DynRules<Board10>, mv: &MoveOn<Board10>) -> String {
        rules.write_move(mv)
    }

    fn read_move(
        rules: DynRules<Board10>,
        t: &Texts,
        line: &str,
        pos: &PositionOn<Board10>,
        legal: &[MoveOn<Board10>],
    ) -> Result<MoveOn<Board10>, String> {
        let parsed = algebraic::parse_numbered(line, pos, legal);
        typed_or_why(t, line, parsed, &|e| move_error10(rules, t, e))
    }

    fn parse_move(
        _: DynRules<Board10>,
        text: &str,
        pos: &PositionOn<Board10>,
        legal: &[MoveOn<Board10>],
    ) -> Result<MoveOn<Board10>, String> {
        algebraic::parse_numbered(text, pos, legal).map_err(|e| match e {
            // The 8×8 words name algebraic squares; a 10×10 move is written by numbers.
            ParseError::Syntax(SyntaxError::Unreadable(text)) => {
                format!("'{text}' is not a move (write it like 32-28 or 28x19x10)")
            }
            other => other.to_string(),
        })
    }

    fn draw(
        _: DynRules<Board10>,
        pos: &PositionOn<Board10>,
        flipped: bool,
        colored: bool,
        marked: BitboardOn<Board10>,
    ) -> String {
        board_view::numbered_board(pos, flipped, colored, marked, true)
    }

    fn draw_narrow(
        _: DynRules<Board10>,
        pos: &PositionOn<Board10>,
        flipped: bool,
        colored: bool,
        marked: BitboardOn<Board10>,
        columns: usize,
    ) -> Option<String> {
        // Measured without colour: the escapes take no columns.
        let plain = board_view::numbered_board(pos, flipped, false, marked, true);
        let width = plain.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        (width > columns).then(|| board_view::numbered_board(pos, flipped, colored, marked, false))
    }

    fn load_error(rules: DynRules<Board10>, t: &Texts, error: &LoadError<Board10>) -> String {
        load_error_on(t, error, &|reason| move_error10(rules, t, reason))
    }

    fn outcome(rules: DynRules<Board10>, t: &Texts, rt: &RulesTexts, outcome: Outcome) -> String {
        match outcome {
            Outcome::Draw(DrawReason::NoProgress) => rt.board10_no_progress.to_string(),
            Outcome::Draw(DrawReason::KingEnding) => rt.board10_king_ending.to_string(),
            other => t.outcome_where(other, rt, rules.cannot_move_wins()),
        }
    }
}

/// The move `parsed` from the typed `line`, or the line saying why not: an unreadable line,
/// a light square, mixed separators, or why the move is not legal (`move_error`, in the
/// board's names of squares and moves).
fn typed_or_why<B: Board>(
    t: &Texts,
    line: &str,
    parsed: Result<MoveOn<B>, ParseError<B>>,
    move_error: &dyn Fn(&algebraic::MoveError<B>) -> String,
) -> Result<MoveOn<B>, String> {
    match parsed {
        Ok(mv) => Ok(mv),
        Err(ParseError::Syntax(SyntaxError::Unreadable(_))) => {
            Err(fill(t.unknown, &[&pdn::excerpt(line)]))
        }
        Err(ParseError::Syntax(SyntaxError::LightSquare(text))) => Err(fill(t.err_light, &[&text])),
        Err(ParseError::Syntax(SyntaxError::MixedSeparators(text))) => {
            Err(fill(t.err_mixed, &[&text]))
        }
        Err(ParseError::Move(e)) => Err(move_error(&e)),
    }
}

/// Why a game could not be loaded on a board whose illegal moves `move_error` explains.
fn load_error_on<B: Board>(
    t: &Texts,
    error: &LoadError<B>,
    move_error: &dyn Fn(&algebraic::MoveError<B>) -> String,
) -> String {
    t.load_error_with(error, &|e| t.pdn_error_with(e, move_error))
}

/// Why a move is not legal on the 10×10 board, squares and moves by their numbers.
pub(crate) fn move_error10(
    rules: DynRules<Board10>,
    t: &Texts,
    error: &algebraic::MoveError<Board10>,
) -> String {
    t.move_error_with(error, &|sq| sq.number().to_string(), &|moves| {
        Board10::write_list(rules, moves)
    })
}

impl ConsoleBoard for Board64 {
    fn new_game(rules: DynRules<Board64>, opts: &Options) -> DynGame<Board64> {
        Game::with_rules(rules, opts.start64.unwrap_or_else(|| rules.start()))
    }

    fn ballot_plies(_: &Options) -> usize {
        0
    }

    fn title(rules: DynRules<Board64>, t: &Texts, _: &RulesTexts) -> &'static str {
        t.title(&rules.info())
    }

    fn intro(_: DynRules<Board64>, _: &Texts, rt: &RulesTexts) -> &'static str {
        rt.board64_intro
    }

    fn help_moves(_: DynRules<Board64>, _: &Texts, rt: &RulesTexts) -> &'static str {
        rt.board64_help
    }

    fn write_move(rules: DynRules<Board64>, mv: &MoveOn<Board64>) -> String {
        rules.write_move(mv)
    }

    fn read_move(
        rules: DynRules<Board64>,
        t: &Texts,
        line: &str,
        pos: &PositionOn<Board64>,
        legal: &[MoveOn<Board64>],
    ) -> Result<MoveOn<Board64>, String> {
        let parsed = rules.parse_move(line, pos, legal);
        typed_or_why(t, line, parsed, &|e| move_error64(rules, t, e))
    }

    fn parse_move(
        rules: DynRules<Board64>,
        text: &str,
        pos: &PositionOn<Board64>,
        legal: &[MoveOn<Board64>],
    ) -> Result<MoveOn<Board64>, String> {
        rules
            .parse_move(text, pos, legal)
            .map_err(|e| e.to_string())
    }

    fn draw(
        _: DynRules<Board64>,
        pos: &PositionOn<Board64>,
        flipped: bool,
        colored: bool,
        marked: BitboardOn<Board64>,
    ) -> String {
        board_view::lettered_board(pos, flipped, colored, marked)
    }

    fn load_error(rules: DynRules<Board64>, t: &Texts, error: &LoadError<Board64>) -> String {
        load_error_on(t, error, &|reason| move_error64(rules, t, reason))
    }

    fn outcome(rules: DynRules<Board64>, t: &Texts, rt: &RulesTexts, outcome: Outcome) -> String {
        t.outcome_where(outcome, rt, rules.cannot_move_wins())
    }
}

/// Why a move is not legal on the 64-square board, squares and moves named algebraically.
pub(crate) fn move_error64(
    rules: DynRules<Board64>,
    t: &Texts,
    error: &algebraic::MoveError<Board64>,
) -> String {
    t.move_error_with(error, &|sq| rules.square_name(sq), &|moves| {
        Board64::write_list(rules, moves)
    })
}
