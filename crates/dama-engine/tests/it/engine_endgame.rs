//! The engine in king endings: three kings against a lone king off the main diagonal must be
//! won within the Czech count (15 moves each), against the engine defending; and the
//! endgame tables behind that (`dama_tablebase`: the classes the engine builds in memory).

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use dama_core::bitboard::Bitboard;
use dama_core::game::{Game, Outcome};
use dama_core::position::Setup;
use dama_core::{BoardRules, Color, Czech, MoveList, Position, Spanish, Square};
use dama_engine::eval::Hand8Evaluator;
use dama_engine::search::{Root, Searcher};
use dama_engine::{Engine, Limits, Score, Weights};
use dama_tablebase::{self as endgame, TableRules, Tablebase, Value};

use common::Rng;
use dama_testkit as common;

/// `n` distinct squares other than `lone`, drawn from `rng`.
fn strong_kings(rng: &mut Rng, n: u32, lone: Square) -> Bitboard {
    let mut strong = Bitboard::EMPTY;
    while strong.count() < n {
        let sq = rng.square();
        if sq != lone {
            strong = strong.with(sq);
        }
    }
    strong
}

/// Kings only: `strong` for `strong_side` against a lone king on `lone`, `turn` to move.
fn kings_only(strong_side: Color, strong: Bitboard, lone: Square, turn: Color) -> Position {
    let (white, black) = match strong_side {
        Color::White => (strong, lone.bb()),
        Color::Black => (lone.bb(), strong),
    };
    Position::from_setup(&Setup {
        white,
        black,
        kings: white | black,
        turn: Some(turn),
    })
    .expect("a sound setup")
}

/// Whether `side` could capture at once in `pos`.
fn can_capture(pos: &Position, side: Color, moves: &mut MoveList) -> bool {
    <Czech as BoardRules>::legal_moves(&pos.with_turn(side), moves);
    moves.iter().any(|m| m.is_capture())
}

/// A random position with three `attacker` kings and a lone king off the main diagonal, the
/// attacker to move, where neither side could capture at once (no king is hanging: with one
/// attacked the ending is a plain draw, with the lone king attacked it is over at once).
fn three_kings_position(rng: &mut Rng, attacker: Color) -> Position {
    let mut moves = MoveList::new();
    loop {
        let lone = rng.square();
        if lone.on_main_diagonal() {
            continue;
        }
        let strong = strong_kings(rng, 3, lone);
        let pos = kings_only(attacker, strong, lone, attacker);
        if !can_capture(&pos, attacker, &mut moves) && !can_capture(&pos, !attacker, &mut moves) {
            return pos;
        }
    }
}

/// The engine's tables in these tests are the classes it builds in memory, whatever table
/// files the machine has: no table directory. One value for every test of the file, so the
/// small classes are built once.
fn memory_tables() -> Arc<Tablebase> {
    static TABLES: LazyLock<Arc<Tablebase>> = LazyLock::new(|| Arc::new(Tablebase::new()));
    Arc::clone(&TABLES)
}

/// Plays the ending out; returns the outcome and the number of plies.
fn play_out(start: Position, attack_ms: u64, defend_ms: u64) -> (Option<Outcome>, usize) {
    let mut game = Game::<Czech>::new(start);
    let limits = |ms| Limits {
        level: None,
        depth: None,
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let attacker = start.turn();
    let mut attack = Engine::with_seed(limits(attack_ms), 1).with_tables(memory_tables());
    let mut defend = Engine::with_seed(limits(defend_ms), 2).with_tables(memory_tables());
    let mut plies = 0;
    while !game.is_over() && plies < 200 {
        let engine = if game.turn() == attacker {
            &mut attack
        } else {
            &mut defend
        };
        let Some(mv) = engine.choose_move(&game) else {
            break;
        };
        game.play(&mv);
        plies += 1;
    }
    (game.outcome(), plies)
}

fn attacker_wins(outcome: Option<Outcome>, attacker: Color) -> bool {
    matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == attacker)
}

