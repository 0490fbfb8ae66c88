//! `dama book build|show`: making an opening book and listing its moves (`docs/book.md`).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::book::build::{self, Method};
use crate::book::{Book, BookError, MAX_BOOK_BYTES};
use crate::console::ConsoleBoard;
use crate::files::MAX_FILE_BYTES;
use crate::play::{EngineCalls, with_engine_calls};
use dama_core::{DynRules, Variant};

/// What `dama book` does, with its values.
#[derive(Clone, Debug)]
pub struct BookConfig {
    /// The rule set.
    pub variant: Variant,
    /// The position books are built from or shown at (FEN; default: the start).
    pub fen: Option<String>,
    /// Moves played from that position (`--moves`, the rule set's notation, separated by
    /// spaces): the book is shown at, or built from, the position they reach.
    pub moves: Option<String>,
    /// The search nodes of each move of a book built by analysis (default [`DEFAULT_NODES`]).
    pub nodes: Option<u64>,
    /// Build or show.
    pub action: BookAction,
}

/// The `book` tools.
#[derive(Clone, Debug)]
pub enum BookAction {
    /// Build a book from engine analysis, or from the games of a PDN file.
    Build {
        /// Take the moves of these games instead of analysing.
        from_pdn: Option<PathBuf>,
        /// How many plies deep the book goes.
        plies: u32,
        /// Where to write the book.
        out: PathBuf,
    },
    /// List the book's moves and weights in the position.
    Show {
        /// Read this book file instead of the built-in book of the rule set.
        file: Option<PathBuf>,
    },
}

/// The default node budget of each move's search in `dama book build`.
pub const DEFAULT_NODES: u64 = 10_000;

/// The deepest book built by analysis, in plies. Such a book grows about twice a ply
/// (65,816 positions at ply 16 in one measurement, each of whose moves is searched), so
/// ply 40 would be some 10^12 positions: `--plies` above this is refused for analysis, and
/// allowed up to 40 with `--from-pdn` (whose size is bounded by its games). docs/book.md.
pub const MAX_ANALYSIS_PLIES: u32 = 16;

/// About how many positions a book by analysis has at `plies` plies, as a power of ten
/// (twice as many a ply), for the refusal's message.
fn estimated_positions_exponent(plies: u32) -> u32 {
    (f64::from(plies) * 2f64.log10()).round() as u32
}

