//! Correspondence games (`dama corr`; the Czech rules' art. 11 names the way of playing): a
//! game kept in a PDN file that the two players send each other by mail, chat or a shared
//! folder. `new` writes the file; `show` draws the board and says whose move it is and until
//! when; `move` checks the move, appends it with the time it was made and writes the file
//! again (atomically: a temporary file renamed over it); a draw offer goes with a move and is
//! answered by `accept-draw` or by the next move; `resign`; `claim` when the side to move has
//! overstepped its time.
//!
//! The file is plain PDN any program reads, with its own tags: `CorrespondenceDays` (the days
//! a move may take), `CorrespondenceStart` (when the game was set up: the first move's time
//! counts from it), `DrawOffer` while an offer stands, and `Checksum` (a CRC-32 of the rest of
//! the text), and after each move a comment `{[%sent 2026-12-06T05:41:00Z]}`. A file that does
//! not read, whose moves are illegal, whose tags or times are missing, or whose checksum does
//! not match (edited by hand, or damaged on the way) is refused and never written over.
//!
//! Like the command line's other messages, everything `dama corr` says is in English
//! (`docs/cli.md`, "Languages of messages").

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use crate::console::ConsoleBoard;
use crate::files::{self, FileError};
use crate::i18n::{Catalog, Lang};
use crate::play::records;
use dama_core::game::{Game, Outcome};
use dama_core::{BitboardOn, Color, DynRules, Variant, pdn, with_dyn_rules};

/// What `dama corr` does, and to which file.
#[derive(Clone, Debug)]
pub struct CorrConfig {
    /// The game's file.
    pub file: PathBuf,
    /// What to do.
    pub action: CorrAction,
    /// Whether the board is drawn in colour.
    pub colored: bool,
}

/// The `dama corr` actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorrAction {
    /// A new game, written to a file that must not exist yet.
    New(NewGame),
    /// The board, whose move it is and until when.
    Show,
    /// The side to move's move, perhaps with a draw offer.
    Move {
        /// The move as typed (`c3-d4`, `32-28`).
        text: String,
        /// Whether a draw is offered with it.
        offer_draw: bool,
    },
    /// The side to move accepts the opponent's draw offer.
    AcceptDraw,
    /// A side resigns (`None`: the side to move).
    Resign(Option<Color>),
    /// The side not to move claims a win: the side to move has overstepped its time.
    Claim,
}

/// A new correspondence game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The rule set.
    pub rules: Variant,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The days each move may take (1 to 365).
    pub days: u32,
    /// The `Event` tag.
    pub event: String,
}

/// Why `dama corr` did nothing.
#[derive(Debug, thiserror::Error)]
pub enum CorrError {
    /// The file cannot be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not a game `dama corr` can go on with.
    #[error("{file}: {why}. The file is left as it is.")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong.
        why: String,
    },
    /// The action is not allowed now (an illegal move, a game over, a claim too early).
    #[error("{0} The file is left as it is.")]
    Refused(String),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// The tag of the days a move may take.
const DAYS_TAG: &str = "CorrespondenceDays";
/// The tag of the time the game was set up.
const START_TAG: &str = "CorrespondenceStart";
/// The tag naming the side whose draw offer stands.
const OFFER_TAG: &str = "DrawOffer";
/// The tag of the text's CRC-32.
const CHECKSUM_TAG: &str = "Checksum";
/// The comment after each move: the time it was made.
const SENT: &str = "[%sent ";
/// The most days a move may take.
pub const MAX_DAYS: u32 = 365;

/// Runs `config`'s action at the time `now`, writing what it says to `out`.
pub fn run(config: &CorrConfig, now: SystemTime, out: &mut dyn Write) -> Result<(), CorrError> {
    let now = whole_seconds(now);
    if let CorrAction::New(new) = &config.action {
        return with_dyn_rules!(new.rules, rules => create(rules, config, new, now, out));
    }
    let text = files::read_file(&config.file)?;
    let corrupt = |why: String| CorrError::Corrupt {
        file: config.file.display().to_string(),
        why,
    };
    check_sum(&text).map_err(corrupt)?;
    let variant = records::rules_named(&text)
        .ok_or_else(|| corrupt("its GameType tag names no rule set played here".into()))?;
    with_dyn_rules!(variant, rules => {
        let game = CorrGame::read(rules, &text).map_err(corrupt)?;
        go_on(rules, config, game, now, out)
    })
}

/// A correspondence game as its file holds it.
struct CorrGame<B: ConsoleBoard> {
    game: Game<DynRules<B>>,
    tags: Vec<(String, String)>,
    days: u32,
    start: SystemTime,
    /// When each move was made.
    sent: Vec<SystemTime>,
    /// The side whose draw offer stands.
    offer: Option<Color>,
}

