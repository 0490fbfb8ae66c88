//! The console's commands: one word each, in English or in any language of [`crate::i18n`]
//! (each catalogue's `commands`, e.g. Czech with or without diacritics).

use crate::i18n::{Catalog, Lang};

/// A command word.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// List the commands.
    Help,
    /// List the legal moves.
    Moves,
    /// Take back a move.
    Undo,
    /// Play a taken-back move again.
    Redo,
    /// Print the position as FEN.
    Fen,
    /// Play on from a FEN position.
    Setup,
    /// Save the game as PDN.
    Save,
    /// Load a PDN game.
    Load,
    /// Resign.
    Resign,
    /// Offer a draw.
    Draw,
    /// Turn the board round.
    Flip,
    /// Leave the program.
    Quit,
    /// Show the engine's suggestion.
    Hint,
    /// Show both clocks.
    Time,
    /// Change the engine's level.
    Level,
}

/// The English words, which every dialogue takes beside its own language's.
const ENGLISH: &[(&str, Command)] = &[
    ("help", Command::Help),
    ("?", Command::Help),
    ("moves", Command::Moves),
    ("undo", Command::Undo),
    ("redo", Command::Redo),
    ("fen", Command::Fen),
    ("setup", Command::Setup),
    ("save", Command::Save),
    ("load", Command::Load),
    ("resign", Command::Resign),
    ("draw", Command::Draw),
    ("flip", Command::Flip),
    ("quit", Command::Quit),
    ("hint", Command::Hint),
    ("time", Command::Time),
    ("level", Command::Level),
];

impl Command {
    /// The command a word names, in English or in any catalogue's language, any case: each
    /// dialogue takes every language's words (they do not collide), so a person may type the
    /// words they know whatever the dialogue's language.
    pub fn from_word(word: &str) -> Option<Command> {
        let word = word.to_lowercase();
        let own = Lang::ALL
            .into_iter()
            .flat_map(|lang| Catalog::of(lang).texts.commands);
        ENGLISH
            .iter()
            .chain(own)
            .find(|(w, _)| *w == word)
            .map(|&(_, c)| c)
    }

    /// Whether the command needs an argument (a FEN, a file name or a level).
    pub fn takes_argument(self) -> bool {
        matches!(
            self,
            Command::Setup | Command::Save | Command::Load | Command::Level
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(Command::from_word("ZPĚT"), Some(Command::Undo));
        assert_eq!(Command::from_word("Undo"), Some(Command::Undo));
        assert_eq!(Command::from_word("Назад"), Some(Command::Undo));
        assert_eq!(Command::from_word("deshacer"), Some(Command::Undo));
        assert_eq!(Command::from_word("c3-d4"), None);
    }

    #[test]
    fn no_word_names_two_commands() {
        let mut words: Vec<(&str, Command)> = ENGLISH.to_vec();
        for lang in Lang::ALL {
            words.extend_from_slice(Catalog::of(lang).texts.commands);
        }
        for (i, (w, c)) in words.iter().enumerate() {
            for (v, d) in &words[i + 1..] {
                assert!(w != v || c == d, "{w} names {c:?} and {d:?}");
            }
            assert_eq!(w.to_lowercase(), *w, "{w}: words are written in lower case");
        }
    }
}
