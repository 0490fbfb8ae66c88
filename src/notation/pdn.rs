//! PDN 3.0 game records for the Czech rules (`GameType "29"`): reading and writing.
//!
//! Written: the seven standard tags, `GameType "29"`, `FEN` when the game did not start from
//! the initial position, then numbered movetext (`1. c3-d4 f6-g5 2. …`, every landing square
//! of a capture) ending with the result. Read: tags in any order, comments `{…}` and `; …`,
//! variations `(…)` (skipped), NAGs `$n`, move numbers, the signs `! ? !! ?? !? ?! * + =`
//! after a move, captures with `x` or `:`, squares algebraic or numbered 1–32. Every move is
//! checked against the rules; the first game of the file is read. See `docs/pdn.md`.

use std::io::Write as _;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use super::algebraic::{self, MoveError, MoveText};
use crate::fen::{self, FenError};
use crate::game::{Game, Outcome, PlayError, WinReason};
use crate::{Color, MoveList, Position, Rules, Square};

/// The tags of a written record, besides `Result`, `GameType` and `FEN`, which come from the
/// game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// `Event`.
    pub event: String,
    /// `Site`.
    pub site: String,
    /// `Date`, as `YYYY.MM.DD`.
    pub date: String,
    /// `Round`.
    pub round: String,
    /// `White`: the white player's name.
    pub white: String,
    /// `Black`: the black player's name.
    pub black: String,
}

impl Default for Header {
    fn default() -> Header {
        Header {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "-".into(),
            white: "?".into(),
            black: "?".into(),
        }
    }
}

/// A game read from PDN: the game itself, with every move checked, and its tags in order.
#[derive(Clone, Debug)]
pub struct Record<R: Rules> {
    /// The game, at its last position.
    pub game: Game<R>,
    /// The tags as read (name, value).
    pub tags: Vec<(String, String)>,
}

/// What is wrong with a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnErrorKind {
    /// The text holds no game.
    #[error("the file holds no game")]
    Empty,
    /// A `{` comment is never closed.
    #[error("a comment '{{' is never closed")]
    UnclosedComment,
    /// A `(` variation is never closed.
    #[error("a variation '(' is never closed")]
    UnclosedVariation,
    /// A `)` without its `(`.
    #[error("')' closes no variation")]
    StrayParenthesis,
    /// A tag that is not `[Name "value"]`.
    #[error("a tag must look like [Name \"value\"]")]
    BadTag,
    /// The `FEN` tag is not a position.
    #[error("the FEN tag is not a position: {0}")]
    BadFen(FenError),
    /// A token that is neither a move, a move number, a sign, a NAG nor a result.
    #[error("'{0}' is not a move")]
    Unreadable(String),
    /// A move that is not legal in its position.
    #[error("move {number} '{text}' is illegal: {reason}")]
    Illegal {
        /// The move number (as in `12.`).
        number: usize,
        /// The move as written.
        text: String,
        /// Why it is illegal.
        reason: MoveError,
    },
    /// A move after the game was already over by the rules.
    #[error("move '{0}' comes after the end of the game")]
    AfterEnd(String),
    /// The movetext stops without a result (`1-0`, `0-1`, `1/2-1/2` or `*`).
    #[error("the game has no result: the file is cut short")]
    NoResult,
    /// The result does not agree with the final position.
    #[error("the result {0} does not agree with the final position")]
    ResultMismatch(String),
}

/// A PDN text refused: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct PdnError {
    /// The line (from 1) where the problem was found.
    pub line: usize,
    /// The problem.
    pub kind: PdnErrorKind,
}

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
        ("GameType", "29"),
    ] {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if *game.start() != Position::initial() {
        text.push_str(&format!("[FEN \"{}\"]\n", fen::write(game.start())));
    }
    text.push('\n');
    let mut tokens = Vec::new();
    let mut turn = game.start().turn();
    let mut number = 1;
    for (i, mv) in game.moves().enumerate() {
        let mv_text = algebraic::write(mv);
        match turn {
            Color::White => tokens.push(format!("{number}. {mv_text}")),
            Color::Black if i == 0 => tokens.push(format!("{number}... {mv_text}")),
            Color::Black => tokens.push(mv_text),
        }
        if turn == Color::Black {
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

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so the
/// file is never left half written.
pub fn save(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Today's date (UTC) as PDN writes it, `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// One piece of PDN text and the line it starts on.
#[derive(Debug)]
enum Token {
    Tag(String, String),
    Word(String),
}

fn err(line: usize, kind: PdnErrorKind) -> PdnError {
    PdnError { line, kind }
}

/// Splits the text into tags and words, dropping comments, variations and NAGs.
/// Stops at the first tag that follows movetext (the next game).
fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, PdnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let mut in_movetext = false;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() || c == '\u{feff}' => i += 1,
            '{' => {
                let start = line;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start, PdnErrorKind::UnclosedComment)),
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '%' if i == 0 || chars[i - 1] == '\n' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                let start = line;
                let mut depth = 0usize;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start, PdnErrorKind::UnclosedVariation)),
                        Some('(') => depth += 1,
                        Some(')') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Some('{') => {
                            while i < chars.len() && chars[i] != '}' {
                                if chars[i] == '\n' {
                                    line += 1;
                                }
                                i += 1;
                            }
                            if i == chars.len() {
                                return Err(err(start, PdnErrorKind::UnclosedComment));
                            }
                        }
                        Some('\n') => line += 1,
                        Some(_) => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            ')' => return Err(err(line, PdnErrorKind::StrayParenthesis)),
            '[' => {
                if in_movetext {
                    break;
                }
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(chars.len(), |p| i + p);
                let (tag, used) =
                    parse_tag(&chars[i..end]).ok_or(err(line, PdnErrorKind::BadTag))?;
                tokens.push((line, tag));
                i += used;
            }
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '}' | '(' | ')' | ';' | '[' | ']')
                {
                    i += 1;
                }
                if i == start {
                    return Err(err(line, PdnErrorKind::Unreadable(c.to_string())));
                }
                let word: String = chars[start..i].iter().collect();
                in_movetext = true;
                if !word.starts_with('$') {
                    tokens.push((line, Token::Word(word)));
                }
            }
        }
    }
    Ok(tokens)
}

