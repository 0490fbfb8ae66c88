//! Endgame tablebases: the exact value of every position with few pieces, built by retrograde
//! analysis for any [`Rules`], kept in files, probed by the engine
//! (`../shared/spec/tablebases.md`; the metric, index and format are in `docs/tablebases.md`).
//!
//! - [`index`]: the numbering of a material class;
//! - [`value`]: a value, its one-byte code, the draw counts (phases and budgets);
//! - [`build`]: retrograde construction of one class;
//! - [`format`]: the table file;
//! - [`tables`]: a set of solved classes (memory or files) and the raw value of a position;
//! - [`verify`]: every entry checked against its children;
//! - [`command`]: `dama tb build|probe|info|verify`.

pub mod build;
pub mod command;
pub mod format;
pub mod index;
pub mod tables;
pub mod value;
pub mod verify;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

pub use self::index::Material;
pub use self::tables::{Solved, Source, Tables};
pub use self::value::{UNLIMITED, Value, plies_left};

use crate::rules::DrawCounters;
use crate::{Move, MoveList, Position, RuleSet, Rules};

/// The most pieces any table holds (the index numbers up to five of a kind; builds go to six).
pub const MAX_PIECES: u32 = 6;

/// The directory the tables live in when none is given: `$DAMA_TB_DIR`, else the platform's
/// data directory (`~/.local/share/dama/tb` on Linux); one subdirectory per rule set.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DAMA_TB_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "dama").map(|p| p.data_dir().join("tb"))
}

/// The directory of one rule set's files under `base`.
pub fn rules_dir(base: &Path, rules: RuleSet) -> PathBuf {
    base.join(rules.name())
}

/// Whether the tables cover the class `m` under the rules `R`: the metric is exact for it
/// ([`Rules::tables_exact`]) and for every class a capture or a crowning can lead to from it.
pub fn covered<R: Rules>(m: Material) -> bool {
    fn go<R: Rules>(m: Material, memo: &mut std::collections::HashMap<Material, bool>) -> bool {
        if let Some(&known) = memo.get(&m) {
            return known;
        }
        let ok =
            R::tables_exact([m.wm, m.wk, m.bm, m.bk]) && successors(m).all(|c| go::<R>(c, memo));
        memo.insert(m, ok);
        ok
    }
    go::<R>(m, &mut std::collections::HashMap::new())
}

/// Every material a move can change `m` into while both sides keep a piece (a superset:
/// any capture of one or more pieces, with or without the mover's crowning, and a crowning).
fn successors(m: Material) -> impl Iterator<Item = Material> {
    let mut out = Vec::new();
    // (own men, own kings, their men, their kings) for each side to move, and back.
    let sides = [
        ((m.wm, m.wk, m.bm, m.bk), false),
        ((m.bm, m.bk, m.wm, m.wk), true),
    ];
    for ((om, ok, tm, tk), swapped) in sides {
        let crowns: &[bool] = if om > 0 { &[false, true] } else { &[false] };
        for &crown in crowns {
            let (om, ok) = if crown { (om - 1, ok + 1) } else { (om, ok) };
            for dm in 0..=tm {
                for dk in 0..=tk {
                    let taken = dm + dk;
                    if (taken == 0 && !crown) || taken == tm + tk {
                        continue;
                    }
                    let (a, b) = ((om, ok), (tm - dm, tk - dk));
                    let ((wm, wk), (bm, bk)) = if swapped { (b, a) } else { (a, b) };
                    out.push(Material { wm, wk, bm, bk });
                }
            }
        }
    }
    out.into_iter()
}

/// Solves every [`covered`] class with at most `pieces` pieces into memory (none written).
pub fn build_in_memory<R: Rules>(pieces: u32) -> Result<Tables, build::BuildError> {
    let classes: Vec<Material> = Material::all_up_to(pieces)
        .into_iter()
        .filter(|&m| covered::<R>(m))
        .collect();
    build_classes::<R>(Tables::new(R::RULE_SET, None), &classes)
}

/// Solves the given classes (in order; each must find the classes it leads to already in
/// `tables` or earlier in the list) into memory.
pub fn build_classes<R: Rules>(
    mut tables: Tables,
    classes: &[Material],
) -> Result<Tables, build::BuildError> {
    for &m in classes {
        let values = build::build_class::<R>(&tables, m, &|_| {})?;
        tables.insert(Solved {
            class: index::Class::new(m),
            source: Source::Memory(values),
        });
    }
    Ok(tables)
}

/// The classes the engine builds in memory when it has no files for them: every class of at
/// most three pieces and three kings against a lone king (a fraction of a second).
pub fn small_classes() -> Vec<Material> {
    let mut classes = Material::all_up_to(3);
    classes.push(Material {
        wm: 0,
        wk: 3,
        bm: 0,
        bk: 1,
    });
    classes
}

/// The tables the engine probes for one rule set: files from the table directory (each
/// opened at its first probe) and, in memory, the [`small_classes`], built once per process
/// on a thread of their own.
#[derive(Debug)]
pub struct EngineTables {
    files: Tables,
    small: OnceLock<Option<Tables>>,
    started: AtomicBool,
}

