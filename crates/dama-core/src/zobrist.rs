//! Zobrist keys of positions: the XOR of one random number per (piece kind, square) and one
//! for black to move ([`position_key`], updated move by move with [`key_after`]), and extra
//! numbers for the draw counters ([`counters_key`]). The numbers are drawn at compile time
//! from a fixed seed, so a position's key is the same in every program and every run: the
//! engine's transposition table and repetition history use them, and a book or a hub may
//! share them.

use crate::board::{Board, Board8, Board10};
use crate::mv::MoveOn;
use crate::position::{Color, PositionOn};
use crate::rules::DrawCounters;

/// Entries per piece kind: one per bit of a `u64` layout, enough for every board
/// ([`Board::LAYOUT_BITS`]: 36 on 8×8, 55 on 10×10).
const KEY_BITS: usize = 64;
const _: () = assert!(Board8::LAYOUT_BITS <= KEY_BITS && Board10::LAYOUT_BITS <= KEY_BITS);

/// The bits whose keys are drawn first, in the order the 8×8 engine always drew them (so an
/// 8×8 position keeps its key, and its search its node counts); the bits above them, which
/// only larger boards use, are drawn after the counters' keys.
const FIRST_BITS: usize = Board8::LAYOUT_BITS;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The random numbers: `[kind][bit]` for white men, white kings, black men, black kings;
/// then the side to move, the quiet-ply counts and the ending counts.
struct Keys {
    pieces: [[u64; KEY_BITS]; 4],
    black: u64,
    quiet: [u64; 64],
    ending: [u64; 64],
}

const fn build_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; KEY_BITS]; 4],
        black: 0,
        quiet: [0; 64],
        ending: [0; 64],
    };
    let mut state = 0x0DA7_A5EE_D000_0001u64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < FIRST_BITS {
            let (s, v) = splitmix(state);
            state = s;
            keys.pieces[kind][bit] = v;
            bit += 1;
        }
        kind += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    keys.black = v;
    let mut i = 0;
    while i < 64 {
        let (s, v) = splitmix(state);
        state = s;
        keys.quiet[i] = v;
        let (s, v) = splitmix(state);
        state = s;
        keys.ending[i] = v;
        i += 1;
    }
    let mut kind = 0;
    while kind < 4 {
        let mut bit = FIRST_BITS;
        while bit < KEY_BITS {
            let (s, v) = splitmix(state);
            state = s;
            keys.pieces[kind][bit] = v;
            bit += 1;
        }
        kind += 1;
    }
    keys
}

static KEYS: Keys = build_keys();

/// The Zobrist key of a position (pieces and side to move).
pub fn position_key<B: Board>(pos: &PositionOn<B>) -> u64 {
    let mut key = 0;
    for (kind, bb) in [
        pos.men(Color::White),
        pos.kings(Color::White),
        pos.men(Color::Black),
        pos.kings(Color::Black),
    ]
    .into_iter()
    .enumerate()
    {
        for sq in bb {
            key ^= KEYS.pieces[kind][sq.bit() as usize];
        }
    }
    if pos.turn() == Color::Black {
        key ^= KEYS.black;
    }
    key ^ king_moves_key(pos.king_moves_raw())
}

/// The key of the counted kings' plain moves in a row ([`PositionOn::king_moves`], Frisian):
/// 0 when none is counted, as under every other rule set.
#[inline(always)]
fn king_moves_key(raw: u16) -> u64 {
    if raw == 0 {
        0
    } else {
        splitmix(0x4B49_4E47_0000_0000 | raw as u64).1
    }
}

/// The key of the position after `mv`, from the key `key` of `before`.
#[inline]
pub fn key_after<B: Board>(
    key: u64,
    before: &PositionOn<B>,
    mv: &MoveOn<B>,
    after: &PositionOn<B>,
) -> u64 {
    let us = before.turn();
    let them = !us;
    let base = us.index() * 2;
    let from = mv.from().bit() as usize;
    let to = mv.to().bit() as usize;
    let from_kind = base + usize::from(before.all_kings().contains(mv.from()));
    let to_kind = base + usize::from(after.all_kings().contains(mv.to()));
    let mut key = key ^ KEYS.black ^ KEYS.pieces[from_kind][from] ^ KEYS.pieces[to_kind][to];
    let kings = before.kings(them);
    for sq in mv.captured() {
        let kind = them.index() * 2 + usize::from(kings.contains(sq));
        key ^= KEYS.pieces[kind][sq.bit() as usize];
    }
    key ^ king_moves_key(before.king_moves_raw()) ^ king_moves_key(after.king_moves_raw())
}

/// The extra key for the draw counters: the engine XORs it into a table key (not into the
/// repetition key) where a count could call a draw within the search's horizon.
#[inline]
pub fn counters_key(counters: &DrawCounters) -> u64 {
    let mut key = KEYS.quiet[usize::from(counters.quiet_plies.min(63))];
    if let Some(e) = counters.ending {
        key ^= KEYS.ending[usize::from(e.limit.saturating_sub(e.plies).min(63))];
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardRules, International};
    use crate::{MoveListOn, Position};

    #[test]
    fn the_keys_are_those_the_engine_always_drew() {
        // Pinned: the engine's node counts (and its tables) depend on these numbers.
        assert_eq!(position_key(&Position::initial()), 0xF06EFF893AD0ED06);
        assert_eq!(position_key(&International::start()), 0xC1811F39A3EB7093);
    }

    #[test]
    fn a_key_after_a_move_is_the_key_of_the_position_after_it() {
        let mut pos = International::start();
        let mut key = position_key(&pos);
        let mut moves = MoveListOn::new();
        for ply in 0..40usize {
            International::legal_moves(&pos, &mut moves);
            let Some(mv) = moves.get(ply * 7 % moves.len().max(1)).copied() else {
                break;
            };
            let after = pos.after(&mv);
            key = key_after(key, &pos, &mv, &after);
            assert_eq!(key, position_key(&after), "ply {ply}");
            pos = after;
        }
    }
}