/// Reads `[Name "value"]` at the start of `chars`; returns the tag and the characters used.
fn parse_tag(chars: &[char]) -> Option<(Token, usize)> {
    let mut i = 1;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let name_start = i;
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == name_start {
        return None;
    }
    let name: String = chars[name_start..i].iter().collect();
    skip_ws(&mut i);
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i)? {
            '"' => break,
            '\\' => {
                value.push(*chars.get(i + 1)?);
                i += 2;
            }
            &c => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_ws(&mut i);
    if chars.get(i) != Some(&']') {
        return None;
    }
    Some((Token::Tag(name, value), i + 1))
}

static NUMBER_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+\.(?:\.\.)?").expect("valid regex"));
static MOVE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^([a-h][1-8]|\d{1,2})(?:[-x:]([a-h][1-8]|\d{1,2}))+$").expect("valid regex")
});
static SQUARE_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)[a-h][1-8]|\d{1,2}").expect("valid regex"));

const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"];

/// A written move as a [`MoveText`], if it is one.
fn move_text(word: &str) -> Option<MoveText> {
    if !MOVE_RE.is_match(word) {
        return None;
    }
    let squares = SQUARE_RE
        .find_iter(word)
        .map(|m| Square::parse_any(m.as_str()).ok())
        .collect::<Option<Vec<_>>>()?;
    Some(MoveText {
        squares,
        capture: Some(word.contains(['x', 'X', ':'])),
    })
}

/// Reads the first game of a PDN text under the rules `R`, checking every move.
pub fn read<R: Rules>(text: &str) -> Result<Record<R>, PdnError> {
    let tokens = tokenize(text)?;
    let last_line = text.lines().count().max(1);
    if tokens.is_empty() {
        return Err(err(last_line, PdnErrorKind::Empty));
    }
    let mut tags = Vec::new();
    let mut game: Option<Game<R>> = None;
    let mut moves = MoveList::new();
    let mut number = 1;
    for (line, token) in tokens {
        let word = match token {
            Token::Tag(name, value) => {
                tags.push((name, value));
                continue;
            }
            Token::Word(word) => word,
        };
        let game = match &mut game {
            Some(game) => game,
            None => {
                let start = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
                    Some((_, value)) => {
                        fen::parse(value).map_err(|e| err(line, PdnErrorKind::BadFen(e)))?
                    }
                    None => Position::initial(),
                };
                game.insert(Game::new(start))
            }
        };
        if RESULTS.contains(&word.as_str()) {
            return finish(game, &word, line).map(|()| Record {
                game: game.clone(),
                tags,
            });
        }
        let rest = match NUMBER_RE.find(&word) {
            Some(m) => {
                number = word[..m.end()]
                    .trim_end_matches('.')
                    .parse()
                    .unwrap_or(number);
                &word[m.end()..]
            }
            None => word.as_str(),
        };
        let rest = rest.trim_end_matches(['!', '?', '*', '+', '=']);
        if rest.is_empty() || rest.chars().all(|c| c == '.') {
            continue;
        }
        let Some(mt) = move_text(rest) else {
            return Err(err(line, PdnErrorKind::Unreadable(word)));
        };
        if game.is_over() {
            return Err(err(line, PdnErrorKind::AfterEnd(rest.to_string())));
        }
        game.legal_moves(&mut moves);
        let mv = algebraic::resolve(&mt, game.position(), &moves).map_err(|reason| {
            err(
                line,
                PdnErrorKind::Illegal {
                    number,
                    text: rest.to_string(),
                    reason,
                },
            )
        })?;
        if let Err(PlayError::GameOver | PlayError::Illegal) = game.try_play(&mv) {
            return Err(err(line, PdnErrorKind::AfterEnd(rest.to_string())));
        }
    }
    Err(err(last_line, PdnErrorKind::NoResult))
}

