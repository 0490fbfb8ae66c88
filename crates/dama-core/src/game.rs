//! A game: the positions and moves played so far, undo and redo, and the result.
//!
//! [`Game`] is what both consoles and the engine players share. It applies the rule set's end
//! and draw rules (including threefold repetition) after every move, and records results that
//! the players decide themselves (resignation, agreed draw).

use crate::Color;
use crate::board::{Board, Board8};
use crate::mv::{MoveListOn, MoveOn};
use crate::position::PositionOn;
use crate::rules::{BoardRules, GameRules};
use crate::rules::{DrawCounters, DrawReason};

/// What a saved record holds of a game: its start, its moves and how it ended
/// ([`Game::snapshot`]). A game is unsaved when its snapshot differs from the one taken when
/// it was started, loaded or saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot<B: Board = Board8> {
    start: PositionOn<B>,
    moves: Vec<MoveOn<B>>,
    outcome: Option<Outcome>,
}

/// Why a game was won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser is to move and has no legal move.
    Blocked,
    /// The winner crowned the first king (breakthrough).
    Crowned,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out (the flag fell).
    Time,
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal in the current position.
    #[error("the move is not legal here")]
    Illegal,
}

/// One step of the game: the position before a move, its draw counters, and the move.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ply<B: Board> {
    before: PositionOn<B>,
    counters: DrawCounters,
    mv: MoveOn<B>,
}

/// A game of any rule set on the board `B`, chosen at run time.
pub type DynGame<B> = Game<crate::rules::DynRules<B>>;

/// A game under the rules `R`: a rule set's type ([`BoardRules`], every call static) or a
/// rule set chosen at run time ([`DynRules`](crate::rules::DynRules), for the front ends).
#[derive(Clone, Debug)]
pub struct Game<R: GameRules> {
    start: PositionOn<R::GameBoard>,
    plies: Vec<Ply<R::GameBoard>>,
    redo: Vec<MoveOn<R::GameBoard>>,
    position: PositionOn<R::GameBoard>,
    counters: DrawCounters,
    declared: Option<Outcome>,
    outcome: Option<Outcome>,
    rules: R,
}

impl<R: BoardRules> Default for Game<R> {
    fn default() -> Self {
        Game::new(R::start())
    }
}

impl<R: BoardRules> Game<R> {
    /// A new game from `start`.
    pub fn new(start: PositionOn<R::Board>) -> Game<R> {
        Game::with_rules(R::default(), start)
    }
}

