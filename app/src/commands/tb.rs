//! `dama tb build|probe|info|verify`: the arguments and what they print.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};

use dama_core::{RuleSet, with_rules};
use dama_tablebase::TableRules;
use dama_tablebase::build::BuildError;
use dama_tablebase::format::{self, FormatError};
use dama_tablebase::index::{Class, Material};
use dama_tablebase::tables::{Solved, Source, Tables};
use dama_tablebase::value::fresh_budget;
use dama_tablebase::verify::{VerifyError, verify_class};

/// Options of `dama tb`.
#[derive(Args, Debug, Clone)]
pub struct TbArgs {
    /// What to do with the tables.
    #[command(subcommand)]
    pub action: TbAction,
}

/// The `tb` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum TbAction {
    /// Build every class with at most N pieces (classes already built are skipped).
    Build {
        /// The most pieces on the board.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
        pieces: u32,
        /// Threads to build with (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// The value of the --fen position with fresh counters: win N, draw or loss N.
    Probe,
    /// The classes present, their positions, bytes and build dates (every rule set, or the
    /// one --rules names).
    Info,
    /// Check every entry against its children.
    Verify {
        /// Only classes with at most N pieces (default: every class present).
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
        pieces: Option<u32>,
        /// Threads to check with (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
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
    #[error("{0}: not in the tables")]
    Outside(String),
    /// A bad FEN or none.
    #[error("{0}")]
    Fen(String),
    /// A class could not be built.
    #[error("{0}")]
    Build(#[from] BuildError),
    /// A file could not be written or read.
    #[error("{0}")]
    Format(#[from] FormatError),
    /// A check failed.
    #[error("verify failed: {0}")]
    Verify(#[from] VerifyError),
    /// The output or the directory failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Runs `dama tb` with the options' rule set, table directory (`--tb-dir`, else the default)
/// and `--fen`.
pub fn run(opts: &crate::cli::Options, args: &TbArgs, out: &mut impl Write) -> Result<(), TbError> {
    let (rules, fen) = (opts.rules(), opts.fen.as_deref());
    let base: PathBuf = match opts.tb_dir.as_deref() {
        Some(d) => d.to_path_buf(),
        None => crate::engines::default_tables_dir().ok_or(TbError::NoDir)?,
    };
    let dir = dama_tablebase::rules_dir(&base, rules.name());
    match &args.action {
        TbAction::Build { pieces, threads } => in_pool(
            *threads,
            || with_rules!(rules, R => build::<R>(&dir, *pieces, out)),
        ),
        TbAction::Probe => {
            let text = fen.ok_or_else(|| TbError::Fen("tb probe needs --fen".into()))?;
            let pos =
                dama_core::fen::parse(text).map_err(|e| TbError::Fen(format!("bad FEN: {e}")))?;
            let tables = Tables::new(rules.name(), Some(&dir));
            let value = with_rules!(rules, R => tables
                .raw(&pos)
                .map(|v| v.within(fresh_budget::<R>(&pos))));
            let value = value.ok_or_else(|| TbError::Outside(pos.to_string()))?;
            writeln!(out, "{value}")?;
            Ok(())
        }
        TbAction::Info => {
            let sets: Vec<RuleSet> = opts.rules.map_or(RuleSet::ALL.to_vec(), |r| vec![r]);
            info(&base, &sets, out)
        }
        TbAction::Verify { pieces, threads } => in_pool(
            *threads,
            || with_rules!(rules, R => verify::<R>(&dir, *pieces, out)),
        ),
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

fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg:>16} [{bar:30}] {human_pos}/{human_len} entries, {per_sec}, left {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Builds every class of at most `pieces` pieces into `dir` (skipping those present),
/// printing a line per class and a total to `out` and a progress bar on standard error.
pub fn build<R: TableRules>(
    dir: &std::path::Path,
    pieces: u32,
    out: &mut impl Write,
) -> Result<(), TbError> {
    std::fs::create_dir_all(dir).map_err(|source| FormatError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let started = Instant::now();
    let (classes, skipped): (Vec<Material>, Vec<Material>) = Material::all_up_to(pieces)
        .into_iter()
        .partition(|&m| dama_tablebase::covered::<R>(m));
    for m in &skipped {
        writeln!(
            out,
            "skipped {}: the tables' metric is not exact for it under these rules",
            m.name()
        )?;
    }
    let mut tables = Tables::new(R::INFO.name, Some(dir));
    let todo: Vec<Material> = classes
        .iter()
        .copied()
        .filter(|&m| !tables.has(m))
        .collect();
    // Classes already built are loaded into memory, but for those of the most pieces, which
    // are read from their files when a crowning leads into them.
    let present: Vec<Material> = classes
        .iter()
        .copied()
        .filter(|m| !todo.contains(m) && m.pieces() < pieces)
        .collect();
    load_all(&mut tables, dir, &present)?;
    let total: u64 = todo.iter().map(|&m| Class::new(m).len()).sum();
    let bar = progress_bar(total);
    let (mut built, mut positions, mut bytes) = (0, 0u64, 0u64);
    for &m in &classes {
        // Memory stays bounded: a class of the most pieces with two or more men fewer than
        // the one being built is never needed again (nothing has more pieces; a capture takes
        // a piece, a crowning one man); it is read from its file if it ever is.
        for &c in &classes {
            if c.pieces() == pieces && m.pieces() == pieces && c.men() + 1 < m.men() {
                tables.forget(c);
            }
        }
        if !todo.contains(&m) {
            writeln!(out, "present {}", m.name())?;
            continue;
        }
        bar.set_message(format!("{} ({}/{})", m.name(), built + 1, todo.len()));
        let t = Instant::now();
        let values = dama_tablebase::build::build_class::<R>(&tables, m, &|n| bar.inc(n))?;
        let size = format::write(&format::class_path(dir, m), R::INFO.name, m, &values)?;
        let n = valid_positions(m);
        writeln!(
            out,
            "built {} positions {n} bytes {size} seconds {:.1}",
            m.name(),
            t.elapsed().as_secs_f64()
        )?;
        out.flush()?;
        tables.insert(Solved {
            class: Class::new(m),
            source: Source::Memory(values),
        });
        built += 1;
        positions += n;
        bytes += size;
    }
    bar.finish_and_clear();
    writeln!(
        out,
        "total {built} classes built, {} present, {positions} positions, {bytes} bytes, {:.1} s",
        classes.len() - built,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Reads the files of `classes` that are present into memory (refusing bad ones).
fn load_all(
    tables: &mut Tables,
    dir: &std::path::Path,
    classes: &[Material],
) -> Result<(), TbError> {
    for &m in classes {
        let path = format::class_path(dir, m);
        if !path.exists() {
            continue;
        }
        let file = format::ClassFile::open(&path, tables.rules(), m)?;
        let values = file.all()?;
        tables.insert(Solved {
            class: Class::new(m),
            source: Source::Memory(values),
        });
    }
    Ok(())
}

/// The positions of a class (entries less the wasted ones of overlapping men).
pub fn valid_positions(m: Material) -> u64 {
    let class = Class::new(m);
    (0..class.slices())
        .filter(|&s| class.slice_men(s).is_some())
        .count() as u64
        * class.slice_len()
}

fn verify<R: TableRules>(
    dir: &std::path::Path,
    pieces: Option<u32>,
    out: &mut impl Write,
) -> Result<(), TbError> {
    let mut tables = Tables::new(R::INFO.name, Some(dir));
    let classes: Vec<Material> = Material::all_up_to(pieces.unwrap_or(6))
        .into_iter()
        .filter(|&m| dama_tablebase::covered::<R>(m) && format::class_path(dir, m).exists())
        .collect();
    load_all(&mut tables, dir, &classes)?;
    let started = Instant::now();
    let mut total = 0;
    for &m in &classes {
        let n = verify_class::<R>(&tables, m)?;
        writeln!(out, "ok {} {n}", m.name())?;
        out.flush()?;
        total += n;
    }
    writeln!(
        out,
        "verified {} classes, {total} positions, {:.1} s",
        classes.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn info(base: &std::path::Path, sets: &[RuleSet], out: &mut impl Write) -> Result<(), TbError> {
    for &rules in sets {
        let dir = dama_tablebase::rules_dir(base, rules.name());
        let tables = Tables::new(rules.name(), Some(&dir));
        let (mut classes, mut positions, mut bytes) = (0, 0u64, 0u64);
        for m in Material::all_up_to(6) {
            if !format::class_path(&dir, m).exists() {
                continue;
            }
            let Some(solved) = tables.solved(m) else {
                continue;
            };
            if let Source::File(file) = &solved.source {
                let n = valid_positions(m);
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
    use dama_tablebase::*;

    #[test]
    fn dates_print_in_utc() {
        assert_eq!(date(0), "1970-01-01 00:00:00");
        assert_eq!(date(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(date(1_796_000_000), "2026-11-30 00:53:20");
    }
}
