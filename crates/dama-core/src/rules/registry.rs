//! The registry of rule sets: the one list of every rule set the program knows, from which
//! [`RuleSet`] (the run-time choice), [`RuleSet::ALL`], [`RuleSet::info`] and
//! [`with_rules!`](crate::with_rules) (a run-time choice turned into the static type) are
//! made.
//!
//! Adding a rule set: write its file (a type implementing [`Rules`](super::Rules), usually
//! through the shared generator's [`Params`](super::Params), with its `INFO`), declare it in
//! `rules/mod.rs`, and add one line to [`rule_set_list!`](crate::rule_set_list). Nothing else
//! names the rule sets: the command line's `--rules` values, help and error text, the PDN tags
//! and the default languages come from here. A rule set of another crate implements
//! [`Rules`](super::Rules) the same way and is used through its type (`perft::<MySet>`,
//! `Game<MySet>`, the engine's `analyze::<MySet>`); only the program's `--rules` list needs the
//! registry.

use std::fmt;

use crate::notation::Notation;
use crate::text::join_or;

/// The constants that identify a rule set.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RuleSetInfo {
    /// The name on the command line (`--rules NAME`), in the registry and in table files.
    pub name: &'static str,
    /// What the rule set is, in a few English words (for help texts).
    pub summary: &'static str,
    /// The PDN `GameType` number.
    pub pdn_game_type: u32,
    /// The PDN `Variant` tag that tells this set from others with the same game type.
    pub pdn_variant: Option<&'static str>,
    /// How moves are written and read.
    pub notation: Notation,
    /// The language of the rule set's players, as an ISO 639-1 code (`"cs"`, `"ru"`, `"es"`,
    /// `"en"`): a program's dialogue defaults to it where it speaks that language.
    pub lang: &'static str,
}

/// The one list of the registered rule sets: a line each, `Variant => type`, with the
/// variant's documentation. It hands the list to the macro `$then` of this crate (after
/// `$args`); the registry's enum and [`with_rules!`](crate::with_rules) are made from it.
#[doc(hidden)]
#[macro_export]
macro_rules! rule_set_list {
    ($then:ident ($($args:tt)*)) => {
        $crate::$then! { ($($args)*)
            /// The Spanish-spec variant: optional capture, at most three hops, numeric
            /// coordinates (the default).
            #[default]
            Spanish => $crate::rules::Spanish,
            /// The official Czech rules (česká dáma).
            Czech => $crate::rules::Czech,
            /// The Russian rules (русские шашки).
            Russian => $crate::rules::Russian,
            /// The house rules of the Russian checkers program.
            House => $crate::rules::House,
            /// English draughts, American checkers.
            English => $crate::rules::English,
            /// The Italian rules (dama italiana).
            Italian => $crate::rules::Italian,
            /// The Spanish federation's rules (damas españolas).
            SpanishOfficial => $crate::rules::SpanishOfficial,
            /// The Brazilian rules (damas brasileiras).
            Brazilian => $crate::rules::Brazilian,
            /// American pool checkers.
            Pool => $crate::rules::Pool,
            /// Thai draughts (mak-hot).
            Thai => $crate::rules::Thai,
        }
    };
}

/// Makes [`RuleSet`], [`RuleSet::ALL`] and [`RuleSet::info`] from the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __define_rule_sets {
    (() $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        /// A rule set of the registry, chosen at run time.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
        pub enum RuleSet {
            $( $(#[$attr])* $variant, )*
        }

        impl RuleSet {
            /// Every registered rule set, in the order the command line lists them.
            pub const ALL: [RuleSet; [$(RuleSet::$variant),*].len()] = [$(RuleSet::$variant),*];

            /// The constants of the rule set.
            pub const fn info(self) -> &'static RuleSetInfo {
                match self {
                    $( RuleSet::$variant => &<$ty as $crate::rules::BoardRules>::INFO, )*
                }
            }
        }
    };
}

/// The arms of [`with_rules!`](crate::with_rules), made from the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_rule_set {
    (($set:expr, $R:ident, $body:expr) $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        match $set {
            $( $crate::RuleSet::$variant => {
                type $R = $ty;
                $body
            } )*
        }
    };
}

crate::rule_set_list!(__define_rule_sets());

impl RuleSet {
    /// The registered rule set whose type is `R`, if `R` is registered (matched by name).
    pub fn of<R: super::Rules>() -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == R::INFO.name)
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

/// A rule set of either board, chosen at run time: one of the registry's 8×8 rule sets, or
/// international draughts on the 10×10 board. What works on any board (perft, the legal
/// moves, DXP) takes a `Variant` and runs through [`with_variant!`](crate::with_variant);
/// what knows only 8×8 takes a [`RuleSet`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// A rule set of the 8×8 registry.
    Board8(RuleSet),
    /// International draughts (FMJD), 10×10.
    International,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::Board8(RuleSet::default())
    }
}

impl Variant {
    /// Every rule set of either board, the 8×8 registry's first.
    pub fn all() -> impl Iterator<Item = Variant> {
        RuleSet::ALL
            .into_iter()
            .map(Variant::Board8)
            .chain(std::iter::once(Variant::International))
    }

    /// The constants of the rule set.
    pub const fn info(self) -> &'static RuleSetInfo {
        match self {
            Variant::Board8(set) => set.info(),
            Variant::International => {
                &<crate::rules::International as crate::rules::BoardRules>::INFO
            }
        }
    }

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The 8×8 rule set, if it is one.
    pub const fn board8(self) -> Option<RuleSet> {
        match self {
            Variant::Board8(set) => Some(set),
            Variant::International => None,
        }
    }

    /// The names of every rule set of either board as a list for messages.
    pub fn names_list() -> String {
        let names: Vec<String> = Variant::all().map(|v| v.name().to_string()).collect();
        join_or(&names)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown rule set name of either board; the message lists them all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set '{0}' (expected {list})", list = Variant::names_list())]
pub struct UnknownVariant(pub String);

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::all()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Runs `$body` with `$R` standing for the static rule type of the run-time [`Variant`]
/// `$variant`, on its own board: `$body` must compile for any
/// [`BoardRules`](crate::rules::BoardRules).
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            $crate::rules::Variant::Board8(set) => $crate::with_rules!(set, $R => $body),
            $crate::rules::Variant::International => {
                type $R = $crate::rules::International;
                $body
            }
        }
    };
}

/// Runs `$body` with `$R` standing for the static rule type of the run-time `$set`.
///
/// ```
/// use dama_core::{perft, with_rules, Position, RuleSet};
/// let set = RuleSet::Czech;
/// let nodes = with_rules!(set, R => perft::perft::<R>(&Position::initial(), 2));
/// assert_eq!(nodes, 49);
/// ```
#[macro_export]
macro_rules! with_rules {
    ($set:expr, $R:ident => $body:expr) => {
        $crate::rule_set_list!(__dispatch_rule_set($set, $R, $body))
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
