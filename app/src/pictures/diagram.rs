//! `dama diagram`: a board as an SVG picture, composed with the `svg` crate.
//!
//! The picture shows the board of the rule set (8×8, or 10×10 for international draughts),
//! the pieces (a king wears a crown), the coordinates in the rule set's own
//! frame (files a–h and ranks 1–8 for the algebraic sets, each dark square's number for the
//! sets written in numbers and on the 10×10 board (1–50), the Spanish spec's rows 1–8 from the
//! top and columns 1–8 from the left), the board as the rule set lays it (the mirrored sets have their double corner at
//! the left), the last move as an arrow through every landing square, and marked squares.
//! White sits at the bottom unless the picture is flipped.
//!
//! Every part is an element of its own class (`square light`, `square dark`, `piece white
//! man`, `crown`, `mark`, `arrow`, `coordinate`), so a test or a style sheet can find it.

use std::io::Write;
use std::path::PathBuf;

use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{
    Circle, Definitions, Group, Marker, Path, Polyline, Rectangle, Text, Title,
};

use crate::console::ConsoleBoard;
use crate::games::ReadError;
use crate::i18n::{Catalog, Lang, fill};
use crate::setup::SetupError;
use dama_core::notation::Notation;
use dama_core::square::Orientation;
use dama_core::{
    Board, Board8, Color, DynRules, MoveOn, PositionOn, Role, RulesObject, SquareOn, Variant,
    with_dyn_rules,
};

/// What `dama diagram` draws, with its values.
#[derive(Clone, Debug)]
pub struct DiagramConfig {
    /// The rule set named by `--rules`, if one is (else a loaded file's tags name it).
    pub rules: Option<Variant>,
    /// The position (FEN; default: the rule set's start), when no game is loaded.
    pub fen: Option<String>,
    /// The moves played from it, in the rule set's notation, separated by spaces.
    pub moves: Option<String>,
    /// The game file to draw a position of.
    pub load: Option<PathBuf>,
    /// The game's number in the file (1 is the first).
    pub game: Option<usize>,
    /// The position after this many half-moves of the game (default: its end).
    pub move_number: Option<usize>,
    /// Where to write the SVG (default: `out`).
    pub out: Option<PathBuf>,
    /// The squares highlighted, in the rule set's notation.
    pub mark: Vec<String>,
    /// Black at the bottom.
    pub flip: bool,
}

/// Why `dama diagram` failed.
#[derive(Debug, thiserror::Error)]
pub enum DiagramError {
    /// The game file cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The position or the moves.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game cannot be loaded from the file (the message says why).
    #[error("{0}")]
    Load(String),
    /// A value that does not fit the game or the rule set (`--move`, `--mark`).
    #[error("{0}")]
    Usage(String),
    /// The picture cannot be saved (the message says why).
    #[error("{0}")]
    Save(String),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// What a diagram shows (a position of the board `B`).
#[derive(Clone, Debug)]
pub struct Diagram<'a, B: Board = Board8> {
    /// The position.
    pub position: &'a PositionOn<B>,
    /// The move that led to it, drawn as an arrow.
    pub last: Option<&'a MoveOn<B>>,
    /// The squares highlighted.
    pub marks: &'a [SquareOn<B>],
    /// Whether Black sits at the bottom.
    pub flipped: bool,
}

/// The side of one square, in the picture's units.
const SQUARE: i32 = 50;
/// The margin around the board, where the coordinates are.
const MARGIN: i32 = 24;
/// The radius of a piece: it leaves a dark square's corner free for its number.
const PIECE_RADIUS: i32 = 17;
/// The picture's side on the board `B` (448 on 8×8, 548 on 10×10).
const fn side<B: Board>() -> i32 {
    B::SIZE as i32 * SQUARE + 2 * MARGIN
}

/// The last row or column of the board `B`, counted from 0.
const fn last<B: Board>() -> i32 {
    B::SIZE as i32 - 1
}

const LIGHT: &str = "#f2e3c6";
const DARK: &str = "#8b5a2b";
const FRAME: &str = "#5b3a1a";
const TEXT: &str = "#f8f0e0";
const MARK: &str = "#ffd21f";
const ARROW: &str = "#1f6fd1";

