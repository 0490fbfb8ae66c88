//! The engine on the 10×10 board: international draughts through the same public API as the
//! 8×8 rule sets (analyze, multi-PV, threads, levels, clocks, node budgets, tables).

use std::sync::Arc;
use std::time::Duration;

use dama_core::game::Game;
use dama_core::notation::algebraic;
use dama_core::{Board10, BoardRules, International, MoveListOn, MoveOn, PositionOn, fen};
use dama_engine::{Engine, Evaluation, Info, Limits, Score, Tablebase, TimeControl, Weights10};

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn position(text: &str) -> PositionOn<Board10> {
    fen::parse_on::<Board10>(text).expect("a sound FEN")
}

fn is_legal(game: &Game<International>, mv: &MoveOn<Board10>) -> bool {
    let mut legal = MoveListOn::new();
    game.legal_moves(&mut legal);
    legal.contains(mv)
}

#[test]
fn a_legal_move_from_the_start_at_depth_4() {
    let game = Game::<International>::new(PositionOn::initial());
    let mut infos: Vec<Info<Board10>> = Vec::new();
    let best = Engine::with_seed(depth(4), 1)
        .analyze(&game, |i| infos.push(i.clone()))
        .expect("a move");
    assert!(is_legal(&game, &best));
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(infos.last().and_then(|i| i.pv.first()), Some(&best));
    // The start is symmetric: no side is far ahead after four plies.
    match infos.last().map(|i| i.score) {
        Some(Score::Value(v)) => assert!(v.abs() < 100, "{v}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_legal_move_from_the_start_with_a_node_budget() {
    let game = Game::<International>::new(PositionOn::initial());
    let mut last = 0;
    let best = Engine::with_seed(nodes(20_000), 1)
        .analyze(&game, |i| last = i.nodes)
        .expect("a move");
    assert!(is_legal(&game, &best));
    assert!(last > 0);
}

/// A shot: 28-23 gives a man away; black must take it (19x28), and white's answer
/// 33x22x11x2x13x4 takes five men, the majority capture, and crowns on 4. Found among random
/// positions as the only move that wins material within three plies; material is even.
const SHOT: &str = "W:W28,32,33,35,37,39,43,44,45,46,47,50:B3,5,6,7,8,9,10,14,15,17,19,20";

#[test]
fn finds_the_shot() {
    let game = Game::<International>::new(position(SHOT));
    let mut last: Option<Info<Board10>> = None;
    let best = Engine::with_seed(depth(6), 1)
        .analyze(&game, |i| last = Some(i.clone()))
        .expect("a move");
    assert_eq!(algebraic::write(&best), "28-23");
    let info = last.expect("a completed depth");
    match info.score {
        Score::Value(v) => assert!(v >= 200, "{v}"),
        Score::Win(_) => {}
        Score::Loss(n) => panic!("loss {n}"),
    }
    // The line goes on with black's forced capture and white's majority capture.
    assert!(info.pv.len() >= 3, "{:?}", info.pv);
    let line: Vec<String> = info.pv.iter().take(3).map(algebraic::write).collect();
    assert_eq!(line, ["28-23", "19x28", "33x22x11x2x13x4"]);
}

#[test]
fn multipv_threads_levels_and_clocks_play_legal_moves() {
    let game = Game::<International>::new(position(SHOT));
    let mut engine = Engine::with_seed(depth(4), 1);
    let mut lines = 0;
    let best = engine
        .analyze_multipv(&game, 3, |m| lines = m.lines.len())
        .expect("a move");
    assert!(is_legal(&game, &best));
    assert_eq!(lines, 3);

    let mut threaded = Engine::with_seed(
        Limits {
            movetime: Some(Duration::from_millis(150)),
            ..Limits::default()
        },
        1,
    )
    .with_threads(2);
    let mv = threaded.choose_move(&game).expect("a move");
    assert!(is_legal(&game, &mv));

    for level in [1, 5, 10] {
        let mut engine = Engine::with_seed(
            Limits {
                level: Some(level),
                nodes: Some(5_000),
                ..Limits::default()
            },
            7,
        );
        let mv = engine.choose_move(&game).expect("a move");
        assert!(is_legal(&game, &mv), "level {level}");
    }

    let mut clocked = Engine::with_seed(
        Limits {
            time: Some(TimeControl::fischer(
                Duration::from_secs(2),
                Duration::from_millis(10),
            )),
            ..Limits::default()
        },
        1,
    );
    let mv = clocked.choose_move(&game).expect("a move");
    assert!(is_legal(&game, &mv));
    assert!(clocked.clock_left(game.turn()).is_some());
}

#[test]
fn the_engine_plays_the_ten_by_ten_tables_move() {
    // A king against a man on its back corner: the tables (the small classes, built in
    // memory) know the win, and the engine plays their move at the root.
    let game = Game::<International>::new(position("W:WK46:B5"));
    let base = Arc::new(Tablebase::new().without_build_thread());
    let tables = base.for_rules::<International>();
    assert!(tables.small_tables::<International>().is_some());
    let (table_move, value) = tables
        .best_move::<International>(game.position(), game.counters(), |_| 0)
        .expect("covered");
    assert_eq!(value, dama_tablebase::Value::Win(2));
    let mut engine = Engine::with_seed(depth(6), 1).with_tables(Arc::clone(&base));
    let mut last: Option<Info<Board10>> = None;
    let mv = engine
        .analyze(&game, |i| last = Some(i.clone()))
        .expect("a move");
    assert_eq!(mv, table_move);
    let info = last.expect("an info line");
    assert!(info.tbhits >= 1);
    assert_eq!(info.score, Score::Win(2));
}

#[test]
fn the_search_probes_the_ten_by_ten_tables_below_the_root() {
    // Four pieces (no table of four here): the search answers, and its captures reach the
    // three-piece tables.
    let game = Game::<International>::new(position("W:WK47,K4:B16,K35"));
    let base = Arc::new(Tablebase::new().without_build_thread());
    let tables = base.for_rules::<International>();
    assert!(tables.small_tables::<International>().is_some());
    let mut engine = Engine::with_seed(depth(6), 1).with_tables(base);
    let mut hits = 0;
    let mv = engine.analyze(&game, |i| hits = i.tbhits).expect("a move");
    assert!(is_legal(&game, &mv));
    assert!(hits > 0);
}

#[test]
fn an_engine_game_ends_by_a_rule_or_at_the_ply_cap() {
    let mut game = Game::<International>::new(PositionOn::initial());
    let mut white = Engine::with_seed(nodes(3_000), 1);
    let mut black = Engine::with_seed(nodes(2_000), 2);
    let mut plies = 0;
    while !game.is_over() && plies < 160 {
        let engine = if plies % 2 == 0 {
            &mut white
        } else {
            &mut black
        };
        let mv = engine
            .choose_move(&game)
            .expect("a move while the game is on");
        assert!(is_legal(&game, &mv), "ply {plies}");
        game.play(&mv);
        plies += 1;
    }
    println!("{plies} plies: {:?}", game.outcome());
    assert!(game.is_over() || plies == 160);
    if game.is_over() {
        assert!(game.outcome().is_some());
        // A finished game has no move to suggest.
        assert!(white.choose_move(&game).is_none() || game.outcome().is_some());
    }
}

#[test]
fn an_engine_plays_the_ten_by_ten_weights_it_is_given() {
    let game = Game::<International>::new(position(SHOT));
    let score = |engine: &mut Engine| {
        let mut last = None;
        engine.analyze(&game, |i| last = Some(i.score));
        last.expect("a completed depth")
    };
    let mut shipped = Engine::with_seed(depth(1), 1);
    assert_eq!(
        shipped.evaluation::<International>(),
        Evaluation::Hand10(dama_engine::INTERNATIONAL)
    );
    let doubled = Weights10 {
        man: 200,
        king: 600,
        ..Weights10::PLAIN
    };
    let mut given = Engine::with_seed(depth(1), 1).with_evaluation(Evaluation::Hand10(doubled));
    assert_eq!(
        given.evaluation::<International>(),
        Evaluation::Hand10(doubled)
    );
    assert_ne!(score(&mut shipped), score(&mut given));
    // 8×8 weights do not fit the board: the rule set's own evaluation plays.
    let mut eight = Engine::with_seed(depth(1), 1)
        .with_evaluation(Evaluation::Hand8(dama_engine::Weights::DEFAULT));
    assert_eq!(score(&mut shipped), score(&mut eight));
}

/// The first 10×10 fit of `dama tune` (`weights/international-round1.toml`).
fn round1() -> Weights10 {
    Weights10::from_toml(include_str!("../../weights/international-round1.toml"))
        .expect("the kept fit reads")
}

/// Material in men (a king three), white's view.
fn material(pos: &PositionOn<Board10>) -> i32 {
    use dama_core::Color::{Black, White};
    let side = |c| pos.men(c).count() as i32 + 3 * pos.kings(c).count() as i32;
    side(White) - side(Black)
}

/// The shipped international evaluation against `other`: `DAMA_10_OPENINGS` openings (4
/// random plies; 20 by default), each with both colours, `DAMA_10_NODES` nodes a move (4000),
/// games cut at 200 plies and scored by material (2 men or more ahead wins). Prints the
/// shipped side's wins, draws and losses.
fn shipped_against(what: &str, other: Evaluation) {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let openings = env("DAMA_10_OPENINGS", 20);
    let budget = env("DAMA_10_NODES", 4_000);
    let mut rng = 0x5EED_0010_u64;
    let mut random = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for _ in 0..openings {
        let mut start = PositionOn::<Board10>::initial();
        let mut moves = MoveListOn::new();
        for _ in 0..4 {
            International::legal_moves(&start, &mut moves);
            start = start.after(&moves[(random() % moves.len() as u64) as usize]);
        }
        for ours in [dama_core::Color::White, dama_core::Color::Black] {
            let mut game = Game::<International>::new(start);
            let mut engine = Engine::with_seed(nodes(budget), 1);
            let mut other = Engine::with_seed(nodes(budget), 1).with_evaluation(other.clone());
            let mut plies = 0;
            while !game.is_over() && plies < 200 {
                let mv = if game.turn() == ours {
                    engine.choose_move(&game)
                } else {
                    other.choose_move(&game)
                }
                .expect("a move while the game is on");
                game.play(&mv);
                plies += 1;
            }
            let white_score = match game.outcome() {
                Some(dama_core::game::Outcome::Win { winner, .. }) => {
                    if winner == dama_core::Color::White {
                        1
                    } else {
                        -1
                    }
                }
                Some(_) => 0,
                None => (material(game.position()) / 2).signum(),
            };
            let ours_score = if ours == dama_core::Color::White {
                white_score
            } else {
                -white_score
            };
            match ours_score {
                1 => won += 1,
                0 => drawn += 1,
                _ => lost += 1,
            }
        }
    }
    println!("international terms against {what}: +{won} ={drawn} -{lost}");
}

/// The international terms against the board's plain evaluation ([`Weights10::PLAIN`]:
/// material, advancement, runaway men, mobility), to measure what the international terms add
/// (`docs/engine.md`).
#[test]
#[ignore]
fn international_terms_against_the_plain_evaluation() {
    shipped_against("plain", Evaluation::Hand10(Weights10::PLAIN));
}

/// The shipped (hand-set) weights against the first fit (`docs/engine.md`).
#[test]
#[ignore]
fn hand_set_weights_against_the_first_fit() {
    shipped_against("the first fit", Evaluation::Hand10(round1()));
}
