//! `dama match` with a `dxp=HOST:PORT` player: against `dama dxp --listen` on the loopback
//! interface, games to the end from different openings on one connection; and against small
//! fake DXP programs (std::net) that send an illegal or malformed move, hang up, stay silent
//! or decline the game: each loses its games with a clear line and the match goes on.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

/// Runs `dama match --rules international` with `args`; its status, report and progress.
fn run_match(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["match", "--rules", "international"])
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("dama runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn value<'r>(report: &'r str, key: &str) -> &'r str {
    report
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("{key} in {report}"))
}

/// The keys of the report, in order.
const REPORT_KEYS: [&str; 15] = [
    "engine1",
    "engine2",
    "games",
    "wins",
    "draws",
    "losses",
    "score",
    "elo",
    "elo_error",
    "pairs",
    "pentanomial",
    "elo_pentanomial",
    "elo_pentanomial_error",
    "forfeits",
    "move_cap",
];

fn assert_report_shape(report: &str) {
    let keys: Vec<&str> = report
        .lines()
        .map(|l| l.split(' ').next().unwrap_or_default())
        .collect();
    assert_eq!(keys, REPORT_KEYS, "{report}");
}

#[test]
fn a_match_against_dama_dxp_listen_plays_every_game_to_the_end() {
    // Node budgets, not clocks: a loaded machine changes the wall time, not the games.
    let mut listener = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--listen", "127.0.0.1:0", "--timeout", "120"])
        .args(["--nodes", "300", "--games", "4", "--name", "listener"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    let mut err = BufReader::new(listener.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let port: u16 = line
        .trim()
        .strip_prefix("dxp: listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap();
    let peer = format!("dxp=127.0.0.1:{port},name=peer,timeout=120");
    let (status, report, progress) =
        run_match(&["--games", "4", &peer, "nodes=300,tables=off,name=own"]);
    assert_eq!(status, Some(0), "{progress}");
    let out = listener.wait_with_output().unwrap();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    assert!(out.status.success(), "{rest}");

    assert_report_shape(&report);
    assert_eq!(value(&report, "engine1"), "peer");
    assert_eq!(value(&report, "engine2"), "own");
    assert_eq!(value(&report, "games"), "4", "{report}");
    assert_eq!(value(&report, "pairs"), "2", "{report}");
    assert_eq!(value(&report, "forfeits"), "0", "{report}\n{progress}");
    assert_eq!(value(&report, "move_cap"), "0", "{report}");
    let counts: u32 = ["wins", "draws", "losses"]
        .iter()
        .map(|k| value(&report, k).parse::<u32>().unwrap())
        .sum();
    assert_eq!(counts, 4, "{report}");

    // One progress line a game, the colours alternating, each game ended by the rules.
    let games: Vec<&str> = progress
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(games.len(), 4, "{progress}");
    let mut results = Vec::new();
    for (i, line) in games.iter().enumerate() {
        let pairing = if i % 2 == 0 {
            "(peer v own)"
        } else {
            "(own v peer)"
        };
        assert!(
            line.starts_with(&format!("game {} {pairing}: ", i + 1)),
            "{line}"
        );
        assert!(!line.contains("forfeits"), "{line}");
        let result = line.split(": ").nth(1).unwrap().split(' ').next().unwrap();
        results.push(match result {
            "1-0" => "result white wins",
            "0-1" => "result black wins",
            "1/2-1/2" => "result draw",
            other => panic!("{other} in {line}"),
        });
    }

    // The listener played the same four games on one connection and saw the same results.
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8, "{stdout}");
    for (i, pair) in lines.chunks(2).enumerate() {
        assert!(pair[0].starts_with("moves "), "{stdout}");
        assert!(pair[0].split(' ').count() > 20, "{}", pair[0]);
        let result = pair[1].split(" (").next().unwrap();
        assert_eq!(result, results[i], "game {}: {stdout}\n{progress}", i + 1);
    }
    assert_eq!(rest.matches(" connected").count(), 1, "{rest}");
    assert_eq!(
        rest.matches("GAMEREQ from \"dama match\"").count(),
        4,
        "{rest}"
    );
    // Different openings: the first and the second pair start from different positions
    // (the engines are the same in both games of a pair).
    assert_ne!(lines[0], lines[4], "{stdout}");
}

/// What a fake DXP program does once the game is on and it is its turn.
#[derive(Clone, Copy, Debug)]
enum Fake {
    /// Sends 31-20, not a move.
    Illegal,
    /// Sends bytes that are not a message.
    Malformed,
    /// Closes the connection.
    HangUp,
    /// Says nothing.
    Silent,
    /// Answers GAMEREQ with GAMEACC code 2.
    Decline,
}

/// Reads one NUL-terminated message (without its NUL); `None` at the end of the stream.
fn read_message(reader: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut message = Vec::new();
    match reader.read_until(0, &mut message) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            message.pop();
            Some(message)
        }
    }
}

fn send(stream: &mut TcpStream, message: &[u8]) {
    let mut bytes = message.to_vec();
    bytes.push(0);
    let _ = stream.write_all(&bytes);
}

/// A fake DXP program on a free port, serving `games` games on as many connections as it
/// takes; returns its port and a thread giving every message it received, by connection.
fn fake_program(fake: Fake, games: usize) -> (u16, thread::JoinHandle<Vec<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = thread::spawn(move || {
        let mut seen = Vec::new();
        let mut played = 0;
        while played < games {
            let (mut stream, _) = listener.accept().unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(60)))
                .unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut received = Vec::new();
            'connection: while let Some(request) = read_message(&mut reader) {
                received.push(String::from_utf8_lossy(&request).into_owned());
                if request.first() != Some(&b'R') {
                    continue;
                }
                played += 1;
                let mut accept = b"Afake".to_vec();
                accept.resize(33, b' ');
                if let Fake::Decline = fake {
                    accept.push(b'2');
                    send(&mut stream, &accept);
                    continue;
                }
                accept.push(b'0');
                send(&mut stream, &accept);
                // Its turn now, or after the match's first move.
                let mine = request[35];
                let to_move = if request[42] == b'A' {
                    b'W'
                } else {
                    request[43]
                };
                if to_move != mine {
                    let Some(first) = read_message(&mut reader) else {
                        break;
                    };
                    received.push(String::from_utf8_lossy(&first).into_owned());
                }
                match fake {
                    Fake::Illegal => send(&mut stream, b"M0001312000"),
                    Fake::Malformed => send(&mut stream, b"M00x"),
                    Fake::HangUp => break 'connection,
                    Fake::Silent => {}
                    Fake::Decline => unreachable!(),
                }
                // The match's GAMEEND (or, silent, the end of the connection), acknowledged.
                match read_message(&mut reader) {
                    Some(end) => {
                        received.push(String::from_utf8_lossy(&end).into_owned());
                        send(&mut stream, b"E00");
                    }
                    None => break 'connection,
                }
            }
            seen.push(received);
        }
        seen
    });
    (port, handle)
}