/// What can go wrong in `dama book`.
#[derive(Debug, thiserror::Error)]
pub enum BookCommandError {
    /// A file cannot be read or written.
    #[error("{0}: {1}")]
    File(String, String),
    /// The book file is malformed.
    #[error("{0}: {1}")]
    Book(String, BookError),
    /// The `--fen` position (why it is refused).
    #[error("bad FEN: {0}")]
    Fen(String),
    /// A `--moves` move cannot be played.
    #[error("{0}")]
    Moves(crate::setup::SetupError),
    /// `--plies` is too deep for a book by analysis.
    #[error(
        "--plies {plies} is too deep for a book by analysis (at most {MAX_ANALYSIS_PLIES}): \
         it grows about twice a ply, to some 10^{exponent} positions whose every move is \
         searched; --from-pdn takes up to 40"
    )]
    TooDeep {
        /// The plies asked for.
        plies: u32,
        /// About how many positions that would be, as a power of ten.
        exponent: u32,
    },
    /// The start is already over.
    #[error("the game is over in the start position: no book to build")]
    Finished,
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// Reads at most `limit` bytes of the file at `path` as text.
fn read_limited(path: &Path, limit: usize) -> Result<String, BookCommandError> {
    let name = path.display().to_string();
    let fail = |e: String| BookCommandError::File(name.clone(), e);
    let file = crate::files::open_regular(path).map_err(|e| fail(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() > limit {
        return Err(fail(format!("the file is larger than {limit} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".into()))?;
    // A byte-order mark, as some editors write at the start of a UTF-8 file, is not text.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The command line that builds a book as asked (for the file's header).
fn command_line(rules: &str, config: &BookConfig) -> String {
    let BookAction::Build {
        from_pdn,
        plies,
        out,
    } = &config.action
    else {
        return String::new();
    };
    let mut line = format!("dama book build --rules {rules}");
    if let Some(fen) = &config.fen {
        line.push_str(&format!(" --fen '{fen}'"));
    }
    if let Some(moves) = &config.moves {
        line.push_str(&format!(" --moves '{moves}'"));
    }
    match from_pdn {
        Some(path) => line.push_str(&format!(" --from-pdn {}", path.display())),
        None => line.push_str(&format!(
            " --nodes {}",
            config.nodes.unwrap_or(DEFAULT_NODES)
        )),
    }
    line.push_str(&format!(" --plies {plies} --out {}", out.display()));
    line
}

/// `dama book`: builds a book (a summary line on `out`, progress on `err`) or shows one,
/// under the rule set of either board.
pub fn run(
    config: &BookConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), BookCommandError> {
    with_engine_calls!(config.variant, rules, calls => run_on(rules, calls, config, out, err))
}

fn run_on<B: ConsoleBoard>(
    dyn_rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    config: &BookConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), BookCommandError> {
    let rules = dyn_rules.info().name;
    let start = match &config.fen {
        Some(text) => dyn_rules
            .parse_fen(text)
            .map_err(|e| BookCommandError::Fen(e.to_string()))?,
        None => dyn_rules.start(),
    };
    let game = crate::setup::game_from_moves(dyn_rules, start, config.moves.as_deref())
        .map_err(BookCommandError::Moves)?;
    let start = *game.position();
    match &config.action {
        BookAction::Show { file } => {
            let book = match file {
                Some(path) => {
                    let text = read_limited(path, MAX_BOOK_BYTES)?;
                    Book::parse_with(dyn_rules, &text)
                        .map_err(|e| BookCommandError::Book(path.display().to_string(), e))?
                }
                None => Book::builtin(dyn_rules),
            };
            out.write_all(book.show(&start).as_bytes())?;
        }
        BookAction::Build {
            from_pdn,
            plies,
            out: path,
        } => {
            if game.is_over() {
                return Err(BookCommandError::Finished);
            }
            if from_pdn.is_none() && *plies > MAX_ANALYSIS_PLIES {
                return Err(BookCommandError::TooDeep {
                    plies: *plies,
                    exponent: estimated_positions_exponent(*plies),
                });
            }
            // The output is checked, and its temporary file made, before the work: a path
            // that cannot be written is refused at once, not after hours of analysis.
            let output = crate::files::prepare(path)
                .map_err(|e| BookCommandError::File(path.display().to_string(), e.to_string()))?;
            let mut header = vec![
                format!("dama opening book for the {rules} rules"),
                format!("built with: {}", command_line(rules, config)),
            ];
            let book = match from_pdn {
                Some(pdn) => {
                    let text = read_limited(pdn, MAX_FILE_BYTES as usize)?;
                    let made = build::from_games(dyn_rules, &text, *plies);
                    header.push(format!(
                        "method: the moves of {} games ({} refused) in their first {plies} plies, weighted by how often they were played",
                        made.games, made.refused
                    ));
                    made.book
                }
                None => {
                    let method = Method::new(*plies, config.nodes.unwrap_or(DEFAULT_NODES));
                    header.push(format!(
                        "method: every move searched with {} nodes; moves within {} of the best kept (at most {}), weight 100 halved every {} below it (docs/book.md)",
                        method.nodes, method.margin, method.max_moves, method.halving
                    ));
                    calls.book_from_engine(start, &method, &mut |ply, n| {
                        let _ = writeln!(err, "book: ply {ply} done, {n} positions");
                    })
                }
            };
            let text = book.write(&header);
            output
                .write(&text)
                .map_err(|e| BookCommandError::File(path.display().to_string(), e.to_string()))?;
            let moves: usize = book.positions().map(|p| book.moves(p).len()).sum();
            writeln!(
                out,
                "book {rules}: {} positions, {moves} moves, written to {}",
                book.len(),
                path.display()
            )?;
        }
    }
    Ok(())
}
