//! The play layer: what a game needs whatever shows it, and no front end. The line console,
//! the TUI, the Hub session and `dama match` play through it; it imports none of them (nor the
//! command line, the messages or the pictures), only the rules, the engine, the tables, the
//! opening books ([`crate::book`]), the engines' setup ([`crate::engines`]) and the files
//! ([`crate::files`]).
//!
//! - [`player`]: [`EnginePlayer`], the engine as a player: its opening book before its
//!   search, and its draw offers and answers;
//! - [`session`]: who plays each side, taking moves back and playing them again, the rules'
//!   draw offer;
//! - [`records`]: game files: loading one, picking its N-th game, checking its rules, saving;
//! - [`clock`]: the players' clocks;
//! - [`handicap`]: a start with men given by the stronger side;
//! - [`simul`]: a simultaneous display: the round of its boards, its score, its file;
//! - [`hint`]: the hint's search;
//! - [`analysis`]: scoring a whole game and marking its moves;
//! - [`engine_calls`]: the engine's work on a game whose rules were chosen at run time
//!   ([`DynGame`]), the one place that gives such a game its rule set's static type.

pub mod analysis;
pub mod clock;
pub mod engine_calls;
pub mod handicap;
pub mod hint;
pub mod player;
pub mod records;
pub mod session;
pub mod simul;

pub use dama_core::game::DynGame;
pub use engine_calls::{EngineCalls, PlayBoard, PlayRules, engine_calls_of, with_engine_calls};
pub use player::{EnginePlayer, Reply, Source, book_level};

/// The number of the move being played in `game` (`12` in `12. White to move:`), moves
/// numbered from the side the rules let move first (Black in English).
pub fn move_number<B: dama_core::Board>(game: &DynGame<B>) -> usize {
    let plies = game.moves().len();
    if game.start().turn() == game.rules().start().turn() {
        plies / 2 + 1
    } else {
        plies.div_ceil(2) + 1
    }
}
