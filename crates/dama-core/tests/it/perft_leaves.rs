//! Perft's counting over positions (`Rules::count_leaves`, the shared generator's
//! `generate::perft`) against counting through the move lists (`perft_full`, which plays
//! every move of `Rules::legal_moves`), for every rule set of either board, in positions of seeded random
//! games: openings where the replier's captures appear and vanish with one step, middle games
//! with multi-hop captures, and endings with kings on one side or both.

use dama_core::perft::{perft, perft_full};
use dama_core::{BoardRules, MoveListOn, PositionOn, Variant, with_variant};

/// A small deterministic generator (xorshift64*), so the games are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The positions of a random game under `R` from its start, every `every` plies, up to
/// `plies` plies or the end of the game.
fn game<R: BoardRules>(rng: &mut Rng, plies: usize, every: usize) -> Vec<PositionOn<R::Board>> {
    let mut pos = R::start();
    let mut list = MoveListOn::new();
    let mut seen = Vec::new();
    for ply in 0..plies {
        R::legal_moves(&pos, &mut list);
        if list.is_empty() {
            break;
        }
        if ply % every == 0 {
            seen.push(pos);
        }
        pos = pos.after(&list[rng.below(list.len())]);
    }
    seen
}

fn check<R: BoardRules>(seed: u64, games: usize, depth: u32) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    for _ in 0..games {
        for pos in game::<R>(&mut rng, 120, 7) {
            assert_eq!(
                perft::<R>(&pos, depth),
                perft_full::<R>(&pos, depth),
                "{:?} perft of {pos} at depth {depth}",
                R::INFO.name
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn counting_over_positions_agrees_with_the_move_lists_in_random_games() {
    for set in Variant::ALL {
        let checked = with_variant!(set, R => check::<R>(0x9e37_79b9_7f4a_7c15, 24, 4));
        // The games are long enough to reach kings: far more than the opening is checked.
        assert!(checked > 100, "{set}: only {checked} positions");
    }
}

#[test]
fn counting_over_positions_agrees_at_depth_five_in_the_opening() {
    for set in Variant::ALL {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        with_variant!(set, R => {
            for _ in 0..3 {
                for pos in game::<R>(&mut rng, 24, 4) {
                    assert_eq!(perft::<R>(&pos, 5), perft_full::<R>(&pos, 5), "{set} {pos}");
                }
            }
        });
    }
}
