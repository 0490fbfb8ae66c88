//! PDN 3.0 game records for every rule set, on either board: reading and writing.
//!
//! Written: the seven standard tags, the rule set's `GameType` (`"29"` Czech, `"20"`
//! international draughts, …), `FEN` when the game did not start from the initial position,
//! then numbered movetext (`1. c3-d4 f6-g5 2. …` on 8×8, `1. 32-28 19-23 2. 28x19 …` on
//! 10×10, every landing square of a capture) ending with the result. Read: tags in any order,
//! comments `{…}` and `; …`, variations `(…)` (skipped), NAGs `$n`, move numbers, the signs
//! `! ? !! ?? !? ?! * + =` after a move, captures with `x` or `:`, squares algebraic or
//! numbered 1–32 on 8×8, numbered 1–50 on 10×10 (the `FEN` tag too). Every move is checked
//! against the rules; [`read`] reads the first game of the file, [`read_games`] every game,
//! one by one. See `docs/pdn.md`.

mod games;
mod read;
mod write;

pub use crate::text::excerpt;
pub use games::{Games, read_games, read_games_with, split_games};
pub use read::{GameOf, game_of, read, read_with};
pub use write::{
    Annotation, civil_date, move_text, move_text_in, result_text, today, write, write_annotated,
};

use crate::board::{Board, Board8};
use crate::fen::FenError;
use crate::game::{Game, Outcome, WinReason};
use crate::notation::algebraic::MoveError;
use crate::rules::GameRules;

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
pub struct Record<R: GameRules> {
    /// The game, at its last position.
    pub game: Game<R>,
    /// The tags as read (name, value).
    pub tags: Vec<(String, String)>,
    /// The comments `{…}` of the movetext (outside variations), each with the number of
    /// half-moves played before it (0: before the first move), in order.
    pub comments: Vec<(usize, String)>,
}

/// What is wrong with a PDN text (of a game on the board `B`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnErrorKind<B: Board = Board8> {
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
    BadFen(FenError<B>),
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
        reason: MoveError<B>,
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
pub struct PdnError<B: Board = Board8> {
    /// The line (from 1) where the problem was found.
    pub line: usize,
    /// The problem.
    pub kind: PdnErrorKind<B>,
}

/// The value of the tag `name` (in any case) among `tags`, as read.
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Whether a game's result was declared by the players (resignation or agreement) rather than
/// given by the rules.
pub fn is_declared(outcome: Option<Outcome>) -> bool {
    matches!(
        outcome,
        Some(Outcome::Win {
            reason: WinReason::Resignation | WinReason::Time,
            ..
        }) | Some(Outcome::Draw(crate::DrawReason::Agreement))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::algebraic;
    use crate::{Czech, MoveList, fen};

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

    /// The moves `texts` played from `game`'s position.
    fn line(game: &Game<Czech>, texts: &[&str]) -> Vec<crate::Move> {
        let mut game = game.clone();
        let mut list = MoveList::new();
        texts
            .iter()
            .map(|text| {
                game.legal_moves(&mut list);
                let mv = algebraic::parse(text, game.position(), &list).unwrap();
                game.play(&mv);
                mv
            })
            .collect()
    }

    #[test]
    fn annotations_are_written_and_read_back_as_the_same_game() {
        let start = Game::<Czech>::default();
        let mut game = start.clone();
        play(&mut game, &["c3-d4", "f6-e5", "d4xf6"]);
        let before_fourth = game.clone();
        play(&mut game, &["g7xe5", "b2-c3"]);
        let notes = [
            Annotation {
                sign: String::new(),
                comment: Some("[%eval 0.10]".into()),
                variations: vec![line(&start, &["c3-b4", "f6-g5"])],
            },
            Annotation {
                sign: "?!".into(),
                comment: Some("[%eval {0.50}]".into()),
                variations: vec![],
            },
            Annotation::default(),
            Annotation {
                sign: "??".into(),
                comment: Some("[%eval 1.20]".into()),
                variations: vec![line(&before_fourth, &["e7xg5", "b2-c3"])],
            },
        ];
        let text = write_annotated(&game, &Header::default(), &[], &notes);
        assert!(
            text.ends_with(
                "\n1. c3-d4 {[%eval 0.10]} (1. c3-b4 f6-g5) 1... f6-e5?! {[%eval 0.50]} 2. d4xf6\n\
                 g7xe5?? {[%eval 1.20]} (2... e7xg5 3. b2-c3) 3. b2-c3 *\n"
            ),
            "{text}"
        );
        let back = read::<Czech>(&text).unwrap();
        assert_eq!(
            back.game.moves().collect::<Vec<_>>(),
            game.moves().collect::<Vec<_>>()
        );
        assert_eq!(
            write_annotated(&game, &Header::default(), &[], &[]),
            write(&game, &Header::default())
        );
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
