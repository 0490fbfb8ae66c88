//! Game records: reading a PDN file's game (the N-th of several, every move checked, its tags
//! checked against the rules played), the name it is reported under, and writing a game with
//! its clocks. The line console, the TUI, `dama games` and `dama diagram` read their files
//! here; how a refusal is said is theirs.

use std::path::Path;

use crate::files::{self, FileError};
use crate::play::clock::GameClock;
use dama_core::game::{Game, Outcome, WinReason};
use dama_core::pdn::{self, PdnError};
use dama_core::{Board, Board8, GameRules, Variant};

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

/// Reads the first game of the PDN file at `path` under `rules`, every move checked.
pub fn load_game<R: GameRules>(
    rules: R,
    path: &Path,
) -> Result<pdn::Record<R>, LoadError<R::GameBoard>> {
    load_game_from(rules, path, None).map(|(record, _)| record)
}

/// Reads game `number` (1 is the first; `None`: the first, read as [`load_game`] always
/// has) of the PDN file at `path` under `rules`, every move checked, with how many
/// games the file holds.
pub fn load_game_from<R: GameRules>(
    rules: R,
    path: &Path,
    number: Option<usize>,
) -> Result<(pdn::Record<R>, usize), LoadError<R::GameBoard>> {
    let text = files::read_file(path)?;
    read_game_number(rules, &text, number)
}

/// [`load_game_from`] of a PDN text already read.
pub fn read_game_number<R: GameRules>(
    rules: R,
    text: &str,
    number: Option<usize>,
) -> Result<(pdn::Record<R>, usize), LoadError<R::GameBoard>> {
    let pieces = pdn::split_games(text);
    let count = pieces.len();
    let Some(number) = number else {
        check_game_of(rules, text)?;
        let mut record = pdn::read_with(rules, text)?;
        restore_time_forfeit(&mut record);
        return Ok((record, count));
    };
    let Some(&(first_line, piece)) = number.checked_sub(1).and_then(|i| pieces.get(i)) else {
        return Err(LoadError::NoSuchGame { number, count });
    };
    let mut record = read_piece(rules, first_line, piece)?;
    restore_time_forfeit(&mut record);
    Ok((record, count))
}

