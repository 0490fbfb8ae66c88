//! A `dxp=HOST:PORT` player: any program that speaks DamExchange (DXP, the `dama-dxp`
//! crate), on the international 10×10 board. `dama match` is the initiator.
//!
//! One connection serves the games of the seat, one after the other (DXP lets the initiator
//! send a new GAMEREQ after a GAMEEND); it is opened when the match starts, and opened again
//! for the next game after it broke (a timeout, a close, a GAMEEND with stop code 1, a
//! GAMEEND that was not acknowledged). Each game begins, at the player's first turn, with a
//! GAMEREQ carrying the game's start (the position after the opening's moves, so that
//! balanced openings are played), the colour the program plays and the thinking time; a
//! GAMEACC other than an acceptance loses that game. Then the referee's moves of the other
//! player are sent as MOVEs and the program's MOVE is read, checked against the legal moves
//! and played. At the end of the game the last move is sent, and the game is closed with
//! GAMEEND: the program's own GAMEEND (when the rules ended the game after the move sent) is
//! acknowledged, else this side sends one (on its turn, as the protocol asks) and waits for
//! the acknowledgement. This side's GAMEEND messages carry stop code 0 (another game
//! welcome); after the last game the connection is closed.
//!
//! Every wait is bounded: by the length limit of the protocol crate, by
//! [`dama_dxp::MAX_ASIDES`] CHAT and BACKREQ messages, and in time, the whole wait, by the
//! player's `timeout=` (seconds, default 600) or, on a clock, by the time left on it and two
//! seconds. A program that closes the connection, is silent past the bound, sends a
//! malformed or unexpected message, an illegal move or a GAMEEND of its own in a game that
//! goes on loses the game ([`PlayerError`]) and the match goes on.

use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use dama_core::game::{DynGame, Game, Outcome as GameOutcome};
use dama_core::{Color, MoveListOn, MoveOn};
use dama_dxp::{
    AcceptCode, Awaited, EndReason, Message, MessageReader, MoveSpec, StopCode, Wait,
    await_message, message::PROTOCOL_VERSION, write_message,
};

use super::MatchBoard;
use super::player_error::PlayerError;

/// The per-move bound of a player without `timeout=` and without a clock.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// A program on the far end of a DXP connection.
pub struct DxpPlayer {
    /// `HOST:PORT`.
    address: String,
    /// The name in errors (the spec's name).
    name: String,
    /// The thinking time per player announced in GAMEREQ, in minutes.
    minutes: u16,
    /// The bound on each wait when there is no clock.
    timeout: Duration,
    /// The open connection.
    conn: Option<MessageReader<TcpStream>>,
    /// The game being played.
    game: Option<InGame>,
}

/// The game of the current match game, as the protocol sees it.
struct InGame {
    /// The colour the program plays.
    peer: Color,
    /// Plies of the referee's game the program knows (the opening's and those sent or read).
    known: usize,
    /// GAMEREQ was sent and accepted.
    requested: bool,
    /// The protocol's game is over (GAMEEND exchanged, refused, or the connection dropped).
    ended: bool,
}

/// What came instead of the awaited message.
enum Got {
    Message(Message),
    /// A failure that ends the game; the connection is still usable after a GAMEEND.
    Broken(PlayerError),
}

/// The legal move of the game that a MOVE names (its captured squares in any order).
fn legal_move<B: MatchBoard>(
    game: &DynGame<B>,
    from: u8,
    to: u8,
    captured: &[u8],
) -> Result<MoveOn<B>, String> {
    let spec = MoveSpec {
        from,
        to,
        captured: captured.to_vec(),
    };
    let mut legal = MoveListOn::new();
    game.legal_moves(&mut legal);
    crate::dxp::named_move(&legal, &spec)?.ok_or_else(|| "not a legal move here".to_string())
}

/// A MOVE as text: `31-20`, `28x19 (captures 23)`.
fn move_text(from: u8, to: u8, captured: &[u8]) -> String {
    if captured.is_empty() {
        format!("{from}-{to}")
    } else {
        let list: Vec<String> = captured.iter().map(u8::to_string).collect();
        format!("{from}x{to} (captures {})", list.join(","))
    }
}

