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
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::mpsc;
use std::time::Duration;

use dama_core::game::{Game, Outcome as GameOutcome};
use dama_core::position::SetupOn;
use dama_core::{
    BitboardOn, Board, Board10, BoardRules, Color, DynRules, International, MoveListOn, MoveOn,
    PositionOn, RulesObject, SquareOn,
};
use dama_dxp::{
    AcceptCode, Colour, DxpPlayer, EndCause, GameStatus, Message, MessageReader, MoveSpec, Outcome,
    Piece, SessionError, SessionOptions, SessionReport, Start, StopCode, write_message,
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
    /// Seconds the other program may take in one game, its waits together (default
    /// [`DEFAULT_GAME_TIMEOUT`]).
    pub game_timeout: Option<u64>,
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
pub fn start_of<B: Board>(rules: &dyn RulesObject<B>, pos: &PositionOn<B>) -> Start {
    if *pos == rules.start() {
        return Start::Initial;
    }
    let mut squares = [None; 50];
    for (i, square) in squares.iter_mut().enumerate() {
        let Some(sq) = SquareOn::<B>::from_number(i as u8 + 1) else {
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
    // A bare port listens on the loopback interface only: another machine is served only
    // when its HOST is given (0.0.0.0 for every interface).
    let full = if listening && !text.contains(':') {
        format!("127.0.0.1:{text}")
    } else {
        text.to_string()
    };
    full.to_socket_addrs()
        .map_err(|_| bad())?
        .next()
        .ok_or_else(bad)
}

/// The default bound on the other program's time in one game, in seconds
/// (`--game-timeout`).
pub const DEFAULT_GAME_TIMEOUT: u64 = 7200;

/// How long a connection that comes while another is served waits for it to end before it
/// is refused (so that a program reconnecting after a broken game is served, not refused
/// because the old connection was still being closed).
pub const BUSY_GRACE: Duration = Duration::from_secs(2);

/// Where the connections come from: a listener's, handed over by its accepting thread (a
/// token on the first channel asks for the next one), or the one `--connect` makes.
enum Source {
    Listener(mpsc::Sender<()>, mpsc::Receiver<(TcpStream, SocketAddr)>),
    Connect(String),
}

/// Accepts connections on `listener` until the game thread has ended: one is handed over
/// when the game thread asks for it (a token on `wanted`) now or within [`BUSY_GRACE`]; any
/// other is refused with GAMEACC code 3 (no game at all) and closed, and a line says so.
fn accept_loop(
    listener: TcpListener,
    wanted: mpsc::Receiver<()>,
    to_games: mpsc::SyncSender<(TcpStream, SocketAddr)>,
    name: String,
) {
    loop {
        let (stream, peer) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(e) => {
                eprintln!("dxp: accepting a connection failed: {e}");
                // A failure that lasts (no file descriptor left) must not spin.
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
        };
        if wanted.recv_timeout(BUSY_GRACE).is_err() {
            eprintln!(
                "dxp: {peer} refused: another connection is being served (one at a time); sent GAMEACC code 3"
            );
            refuse(stream, &name);
            continue;
        }
        if to_games.send((stream, peer)).is_err() {
            return;
        }
    }
}

/// Answers a connection that cannot be served: GAMEACC code 3 (no game at all), the end of
/// this side's stream, and a short drain of what the peer sent (its GAMEREQ) so that the
/// close does not reset the connection before the answer is read.
fn refuse(mut stream: TcpStream, name: &str) {
    let refusal = Message::GameAcc {
        follower_name: name.to_string(),
        acceptance: AcceptCode::DeclineAll,
    };
    let short = Some(Duration::from_millis(200));
    if stream.set_write_timeout(short).is_err()
        || write_message(&mut stream, &refusal).is_err()
        || stream.shutdown(Shutdown::Write).is_err()
        || stream.set_read_timeout(short).is_err()
    {
        return;
    }
    let mut drained = [0u8; 1024];
    for _ in 0..4 {
        match std::io::Read::read(&mut stream, &mut drained) {
            Ok(n) if n > 0 => {}
            _ => return,
        }
    }
}

/// Plays over DXP as `config` says: one game as the initiator, or as the follower the games
/// the initiator starts (see the module's documentation); writes the log lines to `log` as
/// they come and each game's `moves` and `result` lines to `out`. Returns the number of
/// games played (nothing of them is kept once written).
pub fn run(
    config: &DxpConfig,
    out: &mut dyn Write,
    log: &mut dyn Write,
) -> Result<u64, DxpCommandError> {
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
        start: config.start.as_ref().map_or(Start::Initial, |pos| {
            start_of(DynRules::<Board10>::of::<International>().object(), pos)
        }),
        verbose: true,
        timeout: Some(timeout),
        game_timeout: Some(Duration::from_secs(
            config.game_timeout.unwrap_or(DEFAULT_GAME_TIMEOUT),
        )),
        ..SessionOptions::default()
    };
    let source = match (&config.listen, &config.connect) {
        (Some(listen), _) => {
            let addr = address(listen, true)?;
            let listener = TcpListener::bind(addr).map_err(|source| DxpCommandError::Connect {
                what: format!("cannot listen on {addr}"),
                source,
            })?;
            let bound = listener.local_addr()?;
            writeln!(log, "dxp: listening on {bound}")?;
            log.flush()?;
            let (to_games, connections) = mpsc::sync_channel(0);
            let (ask, wanted) = mpsc::channel();
            let name = options.name.clone();
            std::thread::Builder::new()
                .name("dxp-accept".into())
                .spawn(move || accept_loop(listener, wanted, to_games, name))?;
            Source::Listener(ask, connections)
        }
        (None, Some(connect)) => Source::Connect(connect.clone()),
        (None, None) => return Err(DxpCommandError::Address(String::new())),
    };
    if initiator {
        let stream = open(&source, timeout, log)?;
        return match dama_dxp::run_initiator(stream, &mut player, &options) {
            Ok(report) => {
                write_game(out, &player, &report)?;
                Ok(1)
            }
            Err(e) => {
                write_broken(out, &player, &e)?;
                Err(e.into())
            }
        };
    }
    // The follower: game after game on a connection; with --games, connection after
    // connection (when listening) until that many are played; without, until a connection
    // has played one.
    let limit = config.games;
    let listening = matches!(source, Source::Listener(..));
    // Games begun (GAMEREQ read), those that broke on an error included.
    let mut played = 0u64;
    loop {
        let mut reader = MessageReader::new(open(&source, timeout, log)?);
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
                // Waiting for a (further) game is no failure: the initiator is done, or
                // never began.
                Err(SessionError::Timeout {
                    waiting_for: "GAMEREQ",
                    ..
                }) => {
                    let what = if on_this > 0 {
                        "no further GAMEREQ"
                    } else {
                        "no GAMEREQ"
                    };
                    writeln!(
                        log,
                        "dxp: {what} within {} s; closing the connection",
                        timeout.as_secs()
                    )?;
                    break;
                }
                Err(e) => {
                    let begun = !matches!(e, SessionError::Io(_));
                    if begun {
                        played += 1;
                        on_this += 1;
                        write_broken(out, &player, &e)?;
                    }
                    // Serving a match, one broken connection does not end the service.
                    if limit.is_some() && listening {
                        writeln!(log, "dxp: {e}; closing the connection")?;
                        break;
                    }
                    return Err(e.into());
                }
            };
            if report.my_colour.is_none() {
                // No GAMEREQ came: no game, and the connection is done.
                match report.ended {
                    EndCause::PeerClosed { mid_message: false } => {
                        writeln!(log, "dxp: the other program closed the connection")?
                    }
                    ref ended => writeln!(
                        log,
                        "dxp: no game: {}; closing the connection",
                        ended_text(ended)
                    )?,
                }
                break;
            }
            on_this += 1;
            played += 1;
            writeln!(log, "dxp: game {played} ended")?;
            write_game(out, &player, &report)?;
            let stop = last
                || matches!(
                    report.ended,
                    EndCause::PeerClosed { .. }
                        | EndCause::Malformed { .. }
                        | EndCause::Unexpected { .. }
                        | EndCause::Flooded { .. }
                        | EndCause::TheyEnded {
                            stop: StopCode::StopAll,
                            ..
                        }
                );
            if stop {
                break;
            }
        }
        drop(reader);
        log.flush()?;
        let more = match limit {
            Some(n) => played < n,
            None => on_this == 0,
        };
        if !(more && listening) {
            return Ok(played);
        }
    }
}