#[test]
fn three_kings_beat_one_off_the_main_diagonal() {
    let mut rng = Rng(0x5EED_0001);
    for attacker in [Color::White, Color::Black] {
        let pos = three_kings_position(&mut rng, attacker);
        let (outcome, plies) = play_out(pos, 150, 150);
        assert!(
            attacker_wins(outcome, attacker),
            "{pos}: {outcome:?} after {plies} plies"
        );
    }
}

/// 100 held-out positions at the acceptance time of 300 ms a move for the attacker
/// (`DAMA_3K_DEFEND_MS` gives the defender more time; default 300; `DAMA_3K_POSITIONS` sets
/// the number). With the endgame table both sides answer at once, so this takes well under
/// a second after the table's build.
#[test]
fn three_kings_beat_one_many_positions() {
    let count: usize = std::env::var("DAMA_3K_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let defend_ms: u64 = std::env::var("DAMA_3K_DEFEND_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0xDA3A_2026);
    let mut failures = Vec::new();
    let mut longest = 0;
    for i in 0..count {
        let attacker = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = three_kings_position(&mut rng, attacker);
        let (outcome, plies) = play_out(pos, 300, defend_ms);
        println!("{pos}: {outcome:?} in {plies} plies");
        if attacker_wins(outcome, attacker) {
            longest = longest.max(plies);
        } else {
            failures.push(pos.to_string());
        }
    }
    println!(
        "won {}/{count}, longest win {longest} plies",
        count - failures.len()
    );
    assert!(failures.is_empty(), "not won: {failures:?}");
}

/// Positions given in `DAMA_3K_FENS` (separated by `;`), played out at 300 ms a move.
/// Run with `DAMA_3K_FENS='W:WKb2,Kf4,Kg7:BKc1' cargo test --release --test engine_endgame
/// given -- --ignored --nocapture`.
#[test]
#[ignore = "for positions given by hand"]
fn three_kings_given_positions() {
    let fens = std::env::var("DAMA_3K_FENS")
        .expect("DAMA_3K_FENS: the positions to play out, separated by ';'");
    let given: Vec<&str> = fens.split(';').filter(|t| !t.trim().is_empty()).collect();
    assert!(!given.is_empty(), "DAMA_3K_FENS names no position");
    for text in given {
        let pos = dama_core::fen::parse(text.trim()).expect("a FEN");
        let (outcome, plies) = play_out(pos, 300, 300);
        println!("{pos}: {outcome:?} in {plies} plies");
        assert!(attacker_wins(outcome, pos.turn()), "{pos}");
    }
}

/// A random table position: `strong` kings of one colour (1–3) against a lone king, either
/// side to move (pieces may hang).
fn random_table_position(rng: &mut Rng, strong: u32) -> Position {
    let lone = rng.square();
    let kings = strong_kings(rng, strong, lone);
    let strong_side = if rng.next().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let turn = if rng.next().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    kings_only(strong_side, kings, lone, turn)
}

/// The tables' raw value of `pos` from the classes the engine builds in memory.
fn probe<R: TableRules<Board = dama_core::Board8>>(pos: &Position) -> Option<Value> {
    let tables = memory_tables().for_rules::<R>();
    tables.small_tables::<R>()?.raw(pos)
}

/// The longest distance kept for `pos`'s slice: the longest fresh count of its positions
/// (Czech: 30 with three kings against one, else 10), or 127 with no count (Spanish).
fn cap<R: TableRules<Board = dama_core::Board8>>(pos: &Position) -> u32 {
    let counters = R::start_counters(pos);
    if endgame::plies_left::<R>(pos, &counters) == endgame::UNLIMITED {
        127
    } else if pos.occupied().count() == 4 {
        30
    } else {
        10
    }
}

fn fen(text: &str) -> Position {
    dama_core::fen::parse(text).expect("a FEN")
}

