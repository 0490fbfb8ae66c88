//! A game's opening: the position it starts from and the moves played before the players take
//! over. The opening ballots ([`crate::ballots`]) and the openings of a match
//! ([`crate::matchplay::openings`]) are both lists of these.

use dama_core::game::Game;
use dama_core::{Board, Board8, GameRules, MoveListOn, PositionOn, fen};

/// A start: a position and the moves played from it before the players take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening<B: Board = Board8> {
    /// The position the game starts from.
    pub start: PositionOn<B>,
    /// The opening moves played from it, in the rule set's notation.
    pub moves: Vec<String>,
}

impl<B: Board> Opening<B> {
    /// The game after the opening, if every move is legal and the game is not over.
    pub fn game<R: GameRules<GameBoard = B>>(&self, rules: R) -> Option<Game<R>> {
        let mut game = Game::with_rules(rules, self.start);
        let mut list = MoveListOn::new();
        for text in &self.moves {
            game.legal_moves(&mut list);
            let mv = *list
                .iter()
                .find(|mv| rules.object().write_move(mv) == *text)?;
            game.try_play(&mv).ok()?;
        }
        (!game.is_over()).then_some(game)
    }

    /// The opening as one line: the start's FEN, then the moves.
    pub fn describe(&self) -> String {
        let mut text = fen::write(&self.start);
        for mv in &self.moves {
            text.push(' ');
            text.push_str(mv);
        }
        text
    }
}
