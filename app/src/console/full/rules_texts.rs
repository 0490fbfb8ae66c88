//! The texts of the line dialogue that only some rule sets use: the Russian draw rule that has
//! no Czech counterpart and the house rules' draw offer. One [`RulesTexts`] per language, next
//! to its [`Texts`] (`catalog::cs::RULES_TEXTS`, …).
//!
//! [`Texts`]: super::Texts

use super::Texts;
use dama_core::notation::Notation;

/// The rule-set texts of the dialogue in one language. Templates hold `{0}`, `{1}`… for
/// [`fill`](super::fill).
#[derive(Debug)]
pub struct RulesTexts {
    /// The line after the title for rule sets that write captures with `:` (`c3:e5`).
    pub intro_colon: &'static str,
    /// The line after the title for a rule set written with square numbers (`11-15`).
    pub intro_numbered: &'static str,
    /// The line after the title for a rule set written as the Spanish spec's row-column
    /// numbers (`61.52`).
    pub intro_numeric: &'static str,
    /// A draw by the Russian rule 4: kings on both sides and the material unchanged.
    pub draw_material: &'static str,
    /// The house rules offer a draw to a person: {0} the side asked.
    pub house_offer: &'static str,
    /// The house rules offer a draw to the person playing the engine, which would accept.
    pub house_offer_engine: &'static str,
    /// Both engines accept the draw the house rules offer.
    pub house_engines_agree: &'static str,
}

impl RulesTexts {
    /// The line after the title for a rule set written in `notation`: the catalogue's own
    /// (`t.intro`, `c3xe5`), or this catalogue's line for `c3:e5`, `11-15` or `61.52`.
    pub fn intro_for(&self, notation: Notation, t: &Texts) -> &'static str {
        match notation {
            Notation::AlgebraicColon => self.intro_colon,
            Notation::Numbered(_) => self.intro_numbered,
            Notation::Numeric => self.intro_numeric,
            Notation::Algebraic => t.intro,
        }
    }
}
