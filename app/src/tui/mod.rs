//! `dama tui`: the full-screen game with the mouse (`../shared/spec/tui.md`, `docs/tui.md`).
//!
//! - [`app`]: one state machine (game, path being entered, editor, dialogs) that takes
//!   [`event::Event`]s and knows no terminal; `input.rs` and `actions.rs` hold its reactions;
//! - [`render`] (and `board.rs`): the state drawn into a ratatui frame, laid out by [`layout`];
//! - [`worker`]: the engine on its own thread, with a stop flag per task;
//! - [`terminal`]: the real terminal, always restored.
//!
//! Everything about the game comes from the library (`Game`, notation, PDN, engine, setup
//! checks) and every refusal reason from the line console's catalogue; the app is generic over
//! [`TuiRules`] (the board's differences in `boards.rs`), so every rule set plays here, on
//! the 8×8 board and on international draughts' 10×10 board.

mod actions;
pub mod app;
mod board;
pub mod boards;
pub mod editor;
pub mod event;
mod house_offer;
mod input;
pub mod layout;
pub mod picker;
pub mod render;
mod review;
pub mod terminal;
pub mod worker;

use std::io::IsTerminal;

pub use app::{App, Config};
pub use boards::{TuiBoard, TuiRules};
pub use event::{Button, Event, Key};

use crate::cli::{CliError, Lang, Options};
use crate::engines::EngineSetup;
use dama_core::{Board, BoardRules, International, RuleSet, Variant, with_rules};

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

impl From<TuiError> for CliError {
    fn from(e: TuiError) -> CliError {
        match e {
            TuiError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

/// `dama tui`: plays on the terminal until the person leaves. Uses `--rules`, `--fen`,
/// `--color`, `--white`, `--black`, `--level`, `--depth`, `--movetime`, `--load`, `--lang`.
pub fn run(opts: &Options, engines: &EngineSetup) -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    match opts.variant() {
        Variant::International => {
            let start = match &opts.fen {
                Some(text) => International::parse_fen(text)
                    .map_err(|e| TuiError::Load(format!("bad FEN: {e}")))?,
                None => International::start(),
            };
            // No ballots on 10×10.
            run_with::<International>(config(opts, engines, start, None)?)
        }
        Variant::Board8(rules) => {
            let start = crate::setup::start_position(rules, opts.fen.as_deref())
                .map_err(|e| TuiError::Load(e.to_string()))?;
            let ballot = opts
                .ballot
                .map(|n| opts.ballot_opening(n))
                .transpose()
                .map_err(|e| TuiError::Load(e.to_string()))?;
            let cfg = config(opts, engines, start, ballot)?;
            with_rules!(rules, R => run_with::<R>(cfg))
        }
    }
}

/// The app's settings from the command line, new games starting from `start`.
fn config<B: Board>(
    opts: &Options,
    engines: &EngineSetup,
    start: dama_core::PositionOn<B>,
    ballot: Option<crate::ballots::Ballot>,
) -> Result<Config<B>, TuiError> {
    Ok(Config {
        start,
        white: opts.white.unwrap_or_default(),
        black: opts.black.unwrap_or_default(),
        limits: opts.limits(),
        engines: engines.clone(),
        color: opts.color().enabled(true),
        lang: opts.lang(),
        load: opts.load.clone(),
        game: opts.game,
        ballot,
        clocks: opts.clocks(),
        clock: crate::play::clock::real(),
    })
}

/// The screen's language without `--lang`: the line console's, the rule set's own where the
/// program speaks it (Czech for `czech`, Spanish for `spanish`, Russian for `russian` and
/// `house`), else English (see `docs/tui.md`).
pub fn default_lang(rules: RuleSet) -> Lang {
    Lang::of(rules)
}

fn run_with<R: TuiRules>(cfg: Config<R::Board>) -> Result<(), TuiError> {
    let (width, height) = crossterm::terminal::size()?;
    let app = App::<R>::new(cfg, width, height).map_err(TuiError::Load)?;
    terminal::run(app)?;
    Ok(())
}
