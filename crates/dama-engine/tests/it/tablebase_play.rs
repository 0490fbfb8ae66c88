//! The engine with the endgame tables on disk: random won Czech positions of 3–N pieces (with
//! men) are won inside the counts at 100 ms a move against a defender playing the tables'
//! longest defence, and drawn ones are not lost. The normal suite plays 20 + 20 positions of
//! at most four pieces (tables built into a temporary directory); the ignored tests play
//! 200 + 200 of at most five, and 200 + 200 of six, from `DAMA_TB_DIR` (built beforehand
//! with `dama tb build`).
//! Also (ignored) a match from five-piece positions, the engine with tables against the
//! engine without.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use dama_core::game::{Game, Outcome};
use dama_core::position::Setup;
use dama_core::{Bitboard, BoardRules, Color, Czech, Position, Square};
use dama_engine::{Engine, Limits};
use dama_tablebase::{EngineTables, Tablebase, Value};

use common::Rng;
use dama_testkit as common;

/// A random position of `pieces` pieces with at least one man and a piece a side.
fn random_position(rng: &mut Rng, pieces: u32) -> Position {
    loop {
        let mut setup = Setup {
            turn: Some(if rng.next().is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            }),
            ..Setup::default()
        };
        let mut placed = Bitboard::EMPTY;
        let mut men = 0;
        for i in 0..pieces {
            let sq: Square = rng.square();
            if placed.contains(sq) {
                continue;
            }
            let color = match i {
                0 => Color::White,
                1 => Color::Black,
                _ if rng.next().is_multiple_of(2) => Color::White,
                _ => Color::Black,
            };
            let king = rng.next().is_multiple_of(2) || color.crowning_rank().contains(sq);
            if !king {
                men += 1;
            }
            placed = placed.with(sq);
            match color {
                Color::White => setup.white = setup.white.with(sq),
                Color::Black => setup.black = setup.black.with(sq),
            }
            if king {
                setup.kings = setup.kings.with(sq);
            }
        }
        if placed.count() == pieces
            && men > 0
            && let Ok(pos) = Position::from_setup(&setup)
        {
            return pos;
        }
    }
}

/// The tables' value of `pos` with fresh counters.
fn fresh_value(tables: &EngineTables, pos: &Position) -> Value {
    tables
        .value::<Czech>(pos, &<Czech as BoardRules>::start_counters(pos))
        .expect("covered")
}

/// Plays from `start`: the engine (100 ms a move) for the side to move, the tables' best
/// (for the defender: the longest defence) for the other. Returns the outcome and the plies.
fn play(tables: &EngineTables, start: Position, engine: &mut Engine) -> (Option<Outcome>, usize) {
    let mut game = Game::<Czech>::new(start);
    let side = start.turn();
    let mut plies = 0;
    while !game.is_over() && plies < 400 {
        let mv = if game.turn() == side {
            engine.choose_move(&game).expect("a move")
        } else {
            tables
                .best_move::<Czech>(game.position(), game.counters(), |_| 0)
                .expect("covered")
                .0
        };
        game.play(&mv);
        plies += 1;
    }
    (game.outcome(), plies)
}

/// Plays `count` won and `count` drawn positions of `min_pieces` to `max_pieces` pieces;
/// returns a report and panics on a failure.
fn won_and_drawn(dir: &Path, min_pieces: u32, max_pieces: u32, count: usize, seed: u64) {
    let tablebase = Arc::new(Tablebase::with_dir(dir));
    let tables = tablebase.for_rules::<Czech>();
    let mut engine = Engine::with_seed(
        Limits {
            level: None,
            depth: None,
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        },
        7,
    )
    .with_tables(Arc::clone(&tablebase));
    let mut rng = Rng(seed);
    let (mut won, mut drawn, mut longest) = (0, 0, 0);
    let mut failures = Vec::new();
    while won < count || drawn < count {
        let pieces = min_pieces + (rng.next() % u64::from(max_pieces + 1 - min_pieces)) as u32;
        let pos = random_position(&mut rng, pieces);
        let value = fresh_value(&tables, &pos);
        let wanted = match value {
            Value::Win(_) if won < count => true,
            Value::Draw if drawn < count => false,
            _ => continue,
        };
        let (outcome, plies) = play(&tables, pos, &mut engine);
        let side = pos.turn();
        if wanted {
            won += 1;
            longest = longest.max(plies);
            if !matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == side) {
                failures.push(format!("{pos} ({value}): {outcome:?} after {plies} plies"));
            }
        } else {
            drawn += 1;
            if matches!(outcome, Some(Outcome::Win { winner, .. }) if winner != side) {
                failures.push(format!("{pos} (draw): lost after {plies} plies"));
            }
        }
    }
    println!("won {won} (longest {longest} plies), drawn {drawn}; failures: {failures:?}");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Builds every Czech class of at most `pieces` pieces into a new temporary directory.
