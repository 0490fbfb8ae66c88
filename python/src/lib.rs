//! `dama` for Python: the rules of every registered rule set, PDN, the engine (its book before
//! its search, as every front end of the program plays), the endgame tables, SVG diagrams and
//! NumPy arrays, as the extension module `dama._dama` of the `dama-draughts` package.
//!
//! The module is a thin layer over the libraries: a [`Board`] holds a
//! [`VariantGame`](dama_core::VariantGame), the core's run-time facade, and whatever needs the
//! static rule type (the search, the tables, perft) goes through
//! [`with_game!`](dama_core::with_game). Every error is a Python exception carrying the
//! program's own message; no input reaches a panic. Long computations (perft, a search, a table
//! probe's first build) release the GIL.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use numpy::ndarray::{Array3, Array4, ArrayViewMut3};
use numpy::{IntoPyArray, PyArray3, PyArray4};
use pyo3::exceptions::{PyFileNotFoundError, PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

use dama::book::BookBoard;
use dama::pictures::diagram::{self, Diagram};
use dama::play::player::{EnginePlayer, Source, book_level};
use dama_core::game::{Outcome, WinReason};
use dama_core::pdn::{self, Header};
use dama_core::variant_game::{self, AnyBoard, PlayTextError, variant_of_pdn};
use dama_core::{
    AnyMove, AnyPosition, Board, BoardRules, Color, DrawReason, MoveOn, PositionOn, Role, Variant,
    VariantGame, with_game,
};
use dama_engine::multipv::MultiInfo;
use dama_engine::{Engine as CoreEngine, EngineRules, Info, Limits, Score};
use dama_tablebase::{TableRules, Tablebase as CoreTablebase, Value};

pyo3::create_exception!(
    _dama,
    DamaError,
    pyo3::exceptions::PyValueError,
    "The base of the errors of dama: bad input (a FEN, a move, a PDN text, a name)."
);
pyo3::create_exception!(
    _dama,
    FenError,
    DamaError,
    "A text that is not a FEN position of the variant."
);
pyo3::create_exception!(
    _dama,
    IllegalMoveError,
    DamaError,
    "A move that is not legal here, or a text that is not a move."
);
pyo3::create_exception!(
    _dama,
    PdnError,
    DamaError,
    "A PDN text that is not a game of the variant."
);
pyo3::create_exception!(
    _dama,
    GameOverError,
    DamaError,
    "A move asked for after the end of the game."
);

/// The variant named `name` (a registry name or an alias, any case).
fn variant_named(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>()
        .map_err(|e| DamaError::new_err(e.to_string()))
}

/// A move of a board under its rule set; `str()` writes it in the rule set's notation.
#[pyclass(module = "dama", name = "Move", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Move {
    variant: Variant,
    mv: AnyMove,
}

impl Move {
    /// The move's text, written when asked for (a list of moves is made without it).
    fn text(&self) -> String {
        variant_game::write_move(self.variant, &self.mv).unwrap_or_default()
    }
}

fn squares<B: Board>(mv: &MoveOn<B>) -> (Vec<u16>, Vec<u16>) {
    let path = std::iter::once(mv.from())
        .chain(mv.path().iter().copied())
        .map(|sq| u16::from(sq.number()))
        .collect();
    let mut taken: Vec<u16> = mv
        .captured()
        .into_iter()
        .map(|sq| u16::from(sq.number()))
        .collect();
    taken.sort_unstable();
    (path, taken)
}

#[pymethods]
impl Move {
    /// The move in its rule set's notation: `32-28`, `28x19x10`, `c3-d4`, `c3:e5`, `11-15`.
    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    /// The squares the piece stands on, from the start square to the landing square, by
    /// their numbers in the board's numbering (1–32 on 8×8 from the top left as White sees
    /// it, 1–50 on 10×10, 1–64 on Turkish draughts' board, a8 = 1, h1 = 64).
    #[getter]
    fn squares(&self) -> Vec<u16> {
        match &self.mv {
            AnyMove::Board8(m) => squares(m).0,
            AnyMove::Board10(m) => squares(m).0,
            AnyMove::Board64(m) => squares(m).0,
        }
    }

    /// The numbers of the squares whose pieces the move takes (ascending).
    #[getter]
    fn captures(&self) -> Vec<u16> {
        match &self.mv {
            AnyMove::Board8(m) => squares(m).1,
            AnyMove::Board10(m) => squares(m).1,
            AnyMove::Board64(m) => squares(m).1,
        }
    }

    /// Whether the move takes pieces.
    #[getter]
    fn is_capture(&self) -> bool {
        match &self.mv {
            AnyMove::Board8(m) => m.is_capture(),
            AnyMove::Board10(m) => m.is_capture(),
            AnyMove::Board64(m) => m.is_capture(),
        }
    }
}

