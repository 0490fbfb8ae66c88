//! The draw offer some rules make ([`Rules::draw_offer_due`]; the house rules of the Russian
//! program): between two people the console asks both, a person playing the engine is asked
//! when the engine would accept, and two engines agree when both accept. Declined, it is not
//! asked again in the same position; the rules make it again later.

use super::{Flow, Session, capitalize, fill};
use crate::console::{ConsoleError, LineIo};
use dama_engine::EngineRules;

impl<R: EngineRules> Session<'_, R> {
    /// Makes the rules' draw offer if it is due in the current position and was not made
    /// there yet. `Some(Flow::Quit)` at the end of input.
    pub(super) fn rules_offer(
        &mut self,
        io: &mut LineIo<'_>,
    ) -> Result<Option<Flow>, ConsoleError> {
        let ply = self.game.moves().len();
        if self.game.is_over()
            || self.rules_offer_ply == Some(ply)
            || !R::draw_offer_due(self.game.position(), self.game.counters())
        {
            return Ok(None);
        }
        self.rules_offer_ply = Some(ply);
        let mover = self.game.turn();
        let engines = [mover, !mover].map(|side| self.is_engine(side));
        let agreed = match engines {
            [true, true] => {
                let agreed = self.engine.accepts_draw(&self.game, mover)
                    && self.engine.accepts_draw(&self.game, !mover);
                if agreed {
                    io.line(self.rt.house_engines_agree)?;
                }
                agreed
            }
            [false, false] => {
                let mut agreed = true;
                for side in [mover, !mover] {
                    let question = capitalize(&fill(self.rt.house_offer, &[self.t.side(side)]));
                    match self.ask_yes_no(io, &question)? {
                        None => return Ok(Some(Flow::Quit)),
                        Some(true) => {}
                        Some(false) => {
                            agreed = false;
                            break;
                        }
                    }
                }
                agreed
            }
            _ => {
                let engine_side = if engines[0] { mover } else { !mover };
                if !self.engine.accepts_draw(&self.game, engine_side) {
                    return Ok(None);
                }
                match self.ask_yes_no(io, self.rt.house_offer_engine)? {
                    None => return Ok(Some(Flow::Quit)),
                    Some(answer) => answer,
                }
            }
        };
        if agreed {
            self.game.agree_draw();
        } else if engines != [true, true] {
            // Declined: the engine does not make an offer of its own before the rules' next.
            self.offer_declined = true;
            io.line(self.t.draw_declined)?;
        }
        Ok(None)
    }
}
