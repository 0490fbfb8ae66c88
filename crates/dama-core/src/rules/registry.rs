//! The registry of rule sets: the one list of every rule set the program knows, on either
//! board, from which [`Variant`] (the run-time choice), [`Variant::ALL`], [`Variant::info`],
//! [`Variant::board_size`], [`with_variant!`](crate::with_variant) (a run-time choice turned
//! into the static type) and [`with_rules8!`](crate::with_rules8) (the same for what knows
//! only the 8×8 board) are made.
//!
//! Adding a rule set: write its file (a type implementing [`BoardRules`](super::BoardRules),
//! usually through the shared generator's [`Params`](super::Params), with its `INFO` and its
//! `Board`), declare it in `rules/mod.rs`, and add one line to
//! [`rule_set_list!`](crate::rule_set_list), whatever its board. Nothing else names the rule
//! sets: the command line's `--rules` values, help and error text, the PDN tags and the default
//! languages come from here, and the board from the type. A rule set of another crate
//! implements [`BoardRules`](super::BoardRules) the same way and is used through its type
//! (`perft::<MySet>`, `Game<MySet>`, the engine's `analyze::<MySet>`); only the program's
//! `--rules` list needs the registry.

use std::fmt;

use crate::board::{Board, Board8, Board10, Board64, BoardKind};
use crate::notation::Notation;
use crate::text::join_or;

use super::BoardRules;

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
/// variant's documentation; the type's [`BoardRules::Board`] says its board. It hands the list
/// to the macro `$then` of this crate (after `$args`); the registry's enum,
/// [`with_variant!`](crate::with_variant) and [`with_rules8!`](crate::with_rules8) are made
/// from it.
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
            /// Russian giveaway (поддавки): the Russian rules where the side that cannot move
            /// wins.
            Giveaway => $crate::rules::Giveaway,
            /// International draughts (FMJD), 10×10.
            International => $crate::rules::International,
            /// Antidraughts: international draughts where the side that cannot move wins.
            Antidraughts => $crate::rules::Antidraughts,
            /// Breakthrough: international draughts where the first king wins.
            Breakthrough => $crate::rules::Breakthrough,
            /// Killer draughts: international draughts where a king's capture ending on a
            /// king halts directly behind it.
            Killer => $crate::rules::Killer,
            /// Frisian draughts: captures along ranks and files too, the most value first.
            Frisian => $crate::rules::Frisian,
            /// Frysk!: Frisian draughts from five men each on the back row.
            Frysk => $crate::rules::Frysk,
            /// Turkish draughts (dama): all 64 squares, men forward and sideways.
            Turkish => $crate::rules::Turkish,
        }
    };
}

/// Makes [`Variant`], [`Variant::ALL`], [`Variant::info`] and [`Variant::board_size`] from
/// the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __define_variants {
    (() $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        /// A rule set of the registry, on any board, chosen at run time. What works on any
        /// board (perft, the legal moves, DXP) runs through
        /// [`with_variant!`](crate::with_variant); what knows only 8×8 through
        /// [`with_rules8!`](crate::with_rules8).
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
        pub enum Variant {
            $( $(#[$attr])* $variant, )*
        }

        impl Variant {
            /// Every registered rule set, in the order the command line lists them.
            pub const ALL: [Variant; [$(Variant::$variant),*].len()] = [$(Variant::$variant),*];

            /// The constants of the rule set.
            pub const fn info(self) -> &'static RuleSetInfo {
                match self {
                    $( Variant::$variant => &<$ty as $crate::rules::BoardRules>::INFO, )*
                }
            }

            /// The rule set's board (its type's [`Board::KIND`](crate::Board::KIND)).
            pub const fn board(self) -> $crate::BoardKind {
                match self {
                    $( Variant::$variant => {
                        <<$ty as $crate::rules::BoardRules>::Board as $crate::Board>::KIND
                    } )*
                }
            }

            /// Squares along a side of the rule set's board (its type's
            /// [`Board::SIZE`](crate::Board::SIZE)): 8 or 10.
            pub const fn board_size(self) -> u8 {
                match self {
                    $( Variant::$variant => {
                        <<$ty as $crate::rules::BoardRules>::Board as $crate::Board>::SIZE
                    } )*
                }
            }
        }
    };
}

/// The arms of [`with_variant!`](crate::with_variant), made from the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_variant {
    (($set:expr, $R:ident, $body:expr) $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        match $set {
            $( $crate::rules::Variant::$variant => {
                type $R = $ty;
                $body
            } )*
        }
    };
}