/// The legal moves of a position, as python-chess gives them: a sequence made at once in Rust,
/// whose `Move` objects are made only when they are read (`len()` and `in` make none).
#[pyclass(module = "dama", name = "LegalMoves", frozen, sequence)]
struct LegalMoves {
    variant: Variant,
    moves: Vec<AnyMove>,
}

impl LegalMoves {
    fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|mv| Move {
            variant: self.variant,
            mv: mv.clone(),
        })
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    /// The number of legal moves.
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Ok(index) = index.extract::<isize>() else {
            // A slice: the list's own indexing.
            let list = PyList::new(py, self.moves())?;
            return Ok(list.as_any().get_item(index)?.unbind());
        };
        let len = self.moves.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        let mv = Move {
            variant: self.variant,
            mv: self.moves[at as usize].clone(),
        };
        Ok(mv.into_pyobject(py)?.into_any().unbind())
    }

    fn __contains__(&self, mv: &Bound<'_, PyAny>) -> bool {
        mv.extract::<PyRef<'_, Move>>()
            .is_ok_and(|m| m.variant == self.variant && self.moves.contains(&m.mv))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.moves())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// Equal to another sequence of the same moves in the same order (a list included).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.extract::<PyRef<'_, LegalMoves>>() {
            return other.variant == self.variant && other.moves == self.moves;
        }
        let Ok(items) = other.extract::<Vec<Move>>() else {
            return false;
        };
        items.len() == self.moves.len()
            && items
                .iter()
                .zip(&self.moves)
                .all(|(a, b)| a.variant == self.variant && &a.mv == b)
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self.moves().map(|m| m.text()).collect();
        format!("<LegalMoves ({})>", texts.join(", "))
    }
}

fn wrap(game: &VariantGame, mv: AnyMove) -> Move {
    Move {
        variant: game.variant(),
        mv,
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// How a game ended: the result, the winner (`None` for a draw) and the reason.
#[pyclass(module = "dama", name = "Outcome", frozen, get_all, eq)]
#[derive(Clone, PartialEq, Eq)]
struct PyOutcome {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    result: String,
    /// `"white"`, `"black"`, or `None` for a draw.
    winner: Option<String>,
    /// `"no-pieces"`, `"blocked"`, `"resignation"`, `"time"`, `"repetition"`,
    /// `"no-progress"`, `"king-ending"`, `"material-unchanged"` or `"agreement"`.
    reason: String,
}

#[pymethods]
impl PyOutcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(result='{}', winner={}, reason='{}')",
            self.result,
            self.winner
                .as_deref()
                .map_or("None".to_string(), |w| format!("'{w}'")),
            self.reason
        )
    }
}

fn outcome_of(outcome: Outcome) -> PyOutcome {
    match outcome {
        Outcome::Win { winner, reason } => PyOutcome {
            result: pdn::result_text(Some(outcome)).to_string(),
            winner: Some(color_name(winner).to_string()),
            reason: match reason {
                WinReason::NoPieces => "no-pieces",
                WinReason::Blocked => "blocked",
                WinReason::Crowned => "crowned",
                WinReason::Resignation => "resignation",
                WinReason::Time => "time",
            }
            .to_string(),
        },
        Outcome::Draw(reason) => PyOutcome {
            result: pdn::result_text(Some(outcome)).to_string(),
            winner: None,
            reason: match reason {
                DrawReason::Repetition => "repetition",
                DrawReason::NoProgress => "no-progress",
                DrawReason::KingEnding => "king-ending",
                DrawReason::MaterialUnchanged => "material-unchanged",
                DrawReason::Agreement => "agreement",
            }
            .to_string(),
        },
    }
}

/// A game of draughts under one rule set: the position, the moves played, and the result.
///
/// `Board("international")` starts a game from the rule set's start; `Board("czech", fen)`
/// from a FEN position written as the rule set writes it.
#[pyclass(module = "dama", name = "Board")]
#[derive(Clone)]
struct PyBoard {
    game: VariantGame,
}

/// The piece planes of a position: `[white men, white kings, black men, black kings]`, each
/// `size × size`, row 0 the top rank as White sees the board, column 0 file a.
fn planes_into<B: Board>(pos: &PositionOn<B>, mut out: ArrayViewMut3<'_, f32>) {
    let n = B::SIZE as usize;
    for (plane, color, role) in [
        (0, Color::White, Role::Man),
        (1, Color::White, Role::King),
        (2, Color::Black, Role::Man),
        (3, Color::Black, Role::King),
    ] {
        let bb = match role {
            Role::Man => pos.men(color),
            Role::King => pos.kings(color),
        };
        for sq in bb {
            out[[plane, n - 1 - sq.rank() as usize, sq.file() as usize]] = 1.0;
        }
    }
}

