//! The 8×8 engine unchanged by the generic board: fixed-depth searches (depth 8, one thread,
//! no tables) from three positions under four rule sets give the best move, score and node
//! count that the engine gave before it was made generic over the board.

use dama_core::game::Game;
use dama_core::notation::algebraic;
use dama_core::{Brazilian, Czech, English, Position, Russian, fen};
use dama_engine::{Engine, EngineRules, Info, Limits};

/// The positions: the start, a middlegame and a position with kings.
const FENS: [&str; 3] = [
    "",
    "W:Wa1,c1,e1,b2,f2,c3,g3,d4,h4:Bb6,d6,f6,h6,a7,c7,e7,b8,h8",
    "B:WKa3,c3,e3,g3,b2:BKh8,b6,d6,f6,h6",
];

/// `(best move, score, nodes)` of a depth-8 search from each of [`FENS`].
fn searches<R: EngineRules<Board = dama_core::Board8>>() -> Vec<(String, String, u64)> {
    FENS.iter()
        .map(|text| {
            let pos = if text.is_empty() {
                Position::initial()
            } else {
                fen::parse(text).expect("a sound FEN")
            };
            let game = Game::<R>::new(pos);
            let limits = Limits {
                depth: Some(8),
                ..Limits::default()
            };
            let mut last: Option<Info> = None;
            let best = Engine::with_seed(limits, 1).analyze(&game, |i| last = Some(i.clone()));
            let info = last.expect("a completed depth");
            let best = best.map_or_else(|| "-".to_owned(), |m| algebraic::write(&m));
            (best, info.score.to_string(), info.nodes)
        })
        .collect()
}

fn check<R: EngineRules<Board = dama_core::Board8>>(expected: [(&str, &str, u64); 3]) {
    let got = searches::<R>();
    let expected: Vec<(String, String, u64)> = expected
        .iter()
        .map(|&(m, s, n)| (m.to_owned(), s.to_owned(), n))
        .collect();
    assert_eq!(got, expected, "{}", R::INFO.name);
}

/// The expected values were computed by the engine before it was made generic over the board
/// (commit 2437a20, 8×8 only): the same best moves, scores and node counts, node for node.
#[test]
fn eight_by_eight_searches_unchanged() {
    check::<Czech>([
        ("c3-d4", "-16", 3343),
        ("f2-e3", "138", 5590),
        ("d6-e5", "-64", 5086),
    ]);
    check::<Russian>([
        ("c3-d4", "16", 6196),
        ("f2-e3", "-56", 6885),
        ("d6-e5", "-37", 5146),
    ]);
    check::<English>([
        ("c3-b4", "-1", 13958),
        ("f2-e3", "9", 6223),
        ("b6-c5", "8", 3681),
    ]);
    check::<Brazilian>([
        ("e3-d4", "-1", 10112),
        ("f2-e3", "6", 5623),
        ("d6-e5", "4", 5898),
    ]);
}