impl<R: GameRules> Game<R> {
    /// A new game under `rules` from `start`.
    pub fn with_rules(rules: R, start: PositionOn<R::GameBoard>) -> Game<R> {
        let mut game = Game {
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            position: start,
            counters: rules.object().start_counters(&start),
            declared: None,
            outcome: None,
            rules,
        };
        game.outcome = game.judge();
        game
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> R {
        self.rules
    }

    /// The same game under `rules`, which must be the same rule set (by name) in another
    /// form: a [`DynRules`](crate::rules::DynRules) game given its static type for a search,
    /// or the other way round. `None` for another rule set.
    pub fn to_rules<S: GameRules<GameBoard = R::GameBoard>>(&self, rules: S) -> Option<Game<S>> {
        if rules.object().info().name != self.rules.object().info().name {
            return None;
        }
        Some(Game {
            start: self.start,
            plies: self.plies.clone(),
            redo: self.redo.clone(),
            position: self.position,
            counters: self.counters,
            declared: self.declared,
            outcome: self.outcome,
            rules,
        })
    }

    /// The position the game started from.
    pub fn start(&self) -> &PositionOn<R::GameBoard> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &PositionOn<R::GameBoard> {
        &self.position
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The draw counters of the current position.
    pub fn counters(&self) -> &DrawCounters {
        &self.counters
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &MoveOn<R::GameBoard>> + '_ {
        self.plies.iter().map(|p| &p.mv)
    }

    /// The positions reached so far, the start first and the current one last.
    pub fn positions(&self) -> impl Iterator<Item = &PositionOn<R::GameBoard>> + '_ {
        self.plies
            .iter()
            .map(|p| &p.before)
            .chain(std::iter::once(&self.position))
    }

    /// The legal moves in the current position (none once the game is over).
    pub fn legal_moves(&self, moves: &mut MoveListOn<R::GameBoard>) {
        if self.outcome.is_some() {
            moves.clear();
        } else {
            self.rules.object().legal_moves(&self.position, moves);
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// What a saved record of the game would hold now (to tell whether it changed since).
    pub fn snapshot(&self) -> Snapshot<R::GameBoard> {
        Snapshot {
            start: self.start,
            moves: self.moves().copied().collect(),
            outcome: self.outcome(),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays `mv`, which must be one of the legal moves.
    pub fn try_play(&mut self, mv: &MoveOn<R::GameBoard>) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let mut moves = MoveListOn::new();
        self.rules.object().legal_moves(&self.position, &mut moves);
        // The generator's own move: it carries what `mv` may lack (whether it crowns).
        let Some(legal) = moves.iter().find(|m| *m == mv).copied() else {
            return Err(PlayError::Illegal);
        };
        self.push(legal);
        self.redo.clear();
        Ok(())
    }

    /// Plays `mv`; panics if it is not legal (use [`Game::try_play`] for untrusted moves).
    pub fn play(&mut self, mv: &MoveOn<R::GameBoard>) {
        if let Err(e) = self.try_play(mv) {
            panic!("Game::play: {e}: {mv:?}");
        }
    }

    fn push(&mut self, mv: MoveOn<R::GameBoard>) {
        let before = self.position;
        let after = before.after(&mv);
        self.plies.push(Ply {
            before,
            counters: self.counters,
            mv,
        });
        self.counters = self
            .rules
            .object()
            .next_counters(&self.counters, &before, &mv, &after);
        self.position = after;
        self.outcome = self.judge();
    }

    /// Takes back the last move; returns it, or `None` at the start.
    /// A declared result (resignation, agreed draw) is taken back first.
    pub fn undo(&mut self) -> Option<MoveOn<R::GameBoard>> {
        if self.declared.take().is_some() {
            self.outcome = self.judge();
            return self.plies.last().map(|p| p.mv);
        }
        let ply = self.plies.pop()?;
        self.position = ply.before;
        self.counters = ply.counters;
        self.redo.push(ply.mv);
        self.outcome = self.judge();
        Some(ply.mv)
    }

    /// Plays again the last move taken back; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<MoveOn<R::GameBoard>> {
        if self.outcome.is_some() {
            return None;
        }
        let mv = self.redo.pop()?;
        self.push(mv);
        Some(mv)
    }

    /// Ends the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) {
        self.declare(Outcome::Win {
            winner: !loser,
            reason: WinReason::Resignation,
        });
    }

    /// Ends the game by the flag fall of `loser`: its time ran out.
    pub fn lose_on_time(&mut self, loser: Color) {
        self.declare(Outcome::Win {
            winner: !loser,
            reason: WinReason::Time,
        });
    }

    /// Ends the game as a draw agreed by the players.
    pub fn agree_draw(&mut self) {
        self.declare(Outcome::Draw(DrawReason::Agreement));
    }

    fn declare(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.declared = Some(outcome);
            self.outcome = Some(outcome);
        }
    }

    /// How many times the current position (pieces and side to move) has occurred.
    /// Only positions since the last capture or man move can repeat it.
    pub fn repetitions(&self) -> usize {
        let mut count = 1;
        for ply in self.plies.iter().rev() {
            if ply.before == self.position {
                count += 1;
            }
            if ply.before.is_irreversible(&ply.mv) {
                break;
            }
        }
        count
    }

    /// The result the rules give the current position, if the game is over.
    fn judge(&self) -> Option<Outcome> {
        if let Some(declared) = self.declared {
            return Some(declared);
        }
        let rules = self.rules.object();
        let pos = &self.position;
        let mover = pos.turn();
        let cannot_move_wins = rules.cannot_move_wins();
        let winner = if cannot_move_wins { mover } else { !mover };
        if rules.crowning_wins() {
            // The side that crowned last is the one not to move; a start position may give
            // the side to move a king (its game is over too).
            if let Some(&side) = [!mover, mover].iter().find(|&&s| !pos.kings(s).is_empty()) {
                return Some(Outcome::Win {
                    winner: side,
                    reason: WinReason::Crowned,
                });
            }
        }
        // A side with no pieces has lost them all, whichever side is to move: a start
        // position (a FEN, the console's setup, the screen's editor) with one side only is a
        // game already over, won by the side with pieces (by the side without them where
        // being unable to move wins). In play only the side to move can be the one without.
        let sides: &[Color] = if rules.bare_side_loses_at_once() {
            &[mover, !mover]
        } else {
            &[mover]
        };
        for &side in sides {
            if pos.pieces(side).is_empty() {
                return Some(Outcome::Win {
                    winner: if cannot_move_wins { side } else { !side },
                    reason: WinReason::NoPieces,
                });
            }
        }
        if rules.cannot_move(pos, &mut MoveListOn::new()) {
            return Some(Outcome::Win {
                winner,
                reason: WinReason::Blocked,
            });
        }
        if rules.repetition_draw() && self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        rules.counters_draw(&self.counters).map(Outcome::Draw)
    }
}
