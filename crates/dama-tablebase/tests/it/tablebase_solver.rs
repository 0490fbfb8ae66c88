//! The tables against an independent solver: a plain memoised game-tree search over
//! (position, draw counters) with the `Game`'s own order of rules (no move: lost; then the
//! counters' draws). Under the Czech rules the counters make that graph acyclic, so the
//! search is exact. Held-out random positions of three pieces, men included.

use std::collections::HashMap;

use dama_core::rules::DrawCounters;
use dama_core::{Czech, MoveList, Position, Rules};
use dama_tablebase::index::{Class, Material};
use dama_tablebase::{Tables, Value, build_in_memory};

use common::Rng;
use dama_testkit as common;

type Memo = HashMap<(Position, DrawCounters), i8>;

/// 1 won, 0 drawn, -1 lost for the side to move, with these counters.
fn solve(pos: &Position, counters: &DrawCounters, memo: &mut Memo) -> i8 {
    if let Some(&v) = memo.get(&(*pos, *counters)) {
        return v;
    }
    let mut moves = MoveList::new();
    <Czech as Rules>::legal_moves(pos, &mut moves);
    let value = if moves.is_empty() {
        -1
    } else if <Czech as Rules>::counters_draw(counters).is_some() {
        0
    } else {
        let mut best = -1;
        for mv in moves.iter() {
            let child = pos.after(mv);
            let next = <Czech as Rules>::next_counters(counters, pos, mv, &child);
            best = best.max(-solve(&child, &next, memo));
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
        let counters = <Czech as Rules>::start_counters(&pos);
        let table = tables
            .raw(&pos)
            .expect("covered")
            .within(dama_tablebase::plies_left::<Czech>(&pos, &counters));
        let solved = solve(&pos, &counters, &mut memo);
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
