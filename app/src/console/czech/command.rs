//! The console's commands: one word each, in Czech (with or without diacritics) or English.

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
}

const WORDS: &[(&str, Command)] = &[
    ("help", Command::Help),
    ("nápověda", Command::Help),
    ("napoveda", Command::Help),
    ("?", Command::Help),
    ("moves", Command::Moves),
    ("tahy", Command::Moves),
    ("undo", Command::Undo),
    ("zpět", Command::Undo),
    ("zpet", Command::Undo),
    ("redo", Command::Redo),
    ("vpřed", Command::Redo),
    ("vpred", Command::Redo),
    ("fen", Command::Fen),
    ("setup", Command::Setup),
    ("pozice", Command::Setup),
    ("save", Command::Save),
    ("uložit", Command::Save),
    ("ulozit", Command::Save),
    ("load", Command::Load),
    ("načíst", Command::Load),
    ("nacist", Command::Load),
    ("resign", Command::Resign),
    ("vzdát", Command::Resign),
    ("vzdat", Command::Resign),
    ("draw", Command::Draw),
    ("remíza", Command::Draw),
    ("remiza", Command::Draw),
    ("flip", Command::Flip),
    ("otočit", Command::Flip),
    ("otocit", Command::Flip),
    ("quit", Command::Quit),
    ("konec", Command::Quit),
    ("hint", Command::Hint),
    ("rada", Command::Hint),
];

impl Command {
    /// The command a word names, in either language and any case.
    pub fn from_word(word: &str) -> Option<Command> {
        let word = word.to_lowercase();
        WORDS.iter().find(|(w, _)| *w == word).map(|&(_, c)| c)
    }

    /// Whether the command needs an argument (a FEN or a file name).
    pub fn takes_argument(self) -> bool {
        matches!(self, Command::Setup | Command::Save | Command::Load)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(Command::from_word("ZPĚT"), Some(Command::Undo));
        assert_eq!(Command::from_word("Undo"), Some(Command::Undo));
        assert_eq!(Command::from_word("c3-d4"), None);
    }
}
