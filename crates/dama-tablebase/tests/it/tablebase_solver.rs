//! The tables against an independent solver: a plain memoised game-tree search over
//! (position, draw counters) with the `Game`'s own order of rules (no move: lost; then the
//! counters' draws), the counters moved by the rules' own `next_counters`. Under the Czech
//! and Russian rules the counters make that graph acyclic (a count rises with every move
//! that keeps the material and no man moves), so the search is exact. Czech: held-out
//! random positions of three pieces, men included. Russian (two clocks where rule 4 runs
//! with men): every position of every class of at most three pieces with its fresh counters
//! and with late ones, and random positions of every four-piece class with late counters.

use std::collections::HashMap;

use dama_core::rules::DrawCounters;
use dama_core::rules::EndingCount;
use dama_core::{BoardRules, Czech, MoveList, Position, Rules, Russian};
use dama_tablebase::index::{Class, Material};
use dama_tablebase::{Tables, Value, build_in_memory};

use common::Rng;
use dama_testkit as common;

type Memo = HashMap<(Position, DrawCounters), i8>;

/// 1 won, 0 drawn, -1 lost for the side to move, with these counters.
fn solve<R: Rules>(pos: &Position, counters: &DrawCounters, memo: &mut Memo) -> i8 {
    if let Some(&v) = memo.get(&(*pos, *counters)) {
        return v;
    }
    let mut moves = MoveList::new();
    R::legal_moves(pos, &mut moves);
    let value = if moves.is_empty() {
        -1
    } else if R::counters_draw(counters).is_some() {
        0
    } else {
        let mut best = -1;
        for mv in moves.iter() {
            let child = pos.after(mv);
            if child.pieces(child.turn()).is_empty() {
                best = 1;
                break;
            }
            let next = R::next_counters(counters, pos, mv, &child);
            best = best.max(-solve::<R>(&child, &next, memo));
            if best == 1 {
                break;
            }
        }
        best
    };
    memo.insert((*pos, *counters), value);
    value
}

fn wdl(v: Value) -> i8 {
    v.goodness().signum() as i8
}