/// The next connection: the one the listener's thread accepted, else one made to the
/// `--connect` address; with the write timeout.
fn open(
    source: &Source,
    timeout: Duration,
    log: &mut dyn Write,
) -> Result<TcpStream, DxpCommandError> {
    let stream = match source {
        Source::Listener(ask, connections) => {
            let (stream, peer) = ask
                .send(())
                .ok()
                .and_then(|()| connections.recv().ok())
                .ok_or_else(|| DxpCommandError::Connect {
                    what: "accepting a connection".into(),
                    source: std::io::Error::other("the accepting thread ended"),
                })?;
            writeln!(log, "dxp: {peer} connected")?;
            log.flush()?;
            stream
        }
        Source::Connect(connect) => {
            let addr = address(connect, false)?;
            TcpStream::connect_timeout(&addr, timeout).map_err(|source| {
                DxpCommandError::Connect {
                    what: format!("cannot connect to {addr}"),
                    source,
                }
            })?
        }
    };
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// The `moves` and `result` lines of a game.
fn write_game(
    out: &mut dyn Write,
    player: &EnginePlayer,
    report: &SessionReport,
) -> Result<(), DxpCommandError> {
    let result = match report.outcome {
        Some(Outcome::WhiteWins) => "white wins",
        Some(Outcome::BlackWins) => "black wins",
        Some(Outcome::Draw) => "draw",
        None => "no result",
    };
    write_record(
        out,
        player,
        report.moves.len(),
        result,
        &ended_text(&report.ended),
    )
}

/// The `moves` and `result no result` lines of a game that broke on `error` (a timeout),
/// the moves played so far kept.
fn write_broken(
    out: &mut dyn Write,
    player: &EnginePlayer,
    error: &SessionError,
) -> Result<(), DxpCommandError> {
    let moves = match error {
        SessionError::Timeout { moves, .. } | SessionError::GameTime { moves, .. } => *moves,
        _ => return Ok(()),
    };
    write_record(out, player, moves, "no result", &error.to_string())
}

/// `moves` (the first `plies` moves of the player's game: a refused or broken game leaves
/// none, or those sent) and `result RESULT (WHY)`.
fn write_record(
    out: &mut dyn Write,
    player: &EnginePlayer,
    plies: usize,
    result: &str,
    why: &str,
) -> Result<(), DxpCommandError> {
    let moves: Vec<String> = player
        .game()
        .moves()
        .take(plies)
        .map(International::write_move)
        .collect();
    writeln!(out, "moves {}", moves.join(" "))?;
    writeln!(out, "result {result} ({why})")?;
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
        EndCause::Flooded { count, expected } => {
            format!(
                "the other program sent {count} CHAT or BACKREQ messages where {expected} was due"
            )
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
