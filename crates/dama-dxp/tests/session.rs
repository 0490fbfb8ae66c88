//! Sessions: two fake players over a loopback socket, and scripted byte streams for the error
//! paths, asserting the exact bytes sent and the reports.

use std::collections::VecDeque;
use std::io::{self, ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::Duration;

use dama_dxp::message::{AcceptCode, Colour, EndReason, Piece, Start, StopCode};
use dama_dxp::session::{
    DxpPlayer, EndCause, GameStatus, MoveSpec, Outcome, Role, SessionError, SessionOptions,
    SessionReport, run_follower, run_follower_on, run_initiator, run_initiator_on,
};
use dama_dxp::{Aside, Awaited, MAX_ASIDES, MessageReader, ReadTimeout, Wait, await_message};
use std::time::Instant;

/// A player without a board: both sides share a scripted line of moves. Each plays its own
/// moves of the line, accepts only the line's moves from the other, and the game is over with
/// `end` when the line is exhausted.
#[derive(Debug, Clone)]
struct Scripted {
    line: Vec<MoveSpec>,
    end: Option<Outcome>,
    refuse: Option<String>,
    ply: usize,
    setup: Option<(Start, Colour)>,
}

impl Scripted {
    fn new(line: &[MoveSpec], end: Option<Outcome>) -> Self {
        Scripted {
            line: line.to_vec(),
            end,
            refuse: None,
            ply: 0,
            setup: None,
        }
    }
}

impl DxpPlayer for Scripted {
    fn new_game(&mut self, start: &Start, my_colour: Colour) -> Result<(), String> {
        if let Some(why) = &self.refuse {
            return Err(why.clone());
        }
        self.setup = Some((start.clone(), my_colour));
        self.ply = 0;
        Ok(())
    }

    fn my_move(&mut self) -> Option<MoveSpec> {
        let mv = self.line.get(self.ply).cloned()?;
        self.ply += 1;
        Some(mv)
    }

    fn their_move(&mut self, mv: &MoveSpec) -> Result<GameStatus, String> {
        match self.line.get(self.ply) {
            Some(expected) if expected == mv => {
                self.ply += 1;
                Ok(match self.game_over() {
                    Some(outcome) => GameStatus::Over(outcome),
                    None => GameStatus::Ongoing,
                })
            }
            Some(expected) => Err(format!("expected {expected}, not {mv}")),
            None => Err(format!("no move expected, got {mv}")),
        }
    }

    fn game_over(&self) -> Option<Outcome> {
        if self.ply == self.line.len() {
            self.end
        } else {
            None
        }
    }
}

fn capture(from: u8, to: u8, captured: &[u8]) -> MoveSpec {
    MoveSpec {
        from,
        to,
        captured: captured.to_vec(),
    }
}

fn opening() -> Vec<MoveSpec> {
    vec![
        MoveSpec::plain(32, 28),
        MoveSpec::plain(19, 23),
        capture(28, 19, &[23]),
        capture(14, 23, &[19]),
        MoveSpec::plain(33, 28),
    ]
}

fn options(name: &str) -> SessionOptions {
    SessionOptions {
        name: name.to_owned(),
        ..SessionOptions::default()
    }
}

/// One side's result and its player after the session.
type Side = (Result<SessionReport, SessionError>, Scripted);

/// Runs an initiator and a follower against each other over a loopback TCP connection.
fn over_loopback(
    initiator: Scripted,
    initiator_options: SessionOptions,
    follower: Scripted,
    follower_options: SessionOptions,
) -> (Side, Side) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower_thread = thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut player = follower;
        let report = run_follower(stream, &mut player, &follower_options);
        (report, player)
    });
    let stream = TcpStream::connect(addr).unwrap();
    let mut player = initiator;
    let report = run_initiator(stream, &mut player, &initiator_options);
    (
        (report, player),
        follower_thread.join().expect("follower thread"),
    )
}