fn any_planes(pos: &AnyPosition, out: ArrayViewMut3<'_, f32>) {
    match pos {
        AnyPosition::Board8(p) => planes_into(p, out),
        AnyPosition::Board10(p) => planes_into(p, out),
        AnyPosition::Board64(p) => planes_into(p, out),
    }
}

/// The board as text, White at the bottom: `w`/`b` men, `W`/`B` kings, `.` an empty dark
/// square, a space a light square.
fn text_board<B: Board>(pos: &PositionOn<B>) -> String {
    let n = B::SIZE;
    let mut lines = Vec::new();
    for rank in (0..n).rev() {
        let mut line = String::new();
        for file in 0..n {
            let cell = match dama_core::SquareOn::<B>::from_file_rank(file, rank) {
                None => ' ',
                Some(sq) => match pos.piece_at(sq) {
                    None => '.',
                    Some(p) => match (p.color, p.role) {
                        (Color::White, Role::Man) => 'w',
                        (Color::White, Role::King) => 'W',
                        (Color::Black, Role::Man) => 'b',
                        (Color::Black, Role::King) => 'B',
                    },
                },
            };
            line.push(cell);
            if file + 1 < n {
                line.push(' ');
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

impl PyBoard {
    fn parse(&self, text: &str) -> PyResult<AnyMove> {
        if self.game.is_over() {
            return Err(GameOverError::new_err("the game is over"));
        }
        self.game
            .parse_move(text)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    fn play(&mut self, mv: &Move) -> PyResult<Move> {
        if self.game.is_over() {
            return Err(GameOverError::new_err("the game is over"));
        }
        self.game.try_play(&mv.mv).map_err(|_| {
            IllegalMoveError::new_err(format!("{} is not a legal move here", mv.text()))
        })?;
        Ok(wrap(&self.game, mv.mv.clone()))
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (variant = "international", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Self> {
        let variant = variant_named(variant)?;
        let game = match fen {
            None => VariantGame::new(variant),
            Some(text) => VariantGame::from_fen(variant, text)
                .map_err(|e| FenError::new_err(e.to_string()))?,
        };
        Ok(PyBoard { game })
    }

    /// The rule set's name (`"international"`, `"czech"`…).
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant().name()
    }

    /// Squares along a side of the board: 8 or 10.
    #[getter]
    fn size(&self) -> u8 {
        self.game.variant().board_size()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.game.turn())
    }

    /// The legal moves of the side to move (none once the game is over): a sequence
    /// (`len`, indexing, `in`, iteration; equal to a list of the same moves).
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        LegalMoves {
            variant: self.game.variant(),
            moves: self.game.legal_moves(),
        }
    }

    /// The moves played from the start, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.game
            .moves()
            .into_iter()
            .map(|m| wrap(&self.game, m))
            .collect()
    }

    /// The move `text` names here, in the rule set's notation (`32-28`, `c3-d4`, `11-15`);
    /// raises `IllegalMoveError` saying why it is not one.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        let mv = self.parse(text)?;
        Ok(wrap(&self.game, mv))
    }

    /// Plays `move`: a `Move` of this board or its text.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(mv) = r#move.extract::<Move>() {
            return self.play(&mv);
        }
        if let Ok(text) = r#move.extract::<String>() {
            return self.push_text(&text);
        }
        Err(PyTypeError::new_err("push takes a Move or its text"))
    }

    /// Plays the move `text` names; returns it.
    fn push_text(&mut self, text: &str) -> PyResult<Move> {
        match self.game.play_text(text) {
            Ok(mv) => Ok(wrap(&self.game, mv)),
            Err(PlayTextError::GameOver) => Err(GameOverError::new_err("the game is over")),
            Err(PlayTextError::Move(e)) => Err(IllegalMoveError::new_err(e.to_string())),
        }
    }

    /// Takes back the last move and returns it, or the result the players declared
    /// (a resignation, an agreed draw) and returns `None`; raises `IndexError` at the start.
    fn pop(&mut self) -> PyResult<Option<Move>> {
        let before = self.game.moves().len();
        let declared = self.game.is_over();
        match self.game.undo() {
            Some(mv) => {
                // `undo` takes back a declared result first, keeping the move.
                if self.game.moves().len() == before {
                    return Ok(None);
                }
                Ok(Some(wrap(&self.game, mv)))
            }
            None if declared && !self.game.is_over() => Ok(None),
            None => Err(PyIndexError::new_err("no move to take back")),
        }
    }

    /// The position as FEN, as the rule set writes it.
    fn fen(&self) -> String {
        self.game.fen()
    }

    /// Whether the game is over (by the rules, a resignation or an agreed draw).
    fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    fn result(&self) -> &'static str {
        pdn::result_text(self.game.outcome())
    }

    /// How the game ended (result, winner, reason), or `None` while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(outcome_of)
    }

    /// The side to move resigns (or `side`: `"white"`, `"black"`).
    #[pyo3(signature = (side = None))]
    fn resign(&mut self, side: Option<&str>) -> PyResult<()> {
        let loser = match side {
            None => self.game.turn(),
            Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => {
                return Err(DamaError::new_err(format!(
                    "'{other}' is not a side (white or black)"
                )));
            }
        };
        if self.game.is_over() {
            return Err(GameOverError::new_err("the game is over"));
        }
        self.game.resign(loser);
        Ok(())
    }

    /// The players agree a draw.
    fn agree_draw(&mut self) -> PyResult<()> {
        if self.game.is_over() {
            return Err(GameOverError::new_err("the game is over"));
        }
        self.game.agree_draw();
        Ok(())
    }

    /// The number of move sequences `depth` plies deep from here (the GIL is released).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > 20 {
            return Err(DamaError::new_err(format!(
                "depth {depth} is more than 20 plies"
            )));
        }
        let game = self.game.clone();
        Ok(py.detach(move || game.perft(depth)))
    }

    /// A square of the board by its number (1–32 on 8×8, 1–50 on 10×10) as the rule set
    /// names it (`c3`, `28`).
    fn square_name(&self, number: u8) -> PyResult<String> {
        self.game
            .square_name(number)
            .ok_or_else(|| DamaError::new_err(format!("the board has no square {number}")))
    }

    /// A copy of the board, its moves included.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Boards are equal when they have the same rule set and the same position (the side
    /// to move included), whatever led there.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, PyBoard>>().is_ok_and(|o| {
            o.game.variant() == self.game.variant() && o.game.position() == self.game.position()
        })
    }

    fn __hash__(&self) -> u64 {
        self.game.position().key() ^ (self.game.variant() as u64).rotate_left(56)
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant(), self.game.fen())
    }

    /// The board as text, White at the bottom (`w`/`b` men, `W`/`B` kings, `.` empty).
    fn __str__(&self) -> String {
        match self.game.position() {
            AnyPosition::Board8(p) => text_board(&p),
            AnyPosition::Board10(p) => text_board(&p),
            AnyPosition::Board64(p) => text_board(&p),
        }
    }

    /// The position as the SVG diagram `dama diagram` draws (the last move as an arrow).
    fn _repr_svg_(&self) -> String {
        fn draw<R: BoardRules>(game: &dama_core::game::Game<R>) -> String {
            let last = game.moves().last().copied();
            diagram::svg_text(
                dama_core::GameRules::object(game.rules()),
                &Diagram {
                    position: game.position(),
                    last: last.as_ref(),
                    marks: &[],
                    flipped: false,
                },
            )
        }
        with_game!(&self.game, R, g => draw(g))
    }

    /// The position as a NumPy array of piece planes, `float32` of shape `(4, size, size)`:
    /// white men, white kings, black men, black kings; row 0 is the top rank as White sees
    /// the board, column 0 file a.
    fn to_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<f32>> {
        let n = self.size() as usize;
        let mut array = Array3::<f32>::zeros((4, n, n));
        any_planes(&self.game.position(), array.view_mut());
        array.into_pyarray(py)
    }
}

