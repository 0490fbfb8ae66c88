//! The console's command words: one word each, in English or in any language of [`crate::i18n`]
//! (each catalogue's `commands`, e.g. Czech with or without diacritics).

use super::{Catalog, Lang};

/// A command word.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CommandWord {
    /// List the commands.
    Help,
    /// List the legal moves.
    Moves,
    /// List the moves played (newcomer finding 17).
    Game,
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
    /// Show the board once in a blindfold game.
    Peek,
    /// Read out the pieces' squares (`--accessible`).
    Position,
    /// List the boards of a simul and their games' state (`dama simul`).
    Boards,
    /// Read out the board row by row from the top (`--accessible`).
    Rows,
}

/// The English words, which every dialogue takes beside its own language's.
const ENGLISH: &[(&str, CommandWord)] = &[
    ("help", CommandWord::Help),
    ("?", CommandWord::Help),
    ("moves", CommandWord::Moves),
    ("game", CommandWord::Game),
    ("undo", CommandWord::Undo),
    ("redo", CommandWord::Redo),
    ("fen", CommandWord::Fen),
    ("setup", CommandWord::Setup),
    ("save", CommandWord::Save),
    ("load", CommandWord::Load),
    ("resign", CommandWord::Resign),
    ("draw", CommandWord::Draw),
    ("flip", CommandWord::Flip),
    ("quit", CommandWord::Quit),
    ("hint", CommandWord::Hint),
    ("time", CommandWord::Time),
    ("level", CommandWord::Level),
    ("peek", CommandWord::Peek),
    ("position", CommandWord::Position),
    ("boards", CommandWord::Boards),
    ("rows", CommandWord::Rows),
];

impl CommandWord {
    /// The command a word names, in English or in any catalogue's language, any case: each
    /// dialogue takes every language's words (they do not collide), so a person may type the
    /// words they know whatever the dialogue's language.
    pub fn from_word(word: &str) -> Option<CommandWord> {
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
            CommandWord::Setup | CommandWord::Save | CommandWord::Load | CommandWord::Level
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(CommandWord::from_word("ZPĚT"), Some(CommandWord::Undo));
        assert_eq!(CommandWord::from_word("Undo"), Some(CommandWord::Undo));
        assert_eq!(CommandWord::from_word("Назад"), Some(CommandWord::Undo));
        assert_eq!(CommandWord::from_word("deshacer"), Some(CommandWord::Undo));
        assert_eq!(CommandWord::from_word("c3-d4"), None);
        assert_eq!(CommandWord::from_word("Řady"), Some(CommandWord::Rows));
        assert_eq!(CommandWord::from_word("rady"), Some(CommandWord::Rows));
        assert_eq!(CommandWord::from_word("filas"), Some(CommandWord::Rows));
        assert_eq!(CommandWord::from_word("ряды"), Some(CommandWord::Rows));
        assert_eq!(
            CommandWord::from_word("горизонтали"),
            Some(CommandWord::Rows)
        );
    }

    #[test]
    fn no_word_names_two_commands() {
        let mut words: Vec<(&str, CommandWord)> = ENGLISH.to_vec();
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
