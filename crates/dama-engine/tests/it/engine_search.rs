//! The engine through its library API: limits, scores, draws, levels.

use std::time::{Duration, Instant};

use dama_core::game::Game;
use dama_core::rules::{DrawCounters, EndingCount, material};
use dama_core::{BoardRules, Color, Czech, MoveList, Position, Spanish, fen};
use dama_engine::EngineRules;
use dama_engine::eval::Hand8Evaluator;
use dama_engine::search::{Root, Searcher};
use dama_engine::tt::Table;
use dama_engine::{Engine, Info, Limits, Score, Weights, level};

fn depth(d: u32) -> Limits {
    Limits {
        level: None,
        depth: Some(d),
        movetime: None,
        ..Limits::default()
    }
}

/// The search's reports, with the endgame tables off: these tests are about the search (the
/// tables' own distances are another metric, and files built on this machine would answer).
fn infos<R: EngineRules<Board = dama_core::Board8>>(
    game: &Game<R>,
    limits: Limits,
) -> (Option<dama_core::Move>, Vec<Info>) {
    let mut all = Vec::new();
    let mut engine = Engine::with_seed(limits, 3);
    let best = engine.analyze(game, |i| all.push(i.clone()));
    (best, all)
}

#[test]
fn depth_limit_is_exact() {
    let game = Game::<Czech>::new(Position::initial());
    let (best, all) = infos(&game, depth(5));
    let depths: Vec<u32> = all.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(all.last().and_then(|i| i.pv.first()).copied(), best);
    assert!(all.windows(2).all(|w| w[0].nodes <= w[1].nodes));
}

#[test]
fn movetime_is_respected() {
    let game = Game::<Czech>::new(Position::initial());
    let limits = Limits {
        level: None,
        depth: None,
        movetime: Some(Duration::from_millis(60)),
        ..Limits::default()
    };
    let started = Instant::now();
    let best = Engine::new(limits).choose_move(&game);
    // The search stops itself at 90% of the time; the bound allows for a loaded machine.
    assert!(started.elapsed() < Duration::from_millis(1000));
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.contains(&best.expect("a move")));
}

#[test]
fn quickest_win_and_slowest_loss() {
    // White to move takes both black men: a win in one ply.
    let game = Game::<Czech>::new(fen::parse("W:WKa1:Bc3,e5").unwrap());
    let (_, all) = infos(&game, depth(4));
    assert_eq!(all.last().map(|i| i.score), Some(Score::Win(1)));
    // Black to move has one move, and loses its last man to it: a loss in two plies.
    let game = Game::<Czech>::new(fen::parse("B:WKc1,Kf6:Ba3").unwrap());
    let (_, all) = infos(&game, depth(6));
    assert_eq!(all.last().map(|i| i.score), Some(Score::Loss(2)));
}

#[test]
fn finished_games_have_no_move() {
    let game = Game::<Czech>::new(fen::parse("W:Wa1:Bb2,c3").unwrap());
    assert!(game.is_over());
    assert_eq!(Engine::new(depth(3)).choose_move(&game), None);
}

#[test]
fn the_ending_count_is_seen_by_the_search() {
    let pos = fen::parse("W:WKa3,Kc1,Ke1:BKh6").unwrap();
    let counters = |plies| DrawCounters {
        quiet_plies: plies,
        ending: Some(EndingCount {
            material: material(&pos),
            plies,
            limit: 30,
        }),
    };
    let score = |plies| {
        let table = Table::new(12);
        let evaluator = Hand8Evaluator::for_rules::<Czech>(Weights::DEFAULT);
        let mut searcher = Searcher::<Czech, _>::new(&table, &evaluator, None);
        let root = Root {
            pos,
            counters: counters(plies),
            history: Vec::new(),
        };
        searcher.search_root(&root, 6, -40_000, 40_000)
    };
    // Fresh: three kings are winning; one ply from the end of the count: a draw.
    assert!(score(0) >= 400, "{}", score(0));
    assert_eq!(score(29), 0);
}

#[test]
fn repetition_is_a_draw_in_the_search() {
    // White is two kings up; but if every position white can move to has occurred before
    // (with black to move), every line is a repetition and the score is a draw.
    let pos = fen::parse("W:WKa1,Kc1,Ke1:BKh6").unwrap();
    let mut moves = MoveList::new();
    Czech::legal_moves(&pos, &mut moves);
    let mut history = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            history.push(0);
        }
        history.push(dama_engine::tt::position_key(&pos.after(mv)));
    }
    let repeated = Root {
        pos,
        counters: Czech::start_counters(&pos),
        history,
    };
    let fresh = Root {
        history: Vec::new(),
        ..repeated.clone()
    };
    let evaluator = Hand8Evaluator::for_rules::<Czech>(Weights::DEFAULT);
    let table = Table::new(12);
    let mut searcher = Searcher::<Czech, _>::new(&table, &evaluator, None);
    assert!(searcher.search_root(&fresh, 1, -40_000, 40_000) > 300);
    let table = Table::new(12);
    let mut searcher = Searcher::<Czech, _>::new(&table, &evaluator, None);
    assert_eq!(searcher.search_root(&repeated, 1, -40_000, 40_000), 0);
}

