//! The plain config of each subcommand ([`Job`]), built from the checked command line
//! ([`configure`]): the values its module takes, with the defaults and the environment (is
//! standard input a terminal?) already applied where the command line decides them.

use std::io::{self, IsTerminal};

use crate::commands::analyze::AnalyzeConfig;
use crate::commands::book::BookConfig;
use crate::commands::perft::{MovesConfig, PerftConfig};
use crate::commands::tb::TbConfig;
use crate::corr::{CorrAction, CorrConfig, NewGame};
use crate::dxp::DxpConfig;
use crate::engines::EngineSetup;
use crate::games::GamesConfig;
use crate::matchplay::{MatchConfig, MatchError};
use crate::pictures::diagram::DiagramConfig;
use crate::setup::SetupError;
use crate::tui::TuiConfig;
use crate::tune::TuneConfig;
use dama_core::{Board8, Board10, Board64, DynRules, Position};

use super::{
    BookArgs, Cli, CliError, ColorChoice, Command, CorrArgs, CorrCommand, DiagramArgs, DxpArgs,
    GamesArgs, GlobalArgs, MatchArgs, PerftArgs, SideArg, SimulArgs, TbArgs, TuneArgs,
};
use crate::console::full::simul::SimulConfig;
use crate::i18n::Dialogue;
use crate::play::simul::{Exhibitor, Plan};
use crate::tui::simul::SimulTuiConfig;

/// What the program is asked to do: one subcommand with its config.
#[derive(Debug)]
pub enum Job {
    /// `dama play` (the default): the line dialogue.
    Play(Box<crate::console::Options>),
    /// `dama perft`.
    Perft(PerftConfig),
    /// `dama moves`.
    Moves(MovesConfig),
    /// `dama analyze`.
    Analyze(Box<AnalyzeConfig>),
    /// `dama tb`.
    Tb(TbConfig),
    /// `dama match`.
    Match(Box<MatchConfig>),
    /// `dama tui`.
    Tui(Box<TuiConfig>),
    /// `dama tune`.
    Tune(TuneConfig),
    /// `dama hub`.
    Hub(crate::hub::Config),
    /// `dama diagram`.
    Diagram(DiagramConfig),
    /// `dama games`.
    Games(GamesConfig),
    /// `dama book`.
    Book(BookConfig),
    /// `dama corr`.
    Corr(CorrConfig),
    /// `dama simul` at the line console.
    Simul(Box<SimulConfig>),
    /// `dama simul --tui`: full-screen.
    SimulTui(Box<SimulTuiConfig>),
    /// `dama dxp`.
    Dxp(Box<DxpConfig>),
}

/// The job the command line asks for: its options checked against the subcommand
/// ([`GlobalArgs::check`]), then the subcommand's config built.
pub fn configure(cli: &Cli) -> Result<Job, CliError> {
    let command = cli.command.clone().unwrap_or(Command::Play);
    let opts = &with_file_rules(&cli.opts, &command);
    opts.check(&command)?;
    let threads = opts.threads.map_or(1, |n| n as usize);
    let engines = || {
        let mut engines = EngineSetup::new(threads, opts.tb_dir.clone());
        engines.book = !opts.no_book;
        engines
    };
    Ok(match &command {
        Command::Play => Job::Play(Box::new(opts.play_config(&engines())?)),
        Command::Perft(args) => Job::Perft(opts.perft_config(args)),
        Command::Moves => Job::Moves(opts.moves_config()),
        Command::Analyze => Job::Analyze(Box::new(opts.analyze_config(&engines()))),
        Command::Tb(args) => Job::Tb(opts.tb_config(args)),
        Command::Match(args) => Job::Match(Box::new(opts.match_config(args, &engines())?)),
        // A screen reader reads a full-screen board as a jumble: `dama tui --accessible` plays
        // the accessible line dialogue instead (docs/tui.md).
        Command::Tui if opts.accessible => Job::Play(Box::new(crate::console::Options {
            from_tui: true,
            ..opts.play_config(&engines())?
        })),
        Command::Tui => Job::Tui(Box::new(opts.tui_config(&engines())?)),
        Command::Tune(args) => Job::Tune(opts.tune_config(args)),
        Command::Hub => Job::Hub(crate::hub::Config {
            rules: opts.variant(),
            threads,
            tb_dir: opts.tb_dir.clone(),
            seed: crate::engines::clock_seed(),
        }),
        Command::Diagram(args) => Job::Diagram(opts.diagram_config(args)),
        Command::Games(args) => Job::Games(opts.games_config(args)),
        Command::Book(args) => Job::Book(opts.book_config(args)),
        Command::Corr(args) => Job::Corr(opts.corr_config(args)),
        // Under --accessible the TUI plays the accessible line dialogue, as dama tui does.
        Command::Simul(args) if args.tui && !opts.accessible => {
            Job::SimulTui(Box::new(opts.simul_tui_config(args, &engines())?))
        }
        Command::Simul(args) => Job::Simul(Box::new(opts.simul_config(args, &engines())?)),
        Command::Dxp(args) => Job::Dxp(Box::new(opts.dxp_config(args)?)),
    })
}

