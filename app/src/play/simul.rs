//! A simultaneous display (the Czech rules' art. 11): one player, the exhibitor, plays
//! several boards at once, moving on one board and passing on to the next while the
//! opponents think. `dama simul` plays it two ways: a person gives it against the computer on
//! every board, or the computer gives it against several people who share the keyboard (hot
//! seat), one board each. The exhibitor has White on every board, as is the custom (the
//! first move on each board is the exhibitor's).
//!
//! What the line console and the TUI both need is here: the round's order ([`next_board`]),
//! the score ([`Score`]), and the file that keeps the whole simul, one PDN game per board
//! ([`write`], [`read`]), written after every move so that the simul can be resumed from it.

use std::path::{Path, PathBuf};

use crate::files::{self, FileError};
use crate::play::records::{self, LoadError};
use crate::play::session::{PlayerKind, Players};
use dama_core::game::{Game, Outcome};
use dama_core::{Color, GameRules, pdn};

/// The most boards of one simul.
pub const MAX_BOARDS: usize = 20;

/// The boards of a new simul when none are asked for.
pub const DEFAULT_BOARDS: usize = 3;

/// What a simul is, whichever front end plays it: who gives it, on how many boards, to whom,
/// and where it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Who gives the simul.
    pub exhibitor: Exhibitor,
    /// The number of boards (`None`: the file's, or [`DEFAULT_BOARDS`] for a new simul).
    pub boards: Option<usize>,
    /// The players' names, board by board (hot seat), where given.
    pub names: Vec<String>,
    /// The file the simul is kept in: written after every move, resumed from when it exists.
    pub file: Option<PathBuf>,
}

/// Who gives the simul (plays every board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhibitor {
    /// A person plays every board against the computer.
    Person,
    /// The computer plays every board, each against a person.
    Engine,
}

impl Exhibitor {
    /// The exhibitor's side on every board: White, which moves first in most rule sets
    /// (where Black moves first, the opponents open).
    pub const SIDE: Color = Color::White;

    /// Who plays each side of every board.
    pub fn players(self) -> Players {
        let (giver, opponents) = match self {
            Exhibitor::Person => (PlayerKind::Human, PlayerKind::Engine),
            Exhibitor::Engine => (PlayerKind::Engine, PlayerKind::Human),
        };
        Players {
            white: giver,
            black: opponents,
        }
    }

    /// The side people play on every board: the exhibitor's when a person gives the simul,
    /// else the other.
    pub fn people(self) -> Color {
        match self {
            Exhibitor::Person => Exhibitor::SIDE,
            Exhibitor::Engine => !Exhibitor::SIDE,
        }
    }

    /// The value of the simul file's `Exhibitor` tag.
    pub fn tag(self) -> &'static str {
        match self {
            Exhibitor::Person => "human",
            Exhibitor::Engine => "engine",
        }
    }

    fn from_tag(value: &str) -> Option<Exhibitor> {
        match value {
            "human" => Some(Exhibitor::Person),
            "engine" => Some(Exhibitor::Engine),
            _ => None,
        }
    }
}

/// The board the exhibitor goes to after board `current` (0-based) of `over.len()`: the next
/// one whose game goes on, round the room, `current` itself last; `None` when every game is
/// over.
pub fn next_board(current: usize, over: &[bool]) -> Option<usize> {
    let count = over.len();
    (1..=count)
        .map(|step| (current + step) % count)
        .find(|&board| !over[board])
}

/// The exhibitor's result: games won, drawn and lost (a game that goes on counts in none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the exhibitor won.
    pub won: usize,
    /// Games drawn.
    pub drawn: usize,
    /// Games the exhibitor lost.
    pub lost: usize,
}

impl Score {
    /// The score of the games whose outcomes these are, for the exhibitor (White).
    pub fn of(outcomes: impl IntoIterator<Item = Option<Outcome>>) -> Score {
        let mut score = Score::default();
        for outcome in outcomes.into_iter().flatten() {
            match outcome {
                Outcome::Win { winner, .. } if winner == Exhibitor::SIDE => score.won += 1,
                Outcome::Win { .. } => score.lost += 1,
                Outcome::Draw(_) => score.drawn += 1,
            }
        }
        score
    }

    /// The points, a draw counting a half: `2½`.
    pub fn points(self) -> String {
        let half = if self.drawn % 2 == 1 { "½" } else { "" };
        let whole = self.won + self.drawn / 2;
        match (whole, half) {
            (0, "½") => "½".to_string(),
            _ => format!("{whole}{half}"),
        }
    }
}

/// The tags of board `board` (0-based)'s game in the simul file: its number and who gives the
/// simul, before those of the game itself.
pub fn tags(board: usize, exhibitor: Exhibitor) -> Vec<(&'static str, String)> {
    vec![
        ("Board", (board + 1).to_string()),
        ("Exhibitor", exhibitor.tag().to_string()),
    ]
}

/// The whole simul as one PDN text: each board's game as `game` writes it (its own header and
/// tags, [`tags`] among them), in board order.
pub fn text(games: impl IntoIterator<Item = String>) -> String {
    games.into_iter().collect::<Vec<_>>().join("\n")
}

/// Writes the simul's text to `path` (atomically: a new file renamed over the old one).
pub fn write(path: &Path, text: &str) -> Result<(), FileError> {
    files::save(path, text)
}

/// A simul read back from its file.
#[derive(Debug)]
pub struct Resumed<R: GameRules> {
    /// Who gives it.
    pub exhibitor: Exhibitor,
    /// Each board's game with its tags, in board order.
    pub boards: Vec<pdn::Record<R>>,
}

