//! Files of many games: one line per game (its number, event, players, result and number of
//! moves), for `dama games FILE` and the full-screen game's list to choose from.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::console::ConsoleBoard;
use crate::i18n::{Catalog, Lang, Texts, fill};
use crate::play::records::{self, LoadError};
use dama_core::game::Game;
use dama_core::{DynRules, GameRules, Variant, pdn, with_dyn_rules};

/// What `dama games` lists.
#[derive(Clone, Debug)]
pub struct GamesConfig {
    /// The rule set named by `--rules`, if one is (else the file's tags name it).
    pub rules: Option<Variant>,
    /// The PDN file.
    pub file: PathBuf,
}

/// A game file that cannot be read, with the reason, in English (as the command line's other
/// messages).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReadError(pub String);

/// Why `dama games` failed.
#[derive(Debug, thiserror::Error)]
pub enum GamesError {
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// The widest a text column (event, player) is written; longer texts end in `…`.
const TEXT_WIDTH: usize = 24;

/// One game of a file, as listed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A game read: its number in the file (1 is the first) and its columns.
    Game {
        /// Its number in the file.
        number: usize,
        /// The `Event` tag (`?` without one).
        event: String,
        /// The `White` tag.
        white: String,
        /// The `Black` tag.
        black: String,
        /// The result, as PDN writes it (`1-0`, `0-1`, `1/2-1/2`, `*`).
        result: &'static str,
        /// The number of moves (a move of each side counted once, as PDN numbers them).
        moves: usize,
    },
    /// A game that could not be read: its number and why.
    Refused {
        /// Its number in the file.
        number: usize,
        /// Why, in the texts' language.
        reason: String,
    },
}

/// The number of the last move of `game`, as its PDN numbers moves: a move of each side is
/// one move (`12.` then `12...`).
pub fn move_count<R: GameRules>(game: &Game<R>) -> usize {
    let plies = game.moves().len();
    if plies == 0 {
        0
    } else if game.start().turn() == game.rules().object().start().turn() {
        plies.div_ceil(2)
    } else {
        plies / 2 + 1
    }
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    pdn::tag(tags, name).unwrap_or("?")
}

/// A tag's value fit for one column: control characters dropped, at most [`TEXT_WIDTH`]
/// characters.
fn column_text(value: &str) -> String {
    let clean: String = value.chars().filter(|c| !c.is_control()).collect();
    let clean = clean.trim();
    if clean.chars().count() > TEXT_WIDTH {
        let cut: String = clean.chars().take(TEXT_WIDTH - 1).collect();
        format!("{cut}…")
    } else if clean.is_empty() {
        "?".to_string()
    } else {
        clean.to_string()
    }
}

/// Every game of a PDN text under `rules` (either board), in order; a game that cannot
/// be read is listed with its reason in `t`'s language (its line counted in the whole text).
pub fn entries<B: ConsoleBoard>(rules: DynRules<B>, text: &str, t: &Texts) -> Vec<Entry> {
    entries_with(rules, text, &|e| B::load_error(rules, t, e))
}

/// [`entries`] with a game's problem said by `reason`.
pub fn entries_with<R: GameRules>(
    rules: R,
    text: &str,
    reason: &dyn Fn(&LoadError<R::GameBoard>) -> String,
) -> Vec<Entry> {
    pdn::split_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, (first_line, piece))| {
            let number = i + 1;
            match records::read_piece(rules, first_line, piece) {
                Ok(record) => Entry::Game {
                    number,
                    event: column_text(tag(&record.tags, "Event")),
                    white: column_text(tag(&record.tags, "White")),
                    black: column_text(tag(&record.tags, "Black")),
                    result: pdn::result_text(record.game.outcome()),
                    moves: move_count(&record.game),
                },
                Err(e) => Entry::Refused {
                    number,
                    reason: reason(&e),
                },
            }
        })
        .collect()
}