/// The options, where `--load FILE` is given without `--rules` to `play`, `tui` or `analyze`,
/// with the rules the file names (its `GameType`), else those its moves fit
/// ([`crate::play::records::rules_for_text`], whose note goes to standard error). A file that
/// cannot be read leaves them as they are: its loader says why.
fn with_file_rules(opts: &GlobalArgs, command: &Command) -> GlobalArgs {
    let mut opts = opts.clone();
    if opts.rules.is_none()
        && matches!(command, Command::Play | Command::Tui | Command::Analyze)
        && let Some(path) = &opts.load
        && let Ok(text) = crate::files::read_file(path)
    {
        let (rules, note) = crate::play::records::rules_for_text(&text);
        if let Some(note) = note {
            eprintln!("dama: {}: {note}", path.display());
        }
        opts.rules = Some(rules);
    }
    opts
}

impl GlobalArgs {
    /// `dama play`'s config: the line dialogue's options, with what the terminal says
    /// (whether standard input is one, whether to colour).
    fn play_config(&self, engines: &EngineSetup) -> Result<crate::console::Options, CliError> {
        let interactive = io::stdin().is_terminal();
        let echo = if self.echo {
            true
        } else if self.no_echo {
            false
        } else {
            !interactive
        };
        let lang = self.lang();
        let dialogue = self.dialogue()?;
        // The spec dialogue's texts stay plain unless colour is asked for outright.
        // A screen reader reads no colour: none with --accessible.
        let color = match dialogue {
            _ if self.accessible => false,
            Dialogue::Spec => self.color() == ColorChoice::Always,
            Dialogue::Full => self.color().enabled(io::stdout().is_terminal()),
        };
        let variant = self.variant();
        let start_fen = self.start_fen()?;
        let fen = start_fen.as_deref();
        let start = match DynRules::<Board8>::of_variant(variant) {
            Some(rules) => crate::setup::start_on(rules, fen)?,
            None => Position::initial(),
        };
        let start10 = match (fen, DynRules::<Board10>::of_variant(variant)) {
            (Some(_), Some(rules)) => Some(crate::setup::start_on(rules, fen)?),
            _ => None,
        };
        let start64 = match (fen, DynRules::<Board64>::of_variant(variant)) {
            (Some(_), Some(rules)) => Some(crate::setup::start_on(rules, fen)?),
            _ => None,
        };
        Ok(crate::console::Options {
            variant,
            start,
            start10,
            start64,
            color,
            white: self.white.unwrap_or_default(),
            black: self.black.unwrap_or_default(),
            limits: self.limits(),
            engines: engines.clone(),
            load: self.load.clone(),
            game: self.game,
            ballot: self.ballot.map(|n| self.ballot_opening(n)).transpose()?,
            lang,
            dialogue,
            echo,
            interactive,
            clocks: self.clocks(),
            clock: crate::play::clock::real(),
            live: interactive && io::stdout().is_terminal(),
            columns: if io::stdout().is_terminal() {
                crate::console::terminal_columns
            } else {
                crate::console::no_columns
            },
            blindfold: self.blindfold,
            no_record: self.no_record,
            accessible: self.accessible,
            from_tui: false,
        })
    }

    /// `dama simul`'s config: each board's options as `dama play`'s, in the full dialogue.
    fn simul_config(
        &self,
        args: &SimulArgs,
        engines: &EngineSetup,
    ) -> Result<SimulConfig, CliError> {
        let full = GlobalArgs {
            dialogue: Some(Dialogue::Full),
            ..self.clone()
        };
        Ok(SimulConfig {
            opts: full.play_config(engines)?,
            simul: plan(args),
        })
    }

    /// `dama simul --tui`'s config: each board's settings as `dama tui`'s.
    fn simul_tui_config(
        &self,
        args: &SimulArgs,
        engines: &EngineSetup,
    ) -> Result<SimulTuiConfig, CliError> {
        Ok(SimulTuiConfig {
            tui: self.tui_config(engines)?,
            simul: plan(args),
        })
    }

    /// `dama tui`'s config (the options are checked: a `--ballot` is one of the rule set's).
    fn tui_config(&self, engines: &EngineSetup) -> Result<TuiConfig, CliError> {
        Ok(TuiConfig {
            variant: self.variant(),
            fen: self.start_fen()?,
            ballot: self.ballot.map(|n| self.ballot_opening(n)).transpose()?,
            white: self.white.unwrap_or_default(),
            black: self.black.unwrap_or_default(),
            limits: self.limits(),
            engines: engines.clone(),
            color: self.color().enabled(true),
            lang: self.lang(),
            load: self.load.clone(),
            game: self.game,
            clocks: self.clocks(),
            blindfold: self.blindfold,
        })
    }

