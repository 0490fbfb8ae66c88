//! A `hub=COMMAND` player: any engine that speaks the Hub protocol (`docs/hub.md`), started
//! once and kept for the games of its seat; restarted for the next game if it crashed or
//! hung.
//!
//! Before each move it is sent the game from its start (`pos pos=... moves="..."`), the
//! level (`level time=... inc=...` on a clock, the increment being added by the engine
//! before the move as the protocol says, and `moves=N` on a move-count control; else `move-time`, `depth` or `nodes`) and
//! `go think`; its `done move=` is looked up in the position. A player that ends, answers
//! nothing in time, names an illegal move, or writes more than [`MAX_ANSWER_BYTES`] before
//! its answer loses the game ([`PlayerError`]).
//!
//! What the engine writes is read by a thread of its own into a bounded queue
//! ([`QUEUE_LINES`] lines of at most [`MAX_LINE`] bytes), and the referee keeps only what it
//! uses of each answer: whether `variant` and `book` are declared, the last `error` message,
//! the `done` line. A flood of output thus costs neither memory nor more than the bytes
//! allowed before the player is forfeited.

use super::MatchBoard;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};

/// The longest line kept (the Hub protocol's); the rest of a longer line comes as the next
/// lines, each counted in the answer's bytes.
pub const MAX_LINE: usize = protocol::MAX_LINE;

/// Lines read ahead of the referee (then the reader waits, and so does the engine's pipe).
pub const QUEUE_LINES: usize = 16;

/// The most bytes an engine may write in answer to one command (`hub`, `init`, `go think`)
/// before its answer's last line: past them it has lost the game (or, while starting, it is
/// refused). An engine writes a few hundred bytes per depth.
pub const MAX_ANSWER_BYTES: usize = 8 << 20;
use std::time::{Duration, Instant};

use super::player_error::PlayerError;
use crate::hub::encoding::Codec;
use crate::hub::protocol;
use dama_core::game::DynGame;
use dama_core::{MoveOn, RuleSetInfo};
use dama_engine::Limits;

