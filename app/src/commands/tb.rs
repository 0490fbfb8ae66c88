//! `dama tb build|plan|probe|info|verify`: what each tool does with the tables, and what it
//! prints.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use dama_core::{Variant, with_variant};
use dama_tablebase::directory::{BuildEvent, DirError, OneBuilt, build_dir_at, verify_dir};
use dama_tablebase::format::{self, FormatError};
use dama_tablebase::index::Material;
use dama_tablebase::tables::{Source, Tables};
use dama_tablebase::{TableBoard, TableRules};

use super::tb_progress::{Tracker, progress_bar};

/// What `dama tb` does, with its values.
#[derive(Clone, Debug)]
pub struct TbConfig {
    /// The rule set named by `--rules`, if one is (`tb info` lists every rule set without).
    pub rules: Option<Variant>,
    /// The position of `tb probe` (FEN).
    pub fen: Option<String>,
    /// The tables' directory (default: `$DAMA_TB_DIR`, else the platform data directory).
    pub tb_dir: Option<PathBuf>,
    /// The tool.
    pub action: TbAction,
}

/// The `tb` tools.
#[derive(Clone, Debug)]
pub enum TbAction {
    /// Build every class with at most `pieces` pieces, or the one `class` names.
    Build {
        /// The most pieces on the board.
        pieces: Option<u32>,
        /// Build only this class (kings then men of each side: KMvK).
        class: Option<String>,
        /// Threads to build with (default: one per core).
        threads: Option<u32>,
    },
    /// The classes of at most `pieces` pieces and the classes each one's build reads, as JSON.
    Plan {
        /// The most pieces on the board.
        pieces: u32,
    },
    /// The value of the position.
    Probe,
    /// The classes present, their positions, bytes and build dates.
    Info,
    /// Check every entry against its children.
    Verify {
        /// Only classes with at most this many pieces (default: every class present).
        pieces: Option<u32>,
        /// Threads to check with (default: one per core).
        threads: Option<u32>,
    },
}

/// What can go wrong in `dama tb`.
#[derive(Debug, thiserror::Error)]
pub enum TbError {
    /// No table directory (no `--tb-dir`, no `DAMA_TB_DIR`, no home directory).
    #[error("no table directory: give --tb-dir or set DAMA_TB_DIR")]
    NoDir,
    /// The position is not covered by the tables present.
    #[error("{0}: not in the tables{1}")]
    Outside(String, String),
    /// A bad FEN or none.
    #[error("{0}")]
    Fen(String),
    /// The tables' directory could not be built, read or checked.
    #[error("{0}")]
    Dir(#[from] DirError),
    /// A file could not be read.
    #[error("{0}")]
    Format(#[from] FormatError),
    /// The output or the directory failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The table directory given cannot hold tables.
    #[error("{0}")]
    BadDir(String),
    /// `--class` names no class.
    #[error("{0}: not a class name (kings then men of each side, as KMvK, at most 5 of a kind)")]
    ClassName(String),
    /// The rule set's board has no tables (Turkish draughts' 64 squares).
    #[error(
        "{0} has no endgame tables: they are made for the dark squares of the 8x8 and 10x10 \
         boards only"
    )]
    NoTables(&'static str),
    /// `SOURCE_DATE_EPOCH` is set but is not a number of seconds.
    #[error("SOURCE_DATE_EPOCH is not a number of seconds: {0}")]
    Epoch(String),
}

impl TbError {
    /// The error of writing the output, if this is one (a closed pipe, a full disk under
    /// standard output): the binary ends quietly on a closed pipe, as `ls | head` does.
    pub fn output_error(self) -> Result<std::io::Error, TbError> {
        match self {
            TbError::Io(e) | TbError::Dir(DirError::Report(e)) => Ok(e),
            other => Err(other),
        }
    }
}

/// What is wrong with the table directory `base`, if anything, when tables are to be read
/// from it: it does not exist, is not a directory, or cannot be read.
fn base_problem(base: &Path) -> Option<String> {
    let shown = base.display();
    match std::fs::metadata(base) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(format!("the table directory {shown} does not exist"))
        }
        Err(e) => Some(format!("cannot read the table directory {shown}: {e}")),
        Ok(meta) if !meta.is_dir() => {
            Some(format!("the table directory {shown} is not a directory"))
        }
        Ok(_) => std::fs::read_dir(base)
            .err()
            .map(|e| format!("cannot read the table directory {shown}: {e}")),
    }
}

