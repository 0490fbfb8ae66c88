//! The clap arguments of each subcommand (the global options are in `options.rs`), and how
//! each becomes the plain values its module takes.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::commands::book::BookAction;
use crate::commands::tb::TbAction;

/// Options of `dama tb`.
#[derive(Args, Debug, Clone)]
pub struct TbArgs {
    /// What to do with the tables.
    #[command(subcommand)]
    pub action: TbCommand,
}

/// The `tb` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum TbCommand {
    /// Build every class with at most N pieces (classes already built are skipped), or the
    /// one --class names.
    Build {
        /// The most pieces on the board.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6),
              required_unless_present = "class", conflicts_with = "class")]
        pieces: Option<u32>,
        /// Build only this class (kings then men of each side: KMvK) from the files of the
        /// classes it leads to (`tb plan` lists them); skipped if its file is there and sound.
        #[arg(long)]
        class: Option<String>,
        /// Threads to build with (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// The classes of at most N pieces and the classes each one's build reads, as JSON (for
    /// a distributed build: cluster/dask_build.py).
    Plan {
        /// The most pieces on the board (up to 8: a plan of seven or eight pieces is for
        /// sizing; the builds themselves go to what `tb build --class` can hold).
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
        pieces: u32,
    },
    /// The value of the --fen position with fresh counters: win N, draw or loss N.
    Probe,
    /// The classes present, their positions, bytes and build dates (every rule set, or the
    /// one --rules names).
    Info,
    /// Check every entry against its children.
    Verify {
        /// Only classes with at most N pieces (default: every class present).
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
        pieces: Option<u32>,
        /// Threads to check with (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
}

/// Options of `dama book`.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: BookCommand,
}

/// The `book` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum BookCommand {
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

/// Options of `dama match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// The first player: key=value pairs joined by commas, keys name, level, depth,
    /// movetime (ms), nodes, time (5m+3s), weights (a TOML file), cmd (another dama binary),
    /// threads, tables (on/off).
    #[arg(long, required_unless_present = "players")]
    pub engine1: Option<crate::matchplay::player::PlayerSpec>,
    /// The second player (as --engine1).
    #[arg(long, required_unless_present = "players")]
    pub engine2: Option<crate::matchplay::player::PlayerSpec>,
    /// The two players without their flags, as --engine1 and --engine2 take them:
    /// `dama match 'hub=dama hub' 'cmd=dama'`.
    #[arg(value_name = "PLAYER", num_args = 2, conflicts_with_all = ["engine1", "engine2"])]
    pub players: Vec<crate::matchplay::player::PlayerSpec>,
    /// The most games to play (each opening is played twice, once with each colour).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Games played at the same time (1-16; each game's two engines hold up to 32 MiB).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub concurrency: u32,
    /// The openings: `ballots` (the rule set's opening ballots: english, italian), `builtin`
    /// (the built-in balanced openings) or a file of positions, one FEN a line (default:
    /// builtin; --fen: that one position). A file named ballots or builtin: ./ballots.
    #[arg(long, value_name = "ballots|builtin|FILE")]
    pub openings: Option<crate::matchplay::OpeningsSource>,
    /// Adjudicate a game still going after this many plies a draw (default: 400 where the
    /// rules have no draw rule of their own, the Spanish spec's; else 2000, a safety net that
    /// the rules' own draws come well before).
    #[arg(long, value_parser = clap::value_parser!(u32).range(10..=10_000))]
    pub max_plies: Option<u32>,
    /// Write every game to this PDN file.
    #[arg(long, alias = "pgn")]
    pub pdn: Option<PathBuf>,
    /// Stop when the test decides: elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05).
    #[arg(long, allow_hyphen_values = true)]
    pub sprt: Option<crate::matchplay::stats::Sprt>,
    /// This build's engines, and Hub engines with a `book` parameter, play their opening
    /// book's moves first (off by default, so that measurements stay pure; a player's own
    /// book=on|off or param.book= wins; docs/book.md).
    #[arg(long)]
    pub book: bool,
}

impl From<&TbCommand> for TbAction {
    fn from(command: &TbCommand) -> TbAction {
        match command.clone() {
            TbCommand::Build {
                pieces,
                class,
                threads,
            } => TbAction::Build {
                pieces,
                class,
                threads,
            },
            TbCommand::Plan { pieces } => TbAction::Plan { pieces },
            TbCommand::Probe => TbAction::Probe,
            TbCommand::Info => TbAction::Info,
            TbCommand::Verify { pieces, threads } => TbAction::Verify { pieces, threads },
        }
    }
}

impl From<&BookCommand> for BookAction {
    fn from(command: &BookCommand) -> BookAction {
        match command.clone() {
            BookCommand::Build {
                from_pdn,
                plies,
                out,
            } => BookAction::Build {
                from_pdn,
                plies,
                out,
            },
            BookCommand::Show { file } => BookAction::Show { file },
        }
    }
}
