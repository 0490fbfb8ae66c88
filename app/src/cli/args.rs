//! The clap arguments of each subcommand (the global options are in `options.rs`), and how
//! each becomes the plain values its module takes.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::commands::book::BookAction;
use crate::commands::tb::TbAction;
use crate::tune::TuneAction;
use crate::tune::data::{DEFAULT_NODES, GenConfig};
use crate::tune::fit::FitConfig;
use crate::tune::patterns::PatternsConfig;

/// Options of `perft` alone.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Print the count under each root move at the last depth.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with (default: one per core).
    #[arg(long, value_parser = whole::<u32>(1, Some(256)))]
    pub threads: Option<u32>,
}

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
        #[arg(long, value_parser = whole::<u32>(2, Some(6)),
              required_unless_present = "class", conflicts_with = "class")]
        pieces: Option<u32>,
        /// Build only this class (kings then men of each side: KMvK) from the files of the
        /// classes it leads to (`tb plan` lists them); skipped if its file is there and sound.
        #[arg(long)]
        class: Option<String>,
        /// Threads to build with (default: one per core).
        #[arg(long, value_parser = whole::<u32>(1, Some(256)))]
        threads: Option<u32>,
    },
    /// The classes of at most N pieces and the classes each one's build reads, as JSON (for
    /// a distributed build: cluster/dask_build.py).
    Plan {
        /// The most pieces on the board (up to 8: a plan of seven or eight pieces is for
        /// sizing; the builds themselves go to what `tb build --class` can hold).
        #[arg(long, value_parser = whole::<u32>(2, Some(8)))]
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
        #[arg(long, value_parser = whole::<u32>(2, Some(6)))]
        pieces: Option<u32>,
        /// Threads to check with (default: one per core).
        #[arg(long, value_parser = whole::<u32>(1, Some(256)))]
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
        /// How many plies deep the book goes (default 6; 1-16 by analysis, 1-40 with
        /// --from-pdn).
        #[arg(long, default_value_t = 6, value_parser = whole::<u32>(1, Some(40)))]
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
    #[arg(long, default_value_t = 100, value_parser = whole::<u64>(1, Some(1_000_000)))]
    pub games: u64,
    /// Games played at the same time (1-16; each game's two engines hold up to 32 MiB).
    #[arg(long, default_value_t = 1, value_parser = whole::<u32>(1, Some(16)))]
    pub concurrency: u32,
    /// The openings: `ballots` (the rule set's opening ballots: english, italian), `builtin`
    /// (the built-in balanced openings) or a file of positions, one FEN a line (default:
    /// builtin; --fen: that one position). A file named ballots or builtin: ./ballots.
    #[arg(long, value_name = "ballots|builtin|FILE")]
    pub openings: Option<crate::matchplay::OpeningsSource>,
    /// Adjudicate a game still going after this many plies a draw (default: 400 where the
    /// rules have no draw rule of their own, the Spanish spec's; else 2000, a safety net that
    /// the rules' own draws come well before).
    #[arg(long, value_parser = whole::<u32>(10, Some(10_000)))]
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

/// The `dama tune` arguments.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TuneCommand,
}

/// The `tune` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum TuneCommand {
    /// Play self-play games and write their quiet positions labelled with the results.
    Gen(GenArgs),
    /// Fit the weights to a file of labelled positions and write them as TOML.
    Fit(FitArgs),
    /// Fit the pattern scores on top of the rule set's weights and write them (binary).
    Patterns(PatternArgs),
}

/// The `dama tune gen` arguments.
#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// Games to play (at most 100,000: the games are kept in memory until written).
    #[arg(long, value_parser = whole::<u64>(1, Some(100_000)))]
    pub games: u64,
    /// Random plies played after the built-in opening.
    #[arg(long, default_value_t = 4, value_parser = whole::<u32>(0, Some(40)))]
    pub random_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300, value_parser = whole::<u32>(10, Some(2000)))]
    pub max_plies: u32,
    /// The seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The weights the players use (default: the engine's for the rule set,
    /// `EngineRules::default_evaluation`).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Games played at once (the file is the same for any number).
    #[arg(long, default_value_t = 1, value_parser = whole::<u32>(1, Some(64)))]
    pub jobs: u32,
    /// The data file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// The `dama tune fit` arguments.
#[derive(Args, Debug, Clone)]
pub struct FitArgs {
    /// The data file (`dama tune gen --out`).
    #[arg(long)]
    pub data: PathBuf,
    /// The weights file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The weights to start from (default: the engine's for the rule set: on 8×8
    /// `EngineRules::default_evaluation`, on 10×10 `INTERNATIONAL`).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// The seed of the held-out split.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most passes of the local search, over all step sizes.
    #[arg(long, default_value_t = 60, value_parser = whole::<u32>(0, Some(10_000)))]
    pub passes: u32,
    /// Threads for the error sums (the result is the same for any number).
    #[arg(long, default_value_t = 1, value_parser = whole::<u32>(1, Some(64)))]
    pub jobs: u32,
}