#[test]
fn loopback_full_game_white_wins_and_black_ends_it() {
    let line = opening();
    let ((white, white_player), (black, black_player)) = over_loopback(
        Scripted::new(&line, Some(Outcome::WhiteWins)),
        options("Initiator"),
        Scripted::new(&line, Some(Outcome::WhiteWins)),
        options("Follower"),
    );
    let white = white.unwrap();
    let black = black.unwrap();
    assert_eq!(white_player.setup, Some((Start::Initial, Colour::White)));
    assert_eq!(black_player.setup, Some((Start::Initial, Colour::Black)));

    assert_eq!(white.role, Role::Initiator);
    assert_eq!(white.my_colour, Some(Colour::White));
    assert_eq!(white.opponent_name.as_deref(), Some("Follower"));
    assert_eq!(white.moves, line);
    assert_eq!(white.outcome, Some(Outcome::WhiteWins));
    assert_eq!(
        white.ended,
        EndCause::TheyEnded {
            reason: EndReason::IResign,
            stop: StopCode::StopAll
        }
    );
    assert_eq!(white.acknowledged, None);

    assert_eq!(black.role, Role::Follower);
    assert_eq!(black.my_colour, Some(Colour::Black));
    assert_eq!(black.opponent_name.as_deref(), Some("Initiator"));
    assert_eq!(black.moves, line);
    assert_eq!(black.outcome, Some(Outcome::WhiteWins));
    assert_eq!(
        black.ended,
        EndCause::WeEnded {
            reason: EndReason::IResign
        }
    );
    assert_eq!(black.acknowledged, Some(true));
}

#[test]
fn loopback_from_a_position_black_first_ends_in_a_draw() {
    let mut squares = [None; 50];
    squares[0] = Some(Piece::BlackKing);
    squares[49] = Some(Piece::WhiteKing);
    squares[22] = Some(Piece::BlackMan);
    let start = Start::Position {
        to_move: Colour::Black,
        squares,
    };
    let line = vec![MoveSpec::plain(1, 6), MoveSpec::plain(50, 45)];
    let initiator_options = SessionOptions {
        name: "I".to_owned(),
        follower_colour: Colour::Black,
        minutes: 5,
        moves: 75,
        start: start.clone(),
        stop: StopCode::NextGameWelcome,
        verbose: false,
        timeout: None,
        game_timeout: None,
    };
    let ((white, _), (black, black_player)) = over_loopback(
        Scripted::new(&line, Some(Outcome::Draw)),
        initiator_options,
        Scripted::new(&line, Some(Outcome::Draw)),
        options("F"),
    );
    let white = white.unwrap();
    let black = black.unwrap();
    assert_eq!(black_player.setup, Some((start, Colour::Black)));
    // Black moved first, white answered; black, to move again, sees the draw and ends.
    assert_eq!(black.moves, line);
    assert_eq!(
        black.ended,
        EndCause::WeEnded {
            reason: EndReason::Draw
        }
    );
    assert_eq!(black.acknowledged, Some(true));
    assert_eq!(white.moves, line);
    assert_eq!(white.outcome, Some(Outcome::Draw));
    assert_eq!(
        white.ended,
        EndCause::TheyEnded {
            reason: EndReason::Draw,
            stop: StopCode::StopAll
        }
    );
}

#[test]
fn loopback_follower_declines() {
    let mut refusing = Scripted::new(&[], None);
    refusing.refuse = Some("no time for this".to_owned());
    let ((initiator, _), (follower, _)) = over_loopback(
        Scripted::new(&[], None),
        options("I"),
        refusing,
        options("F"),
    );
    assert_eq!(
        initiator.unwrap().ended,
        EndCause::TheyDeclined {
            code: AcceptCode::DeclineThisGame
        }
    );
    assert_eq!(
        follower.unwrap().ended,
        EndCause::WeDeclined {
            code: AcceptCode::DeclineThisGame,
            why: "no time for this".to_owned()
        }
    );
}

#[test]
fn loopback_illegal_move_ends_both_sides() {
    // The follower expects 32-28 but the initiator plays 31-27.
    let ((white, _), (black, _)) = over_loopback(
        Scripted::new(&[MoveSpec::plain(31, 27)], None),
        options("I"),
        Scripted::new(&[MoveSpec::plain(32, 28)], None),
        options("F"),
    );
    let black = black.unwrap();
    assert_eq!(
        black.ended,
        EndCause::IllegalMove {
            mv: MoveSpec::plain(31, 27),
            why: "expected 32-28, not 31-27".to_owned()
        }
    );
    assert_eq!(black.acknowledged, Some(true));
    assert!(
        black
            .log
            .iter()
            .any(|l| l.contains("illegal move 31-27 from the opponent"))
    );
    assert_eq!(
        white.unwrap().ended,
        EndCause::TheyEnded {
            reason: EndReason::Unspecified,
            stop: StopCode::StopAll
        }
    );
}

