//! The new tables against the old in-memory king-ending table, on every position both cover.

use dama::engine::endgame;
use dama::tablebase::index::{Class, Material};
use dama::tablebase::{Tables, Value, build_classes};
use dama::{Czech, Rules, Spanish};

fn kings(wk: u8, bk: u8) -> Material {
    Material {
        wm: 0,
        wk,
        bm: 0,
        bk,
    }
}

fn compare<R: Rules>(exact: bool) -> usize {
    let classes = [kings(1, 1), kings(2, 1), kings(3, 1)];
    let tables = build_classes::<R>(Tables::new(R::RULE_SET, None), &classes).expect("built");
    let mut compared = 0;
    for m in classes {
        let class = Class::new(m);
        let cap = if m.wk == 3 { 30 } else { 10 };
        for index in 0..class.len() {
            let Some(pos) = class.parts(index).and_then(|p| p.position()) else {
                continue;
            };
            for pos in [pos, dama::fen::parse(&mirror_fen(&pos)).expect("mirror")] {
                let old = endgame::probe::<R>(&pos).expect("the old table covers it");
                let new = tables.raw(&pos).expect("the new table covers it");
                let old = match old {
                    endgame::Value::Win(n) => Value::Win(n),
                    endgame::Value::Loss(n) => Value::Loss(n),
                    endgame::Value::Draw => Value::Draw,
                };
                if exact {
                    assert_eq!(new, old.within(cap), "{pos}");
                } else {
                    let wdl = |v: Value| v.goodness().signum();
                    assert_eq!(wdl(new), wdl(old), "{pos}");
                }
                compared += 1;
            }
        }
    }
    compared
}

/// The position with colours exchanged and the board turned.
fn mirror_fen(pos: &dama::Position) -> String {
    let parts = dama::tablebase::index::Parts::of(pos).mirror();
    parts.position().expect("a position").to_string()
}

#[test]
fn czech_kings_only_values_agree_with_the_old_table() {
    // Every entry, both colours lone: 2·(32·31 + 2·32·C(31,2)... ) positions.
    assert_eq!(compare::<Czech>(true), 2 * 2 * (32 * 31 + 32 * 465 + 32 * 4495));
}

#[test]
fn spanish_kings_only_results_agree_with_the_old_table() {
    assert_eq!(compare::<Spanish>(false), 2 * 2 * (32 * 31 + 32 * 465 + 32 * 4495));
}