impl DxpPlayer {
    /// A player for the program at `address`, named `name` in errors.
    pub fn new(
        address: &str,
        name: &str,
        minutes: Option<u16>,
        timeout: Option<Duration>,
    ) -> DxpPlayer {
        DxpPlayer {
            address: address.trim().to_string(),
            name: name.to_string(),
            minutes: minutes.unwrap_or(10),
            timeout: timeout.unwrap_or(DEFAULT_TIMEOUT),
            conn: None,
            game: None,
        }
    }

    fn fail(&self, why: impl Into<String>) -> PlayerError {
        PlayerError::Dxp(self.name.clone(), why.into())
    }

    /// Opens the connection unless it is open.
    pub fn start(&mut self) -> Result<(), PlayerError> {
        if self.conn.is_some() {
            return Ok(());
        }
        let run = |why: String| PlayerError::Dxp(self.name.clone(), why);
        let addr: SocketAddr = self
            .address
            .to_socket_addrs()
            .ok()
            .and_then(|mut a| a.next())
            .ok_or_else(|| run(format!("bad address '{}': give HOST:PORT", self.address)))?;
        let stream = TcpStream::connect_timeout(&addr, self.timeout.min(Duration::from_secs(60)))
            .map_err(|e| run(format!("cannot connect to {addr}: {e}")))?;
        stream
            .set_write_timeout(Some(self.timeout))
            .and_then(|()| stream.set_nodelay(true))
            .map_err(|e| run(e.to_string()))?;
        self.conn = Some(MessageReader::new(stream));
        Ok(())
    }

    /// A new game begins with `game` (the opening played), the program playing `side`. A
    /// game left unfinished on the connection (a match stopped mid-game) closes it.
    pub fn begin_game<B: MatchBoard>(&mut self, game: &DynGame<B>, side: Color) {
        if self.game.as_ref().is_some_and(|g| g.requested && !g.ended) {
            self.conn = None;
        }
        self.game = Some(InGame {
            peer: side,
            known: game.moves().len(),
            requested: false,
            ended: false,
        });
    }

    fn send(&mut self, message: &Message) -> Result<(), PlayerError> {
        let Some(conn) = &mut self.conn else {
            return Err(self.fail("the connection is closed"));
        };
        if let Err(e) = write_message(conn.get_mut(), message) {
            self.conn = None;
            return Err(self.fail(format!("cannot send {}: {e}", message.kind())));
        }
        Ok(())
    }

    /// The next message other than a CHAT or a BACKREQ (answered: not supported), waiting
    /// at most `patience` in all (however slowly the bytes come) and reading at most
    /// [`dama_dxp::MAX_ASIDES`] of those: the protocol crate's [`await_message`], as `dama
    /// dxp` reads.
    /// A timeout, a close or a failed read drop the connection.
    fn next(&mut self, patience: Duration, waiting_for: &str) -> Result<Got, PlayerError> {
        let mut wait = Wait::new(Some(patience));
        self.next_within(&mut wait, patience, waiting_for)
    }

    fn next_within(
        &mut self,
        wait: &mut Wait,
        patience: Duration,
        waiting_for: &str,
    ) -> Result<Got, PlayerError> {
        let Some(conn) = &mut self.conn else {
            return Err(self.fail("the connection is closed"));
        };
        let awaited = await_message(conn, wait, |_| {});
        match awaited {
            Ok(Awaited::Message(message)) => Ok(Got::Message(message)),
            Ok(Awaited::Malformed(e)) => Ok(Got::Broken(
                self.fail(format!("sent a {e} where {waiting_for} was due")),
            )),
            Ok(Awaited::Flooded(count)) => Ok(Got::Broken(self.fail(format!(
                "sent {count} chats or back requests where {waiting_for} was due"
            )))),
            Ok(Awaited::Closed { .. }) => {
                self.conn = None;
                Err(self.fail(format!("closed the connection while {waiting_for} was due")))
            }
            Ok(Awaited::Timeout) => {
                self.conn = None;
                Err(PlayerError::Timeout(
                    self.name.clone(),
                    patience.as_millis(),
                ))
            }
            Err(e) => {
                self.conn = None;
                Err(self.fail(format!("the connection failed: {e}")))
            }
        }
    }