/// How long the engine may take to answer `hub` and `init`.
const START_PATIENCE: Duration = Duration::from_secs(60);

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Lines from its output, each with the bytes it took; the channel closes at its end.
    lines: Receiver<(String, usize)>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        let mut ended = false;
        while !ended && Instant::now() < deadline {
            ended = matches!(self.child.try_wait(), Ok(Some(_)));
            if !ended {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // The engine's group (what a wrapper left running), then the engine if it still runs.
        #[cfg(unix)]
        let _ = rustix::process::kill_process_group(
            rustix::process::Pid::from_child(&self.child),
            rustix::process::Signal::KILL,
        );
        if !ended {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The engine's next output line (at most [`MAX_LINE`] bytes: the rest of a longer line
/// comes as the next ones; bytes that are not UTF-8 replaced, the line's end trimmed), or
/// `None` at the end of its output.
pub fn next_line(reader: &mut dyn BufRead) -> Option<String> {
    read_line(reader).map(|(line, _)| line)
}

/// [`next_line`] and the bytes it read.
fn read_line(reader: &mut dyn BufRead) -> Option<(String, usize)> {
    let mut buf = Vec::new();
    match std::io::Read::take(reader, MAX_LINE as u64).read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => None,
        Ok(n) => Some((String::from_utf8_lossy(&buf).trim_end().to_string(), n)),
    }
}

/// What the referee keeps of one answer.
#[derive(Default)]
struct Answer {
    /// The line that ended it (`wait`, `ready`, `done ...`).
    last: String,
    /// The message of the last `error` line before it.
    error: Option<String>,
    /// The parameters declared (the answer to `hub`) that the referee sets.
    variant: bool,
    book: bool,
}

/// An engine speaking the Hub protocol.
pub struct HubPlayer {
    /// The command line (program and arguments, split at spaces).
    command: Vec<String>,
    /// `set-param` values given in the player's description.
    params: Vec<(String, String)>,
    limits: Limits,
    /// The match's `--book`, for an engine that declares a `book` parameter.
    book: bool,
    process: Option<Process>,
}

/// What went wrong while reading the engine.
enum Failure {
    Ended,
    Timeout(Duration),
    /// More than [`MAX_ANSWER_BYTES`] without the answer's last line.
    Flood,
}

impl HubPlayer {
    /// A player running `command` (split at whitespace) with these parameters and limits.
    pub fn new(command: &str, params: Vec<(String, String)>, limits: Limits) -> HubPlayer {
        HubPlayer {
            command: command.split_whitespace().map(str::to_string).collect(),
            params,
            limits,
            book: false,
            process: None,
        }
    }

    /// The player with `book` as the value of the engine's `book` parameter, when it declares
    /// one and the player's own `param.book=` does not set it (`dama match --book`: a `dama
    /// hub` plays its book only when the match says so, as this build's engines do).
    pub fn with_book(mut self, book: bool) -> HubPlayer {
        self.book = book;
        self
    }

    fn name(&self) -> String {
        self.command.join(" ")
    }

    /// The next game begins.
    pub fn new_game(&mut self) {
        if let Some(p) = &mut self.process
            && (writeln!(p.stdin, "new-game").is_err() || p.stdin.flush().is_err())
        {
            self.process = None;
        }
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let name = self.name();
        let Some(p) = &mut self.process else {
            return Err(PlayerError::NoMove(name, "not running".into()));
        };
        let sent = writeln!(p.stdin, "{line}").and_then(|()| p.stdin.flush());
        if sent.is_err() {
            self.process = None;
            return Err(PlayerError::NoMove(
                name,
                "the engine ended (its input is closed)".into(),
            ));
        }
        Ok(())
    }

    /// Reads lines until one whose command is `word`, within `patience` and
    /// [`MAX_ANSWER_BYTES`], keeping what the referee uses of them.
    fn until(&mut self, word: &str, patience: Duration) -> Result<Answer, Failure> {
        let Some(p) = &mut self.process else {
            return Err(Failure::Ended);
        };
        let deadline = Instant::now() + patience;
        let mut answer = Answer::default();
        let mut bytes = 0usize;
        loop {
            match p
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok((line, n)) => {
                    bytes += n;
                    let Ok(tokens) = protocol::tokenize(&line) else {
                        if bytes > MAX_ANSWER_BYTES {
                            return Err(Failure::Flood);
                        }
                        continue;
                    };
                    if tokens.command == word {
                        answer.last = line;
                        return Ok(answer);
                    }
                    if bytes > MAX_ANSWER_BYTES {
                        return Err(Failure::Flood);
                    }
                    match tokens.command.as_str() {
                        "error" => {
                            answer.error = tokens.get("message").map(dama_core::text::excerpt)
                        }
                        "param" => match tokens.get("name") {
                            Some("variant") => answer.variant = true,
                            Some("book") => answer.book = true,
                            _ => {}
                        },
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout(patience)),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Ended),
            }
        }
    }

    fn failure(&mut self, failure: Failure, doing: &str) -> PlayerError {
        // A crashed or hung engine is not used again; the next game starts a new one.
        self.process = None;
        match failure {
            Failure::Ended => {
                PlayerError::NoMove(self.name(), format!("the engine ended while {doing}"))
            }
            Failure::Timeout(t) => PlayerError::Timeout(self.name(), t.as_millis()),
            Failure::Flood => PlayerError::NoMove(
                self.name(),
                format!(
                    "the engine wrote more than {} MiB while {doing}",
                    MAX_ANSWER_BYTES >> 20
                ),
            ),
        }
    }

    /// Starts the engine (`hub`, its parameters, `init`) unless it runs already.
    pub fn start(&mut self, rules: &RuleSetInfo) -> Result<(), PlayerError> {
        if self.process.is_some() {
            return Ok(());
        }
        let name = self.name();
        let Some((program, args)) = self.command.split_first() else {
            return Err(PlayerError::Run(name, "no command".into()));
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A group of its own, killed whole when the engine is let go (a wrapper's children).
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| PlayerError::Run(name.clone(), e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(PlayerError::Run(name, "no pipes".into()));
        };
        let (tx, lines) = mpsc::sync_channel(QUEUE_LINES);
        std::thread::spawn(move || {
            // The reader ends with the engine's output, or when the engine is let go.
            let mut reader = BufReader::new(stdout);
            while let Some(line) = read_line(&mut reader) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
        });
        self.send("hub")?;
        let declared = self
            .until("wait", START_PATIENCE)
            .map_err(|f| self.failure(f, "answering hub"))?;
        if declared.variant {
            // The international game by Scan's name for it.
            let name = match rules.name.parse::<dama_core::Variant>() {
                Ok(v) => crate::hub::encoding::hub_name(v),
                Err(_) => rules.name,
            };
            self.send(&format!("set-param name=variant value={name}"))?;
        }
        if declared.book && !self.params.iter().any(|(n, _)| n == "book") {
            self.send(&format!("set-param name=book value={}", self.book))?;
        }
        for (param, value) in self.params.clone() {
            self.send(&format!(
                "set-param name={} value={}",
                protocol::quote(&param),
                protocol::quote(&value)
            ))?;
        }
        self.send("init")?;
        self.until("ready", START_PATIENCE)
            .map_err(|f| self.failure(f, "answering init"))?;
        Ok(())
    }

    /// The `level` line for this move (the engine having made `made` moves), and how long to
    /// wait for `done`. A move-count control tells the moves to its next control (`moves=`).
    fn level(&self, left: Option<Duration>, made: u32) -> (String, Duration) {
        let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
        let l = &self.limits;
        if let (Some(tc), Some(left)) = (l.time, left) {
            // `left` already holds this move's increment; the engine adds it itself.
            let time = left.saturating_sub(tc.increment);
            let mut line = format!("level time={}", secs(time));
            if !tc.increment.is_zero() {
                line += &format!(" inc={}", secs(tc.increment));
            }
            if let Some(to_go) = tc.moves_to_go(made) {
                line += &format!(" moves={to_go}");
            }
            return (line, left + Duration::from_secs(2));
        }
        if let Some(t) = l.movetime {
            return (
                format!("level move-time={}", secs(t)),
                t * 5 + Duration::from_secs(5),
            );
        }
        let wait = Duration::from_secs(600);
        match (l.depth, l.nodes) {
            (Some(d), _) => (format!("level depth={d}"), wait),
            (None, Some(n)) => (format!("level nodes={n}"), wait),
            (None, None) => ("level move-time=1".into(), Duration::from_secs(10)),
        }
    }

    /// The engine's move in the game's position, with `left` on its clock if it plays on one.
    pub fn choose<B: MatchBoard>(
        &mut self,
        game: &DynGame<B>,
        left: Option<Duration>,
    ) -> Result<MoveOn<B>, PlayerError> {
        let name = self.name();
        let rules = game.rules();
        let info = rules.info();
        let encoding = B::codec(info.name).ok_or_else(|| {
            PlayerError::Run(name.clone(), format!("no Hub encoding for {}", info.name))
        })?;
        if self.process.is_none() {
            self.start(&info)?;
        }
        let moves: Vec<String> = game.moves().map(|mv| encoding.write_move(mv)).collect();
        let pos = encoding.write_position(game.start());
        if moves.is_empty() {
            self.send(&format!("pos pos={pos}"))?;
        } else {
            self.send(&format!("pos pos={pos} moves=\"{}\"", moves.join(" ")))?;
        }
        let made = (game.moves().len() / 2) as u32;
        let (level, patience) = self.level(left, made);
        self.send(&level)?;
        self.send("go think")?;
        let answer = self
            .until("done", patience)
            .map_err(|f| self.failure(f, "thinking"))?;
        let done = protocol::tokenize(&answer.last).ok();
        let text = done
            .as_ref()
            .and_then(|t| t.get("move"))
            .unwrap_or("")
            .to_string();
        if text.is_empty() {
            let why = answer.error.unwrap_or_else(|| "done without a move".into());
            return Err(PlayerError::NoMove(name, why));
        }
        // The move quoted cut and with its control characters escaped (`text::excerpt`).
        encoding
            .read_move(rules, game.position(), &text)
            .map_err(|e| {
                PlayerError::Illegal(
                    name,
                    format!("{}: {}", dama_core::text::excerpt(&text), e.why()),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_count_control_tells_the_moves_to_go() {
        let secs = Duration::from_secs;
        let limits = |time: &str| Limits {
            time: Some(time.parse().unwrap()),
            ..Limits::default()
        };
        let player = HubPlayer::new("scan", Vec::new(), limits("40/2h,1h"));
        assert_eq!(
            player.level(Some(secs(7000)), 0).0,
            "level time=7000.000 moves=40"
        );
        assert_eq!(
            player.level(Some(secs(100)), 39).0,
            "level time=100.000 moves=1"
        );
        assert_eq!(player.level(Some(secs(3000)), 40).0, "level time=3000.000");
        let player = HubPlayer::new("scan", Vec::new(), limits("5m+2s"));
        assert_eq!(
            player.level(Some(secs(302)), 7).0,
            "level time=300.000 inc=2.000"
        );
    }
}