impl<B: ConsoleBoard> CorrGame<B> {
    /// The game of a file's text (its checksum already checked): every move legal, every
    /// tag and time there.
    fn read(rules: DynRules<B>, text: &str) -> Result<CorrGame<B>, String> {
        let (record, count) = records::read_game_number(rules, text, None)
            .map_err(|e| format!("not a game of these rules: {e}"))?;
        if count != 1 {
            return Err(format!("holds {count} games, not one"));
        }
        let tag = |name: &str| pdn::tag(&record.tags, name).map(|v| v.trim().to_string());
        let days = tag(DAYS_TAG)
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| (1..=MAX_DAYS).contains(d))
            .ok_or_else(|| format!("no {DAYS_TAG} tag of 1 to {MAX_DAYS} days"))?;
        let start = tag(START_TAG)
            .and_then(|t| humantime::parse_rfc3339(&t).ok())
            .ok_or_else(|| format!("no {START_TAG} tag with a time"))?;
        let offer = match tag(OFFER_TAG).as_deref() {
            None => None,
            Some("White") => Some(Color::White),
            Some("Black") => Some(Color::Black),
            Some(other) => return Err(format!("a {OFFER_TAG} tag of '{other}'")),
        };
        let plies = record.game.moves().len();
        let mut sent = vec![None; plies];
        for (after, comment) in &record.comments {
            let Some(at) = comment.find(SENT) else {
                continue;
            };
            let rest = &comment[at + SENT.len()..];
            let time = rest
                .split(']')
                .next()
                .and_then(|t| humantime::parse_rfc3339(t.trim()).ok())
                .ok_or_else(|| format!("a move's time '{}' does not read", comment.trim()))?;
            if *after == 0 || *after > plies {
                return Err("a time that follows no move".into());
            }
            sent[after - 1] = Some(time);
        }
        let sent: Vec<SystemTime> = sent
            .into_iter()
            .enumerate()
            .map(|(i, t)| t.ok_or_else(|| format!("move {} has no time", i + 1)))
            .collect::<Result<_, _>>()?;
        let mut last = start;
        for &time in &sent {
            if time < last {
                return Err("its moves' times go backwards".into());
            }
            last = time;
        }
        Ok(CorrGame {
            game: record.game,
            tags: record.tags,
            days,
            start,
            sent,
            offer,
        })
    }

    /// When the side to move must have moved by.
    fn deadline(&self) -> SystemTime {
        let from = self.sent.last().copied().unwrap_or(self.start);
        from + Duration::from_secs(u64::from(self.days) * 86_400)
    }

    /// The tag `name`'s value, `?` without it.
    fn tag(&self, name: &str) -> String {
        pdn::tag(&self.tags, name).unwrap_or("?").to_string()
    }

    /// The file's text: the game as PDN with its tags, times and checksum.
    fn write(&self) -> String {
        let header = pdn::Header {
            event: self.tag("Event"),
            site: self.tag("Site"),
            date: self.tag("Date"),
            round: self.tag("Round"),
            white: self.tag("White"),
            black: self.tag("Black"),
        };
        let mut extra = vec![
            (DAYS_TAG, self.days.to_string()),
            (START_TAG, rfc3339(self.start)),
        ];
        if let Some(side) = self.offer {
            extra.push((OFFER_TAG, Color::name(side).to_string()));
        }
        if let Some(Outcome::Win {
            reason: dama_core::game::WinReason::Time,
            ..
        }) = self.game.outcome()
        {
            extra.push(("Termination", records::TIME_FORFEIT.to_string()));
        }
        let notes: Vec<pdn::Annotation<B>> = self
            .sent
            .iter()
            .map(|&time| pdn::Annotation {
                comment: Some(format!("{SENT}{}]", rfc3339(time))),
                ..pdn::Annotation::default()
            })
            .collect();
        with_sum(&pdn::write_annotated(&self.game, &header, &extra, &notes))
    }
}

/// `new`: writes a new game to a file that does not exist yet.
fn create<B: ConsoleBoard>(
    rules: DynRules<B>,
    config: &CorrConfig,
    new: &NewGame,
    now: SystemTime,
    out: &mut dyn Write,
) -> Result<(), CorrError> {
    if std::fs::symlink_metadata(&config.file).is_ok() {
        return refused(format!(
            "{} exists already: a new game needs a new file",
            config.file.display()
        ));
    }
    let tags = vec![
        ("Event".to_string(), new.event.clone()),
        ("Site".to_string(), "?".to_string()),
        ("Date".to_string(), pdn_date(now)),
        ("Round".to_string(), "-".to_string()),
        ("White".to_string(), new.white.clone()),
        ("Black".to_string(), new.black.clone()),
    ];
    let game = CorrGame {
        game: Game::with_rules(rules, rules.start()),
        tags,
        days: new.days,
        start: now,
        sent: Vec::new(),
        offer: None,
    };
    files::save(&config.file, game.write())?;
    writeln!(
        out,
        "New correspondence game in {}: {} (White) against {} (Black), {}, {} a move.",
        config.file.display(),
        new.white,
        new.black,
        rules.info().name,
        days_text(new.days)
    )?;
    Ok(show(&game, config, now, out)?)
}

