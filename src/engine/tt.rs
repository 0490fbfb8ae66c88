//! Zobrist keys and the transposition table.
//!
//! A position's key is the XOR of one random number per (piece kind, square) and one for black
//! to move. The search XORs in a few more for the draw counters (plies left in a counted king
//! ending, half-moves without progress), so that entries whose outcome depends on those counts
//! are not mixed up. The table is a flat array of [`Entry`]s indexed by the key's low bits,
//! replaced when the new result is at least as deep or comes from another position.

use crate::rules::DrawCounters;
use crate::{Color, Move, Position};

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
    pieces: [[u64; 36]; 4],
    black: u64,
    quiet: [u64; 64],
    ending: [u64; 64],
}

const fn build_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 36]; 4],
        black: 0,
        quiet: [0; 64],
        ending: [0; 64],
    };
    let mut state = 0x0DA7_A5EE_D000_0001u64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 36 {
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
    keys
}

static KEYS: Keys = build_keys();

/// The Zobrist key of a position (pieces and side to move).
pub fn position_key(pos: &Position) -> u64 {
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
    key
}

/// The key of the position after `mv`, from the key `key` of `before`.
#[inline]
pub fn key_after(key: u64, before: &Position, mv: &Move, after: &Position) -> u64 {
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
    key
}

/// The extra key for the draw counters, XORed into the table key (not the repetition key).
#[inline]
pub fn counters_key(counters: &DrawCounters) -> u64 {
    let mut key = KEYS.quiet[usize::from(counters.quiet_plies.min(63))];
    if let Some(e) = counters.ending {
        key ^= KEYS.ending[usize::from(e.limit.saturating_sub(e.plies).min(63))];
    }
    key
}

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The exact score.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One table entry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The full key, to tell positions that share a slot apart.
    pub key: u64,
    /// The score, with win/loss scores counted from this node (see the search).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i16,
    /// What the score means.
    pub bound: Bound,
    /// The index of the best move in the generator's order, or `u8::MAX`.
    pub best: u8,
}

/// The transposition table.
#[derive(Debug)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i32, bound: Bound, best: u8) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key != key || depth as i16 >= slot.depth {
            let best = if best == u8::MAX && slot.key == key {
                slot.best
            } else {
                best
            };
            *slot = Entry {
                key,
                score,
                depth: depth.clamp(-100, 100) as i16,
                bound,
                best,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Czech, MoveList, Rules};

    #[test]
    fn incremental_keys_match_full_keys() {
        let mut pos: Position = crate::fen::parse("W:Wc3,e3,Kd2,g7:Bd4,f4,Kb6,h8").unwrap();
        let mut moves = MoveList::new();
        for _ in 0..12 {
            Czech::legal_moves(&pos, &mut moves);
            let Some(mv) = moves.last().copied() else {
                break;
            };
            let next = pos.after(&mv);
            assert_eq!(
                key_after(position_key(&pos), &pos, &mv, &next),
                position_key(&next)
            );
            pos = next;
        }
        assert_ne!(
            position_key(&pos),
            position_key(&pos.with_turn(!pos.turn()))
        );
    }

    #[test]
    fn table_keeps_deeper_results() {
        let mut t = Table::new(4);
        t.store(17, 5, 3, Bound::Exact, 2);
        t.store(17, 9, 1, Bound::Lower, 1);
        let e = t.probe(17).unwrap();
        assert_eq!((e.score, e.depth, e.best), (5, 3, 2));
        assert!(t.probe(33).is_none());
    }
}
