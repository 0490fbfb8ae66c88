//! `dama dxp` under a hostile peer (issue 39, adversarial findings A2, A3, A5, A11, A12 and
//! A15's DXP points): scripted peers over the loopback interface. Every test here fails on
//! a577dc1. Sleeps only pace the peer; the assertions are about what `dama` sent and wrote,
//! and every wait of the peer has a generous bound as a safety net.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStderr, Command, Output, Stdio};
use std::thread;
use std::time::Duration;

use dama_core::game::Game;
use dama_core::{BoardRules, International, MoveListOn};

/// The peer's bound on each read: far past any bound under test.
const PEER_PATIENCE: Duration = Duration::from_secs(40);

/// Starts `dama dxp --listen 127.0.0.1:0 --depth 1` with `extra` arguments; returns it, the
/// port it printed and its standard error after that line.
fn listener(extra: &[&str]) -> (Child, u16, BufReader<ChildStderr>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--listen", "127.0.0.1:0", "--depth", "1"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    err.read_line(&mut line).expect("a first line");
    let port = line
        .trim()
        .strip_prefix("dxp: listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .expect("a port");
    (child, port, err)
}

/// The ended process's output, its standard error read to the end.
fn finish(child: Child, mut err: BufReader<ChildStderr>) -> (Output, String, String) {
    let out = child.wait_with_output().expect("dama ends");
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    let stdout = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    (out, stdout, rest)
}

/// A peer's connection: the stream and a reader of the same socket.
struct Peer {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Peer {
    fn connect(port: u16) -> Peer {
        Peer::over(TcpStream::connect(("127.0.0.1", port)).expect("connect"))
    }

    fn over(stream: TcpStream) -> Peer {
        stream.set_read_timeout(Some(PEER_PATIENCE)).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        Peer { stream, reader }
    }

    /// Sends `text` and its NUL.
    fn send(&mut self, text: &[u8]) -> std::io::Result<()> {
        let mut bytes = text.to_vec();
        bytes.push(0);
        self.stream.write_all(&bytes)
    }

    /// Whether the stream has ended (a close, or a reset: `dama` closing with the peer's
    /// bytes unread sends one).
    fn closed(&mut self) -> bool {
        let mut rest = Vec::new();
        match self.reader.read_until(0, &mut rest) {
            Ok(0) => true,
            Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
            Ok(_) => panic!("more came: {:?}", String::from_utf8_lossy(&rest)),
        }
    }

    /// The next message, without its NUL (empty at the end of the stream).
    fn recv(&mut self) -> String {
        let mut message = Vec::new();
        self.reader.read_until(0, &mut message).expect("a message");
        if message.last() == Some(&0) {
            message.pop();
        }
        String::from_utf8(message).expect("ASCII")
    }
}

/// A GAMEREQ from the peer `name`: the follower (dama) plays `colour` (`W` or `Z`), from the
/// initial position.
fn gamereq(name: &str, colour: char) -> Vec<u8> {
    format!("R01{name:<32}{colour}010000A").into_bytes()
}

/// The GAMEACC of a follower named `name` with `code`.
fn gameacc(name: &str, code: char) -> String {
    format!("A{name:<32}{code}")
}

/// A3: each CHAT used to restart the read timeout, so a peer that chats once in a while
/// held `dama dxp` for ever. Now `--timeout` bounds the whole wait for the MOVE.
#[test]
fn chats_do_not_restart_the_wait_for_a_move() {
    let (child, port, err) = listener(&["--timeout", "2"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("chatty", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    // One CHAT every 300 ms, until the connection is gone (at most 100: a safety net).
    for _ in 0..100 {
        if peer.send(b"Cstill thinking").is_err() {
            break;
        }
        thread::sleep(Duration::from_millis(300));
    }
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stdout,
        "moves \nresult no result (timed out waiting for MOVE after 0 moves)\n"
    );
    assert!(
        stderr.ends_with("dama: dxp: timed out waiting for MOVE after 0 moves\n"),
        "{stderr}"
    );
}

/// A3 (slowloris): a message that comes one byte at a time is bounded as a whole.
#[test]
fn a_message_dribbled_byte_by_byte_is_bounded_as_a_whole() {
    let (child, port, err) = listener(&["--timeout", "2"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("slow", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    // A CHAT of 60 bytes, one every 300 ms (18 s; the bound is 2 s).
    for _ in 0..60 {
        if peer.stream.write_all(b"y").is_err() {
            break;
        }
        thread::sleep(Duration::from_millis(300));
    }
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stdout,
        "moves \nresult no result (timed out waiting for MOVE after 0 moves)\n"
    );
}

/// A2/A3: at most 64 CHAT or BACKREQ messages are read where a MOVE is due; then the game
/// ends with GAMEEND, and the peer, which broke the protocol in an accepted game, loses it.
#[test]
fn a_flood_of_chats_and_back_requests_ends_the_game() {
    let (child, port, err) = listener(&["--timeout", "30"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("flood", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    let mut flood = Vec::new();
    for i in 0..100 {
        flood.extend_from_slice(if i % 2 == 0 { b"Cxx\0" } else { b"B001W\0" });
    }
    peer.stream.write_all(&flood).unwrap();
    // 32 BACKREQs among the first 64 are answered, then the GAMEEND.
    for _ in 0..32 {
        assert_eq!(peer.recv(), "K1");
    }
    assert_eq!(peer.recv(), "E00");
    peer.send(b"E00").unwrap();
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stdout,
        "moves \nresult black wins (the other program sent 64 CHAT or BACKREQ messages where MOVE was due)\n"
    );
}

/// A11: a CHAT's text is logged escaped: no forged log line, no terminal escape.
#[test]
fn chat_text_is_logged_escaped() {
    let (child, port, err) = listener(&["--timeout", "30"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("chat", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    peer.send(b"Chi\ndxp: game 7 ended\x1b[2J\x1b]0;owned\x07")
        .unwrap();
    peer.send(b"E10").unwrap();
    assert_eq!(peer.recv(), "E00");
    drop(peer);
    let (out, _, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("dxp: CHAT: \"hi\\ndxp: game 7 ended\\u{1b}[2J\\u{1b}]0;owned\\u{7}\"\n"),
        "{stderr}"
    );
    assert!(!stderr.contains('\x1b'), "{stderr:?}");
    assert!(!stderr.contains("game 7 ended\n"), "{stderr:?}");
}

/// The next message read a byte at a time from the socket itself (the buffered reader would
/// take the bytes after it too, and they must stay unread).
fn recv_unbuffered(peer: &mut Peer) -> String {
    let mut message = Vec::new();
    let mut byte = [0u8; 1];
    while peer.stream.read_exact(&mut byte).is_ok() && byte[0] != 0 {
        message.push(byte[0]);
    }
    String::from_utf8(message).expect("ASCII")
}

/// The first message `dama` sends after its GAMEACC, peeked (left unread), as a move `F-T`.
fn peek_move(peer: &Peer) -> String {
    let mut buf = [0u8; 64];
    let n = peer.stream.peek(&mut buf).expect("dama's move");
    let message = std::str::from_utf8(&buf[..n]).unwrap();
    assert!(message.starts_with('M'), "{message:?}");
    let from: u8 = message[5..7].parse().unwrap();
    let to: u8 = message[7..9].parse().unwrap();
    format!("{from}-{to}")
}

/// A12: a peer that closes without reading `dama`'s move makes the system reset the
/// connection; that is a close, and the game is written with its moves.
#[test]
fn a_reset_connection_is_a_close_and_the_game_is_written() {
    let (child, port, err) = listener(&["--timeout", "30"]);
    let mut peer = Peer::connect(port);
    // dama plays white and moves first.
    peer.send(&gamereq("reset", 'W')).unwrap();
    assert_eq!(recv_unbuffered(&mut peer), gameacc("dama", '0'));
    let first = peek_move(&peer);
    // Closing with dama's move unread sends a reset.
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stdout,
        format!("moves {first}\nresult no result (the other program closed the connection)\n")
    );
}

/// A12, `--connect`: a follower that accepts, then resets the connection.
#[test]
fn a_reset_after_gameacc_is_a_close_for_the_initiator_too() {
    let server = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = server.local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--connect", &format!("127.0.0.1:{port}")])
        .args(["--timeout", "30", "--depth", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let (stream, _) = server.accept().unwrap();
    let mut peer = Peer::over(stream);
    assert!(recv_unbuffered(&mut peer).starts_with("R01dama"));
    peer.send(gameacc("fake", '0').as_bytes()).unwrap();
    let first = peek_move(&peer);
    drop(peer);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("moves {first}\nresult no result (the other program closed the connection)\n")
    );
}

/// A15: a GAMEEND in answer to `--connect`'s GAMEREQ ends a game that was never accepted:
/// no result, whatever its reason says.
#[test]
fn a_gameend_instead_of_gameacc_scores_nothing() {
    let server = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = server.local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--connect", &format!("127.0.0.1:{port}")])
        .args(["--timeout", "30", "--depth", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let (stream, _) = server.accept().unwrap();
    let mut peer = Peer::over(stream);
    assert!(peer.recv().starts_with("R01dama"));
    peer.send(b"E11").unwrap();
    assert_eq!(peer.recv(), "E01");
    drop(peer);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "moves \nresult no result (the other program ended the game: IResign)\n"
    );
}

/// A15: the peer's illegal move loses the game, as in `dama match`.
#[test]
fn an_illegal_move_is_a_forfeit() {
    let (child, port, err) = listener(&["--timeout", "30"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("illegal", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    peer.send(b"M0001312000").unwrap();
    assert_eq!(peer.recv(), "E00");
    peer.send(b"E00").unwrap();
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout
            .starts_with("moves \nresult black wins (illegal move 31-20 from the other program: "),
        "{stdout}"
    );
}

/// A2/A5: connections that send no GAMEREQ (an HTTP probe, junk, a stray MOVE) are no
/// games: nothing is written for them and `--games` does not count them; junk ends its
/// connection at once (one GAMEEND, then the close), however much of it follows.
#[test]
fn only_real_games_count_and_junk_ends_the_connection() {
    let (child, port, err) = listener(&["--timeout", "30", "--games", "2"]);
    // An HTTP probe: no NUL, then the close.
    let mut probe = Peer::connect(port);
    probe.stream.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    drop(probe);
    // A flood of junk: one GAMEEND, then the end of the stream.
    let mut junk = Peer::connect(port);
    junk.stream.write_all(&b"X\0".repeat(2000)).unwrap();
    assert_eq!(junk.recv(), "E00");
    assert!(junk.closed(), "the connection is closed after junk");
    drop(junk);
    // A stray MOVE before any GAMEREQ.
    let mut stray = Peer::connect(port);
    stray.send(b"M0000322800").unwrap();
    assert_eq!(stray.recv(), "E00");
    assert!(stray.closed());
    drop(stray);
    // Two real games, each resigned at once; the second is the last of --games 2.
    for stop in ['0', '1'] {
        let mut honest = Peer::connect(port);
        honest.send(&gamereq("honest", 'Z')).unwrap();
        assert_eq!(honest.recv(), gameacc("dama", '0'));
        honest.send(b"E10").unwrap();
        assert_eq!(honest.recv(), format!("E0{stop}"));
        if stop == '0' {
            drop(honest);
        }
    }
    let (out, stdout, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stdout,
        "moves \nresult black wins (the other program ended the game: IResign)\n".repeat(2),
        "{stderr}"
    );
    assert_eq!(stderr.matches(" ended\n").count(), 2, "{stderr}");
    assert!(
        stderr.contains("dxp: no game: malformed message from the other program: "),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "dxp: no game: the other program sent MOVE where GAMEREQ was due; closing the connection\n"
        ),
        "{stderr}"
    );
}

/// A3: one game at a time: a second initiator is refused (within the two seconds' grace for
/// a reconnection) with GAMEACC code 3 (no game at all) and a line, not left waiting; it is
/// served once the first is done.
#[test]
fn a_second_initiator_is_refused_at_once_then_served() {
    let (child, port, err) = listener(&["--timeout", "30", "--games", "2"]);
    let mut first = Peer::connect(port);
    first.send(&gamereq("first", 'Z')).unwrap();
    assert_eq!(first.recv(), gameacc("dama", '0'));
    let mut second = Peer::connect(port);
    second.send(&gamereq("second", 'Z')).unwrap();
    assert_eq!(second.recv(), gameacc("dama", '3'));
    assert!(second.closed(), "then the close");
    drop(second);
    first.send(b"E10").unwrap();
    assert_eq!(first.recv(), "E00");
    drop(first);
    let mut again = Peer::connect(port);
    again.send(&gamereq("second", 'Z')).unwrap();
    assert_eq!(again.recv(), gameacc("dama", '0'));
    again.send(b"E10").unwrap();
    assert_eq!(again.recv(), "E01");
    let (out, stdout, stderr) = finish(child, err);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stdout,
        "moves \nresult black wins (the other program ended the game: IResign)\n".repeat(2)
    );
    assert!(
        stderr.contains(
            " refused: another connection is being served (one at a time); sent GAMEACC code 3\n"
        ),
        "{stderr}"
    );
}

/// A3: `--game-timeout` bounds the other program's time in a game, all its waits together,
/// even when each move comes well within `--timeout`.
#[test]
fn the_game_timeout_bounds_the_peer_s_time_in_a_game() {
    let (child, port, err) = listener(&["--timeout", "20", "--game-timeout", "2"]);
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("slow", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    // The peer plays white: the first legal move, one second after each of dama's (at most
    // 20 moves: a safety net).
    let mut game = Game::<International>::new(International::start());
    for _ in 0..20 {
        thread::sleep(Duration::from_secs(1));
        let mut legal = MoveListOn::new();
        game.legal_moves(&mut legal);
        let mv = *legal.iter().next().expect("a move");
        let message = dama::dxp::spec_of(&mv).to_message(1).to_bytes();
        if peer.send(&message).is_err() {
            break;
        }
        game.play(&mv);
        let answer = peer.recv();
        let Ok(dama_dxp::Message::Move {
            from, to, captured, ..
        }) = dama_dxp::Message::parse(answer.as_bytes())
        else {
            break;
        };
        let spec = dama_dxp::MoveSpec { from, to, captured };
        let theirs = dama::dxp::move_of(game.position(), &spec).expect("dama's move is legal");
        game.play(&theirs);
    }
    drop(peer);
    let (out, stdout, stderr) = finish(child, err);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let result = stdout.lines().nth(1).unwrap_or_default();
    assert!(
        result.starts_with(
            "result no result (the other program took more than 2 s in the game (waiting for MOVE after "
        ),
        "{stdout}"
    );
}

/// A3: `--listen PORT` listens on this machine only (127.0.0.1); a HOST still chooses.
#[test]
fn a_bare_port_listens_on_the_loopback_interface() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--listen", "0", "--timeout", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.starts_with("dxp: listening on 127.0.0.1:"), "{line}");
    let port: u16 = line.trim().rsplit(':').next().unwrap().parse().unwrap();
    // A connection that sends nothing is no game: the listener waits for the next one.
    drop(TcpStream::connect(("127.0.0.1", port)).unwrap());
    let mut peer = Peer::connect(port);
    peer.send(&gamereq("p", 'Z')).unwrap();
    assert_eq!(peer.recv(), gameacc("dama", '0'));
    peer.send(b"E10").unwrap();
    assert_eq!(peer.recv(), "E00");
    drop(peer);
    assert!(child.wait().unwrap().success());
}

/// A15: a `dxp=` player that cannot be reached is named once in the error.
#[test]
fn an_unreachable_dxp_player_is_named_once() {
    let port = {
        let free = TcpListener::bind("127.0.0.1:0").unwrap();
        free.local_addr().unwrap().port()
    };
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["match", "--rules", "international", "--games", "1"])
        .arg(format!("dxp=127.0.0.1:{port},name=b"))
        .arg("depth=1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!("dama: b: cannot connect to 127.0.0.1:{port}: ")),
        "{stderr}"
    );
}
