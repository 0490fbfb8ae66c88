//! The command line (`../shared/spec/cli.md`): clap definitions and the subcommands that print
//! machine-readable lines (`perft`, `moves`). The console game and `analyze` live in their own
//! modules; this one only hands them their options.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::fen::FenError;
use crate::{MoveList, Position, RuleSet, Rules, with_rules};

/// Draughts at the console: the Spanish-spec game, the Czech rules, an engine and perft.
#[derive(Parser, Debug)]
#[command(name = "dama", version, about)]
pub struct Cli {
    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of every subcommand.
    #[command(flatten)]
    pub common: Common,
    /// Options of the console game, when no subcommand is given.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Options shared by every subcommand.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// The rule set: spanish (the Spanish-spec console game) or czech.
    #[arg(long, global = true, default_value = "spanish", value_parser = parse_rules)]
    pub rules: RuleSet,
    /// Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5).
    #[arg(long, global = true, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// When to colour the output.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse()
        .map_err(|e: crate::rules::UnknownRuleSet| e.to_string())
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play at the console (the default).
    Play(PlayArgs),
    /// Count the leaves of the legal-move tree.
    Perft(PerftArgs),
    /// List the legal moves of the position.
    Moves,
    /// Search the position and print the best move.
    Analyze(AnalyzeArgs),
    /// Play full-screen with the mouse.
    Tui(crate::tui::TuiArgs),
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

/// The language of the dialogue.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Spanish (the exact texts of the Spanish-spec console).
    Es,
    /// Czech.
    Cs,
    /// English.
    En,
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

/// How strong the engine plays: a level, or an exact depth or time.
#[derive(Args, Debug, Clone, Default)]
pub struct EngineArgs {
    /// Engine strength, 1 (beginner) to 10 (full strength).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Search exactly this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
}

impl EngineArgs {
    /// The engine limits these options ask for.
    pub fn limits(&self) -> crate::engine::Limits {
        crate::engine::Limits {
            level: self.level,
            depth: self.depth,
            movetime: self.movetime.map(Duration::from_millis),
        }
    }
}

/// Options of the console game.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Who plays white.
    #[arg(long, value_enum, default_value_t = PlayerKind::Human)]
    pub white: PlayerKind,
    /// Who plays black.
    #[arg(long, value_enum, default_value_t = PlayerKind::Human)]
    pub black: PlayerKind,
    /// Engine strength.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Start from a saved game (PDN).
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// The language of the dialogue (default: es for spanish, cs for czech).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// Write each line read after its prompt (default: when input is not a terminal).
    #[arg(long, overrides_with = "no_echo")]
    pub echo: bool,
    /// Do not write the lines read.
    #[arg(long, overrides_with = "echo")]
    pub no_echo: bool,
}

/// Options of `perft`.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// How many plies deep to count (1-30).
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Print the count under each root move at the last depth.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// Options of `analyze`.
#[derive(Args, Debug, Clone, Default)]
pub struct AnalyzeArgs {
    /// How long or deep to search.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// An error that ends the program with exit status 2 (bad arguments or input).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The `--fen` option is not a position.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// Writing the output failed (other than a closed pipe).
    #[error("cannot write output: {0}")]
    Io(#[from] io::Error),
    /// Another bad-input error, already described.
    #[error("{0}")]
    Input(String),
}

/// The starting position the options ask for.
pub fn start_position(common: &Common) -> Result<Position, CliError> {
    match &common.fen {
        Some(text) => Ok(crate::fen::parse(text)?),
        None => Ok(Position::initial()),
    }
}

/// `dama perft`: one line per depth, or the divide of the last depth.
pub fn perft(
    common: &Common,
    args: &PerftArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), CliError> {
    let pos = start_position(common)?;
    with_rules!(common.rules, R => perft_for::<R>(&pos, args, out, err))
}

fn perft_for<R: Rules>(
    pos: &Position,
    args: &PerftArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let threads = args
        .threads
        .map_or_else(crate::perft::default_threads, |n| n as usize);
    let mut leaves = 0u64;
    if args.divide {
        let mut lines: Vec<(String, u64)> =
            crate::perft::divide_parallel::<R>(pos, args.depth, threads)
                .into_iter()
                .map(|(mv, n)| (R::NOTATION.write(&mv), n))
                .collect();
        lines.sort();
        for (mv, n) in &lines {
            writeln!(out, "{mv} {n}")?;
            leaves += n;
        }
        writeln!(out, "total {leaves}")?;
    } else {
        for depth in 1..=args.depth {
            let n = crate::perft::perft_parallel::<R>(pos, depth, threads);
            writeln!(out, "{depth} {n}")?;
            out.flush()?;
            leaves += n;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = writeln!(
        err,
        "{leaves} leaves in {secs:.3} s ({:.1} M leaves/s, threads: {threads})",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// `dama moves`: every legal move, one per line, sorted as strings.
pub fn moves(common: &Common, out: &mut impl Write) -> Result<(), CliError> {
    let pos = start_position(common)?;
    let mut list = MoveList::new();
    let mut lines: Vec<String> = with_rules!(common.rules, R => {
        R::legal_moves(&pos, &mut list);
        list.iter().map(|mv| R::NOTATION.write(mv)).collect()
    });
    lines.sort();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// `dama analyze`: searches the position, printing an `info` line per completed depth
/// (flushed at once) and then `bestmove <move>` or `bestmove none`.
pub fn analyze(common: &Common, args: &AnalyzeArgs, out: &mut impl Write) -> Result<(), CliError> {
    let pos = start_position(common)?;
    with_rules!(common.rules, R => analyze_for::<R>(pos, args, out))
}

fn analyze_for<R: Rules>(
    pos: Position,
    args: &AnalyzeArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let game = crate::game::Game::<R>::new(pos);
    let mut engine = crate::engine::Engine::new(args.engine.limits());
    let mut failure: Option<io::Error> = None;
    let best = engine.analyze(&game, |info| {
        if failure.is_some() {
            return;
        }
        let pv: Vec<String> = info.pv.iter().map(|mv| R::NOTATION.write(mv)).collect();
        let written = writeln!(
            out,
            "info depth {} score {} nodes {} pv {}",
            info.depth,
            info.score,
            info.nodes,
            pv.join(" ")
        )
        .and_then(|()| out.flush());
        if let Err(e) = written {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    match best {
        Some(mv) => writeln!(out, "bestmove {}", R::NOTATION.write(&mv))?,
        None => writeln!(out, "bestmove none")?,
    }
    out.flush()?;
    Ok(())
}
