//! An exact table for the small king endings: kings only, at most four pieces, one side with a
//! single king (three, two or one king against one).
//!
//! The table is built by retrograde analysis the first time a rule set needs it and kept for
//! the process (one per rule set). It sees the positions only through the [`Rules`] trait
//! (`legal_moves`, `start_counters`, `next_counters`, `counters_draw`) and [`Position::after`].
//!
//! # What a value means
//!
//! A limited ending (the Czech king-ending counts) is a race against the count, and a capture
//! that changes the material restarts the count. So every position is valued *within its
//! phase* (the stretch of play with the same material): [`Value::Win`]`(n)` says the side to
//! move can force, in at most `n` plies of this phase, either the end of the game or a
//! capture into a new phase that is won for it with the new phase's fresh count; the loser
//! cannot put that off longer. [`Value::Loss`]`(n)` is the converse, and [`Value::Draw`] means
//! neither side can force anything. A capture into a new phase counts one ply here; its own
//! phase is valued with the count that the rules start for it (`Rules::next_counters`).
//! With `r` plies left on the current count (see [`plies_left`]), a position is won if it is
//! `Win(n)` with `n ≤ r`, lost if `Loss(n)` with `n ≤ r`, and drawn otherwise.
//!
//! # How it is built
//!
//! Positions are indexed by side to move, the colour of the lone king, its square and the set
//! of the other side's kings (a combinatorial index). The ending classes are solved from the
//! smallest up (one king against one, then two, then three against one), so that a capture
//! always leads to a class already solved. In a class, quiet moves stay in the class; they
//! are undone by sliding a king back along a diagonal. The table checks, while it counts the
//! legal moves of every position, that the rule set's quiet king moves are exactly those
//! slides; if they were not, it gives up and [`table`] answers `None` (the engine then
//! searches as usual).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod index;

use self::index::{Parts, class_offset, sets, table_len, unrank};
use crate::rules::DrawCounters;
use crate::{Bitboard, Direction, Move, MoveList, Position, RuleSet, Rules};

/// The value of a position from the side to move's view, counted in plies of the current
/// phase (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins within this many plies of the phase.
    Win(u32),
    /// The side to move loses within this many plies of the phase (0: it has no move).
    Loss(u32),
    /// Neither side can force a result.
    Draw,
}

const WIN: u16 = 0x4000;
const LOSS: u16 = 0x8000;
const DIST: u16 = 0x3FFF;

fn encode(value: Value) -> u16 {
    match value {
        Value::Win(n) => WIN | (n.min(u32::from(DIST)) as u16),
        Value::Loss(n) => LOSS | (n.min(u32::from(DIST)) as u16),
        Value::Draw => 0,
    }
}

fn decode(code: u16) -> Value {
    let n = u32::from(code & DIST);
    if code & WIN != 0 {
        Value::Win(n)
    } else if code & LOSS != 0 {
        Value::Loss(n)
    } else {
        Value::Draw
    }
}

/// Plies left treated as "no count at all".
pub const UNLIMITED: u32 = u32::MAX;

/// Whether `pos` is one of the table's positions: kings only, one side with a single king,
/// the other with one to three.
pub fn covers(pos: &Position) -> bool {
    Parts::of(pos).is_some()
}

/// The plies that can still be played before the rule set's counters draw the game, if the
/// material stays as it is and no man moves: 0 when the counters already call a draw,
/// [`UNLIMITED`] when they never will.
///
/// Found by feeding the counters a quiet king move of the side to move until they call a draw.
pub fn plies_left<R: Rules>(pos: &Position, counters: &DrawCounters) -> u32 {
    const CAP: u32 = 1000;
    if R::counters_draw(counters).is_some() {
        return 0;
    }
    let Some(from) = pos.kings(pos.turn()).first() else {
        return UNLIMITED;
    };
    let Some(to) = pos.empty().first() else {
        return UNLIMITED;
    };
    let mv = Move::quiet(from, to);
    let after = pos.after(&mv);
    let mut c = *counters;
    for n in 1..CAP {
        c = R::next_counters(&c, pos, &mv, &after);
        if R::counters_draw(&c).is_some() {
            return n;
        }
    }
    UNLIMITED
}

/// The table of one rule set.
pub struct Table {
    values: Vec<u16>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.values.len())
            .finish()
    }
}

