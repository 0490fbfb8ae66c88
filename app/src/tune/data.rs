//! `dama tune gen`: self-play games, and the file of labelled quiet positions they give.
//!
//! A data file has one position a line: the game's result from white's view (`1`, `0.5` or
//! `0`), a space, and the position's FEN. Blank lines and `#` comments are skipped. A 10×10
//! file starts with a header naming its rule set and board
//! (`# dama tune data: rules international, board 10x10`, [`super::data_header`]); an 8×8
//! file has none (the format it always had), so a file without one is 8×8 data. A file is
//! refused by a run of another rule set whose header it has (a run on 10×10 refuses a file
//! without one).

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::{HEADER_PREFIX, Rng, TuneBoard, TuneError, TuneRules};
use crate::matchplay::openings;
use crate::opening::Opening;
use dama_core::game::{Game, Outcome};
use dama_core::{Board, Board8, Color, DynRules, MoveListOn, PositionOn, Variant, fen};
use dama_engine::{Engine, Evaluation, Limits};

/// The most positions a data file may hold (about 32 bytes each in memory, twice over while
/// fitting).
pub const MAX_POSITIONS: usize = 5_000_000;
/// Search nodes per move when `--nodes` is not given.
pub const DEFAULT_NODES: u64 = 2000;
/// The longest line of a data file read.
const MAX_LINE: u64 = 256;

/// What `dama tune gen` does, with its values.
#[derive(Debug, Clone)]
pub struct GenConfig {
    /// Games to play (at most 100,000: the games are kept in memory until written).
    pub games: u64,
    /// Search nodes per move (the global `--nodes`; default [`DEFAULT_NODES`]).
    pub nodes: u64,
    /// Random plies played after the built-in opening.
    pub random_plies: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// The seed of the random plies.
    pub seed: u64,
    /// The weights the players use (default: the engine's for the rule set,
    /// `EngineRules::default_evaluation`).
    pub weights: Option<PathBuf>,
    /// Games played at once (the file is the same for any number).
    pub jobs: u32,
    /// The data file to write.
    pub out: PathBuf,
}

/// A position labelled with its game's result from white's view (1, 0.5 or 0).
pub type Labelled<B = Board8> = (PositionOn<B>, f64);

/// What one game gave: its quiet positions and its result from white's view.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<B: Board = Board8> {
    /// The quiet positions after the opening, in order.
    pub positions: Vec<PositionOn<B>>,
    /// 1 white won, 0.5 a draw, 0 black won.
    pub result: f64,
}

/// Whether neither side has a capture in `pos`.
pub fn is_quiet<R: TuneRules>(pos: &PositionOn<R::Board>, list: &mut MoveListOn<R::Board>) -> bool {
    let no_capture = |p: &PositionOn<R::Board>, list: &mut MoveListOn<R::Board>| {
        R::legal_moves(p, list);
        !list.iter().any(|m| m.is_capture())
    };
    no_capture(pos, list) && no_capture(&pos.with_turn(!pos.turn()), list)
}

/// The result of a finished game from white's view (a game still going is a draw).
fn white_result(outcome: Option<Outcome>) -> f64 {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => 0.0,
        _ => 0.5,
    }
}

