//! Writing PDN records and saving them safely.

use super::Header;
use crate::board::{Board, Board8};
use crate::game::{Game, Outcome};
use crate::notation::{Notation, algebraic};
use crate::rules::{BoardRules, GameRules};
use crate::{Color, MoveOn};

/// The PDN result of a game: `1-0`, `0-1`, `1/2-1/2` or `*` while it goes on.
pub fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        Some(Outcome::Win { winner, .. }) => match winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        },
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// What an annotated record adds after one move: a sign (`?!`, `?`, `??`, `!`…), a comment
/// (written `{…}`; braces inside it are dropped, as a comment cannot hold them) and
/// variations, each a line of moves played instead of this one from the position before it
/// (written `( … )`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation<B: Board = Board8> {
    /// The sign written right after the move (empty: none).
    pub sign: String,
    /// The comment after the move (`None`: none).
    pub comment: Option<String>,
    /// The lines played instead of the move, from the position before it.
    pub variations: Vec<Vec<MoveOn<B>>>,
}

/// The game as a PDN record with `header`'s tags.
pub fn write<R: GameRules>(game: &Game<R>, header: &Header) -> String {
    write_annotated(game, header, &[], &[])
}

/// A move as PDN movetext writes it: algebraic whatever the dialogue's notation (Russian-style
/// sets with `:` for captures), or the board's numbers for the numbered rule sets; on 10×10
/// the squares' numbers 1–50 (`32-28`, `28x19x10`).
pub fn move_text<R: BoardRules>(mv: &MoveOn<R::Board>) -> String {
    move_text_in(R::INFO.notation, mv)
}

/// [`move_text`] in the notation `notation` (a rule set's [`RuleSetInfo::notation`](crate::RuleSetInfo)).
pub fn move_text_in<B: Board>(notation: Notation, mv: &MoveOn<B>) -> String {
    match notation {
        Notation::AlgebraicColon => algebraic::write_with(mv, ':'),
        Notation::Algebraic | Notation::Numeric => algebraic::write(mv),
        Notation::Numbered(board) => crate::notation::numbered::write(mv, board),
    }
}

/// The movetext tokens of `moves` played from a position with `turn` to move at move
/// `number`: a number before the first side's moves, and `N...` before the other side's when
/// it comes first or after a comment or variation (`numbered` then says so).
#[derive(Clone, Copy)]
struct Numbering {
    first: Color,
    turn: Color,
    number: usize,
    need_number: bool,
}

impl Numbering {
    fn token(&mut self, mv_text: &str) -> String {
        let token = if self.turn == self.first {
            format!("{}. {mv_text}", self.number)
        } else if self.need_number {
            format!("{}... {mv_text}", self.number)
        } else {
            mv_text.to_string()
        };
        if self.turn != self.first {
            self.number += 1;
        }
        self.turn = !self.turn;
        self.need_number = false;
        token
    }
}

/// The game as a PDN record with `header`'s tags, then the tags of `extra` (name and value,
/// such as `TimeControl`), and, after each move, its annotation (`annotations[i]` belongs to
/// the game's `i`-th move, counted from 0; missing ones are empty). [`read`](super::read)
/// reads it back as the same game (comments and variations are skipped).
pub fn write_annotated<R: GameRules>(
    game: &Game<R>,
    header: &Header,
    extra: &[(&str, String)],
    annotations: &[Annotation<R::GameBoard>],
) -> String {
    let rules = game.rules().object();
    let info = rules.info();
    let result = result_text(game.outcome());
    let mut text = String::new();
    for (name, value) in [
        ("Event", header.event.as_str()),
        ("Site", &header.site),
        ("Date", &header.date),
        ("Round", &header.round),
        ("White", &header.white),
        ("Black", &header.black),
        ("Result", result),
        ("GameType", &info.pdn_game_type.to_string()),
    ] {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if let Some(variant) = info.pdn_variant {
        text.push_str(&format!("[Variant \"{}\"]\n", escape(variant)));
    }
    if *game.start() != rules.start() {
        let start = rules.write_fen(game.start());
        text.push_str(&format!("[FEN \"{start}\"]\n"));
    }
    for (name, value) in extra {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    text.push('\n');
    let mut tokens = Vec::new();
    // Moves are numbered from the side that moves first under the rules (Black in English).
    let mut numbering = Numbering {
        first: rules.start().turn(),
        turn: game.start().turn(),
        number: 1,
        need_number: true,
    };
    for (i, mv) in game.moves().enumerate() {
        let before = numbering;
        let mut token = numbering.token(&move_text_in(info.notation, mv));
        let Some(note) = annotations.get(i) else {
            tokens.push(token);
            continue;
        };
        token.push_str(&note.sign);
        tokens.push(token);
        if let Some(comment) = &note.comment {
            tokens.push(format!("{{{}}}", comment.replace(['{', '}'], "")));
            numbering.need_number = true;
        }
        for line in note.variations.iter().filter(|l| !l.is_empty()) {
            let mut inner = Numbering {
                need_number: true,
                ..before
            };
            let words: Vec<String> = line
                .iter()
                .map(|mv| inner.token(&move_text_in(info.notation, mv)))
                .collect();
            let last = words.len() - 1;
            for (j, word) in words.into_iter().enumerate() {
                let open = if j == 0 { "(" } else { "" };
                let close = if j == last { ")" } else { "" };
                tokens.push(format!("{open}{word}{close}"));
            }
            numbering.need_number = true;
        }
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Today's date (UTC) as PDN writes it, `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date(secs);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The UTC calendar date (year, month, day) of `secs` seconds since 1970 (proleptic Gregorian;
/// Howard Hinnant's `civil_from_days`).
pub fn civil_date(secs: u64) -> (i64, i64, i64) {
    let days = (secs / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