    /// Sends GAMEEND (stop code 0) and waits for the program's acknowledging GAMEEND,
    /// ignoring other messages; without one the connection is closed.
    fn close_game(&mut self, reason: EndReason) {
        if let Some(g) = &mut self.game {
            g.ended = true;
        }
        if self
            .send(&Message::GameEnd {
                reason,
                stop: StopCode::NextGameWelcome,
            })
            .is_err()
        {
            return;
        }
        self.await_gameend(false);
    }

    /// Waits for a GAMEEND (ignoring other messages), and acknowledges it if `ack`. The
    /// connection is closed when none comes, or when it asks to stop.
    fn await_gameend(&mut self, ack: bool) -> bool {
        let patience = self.timeout;
        // One wait: its deadline and its allowance of messages cover the ignored ones.
        let mut wait = Wait::new(Some(patience));
        while wait.asides_left > 0 {
            match self.next_within(&mut wait, patience, "GAMEEND") {
                Ok(Got::Message(Message::GameEnd { stop, .. })) => {
                    if ack {
                        let _ = self.send(&Message::GameEnd {
                            reason: EndReason::Unspecified,
                            stop: StopCode::NextGameWelcome,
                        });
                    }
                    if stop == StopCode::StopAll {
                        self.conn = None;
                    }
                    return true;
                }
                Ok(_) => wait.asides_left -= 1,
                Err(_) => return false,
            }
        }
        self.conn = None;
        false
    }

    /// Sends GAMEREQ for the game and reads GAMEACC.
    fn request<B: MatchBoard>(&mut self, game: &DynGame<B>) -> Result<(), PlayerError> {
        let Some(g) = &self.game else {
            return Err(self.fail("no game begun"));
        };
        let (peer, known) = (g.peer, g.known);
        // The position the program starts from: after the opening's moves.
        let mut start = Game::with_rules(game.rules(), *game.start());
        for mv in game.moves().take(known) {
            start.play(mv);
        }
        self.start()?;
        self.send(&Message::GameReq {
            version: PROTOCOL_VERSION,
            initiator_name: "dama match".into(),
            follower_colour: crate::dxp::colour_of(peer),
            minutes: self.minutes,
            moves: 0,
            start: crate::dxp::start_of(start.rules().object(), start.position()),
        })?;
        let patience = self.timeout;
        match self.next(patience, "GAMEACC")? {
            Got::Message(Message::GameAcc { acceptance, .. }) => {
                if acceptance != AcceptCode::Accept {
                    if let Some(g) = &mut self.game {
                        g.ended = true;
                    }
                    let why = match acceptance {
                        AcceptCode::VersionMismatch => "another protocol version",
                        AcceptCode::DeclineThisGame => "not this game",
                        _ => "no game at all",
                    };
                    return Err(self.fail(format!(
                        "declined the game (GAMEACC code {}: {why})",
                        acceptance.to_byte() as char
                    )));
                }
                if let Some(g) = &mut self.game {
                    g.requested = true;
                }
                Ok(())
            }
            Got::Message(Message::GameEnd { .. }) => {
                if let Some(g) = &mut self.game {
                    g.ended = true;
                }
                let _ = self.send(&Message::GameEnd {
                    reason: EndReason::Unspecified,
                    stop: StopCode::NextGameWelcome,
                });
                Err(self.fail("answered GAMEREQ with GAMEEND"))
            }
            Got::Message(other) => {
                let e = self.fail(format!("sent {} where GAMEACC was due", other.kind()));
                self.close_game(EndReason::Unspecified);
                Err(e)
            }
            Got::Broken(e) => {
                self.close_game(EndReason::Unspecified);
                Err(e)
            }
        }
    }

    /// Sends the moves of the game that the program does not know yet.
    fn send_moves<B: MatchBoard>(&mut self, game: &DynGame<B>) -> Result<bool, PlayerError> {
        let known = self.game.as_ref().map_or(0, |g| g.known);
        let moves: Vec<MoveOn<B>> = game.moves().skip(known).copied().collect();
        for mv in &moves {
            self.send(&crate::dxp::spec_of(mv).to_message(0))?;
            if let Some(g) = &mut self.game {
                g.known += 1;
            }
        }
        Ok(!moves.is_empty())
    }