/// The table directory the engine uses, set once (by the command line) before the first
/// probe; unset, [`default_dir`].
static ENGINE_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Sets the table directory the engine reads (`--tb-dir`); `false` if the engine had already
/// chosen one.
pub fn set_engine_dir(dir: Option<PathBuf>) -> bool {
    ENGINE_DIR.set(dir).is_ok()
}

static ENGINE_TABLES: [OnceLock<EngineTables>; RuleSet::ALL.len()] =
    [const { OnceLock::new() }; RuleSet::ALL.len()];

impl EngineTables {
    /// The engine's tables for `R` (the small classes start building in the background).
    pub fn get<R: Rules>() -> Option<&'static EngineTables> {
        let slot = RuleSet::ALL.iter().position(|&r| r == R::RULE_SET)?;
        let tables = ENGINE_TABLES.get(slot)?.get_or_init(|| {
            let dir = ENGINE_DIR.get_or_init(default_dir);
            let dir = dir.as_ref().map(|d| rules_dir(d, R::RULE_SET));
            EngineTables {
                files: Tables::new(R::RULE_SET, dir.as_deref()),
                small: OnceLock::new(),
                started: AtomicBool::new(false),
            }
        });
        tables.start::<R>();
        Some(tables)
    }

    fn start<R: Rules>(&'static self) {
        if !self.started.swap(true, Ordering::AcqRel) {
            std::thread::spawn(move || {
                let _ = self.small_tables::<R>();
            });
        }
    }

    /// The small classes, building them now if no thread has (for tests and tools that want
    /// to wait); `None` when the table directory has them all (nothing to build: a
    /// `dama analyze` process would otherwise spend a core on them at every move of an
    /// ending) or their build failed.
    pub fn small_tables<R: Rules>(&self) -> Option<&Tables> {
        self.small
            .get_or_init(|| {
                let classes = small_classes();
                if classes.iter().all(|&m| self.files.has(m)) {
                    return None;
                }
                build_classes::<R>(Tables::new(R::RULE_SET, None), &classes).ok()
            })
            .as_ref()
    }

    /// Whether the small classes are built.
    pub fn small_ready(&self) -> bool {
        self.small.get().is_some()
    }

    /// The raw value of `pos` (no count applied), if a table covers it now.
    #[inline]
    pub fn raw(&self, pos: &Position) -> Option<Value> {
        if let Some(Some(small)) = self.small.get()
            && let Some(v) = small.raw(pos)
        {
            return Some(v);
        }
        self.files.raw(pos)
    }

    /// The value of `pos` for the side to move with the game's draw `counters`.
    pub fn value<R: Rules>(&self, pos: &Position, counters: &DrawCounters) -> Option<Value> {
        Some(self.raw(pos)?.within(plies_left::<R>(pos, counters)))
    }

    /// The tables' choice in `pos` with the game's draw `counters`, and the value of the
    /// position with that count; `None` if a move leads outside the tables.
    ///
    /// Every legal move is valued by what it leads to: the end of the game, or the child's
    /// value with the child's own count (a move that ends the phase gives the child its fresh
    /// count, others use up the current one); a move to a position that occurred twice
    /// before (`seen` counts a position's occurrences in the game) is a draw. The best is the
    /// quickest win, else a draw, else the longest loss; among draws, the move whose child is
    /// best with no count.
    pub fn best_move<R: Rules>(
        &self,
        pos: &Position,
        counters: &DrawCounters,
        seen: impl Fn(&Position) -> usize,
    ) -> Option<(Move, Value)> {
        self.raw(pos)?;
        best_move_with::<R>(|p| self.raw(p), pos, counters, seen)
    }
}

/// [`EngineTables::best_move`] over any source of raw values.
pub fn best_move_with<R: Rules>(
    raw: impl Fn(&Position) -> Option<Value>,
    pos: &Position,
    counters: &DrawCounters,
    seen: impl Fn(&Position) -> usize,
) -> Option<(Move, Value)> {
    let mut moves = MoveList::new();
    R::legal_moves(pos, &mut moves);
    let mut scratch = MoveList::new();
    let limited = plies_left::<R>(pos, counters) != UNLIMITED;
    let mut best: Option<(Move, Value, i64)> = None;
    for mv in moves.iter() {
        let child = pos.after(mv);
        let (real, pure) = if child.pieces(child.turn()).is_empty()
            || R::count_legal_moves(&child, &mut scratch) == 0
        {
            (Value::Win(1), Value::Win(1))
        } else {
            let child_value = raw(&child)?;
            let child_counters = R::next_counters(counters, pos, mv, &child);
            let counted = child_value.within(plies_left::<R>(&child, &child_counters));
            let real = if seen(&child) >= 2 {
                Value::Draw
            } else if child_counters == R::start_counters(&child) && limited {
                // The end of the phase: one ply here, whatever the new phase takes.
                counted.phase_end()
            } else {
                counted.back()
            };
            (real, child_value.back())
        };
        let key = real.goodness() * 4_000_000 + pure.goodness();
        if best.is_none_or(|(_, _, k)| key > k) {
            best = Some((*mv, real, key));
        }
    }
    best.map(|(mv, value, _)| (mv, value))
}
