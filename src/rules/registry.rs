//! The registry of rule sets: every rule set the program knows, with the constants that
//! identify it (name, PDN game type and variant tag, default dialogue language, notation), and
//! the [`with_rules!`](crate::with_rules) macro that turns a run-time choice into the static
//! type.
//!
//! Adding a rule set: write its file (a type implementing [`Rules`](super::Rules), usually
//! through the shared generator's [`Params`](super::Params), and its `INFO` constant), then
//! add one variant and one line to each list below. Nothing else names the rule sets: the
//! command line's `--rules` values, help and error text, the PDN tags and the default
//! languages come from here.

use std::fmt;

use crate::cli::Lang;
use crate::notation::Notation;

/// The constants that identify a rule set.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RuleSetInfo {
    /// The name on the command line (`--rules NAME`).
    pub name: &'static str,
    /// What the rule set is, in a few English words (for help texts).
    pub summary: &'static str,
    /// The PDN `GameType` number.
    pub pdn_game_type: u32,
    /// The PDN `Variant` tag that tells this set from others with the same game type.
    pub pdn_variant: Option<&'static str>,
    /// The default language of the dialogue.
    pub lang: Lang,
    /// How moves are written.
    pub notation: Notation,
}

/// A rule set chosen at run time.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum RuleSet {
    /// The Spanish-spec variant: optional capture, at most three hops, numeric coordinates.
    #[default]
    Spanish,
    /// The official Czech rules (česká dáma).
    Czech,
    /// The Russian rules (русские шашки).
    Russian,
    /// The house rules of the Russian checkers program.
    House,
    /// English draughts, American checkers.
    English,
    /// The Italian rules (dama italiana).
    Italian,
    /// The Spanish federation's rules (damas españolas).
    SpanishOfficial,
    /// The Brazilian rules (damas brasileiras).
    Brazilian,
    /// American pool checkers.
    Pool,
    /// Thai draughts (mak-hot).
    Thai,
}

impl RuleSet {
    /// Every rule set, in the order the command line lists them.
    pub const ALL: [RuleSet; 10] = [
        RuleSet::Spanish,
        RuleSet::Czech,
        RuleSet::Russian,
        RuleSet::House,
        RuleSet::English,
        RuleSet::Italian,
        RuleSet::SpanishOfficial,
        RuleSet::Brazilian,
        RuleSet::Pool,
        RuleSet::Thai,
    ];

    /// The constants of the rule set.
    pub const fn info(self) -> &'static RuleSetInfo {
        match self {
            RuleSet::Spanish => &super::spanish::INFO,
            RuleSet::Czech => &super::czech::INFO,
            RuleSet::Russian => &super::russian::INFO,
            RuleSet::House => &super::house::INFO,
            RuleSet::English => &super::english::INFO,
            RuleSet::Italian => &super::italian::INFO,
            RuleSet::SpanishOfficial => &super::spanish_official::INFO,
            RuleSet::Brazilian => &super::brazilian::INFO,
            RuleSet::Pool => &super::pool::INFO,
            RuleSet::Thai => &super::thai::INFO,
        }
    }

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The names of every rule set as a list for messages: `spanish, czech, russian or house`.
    pub fn names_list() -> String {
        let names: Vec<String> = RuleSet::ALL.iter().map(|r| r.name().to_string()).collect();
        join_or(&names)
    }

    /// The help text of `--rules`: every rule set with its summary.
    pub fn help_text() -> String {
        let sets: Vec<String> = RuleSet::ALL
            .iter()
            .map(|r| format!("{} ({})", r.name(), r.info().summary))
            .collect();
        format!("The rule set (default spanish): {}", join_or(&sets))
    }

    /// The help text of `--lang`: the default language of every rule set.
    pub fn lang_help_text() -> String {
        use clap::ValueEnum;
        let defaults: Vec<String> = RuleSet::ALL
            .iter()
            .map(|r| {
                let lang = r.info().lang.to_possible_value();
                let lang = lang.as_ref().map_or("?", |v| v.get_name());
                format!("{lang} for {}", r.name())
            })
            .collect();
        format!(
            "The language of the dialogue (play; default: {})",
            defaults.join(", ")
        )
    }

    /// The rule set a PDN record names by its `GameType` and `Variant` tags, if any: the set
    /// with that game type whose variant tag matches (case aside), or, without a matching
    /// variant, the one with that game type and no variant tag.
    pub fn from_pdn(game_type: u32, variant: Option<&str>) -> Option<RuleSet> {
        let same_type = || {
            RuleSet::ALL
                .into_iter()
                .filter(move |r| r.info().pdn_game_type == game_type)
        };
        let variant = variant.map(str::trim).filter(|v| !v.is_empty());
        if let Some(v) = variant
            && let Some(found) = same_type().find(|r| {
                r.info()
                    .pdn_variant
                    .is_some_and(|own| own.eq_ignore_ascii_case(v))
            })
        {
            return Some(found);
        }
        same_type().find(|r| r.info().pdn_variant.is_none())
    }
}

