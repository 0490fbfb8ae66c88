//! The flow of one DXP game, independent of any board: GAMEREQ/GAMEACC, alternating MOVEs,
//! GAMEEND and its acknowledgement. The rules are the [`DxpPlayer`]'s business.

use std::io::{self, Read, Write};
use std::time::Instant;

use thiserror::Error;

use crate::framing::{FrameError, MessageReader, WriteError, write_message};
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
    /// The opponent closed the connection.
    PeerClosed {
        /// Inside a message (bytes without a NUL were lost).
        mid_message: bool,
    },
}

/// What a session did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionReport {
    /// This side's role.
    pub role: Role,
    /// This side's colour, once known.
    pub my_colour: Option<Colour>,
    /// The opponent's program name, once received.
    pub opponent_name: Option<String>,
    /// The result, if known (from the player's rules, else from a GAMEEND reason).
    pub outcome: Option<Outcome>,
    /// The moves played, both sides, in order.
    pub moves: Vec<MoveSpec>,
    /// Why the session ended.
    pub ended: EndCause,
    /// When this side sent the first GAMEEND: whether the opponent acknowledged it.
    pub acknowledged: Option<bool>,
    /// The CHAT texts received.
    pub chats: Vec<String>,
    /// One line per notable event (sent to standard error too if `verbose`).
    pub log: Vec<String>,
}

