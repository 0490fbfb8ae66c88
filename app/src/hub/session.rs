//! The Hub session: the state between lines (parameters, position, level), what each
//! command does, and the search job run on its own thread.
//!
//! The session never blocks on the search: `go` hands the engine to a search thread, which
//! writes its `info` lines and `done`, then gives the engine back ([`Event::Searched`]).
//! While a search runs, `stop`, `ponder-hit` and `quit` act at once, and `ping` too when no
//! line waits; any other line (a bad one included) waits until the search has ended (the
//! protocol says a GUI sends no other), so that the replies come in the order of the lines.
//! At most [`MAX_WAITING`] lines ([`MAX_WAITING_BYTES`] bytes) wait; the lines past them are
//! dropped and counted, and one `error` says so in their place.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;
use std::time::{Duration, Instant};

use super::encoding::{self, Codec, HubBoard};
use super::protocol::{self, Command, GoMode, InfoLine, Level, ParamKind, Reply};
use crate::book::BookBoard;
use crate::play::{DynGame, EngineCalls, EnginePlayer, PlayBoard, Source, with_engine_calls};
use dama_core::game::{Game, Outcome, WinReason};
use dama_core::{DynRules, MoveListOn, MoveOn, PositionOn, Variant, with_dyn_rules};
use dama_engine::clock::allot;
use dama_engine::{Engine, Info, Limits, Score, TimeControl};

/// What the session hears: a line read, the end of input, a finished search, or that the
/// output is gone.
pub enum Event {
    /// A line of input (without its end of line).
    Line(String),
    /// The input ended (or failed).
    Eof,
    /// The search has ended and written `done`; here is the engine (and its book) back.
    Searched(Box<EnginePlayer>),
    /// Writing failed (a closed pipe): the session ends.
    OutputClosed,
}

/// The session's starting values (from the command line).
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set (of either board) until `set-param name=variant`.
    pub rules: Variant,
    /// Search threads until `set-param name=threads`.
    pub threads: usize,
    /// The endgame tables' directory until `set-param name=tb-dir`.
    pub tb_dir: Option<PathBuf>,
    /// The seed of the opening book's choices.
    pub seed: u64,
}

/// The most lines that wait for a running search to end (a GUI sends none: the protocol
/// allows only `stop`, `ping` and `ponder-hit` then).
pub const MAX_WAITING: usize = 1024;
/// The most bytes of the lines that wait (each line is at most [`protocol::MAX_LINE`]).
pub const MAX_WAITING_BYTES: usize = 1 << 20;

/// A line that waits for the running search to end: its command, or the error that answers
/// it, or how many lines past the limits were dropped at this place.
#[derive(Debug)]
enum Waiting {
    Command(Command),
    Refused(String),
    Dropped(u64),
}

/// The default transposition table, in MiB.
const DEFAULT_HASH_MB: u64 = 16;
/// The largest table accepted, in MiB.
const MAX_HASH_MB: u64 = 16_384;

/// The parameters `set-param` may change.
#[derive(Clone, Debug)]
struct Params {
    variant: Variant,
    threads: usize,
    hash_mb: u64,
    tb_dir: Option<PathBuf>,
    level: u8,
    /// Whether the transposition table is kept from one search to the next (`keep-hash`);
    /// `false` clears it before every `go`, as a new process per move would start.
    keep_hash: bool,
    /// Whether `go think` plays the opening book's moves (`set-param name=book`).
    book: bool,
}

/// A running search.
struct Running {
    stop: Arc<AtomicBool>,
    mode: GoMode,
    /// With `go ponder`: the time for the move once `ponder-hit` comes.
    ponder_time: Option<Duration>,
    /// When the search must be stopped (set by `ponder-hit`).
    deadline: Option<Instant>,
}

/// The position of the next search, checked under its variant: the last `pos` (none: the
/// variant's start) and how many moves it has. The search thread reads it again on the
/// variant's own board.
#[derive(Clone, Debug)]
struct Setup {
    variant: Variant,
    text: Option<(String, Vec<String>)>,
    plies: usize,
}