/// `a, b or c`.
fn join_or(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown rule set name; the message lists the known ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set '{0}' (expected {list})", list = RuleSet::names_list())]
pub struct UnknownRuleSet(pub String);

impl std::str::FromStr for RuleSet {
    type Err = UnknownRuleSet;
    fn from_str(s: &str) -> Result<RuleSet, UnknownRuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRuleSet(s.to_string()))
    }
}

/// Runs `$body` with `$R` standing for the static rule type of the run-time `$set`.
///
/// ```
/// use dama::{perft, with_rules, Position, RuleSet};
/// let set = RuleSet::Czech;
/// let nodes = with_rules!(set, R => perft::perft::<R>(&Position::initial(), 2));
/// assert_eq!(nodes, 49);
/// ```
#[macro_export]
macro_rules! with_rules {
    ($set:expr, $R:ident => $body:expr) => {
        match $set {
            $crate::RuleSet::Spanish => {
                type $R = $crate::Spanish;
                $body
            }
            $crate::RuleSet::Czech => {
                type $R = $crate::Czech;
                $body
            }
            $crate::RuleSet::Russian => {
                type $R = $crate::rules::Russian;
                $body
            }
            $crate::RuleSet::House => {
                type $R = $crate::rules::House;
                $body
            }
            $crate::RuleSet::English => {
                type $R = $crate::rules::English;
                $body
            }
            $crate::RuleSet::Italian => {
                type $R = $crate::rules::Italian;
                $body
            }
            $crate::RuleSet::SpanishOfficial => {
                type $R = $crate::rules::SpanishOfficial;
                $body
            }
            $crate::RuleSet::Brazilian => {
                type $R = $crate::rules::Brazilian;
                $body
            }
            $crate::RuleSet::Pool => {
                type $R = $crate::rules::Pool;
                $body
            }
            $crate::RuleSet::Thai => {
                type $R = $crate::rules::Thai;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_pdn_tags() {
        assert_eq!(
            RuleSet::names_list(),
            "spanish, czech, russian, house, english, italian, spanish-official, brazilian, pool \
             or thai"
        );
        assert_eq!(
            RuleSet::lang_help_text(),
            "The language of the dialogue (play; default: es for spanish, cs for czech, ru for russian, \
             ru for house, en for english, en for italian, en for spanish-official, en for brazilian, \
             en for pool, en for thai)"
        );
        assert!(RuleSet::help_text().ends_with(
            "house (the house rules of the Russian checkers program), english (English draughts, \
             American checkers), italian (the Italian rules), spanish-official (the Spanish \
             federation's rules), brazilian (the Brazilian rules), pool (American pool checkers) or \
             thai (Thai draughts)"
        ));
        assert_eq!(
            "HOUSE".parse::<RuleSet>(),
            Ok(RuleSet::House),
            "names are read in any case"
        );
        assert_eq!(
            "polish".parse::<RuleSet>().unwrap_err().to_string(),
            "unknown rule set 'polish' (expected spanish, czech, russian, house, english, italian, \
             spanish-official, brazilian, pool or thai)"
        );
        assert_eq!(RuleSet::from_pdn(25, None), Some(RuleSet::Russian));
        assert_eq!(RuleSet::from_pdn(25, Some("House")), Some(RuleSet::House));
        assert_eq!(RuleSet::from_pdn(25, Some("other")), Some(RuleSet::Russian));
        assert_eq!(RuleSet::from_pdn(29, None), Some(RuleSet::Czech));
        assert_eq!(RuleSet::from_pdn(20, None), None);
        assert_eq!(RuleSet::from_pdn(21, None), Some(RuleSet::English));
        assert_eq!(RuleSet::from_pdn(24, None), Some(RuleSet::SpanishOfficial));
        assert_eq!(
            RuleSet::from_pdn(24, Some("spanish-spec")),
            Some(RuleSet::Spanish)
        );
        assert_eq!(
            "Spanish-Official".parse::<RuleSet>(),
            Ok(RuleSet::SpanishOfficial)
        );
        for set in RuleSet::ALL {
            assert_eq!(
                RuleSet::from_pdn(set.info().pdn_game_type, set.info().pdn_variant),
                Some(set),
                "{set}"
            );
        }
    }
}