/// The value of a position from its moves' children, as the tables define it: one ply more in
/// the same phase, or, for a capture under a draw count, the end of the phase in one ply
/// (with no count, the child's distance to the end + 1); distances past the slice's longest
/// count are draws.
fn recomputed<R: TableRules<Board = dama_core::Board8>>(pos: &Position) -> Value {
    let mut moves = MoveList::new();
    R::legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return Value::Loss(0);
    }
    let mut scratch = MoveList::new();
    let mut best_win: Option<u32> = None;
    let mut draw = false;
    let mut longest_loss = 0;
    for mv in moves.iter() {
        let child = pos.after(mv);
        let value = if child.pieces(child.turn()).is_empty()
            || R::count_legal_moves(&child, &mut scratch) == 0
        {
            Value::Win(1)
        } else {
            let child_value = probe::<R>(&child).expect("in the table");
            let limited =
                endgame::plies_left::<R>(pos, &R::start_counters(pos)) != endgame::UNLIMITED;
            let child_value = if mv.is_capture() && limited {
                let counters = R::next_counters(&R::start_counters(pos), pos, mv, &child);
                match child_value.within(endgame::plies_left::<R>(&child, &counters)) {
                    Value::Win(_) => Value::Loss(0),
                    Value::Loss(_) => Value::Win(0),
                    Value::Draw => Value::Draw,
                }
            } else {
                match child_value {
                    Value::Win(n) => Value::Loss(n),
                    Value::Loss(n) => Value::Win(n),
                    Value::Draw => Value::Draw,
                }
            };
            match child_value {
                Value::Win(n) => Value::Win(n + 1),
                Value::Loss(n) => Value::Loss(n + 1),
                Value::Draw => Value::Draw,
            }
        };
        match value {
            Value::Win(n) => best_win = Some(best_win.map_or(n, |b| b.min(n))),
            Value::Draw => draw = true,
            Value::Loss(n) => longest_loss = longest_loss.max(n),
        }
    }
    let value = match (best_win, draw) {
        (Some(n), _) => Value::Win(n),
        (None, true) => Value::Draw,
        (None, false) => Value::Loss(longest_loss),
    };
    value.within(cap::<R>(pos))
}

#[test]
fn the_small_classes_build() {
    // A fresh build of the classes the engine builds in memory (printed: how long it took).
    let started = std::time::Instant::now();
    let tables = endgame::build_classes::<Czech>(
        endgame::Tables::new::<Czech>(None),
        &endgame::small_classes(),
    )
    .expect("the Czech tables");
    println!("Czech small classes built in {:?}", started.elapsed());
    assert_eq!(
        tables.raw(&fen("W:WKa3,Kc3,Ke3:BKb8")),
        probe::<Czech>(&fen("W:WKa3,Kc3,Ke3:BKb8"))
    );
    assert!(probe::<Spanish>(&fen("W:WKa3,Kc3,Ke3:BKb8")).is_some());
}

#[test]
fn a_boxed_in_king_is_lost() {
    // The black king on a1 cannot move: b2 is white and c3 behind it too.
    let stuck = fen("B:WKb2,Kc3,Kh2:BKa1");
    assert_eq!(probe::<Czech>(&stuck), Some(Value::Loss(0)));
    // White to move keeps it shut in with the third king: a win in one ply.
    let white = stuck.with_turn(Color::White);
    assert_eq!(probe::<Czech>(&white), Some(Value::Win(1)));
    // Men are in the tables too (three pieces); two kings a side are not built in memory.
    assert!(probe::<Czech>(&fen("W:WKb2,c3:BKa1")).is_some());
    assert_eq!(probe::<Czech>(&fen("W:WKb2,Kc3:BKa1,Kh8")), None);
}