/// Why a session failed without a regular end.
#[derive(Debug, Error)]
pub enum SessionError {
    /// No message came within the stream's read timeout.
    #[error("timed out waiting for {waiting_for} after {moves} moves")]
    Timeout {
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

/// Plays one game as the initiator over `stream`: sends GAMEREQ from `options`, waits for
/// GAMEACC, then alternates MOVEs until a GAMEEND.
pub fn run_initiator<S: Read + Write, P: DxpPlayer>(
    stream: S,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    run_initiator_on(&mut MessageReader::new(stream), player, options)
}

/// [`run_initiator`] on a reader kept from game to game: the bytes it read past the last
/// message stay in it, so the next game on the same connection starts where this one ended.
pub fn run_initiator_on<S: Read + Write, P: DxpPlayer>(
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
    s.send(&Message::GameReq {
        version: PROTOCOL_VERSION,
        initiator_name: options.name.clone(),
        follower_colour: options.follower_colour,
        minutes: options.minutes,
        moves: options.moves,
        start: options.start.clone(),
    })?;
    s.log(format!("sent GAMEREQ, playing {my_colour:?}"));
    let expected = "GAMEACC";
    match s.next(expected)? {
        Incoming::Message(Message::GameAcc {
            follower_name,
            acceptance,
        }) => {
            s.log(format!("GAMEACC from {follower_name:?}: {acceptance:?}"));
            s.report.opponent_name = Some(follower_name);
            if acceptance != AcceptCode::Accept {
                return Ok(s.finish(EndCause::TheyDeclined { code: acceptance }));
            }
        }
        other => return s.on_other(other, expected),
    }
    s.play(my_colour, &options.start)
}

/// Plays one game as the follower over `stream`: waits for GAMEREQ, answers GAMEACC (refusing
/// another protocol version with code 1, or a game the player refuses with code 2), then
/// alternates MOVEs until a GAMEEND.
pub fn run_follower<S: Read + Write, P: DxpPlayer>(
    stream: S,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    run_follower_on(&mut MessageReader::new(stream), player, options)
}

/// [`run_follower`] on a reader kept from game to game (see [`run_initiator_on`]): call it
/// again after a game for the initiator's next GAMEREQ. A stream that ends cleanly before
/// any GAMEREQ gives a report with [`EndCause::PeerClosed`], no colour and no moves.
pub fn run_follower_on<S: Read + Write, P: DxpPlayer>(
    reader: &mut MessageReader<S>,
    player: &mut P,
    options: &SessionOptions,
) -> Result<SessionReport, SessionError> {
    let mut s = Session::new(reader, player, options, Role::Follower);
    let expected = "GAMEREQ";
    let (my_colour, start) = match s.next(expected)? {
        Incoming::Message(Message::GameReq {
            version,
            initiator_name,
            follower_colour,
            minutes,
            moves,
            start,
        }) => {
            s.log(format!(
                    "GAMEREQ from {initiator_name:?}: version {version:02}, we play {follower_colour:?}, {minutes} minutes, {moves} moves"
                ));
            s.report.opponent_name = Some(initiator_name);
            s.report.my_colour = Some(follower_colour);
            let refusal = if version != PROTOCOL_VERSION {
                Some((
                    AcceptCode::VersionMismatch,
                    format!("protocol version {version:02}, expected {PROTOCOL_VERSION:02}"),
                ))
            } else {
                s.player
                    .new_game(&start, follower_colour)
                    .err()
                    .map(|why| (AcceptCode::DeclineThisGame, why))
            };
            let acceptance = refusal.as_ref().map_or(AcceptCode::Accept, |r| r.0);
            s.send(&Message::GameAcc {
                follower_name: options.name.clone(),
                acceptance,
            })?;
            if let Some((code, why)) = refusal {
                s.log(format!("declined the game ({code:?}): {why}"));
                return Ok(s.finish(EndCause::WeDeclined { code, why }));
            }
            (follower_colour, start)
        }
        other => return s.on_other(other, expected),
    };
    s.play(my_colour, &start)
}

/// What the session read, chats and back requests already handled.
enum Incoming {
    Message(Message),
    Malformed(String),
    Closed { mid_message: bool },
}

struct Session<'a, S, P> {
    reader: &'a mut MessageReader<S>,
    player: &'a mut P,
    options: &'a SessionOptions,
    report: SessionReport,
}

/// How many messages to read at most while waiting for the acknowledgement of a GAMEEND.
const MAX_MESSAGES_BEFORE_ACK: usize = 64;

impl<'a, S: Read + Write, P: DxpPlayer> Session<'a, S, P> {
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
                outcome: None,
                moves: Vec::new(),
                ended: EndCause::PeerClosed { mid_message: false },
                acknowledged: None,
                chats: Vec::new(),
                log: Vec::new(),
            },
        }
    }

    fn log(&mut self, line: String) {
        if self.options.verbose {
            eprintln!("dxp: {line}");
        }
        self.report.log.push(line);
    }

    fn send(&mut self, message: &Message) -> Result<(), SessionError> {
        write_message(self.reader.get_mut(), message)?;
        Ok(())
    }

    fn finish(mut self, ended: EndCause) -> SessionReport {
        self.report.ended = ended;
        self.report
    }

    /// The next message that is not a CHAT or a BACKREQ (a BACKREQ is refused with BACKACC
    /// "not supported").
    fn next(&mut self, waiting_for: &'static str) -> Result<Incoming, SessionError> {
        loop {
            match self.reader.read_message() {
                Ok(Some(Message::Chat(text))) => {
                    self.log(format!("CHAT: {text}"));
                    self.report.chats.push(text);
                }
                Ok(Some(Message::BackReq {
                    move_number,
                    colour,
                })) => {
                    self.log(format!(
                        "BACKREQ to move {move_number} ({colour:?}) refused: not supported"
                    ));
                    self.send(&Message::BackAcc {
                        code: BackAccCode::NotSupported,
                    })?;
                }
                Ok(Some(message)) => return Ok(Incoming::Message(message)),
                Ok(None) => return Ok(Incoming::Closed { mid_message: false }),
                Err(FrameError::ClosedMidMessage { .. }) => {
                    return Ok(Incoming::Closed { mid_message: true });
                }
                Err(e @ (FrameError::Malformed { .. } | FrameError::TooLong { .. })) => {
                    return Ok(Incoming::Malformed(e.to_string()));
                }
                Err(FrameError::Timeout) => {
                    let moves = self.report.moves.len();
                    self.log(format!("timed out waiting for {waiting_for}"));
                    return Err(SessionError::Timeout { waiting_for, moves });
                }
                Err(FrameError::Io(e)) => return Err(SessionError::Io(e)),
            }
        }
    }

    /// Handles what is not the awaited message: the peer's GAMEEND, a close, a malformed or
    /// unexpected message.
    fn on_other(
        mut self,
        incoming: Incoming,
        expected: &'static str,
    ) -> Result<SessionReport, SessionError> {
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
                if self.report.outcome.is_none() {
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
                Ok(self.finish(EndCause::TheyEnded { reason, stop }))
            }
            Incoming::Message(message) => {
                let kind = message.kind();
                self.log(format!(
                    "unexpected {kind} while waiting for {expected}; sending GAMEEND"
                ));
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
                self.end_game(EndReason::Unspecified, EndCause::Malformed { error })
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
                Ok(self.finish(EndCause::PeerClosed { mid_message }))
            }
        }
    }

    /// Sends the first GAMEEND and waits for its acknowledgement.
    fn end_game(
        mut self,
        reason: EndReason,
        ended: EndCause,
    ) -> Result<SessionReport, SessionError> {
        self.send(&Message::GameEnd {
            reason,
            stop: self.options.stop,
        })?;
        let mut acknowledged = false;
        for _ in 0..MAX_MESSAGES_BEFORE_ACK {
            match self.next("the acknowledging GAMEEND") {
                Ok(Incoming::Message(Message::GameEnd { .. })) => {
                    acknowledged = true;
                    break;
                }
                Ok(Incoming::Message(other)) => {
                    let kind = other.kind();
                    self.log(format!("ignored {kind} while waiting for GAMEEND"));
                }
                Ok(Incoming::Malformed(error)) => {
                    self.log(format!("ignored {error} while waiting for GAMEEND"));
                }
                Ok(Incoming::Closed { .. }) | Err(_) => break,
            }
        }
        if !acknowledged {
            self.log("GAMEEND not acknowledged".to_owned());
        }
        self.report.acknowledged = Some(acknowledged);
        Ok(self.finish(ended))
    }

    fn play(mut self, my_colour: Colour, start: &Start) -> Result<SessionReport, SessionError> {
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
