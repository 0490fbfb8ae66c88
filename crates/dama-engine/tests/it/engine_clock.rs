//! The engine on a clock (`Limits::time`): it keeps its own account per colour, takes a
//! referee's reading, and starts again on `clear`.

use std::time::Duration;

use dama_core::game::Game;
use dama_core::{Color, Czech};
use dama_engine::{Engine, Limits, TimeControl};

#[test]
fn the_engine_keeps_its_clock_per_colour() {
    let tc: TimeControl = "2s+100ms".parse().unwrap();
    let mut engine = Engine::with_seed(
        Limits {
            time: Some(tc),
            ..Limits::default()
        },
        1,
    );
    let mut game = Game::<Czech>::default();
    assert_eq!(engine.clock_left(Color::White), None);
    for _ in 0..4 {
        let mv = engine.choose_move(&game).unwrap();
        game.play(&mv);
    }
    for side in [Color::White, Color::Black] {
        let left = engine.clock_left(side).unwrap();
        // Two moves each: some time spent, two increments added, never more than the clock
        // plus the increments.
        assert!(left < tc.base + tc.increment * 2, "{left:?}");
        assert!(left > Duration::ZERO, "{left:?}");
    }
    engine.set_clock(Color::White, Duration::from_millis(50));
    assert_eq!(
        engine.clock_left(Color::White),
        Some(Duration::from_millis(50))
    );
    engine.clear();
    assert_eq!(engine.clock_left(Color::White), None);
    assert_eq!(engine.clock_left(Color::Black), None);
}