fn built(pieces: u32) -> tempfile::TempDir {
    let base = tempfile::tempdir().expect("a temporary directory");
    let dir = dama_tablebase::rules_dir(base.path(), Czech::INFO.name);
    dama_tablebase::directory::build_dir::<Czech>(&dir, pieces, &mut |_| Ok(()), &|_| {})
        .expect("built");
    base
}

#[test]
fn won_positions_are_won_and_drawn_ones_held_with_four_pieces() {
    let base = built(4);
    won_and_drawn(base.path(), 3, 4, 20, 0x7AB1_E5E5);
}

/// The acceptance run: 200 won and 200 drawn positions of 3–5 pieces, tables from
/// `DAMA_TB_DIR` (`dama tb build --rules czech --pieces 5` first).
#[test]
#[ignore = "needs the five-piece tables in DAMA_TB_DIR"]
fn two_hundred_won_and_drawn_positions_with_five_pieces() {
    let dir = PathBuf::from(std::env::var_os("DAMA_TB_DIR").expect("DAMA_TB_DIR"));
    won_and_drawn(&dir, 3, 5, 200, 0x5EED_0200);
}

/// The six-piece acceptance run: 200 won and 200 drawn positions of exactly six pieces (with
/// men), converted and held at 100 ms a move, tables from `DAMA_TB_DIR` (`dama tb build
/// --rules czech --pieces 6` first).
#[test]
#[ignore = "needs the six-piece tables in DAMA_TB_DIR; long"]
fn two_hundred_won_and_drawn_positions_with_six_pieces() {
    let dir = PathBuf::from(std::env::var_os("DAMA_TB_DIR").expect("DAMA_TB_DIR"));
    won_and_drawn(&dir, 6, 6, 200, 0x5EED_0600);
}

/// Engine against engine from random five-piece positions (with men) won for the side to
/// move, each played twice: the engine with tables on one side, without on the other, then
/// swapped.
/// Prints the score of the engine with tables. `DAMA_TB_MATCH` sets the number of positions
/// (default 20), `DAMA_TB_MATCH_MS` the move time (default 100).
#[test]
#[ignore = "needs the five-piece tables in DAMA_TB_DIR; long"]
fn match_from_five_piece_positions_with_and_without_tables() {
    let dir = PathBuf::from(std::env::var_os("DAMA_TB_DIR").expect("DAMA_TB_DIR"));
    let tablebase = Arc::new(Tablebase::with_dir(dir));
    let tables = tablebase.for_rules::<Czech>();
    let count: usize = std::env::var("DAMA_TB_MATCH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let ms: u64 = std::env::var("DAMA_TB_MATCH_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let limits = Limits {
        level: None,
        depth: None,
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let mut rng = Rng(0x3A7C_4005);
    let (mut points, mut games, mut decided) = (0.0f64, 0, 0);
    let mut with_table_wins = 0;
    let mut without_wins = 0;
    let mut played = 0;
    while played < count {
        let pos = random_position(&mut rng, 5);
        // Positions won for the side to move, not at once (a win in more than 3 plies of
        // the phase): the side with the tables should win them; the other may not.
        match fresh_value(&tables, &pos) {
            Value::Win(n) if n > 3 => {}
            _ => continue,
        }
        played += 1;
        for tables_side in [Color::White, Color::Black] {
            let mut with = Engine::with_seed(limits, 1).with_tables(Arc::clone(&tablebase));
            let mut without = Engine::with_seed(limits, 2);
            let mut game = Game::<Czech>::new(pos);
            let mut plies = 0;
            while !game.is_over() && plies < 300 {
                let engine = if game.turn() == tables_side {
                    &mut with
                } else {
                    &mut without
                };
                let Some(mv) = engine.choose_move(&game) else {
                    break;
                };
                game.play(&mv);
                plies += 1;
            }
            games += 1;
            match game.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == tables_side => {
                    points += 1.0;
                    with_table_wins += 1;
                    decided += 1;
                }
                Some(Outcome::Win { .. }) => {
                    without_wins += 1;
                    decided += 1;
                }
                _ => points += 0.5,
            }
        }
    }
    println!(
        "{games} games from {played} positions at {ms} ms: with tables {points}/{games} \
         ({with_table_wins} wins, {without_wins} losses, {} draws; {decided} decided)",
        games - decided
    );
    assert!(
        points * 2.0 >= games as f64,
        "the engine with tables scored less than half"
    );
}