/// The `dama tune patterns` arguments.
#[derive(Args, Debug, Clone)]
pub struct PatternArgs {
    /// The data file (`dama tune gen --out`).
    #[arg(long)]
    pub data: PathBuf,
    /// The pattern file to write (binary, little-endian 16-bit scores).
    #[arg(long)]
    pub out: PathBuf,
    /// The seed of the held-out split and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes over the positions.
    #[arg(long, default_value_t = 40, value_parser = whole::<u32>(1, Some(1000)))]
    pub epochs: u32,
    /// The learning rate at the start (falls linearly to a tenth).
    #[arg(long, default_value_t = 5000.0, value_parser = rate_in_range)]
    pub rate: f64,
    /// The decay towards 0, per update.
    #[arg(long, default_value_t = 1e-6, value_parser = decay_in_range)]
    pub decay: f64,
    /// One set of scores for both sides: a formation scores for black what it scores for
    /// white on the board turned half a turn (as Scan's patterns do).
    #[arg(long)]
    pub symmetric: bool,
}

/// A value parser for a whole number from `low` to `high` (`None`: no upper bound), whose
/// refusals say so in words (`0 is not from 1 to 64`), not in Rust's range syntax as clap's
/// own ranged parsers do (newcomer finding 20).
pub(crate) fn whole<T>(
    low: T,
    high: Option<T>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        let v: T = text
            .trim()
            .parse()
            .map_err(|_| format!("'{}' is not a whole number", dama_core::text::excerpt(text)))?;
        match high {
            Some(high) if v < low || v > high => Err(format!("{v} is not from {low} to {high}")),
            None if v < low => Err(format!("{v} is less than {low}")),
            _ => Ok(v),
        }
    }
}

fn number_in(text: &str, low: f64, high: f64) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|_| format!("not a number: {text}"))?;
    if (low..=high).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not from {low} to {high}"))
    }
}

fn rate_in_range(text: &str) -> Result<f64, String> {
    number_in(text, 0.0, 1e6)
}

fn decay_in_range(text: &str) -> Result<f64, String> {
    number_in(text, 0.0, 0.01)
}

/// The arguments of `dama simul`.
#[derive(Args, Debug, Clone)]
pub struct SimulArgs {
    /// The number of boards (1-20; default 3, or the --file simul's).
    #[arg(long, value_name = "N",
          value_parser = whole::<usize>(1, Some(crate::play::simul::MAX_BOARDS)))]
    pub boards: Option<usize>,
    /// The computer gives the simul: it has White on every board, and people take turns at
    /// the keyboard, one board each (default: you give it against the computer).
    #[arg(long)]
    pub computer_gives: bool,
    /// The players' names, board by board, separated by commas (with --computer-gives).
    #[arg(
        long,
        value_name = "NAMES",
        requires = "computer_gives",
        value_delimiter = ','
    )]
    pub names: Vec<String>,
    /// Keep the simul in this PDN file, written after every move; a simul kept there is
    /// resumed.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Play full-screen: the boards in a grid, one board large.
    #[arg(long)]
    pub tui: bool,
}

/// The arguments of `dama corr`.
#[derive(Args, Debug, Clone)]
pub struct CorrArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: CorrCommand,
}

/// The `corr` subcommands; each names the game's file.
#[derive(Subcommand, Debug, Clone)]
pub enum CorrCommand {
    /// Start a game in a new file (--rules chooses the rule set).
    New {
        /// The game's file (must not exist).
        file: PathBuf,
        /// White's name.
        #[arg(long, value_name = "NAME", default_value = "White")]
        white_name: String,
        /// Black's name.
        #[arg(long, value_name = "NAME", default_value = "Black")]
        black_name: String,
        /// The days each move may take (1-365).
        #[arg(long, default_value_t = 3,
              value_parser = whole::<u32>(1, Some(crate::corr::MAX_DAYS)))]
        days: u32,
        /// The Event tag.
        #[arg(long, default_value = "Correspondence game")]
        event: String,
    },
    /// Draw the board; say whose move it is and until when.
    Show {
        /// The game's file.
        file: PathBuf,
    },
    /// Make the side to move's move (checked) and write it to the file with its time.
    Move {
        /// The game's file.
        file: PathBuf,
        /// The move, in the rule set's notation (c3-d4, 32-28).
        #[arg(allow_hyphen_values = true)]
        text: String,
        /// Offer a draw with the move.
        #[arg(long)]
        offer_draw: bool,
    },
    /// Accept the draw the opponent offered with the last move.
    AcceptDraw {
        /// The game's file.
        file: PathBuf,
    },
    /// Resign (the side to move, or --side).
    Resign {
        /// The game's file.
        file: PathBuf,
        /// The side that resigns.
        #[arg(long, value_enum)]
        side: Option<SideArg>,
    },
    /// Claim the game: the side to move has let its time run out.
    Claim {
        /// The game's file.
        file: PathBuf,
    },
}

