//! The flow of one DXP game, independent of any board: GAMEREQ/GAMEACC, alternating MOVEs,
//! GAMEEND and its acknowledgement. The rules are the [`DxpPlayer`]'s business.

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::framing::{FrameError, MessageReader, ReadTimeout, WriteError, write_message};
use crate::message::{
    AcceptCode, BackAccCode, Colour, DxpError, EndReason, Message, PROTOCOL_VERSION, Start,
    StopCode,
};

/// A move as DXP carries it: from, to, and the captured squares (all 1–50).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveSpec {
    /// The square the piece leaves.
    pub from: u8,
    /// The square the piece ends on.
    pub to: u8,
    /// The squares of the captured pieces, in any order; empty for a plain move.
    pub captured: Vec<u8>,
}

impl MoveSpec {
    /// A plain move.
    pub fn plain(from: u8, to: u8) -> Self {
        MoveSpec {
            from,
            to,
            captured: Vec::new(),
        }
    }

    /// The MOVE message for this move, with `seconds` of thinking time.
    pub fn to_message(&self, seconds: u16) -> Message {
        Message::Move {
            seconds,
            from: self.from,
            to: self.to,
            captured: self.captured.clone(),
        }
    }
}

impl std::fmt::Display for MoveSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.captured.is_empty() {
            write!(f, "{}-{}", self.from, self.to)
        } else {
            write!(f, "{}x{}", self.from, self.to)?;
            let captured: Vec<String> = self.captured.iter().map(u8::to_string).collect();
            write!(f, " (captures {})", captured.join(","))
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

impl Outcome {
    /// The outcome in which `colour` wins.
    pub fn win_for(colour: Colour) -> Outcome {
        match colour {
            Colour::White => Outcome::WhiteWins,
            Colour::Black => Outcome::BlackWins,
        }
    }
}

/// The state of the game after the opponent's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The game is over by the rules.
    Over(Outcome),
}

/// What a session needs from the program: its rules and its engine.
pub trait DxpPlayer {
    /// Sets up a new game from `start`, playing `my_colour`. An `Err` refuses the game (the
    /// follower answers GAMEACC code 2; the initiator sends nothing).
    fn new_game(&mut self, start: &Start, my_colour: Colour) -> Result<(), String>;

    /// Chooses and plays this side's move. `None`: no move (the session resigns).
    fn my_move(&mut self) -> Option<MoveSpec>;

    /// Plays the opponent's move. `Err` says why the move is illegal; the session then ends
    /// the game with GAMEEND.
    fn their_move(&mut self, mv: &MoveSpec) -> Result<GameStatus, String>;

    /// The outcome if the game is over by the rules in the current position.
    fn game_over(&self) -> Option<Outcome>;
}

/// Settings of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionOptions {
    /// This program's name, sent in GAMEREQ or GAMEACC (fitted to 32 characters).
    pub name: String,
    /// Initiator only: the colour the follower is asked to play.
    pub follower_colour: Colour,
    /// Initiator only: thinking time per player in minutes (0–999).
    pub minutes: u16,
    /// Initiator only: number of moves for the game, 0 for no limit (0–999).
    pub moves: u16,
    /// Initiator only: the starting position.
    pub start: Start,
    /// The stop code of the GAMEEND messages this side sends (default `1`, stop entirely,
    /// since a session plays one game).
    pub stop: StopCode,
    /// Also print each log line to standard error.
    pub verbose: bool,
    /// The bound on each wait for the opponent's message, CHATs and BACKREQs on the way
    /// included and however slowly its bytes come ([`Wait`]); `None`: only the stream's own
    /// read timeout, which bounds each read, not the wait.
    pub timeout: Option<Duration>,
    /// The bound on the opponent's time in one game, all its waits from the accepted
    /// GAMEACC to the end together ([`SessionError::GameTime`] when it is used up); `None`:
    /// none.
    pub game_timeout: Option<Duration>,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            name: "dama".to_owned(),
            follower_colour: Colour::Black,
            minutes: 10,
            moves: 0,
            start: Start::Initial,
            stop: StopCode::StopAll,
            verbose: false,
            timeout: None,
            game_timeout: None,
        }
    }
}