/// Whether `base` holds table files itself (a rule set's folder given in place of the
/// directory above it).
fn holds_table_files(base: &Path) -> bool {
    std::fs::read_dir(base).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "dtb"))
    })
}

/// The message for a rule set's folder given in place of the directory above it.
fn holds_itself(base: &Path) -> String {
    format!(
        "{} holds table files itself: give the directory above it (each rule set's files are in a folder of its name)",
        base.display()
    )
}

/// What is wrong with `base` as the directory of the tables of `rules` (one of `names`, the
/// rule sets asked for), if anything: [`base_problem`], or no folder of any of those rule
/// sets in it (and then whether it is itself a rule set's folder, given in place of the
/// directory above it), or that folder cannot be read.
fn dir_problem(base: &Path, names: &[&str]) -> Option<String> {
    if let Some(why) = base_problem(base) {
        return Some(why);
    }
    let shown = base.display();
    let present: Vec<&str> = names
        .iter()
        .copied()
        .filter(|r| dama_tablebase::rules_dir(base, r).is_dir())
        .collect();
    if present.is_empty() {
        let holds_tables = holds_table_files(base);
        let folder = match names {
            [one] => format!("{one}/ folder"),
            _ => "rule-set folder (czech/, spanish/, …)".to_string(),
        };
        return Some(if holds_tables {
            holds_itself(base)
        } else {
            format!("the table directory {shown} has no {folder} (build the tables: dama tb build)")
        });
    }
    present.iter().find_map(|r| {
        let dir = dama_tablebase::rules_dir(base, r);
        std::fs::read_dir(&dir)
            .err()
            .map(|e| format!("cannot read {}: {e}", dir.display()))
    })
}

/// The build time table files record: `$SOURCE_DATE_EPOCH` when set (reproducible builds:
/// two builds of a class then write the same bytes), else the clock.
pub fn build_time_from_env() -> Result<Option<u64>, TbError> {
    match std::env::var_os("SOURCE_DATE_EPOCH").filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => {
            let text = v.to_string_lossy().into_owned();
            text.trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|_| TbError::Epoch(text))
        }
    }
}

/// Runs `dama tb` with the config's rule set, table directory (`--tb-dir`, else the default)
/// and `--fen`.
pub fn run(config: &TbConfig, out: &mut dyn Write) -> Result<(), TbError> {
    let (rules, fen) = (config.rules.unwrap_or_default(), config.fen.as_deref());
    let base: PathBuf = match config.tb_dir.as_deref() {
        Some(d) => d.to_path_buf(),
        None => crate::engines::default_tables_dir().ok_or(TbError::NoDir)?,
    };
    let dir = dama_tablebase::rules_dir(&base, rules.name());
    if !has_tables(rules) {
        return Err(TbError::NoTables(rules.name()));
    }
    match &config.action {
        TbAction::Build {
            pieces,
            class,
            threads,
        } => {
            let built = build_time_from_env()?;
            match (class, pieces) {
                (Some(name), _) => {
                    let m = Material::from_name(name)
                        .ok_or_else(|| TbError::ClassName(name.clone()))?;
                    in_pool(
                        *threads,
                        || with_variant!(rules, R => build_one::<R>(&dir, m, built, out)),
                    )
                }
                (None, pieces) => in_pool(
                    *threads,
                    || with_variant!(rules, R => build::<R>(&dir, pieces.unwrap_or(2), built, out)),
                ),
            }
        }
        TbAction::Plan { pieces } => with_variant!(rules, R => plan::<R>(*pieces, out)),
        TbAction::Probe => {
            let text = fen.ok_or_else(|| TbError::Fen("tb probe needs --fen".into()))?;
            with_variant!(rules, R => probe::<R>(text, &base, &dir, out))
        }
        TbAction::Info => {
            let every = || {
                Variant::ALL
                    .into_iter()
                    .filter(|&v| has_tables(v))
                    .collect()
            };
            let sets: Vec<Variant> = config.rules.map_or_else(every, |_| vec![rules]);
            info(&base, &sets, out)
        }
        TbAction::Verify { pieces, threads } => in_pool(
            *threads,
            || with_variant!(rules, R => verify::<R>(&dir, *pieces, out)),
        ),
    }
}

