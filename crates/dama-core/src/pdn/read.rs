//! Reading PDN: the tokenizer (tags, comments, variations, NAGs) and the checked replay of the
//! moves.

use std::sync::LazyLock;

use regex::Regex;

use super::{PdnError, PdnErrorKind, Record};
use crate::board::Board;
use crate::game::{Game, Outcome, PlayError};
use crate::notation::algebraic::{self, MoveText};
use crate::notation::{Notation, numbered};
use crate::rules::{BoardRules, GameRules};
use crate::text::excerpt;
use crate::{Color, MoveListOn, SquareOn};

/// One piece of PDN text and the line it starts on.
#[derive(Debug)]
enum Token {
    Tag(String, String),
    Word(String),
    /// A `{…}` comment outside variations, without its braces.
    Comment(String),
}

fn err<B: Board>(line: usize, kind: PdnErrorKind<B>) -> PdnError<B> {
    PdnError { line, kind }
}

/// Splits the text into tags and words, dropping comments, variations and NAGs.
/// Stops at the first tag that follows movetext (the next game).
fn tokenize<B: Board>(text: &str) -> Result<Vec<(usize, Token)>, PdnError<B>> {
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
                let from = i;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start, PdnErrorKind::UnclosedComment)),
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                    }
                    i += 1;
                }
                tokens.push((start, Token::Comment(chars[from..i].iter().collect())));
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
                        Some(';') => {
                            // A comment to the end of the line, whatever it holds.
                            while i + 1 < chars.len() && chars[i + 1] != '\n' {
                                i += 1;
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
                let (tag, used) = parse_tag(&chars[i..]).ok_or(err(line, PdnErrorKind::BadTag))?;
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
                    return Err(err(line, PdnErrorKind::Unreadable(excerpt(&c.to_string()))));
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
/// A tag stays on one line: it looks no further than the line's end, so that reading many
/// tags on one line takes time in proportion to the line.
fn parse_tag(chars: &[char]) -> Option<(Token, usize)> {
    let mut i = 1;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() && chars[*i] != '\n' {
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
            '\n' => return None,
            '\\' => {
                value.push(*chars.get(i + 1).filter(|&&c| c != '\n')?);
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

/// A written move of the 8×8 board as a [`MoveText`], if it is one.
fn move_text<B: Board>(word: &str) -> Option<MoveText<B>> {
    if !MOVE_RE.is_match(word) {
        return None;
    }
    let squares = SQUARE_RE
        .find_iter(word)
        .map(|m| SquareOn::<B>::parse_any(m.as_str()).ok())
        .collect::<Option<Vec<_>>>()?;
    Some(MoveText {
        squares,
        capture: Some(word.contains(['x', 'X', ':'])),
    })
}

/// The game a PDN text's first `GameType` and `Variant` tags name, if it has a `GameType`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameOf {
    /// A registered rule set, told by its game type and `Variant` tag
    /// ([`Variant::from_pdn`](crate::Variant::from_pdn): 20 is international draughts, 20
    /// with `Variant "killer"` killer draughts).
    Variant(crate::Variant),
    /// Any other game type, told by number: one no registered rule set has.
    Other(u32),
}

/// What the tags before the first game's moves say it is a game of; `None` without a
/// readable `GameType` tag, or when the text cannot be read.
pub fn game_of(text: &str) -> Option<GameOf> {
    let tokens = tokenize::<crate::Board8>(text).ok()?;
    let mut game_type = None;
    let mut variant = None;
    for (_, token) in tokens {
        match token {
            Token::Tag(name, value) if name.eq_ignore_ascii_case("GameType") => {
                // `GameType "25,W,8,8,A1,0"`: the number comes first.
                game_type = value.split(',').next()?.trim().parse::<u32>().ok();
            }
            Token::Tag(name, value) if name.eq_ignore_ascii_case("Variant") => {
                variant = Some(value);
            }
            Token::Tag(..) | Token::Comment(_) => {}
            Token::Word(_) => break,
        }
    }
    let game_type = game_type?;
    Some(
        match crate::Variant::from_pdn(game_type, variant.as_deref()) {
            Some(rules) => GameOf::Variant(rules),
            None => GameOf::Other(game_type),
        },
    )
}

/// A written move of `R`'s game as a [`MoveText`], if it is one: numbers 1–50 on a numbered
/// board (10×10), else the squares as `R`'s notation writes them (algebraic, or numbered
/// 1–32 on its board).
fn parse_move<B: Board>(notation: Notation, word: &str) -> Option<MoveText<B>> {
    if B::NUMBERED {
        return algebraic::parse_numbers::<B>(word).ok();
    }
    match notation {
        Notation::Numbered(board) => numbered::parse_text(word, board).ok(),
        _ => move_text::<B>(word),
    }
}

/// Reads the first game of a PDN text under the rules `R`, checking every move.
pub fn read<R: BoardRules>(text: &str) -> Result<Record<R>, PdnError<R::Board>> {
    read_with(R::default(), text)
}

/// [`read`] under the rules `rules`, a type's or a value chosen at run time
/// ([`DynRules`](crate::DynRules)).
pub fn read_with<R: GameRules>(rules: R, text: &str) -> Result<Record<R>, PdnError<R::GameBoard>> {
    let object = rules.object();
    let notation = object.info().notation;
    let tokens = tokenize(text)?;
    let last_line = text.lines().count().max(1);
    if tokens.is_empty() {
        return Err(err(last_line, PdnErrorKind::Empty));
    }
    let mut tags = Vec::new();
    let mut game: Option<Game<R>> = None;
    let mut moves = MoveListOn::new();
    let mut number = 1;
    let mut comments = Vec::new();
    for (line, token) in tokens {
        let word = match token {
            Token::Tag(name, value) => {
                tags.push((name, value));
                continue;
            }
            Token::Comment(text) => {
                let played = game.as_ref().map_or(0, |g| g.moves().len());
                comments.push((played, text));
                continue;
            }
            Token::Word(word) => word,
        };
        let game = match &mut game {
            Some(game) => game,
            None => {
                let start = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
                    Some((_, value)) => object
                        .parse_fen(value)
                        .map_err(|e| err(line, PdnErrorKind::BadFen(e)))?,
                    None => object.start(),
                };
                game.insert(Game::with_rules(rules, start))
            }
        };
        if RESULTS.contains(&word.as_str()) {
            return finish(game, &word, line).map(|()| Record {
                game: game.clone(),
                tags,
                comments,
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
        let Some(mt) = parse_move::<R::GameBoard>(notation, rest) else {
            return Err(err(line, PdnErrorKind::Unreadable(excerpt(&word))));
        };
        if game.is_over() {
            return Err(err(line, PdnErrorKind::AfterEnd(excerpt(rest))));
        }
        game.legal_moves(&mut moves);
        let mv = algebraic::resolve(&mt, game.position(), &moves).map_err(|reason| {
            err(
                line,
                PdnErrorKind::Illegal {
                    number,
                    text: excerpt(rest),
                    reason,
                },
            )
        })?;
        if let Err(PlayError::GameOver | PlayError::Illegal) = game.try_play(&mv) {
            return Err(err(line, PdnErrorKind::AfterEnd(excerpt(rest))));
        }
    }
    Err(err(last_line, PdnErrorKind::NoResult))
}

/// Applies the written result to the game: a result the rules do not give is a resignation
/// or an agreed draw; one that contradicts the rules' result is refused.
fn finish<R: GameRules>(
    game: &mut Game<R>,
    result: &str,
    line: usize,
) -> Result<(), PdnError<R::GameBoard>> {
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
