//! Making a book (`dama book build`): from engine analysis, or from the games of a PDN
//! collection (`docs/book.md`, "How a book is built").

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

use super::{Book, BookBoard, BookMove, BookRules, variant_of};
use dama_core::game::Game;
use dama_core::{DynRules, MoveListOn, MoveOn, PositionOn};
use dama_engine::{Engine, Limits, Score};

/// How a book is made from engine analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// Positions this many plies deep from the start are the last ones given moves.
    pub plies: u32,
    /// The node budget of each move's search.
    pub nodes: u64,
    /// Moves scoring within this (hundredths of a man) of the best are kept.
    pub margin: i32,
    /// At most this many moves are kept in a position.
    pub max_moves: usize,
    /// A move this much (hundredths of a man) below the best has half its weight.
    pub halving: i32,
}

impl Method {
    /// The method with `plies` and `nodes`, and the default margin (30), moves per position
    /// (4) and halving (15).
    pub fn new(plies: u32, nodes: u64) -> Method {
        Method {
            plies,
            nodes,
            margin: 30,
            max_moves: 4,
            halving: 15,
        }
    }
}

/// A score as one number, higher better for the side it is from: wins above every value,
/// sooner wins higher.
fn rank(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(n) => 1_000_000 - n.min(10_000) as i32,
        Score::Loss(n) => -1_000_000 + n.min(10_000) as i32,
    }
}

/// The score of `mv` in `pos` for the side that plays it: the child searched with `nodes`
/// by a fresh one-thread engine without tables (so every score is reproducible).
fn score_move<R: BookRules>(pos: &PositionOn<R::Board>, mv: &MoveOn<R::Board>, nodes: u64) -> i32 {
    let child = pos.after(mv);
    let mut replies = MoveListOn::new();
    R::legal_moves(&child, &mut replies);
    if replies.is_empty() {
        return rank(Score::Win(1));
    }
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut engine = Engine::with_seed(limits, 0);
    engine.set_table_bits(16);
    engine.set_search_forced(true);
    let game = Game::<R>::new(child);
    let mut last = None;
    let _ = engine.analyze(&game, |info| last = Some(info.score));
    last.map_or(0, |score| -rank(score))
}

/// Sorts scored moves best first, ties in their order. Generic over the move only, so that
/// the sort is compiled once per board rather than once per rule set.
fn best_first<M>(scored: &mut [(i32, M)]) {
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
}

/// The kept moves of `pos` with their weights, best first (ties in the generator's order).
fn book_moves<R: BookRules>(
    pos: &PositionOn<R::Board>,
    legal: &[MoveOn<R::Board>],
    method: &Method,
) -> Vec<BookMove<R::Board>> {
    let mut scored: Vec<(i32, MoveOn<R::Board>)> = legal
        .iter()
        .map(|mv| (score_move::<R>(pos, mv, method.nodes), *mv))
        .collect();
    best_first(&mut scored);
    let best = scored.first().map_or(0, |(s, _)| *s);
    scored
        .into_iter()
        .filter(|(score, _)| best.saturating_sub(*score) <= method.margin)
        .take(method.max_moves.max(1))
        .map(|(score, mv)| {
            let behind = f64::from(best.saturating_sub(score));
            let weight = 100.0 * 0.5f64.powf(behind / f64::from(method.halving.max(1)));
            BookMove {
                mv,
                weight: (weight.round() as u32).max(1),
            }
        })
        .collect()
}

/// A book made by engine analysis from `start`: level by level, every position reached by
/// the book's moves (and by forced moves, which get no entry) to `method.plies` plies has
/// each legal move scored, and the moves near the best kept. `progress` is called after
/// each level with its number (from 1) and the positions given moves so far.
pub fn from_engine<R: BookRules>(
    start: PositionOn<R::Board>,
    method: &Method,
    mut progress: impl FnMut(u32, usize),
) -> Book<R::Board> {
    let mut book = Book::empty_of(variant_of::<R>());
    let mut seen: HashSet<PositionOn<R::Board>> = HashSet::from([start]);
    let mut level = vec![start];
    for ply in 0..method.plies {
        #[allow(clippy::type_complexity)]
        let results: Vec<(
            PositionOn<R::Board>,
            Vec<MoveOn<R::Board>>,
            Vec<BookMove<R::Board>>,
        )> = level
            .par_iter()
            .map(|pos| {
                let mut legal = MoveListOn::new();
                R::legal_moves(pos, &mut legal);
                let legal: Vec<MoveOn<R::Board>> = legal.iter().copied().collect();
                let kept = if legal.len() > 1 {
                    book_moves::<R>(pos, &legal, method)
                } else {
                    Vec::new()
                };
                (*pos, legal, kept)
            })
            .collect();
        let mut next = Vec::new();
        for (pos, legal, kept) in results {
            let followed: Vec<MoveOn<R::Board>> = if legal.len() == 1 {
                legal
            } else {
                kept.iter().map(|m| m.mv).collect()
            };
            if !kept.is_empty() {
                book.insert(pos, kept);
            }
            for mv in followed {
                let child = pos.after(&mv);
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        progress(ply + 1, book.len());
        level = next;
    }
    book
}

/// What reading a PDN collection gave.
#[derive(Clone, Debug)]
pub struct FromGames<B: BookBoard = dama_core::Board8> {
    /// The book: in each position met in the first plies, the moves played, weighted by how
    /// often.
    pub book: Book<B>,
    /// Games read.
    pub games: usize,
    /// Games refused (not readable under the rule set).
    pub refused: usize,
}

/// A book from the games of a PDN `text`: every position of their first `plies` plies with
/// more than one legal move gets the moves played there, each weighted by the number of
/// games that played it (positions in the order first met, moves most played first).
pub fn from_games<B: BookBoard>(rules: DynRules<B>, text: &str, plies: u32) -> FromGames<B> {
    #[allow(clippy::type_complexity)]
    let mut counts: HashMap<PositionOn<B>, Vec<(MoveOn<B>, u32)>> = HashMap::new();
    let mut order: Vec<PositionOn<B>> = Vec::new();
    let (mut games, mut refused) = (0, 0);
    let mut legal = MoveListOn::new();
    for record in dama_core::pdn::read_games_with(rules, text) {
        let Ok(record) = record else {
            refused += 1;
            continue;
        };
        games += 1;
        let mut pos = *record.game.start();
        for mv in record.game.moves().take(plies as usize) {
            rules.legal_moves(&pos, &mut legal);
            if legal.len() > 1 {
                let entry = counts.entry(pos).or_insert_with(|| {
                    order.push(pos);
                    Vec::new()
                });
                match entry.iter_mut().find(|(m, _)| m == mv) {
                    Some((_, n)) => *n = n.saturating_add(1),
                    None => entry.push((*mv, 1)),
                }
            }
            pos = pos.after(mv);
        }
    }
    let mut book = Book::empty_of(rules.variant().unwrap_or_default());
    for pos in order {
        let mut moves = counts.remove(&pos).unwrap_or_default();
        moves.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        book.insert(
            pos,
            moves
                .into_iter()
                .map(|(mv, weight)| BookMove { mv, weight })
                .collect(),
        );
    }
    FromGames {
        book,
        games,
        refused,
    }
}
