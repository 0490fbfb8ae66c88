//! Transcripts of `dama hub` sessions: lines sent (`>`), lines expected (`<`), exactly, but
//! for the clock's fields (`time=` and `nps=` read as `time=T nps=N`). Searches are bounded
//! by depth or nodes (one thread, a fresh table), so the lines do not depend on the machine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long a line may take before the test gives up (a hang, not a speed check).
const PATIENCE: Duration = Duration::from_secs(120);

struct Hub {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Hub {
    fn start(args: &[&str]) -> Hub {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("hub")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dama hub starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Hub {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn recv(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("a line from dama hub")
    }

    /// Lines up to and including the first starting with `word`.
    fn until(&self, word: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self.recv();
            let last = line.split_whitespace().next() == Some(word);
            got.push(line);
            if last {
                return got;
            }
        }
    }

    /// Closes the input and waits for the end, which must be clean; the lines written after.
    fn finish(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
        // The reader ends with the output; every line written is in the channel by then.
        self.lines.iter().collect()
    }
}

/// `time=` and `nps=` values replaced, the rest kept.
fn normal(line: &str) -> String {
    line.split(' ')
        .map(|word| {
            if word.starts_with("time=") {
                "time=T".to_string()
            } else if word.starts_with("nps=") {
                "nps=N".to_string()
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays a transcript: `> line` is sent, a run of `< line` is read and compared.
fn transcript(hub: &mut Hub, script: &str) {
    let mut expected: Vec<&str> = Vec::new();
    let check = |hub: &Hub, expected: &mut Vec<&str>| {
        for want in expected.drain(..) {
            let got = hub.recv();
            assert_eq!(normal(&got), normal(want), "expected {want:?}, got {got:?}");
        }
    };
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(sent) = line.strip_prefix("> ") {
            check(hub, &mut expected);
            hub.send(sent);
        } else if let Some(want) = line.strip_prefix("< ") {
            expected.push(want);
        } else if line == "<" {
            expected.push("");
        } else {
            panic!("bad transcript line {line:?}");
        }
    }
    check(hub, &mut expected);
}

const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

#[test]
fn initialisation_and_options() {
    let mut hub = Hub::start(&[]);
    transcript(
        &mut hub,
        &format!(
            r#"
> hub
< id name=dama version={} author="the dama authors"
< param name=variant value=spanish type=enum values="spanish czech russian house english italian spanish-official brazilian pool thai giveaway normal standard antidraughts breakthrough killer frisian frysk! turkish"
< param name=threads value=1 type=int min=1 max=64
< param name=hash value=16 type=int min=1 max=16384
< param name=tb-dir value="" type=string
< param name=level value=10 type=int min=1 max=10
< param name=keep-hash value=true type=bool
< param name=book value=true type=bool
< wait
> set-param name=variant value=russian
> set-param name=book value=maybe
< error message="set-param book: 'maybe' is not true or false"
> set-param name=book value=false
> set-param name=hash value=4
> set-param name=no-such-option value=1
> set-param name=threads value=0
< error message="set-param threads: '0' is not a number from 1 to 64"
> set-param name=keep-hash value=maybe
< error message="set-param keep-hash: 'maybe' is not true or false"
> set-param name=variant value=polish
< error message="set-param variant: unknown rule set 'polish' (expected spanish, czech, russian, house, english, italian, spanish-official, brazilian, pool, thai, giveaway, normal, standard, international, antidraughts, breakthrough, killer, frisian, frysk!, turkish, losing or bt)"
> init
< ready
> hub
< id name=dama version={} author="the dama authors"
< param name=variant value=russian type=enum values="spanish czech russian house english italian spanish-official brazilian pool thai giveaway normal standard antidraughts breakthrough killer frisian frysk! turkish"
< param name=threads value=1 type=int min=1 max=64
< param name=hash value=4 type=int min=1 max=16384
< param name=tb-dir value="" type=string
< param name=level value=10 type=int min=1 max=10
< param name=keep-hash value=true type=bool
< param name=book value=false type=bool
< wait
> ping
< pong
> quit
"#,
            env!("CARGO_PKG_VERSION"),
            env!("CARGO_PKG_VERSION")
        ),
    );
    assert!(hub.finish().is_empty());
}

/// The nodes of the last `info` line before `done`.
fn searched_nodes(hub: &mut Hub) -> u64 {
    hub.send("go think");
    let lines = hub.until("done");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info "))
        .expect("an info line");
    let nodes = info
        .split(' ')
        .find_map(|w| w.strip_prefix("nodes="))
        .expect("nodes=");
    nodes.parse().unwrap()
}

#[test]
fn keep_hash_false_searches_every_move_afresh() {
    for (keep, again_fewer) in [("true", true), ("false", false)] {
        let mut hub = Hub::start(&["--rules", "czech"]);
        hub.send(&format!("set-param name=keep-hash value={keep}"));
        hub.send("set-param name=book value=false");
        hub.send("init");
        hub.until("ready");
        hub.send(&format!("pos pos={START} moves=\"9-13 21-17\""));
        hub.send("level depth=9");
        let first = searched_nodes(&mut hub);
        let second = searched_nodes(&mut hub);
        if again_fewer {
            assert!(second < first, "keep-hash=true: {second} not below {first}");
        } else {
            assert_eq!(second, first, "keep-hash=false searches afresh");
        }
        hub.send("quit");
        hub.finish();
    }
}

#[test]
fn a_position_with_moves_searched_to_a_depth() {
    let mut hub = Hub::start(&["--rules", "russian"]);
    transcript(
        &mut hub,
        &format!(
            r#"
> set-param name=book value=false
> init
< ready
> pos pos={START} moves="9-13 21-17"
> level depth=4
> go think
< info depth=1 mean-depth=1.0 score=-0.18 nodes=11 time=0.000 nps=0.0 pv=11-15
< info depth=2 mean-depth=2.0 score=-0.60 nodes=123 time=0.000 nps=0.3 pv="11-14 26-21"
< info depth=3 mean-depth=3.0 score=-0.09 nodes=195 time=0.001 nps=0.3 pv="11-14 23-19 14x23x19 28x19x23"
< info depth=4 mean-depth=4.0 score=-0.15 nodes=371 time=0.001 nps=0.5 pv="11-14 22-19 12-15 19x12x15 7x16x12"
< done move=11-14 ponder=22-19
> new-game
> pos pos={START} moves="9-13 22-18 13x22x18"
> level depth=2
> go think
< info depth=1 mean-depth=1.0 score=-0.80 nodes=3 time=0.000 nps=0.0 pv=26x19x22
< info depth=2 mean-depth=2.0 score=-1.24 nodes=27 time=0.000 nps=0.1 pv="26x19x22 12-15 19x12x15 8x15x12"
< done move=26x19x22 ponder=12-15
"#
        ),
    );
    hub.finish();
}

#[test]
fn each_level() {
    let mut hub = Hub::start(&["--rules", "russian"]);
    // The searches themselves, not the opening book's moves.
    hub.send("set-param name=book value=false");
    hub.send("init");
    assert_eq!(hub.until("ready"), ["ready"]);
    hub.send(&format!("pos pos={START}"));
    // A node budget: exact lines.
    hub.send("new-game");
    hub.send("level nodes=300");
    hub.send("go think");
    let lines: Vec<String> = hub.until("done").iter().map(|l| normal(l)).collect();
    assert!(lines.len() >= 2, "{lines:?}");
    assert!(lines.last().unwrap().starts_with("done move="));
    // A move time, a clock (moves/time/inc), an infinite think ended by stop: a legal move.
    let first = ["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"];
    for level in [
        "level move-time=0.05",
        "level time=2 inc=0.1",
        "level moves=20 time=5",
        "level time=0.5",
    ] {
        hub.send(level);
        hub.send("go think");
        let lines = hub.until("done");
        let done = lines.last().unwrap();
        let mv = done
            .split_whitespace()
            .find_map(|w| w.strip_prefix("move="))
            .unwrap();
        assert!(first.contains(&mv), "{level}: {done}");
        assert!(
            lines[..lines.len() - 1]
                .iter()
                .all(|l| l.starts_with("info depth="))
        );
    }
    hub.send("level infinite");
    hub.send("go think");
    let info = hub.recv();
    assert!(info.starts_with("info depth=1 "), "{info}");
    hub.send("stop");
    let done = hub.until("done").pop().unwrap();
    assert!(done.starts_with("done move="), "{done}");
    hub.finish();
}

#[test]
fn analysis_until_stop_and_by_depth() {
    let mut hub = Hub::start(&["--rules", "czech"]);
    transcript(
        &mut hub,
        &format!(
            r#"
> init
< ready
> pos pos={START}
> level depth=3
> go analyze
< info depth=1 mean-depth=1.0 score=-0.01 nodes=10 time=0.000 nps=0.0 pv=11-14
< info depth=2 mean-depth=2.0 score=-0.39 nodes=63 time=0.000 nps=0.2 pv="10-14 21-18 14x21x18 25x18x21"
< info depth=3 mean-depth=3.0 score=-0.39 nodes=104 time=0.001 nps=0.2 pv="10-14 21-18 14x21x18 25x18x21"
< done move=10-14 ponder=21-18
"#
        ),
    );
    hub.send("level infinite");
    hub.send("go analyze");
    // It reports as it deepens, answers ping while searching, and stops on stop.
    let info = hub.recv();
    assert!(info.starts_with("info depth=1 "), "{info}");
    hub.send("ping");
    assert_eq!(hub.until("pong").last().unwrap(), "pong");
    hub.send("stop");
    let done = hub.until("done").pop().unwrap();
    assert!(done.starts_with("done move="), "{done}");
    hub.finish();
}

#[test]
fn ponder_then_ponder_hit() {
    let mut hub = Hub::start(&["--rules", "russian"]);
    hub.send("init");
    hub.until("ready");
    hub.send(&format!("pos pos={START} moves=\"9-13\""));
    hub.send("level move-time=0.05");
    hub.send("go ponder");
    // Without the clock it deepens until ponder-hit; then the move time runs.
    let info = hub.recv();
    assert!(info.starts_with("info depth=1 "), "{info}");
    hub.send("ping");
    assert_eq!(hub.until("pong").last().unwrap(), "pong");
    hub.send("ponder-hit");
    let done = hub.until("done").pop().unwrap();
    assert!(done.starts_with("done move="), "{done}");
    // A ponder search that a stop ends (the opponent played another move).
    hub.send("go ponder");
    hub.recv();
    hub.send("stop");
    assert!(hub.until("done").pop().unwrap().starts_with("done move="));
    // With a depth the ponder search ends by itself, as the protocol allows.
    transcript(
        &mut hub,
        &format!(
            r#"
> new-game
> pos pos={START} moves="9-13"
> level depth=2
> go ponder
< info depth=1 mean-depth=1.0 score=0.39 nodes=13 time=0.000 nps=0.1 pv=21-17
< info depth=2 mean-depth=2.0 score=0.18 nodes=49 time=0.000 nps=0.1 pv="21-17 11-15"
< done move=21-17 ponder=11-15
"#
        ),
    );
    hub.finish();
}

#[test]
fn bad_lines_get_an_error_and_the_session_goes_on() {
    let mut hub = Hub::start(&["--rules", "russian"]);
    transcript(
        &mut hub,
        &format!(
            r#"
> frobnicate now=1
> pos moves="9-13"
< error message="pos: missing pos="
> pos pos=W{ten}
< error message="pos: position: 51 characters is a 10x10 position, but the variant is russian, played on 8x8 (33 characters); for the international game send set-param name=variant value=standard"
> go think
< error message="go: the last position was refused; send pos again"
> pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww
< error message="pos: position: the side to move must be W or B, not 'X'"
> pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq
< error message="pos: position: square 32 holds 'q', expected w, b, W, B or e"
> pos pos={START} moves="9-14"
< error message="pos: moves[1]: move '9-14': not legal in this position"
> pos pos={START} moves="9-13 9x5"
< error message="pos: moves[2]: move '9x5': not legal in this position"
> pos pos={START} moves="9+13"
< error message="pos: moves[1]: move '9+13': syntax: expected from-to or fromxto[xcaptured...]"
> pos pos={START} moves="9-40"
< error message="pos: moves[1]: move '9-40': syntax: 40 is not a square number (1-32)"
> level depth=0
< error message="level: bad depth='0': a whole number from 1 to 64"
> level move-time=soon
< error message="level: bad move-time='soon': seconds from 0 to 86400"
> level inc=1
< error message="level: missing time="
> level
< error message="level: missing depth, nodes, move-time, time or infinite="
> go
< error message="go: missing think, ponder or analyze="
> go think now="
< error message="syntax: a quoted value is not closed"
> go =x
< error message="syntax: an argument has no name"
> ping
< pong
"#,
            ten = "e".repeat(50)
        ),
    );
    // Bytes that are not UTF-8 and an overlong line do not end the session.
    hub.stdin
        .as_mut()
        .unwrap()
        .write_all(b"\xff\xfe\n")
        .unwrap();
    let long = "x".repeat(100_000);
    hub.send(&format!("pos pos={long}"));
    assert_eq!(
        hub.until("error").pop().unwrap(),
        "error message=\"syntax: the line is longer than 65536 bytes\""
    );
    hub.send("ping");
    assert_eq!(hub.until("pong").pop().unwrap(), "pong");
    hub.finish();
}

#[test]
fn end_of_input_stops_an_infinite_search_and_ends_cleanly() {
    let mut hub = Hub::start(&["--rules", "russian"]);
    hub.send("level infinite");
    hub.send("go analyze");
    hub.recv();
    let rest = hub.finish();
    assert!(
        rest.last().is_some_and(|l| l.starts_with("done move=")),
        "{rest:?}"
    );
}

#[test]
fn a_closed_output_ends_the_session() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["hub", "--rules", "russian"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = writeln!(stdin, "hub\nlevel infinite\ngo analyze");
    let _ = stdin.flush();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn go_think_plays_the_book_in_its_positions() {
    use dama_core::BoardRules;
    let mut hub = Hub::start(&["--rules", "russian"]);
    hub.send("init");
    assert_eq!(hub.until("ready"), ["ready"]);
    hub.send(&format!("pos pos={START}"));
    hub.send("level nodes=1000");
    hub.send("go think");
    // At once, from the book: no info line, no ponder move.
    let done = hub.recv();
    let mv = done
        .strip_prefix("done move=")
        .unwrap_or_else(|| panic!("{done}"));
    let book = dama::book::Book::for_rules(dama_core::Variant::Russian);
    let encoding = dama::hub::encoding::Encoding::for_variant("russian").unwrap();
    let start = dama_core::rules::Russian::start();
    let moves: Vec<String> = book
        .moves(&start)
        .iter()
        .map(|m| encoding.write_move(&m.mv))
        .collect();
    assert!(moves.iter().any(|m| m == mv), "{mv} not in {moves:?}");
    // Without the book: a search.
    hub.send("set-param name=book value=false");
    hub.send("go think");
    let lines = hub.until("done");
    assert!(lines[0].starts_with("info depth=1 "), "{lines:?}");
    hub.finish();
}

/// The international start as Scan writes it: the side to move, then squares 1–50.
const START10: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/// White men on 32 and 48, black men on 5, 17 and 27: white must take two, 32x12.
const SHOT10: &str = "Weeeebeeeeeeeeeeebeeeeeeeeebeeeeweeeeeeeeeeeeeeewee";

#[test]
fn international_as_scan_speaks_it() {
    let mut hub = Hub::start(&["--rules", "international"]);
    transcript(
        &mut hub,
        &format!(
            r#"
> hub
< id name=dama version={version} author="the dama authors"
< param name=variant value=normal type=enum values="normal standard antidraughts breakthrough killer frisian frysk! spanish czech russian house english italian spanish-official brazilian pool thai giveaway turkish"
< param name=threads value=1 type=int min=1 max=64
< param name=hash value=16 type=int min=1 max=16384
< param name=tb-dir value="" type=string
< param name=level value=10 type=int min=1 max=10
< param name=keep-hash value=true type=bool
< param name=book value=true type=bool
< wait
> set-param name=variant value=normal
> init
< ready
> pos pos={START10} moves="32-28 19-23 28x19 14x23"
> level depth=4
> go think
< info depth=1 mean-depth=1.0 score=0.38 nodes=18 time=0.001 nps=0.0 pv=31-26
< info depth=2 mean-depth=2.0 score=0.16 nodes=82 time=0.001 nps=0.1 pv="33-28 23x32x28 37x28x32"
< info depth=3 mean-depth=3.0 score=0.07 nodes=275 time=0.002 nps=0.2 pv="31-27 9-14 36-31"
< info depth=4 mean-depth=4.0 score=0.04 nodes=651 time=0.002 nps=0.4 pv="31-27 9-14 34-29 23x34x29 39x30x34"
< done move=31-27 ponder=9-14
> new-game
> pos pos={START10} moves="32-28 19-23 28x19x23 14x23x19"
> level depth=2
> go think
< info depth=1 mean-depth=1.0 score=0.38 nodes=18 time=0.000 nps=0.5 pv=31-26
< info depth=2 mean-depth=2.0 score=0.16 nodes=82 time=0.000 nps=1.2 pv="33-28 23x32x28 37x28x32"
< done move=33-28 ponder=23x32x28
> pos pos={SHOT10}
> go think
< info depth=1 mean-depth=1.0 score=2.62 nodes=8 time=0.000 nps=0.1 pv="32x12x17x27 5-10 12-8"
< done move=32x12x17x27 ponder=5-10
> pos pos={SHOT10} moves="32x12x27x17"
> go think
< info depth=1 mean-depth=1.0 score=-2.62 nodes=2 time=0.000 nps=0.0 pv=5-10
< done move=5-10
> set-param name=variant value=standard
> set-param name=variant value=russian
< error message="pos: position: 51 characters is a 10x10 position, but the variant is russian, played on 8x8 (33 characters); for the international game send set-param name=variant value=standard"
> set-param name=variant value=international
> ping
< pong
"#,
            version = env!("CARGO_PKG_VERSION")
        ),
    );
    hub.finish();
}

#[test]
fn bad_international_positions_and_moves_are_refused() {
    let mut hub = Hub::start(&["--rules", "international"]);
    transcript(
        &mut hub,
        &format!(
            r#"
> pos pos={START}
< error message="pos: position: 33 characters is an 8x8 position; the variant normal (international) wants 51 (the side to move and 50 squares)"
> go think
< error message="go: the last position was refused; send pos again"
> pos pos=W{short}
< error message="pos: position: 47 characters, expected 51 (the side to move and 50 squares)"
> pos pos=X{empty}
< error message="pos: position: the side to move must be W or B, not 'X'"
> pos pos=W{empty_but_one}q
< error message="pos: position: square 50 holds 'q', expected w, b, W, B or e"
> pos pos=Wwe{rest}
< error message="pos: position: a white man on 1 would already be a king"
> pos pos={START10} moves="32-51"
< error message="pos: moves[1]: move '32-51': syntax: 51 is not a square number (1-50)"
> pos pos={START10} moves="32-27 19-23 27x18"
< error message="pos: moves[3]: move '27x18': not legal in this position"
> pos pos={START10} moves="32-28 19-23 28x19x22"
< error message="pos: moves[3]: move '28x19x22': not legal in this position"
> pos pos={START10} moves="32-28 19-23 28-19"
< error message="pos: moves[3]: move '28-19': not legal in this position"
> pos pos={START10} moves="31-26 20-25 32-28 25x31"
< error message="pos: moves[4]: move '25x31': not legal in this position"
> pos pos={START10} moves="32 28"
< error message="pos: moves[1]: move '32': syntax: expected from-to or fromxto[xcaptured...]"
> ping
< pong
"#,
            short = "e".repeat(46),
            empty = "e".repeat(50),
            empty_but_one = "e".repeat(49),
            rest = "e".repeat(48),
        ),
    );
    hub.finish();
}

#[test]
fn go_think_plays_the_international_book_from_the_start() {
    use dama::hub::encoding::{Codec, HubBoard};
    use dama_core::{Board10, BoardRules, International};
    let mut hub = Hub::start(&["--rules", "international"]);
    hub.send("init");
    assert_eq!(hub.until("ready"), ["ready"]);
    hub.send(&format!("pos pos={START10}"));
    hub.send("level nodes=1000");
    hub.send("go think");
    // At once, from the book: no info line, no ponder move.
    let done = hub.recv();
    let mv = done
        .strip_prefix("done move=")
        .unwrap_or_else(|| panic!("{done}"));
    let book = dama::book::Book::builtin(dama_core::DynRules::of::<International>());
    let codec = <Board10 as HubBoard>::codec("international").unwrap();
    let moves: Vec<String> = book
        .moves(&International::start())
        .iter()
        .map(|m| codec.write_move(&m.mv))
        .collect();
    assert!(moves.iter().any(|m| m == mv), "{mv} not in {moves:?}");
    // Without the book: a search.
    hub.send("set-param name=book value=false");
    hub.send("go think");
    let lines = hub.until("done");
    assert!(lines[0].starts_with("info depth=1 "), "{lines:?}");
    hub.finish();
}