/// One Hub session.
pub struct Session {
    params: Params,
    /// The engine and its opening book (the built-in book of the last variant that `go think`
    /// read one for, its choices seeded from the config); away while a search runs.
    player: Option<Box<EnginePlayer>>,
    /// The last `pos` (text, kept to be checked again if the variant changes).
    pos_text: Option<(String, Vec<String>)>,
    /// Whether the last `pos` was refused (then `go` is refused too).
    pos_refused: bool,
    level: Level,
    running: Option<Running>,
    /// The lines waiting for the search to end, and their bytes.
    deferred: VecDeque<Waiting>,
    deferred_bytes: usize,
    /// The size of the table the engine has now (MiB), once `init` or `set-param` allocated one.
    allocated_mb: Option<u64>,
    /// Replies, to the writer: bounded, so that a GUI that stops reading stops the session
    /// (and, through the bounded events, the reading of its input) instead of filling memory.
    out: SyncSender<String>,
    events: SyncSender<Event>,
    /// Whether `init` has fixed the endgame tables' directory.
    tables_fixed: bool,
    eof: bool,
    quitting: bool,
}

impl Session {
    /// A session writing its lines to `out`; `events` is where the search thread reports.
    pub fn new(config: Config, out: SyncSender<String>, events: SyncSender<Event>) -> Session {
        let mut engine = Engine::with_seed(Limits::default(), 1);
        engine.set_threads(config.threads.max(1));
        let player = EnginePlayer::new(engine, crate::play::player::BOOK_LEVEL)
            .with_book_rng(crate::book::rng(config.seed));
        Session {
            params: Params {
                variant: config.rules,
                threads: config.threads.max(1),
                hash_mb: DEFAULT_HASH_MB,
                tb_dir: config.tb_dir,
                level: 10,
                keep_hash: true,
                book: true,
            },
            player: Some(Box::new(player)),
            pos_text: None,
            pos_refused: false,
            level: Level {
                move_time: Some(Duration::from_secs(1)),
                ..Level::default()
            },
            running: None,
            deferred: VecDeque::new(),
            deferred_bytes: 0,
            allocated_mb: None,
            out,
            events,
            tables_fixed: false,
            eof: false,
            quitting: false,
        }
    }

    /// The engine, unless a search has it.
    fn engine_mut(&mut self) -> Option<&mut Engine> {
        self.player.as_mut().map(|player| player.engine_mut())
    }

    fn send(&self, reply: Reply) {
        let _ = self.out.send(reply.to_string());
    }

    fn error(&self, message: impl Into<String>) {
        self.send(Reply::Error(message.into()));
    }

    /// Whether the session is over (after `quit`, or the end of input with nothing left to do).
    pub fn finished(&self) -> bool {
        self.running.is_none() && (self.quitting || (self.eof && self.deferred.is_empty()))
    }

    /// When the running search must be stopped, if a deadline is set.
    pub fn deadline(&self) -> Option<Instant> {
        self.running.as_ref().and_then(|r| r.deadline)
    }