/// A game read from PDN with its tags, in order.
type Tagged = (VariantGame, Vec<(String, String)>);

/// The games of a PDN text, as `Game` records; each game's `GameType` tag chooses its rules,
/// else `variant`.
fn games_of(text: &str, variant: Option<&str>) -> PyResult<Vec<Tagged>> {
    let fallback = variant.map(variant_named).transpose()?;
    let mut games = Vec::new();
    for (line, piece) in pdn::split_games(text) {
        let rules = match variant_of_pdn(piece).or(fallback) {
            Some(v) => v,
            None => {
                return Err(PdnError::new_err(format!(
                    "the game at line {line} has no GameType tag: give variant="
                )));
            }
        };
        let (game, tags) = VariantGame::read_pdn(rules, piece)
            .map_err(|e| PdnError::new_err(format!("the game at line {line}: {e}")))?;
        games.push((game, tags));
    }
    Ok(games)
}

/// A game read from PDN: its tags and the board at its last position (its `move_stack` the
/// moves).
#[pyclass(module = "dama", name = "Game", get_all)]
struct PyGame {
    /// The tags, in order, as a dict.
    tags: Py<PyDict>,
    /// The board at the end of the game.
    board: Py<PyBoard>,
}

#[pymethods]
impl PyGame {
    fn __repr__(&self, py: Python<'_>) -> String {
        let board = self.board.borrow(py);
        format!(
            "Game('{}', {} moves, {})",
            board.variant(),
            board.game.moves().len(),
            board.result()
        )
    }
}

