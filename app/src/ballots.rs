//! The opening ballots: the drawn openings that tournament games of some rule sets start from
//! (`docs/rules.md`, "Opening ballots").
//!
//! - `english`: the ACF three-move deck, 156 ballots (`app/data/ballots/english.txt`);
//! - `italian`: the FID's 174 three-move openings (`app/data/ballots/italian.txt`).
//!
//! The files are built into the program. Each holds one ballot a line, its moves as the rule
//! set writes them; text after `#` is a comment, blank lines are skipped. Ballot N is the Nth
//! ballot line (1-based). Every other rule set has no ballots.

use dama_core::game::Game;
use dama_core::text::join_or;
use dama_core::{Board8, DynRules, GameRules, MoveList, Variant};

use crate::opening::Opening;

/// The English three-move deck, as built in.
pub const ENGLISH: &str = include_str!("../data/ballots/english.txt");
/// The Italian opening ballots, as built in.
pub const ITALIAN: &str = include_str!("../data/ballots/italian.txt");

/// The built-in ballots file of `rules`, if it has one.
pub fn text(rules: Variant) -> Option<&'static str> {
    match rules {
        Variant::English => Some(ENGLISH),
        Variant::Italian => Some(ITALIAN),
        _ => None,
    }
}

/// The rule sets that have ballots, as a list for messages: `english or italian`.
pub fn rule_sets_list() -> String {
    let names: Vec<String> = Variant::ALL
        .into_iter()
        .filter(|&r| text(r).is_some())
        .map(|r| r.name().to_string())
        .collect();
    join_or(&names)
}

/// Why no ballot could be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BallotError {
    /// The rule set has no ballots.
    #[error("the {rules} rules have no ballots (ballots are for {list})", list = rule_sets_list())]
    NoBallots {
        /// The rule set's name.
        rules: &'static str,
    },
    /// No ballot of that number.
    #[error("there is no ballot {number}: the {rules} ballots are numbered 1 to {count}")]
    OutOfRange {
        /// The number asked for.
        number: usize,
        /// The rule set's name.
        rules: &'static str,
        /// How many ballots it has.
        count: usize,
    },
    /// A move of a ballot is not a legal move there, as the rule set writes its moves.
    #[error("ballots line {line}: '{text}' is not a legal move there")]
    Illegal {
        /// The line (1-based).
        line: usize,
        /// The move as written.
        text: String,
    },
    /// A ballot after which the game is already over.
    #[error("ballots line {0}: the game is over after it")]
    Finished(usize),
    /// No ballot in the text.
    #[error("the ballots file holds no ballot")]
    Empty,
}

/// One ballot: its number and its opening (the rule set's start and the ballot's moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Its number (1-based).
    pub number: usize,
    /// The start and the moves.
    pub opening: Opening,
}

impl Ballot {
    /// The game after the ballot's moves (they are part of it).
    pub fn game<R: GameRules<GameBoard = Board8>>(&self, rules: R) -> Game<R> {
        // Every built-in ballot is checked when it is parsed, and by the tests.
        self.opening
            .game(rules)
            .unwrap_or_else(|| Game::with_rules(rules, self.opening.start))
    }

    /// The ballot's moves as one line: `9-13 22-18 10-14`.
    pub fn moves_text(&self) -> String {
        self.opening.moves.join(" ")
    }
}

/// The ballots of a text (see the module's documentation) under `rules`, every move
/// checked: each is one of the legal moves there, written as the rule set writes it, and the
/// game is not over after the last.
pub fn parse<R: GameRules<GameBoard = Board8>>(
    rules: R,
    text: &str,
) -> Result<Vec<Opening>, BallotError> {
    let object = rules.object();
    let notation = object.info().notation;
    let mut ballots = Vec::new();
    let mut list = MoveList::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let moves_part = line.split_once('#').map_or(line, |(moves, _)| moves);
        if moves_part.trim().is_empty() {
            continue;
        }
        let mut game = Game::with_rules(rules, object.start());
        let mut moves = Vec::new();
        for token in moves_part.split_whitespace() {
            game.legal_moves(&mut list);
            let Some(mv) = list.iter().find(|mv| notation.write(mv) == token) else {
                return Err(BallotError::Illegal {
                    line: line_no,
                    text: token.to_string(),
                });
            };
            let mv = *mv;
            if game.try_play(&mv).is_err() {
                return Err(BallotError::Illegal {
                    line: line_no,
                    text: token.to_string(),
                });
            }
            moves.push(token.to_string());
        }
        if game.is_over() {
            return Err(BallotError::Finished(line_no));
        }
        ballots.push(Opening {
            start: object.start(),
            moves,
        });
    }
    if ballots.is_empty() {
        return Err(BallotError::Empty);
    }
    Ok(ballots)
}