/// Whether the tables exist on the board of `rules` (not on Turkish draughts' 64 squares).
fn has_tables(rules: Variant) -> bool {
    with_variant!(rules, R => <<R as dama_core::BoardRules>::Board as TableBoard>::HAS_TABLES)
}

/// `tb probe`: the value of the position of the FEN `text` with its fresh draw counts.
fn probe<R: TableRules>(
    text: &str,
    base: &Path,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<(), TbError> {
    let pos = R::parse_fen(text).map_err(|e| TbError::Fen(format!("bad FEN: {e}")))?;
    let value = Tables::new::<R>(Some(dir)).value::<R>(&pos, &R::start_counters(&pos));
    let value = value.ok_or_else(|| match dir_problem(base, &[R::INFO.name]) {
        Some(why) => TbError::BadDir(format!("{pos}: not in the tables: {why}")),
        None => TbError::Outside(pos.to_string(), hint::<R>(&pos, dir)),
    })?;
    writeln!(out, "{value}")?;
    Ok(())
}

/// What `tb probe` adds to "not in the tables": that the class is left out under these
/// rules, or the command that builds it when its file is missing from `dir`.
fn hint<R: TableRules>(pos: &dama_core::PositionOn<R::Board>, dir: &std::path::Path) -> String {
    let m = Material::of(pos);
    let m = if m.is_canonical() { m } else { m.mirror() };
    if m.wm + m.wk == 0 || m.bm + m.bk == 0 || !m.fits() || m.pieces() > 6 {
        String::new()
    } else if !dama_tablebase::covered::<R>(m) {
        format!(" (class {} is left out under these rules)", m.name())
    } else if !format::class_path(dir, m).exists() {
        format!(
            " ({} has no {}: dama tb build --rules {} --pieces {} builds it)",
            dir.display(),
            m.name(),
            R::INFO.name,
            m.pieces()
        )
    } else {
        String::new()
    }
}

/// Runs `work` with `threads` worker threads (the process's pool, set once; default one per
/// core).
fn in_pool<T>(
    threads: Option<u32>,
    work: impl FnOnce() -> Result<T, TbError>,
) -> Result<T, TbError> {
    if let Some(n) = threads {
        // Fails only when the pool already exists (a second call in one process).
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build_global();
    }
    work()
}

/// The plan of a distributed build, as `tb plan` prints it.
#[derive(serde::Serialize)]
struct PlanJson<'a> {
    rules: &'a str,
    pieces: u32,
    classes: Vec<PlanClassJson>,
    skipped: Vec<String>,
}

#[derive(serde::Serialize)]
struct PlanClassJson {
    name: String,
    pieces: u32,
    entries: u64,
    positions: u64,
    depends: Vec<String>,
}

/// Prints the covered classes of at most `pieces` pieces in build order, each with the
/// classes its build reads, as JSON.
fn plan<R: TableRules>(pieces: u32, out: &mut dyn Write) -> Result<(), TbError> {
    let (classes, skipped) = dama_tablebase::directory::plan::<R>(pieces);
    let json = PlanJson {
        rules: R::INFO.name,
        pieces,
        classes: classes
            .iter()
            .map(|c| PlanClassJson {
                name: c.material.name(),
                pieces: c.material.pieces(),
                entries: c.entries,
                positions: c.positions,
                depends: c.depends.iter().map(|d| d.name()).collect(),
            })
            .collect(),
        skipped: skipped.iter().map(|m| m.name()).collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::other)?;
    writeln!(out)?;
    Ok(())
}

