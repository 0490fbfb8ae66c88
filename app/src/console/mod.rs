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
use std::path::PathBuf;

pub use boards::{ConsoleBoard, ConsoleRules};
pub(crate) use boards::{move_error10, move_error64};
pub use line_io::{BufReadSource, LineIo, LineSource, Next, Read, ThreadedSource};

use crate::ballots::Ballot;
use crate::engines::EngineSetup;
use crate::i18n::{Dialogue, Lang, es};
use crate::play::clock::GameClock;
use crate::play::session::PlayerKind;
use crate::play::{PlayRules, with_engine_calls};
use dama_core::game::Game;
use dama_core::pdn;
use dama_core::{Board8, Board10, Board64, Color, GameRules, Position, PositionOn, Variant};
use dama_engine::Limits;

/// Everything a console game needs to start.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set, of either board: one on another board than 8×8 plays the full dialogue
    /// only.
    pub variant: Variant,
    /// The 8×8 starting position (the initial one unless `--fen` gave another).
    pub start: Position,
    /// The 10×10 starting position `--fen` gave (`None`: the initial one).
    pub start10: Option<PositionOn<Board10>>,
    /// The 64-square board's starting position `--fen` gave (`None`: the initial one).
    pub start64: Option<PositionOn<Board64>>,
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
    /// Whether a person watches the output live at a terminal (standard input and output
    /// both are one): the full dialogue then shows the engine's think (`Black (computer) is
    /// thinking…`, the clocks rewritten at each depth), erased when its move comes.
    pub live: bool,
    /// The columns of the terminal the board is drawn on, read before each board (`None`:
    /// not a terminal, no limit). A 10×10 board too wide for it is drawn without its key of
    /// square numbers, and a line says so (newcomer finding 22).
    pub columns: fn() -> Option<usize>,
    /// A blindfold game (`--blindfold`, the Czech rules' art. 11): the board is not shown but
    /// to `peek`, each peek counted in the saved record (full dialogue only).
    pub blindfold: bool,
    /// With `blindfold`, no score sheet either (`--no-record`): `game` lists no moves.
    pub no_record: bool,
    /// For a screen reader (`--accessible`): no board drawn, every move said in words,
    /// `position` and `rows` read out the pieces, every answer in one line (full dialogue
    /// only).
    pub accessible: bool,
    /// Asked for as `dama tui --accessible`: the line dialogue plays instead of the
    /// full-screen game, and says so in its first line.
    pub from_tui: bool,
}

/// The squares a move touched, its start and each landing: what a drawn board marks as the
/// last move.
pub fn move_squares<B: dama_core::Board>(mv: &dama_core::MoveOn<B>) -> dama_core::BitboardOn<B> {
    mv.path()
        .iter()
        .fold(dama_core::BitboardOn::EMPTY.with(mv.from()), |b, &sq| {
            b.with(sq)
        })
}

/// No terminal: no limit to the board's width ([`Options::columns`]).
pub fn no_columns() -> Option<usize> {
    None
}

/// The columns of the terminal on standard output ([`Options::columns`]).
pub fn terminal_columns() -> Option<usize> {
    crossterm::terminal::size()
        .ok()
        .map(|(columns, _)| usize::from(columns))
}

impl Options {
    /// The options of a script under `rules`: the initial position, no colour, two people,
    /// the engine's default limits, nothing loaded, no ballot, the rule set's language, input
    /// echoed, no terminal. Change the fields that differ.
    pub fn new(rules: Variant) -> Options {
        Options {
            variant: rules,
            start: Position::initial(),
            start10: None,
            start64: None,
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
            live: false,
            columns: no_columns,
            blindfold: false,
            no_record: false,
            accessible: false,
            from_tui: false,
        }
    }

    /// The options of a script of international draughts (10×10): as [`Options::new`], in
    /// English, the full dialogue.
    pub fn international() -> Options {
        Options {
            lang: Lang::En,
            dialogue: Dialogue::Full,
            ..Options::new(Variant::International)
        }
    }