/// Refuses a PDN text whose tags (`GameType`, `Variant`) name other rules than `rules`.
pub fn check_game_of<R: GameRules>(rules: R, text: &str) -> Result<(), LoadError<R::GameBoard>> {
    let info = rules.object().info();
    match pdn::game_of(text) {
        Some(pdn::GameOf::Variant(file)) if file.name() != info.name => {
            Err(LoadError::OtherRules {
                file: file.name(),
                playing: info.name,
            })
        }
        // A rule set outside the registry may have a game type of its own.
        Some(pdn::GameOf::Other(game_type)) if game_type != info.pdn_game_type => {
            Err(LoadError::OtherGameType {
                game_type,
                playing: info.name,
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
fn restore_time_forfeit<R: GameRules>(record: &mut pdn::Record<R>) {
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

/// One game of a text of several (`piece`, as [`pdn::split_games`] cuts it, starting at line
/// `first_line` of the whole text) under `rules`: its tags checked, every move checked,
/// an error's line counted in the whole text.
pub fn read_piece<R: GameRules>(
    rules: R,
    first_line: usize,
    piece: &str,
) -> Result<pdn::Record<R>, LoadError<R::GameBoard>> {
    check_game_of(rules, piece)?;
    Ok(pdn::read_with(rules, piece).map_err(|mut e| {
        e.line += first_line - 1;
        e
    })?)
}

/// The rule set a PDN text's first tags name (`GameType`, `Variant`; `GameType` 20 is
/// international draughts on the 10×10 board), if they name one played here.
pub fn rules_named(text: &str) -> Option<Variant> {
    match pdn::game_of(text)? {
        pdn::GameOf::Variant(rules) => Some(rules),
        // A set of another board is told by its game type alone.
        pdn::GameOf::Other(game_type) => Variant::from_pdn(game_type, None),
    }
}

/// The rule set a PDN text's games are read under when no `--rules` is given, with a note
/// to show when the file did not name it. A text whose first tags name a rule set
/// ([`rules_named`]) is read under it; one with a `GameType` of no rule set here under the
/// default (its loader refuses it by that tag). A text with no `GameType` tag is read under
/// the rule set its first game's moves fit (the notation, the squares, the legal moves):
/// the default when they fit it (no note), else the first in `--rules`' order whose moves
/// the game fits (the note names it and the others that fit too), else the default (the note
/// says so, and the loader says which move does not fit).
pub fn rules_for_text(text: &str) -> (Variant, Option<String>) {
    if pdn::game_of(text).is_some() {
        return (rules_named(text).unwrap_or_default(), None);
    }
    let Some(&(_, piece)) = pdn::split_games(text).first() else {
        return (Variant::default(), None);
    };
    let fits: Vec<Variant> = Variant::ALL
        .iter()
        .copied()
        .filter(|&rules| {
            dama_core::with_dyn_rules!(rules, rules => pdn::read_with(rules, piece)
                .is_ok_and(|record| record.game.moves().len() > 0))
        })
        .collect();
    let default = Variant::default();
    match fits.split_first() {
        None => (
            default,
            Some(format!(
                "no GameType tag, and the moves fit no rule set: read as {default} (--rules names the rules)"
            )),
        ),
        Some(_) if fits.contains(&default) => (default, None),
        Some((&first, others)) => {
            let mut note = format!("no GameType tag: read as {first}, whose moves the game fits");
            if !others.is_empty() {
                let names: Vec<String> = others.iter().map(ToString::to_string).collect();
                note.push_str(&format!(
                    " (so do {}'s: --rules chooses)",
                    names.join("'s, ")
                ));
            }
            (first, Some(note))
        }
    }
}

/// The game as PDN: with clocks, their `TimeControl` tag and a `%clock` comment after each
/// move, `Termination "time forfeit"` for a game lost on time, and `Handicap "White 2"` for a
/// game started with a handicap ([`super::handicap`]; its `FEN` tag gives the start), and the
/// tags of `extra` (a blindfold game's `Blindfold` and `Peeks`).
pub fn write_pdn<R: GameRules>(
    game: &Game<R>,
    header: &pdn::Header,
    clock: Option<&GameClock>,
    extra: &[(&'static str, String)],
) -> String {
    let mut tags = clock.map_or_else(Vec::new, GameClock::pdn_tags);
    tags.extend(extra.iter().cloned());
    let initial = game.rules().object().start();
    if let Some((giver, men)) = super::handicap::given(&initial, game.start()) {
        tags.push(("Handicap", super::handicap::tag(giver, men)));
    }
    if let Some(Outcome::Win {
        reason: WinReason::Time,
        ..
    }) = game.outcome()
    {
        tags.push(("Termination", TIME_FORFEIT.to_string()));
    }
    let notes: Vec<pdn::Annotation<R::GameBoard>> = clock
        .map_or_else(Vec::new, GameClock::pdn_comments)
        .into_iter()
        .map(|comment| pdn::Annotation {
            comment: (!comment.is_empty()).then_some(comment),
            ..pdn::Annotation::default()
        })
        .collect();
    pdn::write_annotated(game, header, &tags, &notes)
}

/// The tags of a blindfold game (`--blindfold`): `Blindfold` (`yes`, or `no record` when
/// played without a score sheet) and the `Peeks` made.
pub fn blindfold_tags(no_record: bool, peeks: usize) -> Vec<(&'static str, String)> {
    let blindfold = if no_record { "no record" } else { "yes" };
    vec![
        ("Blindfold", blindfold.to_string()),
        ("Peeks", peeks.to_string()),
    ]
}

/// Saves the game to the file at `path` as [`write_pdn`] writes it.
pub fn save<R: GameRules>(
    path: &Path,
    game: &Game<R>,
    header: &pdn::Header,
    clock: Option<&GameClock>,
    extra: &[(&'static str, String)],
) -> Result<(), FileError> {
    files::save(path, write_pdn(game, header, clock, extra))
}