/// Plays game number `index`: the built-in opening `index` (cycling), `random_plies` random
/// moves drawn from `seed` and `index`, then the engine at `nodes` nodes a move on both sides.
/// `None` when the random plies end the game.
pub fn play_game<R: TuneRules>(
    opening: &Opening<R::Board>,
    index: u64,
    config: &GenConfig,
    evaluation: &Evaluation,
) -> Option<GameRecord<R::Board>> {
    let mut game: Game<R> = opening.game(R::default())?;
    let mut rng = Rng::new(config.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut list = MoveListOn::new();
    for _ in 0..config.random_plies {
        game.legal_moves(&mut list);
        if list.is_empty() {
            return None;
        }
        let mv = list[rng.below(list.len())];
        game.play(&mv);
    }
    let mut engine = Engine::with_seed(
        Limits {
            nodes: Some(config.nodes),
            ..Limits::default()
        },
        1,
    );
    // The tables' background build would make the games depend on timing.
    engine.set_evaluation(evaluation.clone());
    let mut positions = Vec::new();
    let mut plies = game.moves().len() as u32;
    while !game.is_over() && plies < config.max_plies {
        let pos = *game.position();
        if is_quiet::<R>(&pos, &mut list) {
            positions.push(pos);
        }
        let mv = engine.choose_move(&game)?;
        game.play(&mv);
        plies += 1;
    }
    Some(GameRecord {
        positions,
        result: white_result(game.outcome()),
    })
}

/// One game of a rule set: [`play_game`] under it, from an opening and the game's number;
/// the code that plays many and writes them is compiled once per board.
pub type PlayOne<'a, B> = dyn Fn(&Opening<B>, u64) -> Option<GameRecord<B>> + Sync + 'a;

/// Plays `config.games` games (on `config.threads` threads; the records come back in game order
/// whatever the number), reporting every hundredth game on `err`.
pub fn generate<R: TuneRules>(
    config: &GenConfig,
    evaluation: &Evaluation,
    err: &mut (dyn Write + Send),
) -> Vec<GameRecord<R::Board>> {
    let records = std::sync::Mutex::new(Vec::new());
    let openings = openings::builtin(DynRules::of::<R>(), crate::play::engine_calls_of::<R>());
    let play = |opening: &Opening<R::Board>, i| play_game::<R>(opening, i, config, evaluation);
    generate_each(config, &openings, &play, err, &|i, record| {
        if let (Some(record), Ok(mut records)) = (record, records.lock()) {
            records.push((i, record));
        }
    });
    let mut records = records.into_inner().unwrap_or_default();
    records.sort_by_key(|(i, _)| *i);
    records.into_iter().map(|(_, record)| record).collect()
}

/// Plays `config.games` games (on `config.threads` threads) from `openings` (game `i` from
/// opening `i`, cycling) with `play`, giving `each` every game's number and record as it ends
/// (in any order), reporting every hundredth game on `err`.
fn generate_each<B: Board>(
    config: &GenConfig,
    openings: &[Opening<B>],
    play: &PlayOne<'_, B>,
    err: &mut (dyn Write + Send),
    each: &(dyn Fn(u64, Option<GameRecord<B>>) + Sync),
) {
    let done = AtomicUsize::new(0);
    let started = Instant::now();
    let err = std::sync::Mutex::new(err);
    let play = |i: u64| {
        let record = match openings.len() {
            0 => None,
            n => play(&openings[i as usize % n], i),
        };
        each(i, record);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(100)
            && let Ok(mut err) = err.lock()
        {
            let _ = writeln!(
                err,
                "games {n}/{} {:.0} s",
                config.games,
                started.elapsed().as_secs_f64()
            );
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs as usize)
        .build();
    match pool {
        Ok(pool) => pool.install(|| (0..config.games).into_par_iter().for_each(play)),
        Err(_) => (0..config.games).for_each(play),
    }
}

/// The data file as the games end: each game's lines written once every game before it is
/// (so the file is in game order whatever the threads), the counts kept.
struct Ordered<W: Write, B: Board> {
    out: W,
    next: u64,
    waiting: std::collections::BTreeMap<u64, Option<GameRecord<B>>>,
    games: usize,
    lines: usize,
    tally: [usize; 3],
    failed: Option<std::io::Error>,
}

impl<W: Write, B: Board> Ordered<W, B> {
    fn add(&mut self, i: u64, record: Option<GameRecord<B>>) {
        self.waiting.insert(i, record);
        while let Some(record) = self.waiting.remove(&self.next) {
            self.next += 1;
            let Some(record) = record else { continue };
            self.games += 1;
            let [w, d, l] = tally(std::slice::from_ref(&record));
            self.tally = [self.tally[0] + w, self.tally[1] + d, self.tally[2] + l];
            if self.failed.is_none() {
                match write_records(std::slice::from_ref(&record), &mut self.out)
                    .and_then(|n| self.out.flush().map(|()| n))
                {
                    Ok(n) => self.lines += n,
                    Err(e) => self.failed = Some(e),
                }
            }
        }
    }
}

/// `dama tune gen`: opens the data file (refused before any game is played if it cannot be
/// written: no such directory, a pipe, a device), plays the games and writes each game's
/// positions as it ends, in game order (an interrupted run keeps the games written).
pub fn generate_to_file<R: TuneRules>(
    config: &GenConfig,
    out: &mut dyn Write,
    err: &mut (dyn Write + Send),
) -> Result<(), TuneError> {
    let evaluation = match &config.weights {
        Some(path) => <R::Board as TuneBoard>::engine_evaluation(path)?,
        None => R::default_evaluation(),
    };
    let openings = || openings::builtin(DynRules::of::<R>(), crate::play::engine_calls_of::<R>());
    let play = |opening: &Opening<R::Board>, i| play_game::<R>(opening, i, config, &evaluation);
    write_games(
        super::data_header::<R>(),
        config,
        &openings,
        &play,
        out,
        err,
    )
}

/// [`generate_to_file`]'s work, compiled once per board: the data file opened and its
/// `header` written, the games of [`generate_each`] played from the `openings` with `play`.
fn write_games<B: Board>(
    header: Option<String>,
    config: &GenConfig,
    openings: &dyn Fn() -> Vec<Opening<B>>,
    play: &PlayOne<'_, B>,
    out: &mut dyn Write,
    err: &mut (dyn Write + Send),
) -> Result<(), TuneError> {
    let file =
        crate::files::create(&config.out).map_err(|e| TuneError::Out(config.out.clone(), e))?;
    let started = Instant::now();
    let mut file = BufWriter::new(file);
    if let Some(header) = header {
        writeln!(file, "{header}").map_err(|e| TuneError::File(config.out.clone(), e))?;
    }
    let ordered = std::sync::Mutex::new(Ordered {
        out: file,
        next: 0,
        waiting: std::collections::BTreeMap::new(),
        games: 0,
        lines: 0,
        tally: [0; 3],
        failed: None,
    });
    generate_each(config, &openings(), play, err, &|i, record| {
        if let Ok(mut ordered) = ordered.lock() {
            ordered.add(i, record);
        }
    });
    let ordered = ordered
        .into_inner()
        .map_err(|_| TuneError::Output(std::io::Error::other("a game thread failed")))?;
    if let Some(e) = ordered.failed {
        return Err(TuneError::File(config.out.clone(), e));
    }
    let [wins, draws, losses] = ordered.tally;
    writeln!(out, "games {}", ordered.games)?;
    writeln!(out, "results {wins} {draws} {losses}")?;
    writeln!(out, "positions {}", ordered.lines)?;
    writeln!(out, "seconds {:.1}", started.elapsed().as_secs_f64())?;
    Ok(())
}

/// White wins, draws and black wins among `records`.
fn tally<B: Board>(records: &[GameRecord<B>]) -> [usize; 3] {
    let mut counts = [0; 3];
    for r in records {
        counts[if r.result > 0.75 {
            0
        } else if r.result > 0.25 {
            1
        } else {
            2
        }] += 1;
    }
    counts
}

/// Writes every record's positions, one `RESULT FEN` line each; returns the lines written.
pub fn write_records<B: Board>(
    records: &[GameRecord<B>],
    out: &mut dyn Write,
) -> std::io::Result<usize> {
    let mut n = 0;
    for record in records {
        for pos in &record.positions {
            writeln!(out, "{} {}", record.result, fen::write(pos))?;
            n += 1;
        }
    }
    Ok(n)
}

/// One data line: `None` for a blank line or a comment.
fn parse_line<B: Board>(line: &str) -> Result<Option<(PositionOn<B>, f64)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (result, fen_text) = line
        .split_once(char::is_whitespace)
        .ok_or("expected RESULT FEN")?;
    let result = match result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => {
            return Err(format!(
                "result '{}' is not 1, 0.5 or 0",
                dama_core::text::excerpt(other)
            ));
        }
    };
    let pos = fen::parse_on::<B>(fen_text.trim()).map_err(|e| e.to_string())?;
    Ok(Some((pos, result)))
}

