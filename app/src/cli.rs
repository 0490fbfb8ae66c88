//! The command line (`../shared/spec/cli.md`): clap definitions, the check that every option
//! given means something to the subcommand that runs, and the subcommands that print
//! machine-readable lines ([`commands`]).
//!
//! Every option is global: `dama --black engine play` and `dama play --black engine` are the
//! same command. An option that the chosen subcommand does not use is refused
//! ([`Options::check`]) rather than silently ignored.

mod commands;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use commands::{analyze, moves, perft, start_position};

pub use crate::i18n::{Dialogue, Lang};
use dama_core::RuleSet;
use dama_core::fen::FenError;
use dama_core::text::join_or;
use dama_engine::Limits;

/// How each rule set writes its moves, shown at the end of `dama --help`.
const NOTATION_HELP: &str = "\
Moves:
  spanish (the default): row and column of each square, joined by dots.
      Row 1 is the top (Black's side), row 8 the bottom; column 1 is the left edge.
      61.52      a plain move, from row 6 column 1 to row 5 column 2
      63.45.27   a capture of two pieces, every landing square in turn
      End of input (Ctrl-D) ends the game.
  czech: algebraic squares a1..h8, White at the bottom.
      c3-d4      a plain move (also c3d4)
      c3xe5xg7   a capture, every landing square in turn (c3:e5 is read too)
      Type 'help' at the prompt for the commands (undo, save, load, draw, resign, ...).

Examples:
  dama                               the Spanish-spec game
  dama --rules czech --black engine  Czech rules against the computer
  dama perft --rules czech --depth 8
  dama analyze --rules czech --movetime 1000 --fen 'W:Wc3:Bd4,f6'";

/// Draughts at the console: the Spanish-spec game, the Czech rules, an engine and perft.
#[derive(Parser, Debug)]
#[command(name = "dama", version, about, after_help = NOTATION_HELP)]
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
    Tb(crate::commands::tb::TbArgs),
    /// Play engine against engine and report the result with statistics.
    Match(Box<crate::matchplay::MatchArgs>),
    /// Play full-screen with the mouse: click a piece, its path, then the last square again.
    Tui,
    /// Tune the evaluation's weights: self-play data (gen), a logistic fit (fit).
    Tune(crate::tune::TuneArgs),
    /// Speak the Hub protocol (Scan's, version 2) on standard input and output (docs/hub.md).
    Hub,
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
        }
    }

    /// The global options this subcommand uses.
    fn uses(&self) -> &'static [Opt] {
        use Opt::*;
        match self {
            Command::Play => &[
                Rules, Fen, Color, White, Black, Level, Depth, Movetime, Nodes, Time, Load, Lang,
                Dialogue, Echo, NoEcho, TbDir, Threads, Ballot, WhiteTime, BlackTime,
            ],
            // `--threads` is perft's and tb's own option (clap gives its value to both).
            Command::Perft(_) => &[Rules, Fen, Color, Depth, Threads],
            Command::Moves => &[Rules, Fen, Color],
            Command::Analyze => &[
                Rules, Fen, Color, Level, Depth, Movetime, Nodes, Time, TbDir, Threads, MultiPv,
                Infinite, Moves,
            ],
            Command::Tb(_) => &[Rules, Fen, Color, TbDir, Threads],
            Command::Match(_) => &[Rules, Fen, Color, Time, TbDir],
            Command::Tui => &[
                Rules, Fen, Color, White, Black, Level, Depth, Movetime, Nodes, Time, Load, Lang,
                TbDir, Threads, Ballot, WhiteTime, BlackTime,
            ],
            Command::Tune(_) => &[Rules, Nodes],
            Command::Hub => &[Rules, TbDir, Threads],
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
    WhiteTime,
    BlackTime,
}