/// The tables, one per rule set, built at first use.
static TABLES: [OnceLock<Option<Table>>; RuleSet::ALL.len()] =
    [const { OnceLock::new() }; RuleSet::ALL.len()];

/// The table of the rule set `R`, built at the first call (`None` if the rule set's king moves
/// are not the diagonal slides the table relies on).
pub fn table<R: Rules>() -> Option<&'static Table> {
    TABLES
        .get(slot::<R>()?)?
        .get_or_init(Table::build::<R>)
        .as_ref()
}

/// Whether a background build of a rule set's table has been started.
static STARTED: [AtomicBool; RuleSet::ALL.len()] =
    [const { AtomicBool::new(false) }; RuleSet::ALL.len()];

fn slot<R: Rules>() -> Option<usize> {
    RuleSet::ALL.iter().position(|&r| r == R::RULE_SET)
}

/// The table of the rule set `R` if it is already built (never builds it).
pub fn built<R: Rules>() -> Option<&'static Table> {
    TABLES.get(slot::<R>()?)?.get()?.as_ref()
}

/// The table of the rule set `R` if it is built; if not, starts building it on a thread of
/// its own (once per process) and answers `None`, for callers that cannot wait the build's
/// fraction of a second.
pub fn table_if_ready<R: Rules>() -> Option<&'static Table> {
    let slot = slot::<R>()?;
    let lock = TABLES.get(slot)?;
    if let Some(table) = lock.get() {
        return table.as_ref();
    }
    if !STARTED.get(slot)?.swap(true, Ordering::AcqRel) {
        std::thread::spawn(|| {
            let _ = table::<R>();
        });
    }
    None
}

