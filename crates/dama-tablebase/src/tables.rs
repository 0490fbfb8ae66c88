//! A set of solved classes of one rule set, held in memory or read from files, and the raw
//! value of any position they cover (colour-mirrored classes share one table).

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::format::ClassFile;
use super::index::{Class, Geometry, Material, Parts};
use super::value::Value;
use dama_core::{Board, PositionOn};

/// Where a class's values are.
#[derive(Debug)]
pub enum Source {
    /// Built in this process.
    Memory(Vec<u8>),
    /// Read from a table file.
    File(ClassFile),
}

/// One solved class.
#[derive(Debug)]
pub struct Solved {
    /// Its numbering.
    pub class: Class,
    /// Its tables, one per layer ([`crate::TableRules::layers`]): entry `layers × index +
    /// layer − 1` is position `index` in `layer`.
    pub layers: u32,
    /// Its values.
    pub source: Source,
}

impl Solved {
    /// The class `class` of `layers` tables with the values of `source`.
    pub fn new(class: Class, layers: u32, source: Source) -> Solved {
        Solved {
            class,
            layers: layers.max(1),
            source,
        }
    }

    /// Its entries: positions (with the wasted ones) times layers.
    pub fn entries(&self) -> u64 {
        self.class.len() * u64::from(self.layers)
    }

    /// The code of entry `index` (`None` if a file's block cannot be read).
    #[inline]
    pub fn code(&self, index: u64) -> Option<u8> {
        match &self.source {
            Source::Memory(values) => values.get(usize::try_from(index).ok()?).copied(),
            Source::File(file) => file.code(index),
        }
    }
}

const SLOTS: usize = 6 * 6 * 6 * 6;

fn slot(m: Material) -> Option<usize> {
    let s = usize::from(m.wm) * 216 + usize::from(m.wk) * 36 + usize::from(m.bm) * 6;
    (m.wm < 6 && m.wk < 6 && m.bm < 6 && m.bk < 6).then_some(s + usize::from(m.bk))
}

/// The solved classes of one rule set: those built in memory, and those found on disk (each
/// file is opened, checked and loaded the first time a position of its class is probed).
pub struct Tables {
    rules: &'static str,
    /// The rule set's board.
    geometry: Geometry,
    /// The rule set's [`crate::TableRules::layers`].
    layers: fn([u8; 4]) -> u32,
    dir: Option<PathBuf>,
    memory: Vec<Option<Arc<Solved>>>,
    files: Vec<OnceLock<Option<Arc<Solved>>>>,
    /// Called once with the message of every file that is refused.
    on_refused: Reporter,
}

pub use super::format::Reporter;

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("rules", &self.rules)
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

fn report_to_stderr(message: &str) {
    eprintln!("dama: {message}");
}

impl Tables {
    /// No classes yet of the rule set `R`; files are looked for in `dir` (the rule set's own
    /// directory), if any.
    pub fn new<R: crate::TableRules>(dir: Option<&Path>) -> Tables {
        Tables {
            rules: R::INFO.name,
            geometry: Geometry::of::<R::Board>(),
            layers: |m| R::layers(m).max(1),
            dir: dir.map(Path::to_path_buf),
            memory: vec![None; SLOTS],
            files: (0..SLOTS).map(|_| OnceLock::new()).collect(),
            on_refused: Arc::new(report_to_stderr),
        }
    }

    /// Sends the messages about refused files to `report` instead of standard error.
    pub fn with_reporter(mut self, report: Reporter) -> Tables {
        self.on_refused = report;
        self
    }

    /// The rule set.
    pub fn rules(&self) -> &'static str {
        self.rules
    }

    /// The rule set's board.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The numbering of the class of `m` on the rule set's board.
    pub fn class(&self, m: Material) -> Class {
        Class::on(m, self.geometry)
    }

    /// The tables of the class of canonical material `m` ([`crate::TableRules::layers`]).
    pub fn layers(&self, m: Material) -> u32 {
        (self.layers)([m.wm, m.wk, m.bm, m.bk])
    }

    /// The directory of table files, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Adds a class built in memory (replacing any earlier one).
    pub fn insert(&mut self, solved: Solved) {
        if solved.class.geometry != self.geometry {
            return;
        }
        if let Some(s) = slot(solved.class.material) {
            self.memory[s] = Some(Arc::new(solved));
        }
    }

    /// Drops a class built in memory (its file, if any, is read when it is probed again).
    pub fn forget(&mut self, m: Material) {
        if let Some(s) = slot(m) {
            self.memory[s] = None;
        }
    }

    /// The solved class of a canonical material, if any: built in memory, else from its file.
    pub fn solved(&self, m: Material) -> Option<&Arc<Solved>> {
        let s = slot(m)?;
        if let Some(solved) = &self.memory[s] {
            return Some(solved);
        }
        let dir = self.dir.as_ref()?;
        self.files[s]
            .get_or_init(|| {
                let path = super::format::class_path(dir, m);
                if !path.exists() {
                    return None;
                }
                let layers = self.layers(m);
                let class = self.class(m);
                match ClassFile::open_class(&path, self.rules, &class, layers) {
                    Ok(file) => Some(Arc::new(Solved::new(
                        class,
                        layers,
                        Source::File(file.with_reporter(Arc::clone(&self.on_refused))),
                    ))),
                    Err(e) => {
                        (self.on_refused)(&e.to_string());
                        None
                    }
                }
            })
            .as_ref()
    }

    /// Whether the class of `m` (or its mirror) is available.
    pub fn has(&self, m: Material) -> bool {
        let canonical = if m.is_canonical() { m } else { m.mirror() };
        self.solved(canonical).is_some()
    }

    /// The raw value of `pos` (no count applied), if its class is available: in its class's
    /// last layer (the most of the ending count left) when it has layers. A position where a
    /// side has no pieces is not in any class.
    #[inline]
    pub fn raw<B: Board>(&self, pos: &PositionOn<B>) -> Option<Value> {
        self.raw_at(pos, u32::MAX)
    }

    /// The raw value of `pos` in `layer` (from 1, the last layer if beyond it) of its class's
    /// tables (`layer` is ignored by a class of one table). A position of another board than
    /// the rule set's is in none.
    #[inline]
    pub fn raw_at<B: Board>(&self, pos: &PositionOn<B>, layer: u32) -> Option<Value> {
        if u32::from(B::SQUARES) != self.geometry.squares {
            return None;
        }
        let m = Material::of(pos);
        let mut parts = Parts::of(pos);
        let canonical = if m.is_canonical() {
            m
        } else {
            parts = parts.mirror(self.geometry.squares);
            m.mirror()
        };
        let solved = self.solved(canonical)?;
        let layers = u64::from(solved.layers);
        let at = u64::from(layer.clamp(1, solved.layers)) - 1;
        let index = solved.class.index(&parts) * layers + at;
        Some(Value::decode(solved.code(index)?))
    }

    /// The value of `pos` for the side to move with the game's draw `counters`
    /// ([`crate::value::counted`]).
    pub fn value<R: crate::TableRules>(
        &self,
        pos: &PositionOn<R::Board>,
        counters: &dama_core::rules::DrawCounters,
    ) -> Option<Value> {
        crate::value::counted::<R>(|p, layer| self.raw_at(p, layer), pos, counters)
    }
}