#[test]
fn loopback_session_times_out_waiting_for_gameacc() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let stream = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (_silent_peer, _) = listener.accept().unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let mut player = Scripted::new(&opening(), None);
    match run_initiator(stream, &mut player, &options("I")) {
        Err(SessionError::Timeout { waiting_for, moves }) => {
            assert_eq!(waiting_for, "GAMEACC");
            assert_eq!(moves, 0);
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
}

// ---- scripted byte streams ----

/// A stream whose reads come from scripted chunks (then end of stream, or an error) and whose
/// writes are recorded.
struct Script {
    input: VecDeque<Result<Vec<u8>, ErrorKind>>,
    output: Vec<u8>,
    /// Writes fail (a broken pipe) once this many bytes have been written.
    write_limit: Option<usize>,
    /// The read timeouts set, in order.
    timeouts: Vec<Duration>,
}

impl Script {
    fn new(chunks: &[&[u8]]) -> Self {
        Script {
            input: chunks.iter().map(|c| Ok(c.to_vec())).collect(),
            output: Vec::new(),
            write_limit: None,
            timeouts: Vec::new(),
        }
    }

    fn writes_fail_after(mut self, bytes: usize) -> Self {
        self.write_limit = Some(bytes);
        self
    }

    fn then_error(mut self, kind: ErrorKind) -> Self {
        self.input.push_back(Err(kind));
        self
    }

    fn sent(&self) -> String {
        String::from_utf8_lossy(&self.output).replace('\0', "|")
    }
}

impl Read for &mut Script {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.input.pop_front() {
            None => Ok(0),
            Some(Err(kind)) => Err(io::Error::new(kind, "scripted")),
            Some(Ok(chunk)) => {
                let n = chunk.len().min(buf.len());
                buf[..n].copy_from_slice(&chunk[..n]);
                if n < chunk.len() {
                    self.input.push_front(Ok(chunk[n..].to_vec()));
                }
                Ok(n)
            }
        }
    }
}

impl ReadTimeout for &mut Script {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
        self.timeouts.extend(timeout);
        Ok(())
    }
}

impl Write for &mut Script {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self
            .write_limit
            .is_some_and(|limit| self.output.len() >= limit)
        {
            return Err(io::Error::new(ErrorKind::BrokenPipe, "scripted"));
        }
        self.output.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// GAMEREQ from "Peer" asking us to play black from the initial position.
const GAMEREQ_WE_ARE_BLACK: &[u8] = b"R01Peer                            Z010000A\0";
/// Our GAMEACC accepting, as "dama".
const ACCEPT: &str = "Adama                            0|";

fn follow(script: &mut Script, player: &mut Scripted) -> Result<SessionReport, SessionError> {
    run_follower(script, player, &options("dama"))
}

#[test]
fn follower_full_flow_with_chat_and_backreq() {
    let mut script = Script::new(&[
        GAMEREQ_WE_ARE_BLACK,
        b"CHello\0",
        b"M0003322800\0B001W\0",
        b"M0001312700\0",
        b"E00\0",
    ]);
    let line = vec![
        MoveSpec::plain(32, 28),
        MoveSpec::plain(19, 23),
        MoveSpec::plain(31, 27),
        MoveSpec::plain(18, 22),
    ];
    let mut player = Scripted::new(&line, None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(
        script.sent(),
        format!("{ACCEPT}M0000192300|K1|M0000182200|E01|")
    );
    assert_eq!(report.chats, vec!["Hello".to_owned()]);
    assert_eq!(report.moves, line);
    assert_eq!(report.outcome, None);
    assert_eq!(
        report.ended,
        EndCause::TheyEnded {
            reason: EndReason::Unspecified,
            stop: StopCode::NextGameWelcome
        }
    );
}

#[test]
fn a_peer_gone_after_its_gameend_is_a_normal_end() {
    // The peer ends the game and hangs up at once (as pydraughts does): our acknowledgement
    // cannot be written, and the session still ends with the peer's GAMEEND.
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, b"E00\0"]).writes_fail_after(ACCEPT.len());
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), ACCEPT);
    assert_eq!(
        report.ended,
        EndCause::TheyEnded {
            reason: EndReason::Unspecified,
            stop: StopCode::NextGameWelcome
        }
    );
    assert!(
        report
            .log
            .iter()
            .any(|line| line.starts_with("could not acknowledge the GAMEEND: ")),
        "{:?}",
        report.log
    );
}