/// Which side of the protocol a session plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Sends GAMEREQ.
    Initiator,
    /// Answers GAMEREQ with GAMEACC.
    Follower,
}

/// Why a session ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EndCause {
    /// This side sent the first GAMEEND on its turn: the game was over by the rules, or it
    /// had no move (reason [`EndReason::IResign`]).
    WeEnded {
        /// The reason sent.
        reason: EndReason,
    },
    /// The opponent sent the first GAMEEND; this side acknowledged it.
    TheyEnded {
        /// The opponent's reason.
        reason: EndReason,
        /// The opponent's stop code.
        stop: StopCode,
    },
    /// The opponent's move was illegal; this side sent GAMEEND.
    IllegalMove {
        /// The move received.
        mv: MoveSpec,
        /// Why the player rejected it.
        why: String,
    },
    /// The opponent sent bytes that are not a valid message; this side sent GAMEEND.
    Malformed {
        /// What was wrong.
        error: String,
    },
    /// The opponent sent a valid message that makes no sense here; this side sent GAMEEND.
    Unexpected {
        /// The message's type (`GAMEREQ`, `BACKACC`, ...).
        message: &'static str,
        /// What was expected instead.
        expected: &'static str,
    },
    /// The opponent sent [`MAX_ASIDES`] CHAT or BACKREQ messages where another was due; this
    /// side sent GAMEEND.
    Flooded {
        /// The messages that came (CHATs and BACKREQs).
        count: usize,
        /// What was expected instead.
        expected: &'static str,
    },
    /// The follower answered GAMEREQ with this refusal.
    TheyDeclined {
        /// The follower's acceptance code.
        code: AcceptCode,
    },
    /// This side (the follower) refused the game.
    WeDeclined {
        /// The code sent.
        code: AcceptCode,
        /// Why.
        why: String,
    },
    /// The opponent closed the connection (or reset it: a close whose unread bytes made the
    /// system answer with a reset).
    PeerClosed {
        /// Inside a message (bytes without a NUL were lost).
        mid_message: bool,
    },
}

/// At most this many lines are kept in [`SessionReport::log`], and this many texts in
/// [`SessionReport::chats`]; the log's last line then says how many more there were (each
/// is still printed when [`SessionOptions::verbose`]).
pub const MAX_KEPT_LINES: usize = 256;

/// What a session did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionReport {
    /// This side's role.
    pub role: Role,
    /// This side's colour, once known.
    pub my_colour: Option<Colour>,
    /// The opponent's program name, once received.
    pub opponent_name: Option<String>,
    /// Whether a game was agreed (GAMEACC code 0 sent or received).
    pub accepted: bool,
    /// The result, if known: from the player's rules, else from a GAMEEND reason; in an
    /// accepted game, the opponent's illegal move, malformed or unexpected message or flood
    /// of CHATs and BACKREQs loses it (a forfeit, as in `dama match`).
    pub outcome: Option<Outcome>,
    /// The moves played, both sides, in order.
    pub moves: Vec<MoveSpec>,
    /// Why the session ended.
    pub ended: EndCause,
    /// When this side sent the first GAMEEND: whether the opponent acknowledged it.
    pub acknowledged: Option<bool>,
    /// The CHAT texts received (the first [`MAX_KEPT_LINES`]).
    pub chats: Vec<String>,
    /// One line per notable event, the first [`MAX_KEPT_LINES`] (sent to standard error too
    /// if `verbose`). Texts from the opponent are quoted escaped (`{:?}`).
    pub log: Vec<String>,
}

