//! The players of a match: a configuration of this build's engine, or another `dama` binary
//! asked for one move at a time through its `analyze` subcommand.
//!
//! A player is written `key=value,key=value`: `name`, `level`, `depth`, `movetime` (ms),
//! `nodes`, `time` (`5m+3s`), `weights` (a TOML file, this build only), `cmd` (the path of
//! another `dama`) and `threads` (the engine's search threads). A `cmd=` player is given the
//! game (`--fen` its start, `--moves` every move since), so that it knows the repetitions and
//! the draw counts as the referee's `Game` applies them; a build whose `analyze` has no
//! `--moves` is given the position alone (`--fen`), and may walk into a repetition it did
//! not see.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::Duration;

use wait_timeout::ChildExt;

use std::sync::Arc;

use super::MatchBoard;
use dama_core::game::{DynGame, Game};
use dama_core::{GameRules, MoveListOn, MoveOn, RuleSetInfo};
use dama_engine::Tablebase;
use dama_engine::clock::allot;
use dama_engine::{Engine, Limits, TimeControl};

use crate::play::{EngineCalls, EnginePlayer, book_level};

/// What a player is: its limits, its weights file, its program, and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The name in the report and the PDN file.
    pub name: String,
    /// How long or deep it thinks.
    pub limits: Limits,
    /// The weights file (this build's engine only).
    pub weights: Option<PathBuf>,
    /// Another `dama` binary, driven through `dama analyze`.
    pub cmd: Option<PathBuf>,
    /// Threads the engine searches with (`None`: one; passed as `--threads` to a `cmd=`).
    pub threads: Option<u32>,
    /// Whether this build's engine uses the endgame tables (`tables=off`: not, which makes
    /// the games of seeded players repeatable, the small tables being built on a thread).
    pub tables: bool,
    /// A Hub engine's command line (`hub=`; [`super::hub_player`]).
    pub hub: Option<String>,
    /// Its `set-param` values (`param.NAME=VALUE`).
    pub params: Vec<(String, String)>,
    /// Whether this build's engine plays the opening book's moves (`book=on|off`; `None`:
    /// as `dama match --book` says, off without it).
    pub book: Option<bool>,
    /// A DXP program's `HOST:PORT` (`dxp=`; [`super::dxp_player`]).
    pub dxp: Option<String>,
    /// The thinking time in minutes announced to a DXP program (`minutes=`).
    pub minutes: Option<u16>,
    /// How long to wait for a DXP program's message (`timeout=`, seconds).
    pub timeout: Option<Duration>,
}