/// The column and row (0-based, from the top left) where `sq` is drawn.
fn cell<B: Board>(sq: SquareOn<B>, board: Orientation, flipped: bool) -> (i32, i32) {
    let (file, rank) = (i32::from(board.file(sq)), i32::from(sq.rank()));
    if flipped {
        (last::<B>() - file, rank)
    } else {
        (file, last::<B>() - rank)
    }
}

/// The file and rank (0-based, as the players name them) drawn at `col`, `row` on `B`.
fn file_rank<B: Board>(col: i32, row: i32, flipped: bool) -> (u8, u8) {
    let (file, rank) = if flipped {
        (last::<B>() - col, row)
    } else {
        (col, last::<B>() - row)
    };
    (file as u8, rank as u8)
}

fn centre<B: Board>(sq: SquareOn<B>, board: Orientation, flipped: bool) -> (i32, i32) {
    let (col, row) = cell(sq, board, flipped);
    (
        MARGIN + col * SQUARE + SQUARE / 2,
        MARGIN + row * SQUARE + SQUARE / 2,
    )
}

fn label(text: &str, x: i32, y: i32, size: i32, anchor: &str) -> Text {
    Text::new(text)
        .set("class", "coordinate")
        .set("x", x)
        .set("y", y)
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .set("font-size", size)
        .set("text-anchor", anchor)
        .set("fill", TEXT)
}

/// The coordinates of the rule set's frame (its notation `notation`), drawn in the margin or on
/// the dark squares (each dark square's number for the numbered sets and on the 10×10 board).
fn coordinates<B: Board>(notation: Notation, flipped: bool) -> Group {
    let mut group = Group::new().set("class", "coordinates");
    let size = i32::from(B::SIZE);
    let bottom = MARGIN + size * SQUARE + 17;
    let left = MARGIN / 2;
    let numbered = match notation {
        _ if B::NUMBERED => Some(Orientation::A1Dark),
        Notation::Numbered(board) => Some(board),
        _ => None,
    };
    match (numbered, notation) {
        (Some(board), _) => {
            for sq in SquareOn::<B>::all() {
                let (col, row) = cell(sq, board, flipped);
                group = group.add(label(
                    &board.number(sq).to_string(),
                    MARGIN + col * SQUARE + 2,
                    MARGIN + row * SQUARE + 10,
                    10,
                    "start",
                ));
            }
        }
        (None, Notation::Numeric) => {
            // The Spanish spec's frame: row 1 at Black's side, column 1 at the left of the
            // board as White sees it.
            for i in 0..size {
                let (file, rank) = file_rank::<B>(i, i, flipped);
                let column = (file + 1).to_string();
                let row = (size - i32::from(rank)).to_string();
                let x = MARGIN + i * SQUARE + SQUARE / 2;
                let y = MARGIN + i * SQUARE + SQUARE / 2 + 5;
                group = group
                    .add(label(&column, x, MARGIN - 7, 14, "middle"))
                    .add(label(&column, x, bottom, 14, "middle"))
                    .add(label(&row, left, y, 14, "middle"));
            }
        }
        (None, _) => {
            for i in 0..size {
                let (file, rank) = file_rank::<B>(i, i, flipped);
                let letter = char::from(b'a' + file).to_string();
                let number = (rank + 1).to_string();
                let x = MARGIN + i * SQUARE + SQUARE / 2;
                let y = MARGIN + i * SQUARE + SQUARE / 2 + 5;
                group = group
                    .add(label(&letter, x, bottom, 14, "middle"))
                    .add(label(&number, left, y, 14, "middle"));
            }
        }
    }
    group
}

/// A crown on the piece centred at `x`, `y`.
fn crown(x: i32, y: i32) -> Path {
    let (w, h) = (9, 6);
    let data = Data::new()
        .move_to((x - w, y + h))
        .line_to((x + w, y + h))
        .line_to((x + w, y - h))
        .line_to((x + w / 2, y))
        .line_to((x, y - h - 2))
        .line_to((x - w / 2, y))
        .line_to((x - w, y - h))
        .close();
    Path::new()
        .set("class", "crown")
        .set("d", data)
        .set("fill", "#e0b12a")
        .set("stroke", "#6b4a00")
        .set("stroke-width", 1.5)
        .set("stroke-linejoin", "round")
}

