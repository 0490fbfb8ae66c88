//! The global options: one table ([`global_options!`]) gives each option its clap field, its
//! name in refusals ([`Opt`]), its flag and the subcommands that use it; and the checks and
//! values that several subcommands share (the rule set, the language, the engine's limits,
//! the clocks, the ballot).
//!
//! Every option is global: `dama --black engine play` and `dama play --black engine` are the
//! same command. An option that the chosen subcommand does not use is refused
//! ([`GlobalArgs::check`]) rather than silently ignored; adding an option is one row of the
//! table.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{EnumValueParser, TypedValueParser};
use clap::{Args, ValueEnum};

use super::{CliError, Command};
use crate::commands::perft::MAX_PERFT_DEPTH;
use crate::i18n::{Dialogue, Lang};
use crate::play::session::PlayerKind;
use dama_core::Variant;
use dama_core::text::join_or;
use dama_engine::Limits;

/// Whether an option was given: a value, or a flag that is set.
trait Given {
    fn given(&self) -> bool;
}

impl<T> Given for Option<T> {
    fn given(&self) -> bool {
        self.is_some()
    }
}

impl Given for bool {
    fn given(&self) -> bool {
        *self
    }
}

/// The table of the global options. Each row is the option's clap field (its doc comment is
/// its help; its `#[arg]`), then `= Name "--flag"` and the subcommands that use it, which
/// label it in `dama --help` and keep it in their own `--help` ([`super::command`]).
/// It generates [`GlobalArgs`], [`Opt`] with its flags and users, and [`GlobalArgs::given`].
macro_rules! global_options {
    ($(
        $(#[$meta:meta])*
        $field:ident: $ty:ty = $opt:ident $flag:literal for [$($user:literal),* $(,)?],
    )*) => {
        /// Every option of every subcommand. Each may be written before or after the
        /// subcommand.
        #[derive(Args, Debug, Clone, Default)]
        pub struct GlobalArgs {
            $(
                $(#[$meta])*
                pub $field: $ty,
            )*
        }

        /// A global option, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Opt {
            $(
                #[doc = $flag]
                $opt,
            )*
        }

        impl Opt {
            /// Every option, in the table's order (`--help`'s).
            pub const ALL: &[Opt] = &[$(Opt::$opt),*];

            /// The option as written on the command line.
            pub fn flag(self) -> &'static str {
                match self {
                    $(Opt::$opt => $flag,)*
                }
            }

            /// The id of the option's clap argument: its field's name.
            pub fn id(self) -> &'static str {
                match self {
                    $(Opt::$opt => stringify!($field),)*
                }
            }

            /// The subcommands that use the option, by name.
            pub fn users(self) -> &'static [&'static str] {
                match self {
                    $(Opt::$opt => &[$($user),*],)*
                }
            }
        }

        impl GlobalArgs {
            /// The options given, in the table's order.
            fn given(&self) -> impl Iterator<Item = Opt> {
                let present = [$((Opt::$opt, Given::given(&self.$field))),*];
                present.into_iter().filter(|(_, given)| *given).map(|(opt, _)| opt)
            }
        }
    };
}