/// Why a session failed without a regular end.
#[derive(Debug, Error)]
pub enum SessionError {
    /// No message came within the wait's bound ([`SessionOptions::timeout`], else the
    /// stream's read timeout).
    #[error("timed out waiting for {waiting_for} after {moves} moves")]
    Timeout {
        /// What the session was waiting for.
        waiting_for: &'static str,
        /// Moves played so far.
        moves: usize,
    },
    /// The opponent used up [`SessionOptions::game_timeout`].
    #[error(
        "the other program took more than {seconds} s in the game (waiting for {waiting_for} after {moves} moves)"
    )]
    GameTime {
        /// The bound, in seconds.
        seconds: u64,
        /// What the session was waiting for.
        waiting_for: &'static str,
        /// Moves played so far.
        moves: usize,
    },
    /// The player refused to set up the initiator's game; nothing was sent.
    #[error("the player refused the game: {0}")]
    Setup(String),
    /// This side's own move does not fit a MOVE message (a GAMEEND was sent instead).
    #[error("own move cannot be sent: {0}")]
    InvalidOwnMove(DxpError),
    /// Reading or writing failed.
    #[error("connection failed: {0}")]
    Io(#[from] io::Error),
}

impl From<WriteError> for SessionError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Invalid(e) => SessionError::InvalidOwnMove(e),
            WriteError::Io(e) => SessionError::Io(e),
        }
    }
}

/// At most this many CHAT and BACKREQ messages are read while one message is awaited (the
/// `dxp=` player of `dama match` and the sessions alike); the messages ignored while a
/// GAMEEND's acknowledgement is awaited count too.
pub const MAX_ASIDES: usize = 64;

/// The bounds of one wait for the opponent's message: a deadline and an allowance of CHAT
/// and BACKREQ messages. One `Wait` may serve several reads (the wait for an acknowledgement
/// that ignores other messages); its deadline and allowance are shared by them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait {
    /// When the wait ends; `None`: only the stream's read timeout bounds each read.
    pub deadline: Option<Instant>,
    /// CHAT and BACKREQ messages (and ignored ones) still allowed.
    pub asides_left: usize,
}

impl Wait {
    /// A wait of at most `patience` from now (`None`: no deadline), with [`MAX_ASIDES`]
    /// messages allowed.
    pub fn new(patience: Option<Duration>) -> Wait {
        Wait {
            deadline: patience.and_then(|p| Instant::now().checked_add(p)),
            asides_left: MAX_ASIDES,
        }
    }
}

/// A CHAT or a BACKREQ read on the way to the awaited message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aside<'a> {
    /// A CHAT and its text (raw: quote it escaped).
    Chat(&'a str),
    /// A BACKREQ, answered BACKACC code 1 (not supported).
    BackReq {
        /// The move number asked for.
        move_number: u16,
        /// The colour to move there.
        colour: Colour,
    },
}

/// How a wait for the opponent's message ended ([`await_message`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Awaited {
    /// The next message other than a CHAT or a BACKREQ.
    Message(Message),
    /// The opponent closed the connection (a reset or an aborted connection included).
    Closed {
        /// Inside a message.
        mid_message: bool,
    },
    /// Bytes that are not a valid message (or over the length bound), described; the reader
    /// is at the next message.
    Malformed(String),
    /// The wait's allowance of CHAT and BACKREQ messages was used up; this many came.
    Flooded(usize),
    /// The deadline (or the stream's read timeout) passed.
    Timeout,
}

/// Whether `e` says the other side closed the connection (a reset, an abort, a broken pipe,
/// an end of stream) rather than a failure of this side.
pub fn is_closed(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::ConnectionReset
            | ErrorKind::ConnectionAborted
            | ErrorKind::BrokenPipe
            | ErrorKind::UnexpectedEof
            | ErrorKind::NotConnected
    )
}

