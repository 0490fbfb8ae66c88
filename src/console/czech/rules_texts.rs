//! The texts of the line dialogue that only some rule sets use: the Russian draw rule that has
//! no Czech counterpart and the house rules' draw offer. One [`RulesTexts`] per language, next
//! to its [`Texts`] (`catalog::cs::RULES_TEXTS`, …).
//!
//! [`Texts`]: super::Texts

/// The rule-set texts of the dialogue in one language. Templates hold `{0}`, `{1}`… for
/// [`fill`](super::fill).
#[derive(Debug)]
pub struct RulesTexts {
    /// A draw by the Russian rule 4: kings on both sides and the material unchanged.
    pub draw_material: &'static str,
    /// The house rules offer a draw to a person: {0} the side asked.
    pub house_offer: &'static str,
    /// The house rules offer a draw to the person playing the engine, which would accept.
    pub house_offer_engine: &'static str,
    /// Both engines accept the draw the house rules offer.
    pub house_engines_agree: &'static str,
}
