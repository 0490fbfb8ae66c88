//! A rule set's directory of table files: building every class up to a number of pieces into
//! it (resuming where files are present), loading what is there, checking it.

use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use crate::build::BuildError;
use crate::format::{self, ClassFile, FormatError};
use crate::index::{Class, Material};
use crate::layers::build_class;
use crate::tables::{Solved, Source, Tables};
use crate::verify::{VerifyError, verify_class};
use crate::{TableRules, covered};

/// What can go wrong with a directory of tables.
#[derive(Debug, thiserror::Error)]
pub enum DirError {
    /// A class could not be built.
    #[error("{0}")]
    Build(#[from] BuildError),
    /// A file could not be written or read.
    #[error("{0}")]
    Format(#[from] FormatError),
    /// A check failed.
    #[error("verify failed: {0}")]
    Verify(#[from] VerifyError),
    /// The report could not be written.
    #[error("{0}")]
    Report(#[from] io::Error),
    /// `tb build --class` of a class the tables leave out under these rules.
    #[error("class {0} is not covered by the tables under these rules")]
    NotCovered(String),
    /// `tb build --class` before the classes it reads are built.
    #[error("class {class} needs {missing} built first")]
    Missing {
        /// The class asked for.
        class: String,
        /// The classes it reads that have no file yet.
        missing: String,
    },
    /// `tb build --class` when a class it reads has a file that is refused (corrupt, of
    /// another rule set, not a regular file).
    #[error("class {class} needs {child}: {why} (build it again: --class {child})")]
    Refused {
        /// The class asked for.
        class: String,
        /// The class whose file is refused.
        child: String,
        /// Why (the file's refusal).
        why: String,
    },
}

/// What a directory build reports, class by class.
#[derive(Clone, Debug, PartialEq)]
pub enum BuildEvent {
    /// The class is left out: the tables' metric is not exact for it under these rules.
    Skipped(Material),
    /// The class's file is there already.
    Present(Material),
    /// The class's file is there but refused (a corrupt block, another format…): it is
    /// built again and replaced.
    Refused {
        /// Its material.
        material: Material,
        /// Why the file was refused.
        why: String,
    },
    /// The build of the classes still missing starts: `total` entries to solve.
    Start {
        /// Entries of every class to build.
        total: u64,
    },
    /// Class `number` of `of` (from 1) starts.
    Class {
        /// Its material.
        material: Material,
        /// Its place among the classes built.
        number: usize,
        /// How many are built.
        of: usize,
    },
    /// The class is built and written.
    Built {
        /// Its material.
        material: Material,
        /// Its positions ([`valid_positions`]).
        positions: u64,
        /// The file's size.
        bytes: u64,
        /// The time it took.
        seconds: f64,
    },
    /// Every class is there.
    Done(BuildSummary),
}

/// The totals of a directory build.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildSummary {
    /// Classes built now.
    pub built: usize,
    /// Classes that were there.
    pub present: usize,
    /// Positions of the classes built.
    pub positions: u64,
    /// Bytes written.
    pub bytes: u64,
    /// The time it took.
    pub seconds: f64,
}

/// Builds every covered class of at most `pieces` pieces into `dir` (creating it; classes
/// already there are kept), telling `report` about each class and `progress` how many entries
/// were solved (from the build's threads). Memory stays bounded by unloading the classes of
/// the most pieces that no later class needs.
pub fn build_dir<R: TableRules>(
    dir: &Path,
    pieces: u32,
    report: &mut dyn FnMut(&BuildEvent) -> io::Result<()>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BuildSummary, DirError> {
    build_dir_at::<R>(dir, pieces, None, report, progress)
}

/// [`build_dir`] with the build time the files record: `built` (Unix seconds; a fixed one
/// makes the files reproducible, byte for byte), else the clock at each write.
pub fn build_dir_at<R: TableRules>(
    dir: &Path,
    pieces: u32,
    built: Option<u64>,
    report: &mut dyn FnMut(&BuildEvent) -> io::Result<()>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BuildSummary, DirError> {
    std::fs::create_dir_all(dir).map_err(|source| FormatError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let started = Instant::now();
    let (classes, skipped): (Vec<Material>, Vec<Material>) = Material::all_up_to(pieces)
        .into_iter()
        .partition(|&m| covered::<R>(m));
    for &m in &skipped {
        report(&BuildEvent::Skipped(m))?;
    }
    // Every block of a present file is checked (`Tables::has` reads only the header and the
    // index): a file refused is built again, rather than failing the classes that need it.
    let mut tables = Tables::new::<R>(Some(dir)).with_reporter(Arc::new(|_: &str| {}));
    let mut todo = Vec::new();
    for &m in &classes {
        let path = format::class_path(dir, m);
        if std::fs::symlink_metadata(&path).is_err() {
            todo.push(m);
            continue;
        }
        if let Err(e) = open::<R>(&path, m).and_then(|f| f.all()) {
            report(&BuildEvent::Refused {
                material: m,
                why: e.to_string(),
            })?;
            todo.push(m);
        }
    }
    // Classes already built are loaded into memory, but for those of the most pieces, which
    // are read from their files when a crowning leads into them.
    let present: Vec<Material> = classes
        .iter()
        .copied()
        .filter(|m| !todo.contains(m) && m.pieces() < pieces)
        .collect();
    load_classes(&mut tables, dir, &present)?;
    let total: u64 = todo.iter().map(|&m| Class::of::<R::Board>(m).len()).sum();
    report(&BuildEvent::Start { total })?;
    let mut summary = BuildSummary {
        built: 0,
        present: classes.len() - todo.len(),
        positions: 0,
        bytes: 0,
        seconds: 0.0,
    };
    for &m in &classes {
        // A class of the most pieces with two or more men fewer than the one being built is
        // never needed again (nothing has more pieces; a capture takes a piece, a crowning one
        // man); it is read from its file if it ever is.
        for &c in &classes {
            if c.pieces() == pieces && m.pieces() == pieces && c.men() + 1 < m.men() {
                tables.forget(c);
            }
        }
        if !todo.contains(&m) {
            report(&BuildEvent::Present(m))?;
            continue;
        }
        report(&BuildEvent::Class {
            material: m,
            number: summary.built + 1,
            of: todo.len(),
        })?;
        let t = Instant::now();
        let values = build_class::<R>(&tables, m, progress)?;
        let stamp = built.unwrap_or_else(format::now);
        let bytes = format::write(&format::class_path(dir, m), R::INFO.name, m, &values, stamp)?;
        let positions = Class::of::<R::Board>(m).positions();
        report(&BuildEvent::Built {
            material: m,
            positions,
            bytes,
            seconds: t.elapsed().as_secs_f64(),
        })?;
        tables.insert(Solved::new(
            Class::of::<R::Board>(m),
            tables.layers(m),
            Source::Memory(values),
        ));
        summary.built += 1;
        summary.positions += positions;
        summary.bytes += bytes;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    report(&BuildEvent::Done(summary))?;
    Ok(summary)
}

/// One class of a plan: what it is, its size and what its build reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedClass {
    /// Its material (canonical).
    pub material: Material,
    /// Its entries (one byte each in memory while it is built).
    pub entries: u64,
    /// Its positions ([`valid_positions`]).
    pub positions: u64,
    /// The classes a capture or a crowning leads to ([`crate::dependencies`]), all in the
    /// plan and before it.
    pub depends: Vec<Material>,
}

/// The covered classes of at most `pieces` pieces, in build order, with their dependencies;
/// and the classes left out (not covered).
pub fn plan<R: TableRules>(pieces: u32) -> (Vec<PlannedClass>, Vec<Material>) {
    let (classes, skipped): (Vec<Material>, Vec<Material>) = Material::all_up_to(pieces)
        .into_iter()
        .partition(|&m| covered::<R>(m));
    let planned = classes
        .iter()
        .map(|&m| PlannedClass {
            material: m,
            entries: Class::of::<R::Board>(m).len()
                * u64::from(R::layers([m.wm, m.wk, m.bm, m.bk])),
            positions: Class::of::<R::Board>(m).positions(),
            depends: crate::dependencies(m),
        })
        .collect();
    (planned, skipped)
}

/// What [`build_one`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OneBuilt {
    /// The class's file was there and every checksum of it checked: nothing done.
    Present,
    /// The class was built and written.
    Built {
        /// Its positions.
        positions: u64,
        /// The file's size.
        bytes: u64,
        /// The time it took.
        seconds: f64,
    },
}

/// Whether the file of class `m` is in `dir` and sound: its header, block index and every
/// block's checksum check.
pub fn sound<R: TableRules>(dir: &Path, m: Material) -> bool {
    let path = format::class_path(dir, m);
    path.exists() && open::<R>(&path, m).is_ok_and(|f| f.all().is_ok())
}

/// Opens the file of class `m` of `R` at `path` ([`ClassFile::open_layers`]).
fn open<R: TableRules>(path: &Path, m: Material) -> Result<ClassFile, FormatError> {
    ClassFile::open_class(
        path,
        R::INFO.name,
        &Class::of::<R::Board>(m),
        R::layers([m.wm, m.wk, m.bm, m.bk]),
    )
}

/// Builds the one class `m` (canonical) into `dir` from the files of the classes it reads
/// (which must be there with a sound header and block index: [`DirError::Missing`]
/// otherwise; their blocks are checked as they are read), unless its file is there and
/// sound. The file is written atomically (a temporary file in `dir`, fsynced, renamed), so
/// two processes building the same class at once, or one killed mid-build, leave either no
/// file or a whole one; with a fixed `built` the bytes are those [`build_dir_at`] writes.
pub fn build_one<R: TableRules>(
    dir: &Path,
    m: Material,
    built: Option<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<OneBuilt, DirError> {
    if !covered::<R>(m) {
        return Err(DirError::NotCovered(m.name()));
    }
    std::fs::create_dir_all(dir).map_err(|source| FormatError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    if sound::<R>(dir, m) {
        return Ok(OneBuilt::Present);
    }
    let mut missing: Vec<String> = Vec::new();
    for c in crate::dependencies(m) {
        let path = format::class_path(dir, c);
        if let Err(e) = open::<R>(&path, c) {
            if path.symlink_metadata().is_err() {
                missing.push(c.name());
            } else {
                return Err(DirError::Refused {
                    class: m.name(),
                    child: c.name(),
                    why: e.to_string(),
                });
            }
        }
    }
    if !missing.is_empty() {
        return Err(DirError::Missing {
            class: m.name(),
            missing: missing.join(", "),
        });
    }
    let t = Instant::now();
    let tables = Tables::new::<R>(Some(dir));
    let values = build_class::<R>(&tables, m, progress)?;
    let stamp = built.unwrap_or_else(format::now);
    let bytes = format::write(&format::class_path(dir, m), R::INFO.name, m, &values, stamp)?;
    Ok(OneBuilt::Built {
        positions: Class::of::<R::Board>(m).positions(),
        bytes,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Reads the files of `classes` that are present in `dir` into memory (refusing bad ones).
pub fn load_classes(tables: &mut Tables, dir: &Path, classes: &[Material]) -> Result<(), DirError> {
    for &m in classes {
        let path = format::class_path(dir, m);
        if !path.exists() {
            continue;
        }
        let layers = tables.layers(m);
        let class = tables.class(m);
        let file = ClassFile::open_class(&path, tables.rules(), &class, layers)?;
        let values = file.all()?;
        tables.insert(Solved::new(class, layers, Source::Memory(values)));
    }
    Ok(())
}

/// Checks every entry of the covered classes of at most `pieces` pieces present in `dir`
/// against its children, telling `report` each class and its positions checked; returns the
/// classes and positions checked.
pub fn verify_dir<R: TableRules>(
    dir: &Path,
    pieces: u32,
    report: &mut dyn FnMut(Material, u64) -> io::Result<()>,
) -> Result<(usize, u64), DirError> {
    let mut tables = Tables::new::<R>(Some(dir));
    let classes: Vec<Material> = Material::all_up_to(pieces)
        .into_iter()
        .filter(|&m| covered::<R>(m) && format::class_path(dir, m).exists())
        .collect();
    load_classes(&mut tables, dir, &classes)?;
    let mut total = 0;
    for &m in &classes {
        let n = verify_class::<R>(&tables, m)?;
        report(m, n)?;
        total += n;
    }
    Ok((classes.len(), total))
}

/// The positions of a class on 8×8 (entries less the wasted ones of overlapping men;
/// [`Class::positions`] on any board).
pub fn valid_positions(m: Material) -> u64 {
    Class::new(m).positions()
}