/// The diagram as an SVG document under `rules` (on its board).
pub fn document<B: Board>(rules: &dyn RulesObject<B>, diagram: &Diagram<'_, B>) -> Document {
    let board = rules.orientation();
    let notation = rules.info().notation;
    let flipped = diagram.flipped;
    let size = i32::from(B::SIZE);
    let side = side::<B>();
    let mut squares = Group::new().set("class", "board");
    for row in 0..size {
        for col in 0..size {
            let (file, rank) = file_rank::<B>(col, row, flipped);
            // Where every square is playable (Turkish draughts) the board is chequered as a
            // chess board is, so that its squares can be told apart.
            let dark = if B::ALL_PLAYABLE {
                (file + rank) % 2 == 0
            } else {
                board.square::<B>(file, rank).is_some()
            };
            squares = squares.add(
                Rectangle::new()
                    .set("class", if dark { "square dark" } else { "square light" })
                    .set("x", MARGIN + col * SQUARE)
                    .set("y", MARGIN + row * SQUARE)
                    .set("width", SQUARE)
                    .set("height", SQUARE)
                    .set("fill", if dark { DARK } else { LIGHT }),
            );
        }
    }
    let mut marks = Group::new().set("class", "marks");
    for &sq in diagram.marks {
        let (col, row) = cell(sq, board, flipped);
        marks = marks.add(
            Rectangle::new()
                .set("class", "mark")
                .set("x", MARGIN + col * SQUARE + 2)
                .set("y", MARGIN + row * SQUARE + 2)
                .set("width", SQUARE - 4)
                .set("height", SQUARE - 4)
                .set("fill", "none")
                .set("stroke", MARK)
                .set("stroke-width", 4),
        );
    }
    let mut pieces = Group::new().set("class", "pieces");
    for sq in SquareOn::<B>::all() {
        let Some(piece) = diagram.position.piece_at(sq) else {
            continue;
        };
        let (x, y) = centre(sq, board, flipped);
        let (side, fill_colour, edge) = match piece.color {
            Color::White => ("white", "#fbf8f0", "#2a2a2a"),
            Color::Black => ("black", "#1e1e1e", "#a0a0a0"),
        };
        let role = match piece.role {
            Role::Man => "man",
            Role::King => "king",
        };
        pieces = pieces
            .add(
                Circle::new()
                    .set("class", format!("piece {side} {role}"))
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", PIECE_RADIUS)
                    .set("fill", fill_colour)
                    .set("stroke", edge)
                    .set("stroke-width", 2),
            )
            .add(
                Circle::new()
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", PIECE_RADIUS - 5)
                    .set("fill", "none")
                    .set("stroke", edge)
                    .set("stroke-width", 1),
            );
        if piece.role == Role::King {
            pieces = pieces.add(crown(x, y));
        }
    }
    let mut document = Document::new()
        .set("width", side)
        .set("height", side)
        .set("viewBox", (0, 0, side, side))
        .add(Title::new(rules.write_fen(diagram.position)))
        .add(
            Rectangle::new()
                .set("class", "frame")
                .set("width", side)
                .set("height", side)
                .set("fill", FRAME),
        )
        .add(squares)
        .add(coordinates::<B>(notation, flipped))
        .add(marks)
        .add(pieces);
    if let Some(mv) = diagram.last {
        let points: Vec<String> = std::iter::once(mv.from())
            .chain(mv.path().iter().copied())
            .map(|sq| {
                let (x, y) = centre(sq, board, flipped);
                format!("{x},{y}")
            })
            .collect();
        let head = Marker::new()
            .set("id", "arrowhead")
            .set("viewBox", (0, 0, 10, 10))
            .set("refX", 9)
            .set("refY", 5)
            .set("markerWidth", 3.5)
            .set("markerHeight", 3.5)
            .set("orient", "auto")
            .add(
                Path::new()
                    .set(
                        "d",
                        Data::new()
                            .move_to((0, 0))
                            .line_to((10, 5))
                            .line_to((0, 10))
                            .close(),
                    )
                    .set("fill", ARROW),
            );
        document = document.add(Definitions::new().add(head)).add(
            Polyline::new()
                .set("class", "arrow")
                .set("points", points.join(" "))
                .set("fill", "none")
                .set("stroke", ARROW)
                .set("stroke-width", 6)
                .set("stroke-opacity", 0.9)
                .set("stroke-linecap", "round")
                .set("stroke-linejoin", "round")
                .set("marker-end", "url(#arrowhead)"),
        );
    }
    document
}

/// The diagram's SVG text under `rules`, ending with a newline.
pub fn svg_text<B: Board>(rules: &dyn RulesObject<B>, diagram: &Diagram<'_, B>) -> String {
    format!("{}\n", document(rules, diagram))
}