/// Builds the one class `m` (or its colour mirror, the class stored) into `dir` from the
/// files of the classes it reads: `built …` or `present …`.
fn build_one<R: TableRules>(
    dir: &std::path::Path,
    m: Material,
    built: Option<u64>,
    out: &mut dyn Write,
) -> Result<(), TbError> {
    let m = if m.is_canonical() { m } else { m.mirror() };
    match dama_tablebase::directory::build_one::<R>(dir, m, built, &|_| {})? {
        OneBuilt::Present => writeln!(out, "present {}", m.name())?,
        OneBuilt::Built {
            positions,
            bytes,
            seconds,
        } => writeln!(
            out,
            "built {} positions {positions} bytes {bytes} seconds {seconds:.1}",
            m.name()
        )?,
    }
    Ok(())
}

/// Builds every class of at most `pieces` pieces into `dir` (skipping those present),
/// printing a line per class and a total to `out` and a progress bar on standard error (in
/// positions, ending at the total's).
pub fn build<R: TableRules>(
    dir: &std::path::Path,
    pieces: u32,
    built: Option<u64>,
    out: &mut dyn Write,
) -> Result<(), TbError> {
    writeln!(out, "tables in {}", dir.display())?;
    let classes = dama_tablebase::directory::plan::<R>(pieces).0;
    let class_of = |m: &Material| classes.iter().find(|c| c.material == *m);
    // The bar is made when the build starts, the classes refused (built again) known.
    let bar = std::sync::OnceLock::new();
    let label = Arc::new(Mutex::new(String::new()));
    let tracker = Tracker::default();
    let mut refused = Vec::new();
    let progress = |n: u64| {
        if let Some(bar) = bar.get() {
            indicatif::ProgressBar::set_position(bar, tracker.solved(n));
        }
    };
    let (bar_ref, tracker_ref) = (&bar, &tracker);
    // A line of `out` while the bar is hidden, so that the bar never writes over it.
    let say = |out: &mut dyn Write, line: std::fmt::Arguments<'_>| -> std::io::Result<()> {
        match bar_ref.get() {
            Some(bar) => indicatif::ProgressBar::suspend(bar, || {
                writeln!(out, "{line}")?;
                out.flush()
            }),
            None => writeln!(out, "{line}"),
        }
    };
    let mut report = |event: &BuildEvent| -> std::io::Result<()> {
        match event {
            BuildEvent::Skipped(m) => say(
                out,
                format_args!(
                    "skipped {}: the tables' metric is not exact for it under these rules",
                    m.name()
                ),
            ),
            BuildEvent::Present(m) => say(out, format_args!("present {}", m.name())),
            BuildEvent::Refused { material, why } => {
                refused.push(*material);
                say(
                    out,
                    format_args!("refused {} ({why}): building it again", material.name()),
                )
            }
            BuildEvent::Start { .. } => {
                // The classes built: those without a file, and those refused.
                let total = classes
                    .iter()
                    .filter(|c| {
                        refused.contains(&c.material)
                            || std::fs::symlink_metadata(format::class_path(dir, c.material))
                                .is_err()
                    })
                    .map(|c| c.positions)
                    .sum();
                let _ = bar_ref.set(progress_bar(total, Arc::clone(&label)));
                Ok(())
            }
            BuildEvent::Class {
                material,
                number,
                of,
            } => {
                let (entries, positions) =
                    class_of(material).map_or((1, 0), |c| (c.entries, c.positions));
                tracker_ref.start_class(entries, positions);
                if let Ok(mut text) = label.lock() {
                    *text = format!("{} {number}/{of}", material.name());
                }
                Ok(())
            }
            BuildEvent::Built {
                material,
                positions,
                bytes,
                seconds,
            } => {
                let done = tracker_ref.finish_class();
                if let Some(bar) = bar_ref.get() {
                    bar.set_position(done);
                }
                say(
                    out,
                    format_args!(
                        "built {} positions {positions} bytes {bytes} seconds {seconds:.1}",
                        material.name()
                    ),
                )
            }
            BuildEvent::Done(s) => {
                if let Some(bar) = bar_ref.get() {
                    bar.finish_and_clear();
                }
                writeln!(
                    out,
                    "total {} classes built, {} present, {} positions, {} bytes, {:.1} s",
                    s.built, s.present, s.positions, s.bytes, s.seconds
                )
            }
        }
    };
    // Temporary files of interrupted builds (their writers gone) are deleted first.
    crate::files::remove_stale_temps(dir);
    build_dir_at::<R>(dir, pieces, built, &mut report, &progress)?;
    Ok(())
}

