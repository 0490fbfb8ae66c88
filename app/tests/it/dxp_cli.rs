//! `dama dxp`: two `dama` processes play international draughts over DXP on the loopback
//! interface; a peer that breaks the protocol is answered and the game ends with a clear line.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Starts `dama dxp --listen 127.0.0.1:0` with `extra` arguments and returns it with the port
/// it printed on standard error.
fn listener(extra: &[&str]) -> (Child, u16, BufReader<std::process::ChildStderr>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--listen", "127.0.0.1:0", "--timeout", "60"])
        .args(extra)
        .env("NO_COLOR", "1")
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

/// The `moves` and `result` lines of a finished `dama dxp`.
fn report(child: Child, mut err: BufReader<std::process::ChildStderr>) -> (Vec<String>, String) {
    let out = child.wait_with_output().expect("dama ends");
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(out.status.success(), "dama dxp failed: {rest}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let mut lines = stdout.lines();
    let moves = lines
        .next()
        .and_then(|l| l.strip_prefix("moves "))
        .unwrap_or_else(|| panic!("no moves line: {stdout:?}"))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let result = lines.next().unwrap_or_default().to_string();
    (moves, result)
}

#[test]
fn two_dama_processes_play_a_game_over_the_loopback_interface() {
    // Node budgets, not clocks: a loaded machine cannot change the game's length, only its
    // wall time.
    let (follower, port, follower_err) = listener(&["--nodes", "300"]);
    let initiator = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--connect", &format!("127.0.0.1:{port}")])
        .args(["--timeout", "60", "--nodes", "300", "--name", "initiator"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let out = initiator.wait_with_output().expect("dama ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let (theirs, their_result) = report(follower, follower_err);
    let mut lines = stdout.lines();
    let ours: Vec<String> = lines
        .next()
        .and_then(|l| l.strip_prefix("moves "))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let our_result = lines.next().unwrap();
    // Both sides saw the same game, to a result of the rules, and agree on it.
    assert_eq!(ours, theirs);
    assert!(ours.len() > 20, "{ours:?}");
    assert_eq!(ours[0].len(), 5, "a first move like 32-28: {}", ours[0]);
    let result = |line: &str| line.split(" (").next().unwrap_or_default().to_string();
    assert_eq!(result(our_result), result(&their_result));
    assert!(
        ["result white wins", "result black wins", "result draw"]
            .contains(&result(our_result).as_str()),
        "{our_result}"
    );
}

/// Connects a hand-driven peer to a `dama dxp --listen --depth 1` and sends it a GAMEREQ
/// from the peer named "peer" whose fields after the name are `rest` (follower colour,
/// minutes, moves, start); returns the follower, the peer's reader and the peer.
fn peer_with_request(
    rest: &[u8],
) -> (
    (Child, BufReader<std::process::ChildStderr>),
    BufReader<TcpStream>,
    TcpStream,
) {
    let (follower, port, follower_err) = listener(&["--depth", "1"]);
    let mut peer = TcpStream::connect(("127.0.0.1", port)).unwrap();
    peer.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut request = b"R01peer".to_vec();
    request.resize(35, b' ');
    request.extend_from_slice(rest);
    request.push(0);
    peer.write_all(&request).unwrap();
    let reader = BufReader::new(peer.try_clone().unwrap());
    ((follower, follower_err), reader, peer)
}

/// The next message the peer receives, its NUL included.
fn next_message(reader: &mut BufReader<TcpStream>) -> Vec<u8> {
    let mut message = Vec::new();
    reader.read_until(0, &mut message).unwrap();
    message
}

#[test]
fn a_malformed_gamereq_is_answered_with_gameend_and_is_no_game() {
    // A GAMEREQ whose thinking time is not a number: no game begins (nothing on standard
    // output, issue 39, adversarial A5), the listener waits for the next connection.
    let ((mut follower, follower_err), mut reader, peer) = peer_with_request(b"Z0x0000A");
    assert_eq!(
        next_message(&mut reader),
        b"E00\0",
        "the answer to a malformed GAMEREQ"
    );
    drop(reader);
    drop(peer);
    let mut err = follower_err;
    let mut line = String::new();
    while !line.contains("no game:") {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "dama ended");
    }
    assert!(
        line.starts_with("dxp: no game: malformed message from the other program: "),
        "{line}"
    );
    assert!(line.ends_with("; closing the connection\n"), "{line}");
    follower.kill().unwrap();
    let out = follower.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

#[test]
fn an_illegal_move_is_refused_with_gameend() {
    // We start as white (the follower plays black), and play 31-20: not a move.
    let ((follower, follower_err), mut reader, mut peer) = peer_with_request(b"Z010000A");
    let message = next_message(&mut reader);
    assert_eq!(&message[..1], b"A", "GAMEACC");
    assert_eq!(message[message.len() - 2], b'0', "accepted");
    peer.write_all(b"M0001312000\0").unwrap();
    assert_eq!(next_message(&mut reader), b"E00\0");
    // Hang up without acknowledging (both handles of the socket).
    drop(reader);
    drop(peer);
    let (moves, result) = report(follower, follower_err);
    assert!(moves.is_empty());
    assert!(
        result.starts_with("result black wins (illegal move 31-20 from the other program: "),
        "{result}"
    );
}

#[test]
fn dxp_refuses_an_8x8_rule_set_and_a_bad_address() {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--rules", "czech", "--connect", "127.0.0.1:1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: DXP plays international draughts: --rules czech is not for 'dama dxp'\n"
    );
    // Nor another board's or another game on 10×10: DXP's moves and positions are the
    // international game's.
    for rules in ["turkish", "antidraughts"] {
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(["dxp", "--rules", rules, "--connect", "127.0.0.1:1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "dama: DXP plays international draughts: --rules {rules} is not for 'dama dxp'\n"
            )
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--connect", "nowhere"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: dxp: bad address 'nowhere': give HOST:PORT (or PORT to listen)\n"
    );
}

#[test]
fn a_listener_with_games_serves_the_next_connection_after_a_broken_one() {
    let (follower, port, follower_err) = listener(&["--depth", "1", "--games", "2"]);
    // A GAMEREQ from "peer" (we play white from the initial position), the follower black.
    let mut request = b"R01peer".to_vec();
    request.resize(35, b' ');
    request.extend_from_slice(b"Z010000A\0");
    let connect = || {
        let mut peer = TcpStream::connect(("127.0.0.1", port)).unwrap();
        peer.set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        peer.write_all(&request).unwrap();
        let mut reader = BufReader::new(peer.try_clone().unwrap());
        let accept = next_message(&mut reader);
        assert_eq!(&accept[..1], b"A", "GAMEACC");
        assert_eq!(accept[accept.len() - 2], b'0', "accepted");
        (peer, reader)
    };
    // The first connection breaks mid-game.
    let (peer, reader) = connect();
    drop(reader);
    drop(peer);
    // The second: we resign on our turn; the listener acknowledges with stop code 1 (its
    // last game of --games 2) and ends.
    let (mut peer, mut reader) = connect();
    peer.write_all(b"E10\0").unwrap();
    assert_eq!(next_message(&mut reader), b"E01\0");
    drop(reader);
    drop(peer);
    let out = follower.wait_with_output().expect("dama ends");
    let mut rest = String::new();
    let mut err = follower_err;
    let _ = err.read_to_string(&mut rest);
    assert!(out.status.success(), "{rest}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "moves \nresult no result (the other program closed the connection)\n\
         moves \nresult black wins (the other program ended the game: IResign)\n",
        "{rest}"
    );
    assert_eq!(rest.matches(" connected").count(), 2, "{rest}");
}

#[test]
fn games_is_for_the_follower() {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--connect", "127.0.0.1:1", "--games", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dama: dxp: --games is for the follower (the side that answers GAMEREQs); an initiator plays one game\n"
    );
}
