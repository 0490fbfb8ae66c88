//! `dama match`: engine against engine, with the statistics of engine-testing tools.
//!
//! - [`player`]: the players (this build's engine in a configuration, or another `dama`
//!   driven through `dama analyze`, a Hub engine ([`hub_player`]), a DXP program
//!   ([`dxp_player`]));
//! - [`openings`]: the built-in balanced openings and files of FENs;
//! - [`runner`]: the referee's game loop and the match loop over worker threads;
//! - [`stats`]: W/D/L, score, Elo with its 95% error bar, the SPRT.
//!
//! Progress goes to standard error, one line per game; the final report to standard output as
//! `key value` lines (see `docs/engine.md`).

pub mod dxp_player;
pub mod hub_player;
pub mod openings;
pub mod player;
pub mod player_error;
pub mod runner;
pub mod stats;

use std::io::{self, Write};
use std::path::PathBuf;

use self::openings::OpeningError;
use self::player::{Player, PlayerError, PlayerSpec};
use self::runner::{GameResult, Plan, Summary};
use self::stats::{Estimate, Sprt};
use crate::book::Book;
use crate::engines::EngineSetup;
use crate::hub::encoding::HubBoard;
use crate::opening::Opening;
use crate::play::{EngineCalls, PlayBoard, with_engine_calls};
use dama_core::game::Game;
use dama_core::{Board, Board8, Board10, Board64, DynRules, Variant};
use dama_engine::TimeControl;
use dama_engine::weights::WeightsError;

/// A board `dama match` plays on: its Hub encoding, the engine's work on its games, and the
/// ballots (which exist on 8×8 only).
pub trait MatchBoard: HubBoard + PlayBoard + dama_engine::EngineBoard {
    /// The opening ballots of `rules`.
    fn ballots(rules: DynRules<Self>) -> Result<Vec<Opening<Self>>, MatchError>;
}

impl MatchBoard for Board8 {
    fn ballots(rules: DynRules<Board8>) -> Result<Vec<Opening>, MatchError> {
        Ok(crate::ballots::all(rules)?)
    }
}

/// The answer of a board without ballots: there are none for `rules`.
fn no_ballots<B: Board>(rules: DynRules<B>) -> Result<Vec<Opening<B>>, MatchError> {
    Err(MatchError::Ballots(
        crate::ballots::BallotError::NoBallots {
            rules: rules.info().name,
        },
    ))
}

impl MatchBoard for Board10 {
    fn ballots(rules: DynRules<Board10>) -> Result<Vec<Opening<Board10>>, MatchError> {
        no_ballots(rules)
    }
}

impl MatchBoard for Board64 {
    fn ballots(rules: DynRules<Board64>) -> Result<Vec<Opening<Board64>>, MatchError> {
        no_ballots(rules)
    }
}

/// What `dama match` plays, with its values.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The rule set.
    pub variant: Variant,
    /// The one opening position (FEN), when the openings are not given otherwise.
    pub fen: Option<String>,
    /// Both players' clock, unless a player names its own `time=`.
    pub time: Option<TimeControl>,
    /// The two players; the results are from the first one's view.
    pub players: [PlayerSpec; 2],
    /// The most games to play (each opening is played twice, once with each colour).
    pub games: u64,
    /// Games played at the same time.
    pub concurrency: u32,
    /// The openings (default: the built-in ones; with `fen`: that one position).
    pub openings: Option<OpeningsSource>,
    /// Adjudicate a game still going after this many plies a draw (default: the rules').
    pub max_plies: Option<u32>,
    /// Write every game to this PDN file.
    pub pdn: Option<PathBuf>,
    /// Stop when the test decides.
    pub sprt: Option<Sprt>,
    /// Whether this build's engines (and Hub engines with a `book` parameter) play their
    /// opening book's moves first.
    pub book: bool,
    /// The engines' tables.
    pub engines: EngineSetup,
}

/// Where a match's openings come from (`--openings`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsSource {
    /// The rule set's opening ballots ([`crate::ballots`]).
    Ballots,
    /// The built-in balanced openings ([`openings::builtin`]).
    Builtin,
    /// A file of FENs.
    File(PathBuf),
}

impl std::str::FromStr for OpeningsSource {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<OpeningsSource, Self::Err> {
        Ok(match text {
            "ballots" => OpeningsSource::Ballots,
            "builtin" => OpeningsSource::Builtin,
            path => OpeningsSource::File(PathBuf::from(path)),
        })
    }
}