#[test]
fn malformed_message_sends_gameend() {
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, b"M0012991100\0", b"E00\0"]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), format!("{ACCEPT}E01|"));
    assert_eq!(
        report.ended,
        EndCause::Malformed {
            error: "malformed message \"M0012991100\": MOVE field `from field` is 99: a square must be 01-50".to_owned()
        }
    );
    assert_eq!(report.acknowledged, Some(true));
    assert!(report.moves.is_empty());
}

#[test]
fn over_long_message_sends_gameend_and_unacknowledged_end_is_reported() {
    let long = vec![b'C'; 700];
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, &long]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), format!("{ACCEPT}E01|"));
    assert_eq!(
        report.ended,
        EndCause::Malformed {
            error: "message longer than 512 bytes without a terminating NUL".to_owned()
        }
    );
    assert_eq!(report.acknowledged, Some(false));
}

#[test]
fn illegal_move_sends_gameend_and_logs_it() {
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, b"M0000313200\0", b"CNo!\0E00\0"]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), format!("{ACCEPT}E01|"));
    assert_eq!(
        report.ended,
        EndCause::IllegalMove {
            mv: MoveSpec::plain(31, 32),
            why: "expected 32-28, not 31-32".to_owned()
        }
    );
    assert_eq!(report.acknowledged, Some(true));
    assert_eq!(report.chats, vec!["No!".to_owned()]);
    assert!(report.log.iter().any(|l| l
        == "illegal move 31-32 from the opponent after 0 moves: expected 32-28, not 31-32; sending GAMEEND"));
}

#[test]
fn timeout_is_a_clear_error() {
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK]).then_error(ErrorKind::WouldBlock);
    let mut player = Scripted::new(&opening(), None);
    let err = follow(&mut script, &mut player).unwrap_err();
    assert_eq!(err.to_string(), "timed out waiting for MOVE after 0 moves");
    assert_eq!(script.sent(), ACCEPT);
}

#[test]
fn closed_pipe_is_a_typed_end() {
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, b"M0000322800\0M00"]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), format!("{ACCEPT}M0000192300|"));
    assert_eq!(report.ended, EndCause::PeerClosed { mid_message: true });
    assert_eq!(report.moves, opening()[..2].to_vec());

    let mut script = Script::new(&[]);
    let report = follow(&mut script, &mut Scripted::new(&[], None)).unwrap();
    assert_eq!(report.ended, EndCause::PeerClosed { mid_message: false });
    assert_eq!(report.my_colour, None);
    assert_eq!(script.sent(), "");
}