/// The table of the rule set `R`, waiting for its build until `until` at the latest (with
/// `None`, as long as the build takes); `None` if it is not ready by then or the rule set has
/// no table.
pub fn table_by<R: Rules>(until: Option<Instant>) -> Option<&'static Table> {
    let Some(until) = until else {
        return table::<R>();
    };
    let lock = TABLES.get(slot::<R>()?)?;
    loop {
        if let Some(table) = lock.get() {
            return table.as_ref();
        }
        let _ = table_if_ready::<R>();
        if Instant::now() >= until {
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The value of `pos` from the side to move's view, if the table covers it.
pub fn probe<R: Rules>(pos: &Position) -> Option<Value> {
    if !covers(pos) {
        return None;
    }
    table::<R>()?.value(pos)
}

/// The value of a position with `left` plies left on the count: a win or loss only when it
/// comes within the count.
pub fn within(value: Value, left: u32) -> Value {
    match value {
        Value::Win(n) | Value::Loss(n) if n > left => Value::Draw,
        v => v,
    }
}

/// Orders values from the side to move's view: a quicker win, then a draw, then a slower
/// loss is better.
fn goodness(value: Value) -> i64 {
    match value {
        Value::Win(n) => 1_000_000 - i64::from(n),
        Value::Draw => 0,
        Value::Loss(n) => -1_000_000 + i64::from(n),
    }
}

/// The table's choice in `pos` with its draw `counters`, and the value of the position with
/// that count; `None` if the table does not cover the position or a move leads outside it.
///
/// Every legal move is valued by what it leads to: the game's end, or the child's table value
/// with the child's own count (quiet moves use up the count; a capture starts the new
/// material's count); a move to a position that occurred twice before (`seen` counts the
/// occurrences of a position in the game) is a draw. The best is a win in the fewest plies,
/// else a draw, else the longest loss; among draws, the move whose child is best with no count.
pub fn best_move<R: Rules>(
    pos: &Position,
    counters: &DrawCounters,
    seen: impl Fn(&Position) -> usize,
) -> Option<(Move, Value)> {
    if !covers(pos) {
        return None;
    }
    table::<R>()?.best_move::<R>(pos, counters, seen)
}

impl Table {
    /// [`best_move`] with this table (which must be `R`'s).
    pub fn best_move<R: Rules>(
        &self,
        pos: &Position,
        counters: &DrawCounters,
        seen: impl Fn(&Position) -> usize,
    ) -> Option<(Move, Value)> {
        let table = self;
        let mut moves = MoveList::new();
        R::legal_moves(pos, &mut moves);
        let mut scratch = MoveList::new();
        let mut best: Option<(Move, Value, i64)> = None;
        for mv in moves.iter() {
            let child = pos.after(mv);
            let (real, pure) = if child.pieces(child.turn()).is_empty()
                || R::count_legal_moves(&child, &mut scratch) == 0
            {
                (Value::Win(1), Value::Win(1))
            } else {
                let child_value = table.value(&child)?;
                let child_counters = R::next_counters(counters, pos, mv, &child);
                let left = plies_left::<R>(&child, &child_counters);
                let flip = |v| match v {
                    Value::Win(n) => Value::Loss(n + 1),
                    Value::Loss(n) => Value::Win(n + 1),
                    Value::Draw => Value::Draw,
                };
                let real = if seen(&child) >= 2 {
                    Value::Draw
                } else if mv.is_capture() {
                    // The end of the phase: one ply here, whatever the new phase takes.
                    match within(child_value, left) {
                        Value::Win(_) => Value::Loss(1),
                        Value::Loss(_) => Value::Win(1),
                        Value::Draw => Value::Draw,
                    }
                } else {
                    flip(within(child_value, left))
                };
                (real, flip(child_value))
            };
            let key = goodness(real) * 4_000_000 + goodness(pure);
            if best.is_none_or(|(_, _, k)| key > k) {
                best = Some((*mv, real, key));
            }
        }
        best.map(|(mv, value, _)| (mv, value))
    }
}

impl Table {
    /// The value of `pos` from the side to move's view, with no count (see the module
    /// documentation), if the table covers it.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        let parts = Parts::of(pos)?;
        self.values.get(parts.index()).map(|&c| decode(c))
    }

    /// The number of positions won for the side to move.
    pub fn wins(&self) -> usize {
        self.values.iter().filter(|&&c| c & WIN != 0).count()
    }

    /// Builds the table of the rule set `R` afresh (as [`table`] does once per process):
    /// every class solved, smallest first; `None` if the rule set's quiet king moves are not
    /// the diagonal slides the retrograde analysis undoes.
    pub fn build<R: Rules>() -> Option<Table> {
        let mut table = Table {
            values: vec![0; table_len()],
        };
        for k in 1..=3 {
            table.solve_class::<R>(k)?;
        }
        Some(table)
    }

    /// Retrograde analysis of the positions with `k` strong kings.
    fn solve_class<R: Rules>(&mut self, k: usize) -> Option<()> {
        const QUIET_OK: u8 = 1;
        const DRAWN: u8 = 2;
        let sets_by_rank: Vec<Bitboard> = (0..sets(k)).map(|r| unrank(k, r)).collect();
        let start = class_offset(k);
        let end = class_offset(k + 1);
        let len = end - start;
        let mut remaining = vec![0u8; len];
        let mut flags = vec![0u8; len];
        let mut queue: Vec<usize> = Vec::with_capacity(len / 4);
        let mut wins_in_one = Vec::new();
        let mut losses_in_one = Vec::new();
        let mut moves = MoveList::new();
        let mut scratch = MoveList::new();
        for index in start..end {
            let Some(parts) = Parts::from_class_index(k, index, &sets_by_rank) else {
                continue;
            };
            let pos = parts.position()?;
            R::legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                self.values[index] = encode(Value::Loss(0));
                queue.push(index);
                continue;
            }
            let us = pos.turn();
            let occupied = pos.occupied();
            // Each king's diagonal slides, by king (at most three).
            let mut reach = [(None, Bitboard::EMPTY); 3];
            let mut slides = 0;
            for (slot, sq) in reach.iter_mut().zip(pos.kings(us).squares()) {
                let to = Direction::ALL.iter().fold(Bitboard::EMPTY, |acc, &d| {
                    acc | Bitboard::slide(sq, d, occupied)
                });
                slides += to.count();
                *slot = (Some(sq), to);
            }
            let mut quiet = 0u32;
            let mut win = false;
            let mut drawn = false;
            for mv in moves.iter() {
                if !mv.is_capture() {
                    let slide = reach
                        .iter()
                        .any(|&(from, to)| from == Some(mv.from()) && to.contains(mv.to()));
                    if !slide {
                        return None;
                    }
                    quiet += 1;
                    continue;
                }
                let child = pos.after(mv);
                let them = child.turn();
                if child.pieces(them).is_empty() || R::count_legal_moves(&child, &mut scratch) == 0
                {
                    win = true;
                    continue;
                }
                let child_parts = Parts::of(&child)?;
                if child_parts.strong.count() as usize >= k {
                    // A capture never stays in the class.
                    return None;
                }
                let value = decode(*self.values.get(child_parts.index())?);
                let value = if value == Value::Draw {
                    value
                } else {
                    let counters = R::next_counters(&R::start_counters(&pos), &pos, mv, &child);
                    within(value, plies_left::<R>(&child, &counters))
                };
                match value {
                    Value::Loss(_) => win = true,
                    Value::Draw => drawn = true,
                    Value::Win(_) => {}
                }
            }
            if quiet > 0 && quiet != slides {
                return None;
            }
            let local = index - start;
            remaining[local] = quiet.min(255) as u8;
            if quiet > 0 {
                flags[local] |= QUIET_OK;
            }
            if drawn {
                flags[local] |= DRAWN;
            }
            if win {
                self.values[index] = encode(Value::Win(1));
                wins_in_one.push(index);
            } else if quiet == 0 && !drawn {
                self.values[index] = encode(Value::Loss(1));
                losses_in_one.push(index);
            }
        }
        queue.extend(wins_in_one);
        queue.extend(losses_in_one);

        let mut head = 0;
        while let Some(&index) = queue.get(head) {
            head += 1;
            let value = decode(self.values[index]);
            let parts = Parts::from_class_index(k, index, &sets_by_rank)?;
            let mover = !parts.turn;
            let occupied = parts.strong.with(parts.lone_sq);
            let movers = if mover == parts.lone {
                parts.lone_sq.bb()
            } else {
                parts.strong
            };
            for b in movers.squares() {
                for &d in &Direction::ALL {
                    for a in Bitboard::slide(b, d, occupied).squares() {
                        let before = if mover == parts.lone {
                            Parts {
                                turn: mover,
                                lone_sq: a,
                                ..parts
                            }
                        } else {
                            Parts {
                                turn: mover,
                                strong: parts.strong.without(b).with(a),
                                ..parts
                            }
                        };
                        let p = before.index();
                        let local = p.checked_sub(start)?;
                        if flags.get(local)? & QUIET_OK == 0 || self.values[p] != 0 {
                            continue;
                        }
                        match value {
                            Value::Loss(n) => {
                                self.values[p] = encode(Value::Win(n + 1));
                                queue.push(p);
                            }
                            Value::Win(n) => {
                                remaining[local] = remaining[local].saturating_sub(1);
                                if remaining[local] == 0 && flags[local] & DRAWN == 0 {
                                    self.values[p] = encode(Value::Loss(n + 1));
                                    queue.push(p);
                                }
                            }
                            Value::Draw => {}
                        }
                    }
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::index::{dense, rank, square_of};
    use super::*;

    #[test]
    fn indexes_round_trip() {
        assert_eq!(table_len(), 128 * (32 + 496 + 4960));
        for d in 0..32 {
            let sq = square_of(d).expect("a square");
            assert_eq!(dense(sq), d);
        }
        let mut seen = 0;
        for k in 1..=3 {
            let sets_by_rank: Vec<Bitboard> = (0..sets(k)).map(|r| unrank(k, r)).collect();
            for (r, set) in sets_by_rank.iter().enumerate() {
                assert_eq!(set.count() as usize, k);
                assert_eq!(rank(*set), r);
            }
            for index in class_offset(k)..class_offset(k + 1) {
                if let Some(parts) = Parts::from_class_index(k, index, &sets_by_rank) {
                    assert_eq!(parts.index(), index);
                    let pos = parts.position().expect("a position");
                    assert_eq!(Parts::of(&pos), Some(parts));
                    seen += 1;
                }
            }
        }
        // One against one: 2 sides to move × 32 × 31; the others with either colour lone.
        assert_eq!(seen, 2 * 32 * 31 + 4 * 32 * (465 + 4495));
    }

    #[test]
    fn values_encode() {
        for v in [
            Value::Win(1),
            Value::Win(37),
            Value::Loss(0),
            Value::Loss(12),
        ] {
            assert_eq!(decode(encode(v)), v);
        }
        assert_eq!(decode(encode(Value::Draw)), Value::Draw);
    }
}
