//! The command line (`docs/cli.md`): clap definitions, the check that every option
//! given means something to the subcommand that runs, and the subcommands that print
//! machine-readable lines ([`commands`]).
//!
//! Every option is global: `dama --black engine play` and `dama play --black engine` are the
//! same command. An option that the chosen subcommand does not use is refused
//! ([`Options::check`]) rather than silently ignored. Each subcommand's `--help` lists only
//! the options it uses, and the top-level help labels each option with the subcommands that
//! use it ([`command`]): both come from [`Command::uses`], so adding an option is its field
//! here and its name in the `uses` lists.

mod args;
mod config;

pub use args::*;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use crate::i18n::{Dialogue, Lang};
use crate::play::session::PlayerKind;
use dama_core::fen::FenError;
use dama_core::notation::Notation;
use dama_core::text::join_or;
use dama_core::{RuleSet, Variant};
use dama_engine::Limits;

/// The examples at the end of `dama --help` (after the moves of each rule set, which
/// [`notation_help`] writes from the registry).
const EXAMPLES_HELP: &str = "\
Examples:
  dama                               the Spanish-spec game
  dama --rules czech --black engine  Czech rules against the computer
  dama tui --rules russian           the full-screen game with the mouse
  dama perft --rules czech --depth 8
  dama analyze --rules czech --movetime 1000 --fen 'W:Wc3:Bd4,f6'";

/// How each rule set writes its moves, for the end of `dama --help`: one paragraph per
/// notation, naming the rule sets that use it.
pub fn notation_help() -> String {
    type Wanted = fn(Notation) -> bool;
    let sets_of = |wanted: Wanted| -> String {
        let names: Vec<&str> = RuleSet::ALL
            .iter()
            .filter(|r| wanted(r.info().notation))
            .map(|r| r.name())
            .collect();
        names.join(", ")
    };
    let mut text = String::from("Moves (each rule set in its own notation):\n");
    let groups: [(Wanted, &str); 4] = [
        (
            |n| n == Notation::Numeric,
            "row and column of each square, joined by dots.\n      \
             Row 1 is the top (Black's side), row 8 the bottom; column 1 is the left edge.\n      \
             61.52      a plain move, from row 6 column 1 to row 5 column 2\n      \
             63.45.27   a capture of two pieces, every landing square in turn",
        ),
        (
            |n| n == Notation::Algebraic,
            "algebraic squares a1..h8, White at the bottom.\n      \
             c3-d4      a plain move (also c3d4)\n      \
             c3xe5xg7   a capture, every landing square in turn (c3:e5 is read too)",
        ),
        (
            |n| n == Notation::AlgebraicColon,
            "algebraic squares a1..h8, captures with ':'.\n      \
             c3-d4      a plain move (also c3d4)\n      \
             c3:e5:g3   a capture, every landing square in turn (c3xe5 is read too)",
        ),
        (
            |n| matches!(n, Notation::Numbered(_)),
            "the squares' numbers 1-32 (the federations' PDN).\n      \
             11-15      a plain move\n      \
             15x24      a capture, every landing square in turn",
        ),
    ];
    for (wanted, how) in groups {
        let sets = sets_of(wanted);
        if !sets.is_empty() {
            text.push_str(&format!("  {sets}: {how}\n"));
        }
    }
    text.push_str(
        "  End of input (Ctrl-D) ends a game. In the full dialogue, 'help' at the prompt lists \
         the commands (undo, save, load, draw, resign, ...).\n\n",
    );
    text.push_str(EXAMPLES_HELP);
    text
}

/// The one-line summary of `dama --help`: every rule set and every way to play.
pub fn about_text() -> String {
    let names: Vec<String> = Variant::all().map(|r| r.name().to_string()).collect();
    format!(
        "Draughts at the console (dama play) and full-screen with the mouse (dama tui), by the \
         rules of {}; an engine with endgame tables, engine matches, the Hub protocol, DXP, \
         perft",
        join_or(&names).replace(" or ", " and ")
    )
}