    /// These options in `lang`, with that language's default dialogue.
    pub fn in_lang(self, lang: Lang) -> Options {
        Options {
            lang,
            dialogue: Dialogue::default_for(self.variant, lang),
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

/// A new game of the options: after the ballot's moves when there is one, else from the start
/// position.
pub fn new_game<R: GameRules<GameBoard = Board8>>(rules: R, opts: &Options) -> Game<R> {
    match &opts.ballot {
        Some(ballot) => ballot.game(rules),
        None => Game::with_rules(rules, opts.start),
    }
}

/// How many moves of a new game are the ballot's (none without `--ballot`).
pub fn ballot_plies(opts: &Options) -> usize {
    opts.ballot.as_ref().map_or(0, |b| b.opening.moves.len())
}

/// The clocks of a new game (none without `--time`).
pub fn new_clock(opts: &Options) -> Option<GameClock> {
    opts.clocks
        .map(|[white, black]| GameClock::new(white, black))
}

/// The clocks of a loaded game: those its record gives (`TimeControl` and the last
/// `%clock` readings), else those of the options.
pub fn loaded_clock<R: GameRules>(opts: &Options, record: &pdn::Record<R>) -> Option<GameClock> {
    let first = record.game.start().turn();
    GameClock::from_pdn(&record.tags, &record.comments, first).or_else(|| new_clock(opts))
}

/// Both clocks at `now` in `t`'s words: `white 4:58, black 5:00`; on a move-count control,
/// with the moves the side to move (`turn`, the game having `plies` half-moves) must still
/// make before its next control: `white 1:58:03, black 2:00:00; moves to the time control: 38`.
pub fn clocks_text(
    t: &crate::i18n::Texts,
    clock: &GameClock,
    now: std::time::Duration,
    turn: Color,
    plies: usize,
) -> String {
    let clocks = both_clocks(t, clock, now);
    match to_control_text(t, clock, turn, plies) {
        Some(to_go) => format!("{clocks}; {to_go}"),
        None => clocks,
    }
}

/// Both clocks at `now` in `t`'s words: `white 4:58, black 5:00`.
pub fn both_clocks(t: &crate::i18n::Texts, clock: &GameClock, now: std::time::Duration) -> String {
    crate::i18n::fill(
        t.clocks,
        &[
            &crate::play::clock::show(clock.left(Color::White, now)),
            &crate::play::clock::show(clock.left(Color::Black, now)),
        ],
    )
}

/// On a move-count control, the moves the side to move (`turn`, the game having `plies`
/// half-moves) must still make before its next control: `moves to the time control: 38`.
pub fn to_control_text(
    t: &crate::i18n::Texts,
    clock: &GameClock,
    turn: Color,
    plies: usize,
) -> Option<String> {
    let to_go = clock.moves_to_go(turn, turn, plies)?;
    Some(crate::i18n::fill(t.to_control, &[&to_go.to_string()]))
}

/// The sentence that announces the time a period of a move-count control added to `side`'s
/// clock: `White reached the time control: 1:00:00 added to the clock.`
pub fn period_text(t: &crate::i18n::Texts, side: Color, added: std::time::Duration) -> String {
    crate::i18n::fill(
        t.period_added,
        &[
            &crate::i18n::capitalize(t.side(side)),
            &crate::play::clock::show(added),
        ],
    )
}

/// Writes the short note that tells a person at a terminal how to play, when the dialogue
/// itself does not (the Spanish-spec dialogue prints only the spec's texts on standard
/// output, so its note goes to `err`).
pub fn usage_note(opts: &Options, err: &mut dyn Write) -> std::io::Result<()> {
    if opts.dialogue == Dialogue::Spec {
        for line in es::spec::USAGE_NOTE {
            writeln!(err, "{line}")?;
        }
    }
    Ok(())
}

/// Plays the simul of `config` (`dama simul`, [`full::simul`]) with the lines of `input` to
/// `output`, in the full dialogue.
pub fn simul_from(
    config: &full::simul::SimulConfig,
    input: &mut dyn LineSource,
    output: &mut dyn Write,
) -> Result<(), ConsoleError> {
    let opts = &config.opts;
    let mut io = LineIo::new(input, output, opts.echo);
    let result = with_engine_calls!(opts.variant, rules, calls => full::simul::run(rules, calls, config, &mut io));
    match result {
        Err(ConsoleError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Plays console games from `input` to `output` until the players stop or the input ends
/// (lines read as they come: see [`play_from`] for a source that can wait).
pub fn play(
    opts: &Options,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), ConsoleError> {
    play_from(opts, &mut BufReadSource(input), output)
}

/// Plays console games with the lines of `input` (a terminal's, read on their own thread,
/// [`ThreadedSource`]; a test's) to `output`.
pub fn play_from(
    opts: &Options,
    input: &mut dyn LineSource,
    output: &mut dyn Write,
) -> Result<(), ConsoleError> {
    let mut io = LineIo::new(input, output, opts.echo);
    let full = |io: &mut LineIo<'_>| with_engine_calls!(opts.variant, rules, calls => full::run(rules, calls, opts, io));
    let result = match opts.dialogue {
        // The Spanish spec's dialogue is 8×8 only: another board plays the full one.
        Dialogue::Spec => match PlayRules::of(opts.variant) {
            PlayRules::Board8(rules, calls) => spec::run(rules, calls, opts, &mut io),
            PlayRules::Board10(..) | PlayRules::Board64(..) => full(&mut io),
        },
        Dialogue::Full => full(&mut io),
    };
    match result {
        Err(ConsoleError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