/// Reads the opponent's next message other than a CHAT or a BACKREQ, within `wait`: each
/// CHAT or BACKREQ is shown to `aside` and uses one of the wait's allowance (a BACKREQ is
/// answered with BACKACC code 1, not supported); the deadline bounds the whole wait, each
/// read set to the time left. The one reader of the opponent's messages for the sessions and
/// for `dama match`'s `dxp=` player. `Err` only for a failure of the stream other than a
/// close.
pub fn await_message<S: Read + Write + ReadTimeout>(
    reader: &mut MessageReader<S>,
    wait: &mut Wait,
    mut aside: impl FnMut(Aside<'_>),
) -> Result<Awaited, io::Error> {
    let mut count = 0;
    loop {
        if wait.asides_left == 0 {
            return Ok(Awaited::Flooded(count));
        }
        let read = match wait.deadline {
            Some(deadline) => reader.read_message_before(deadline),
            None => reader.read_message(),
        };
        match read {
            Ok(Some(Message::Chat(text))) => {
                wait.asides_left -= 1;
                count += 1;
                aside(Aside::Chat(&text));
            }
            Ok(Some(Message::BackReq {
                move_number,
                colour,
            })) => {
                wait.asides_left -= 1;
                count += 1;
                aside(Aside::BackReq {
                    move_number,
                    colour,
                });
                let answer = Message::BackAcc {
                    code: BackAccCode::NotSupported,
                };
                match write_message(reader.get_mut(), &answer) {
                    Ok(()) => {}
                    Err(WriteError::Io(e)) if is_closed(&e) => {
                        return Ok(Awaited::Closed { mid_message: false });
                    }
                    Err(WriteError::Io(e)) => return Err(e),
                    Err(WriteError::Invalid(e)) => {
                        return Err(io::Error::new(ErrorKind::InvalidData, e.to_string()));
                    }
                }
            }
            Ok(Some(message)) => return Ok(Awaited::Message(message)),
            Ok(None) => return Ok(Awaited::Closed { mid_message: false }),
            Err(FrameError::ClosedMidMessage { .. }) => {
                return Ok(Awaited::Closed { mid_message: true });
            }
            Err(e @ (FrameError::Malformed { .. } | FrameError::TooLong { .. })) => {
                return Ok(Awaited::Malformed(e.to_string()));
            }
            Err(FrameError::Timeout) => return Ok(Awaited::Timeout),
            Err(FrameError::Io(e)) if e.kind() == ErrorKind::Interrupted => {}
            Err(FrameError::Io(e)) if is_closed(&e) => {
                return Ok(Awaited::Closed { mid_message: false });
            }
            Err(FrameError::Io(e)) => return Err(e),
        }
    }
}

/// Plays one game as the initiator over `stream`: sends GAMEREQ from `options`, waits for
/// GAMEACC, then alternates MOVEs until a GAMEEND.
pub fn run_initiator<S: Read + Write + ReadTimeout, P: DxpPlayer>(
    stream: S,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    run_initiator_on(&mut MessageReader::new(stream), player, options)
}

/// [`run_initiator`] on a reader kept from game to game: the bytes it read past the last
/// message stay in it, so the next game on the same connection starts where this one ended.
pub fn run_initiator_on<S: Read + Write + ReadTimeout, P: DxpPlayer>(
    reader: &mut MessageReader<S>,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    let my_colour = options.follower_colour.opposite();
    player
        .new_game(&options.start, my_colour)
        .map_err(SessionError::Setup)?;
    let mut s = Session::new(reader, player, options, Role::Initiator);
    s.report.my_colour = Some(my_colour);
    let ended = s.initiate(my_colour);
    s.conclude(ended)
}

/// Plays one game as the follower over `stream`: waits for GAMEREQ, answers GAMEACC (refusing
/// another protocol version with code 1, or a game the player refuses with code 2), then
/// alternates MOVEs until a GAMEEND.
pub fn run_follower<S: Read + Write + ReadTimeout, P: DxpPlayer>(
    stream: S,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    run_follower_on(&mut MessageReader::new(stream), player, options)
}

/// [`run_follower`] on a reader kept from game to game (see [`run_initiator_on`]): call it
/// again after a game for the initiator's next GAMEREQ. A stream that ends cleanly before
/// any GAMEREQ gives a report with [`EndCause::PeerClosed`], no colour and no moves; any
/// report without a colour is one of a game that never began (no GAMEREQ was read).
pub fn run_follower_on<S: Read + Write + ReadTimeout, P: DxpPlayer>(
    reader: &mut MessageReader<S>,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    let mut s = Session::new(reader, player, options, Role::Follower);
    let ended = s.follow();
    s.conclude(ended)
}

/// What the session read, chats and back requests already handled.
enum Incoming {
    Message(Message),
    Malformed(String),
    Flooded(usize),
    Closed { mid_message: bool },
}

struct Session<'a, S, P> {
    reader: &'a mut MessageReader<S>,
    player: &'a mut P,
    options: &'a SessionOptions,
    report: SessionReport,
    /// The opponent's time in this game so far (its waits since the accepted GAMEACC).
    peer_time: Duration,
    /// Log lines not kept (over [`MAX_KEPT_LINES`]).
    lines_dropped: usize,
}