/// Why a file is not a simul to resume.
#[derive(Debug, thiserror::Error)]
pub enum ReadError<B: dama_core::Board> {
    /// The file could not be read, or one of its games is not a legal game of these rules.
    #[error(transparent)]
    Load(#[from] LoadError<B>),
    /// A game is not where a simul file of `dama simul` has it.
    #[error("game {game} is not board {game} of a simul (its Board and Exhibitor tags)")]
    NotASimul {
        /// The game's number in the file (1 is the first).
        game: usize,
    },
    /// More boards than a simul has.
    #[error("the file holds {0} games: a simul has at most {MAX_BOARDS} boards")]
    TooMany(usize),
}

/// Reads the simul kept in the file at `path` under `rules`: every game checked, each the
/// board its `Board` tag says, in order, all given by the same exhibitor.
pub fn read<R: GameRules>(rules: R, path: &Path) -> Result<Resumed<R>, ReadError<R::GameBoard>> {
    let text = files::read_file(path).map_err(LoadError::from)?;
    let pieces = pdn::split_games(&text);
    if pieces.len() > MAX_BOARDS {
        return Err(ReadError::TooMany(pieces.len()));
    }
    let mut exhibitor = None;
    let mut boards = Vec::new();
    for (i, &(first_line, piece)) in pieces.iter().enumerate() {
        let record = records::read_piece(rules, first_line, piece)?;
        let board = pdn::tag(&record.tags, "Board");
        let given = pdn::tag(&record.tags, "Exhibitor").and_then(Exhibitor::from_tag);
        let number = (i + 1).to_string();
        match (board, given) {
            (Some(board), Some(given))
                if board == number && exhibitor.is_none_or(|e| e == given) =>
            {
                exhibitor = Some(given);
            }
            _ => return Err(ReadError::NotASimul { game: i + 1 }),
        }
        boards.push(record);
    }
    match exhibitor {
        Some(exhibitor) => Ok(Resumed { exhibitor, boards }),
        // An empty file.
        None => Err(ReadError::NotASimul { game: 1 }),
    }
}

/// How a simul starts: anew, or from the file that keeps it.
#[derive(Debug)]
pub struct Start<R: GameRules> {
    /// Who gives it.
    pub exhibitor: Exhibitor,
    /// The number of boards.
    pub count: usize,
    /// The boards' games read back from the file, when the simul is resumed.
    pub resumed: Option<Vec<pdn::Record<R>>>,
}

/// Why a simul cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError<B: dama_core::Board> {
    /// The file there is not a simul to resume.
    #[error("{path}: {error}")]
    Read {
        /// The file, as given.
        path: String,
        /// What is wrong with it.
        error: ReadError<B>,
    },
    /// `--boards` asked for another number of boards than the file keeps.
    #[error(
        "{path}: the simul kept there has {count} boards, not {asked} \
         (without --boards it goes on as it is)"
    )]
    Boards {
        /// The file, as given.
        path: String,
        /// The boards it keeps.
        count: usize,
        /// The boards asked for.
        asked: usize,
    },
}

/// How the simul of `plan` starts under `rules`: a file that is there is a simul to go on
/// with (never written over by a new one), its exhibitor and its number of boards standing.
pub fn start<R: GameRules>(rules: R, plan: &Plan) -> Result<Start<R>, StartError<R::GameBoard>> {
    let Some(path) = plan.file.as_deref().filter(|path| path.exists()) else {
        return Ok(Start {
            exhibitor: plan.exhibitor,
            count: plan.boards.unwrap_or(DEFAULT_BOARDS),
            resumed: None,
        });
    };
    let shown = path.display().to_string();
    let resumed = read(rules, path).map_err(|error| StartError::Read {
        path: shown.clone(),
        error,
    })?;
    let count = resumed.boards.len();
    if let Some(asked) = plan.boards.filter(|&asked| asked != count) {
        return Err(StartError::Boards {
            path: shown,
            count,
            asked,
        });
    }
    Ok(Start {
        exhibitor: resumed.exhibitor,
        count,
        resumed: Some(resumed.boards),
    })
}

/// The peeks a resumed blindfold board had made (its `Peeks` tag; 0 without one).
pub fn peeks_of<R: GameRules>(record: &pdn::Record<R>) -> usize {
    pdn::tag(&record.tags, "Peeks")
        .and_then(|peeks| peeks.parse().ok())
        .unwrap_or(0)
}

/// How many of a game's moves each side made: the number of plies `side` played.
pub fn moves_by<R: GameRules>(game: &Game<R>, side: Color) -> usize {
    let plies = game.moves().len();
    let first = game.start().turn();
    if side == first {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::game::WinReason;

    #[test]
    fn the_round_skips_finished_boards_and_ends_with_them_all() {
        assert_eq!(next_board(0, &[false, false, false]), Some(1));
        assert_eq!(next_board(2, &[false, false, false]), Some(0));
        assert_eq!(next_board(0, &[false, true, false]), Some(2));
        assert_eq!(next_board(1, &[true, false, true]), Some(1));
        assert_eq!(next_board(1, &[true, true, true]), None);
    }

    #[test]
    fn the_score_counts_for_white() {
        let win = |winner| {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Blocked,
            })
        };
        let draw = Some(Outcome::Draw(dama_core::DrawReason::Agreement));
        let score = Score::of([win(Color::White), draw, win(Color::Black), None, draw]);
        assert_eq!(
            score,
            Score {
                won: 1,
                drawn: 2,
                lost: 1
            }
        );
        assert_eq!(score.points(), "2");
        assert_eq!(Score::of([draw]).points(), "½");
        assert_eq!(Score::of([win(Color::White), draw]).points(), "1½");
    }
}