#[test]
fn every_three_kings_against_one_off_the_diagonal_is_won_within_the_count() {
    // Every position of the test's kind (attacker to move, lone king off a1–h8, no capture
    // for either side), both colours: the table wins it within the 30 plies of the count.
    let mut moves = MoveList::new();
    let (mut positions, mut longest) = (0, 0);
    for attacker in [Color::White, Color::Black] {
        for lone in Square::all().filter(|sq| !sq.on_main_diagonal()) {
            let others: Vec<Square> = Square::all().filter(|&sq| sq != lone).collect();
            for (i, &a) in others.iter().enumerate() {
                for (j, &b) in others.iter().enumerate().skip(i + 1) {
                    for &c in others.iter().skip(j + 1) {
                        let strong = a.bb() | b.bb() | c.bb();
                        let pos = kings_only(attacker, strong, lone, attacker);
                        if can_capture(&pos, attacker, &mut moves)
                            || can_capture(&pos, !attacker, &mut moves)
                        {
                            continue;
                        }
                        let counters = <Czech as BoardRules>::start_counters(&pos);
                        let left = endgame::plies_left::<Czech>(&pos, &counters);
                        assert_eq!(left, 30);
                        match probe::<Czech>(&pos) {
                            Some(Value::Win(n)) if n <= left => longest = longest.max(n),
                            other => panic!("{pos}: {other:?}"),
                        }
                        positions += 1;
                    }
                }
            }
        }
    }
    println!("{positions} positions, all won, the longest in {longest} plies of the count");
    assert!(positions > 90_000, "{positions}");
}

/// The plain search's score of `pos` at `depth` with a fresh count.
fn searched(pos: &Position, depth: i32) -> Score {
    let tt = dama_engine::tt::Table::new(16);
    let evaluator = Hand8Evaluator::for_rules::<Czech>(Weights::DEFAULT);
    let mut searcher = Searcher::<Czech, _>::new(&tt, &evaluator, None);
    // The search on its own, not looking into the table it is checked against.
    searcher.set_tables(None);
    let root = Root {
        pos: *pos,
        counters: <Czech as BoardRules>::start_counters(pos),
        history: Vec::new(),
    };
    Score::from_internal(searcher.search_root(&root, depth, -40_000, 40_000))
}

#[test]
fn one_king_against_one_agrees_with_the_search() {
    // One king against one is a draw, but for a capture at once, or a king that can be forced
    // to step onto a square where it is taken (the other king on the long diagonal's end):
    // what the table says, a search through the whole count (10 plies) says too.
    let mut moves = MoveList::new();
    let (mut wins, mut quiet_wins, mut checked) = (0, 0, 0);
    for a in Square::all() {
        for b in Square::all().filter(|&b| b != a) {
            for turn in [Color::White, Color::Black] {
                let pos = Position::from_setup(&Setup {
                    white: a.bb(),
                    black: b.bb(),
                    kings: a.bb() | b.bb(),
                    turn: Some(turn),
                })
                .expect("a sound setup");
                <Czech as BoardRules>::legal_moves(&pos, &mut moves);
                let capture = moves.iter().any(|m| m.is_capture());
                let value = probe::<Czech>(&pos).expect("in the table");
                if capture {
                    assert_eq!(value, Value::Win(1), "{pos}");
                    continue;
                }
                if let Value::Win(n) = value {
                    assert!(n <= 10, "{pos}: {value:?}");
                    wins += 1;
                    quiet_wins += 1;
                }
                // Every win and loss, and every eighth draw.
                if value != Value::Draw || (a.bit() + b.bit()) % 8 == 0 {
                    checked += 1;
                    let expected = match value {
                        Value::Win(n) => Some(Score::Win(n)),
                        Value::Loss(n) => Some(Score::Loss(n)),
                        Value::Draw => None,
                    };
                    let score = searched(&pos, 12);
                    match expected {
                        Some(e) => assert_eq!(score, e, "{pos}"),
                        None => assert!(matches!(score, Score::Value(_)), "{pos}: {score:?}"),
                    }
                }
            }
        }
    }
    println!("1 v 1: {wins} quiet wins, {checked} checked by search");
    assert!(quiet_wins < 100, "{quiet_wins}");
}