/// Adds `line` to `log` (printed first if `verbose`), unless [`MAX_KEPT_LINES`] are kept.
fn log_line(log: &mut Vec<String>, dropped: &mut usize, verbose: bool, line: String) {
    if verbose {
        eprintln!("dxp: {line}");
    }
    if log.len() < MAX_KEPT_LINES {
        log.push(line);
    } else {
        *dropped += 1;
    }
}

impl<'a, S: Read + Write + ReadTimeout, P: DxpPlayer> Session<'a, S, P> {
    fn new(
        reader: &'a mut MessageReader<S>,
        player: &'a mut P,
        options: &'a SessionOptions,
        role: Role,
    ) -> Self {
        Session {
            reader,
            player,
            options,
            report: SessionReport {
                role,
                my_colour: None,
                opponent_name: None,
                accepted: false,
                outcome: None,
                moves: Vec::new(),
                ended: EndCause::PeerClosed { mid_message: false },
                acknowledged: None,
                chats: Vec::new(),
                log: Vec::new(),
            },
            peer_time: Duration::ZERO,
            lines_dropped: 0,
        }
    }

    fn log(&mut self, line: String) {
        log_line(
            &mut self.report.log,
            &mut self.lines_dropped,
            self.options.verbose,
            line,
        );
    }

    fn send(&mut self, message: &Message) -> Result<(), SessionError> {
        write_message(self.reader.get_mut(), message)?;
        Ok(())
    }

    /// The report of the session that ended with `ended`: a failure of the stream that is
    /// the opponent's close (a reset) ends it as [`EndCause::PeerClosed`], the moves kept.
    fn conclude(
        mut self,
        ended: Result<EndCause, SessionError>,
    ) -> Result<SessionReport, SessionError> {
        let ended = match ended {
            Ok(ended) => ended,
            Err(SessionError::Io(e)) if is_closed(&e) => {
                self.log(format!("connection closed by the opponent ({e})"));
                EndCause::PeerClosed { mid_message: false }
            }
            Err(e) => return Err(e),
        };
        if self.lines_dropped > 0 {
            let line = format!("({} more lines not kept)", self.lines_dropped);
            self.report.log.push(line);
        }
        self.report.ended = ended;
        Ok(self.report)
    }

    /// The opponent, in an accepted game, loses it for breaking the rules or the protocol.
    fn forfeit(&mut self) {
        if self.report.accepted && self.report.outcome.is_none() {
            self.report.outcome = self.report.my_colour.map(Outcome::win_for);
        }
    }

    /// The next message that is not a CHAT or a BACKREQ (a BACKREQ is refused with BACKACC
    /// "not supported"), within [`SessionOptions::timeout`] and what is left of
    /// [`SessionOptions::game_timeout`].
    fn next(&mut self, waiting_for: &'static str) -> Result<Incoming, SessionError> {
        let mut wait = Wait::new(self.patience(waiting_for)?);
        self.next_within(&mut wait, waiting_for)
    }

    /// The bound on the next wait: the timeout, or the game's time left if less.
    fn patience(&mut self, waiting_for: &'static str) -> Result<Option<Duration>, SessionError> {
        let game_left = self
            .options
            .game_timeout
            .filter(|_| self.report.accepted)
            .map(|g| g.saturating_sub(self.peer_time));
        if game_left.is_some_and(|left| left.is_zero()) {
            return Err(self.game_time_error(waiting_for));
        }
        Ok(match (self.options.timeout, game_left) {
            (Some(t), Some(g)) => Some(t.min(g)),
            (t, g) => t.or(g),
        })
    }

