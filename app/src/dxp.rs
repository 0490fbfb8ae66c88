//! `dama dxp`: a game of international draughts against another program over DamExchange
//! (DXP, TCP; the protocol itself is the `dama-dxp` crate). The engine plays one side; the
//! other program, on the far end of the connection, the other.
//!
//! `--connect HOST:PORT` dials out and, by default, starts the game (the initiator sends
//! GAMEREQ); `--listen [HOST:]PORT` waits for a connection and, by default, follows (answers
//! GAMEACC). A follower plays every game the initiator starts on the connection (a GAMEREQ
//! after each GAMEEND), until a GAMEEND with stop code 1 or the end of the connection; with
//! `--games N` it stops after N games, and a listener accepts the next connection until it
//! has played them (so a `dama match` that reconnects after a broken game is served). Every
//! read is bounded by `--timeout` and the protocol crate's length limit, so a silent, slow or
//! broken peer ends the game with a clear line instead of a hang.

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::time::Duration;

use dama_core::game::{Game, Outcome as GameOutcome};
use dama_core::position::SetupOn;
use dama_core::{
    BitboardOn, Board, Board10, BoardRules, Color, International, MoveListOn, MoveOn, PositionOn,
    SquareOn,
};
use dama_dxp::{
    Colour, DxpPlayer, EndCause, GameStatus, MessageReader, MoveSpec, Outcome, Piece, SessionError,
    SessionOptions, SessionReport, Start, StopCode,
};
use dama_engine::{Engine, Limits};

/// What `dama dxp` needs from the command line, as values.
#[derive(Debug, Clone)]
pub struct DxpConfig {
    /// Wait for a program to connect on `[HOST:]PORT` (port 0 picks a free one).
    pub listen: Option<String>,
    /// Connect to a program listening on `HOST:PORT`.
    pub connect: Option<String>,
    /// Start the game (send GAMEREQ) even when listening.
    pub initiator: bool,
    /// Wait for the other program's GAMEREQ even when connecting.
    pub follower: bool,
    /// The colour the engine plays when it starts the game (default white).
    pub play: Option<Colour>,
    /// The thinking time per player, in minutes, announced in GAMEREQ (default 10).
    pub minutes: Option<u16>,
    /// The number of moves announced in GAMEREQ (default 0: none).
    pub game_moves: Option<u16>,
    /// The program name sent to the other side (default dama).
    pub name: Option<String>,
    /// Seconds to wait for the other program's next message (default 600).
    pub timeout: Option<u64>,
    /// As the follower: play this many games, then stop.
    pub games: Option<u64>,
    /// The engine's limits per move.
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// The position the initiator starts from (the initial one when `None`).
    pub start: Option<PositionOn<Board10>>,
}

