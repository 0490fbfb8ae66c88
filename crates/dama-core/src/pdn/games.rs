//! Files of many games: the text is split into one piece per game, and each piece is read by
//! the single-game reader ([`read`](super::read)).
//!
//! A game starts at its first tag line; a tag line (`[` first on the line, outside a `{…}`
//! comment) that follows movetext starts the next game. Splitting is one pass over the text.

use super::{PdnError, Record, read_with};
use crate::rules::{BoardRules, GameRules};

/// The games of a PDN text, each as (its first line, counted from 1; its text).
pub fn split_games(text: &str) -> Vec<(usize, &str)> {
    let mut pieces = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1usize;
    let mut offset = 0usize;
    let mut in_comment = false;
    let mut seen_movetext = false;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        if !in_comment && trimmed.starts_with('[') {
            if seen_movetext {
                pieces.push((start_line, &text[start..offset]));
                start = offset;
                start_line = index + 1;
                seen_movetext = false;
            }
        } else {
            for c in line.chars() {
                match c {
                    '}' if in_comment => in_comment = false,
                    _ if in_comment => {}
                    '{' => in_comment = true,
                    ';' => break,
                    c if !c.is_whitespace() && c != '\u{feff}' => seen_movetext = true,
                    _ => {}
                }
            }
        }
        offset += line.len();
    }
    if !text[start..].trim().is_empty() || pieces.is_empty() {
        pieces.push((start_line, &text[start..]));
    }
    pieces
}

/// Reads every game of a PDN text, one at a time, under the rules `R`. Each item is a game or
/// the error that refused it (its line counted in the whole text); later games are still
/// read after a refused one.
pub fn read_games<R: BoardRules>(text: &str) -> Games<'_, R> {
    read_games_with(R::default(), text)
}

/// [`read_games`] under the rules `rules`, a type's or a value chosen at run time
/// ([`DynRules`](crate::DynRules)).
pub fn read_games_with<R: GameRules>(rules: R, text: &str) -> Games<'_, R> {
    Games {
        pieces: split_games(text).into_iter(),
        rules,
    }
}

/// The games of a PDN text, read one by one (see [`read_games`]).
#[derive(Debug)]
pub struct Games<'a, R: GameRules> {
    pieces: std::vec::IntoIter<(usize, &'a str)>,
    rules: R,
}

impl<R: GameRules> Iterator for Games<'_, R> {
    type Item = Result<Record<R>, PdnError<R::GameBoard>>;

    fn next(&mut self) -> Option<Self::Item> {
        let (first_line, piece) = self.pieces.next()?;
        Some(read_with(self.rules, piece).map_err(|mut e| {
            e.line += first_line - 1;
            e
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Czech;
    use crate::pdn::PdnErrorKind;

    const TWO: &str = "[Event \"a\"]\n[Round \"1\"]\n\n1. c3-d4 f6-e5 1-0\n\n\
                       [Event \"b\"]\n{ a comment\n[not a tag] }\n1. c3-b4 *\n";

    #[test]
    fn splits_at_tags_after_movetext() {
        let pieces = split_games(TWO);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].0, 1);
        assert_eq!(pieces[1].0, 6);
        assert!(pieces[1].1.starts_with("[Event \"b\"]"));
        let games: Vec<_> = read_games::<Czech>(TWO).collect();
        assert_eq!(games.len(), 2);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.game.moves().count(), 2);
        assert_eq!(games[1].as_ref().unwrap().game.moves().count(), 1);
    }

    #[test]
    fn errors_name_the_line_in_the_whole_file() {
        let text =
            "[Event \"a\"]\n1. c3-d4 *\n[Event \"b\"]\n1. c1-d2 *\n[Event \"c\"]\n1. a3-b4 *\n";
        let results: Vec<_> = read_games::<Czech>(text).collect();
        assert_eq!(results.len(), 3);
        let e = results[1].as_ref().unwrap_err();
        assert_eq!(e.line, 4);
        assert!(matches!(e.kind, PdnErrorKind::Illegal { .. }));
        assert!(results[2].is_ok());
    }

    #[test]
    fn an_empty_text_is_one_empty_game() {
        let results: Vec<_> = read_games::<Czech>("").collect();
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].as_ref().unwrap_err().kind, PdnErrorKind::Empty);
    }
}