/// The games of a PDN text. A game's `GameType` tag chooses its rules; `variant` is used for
/// games without one. Raises `PdnError` naming the game and line of the first problem.
#[pyfunction]
#[pyo3(signature = (text, variant = None))]
fn read_games(py: Python<'_>, text: &str, variant: Option<&str>) -> PyResult<Vec<PyGame>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    games_of(text, variant)?
        .into_iter()
        .map(|(game, tags)| {
            let dict = PyDict::new(py);
            for (name, value) in tags {
                dict.set_item(name, value)?;
            }
            Ok(PyGame {
                tags: dict.unbind(),
                board: Py::new(py, PyBoard { game })?,
            })
        })
        .collect()
}

/// The games of a PDN file ([`read_games`]).
#[pyfunction]
#[pyo3(signature = (path, variant = None))]
fn read_games_file(py: Python<'_>, path: PathBuf, variant: Option<&str>) -> PyResult<Vec<PyGame>> {
    let text = read_text(&path)?;
    read_games(py, &text, variant)
}

fn read_text(path: &std::path::Path) -> PyResult<String> {
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            PyFileNotFoundError::new_err(format!("{}: the file does not exist", path.display()))
        }
        _ => pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())),
    })?;
    String::from_utf8(bytes)
        .map_err(|_| PdnError::new_err(format!("{}: the file is not UTF-8 text", path.display())))
}

/// The game of `board` as a PDN record. `tags` sets `Event`, `Site`, `Date`, `Round`,
/// `White` and `Black` (the others come from the game: `GameType`, `FEN`, `Result`).
#[pyfunction]
#[pyo3(signature = (board, tags = None))]
fn write_game(board: &PyBoard, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let mut header = Header::default();
    if let Some(tags) = tags {
        for (name, value) in tags.iter() {
            let name: String = name.extract()?;
            let value: String = value.str()?.extract()?;
            let slot = match name.as_str() {
                "Event" => &mut header.event,
                "Site" => &mut header.site,
                "Date" => &mut header.date,
                "Round" => &mut header.round,
                "White" => &mut header.white,
                "Black" => &mut header.black,
                _ => {
                    return Err(DamaError::new_err(format!(
                        "'{name}' is not a tag write_game sets (Event, Site, Date, Round, White, Black)"
                    )));
                }
            };
            *slot = value;
        }
    }
    Ok(board.game.write_pdn(&header))
}

/// Every position of every game of a PDN text (each game's start, then the position after
/// each move) as one `float32` array of shape `(positions, 4, size, size)`
/// ([`Board.to_array`]'s planes); the games must share one board size.
#[pyfunction]
#[pyo3(signature = (text, variant = None))]
fn positions_array<'py>(
    py: Python<'py>,
    text: &str,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyArray4<f32>>> {
    let games = games_of(text.strip_prefix('\u{feff}').unwrap_or(text), variant)?;
    let size = games
        .first()
        .map_or(10, |(g, _)| g.variant().board_size() as usize);
    if let Some((g, _)) = games
        .iter()
        .find(|(g, _)| g.variant().board_size() as usize != size)
    {
        return Err(PdnError::new_err(format!(
            "the games are of boards of two sizes ({size} and {})",
            g.variant().board_size()
        )));
    }
    let positions: Vec<AnyPosition> = games
        .iter()
        .flat_map(|(game, _)| {
            let mut replay = VariantGame::from_position(game.variant(), game.start())
                .unwrap_or_else(|| VariantGame::new(game.variant()));
            let mut all = vec![replay.position()];
            for mv in game.moves() {
                if replay.try_play(&mv).is_ok() {
                    all.push(replay.position());
                }
            }
            all
        })
        .collect();
    let mut array = Array4::<f32>::zeros((positions.len(), 4, size, size));
    for (pos, out) in positions.iter().zip(array.outer_iter_mut()) {
        any_planes(pos, out);
    }
    Ok(array.into_pyarray(py))
}

/// An engine's report: the score from the side to move's view, the depth, the nodes and the
/// principal variation.
#[pyclass(module = "dama", name = "Analysis", frozen, get_all)]
#[derive(Clone)]
struct Analysis {
    /// The evaluation in hundredths of a man, or `None` for a forced result.
    score: Option<i32>,
    /// Plies to a forced result: positive for a win, negative for a loss; else `None`.
    mate: Option<i32>,
    /// The depth completed.
    depth: u32,
    /// Nodes searched.
    nodes: u64,
    /// The best line, best move first.
    pv: Vec<Move>,
    /// Where the move came from: `"search"` (the endgame tables included) or `"book"`.
    source: String,
}

