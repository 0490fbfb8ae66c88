//! `dama tui`: the full-screen game with the mouse (`../shared/spec/tui.md`, `docs/tui.md`).
//!
//! - [`app`]: one state machine (game, path being entered, editor, dialogs) that takes
//!   [`event::Event`]s and knows no terminal; `input.rs` and `actions.rs` hold its reactions;
//! - [`render`] (and `board.rs`): the state drawn into a ratatui frame, laid out by [`layout`];
//! - [`worker`]: the engine on its own thread, with a stop flag per task;
//! - [`terminal`]: the real terminal, always restored;
//! - [`simul`]: `dama simul --tui`, a simul's boards each an app, in the round a simul is
//!   played in.
//!
//! Everything about the game comes from the library (`Game`, notation, PDN, engine, setup
//! checks) and every refusal reason from the line console's catalogue. The app is compiled
//! once per board ([`TuiBoard`]: the board's differences in `boards.rs`) and plays the rule
//! set it is given as a value (`Game<DynRules<B>>`), so every rule set plays here, on the 8×8
//! board and on international draughts' 10×10 board; the engine's thread alone works with the
//! rule set's static type ([`crate::play::EngineCalls`]).

mod actions;
pub mod app;
mod board;
pub mod boards;
pub mod config;
pub mod editor;
pub mod event;
mod house_offer;
mod input;
pub mod layout;
pub mod picker;
mod picking;
pub mod render;
mod review;
pub mod simul;
pub mod terminal;
pub mod worker;

use std::io::IsTerminal;
use std::path::PathBuf;

pub use app::App;
pub use boards::TuiBoard;
pub use config::AppConfig;
pub use event::{Button, Event, Key};

use crate::ballots::Ballot;
use crate::engines::EngineSetup;
use crate::i18n::Lang;
use crate::play::session::PlayerKind;
use dama_core::{Board, Board8, DynRules, Variant, with_dyn_rules};
use dama_engine::{Limits, TimeControl};

/// What `dama tui` starts from, with its values: the rule set and the `--fen` text (read once
/// the terminal is known to be there), and the settings of every game ([`AppConfig`]).
#[derive(Clone, Debug)]
pub struct TuiConfig {
    /// The rule set, of either board.
    pub variant: Variant,
    /// The position new games start from (FEN; default: the rule set's start).
    pub fen: Option<String>,
    /// The ballot new games start from (8×8 only).
    pub ballot: Option<Ballot>,
    /// Who plays white.
    pub white: PlayerKind,
    /// Who plays black.
    pub black: PlayerKind,
    /// The engine's limits.
    pub limits: Limits,
    /// The engine's tables, threads and book.
    pub engines: EngineSetup,
    /// Whether to draw in colour.
    pub color: bool,
    /// The screen's language.
    pub lang: Lang,
    /// A game to start from (PDN).
    pub load: Option<PathBuf>,
    /// The game of the `load` file (1 is the first).
    pub game: Option<usize>,
    /// White's and black's clocks, when the games are played on a clock.
    pub clocks: Option<[TimeControl; 2]>,
    /// A blindfold game: the pieces are not drawn but while `p` peeks.
    pub blindfold: bool,
}

/// Why `dama tui` could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Standard input or output is not a terminal.
    #[error("dama tui needs a terminal (standard input and output); use dama play for scripts")]
    NotATerminal,
    /// The `--load` game could not be read.
    #[error("{0}")]
    Load(String),
    /// The terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
}

/// `dama tui`: plays on the terminal until the person leaves.
pub fn run(config: &TuiConfig) -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    with_dyn_rules!(config.variant, rules => {
        let start = match &config.fen {
            Some(text) => rules
                .parse_fen(text)
                .map_err(|e| TuiError::Load(format!("bad FEN: {e}")))?,
            None => rules.start(),
        };
        run_with(rules, app_config(config, start))
    })
}

/// The app's settings from the config, new games starting from `start` (from the ballot on
/// 8×8; the other board has none).
pub(super) fn app_config<B: Board>(
    config: &TuiConfig,
    start: dama_core::PositionOn<B>,
) -> AppConfig<B> {
    let ballot = config.ballot.clone().filter(|_| B::SIZE == Board8::SIZE);
    AppConfig {
        start,
        white: config.white,
        black: config.black,
        limits: config.limits,
        engines: config.engines.clone(),
        color: config.color,
        lang: config.lang,
        load: config.load.clone(),
        game: config.game,
        ballot,
        clocks: config.clocks,
        clock: crate::play::clock::real(),
        blindfold: config.blindfold,
    }
}

/// The screen's language without `--lang`: the line console's, the rule set's own where the
/// program speaks it (Czech for `czech`, Spanish for `spanish`, Russian for `russian` and
/// `house`), else English (see `docs/tui.md`).
pub fn default_lang(rules: Variant) -> Lang {
    Lang::of(rules)
}

fn run_with<B: TuiBoard>(rules: DynRules<B>, cfg: AppConfig<B>) -> Result<(), TuiError> {
    let (width, height) = crossterm::terminal::size()?;
    let mut app = App::new(rules, cfg, width, height).map_err(TuiError::Load)?;
    terminal::run(&mut app)?;
    Ok(())
}
