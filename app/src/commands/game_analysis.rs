//! `dama analyze --load FILE [--game N]`: every position of a saved game scored, the table of
//! the moves with their marks, the annotated PDN and the evaluation graph
//! ([`crate::play::analysis`], [`crate::pictures::graph`]).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use super::analyze_config::{AnalyzeConfig, AnalyzeError};
use crate::console::ConsoleBoard;
use crate::i18n::{Catalog, Lang, fill};
use crate::play::records::{self, LoadError};
use crate::play::{EngineCalls, analysis};
use dama_core::pdn::{self, Record};
use dama_core::{DynRules, RuleSetInfo};
use dama_engine::Limits;

/// Why the game could not be loaded: a file or PDN problem, or too few games.
fn load_failed<B: ConsoleBoard>(rules: DynRules<B>, path: &Path, e: &LoadError<B>) -> AnalyzeError {
    let t = Catalog::of(Lang::En).texts;
    AnalyzeError::Load(fill(
        t.load_failed,
        &[&path.display().to_string(), &B::load_error(rules, t, e)],
    ))
}

/// The `number`-th game (from 1) of the PDN file at `path`, every move checked under `rules`
/// (either board: a 10×10 set reads PDN `GameType` 20 with numbered moves).
pub fn load_nth<B: ConsoleBoard>(
    rules: DynRules<B>,
    path: &Path,
    number: usize,
) -> Result<Record<DynRules<B>>, AnalyzeError> {
    let text = crate::files::read_file(path).map_err(|e| load_failed(rules, path, &e.into()))?;
    records::check_game_of(rules, &text).map_err(|e| load_failed(rules, path, &e))?;
    let mut games = pdn::read_games_with(rules, &text);
    match games.nth(number - 1) {
        Some(Ok(record)) => Ok(record),
        Some(Err(e)) => Err(load_failed(rules, path, &e.into())),
        None => {
            let count = pdn::split_games(&text).len();
            Err(AnalyzeError::Load(format!(
                "cannot load game {number} of {}: the file holds {count} game{}",
                path.display(),
                if count == 1 { "" } else { "s" }
            )))
        }
    }
}

/// The limits each position is searched with: those given, else [`analysis::default_limits`]; and
/// whether they are the default.
fn limits(config: &AnalyzeConfig) -> (Limits, bool) {
    let limits = config.limits;
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        (analysis::default_limits(), true)
    } else {
        (limits, false)
    }
}

/// `dama analyze --load`: the table on `out`, then the annotated PDN (to `--out`, else on
/// `out` after a blank line); the graph to `--graph`.
pub fn analyze_load<B: ConsoleBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    path: &Path,
    config: &AnalyzeConfig,
    out: &mut dyn Write,
) -> Result<(), AnalyzeError> {
    let engines = &config.engines;
    let record = load_nth(rules, path, config.game.unwrap_or(1))?;
    let (limits, default) = limits(config);
    let mut engine = engines.engine(limits);
    if default {
        // The hint's search runs on one thread.
        engine.set_threads(1);
    }
    engine.set_search_forced(true);
    // The small endgame classes built on the side would be ready at a moment that varies
    // from run to run: under a second a position, or with --depth or --nodes (whose results
    // must not vary), the engine probes the table files alone.
    if config
        .limits
        .movetime
        .is_none_or(|t| t < Duration::from_millis(1000))
    {
        engine.set_tables(
            engines
                .tables
                .as_ref()
                .map(|t| std::sync::Arc::new(t.without_build_thread())),
        );
    }
    // The rule set's own opening book: its moves are never marked.
    let Some(result) = calls.analyze_game(&mut engine, &record.game, &mut |_, _| true) else {
        return Err(AnalyzeError::Interrupted);
    };
    for line in analysis::table(&result, |mv| B::write_move(rules, mv)) {
        writeln!(out, "{line}")?;
    }
    let header = header_of(&record.tags);
    let text = analysis::annotated_pdn(
        &record.game,
        &header,
        &kept_tags(&rules.info(), &record.tags),
        &record.comments,
        &result,
    );
    let save = |file: &Path, text: &str| {
        crate::files::save(file, text).map_err(|e| {
            AnalyzeError::Save(format!(
                "cannot write {}: {}",
                file.display(),
                Catalog::of(Lang::En).texts.file_error(&e)
            ))
        })
    };
    match &config.annotated {
        Some(file) => save(file, &text)?,
        None => write!(out, "\n{text}")?,
    }
    if let Some(file) = &config.graph {
        let title = graph_title(&header, config.game.unwrap_or(1));
        let svg = crate::pictures::graph::graph(&result, &title).to_string();
        save(file, &format!("{svg}\n"))?;
    }
    Ok(())
}

/// The header of the annotated record: the loaded game's tags (the others as PDN's unknown
/// `?`), its annotator named.
fn header_of(tags: &[(String, String)]) -> pdn::Header {
    let tag = |name: &str| pdn::tag(tags, name).map(str::to_string);
    let mut header = pdn::Header::default();
    for (field, name) in [
        (&mut header.event, "Event"),
        (&mut header.site, "Site"),
        (&mut header.date, "Date"),
        (&mut header.round, "Round"),
        (&mut header.white, "White"),
        (&mut header.black, "Black"),
    ] {
        if let Some(value) = tag(name) {
            *field = value;
        }
    }
    header
}

/// The loaded game's tags that the annotated record does not write itself (`WhiteElo`,
/// `TimeControl`, `Opening`, …), in their order: all but the seven of the header, `GameType`,
/// `FEN`, and `Variant` when the rule set writes its own.
fn kept_tags(info: &RuleSetInfo, tags: &[(String, String)]) -> Vec<(String, String)> {
    let written = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    ];
    tags.iter()
        .filter(|(name, _)| {
            let written_here = written.iter().any(|w| w.eq_ignore_ascii_case(name));
            let own_variant = name.eq_ignore_ascii_case("Variant") && info.pdn_variant.is_some();
            !(written_here || own_variant)
        })
        .cloned()
        .collect()
}

/// The graph's title: the players and the event, as the tags name them.
fn graph_title(header: &pdn::Header, number: usize) -> String {
    format!(
        "{} - {} ({}, game {number})",
        header.white, header.black, header.event
    )
}
