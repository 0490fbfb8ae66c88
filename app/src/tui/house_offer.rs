//! The draw offer some rules make ([`Rules::draw_offer_due`]; the house rules of the Russian
//! program: at most four pieces and eight pairs of moves without a capture or a man move), as
//! the line console makes it (`console/czech/house_offer.rs`) and with its texts: between two
//! people both are asked, the side to move first; a person playing the engine is asked when
//! the engine would accept; two engines agree when both accept. Declined, it is not made again
//! in the same position; the rules make it again later.
//!
//! The questions are the app's yes/no dialog ([`Confirmed::RulesOffer`],
//! [`Confirmed::RulesOfferEngine`]); the engine answers on its thread ([`Busy::RulesOffer`]),
//! and while it does, nobody moves.

use super::app::{App, Busy, Confirmed, Dialog};
use super::worker::Task;
use crate::console::czech::{capitalize, fill};
use dama_engine::EngineRules;

impl<R: EngineRules> App<R> {
    /// Makes the rules' draw offer if it is due in the current position and was not made at
    /// this half-move yet: opens the question or asks the engine. Whether it did.
    pub(super) fn rules_offer(&mut self) -> bool {
        let ply = self.game.moves().len();
        if self.rules_offer_ply == Some(ply)
            || !R::draw_offer_due(self.game.position(), self.game.counters())
        {
            return false;
        }
        self.rules_offer_ply = Some(ply);
        let mover = self.game.turn();
        let task = match [mover, !mover].map(|side| self.is_engine(side)) {
            [false, false] => {
                self.ask_rules_offer(mover);
                return true;
            }
            [true, true] => Task::AcceptDrawBoth,
            [true, false] => Task::AcceptDraw(mover),
            [false, true] => Task::AcceptDraw(!mover),
        };
        let id = self.worker.ask(&self.game, task);
        self.busy = Some(Busy::RulesOffer(id));
        true
    }

    /// Asks the person playing `side` whether they accept the rules' draw offer.
    fn ask_rules_offer(&mut self, side: dama_core::Color) {
        let question = capitalize(&fill(self.rt.house_offer, &[self.t.side(side)]));
        self.dialog = Some(Dialog::Confirm {
            question,
            action: Confirmed::RulesOffer(side),
        });
    }

    /// The engine's answer to the rules' offer: two engines agree when both accept; a person
    /// playing the engine is asked when it accepts. Otherwise the game goes on.
    pub(super) fn rules_offer_answered(&mut self, accepts: bool) {
        if !accepts {
            return;
        }
        if self.is_engine(self.game.turn()) && self.is_engine(!self.game.turn()) {
            self.say(self.rt.house_engines_agree);
            self.agreed();
        } else {
            self.dialog = Some(Dialog::Confirm {
                question: self.rt.house_offer_engine.to_string(),
                action: Confirmed::RulesOfferEngine,
            });
        }
    }

    /// A person's answer to the rules' offer: between two people a yes of the side to move
    /// asks the other side next; a no declines it (and the engine makes no offer of its own
    /// before the rules' next).
    pub(super) fn rules_offer_confirmed(&mut self, action: Confirmed, yes: bool) {
        match (action, yes) {
            (Confirmed::RulesOffer(side), true) if side == self.game.turn() => {
                self.ask_rules_offer(!side);
            }
            (_, true) => self.agreed(),
            (_, false) => {
                self.offer_declined = true;
                self.say(self.t.draw_declined);
            }
        }
    }

    /// The players agreed to a draw: the game ends.
    pub(super) fn agreed(&mut self) {
        self.game.agree_draw();
        self.announce_outcome();
    }
}