/// A player description that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A part that is not `key=value`, or an unknown key.
    #[error(
        "bad player '{0}': '{1}' is not one of name=, level=, depth=, movetime=, nodes=, time=, weights=, cmd=, hub=, param.NAME=, threads=, tables=, book=, dxp=, minutes=, timeout="
    )]
    UnknownKey(String, String),
    /// A value out of range or not a number.
    #[error("bad player '{0}': {1}")]
    BadValue(String, String),
    /// Weights or tables given for another program.
    #[error("bad player '{0}': {1}= is for this build's engine, not with cmd=")]
    NotWithCmd(String, &'static str),
    /// An option that a Hub engine does not take this way (use `param.NAME=`).
    #[error(
        "bad player '{0}': {1}= does not go with hub= (set its parameters with param.NAME=VALUE)"
    )]
    NotWithHub(String, &'static str),
    /// An option that a DXP program does not take (its strength is its own).
    #[error(
        "bad player '{0}': {1}= does not go with dxp= (it takes name=, time=, minutes=, timeout=)"
    )]
    NotWithDxp(String, &'static str),
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let mut spec = PlayerSpec {
            name: String::new(),
            limits: Limits::default(),
            weights: None,
            cmd: None,
            threads: None,
            tables: true,
            hub: None,
            params: Vec::new(),
            book: None,
            dxp: None,
            minutes: None,
            timeout: None,
        };
        let bad = |what: String| SpecError::BadValue(text.to_string(), what);
        let mut tables_given = false;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SpecError::UnknownKey(text.into(), part.into()));
            };
            let number = |lo: u64, hi: u64| {
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| bad(format!("{key} must be a number from {lo} to {hi}")))
            };
            match key.trim() {
                "name" => spec.name = value.trim().to_string(),
                "level" => spec.limits.level = Some(number(1, 10)? as u8),
                "depth" => spec.limits.depth = Some(number(1, 64)? as u32),
                "movetime" => {
                    spec.limits.movetime = Some(Duration::from_millis(number(1, 3_600_000)?))
                }
                "nodes" => spec.limits.nodes = Some(number(1, u64::MAX / 2)?),
                "time" => {
                    let tc: TimeControl = value.parse().map_err(|e| bad(format!("{e}")))?;
                    spec.limits.time = Some(tc);
                }
                "weights" => spec.weights = Some(PathBuf::from(value.trim())),
                "cmd" => spec.cmd = Some(PathBuf::from(value.trim())),
                "hub" => spec.hub = Some(value.trim().to_string()),
                "dxp" => spec.dxp = Some(value.trim().to_string()),
                "minutes" => spec.minutes = Some(number(0, 999)? as u16),
                "timeout" => spec.timeout = Some(Duration::from_secs(number(1, 86_400)?)),
                param if param.starts_with("param.") && param.len() > 6 => spec
                    .params
                    .push((param[6..].to_string(), value.trim().to_string())),
                "threads" => spec.threads = Some(number(1, 64)? as u32),
                "tables" => {
                    spec.tables = match value.trim() {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("tables must be on or off".into())),
                    };
                    tables_given = true;
                }
                "book" => {
                    spec.book = Some(match value.trim() {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("book must be on or off".into())),
                    });
                }
                _ => return Err(SpecError::UnknownKey(text.into(), part.into())),
            }
        }
        if spec.cmd.is_some() && spec.weights.is_some() {
            return Err(SpecError::NotWithCmd(text.into(), "weights"));
        }
        if spec.cmd.is_some() && tables_given {
            return Err(SpecError::NotWithCmd(text.into(), "tables"));
        }
        if spec.cmd.is_some() && spec.book.is_some() {
            return Err(SpecError::NotWithCmd(text.into(), "book"));
        }
        if spec.hub.is_some() {
            for (given, key) in [
                (spec.cmd.is_some(), "cmd"),
                (spec.weights.is_some(), "weights"),
                (tables_given, "tables"),
                (spec.threads.is_some(), "threads"),
                (spec.book.is_some(), "book"),
            ] {
                if given {
                    return Err(SpecError::NotWithHub(text.into(), key));
                }
            }
            if spec.hub.as_deref().is_some_and(|c| c.trim().is_empty()) {
                return Err(SpecError::BadValue(
                    text.into(),
                    "hub= needs a command".into(),
                ));
            }
        } else if !spec.params.is_empty() {
            return Err(SpecError::BadValue(
                text.into(),
                "param.NAME= is for a hub= player".into(),
            ));
        }
        if spec.dxp.is_some() {
            for (given, key) in [
                (spec.cmd.is_some(), "cmd"),
                (spec.hub.is_some(), "hub"),
                (spec.weights.is_some(), "weights"),
                (tables_given, "tables"),
                (spec.threads.is_some(), "threads"),
                (spec.book.is_some(), "book"),
                (spec.limits.level.is_some(), "level"),
                (spec.limits.depth.is_some(), "depth"),
                (spec.limits.movetime.is_some(), "movetime"),
                (spec.limits.nodes.is_some(), "nodes"),
                (!spec.params.is_empty(), "param.NAME"),
            ] {
                if given {
                    return Err(SpecError::NotWithDxp(text.into(), key));
                }
            }
            if spec.dxp.as_deref().is_some_and(|a| !a.contains(':')) {
                return Err(SpecError::BadValue(
                    text.into(),
                    "dxp= needs HOST:PORT".into(),
                ));
            }
        } else if spec.minutes.is_some() || spec.timeout.is_some() {
            return Err(SpecError::BadValue(
                text.into(),
                "minutes= and timeout= are for a dxp= player".into(),
            ));
        }
        if spec.name.is_empty() {
            spec.name = text.trim().to_string();
        }
        Ok(spec)
    }
}

pub use super::player_error::PlayerError;

/// A player ready to play games.
pub enum Player {
    /// This build's engine, with the opening book it plays from first when it has one
    /// ([`Player::with_book`]).
    Engine(Box<EnginePlayer>),
    /// Another `dama`, one process per move.
    Command {
        /// The program.
        path: PathBuf,
        /// Its limits.
        limits: Limits,
        /// Its `--threads`, if given.
        threads: Option<u32>,
        /// Whether its `analyze` takes `--moves` (then it is given the game, not only the
        /// position: [`takes_moves`]).
        history: bool,
    },
    /// An engine speaking the Hub protocol, one process for the whole match.
    Hub(Box<super::hub_player::HubPlayer>),
    /// A program speaking DXP, one connection for the games of the seat.
    Dxp(Box<super::dxp_player::DxpPlayer>),
}

