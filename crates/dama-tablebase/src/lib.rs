//! Endgame tablebases: the exact value of every position with few pieces, built by retrograde
//! analysis for any [`Rules`](dama_core::Rules), kept in files, probed by the engine
//! (`../shared/spec/tablebases.md`; the metric, index and format are in `docs/tablebases.md`).
//!
//! - [`index`]: the numbering of a material class;
//! - [`value`]: a value, its one-byte code, the draw counts (phases and budgets);
//! - [`build`]: retrograde construction of one class;
//! - [`format`]: the table file;
//! - [`tables`]: a set of solved classes (memory or files) and the raw value of a position;
//! - [`verify`]: every entry checked against its children;
//! - [`directory`]: a rule set's directory of files: building it (resumable), loading, checking;
//! - [`TableRules`]: what the tables must know of a rule set beyond its [`BoardRules`](dama_core::BoardRules);
//! - [`Tablebase`]: the tables of one directory, for every rule set, as a value an engine is
//!   given (`Tablebase::new()`, `Tablebase::with_dir(dir)`); nothing here reads the
//!   environment.

pub mod build;
pub mod directory;
pub mod format;
pub mod index;
pub mod layers;
mod rules;
pub mod tables;
pub mod value;
pub mod verify;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

pub use self::index::Material;
pub use self::rules::{TableBoard, TableRules};
pub use self::tables::{Solved, Source, Tables};
pub use self::value::{UNLIMITED, Value, plies_left};

use dama_core::rules::DrawCounters;
use dama_core::{Board, MoveListOn, MoveOn, PositionOn};

/// The most pieces any table holds (the index numbers up to five of a kind; builds go to six).
pub const MAX_PIECES: u32 = 6;

/// The directory of one rule set's files under `base`.
pub fn rules_dir(base: &Path, rules: &str) -> PathBuf {
    base.join(rules)
}

/// Whether the tables cover the class `m` under the rules `R`: the metric is exact for it
/// ([`TableRules::tables_exact`]) and for every class a capture or a crowning can lead to from
/// it. No class is covered where a side that cannot move wins, or where the first king wins:
/// the tables' values assume neither.
pub fn covered<R: TableRules>(m: Material) -> bool {
    fn go<R: TableRules>(
        m: Material,
        memo: &mut std::collections::HashMap<Material, bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&m) {
            return known;
        }
        let ok = !R::CANNOT_MOVE_WINS
            && !R::CROWNING_WINS
            && R::tables_exact([m.wm, m.wk, m.bm, m.bk])
            && successors(m).all(|c| go::<R>(c, memo));
        memo.insert(m, ok);
        ok
    }
    go::<R>(m, &mut std::collections::HashMap::new())
}

/// The canonical classes the build of class `m` reads: every class a capture or a crowning
/// can lead to from it (a superset of those a legal move reaches: any capture of one or more
/// pieces, with or without the mover's crowning, and a crowning), in build order, each once.
pub fn dependencies(m: Material) -> Vec<Material> {
    let mut out: Vec<Material> = successors(m)
        .map(|c| if c.is_canonical() { c } else { c.mirror() })
        .filter(|&c| c != m)
        .collect();
    out.sort_by_key(|c| (c.pieces(), c.men(), *c));
    out.dedup();
    out
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
pub fn build_in_memory<R: TableRules>(pieces: u32) -> Result<Tables, build::BuildError> {
    let classes: Vec<Material> = Material::all_up_to(pieces)
        .into_iter()
        .filter(|&m| covered::<R>(m))
        .collect();
    build_classes::<R>(Tables::new::<R>(None), &classes)
}

/// Solves the given classes (in order; each must find the classes it leads to already in
/// `tables` or earlier in the list) into memory.
pub fn build_classes<R: TableRules>(
    mut tables: Tables,
    classes: &[Material],
) -> Result<Tables, build::BuildError> {
    for &m in classes {
        let values = layers::build_class::<R>(&tables, m, &|_| {})?;
        tables.insert(Solved::new(
            index::Class::of::<R::Board>(m),
            R::layers([m.wm, m.wk, m.bm, m.bk]),
            Source::Memory(values),
        ));
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
/// opened at its first probe) and, in memory, the [`small_classes`], built once on a thread of
/// their own.
#[derive(Debug)]
pub struct EngineTables {
    files: Tables,
    small: OnceLock<Option<Tables>>,
    started: AtomicBool,
}

/// The endgame tables of every rule set, for engines: the files of one directory (each rule
/// set's in the subdirectory of its name, [`rules_dir`]) opened as they are probed, and the
/// [`small_classes`] built in memory where the files lack them. A value: an engine is given
/// one (or none), two engines may be given different ones, and nothing is global.
#[derive(Debug, Default)]
pub struct Tablebase {
    dir: Option<PathBuf>,
    sets: Mutex<Vec<(&'static str, Arc<EngineTables>)>>,
    /// Set by [`Tablebase::without_build_thread`].
    no_build_thread: bool,
    /// Where the messages about refused files go (standard error when `None`).
    reporter: Reporting,
}

/// Where a [`Tablebase`]'s messages about refused files go.
#[derive(Clone, Default)]
struct Reporting(Option<tables::Reporter>);

impl std::fmt::Debug for Reporting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "reporter"
        } else {
            "stderr"
        })
    }
}

