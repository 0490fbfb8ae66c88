//! `dama analyze`: a position searched, an `info` line per depth and then the best move; or,
//! with `--load`, a whole game scored ([`game_analysis`](super::game_analysis)).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crate::play::with_engine_calls;
use crate::play::{EngineCalls, PlayBoard};
use dama_core::{DynRules, PositionOn};

use crate::console::ConsoleBoard;
use crate::setup::{game_from_moves, start_on};

/// Below this move time `dama analyze` does not build the small endgame classes (0.3 s).
const SMALL_TABLES_TIME: Duration = Duration::from_secs(1);

pub use super::analyze_config::{AnalyzeConfig, AnalyzeError};

/// `dama analyze`: searches the position, printing an `info` line per completed depth
/// (flushed at once) and then `bestmove <move>` or `bestmove none`.
pub fn analyze(config: &AnalyzeConfig, out: &mut dyn Write) -> Result<(), AnalyzeError> {
    if let Some(path) = &config.load {
        return with_engine_calls!(config.variant, rules, calls => {
            super::game_analysis::analyze_load(rules, calls, path, config, out)
        });
    }
    with_engine_calls!(config.variant, rules, calls => {
        let pos = start_on(rules, config.fen.as_deref())?;
        analyze_for(rules, calls, pos, config, out)
    })
}

/// The search of `dama analyze` on a position of `rules`, compiled once per board: the
/// engine's work goes through `calls`, with the rule set's static type.
fn analyze_for<B: PlayBoard + ConsoleBoard>(
    rules: DynRules<B>,
    calls: &dyn EngineCalls<B>,
    pos: PositionOn<B>,
    config: &AnalyzeConfig,
    out: &mut dyn Write,
) -> Result<(), AnalyzeError> {
    let engines = &config.engines;
    let game = game_from_moves(rules, pos, config.moves.as_deref())?;
    let mut limits = config.limits;
    if config.infinite {
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
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    if config.infinite {
        #[cfg(unix)]
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            signal_hook::flag::register(signal, std::sync::Arc::clone(&stop))?;
        }
        engine.set_stop(std::sync::Arc::clone(&stop));
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
    let best = match config.multipv {
        Some(count) => calls.analyze_multipv(&mut engine, &game, count, &mut |info| {
            for (rank, line) in info.lines.iter().enumerate() {
                let pv: Vec<String> = line.pv.iter().map(|mv| B::write_move(rules, mv)).collect();
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
        None => calls.analyze(&mut engine, &game, &mut |info| {
            let pv: Vec<String> = info.pv.iter().map(|mv| B::write_move(rules, mv)).collect();
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
    let interrupted = stop.load(std::sync::atomic::Ordering::Relaxed);
    let best = best.map(|mv| B::write_move(rules, &mv));
    write!(
        out,
        "{}",
        bestmove_text(best.as_deref(), interrupted && config.terminal)
    )?;
    out.flush()?;
    Ok(())
}

/// The last line of a search: `bestmove g3-f4` (`none` without a move). After Ctrl-C at a
/// terminal (`at_interrupt`) it starts on a new line, the terminal having echoed `^C` where
/// the next line would start (newcomer finding 25).
fn bestmove_text(best: Option<&str>, at_interrupt: bool) -> String {
    let newline = if at_interrupt { "\n" } else { "" };
    format!("{newline}bestmove {}\n", best.unwrap_or("none"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_interrupted_search_at_a_terminal_starts_bestmove_on_its_own_line() {
        assert_eq!(
            super::bestmove_text(Some("g3-f4"), false),
            "bestmove g3-f4\n"
        );
        assert_eq!(
            super::bestmove_text(Some("g3-f4"), true),
            "\nbestmove g3-f4\n"
        );
        assert_eq!(super::bestmove_text(None, false), "bestmove none\n");
    }
}