#[test]
fn follower_refuses_another_protocol_version() {
    let mut script = Script::new(&[b"R02Peer                            Z010000A\0"]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(script.sent(), "Adama                            1|");
    assert_eq!(
        report.ended,
        EndCause::WeDeclined {
            code: AcceptCode::VersionMismatch,
            why: "protocol version 02, expected 01".to_owned()
        }
    );
    assert_eq!(player.setup, None);
}

#[test]
fn follower_gets_a_move_instead_of_gamereq() {
    let mut script = Script::new(&[b"M0000322800\0E00\0"]);
    let report = follow(&mut script, &mut Scripted::new(&[], None)).unwrap();
    assert_eq!(script.sent(), "E01|");
    assert_eq!(
        report.ended,
        EndCause::Unexpected {
            message: "MOVE",
            expected: "GAMEREQ"
        }
    );
}

const OUR_GAMEREQ: &str = "R01dama                            Z010000A|";

#[test]
fn initiator_sends_gamereq_and_handles_unexpected_reply() {
    let mut script = Script::new(&[b"K0\0E00\0"]);
    let mut player = Scripted::new(&opening(), None);
    let report = run_initiator(&mut script, &mut player, &options("dama")).unwrap();
    assert_eq!(script.sent(), format!("{OUR_GAMEREQ}E01|"));
    assert_eq!(
        report.ended,
        EndCause::Unexpected {
            message: "BACKACC",
            expected: "GAMEACC"
        }
    );
    assert_eq!(report.acknowledged, Some(true));
}

#[test]
fn initiator_wins_when_the_opponent_resigns() {
    let mut script = Script::new(&[
        b"APeer                            0\0",
        b"M0000192300\0",
        b"E11\0",
    ]);
    let mut player = Scripted::new(&opening(), None);
    let report = run_initiator(&mut script, &mut player, &options("dama")).unwrap();
    assert_eq!(
        script.sent(),
        format!("{OUR_GAMEREQ}M0000322800|M000028190123|E01|")
    );
    assert_eq!(report.opponent_name.as_deref(), Some("Peer"));
    assert_eq!(report.outcome, Some(Outcome::WhiteWins));
    assert_eq!(
        report.ended,
        EndCause::TheyEnded {
            reason: EndReason::IResign,
            stop: StopCode::StopAll
        }
    );
}

#[test]
fn initiator_without_a_move_resigns() {
    let mut script = Script::new(&[b"APeer                            0\0E00\0"]);
    let mut player = Scripted::new(&[], None);
    let report = run_initiator(&mut script, &mut player, &options("dama")).unwrap();
    assert_eq!(script.sent(), format!("{OUR_GAMEREQ}E11|"));
    assert_eq!(report.outcome, Some(Outcome::BlackWins));
    assert_eq!(
        report.ended,
        EndCause::WeEnded {
            reason: EndReason::IResign
        }
    );
    assert_eq!(report.acknowledged, Some(true));
}

#[test]
fn initiator_declined_and_refused_setup() {
    let mut script = Script::new(&[b"APeer                            3\0"]);
    let report =
        run_initiator(&mut script, &mut Scripted::new(&[], None), &options("dama")).unwrap();
    assert_eq!(
        report.ended,
        EndCause::TheyDeclined {
            code: AcceptCode::DeclineAll
        }
    );

    let mut script = Script::new(&[]);
    let mut player = Scripted::new(&[], None);
    player.refuse = Some("bad position".to_owned());
    let err = run_initiator(&mut script, &mut player, &options("dama")).unwrap_err();
    assert!(matches!(err, SessionError::Setup(why) if why == "bad position"));
    assert_eq!(script.sent(), "");
}

#[test]
fn own_invalid_move_is_an_error_after_gameend() {
    let mut script = Script::new(&[b"APeer                            0\0"]);
    let mut player = Scripted::new(&[MoveSpec::plain(0, 5)], None);
    let err = run_initiator(&mut script, &mut player, &options("dama")).unwrap_err();
    assert!(matches!(err, SessionError::InvalidOwnMove(_)));
    assert_eq!(script.sent(), format!("{OUR_GAMEREQ}E01|"));
}

#[test]
fn two_games_on_one_connection_then_a_clean_close() {
    // The follower loops over run_follower_on with one reader; the initiator plays two games
    // with run_initiator_on (the second as black) and hangs up.
    let line = opening();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower_line = line.clone();
    let follower = thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut reader = MessageReader::new(stream);
        let mut player = Scripted::new(&follower_line, Some(Outcome::Draw));
        let follower_options = SessionOptions {
            stop: StopCode::NextGameWelcome,
            ..options("Follower")
        };
        let mut reports = Vec::new();
        loop {
            let report = run_follower_on(&mut reader, &mut player, &follower_options).unwrap();
            let done = report.my_colour.is_none();
            reports.push(report);
            if done {
                return reports;
            }
        }
    });
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut reader = MessageReader::new(stream);
    let mut ours = Vec::new();
    for follower_colour in [Colour::Black, Colour::White] {
        let mut player = Scripted::new(&line, Some(Outcome::Draw));
        let initiator_options = SessionOptions {
            follower_colour,
            stop: StopCode::NextGameWelcome,
            ..options("Initiator")
        };
        ours.push(run_initiator_on(&mut reader, &mut player, &initiator_options).unwrap());
    }
    drop(reader);
    let theirs = follower.join().expect("follower thread");
    assert_eq!(ours.len(), 2);
    for report in &ours {
        assert_eq!(report.moves, line);
        assert_eq!(report.outcome, Some(Outcome::Draw));
    }
    assert_eq!(ours[0].my_colour, Some(Colour::White));
    assert_eq!(ours[1].my_colour, Some(Colour::Black));
    assert_eq!(theirs.len(), 3, "two games and the close: {theirs:?}");
    assert_eq!(theirs[0].my_colour, Some(Colour::Black));
    assert_eq!(theirs[1].my_colour, Some(Colour::White));
    for report in &theirs[..2] {
        assert_eq!(report.moves, line);
        assert_eq!(report.outcome, Some(Outcome::Draw));
    }
    assert_eq!(theirs[2].ended, EndCause::PeerClosed { mid_message: false });
    assert!(theirs[2].moves.is_empty());
}