impl Player {
    /// The player `spec` describes (reads its weights file: the weights of the board `B`), with the run's endgame `tables`
    /// unless the spec turns them off; `seed` drives the random choices of the low levels;
    /// `book` is the match's `--book`, sent to a Hub engine that declares a `book` parameter.
    pub fn new<B: dama_engine::EngineBoard>(
        spec: &PlayerSpec,
        tables: Option<&Arc<Tablebase>>,
        seed: u64,
        book: bool,
    ) -> Result<Player, dama_engine::weights::WeightsError> {
        if let Some(address) = &spec.dxp {
            // On a clock, GAMEREQ announces its base in whole minutes (rounded up).
            let minutes = spec
                .limits
                .time
                .map(|tc| tc.base.as_secs().div_ceil(60).min(999) as u16)
                .or(spec.minutes);
            return Ok(Player::Dxp(Box::new(super::dxp_player::DxpPlayer::new(
                address,
                &spec.name,
                minutes,
                spec.timeout,
            ))));
        }
        if let Some(command) = &spec.hub {
            return Ok(Player::Hub(Box::new(
                super::hub_player::HubPlayer::new(command, spec.params.clone(), spec.limits)
                    .with_book(book),
            )));
        }
        match &spec.cmd {
            Some(path) => Ok(Player::Command {
                path: path.clone(),
                limits: spec.limits,
                threads: spec.threads,
                history: takes_moves(path),
            }),
            None => {
                let mut engine = Engine::with_seed(spec.limits, seed);
                engine.set_threads(spec.threads.unwrap_or(1) as usize);
                engine.set_tables(tables.filter(|_| spec.tables).cloned());
                if let Some(path) = &spec.weights {
                    engine.set_evaluation(B::load_evaluation(path)?);
                }
                Ok(Player::Engine(Box::new(EnginePlayer::new(
                    engine,
                    book_level(&spec.limits),
                ))))
            }
        }
    }

    /// This build's engine plays its moves from `book` first (`None`: it searches from the
    /// first move); other players have their own books or none.
    pub fn with_book<B: dama_core::Board>(self, book: Option<crate::book::Book<B>>) -> Player {
        match self {
            Player::Engine(player) => Player::Engine(Box::new(
                player.with_book(book.map(|book| (book, crate::book::rng(0)))),
            )),
            other => other,
        }
    }

    /// Forgets the last game; the random choices of the next follow `seed`, the book's
    /// `book_seed` (so that a game's moves do not depend on which worker thread plays it).
    pub fn new_game(&mut self, seed: u64, book_seed: u64) {
        match self {
            Player::Engine(player) => {
                player.reseed_book(book_seed);
                let engine = player.engine_mut();
                engine.clear();
                engine.reseed(seed);
            }
            Player::Hub(hub) => hub.new_game(),
            Player::Command { .. } | Player::Dxp(_) => {}
        }
    }

    /// The game begins from `game` (the opening played), this player playing `side`: a DXP
    /// program is sent its GAMEREQ at its first turn.
    pub fn begin_game<B: MatchBoard>(&mut self, game: &DynGame<B>, side: dama_core::Color) {
        if let Player::Dxp(dxp) = self {
            dxp.begin_game(game, side);
        }
    }

    /// The game is over: a DXP program is sent the last move and GAMEEND.
    pub fn end_game<B: MatchBoard>(&mut self, game: &DynGame<B>) {
        if let Player::Dxp(dxp) = self {
            dxp.end_game(game);
        }
    }

    /// A Hub engine is started now (a program that cannot start fails the match once rather
    /// than forfeiting every game); other players have nothing to start.
    pub fn start(&mut self, rules: &RuleSetInfo) -> Result<(), PlayerError> {
        match self {
            Player::Hub(hub) => hub.start(rules),
            Player::Dxp(dxp) => dxp.start(),
            _ => Ok(()),
        }
    }