    fn game_time_error(&mut self, waiting_for: &'static str) -> SessionError {
        let seconds = self.options.game_timeout.unwrap_or_default().as_secs();
        let moves = self.report.moves.len();
        self.log(format!(
            "the opponent used up its {seconds} s for the game waiting for {waiting_for}"
        ));
        SessionError::GameTime {
            seconds,
            waiting_for,
            moves,
        }
    }

    fn next_within(
        &mut self,
        wait: &mut Wait,
        waiting_for: &'static str,
    ) -> Result<Incoming, SessionError> {
        let started = Instant::now();
        let verbose = self.options.verbose;
        let report = &mut self.report;
        let dropped = &mut self.lines_dropped;
        let awaited = await_message(self.reader, wait, |aside| match aside {
            Aside::Chat(text) => {
                log_line(&mut report.log, dropped, verbose, format!("CHAT: {text:?}"));
                if report.chats.len() < MAX_KEPT_LINES {
                    report.chats.push(text.to_owned());
                }
            }
            Aside::BackReq {
                move_number,
                colour,
            } => log_line(
                &mut report.log,
                dropped,
                verbose,
                format!("BACKREQ to move {move_number} ({colour:?}) refused: not supported"),
            ),
        });
        if self.report.accepted {
            self.peer_time += started.elapsed();
        }
        match awaited? {
            Awaited::Message(message) => Ok(Incoming::Message(message)),
            Awaited::Closed { mid_message } => Ok(Incoming::Closed { mid_message }),
            Awaited::Malformed(error) => Ok(Incoming::Malformed(error)),
            Awaited::Flooded(count) => Ok(Incoming::Flooded(count)),
            Awaited::Timeout => {
                let game_over_time = self.report.accepted
                    && self
                        .options
                        .game_timeout
                        .is_some_and(|g| self.peer_time >= g);
                if game_over_time {
                    return Err(self.game_time_error(waiting_for));
                }
                let moves = self.report.moves.len();
                self.log(format!("timed out waiting for {waiting_for}"));
                Err(SessionError::Timeout { waiting_for, moves })
            }
        }
    }

    /// The initiator's game: GAMEREQ, GAMEACC, the moves.
    fn initiate(&mut self, my_colour: Colour) -> Result<EndCause, SessionError> {
        let options = self.options;
        self.send(&Message::GameReq {
            version: PROTOCOL_VERSION,
            initiator_name: options.name.clone(),
            follower_colour: options.follower_colour,
            minutes: options.minutes,
            moves: options.moves,
            start: options.start.clone(),
        })?;
        self.log(format!("sent GAMEREQ, playing {my_colour:?}"));
        let expected = "GAMEACC";
        match self.next(expected)? {
            Incoming::Message(Message::GameAcc {
                follower_name,
                acceptance,
            }) => {
                self.log(format!("GAMEACC from {follower_name:?}: {acceptance:?}"));
                self.report.opponent_name = Some(follower_name);
                if acceptance != AcceptCode::Accept {
                    return Ok(EndCause::TheyDeclined { code: acceptance });
                }
                self.report.accepted = true;
            }
            other => return self.on_other(other, expected),
        }
        self.play(my_colour, &options.start)
    }

