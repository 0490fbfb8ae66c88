//! Writing PDN records and saving them safely.

use super::Header;
use crate::game::{Game, Outcome};
use crate::notation::{Notation, algebraic};
use crate::{Color, Rules};

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

/// The game as a PDN record with `header`'s tags.
pub fn write<R: Rules>(game: &Game<R>, header: &Header) -> String {
    write_annotated(game, header, &[], &[])
}

/// [`write`] with more tags after the game's own (`extra`: name and value, such as
/// `TimeControl`), and a comment after each move: `comments[i]` (without braces; none when
/// empty or missing) follows the `i`-th move. A comment never holds `}` (it is dropped).
pub fn write_annotated<R: Rules>(
    game: &Game<R>,
    header: &Header,
    extra: &[(&str, String)],
    comments: &[String],
) -> String {
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
        ("GameType", &R::INFO.pdn_game_type.to_string()),
    ] {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if let Some(variant) = R::INFO.pdn_variant {
        text.push_str(&format!("[Variant \"{}\"]\n", escape(variant)));
    }
    if *game.start() != R::start() {
        let start = crate::notation::fen_for::write::<R>(game.start());
        text.push_str(&format!("[FEN \"{start}\"]\n"));
    }
    for (name, value) in extra {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    text.push('\n');
    let mut tokens = Vec::new();
    let mut turn = game.start().turn();
    // Moves are numbered from the side that moves first under the rules (Black in English).
    let first = R::start().turn();
    let mut number = 1;
    for (i, mv) in game.moves().enumerate() {
        // PDN movetext is algebraic whatever the dialogue's notation; Russian-style sets write
        // their captures with `:`.
        let mv_text = match R::INFO.notation {
            Notation::AlgebraicColon => algebraic::write_with(mv, ':'),
            Notation::Algebraic | Notation::Numeric => algebraic::write(mv),
            Notation::Numbered(board) => crate::notation::numbered::write(mv, board),
        };
        match turn {
            t if t == first => tokens.push(format!("{number}. {mv_text}")),
            _ if i == 0 => tokens.push(format!("{number}... {mv_text}")),
            _ => tokens.push(mv_text),
        }
        if let Some(comment) = comments.get(i).filter(|c| !c.is_empty()) {
            tokens.push(format!("{{{}}}", comment.replace('}', "")));
        }
        if turn != first {
            number += 1;
        }
        turn = !turn;
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