/// Refuses a data file of another rule set than `rules` (on the board `B`): `header` is the
/// file's header line (`None`: the file has none, so 8×8 data).
fn check_header<B: TuneBoard>(
    rules: &'static str,
    header: Option<&str>,
    path: &Path,
) -> Result<(), TuneError> {
    let named = header.map(|line| {
        let rest = line.trim().strip_prefix(HEADER_PREFIX).unwrap_or_default();
        rest.split(',')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    });
    let found = match named {
        Some(name) if name == rules => return Ok(()),
        None if !B::HEADER => return Ok(()),
        Some(name) => {
            let board = match name.parse::<Variant>() {
                Ok(v) => match v.board() {
                    dama_core::BoardKind::Board8 => <Board8 as TuneBoard>::NAME,
                    dama_core::BoardKind::Board10 => <dama_core::Board10 as TuneBoard>::NAME,
                    dama_core::BoardKind::Board64 => <dama_core::Board64 as TuneBoard>::NAME,
                }
                .to_string(),
                Err(_) => "an unknown board".to_string(),
            };
            format!(
                "tune data of the '{}' rules ({board})",
                dama_core::text::excerpt(&name)
            )
        }
        None => format!("8x8 tune data (no '{HEADER_PREFIX}…' header)"),
    };
    Err(TuneError::OtherRules {
        path: path.to_path_buf(),
        found,
        expected: rules,
        board: B::NAME.to_string(),
    })
}