    /// The follower's game: GAMEREQ, GAMEACC, the moves.
    fn follow(&mut self) -> Result<EndCause, SessionError> {
        let expected = "GAMEREQ";
        let (my_colour, start) = match self.next(expected)? {
            Incoming::Message(Message::GameReq {
                version,
                initiator_name,
                follower_colour,
                minutes,
                moves,
                start,
            }) => {
                self.log(format!(
                    "GAMEREQ from {initiator_name:?}: version {version:02}, we play {follower_colour:?}, {minutes} minutes, {moves} moves"
                ));
                self.report.opponent_name = Some(initiator_name);
                self.report.my_colour = Some(follower_colour);
                let refusal = if version != PROTOCOL_VERSION {
                    Some((
                        AcceptCode::VersionMismatch,
                        format!("protocol version {version:02}, expected {PROTOCOL_VERSION:02}"),
                    ))
                } else {
                    self.player
                        .new_game(&start, follower_colour)
                        .err()
                        .map(|why| (AcceptCode::DeclineThisGame, why))
                };
                let acceptance = refusal.as_ref().map_or(AcceptCode::Accept, |r| r.0);
                self.send(&Message::GameAcc {
                    follower_name: self.options.name.clone(),
                    acceptance,
                })?;
                if let Some((code, why)) = refusal {
                    self.log(format!("declined the game ({code:?}): {why}"));
                    return Ok(EndCause::WeDeclined { code, why });
                }
                self.report.accepted = true;
                (follower_colour, start)
            }
            other => return self.on_other(other, expected),
        };
        self.play(my_colour, &start)
    }

    /// Handles what is not the awaited message: the peer's GAMEEND, a close, a malformed or
    /// unexpected message, a flood.
    fn on_other(
        &mut self,
        incoming: Incoming,
        expected: &'static str,
    ) -> Result<EndCause, SessionError> {
        match incoming {
            Incoming::Message(Message::GameEnd { reason, stop }) => {
                self.log(format!(
                    "GAMEEND from the opponent ({reason:?}, {stop:?}); acknowledging"
                ));
                // The game is over either way: a peer that hung up right after its GAMEEND
                // (as pydraughts does) is no failure of this session.
                if let Err(e) = self.send(&Message::GameEnd {
                    reason: EndReason::Unspecified,
                    stop: self.options.stop,
                }) {
                    self.log(format!("could not acknowledge the GAMEEND: {e}"));
                }
                // A GAMEEND before the game was accepted (in answer to GAMEREQ) scores
                // nothing: there was no game.
                if self.report.outcome.is_none() && self.report.accepted {
                    self.report.outcome = self.player.game_over().or_else(|| {
                        let theirs = self.report.my_colour?.opposite();
                        match reason {
                            EndReason::IResign => Some(Outcome::win_for(theirs.opposite())),
                            EndReason::IWin => Some(Outcome::win_for(theirs)),
                            EndReason::Draw => Some(Outcome::Draw),
                            EndReason::Unspecified => None,
                        }
                    });
                }
                Ok(EndCause::TheyEnded { reason, stop })
            }
            Incoming::Message(message) => {
                let kind = message.kind();
                self.log(format!(
                    "unexpected {kind} while waiting for {expected}; sending GAMEEND"
                ));
                self.forfeit();
                self.end_game(
                    EndReason::Unspecified,
                    EndCause::Unexpected {
                        message: kind,
                        expected,
                    },
                )
            }
            Incoming::Malformed(error) => {
                self.log(format!("{error}; sending GAMEEND"));
                self.forfeit();
                self.end_game(EndReason::Unspecified, EndCause::Malformed { error })
            }
            Incoming::Flooded(count) => {
                self.log(format!(
                    "{count} CHAT or BACKREQ messages while waiting for {expected}; sending GAMEEND"
                ));
                self.forfeit();
                self.end_game(
                    EndReason::Unspecified,
                    EndCause::Flooded { count, expected },
                )
            }
            Incoming::Closed { mid_message } => {
                self.log(format!(
                    "connection closed by the opponent{}",
                    if mid_message {
                        " in the middle of a message"
                    } else {
                        ""
                    }
                ));
                Ok(EndCause::PeerClosed { mid_message })
            }
        }
    }