    /// The program's move in the game's position: the game is requested first if it was
    /// not, the other player's moves are sent, and the program's MOVE is read and checked.
    pub fn choose<B: MatchBoard>(
        &mut self,
        game: &DynGame<B>,
        left: Option<Duration>,
    ) -> Result<MoveOn<B>, PlayerError> {
        let result = self.choose_inner(game, left);
        if result.is_err()
            && let Some(g) = &mut self.game
        {
            g.ended = true;
        }
        result
    }

    fn choose_inner<B: MatchBoard>(
        &mut self,
        game: &DynGame<B>,
        left: Option<Duration>,
    ) -> Result<MoveOn<B>, PlayerError> {
        let name = game.rules().info().name;
        if name != "international" {
            return Err(self.fail(format!("DXP plays international draughts, not {name}")));
        }
        match &self.game {
            None => return Err(self.fail("no game begun")),
            Some(g) if g.ended => return Err(self.fail("the game was ended")),
            Some(g) if !g.requested => self.request(game)?,
            Some(_) => {}
        }
        self.send_moves(game)?;
        let patience = match left {
            Some(left) => left + Duration::from_secs(2),
            None => self.timeout,
        };
        match self.next(patience, "a MOVE")? {
            Got::Message(Message::Move {
                from, to, captured, ..
            }) => match legal_move(game, from, to, &captured) {
                Ok(mv) => {
                    if let Some(g) = &mut self.game {
                        g.known += 1;
                    }
                    Ok(mv)
                }
                Err(why) => {
                    let text = move_text(from, to, &captured);
                    self.close_game(EndReason::Unspecified);
                    Err(PlayerError::Illegal(
                        self.name.clone(),
                        format!("{text}: {why}"),
                    ))
                }
            },
            Got::Message(Message::GameEnd { reason, .. }) => {
                if let Some(g) = &mut self.game {
                    g.ended = true;
                }
                let _ = self.send(&Message::GameEnd {
                    reason: EndReason::Unspecified,
                    stop: StopCode::NextGameWelcome,
                });
                let what = match reason {
                    EndReason::IResign => "resigned (GAMEEND reason 1)".to_string(),
                    other => format!(
                        "ended the game (GAMEEND reason {}) where it goes on",
                        other.to_byte() as char
                    ),
                };
                Err(self.fail(what))
            }
            Got::Message(other) => {
                let e = self.fail(format!("sent {} where a MOVE was due", other.kind()));
                self.close_game(EndReason::Unspecified);
                Err(e)
            }
            Got::Broken(e) => {
                self.close_game(EndReason::Unspecified);
                Err(e)
            }
        }
    }

    /// The game is over: the last moves are sent and the game closed with GAMEEND.
    pub fn end_game<B: MatchBoard>(&mut self, game: &DynGame<B>) {
        let Some(g) = &self.game else { return };
        if !g.requested || g.ended || self.conn.is_none() {
            if let Some(g) = &mut self.game {
                g.ended = true;
            }
            return;
        }
        let peer = g.peer;
        let Ok(sent) = self.send_moves(game) else {
            return;
        };
        if sent {
            // The program is to move: in a game the rules ended, it ends it; else (a draw
            // by the move cap, a rule it does not apply) it moves, and then this side ends
            // the game on its turn.
            let patience = self.timeout;
            match self.next(patience, "GAMEEND") {
                Ok(Got::Message(Message::GameEnd { stop, .. })) => {
                    let _ = self.send(&Message::GameEnd {
                        reason: EndReason::Unspecified,
                        stop: StopCode::NextGameWelcome,
                    });
                    if stop == StopCode::StopAll {
                        self.conn = None;
                    }
                    if let Some(g) = &mut self.game {
                        g.ended = true;
                    }
                    return;
                }
                Ok(_) => {}
                Err(_) => {
                    if let Some(g) = &mut self.game {
                        g.ended = true;
                    }
                    return;
                }
            }
        }
        let reason = match game.outcome() {
            Some(GameOutcome::Win { winner, .. }) if winner == peer => EndReason::IResign,
            Some(GameOutcome::Win { .. }) => EndReason::IWin,
            Some(GameOutcome::Draw(_)) => EndReason::Draw,
            None => EndReason::Unspecified,
        };
        self.close_game(reason);
    }
}