/// The clap command of the program: [`Cli`] with each global option labelled with the
/// subcommands that use it, and hidden from the `--help` of every subcommand that does not
/// (it is still read there, so [`Options::check`] refuses it with its own message). Parse
/// with [`Cli::from_arg_matches`] (see [`parse`]).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command()
        .about(about_text())
        .after_help(notation_help());
    let globals: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sc| sc.get_name().to_string())
        .collect();
    let used_by = |arg: &clap::Arg, name: &str| {
        Command::uses_of(name)
            .iter()
            .any(|opt| opt.id() == arg.get_id().as_str())
    };
    for arg in &globals {
        let users: Vec<&str> = names
            .iter()
            .map(String::as_str)
            .filter(|name| used_by(arg, name))
            .collect();
        let label = format!(" [{}]", users.join(", "));
        cmd = cmd.mut_arg(arg.get_id().clone(), |a| {
            let help = a.get_help().map(|h| format!("{h}{label}"));
            let long = a.get_long_help().map(|h| {
                // The label ends the first paragraph, which is the short help.
                let text = h.to_string();
                match text.split_once("\n\n") {
                    Some((first, rest)) => format!("{first}{label}\n\n{rest}"),
                    None => format!("{text}{label}"),
                }
            });
            let a = match help {
                Some(help) => a.help(help),
                None => a,
            };
            match long {
                Some(long) => a.long_help(long),
                None => a,
            }
        });
    }
    let labelled: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    for name in &names {
        cmd = cmd.mut_subcommand(name, |mut sc| {
            for arg in &labelled {
                if !used_by(arg, name)
                    && !sc.get_arguments().any(|own| own.get_id() == arg.get_id())
                {
                    sc = sc.arg(arg.clone().hide(true));
                }
            }
            sc
        });
    }
    cmd
}

/// The command line read from `args` with [`command`]'s help (clap's error for `--help`,
/// `--version` and bad arguments).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// Draughts at the console and full-screen, by every registered rule set (the help's summary
/// and its notes on the notations are [`about_text`] and [`notation_help`]).
#[derive(Parser, Debug)]
#[command(name = "dama", version = env!("DAMA_VERSION"))]
pub struct Cli {
    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The options, which may be written before or after the subcommand.
    #[command(flatten)]
    pub opts: Options,
}

/// The subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Play at the console (the default).
    Play,
    /// Count the leaves of the legal-move tree to --depth N.
    Perft(PerftArgs),
    /// List the legal moves of the position.
    Moves,
    /// Search the position and print the best move.
    Analyze,
    /// Endgame tables: build, probe, info, verify.
    Tb(TbArgs),
    /// Play engine against engine and report the result with statistics.
    Match(Box<MatchArgs>),
    /// Play full-screen with the mouse: click a piece, its path, then the last square again.
    Tui,
    /// Tune the evaluation's weights: self-play data (gen), a logistic fit (fit).
    Tune(TuneArgs),
    /// Speak the Hub protocol (Scan's, version 2) on standard input and output (docs/hub.md).
    Hub,
    /// Draw the board as an SVG picture: a --fen position, or a --load game after --move N.
    Diagram(DiagramArgs),
    /// List the games of a PDN file: number, event, players, result, number of moves.
    Games(GamesArgs),
    /// Opening books: build one, show a position's book moves (docs/book.md).
    Book(BookArgs),
    /// Play international draughts against another program over DamExchange (DXP, TCP).
    Dxp(DxpArgs),
}

impl Command {
    /// The subcommand's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Play => "play",
            Command::Perft(_) => "perft",
            Command::Moves => "moves",
            Command::Analyze => "analyze",
            Command::Tb(_) => "tb",
            Command::Match(_) => "match",
            Command::Tui => "tui",
            Command::Tune(_) => "tune",
            Command::Hub => "hub",
            Command::Diagram(_) => "diagram",
            Command::Games(_) => "games",
            Command::Book(_) => "book",
            Command::Dxp(_) => "dxp",
        }
    }

    /// The global options this subcommand uses.
    fn uses(&self) -> &'static [Opt] {
        Command::uses_of(self.name())
    }

    /// The global options the subcommand named `name` uses (none for a name that is not a
    /// subcommand; a test checks that every subcommand has its list).
    fn uses_of(name: &str) -> &'static [Opt] {
        use Opt::*;
        match name {
            "play" => &[
                Rules, Fen, Color, White, Black, Level, Depth, Movetime, Nodes, Time, Load, Lang,
                Dialogue, Echo, NoEcho, TbDir, Threads, Ballot, Game, NoBook, WhiteTime, BlackTime,
            ],
            // `--threads` is perft's and tb's own option (clap gives its value to both).
            "perft" => &[Rules, Fen, Color, Depth, Threads],
            "moves" => &[Rules, Fen, Color],
            "analyze" => &[
                Rules, Fen, Color, Level, Depth, Movetime, Nodes, Time, TbDir, Threads, MultiPv,
                Infinite, Moves, Load, Game, Annotated, Graph,
            ],
            "tb" => &[Rules, Fen, Color, TbDir, Threads],
            "match" => &[Rules, Fen, Color, Time, TbDir],
            "tui" => &[
                Rules, Fen, Color, White, Black, Level, Depth, Movetime, Nodes, Time, Load, Lang,
                TbDir, Threads, Ballot, Game, NoBook, WhiteTime, BlackTime,
            ],
            "tune" => &[Rules, Nodes],
            "hub" => &[Rules, TbDir, Threads],
            "diagram" => &[Rules, Fen, Load, Game, Moves],
            "games" => &[Rules],
            "book" => &[Rules, Fen, Color, Nodes],
            "dxp" => &[Rules, Fen, Level, Depth, Movetime, Nodes, Threads],
            _ => &[],
        }
    }
}