#[test]
fn three_piece_values_agree_with_a_plain_solver() {
    let tables: Tables = build_in_memory::<Czech>(3).expect("built");
    let classes: Vec<Material> = Material::all_up_to(3)
        .into_iter()
        .filter(|m| m.pieces() == 3)
        .collect();
    let mut rng = Rng(0x501E_0003);
    let mut memo = Memo::new();
    let mut seen = [0usize; 3];
    let mut checked = 0;
    while checked < 300 {
        let m = classes[(rng.next() % classes.len() as u64) as usize];
        let class = Class::new(m);
        let Some(pos) = class
            .parts(rng.next() % class.len())
            .and_then(|p| p.position())
        else {
            continue;
        };
        let counters = <Czech as BoardRules>::start_counters(&pos);
        let table = tables
            .raw(&pos)
            .expect("covered")
            .within(dama_tablebase::plies_left::<Czech>(&pos, &counters));
        let solved = solve::<Czech>(&pos, &counters, &mut memo);
        assert_eq!(wdl(table), solved, "{pos}: tables {table}");
        seen[(solved + 1) as usize] += 1;
        checked += 1;
    }
    println!(
        "losses, draws, wins: {seen:?}; {} states solved",
        memo.len()
    );
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

/// The counters of a game in `pos` with `quiet` plies of the no-progress count left (of 30)
/// and, if the position's material has an ending count, `ending` plies of it left (at most
/// its fresh limit): a state a game reaches some plies after the material arose.
fn late(pos: &Position, quiet: u16, ending: u16) -> DrawCounters {
    let fresh = <Russian as BoardRules>::start_counters(pos);
    DrawCounters {
        quiet_plies: 30 - quiet,
        ending: fresh.ending.map(|e| EndingCount {
            plies: e.limit - ending.min(e.limit),
            ..e
        }),
    }
}

/// Late counters that a game can have: at most `most_ending` plies of the position's ending
/// count left (if it has one) and at most `most_quiet` of the no-progress count, but never
/// less of it than the plies the ending count has used allow (both start together).
fn reachable(pos: &Position, rng: &mut Rng, most_ending: u16, most_quiet: u16) -> DrawCounters {
    let limit = <Russian as BoardRules>::start_counters(pos)
        .ending
        .map_or(most_ending, |e| e.limit);
    let left = 1 + (rng.next() % u64::from(most_ending.min(limit))) as u16;
    let quiet = 1 + (rng.next() % u64::from(most_quiet)) as u16;
    late(pos, quiet.max(30u16.saturating_sub(limit - left)), left)
}

/// Compares the tables' value of `pos` with `counters` against the solver's.
fn agree(tables: &Tables, pos: &Position, counters: &DrawCounters, memo: &mut Memo) -> i8 {
    let table = tables
        .value::<Russian>(pos, counters)
        .unwrap_or_else(|| panic!("{pos} not covered"));
    let solved = solve::<Russian>(pos, counters, memo);
    assert_eq!(wdl(table), solved, "{pos} {counters:?}: tables {table}");
    solved
}

/// Every Russian position of at most three pieces, with its fresh counters and with late
/// ones a game can have, against the plain solver over (position, counters).
#[test]
fn russian_three_piece_values_agree_with_a_plain_solver() {
    let tables: Tables = build_in_memory::<Russian>(3).expect("built");
    let mut memo = Memo::new();
    let mut rng = Rng(0x2u64 << 40 | 0x5255);
    let seen = three_pieces(&tables, &mut memo, &mut rng);
    println!(
        "three pieces (losses, draws, wins): {seen:?}; {} states",
        memo.len()
    );
    assert_eq!(seen.iter().sum::<usize>(), 2 * 201_272);
}

/// The three-piece positions of [`russian_three_piece_values_agree_with_a_plain_solver`], then
/// 400 random positions of every four-piece class (the two clocks with men: rule 4 and the
/// no-progress count) with late counters. Heavy (the solver's memo is cleared past 4 M
/// states; a run takes many minutes), so run by hand: `cargo test --release -p
/// dama-tablebase --test it -- --ignored russian_values`.
#[test]
#[ignore = "heavy: the plain solver over four-piece Russian positions and counters"]
fn russian_values_agree_with_a_plain_solver_over_position_and_counters() {
    let tables: Tables = build_in_memory::<Russian>(4).expect("built");
    let mut memo = Memo::new();
    let mut rng = Rng(0x2u64 << 40 | 0x5255);
    let mut seen = three_pieces(&tables, &mut memo, &mut rng);
    let small = seen;
    assert_eq!(small.iter().sum::<usize>(), 2 * 201_272);
    // Four pieces: random positions of every class (both colours), with a few plies of the
    // ending count left (rule 4 with men included) and a few of the no-progress count, so
    // that both bind.
    memo.clear();
    for m in Material::all_up_to(4)
        .into_iter()
        .filter(|m| m.pieces() == 4)
    {
        let class = Class::new(m);
        let mut checked = 0;
        while checked < 400 {
            let Some(pos) = class
                .parts(rng.next() % class.len())
                .and_then(|p| p.position())
            else {
                continue;
            };
            let pos = if rng.next().is_multiple_of(2) {
                pos
            } else {
                mirrored(&pos)
            };
            let counters = reachable(&pos, &mut rng, 8, 6);
            seen[(agree(&tables, &pos, &counters, &mut memo) + 1) as usize] += 1;
            checked += 1;
            // The memo bounded (a capture leads to fresh counters, whose states are many).
            if memo.len() > 4_000_000 {
                memo.clear();
            }
        }
    }
    println!("all (losses, draws, wins): {seen:?}");
    assert!(
        seen.iter()
            .zip(small)
            .all(|(&all, three)| all > three + 100),
        "{seen:?}"
    );
}

/// Compares every Russian position of at most three pieces, with its fresh counters and with
/// late counters a game can have, with the plain solver; returns the (losses, draws, wins)
/// seen.
fn three_pieces(tables: &Tables, memo: &mut Memo, rng: &mut Rng) -> [usize; 3] {
    let mut seen = [0usize; 3];
    for m in Material::all_up_to(3) {
        let class = Class::new(m);
        for index in 0..class.len() {
            let Some(pos) = class.parts(index).and_then(|p| p.position()) else {
                continue;
            };
            let fresh = <Russian as BoardRules>::start_counters(&pos);
            seen[(agree(tables, &pos, &fresh, memo) + 1) as usize] += 1;
            let counters = reachable(&pos, rng, 60, 30);
            seen[(agree(tables, &pos, &counters, memo) + 1) as usize] += 1;
        }
    }
    seen
}

/// `pos` turned 180° with the colours exchanged.
fn mirrored(pos: &Position) -> Position {
    dama_tablebase::index::Parts::of(pos)
        .mirror(32)
        .position()
        .expect("a mirrored position")
}
