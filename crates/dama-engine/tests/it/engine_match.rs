//! The engine against the seed's plain 4-ply material minimax (`dama_engine::minimax`),
//! from varied openings with both colours.

use std::time::Duration;

use dama_core::game::{Game, Outcome};
use dama_core::{BoardRules, Color, Czech, MoveList, Position};
use dama_engine::{Engine, Limits, minimax};

use common::Rng;
use dama_testkit as common;

/// A game after `plies` random legal moves from the start (not over yet).
fn opening(rng: &mut Rng, plies: usize) -> Game<Czech> {
    loop {
        let mut game = Game::<Czech>::new(Position::initial());
        let mut moves = MoveList::new();
        for _ in 0..plies {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            game.play(&mv);
        }
        if !game.is_over() {
            return game;
        }
    }
}

/// The material balance for `color` (men 1, kings 3), in hundredths.
fn material_for(pos: &Position, color: Color) -> i32 {
    let m = minimax::material(pos);
    if pos.turn() == color { m } else { -m }
}

/// Result of one game for the engine: 1.0 win, 0.5 draw, 0.0 loss; and whether the game was
/// adjudicated (the engine five men ahead: a win the minimax cannot turn round).
fn play_game(mut game: Game<Czech>, engine_color: Color, limits: Limits) -> (f64, bool) {
    let mut engine = Engine::with_seed(limits, 7);
    let adjudicate = std::env::var("DAMA_MATCH_ADJUDICATE").is_ok();
    for _ in 0..300 {
        if game.is_over() {
            break;
        }
        if adjudicate && material_for(game.position(), engine_color) >= 500 {
            return (1.0, true);
        }
        let mv = if game.turn() == engine_color {
            engine.choose_move(&game)
        } else {
            minimax::best_move::<Czech>(game.position(), 4)
        };
        let Some(mv) = mv else { break };
        game.play(&mv);
    }
    let score = match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == engine_color => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    };
    (score, false)
}

fn limits_from_env(default: Limits) -> Limits {
    match std::env::var("DAMA_MATCH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(ms) => Limits {
            level: None,
            depth: None,
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        None => default,
    }
}

fn run_match(games: usize, limits: Limits) -> f64 {
    let mut rng = Rng(0x0DA3_A000_2026);
    let mut total = 0.0;
    let mut adjudicated = 0;
    for i in 0..games {
        // Each opening is played twice, once with each colour.
        if i % 2 == 0 {
            rng = Rng(0x0DA3_A000_2026 + i as u64);
        }
        let plies = 2 + (rng.next() % 3) as usize;
        let game = opening(&mut rng, plies);
        let color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (score, adj) = play_game(game, color, limits);
        total += score;
        adjudicated += usize::from(adj);
        println!("game {i}: engine {color:?} scored {score}");
    }
    println!(
        "engine scored {total}/{games} ({:.1}%), {adjudicated} adjudicated",
        100.0 * total / games as f64
    );
    total / games as f64
}

#[test]
fn engine_beats_the_plain_minimax() {
    // Two quick games at a fixed depth: the engine must not lose either.
    let limits = Limits {
        level: None,
        depth: Some(6),
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let score = run_match(2, limits);
    assert!(score >= 0.75, "engine scored {score}");
}

/// The acceptance match: 100 games at the default level (about half a second a move).
/// Run with `cargo test --release --test engine_match -- --ignored --nocapture`;
/// `DAMA_MATCH_GAMES`, `DAMA_MATCH_MS` and `DAMA_MATCH_ADJUDICATE=1` change the games, the
/// time a move and whether a five-man lead ends a game early.
#[test]
#[ignore = "takes about half an hour; run by hand"]
fn engine_scores_95_percent_against_the_minimax() {
    let games = std::env::var("DAMA_MATCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let score = run_match(games, limits_from_env(Limits::default()));
    assert!(score >= 0.95, "engine scored {score}");
}

#[test]
fn minimax_answers_only_legal_moves() {
    let mut rng = Rng(99);
    let game = opening(&mut rng, 6);
    let mv = minimax::best_move::<Czech>(game.position(), 4).expect("a move");
    let mut moves = MoveList::new();
    Czech::legal_moves(game.position(), &mut moves);
    assert!(moves.contains(&mv));
}