#[test]
fn a_dxp_program_that_breaks_the_protocol_loses_each_game_and_the_match_goes_on() {
    for (fake, reason, connections) in [
        (
            Fake::Illegal,
            "black forfeits: fake played an illegal move '31-20: not a legal move here'",
            1,
        ),
        (
            Fake::Malformed,
            "black forfeits: fake: sent a malformed message \"M00x\": ",
            1,
        ),
        (
            Fake::HangUp,
            "black forfeits: fake: closed the connection while a MOVE was due",
            2,
        ),
        (
            Fake::Decline,
            "black forfeits: fake: declined the game (GAMEACC code 2: not this game)",
            1,
        ),
    ] {
        let (port, program) = fake_program(fake, 2);
        let peer = format!("dxp=127.0.0.1:{port},name=fake,timeout=60");
        // One opening (black to move), so that the fake plays black in the first game.
        let (status, report, progress) = run_match(&[
            "--games",
            "2",
            "--fen",
            "B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "nodes=200,tables=off,name=own",
            &peer,
        ]);
        assert_eq!(status, Some(0), "{fake:?}: {progress}");
        assert_report_shape(&report);
        assert_eq!(value(&report, "games"), "2", "{fake:?}: {report}");
        assert_eq!(value(&report, "wins"), "2", "{fake:?}: {report}");
        assert_eq!(value(&report, "forfeits"), "2", "{fake:?}: {report}");
        let games: Vec<&str> = progress
            .lines()
            .filter(|l| l.starts_with("game "))
            .collect();
        assert_eq!(games.len(), 2, "{fake:?}: {progress}");
        assert!(
            games[0].starts_with(&format!("game 1 (own v fake): 1-0 {reason}")),
            "{fake:?}: {}",
            games[0]
        );
        let seen = program.join().expect("the fake program");
        assert_eq!(seen.len(), connections, "{fake:?}: {seen:?}");
        // Each GAMEREQ names the game's start, black to move, the fake playing black.
        let requests: Vec<&String> = seen
            .iter()
            .flatten()
            .filter(|m| m.starts_with('R'))
            .collect();
        assert_eq!(requests.len(), 2, "{fake:?}: {seen:?}");
        for (request, fake_plays) in requests.iter().zip(["Z", "W"]) {
            assert_eq!(request.len(), 94, "{request}");
            assert_eq!(&request[..35], "R01dama match                      ");
            assert_eq!(&request[35..36], fake_plays, "{request}");
            assert_eq!(&request[36..44], "010000BZ", "{request}");
            assert_eq!(
                &request[44..],
                "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
            );
        }
        if let Fake::Illegal | Fake::Malformed = fake {
            // The match closed each game with GAMEEND (stop code 0: another game welcome).
            assert_eq!(
                seen[0].iter().filter(|m| *m == "E00").count(),
                2,
                "{fake:?}: {seen:?}"
            );
        }
    }
}

