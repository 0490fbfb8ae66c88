//! The rules of a game session that the line console and the TUI both follow, apart from how
//! they read and show things: who plays each side, taking moves back and playing them again
//! against the engine, and the rules' draw offer (the house rules of the Russian program).
//! The front ends keep only their input and output; what a command does to the game is here,
//! once.

use dama_core::game::Game;
use dama_core::{Board, Board8, Color, GameRules, MoveOn, pdn};

/// Who plays a side (`--white`, `--black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayerKind {
    /// A person typing moves.
    #[default]
    Human,
    /// The computer.
    Engine,
}

/// Who plays each side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Players {
    /// Who plays white.
    pub white: PlayerKind,
    /// Who plays black.
    pub black: PlayerKind,
}

impl Players {
    /// Whether the engine plays `color`.
    pub fn is_engine(self, color: Color) -> bool {
        let kind = match color {
            Color::White => self.white,
            Color::Black => self.black,
        };
        kind == PlayerKind::Engine
    }
}

/// What `undo` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undo<B: Board = Board8> {
    /// A resignation or an agreed draw was taken back; the moves stay.
    ResultUndone,
    /// No move has been played.
    Nothing,
    /// Every move so far is the engine's: nothing of the person's to take back.
    NothingOfYours,
    /// Only the moves of the ballot the game started from are played: they stay.
    BallotStays,
    /// These moves were taken back, the last first.
    Undone(Vec<MoveOn<B>>),
}

/// Takes back moves so that a person is to move again: a declared result first; else the
/// last move a person made and every engine reply after it. The first `kept` moves (those of
/// the ballot the game started from, `--ballot`) are never taken back.
pub fn undo<R: GameRules>(game: &mut Game<R>, players: Players, kept: usize) -> Undo<R::GameBoard> {
    if pdn::is_declared(game.outcome()) {
        game.undo();
        return Undo::ResultUndone;
    }
    let played = game.moves().len();
    if played == 0 {
        return Undo::Nothing;
    }
    if played <= kept {
        return Undo::BallotStays;
    }
    let first = game.start().turn();
    let mover = |i: usize| if i.is_multiple_of(2) { first } else { !first };
    let Some(last_human) = (kept..played).rev().find(|&i| !players.is_engine(mover(i))) else {
        return Undo::NothingOfYours;
    };
    let mut taken = Vec::new();
    while game.moves().len() > last_human {
        match game.undo() {
            Some(mv) => taken.push(mv),
            None => break,
        }
    }
    Undo::Undone(taken)
}

/// Plays again a taken-back move and every engine move taken back after it; the moves played,
/// none when nothing was taken back.
pub fn redo<R: GameRules>(game: &mut Game<R>, players: Players) -> Vec<MoveOn<R::GameBoard>> {
    let mut played = Vec::new();
    if let Some(mv) = game.redo() {
        played.push(mv);
        while players.is_engine(game.turn())
            && let Some(mv) = game.redo()
        {
            played.push(mv);
        }
    }
    played
}

/// A question of the rules' draw offer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OfferQuestion {
    /// Between two people: the person playing this side is asked.
    Person(Color),
    /// Against the engine, which accepts: the person is asked.
    PersonAgainstEngine,
    /// The engine is asked whether it accepts for this side.
    Engine(Color),
    /// Two engines: both are asked.
    Engines,
}

/// Where the rules' draw offer stands after an answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OfferNext {
    /// The next question.
    Ask(OfferQuestion),
    /// Both sides accept: the game is drawn.
    Agreed,
    /// A person declined.
    Declined,
    /// The engine declined: the game goes on without a word.
    Dropped,
}

/// The half-moves after which a game between two engines under rules with no draw rule of
/// their own ([`dama_core::Rules::DRAWS_BY_RULE`]: the Spanish spec's) ends in a draw, said
/// when it does: 400, as `dama match`'s default `--max-plies` (two engines shuffling kings
/// would otherwise play for ever, the input being read by nobody).
pub const ENGINE_MOVE_CAP: usize = 400;

