//! The draw offer some rules make ([`Rules::draw_offer_due`](dama_core::Rules); the house
//! rules of the Russian program) on the screen: the questions and answers of
//! [`RulesOffer`](crate::play::session::RulesOffer), whose rules the line console follows too. The
//! questions are the app's yes/no dialog ([`Confirmed::RulesOffer`],
//! [`Confirmed::RulesOfferEngine`]); the engine answers on its thread ([`Busy::RulesOffer`]),
//! and while it does, nobody moves.

use super::app::{App, Busy, Confirmed};
use super::boards::TuiBoard;
use super::worker::Task;
use crate::i18n::{capitalize, fill};
use crate::play::session::{OfferNext, OfferQuestion};

impl<B: TuiBoard> App<B> {
    /// Makes the rules' draw offer if it is due in the current position and was not made at
    /// this half-move yet: opens the question or asks the engine. Whether it did.
    pub(super) fn rules_offer(&mut self) -> bool {
        let Some(question) = self.offer.due(&self.game, self.players()) else {
            return false;
        };
        self.put(question);
        true
    }

    /// Puts `question` to a person (a dialog) or to the engine (its thread).
    fn put(&mut self, question: OfferQuestion) {
        let task = match question {
            OfferQuestion::Person(side) => {
                let text = capitalize(&fill(self.rt.house_offer, &[self.t.side(side)]));
                return self.ask(text, Confirmed::RulesOffer(side));
            }
            OfferQuestion::PersonAgainstEngine => {
                let text = self.rt.house_offer_engine.to_string();
                return self.ask(text, Confirmed::RulesOfferEngine);
            }
            OfferQuestion::Engines => Task::AcceptDrawBoth,
            OfferQuestion::Engine(side) => Task::AcceptDraw(side),
        };
        let id = self.worker.ask(&self.game, task);
        self.busy = Some(Busy::RulesOffer(id));
    }

    /// The engine's answer to the rules' offer.
    pub(super) fn rules_offer_answered(&mut self, accepts: bool) {
        let mover = self.game.turn();
        let question = if self.is_engine(mover) && self.is_engine(!mover) {
            OfferQuestion::Engines
        } else {
            OfferQuestion::Engine(if self.is_engine(mover) { mover } else { !mover })
        };
        self.settle(question, accepts);
    }

    /// A person's answer to the rules' offer.
    pub(super) fn rules_offer_confirmed(&mut self, action: Confirmed, yes: bool) {
        let question = match action {
            Confirmed::RulesOffer(side) => OfferQuestion::Person(side),
            _ => OfferQuestion::PersonAgainstEngine,
        };
        self.settle(question, yes);
    }

    fn settle(&mut self, question: OfferQuestion, yes: bool) {
        match self.offer.answer(question, self.game.turn(), yes) {
            OfferNext::Ask(next) => self.put(next),
            OfferNext::Agreed => {
                if question == OfferQuestion::Engines {
                    self.say(self.rt.house_engines_agree);
                }
                self.agreed();
            }
            OfferNext::Declined => self.say(self.t.draw_declined),
            OfferNext::Dropped => {}
        }
    }

    /// The players agreed to a draw: the game ends.
    pub(super) fn agreed(&mut self) {
        self.game.agree_draw();
        self.announce_outcome();
    }
}