/// A global option, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opt {
    Rules,
    Fen,
    Color,
    White,
    Black,
    Level,
    Depth,
    Movetime,
    Nodes,
    Time,
    Load,
    Lang,
    Dialogue,
    Echo,
    NoEcho,
    TbDir,
    Threads,
    MultiPv,
    Infinite,
    Ballot,
    Moves,
    Game,
    NoBook,
    Annotated,
    Graph,
    WhiteTime,
    BlackTime,
}

impl Opt {
    /// The id of the option's clap argument: its field's name.
    fn id(self) -> String {
        self.flag().trim_start_matches("--").replace('-', "_")
    }

    fn flag(self) -> &'static str {
        match self {
            Opt::Rules => "--rules",
            Opt::Fen => "--fen",
            Opt::Color => "--color",
            Opt::White => "--white",
            Opt::Black => "--black",
            Opt::Level => "--level",
            Opt::Depth => "--depth",
            Opt::Movetime => "--movetime",
            Opt::Nodes => "--nodes",
            Opt::Time => "--time",
            Opt::Load => "--load",
            Opt::Lang => "--lang",
            Opt::Dialogue => "--dialogue",
            Opt::Echo => "--echo",
            Opt::NoEcho => "--no-echo",
            Opt::TbDir => "--tb-dir",
            Opt::Threads => "--threads",
            Opt::MultiPv => "--multipv",
            Opt::Infinite => "--infinite",
            Opt::Ballot => "--ballot",
            Opt::Moves => "--moves",
            Opt::Game => "--game",
            Opt::NoBook => "--no-book",
            Opt::Annotated => "--annotated",
            Opt::Graph => "--graph",
            Opt::WhiteTime => "--white-time",
            Opt::BlackTime => "--black-time",
        }
    }
}

