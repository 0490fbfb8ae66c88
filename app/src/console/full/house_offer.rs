//! The draw offer some rules make ([`Rules::draw_offer_due`](dama_core::Rules); the house
//! rules of the Russian program), asked at the console: the questions and answers of
//! [`RulesOffer`](crate::play::session::RulesOffer), whose rules the TUI follows too.

use super::{Flow, Session, capitalize, fill};
use crate::console::ConsoleBoard;
use crate::console::{ConsoleError, LineIo};
use crate::play::session::{OfferNext, OfferQuestion};

impl<B: ConsoleBoard> Session<'_, B> {
    /// Makes the rules' draw offer if it is due in the current position and was not made
    /// there yet. `Some(Flow::Quit)` at the end of input.
    pub(super) fn rules_offer(
        &mut self,
        io: &mut LineIo<'_>,
    ) -> Result<Option<Flow>, ConsoleError> {
        let Some(mut question) = self.offer.due(&self.game, self.players) else {
            return Ok(None);
        };
        let mover = self.game.turn();
        loop {
            let yes = match question {
                OfferQuestion::Engines => {
                    self.calls.accepts_draw_both(&mut self.player, &self.game)
                }
                OfferQuestion::Engine(side) => {
                    self.calls.accepts_draw(&mut self.player, &self.game, side)
                }
                OfferQuestion::Person(side) => {
                    let text = capitalize(&fill(self.rt.house_offer, &[self.t.side(side)]));
                    match self.ask_yes_no(io, &text)? {
                        None => return Ok(Some(Flow::Quit)),
                        Some(answer) => answer,
                    }
                }
                OfferQuestion::PersonAgainstEngine => {
                    match self.ask_yes_no(io, self.rt.house_offer_engine)? {
                        None => return Ok(Some(Flow::Quit)),
                        Some(answer) => answer,
                    }
                }
            };
            match self.offer.answer(question, mover, yes) {
                OfferNext::Ask(next) => question = next,
                OfferNext::Agreed => {
                    if question == OfferQuestion::Engines {
                        io.line(self.rt.house_engines_agree)?;
                    }
                    self.game.agree_draw();
                    return Ok(None);
                }
                OfferNext::Declined => {
                    io.line(self.t.draw_declined)?;
                    return Ok(None);
                }
                OfferNext::Dropped => return Ok(None),
            }
        }
    }
}