// ---- the bounded wait (issue 39, adversarial A2/A3) ----

#[test]
fn a_wait_past_its_deadline_reads_nothing() {
    let mut script = Script::new(&[b"M0000322800\0"]);
    let mut reader = MessageReader::new(&mut script);
    let mut wait = Wait {
        deadline: Some(Instant::now()),
        asides_left: MAX_ASIDES,
    };
    let got = await_message(&mut reader, &mut wait, |_| panic!("no aside")).unwrap();
    assert_eq!(got, Awaited::Timeout);
    drop(reader);
    assert_eq!(script.input.len(), 1, "nothing was read");
    assert!(script.timeouts.is_empty());
}

#[test]
fn each_read_of_a_wait_gets_only_the_time_left() {
    // A CHAT and a MOVE, one byte a read: the deadline bounds them all, not each read.
    let bytes = b"Chi\0M0000322800\0";
    let chunks: Vec<&[u8]> = bytes.chunks(1).collect();
    let mut script = Script::new(&chunks);
    let mut reader = MessageReader::new(&mut script);
    let patience = Duration::from_secs(60);
    let mut wait = Wait::new(Some(patience));
    let mut chats = Vec::new();
    let got = await_message(&mut reader, &mut wait, |aside| {
        if let Aside::Chat(text) = aside {
            chats.push(text.to_owned());
        }
    })
    .unwrap();
    assert_eq!(got, Awaited::Message(MoveSpec::plain(32, 28).to_message(0)));
    assert_eq!(chats, ["hi"]);
    assert_eq!(wait.asides_left, MAX_ASIDES - 1);
    drop(reader);
    assert_eq!(script.timeouts.len(), bytes.len());
    assert!(script.timeouts.iter().all(|t| *t <= patience));
    assert!(
        script.timeouts.windows(2).all(|w| w[1] <= w[0]),
        "the time left only shrinks"
    );
}

#[test]
fn a_wait_reads_at_most_64_chats_and_back_requests() {
    let mut flood = b"B001W\0".to_vec();
    for _ in 0..100 {
        flood.extend_from_slice(b"Cx\0");
    }
    flood.extend_from_slice(b"M0000322800\0");
    let mut script = Script::new(&[&flood]);
    let mut reader = MessageReader::new(&mut script);
    let mut wait = Wait::new(None);
    let mut seen = 0;
    let got = await_message(&mut reader, &mut wait, |_| seen += 1).unwrap();
    assert_eq!(got, Awaited::Flooded(64));
    assert_eq!(seen, 64);
    drop(reader);
    assert_eq!(script.sent(), "K1|");
}

#[test]
fn a_flood_where_a_move_is_due_loses_the_game_and_a_reset_is_a_close() {
    let mut input = GAMEREQ_WE_ARE_BLACK.to_vec();
    for _ in 0..MAX_ASIDES {
        input.extend_from_slice(b"Chello\0");
    }
    let mut script = Script::new(&[&input, b"E00\0"]);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(
        report.ended,
        EndCause::Flooded {
            count: 64,
            expected: "MOVE"
        }
    );
    assert_eq!(report.outcome, Some(Outcome::BlackWins), "a forfeit");
    assert_eq!(report.chats.len(), 64);
    assert_eq!(script.sent(), format!("{ACCEPT}E01|"));

    // A reset while a MOVE is due: the moves so far are kept.
    let mut script = Script::new(&[GAMEREQ_WE_ARE_BLACK, b"M0000322800\0"])
        .then_error(ErrorKind::ConnectionReset);
    let mut player = Scripted::new(&opening(), None);
    let report = follow(&mut script, &mut player).unwrap();
    assert_eq!(report.ended, EndCause::PeerClosed { mid_message: false });
    assert_eq!(report.moves.len(), 2);
}

#[test]
fn a_gameend_in_answer_to_gamereq_scores_nothing() {
    let mut script = Script::new(&[b"E10\0"]);
    let report =
        run_initiator(&mut script, &mut Scripted::new(&[], None), &options("dama")).unwrap();
    assert!(!report.accepted);
    assert_eq!(report.outcome, None);
}