impl Tablebase {
    /// Tables without files: only the small classes, built in memory when first asked for.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// The tables of the directory `dir` (and the small classes where it lacks them).
    pub fn with_dir(dir: impl Into<PathBuf>) -> Tablebase {
        Tablebase {
            dir: Some(dir.into()),
            sets: Mutex::default(),
            no_build_thread: false,
            reporter: Reporting::default(),
        }
    }

    /// The tables of the same directory, whose small classes are never built on a thread of
    /// their own (only by [`EngineTables::small_tables`]): for a search too short for them to
    /// be ready before it ends (0.3 s), which the thread would only take a core from.
    pub fn without_build_thread(&self) -> Tablebase {
        Tablebase {
            dir: self.dir.clone(),
            sets: Mutex::default(),
            no_build_thread: true,
            reporter: self.reporter.clone(),
        }
    }

    /// The tables of the same directory, whose messages about refused files go to `report`
    /// instead of standard error (a full-screen program shows them in its own place).
    pub fn reporting_to(&self, report: tables::Reporter) -> Tablebase {
        Tablebase {
            dir: self.dir.clone(),
            sets: Mutex::default(),
            no_build_thread: self.no_build_thread,
            reporter: Reporting(Some(report)),
        }
    }

    /// The directory of the files, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The tables of the rule set `R`, opened at the first call (the small classes start
    /// building in the background then).
    pub fn for_rules<R: TableRules>(&self) -> Arc<EngineTables> {
        let mut sets = self.sets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, tables)) = sets.iter().find(|(name, _)| *name == R::INFO.name) {
            return Arc::clone(tables);
        }
        let dir = self.dir.as_deref().map(|d| rules_dir(d, R::INFO.name));
        let mut files = Tables::new::<R>(dir.as_deref());
        if let Some(report) = &self.reporter.0 {
            files = files.with_reporter(Arc::clone(report));
        }
        let tables = Arc::new(EngineTables {
            files,
            small: OnceLock::new(),
            started: AtomicBool::new(false),
        });
        sets.push((R::INFO.name, Arc::clone(&tables)));
        drop(sets);
        if !self.no_build_thread {
            EngineTables::start::<R>(&tables);
        }
        tables
    }
}

impl EngineTables {
    fn start<R: TableRules>(this: &Arc<EngineTables>) {
        if !this.started.swap(true, Ordering::AcqRel) {
            let tables = Arc::clone(this);
            std::thread::spawn(move || {
                let _ = tables.small_tables::<R>();
            });
        }
    }

    /// The small classes, building them now if no thread has (for tests and tools that want
    /// to wait); `None` when the table directory has them all (nothing to build: a
    /// `dama analyze` process would otherwise spend a core on them at every move of an
    /// ending) or their build failed.
    pub fn small_tables<R: TableRules>(&self) -> Option<&Tables> {
        self.small
            .get_or_init(|| {
                let mut classes = small_classes();
                classes.retain(|&m| covered::<R>(m));
                if classes.iter().all(|&m| self.files.has(m)) {
                    return None;
                }
                build_classes::<R>(Tables::new::<R>(None), &classes).ok()
            })
            .as_ref()
    }

