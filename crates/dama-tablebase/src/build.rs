//! Retrograde construction of one class, generic over the rules.
//!
//! The class is solved slice by slice (a slice: one set of men, both sides to move), the
//! slices whose men have come furthest first, so that a man move always leads to a slice
//! already solved; slices of the same advance are solved in parallel (rayon). Inside a slice
//! only king moves stay, and they are undone by sliding a king back along a diagonal.
//!
//! 1. **Forward pass** (every position, in parallel): the legal moves. A king's quiet move
//!    stays in the slice and is counted; every other move (a capture, a man move) leads to a
//!    position already solved (another class, or a slice of greater advance) and is valued
//!    at once: if it ends the phase (the child's counters are the fresh ones), the child's
//!    value with its fresh count, one ply (or the child's distance + 1 when the phase has no
//!    count); if not, the child's distance + 1 (the phase, and its count, go on).
//! 2. **Backward pass**: positions are taken in order of distance (buckets); a loss makes
//!    every predecessor a win one ply longer, a win takes one from each predecessor's count
//!    of unresolved king moves, and a predecessor whose king moves all lose (and whose other
//!    moves all lose) becomes a loss. Distances beyond the phase's longest count are draws.

use rayon::prelude::*;

use super::index::{Class, Material, Parts};
use super::tables::Tables;
use super::value::{MAX_DISTANCE, UNLIMITED, Value, ends_phase, fresh_budget, king_slides};
use crate::TableRules;
use dama_core::{BitboardOn, Board, Direction, MoveListOn, PositionOn};

/// A failed check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// An entry disagrees with its children.
    #[error("class {class}: {fen} holds {stored}, its moves give {computed}")]
    Mismatch {
        /// The class.
        class: String,
        /// The position.
        fen: String,
        /// The entry.
        stored: String,
        /// What the children give.
        computed: String,
    },
    /// A class needed is missing or unreadable.
    #[error("{0}")]
    Build(#[from] BuildError),
    /// The class's own file cannot be read.
    #[error("class {0} is not available")]
    Missing(String),
    /// A block of the class's file is corrupt or cannot be read.
    #[error("{0}")]
    Unreadable(String),
}

/// Why a class cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A move leads to a class that is not solved yet.
    #[error("class {child} is needed by {class} but not built")]
    MissingClass {
        /// The class being built.
        class: String,
        /// The class missing.
        child: String,
    },
    /// A move leads to a class whose file is there but was refused (corrupt, of another
    /// rule set, not a regular file: the reason went to the refusal reporter).
    #[error("class {child} is needed by {class} but its file {file} was refused (see above)")]
    RefusedClass {
        /// The class being built.
        class: String,
        /// The class whose file was refused.
        child: String,
        /// The file's name.
        file: String,
    },
    /// The rule set's quiet king moves are not the diagonal slides the backward pass undoes.
    #[error("the rule set's king moves are not diagonal slides (position {0})")]
    KingMoves(String),
    /// A class with layers whose moves the layered tables cannot follow.
    #[error("class {class}: {why}")]
    Layers {
        /// The class.
        class: String,
        /// What is wrong.
        why: String,
    },
    /// A distance does not fit in one byte (a rule set with no draw count and a very long
    /// win).
    #[error("class {0}: a distance exceeds {MAX_DISTANCE} plies")]
    TooLong(String),
}

/// What the forward pass learns about a position.
#[derive(Clone, Copy, Default)]
struct Start {
    /// Resolved at once: a position with no move (loss in 0).
    terminal: bool,
    /// Its king moves inside the slice are legal (all of them).
    quiet_ok: bool,
    /// A move out of the slice draws or wins: it is never lost.
    never_lost: bool,
    /// King moves inside the slice.
    remaining: u8,
    /// The quickest win by a move out of the slice.
    exit_win: Option<u32>,
    /// The longest loss by a move out of the slice.
    exit_loss: u32,
    /// The phase's fresh count here.
    budget: u32,
}

/// The value of `child` (reached from `pos` by `mv`) for the side that moved.
pub(crate) fn exit_value<R: TableRules>(
    tables: &Tables,
    class: &Class,
    current: &[u8],
    pos: &PositionOn<R::Board>,
    mv: &dama_core::MoveOn<R::Board>,
    child: &PositionOn<R::Board>,
    limited: bool,
) -> Result<Value, BuildError> {
    let m = Material::of(child);
    let fresh = ends_phase::<R>(pos, mv, child);
    let value = if m.wm + m.wk == 0 || m.bm + m.bk == 0 {
        let lost = Value::Loss(0);
        if fresh {
            lost.within(fresh_budget::<R>(child))
        } else {
            lost
        }
    } else if m == class.material {
        let index = usize::try_from(class.index(&Parts::of(child))).unwrap_or(usize::MAX);
        let raw = Value::decode(current.get(index).copied().unwrap_or(0));
        if fresh {
            raw.within(fresh_budget::<R>(child))
        } else {
            raw
        }
    } else {
        let found = if fresh {
            tables.value::<R>(child, &R::start_counters(child))
        } else {
            tables.raw(child)
        };
        found.ok_or_else(|| missing(tables, class, m))?
    };
    Ok(if fresh && limited {
        value.phase_end()
    } else {
        value.back()
    })
}