/// A square named in `R`'s notation: `d4` (algebraic, on the board as `R` lays it), `14`
/// (its number, for the numbered sets and the PDN numbers of the others), `63` (row and
/// column, the Spanish spec's); on the 10×10 board its number, 1–50.
pub fn parse_square<B: Board>(rules: &dyn RulesObject<B>, text: &str) -> Option<SquareOn<B>> {
    let text = text.trim();
    let board = rules.orientation();
    let bytes = text.as_bytes();
    let size = B::SIZE;
    if !B::NUMBERED
        && let [f @ b'a'..=b'h', r @ b'1'..=b'8'] = bytes
    {
        return board.square(f - b'a', r - b'1');
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.is_empty() || text.len() > 2 {
        return None;
    }
    match rules.info().notation {
        _ if B::NUMBERED => SquareOn::from_number(text.parse().ok()?),
        Notation::Numeric => match bytes {
            // The Spanish console's row (1 at the top) and column (1 at the left).
            [row, col] => {
                let (row, col) = (row - b'0', col - b'0');
                if row == 0 || row > size || col == 0 || col > size {
                    return None;
                }
                SquareOn::from_file_rank(col - 1, size - row)
            }
            _ => None,
        },
        Notation::Numbered(board) => board.from_number(text.parse().ok()?),
        Notation::Algebraic | Notation::AlgebraicColon => SquareOn::from_number(text.parse().ok()?),
    }
}

/// `dama diagram`: the picture of a `--fen` position (after `--moves`), or of a `--load`
/// game (`--game N`) after `--move N` half-moves, to standard output or `--out`.
pub fn run(config: &DiagramConfig, out: &mut dyn Write) -> Result<(), DiagramError> {
    let text = match &config.load {
        Some(path) => Some(crate::games::read_for_command(path)?),
        None => None,
    };
    let rules = match &text {
        Some(text) => crate::games::rules_for(config.rules, text),
        None => config.rules.unwrap_or_default(),
    };
    let svg = with_dyn_rules!(rules, rules => diagram_for(rules, config, text.as_deref())?);
    match &config.out {
        Some(path) => crate::files::save(path, &svg).map_err(|e| {
            let t = Catalog::of(Lang::En).texts;
            // Not the catalogue's save_failed ("Cannot save the game"): this is a picture.
            DiagramError::Save(format!(
                "Cannot save the diagram to {}: {}",
                path.display(),
                t.file_error(&e)
            ))
        }),
        None => Ok(out.write_all(svg.as_bytes())?),
    }
}

fn diagram_for<B: ConsoleBoard>(
    rules: DynRules<B>,
    config: &DiagramConfig,
    text: Option<&str>,
) -> Result<String, DiagramError> {
    let game = match (text, &config.load) {
        (Some(text), Some(path)) => {
            let t = Catalog::of(Lang::En).texts;
            let (record, _) = crate::play::records::read_game_number(rules, text, config.game)
                .map_err(|e| {
                    DiagramError::Load(fill(
                        t.load_failed,
                        &[&path.display().to_string(), &B::load_error(rules, t, &e)],
                    ))
                })?;
            record.game
        }
        _ => crate::setup::game_from_moves(
            rules,
            crate::setup::start_on(rules, config.fen.as_deref())?,
            config.moves.as_deref(),
        )?,
    };
    let moves: Vec<MoveOn<B>> = game.moves().copied().collect();
    let plies = config.move_number.unwrap_or(moves.len());
    if plies > moves.len() {
        return Err(DiagramError::Usage(format!(
            "--move {plies}: the game has {} half-moves",
            moves.len()
        )));
    }
    let mut position = *game.start();
    for mv in &moves[..plies] {
        position = position.after(mv);
    }
    let mut marks = Vec::new();
    for name in &config.mark {
        match parse_square(rules.object(), name) {
            Some(sq) => marks.push(sq),
            None => {
                return Err(DiagramError::Usage(format!(
                    "--mark '{}': not a dark square in the {} rules' notation",
                    dama_core::text::excerpt(name),
                    rules.info().name
                )));
            }
        }
    }
    let diagram = Diagram {
        position: &position,
        last: plies.checked_sub(1).map(|i| &moves[i]),
        marks: &marks,
        flipped: config.flip,
    };
    Ok(svg_text(rules.object(), &diagram))
}