fn verify<R: TableRules>(
    dir: &std::path::Path,
    pieces: Option<u32>,
    out: &mut dyn Write,
) -> Result<(), TbError> {
    let started = Instant::now();
    let (classes, total) = verify_dir::<R>(dir, pieces.unwrap_or(6), &mut |m, n| {
        writeln!(out, "ok {} {n}", m.name())?;
        out.flush()
    })?;
    writeln!(
        out,
        "verified {classes} classes, {total} positions, {:.1} s",
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn info(base: &std::path::Path, sets: &[Variant], out: &mut dyn Write) -> Result<(), TbError> {
    // A directory that cannot hold tables is an error, not an empty list; one that holds
    // no table yet is listed as empty below.
    if let Some(why) = base_problem(base) {
        return Err(TbError::BadDir(why));
    }
    let no_folder = sets
        .iter()
        .all(|r| !dama_tablebase::rules_dir(base, r.name()).is_dir());
    if no_folder && holds_table_files(base) {
        return Err(TbError::BadDir(holds_itself(base)));
    }
    writeln!(out, "tables in {}", base.display())?;
    let mut found = 0;
    for &rules in sets {
        let dir = dama_tablebase::rules_dir(base, rules.name());
        let tables = with_variant!(rules, R => Tables::new::<R>(Some(&dir)));
        let (mut classes, mut positions, mut bytes) = (0, 0u64, 0u64);
        for m in Material::all_up_to(6) {
            if !format::class_path(&dir, m).exists() {
                continue;
            }
            let Some(solved) = tables.solved(m) else {
                continue;
            };
            if let Source::File(file) = &solved.source {
                let n = tables.class(m).positions();
                writeln!(
                    out,
                    "{rules} {} positions {n} bytes {} built {}",
                    m.name(),
                    file.bytes(),
                    date(file.header().built)
                )?;
                classes += 1;
                positions += n;
                bytes += file.bytes();
            }
        }
        if classes > 0 {
            writeln!(
                out,
                "{rules} total {classes} classes, {positions} positions, {bytes} bytes"
            )?;
        }
        found += classes;
    }
    if found == 0 {
        match sets {
            [one] => writeln!(
                out,
                "no table files in {} (dama tb build --rules {} --pieces N builds them)",
                dama_tablebase::rules_dir(base, one.name()).display(),
                one.name()
            )?,
            _ => writeln!(
                out,
                "no table files in {} (dama tb build --rules R --pieces N builds them)",
                base.display()
            )?,
        }
    }
    Ok(())
}

/// Seconds since 1970 as a UTC date and time, `YYYY-MM-DD HH:MM:SS`.
pub fn date(secs: u64) -> String {
    let (year, month, day) = dama_core::pdn::civil_date(secs);
    let rest = secs % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn dates_print_in_utc() {
        assert_eq!(date(0), "1970-01-01 00:00:00");
        assert_eq!(date(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(date(1_796_000_000), "2026-11-30 00:53:20");
    }
}