/// The list as aligned lines: a heading of the `columns` (number, event, white, black,
/// result, moves), then one line per game. Numbers are right-aligned, texts left-aligned, two
/// spaces between columns; no line ends in a space.
pub fn table(entries: &[Entry], columns: &[&str; 6]) -> Vec<String> {
    let width = |s: &str| s.chars().count();
    let mut w = columns.map(width);
    for entry in entries {
        match entry.cells() {
            Some(cells) => {
                for (w, cell) in w.iter_mut().zip(&cells) {
                    *w = (*w).max(width(cell));
                }
            }
            None => w[0] = w[0].max(width(&entry.number().to_string())),
        }
    }
    let pad = |text: &str, w: usize| format!("{text}{}", " ".repeat(w.saturating_sub(width(text))));
    let right =
        |text: &str, w: usize| format!("{}{text}", " ".repeat(w.saturating_sub(width(text))));
    let line = |cells: [&str; 6]| {
        let text = [
            right(cells[0], w[0]),
            pad(cells[1], w[1]),
            pad(cells[2], w[2]),
            pad(cells[3], w[3]),
            pad(cells[4], w[4]),
            right(cells[5], w[5]),
        ]
        .join("  ");
        text.trim_end().to_string()
    };
    let mut lines = vec![line(*columns)];
    for entry in entries {
        lines.push(match entry {
            Entry::Refused { number, reason } => {
                format!("{}  {reason}", right(&number.to_string(), w[0]))
            }
            game => line(
                game.cells()
                    .unwrap_or_default()
                    .each_ref()
                    .map(String::as_str),
            ),
        });
    }
    lines
}

impl Entry {
    /// The game's number in the file.
    fn number(&self) -> usize {
        match self {
            Entry::Game { number, .. } | Entry::Refused { number, .. } => *number,
        }
    }

    /// A game's six cells (number, event, white, black, result, moves); none for a game
    /// that could not be read.
    fn cells(&self) -> Option<[String; 6]> {
        match self {
            Entry::Game {
                number,
                event,
                white,
                black,
                result,
                moves,
            } => Some([
                number.to_string(),
                event.clone(),
                white.clone(),
                black.clone(),
                result.to_string(),
                moves.to_string(),
            ]),
            Entry::Refused { .. } => None,
        }
    }
}

/// The rule set a file's games are read under: `--rules` when given, else the one the file's
/// first tags name (`GameType`, `Variant`; `GameType` 20 is international draughts on the
/// 10×10 board), else the one its moves fit ([`records::rules_for_text`]), else the default.
pub fn rules_for(rules: Option<Variant>, text: &str) -> Variant {
    rules_and_note(rules, text).0
}

/// [`rules_for`], with the note to show when the file did not name its rules.
pub fn rules_and_note(rules: Option<Variant>, text: &str) -> (Variant, Option<String>) {
    match rules {
        Some(rules) => (rules, None),
        None => records::rules_for_text(text),
    }
}

/// Reads a game file for a subcommand, or says why it cannot (in English, as the command
/// line's other messages).
pub fn read_for_command(path: &Path) -> Result<String, ReadError> {
    let t = Catalog::of(Lang::En).texts;
    crate::files::read_file(path).map_err(|e| {
        ReadError(fill(
            t.load_failed,
            &[&path.display().to_string(), &t.file_error(&e)],
        ))
    })
}

/// `dama games FILE`: the file's games, one line each, aligned (see [`table`]).
pub fn run(config: &GamesConfig, out: &mut dyn Write) -> Result<(), GamesError> {
    let text = read_for_command(&config.file)?;
    let catalog = Catalog::of(Lang::En);
    let (rules, note) = rules_and_note(config.rules, &text);
    if let Some(note) = note {
        eprintln!("dama: {}: {note}", config.file.display());
    }
    let entries = with_dyn_rules!(rules, rules => entries(rules, &text, catalog.texts));
    for line in table(&entries, &catalog.labels.games_columns) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::Czech;

    #[test]
    fn moves_are_counted_as_pdn_numbers_them() {
        let text = "[Event \"a\"]\n1. c3-d4 f6-e5 2. d4xf6 *\n";
        let record = pdn::read::<Czech>(text).unwrap();
        assert_eq!(move_count(&record.game), 2);
        let black_first = "[FEN \"B:Wc3:Bf6,h8\"]\n1... f6-e5 2. c3-d4 *\n";
        let record = pdn::read::<Czech>(black_first).unwrap();
        assert_eq!(move_count(&record.game), 2);
    }

    #[test]
    fn long_tags_are_cut() {
        assert_eq!(column_text(""), "?");
        assert_eq!(column_text(" a\tb "), "ab");
        assert_eq!(
            column_text("The very long name of a club championship"),
            "The very long name of a…"
        );
    }
}