/// Applies the written result to the game: a result the rules do not give is a resignation
/// or an agreed draw; one that contradicts the rules' result is refused.
fn finish<R: Rules>(game: &mut Game<R>, result: &str, line: usize) -> Result<(), PdnError> {
    let winner = match result {
        "1-0" | "2-0" => Some(Some(Color::White)),
        "0-1" | "0-2" => Some(Some(Color::Black)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    };
    let mismatch = || err(line, PdnErrorKind::ResultMismatch(result.to_string()));
    match (game.outcome(), winner) {
        (_, None) if game.is_over() => Err(mismatch()),
        (_, None) => Ok(()),
        (None, Some(Some(winner))) => {
            game.resign(!winner);
            Ok(())
        }
        (None, Some(None)) => {
            game.agree_draw();
            Ok(())
        }
        (Some(Outcome::Win { winner, .. }), Some(Some(w))) if winner == w => Ok(()),
        (Some(Outcome::Draw(_)), Some(None)) => Ok(()),
        (Some(_), Some(_)) => Err(mismatch()),
    }
}

/// Whether a game's result was declared by the players (resignation or agreement) rather than
/// given by the rules.
pub fn is_declared(outcome: Option<Outcome>) -> bool {
    matches!(
        outcome,
        Some(Outcome::Win {
            reason: WinReason::Resignation,
            ..
        }) | Some(Outcome::Draw(crate::DrawReason::Agreement))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Czech;

    fn play(game: &mut Game<Czech>, moves: &[&str]) {
        let mut list = MoveList::new();
        for text in moves {
            game.legal_moves(&mut list);
            let mv = algebraic::parse(text, game.position(), &list).unwrap();
            game.play(&mv);
        }
    }

    #[test]
    fn round_trip() {
        let mut game = Game::<Czech>::default();
        play(&mut game, &["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3"]);
        let text = write(&game, &Header::default());
        assert!(text.contains("[GameType \"29\"]\n"));
        assert!(!text.contains("FEN"));
        assert!(
            text.ends_with("\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 *\n"),
            "{text}"
        );
        let back = read::<Czech>(&text).unwrap();
        assert_eq!(
            back.game.moves().collect::<Vec<_>>(),
            game.moves().collect::<Vec<_>>()
        );
        assert_eq!(back.game.position(), game.position());
    }

    #[test]
    fn setup_position_and_black_first() {
        let start = fen::parse("B:WKa1,c3:Bf6,h8").unwrap();
        let mut game = Game::<Czech>::new(start);
        play(&mut game, &["f6-e5", "a1-b2"]);
        let text = write(&game, &Header::default());
        assert!(text.contains("[FEN \"B:WKa1,c3:Bf6,h8\"]"));
        assert!(text.contains("1... f6-e5 2. a1-b2 *"), "{text}");
        let back = read::<Czech>(&text).unwrap();
        assert_eq!(back.game.position(), game.position());
        assert_eq!(back.game.start(), &start);
    }

    #[test]
    fn foreign_file() {
        let text = "[Event \"Club \\\"open\\\"\"]\n[GameType \"29\"]\n\n\
                    {opening} 1. c3-d4! f6:e5 $2 2.d4:f6 {forced} g7xe5?! (2... e7xg5) 3. 21-17 1-0\n";
        let back = read::<Czech>(text).unwrap();
        assert_eq!(back.game.moves().count(), 5);
        assert_eq!(back.tags[0], ("Event".into(), "Club \"open\"".into()));
        assert!(back.game.is_over());
    }

    #[test]
    fn refusals_are_located() {
        let e = |t: &str| read::<Czech>(t).unwrap_err();
        assert_eq!(e("1. c3-d4 f6-e5\n2. d4-c5 *").line, 2);
        assert!(matches!(
            e("1. c3-d4 f6-e5\n2. d4-c5 *").kind,
            PdnErrorKind::Illegal { number: 2, .. }
        ));
        assert_eq!(e("1. c3-d4 f6-e5\n2. d4xf6").kind, PdnErrorKind::NoResult);
        assert_eq!(e("[Event \"x\n1. c3-d4 *").kind, PdnErrorKind::BadTag);
        assert_eq!(e("1. c3-d4 {oops\n *").kind, PdnErrorKind::UnclosedComment);
        assert_eq!(
            e("1. c3-d4 @@ *").kind,
            PdnErrorKind::Unreadable("@@".into())
        );
        assert_eq!(e("").kind, PdnErrorKind::Empty);
    }
}