    /// Whether the player, playing `side`, accepts the draw the rules offer in `game` (the
    /// house rules' offer, [`dama_core::Rules::draw_offer_due`]): this build's engine answers
    /// as it does in `dama play`; another program cannot be asked, and plays on.
    /// (`calls`: the engine's calls of the game's rule set).
    pub fn accepts_draw<B: MatchBoard>(
        &mut self,
        calls: &'static dyn EngineCalls<B>,
        game: &DynGame<B>,
        side: dama_core::Color,
    ) -> bool {
        match self {
            Player::Engine(player) => calls.accepts_draw(player, game, side),
            Player::Command { .. } | Player::Hub(_) | Player::Dxp(_) => false,
        }
    }

    /// The move in the game's position, with `left` on the player's clock if it plays on one
    /// (`calls`: the engine's calls of the game's rule set).
    pub fn choose<B: MatchBoard>(
        &mut self,
        calls: &'static dyn EngineCalls<B>,
        game: &DynGame<B>,
        left: Option<Duration>,
    ) -> Result<MoveOn<B>, PlayerError> {
        match self {
            Player::Engine(player) => {
                if let Some(left) = left {
                    player.engine_mut().set_clock(game.turn(), left);
                }
                calls
                    .reply(player, game, &mut |_| {})
                    .map(|reply| reply.mv)
                    .ok_or_else(|| PlayerError::NoMove("the engine".into(), "no move found".into()))
            }
            Player::Command {
                path,
                limits,
                threads,
                history,
            } => {
                let made = (game.moves().len() / 2) as u32;
                let movetime = match (limits.time, left) {
                    (Some(tc), Some(left)) => {
                        Some(allot(left, tc.increment, made, tc.moves_to_go(made)))
                    }
                    _ => limits.movetime,
                };
                ask_command(path, limits, *threads, movetime, *history, game)
            }
            Player::Hub(hub) => hub.choose(game, left),
            Player::Dxp(dxp) => dxp.choose(game, left),
        }
    }
}

/// How long another program may take over a move: five times its move time and five seconds,
/// or ten minutes with no time limit (a depth or node limit).
fn patience(movetime: Option<Duration>) -> Duration {
    movetime.map_or(Duration::from_secs(600), |t| t * 5 + Duration::from_secs(5))
}

/// Whether the `dama` at `path` takes `dama analyze --moves` (its help names it; builds
/// before it do not, and are given the position alone).
pub fn takes_moves(path: &Path) -> bool {
    let mut command = Command::new(path);
    command.args(["analyze", "--help"]);
    matches!(run_bounded(command, Duration::from_secs(10)),
        Ok(Ran::Ended { out, .. }) if String::from_utf8_lossy(&out).contains("--moves"))
}

/// The most bytes kept of a `cmd=` program's output, and of its errors: a search writes a
/// few kilobytes. A program that writes more is stopped at once ([`Ran::Flooded`]).
pub const MAX_OUTPUT: usize = 1 << 20;

/// How a program run by [`run_bounded`] ended.
enum Ran {
    /// It ended (with this status) and this is what it wrote (at most 1 MiB of each).
    Ended {
        status: std::process::ExitStatus,
        out: Vec<u8>,
        err: Vec<u8>,
    },
    /// It was still running at the deadline: it and its process group were killed.
    TimedOut,
    /// It wrote more than [`MAX_OUTPUT`] bytes on its output or its errors: it and its
    /// process group were killed then.
    Flooded,
}

