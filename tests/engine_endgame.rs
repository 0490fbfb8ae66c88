//! The engine in king endings: three kings against a lone king off the main diagonal must be
//! won within the Czech count (15 moves each), against the engine defending.

use std::time::Duration;

use dama::bitboard::Bitboard;
use dama::engine::{Engine, Limits};
use dama::game::{Game, Outcome};
use dama::position::Setup;
use dama::{Color, Czech, Position, Square};

/// A tiny deterministic generator for the test positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn square(&mut self) -> Square {
        let n = (self.next() % 32) as u8 + 1;
        Square::from_number(n).expect("1..=32 is a square")
    }
}

/// A random position with three `attacker` kings and a lone king off the main diagonal, the
/// attacker to move, where neither side could capture at once (no king is hanging: with one
/// attacked the ending is a plain draw, with the lone king attacked it is over at once).
fn three_kings_position(rng: &mut Rng, attacker: Color) -> Position {
    loop {
        let lone = rng.square();
        if lone.on_main_diagonal() {
            continue;
        }
        let mut strong = Bitboard::EMPTY;
        while strong.count() < 3 {
            let sq = rng.square();
            if sq != lone {
                strong = strong.with(sq);
            }
        }
        let (white, black) = match attacker {
            Color::White => (strong, lone.bb()),
            Color::Black => (lone.bb(), strong),
        };
        let setup = Setup {
            white,
            black,
            kings: white | black,
            turn: Some(attacker),
        };
        let pos = Position::from_setup(&setup).expect("a sound setup");
        let mut moves = dama::MoveList::new();
        <Czech as dama::Rules>::legal_moves(&pos, &mut moves);
        if moves.iter().any(|m| m.is_capture()) {
            continue;
        }
        <Czech as dama::Rules>::legal_moves(&pos.with_turn(!attacker), &mut moves);
        if moves.iter().any(|m| m.is_capture()) {
            continue;
        }
        return pos;
    }
}

/// Plays the ending out; returns the outcome and the number of plies.
fn play_out(start: Position, attack_ms: u64, defend_ms: u64) -> (Option<Outcome>, usize) {
    let mut game = Game::<Czech>::new(start);
    let limits = |ms| Limits {
        level: None,
        depth: None,
        movetime: Some(Duration::from_millis(ms)),
    };
    let attacker = start.turn();
    let mut attack = Engine::with_seed(limits(attack_ms), 1);
    let mut defend = Engine::with_seed(limits(defend_ms), 2);
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

/// Many held-out positions at the acceptance time of 300 ms a move for the attacker
/// (`DAMA_3K_DEFEND_MS` gives the defender more time; default 300).
/// Run with `cargo test --release --test engine_endgame -- --ignored --nocapture`.
#[test]
#[ignore = "takes minutes; run by hand"]
fn three_kings_beat_one_many_positions() {
    let count: usize = std::env::var("DAMA_3K_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
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
    let fens = std::env::var("DAMA_3K_FENS").unwrap_or_default();
    for text in fens.split(';').filter(|t| !t.trim().is_empty()) {
        let pos = dama::fen::parse(text.trim()).expect("a FEN");
        let (outcome, plies) = play_out(pos, 300, 300);
        println!("{pos}: {outcome:?} in {plies} plies");
        assert!(attacker_wins(outcome, pos.turn()), "{pos}");
    }
}
