//! `dama book build|show`: making an opening book and listing its moves (`docs/book.md`).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::book::build::{self, Method};
use crate::book::{Book, BookError, BookRules, MAX_BOOK_BYTES};
use crate::cli::Options;
use crate::files::MAX_FILE_BYTES;
use dama_core::notation::fen_for;
use dama_core::with_variant;

/// Options of `dama book`.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: BookAction,
}

/// The `book` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum BookAction {
    /// Build a book from engine analysis (each move searched with --nodes, default 10000),
    /// or from the games of a PDN file, to --plies plies from the start (or --fen).
    Build {
        /// Take the moves of these games instead of analysing.
        #[arg(long, value_name = "FILE")]
        from_pdn: Option<PathBuf>,
        /// How many plies deep the book goes (1-40, default 6).
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=40))]
        plies: u32,
        /// Where to write the book.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// List the book's moves and weights in the --fen position (default: the start).
    Show {
        /// Read this book file instead of the built-in book of --rules.
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// The default node budget of each move's search in `dama book build`.
pub const DEFAULT_NODES: u64 = 10_000;

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
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() > limit {
        return Err(fail(format!("the file is larger than {limit} bytes")));
    }
    String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".into()))
}

/// The command line that builds a book as asked (for the file's header).
fn command_line(rules: &str, opts: &Options, args: &BookAction) -> String {
    let BookAction::Build {
        from_pdn,
        plies,
        out,
    } = args
    else {
        return String::new();
    };
    let mut line = format!("dama book build --rules {rules}");
    if let Some(fen) = &opts.fen {
        line.push_str(&format!(" --fen '{fen}'"));
    }
    match from_pdn {
        Some(path) => line.push_str(&format!(" --from-pdn {}", path.display())),
        None => line.push_str(&format!(" --nodes {}", opts.nodes.unwrap_or(DEFAULT_NODES))),
    }
    line.push_str(&format!(" --plies {plies} --out {}", out.display()));
    line
}

/// `dama book`: builds a book (a summary line on `out`, progress on `err`) or shows one,
/// under the rule set of either board.
pub fn run(
    opts: &Options,
    args: &BookArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), BookCommandError> {
    with_variant!(opts.variant(), R => run_for::<R>(opts, args, out, err))
}

fn run_for<R: BookRules>(
    opts: &Options,
    args: &BookArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), BookCommandError> {
    let rules = R::INFO.name;
    let start = match &opts.fen {
        Some(text) => {
            fen_for::parse::<R>(text).map_err(|e| BookCommandError::Fen(e.to_string()))?
        }
        None => R::start(),
    };
    match &args.action {
        BookAction::Show { file } => {
            let book = match file {
                Some(path) => {
                    let text = read_limited(path, MAX_BOOK_BYTES)?;
                    Book::parse_for::<R>(&text)
                        .map_err(|e| BookCommandError::Book(path.display().to_string(), e))?
                }
                None => Book::builtin_for::<R>(),
            };
            out.write_all(book.show_for::<R>(&start).as_bytes())?;
        }
        BookAction::Build {
            from_pdn,
            plies,
            out: path,
        } => {
            if dama_core::game::Game::<R>::new(start).is_over() {
                return Err(BookCommandError::Finished);
            }
            let mut header = vec![
                format!("dama opening book for the {rules} rules"),
                format!("built with: {}", command_line(rules, opts, &args.action)),
            ];
            let book = match from_pdn {
                Some(pdn) => {
                    let text = read_limited(pdn, MAX_FILE_BYTES as usize)?;
                    let made = build::from_games::<R>(&text, *plies);
                    header.push(format!(
                        "method: the moves of {} games ({} refused) in their first {plies} plies, weighted by how often they were played",
                        made.games, made.refused
                    ));
                    made.book
                }
                None => {
                    let method = Method::new(*plies, opts.nodes.unwrap_or(DEFAULT_NODES));
                    header.push(format!(
                        "method: every move searched with {} nodes; moves within {} of the best kept (at most {}), weight 100 halved every {} below it (docs/book.md)",
                        method.nodes, method.margin, method.max_moves, method.halving
                    ));
                    build::from_engine::<R>(start, &method, |ply, n| {
                        let _ = writeln!(err, "book: ply {ply} done, {n} positions");
                    })
                }
            };
            let text = book.write_for::<R>(&header);
            std::fs::write(path, &text)
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
