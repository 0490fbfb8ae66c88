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
//! [`Rules`], so every rule set plays here.

mod actions;
pub mod app;
mod board;
pub mod editor;
pub mod event;
mod house_offer;
mod input;
mod labels;
pub mod layout;
pub mod picker;
pub mod render;
mod review;
pub mod terminal;
pub mod worker;

use std::io::IsTerminal;

pub use app::{App, Config};
pub use event::{Button, Event, Key};
pub use labels::Labels;

use crate::cli::{CliError, Lang, Options};
use crate::engines::EngineRules;
use crate::engines::EngineSetup;
use dama_core::{RuleSet, with_rules};

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
    let start = crate::cli::start_position(opts).map_err(|e| TuiError::Load(e.to_string()))?;
    let cfg = Config {
        start,
        white: opts.white.unwrap_or_default(),
        black: opts.black.unwrap_or_default(),
        limits: opts.limits(),
        engines: engines.clone(),
        color: opts.color().enabled(true),
        lang: opts.lang.unwrap_or_else(|| default_lang(opts.rules())),
        load: opts.load.clone(),
        game: opts.game,
        ballot: opts
            .ballot
            .map(|n| opts.ballot_opening(n))
            .transpose()
            .map_err(|e| TuiError::Load(e.to_string()))?,
        clocks: opts.clocks(),
        clock: crate::clock::real(),
    };
    with_rules!(opts.rules(), R => run_with::<R>(cfg))
}

/// The screen's language without `--lang`: the line console's, the rule set's own where the
/// program speaks it (Czech for `czech`, Spanish for `spanish`, Russian for `russian` and
/// `house`), else English (see `docs/tui.md`).
pub fn default_lang(rules: RuleSet) -> Lang {
    Lang::of(rules)
}

fn run_with<R: EngineRules>(cfg: Config) -> Result<(), TuiError> {
    let (width, height) = crossterm::terminal::size()?;
    let app = App::<R>::new(cfg, width, height).map_err(TuiError::Load)?;
    terminal::run(app)?;
    Ok(())
}