/// Reads labelled 8×8 positions from `input` (`path` names it in errors), as the default
/// rule set (spanish) reads them: [`read_positions_for`] on 8×8, where files have no header
/// and one of a 10×10 file is refused.
pub fn read_positions(input: impl Read, path: &Path) -> Result<Vec<Labelled>, TuneError> {
    read_positions_for::<Board8>(
        <dama_core::Spanish as dama_core::BoardRules>::INFO.name,
        input,
        path,
    )
}

/// Reads labelled positions of the rule set `rules` (on the board `B`) from `input` (`path`
/// names it in errors): the header, if any, must name the set (and a 10×10 file must start
/// with one).
pub fn read_positions_for<B: TuneBoard>(
    rules: &'static str,
    input: impl Read,
    path: &Path,
) -> Result<Vec<Labelled<B>>, TuneError> {
    let mut reader = BufReader::new(input);
    let mut positions = Vec::new();
    let mut line = String::new();
    let mut number = 0;
    let mut first = true;
    loop {
        line.clear();
        number += 1;
        let read = (&mut reader)
            .take(MAX_LINE)
            .read_line(&mut line)
            .map_err(|e| TuneError::File(path.to_path_buf(), e))?;
        if read == 0 {
            break;
        }
        if read as u64 == MAX_LINE && !line.ends_with('\n') {
            return Err(TuneError::Data(
                path.to_path_buf(),
                number,
                "line too long".into(),
            ));
        }
        // Every header (files joined with `cat` have several) must name the rule set, and
        // the first line that is neither blank nor a comment says whether the file has one.
        let is_header = line.starts_with(HEADER_PREFIX.trim_end());
        let content = line.trim();
        if is_header || (first && !content.is_empty() && !content.starts_with('#')) {
            check_header::<B>(rules, is_header.then_some(line.as_str()), path)?;
            first = false;
        }
        match parse_line::<B>(&line) {
            Ok(Some(entry)) => {
                if positions.len() == MAX_POSITIONS {
                    return Err(TuneError::TooMany(path.to_path_buf(), MAX_POSITIONS));
                }
                positions.push(entry);
            }
            Ok(None) => {}
            Err(msg) => return Err(TuneError::Data(path.to_path_buf(), number, msg)),
        }
    }
    if positions.is_empty() {
        return Err(TuneError::Empty(path.to_path_buf()));
    }
    Ok(positions)
}

/// Reads the data file of the rule set `rules` (on the board `B`) at `path`.
pub fn load_positions<B: TuneBoard>(
    rules: &'static str,
    path: &Path,
) -> Result<Vec<Labelled<B>>, TuneError> {
    let file =
        dama_core::file::open_regular(path).map_err(|e| TuneError::File(path.to_path_buf(), e))?;
    read_positions_for::<B>(rules, file, path)
}
