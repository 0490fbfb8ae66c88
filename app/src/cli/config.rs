//! The plain config of each subcommand, built from the checked command line.

use std::io::{self, IsTerminal};

use crate::commands::analyze::AnalyzeConfig;
use crate::commands::book::BookConfig;
use crate::commands::perft::{MovesConfig, PerftConfig};
use crate::commands::tb::TbConfig;
use crate::dxp::DxpConfig;
use crate::engines::EngineSetup;
use crate::games::GamesConfig;
use crate::matchplay::{MatchConfig, MatchError};
use crate::pictures::diagram::DiagramConfig;
use crate::setup::SetupError;
use crate::tui::TuiConfig;
use crate::tune::TuneConfig;
use dama_core::{International, Position, Variant};

use super::{
    BookArgs, CliError, ColorChoice, DiagramArgs, Dialogue, DxpArgs, GamesArgs, MatchArgs, Options,
    PerftArgs, TbArgs, TuneArgs,
};

impl Options {
    /// `dama play`'s config: the line dialogue's options, with what the terminal says
    /// (whether standard input is one, whether to colour).
    pub fn play_config(&self, engines: &EngineSetup) -> Result<crate::console::Options, CliError> {
        let interactive = io::stdin().is_terminal();
        let echo = if self.echo {
            true
        } else if self.no_echo {
            false
        } else {
            !interactive
        };
        let rules = self.rules();
        let lang = self.lang();
        let dialogue = self.dialogue()?;
        // The spec dialogue's texts stay plain unless colour is asked for outright.
        let color = match dialogue {
            Dialogue::Spec => self.color() == ColorChoice::Always,
            Dialogue::Full => self.color().enabled(io::stdout().is_terminal()),
        };
        let variant = self.variant();
        let (start, start10) = match variant {
            Variant::International => (
                Position::initial(),
                match &self.fen {
                    Some(_) => Some(crate::setup::start_on::<International>(
                        self.fen.as_deref(),
                    )?),
                    None => None,
                },
            ),
            Variant::Board8(_) => (
                crate::setup::start_position(rules, self.fen.as_deref())?,
                None,
            ),
        };
        Ok(crate::console::Options {
            rules,
            variant,
            start,
            start10,
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
        })
    }

    /// `dama tui`'s config (the options are checked: a `--ballot` is one of the rule set's).
    pub fn tui_config(&self, engines: &EngineSetup) -> Result<TuiConfig, CliError> {
        Ok(TuiConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
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
        })
    }

    /// `dama dxp`'s config: the `--fen` position read on the 10×10 board.
    pub fn dxp_config(&self, args: &DxpArgs) -> Result<DxpConfig, SetupError> {
        let start = match &self.fen {
            Some(_) => Some(crate::setup::start_on::<dama_core::International>(
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
            games: args.games,
            limits: self.limits(),
            threads: self.threads.map_or(1, |n| n as usize),
            start,
        })
    }

    /// `dama games`' config.
    pub fn games_config(&self, args: &GamesArgs) -> GamesConfig {
        GamesConfig {
            rules: self.rules,
            file: args.file.clone(),
        }
    }

    /// `dama diagram`'s config.
    pub fn diagram_config(&self, args: &DiagramArgs) -> DiagramConfig {
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
    pub fn tune_config(&self, args: &TuneArgs) -> TuneConfig {
        TuneConfig {
            variant: self.variant(),
            action: args.action.action(self.nodes),
        }
    }

    /// `dama match`'s config: two players, given by `--engine1` and `--engine2` or as the
    /// two arguments.
    pub fn match_config(
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
    pub fn tb_config(&self, args: &TbArgs) -> TbConfig {
        TbConfig {
            rules: self.rules,
            fen: self.fen.clone(),
            tb_dir: self.tb_dir.clone(),
            action: (&args.action).into(),
        }
    }

    /// `dama book`'s config.
    pub fn book_config(&self, args: &BookArgs) -> BookConfig {
        BookConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            nodes: self.nodes,
            action: (&args.action).into(),
        }
    }

    /// `dama perft`'s config.
    pub fn perft_config(&self, args: &PerftArgs) -> PerftConfig {
        PerftConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
            depth: self.depth.unwrap_or(1),
            divide: args.divide,
            threads: args.threads.map(|n| n as usize),
        }
    }

    /// `dama moves`' config.
    pub fn moves_config(&self) -> MovesConfig {
        MovesConfig {
            variant: self.variant(),
            fen: self.fen.clone(),
        }
    }

    /// `dama analyze`'s config.
    pub fn analyze_config(&self, engines: &EngineSetup) -> AnalyzeConfig {
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
        }
    }
}
