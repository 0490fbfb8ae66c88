//! Helpers shared by the integration tests: random positions for the property tests and a
//! tiny deterministic generator. Each test file uses only some of them.

use dama_core::position::Setup;
use dama_core::{Color, Position, Square};
use proptest::prelude::*;

/// A random position: each square empty or holding a man or king of either side, with an
/// emptiness weight drawn per position so that both crowded and sparse boards occur. A man
/// drawn on its crowning rank becomes a king; a side keeps at most twelve pieces.
pub fn arb_position() -> impl Strategy<Value = Position> {
    (
        2u8..40,
        prop::collection::vec(any::<u8>(), 32),
        any::<bool>(),
    )
        .prop_map(|(empty_weight, cells, black_to_move)| {
            let mut setup = Setup {
                turn: Some(if black_to_move {
                    Color::Black
                } else {
                    Color::White
                }),
                ..Setup::default()
            };
            for (sq, cell) in Square::all().zip(cells) {
                let cell = cell % (empty_weight + 10);
                if cell < empty_weight {
                    continue;
                }
                let (color, king) = match cell - empty_weight {
                    0..=2 => (Color::White, false),
                    3..=4 => (Color::White, true),
                    5..=7 => (Color::Black, false),
                    _ => (Color::Black, true),
                };
                let side = match color {
                    Color::White => &mut setup.white,
                    Color::Black => &mut setup.black,
                };
                if side.count() >= 12 {
                    continue;
                }
                *side = side.with(sq);
                if king || color.crowning_rank().contains(sq) {
                    setup.kings = setup.kings.with(sq);
                }
            }
            if (setup.white | setup.black).is_empty() {
                // An empty board is no position: give it one white king.
                let sq = Square::from_number(1).expect("a square");
                setup.white = setup.white.with(sq);
                setup.kings = setup.kings.with(sq);
            }
            Position::from_setup(&setup).expect("the strategy makes sound setups")
        })
}

/// A tiny deterministic generator (xorshift) for test positions and openings.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    #[allow(
        clippy::should_implement_trait,
        reason = "a generator, not an iterator: it never ends"
    )]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A square, uniformly.
    pub fn square(&mut self) -> Square {
        let n = (self.next() % 32) as u8 + 1;
        Square::from_number(n).expect("1..=32 is a square")
    }
}

/// A random position on the 10×10 board: each of the 50 squares empty or holding a man or
/// king of either side, with an emptiness weight and a king weight drawn per position, so
/// that crowded boards, sparse ones and boards full of kings (rich in long captures) all
/// occur. A man drawn on its own crowning row becomes a king; a side keeps at most twenty
/// pieces.
pub fn arb_position_10() -> impl Strategy<Value = dama_core::PositionOn<dama_core::Board10>> {
    use dama_core::{Board10, SquareOn, position::SetupOn};
    (
        0u8..40,
        0u8..6,
        prop::collection::vec(any::<u8>(), 50),
        any::<bool>(),
    )
        .prop_map(|(empty_weight, king_weight, cells, black_to_move)| {
            let mut setup = SetupOn::<Board10> {
                turn: Some(if black_to_move {
                    Color::Black
                } else {
                    Color::White
                }),
                ..SetupOn::default()
            };
            let total = u16::from(empty_weight) + 6 + 2 * u16::from(king_weight);
            for (sq, cell) in SquareOn::<Board10>::all().zip(cells) {
                let cell = u16::from(cell) % total;
                let Some(cell) = cell.checked_sub(u16::from(empty_weight)) else {
                    continue;
                };
                let kw = u16::from(king_weight);
                let (color, king) = match cell {
                    0..=2 => (Color::White, false),
                    3..=5 => (Color::Black, false),
                    c if c < 6 + kw => (Color::White, true),
                    _ => (Color::Black, true),
                };
                let side = match color {
                    Color::White => &mut setup.white,
                    Color::Black => &mut setup.black,
                };
                if side.count() >= 20 {
                    continue;
                }
                *side = side.with(sq);
                if king || color.crowning_rank_on::<Board10>().contains(sq) {
                    setup.kings = setup.kings.with(sq);
                }
            }
            if (setup.white | setup.black).is_empty() {
                let sq = SquareOn::<Board10>::from_number(1).expect("a square");
                setup.white = setup.white.with(sq);
                setup.kings = setup.kings.with(sq);
            }
            dama_core::PositionOn::from_setup(&setup).expect("the strategy makes sound setups")
        })
}