#[pymethods]
impl Analysis {
    fn __repr__(&self) -> String {
        let score = match (self.score, self.mate) {
            (Some(s), _) => format!("score={s}"),
            (None, Some(m)) => format!("mate={m}"),
            _ => "score=None".to_string(),
        };
        let pv: Vec<String> = self.pv.iter().map(Move::text).collect();
        format!(
            "Analysis({score}, depth={}, nodes={}, pv='{}')",
            self.depth,
            self.nodes,
            pv.join(" ")
        )
    }
}

fn score_parts(score: Score) -> (Option<i32>, Option<i32>) {
    match score {
        Score::Value(v) => (Some(v), None),
        Score::Win(n) => (None, Some(n as i32)),
        Score::Loss(n) => (None, Some(-(n as i32))),
    }
}

fn line_of<B: AnyBoard>(game: &VariantGame, pv: &[MoveOn<B>]) -> Vec<Move> {
    // The PV's moves are written as the game's rule set writes them, each in its own
    // position.
    let mut walk = game.clone();
    let mut out = Vec::new();
    for m in pv {
        let mv = B::wrap_move(*m);
        if walk.try_play(&mv).is_err() {
            break;
        }
        out.push(wrap(game, mv));
    }
    out
}

fn analysis_of<B: AnyBoard>(game: &VariantGame, info: &Info<B>, source: &str) -> Analysis {
    let (score, mate) = score_parts(info.score);
    Analysis {
        score,
        mate,
        depth: info.depth,
        nodes: info.nodes,
        pv: line_of(game, &info.pv),
        source: source.to_string(),
    }
}

/// The endgame tables of a directory (as `dama tb build` writes them, a subdirectory per
/// rule set), with the smallest classes built in memory where the files lack them.
#[pyclass(module = "dama", name = "Tablebase", frozen)]
struct PyTablebase {
    tables: Arc<CoreTablebase>,
}

fn probe<R: TableRules>(tables: &CoreTablebase, game: &dama_core::game::Game<R>) -> Option<Value> {
    let set = tables.for_rules::<R>();
    let _ = set.small_tables::<R>();
    set.value::<R>(game.position(), game.counters())
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (directory = None))]
    fn new(directory: Option<PathBuf>) -> PyResult<Self> {
        let tables = match directory {
            None => CoreTablebase::new(),
            Some(dir) => {
                if !dir.is_dir() {
                    return Err(PyFileNotFoundError::new_err(format!(
                        "{}: no such table directory",
                        dir.display()
                    )));
                }
                CoreTablebase::with_dir(dir)
            }
        }
        .without_build_thread();
        Ok(PyTablebase {
            tables: Arc::new(tables),
        })
    }

    /// The tables' value of the board's position for the side to move, with the game's draw
    /// counts: `(1, plies)` a win within `plies`, `(-1, plies)` a loss, `(0, None)` a draw;
    /// `None` when no table covers it. The GIL is released.
    fn probe(&self, py: Python<'_>, board: &PyBoard) -> Option<(i8, Option<u32>)> {
        let game = board.game.clone();
        let tables = Arc::clone(&self.tables);
        let value = py.detach(move || with_game!(&game, R, g => probe(&tables, g)))?;
        Some(match value {
            Value::Win(n) => (1, Some(n)),
            Value::Loss(n) => (-1, Some(n)),
            Value::Draw => (0, None),
        })
    }
}

/// The engine: its opening book before its search, as the program plays.
///
/// `Engine(threads=1, hash_mb=16, tablebase=None, book=True, seed=0)`; `book` is True (the
/// program's book of each rule set), False (none), or the path of a book file of one rule set
/// (as `dama book build` writes it).
#[pyclass(module = "dama", name = "Engine")]
struct PyEngine {
    player: EnginePlayer,
    book: BookChoice,
}

/// Which book an engine opens with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BookChoice {
    /// None: the search alone.
    Off,
    /// The program's built-in book of the board's rule set.
    Builtin,
    /// A book read from a file (`dama book build`'s), of this rule set only.
    File(Variant),
}