/// The error for a move of `class` into the unsolved class of `m`: not built, or built
/// but its file refused (it is in the tables' directory).
pub(crate) fn missing(tables: &Tables, class: &Class, m: Material) -> BuildError {
    let child = if m.is_canonical() { m } else { m.mirror() };
    let file = tables
        .dir()
        .map(|dir| super::format::class_path(dir, child))
        .filter(|path| path.symlink_metadata().is_ok());
    match file {
        Some(path) => BuildError::RefusedClass {
            class: class.material.name(),
            child: child.name(),
            file: path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        },
        None => BuildError::MissingClass {
            class: class.material.name(),
            child: child.name(),
        },
    }
}

/// The forward pass over one position.
fn start<R: TableRules>(
    tables: &Tables,
    class: &Class,
    current: &[u8],
    pos: &PositionOn<R::Board>,
    moves: &mut MoveListOn<R::Board>,
) -> Result<Start, BuildError> {
    R::legal_moves(pos, moves);
    let budget = fresh_budget::<R>(pos);
    let mut s = Start {
        budget,
        ..Start::default()
    };
    if moves.is_empty() {
        s.terminal = true;
        return Ok(s);
    }
    let kings = pos.kings(pos.turn());
    let limited = budget != UNLIMITED;
    let mut quiet = 0u32;
    for mv in moves.iter() {
        if !mv.is_capture() && kings.contains(mv.from()) {
            quiet += 1;
            continue;
        }
        let child = pos.after(mv);
        match exit_value::<R>(tables, class, current, pos, mv, &child, limited)? {
            Value::Win(n) => {
                s.never_lost = true;
                s.exit_win = Some(s.exit_win.map_or(n, |w| w.min(n)));
            }
            Value::Draw => s.never_lost = true,
            Value::Loss(n) => s.exit_loss = s.exit_loss.max(n),
        }
    }
    if quiet > 0 {
        if quiet != king_slides(pos) {
            return Err(BuildError::KingMoves(pos.to_string()));
        }
        s.quiet_ok = true;
        s.remaining = quiet.min(255) as u8;
    }
    Ok(s)
}

/// Solves one slice; returns its codes.
fn solve_slice<R: TableRules>(
    tables: &Tables,
    class: &Class,
    current: &[u8],
    slice: u64,
) -> Result<Vec<u8>, BuildError> {
    let len = class.slice_len() as usize;
    let mut codes = vec![0u8; len];
    let Some((white_men, black_men)) = class.slice_men(slice) else {
        return Ok(codes);
    };
    let mut starts: Vec<Start> = (0..len)
        .into_par_iter()
        .map_init(MoveListOn::<R::Board>::new, |moves, local| {
            let Some(pos) = class
                .parts_in_slice(white_men, black_men, local as u64)
                .and_then(|p| p.position::<R::Board>())
            else {
                return Ok(Start::default());
            };
            start::<R>(tables, class, current, &pos, moves)
        })
        .collect::<Result<_, _>>()?;

    let budgets = starts.iter().map(|s| s.budget).max().unwrap_or(0);
    let unlimited = budgets == UNLIMITED;
    let cap = if unlimited {
        MAX_DISTANCE
    } else {
        budgets.min(MAX_DISTANCE)
    };
    // Buckets of candidates by distance: wins and losses.
    let mut wins: Vec<Vec<u32>> = vec![Vec::new(); cap as usize + 1];
    let mut losses: Vec<Vec<u32>> = vec![Vec::new(); cap as usize + 1];
    let mut too_long = false;
    let mut push = |buckets: &mut Vec<Vec<u32>>, d: u32, local: usize| {
        if d <= cap {
            buckets[d as usize].push(local as u32);
        } else if unlimited {
            too_long = true;
        }
    };
    for (local, s) in starts.iter().enumerate() {
        if s.terminal {
            push(&mut losses, 0, local);
        } else if let Some(w) = s.exit_win {
            push(&mut wins, w, local);
        } else if !s.never_lost && s.remaining == 0 && s.budget != 0 {
            push(&mut losses, s.exit_loss, local);
        }
    }
    let mut resolved = vec![false; len];
    for d in 0..=cap {
        let mut i = 0;
        while i < wins[d as usize].len() + losses[d as usize].len() {
            let (local, won) = if i < losses[d as usize].len() {
                (losses[d as usize][i] as usize, false)
            } else {
                (
                    wins[d as usize][i - losses[d as usize].len()] as usize,
                    true,
                )
            };
            i += 1;
            if resolved[local] {
                continue;
            }
            resolved[local] = true;
            let value = if won { Value::Win(d) } else { Value::Loss(d) };
            codes[local] = value.encode();
            // The predecessors: the other side slid a king back.
            let Some(parts) = class.parts_in_slice(white_men, black_men, local as u64) else {
                continue;
            };
            let Some(pos) = parts.position::<R::Board>() else {
                continue;
            };
            let mover = !pos.turn();
            let occupied = pos.occupied();
            for b in pos.kings(mover).squares() {
                for &dir in &Direction::ALL {
                    for a in BitboardOn::slide(b, dir, occupied).squares() {
                        let before = moved(&parts, mover, b, a);
                        let p = class.local_index(&before) as usize;
                        let Some(sp) = starts.get_mut(p) else {
                            continue;
                        };
                        if !sp.quiet_ok || resolved[p] {
                            continue;
                        }
                        if won {
                            sp.remaining = sp.remaining.saturating_sub(1);
                            if sp.remaining == 0 && !sp.never_lost {
                                let dist = (d + 1).max(sp.exit_loss);
                                push(&mut losses, dist, p);
                            }
                        } else {
                            push(&mut wins, d + 1, p);
                        }
                    }
                }
            }
        }
    }
    if too_long {
        return Err(BuildError::TooLong(class.material.name()));
    }
    Ok(codes)
}

