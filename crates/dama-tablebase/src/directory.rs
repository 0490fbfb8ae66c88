//! A rule set's directory of table files: building every class up to a number of pieces into
//! it (resuming where files are present), loading what is there, checking it.

use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use crate::build::{BuildError, build_class};
use crate::format::{self, ClassFile, FormatError};
use crate::index::{Class, Material};
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
    let mut tables = Tables::new(R::INFO.name, Some(dir)).with_reporter(Arc::new(|_: &str| {}));
    let mut todo = Vec::new();
    for &m in &classes {
        let path = format::class_path(dir, m);
        if std::fs::symlink_metadata(&path).is_err() {
            todo.push(m);
            continue;
        }
        if let Err(e) = ClassFile::open(&path, R::INFO.name, m).and_then(|f| f.all()) {
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
    let total: u64 = todo.iter().map(|&m| Class::new(m).len()).sum();
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
        let bytes = format::write(&format::class_path(dir, m), R::INFO.name, m, &values)?;
        let positions = valid_positions(m);
        report(&BuildEvent::Built {
            material: m,
            positions,
            bytes,
            seconds: t.elapsed().as_secs_f64(),
        })?;
        tables.insert(Solved {
            class: Class::new(m),
            source: Source::Memory(values),
        });
        summary.built += 1;
        summary.positions += positions;
        summary.bytes += bytes;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    report(&BuildEvent::Done(summary))?;
    Ok(summary)
}

/// Reads the files of `classes` that are present in `dir` into memory (refusing bad ones).
pub fn load_classes(tables: &mut Tables, dir: &Path, classes: &[Material]) -> Result<(), DirError> {
    for &m in classes {
        let path = format::class_path(dir, m);
        if !path.exists() {
            continue;
        }
        let file = ClassFile::open(&path, tables.rules(), m)?;
        let values = file.all()?;
        tables.insert(Solved {
            class: Class::new(m),
            source: Source::Memory(values),
        });
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
    let mut tables = Tables::new(R::INFO.name, Some(dir));
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

/// The positions of a class (entries less the wasted ones of overlapping men).
pub fn valid_positions(m: Material) -> u64 {
    let class = Class::new(m);
    (0..class.slices())
        .filter(|&s| class.slice_men(s).is_some())
        .count() as u64
        * class.slice_len()
}