    /// The deadline has passed: stop the search.
    pub fn on_deadline(&mut self) {
        if let Some(running) = &mut self.running {
            running.stop.store(true, Ordering::Relaxed);
            running.deadline = None;
        }
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Line(line) => {
                if self.running.is_some() {
                    self.during_search(line);
                } else {
                    self.line(&line);
                }
            }
            Event::Eof => {
                self.eof = true;
                if let Some(running) = &self.running
                    && !finite(running.mode, &self.level)
                {
                    running.stop.store(true, Ordering::Relaxed);
                }
                self.drain();
            }
            Event::Searched(player) => {
                self.player = Some(player);
                self.running = None;
                self.drain();
            }
            Event::OutputClosed => {
                self.quitting = true;
                self.clear_waiting();
                if let Some(running) = &self.running {
                    running.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    /// Runs the lines that waited for the search, until one starts another search.
    fn drain(&mut self) {
        while self.running.is_none() && !self.quitting {
            let Some(waiting) = self.deferred.pop_front() else {
                break;
            };
            match waiting {
                Waiting::Command(command) => self.command(command),
                Waiting::Refused(message) => self.error(message),
                Waiting::Dropped(n) => self.error(format!(
                    "{n} line(s) sent during a search were dropped: at most {MAX_WAITING} lines \
                     ({} KiB) wait for a search to end",
                    MAX_WAITING_BYTES >> 10
                )),
            }
        }
        if self.deferred.is_empty() {
            self.deferred_bytes = 0;
        }
    }

    fn clear_waiting(&mut self) {
        self.deferred.clear();
        self.deferred_bytes = 0;
    }

    /// Keeps a line (of `bytes` bytes) until the search ends, within the limits.
    fn wait(&mut self, waiting: Waiting, bytes: usize) {
        let full =
            self.deferred.len() >= MAX_WAITING || self.deferred_bytes + bytes > MAX_WAITING_BYTES;
        if !full {
            self.deferred_bytes += bytes;
            return self.deferred.push_back(waiting);
        }
        match self.deferred.back_mut() {
            Some(Waiting::Dropped(n)) => *n += 1,
            _ => self.deferred.push_back(Waiting::Dropped(1)),
        }
    }

    fn during_search(&mut self, line: String) {
        let command = match protocol::parse(&line) {
            Ok(c) => c,
            // Its error comes after the replies to the lines before it (the `done` first).
            Err(e) => return self.wait(Waiting::Refused(e.to_string()), line.len()),
        };
        match command {
            // `pong` at once, as the protocol wants, unless lines wait: then in its turn.
            Command::Ping if self.deferred.is_empty() => return self.send(Reply::Pong),
            Command::Empty | Command::Unknown(_) => return,
            Command::Stop | Command::PonderHit | Command::Quit => {}
            command => return self.wait(Waiting::Command(command), line.len()),
        }
        let Some(running) = &mut self.running else {
            return;
        };
        match command {
            Command::Stop => running.stop.store(true, Ordering::Relaxed),
            Command::PonderHit => {
                if running.mode == GoMode::Ponder {
                    running.mode = GoMode::Think;
                    running.deadline = running.ponder_time.map(|t| Instant::now() + t.mul_f64(0.9));
                }
            }
            _ => {
                running.stop.store(true, Ordering::Relaxed);
                self.quitting = true;
                self.clear_waiting();
            }
        }
    }

    fn line(&mut self, line: &str) {
        match protocol::parse(line) {
            Ok(command) => self.command(command),
            Err(e) => self.error(e.to_string()),
        }
    }

    fn command(&mut self, command: Command) {
        match command {
            Command::Hub => self.hub(),
            Command::SetParam { name, value } => self.set_param(&name, &value),
            Command::Init => self.init(),
            Command::NewGame => {
                if let Some(engine) = self.engine_mut() {
                    engine.clear();
                }
            }
            Command::Pos { pos, moves } => {
                self.pos_text = Some((pos, moves));
                self.pos_refused = false;
                if let Err(e) = self.setup() {
                    self.pos_refused = true;
                    self.error(e);
                }
            }
            Command::Level(level) => self.level = level,
            Command::Go(mode) => self.go(mode),
            Command::Ping => self.send(Reply::Pong),
            Command::Stop | Command::PonderHit => {}
            Command::Quit => self.quitting = true,
            Command::Unknown(_) | Command::Empty => {}
        }
    }

    fn hub(&self) {
        self.send(Reply::Id {
            name: "dama".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            author: "the dama authors".into(),
        });
        let p = &self.params;
        let params = [
            (
                "variant",
                encoding::hub_name(p.variant).to_string(),
                ParamKind::Enum(encoding::variant_names(p.variant)),
            ),
            (
                "threads",
                p.threads.to_string(),
                ParamKind::Int {
                    min: 1,
                    max: dama_engine::threads::MAX_THREADS as i64,
                },
            ),
            (
                "hash",
                p.hash_mb.to_string(),
                ParamKind::Int {
                    min: 1,
                    max: MAX_HASH_MB as i64,
                },
            ),
            (
                "tb-dir",
                p.tb_dir
                    .as_ref()
                    .map_or(String::new(), |d| d.display().to_string()),
                ParamKind::Text,
            ),
            (
                "level",
                p.level.to_string(),
                ParamKind::Int { min: 1, max: 10 },
            ),
            ("keep-hash", p.keep_hash.to_string(), ParamKind::Bool),
            ("book", p.book.to_string(), ParamKind::Bool),
        ];
        for (name, value, kind) in params {
            self.send(Reply::Param {
                name: name.into(),
                value,
                kind,
            });
        }
        self.send(Reply::Wait);
    }

    fn set_param(&mut self, name: &str, value: &str) {
        let number = |lo: u64, hi: u64| {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| {
                    format!("set-param {name}: {value:?} is not a number from {lo} to {hi}")
                })
        };
        let boolean = || match value.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(format!("set-param {name}: '{other}' is not true or false")),
        };
        let result: Result<(), String> = match name {
            "variant" => match encoding::parse_hub_variant(value) {
                Ok(set) => {
                    self.params.variant = set;
                    // The position is checked again under the new rules.
                    if self.pos_text.is_some() {
                        self.pos_refused = false;
                        if let Err(e) = self.setup() {
                            self.pos_refused = true;
                            Err(e)
                        } else {
                            Ok(())
                        }
                    } else {
                        Ok(())
                    }
                }
                Err(e) => Err(format!("set-param variant: {e}")),
            },
            "threads" => number(1, dama_engine::threads::MAX_THREADS as u64).map(|n| {
                self.params.threads = n as usize;
                if let Some(engine) = self.engine_mut() {
                    engine.set_threads(n as usize);
                }
            }),
            "hash" => number(1, MAX_HASH_MB).and_then(|mb| {
                if self.tables_fixed {
                    self.allocate(mb)
                        .map_err(|e| format!("set-param hash: {e}"))
                } else {
                    self.params.hash_mb = mb;
                    Ok(())
                }
            }),
            "level" => number(1, 10).map(|l| self.params.level = l as u8),
            "keep-hash" => boolean().map(|b| self.params.keep_hash = b),
            "book" => boolean().map(|b| self.params.book = b),
            "tb-dir" => {
                let dir = (!value.is_empty()).then(|| PathBuf::from(value));
                if self.tables_fixed && dir != self.params.tb_dir {
                    Err("set-param tb-dir: the tables' directory is fixed at init".into())
                } else {
                    self.params.tb_dir = dir;
                    Ok(())
                }
            }
            // Unknown parameters are ignored, as the protocol says.
            _ => Ok(()),
        };
        if let Err(e) = result {
            self.error(e);
        }
    }

    fn init(&mut self) {
        if !self.tables_fixed {
            let setup =
                crate::engines::EngineSetup::new(self.params.threads, self.params.tb_dir.clone());
            if let Some(engine) = self.engine_mut() {
                engine.set_tables(setup.tables);
            }
            self.tables_fixed = true;
        }
        let threads = self.params.threads;
        if let Some(engine) = self.engine_mut() {
            engine.set_threads(threads);
        }
        if let Err(e) = self.allocate(self.params.hash_mb) {
            self.error(format!("init: {e}"));
        }
        self.send(Reply::Ready);
    }

    /// Gives the engine a table of `mb` MiB. A table that cannot be allocated leaves the one
    /// the engine has (and the `hash` parameter at its size): the error says so.
    fn allocate(&mut self, mb: u64) -> Result<(), String> {
        let kept = self.allocated_mb;
        let Some(engine) = self.engine_mut() else {
            return Err("a search is running".into());
        };
        match engine.try_set_table_bits(table_bits(mb)) {
            Ok(()) => {
                self.params.hash_mb = mb;
                self.allocated_mb = Some(mb);
                Ok(())
            }
            Err(_) => {
                // Before any table of its own, the default size (if even that fails, the
                // engine sizes one at its first search, as without `init`).
                let kept = kept.unwrap_or(DEFAULT_HASH_MB);
                if self.allocated_mb.is_none()
                    && let Some(engine) = self.engine_mut()
                    && engine.try_set_table_bits(table_bits(kept)).is_ok()
                {
                    self.allocated_mb = Some(kept);
                }
                self.params.hash_mb = kept;
                Err(format!(
                    "cannot allocate a table of {mb} MiB (not enough memory); hash stays \
                     {kept} MiB"
                ))
            }
        }
    }

    /// Checks the last `pos` under the current variant.
    fn setup(&self) -> Result<Setup, String> {
        let variant = self.params.variant;
        let text = self.pos_text.clone();
        let plies = with_dyn_rules!(variant, rules => {
            checked(rules, text.as_ref()).map(|(_, m)| m.len())
        })?;
        Ok(Setup {
            variant,
            text,
            plies,
        })
    }

    /// The engine's limits for a search in `mode`, and with `go ponder` the move's time
    /// once `ponder-hit` comes.
    fn limits(&self, mode: GoMode, setup: &Setup) -> (Limits, Option<Duration>, Option<Duration>) {
        let level = &self.level;
        let mut limits = Limits {
            depth: level.depth,
            nodes: level.nodes,
            ..Limits::default()
        };
        let made = (setup.plies / 2) as u32;
        // The time for this move by the clock: the increment is added before the move.
        let clock = level.time.map(|time| {
            let inc = level.inc.unwrap_or_default();
            let left = time + inc;
            let share = allot(left, inc, made, None);
            let share = match level.moves {
                Some(n) => share.min(left.saturating_sub(Duration::from_millis(30)) / n + inc),
                None => share,
            };
            (left, inc, share)
        });
        let move_time = level.move_time.or(clock.map(|c| c.2));
        let mut left = None;
        match mode {
            GoMode::Think if !level.infinite => {
                if let Some((l, inc, share)) = clock {
                    limits.time = Some(TimeControl::fischer(l, inc));
                    limits.movetime = level.moves.map(|_| share);
                    left = Some(l);
                } else {
                    limits.movetime = level.move_time;
                }
            }
            _ => {}
        }
        if limits.depth.is_none() && limits.movetime.is_none() && limits.time.is_none() {
            // No limit but the stop flag (and the nodes, if given).
            limits.depth = Some(dama_engine::level::MAX_DEPTH);
        }
        if self.params.level < 10 {
            let (depth, _, _) = dama_engine::level::LEVELS[usize::from(self.params.level - 1)];
            limits.level = Some(self.params.level);
            limits.depth = Some(limits.depth.unwrap_or(depth).min(depth));
        }
        let ponder_time = (mode == GoMode::Ponder && !level.infinite)
            .then_some(move_time)
            .flatten();
        (limits, ponder_time, left)
    }

    fn go(&mut self, mode: GoMode) {
        if self.pos_refused {
            return self.error("go: the last position was refused; send pos again");
        }
        let setup = match self.setup() {
            Ok(s) => s,
            Err(e) => return self.error(format!("go: {e}")),
        };
        if self.player.is_none() {
            return self.error("go: a search is running");
        }
        if let Some(over) = with_dyn_rules!(setup.variant, rules => game_over(rules, &setup)) {
            return self.error(over);
        }
        if mode == GoMode::Think
            && self.params.book
            && let Some(mv) = self.book_move(&setup)
        {
            return self.send(Reply::Done { mv, ponder: None });
        }
        let Some(mut player) = self.player.take() else {
            return self.error("go: a search is running");
        };
        let engine = player.engine_mut();
        let (limits, ponder_time, left) = self.limits(mode, &setup);
        if !self.params.keep_hash {
            engine.clear_table();
        }
        engine.set_limits(limits);
        // Analysis and pondering search a forced move too (its score and line).
        engine.set_search_forced(mode != GoMode::Think);
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_stop(Arc::clone(&stop));
        if self.eof && !finite(mode, &self.level) {
            stop.store(true, Ordering::Relaxed);
        }
        self.running = Some(Running {
            stop,
            mode,
            ponder_time,
            deadline: None,
        });
        let out = self.out.clone();
        let events = self.events.clone();
        let spawned = std::thread::Builder::new()
            .name("hub-search".into())
            .spawn(move || {
                let started = Instant::now();
                let variant = setup.variant;
                with_engine_calls!(variant, rules, calls => {
                    search(rules, calls, &mut player, &setup, left, started, &out)
                });
                let _ = events.send(Event::Searched(player));
            });
        if spawned.is_err() {
            self.running = None;
            self.error("go: cannot start the search thread");
        }
    }
}

impl Session {
    /// The opening book's move in the position of `setup`, written in the variant's encoding
    /// (`None`: not in the book). The book is the rule set's built-in one, on either board.
    /// The Hub answers it at once, without the search thread ([`EnginePlayer::book_move`];
    /// the search on its thread is [`EnginePlayer::search`]).
    fn book_move(&mut self, setup: &Setup) -> Option<String> {
        let player = self.player.as_mut()?;
        player.set_book_level(self.params.level);
        with_dyn_rules!(setup.variant, rules => book_pick(rules, player, setup))
    }
}

/// The book's move for the position of `setup` under `rules`, in the variant's encoding.
fn book_pick<B: HubBoard + BookBoard>(
    rules: DynRules<B>,
    player: &mut EnginePlayer,
    setup: &Setup,
) -> Option<String> {
    player.use_builtin_book(rules);
    let codec = B::codec(rules.info().name)?;
    let position = *game_of(rules, setup).ok()?.position();
    let mv = player.book_move(&position)?;
    Some(codec.write_move(&mv))
}

/// Why the game of `setup` is over, as `go` answers it (`None`: a side to move with a move).
/// The protocol says a GUI never sends such a position; the message says what ended it and
/// under which variant.
fn game_over<B: HubBoard>(rules: DynRules<B>, setup: &Setup) -> Option<String> {
    let game = match game_of(rules, setup) {
        Ok(game) => game,
        Err(e) => return Some(format!("go: {e}")),
    };
    let side = |c: dama_core::Color| match c {
        dama_core::Color::White => "white",
        dama_core::Color::Black => "black",
    };
    let variant = encoding::hub_name(setup.variant);
    let why = match game.outcome()? {
        Outcome::Win {
            winner,
            reason: WinReason::NoPieces,
        } => {
            let bare = if game.position().pieces(dama_core::Color::White).is_empty() {
                dama_core::Color::White
            } else {
                dama_core::Color::Black
            };
            format!("{} has no pieces left ({} wins)", side(bare), side(winner))
        }
        Outcome::Win { winner, .. } => format!(
            "{} to move has no legal move ({} wins)",
            side(game.turn()),
            side(winner)
        ),
        Outcome::Draw(_) => "it is drawn".into(),
    };
    Some(format!(
        "go: the game is over in this position under the variant {variant}: {why}"
    ))
}

/// Whether a search in `mode` under `level` ends by itself soon (a think with a limit).
fn finite(mode: GoMode, level: &Level) -> bool {
    mode == GoMode::Think && !level.infinite
        || (mode != GoMode::Think && (level.depth.is_some() || level.nodes.is_some()))
}

/// The table's log2 entries for `mb` MiB (16-byte entries).
fn table_bits(mb: u64) -> u32 {
    let entries = (mb.max(1) << 20) / 16;
    63 - entries.leading_zeros()
}

/// The start of `text` (none: the rule set's) and each of its moves, checked legal in turn.
#[allow(clippy::type_complexity)]
fn checked<B: HubBoard>(
    rules: DynRules<B>,
    text: Option<&(String, Vec<String>)>,
) -> Result<(PositionOn<B>, Vec<MoveOn<B>>), String> {
    let Some((pos, moves)) = text else {
        return Ok((rules.start(), Vec::new()));
    };
    let name = rules.info().name;
    let codec = B::codec(name).ok_or_else(|| format!("pos: no encoding for the variant {name}"))?;
    let start = codec.parse_position(pos).map_err(|e| format!("pos: {e}"))?;
    let mut pos = start;
    let mut checked = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = codec
            .read_move(rules, &pos, text)
            .map_err(|e| format!("pos: moves[{}]: {e}", i + 1))?;
        pos = pos.after(&mv);
        checked.push(mv);
    }
    Ok((start, checked))
}