global_options! {
    /// The rule set (the list comes from the registry, `rules/registry.rs`; default spanish).
    #[arg(long, global = true, value_parser = parse_rules, help = rules_help_text())]
    rules: Option<Variant> = Rules "--rules"
        for [
            "play", "perft", "moves", "analyze", "tb", "match", "tui", "tune", "hub", "diagram",
            "games", "book", "dxp", "corr", "simul",
        ],
    /// Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5).
    #[arg(long, global = true, allow_hyphen_values = true)]
    fen: Option<String> = Fen "--fen"
        for [
            "play", "perft", "moves", "analyze", "tb", "match", "tui", "diagram", "book", "dxp",
        ],
    /// When to colour the output (default: auto).
    #[arg(long, global = true, value_enum)]
    color: Option<ColorChoice> = Color "--color"
        for ["play", "perft", "moves", "analyze", "tb", "match", "tui", "book", "corr", "simul"],
    /// Who plays white (default: human).
    #[arg(long, global = true,
          value_parser = EnumValueParser::<PlayerArg>::new().map(PlayerKind::from))]
    white: Option<PlayerKind> = White "--white"
        for ["play", "tui"],
    /// Who plays black (default: human).
    #[arg(long, global = true,
          value_parser = EnumValueParser::<PlayerArg>::new().map(PlayerKind::from))]
    black: Option<PlayerKind> = Black "--black"
        for ["play", "tui"],
    /// Engine strength, 1 (beginner) to 10 (full strength).
    #[arg(long, global = true, value_parser = super::args::whole::<u8>(1, Some(10)))]
    level: Option<u8> = Level "--level"
        for ["play", "analyze", "tui", "dxp", "simul"],
    /// Plies: the perft depth (1-30), or an exact engine search depth (1-64).
    #[arg(long, global = true, allow_hyphen_values = true,
          value_parser = super::args::whole::<u32>(1, Some(64)))]
    depth: Option<u32> = Depth "--depth"
        for ["play", "perft", "analyze", "tui", "dxp", "simul"],
    /// Milliseconds the engine thinks per move.
    #[arg(long, global = true, value_name = "MS", allow_hyphen_values = true,
          value_parser = parse_movetime)]
    movetime: Option<u64> = Movetime "--movetime"
        for ["play", "analyze", "tui", "dxp", "simul"],
    /// Stop each search after this many nodes.
    #[arg(long, global = true, value_parser = super::args::whole::<u64>(1, None))]
    nodes: Option<u64> = Nodes "--nodes"
        for ["play", "analyze", "tui", "tune", "book", "dxp", "simul"],
    /// Play on a clock, BASE[+INCREMENT] such as 5m+3s, or moves in a time and the
    /// periods after it, such as 40/2h,1h: both sides have one (a flag fall loses), the
    /// engine shares its time itself.
    #[arg(long, global = true)]
    time: Option<dama_engine::TimeControl> = Time "--time"
        for ["play", "analyze", "match", "tui"],
    /// Give a handicap: the stronger side (the computer when it plays one side, else White)
    /// starts without this many men, from its back row (1-8).
    #[arg(long, global = true, value_name = "MEN",
          value_parser = super::args::whole::<u8>(1, Some(8)))]
    handicap: Option<u8> = Handicap "--handicap"
        for ["play", "tui"],
    /// White's clock, BASE[+INCREMENT] or MOVES/TIME,..., instead of --time's.
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    white_time: Option<dama_engine::TimeControl> = WhiteTime "--white-time"
        for ["play", "tui"],
    /// Black's clock, BASE[+INCREMENT] or MOVES/TIME,..., instead of --time's.
    #[arg(long, global = true, value_name = "BASE[+INC]")]
    black_time: Option<dama_engine::TimeControl> = BlackTime "--black-time"
        for ["play", "tui"],
    /// Start from a saved game (PDN), or the game to analyse.
    #[arg(long, global = true, conflicts_with = "fen")]
    load: Option<PathBuf> = Load "--load"
        for ["play", "analyze", "tui", "diagram"],
    /// The language of the dialogue (play; the defaults come from the registry).
    #[arg(long, global = true, help = lang_help_text(),
          value_parser = EnumValueParser::<LangArg>::new().map(Lang::from))]
    lang: Option<Lang> = Lang "--lang"
        for ["play", "tui", "simul"],
    /// Which line dialogue (default: spec for the Spanish-spec game in Spanish, full
    /// otherwise).
    #[arg(long, global = true,
          value_parser = EnumValueParser::<DialogueArg>::new().map(Dialogue::from))]
    dialogue: Option<Dialogue> = Dialogue "--dialogue"
        for ["play"],
    /// Play blindfold: the board is not shown; the peek command shows it once, each peek
    /// counted in the saved game.
    #[arg(long, global = true)]
    blindfold: bool = Blindfold "--blindfold"
        for ["play", "tui", "simul"],
    /// For a screen reader: no board drawn and no colour, every move said in words, the
    /// position and rows commands read out the pieces, each answer in one line (tui: plays
    /// this line dialogue instead of the full screen).
    #[arg(long, global = true)]
    accessible: bool = Accessible "--accessible"
        for ["play", "tui", "simul"],
    /// In a blindfold game, no score sheet either: the game command lists no moves.
    #[arg(long, global = true, requires = "blindfold")]
    no_record: bool = NoRecord "--no-record"
        for ["play", "simul"],
    /// Write each line read after its prompt (default: when input is not a terminal).
    #[arg(long, global = true, overrides_with = "no_echo")]
    echo: bool = Echo "--echo"
        for ["play", "simul"],
    /// Do not write the lines read.
    #[arg(long, global = true, overrides_with = "echo")]
    no_echo: bool = NoEcho "--no-echo"
        for ["play", "simul"],
    /// The endgame tables' directory (default: $DAMA_TB_DIR, else the platform data
    /// directory).
    #[arg(long, global = true)]
    tb_dir: Option<PathBuf> = TbDir "--tb-dir"
        for ["play", "analyze", "tb", "match", "tui", "hub", "simul"],
    /// Threads the engine searches with (default 1, which keeps every search reproducible;
    /// perft: one per core).
    // `--threads` is perft's and tb's own option too (clap gives its value to both).
    #[arg(long, global = true,
          value_parser = super::args::whole::<u32>(1, Some(64)))]
    threads: Option<u32> = Threads "--threads"
        for ["play", "perft", "analyze", "tb", "tui", "hub", "dxp", "simul"],
    /// Report the best N moves with their scores at each depth.
    #[arg(long, global = true, value_name = "N",
          value_parser = super::args::whole::<u32>(1, Some(64)))]
    multipv: Option<u32> = MultiPv "--multipv"
        for ["analyze"],
    /// Search until interrupted (Ctrl-C), printing as it deepens, then the best move.
    #[arg(long, global = true)]
    infinite: bool = Infinite "--infinite"
        for ["analyze"],
    /// Start after the moves of opening ballot N (english: the ACF three-move deck, 1-156;
    /// italian: the FID openings, 1-174; see docs/rules.md).
    #[arg(long, global = true, value_name = "N")]
    ballot: Option<usize> = Ballot "--ballot"
        for ["play", "tui", "simul"],
    /// The moves played since the start (--fen, else the rule set's start), in the rule set's
    /// notation, separated by spaces: analyze searches the position they reach (with the
    /// game's history: repetitions, the draw counts), diagram draws it, book shows its book
    /// moves or builds a book from it.
    #[arg(long, global = true, value_name = "MOVES", allow_hyphen_values = true)]
    moves: Option<String> = Moves "--moves"
        for ["analyze", "diagram", "book"],
    /// The N-th game of the --load file (1 is the first).
    #[arg(long, global = true)]
    game: Option<usize> = Game "--game"
        for ["play", "analyze", "tui", "diagram"],
    /// The engine searches from the first move instead of playing its opening book's moves
    /// (docs/book.md).
    #[arg(long, global = true)]
    no_book: bool = NoBook "--no-book"
        for ["play", "tui", "simul"],
    /// Write the annotated game (PDN) to this file (with --load; default: standard output,
    /// after the table).
    #[arg(long, global = true, value_name = "FILE")]
    annotated: Option<PathBuf> = Annotated "--annotated"
        for ["analyze"],
    /// Write the game's evaluation graph (SVG) to this file (with --load).
    #[arg(long, global = true, value_name = "FILE.svg")]
    graph: Option<PathBuf> = Graph "--graph"
        for ["analyze"],
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