/// Every option of every subcommand. Each may be written before or after the subcommand.
#[derive(Args, Debug, Clone, Default)]
pub struct Options {
    /// The rule set (the list comes from the registry, `rules/registry.rs`; default spanish).
    #[arg(long, global = true, value_parser = parse_rules, help = rules_help_text())]
    pub rules: Option<Variant>,
    /// Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5).
    #[arg(long, global = true, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// When to colour the output (default: auto).
    #[arg(long, global = true, value_enum)]
    pub color: Option<ColorChoice>,
    /// Who plays white (default: human).
    #[arg(long, global = true, value_enum)]
    pub white: Option<PlayerKind>,
    /// Who plays black (default: human).
    #[arg(long, global = true, value_enum)]
    pub black: Option<PlayerKind>,
    /// Engine strength, 1 (beginner) to 10 (full strength).
    #[arg(long, global = true, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Plies: the perft depth (1-30), or an exact engine search depth (1-64).
    #[arg(long, global = true, allow_hyphen_values = true,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Milliseconds the engine thinks per move.
    #[arg(long, global = true, value_name = "MS", allow_hyphen_values = true,
          value_parser = parse_movetime)]
    pub movetime: Option<u64>,
    /// Stop each search after this many nodes.
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Play on a clock, BASE[+INCREMENT] such as 5m+3s: both sides have one (a flag
    /// fall loses), the engine shares its time itself.
    #[arg(long, global = true)]
    pub time: Option<dama_engine::TimeControl>,
    /// White's clock, BASE[+INCREMENT], instead of --time's.
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    pub white_time: Option<dama_engine::TimeControl>,
    /// Black's clock, BASE[+INCREMENT], instead of --time's.
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    pub black_time: Option<dama_engine::TimeControl>,
    /// Start from a saved game (PDN), or the game to analyse.
    #[arg(long, global = true, conflicts_with = "fen")]
    pub load: Option<PathBuf>,
    /// The language of the dialogue (play; the defaults come from the registry).
    #[arg(long, global = true, value_enum, help = lang_help_text())]
    pub lang: Option<Lang>,
    /// Which line dialogue (default: spec for the Spanish-spec game in Spanish, full
    /// otherwise).
    #[arg(long, global = true, value_enum)]
    pub dialogue: Option<Dialogue>,
    /// Write each line read after its prompt (default: when input is not a terminal).
    #[arg(long, global = true, overrides_with = "no_echo")]
    pub echo: bool,
    /// Do not write the lines read.
    #[arg(long, global = true, overrides_with = "echo")]
    pub no_echo: bool,
    /// The endgame tables' directory (default: $DAMA_TB_DIR, else the platform data
    /// directory).
    #[arg(long, global = true)]
    pub tb_dir: Option<PathBuf>,
    /// Threads the engine searches with (default 1, which keeps every search reproducible;
    /// perft: one per core).
    #[arg(long, global = true,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: Option<u32>,
    /// Report the best N moves with their scores at each depth.
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub multipv: Option<u32>,
    /// Search until interrupted (Ctrl-C), printing as it deepens, then the best move.
    #[arg(long, global = true)]
    pub infinite: bool,
    /// Start after the moves of opening ballot N (english: the ACF three-move deck, 1-156;
    /// italian: the FID openings, 1-174; see docs/rules.md).
    #[arg(long, global = true, value_name = "N")]
    pub ballot: Option<usize>,
    /// The moves played since the start (--fen, else the rule set's start), in the rule set's
    /// notation, separated by spaces: the position searched is the one they reach, with the
    /// game's history (repetitions, the draw counts).
    #[arg(long, global = true, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The N-th game of the --load file (1 is the first).
    #[arg(long, global = true)]
    pub game: Option<usize>,
    /// The engine searches from the first move instead of playing its opening book's moves
    /// (docs/book.md).
    #[arg(long, global = true)]
    pub no_book: bool,
    /// Write the annotated game (PDN) to this file (with --load; default: standard output,
    /// after the table).
    #[arg(long, global = true, value_name = "FILE")]
    pub annotated: Option<PathBuf>,
    /// Write the game's evaluation graph (SVG) to this file (with --load).
    #[arg(long, global = true, value_name = "FILE.svg")]
    pub graph: Option<PathBuf>,
}

fn parse_rules(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: dama_core::rules::UnknownVariant| e.to_string())
}

fn parse_movetime(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1 ms".into()),
        Ok(ms) => Ok(ms),
        Err(_) => Err("a whole number of milliseconds, at least 1".into()),
    }
}

impl Options {
    /// The 8×8 rule set (default: spanish). A 10×10 one is refused by [`Options::check`]
    /// for every command that knows only 8×8, so those never see it.
    pub fn rules(&self) -> RuleSet {
        self.variant().board8().unwrap_or_default()
    }

    /// The rule set of either board (default: spanish).
    pub fn variant(&self) -> Variant {
        self.rules.unwrap_or_default()
    }