    /// Sends the first GAMEEND and waits for its acknowledgement: one wait of
    /// [`SessionOptions::timeout`] in which at most [`MAX_ASIDES`] other messages are
    /// ignored. A game that was never begun (no GAMEREQ read) is not waited for.
    fn end_game(&mut self, reason: EndReason, ended: EndCause) -> Result<EndCause, SessionError> {
        match self.send(&Message::GameEnd {
            reason,
            stop: self.options.stop,
        }) {
            Ok(()) => {}
            Err(SessionError::Io(e)) if is_closed(&e) => {
                self.log(format!("could not send GAMEEND: {e}"));
                self.report.acknowledged = Some(false);
                return Ok(ended);
            }
            Err(e) => return Err(e),
        }
        if self.report.my_colour.is_none() {
            return Ok(ended);
        }
        let mut acknowledged = false;
        let mut wait = Wait::new(self.options.timeout);
        while wait.asides_left > 0 {
            let expected = "the acknowledging GAMEEND";
            let incoming = match self.next_within(&mut wait, expected) {
                Ok(incoming) => incoming,
                Err(_) => break,
            };
            match incoming {
                Incoming::Message(Message::GameEnd { .. }) => {
                    acknowledged = true;
                    break;
                }
                Incoming::Message(other) => {
                    let kind = other.kind();
                    self.log(format!("ignored {kind} while waiting for GAMEEND"));
                }
                Incoming::Malformed(error) => {
                    self.log(format!("ignored {error} while waiting for GAMEEND"));
                }
                Incoming::Closed { .. } | Incoming::Flooded(_) => break,
            }
            wait.asides_left = wait.asides_left.saturating_sub(1);
        }
        if !acknowledged {
            self.log("GAMEEND not acknowledged".to_owned());
        }
        self.report.acknowledged = Some(acknowledged);
        Ok(ended)
    }

    fn play(&mut self, my_colour: Colour, start: &Start) -> Result<EndCause, SessionError> {
        let mut my_turn = start.to_move() == my_colour;
        loop {
            if my_turn {
                if let Some(outcome) = self.player.game_over().or(self.report.outcome) {
                    self.report.outcome = Some(outcome);
                    let reason = match outcome {
                        Outcome::Draw => EndReason::Draw,
                        o if o == Outcome::win_for(my_colour) => EndReason::IWin,
                        _ => EndReason::IResign,
                    };
                    self.log(format!("game over ({outcome:?}); sending GAMEEND"));
                    return self.end_game(reason, EndCause::WeEnded { reason });
                }
                let started = Instant::now();
                let Some(mv) = self.player.my_move() else {
                    self.report.outcome = Some(Outcome::win_for(my_colour.opposite()));
                    self.log("no move: resigning with GAMEEND".to_owned());
                    let reason = EndReason::IResign;
                    return self.end_game(reason, EndCause::WeEnded { reason });
                };
                let seconds = started.elapsed().as_secs().min(9999) as u16;
                let message = mv.to_message(seconds);
                if let Err(e) = message.validate() {
                    self.log(format!(
                        "own move {mv} cannot be sent ({e}); sending GAMEEND"
                    ));
                    let _ = self.send(&Message::GameEnd {
                        reason: EndReason::Unspecified,
                        stop: self.options.stop,
                    });
                    return Err(SessionError::InvalidOwnMove(e));
                }
                self.send(&message)?;
                self.report.moves.push(mv);
                my_turn = false;
            } else {
                let expected = "MOVE";
                match self.next(expected)? {
                    Incoming::Message(Message::Move {
                        from, to, captured, ..
                    }) => {
                        let mv = MoveSpec { from, to, captured };
                        match self.player.their_move(&mv) {
                            Ok(status) => {
                                self.report.moves.push(mv);
                                if let GameStatus::Over(outcome) = status {
                                    self.report.outcome = Some(outcome);
                                }
                                my_turn = true;
                            }
                            Err(why) => {
                                self.log(format!(
                                    "illegal move {mv} from the opponent after {} moves: {why}; sending GAMEEND",
                                    self.report.moves.len()
                                ));
                                self.forfeit();
                                return self.end_game(
                                    EndReason::Unspecified,
                                    EndCause::IllegalMove { mv, why },
                                );
                            }
                        }
                    }
                    other => return self.on_other(other, expected),
                }
            }
        }
    }
}