/// The game of `setup`: its moves played from its start. A draw by the rules on the way
/// (the game would be over) starts the game again from that position, so that it can
/// still be searched.
fn game_of<B: HubBoard>(rules: DynRules<B>, setup: &Setup) -> Result<DynGame<B>, String> {
    let (start, moves) = checked(rules, setup.text.as_ref())?;
    let mut game = Game::with_rules(rules, start);
    for mv in &moves {
        if game.try_play(mv).is_err() {
            game = Game::with_rules(rules, game.position().after(mv));
        }
    }
    if game.is_over() {
        let mut moves = MoveListOn::new();
        rules.legal_moves(game.position(), &mut moves);
        if !moves.is_empty() {
            game = Game::with_rules(rules, *game.position());
        }
    }
    Ok(game)
}

/// A score in men, as the protocol's `info` wants it, in Scan's three bands (Scan 3.x:
/// evaluations below 80, bitbase wins 80–90, wins at the end of the game 90–100) so that
/// pydraughts reads each with its sign (above 90 men: a win in `10000 − 100·score` plies):
/// - an evaluation: its value in men, at most ±79.99;
/// - a win the endgame tables promise (the search's table scores, above every evaluation):
///   90 − d/100, d being the plies to the table's position and the table's distance (at most
///   9.99), as Scan writes its bitbase wins (89.xx);
/// - a forced win in n plies: 100 − n/100 (n at most 999, so above 90); losses the same,
///   negative.
pub fn score_in_men(score: Score) -> f64 {
    match score {
        Score::Value(v) if v.abs() > dama_engine::evaluator::EVAL_MAX => {
            let distance = (dama_engine::search::TABLE_WIN - v.abs()).clamp(0, 999);
            f64::from(v.signum()) * (90.0 - f64::from(distance) / 100.0)
        }
        Score::Value(v) => (f64::from(v) / 100.0).clamp(-79.99, 79.99),
        Score::Win(n) => 100.0 - f64::from(n.min(999)) / 100.0,
        Score::Loss(n) => -(100.0 - f64::from(n.min(999)) / 100.0),
    }
}

