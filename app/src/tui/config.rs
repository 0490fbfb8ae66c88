//! What the full-screen game is started with ([`AppConfig`]): below the app, so that each
//! board's start ([`TuiBoard`](super::boards::TuiBoard)) can read it.

use std::path::PathBuf;

use crate::ballots::Ballot;
use crate::engines::EngineSetup;
use crate::i18n::Lang;
use crate::play::session::PlayerKind;
use dama_core::{Board, Board8, PositionOn};
use dama_engine::Limits;

/// Everything the app needs to start.
#[derive(Clone, Debug)]
pub struct AppConfig<B: Board = Board8> {
    /// The position new games start from.
    pub start: PositionOn<B>,
    /// Who plays white.
    pub white: PlayerKind,
    /// Who plays black.
    pub black: PlayerKind,
    /// The engine's limits (its moves, hints and draw decisions).
    pub limits: Limits,
    /// The engine's threads and tables.
    pub engines: EngineSetup,
    /// Whether to draw in colour (off for `NO_COLOR` and `--color never`).
    pub color: bool,
    /// The language of the messages.
    pub lang: Lang,
    /// A PDN game to start from.
    pub load: Option<PathBuf>,
    /// Which game of the `load` file (1 is the first); without it, a file of several games
    /// opens the list to choose from.
    pub game: Option<usize>,
    /// The opening ballot new games start from (`--ballot`): its moves are played first, and
    /// undo does not take them back (8×8 only: the 10×10 board has no ballots).
    pub ballot: Option<Ballot>,
    /// The players' clocks, white's and black's time control; `None`: no clock.
    pub clocks: Option<[dama_engine::TimeControl; 2]>,
    /// Where the clocks read the time (the real clock; tests pass a fake one).
    pub clock: crate::play::clock::SharedSource,
    /// A blindfold game (`--blindfold`): the pieces are not drawn but while `p` peeks, each
    /// peek counted in the saved game.
    pub blindfold: bool,
}