impl GlobalArgs {
    /// The 8×8 rule set (default: spanish). One of another board is refused by
    /// [`GlobalArgs::check`] for every command that knows only 8×8, so those never see it.
    pub fn rules(&self) -> Variant {
        Some(self.variant())
            .filter(|v| v.is_board8())
            .unwrap_or_default()
    }

    /// The rule set of either board (default: spanish).
    pub fn variant(&self) -> Variant {
        self.rules.unwrap_or_default()
    }

    /// The start as a FEN text: `--fen`'s, or with `--handicap N` the rule set's initial
    /// position without N men of the side that gives them (the computer when it plays exactly
    /// one side, else White; `play::handicap`).
    pub fn start_fen(&self) -> Result<Option<String>, CliError> {
        let Some(men) = self.handicap else {
            return Ok(self.fen.clone());
        };
        let engine = |kind: Option<PlayerKind>| kind == Some(PlayerKind::Engine);
        let giver = if engine(self.black) && !engine(self.white) {
            dama_core::Color::Black
        } else {
            dama_core::Color::White
        };
        dama_core::with_dyn_rules!(self.variant(), rules => {
            let start = crate::play::handicap::give(&rules.start(), giver, usize::from(men))
                .map_err(|e| CliError::Usage(format!("--handicap {men}: {e}")))?;
            Ok(Some(rules.write_fen(&start)))
        })
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
        if !self.variant().is_board8() {
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
            Some(Dialogue::Spec) if self.blindfold || self.accessible => Err(CliError::Usage(
                "--blindfold and --accessible play the full dialogue: not with --dialogue spec"
                    .into(),
            )),
            Some(dialogue) => Ok(dialogue),
            // The spec's dialogue always draws the board: a blindfold game is the full one's.
            None if self.blindfold || self.accessible => Ok(Dialogue::Full),
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
        if !self.variant().is_board8() {
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
            && self.variant() != Variant::International
            && self.rules.is_some()
        {
            return Err(CliError::Usage(format!(
                "DXP plays international draughts: --rules {} is not for 'dama dxp'",
                self.variant()
            )));
        }
        let uses = command.uses();
        if let Some(opt) = self.given().find(|o| !uses.contains(o)) {
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
        if self.handicap.is_some()
            && (self.fen.is_some() || self.load.is_some() || self.ballot.is_some())
        {
            return Err(CliError::Usage(
                "--handicap starts from the initial position: not with --fen, --load or --ballot"
                    .into(),
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
                Some(d) if d > MAX_PERFT_DEPTH => {
                    return Err(CliError::Usage(format!(
                        "--depth {d} is too deep for perft (1-{})",
                        MAX_PERFT_DEPTH
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

impl GlobalArgs {
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
    let sets: Vec<String> = Variant::ALL
        .iter()
        .map(|r| format!("{} ({})", r.name(), r.info().summary))
        .collect();
    format!("The rule set (default spanish): {}", join_or(&sets))
}

/// The help text of `--lang`: the default language of every rule set, of either board (as
/// [`GlobalArgs::lang`] chooses it).
pub fn lang_help_text() -> String {
    let defaults: Vec<String> = Variant::ALL
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

/// Who plays a side, as `--white` and `--black` take it.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerArg {
    /// A person typing moves.
    Human,
    /// The computer (also read as `computer`, the word the dialogues use).
    #[value(alias = "computer")]
    Engine,
}

impl From<PlayerArg> for PlayerKind {
    fn from(arg: PlayerArg) -> PlayerKind {
        match arg {
            PlayerArg::Human => PlayerKind::Human,
            PlayerArg::Engine => PlayerKind::Engine,
        }
    }
}

/// A language, as `--lang` takes it.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LangArg {
    /// Spanish.
    Es,
    /// Czech.
    Cs,
    /// English.
    En,
    /// Russian.
    Ru,
}

impl From<LangArg> for Lang {
    fn from(arg: LangArg) -> Lang {
        match arg {
            LangArg::Es => Lang::Es,
            LangArg::Cs => Lang::Cs,
            LangArg::En => Lang::En,
            LangArg::Ru => Lang::Ru,
        }
    }
}

/// A line dialogue, as `--dialogue` takes it.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogueArg {
    /// The Spanish spec's console: its fixed Spanish texts, moves as row-column numbers
    /// (`61.52`), no commands. The default of the Spanish-spec game in Spanish.
    Spec,
    /// The full dialogue in the chosen language: commands, help, undo, draw offers, PDN.
    Full,
}

impl From<DialogueArg> for Dialogue {
    fn from(arg: DialogueArg) -> Dialogue {
        match arg {
            DialogueArg::Spec => Dialogue::Spec,
            DialogueArg::Full => Dialogue::Full,
        }
    }
}
