//! The subcommands that print machine-readable lines: `perft`, `moves` and `analyze`.

use crate::console::{ConsoleBoard, ConsoleRules};
use crate::engines::EngineSetup;
use dama_core::BoardRules;
use std::io::{self, Write};
use std::time::Instant;

use super::{CliError, Options, PerftArgs};
use dama_core::{MoveListOn, Position, PositionOn, with_rules, with_variant};

/// Below this move time `dama analyze` does not build the small endgame classes (0.3 s).
const SMALL_TABLES_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The deepest perft the command line accepts.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// The starting position the options ask for.
pub fn start_position(opts: &Options) -> Result<Position, CliError> {
    match &opts.fen {
        Some(text) => {
            Ok(with_rules!(opts.rules(), R => dama_core::notation::fen_for::parse::<R>(text))?)
        }
        None => Ok(with_rules!(opts.rules(), R => R::start())),
    }
}

/// The starting position the options ask for, on `R`'s board.
pub fn start_on<R: BoardRules>(opts: &Options) -> Result<PositionOn<R::Board>, CliError> {
    match &opts.fen {
        // The same words as `CliError::Fen` gives on 8×8.
        Some(text) => R::parse_fen(text).map_err(|e| CliError::Input(format!("bad FEN: {e}"))),
        None => Ok(R::start()),
    }
}

/// `dama perft`: one line per depth, or the divide of the last depth (either board).
pub fn perft(
    opts: &Options,
    args: &PerftArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), CliError> {
    let depth = opts.depth.unwrap_or(1).min(MAX_PERFT_DEPTH);
    with_variant!(opts.variant(), R => {
        let pos = start_on::<R>(opts)?;
        perft_for::<R>(&pos, depth, args, out, err)
    })
}

fn perft_for<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    depth: u32,
    args: &PerftArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), CliError> {
    let started = Instant::now();
    let threads = args
        .threads
        .map_or_else(dama_core::perft::default_threads, |n| n as usize);
    let mut leaves = 0u64;
    if args.divide {
        let mut lines: Vec<(String, u64)> =
            dama_core::perft::divide_parallel::<R>(pos, depth, threads)
                .into_iter()
                .map(|(mv, n)| (R::write_move(&mv), n))
                .collect();
        lines.sort();
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
        "{leaves} leaves in {secs:.3} s ({:.1} M leaves/s, threads: {threads})",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// `dama moves`: every legal move, one per line, sorted as strings (either board).
pub fn moves(opts: &Options, out: &mut impl Write) -> Result<(), CliError> {
    let mut lines: Vec<String> = with_variant!(opts.variant(), R => {
        let pos = start_on::<R>(opts)?;
        let mut list = MoveListOn::new();
        R::legal_moves(&pos, &mut list);
        list.iter().map(R::write_move).collect()
    });
    lines.sort();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The game that `--moves` plays from `start` (none: the position alone), on either board.
/// Each move is read as the rule set writes it ([`ConsoleRules::write`]): the text a legal
/// move is written as, else any form the board's notation reads
/// ([`ConsoleBoard::parse_move`]: the rule set's notation on 8×8, the squares' numbers on
/// 10×10).
pub fn game_from_moves<R: ConsoleRules>(
    start: PositionOn<R::Board>,
    moves: Option<&str>,
) -> Result<dama_core::game::Game<R>, CliError> {
    let mut game = dama_core::game::Game::<R>::new(start);
    let mut legal = MoveListOn::new();
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let bad = |why: String| CliError::Input(format!("--moves: move {} '{text}': {why}", i + 1));
        game.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(bad("the game is over".into()));
        }
        let mv = match legal.iter().find(|mv| R::write(mv) == text) {
            Some(mv) => *mv,
            None => <R::Board as ConsoleBoard>::parse_move::<R>(text, game.position(), &legal)
                .map_err(bad)?,
        };
        game.try_play(&mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(game)
}

/// `dama analyze`: searches the position, printing an `info` line per completed depth
/// (flushed at once) and then `bestmove <move>` or `bestmove none`.
pub fn analyze(
    opts: &Options,
    engines: &EngineSetup,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if let Some(path) = &opts.load {
        return with_variant!(opts.variant(), R => {
            super::game_analysis::analyze_load::<R>(path, opts, engines, out)
        });
    }
    with_variant!(opts.variant(), R => {
        let pos = start_on::<R>(opts)?;
        analyze_for::<R>(pos, opts, engines, out)
    })
}

fn analyze_for<R: ConsoleRules>(
    pos: PositionOn<R::Board>,
    opts: &Options,
    engines: &EngineSetup,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let game = game_from_moves::<R>(pos, opts.moves.as_deref())?;
    let mut limits = opts.limits();
    if opts.infinite {
        // No limit but the interrupt (and a depth, if one is given).
        limits.depth = Some(limits.depth.unwrap_or(dama_engine::level::MAX_DEPTH));
    }
    let mut engine = engines.engine(limits);
    // A search shorter than the small endgame classes' build (0.3 s) would end before they
    // are ready, the build only taking a core from it: it probes the table files alone.
    if limits.movetime.is_some_and(|t| t < SMALL_TABLES_TIME) {
        engine.set_tables(
            engines
                .tables
                .as_ref()
                .map(|t| std::sync::Arc::new(t.without_build_thread())),
        );
    }
    if opts.infinite {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        #[cfg(unix)]
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            signal_hook::flag::register(signal, std::sync::Arc::clone(&stop))?;
        }
        engine.set_stop(stop);
    }
    let mut failure: Option<io::Error> = None;
    let started = Instant::now();
    let mut write_line = |line: String| {
        if failure.is_none()
            && let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush())
        {
            failure = Some(e);
        }
    };
    let timing = |nodes: u64| {
        let elapsed = started.elapsed();
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        format!("nodes {nodes} time {} nps {nps}", elapsed.as_millis())
    };
    let best = match opts.multipv {
        Some(count) => engine.analyze_multipv(&game, count as usize, |info| {
            for (rank, line) in info.lines.iter().enumerate() {
                let pv: Vec<String> = line.pv.iter().map(R::write).collect();
                write_line(format!(
                    "info depth {} multipv {} score {} {} pv {}",
                    info.depth,
                    rank + 1,
                    line.score,
                    timing(info.nodes),
                    pv.join(" ")
                ));
            }
        }),
        None => engine.analyze(&game, |info| {
            let pv: Vec<String> = info.pv.iter().map(R::write).collect();
            // Table hits appear only where the endgame tables were used.
            let hits = if info.tbhits > 0 {
                format!(" tbhits {}", info.tbhits)
            } else {
                String::new()
            };
            write_line(format!(
                "info depth {} score {} {}{hits} pv {}",
                info.depth,
                info.score,
                timing(info.nodes),
                pv.join(" ")
            ));
        }),
    };
    if let Some(e) = failure {
        return Err(e.into());
    }
    match best {
        Some(mv) => writeln!(out, "bestmove {}", R::write(&mv))?,
        None => writeln!(out, "bestmove none")?,
    }
    out.flush()?;
    Ok(())
}