/// Runs `command` (no input; its output and errors read as bytes, at most [`MAX_OUTPUT`]
/// each: a program that writes more is killed at once) in a process group of its own,
/// waiting at most `wait`. When the program ends, or at the
/// deadline, the whole group is killed: a wrapper's leftover process (`sleep 20 &`, a `dama`
/// started without `exec`) neither keeps running nor holds the output pipe open; and the
/// output is read no longer than the deadline whatever holds the pipe (what came by then is
/// kept).
fn run_bounded(mut command: Command, wait: Duration) -> std::io::Result<Ran> {
    use std::sync::Mutex;
    use std::time::Instant;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let deadline = Instant::now() + wait;
    let mut child = command.spawn()?;
    #[cfg(unix)]
    let group = rustix::process::Pid::from_child(&child);
    let flooded = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let reader = |stream: Option<Box<dyn Read + Send>>| {
        let text = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::clone(&text);
        let done = done_tx.clone();
        let flooded = Arc::clone(&flooded);
        std::thread::spawn(move || {
            if let Some(mut stream) = stream {
                let mut chunk = [0u8; 8192];
                loop {
                    match stream.read(&mut chunk) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            let Ok(mut text) = shared.lock() else { break };
                            if text.len() + n > MAX_OUTPUT {
                                // A flood: the program is stopped now, not at the deadline.
                                flooded.store(true, std::sync::atomic::Ordering::Relaxed);
                                #[cfg(unix)]
                                let _ = rustix::process::kill_process_group(
                                    group,
                                    rustix::process::Signal::KILL,
                                );
                                break;
                            }
                            text.extend_from_slice(&chunk[..n]);
                        }
                    }
                }
            }
            let _ = done.send(());
        });
        text
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    drop(done_tx);
    let waited = child.wait_timeout(deadline.saturating_duration_since(Instant::now()));
    kill_group(&child);
    if flooded.load(std::sync::atomic::Ordering::Relaxed) {
        let _ = child.kill();
        let _ = child.wait();
        return Ok(Ran::Flooded);
    }
    let status = match waited {
        Ok(Some(status)) => status,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Ran::TimedOut);
        }
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
    };
    // Both readers end at the pipes' end (the group is gone); a process that left the group
    // and still holds a pipe is not waited for past the deadline (and a moment's grace).
    let grace = deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(200);
    let until = Instant::now() + grace;
    for _ in 0..2 {
        if done_rx
            .recv_timeout(until.saturating_duration_since(Instant::now()))
            .is_err()
        {
            break;
        }
    }
    let take = |text: &Arc<Mutex<Vec<u8>>>| text.lock().map(|t| t.clone()).unwrap_or_default();
    Ok(Ran::Ended {
        status,
        out: take(&out),
        err: take(&err),
    })
}

/// Kills the process group the child leads (its leftovers; the child itself if it runs).
#[cfg(unix)]
fn kill_group(child: &std::process::Child) {
    let group = rustix::process::Pid::from_child(child);
    let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
}

#[cfg(not(unix))]
fn kill_group(_child: &std::process::Child) {}

/// The move of a `dama analyze`'s output: its last `bestmove ` line, read from bytes (a
/// stray byte that is not UTF-8 is replaced, not a reason to refuse the whole output).
pub fn bestmove_of(out: &[u8]) -> Option<String> {
    String::from_utf8_lossy(out)
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("bestmove "))
        .map(|best| best.trim().to_string())
}

/// The arguments that give `dama analyze` the game: its start and every move since
/// (`history`), so that it knows the repetitions and the draw counts; else the position alone.
pub fn game_args<R: GameRules>(game: &Game<R>, history: bool) -> Vec<String> {
    let rules = game.rules().object();
    if !history {
        return vec![format!("--fen={}", rules.write_fen(game.position()))];
    }
    let moves: Vec<String> = game.moves().map(|mv| rules.write_move(mv)).collect();
    vec![
        format!("--fen={}", rules.write_fen(game.start())),
        format!("--moves={}", moves.join(" ")),
    ]
}

