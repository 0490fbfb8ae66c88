//! The line-based console games.
//!
//! Two dialogues share a [`Game`](dama_core::game::Game) and the line reader [`LineIo`]:
//!
//! - [`spec`]: the exact texts of the Spanish specification ([`Dialogue::Spec`], the default
//!   of the Spanish-spec game in Spanish), numeric coordinates such as `61.52`;
//! - [`full`]: the full dialogue in any language of [`crate::i18n`] ([`Dialogue::Full`]):
//!   moves in the rule set's notation, commands, draw rules and PDN.
//!
//! Both are generic over [`Rules`](dama_core::Rules), so a new rule set plays in either without a
//! change here. Both read lines from any `BufRead` and write to any `Write`, so tests drive
//! them in memory.

pub mod board_view;
mod boards;
pub mod full;
mod line_io;
pub mod spec;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

pub(crate) use boards::move_error10;
pub use boards::{ConsoleBoard, ConsoleRules};
pub use line_io::{LineIo, Read};

use crate::ballots::Ballot;
use crate::engines::EngineRules;
use crate::engines::EngineSetup;
use crate::files::{self, FileError};
use crate::i18n::{Dialogue, Lang, es};
use crate::play::clock::GameClock;
use crate::play::session::PlayerKind;
use dama_core::game::{Outcome, WinReason};
use dama_core::pdn::{self, PdnError};
use dama_core::{
    Board, Board8, Board10, BoardRules, Color, International, Position, PositionOn, RuleSet,
    Variant, with_rules,
};
use dama_engine::Limits;

/// Everything a console game needs to start.
#[derive(Clone, Debug)]
pub struct Options {
    /// The 8×8 rule set (read when `variant` is an 8×8 one).
    pub rules: RuleSet,
    /// The rule set of either board: [`Variant::International`] plays on 10×10 (the full
    /// dialogue only); an 8×8 variant plays `rules`.
    pub variant: Variant,
    /// The starting position (the initial one unless `--fen` gave another).
    pub start: Position,
    /// The 10×10 starting position `--fen` gave (`None`: the initial one).
    pub start10: Option<PositionOn<Board10>>,
    /// Whether to colour the output.
    pub color: bool,
    /// Who plays white.
    pub white: PlayerKind,
    /// Who plays black.
    pub black: PlayerKind,
    /// The engine's limits, for the sides it plays and for hints.
    pub limits: Limits,
    /// The engine's threads and tables.
    pub engines: EngineSetup,
    /// A PDN game to start from.
    pub load: Option<PathBuf>,
    /// Which game of the `load` file (1 is the first; `None`: the first).
    pub game: Option<usize>,
    /// The opening ballot games start from (`--ballot`): its moves are played first, and
    /// `undo` does not take them back.
    pub ballot: Option<Ballot>,
    /// The language of the dialogue.
    pub lang: Lang,
    /// Which dialogue: the Spanish spec's fixed one or the full one.
    pub dialogue: Dialogue,
    /// Whether to write each line read after its prompt.
    pub echo: bool,
    /// Whether a person types at a terminal (not a script): questions such as "quit
    /// without saving?" are asked only then.
    pub interactive: bool,
    /// The players' clocks, white's and black's time control (`--time`, `--white-time`,
    /// `--black-time`); `None`: no clock.
    pub clocks: Option<[dama_engine::TimeControl; 2]>,
    /// Where the clocks read the time (the real clock; tests pass a fake one).
    pub clock: crate::play::clock::SharedSource,
}

impl Options {
    /// The options of a script under `rules`: the initial position, no colour, two people,
    /// the engine's default limits, nothing loaded, no ballot, the rule set's language, input
    /// echoed, no terminal. Change the fields that differ.
    pub fn new(rules: RuleSet) -> Options {
        Options {
            rules,
            variant: Variant::Board8(rules),
            start: Position::initial(),
            start10: None,
            color: false,
            white: PlayerKind::Human,
            black: PlayerKind::Human,
            limits: Limits::default(),
            engines: EngineSetup::default(),
            load: None,
            game: None,
            ballot: None,
            lang: Lang::of(rules),
            dialogue: Dialogue::default_for(rules, Lang::of(rules)),
            echo: true,
            interactive: false,
            clocks: None,
            clock: crate::play::clock::real(),
        }
    }

    /// The options of a script of international draughts (10×10): as [`Options::new`], in
    /// English, the full dialogue.
    pub fn international() -> Options {
        Options {
            variant: Variant::International,
            lang: Lang::En,
            dialogue: Dialogue::Full,
            ..Options::new(RuleSet::default())
        }
    }