#[test]
fn levels_differ_and_low_levels_vary() {
    let game = Game::<Czech>::new(Position::initial());
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let limits = Limits {
            level: Some(1),
            depth: None,
            movetime: None,
            ..Limits::default()
        };
        let mv = Engine::with_seed(limits, seed).choose_move(&game).unwrap();
        seen.insert(mv);
    }
    assert!(seen.len() >= 3, "level 1 played only {seen:?}");
    assert!(level::LEVELS.windows(2).all(|w| w[0].2 >= w[1].2));
}

#[test]
fn spanish_rules_are_searched_too() {
    let game = Game::<Spanish>::new(Position::initial());
    let (best, all) = infos(&game, depth(6));
    assert_eq!(all.len(), 6);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.contains(&best.unwrap()));
}

#[test]
fn draw_offers_and_answers() {
    // Level king against king: accepts an offer; offers after eight quiet moves each.
    let game = Game::<Czech>::new(fen::parse("W:WKa3:BKh4").unwrap());
    let mut engine = Engine::new(depth(4));
    assert!(engine.accepts_draw(&game, Color::White));
    assert!(engine.accepts_draw(&game, Color::Black));
    assert!(!engine.offers_draw(&game));
    // A king up with men against a lone man: declines, whoever is to move; the lone man's
    // side accepts.
    let winning = Game::<Czech>::new(fen::parse("W:WKa1,c3,e3:Bh6").unwrap());
    assert!(!engine.accepts_draw(&winning, Color::White));
    let offered = Game::<Czech>::new(fen::parse("B:WKa1,c3,e3:Bh6").unwrap());
    assert!(!engine.accepts_draw(&offered, Color::White));
    assert!(engine.accepts_draw(&offered, Color::Black));
    // Two kings each: the engine offers only after eight quiet moves each.
    let mut game = Game::<Czech>::new(fen::parse("W:WKa1,Kc1:BKh8,Kf8").unwrap());
    let mut seen = std::collections::HashSet::new();
    let mut moves = MoveList::new();
    let mut replies = MoveList::new();
    for ply in 0..16 {
        assert!(!engine.offers_draw(&game), "offered after {ply} plies");
        game.legal_moves(&mut moves);
        // A quiet move to a new position that gives the opponent no capture.
        let mv = moves
            .iter()
            .find(|m| {
                let next = game.position().after(m);
                Czech::legal_moves(&next, &mut replies);
                !m.is_capture() && !seen.contains(&next) && replies.iter().all(|r| !r.is_capture())
            })
            .copied()
            .expect("a quiet move");
        seen.insert(game.position().after(&mv));
        game.play(&mv);
    }
    assert_eq!(dama_engine::plies_without_progress(&game), 16);
    assert!(!game.is_over());
    assert!(engine.offers_draw(&game));
}

#[test]
fn noisy_levels_count_plies_like_the_full_search() {
    let game = Game::<Czech>::new(fen::parse("W:WKa1:Bc3,e5").unwrap());
    let limits = Limits {
        level: Some(2),
        depth: None,
        movetime: None,
        ..Limits::default()
    };
    let (best, all) = infos(&game, limits);
    assert_eq!(all.last().map(|i| i.score), Some(Score::Win(1)));
    assert!(best.is_some_and(|m| m.captured().count() == 2));
}

/// A depth the clock cuts short may only replace the last depth's move by one that beat it at
/// the new depth: the last best is searched first at the root even when the table no longer
/// holds the root (here: a fresh table), so a worse move that happens to come first in the
/// generator's order is never played. (Black's king takes f4 and lands on h6, safe; landing
/// on g5, where it was played once, loses it to h4xf6xh8.)
#[test]
fn a_cut_short_depth_keeps_the_last_best_move() {
    let pos = fen::parse("B:Wa1,a3,c3,f4,h4:BKc1,c5,f8,g7").unwrap();
    let root = Root {
        pos,
        counters: Czech::start_counters(&pos),
        history: Vec::new(),
    };
    let mut moves = MoveList::new();
    Czech::legal_moves(&pos, &mut moves);
    let name = |mv: &dama_core::Move| Czech::INFO.notation.write(mv);
    assert_eq!(
        moves.iter().map(name).collect::<Vec<_>>(),
        ["c1xg5", "c1xh6"],
        "the losing landing comes first in the generator's order"
    );
    let table = Table::new(12);
    let evaluator = Hand8Evaluator::for_rules::<Czech>(Weights::DEFAULT);
    let mut searcher = Searcher::<Czech, _>::new(&table, &evaluator, None);
    searcher.search_root(&root, 8, -40_000, 40_000);
    let best = searcher.pv()[0];
    assert_eq!(name(&best), "c1xh6");
    for budget in (50..3_000).step_by(50) {
        let table = Table::new(12);
        let mut cut = Searcher::<Czech, _>::new(&table, &evaluator, None);
        cut.set_root_first(Some(best));
        cut.set_node_limit(Some(budget));
        cut.search_root(&root, 9, -40_000, 40_000);
        if let Some(mv) = cut.pv().first() {
            assert_eq!(
                name(mv),
                "c1xh6",
                "budget {budget}, stopped {}",
                cut.stopped
            );
        }
    }
}