    /// Whether the small classes are built.
    pub fn small_ready(&self) -> bool {
        self.small.get().is_some()
    }

    /// The raw value of `pos` (no count applied), if a table covers it now (in the last layer
    /// of a class with layers: [`Tables::raw`]).
    #[inline]
    pub fn raw<B: Board>(&self, pos: &PositionOn<B>) -> Option<Value> {
        self.raw_at(pos, u32::MAX)
    }

    /// The raw value of `pos` in `layer` of its class's tables ([`Tables::raw_at`]).
    #[inline]
    pub fn raw_at<B: Board>(&self, pos: &PositionOn<B>, layer: u32) -> Option<Value> {
        if let Some(Some(small)) = self.small.get()
            && let Some(v) = small.raw_at(pos, layer)
        {
            return Some(v);
        }
        self.files.raw_at(pos, layer)
    }

    /// The value of `pos` for the side to move with the game's draw `counters`
    /// ([`value::counted`]).
    pub fn value<R: TableRules>(
        &self,
        pos: &PositionOn<R::Board>,
        counters: &DrawCounters,
    ) -> Option<Value> {
        value::counted::<R>(|p, layer| self.raw_at(p, layer), pos, counters)
    }

    /// The tables' choice in `pos` with the game's draw `counters`, and the value of the
    /// position with that count; `None` if a move leads outside the tables.
    ///
    /// Every legal move is valued by what it leads to: the end of the game, or the child's
    /// value with the child's own counters (a move that ends the phase gives the child its
    /// fresh count, others use up the current one; in a class with layers, the child's layer
    /// and no-progress plies are those its counters leave); a move to a position that
    /// occurred twice before (`seen` counts a position's occurrences in the game) is a draw.
    /// The best is the quickest win, else a draw, else the longest loss; among draws, the
    /// move whose child is best with no count.
    pub fn best_move<R: TableRules>(
        &self,
        pos: &PositionOn<R::Board>,
        counters: &DrawCounters,
        seen: impl Fn(&PositionOn<R::Board>) -> usize,
    ) -> Option<(MoveOn<R::Board>, Value)> {
        self.raw(pos)?;
        best_move_with::<R>(|p, layer| self.raw_at(p, layer), pos, counters, seen)
    }
}

/// [`EngineTables::best_move`] over any source of raw values (`raw_at(position, layer)`).
pub fn best_move_with<R: TableRules>(
    raw_at: impl Fn(&PositionOn<R::Board>, u32) -> Option<Value>,
    pos: &PositionOn<R::Board>,
    counters: &DrawCounters,
    seen: impl Fn(&PositionOn<R::Board>) -> usize,
) -> Option<(MoveOn<R::Board>, Value)> {
    let mut moves = MoveListOn::<R::Board>::new();
    R::legal_moves(pos, &mut moves);
    let mut scratch = MoveListOn::<R::Board>::new();
    let limited = plies_left::<R>(pos, counters) != UNLIMITED;
    let mut best: Option<(MoveOn<R::Board>, Value, i64)> = None;
    for mv in moves.iter() {
        let child = pos.after(mv);
        let (real, pure) = if child.pieces(child.turn()).is_empty()
            || R::count_legal_moves(&child, &mut scratch) == 0
        {
            (Value::Win(1), Value::Win(1))
        } else {
            let child_value = raw_at(&child, u32::MAX)?;
            let child_counters = R::next_counters(counters, pos, mv, &child);
            let counted = value::counted::<R>(&raw_at, &child, &child_counters)?;
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
        let key = real.goodness_then(pure);
        if best.is_none_or(|(_, _, k)| key > k) {
            best = Some((*mv, real, key));
        }
    }
    best.map(|(mv, value, _)| (mv, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_build_thread_the_small_classes_wait_to_be_asked_for() {
        let tables = Tablebase::with_dir("/nonexistent").without_build_thread();
        assert_eq!(tables.dir(), Some(Path::new("/nonexistent")));
        let czech = tables.for_rules::<dama_core::Czech>();
        assert!(!czech.started.load(Ordering::Acquire));
        assert!(!czech.small_ready());
        // A plain one starts its thread at once.
        let plain = Tablebase::with_dir("/nonexistent").for_rules::<dama_core::Czech>();
        assert!(plain.started.load(Ordering::Acquire));
    }
}