/// Whether the game between `players` has reached [`ENGINE_MOVE_CAP`] (both engines, rules
/// that draw nothing, the game going on).
pub fn engine_cap_reached<R: GameRules>(game: &Game<R>, players: Players) -> bool {
    !game.rules().object().draws_by_rule()
        && players.is_engine(dama_core::Color::White)
        && players.is_engine(dama_core::Color::Black)
        && !game.is_over()
        && game.moves().len() >= ENGINE_MOVE_CAP
}

/// The draw offer some rules make ([`Rules::draw_offer_due`]): between two people both are
/// asked, the side to move first; a person playing the engine is asked when the engine would
/// accept; two engines agree when both accept. Made once per half-move; once a person declines,
/// the engine makes no offer of its own in that game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesOffer {
    /// The half-move the offer was last made at.
    made_at: Option<usize>,
    /// A person declined an offer (the rules' or the engine's) in this game: the engine makes
    /// no offer of its own again.
    declined: bool,
}

impl RulesOffer {
    /// The first question of the rules' offer, if it is due now and was not made at this
    /// half-move yet (it counts as made from now on).
    pub fn due<R: GameRules>(&mut self, game: &Game<R>, players: Players) -> Option<OfferQuestion> {
        let ply = game.moves().len();
        if game.is_over()
            || self.made_at == Some(ply)
            || !game
                .rules()
                .object()
                .draw_offer_due(game.position(), game.counters())
        {
            return None;
        }
        self.made_at = Some(ply);
        let mover = game.turn();
        Some(match [mover, !mover].map(|side| players.is_engine(side)) {
            [false, false] => OfferQuestion::Person(mover),
            [true, true] => OfferQuestion::Engines,
            [true, false] => OfferQuestion::Engine(mover),
            [false, true] => OfferQuestion::Engine(!mover),
        })
    }

    /// The answer `yes` to `question`, with `mover` the side to move: what comes next.
    pub fn answer(&mut self, question: OfferQuestion, mover: Color, yes: bool) -> OfferNext {
        let next = match (question, yes) {
            (OfferQuestion::Person(side), true) if side == mover => {
                OfferNext::Ask(OfferQuestion::Person(!side))
            }
            (OfferQuestion::Engine(_), true) => OfferNext::Ask(OfferQuestion::PersonAgainstEngine),
            (_, true) => OfferNext::Agreed,
            (OfferQuestion::Engine(_) | OfferQuestion::Engines, false) => OfferNext::Dropped,
            (_, false) => OfferNext::Declined,
        };
        if next == OfferNext::Declined {
            self.declined = true;
        }
        next
    }

    /// Whether a person declined an offer in this game.
    pub fn declined(&self) -> bool {
        self.declined
    }

    /// Whether the engine, to move as `mover`, may offer a draw of its own: to a person, and
    /// only until a person has declined an offer in this game.
    pub fn engine_may_offer(&self, players: Players, mover: Color) -> bool {
        !players.is_engine(!mover) && !self.declined
    }

    /// The offer was interrupted before it was settled (the engine was stopped while it
    /// considered it): it is made again when the position comes back.
    pub fn interrupted(&mut self) {
        self.made_at = None;
    }

    /// A person declined the engine's own offer.
    pub fn decline(&mut self) {
        self.declined = true;
    }

