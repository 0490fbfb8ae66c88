//! The tables on the 10×10 board (international draughts, FMJD draw counts): every class of
//! at most three pieces built and verified against its children, and the exact values of a
//! few hand-made endings.

use std::sync::LazyLock;

use dama_core::{Board10, BoardRules, International, PositionOn, fen};
use dama_tablebase::index::{Class, Material, Parts};
use dama_tablebase::value::fresh_budget;
use dama_tablebase::verify::verify_class;
use dama_tablebase::{Tables, Value, build_in_memory, covered};

/// The 10×10 tables of at most three pieces, and KKKvK (built once for the tests here).
static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let tables = build_in_memory::<International>(3).expect("the 3-piece tables build");
    let kkkvk = Material {
        wm: 0,
        wk: 3,
        bm: 0,
        bk: 1,
    };
    dama_tablebase::build_classes::<International>(tables, &[kkkvk]).expect("KKKvK builds")
});

fn position(text: &str) -> PositionOn<Board10> {
    fen::parse_on::<Board10>(text).expect("a sound FEN")
}

/// The value of `text` with the counts of a game starting there.
fn value(text: &str) -> Value {
    let pos = position(text);
    TABLES
        .value::<International>(&pos, &International::start_counters(&pos))
        .expect("covered")
}

#[test]
fn ten_by_ten_tables_of_three_pieces_build_and_verify() {
    let classes: Vec<Material> = Material::all_up_to(3)
        .into_iter()
        .filter(|&m| covered::<International>(m))
        .collect();
    assert_eq!(classes.len(), 9);
    let mut positions = 0;
    for &m in &classes {
        let n = verify_class::<International>(&TABLES, m).expect("the class verifies");
        assert_eq!(n, Class::of::<Board10>(m).positions(), "{}", m.name());
        positions += n;
    }
    // 50 × 49 × 2 king-against-king positions, and so on.
    assert_eq!(positions, 819_580);
}

#[test]
fn ten_by_ten_endings_have_their_exact_values() {
    // Two kings on the corners cannot take a king in the middle: a draw.
    assert_eq!(value("W:WK46,K1:BK25"), Value::Draw);
    // A lone man on its back corner must step onto the long diagonal the king holds: the
    // king waits on the diagonal, the man moves (a man move ends the phase) and is taken.
    assert_eq!(value("W:WK46:B5"), Value::Win(2));
    // A man whose only step lands on the diagonal of the king: taken at once.
    assert_eq!(value("W:W45:BK1"), Value::Loss(1));
    // A man one step from crowning against a king that cannot reach it: a king each, a draw.
    assert_eq!(value("B:W6:BK50"), Value::Draw);
}

#[test]
fn the_fmjd_counts_bind_in_the_ten_by_ten_tables() {
    // Two kings against one (and a king and a man against one): 5 moves each, 10 plies.
    assert_eq!(
        fresh_budget::<International>(&position("W:WK46,K1:BK25")),
        10
    );
    assert_eq!(
        fresh_budget::<International>(&position("W:WK46,28:BK25")),
        10
    );
    // Three kings against one: 16 moves each, 32 plies.
    assert_eq!(
        fresh_budget::<International>(&position("W:WK46,K1,K3:BK25")),
        32
    );
    // No win of two kings against one takes longer than the 5-move count allows; some take
    // more than one move (the lone king is hunted, not just taken).
    let kkvk = Material {
        wm: 0,
        wk: 2,
        bm: 0,
        bk: 1,
    };
    let class = Class::of::<Board10>(kkvk);
    let mut longest = 0;
    for index in 0..class.len() {
        let Some(pos) = class.parts(index).and_then(|p| p.position::<Board10>()) else {
            continue;
        };
        if let Some(Value::Win(n)) = TABLES.raw(&pos) {
            longest = longest.max(n);
        }
        assert_eq!(Parts::of(&pos), class.parts(index).expect("parts"));
    }
    assert!((2..=10).contains(&longest), "{longest}");
    // Three kings against one off the long diagonal: won inside the 16-move count.
    match value("W:WK46,K47,K48:BK25") {
        Value::Win(n) => assert!(n <= 32, "{n}"),
        other => panic!("{other}"),
    }
}