/// Runs `path analyze` on the game (or its position, without `history`) and reads its
/// `bestmove`.
fn ask_command<B: MatchBoard>(
    path: &Path,
    limits: &Limits,
    threads: Option<u32>,
    movetime: Option<Duration>,
    history: bool,
    game: &DynGame<B>,
) -> Result<MoveOn<B>, PlayerError> {
    let name = path.display().to_string();
    let mut command = Command::new(path);
    command
        .arg("analyze")
        .arg("--rules")
        .arg(game.rules().info().name)
        .args(game_args(game, history));
    if let Some(level) = limits.level {
        command.arg(format!("--level={level}"));
    }
    if let Some(depth) = limits.depth {
        command.arg(format!("--depth={depth}"));
    }
    if let Some(t) = movetime {
        command.arg(format!("--movetime={}", t.as_millis().max(1)));
    }
    if let Some(nodes) = limits.nodes {
        command.arg(format!("--nodes={nodes}"));
    }
    if let Some(threads) = threads {
        command.arg(format!("--threads={threads}"));
    }
    let wait = patience(movetime);
    let (status, out, err) = match run_bounded(command, wait) {
        Ok(Ran::Ended { status, out, err }) => (status, out, err),
        Ok(Ran::TimedOut) => return Err(PlayerError::Timeout(name, wait.as_millis())),
        Ok(Ran::Flooded) => {
            return Err(PlayerError::NoMove(
                name,
                format!("it wrote more than {} MiB", MAX_OUTPUT >> 20),
            ));
        }
        Err(e) => return Err(PlayerError::Run(name, e.to_string())),
    };
    let Some(best) = bestmove_of(&out) else {
        let err = String::from_utf8_lossy(&err);
        let why = err.lines().next().unwrap_or("").trim();
        let why = if why.is_empty() {
            format!("no bestmove line ({status})")
        } else {
            why.to_string()
        };
        return Err(PlayerError::NoMove(name, why));
    };
    let best = best.as_str();
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .find(|mv| game.rules().write_move(mv) == best)
        .copied()
        .ok_or_else(|| PlayerError::Illegal(name, dama_core::text::excerpt(best)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::BoardRules;

    #[test]
    fn a_command_is_given_the_game_or_the_position() {
        let mut game = Game::<dama_core::Czech>::default();
        for text in ["c3-d4", "f6-g5", "g3-f4"] {
            let mut legal = dama_core::MoveList::new();
            game.legal_moves(&mut legal);
            let mv = legal
                .iter()
                .find(|mv| dama_core::Czech::INFO.notation.write(mv) == text)
                .copied()
                .unwrap();
            game.try_play(&mv).unwrap();
        }
        let start = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
        assert_eq!(
            game_args(&game, true),
            [
                format!("--fen={start}"),
                "--moves=c3-d4 f6-g5 g3-f4".to_string()
            ]
        );
        assert_eq!(
            game_args(&game, false),
            ["--fen=B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,f4,g1,h2:Ba7,b6,b8,c7,d6,d8,e7,f8,g5,g7,h6,h8"]
        );
        // A program without `analyze --moves` (here one that prints nothing) is given the
        // position alone.
        assert!(!takes_moves(Path::new("true")));
    }

    #[test]
    fn parses_players() {
        let spec: PlayerSpec = "depth=3, nodes=5000,name=small".parse().unwrap();
        assert_eq!(spec.name, "small");
        assert_eq!(spec.limits.depth, Some(3));
        assert_eq!(spec.limits.nodes, Some(5000));
        let spec: PlayerSpec = "cmd=/x/dama,movetime=100".parse().unwrap();
        assert_eq!(spec.name, "cmd=/x/dama,movetime=100");
        assert_eq!(spec.cmd, Some(PathBuf::from("/x/dama")));
        assert_eq!(spec.limits.movetime, Some(Duration::from_millis(100)));
        let spec: PlayerSpec = "nodes=100,threads=2".parse().unwrap();
        assert_eq!(spec.threads, Some(2));
        assert_eq!("nodes=100".parse::<PlayerSpec>().unwrap().threads, None);
        let spec: PlayerSpec = "time=1m+1s".parse().unwrap();
        assert_eq!(
            spec.limits.time.map(|t| t.base),
            Some(Duration::from_secs(60))
        );
        let spec: PlayerSpec = "hub=/x/scan hub,param.book=false,movetime=100"
            .parse()
            .unwrap();
        assert_eq!(spec.hub.as_deref(), Some("/x/scan hub"));
        assert_eq!(spec.params, [("book".to_string(), "false".to_string())]);
        let spec: PlayerSpec = "dxp=127.0.0.1:27531,minutes=3,timeout=5,name=kr"
            .parse()
            .unwrap();
        assert_eq!(spec.dxp.as_deref(), Some("127.0.0.1:27531"));
        assert_eq!(spec.minutes, Some(3));
        assert_eq!(spec.timeout, Some(Duration::from_secs(5)));
        assert_eq!(spec.name, "kr");
        for bad in [
            "dxp=localhost",
            "dxp=h:1,depth=3",
            "dxp=h:1,movetime=100",
            "dxp=h:1,hub=scan",
            "dxp=h:1,param.x=1",
            "dxp=h:1,minutes=1000",
            "dxp=h:1,timeout=0",
            "minutes=3",
            "timeout=5",
            "hub=/x/scan hub,threads=2",
            "hub=/x/scan hub,cmd=/x/dama",
            "hub=/x/scan hub,tables=off",
            "hub= ",
            "param.book=false",
            "depth=0",
            "depth=x",
            "level=11",
            "speed=3",
            "depth",
            "time=5x",
            "cmd=/x,weights=w.toml",
            "threads=0",
            "threads=65",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