#[test]
fn short_wins_agree_with_the_search() {
    // Three or two kings against one, no capture at hand: the table's short wins and losses
    // within the count are the search's too.
    let mut rng = Rng(0x5EA2_C400);
    let (mut checked, mut exact) = (0, 0);
    let mut moves = MoveList::new();
    while checked < 150 {
        let pos = random_table_position(&mut rng, 2 + (checked % 2) as u32);
        <Czech as BoardRules>::legal_moves(&pos, &mut moves);
        if moves.iter().any(|m| m.is_capture()) {
            continue;
        }
        let counters = <Czech as BoardRules>::start_counters(&pos);
        let left = endgame::plies_left::<Czech>(&pos, &counters);
        let value = probe::<Czech>(&pos).expect("in the table").within(left);
        let expected = match value {
            Value::Win(n) if n <= 5 => Score::Win(n),
            Value::Loss(n) if n <= 5 => Score::Loss(n),
            _ => continue,
        };
        // A capture into a won phase ends the phase but not the game: only the table's own
        // distance is compared when the search's line ends the game at once.
        // (With no end of the game in sight the search must still see who is better.)
        let score = searched(&pos, 9);
        match (score, expected) {
            (Score::Win(s), Score::Win(t)) | (Score::Loss(s), Score::Loss(t)) => {
                assert!(s >= t, "{pos}: search {score:?}, table {value:?}");
                exact += usize::from(s == t);
            }
            (Score::Value(v), Score::Win(_)) if v > 0 => {}
            (Score::Value(v), Score::Loss(_)) if v < 0 => {}
            _ => panic!("{pos}: search {score:?}, table {value:?}"),
        }
        checked += 1;
    }
    println!("{exact} of {checked} exactly as the search finds them");
    assert!(exact > 30, "{exact}");
}

#[test]
fn values_are_one_more_than_the_best_child() {
    let mut rng = Rng(0xC0FF_EE11);
    for rules in 0..2 {
        for i in 0..6000 {
            let pos = random_table_position(&mut rng, 1 + i % 3);
            let (table, again) = if rules == 0 {
                (probe::<Czech>(&pos), recomputed::<Czech>(&pos))
            } else {
                (probe::<Spanish>(&pos), recomputed::<Spanish>(&pos))
            };
            assert_eq!(table, Some(again), "{pos} (rules {rules})");
        }
    }
}

#[test]
fn the_best_move_goes_one_ply_closer() {
    let mut rng = Rng(0xBE57_0002);
    let mut wins = 0;
    for i in 0..3000 {
        let pos = random_table_position(&mut rng, 1 + i % 3);
        let counters = <Czech as BoardRules>::start_counters(&pos);
        let left = endgame::plies_left::<Czech>(&pos, &counters);
        let value = probe::<Czech>(&pos).expect("in the table");
        let tables = memory_tables().for_rules::<Czech>();
        let (mv, chosen) = tables
            .best_move::<Czech>(&pos, &counters, |_| 0)
            .expect("a move");
        assert_eq!(chosen, value.within(left), "{pos}");
        if let Value::Win(n) = chosen {
            wins += 1;
            let child = pos.after(&mv);
            if !mv.is_capture() {
                assert_eq!(probe::<Czech>(&child), Some(Value::Loss(n - 1)), "{pos}");
            } else {
                assert_eq!(n, 1, "{pos}");
            }
        }
    }
    assert!(wins > 500, "{wins}");
}

#[test]
fn four_kings_beat_one_with_the_table_below_the_root() {
    // Four kings against one are out of the table, but every capture leads into it: the
    // search scores the table's wins as won, and the engine wins the games.
    let mut rng = Rng(0x4444_0001);
    for i in 0..6 {
        let attacker = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut moves = MoveList::new();
        let pos = loop {
            let lone = rng.square();
            let strong = strong_kings(&mut rng, 4, lone);
            let pos = kings_only(attacker, strong, lone, attacker);
            if !can_capture(&pos, !attacker, &mut moves) {
                break pos;
            }
        };
        let (outcome, plies) = play_out(pos, 150, 150);
        assert!(
            attacker_wins(outcome, attacker),
            "{pos}: {outcome:?} after {plies} plies"
        );
    }
}
