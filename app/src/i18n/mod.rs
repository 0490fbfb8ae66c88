//! Every text the program shows a person, one file per language: `cs.rs`, `en.rs`, `es.rs`,
//! `ru.rs`. Each file holds that language's whole [`Catalog`]: the line dialogue's
//! [`Texts`], the rule sets' own lines ([`RulesTexts`]) and the full-screen game's
//! [`Labels`]. The shapes of those tables are here too (`texts.rs`, `rules_texts.rs`,
//! `labels.rs`), with the console's command words ([`CommandWord`]). `es.rs` also holds the
//! fixed texts of the Spanish-spec dialogue ([`es::spec`]), which are not translated.
//!
//! The language ([`Lang`]) and the dialogue ([`Dialogue`]) are two values: the language says
//! which catalogue speaks, the dialogue whether the program runs the Spanish spec's fixed
//! console or the full one (commands, help, undo, PDN). Adding a language is one file here,
//! one [`Lang`] variant and one line of [`Catalog::of`]; the compiler lists every text it
//! lacks.

mod command_word;
pub mod cs;
pub mod en;
pub mod es;
mod labels;
pub mod ru;
pub mod rules_texts;
mod texts;

pub use command_word::CommandWord;
pub use labels::Labels;
pub use rules_texts::RulesTexts;
pub use texts::Texts;

use dama_core::Variant;

/// A language the program speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Spanish.
    Es,
    /// Czech.
    Cs,
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// Every language, in the order `--lang` lists them.
    pub const ALL: [Lang; 4] = [Lang::Es, Lang::Cs, Lang::En, Lang::Ru];

    /// The language of a rule set's players (its registry code), where the program speaks it:
    /// the default language. English for a language the program has no catalogue of.
    pub fn of(rules: Variant) -> Lang {
        Lang::from_code(rules.info().lang).unwrap_or(Lang::En)
    }

    /// The language of a code (`"cs"`), if the program speaks it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }

    /// The name `--lang` takes.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::Cs => "cs",
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }
}

/// Which line dialogue runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialogue {
    /// The Spanish spec's console: its fixed Spanish texts, moves as row-column numbers
    /// (`61.52`), no commands. The default of the Spanish-spec game in Spanish.
    Spec,
    /// The full dialogue in the chosen language: commands, help, undo, draw offers, PDN.
    Full,
}

impl Dialogue {
    /// The dialogue when none is asked for: the spec's for the Spanish-spec game in Spanish
    /// (the spec requires it as the program's default), the full one otherwise.
    pub fn default_for(rules: Variant, lang: Lang) -> Dialogue {
        if rules == Variant::Spanish && lang == Lang::Es {
            Dialogue::Spec
        } else {
            Dialogue::Full
        }
    }
}

/// Every text of one language.
#[derive(Debug)]
pub struct Catalog {
    /// The line dialogue's texts (the TUI's messages too).
    pub texts: &'static Texts,
    /// The lines only some rule sets use.
    pub rules: &'static RulesTexts,
    /// The full-screen game's labels.
    pub labels: &'static Labels,
}

impl Catalog {
    /// The catalogue of `lang`.
    pub fn of(lang: Lang) -> Catalog {
        match lang {
            Lang::Cs => Catalog {
                texts: &cs::TEXTS,
                rules: &cs::RULES_TEXTS,
                labels: &cs::LABELS,
            },
            Lang::En => Catalog {
                texts: &en::TEXTS,
                rules: &en::RULES_TEXTS,
                labels: &en::LABELS,
            },
            Lang::Es => Catalog {
                texts: &es::TEXTS,
                rules: &es::RULES_TEXTS,
                labels: &es::LABELS,
            },
            Lang::Ru => Catalog {
                texts: &ru::TEXTS,
                rules: &ru::RULES_TEXTS,
                labels: &ru::LABELS,
            },
        }
    }
}

/// `template` with `{0}`, `{1}`… replaced by `args` (a placeholder without its argument is
/// kept as written).
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let arg = after.find('}').and_then(|close| {
            let index: usize = after[..close].parse().ok()?;
            Some((args.get(index)?, close))
        });
        match arg {
            Some((value, close)) => {
                text.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                text.push('{');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text
}

/// `text` with its first letter in upper case.
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_titles_every_rule_set() {
        for lang in Lang::ALL {
            let t = Catalog::of(lang).texts;
            // Every rule set has its arm (the compiler checks the match); none is blank.
            for rules in Variant::ALL {
                assert!(
                    !(t.titles)(rules).is_empty(),
                    "{} has no title for {}",
                    lang.code(),
                    rules.name()
                );
            }
        }
    }

    #[test]
    fn the_default_language_is_the_players_where_spoken() {
        assert_eq!(Lang::of(Variant::Czech), Lang::Cs);
        assert_eq!(Lang::of(Variant::Russian), Lang::Ru);
        assert_eq!(Lang::of(Variant::Spanish), Lang::Es);
        assert_eq!(Lang::of(Variant::SpanishOfficial), Lang::Es);
        assert_eq!(Lang::of(Variant::Italian), Lang::En);
        assert_eq!(
            Dialogue::default_for(Variant::Spanish, Lang::Es),
            Dialogue::Spec
        );
        assert_eq!(
            Dialogue::default_for(Variant::SpanishOfficial, Lang::Es),
            Dialogue::Full
        );
        assert_eq!(
            Dialogue::default_for(Variant::Spanish, Lang::En),
            Dialogue::Full
        );
    }

    #[test]
    fn fill_replaces_numbered_places() {
        assert_eq!(fill("{1} and {0}", &["a", "b"]), "b and a");
        assert_eq!(fill("{2} {x", &["a"]), "{2} {x");
    }
}