/// Every action but `new`, on the game read from the file.
fn go_on<B: ConsoleBoard>(
    rules: DynRules<B>,
    config: &CorrConfig,
    mut game: CorrGame<B>,
    now: SystemTime,
    out: &mut dyn Write,
) -> Result<(), CorrError> {
    if !matches!(config.action, CorrAction::Show) && game.game.is_over() {
        return refused(format!(
            "The game is over ({})",
            pdn::result_text(game.game.outcome())
        ));
    }
    let turn = game.game.turn();
    let said = match &config.action {
        CorrAction::New(_) | CorrAction::Show => None,
        CorrAction::Move { text, offer_draw } => {
            let catalog = Catalog::of(Lang::En);
            let mut legal = dama_core::MoveListOn::<B>::new();
            game.game.legal_moves(&mut legal);
            let mv = B::read_move(rules, catalog.texts, text, game.game.position(), &legal)
                .or_else(refused)?;
            let _ = game.game.try_play(&mv);
            game.sent
                .push(now.max(game.sent.last().copied().unwrap_or(game.start)));
            game.offer = offer_draw.then_some(turn);
            let side = Color::name(turn);
            Some(match offer_draw {
                true => format!(
                    "{side} played {} and offers a draw.",
                    B::write_move(rules, &mv)
                ),
                false => format!("{side} played {}.", B::write_move(rules, &mv)),
            })
        }
        CorrAction::AcceptDraw => {
            if game.offer != Some(!turn) {
                return refused(format!(
                    "{} has no draw offer to accept: {} did not offer one with the last move",
                    Color::name(turn),
                    Color::name(!turn)
                ));
            }
            game.game.agree_draw();
            game.offer = None;
            Some(format!("{} accepts the draw.", Color::name(turn)))
        }
        CorrAction::Resign(side) => {
            let side = side.unwrap_or(turn);
            game.game.resign(side);
            game.offer = None;
            Some(format!("{} resigns.", Color::name(side)))
        }
        CorrAction::Claim => {
            let deadline = game.deadline();
            if now <= deadline {
                return refused(format!(
                    "{} has until {} to move: no time overstepped",
                    Color::name(turn),
                    shown(deadline)
                ));
            }
            game.game.lose_on_time(turn);
            game.offer = None;
            Some(format!(
                "{} overstepped the time ({} was the last moment): {} wins.",
                Color::name(turn),
                shown(deadline),
                Color::name(!turn)
            ))
        }
    };
    if let Some(said) = said {
        files::save(&config.file, game.write())?;
        writeln!(out, "{said}")?;
    }
    Ok(show(&game, config, now, out)?)
}

/// `show`: the players, the board, the moves, and whose move it is until when (or how the
/// game ended).
fn show<B: ConsoleBoard>(
    game: &CorrGame<B>,
    config: &CorrConfig,
    now: SystemTime,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let rules = game.game.rules();
    let catalog = Catalog::of(Lang::En);
    writeln!(
        out,
        "{} (White) against {} (Black), {}, {} a move",
        game.tag("White"),
        game.tag("Black"),
        rules.info().name,
        days_text(game.days)
    )?;
    let marked = game
        .game
        .moves()
        .last()
        .map_or(BitboardOn::EMPTY, crate::console::move_squares);
    let flipped = false;
    out.write_all(
        B::draw(rules, game.game.position(), flipped, config.colored, marked).as_bytes(),
    )?;
    writeln!(out, "{}", catalog.texts.legend)?;
    let moves: Vec<String> = game
        .game
        .moves()
        .zip(&game.sent)
        .enumerate()
        .map(|(i, (mv, &time))| format!("{}. {} {}", i + 1, B::write_move(rules, mv), shown(time)))
        .collect();
    if moves.is_empty() {
        writeln!(out, "No move yet.")?;
    } else {
        writeln!(out, "Moves, with when each was made:")?;
        for line in moves {
            writeln!(out, "  {line}")?;
        }
    }
    if let Some(outcome) = game.game.outcome() {
        let sentence = B::outcome(rules, catalog.texts, catalog.rules, outcome);
        return writeln!(
            out,
            "The game is over: {} ({sentence})",
            pdn::result_text(Some(outcome))
        );
    }
    let turn = game.game.turn();
    let deadline = game.deadline();
    let when = match deadline.duration_since(now) {
        Ok(left) => format!("{} ({} left)", shown(deadline), left_text(left)),
        Err(_) => format!(
            "{}: overstepped, {} may claim the game (dama corr claim)",
            shown(deadline),
            Color::name(!turn)
        ),
    };
    writeln!(
        out,
        "{} ({}) to move, by {when}.",
        Color::name(turn),
        game.tag(Color::name(turn))
    )?;
    if game.offer == Some(!turn) {
        writeln!(
            out,
            "{} offers a draw: dama corr accept-draw accepts it, a move declines it.",
            Color::name(!turn)
        )?;
    }
    Ok(())
}