    /// These options in `lang`, with that language's default dialogue.
    pub fn in_lang(self, lang: Lang) -> Options {
        Options {
            lang,
            dialogue: Dialogue::default_for(self.rules, lang),
            ..self
        }
    }
}

/// An error that stops a console game before it starts (a bad `--load` file, say).
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// The game to load could not be read or is not a legal game.
    #[error("{0}")]
    Load(String),
    /// Writing the dialogue failed (other than a closed pipe, which ends the game quietly).
    #[error("cannot write: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a game file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError<B: Board = Board8> {
    /// The file could not be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not a game of these rules.
    #[error(transparent)]
    Pdn(#[from] PdnError<B>),
    /// The file's tags name another rule set (`GameType`, `Variant`).
    #[error("the file is a game of the {file} rules, not of the {playing} rules")]
    OtherRules {
        /// The rule set the file names.
        file: &'static str,
        /// The rule set being played.
        playing: &'static str,
    },
    /// The file's `GameType` is a game no rule set here plays (20, international draughts).
    #[error(
        "the file is a game of another kind (PDN GameType {game_type}), not of the {playing} rules"
    )]
    OtherGameType {
        /// The file's `GameType` number.
        game_type: u32,
        /// The rule set being played.
        playing: &'static str,
    },
    /// The game number asked for (`--game N`, `load FILE N`) is not one of the file's.
    #[error("the file holds {count} games: there is no game {number}")]
    NoSuchGame {
        /// The number asked for (1 is the first).
        number: usize,
        /// How many games the file holds.
        count: usize,
    },
}

/// A new game of the options: after the ballot's moves when there is one, else from the start
/// position.
pub fn new_game<R: EngineRules>(opts: &Options) -> dama_core::game::Game<R> {
    match &opts.ballot {
        Some(ballot) => ballot.game::<R>(),
        None => dama_core::game::Game::new(opts.start),
    }
}

/// A new game of the options on either board ([`ConsoleBoard::new_game`]).
pub fn new_game_on<R: ConsoleRules>(opts: &Options) -> dama_core::game::Game<R> {
    <R::Board as ConsoleBoard>::new_game::<R>(opts)
}

/// How many moves of a new game are the ballot's (none without `--ballot`).
pub fn ballot_plies(opts: &Options) -> usize {
    opts.ballot.as_ref().map_or(0, |b| b.opening.moves.len())
}

/// Reads the first game of the PDN file at `path` under the rules `R`, every move checked.
pub fn load_game<R: BoardRules>(path: &Path) -> Result<pdn::Record<R>, LoadError<R::Board>> {
    load_game_from::<R>(path, None).map(|(record, _)| record)
}

/// Reads game `number` (1 is the first; `None`: the first, read as [`load_game`] always
/// has) of the PDN file at `path` under the rules `R`, every move checked, with how many
/// games the file holds.
pub fn load_game_from<R: BoardRules>(
    path: &Path,
    number: Option<usize>,
) -> Result<(pdn::Record<R>, usize), LoadError<R::Board>> {
    let text = files::read_file(path)?;
    read_game_number::<R>(&text, number)
}

/// [`load_game_from`] of a PDN text already read.
pub fn read_game_number<R: BoardRules>(
    text: &str,
    number: Option<usize>,
) -> Result<(pdn::Record<R>, usize), LoadError<R::Board>> {
    let pieces = pdn::split_games(text);
    let count = pieces.len();
    let Some(number) = number else {
        check_game_of::<R>(text)?;
        let mut record = pdn::read::<R>(text)?;
        restore_time_forfeit(&mut record);
        return Ok((record, count));
    };
    let Some(&(first_line, piece)) = number.checked_sub(1).and_then(|i| pieces.get(i)) else {
        return Err(LoadError::NoSuchGame { number, count });
    };
    check_game_of::<R>(piece)?;
    let mut record = pdn::read::<R>(piece).map_err(|mut e| {
        e.line += first_line - 1;
        e
    })?;
    restore_time_forfeit(&mut record);
    Ok((record, count))
}

/// Refuses a PDN text whose tags (`GameType`, `Variant`) name other rules than `R`.
pub fn check_game_of<R: BoardRules>(text: &str) -> Result<(), LoadError<R::Board>> {
    match pdn::game_of(text) {
        Some(pdn::GameOf::RuleSet(file)) if file.name() != R::INFO.name => {
            Err(LoadError::OtherRules {
                file: file.name(),
                playing: R::INFO.name,
            })
        }
        // A rule set outside the registry may have a game type of its own.
        Some(pdn::GameOf::Other(game_type)) if game_type != R::INFO.pdn_game_type => {
            Err(LoadError::OtherGameType {
                game_type,
                playing: R::INFO.name,
            })
        }
        _ => Ok(()),
    }
}