/// The arms of [`with_rules_on!`](crate::with_rules_on), made from the list: a set on
/// another board than `$B` runs `$other`.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_rules_on {
    (($set:expr, $B:ty, $R:ident, $body:expr, $other:expr)
        $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        match $set {
            $( $crate::rules::Variant::$variant => {
                if <<$ty as $crate::rules::BoardRules>::Board as $crate::rules::BoardAs<$B>>::SAME {
                    type $R = <<$ty as $crate::rules::BoardRules>::Board
                        as $crate::rules::BoardAs<$B>>::Rules<$ty>;
                    $body
                } else {
                    $other
                }
            } )*
        }
    };
}

crate::rule_set_list!(__define_variants());

/// A board's view of its rule sets as those of the board `B`, for
/// [`with_rules_on!`](crate::with_rules_on): on `B` itself a set is itself; on another board
/// the type stands in for the static type of a branch that never runs (`SAME` is false
/// there), so that the branch compiles.
#[doc(hidden)]
pub trait BoardAs<B: Board>: Board {
    /// Whether this is the board `B`.
    const SAME: bool;
    /// `R` itself on `B`; on another board, a stand-in never run.
    type Rules<R: BoardRules<Board = Self>>: BoardRules<Board = B>;
}

/// `BoardAs<$on>` for every board: `$on` itself is itself, and on each other board a set
/// stands in as `$stand_in` (a set of `$on`).
macro_rules! board_as {
    ($on:ident, $stand_in:path; $($other:ident),*) => {
        impl BoardAs<$on> for $on {
            const SAME: bool = true;
            type Rules<R: BoardRules<Board = $on>> = R;
        }
        $(
            impl BoardAs<$on> for $other {
                const SAME: bool = false;
                type Rules<R: BoardRules<Board = $other>> = $stand_in;
            }
        )*
    };
}

board_as!(Board8, super::Spanish; Board10, Board64);
board_as!(Board10, super::International; Board8, Board64);
board_as!(Board64, super::Turkish; Board8, Board10);

impl Variant {
    /// The registered rule set whose type is `R`, if `R` is registered (matched by name).
    pub fn of<R: BoardRules>() -> Option<Variant> {
        Variant::named(R::INFO.name)
    }

    /// The registered rule set whose registry name is exactly `name` (a set's
    /// [`RuleSetInfo::name`]; what people type is read by `str::parse`, which also takes other
    /// cases and aliases).
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether the rule set is played on the 8×8 board of dark squares (its type is a
    /// [`Rules`](super::Rules)).
    pub const fn is_board8(self) -> bool {
        matches!(self.board(), BoardKind::Board8)
    }

    /// The registered rule sets played on the board `kind`, in the registry's order:
    /// `Variant::on_board(BoardKind::Board8)` for what knows only the 8×8 board of dark
    /// squares.
    pub fn on_board(kind: BoardKind) -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().filter(move |v| v.board() == kind)
    }

    /// The names of every rule set of any board as a list for messages: `spanish, czech,
    /// russian or house`.
    pub fn names_list() -> String {
        let names: Vec<String> = Variant::ALL.iter().map(|r| r.name().to_string()).collect();
        join_or(&names)
    }