/// `name: error`, or the error alone when it begins with the player's name.
fn named_failure(name: &str, error: &PlayerError) -> String {
    match error {
        PlayerError::Dxp(who, _)
        | PlayerError::Timeout(who, _)
        | PlayerError::NoMove(who, _)
        | PlayerError::Illegal(who, _)
            if who == name =>
        {
            error.to_string()
        }
        _ => format!("{name}: {error}"),
    }
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A player's weights file.
    #[error("{0}: {1}")]
    Weights(String, WeightsError),
    /// The openings.
    #[error(transparent)]
    Openings(#[from] OpeningError),
    /// The rule set's ballots.
    #[error("--openings ballots: {0}")]
    Ballots(#[from] crate::ballots::BallotError),
    /// `--openings ballots` or `builtin` with `--fen`.
    #[error("--openings {0} starts from the initial position: not with --fen")]
    InitialWithFen(&'static str),
    /// The openings file cannot be read.
    #[error("cannot read openings file {0}: {1}")]
    OpeningsFile(String, String),
    /// The `--fen` position.
    #[error("bad FEN: {0}")]
    Fen(#[from] dama_core::fen::FenError),
    /// The `--fen` position, on any board.
    #[error("bad FEN: {0}")]
    Fen10(String),
    /// The start position is already finished.
    #[error("the game is over in the --fen position")]
    Finished,
    /// The PDN file cannot be written.
    #[error("cannot write PDN file {0}: {1}")]
    Pdn(String, String),
    /// A player fails on the first opening (checked before the match); named once, when the
    /// player's error names it already (`b: cannot connect ...`, not `b: b: ...`).
    #[error("{}", named_failure(.0, .1))]
    Player(String, PlayerError),
    /// Not two players.
    #[error("give two players: --engine1 A --engine2 B, or A B")]
    Players,
    /// A `dxp=` player under rules other than the international ones.
    #[error(
        "player '{0}': DXP is a protocol of international draughts (10x10): not for --rules {1}"
    )]
    DxpRules(String, &'static str),
    /// A `dxp=` player with games played at the same time.
    #[error("player '{0}': a DXP program plays one game at a time: not with --concurrency {1}")]
    DxpConcurrency(String, u32),
    /// Writing the report failed.
    #[error("cannot write output: {0}")]
    Io(#[from] io::Error),
}

/// The largest openings file read.
const MAX_OPENINGS_BYTES: u64 = 64 << 20;

fn read_openings<B: MatchBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    config: &MatchConfig,
) -> Result<Vec<Opening<B>>, MatchError> {
    let path = match &config.openings {
        Some(OpeningsSource::Ballots) if config.fen.is_some() => {
            return Err(MatchError::InitialWithFen("ballots"));
        }
        Some(OpeningsSource::Builtin) if config.fen.is_some() => {
            return Err(MatchError::InitialWithFen("builtin"));
        }
        Some(OpeningsSource::Ballots) => return B::ballots(rules),
        Some(OpeningsSource::Builtin) => return Ok(openings::builtin(rules, calls)),
        Some(OpeningsSource::File(path)) => Some(path),
        None => None,
    };
    if let Some(path) = path {
        use std::io::Read;
        let name = path.display().to_string();
        let io = |e: io::Error| MatchError::OpeningsFile(name.clone(), e.to_string());
        let mut text = String::new();
        dama_core::file::open_regular(path)
            .map_err(io)?
            .take(MAX_OPENINGS_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(io)?;
        if text.len() as u64 > MAX_OPENINGS_BYTES {
            return Err(MatchError::OpeningsFile(name, "too large".into()));
        }
        return Ok(openings::from_fens(rules, &text)?);
    }
    if let Some(text) = &config.fen {
        let start = rules
            .parse_fen(text)
            .map_err(|e| MatchError::Fen10(e.to_string()))?;
        let opening = Opening {
            start,
            moves: Vec::new(),
        };
        return match opening.game(rules) {
            Some(_) => Ok(vec![opening]),
            None => Err(MatchError::Finished),
        };
    }
    Ok(openings::builtin(rules, calls))
}

/// `dama match`: plays the match, progress on `err`, the report on `out`: the rule set, the
/// one opening `fen` and the clock `time` of both players (unless a player names its own
/// `time=`) come from the config.
pub fn run(
    config: &MatchConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), MatchError> {
    with_engine_calls!(config.variant, rules, calls => run_for(rules, calls, config, out, err))
}

fn run_for<B: MatchBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    config: &MatchConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), MatchError> {
    let engines = &config.engines;
    let mut specs = config.players.clone();
    let info = rules.info();
    for spec in specs.iter().filter(|s| s.dxp.is_some()) {
        if info.name != "international" {
            return Err(MatchError::DxpRules(spec.name.clone(), info.name));
        }
        if config.concurrency > 1 {
            return Err(MatchError::DxpConcurrency(
                spec.name.clone(),
                config.concurrency,
            ));
        }
    }
    for spec in &mut specs {
        if spec.limits.time.is_none() {
            spec.limits.time = config.time;
        }
    }
    let openings = read_openings(rules, calls, config)?;
    let concurrency = (config.concurrency as u64).min(config.games) as usize;
    let mut seats = Vec::with_capacity(concurrency);
    for worker in 0..concurrency as u64 {
        // Each engine its own seed, so that two players at a level with noise do not mirror
        // each other's choices.
        let make = |spec: &PlayerSpec, seat: u64| {
            let seed = 0x5EED_0000 + 2 * worker + seat;
            // This build's engines play their book first when the match or the player says so.
            let own = spec.cmd.is_none() && spec.hub.is_none() && spec.dxp.is_none();
            let book = (own && spec.book.unwrap_or(config.book)).then(|| Book::builtin(rules));
            Player::new::<B>(spec, engines.tables.as_ref(), seed, config.book)
                .map(|player| player.with_book(book))
                .map_err(|e| MatchError::Weights(spec.name.clone(), e))
        };
        seats.push([make(&specs[0], 0)?, make(&specs[1], 1)?]);
    }
    // A program that cannot play fails here, once, rather than forfeiting every game.
    if let Some(first) = openings.first().and_then(|o| o.game(rules)) {
        for (seat, spec) in seats[0].iter_mut().zip(&specs) {
            seat.start(&info)
                .map_err(|e| MatchError::Player(spec.name.clone(), e))?;
            if spec.cmd.is_some() {
                let probe = Game::with_rules(rules, *first.position());
                seat.choose(calls, &probe, spec.limits.time.map(|t| t.base))
                    .map_err(|e| MatchError::Player(spec.name.clone(), e))?;
            }
        }
    }
    let mut pdn_file = match &config.pdn {
        Some(path) => Some(
            crate::files::create(path)
                .map(io::BufWriter::new)
                .map_err(|e| MatchError::Pdn(path.display().to_string(), e.to_string()))?,
        ),
        None => None,
    };
    let pdn_name = config
        .pdn
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let plan = Plan {
        engine1: specs[0].clone(),
        engine2: specs[1].clone(),
        games: config.games,
        concurrency,
        openings,
        max_plies: config.max_plies.map(|n| n as usize),
        sprt: config.sprt,
    };
    let _ = writeln!(
        err,
        "match: {} vs {}, {} rules, up to {} games, {} openings, concurrency {}",
        specs[0].name,
        specs[1].name,
        info.name,
        plan.games,
        plan.openings.len(),
        concurrency
    );
    let summary = runner::run::<B, MatchError>(rules, calls, &plan, seats, |result, summary| {
        let _ = writeln!(err, "{}", progress_line(&plan, result, summary));
        if let Some(file) = &mut pdn_file {
            file.write_all(result.pdn.as_bytes())
                .and_then(|()| file.write_all(b"\n"))
                .and_then(|()| file.flush())
                .map_err(|e| MatchError::Pdn(pdn_name.clone(), e.to_string()))?;
        }
        Ok(())
    })?;
    out.write_all(report(&plan, &summary).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The Elo and its error bar as printed: `inf` / `-inf` for a score of 1 or 0, an error of
/// `inf` when the interval reaches 0 or 1 (or before any game).
fn elo_text(estimate: Option<Estimate>) -> (String, String) {
    let number = |x: f64| {
        if x.is_nan() || x == f64::INFINITY {
            "inf".to_string()
        } else if x == f64::NEG_INFINITY {
            "-inf".to_string()
        } else {
            // + 0.0 turns -0.0 into 0.0.
            format!("{:.1}", x + 0.0)
        }
    };
    match estimate {
        Some(e) => (number(e.elo), number(e.error)),
        None => ("0.0".into(), "inf".into()),
    }
}

/// The Elo as the progress line writes it for a person, after `games` games: `elo X ± Y`;
/// at a score of 0 or 1, where the estimate is infinite, the bound that the games give
/// (one-sided, 95%): `elo < -X (no points)`, `elo > X (every point)`. Losing every one of n
/// games is likelier than 5% only for a player whose expected score is below 1 − 0.05^(1/n)
/// (its chance of losing a game is at most 1 − its score), so its Elo is below that score's.
pub fn elo_for_people(estimate: Option<Estimate>, games: u64) -> String {
    let (elo, error) = elo_text(estimate);
    let Some(e) = estimate.filter(|e| e.elo.is_infinite() && games > 0) else {
        return format!("elo {elo} ± {error}");
    };
    let best = 1.0 - 0.05f64.powf(1.0 / games as f64);
    let bound = stats::elo_from_score(best) + 0.0;
    if e.elo < 0.0 {
        format!("elo < {:.1} (no points)", bound)
    } else {
        format!("elo > {:.1} (every point)", -bound)
    }
}

/// One progress line: the game, its result, the match so far.
pub fn progress_line<B: dama_core::Board>(
    plan: &Plan<B>,
    result: &GameResult,
    summary: &Summary,
) -> String {
    let (white, black) = if result.engine1_white {
        (&plan.engine1.name, &plan.engine2.name)
    } else {
        (&plan.engine2.name, &plan.engine1.name)
    };
    let points = match result.points {
        p if p > 0.75 => "1-0",
        p if p < 0.25 => "0-1",
        _ => "1/2-1/2",
    };
    let game_result = match (result.engine1_white, points) {
        (false, "1-0") => "0-1",
        (false, "0-1") => "1-0",
        (_, p) => p,
    };
    let elo = elo_for_people(summary.wdl.estimate(), summary.wdl.games());
    let mut line = format!(
        "game {} ({} v {}): {} {}, {} plies | {}: +{} ={} -{} score {:.3} {}",
        result.index + 1,
        white,
        black,
        game_result,
        result.termination.describe(),
        result.plies,
        plan.engine1.name,
        summary.wdl.wins,
        summary.wdl.draws,
        summary.wdl.losses,
        summary.wdl.score(),
        elo
    );
    if let (Some(sprt), Some((decision, llr))) = (&plan.sprt, summary.sprt) {
        let (lower, upper) = sprt.bounds();
        line.push_str(&format!(
            " | llr {llr:.2} ({lower:.2}, {upper:.2}) {decision}"
        ));
    }
    line
}

/// The final report: `key value` lines, stable for scripts.
pub fn report<B: dama_core::Board>(plan: &Plan<B>, summary: &Summary) -> String {
    let wdl = &summary.wdl;
    let (elo, error) = elo_text(wdl.estimate());
    let (penta_elo, penta_error) = elo_text(summary.pairs.estimate());
    let mut text = String::new();
    let mut line = |key: &str, value: String| text.push_str(&format!("{key} {value}\n"));
    line("engine1", plan.engine1.name.clone());
    line("engine2", plan.engine2.name.clone());
    line("games", wdl.games().to_string());
    line("wins", wdl.wins.to_string());
    line("draws", wdl.draws.to_string());
    line("losses", wdl.losses.to_string());
    line("score", format!("{:.4}", wdl.score()));
    line("elo", elo);
    line("elo_error", error);
    line("pairs", summary.pairs.pairs().to_string());
    line(
        "pentanomial",
        summary
            .pairs
            .counts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    );
    line("elo_pentanomial", penta_elo);
    line("elo_pentanomial_error", penta_error);
    line("forfeits", summary.forfeits.to_string());
    line("move_cap", summary.capped.to_string());
    if let (Some(sprt), Some((decision, llr))) = (&plan.sprt, summary.sprt) {
        let (lower, upper) = sprt.bounds();
        line(
            "sprt",
            format!(
                "{decision} llr {llr:.3} lower {lower:.3} upper {upper:.3} elo0 {} elo1 {} alpha {} beta {}",
                sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
            ),
        );
    }
    text
}
