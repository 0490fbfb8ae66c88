//! `dama perft` and `dama moves`: the legal moves of a position, counted to a depth (perft)
//! or listed, as machine-readable lines, on either board.

use std::io::Write;
use std::time::Instant;

use dama_core::{BoardRules, MoveListOn, PositionOn, Variant, with_variant};

use crate::setup::{SetupError, start_on};

/// The deepest perft the command line accepts.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// What `dama perft` counts.
#[derive(Clone, Debug)]
pub struct PerftConfig {
    /// The rule set.
    pub variant: Variant,
    /// The position counted from (FEN; default: the rule set's start).
    pub fen: Option<String>,
    /// The depth, in plies.
    pub depth: u32,
    /// Whether to print the count under each root move at the last depth.
    pub divide: bool,
    /// Threads to count with (default: one per core).
    pub threads: Option<usize>,
}

/// The position `dama moves` lists the moves of.
#[derive(Clone, Debug)]
pub struct MovesConfig {
    /// The rule set.
    pub variant: Variant,
    /// The position (FEN; default: the rule set's start).
    pub fen: Option<String>,
}

/// Why `dama perft` or `dama moves` failed.
#[derive(Debug, thiserror::Error)]
pub enum PerftError {
    /// The position.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// `dama perft`: one line per depth, or the divide of the last depth (either board).
pub fn perft(
    config: &PerftConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), PerftError> {
    let depth = config.depth.min(MAX_PERFT_DEPTH);
    with_variant!(config.variant, R => {
        let pos = start_on(R::default(), config.fen.as_deref())?;
        perft_for::<R>(&pos, depth, config, out, err)
    })
}

/// The line on standard error after a count: the leaves counted, which depths they are (every
/// depth from 1 without `--divide`, the last alone with it: what was counted, so the rate is
/// the speed of the count), the time and the rate (docs/perft.md, "The summary").
fn summary(leaves: u64, depth: u32, divide: bool, secs: f64, threads: usize) -> String {
    let depths = if divide || depth == 1 {
        format!("depth {depth}")
    } else {
        format!("depths 1-{depth}")
    };
    format!(
        "{leaves} leaves ({depths}) in {secs:.3} s ({:.1} M leaves/s, threads: {threads})",
        leaves as f64 / secs.max(1e-9) / 1e6
    )
}

fn perft_for<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    config: &PerftConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), PerftError> {
    let started = Instant::now();
    let threads = config
        .threads
        .unwrap_or_else(dama_core::perft::default_threads);
    let mut leaves = 0u64;
    if config.divide {
        let mut lines: Vec<(String, u64)> =
            dama_core::perft::divide_parallel::<R>(pos, depth, threads)
                .into_iter()
                .map(|(mv, n)| (R::write_move(&mv), n))
                .collect();
        sort_divide_lines(&mut lines);
        for (mv, n) in &lines {
            writeln!(out, "{mv} {n}")?;
            leaves += n;
        }
        writeln!(out, "total {leaves}")?;
    } else {
        for d in 1..=depth {
            let n = dama_core::perft::perft_parallel::<R>(pos, d, threads);
            writeln!(out, "{d} {n}")?;
            out.flush()?;
            leaves += n;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = writeln!(
        err,
        "{}",
        summary(leaves, depth, config.divide, secs, threads)
    );
    Ok(())
}

/// `dama moves`: every legal move, one per line, sorted as strings (either board).
pub fn moves(config: &MovesConfig, out: &mut dyn Write) -> Result<(), PerftError> {
    let mut lines: Vec<String> = with_variant!(config.variant, R => {
        let pos = start_on(R::default(), config.fen.as_deref())?;
        let mut list = MoveListOn::new();
        R::legal_moves(&pos, &mut list);
        list.iter().map(R::write_move).collect()
    });
    dama_core::text::sort_natural(&mut lines);
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Sorts `dama perft --divide`'s lines by their moves in natural order. Not generic, so
/// that the sort is compiled once rather than once per rule set.
fn sort_divide_lines(lines: &mut [(String, u64)]) {
    lines.sort_by(|(a, _), (b, _)| dama_core::text::natural_order(a, b));
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn the_summary_names_the_depths_it_counted() {
        assert_eq!(
            summary(90, 2, false, 1.0, 1),
            "90 leaves (depths 1-2) in 1.000 s (0.0 M leaves/s, threads: 1)"
        );
        assert_eq!(
            summary(81, 2, true, 1.0, 1),
            "81 leaves (depth 2) in 1.000 s (0.0 M leaves/s, threads: 1)"
        );
        assert_eq!(
            summary(9, 1, false, 0.5, 2),
            "9 leaves (depth 1) in 0.500 s (0.0 M leaves/s, threads: 2)"
        );
    }
}