/// The name a loaded game is reported under: the file's, with `(2/3)` after it when the file
/// holds several games.
pub fn game_label(file: &str, number: usize, count: usize) -> String {
    if count > 1 {
        format!("{file} ({number}/{count})")
    } else {
        file.to_string()
    }
}

/// The PDN `Termination` tag of a game lost on time.
pub const TIME_FORFEIT: &str = "time forfeit";

/// A record whose `Termination` tag says the game was lost on time: its result, which the
/// reader took for a resignation, becomes a flag fall.
fn restore_time_forfeit<R: BoardRules>(record: &mut pdn::Record<R>) {
    let on_time = record.tags.iter().any(|(name, value)| {
        name.eq_ignore_ascii_case("Termination") && value.eq_ignore_ascii_case(TIME_FORFEIT)
    });
    if let Some(Outcome::Win {
        winner,
        reason: WinReason::Resignation,
    }) = record.game.outcome()
        && on_time
    {
        record.game.undo();
        record.game.lose_on_time(!winner);
    }
}

/// The clocks of a new game (none without `--time`).
pub fn new_clock(opts: &Options) -> Option<GameClock> {
    opts.clocks
        .map(|[white, black]| GameClock::new(white, black))
}

/// The clocks of a loaded game: those its record gives (`TimeControl` and the last
/// `%clock` readings), else those of the options.
pub fn loaded_clock<R: BoardRules>(opts: &Options, record: &pdn::Record<R>) -> Option<GameClock> {
    let first = record.game.start().turn();
    GameClock::from_pdn(&record.tags, &record.comments, first).or_else(|| new_clock(opts))
}

/// Both clocks at `now` in `t`'s words: `white 4:58, black 5:00`.
pub fn clocks_text(t: &full::Texts, clock: &GameClock, now: std::time::Duration) -> String {
    crate::i18n::fill(
        t.clocks,
        &[
            &crate::play::clock::show(clock.left(Color::White, now)),
            &crate::play::clock::show(clock.left(Color::Black, now)),
        ],
    )
}

/// The game as PDN: with clocks, their `TimeControl` tag and a `%clock` comment after each
/// move, and `Termination "time forfeit"` for a game lost on time.
pub fn write_pdn<R: BoardRules>(
    game: &dama_core::game::Game<R>,
    header: &pdn::Header,
    clock: Option<&GameClock>,
) -> String {
    let mut tags = clock.map_or_else(Vec::new, GameClock::pdn_tags);
    if let Some(Outcome::Win {
        reason: WinReason::Time,
        ..
    }) = game.outcome()
    {
        tags.push(("Termination", TIME_FORFEIT.to_string()));
    }
    let notes: Vec<pdn::Annotation<R::Board>> = clock
        .map_or_else(Vec::new, GameClock::pdn_comments)
        .into_iter()
        .map(|comment| pdn::Annotation {
            comment: (!comment.is_empty()).then_some(comment),
            ..pdn::Annotation::default()
        })
        .collect();
    pdn::write_annotated(game, header, &tags, &notes)
}

/// Writes the short note that tells a person at a terminal how to play, when the dialogue
/// itself does not (the Spanish-spec dialogue prints only the spec's texts on standard
/// output, so its note goes to `err`).
pub fn usage_note(opts: &Options, err: &mut impl Write) -> std::io::Result<()> {
    if opts.dialogue == Dialogue::Spec {
        for line in es::spec::USAGE_NOTE {
            writeln!(err, "{line}")?;
        }
    }
    Ok(())
}

/// Plays console games from `input` to `output` until the players stop or the input ends.
pub fn play(
    opts: &Options,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), ConsoleError> {
    let mut io = LineIo::new(input, output, opts.echo);
    let result = match opts.variant {
        // The Spanish spec's dialogue is 8×8 only: 10×10 plays the full one.
        Variant::International => full::run::<International>(opts, &mut io),
        Variant::Board8(_) => with_rules!(opts.rules, R => match opts.dialogue {
            Dialogue::Spec => spec::run::<R>(opts, &mut io),
            Dialogue::Full => full::run::<R>(opts, &mut io),
        }),
    };
    match result {
        Err(ConsoleError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