impl Opt {
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
    pub rules: Option<RuleSet>,
    /// Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5).
    #[arg(long, global = true, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// When to colour the output (default: auto).
    #[arg(long, global = true, value_enum)]
    pub color: Option<ColorChoice>,
    /// Who plays white (play; default: human).
    #[arg(long, global = true, value_enum)]
    pub white: Option<PlayerKind>,
    /// Who plays black (play; default: human).
    #[arg(long, global = true, value_enum)]
    pub black: Option<PlayerKind>,
    /// Engine strength, 1 (beginner) to 10 (full strength) (play, analyze).
    #[arg(long, global = true, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Plies: the perft depth (1-30), or an exact engine search depth (1-64).
    #[arg(long, global = true, allow_hyphen_values = true,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Milliseconds the engine thinks per move (play, analyze).
    #[arg(long, global = true, value_name = "MS", allow_hyphen_values = true,
          value_parser = parse_movetime)]
    pub movetime: Option<u64>,
    /// Stop each search after this many nodes (play, analyze).
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Play on a clock, BASE[+INCREMENT] such as 5m+3s: both sides have one (play, tui: a
    /// flag fall loses), the engine shares its time itself (play, tui, analyze, match).
    #[arg(long, global = true)]
    pub time: Option<dama_engine::TimeControl>,
    /// White's clock, BASE[+INCREMENT], instead of --time's (play, tui).
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    pub white_time: Option<dama_engine::TimeControl>,
    /// Black's clock, BASE[+INCREMENT], instead of --time's (play, tui).
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    pub black_time: Option<dama_engine::TimeControl>,
    /// Start from a saved game (PDN) (play).
    #[arg(long, global = true, conflicts_with = "fen")]
    pub load: Option<PathBuf>,
    /// The language of the dialogue (play; the defaults come from the registry).
    #[arg(long, global = true, value_enum, help = lang_help_text())]
    pub lang: Option<Lang>,
    /// Which line dialogue (play; default: spec for the Spanish-spec game in Spanish, full
    /// otherwise).
    #[arg(long, global = true, value_enum)]
    pub dialogue: Option<Dialogue>,
    /// Write each line read after its prompt (play; default: when input is not a terminal).
    #[arg(long, global = true, overrides_with = "no_echo")]
    pub echo: bool,
    /// Do not write the lines read (play).
    #[arg(long, global = true, overrides_with = "echo")]
    pub no_echo: bool,
    /// The endgame tables' directory (play, analyze, tb; default: $DAMA_TB_DIR, else the
    /// platform data directory).
    #[arg(long, global = true)]
    pub tb_dir: Option<PathBuf>,
    /// Threads the engine searches with (play, analyze, tui; default 1, which keeps every
    /// search reproducible).
    #[arg(long, global = true,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: Option<u32>,
    /// Report the best N moves with their scores at each depth (analyze).
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub multipv: Option<u32>,
    /// Search until interrupted (Ctrl-C), printing as it deepens, then the best move (analyze).
    #[arg(long, global = true)]
    pub infinite: bool,
    /// Start after the moves of opening ballot N (play, tui; english: the ACF three-move
    /// deck, 1-156; italian: the FID openings, 1-174; see docs/rules.md).
    #[arg(long, global = true, value_name = "N")]
    pub ballot: Option<usize>,
    /// The moves played since the start (--fen, else the rule set's start), in the rule set's
    /// notation, separated by spaces: the position searched is the one they reach, with the
    /// game's history (repetitions, the draw counts) (analyze).
    #[arg(long, global = true, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse()
        .map_err(|e: dama_core::rules::UnknownRuleSet| e.to_string())
}

fn parse_movetime(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1 ms".into()),
        Ok(ms) => Ok(ms),
        Err(_) => Err("a whole number of milliseconds, at least 1".into()),
    }
}

impl Options {
    /// The rule set (default: spanish).
    pub fn rules(&self) -> RuleSet {
        self.rules.unwrap_or_default()
    }

    /// The language asked for, else the rule set's own.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(|| Lang::of(self.rules()))
    }

    /// The line dialogue asked for, else the default for the rule set and the language; the
    /// spec's dialogue exists only in Spanish.
    pub fn dialogue(&self) -> Result<Dialogue, CliError> {
        let lang = self.lang();
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
            (Opt::WhiteTime, self.white_time.is_some()),
            (Opt::BlackTime, self.black_time.is_some()),
        ];
        present
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(opt, _)| opt)
            .collect()
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
        if self.fen.is_some() || self.load.is_some() {
            return Err(CliError::Usage(
                "--ballot starts from the initial position: not with --fen or --load".into(),
            ));
        }
        crate::ballots::ballot(self.rules(), number).map_err(|e| CliError::Usage(e.to_string()))
    }

    /// Refuses an option that `command` would not use, and a value it cannot take.
    pub fn check(&self, command: &Command) -> Result<(), CliError> {
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
                Some(d) if d > commands::MAX_PERFT_DEPTH => {
                    return Err(CliError::Usage(format!(
                        "--depth {d} is too deep for perft (1-{})",
                        commands::MAX_PERFT_DEPTH
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// Who plays a side.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayerKind {
    /// A person typing moves.
    #[default]
    Human,
    /// The computer.
    Engine,
}

/// The help text of `--rules`: every rule set with its summary.
pub fn rules_help_text() -> String {
    let sets: Vec<String> = RuleSet::ALL
        .iter()
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
        "The language of the dialogue (play; default: {})",
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
            "The language of the dialogue (play; default: es for spanish, cs for czech, ru for russian, \
             ru for house, en for english, en for italian, es for spanish-official, en for brazilian, \
             en for pool, en for thai)"
        );
        assert!(
            rules_help_text().ends_with("pool (American pool checkers) or thai (Thai draughts)")
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
