//! The openings a match starts its games from: a built-in set of balanced starts generated
//! for each rule set, or positions from a file of FENs.
//!
//! The built-in set: every line of [`BUILTIN_PLIES`] plies from the initial position (the
//! first line in notation order for each position reached), kept when this engine, searching
//! [`BUILTIN_DEPTH`] plies with the default weights ([`dama_engine::Weights::DEFAULT`]),
//! scores it within ±[`BUILTIN_MARGIN`] hundredths of a man; then put in a fixed pseudo-random order (so the first games of a short
//! match already use varied openings). The same build gives the same set every time.

use crate::opening::Opening;
use crate::play::EngineCalls;
use dama_core::game::{DynGame, Game};
use dama_core::{Board, DynRules, MoveListOn};
use dama_engine::{Engine, Limits, Score};

/// Plies of a built-in opening.
pub const BUILTIN_PLIES: usize = 3;
/// The depth of the search that judges a built-in opening.
pub const BUILTIN_DEPTH: u32 = 6;
/// The largest score (hundredths of a man) of a built-in opening.
pub const BUILTIN_MARGIN: i32 = 25;
/// The most openings read from a file.
pub const MAX_OPENINGS: usize = 100_000;

/// The built-in balanced openings of the rule set `rules`, judged by the engine's search
/// through `calls`.
pub fn builtin<B: Board>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
) -> Vec<Opening<B>> {
    let mut lines: Vec<(Vec<String>, DynGame<B>)> =
        vec![(Vec::new(), Game::with_rules(rules, rules.start()))];
    let mut list = MoveListOn::new();
    for _ in 0..BUILTIN_PLIES {
        let mut next = Vec::new();
        for (moves, game) in &lines {
            game.legal_moves(&mut list);
            let mut children: Vec<_> = list.iter().map(|mv| (rules.write_move(mv), *mv)).collect();
            children.sort_by(|a, b| a.0.cmp(&b.0));
            for (text, mv) in children {
                let mut child = game.clone();
                child.play(&mv);
                let mut line = moves.clone();
                line.push(text);
                next.push((line, child));
            }
        }
        // One line per position reached: the first in notation order.
        next.sort_by(|a, b| a.0.cmp(&b.0));
        let mut seen = std::collections::HashSet::new();
        next.retain(|(_, game)| seen.insert(*game.position()));
        lines = next;
    }
    let mut engine = Engine::with_seed(
        Limits {
            depth: Some(BUILTIN_DEPTH),
            ..Limits::default()
        },
        1,
    );
    // The hand-set weights whatever the rule set's own: the set stays the same when a rule
    // set's weights are tuned (`EngineRules::default_evaluation`).
    engine.set_evaluation(dama_engine::Evaluation::Hand8(
        dama_engine::Weights::DEFAULT,
    ));
    let mut openings: Vec<Opening<B>> = lines
        .into_iter()
        .filter(|(_, game)| !game.is_over())
        .filter(|(_, game)| {
            let mut last = None;
            calls.analyze(&mut engine, game, &mut |info| last = Some(info.score));
            matches!(last, Some(Score::Value(v)) if v.abs() <= BUILTIN_MARGIN)
        })
        .map(|(moves, _)| Opening {
            start: rules.start(),
            moves,
        })
        .collect();
    shuffle(&mut openings, 0x0DDB_1A5E_5BAD_5EED);
    openings
}

/// A Fisher–Yates shuffle driven by a xorshift64 generator from `seed`.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed | 1;
    for i in (1..items.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = (state % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// A file of openings refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// A line that is not a position.
    #[error("openings line {0}: {1}")]
    BadFen(usize, String),
    /// A position where the game is already over.
    #[error("openings line {0}: the game is over in this position")]
    Finished(usize),
    /// No position in the file.
    #[error("the openings file holds no position")]
    Empty,
    /// More positions than [`MAX_OPENINGS`].
    #[error("the openings file holds more than {MAX_OPENINGS} positions")]
    TooMany,
}

/// Openings from a text of FENs, one a line; blank lines and lines starting with `#` are
/// skipped.
pub fn from_fens<B: Board>(
    rules: DynRules<B>,
    text: &str,
) -> Result<Vec<Opening<B>>, OpeningError> {
    let mut openings = Vec::new();
    // A byte-order mark (an editor's UTF-8 file) is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if openings.len() == MAX_OPENINGS {
            return Err(OpeningError::TooMany);
        }
        let start = rules
            .parse_fen(line)
            .map_err(|e| OpeningError::BadFen(index + 1, e.to_string()))?;
        let opening = Opening {
            start,
            moves: Vec::new(),
        };
        if opening.game(rules).is_none() {
            return Err(OpeningError::Finished(index + 1));
        }
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::Czech;
    use dama_core::fen;

    #[test]
    fn fen_files() {
        let ok = from_fens(
            dama_core::DynRules::of::<Czech>(),
            "# two\nW:Wc3,e3:Bf6\n\nB:WKa1:Bh8\n",
        )
        .unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(ok[1].describe(), "B:WKa1:Bh8");
        assert_eq!(
            from_fens(dama_core::DynRules::of::<Czech>(), "W:Wc3:Bf6\nnonsense\n").unwrap_err(),
            OpeningError::BadFen(2, fen::parse("nonsense").unwrap_err().to_string())
        );
        assert_eq!(
            from_fens(dama_core::DynRules::of::<Czech>(), "W:Wa1:Bb2,c3\n"),
            Err(OpeningError::Finished(1))
        );
        assert_eq!(
            from_fens(dama_core::DynRules::of::<Czech>(), "# none\n"),
            Err(OpeningError::Empty)
        );
    }

    #[test]
    fn shuffle_is_a_fixed_permutation() {
        let mut a: Vec<u32> = (0..50).collect();
        shuffle(&mut a, 7);
        let mut b: Vec<u32> = (0..50).collect();
        shuffle(&mut b, 7);
        assert_eq!(a, b);
        assert_ne!(a, (0..50).collect::<Vec<_>>());
        a.sort();
        assert_eq!(a, (0..50).collect::<Vec<_>>());
    }
}