/// The search job: `info` lines as it deepens, then `done`.
fn search<B: HubBoard + PlayBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    player: &mut EnginePlayer,
    setup: &Setup,
    left: Option<Duration>,
    started: Instant,
    out: &SyncSender<String>,
) {
    let encoding = B::codec(rules.info().name);
    let Some(encoding) = encoding else {
        let _ = out.send(Reply::Error("go: no encoding for this variant".into()).to_string());
        return;
    };
    let game = match game_of(rules, setup) {
        Ok(game) => game,
        Err(e) => {
            let _ = out.send(Reply::Error(format!("go: {e}")).to_string());
            return;
        }
    };
    if let Some(left) = left {
        player.engine_mut().set_clock(game.turn(), left);
    }
    let best = calls.search(player, &game, &mut |info: &Info<B>| {
        let line = InfoLine {
            depth: info.depth,
            score: score_in_men(info.score),
            nodes: info.nodes,
            time: started.elapsed().as_secs_f64(),
            pv: info.pv.iter().map(|mv| encoding.write_move(mv)).collect(),
        };
        let _ = out.send(Reply::Info(line).to_string());
    });
    let reply = match best {
        Some(best) => {
            let mv = best.mv;
            let last_pv = match best.source {
                Source::Search(Some(info)) => info.pv,
                _ => Vec::new(),
            };
            let ponder = match last_pv.as_slice() {
                [first, reply, ..] if *first == mv => Some(encoding.write_move(reply)),
                _ => None,
            };
            Reply::Done {
                mv: encoding.write_move(&mv),
                ponder,
            }
        }
        None => Reply::Error(format!(
            "go: no legal move in this position under the variant {}",
            encoding::hub_name(setup.variant)
        )),
    };
    let _ = out.send(reply.to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_and_scores() {
        assert_eq!(table_bits(16), 20);
        assert_eq!(table_bits(1), 16);
        assert_eq!(table_bits(24), 20);
        assert_eq!(score_in_men(Score::Value(-12)), -0.12);
        assert!((score_in_men(Score::Win(7)) - 99.93).abs() < 1e-9);
        assert!((score_in_men(Score::Loss(4)) + 99.96).abs() < 1e-9);
        // A table win 11 plies away (the search's score), and a table loss: 89.89, -89.89,
        // inside Scan's band of bitbase wins, where pydraughts reads them with their sign.
        let table = dama_engine::search::TABLE_WIN;
        assert!((score_in_men(Score::Value(table - 11)) - 89.89).abs() < 1e-9);
        assert!((score_in_men(Score::Value(-(table - 11))) + 89.89).abs() < 1e-9);
        assert_eq!(score_in_men(Score::Value(25_000)), 80.01);
        // Evaluations stay below the band; wins above it.
        assert_eq!(score_in_men(Score::Value(20_000)), 79.99);
        assert_eq!(score_in_men(Score::Value(-20_000)), -79.99);
        assert!(score_in_men(Score::Win(5_000)) > 90.0);
    }

    fn session() -> Session {
        let (out, _) = std::sync::mpsc::sync_channel(1);
        let (events, _) = std::sync::mpsc::sync_channel(1);
        Session::new(
            Config {
                rules: Variant::Russian,
                threads: 1,
                tb_dir: None,
                seed: 1,
            },
            out,
            events,
        )
    }

    #[test]
    fn limits_of_each_level_and_mode() {
        let mut s = session();
        let setup = s.setup().unwrap();
        let secs = Duration::from_secs_f64;
        s.level = Level {
            time: Some(secs(10.0)),
            inc: Some(secs(1.0)),
            ..Level::default()
        };
        let (limits, ponder, left) = s.limits(GoMode::Think, &setup);
        let tc = limits.time.unwrap();
        // The increment is added before the move.
        assert_eq!(
            (tc.base, tc.increment, left),
            (secs(11.0), secs(1.0), Some(secs(11.0)))
        );
        assert_eq!(ponder, None);
        // Pondering: no clock until ponder-hit, then this move's share.
        let (limits, ponder, _) = s.limits(GoMode::Ponder, &setup);
        assert_eq!((limits.time, limits.movetime), (None, None));
        assert_eq!(ponder, Some(allot(secs(11.0), secs(1.0), 0, None)));
        // Analysis: no time, no end but stop.
        s.level = Level {
            move_time: Some(secs(0.5)),
            ..Level::default()
        };
        let (limits, _, _) = s.limits(GoMode::Analyze, &setup);
        assert_eq!((limits.movetime, limits.depth), (None, Some(64)));
        let (limits, _, _) = s.limits(GoMode::Think, &setup);
        assert_eq!(limits.movetime, Some(secs(0.5)));
        // The level parameter caps the depth.
        s.params.level = 3;
        let (limits, _, _) = s.limits(GoMode::Think, &setup);
        assert_eq!((limits.level, limits.depth), (Some(3), Some(3)));
    }
}