    /// The language asked for, else the rule set's own.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(|| {
            Lang::from_code(self.variant().info().lang).unwrap_or_else(|| Lang::of(self.rules()))
        })
    }

    /// The line dialogue asked for, else the default for the rule set and the language; the
    /// spec's dialogue exists only in Spanish.
    pub fn dialogue(&self) -> Result<Dialogue, CliError> {
        let lang = self.lang();
        if self.variant().board8().is_none() {
            // The spec's dialogue is the Spanish 8×8 game's: 10×10 has the full one only.
            return match self.dialogue {
                Some(Dialogue::Spec) => Err(CliError::Usage(format!(
                    "--dialogue spec is the Spanish 8x8 game's: not with --rules {}",
                    self.variant()
                ))),
                _ => Ok(Dialogue::Full),
            };
        }
        match self.dialogue {
            Some(Dialogue::Spec) if lang != Lang::Es => Err(CliError::Usage(format!(
                "--dialogue spec has only the Spanish spec's texts: not with --lang {}",
                lang.code()
            ))),
            Some(dialogue) => Ok(dialogue),
            None => Ok(Dialogue::default_for(self.rules(), lang)),
        }
    }

    /// When to colour (default: auto).
    pub fn color(&self) -> ColorChoice {
        self.color.unwrap_or_default()
    }

    /// The engine limits the options ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            level: self.level,
            depth: self.depth,
            movetime: self.movetime.map(Duration::from_millis),
            nodes: self.nodes,
            time: self.time,
        }
    }

    fn given(&self) -> Vec<Opt> {
        let present = [
            (Opt::Rules, self.rules.is_some()),
            (Opt::Fen, self.fen.is_some()),
            (Opt::Color, self.color.is_some()),
            (Opt::White, self.white.is_some()),
            (Opt::Black, self.black.is_some()),
            (Opt::Level, self.level.is_some()),
            (Opt::Depth, self.depth.is_some()),
            (Opt::Movetime, self.movetime.is_some()),
            (Opt::Nodes, self.nodes.is_some()),
            (Opt::Time, self.time.is_some()),
            (Opt::Load, self.load.is_some()),
            (Opt::Lang, self.lang.is_some()),
            (Opt::Dialogue, self.dialogue.is_some()),
            (Opt::Echo, self.echo),
            (Opt::NoEcho, self.no_echo),
            (Opt::TbDir, self.tb_dir.is_some()),
            (Opt::Threads, self.threads.is_some()),
            (Opt::MultiPv, self.multipv.is_some()),
            (Opt::Infinite, self.infinite),
            (Opt::Ballot, self.ballot.is_some()),
            (Opt::Moves, self.moves.is_some()),
            (Opt::Game, self.game.is_some()),
            (Opt::NoBook, self.no_book),
            (Opt::Annotated, self.annotated.is_some()),
            (Opt::Graph, self.graph.is_some()),
            (Opt::WhiteTime, self.white_time.is_some()),
            (Opt::BlackTime, self.black_time.is_some()),
        ];
        given_of(&present).collect()
    }

    /// The players' clocks, white's and black's (`--white-time`, `--black-time`, else
    /// `--time`), when a game is played on a clock.
    pub fn clocks(&self) -> Option<[dama_engine::TimeControl; 2]> {
        match (self.white_time.or(self.time), self.black_time.or(self.time)) {
            (Some(white), Some(black)) => Some([white, black]),
            _ => None,
        }
    }

    /// Ballot `number` of the rule set, or why it cannot be played: it starts from the initial
    /// position, so not with `--fen` or `--load`.
    pub fn ballot_opening(&self, number: usize) -> Result<crate::ballots::Ballot, CliError> {
        if self.variant().board8().is_none() {
            return Err(CliError::Usage(format!(
                "--ballot picks an 8x8 opening: not with --rules {}",
                self.variant()
            )));
        }
        if self.fen.is_some() || self.load.is_some() {
            return Err(CliError::Usage(
                "--ballot starts from the initial position: not with --fen or --load".into(),
            ));
        }
        crate::ballots::ballot(self.rules(), number).map_err(|e| CliError::Usage(e.to_string()))
    }

    /// Refuses an option that `command` would not use, and a value it cannot take.
    pub fn check(&self, command: &Command) -> Result<(), CliError> {
        if let Command::Dxp(_) = command
            && self.variant().board8().is_some()
            && self.rules.is_some()
        {
            return Err(CliError::Usage(format!(
                "DXP plays international draughts: --rules {} is not for 'dama dxp'",
                self.variant()
            )));
        }
        let uses = command.uses();
        if let Some(opt) = self.given().into_iter().find(|o| !uses.contains(o)) {
            return Err(CliError::Usage(format!(
                "{} is not an option of 'dama {}'",
                opt.flag(),
                command.name()
            )));
        }
        if self.infinite && (self.movetime.is_some() || self.time.is_some() || self.nodes.is_some())
        {
            return Err(CliError::Usage(
                "--infinite searches until interrupted: not with --movetime, --time or --nodes"
                    .into(),
            ));
        }
        if let Some(number) = self.ballot {
            self.ballot_opening(number)?;
        }
        if self.game.is_some() && self.load.is_none() {
            return Err(CliError::Usage(
                "--game N picks a game of the --load file: give --load FILE".into(),
            ));
        }
        if let Command::Analyze = command {
            self.check_analyze_load()?;
        }
        if self.time.is_none() && self.white_time.is_some() != self.black_time.is_some() {
            return Err(CliError::Usage(
                "a clock for one side needs one for the other: give --white-time and \
                 --black-time, or --time for both"
                    .into(),
            ));
        }
        if let Command::Perft(_) = command {
            match self.depth {
                None => {
                    return Err(CliError::Usage(
                        "'dama perft' needs --depth N (1-30)".into(),
                    ));
                }
                Some(d) if d > crate::commands::perft::MAX_PERFT_DEPTH => {
                    return Err(CliError::Usage(format!(
                        "--depth {d} is too deep for perft (1-{})",
                        crate::commands::perft::MAX_PERFT_DEPTH
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

impl Options {
    /// `analyze --load` scores a whole game: not with the options of one position's search,
    /// and `--game`, `--out`, `--graph` only with it; `--game` counts from 1.
    fn check_analyze_load(&self) -> Result<(), CliError> {
        // `--game` without `--load` is refused for every command by `check`.
        if self.load.is_none() {
            let without = [
                (Opt::Annotated, self.annotated.is_some()),
                (Opt::Graph, self.graph.is_some()),
            ];
            if let Some(opt) = given_of(&without).next() {
                return Err(CliError::Usage(format!(
                    "{} goes with 'dama analyze --load FILE'",
                    opt.flag()
                )));
            }
            return Ok(());
        }
        let refused = [
            (Opt::Moves, self.moves.is_some()),
            (Opt::MultiPv, self.multipv.is_some()),
            (Opt::Infinite, self.infinite),
            (Opt::Level, self.level.is_some()),
            (Opt::Time, self.time.is_some()),
        ];
        if let Some(opt) = given_of(&refused).next() {
            return Err(CliError::Usage(format!(
                "{} is not an option of 'dama analyze --load' (it scores every position at \
                 full strength)",
                opt.flag()
            )));
        }
        if self.game == Some(0) {
            return Err(CliError::Usage(
                "--game counts from 1 (the first game)".into(),
            ));
        }
        Ok(())
    }
}

/// The options of `present` that were given, in its order.
fn given_of(present: &[(Opt, bool)]) -> impl Iterator<Item = Opt> + '_ {
    present
        .iter()
        .filter(|(_, given)| *given)
        .map(|&(opt, _)| opt)
}

/// The help text of `--rules`: every rule set with its summary.
pub fn rules_help_text() -> String {
    let sets: Vec<String> = Variant::all()
        .map(|r| format!("{} ({})", r.name(), r.info().summary))
        .collect();
    format!("The rule set (default spanish): {}", join_or(&sets))
}

/// The help text of `--lang`: the default language of every rule set.
pub fn lang_help_text() -> String {
    let defaults: Vec<String> = RuleSet::ALL
        .iter()
        .map(|&r| format!("{} for {}", Lang::of(r).code(), r.name()))
        .collect();
    format!(
        "The language of the dialogue (default: {})",
        defaults.join(", ")
    )
}

/// When to colour.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// When standard output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given whether standard output is a terminal.
    pub fn enabled(self, stdout_is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                stdout_is_terminal
                    && std::env::var("TERM").map_or(true, |t| t != "dumb")
                    && std::env::var("NO_COLOR").map_or(true, |v| v.is_empty())
            }
        }
    }
}

/// Options of `perft` alone.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Print the count under each root move at the last depth.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// An error that ends the program: bad arguments or input (exit status 2), or a failure to
/// write the output (exit status 1).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The `--fen` option is not a position.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// Options that do not fit together or do not fit the subcommand.
    #[error("{0}")]
    Usage(String),
    /// Writing the output failed (other than a closed pipe).
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
    /// Another bad-input error, already described.
    #[error("{0}")]
    Input(String),
}

impl From<crate::games::GamesError> for CliError {
    fn from(e: crate::games::GamesError) -> CliError {
        match e {
            crate::games::GamesError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::pictures::diagram::DiagramError> for CliError {
    fn from(e: crate::pictures::diagram::DiagramError) -> CliError {
        match e {
            crate::pictures::diagram::DiagramError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::tui::TuiError> for CliError {
    fn from(e: crate::tui::TuiError) -> CliError {
        match e {
            crate::tui::TuiError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::setup::SetupError> for CliError {
    fn from(e: crate::setup::SetupError) -> CliError {
        CliError::Input(e.to_string())
    }
}

impl From<crate::commands::perft::PerftError> for CliError {
    fn from(e: crate::commands::perft::PerftError) -> CliError {
        match e {
            crate::commands::perft::PerftError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::commands::analyze::AnalyzeError> for CliError {
    fn from(e: crate::commands::analyze::AnalyzeError) -> CliError {
        match e {
            crate::commands::analyze::AnalyzeError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl CliError {
    /// The exit status this error ends the program with: 1 for a failed write (the program
    /// could not do its work), 2 for bad arguments or input.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Io(_) => 1,
            _ => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn help_texts_name_every_rule_set() {
        assert_eq!(
            lang_help_text(),
            "The language of the dialogue (default: es for spanish, cs for czech, ru for russian, \
             ru for house, en for english, en for italian, es for spanish-official, en for brazilian, \
             en for pool, en for thai)"
        );
        assert!(rules_help_text().ends_with(
            "thai (Thai draughts) or international (the FMJD's game on the 10x10 board)"
        ));
    }

    #[test]
    fn every_subcommand_lists_the_options_it_uses() {
        command().debug_assert();
        let cmd = command();
        for sc in cmd.get_subcommands() {
            assert!(
                Command::uses_of(sc.get_name()).contains(&Opt::Rules),
                "{} has no list in Command::uses_of",
                sc.get_name()
            );
        }
    }

    #[test]
    fn a_subcommands_help_shows_only_its_options() {
        let mut cmd = command();
        cmd.build();
        let help = |cmd: &mut clap::Command, name: &str| {
            cmd.find_subcommand_mut(name)
                .unwrap()
                .render_long_help()
                .to_string()
        };
        let moves = help(&mut cmd, "moves");
        for shown in ["--rules", "--fen", "--color"] {
            assert!(moves.contains(shown), "{moves}");
        }
        for hidden in [
            "--level",
            "--white",
            "--tb-dir",
            "--threads",
            "--load",
            "--lang",
        ] {
            assert!(!moves.contains(hidden), "{hidden}: {moves}");
        }
        // The labels name every subcommand that uses the option.
        assert!(
            moves.contains(
                "Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5) \
                            [play, perft, moves, analyze, tb, match, tui, diagram, book, dxp]"
            ),
            "{moves}"
        );
        let tui = help(&mut cmd, "tui");
        assert!(
            tui.contains("--level") && !tui.contains("--dialogue"),
            "{tui}"
        );
        // The options are still read where they are hidden, so that the refusal names them.
        let cli = parse(["dama", "moves", "--level", "3"]).unwrap();
        assert_eq!(
            cli.opts
                .check(cli.command.as_ref().unwrap())
                .unwrap_err()
                .to_string(),
            "--level is not an option of 'dama moves'"
        );
        for args in [
            &["dama", "--black", "engine", "play"][..],
            &["dama", "play", "--black", "engine"][..],
        ] {
            let cli = parse(args).unwrap();
            assert_eq!(cli.opts.black, Some(PlayerKind::Engine), "{args:?}");
            assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_ok());
        }
    }

    #[test]
    fn the_summary_names_every_rule_set_and_the_tui() {
        let about = about_text();
        let notes = notation_help();
        for rules in RuleSet::ALL {
            assert!(about.contains(rules.name()), "{about}");
            assert!(notes.contains(rules.name()), "{notes}");
        }
        assert!(about.contains("dama tui"), "{about}");
        assert!(
            notes.contains(
                "  russian, house, brazilian: algebraic squares a1..h8, captures with ':'."
            ),
            "{notes}"
        );
    }

    #[test]
    fn the_engine_threads_option_does_not_clash_with_perft_and_tb() {
        // clap's consistency checks (they run in debug builds): the global `--threads` has
        // the id of perft's and tb's own, so it is not propagated to them twice.
        Cli::command().debug_assert();
        let cli = Cli::try_parse_from(["dama", "perft", "--depth", "3", "--threads", "2"]).unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Perft(PerftArgs {
                threads: Some(2),
                ..
            }))
        ));
        assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_ok());
        let cli = Cli::try_parse_from(["dama", "moves", "--threads", "2"]).unwrap();
        assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_err());
        let cli = Cli::try_parse_from(["dama", "analyze", "--threads", "2"]).unwrap();
        assert_eq!(cli.opts.threads, Some(2));
    }
}
