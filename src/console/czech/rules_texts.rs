//! The texts of the line dialogue that belong to particular rule sets: the title naming the
//! rule set, the Russian draw rule that has no Czech counterpart, the house rules' draw offer
//! and a PDN file of other rules. One [`RulesTexts`] per language, next to its [`Texts`]
//! (`catalog::cs::RULES_TEXTS`, …).
//!
//! [`Texts`]: super::Texts

use crate::RuleSet;

/// The rule-set texts of the dialogue in one language. Templates hold `{0}`, `{1}`… for
/// [`fill`](super::fill).
#[derive(Debug)]
pub struct RulesTexts {
    /// The title line of each rule set, by its registry name; a set not listed gets
    /// [`RulesTexts::title_other`].
    pub titles: &'static [(&'static str, &'static str)],
    /// The title of a rule set without a translated title: {0} its registry summary.
    pub title_other: &'static str,
    /// A draw by the Russian rule 4: kings on both sides and the material unchanged.
    pub draw_material: &'static str,
    /// The house rules offer a draw to a person: {0} the side asked.
    pub house_offer: &'static str,
    /// The house rules offer a draw to the person playing the engine, which would accept.
    pub house_offer_engine: &'static str,
    /// Both engines accept the draw the house rules offer.
    pub house_engines_agree: &'static str,
    /// A PDN file of other rules: {0} the file's rules, {1} the rules being played.
    pub other_rules: &'static str,
}

impl RulesTexts {
    /// The title line of the dialogue for `rules`.
    pub fn title(&self, rules: RuleSet) -> String {
        match self.titles.iter().find(|(name, _)| *name == rules.name()) {
            Some((_, title)) => title.to_string(),
            None => super::fill(self.title_other, &[rules.info().summary]),
        }
    }
}