/// Every built-in ballot of `rules`, in order.
pub fn all(rules: DynRules<Board8>) -> Result<Vec<Opening>, BallotError> {
    let text = rules
        .variant()
        .and_then(text)
        .ok_or(BallotError::NoBallots {
            rules: rules.info().name,
        })?;
    parse(rules, text)
}

/// Ballot `number` (1-based) of `rules`.
pub fn ballot(rules: Variant, number: usize) -> Result<Ballot, BallotError> {
    let ballots = match DynRules::<Board8>::of_variant(rules) {
        Some(on8) => all(on8),
        None => Err(BallotError::NoBallots {
            rules: rules.name(),
        }),
    }?;
    let count = ballots.len();
    match number
        .checked_sub(1)
        .and_then(|i| ballots.into_iter().nth(i))
    {
        Some(opening) => Ok(Ballot { number, opening }),
        None => Err(BallotError::OutOfRange {
            number,
            rules: rules.name(),
            count,
        }),
    }
}

/// The ballot `k` places after `first` in `rules`' list, the first again after the last:
/// a simul's boards each start from their own (`--ballot N`: board 1 from N, board 2 from
/// N+1…).
pub fn after(rules: Variant, first: &Ballot, k: usize) -> Result<Ballot, BallotError> {
    let count = match DynRules::<Board8>::of_variant(rules) {
        Some(on8) => all(on8)?.len(),
        None => 0,
    };
    if count == 0 {
        return Ok(first.clone());
    }
    ballot(rules, (first.number - 1 + k) % count + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{English, Italian};

    #[test]
    fn the_built_in_files_hold_their_counts() {
        assert_eq!(
            all(dama_core::DynRules::of::<English>()).unwrap().len(),
            156
        );
        assert_eq!(
            all(dama_core::DynRules::of::<Italian>()).unwrap().len(),
            174
        );
        assert_eq!(rule_sets_list(), "english or italian");
    }

    #[test]
    fn a_simuls_boards_take_the_ballots_after_the_first_round_the_list() {
        let first = ballot(Variant::English, 155).unwrap();
        let numbers: Vec<usize> = (0..4)
            .map(|k| after(Variant::English, &first, k).unwrap().number)
            .collect();
        assert_eq!(numbers, [155, 156, 1, 2]);
        assert_eq!(
            after(Variant::English, &first, 3).unwrap(),
            ballot(Variant::English, 2).unwrap()
        );
    }

    #[test]
    fn ballots_are_numbered_from_one() {
        let first = ballot(Variant::English, 1).unwrap();
        assert_eq!(first.moves_text(), "9-13 21-17 5-9");
        assert_eq!(
            ballot(Variant::English, 5).unwrap().moves_text(),
            "9-13 22-18 10-14"
        );
        assert_eq!(
            ballot(Variant::Italian, 174).unwrap().moves_text(),
            "24-20 12-16 28-24"
        );
        assert_eq!(
            ballot(Variant::English, 0),
            Err(BallotError::OutOfRange {
                number: 0,
                rules: "english",
                count: 156
            })
        );
        assert_eq!(
            ballot(Variant::English, 157).unwrap_err().to_string(),
            "there is no ballot 157: the english ballots are numbered 1 to 156"
        );
        assert_eq!(
            ballot(Variant::Czech, 1).unwrap_err().to_string(),
            "the czech rules have no ballots (ballots are for english or italian)"
        );
    }

    #[test]
    fn bad_texts_are_refused_with_their_line() {
        assert_eq!(parse(English, "# none\n\n"), Err(BallotError::Empty));
        assert_eq!(
            parse(English, "9-13 22-18 # fine\n9-13 21-17 13-17\n"),
            Err(BallotError::Illegal {
                line: 2,
                text: "13-17".into()
            })
        );
        // Written as the rule set writes it: a capture is 13x22, not 13-22.
        assert_eq!(
            parse(English, "9-13 22-17 13-22\n"),
            Err(BallotError::Illegal {
                line: 1,
                text: "13-22".into()
            })
        );
        assert_eq!(
            parse(English, "  # a comment\n   \n9-13\n"),
            Ok(vec![Opening {
                start: <English as dama_core::BoardRules>::start(),
                moves: vec!["9-13".into()],
            }])
        );
        assert_eq!(
            parse(English, "9-13\n  x # stray\n")
                .unwrap_err()
                .to_string(),
            "ballots line 2: 'x' is not a legal move there"
        );
    }
}
