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
mod input;
pub mod layout;
pub mod render;
pub mod terminal;
pub mod texts;
pub mod worker;

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;

pub use app::{App, Config};
pub use event::{Button, Event, Key};

use crate::cli::{CliError, Common, EngineArgs, Lang, PlayerKind};
use crate::{Rules, with_rules};

/// Options of `dama tui`.
#[derive(Args, Debug, Clone, Default)]
pub struct TuiArgs {
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
    /// The language of the messages (default: en; the screen's labels are English).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
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

impl From<TuiError> for CliError {
    fn from(e: TuiError) -> CliError {
        match e {
            TuiError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

/// `dama tui`: plays on the terminal until the person leaves.
pub fn run(common: &Common, args: &TuiArgs) -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    let start = crate::cli::start_position(common).map_err(|e| TuiError::Load(e.to_string()))?;
    let cfg = Config {
        start,
        white: args.white,
        black: args.black,
        limits: args.engine.limits(),
        color: common.color.enabled(true),
        lang: args.lang.unwrap_or(Lang::En),
        load: args.load.clone(),
    };
    with_rules!(common.rules, R => run_with::<R>(cfg))
}

fn run_with<R: Rules>(cfg: Config) -> Result<(), TuiError> {
    let (width, height) = crossterm::terminal::size()?;
    let app = App::<R>::new(cfg, width, height).map_err(TuiError::Load)?;
    terminal::run(app)?;
    Ok(())
}