/// Reads the book file at `path` (`dama book build`'s format, `docs/book.md`) into `player`;
/// its rule set, from its `book` line. The program's messages, after the file's name.
fn read_book(player: &mut EnginePlayer, path: &std::path::Path) -> PyResult<Variant> {
    let name = path.display().to_string();
    if !path.exists() {
        return Err(PyFileNotFoundError::new_err(format!(
            "{name}: the file does not exist"
        )));
    }
    let text =
        dama::files::read_file(path).map_err(|e| DamaError::new_err(format!("{name}: {e}")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let variant = match dama::book::rules_named(text) {
        Ok(variant) => variant,
        Err(Some(found)) => {
            return Err(DamaError::new_err(format!(
                "{name}: the book is for '{found}', which is not a rule set (one of: {})",
                Variant::ALL.map(Variant::name).join(", ")
            )));
        }
        // No `book` line: the reader says where it is missing.
        Err(None) => Variant::default(),
    };
    dama_core::with_dyn_rules!(variant, rules => {
        let book = dama::book::Book::parse_with(rules, text)
            .map_err(|e| DamaError::new_err(format!("{name}: {e}")))?;
        player.set_book(book);
    });
    Ok(variant)
}

fn limits(
    movetime: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    level: Option<u8>,
) -> PyResult<Limits> {
    let movetime = match movetime {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t < 86_400.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(DamaError::new_err(format!(
                "movetime {t} is not a number of seconds between 0 and a day"
            )));
        }
    };
    if depth.is_some_and(|d| d == 0 || d > 64) {
        return Err(DamaError::new_err("depth must be from 1 to 64 plies"));
    }
    if level.is_some_and(|l| l == 0 || l > 10) {
        return Err(DamaError::new_err("level must be from 1 to 10"));
    }
    if nodes == Some(0) {
        return Err(DamaError::new_err("nodes must be at least 1"));
    }
    let mut limits = Limits {
        level,
        depth,
        movetime,
        nodes,
        time: None,
    };
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(100));
    }
    Ok(limits)
}

fn play<R: EngineRules<Board: BookBoard + AnyBoard>>(
    player: &mut EnginePlayer,
    book: BookChoice,
    game: &dama_core::game::Game<R>,
    view: &VariantGame,
) -> Option<(Move, Analysis)> {
    if book == BookChoice::Builtin {
        player.use_builtin_book(dama_core::DynRules::of::<R>());
    }
    let reply = player.reply(game, |_| {})?;
    let mv = <R::Board as AnyBoard>::wrap_move(reply.mv);
    let moved = wrap(view, mv.clone());
    let analysis = match &reply.source {
        Source::Book => Analysis {
            score: None,
            mate: None,
            depth: 0,
            nodes: 0,
            pv: vec![moved.clone()],
            source: "book".to_string(),
        },
        Source::Search(Some(info)) => analysis_of(view, info, "search"),
        Source::Search(None) => Analysis {
            score: None,
            mate: None,
            depth: 0,
            nodes: 0,
            pv: vec![moved.clone()],
            source: "search".to_string(),
        },
    };
    Some((moved, analysis))
}

fn analyse<R: EngineRules<Board: AnyBoard>>(
    engine: &mut CoreEngine,
    game: &dama_core::game::Game<R>,
    view: &VariantGame,
    multipv: usize,
) -> Vec<Analysis> {
    if multipv <= 1 {
        let mut last: Option<Info<R::Board>> = None;
        engine.analyze(game, |info| last = Some(info.clone()));
        return last
            .map(|info| vec![analysis_of(view, &info, "search")])
            .unwrap_or_default();
    }
    let mut last: Option<MultiInfo<R::Board>> = None;
    engine.analyze_multipv(game, multipv, |info| last = Some(info.clone()));
    let Some(info) = last else {
        return Vec::new();
    };
    info.lines
        .iter()
        .map(|line| {
            let (score, mate) = score_parts(line.score);
            Analysis {
                score,
                mate,
                depth: info.depth,
                nodes: info.nodes,
                pv: line_of(view, &line.pv),
                source: "search".to_string(),
            }
        })
        .collect()
}