/// An action refused, saying why (as a sentence).
fn refused<T>(mut why: String) -> Result<T, CorrError> {
    if !why.ends_with(['.', '!', '?']) {
        why.push('.');
    }
    Err(CorrError::Refused(why))
}

/// `3 days`, `1 day`.
fn days_text(days: u32) -> String {
    if days == 1 {
        "1 day".into()
    } else {
        format!("{days} days")
    }
}

/// What is left, to the hour: `2 days 4 h`, `5 h`, `under an hour`.
fn left_text(left: Duration) -> String {
    let hours = left.as_secs() / 3600;
    match (hours / 24, hours % 24) {
        (0, 0) => "under an hour".into(),
        (0, h) => format!("{h} h"),
        (d, 0) => days_text(u32::try_from(d).unwrap_or(u32::MAX)),
        (d, h) => format!("{} {h} h", days_text(u32::try_from(d).unwrap_or(u32::MAX))),
    }
}

/// A time in whole seconds.
fn whole_seconds(time: SystemTime) -> SystemTime {
    let secs = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
}

/// `2026-12-06T05:41:00Z`.
fn rfc3339(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// A time as the game's text shows it: `2026-12-06 05:41:00 UTC`.
fn shown(time: SystemTime) -> String {
    rfc3339(time).replace('T', " ").replace('Z', " UTC")
}

/// The PDN `Date` of `time`: `2026.12.06`.
fn pdn_date(time: SystemTime) -> String {
    rfc3339(time)[..10].replace('-', ".")
}

/// The CRC-32 of a file's text without its `Checksum` line, as the tag writes it.
fn sum_of(text: &str) -> String {
    let own = format!("[{CHECKSUM_TAG} ");
    let rest: String = text
        .split_inclusive('\n')
        .filter(|line| !line.starts_with(&own))
        .collect();
    format!("{:08x}", crc32fast::hash(rest.as_bytes()))
}

/// `text` (a PDN game) with its `Checksum` tag after the other tags.
fn with_sum(text: &str) -> String {
    let sum = sum_of(text);
    let tags_end = text.find("\n\n").map_or(0, |i| i + 1);
    format!(
        "{}[{CHECKSUM_TAG} \"{sum}\"]\n{}",
        &text[..tags_end],
        &text[tags_end..]
    )
}

/// Whether the text's `Checksum` tag is that of the rest of it.
fn check_sum(text: &str) -> Result<(), String> {
    let prefix = format!("[{CHECKSUM_TAG} \"");
    let written = text
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .and_then(|rest| rest.strip_suffix("\"]"))
        .ok_or_else(|| {
            format!("no {CHECKSUM_TAG} tag: not a correspondence game written by dama corr")
        })?;
    if written != sum_of(text) {
        return Err(format!(
            "its {CHECKSUM_TAG} does not match its text: the file was edited or damaged"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checksum_covers_every_byte_but_its_own_line() {
        let text = "[Event \"x\"]\n[Result \"*\"]\n\n1. c3-d4 *\n";
        let summed = with_sum(text);
        assert!(summed.starts_with("[Event \"x\"]\n[Result \"*\"]\n[Checksum \""));
        assert!(summed.ends_with("\"]\n\n1. c3-d4 *\n"));
        assert_eq!(check_sum(&summed), Ok(()));
        let edited = summed.replace("c3-d4", "c3-b4");
        assert!(
            check_sum(&edited)
                .unwrap_err()
                .contains("edited or damaged")
        );
        assert!(check_sum(text).unwrap_err().contains("no Checksum tag"));
    }

    #[test]
    fn times_and_spans_read_as_a_person_reads_them() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_535_660);
        assert_eq!(rfc3339(t), "2026-12-06T05:41:00Z");
        assert_eq!(pdn_date(t), "2026.12.06");
        assert_eq!(
            left_text(Duration::from_secs(3 * 86_400 - 1)),
            "2 days 23 h"
        );
        assert_eq!(left_text(Duration::from_secs(2 * 86_400 + 59)), "2 days");
        assert_eq!(left_text(Duration::from_secs(86_400 + 3600)), "1 day 1 h");
        assert_eq!(left_text(Duration::from_secs(5 * 3600 + 59)), "5 h");
        assert_eq!(left_text(Duration::from_secs(59 * 60)), "under an hour");
    }
}
