//! Zobrist keys and the transposition table.
//!
//! The keys are the core's ([`dama_core::zobrist`], re-exported here). A position's key is the XOR of one random number per (piece kind, square) and one for black
//! to move. Where a draw count could fire within the search's horizon, the search XORs in a
//! few more for the draw counters (plies left in a counted king ending, half-moves without
//! progress), so that entries whose outcome depends on those counts are not mixed up
//! ([`table_key`]); elsewhere positions reached with other counts share their entries. The
//! table is a flat array of slots indexed by the key's low bits, shared by threads without
//! locks, replaced when the new result is at least as deep or comes from another position.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::EngineRules;
use dama_core::rules::{DrawCounters, EndingCount};

pub use dama_core::zobrist::{counters_key, key_after, position_key};

/// The table key of a node with position key `key` and draw `counters`, searched with
/// `horizon` plies to go (its depth plus a margin for the extensions and the quiescence
/// search): the counters are keyed in only when one of them could call a draw within the
/// horizon. Further from a draw, no node of the search below sees the counts fire, so
/// positions reached with different counts share their entries.
#[inline]
pub fn table_key<R: EngineRules>(key: u64, counters: &DrawCounters, horizon: i32) -> u64 {
    let h = horizon.clamp(0, i32::from(u16::MAX)) as u16;
    let ahead = DrawCounters {
        quiet_plies: counters.quiet_plies.saturating_add(h),
        ending: counters.ending.map(|e| EndingCount {
            plies: e.plies.saturating_add(h),
            ..e
        }),
    };
    if R::counters_draw(&ahead).is_none() {
        key
    } else {
        key ^ counters_key(counters)
    }
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

impl Entry {
    /// The entry's data (all but the key) in one word.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::None => 0u64,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.score as u32)
            | (u64::from(self.depth as u16) << 32)
            | (bound << 48)
            | (u64::from(self.best) << 56)
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u16 as i16,
            bound: match (data >> 48) & 0xFF {
                1 => Bound::Exact,
                2 => Bound::Lower,
                3 => Bound::Upper,
                _ => Bound::None,
            },
            best: (data >> 56) as u8,
        }
    }
}

/// One slot: the data word and the key XORed with it, so that a slot torn by two threads
/// writing at once reads as another key and is ignored (the "lockless hashing" of chess
/// programs). Relaxed atomics: a plain load or store on common machines.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The transposition table, shared by the threads of one search (`&Table` is enough to
/// probe and store).
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            slots: (0..len).map(|_| Slot::default()).collect(),
            mask: len - 1,
        }
    }

    /// A table of `2^bits` entries, or the allocator's refusal when the memory is not there
    /// (instead of ending the process, as [`Table::new`] does).
    pub fn try_new(bits: u32) -> Result<Table, std::collections::TryReserveError> {
        let len = 1usize << bits;
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.extend((0..len).map(|_| Slot::default()));
        Ok(Table {
            slots,
            mask: len - 1,
        })
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }

    #[inline]
    fn read(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        let stored = check ^ data;
        (data != 0 || check != 0).then(|| Entry::unpack(stored, data))
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.read(key)
            .filter(|e| e.bound != Bound::None && e.key == key)
    }

    /// Stores a result.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i32, bound: Bound, best: u8) {
        let old = self.read(key);
        let same = old.is_some_and(|e| e.key == key);
        if let Some(old) = old
            && same
            && (depth as i16) < old.depth
        {
            return;
        }
        let best = match old {
            Some(old) if best == u8::MAX && same => old.best,
            _ => best,
        };
        let data = Entry {
            key,
            score,
            depth: depth.clamp(-100, 100) as i16,
            bound,
            best,
        }
        .pack();
        let slot = &self.slots[key as usize & self.mask];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{BoardRules, Czech, MoveList, Position};

    #[test]
    fn incremental_keys_match_full_keys() {
        let mut pos: Position = dama_core::fen::parse("W:Wc3,e3,Kd2,g7:Bd4,f4,Kb6,h8").unwrap();
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
    fn incremental_keys_match_full_keys_on_ten_by_ten() {
        use dama_core::{Board10, International, MoveListOn, PositionOn};
        let mut pos: PositionOn<Board10> =
            dama_core::fen::parse_on("W:W28,32,33,K35,50:B3,5,K10,17,19,20").unwrap();
        let mut moves = MoveListOn::new();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..16 {
            International::legal_moves(&pos, &mut moves);
            let Some(mv) = moves.last().copied() else {
                break;
            };
            let next = pos.after(&mv);
            assert_eq!(
                key_after(position_key(&pos), &pos, &mv, &next),
                position_key(&next)
            );
            seen.insert(position_key(&pos));
            pos = next;
        }
        // The squares above the 8×8 layout (bits 36 to 54) have keys of their own.
        let top: PositionOn<Board10> = dama_core::fen::parse_on("W:WK1:B40").unwrap();
        let other: PositionOn<Board10> = dama_core::fen::parse_on("W:WK2:B40").unwrap();
        assert_ne!(position_key(&top), position_key(&other));
        assert!(seen.len() > 1);
    }

    #[test]
    fn counters_are_keyed_only_where_a_draw_can_come_within_the_horizon() {
        let pos: Position = dama_core::fen::parse("W:WKa1,Kc1,Ke1:BKh8").unwrap();
        let key = position_key(&pos);
        let quiet = |q| DrawCounters {
            quiet_plies: q,
            ending: None,
        };
        // Czech: 30 quiet plies call a draw. From 0 or 5 plies, 10 more cannot reach it.
        let far = table_key::<Czech>(key, &quiet(0), 10);
        assert_eq!(far, key);
        assert_eq!(table_key::<Czech>(key, &quiet(5), 10), far);
        assert_eq!(table_key::<Czech>(key, &quiet(19), 10), far);
        // From 20 plies it can: each count has its own key, none the counter-free one.
        let near: Vec<u64> = (20..30)
            .map(|q| table_key::<Czech>(key, &quiet(q), 10))
            .collect();
        assert!(near.iter().all(|&k| k != far));
        let mut distinct = near.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), near.len());
        // The king-ending count (3 kings against 1: 30 plies here) is keyed the same way.
        let ending = |plies| DrawCounters {
            quiet_plies: 0,
            ending: Some(EndingCount {
                material: dama_core::rules::material(&pos),
                plies,
                limit: 30,
            }),
        };
        assert_eq!(table_key::<Czech>(key, &ending(3), 12), key);
        assert_ne!(table_key::<Czech>(key, &ending(25), 12), key);
        assert_ne!(
            table_key::<Czech>(key, &ending(25), 12),
            table_key::<Czech>(key, &ending(26), 12)
        );
    }

    #[test]
    fn torn_slots_read_as_empty() {
        let t = Table::new(4);
        t.store(17, -250, 7, Bound::Upper, 9);
        let e = t.probe(17).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.best),
            (-250, 7, Bound::Upper, 9)
        );
        // A slot whose check word does not match its data (two writers interleaved) is
        // another key's: no probe finds it.
        t.slots[1].check.store(12345, Ordering::Relaxed);
        assert!(t.probe(17).is_none());
    }

    #[test]
    fn table_keeps_deeper_results() {
        let t = Table::new(4);
        t.store(17, 5, 3, Bound::Exact, 2);
        t.store(17, 9, 1, Bound::Lower, 1);
        let e = t.probe(17).unwrap();
        assert_eq!((e.score, e.depth, e.best), (5, 3, 2));
        assert!(t.probe(33).is_none());
    }
}