    /// A new game, a loaded one or another position: nothing offered yet.
    pub fn reset(&mut self) {
        *self = RulesOffer::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{Czech, Position, fen};

    const HUMANS: Players = Players {
        white: PlayerKind::Human,
        black: PlayerKind::Human,
    };
    const BLACK_ENGINE: Players = Players {
        white: PlayerKind::Human,
        black: PlayerKind::Engine,
    };
    const ENGINES: Players = Players {
        white: PlayerKind::Engine,
        black: PlayerKind::Engine,
    };

    fn game(moves: &[&str]) -> Game<Czech> {
        let mut game = Game::new(Position::initial());
        for text in moves {
            let mut legal = dama_core::MoveList::new();
            game.legal_moves(&mut legal);
            let mv = dama_core::notation::algebraic::parse(text, game.position(), &legal)
                .expect("legal");
            game.play(&mv);
        }
        game
    }

    #[test]
    fn undo_takes_back_to_the_persons_move() {
        let mut g = game(&["c3-d4", "f6-g5", "g3-h4"]);
        // Against the engine (black), the person's last move and nothing after it.
        assert!(matches!(undo(&mut g, BLACK_ENGINE, 0), Undo::Undone(m) if m.len() == 1));
        assert!(matches!(undo(&mut g, BLACK_ENGINE, 0), Undo::Undone(m) if m.len() == 2));
        assert_eq!(undo(&mut g, BLACK_ENGINE, 0), Undo::Nothing);
        // Redo plays the person's move and the engine's reply after it.
        assert_eq!(redo(&mut g, BLACK_ENGINE).len(), 2);
        assert_eq!(redo(&mut g, BLACK_ENGINE).len(), 1);
        assert!(redo(&mut g, BLACK_ENGINE).is_empty());
        // Two people: one move at a time; two engines: nothing of a person's.
        assert!(matches!(undo(&mut g, HUMANS, 0), Undo::Undone(m) if m.len() == 1));
        assert_eq!(undo(&mut g, ENGINES, 0), Undo::NothingOfYours);
    }

    #[test]
    fn undo_keeps_the_ballots_moves() {
        let mut g = game(&["c3-d4", "f6-g5", "g3-h4", "g7-f6"]);
        // Two people, a ballot of three moves: the fourth goes, the ballot's stay.
        assert!(matches!(undo(&mut g, HUMANS, 3), Undo::Undone(m) if m.len() == 1));
        assert_eq!(undo(&mut g, HUMANS, 3), Undo::BallotStays);
        assert_eq!(g.moves().len(), 3);
        // Against the engine (black): the engine's reply after the ballot is no move of the
        // person's, and the ballot's last move, white's, is not the person's to take back.
        redo(&mut g, BLACK_ENGINE);
        assert_eq!(undo(&mut g, BLACK_ENGINE, 3), Undo::NothingOfYours);
        assert_eq!(g.moves().len(), 4);
    }

    #[test]
    fn undo_takes_back_a_declared_result_first() {
        let mut g = game(&["c3-d4"]);
        g.agree_draw();
        assert_eq!(undo(&mut g, HUMANS, 0), Undo::ResultUndone);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn the_rules_offer_asks_in_turn() {
        let g = Game::<dama_core::House>::new(fen::parse("W:WKa1,Kc3:BKh8,Kf8").unwrap());
        // Not due at the start (no quiet half-moves yet).
        assert_eq!(RulesOffer::default().due(&g, HUMANS), None);
        let mut offer = RulesOffer::default();
        let mover = Color::White;
        assert_eq!(
            offer.answer(OfferQuestion::Person(mover), mover, true),
            OfferNext::Ask(OfferQuestion::Person(!mover))
        );
        assert_eq!(
            offer.answer(OfferQuestion::Person(!mover), mover, true),
            OfferNext::Agreed
        );
        assert!(!offer.declined());
        assert_eq!(
            offer.answer(OfferQuestion::Engine(Color::Black), mover, true),
            OfferNext::Ask(OfferQuestion::PersonAgainstEngine)
        );
        assert_eq!(
            offer.answer(OfferQuestion::Engine(Color::Black), mover, false),
            OfferNext::Dropped
        );
        assert!(!offer.declined());
        assert_eq!(
            offer.answer(OfferQuestion::PersonAgainstEngine, mover, false),
            OfferNext::Declined
        );
        assert!(offer.declined());
        offer.reset();
        assert!(!offer.declined());
    }
}