    /// `dama dxp`'s config: the `--fen` position read on the 10×10 board.
    fn dxp_config(&self, args: &DxpArgs) -> Result<DxpConfig, SetupError> {
        let start = match &self.fen {
            Some(_) => Some(crate::setup::start_on(
                dama_core::International,
                self.fen.as_deref(),
            )?),
            None => None,
        };
        Ok(DxpConfig {
            listen: args.listen.clone(),
            connect: args.connect.clone(),
            initiator: args.initiator,
            follower: args.follower,
            play: args.play,
            minutes: args.minutes,
            game_moves: args.game_moves,
            name: args.name.clone(),
            timeout: args.timeout,
            game_timeout: args.game_timeout,
            games: args.games,
            limits: self.limits(),
            threads: self.threads.map_or(1, |n| n as usize),
            start,
        })
    }

    /// `dama games`' config.
    fn games_config(&self, args: &GamesArgs) -> GamesConfig {
        GamesConfig {
            rules: self.rules,
            file: args.file.clone(),
        }
    }

    /// `dama diagram`'s config.
    fn diagram_config(&self, args: &DiagramArgs) -> DiagramConfig {
        DiagramConfig {
            rules: self.rules,
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            load: self.load.clone(),
            game: self.game,
            move_number: args.move_number,
            out: args.out.clone(),
            mark: args.mark.clone(),
            flip: args.flip,
        }
    }

    /// `dama tune`'s config.
    fn tune_config(&self, args: &TuneArgs) -> TuneConfig {
        TuneConfig {
            variant: self.variant(),
            action: args.action.action(self.nodes),
        }
    }

    /// `dama match`'s config: two players, given by `--engine1` and `--engine2` or as the
    /// two arguments.
    fn match_config(
        &self,
        args: &MatchArgs,
        engines: &EngineSetup,
    ) -> Result<MatchConfig, MatchError> {
        let players = match (&args.engine1, &args.engine2, args.players.as_slice()) {
            (Some(first), Some(second), _) | (_, _, [first, second]) => {
                [first.clone(), second.clone()]
            }
            _ => return Err(MatchError::Players),
        };
        Ok(MatchConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            time: self.time,
            players,
            games: args.games,
            concurrency: args.concurrency,
            openings: args.openings.clone(),
            max_plies: args.max_plies,
            pdn: args.pdn.clone(),
            sprt: args.sprt,
            book: args.book,
            engines: engines.clone(),
        })
    }

    /// `dama tb`'s config.
    fn tb_config(&self, args: &TbArgs) -> TbConfig {
        TbConfig {
            rules: self.rules,
            fen: self.fen.clone(),
            tb_dir: self.tb_dir.clone(),
            action: (&args.action).into(),
        }
    }

    /// `dama book`'s config.
    fn book_config(&self, args: &BookArgs) -> BookConfig {
        BookConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            nodes: self.nodes,
            action: (&args.action).into(),
        }
    }

    /// `dama corr`'s config.
    fn corr_config(&self, args: &CorrArgs) -> CorrConfig {
        let side = |side: &Option<SideArg>| {
            side.map(|s| match s {
                SideArg::White => dama_core::Color::White,
                SideArg::Black => dama_core::Color::Black,
            })
        };
        let (file, action) = match &args.action {
            CorrCommand::New {
                file,
                white_name,
                black_name,
                days,
                event,
            } => (
                file,
                CorrAction::New(NewGame {
                    rules: self.variant(),
                    white: white_name.clone(),
                    black: black_name.clone(),
                    days: *days,
                    event: event.clone(),
                }),
            ),
            CorrCommand::Show { file } => (file, CorrAction::Show),
            CorrCommand::Move {
                file,
                text,
                offer_draw,
            } => (
                file,
                CorrAction::Move {
                    text: text.clone(),
                    offer_draw: *offer_draw,
                },
            ),
            CorrCommand::AcceptDraw { file } => (file, CorrAction::AcceptDraw),
            CorrCommand::Resign { file, side: s } => (file, CorrAction::Resign(side(s))),
            CorrCommand::Claim { file } => (file, CorrAction::Claim),
        };
        CorrConfig {
            file: file.clone(),
            action,
            colored: self.color().enabled(io::stdout().is_terminal()),
        }
    }

    /// `dama perft`'s config.
    fn perft_config(&self, args: &PerftArgs) -> PerftConfig {
        PerftConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            depth: self.depth.unwrap_or(1),
            divide: args.divide,
            threads: args.threads.map(|n| n as usize),
        }
    }

    /// `dama moves`' config.
    fn moves_config(&self) -> MovesConfig {
        MovesConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
        }
    }

    /// `dama analyze`'s config.
    fn analyze_config(&self, engines: &EngineSetup) -> AnalyzeConfig {
        AnalyzeConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            limits: self.limits(),
            multipv: self.multipv.map(|n| n as usize),
            infinite: self.infinite,
            load: self.load.clone(),
            game: self.game,
            annotated: self.annotated.clone(),
            graph: self.graph.clone(),
            engines: engines.clone(),
            terminal: io::stdout().is_terminal(),
        }
    }
}

/// `dama simul`'s simul, for either front end.
fn plan(args: &SimulArgs) -> Plan {
    Plan {
        exhibitor: if args.computer_gives {
            Exhibitor::Engine
        } else {
            Exhibitor::Person
        },
        boards: args.boards,
        names: args.names.iter().map(|n| n.trim().to_string()).collect(),
        file: args.file.clone(),
    }
}