/// The parts with `mover`'s king moved from `b` back to `a` and `mover` to move.
fn moved<B: Board>(
    parts: &Parts,
    mover: dama_core::Color,
    b: dama_core::SquareOn<B>,
    a: dama_core::SquareOn<B>,
) -> Parts {
    let (b, a) = (
        1u64 << super::index::dense(b),
        1u64 << super::index::dense(a),
    );
    let mut p = *parts;
    if mover == dama_core::Color::White {
        p.white_kings = (p.white_kings & !b) | a;
    } else {
        p.black_kings = (p.black_kings & !b) | a;
    }
    p.turn = mover;
    p
}

/// Solves the class of the canonical material `m`, every class it leads to being in
/// `tables`. `progress` is called with the number of entries done after each group of slices.
///
/// A class of one layer only: `layers::build_class` chooses between this and the
/// layered build.
pub fn build_one_layer<R: TableRules>(
    tables: &Tables,
    m: Material,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u8>, BuildError> {
    let class = Class::of::<R::Board>(m);
    solve_by_advance(&class, 1, progress, |values, s| {
        solve_slice::<R>(tables, &class, values, s)
    })
}

/// The values of `class` (`width` entries per position), its slices solved by `solve` (given
/// the values so far and the slice; returning the slice's entries) furthest advance first,
/// those of one advance in parallel.
pub(crate) fn solve_by_advance(
    class: &Class,
    width: usize,
    progress: &(dyn Fn(u64) + Sync),
    solve: impl Fn(&[u8], u64) -> Result<Vec<u8>, BuildError> + Sync,
) -> Result<Vec<u8>, BuildError> {
    let mut values = vec![0u8; class.len() as usize * width];
    // Slices grouped by advance, furthest first.
    let mut slices: Vec<(u32, u64)> = (0..class.slices())
        .filter(|&s| class.slice_men(s).is_some())
        .map(|s| (class.advance(s), s))
        .collect();
    furthest_first(&mut slices);
    let slice_len = class.slice_len() as usize * width;
    let mut at = 0;
    while at < slices.len() {
        let advance = slices[at].0;
        let end = slices[at..]
            .iter()
            .position(|&(a, _)| a != advance)
            .map_or(slices.len(), |n| at + n);
        let group = &slices[at..end];
        let solved: Vec<(u64, Vec<u8>)> = group
            .par_iter()
            .map(|&(_, s)| solve(&values, s).map(|codes| (s, codes)))
            .collect::<Result<_, _>>()?;
        for (s, codes) in solved {
            let from = s as usize * slice_len;
            values[from..from + slice_len].copy_from_slice(&codes);
        }
        progress((group.len() * class.slice_len() as usize) as u64);
        at = end;
    }
    Ok(values)
}

/// Sorts (advance, slice) pairs furthest first. Not generic, so that the sort is compiled
/// once rather than once per rule set.
fn furthest_first(slices: &mut [(u32, u64)]) {
    slices.sort_unstable_by(|a, b| b.cmp(a));
}