/// Why `dama dxp` could not play its game.
#[derive(Debug, thiserror::Error)]
pub enum DxpCommandError {
    /// The address is not one to listen on or connect to.
    #[error("bad address '{0}': give HOST:PORT (or PORT to listen)")]
    Address(String),
    /// Options that do not go together.
    #[error("{0}")]
    Usage(String),
    /// Listening, accepting or connecting failed.
    #[error("{what}: {source}")]
    Connect {
        /// What was being done.
        what: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The session failed (a timeout, a broken connection, an unsendable move).
    #[error("{0}")]
    Session(#[from] dama_dxp::SessionError),
    /// Writing the report failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// The engine as a DXP player of international draughts.
pub struct EnginePlayer {
    game: Game<International>,
    engine: Engine,
    mine: Color,
}

impl EnginePlayer {
    /// A player searching with `engine`.
    pub fn new(engine: Engine) -> EnginePlayer {
        EnginePlayer {
            game: Game::new(International::start()),
            engine,
            mine: Color::White,
        }
    }

    /// The game so far.
    pub fn game(&self) -> &Game<International> {
        &self.game
    }
}

fn color_of(colour: Colour) -> Color {
    match colour {
        Colour::White => Color::White,
        Colour::Black => Color::Black,
    }
}

/// The position a GAMEREQ names.
pub fn position_of(start: &Start) -> Result<PositionOn<Board10>, String> {
    let Start::Position { to_move, squares } = start else {
        return Ok(International::start());
    };
    let mut setup = SetupOn::<Board10> {
        turn: Some(color_of(*to_move)),
        ..SetupOn::default()
    };
    for (i, piece) in squares.iter().enumerate() {
        let Some(piece) = piece else { continue };
        let sq = SquareOn::<Board10>::from_number(i as u8 + 1)
            .ok_or_else(|| format!("square {} is not on the board", i + 1))?;
        let (color, king) = match piece {
            Piece::WhiteMan => (Color::White, false),
            Piece::BlackMan => (Color::Black, false),
            Piece::WhiteKing => (Color::White, true),
            Piece::BlackKing => (Color::Black, true),
        };
        setup.put(sq, color, king);
    }
    PositionOn::from_setup(&setup).map_err(|e| format!("the starting position: {e}"))
}

/// The GAMEREQ start for `pos` (`Initial` for `R`'s initial position): the 50 squares by
/// number and the side to move.
pub fn start_of<R: BoardRules>(pos: &PositionOn<R::Board>) -> Start {
    if *pos == R::start() {
        return Start::Initial;
    }
    let mut squares = [None; 50];
    for (i, square) in squares.iter_mut().enumerate() {
        let Some(sq) = SquareOn::<R::Board>::from_number(i as u8 + 1) else {
            continue;
        };
        *square = pos.piece_at(sq).map(|p| match (p.color, p.role) {
            (Color::White, dama_core::Role::Man) => Piece::WhiteMan,
            (Color::Black, dama_core::Role::Man) => Piece::BlackMan,
            (Color::White, dama_core::Role::King) => Piece::WhiteKing,
            (Color::Black, dama_core::Role::King) => Piece::BlackKing,
        });
    }
    Start::Position {
        to_move: colour_of(pos.turn()),
        squares,
    }
}

/// The DXP colour of `color`.
pub fn colour_of(color: Color) -> Colour {
    match color {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

/// A move as DXP carries it: from, to and the captured squares, by number.
pub fn spec_of<B: Board>(mv: &MoveOn<B>) -> MoveSpec {
    MoveSpec {
        from: mv.from().number(),
        to: mv.to().number(),
        captured: mv.captured().squares().map(|sq| sq.number()).collect(),
    }
}

/// The move of `legal` that `spec` names (its captured squares in any order), `None` when
/// none does; an error for a captured square that is not on the board.
pub fn named_move<B: Board>(
    legal: &[MoveOn<B>],
    spec: &MoveSpec,
) -> Result<Option<MoveOn<B>>, String> {
    let mut captured = BitboardOn::<B>::EMPTY;
    for &n in &spec.captured {
        let sq =
            SquareOn::from_number(n).ok_or_else(|| format!("square {n} is not on the board"))?;
        captured = captured.with(sq);
    }
    Ok(legal
        .iter()
        .find(|m| {
            m.from().number() == spec.from && m.to().number() == spec.to && m.captured() == captured
        })
        .copied())
}

/// The legal move of `pos` that `spec` names (its captured squares in any order).
pub fn move_of(pos: &PositionOn<Board10>, spec: &MoveSpec) -> Result<MoveOn<Board10>, String> {
    let mut legal = MoveListOn::new();
    International::legal_moves(pos, &mut legal);
    named_move(&legal, spec)?.ok_or_else(|| {
        let list: Vec<String> = legal.iter().map(International::write_move).collect();
        format!("{spec} is not legal here (legal: {})", list.join(", "))
    })
}

fn outcome_of(outcome: GameOutcome) -> Outcome {
    match outcome {
        GameOutcome::Win { winner, .. } => Outcome::win_for(match winner {
            Color::White => Colour::White,
            Color::Black => Colour::Black,
        }),
        GameOutcome::Draw(_) => Outcome::Draw,
    }
}

impl DxpPlayer for EnginePlayer {
    fn new_game(&mut self, start: &Start, my_colour: Colour) -> Result<(), String> {
        self.game = Game::new(position_of(start)?);
        self.mine = color_of(my_colour);
        self.engine.clear();
        Ok(())
    }

    fn my_move(&mut self) -> Option<MoveSpec> {
        if self.game.outcome().is_some() || self.game.turn() != self.mine {
            return None;
        }
        let mv = self.engine.choose_move(&self.game)?;
        self.game.try_play(&mv).ok()?;
        Some(spec_of(&mv))
    }

    fn their_move(&mut self, spec: &MoveSpec) -> Result<GameStatus, String> {
        if self.game.turn() == self.mine {
            return Err(format!("{spec} came on our turn"));
        }
        let mv = move_of(self.game.position(), spec)?;
        self.game.try_play(&mv).map_err(|e| e.to_string())?;
        Ok(match self.game.outcome() {
            Some(outcome) => GameStatus::Over(outcome_of(outcome)),
            None => GameStatus::Ongoing,
        })
    }

    fn game_over(&self) -> Option<Outcome> {
        self.game.outcome().map(outcome_of)
    }
}

fn address(text: &str, listening: bool) -> Result<SocketAddr, DxpCommandError> {
    let bad = || DxpCommandError::Address(dama_core::text::excerpt(text));
    let full = if listening && !text.contains(':') {
        format!("0.0.0.0:{text}")
    } else {
        text.to_string()
    };
    full.to_socket_addrs()
        .map_err(|_| bad())?
        .next()
        .ok_or_else(bad)
}

/// Plays over DXP as `config` says: one game as the initiator, or as the follower the games
/// the initiator starts (see the module's documentation); writes the log lines to `log` as
/// they come and each game's `moves` and `result` lines to `out`. Returns the games' reports.
pub fn run(
    config: &DxpConfig,
    out: &mut impl Write,
    log: &mut impl Write,
) -> Result<Vec<SessionReport>, DxpCommandError> {
    let timeout = Duration::from_secs(config.timeout.unwrap_or(600));
    let initiator = match (&config.listen, &config.connect) {
        (Some(_), _) => config.initiator,
        (None, Some(_)) => !config.follower,
        (None, None) => return Err(DxpCommandError::Address(String::new())),
    };
    if initiator && config.games.is_some() {
        return Err(DxpCommandError::Usage(
            "--games is for the follower (the side that answers GAMEREQs); an initiator plays one game"
                .into(),
        ));
    }
    let mut engine = Engine::new(config.limits);
    engine.set_threads(config.threads);
    let mut player = EnginePlayer::new(engine);
    let mut options = SessionOptions {
        name: config.name.clone().unwrap_or_else(|| "dama".into()),
        follower_colour: config.play.unwrap_or(Colour::White).opposite(),
        minutes: config.minutes.unwrap_or(10),
        moves: config.game_moves.unwrap_or(0),
        start: config
            .start
            .as_ref()
            .map_or(Start::Initial, start_of::<International>),
        verbose: true,
        ..SessionOptions::default()
    };
    let listener = match &config.listen {
        Some(listen) => {
            let addr = address(listen, true)?;
            let listener = TcpListener::bind(addr).map_err(|source| DxpCommandError::Connect {
                what: format!("cannot listen on {addr}"),
                source,
            })?;
            let bound = listener.local_addr()?;
            writeln!(log, "dxp: listening on {bound}")?;
            log.flush()?;
            Some(listener)
        }
        None => None,
    };
    let mut reports = Vec::new();
    if initiator {
        let stream = open(listener.as_ref(), config.connect.as_deref(), timeout, log)?;
        let report = dama_dxp::run_initiator(stream, &mut player, &options)?;
        write_game(out, &player, &report)?;
        reports.push(report);
        return Ok(reports);
    }
    // The follower: game after game on a connection; with --games, connection after
    // connection (when listening) until that many are played.
    let limit = config.games;
    // Games begun, those that broke on an error included.
    let mut played = 0u64;
    loop {
        let mut reader = MessageReader::new(open(
            listener.as_ref(),
            config.connect.as_deref(),
            timeout,
            log,
        )?);
        let mut on_this = 0u64;
        loop {
            let last = limit.is_some_and(|n| played + 1 >= n);
            options.stop = if last {
                StopCode::StopAll
            } else {
                StopCode::NextGameWelcome
            };
            let report = match dama_dxp::run_follower_on(&mut reader, &mut player, &options) {
                Ok(report) => report,
                // Waiting for a further game is no failure: the initiator is done.
                Err(SessionError::Timeout {
                    waiting_for: "GAMEREQ",
                    ..
                }) if on_this > 0 => {
                    writeln!(log, "dxp: no further GAMEREQ; closing the connection")?;
                    break;
                }
                // Serving a match, one broken connection does not end the service.
                Err(e) if limit.is_some() && config.listen.is_some() => {
                    let begun = !matches!(
                        e,
                        SessionError::Timeout {
                            waiting_for: "GAMEREQ",
                            ..
                        }
                    );
                    played += u64::from(begun);
                    writeln!(log, "dxp: {e}; closing the connection")?;
                    break;
                }
                Err(e) => return Err(e.into()),
            };
            if report.my_colour.is_none()
                && report.ended == (EndCause::PeerClosed { mid_message: false })
            {
                writeln!(log, "dxp: the other program closed the connection")?;
                break;
            }
            on_this += 1;
            played += 1;
            writeln!(log, "dxp: game {played} ended")?;
            write_game(out, &player, &report)?;
            let stop = last
                || matches!(report.ended, EndCause::PeerClosed { .. })
                || matches!(
                    report.ended,
                    EndCause::TheyEnded {
                        stop: StopCode::StopAll,
                        ..
                    }
                );
            reports.push(report);
            if stop {
                break;
            }
        }
        log.flush()?;
        let more = limit.is_some_and(|n| played < n);
        if !(more && listener.is_some()) {
            return Ok(reports);
        }
    }
}

/// The next connection: accepted on `listener`, else made to `connect`; with the timeouts.
fn open(
    listener: Option<&TcpListener>,
    connect: Option<&str>,
    timeout: Duration,
    log: &mut impl Write,
) -> Result<TcpStream, DxpCommandError> {
    let stream = match (listener, connect) {
        (Some(listener), _) => {
            let (stream, peer) = listener
                .accept()
                .map_err(|source| DxpCommandError::Connect {
                    what: "accepting a connection".into(),
                    source,
                })?;
            writeln!(log, "dxp: {peer} connected")?;
            stream
        }
        (None, Some(connect)) => {
            let addr = address(connect, false)?;
            TcpStream::connect_timeout(&addr, timeout).map_err(|source| {
                DxpCommandError::Connect {
                    what: format!("cannot connect to {addr}"),
                    source,
                }
            })?
        }
        (None, None) => return Err(DxpCommandError::Address(String::new())),
    };
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// The `moves` and `result` lines of a game.
fn write_game(
    out: &mut impl Write,
    player: &EnginePlayer,
    report: &SessionReport,
) -> Result<(), DxpCommandError> {
    let result = match report.outcome {
        Some(Outcome::WhiteWins) => "white wins",
        Some(Outcome::BlackWins) => "black wins",
        Some(Outcome::Draw) => "draw",
        None => "no result",
    };
    // A refused GAMEREQ leaves the player's last game: no moves were played in this one.
    let moves: Vec<String> = if report.moves.is_empty() {
        Vec::new()
    } else {
        player
            .game()
            .moves()
            .map(International::write_move)
            .collect()
    };
    writeln!(out, "moves {}", moves.join(" "))?;
    writeln!(out, "result {result} ({})", ended_text(&report.ended))?;
    out.flush()?;
    Ok(())
}

/// Why the session ended, in a few words.
pub fn ended_text(ended: &EndCause) -> String {
    match ended {
        EndCause::WeEnded { reason } => format!("we ended the game: {reason:?}"),
        EndCause::TheyEnded { reason, .. } => {
            format!("the other program ended the game: {reason:?}")
        }
        EndCause::IllegalMove { mv, why } => {
            format!("illegal move {mv} from the other program: {why}")
        }
        EndCause::Malformed { error } => {
            format!("malformed message from the other program: {error}")
        }
        EndCause::Unexpected { message, expected } => {
            format!("the other program sent {message} where {expected} was due")
        }
        EndCause::TheyDeclined { code } => format!("the other program declined the game: {code:?}"),
        EndCause::WeDeclined { why, .. } => format!("we declined the game: {why}"),
        EndCause::PeerClosed { mid_message } => {
            if *mid_message {
                "the other program closed the connection in the middle of a message".into()
            } else {
                "the other program closed the connection".into()
            }
        }
    }
}