/// A side, on the command line.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// The arguments of `dama games`.
#[derive(Args, Debug, Clone)]
pub struct GamesArgs {
    /// The PDN file.
    pub file: PathBuf,
}

/// The arguments of `dama diagram`.
#[derive(Args, Debug, Clone)]
pub struct DiagramArgs {
    /// The position after this many half-moves of the game (--load, or --moves), each side's
    /// move counted once (0: its start; default: its end).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// Write the SVG to this file (default: standard output).
    #[arg(long, value_name = "FILE.svg")]
    pub out: Option<PathBuf>,
    /// Highlight these squares, in the rule set's notation, separated by commas (d4,f6).
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    pub mark: Vec<String>,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
}

/// The arguments of `dama dxp`.
#[derive(Args, Debug, Clone)]
pub struct DxpArgs {
    /// Wait for a program to connect on [HOST:]PORT (default host 127.0.0.1, this machine
    /// only: give 0.0.0.0 to be reached from others; port 0 picks a free one, printed on
    /// standard error) and play the games it starts on the connection (with --games N: N
    /// games, over as many connections as it takes), one connection at a time (another is
    /// refused at once with GAMEACC code 3). DXP's port is 27531.
    #[arg(
        long,
        value_name = "[HOST:]PORT",
        conflicts_with = "connect",
        required_unless_present = "connect"
    )]
    pub listen: Option<String>,
    /// Connect to a program listening on HOST:PORT.
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// Start the game (send GAMEREQ) even when listening.
    #[arg(long, conflicts_with = "follower")]
    pub initiator: bool,
    /// Wait for the other program's GAMEREQ even when connecting.
    #[arg(long)]
    pub follower: bool,
    /// The colour the engine plays when it starts the game (default white).
    #[arg(long, value_name = "white|black", value_parser = parse_colour)]
    pub play: Option<dama_dxp::Colour>,
    /// The thinking time per player, in minutes, announced in GAMEREQ (0-999, default 10).
    #[arg(long, value_parser = whole::<u16>(0, Some(999)))]
    pub minutes: Option<u16>,
    /// The number of moves announced in GAMEREQ (0-999; default 0: none).
    #[arg(long = "game-moves", value_name = "N", value_parser = whole::<u16>(0, Some(999)))]
    pub game_moves: Option<u16>,
    /// The program name sent to the other side (default dama).
    #[arg(long)]
    pub name: Option<String>,
    /// Seconds to wait for the other program's next message before giving up, its CHAT and
    /// BACKREQ messages on the way included (default 600).
    #[arg(long, value_name = "SECS", value_parser = whole::<u64>(1, None))]
    pub timeout: Option<u64>,
    /// Seconds the other program may take in one game, all its waits together (default
    /// 7200).
    #[arg(long = "game-timeout", value_name = "SECS", value_parser = whole::<u64>(1, None))]
    pub game_timeout: Option<u64>,
    /// As the follower: play N games, then stop; when listening, accept connection after
    /// connection until N games are played (default: every game the initiator starts on one
    /// connection).
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1, None))]
    pub games: Option<u64>,
}

fn parse_colour(text: &str) -> Result<dama_dxp::Colour, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(dama_dxp::Colour::White),
        "black" | "b" | "z" => Ok(dama_dxp::Colour::Black),
        _ => Err(format!("'{text}' is not a colour: white or black")),
    }
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

impl TuneCommand {
    /// The step's plain values (`nodes`: the global `--nodes`, for `gen`).
    pub fn action(&self, nodes: Option<u64>) -> TuneAction {
        match self.clone() {
            TuneCommand::Gen(args) => TuneAction::Gen(GenConfig {
                games: args.games,
                nodes: nodes.unwrap_or(DEFAULT_NODES),
                random_plies: args.random_plies,
                max_plies: args.max_plies,
                seed: args.seed,
                weights: args.weights,
                jobs: args.jobs,
                out: args.out,
            }),
            TuneCommand::Fit(args) => TuneAction::Fit(FitConfig {
                data: args.data,
                out: args.out,
                start: args.start,
                seed: args.seed,
                passes: args.passes,
                jobs: args.jobs,
            }),
            TuneCommand::Patterns(args) => TuneAction::Patterns(PatternsConfig {
                data: args.data,
                out: args.out,
                seed: args.seed,
                epochs: args.epochs,
                rate: args.rate,
                decay: args.decay,
                symmetric: args.symmetric,
            }),
        }
    }
}