    /// The rule set a PDN record names by its `GameType` and `Variant` tags, if any: the set
    /// with that game type whose variant tag matches (case aside), or, without a matching
    /// variant, the one with that game type and no variant tag.
    pub fn from_pdn(game_type: u32, variant: Option<&str>) -> Option<Variant> {
        let same_type = || {
            Variant::ALL
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

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown rule set name of any board; the message lists them all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set '{0}' (expected {list})", list = Variant::names_list())]
pub struct UnknownVariant(pub String);

impl Variant {
    /// Other names people give the rule sets, read as well as the registry's (any case):
    /// `checkers` (American checkers, English draughts), `standard` (what pydraughts and
    /// lidraughts call international draughts) and `frysk!` (their name of Frysk!). Messages
    /// and files use the registry's names.
    pub const ALIASES: [(&'static str, Variant); 3] = [
        ("checkers", Variant::English),
        ("standard", Variant::International),
        ("frysk!", Variant::Frysk),
    ];
}

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .or_else(|| {
                Variant::ALIASES
                    .into_iter()
                    .find(|(alias, _)| alias.eq_ignore_ascii_case(s))
                    .map(|(_, v)| v)
            })
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Runs `$body` with `$R` standing for the static rule type of the run-time [`Variant`]
/// `$variant`, on its own board: `$body` must compile for any
/// [`BoardRules`](crate::rules::BoardRules).
///
/// ```
/// use dama_core::{perft, with_variant, PositionOn, Variant};
/// let set = Variant::Czech;
/// let nodes = with_variant!(set, R => perft::perft::<R>(&PositionOn::initial(), 2));
/// assert_eq!(nodes, 49);
/// ```
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $R:ident => $body:expr) => {
        $crate::rule_set_list!(__dispatch_variant($variant, $R, $body))
    };
}

/// Runs `$body` with `$R` standing for the static rule type of the run-time [`Variant`]
/// `$variant` when it is played on the board `$B` (a type: `Board8`, `Board10`), and `$other`
/// when it is not: for what knows only one board. `$body` is compiled for types on `$B` only
/// (`R: BoardRules<Board = $B>`).
///
/// ```
/// use dama_core::{perft, with_rules_on, Board10, PositionOn, Variant};
/// let nodes = |set: Variant| {
///     with_rules_on!(set, Board10, R => Some(perft::perft::<R>(&PositionOn::initial(), 1)), else => None)
/// };
/// assert_eq!(nodes(Variant::International), Some(9));
/// assert_eq!(nodes(Variant::Czech), None);
/// ```
#[macro_export]
macro_rules! with_rules_on {
    ($variant:expr, $B:ty, $R:ident => $body:expr, else => $other:expr) => {
        $crate::rule_set_list!(__dispatch_rules_on($variant, $B, $R, $body, $other))
    };
}

/// [`with_rules_on!`](crate::with_rules_on) on the 8×8 board: `$R` is a [`Rules`](super::Rules) type when
/// `$variant` is played on 8×8, and `$other` runs when it is not.
///
/// ```
/// use dama_core::{perft, with_rules8, Position, Variant};
/// let nodes = |set: Variant| {
///     with_rules8!(set, R => Some(perft::perft::<R>(&Position::initial(), 2)), else => None)
/// };
/// assert_eq!(nodes(Variant::Czech), Some(49));
/// assert_eq!(nodes(Variant::International), None);
/// ```
#[macro_export]
macro_rules! with_rules8 {
    ($variant:expr, $R:ident => $body:expr, else => $other:expr) => {
        $crate::with_rules_on!($variant, $crate::Board8, $R => $body, else => $other)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_pdn_tags() {
        assert_eq!(
            Variant::names_list(),
            "spanish, czech, russian, house, english, italian, spanish-official, brazilian, \
             pool, thai, giveaway, international, antidraughts, breakthrough, killer, frisian, \
             frysk or turkish"
        );
        assert_eq!("Checkers".parse::<Variant>(), Ok(Variant::English));
        assert_eq!("standard".parse::<Variant>(), Ok(Variant::International));
        assert_eq!(
            Variant::English.to_string(),
            "english",
            "files use the registry's name"
        );
        assert_eq!(
            "HOUSE".parse::<Variant>(),
            Ok(Variant::House),
            "names are read in any case"
        );
        assert_eq!(
            "polish".parse::<Variant>().unwrap_err().to_string(),
            "unknown rule set 'polish' (expected spanish, czech, russian, house, english, italian, \
             spanish-official, brazilian, pool, thai, giveaway, international, antidraughts, \
             breakthrough, killer, frisian, frysk or turkish)"
        );
        assert_eq!(Variant::from_pdn(25, None), Some(Variant::Russian));
        assert_eq!(Variant::from_pdn(25, Some("House")), Some(Variant::House));
        assert_eq!(Variant::from_pdn(25, Some("other")), Some(Variant::Russian));
        assert_eq!(Variant::from_pdn(29, None), Some(Variant::Czech));
        assert_eq!(Variant::from_pdn(20, None), Some(Variant::International));
        assert_eq!(Variant::from_pdn(98, None), Some(Variant::Antidraughts));
        assert_eq!(Variant::from_pdn(96, None), Some(Variant::Breakthrough));
        assert_eq!(Variant::from_pdn(20, Some("killer")), Some(Variant::Killer));
        assert_eq!(Variant::from_pdn(40, None), Some(Variant::Frisian));
        assert_eq!(Variant::from_pdn(97, None), Some(Variant::Frysk));
        assert_eq!("Frysk!".parse::<Variant>(), Ok(Variant::Frysk));
        assert_eq!(
            Variant::from_pdn(25, Some("giveaway")),
            Some(Variant::Giveaway)
        );
        assert_eq!(Variant::from_pdn(21, None), Some(Variant::English));
        assert_eq!(Variant::from_pdn(24, None), Some(Variant::SpanishOfficial));
        assert_eq!(
            Variant::from_pdn(24, Some("spanish-spec")),
            Some(Variant::Spanish)
        );
        assert_eq!(
            "Spanish-Official".parse::<Variant>(),
            Ok(Variant::SpanishOfficial)
        );
        for set in Variant::ALL {
            assert_eq!(
                Variant::from_pdn(set.info().pdn_game_type, set.info().pdn_variant),
                Some(set),
                "{set}"
            );
        }
    }
}