#[pymethods]
impl PyEngine {
    #[new]
    // `book` is any Python object (a flag or a path); left out, it is True.
    #[pyo3(
        signature = (threads = 1, hash_mb = 16, tablebase = None, book = None, seed = 0),
        text_signature = "(threads=1, hash_mb=16, tablebase=None, book=True, seed=0)"
    )]
    fn new(
        threads: usize,
        hash_mb: u32,
        tablebase: Option<&PyTablebase>,
        book: Option<&Bound<'_, PyAny>>,
        seed: u64,
    ) -> PyResult<Self> {
        if threads == 0 || threads > 256 {
            return Err(DamaError::new_err("threads must be from 1 to 256"));
        }
        if !(1..=65_536).contains(&hash_mb) || !hash_mb.is_power_of_two() {
            return Err(DamaError::new_err(
                "hash_mb must be a power of two from 1 to 65536",
            ));
        }
        let mut engine = CoreEngine::with_seed(Limits::default(), seed).with_threads(threads);
        // 16-byte entries: 2^16 per MiB.
        engine
            .try_set_table_bits(16 + hash_mb.trailing_zeros())
            .map_err(|e| DamaError::new_err(e.to_string()))?;
        if let Some(tables) = tablebase {
            engine.set_tables(Some(Arc::clone(&tables.tables)));
        }
        let mut player = EnginePlayer::new(engine, book_level(&Limits::default()));
        player.reseed_book(seed);
        // `book`: True or False, or the path of a book file of one rule set.
        let book = match book {
            None => BookChoice::Builtin,
            Some(flag) if flag.cast::<PyBool>().is_ok() => {
                if flag.is_truthy()? {
                    BookChoice::Builtin
                } else {
                    BookChoice::Off
                }
            }
            Some(path) => match path.extract::<std::path::PathBuf>() {
                Ok(path) => BookChoice::File(read_book(&mut player, &path)?),
                Err(_) => {
                    return Err(PyTypeError::new_err(
                        "book must be True, False or the path of a book file",
                    ));
                }
            },
        };
        Ok(PyEngine { player, book })
    }

    /// Searches the board's position within the limits (seconds, plies, nodes; 0.1 s when
    /// none is given) and returns the analysis, or a list of `multipv` analyses best first;
    /// `None` (or `[]`) when the game is over. The GIL is released during the search.
    #[pyo3(signature = (board, movetime = None, depth = None, nodes = None, multipv = 1))]
    fn analyse(
        &mut self,
        py: Python<'_>,
        board: &PyBoard,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        multipv: usize,
    ) -> PyResult<Py<PyAny>> {
        let limits = limits(movetime, depth, nodes, None)?;
        if multipv == 0 || multipv > 64 {
            return Err(DamaError::new_err("multipv must be from 1 to 64"));
        }
        let game = board.game.clone();
        let engine = self.player.engine_mut();
        engine.set_limits(limits);
        let lines = py.detach(|| with_game!(&game, R, g => analyse(engine, g, &game, multipv)));
        if multipv == 1 {
            Ok(lines
                .into_iter()
                .next()
                .into_pyobject(py)?
                .into_any()
                .unbind())
        } else {
            Ok(lines.into_pyobject(py)?.into_any().unbind())
        }
    }

    /// The engine's move for the board: from its opening book when the position is in it
    /// (unless the engine was made with `book=False`; with a book file, that book, for its
    /// rule set only), else from a search within the limits
    /// (0.1 s when none is given). Returns the move, or `None` when the game is over; the
    /// board is not changed. The GIL is released during the search.
    #[pyo3(signature = (board, movetime = None, depth = None, nodes = None, level = None))]
    fn play(
        &mut self,
        py: Python<'_>,
        board: &PyBoard,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        level: Option<u8>,
    ) -> PyResult<Option<Move>> {
        Ok(self
            .play_with_analysis(py, board, movetime, depth, nodes, level)?
            .map(|(mv, _)| mv))
    }

    /// [`Engine.play`]'s move with the analysis behind it (`source` says book or search).
    #[pyo3(signature = (board, movetime = None, depth = None, nodes = None, level = None))]
    fn play_with_analysis(
        &mut self,
        py: Python<'_>,
        board: &PyBoard,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        level: Option<u8>,
    ) -> PyResult<Option<(Move, Analysis)>> {
        if board.game.is_over() {
            return Ok(None);
        }
        if let BookChoice::File(variant) = self.book
            && variant != board.game.variant()
        {
            return Err(DamaError::new_err(format!(
                "the engine's book is for {}, not for {}",
                variant.name(),
                board.game.variant().name()
            )));
        }
        let limits = limits(movetime, depth, nodes, level)?;
        let game = board.game.clone();
        let book = self.book;
        let player = &mut self.player;
        player.engine_mut().set_limits(limits);
        player.set_book_level(book_level(&limits));
        Ok(py.detach(|| with_game!(&game, R, g => play(player, book, g, &game))))
    }

    /// Forgets what earlier searches learnt (the transposition table).
    fn clear(&mut self) {
        self.player.engine_mut().clear();
    }
}

/// The names of the rule sets, in the program's order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

/// The rules, the engine, the endgame tables and PDN of the dama draughts program.
#[pymodule]
fn _dama(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyBoard>()?;
    m.add_class::<Move>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyEngine>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<PyTablebase>()?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(read_games_file, m)?)?;
    m.add_function(wrap_pyfunction!(write_game, m)?)?;
    m.add_function(wrap_pyfunction!(positions_array, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add("VARIANTS", variants())?;
    m.add("DamaError", py.get_type::<DamaError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("PdnError", py.get_type::<PdnError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    Ok(())
}