#[test]
fn a_silent_dxp_program_loses_on_the_timeout() {
    let (port, program) = fake_program(Fake::Silent, 1);
    let peer = format!("dxp=127.0.0.1:{port},name=fake,timeout=1");
    let (status, report, progress) = run_match(&["--games", "1", &peer, "nodes=200,name=own"]);
    assert_eq!(status, Some(0), "{progress}");
    assert_eq!(value(&report, "forfeits"), "1", "{report}");
    assert_eq!(value(&report, "losses"), "1", "{report}");
    assert!(
        progress.contains("white forfeits: fake did not answer within 1000 ms"),
        "{progress}"
    );
    drop(program);
}

#[test]
fn dxp_players_are_refused_on_8x8_and_with_concurrency() {
    let output = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["match", "--rules", "czech", "--games", "2"])
        .args(["dxp=127.0.0.1:27531", "depth=1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "dama: player 'dxp=127.0.0.1:27531': DXP is a protocol of international draughts (10x10): not for --rules czech\n"
    );
    let (status, _, err) = run_match(&["--concurrency", "2", "dxp=127.0.0.1:27531", "depth=1"]);
    assert_eq!(status, Some(2));
    assert_eq!(
        err,
        "dama: player 'dxp=127.0.0.1:27531': a DXP program plays one game at a time: not with --concurrency 2\n"
    );
    let (status, _, err) = run_match(&["dxp=127.0.0.1:27531,depth=3", "depth=1"]);
    assert_eq!(status, Some(2));
    assert!(
        err.contains("depth= does not go with dxp= (it takes name=, time=, minutes=, timeout=)"),
        "{err}"
    );
    // Nobody listening: the match fails once, before any game.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let (status, report, err) = run_match(&[&format!("dxp=127.0.0.1:{port}"), "depth=1"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(report.is_empty());
    assert!(
        err.starts_with(&format!(
            "dama: dxp=127.0.0.1:{port}: cannot connect to 127.0.0.1:{port}: "
        )),
        "{err}"
    );
}
