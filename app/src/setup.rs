//! Where a command's game starts, from plain values: the position of a FEN text (or the rule
//! set's start) and the game that a list of moves plays from it. The command line hands these
//! texts down (`--fen`, `--moves`); the subcommands call here.

use dama_core::game::Game;
use dama_core::{GameRules, MoveListOn, PositionOn};

use crate::console::ConsoleBoard;

/// Why a start could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The FEN text is not a position of the rule set.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// A move of the list cannot be played.
    #[error("--moves: move {number} '{text}': {why}")]
    Move {
        /// Its place in the list, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        why: String,
    },
}

/// The start under `rules`: the position of the FEN `fen` (read in the rule set's
/// numbering), else the rule set's initial position.
pub fn start_on<R: GameRules>(
    rules: R,
    fen: Option<&str>,
) -> Result<PositionOn<R::GameBoard>, SetupError> {
    let rules = rules.object();
    match fen {
        Some(text) => rules
            .parse_fen(text)
            .map_err(|e| SetupError::Fen(e.to_string())),
        None => Ok(rules.start()),
    }
}

/// The game that `moves` plays from `start` (none: the position alone), on either board.
/// Each move is read as the rule set writes it ([`ConsoleBoard::write_move`]): the text a legal
/// move is written as, else any form the board's notation reads
/// ([`ConsoleBoard::parse_move`]: the rule set's notation on 8×8, the squares' numbers on
/// 10×10).
pub fn game_from_moves<R: GameRules<GameBoard: ConsoleBoard>>(
    rules: R,
    start: PositionOn<R::GameBoard>,
    moves: Option<&str>,
) -> Result<Game<R>, SetupError> {
    let written = rules.dyn_rules();
    let mut game = Game::with_rules(rules, start);
    let mut legal = MoveListOn::new();
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let bad = |why: String| SetupError::Move {
            number: i + 1,
            text: text.to_string(),
            why,
        };
        game.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(bad("the game is over".into()));
        }
        let mv = match legal
            .iter()
            .find(|mv| R::GameBoard::write_move(written, mv) == text)
        {
            Some(mv) => *mv,
            None => {
                R::GameBoard::parse_move(written, text, game.position(), &legal).map_err(bad)?
            }
        };
        game.try_play(&mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(game)
}
