//! Issue 39, the Hub's part: `dama hub` (adversarial A4, A9, A14; newcomer 5 and 10; the score
//! of a table win) and `dama match`'s `hub=` and `cmd=` players and reports (adversarial A1,
//! A10; newcomer 21). Each test fails on a577dc1. Floods are judged by what is kept (the lines
//! read, the reason given), never by memory figures.

use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const DAMA: &str = env!("CARGO_BIN_EXE_dama");

/// Runs `dama hub ARGS` on `input` (all of it, then the end of input; through `sh -c` when
/// `shell` prefixes it, e.g. with a `ulimit`) and returns its exit status and lines.
pub(crate) fn hub_run(
    shell: Option<&str>,
    args: &[&str],
    input: String,
) -> (Option<i32>, Vec<String>) {
    let mut command = match shell {
        Some(prefix) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("{prefix}; exec \"$0\" hub \"$@\""))
                .arg(DAMA)
                .args(args);
            c
        }
        None => {
            let mut c = Command::new(DAMA);
            c.arg("hub").args(args);
            c
        }
    };
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dama hub starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    (status.code(), out.lines().map(str::to_string).collect())
}

fn hub(args: &[&str], input: &str) -> Vec<String> {
    let (code, lines) = hub_run(None, args, input.to_string());
    assert_eq!(code, Some(0), "{lines:?}");
    lines
}

/// The lines but the `info` ones.
fn replies(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("info "))
        .collect()
}

// ---- `dama hub` -------------------------------------------------------------------------

/// A14 and newcomer 5: a 10×10 position under an 8×8 variant names the variant and the
/// parameter that plays the international game; an unknown variant lists the 10×10 names.
#[test]
fn a14_a_10x10_position_under_an_8x8_variant_names_the_parameter() {
    let lines = hub(
        &[],
        &format!(
            "set-param name=variant value=russian\npos pos=W{}\nset-param name=variant value=canadian\n",
            "e".repeat(50)
        ),
    );
    assert_eq!(
        lines,
        [
            "error message=\"pos: position: 51 characters is a 10x10 position, but the variant is \
             russian, played on 8x8 (33 characters); for the international game send set-param \
             name=variant value=standard\"",
            "error message=\"set-param variant: unknown rule set 'canadian' (expected spanish, czech, \
             russian, house, english, italian, spanish-official, brazilian, pool, thai, giveaway, normal, \
             standard, international, antidraughts, breakthrough, killer, frisian, frysk!, turkish, \
             losing or bt)\"",
        ]
    );
}

/// Newcomer 10: `hub` lists every variant the engine plays, the international game by Scan's
/// name and by pydraughts' included, whichever board the session started on.
#[test]
fn newcomer10_the_variant_parameter_lists_every_variant() {
    let eight =
        "spanish czech russian house english italian spanish-official brazilian pool thai giveaway";
    for (args, line) in [
        (
            &[][..],
            format!(
                "param name=variant value=spanish type=enum values=\"{eight} normal standard antidraughts breakthrough killer frisian frysk! turkish\""
            ),
        ),
        (
            &["--rules", "international"][..],
            format!(
                "param name=variant value=normal type=enum values=\"normal standard antidraughts breakthrough killer frisian frysk! {eight} turkish\""
            ),
        ),
    ] {
        let lines = hub(args, "hub\n");
        assert_eq!(lines[1], line, "{lines:?}");
    }
}

/// A14: a position whose game is over says so (and why, under which variant), also when the
/// side to move has moves (the other side has no piece).
#[test]
fn a14_a_position_whose_game_is_over_says_so() {
    let lines = hub(
        &["--rules", "international"],
        &format!(
            "set-param name=book value=false\npos pos=WW{}\nlevel depth=3\ngo think\ngo analyze\n",
            "e".repeat(49)
        ),
    );
    let over = "error message=\"go: the game is over in this position under the variant normal: \
                black has no pieces left (white wins)\"";
    assert_eq!(lines, [over, over]);
    // Russian: a white man on a1 blocked by black men on b2 and c3, white to move.
    let mut squares = vec!['e'; 32];
    squares[28] = 'w';
    squares[24] = 'b';
    squares[21] = 'b';
    let pos: String = squares.into_iter().collect();
    let lines = hub(
        &[],
        &format!("set-param name=variant value=russian\npos pos=W{pos}\ngo think\n"),
    );
    assert_eq!(
        lines,
        [
            "error message=\"go: the game is over in this position under the variant russian: \
          white to move has no legal move (black wins)\""
        ]
    );
}

/// A14: the error for a bad line sent during a search comes after the `done` of that search,
/// and a `ping` sent after it after the error: the replies keep the order of the lines.
#[test]
fn a14_replies_keep_the_order_of_the_lines_during_a_search() {
    let lines = hub(
        &[],
        "set-param name=book value=false\ngo analyze\nlevel depth=99\npos =x\nping\nstop\n",
    );
    let replies = replies(&lines);
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert!(replies[0].starts_with("done move="), "{replies:?}");
    assert_eq!(
        &replies[1..],
        [
            "error message=\"level: bad depth='99': a whole number from 1 to 64\"",
            "error message=\"syntax: an argument has no name\"",
            "pong",
        ]
    );
}

/// A4: at most 1024 lines wait for a search to end; the lines past them are dropped, and one
/// `error` says how many, in their place.
#[test]
fn a4_the_lines_waiting_for_a_search_are_bounded() {
    let mut input = String::from("set-param name=book value=false\ngo analyze\n");
    for _ in 0..1030 {
        input.push_str("level depth=3\n");
    }
    input.push_str("stop\n");
    let lines = hub(&[], &input);
    let by_count = replies(&lines);
    assert_eq!(by_count.len(), 2, "{by_count:?}");
    assert!(by_count[0].starts_with("done move="), "{by_count:?}");
    assert_eq!(
        by_count[1],
        "error message=\"6 line(s) sent during a search were dropped: at most 1024 lines (1024 \
         KiB) wait for a search to end\""
    );
    // The same by their bytes: 17 lines of 60,000 bytes wait, the 3 after them are dropped.
    let mut input = String::from("set-param name=book value=false\ngo analyze\n");
    for _ in 0..20 {
        input.push_str(&format!("level depth=3 x={}\n", "y".repeat(59_984)));
    }
    input.push_str("stop\n");
    let lines = hub(&[], &input);
    let by_bytes = replies(&lines);
    assert_eq!(
        &by_bytes[1..],
        [
            "error message=\"3 line(s) sent during a search were dropped: at most 1024 lines \
          (1024 KiB) wait for a search to end\""
        ]
    );
}

/// Endless `ping` lines, counting the lines read.
struct Pings(Arc<AtomicUsize>);

impl Read for Pings {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len() / 5;
        for chunk in buf.chunks_exact_mut(5).take(n) {
            chunk.copy_from_slice(b"ping\n");
        }
        self.0.fetch_add(n, Ordering::SeqCst);
        Ok(n * 5)
    }
}

/// An output that nobody reads: a write blocks until the test lets it fail.
struct Unread(std::sync::Mutex<std::sync::mpsc::Receiver<()>>);

impl Write for Unread {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.lock().unwrap().recv();
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A4: a GUI that stops reading stops the session, then the reading of its input: the lines
/// read stay within the queues (`hub::QUEUE` each way) however many are sent. On a577dc1
/// every line was read and its reply queued.
#[test]
fn a4_a_gui_that_stops_reading_stops_the_reading_of_its_input() {
    let read = Arc::new(AtomicUsize::new(0));
    let (release, blocked) = std::sync::mpsc::channel::<()>();
    let config = dama::hub::Config {
        rules: dama_core::Variant::Russian,
        threads: 1,
        tb_dir: None,
        seed: 1,
    };
    let input = BufReader::with_capacity(64, Pings(Arc::clone(&read)));
    let output = Unread(std::sync::Mutex::new(blocked));
    let session = std::thread::spawn(move || dama::hub::run(config, input, output));
    // The lines in the queues, the replies in the writer's buffer, those in the threads'
    // hands and one buffer of the reader's.
    let bound = 2 * dama::hub::QUEUE + dama::hub::FLUSH_EVERY + 3 + 64 / 5;
    // The session settles within a moment; the wait is a margin, the check is the bound (an
    // unbounded session fails it at once).
    for _ in 0..40 {
        std::thread::sleep(Duration::from_millis(50));
        let n = read.load(Ordering::SeqCst);
        assert!(n <= bound, "{n} lines read while the output is not read");
    }
    // The output closed (a broken pipe), the session ends.
    drop(release);
    session.join().unwrap();
}

/// A9: a table the machine cannot give (here under an address-space limit of 2 GB) is an
/// `error` line, and the engine keeps the table it had; it goes on answering.
#[test]
fn a9_a_hash_that_cannot_be_allocated_is_an_error_and_the_table_is_kept() {
    let (code, lines) = hub_run(
        Some("ulimit -v 2000000"),
        &[],
        "set-param name=hash value=4096\ninit\nset-param name=hash value=8192\nhub\nping\n".into(),
    );
    assert_eq!(code, Some(0), "{lines:?}");
    assert_eq!(
        lines[..3],
        [
            "error message=\"init: cannot allocate a table of 4096 MiB (not enough memory); hash \
             stays 16 MiB\"",
            "ready",
            "error message=\"set-param hash: cannot allocate a table of 8192 MiB (not enough \
             memory); hash stays 16 MiB\"",
        ]
    );
    assert!(
        lines.contains(&"param name=hash value=16 type=int min=1 max=16384".to_string()),
        "{lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("pong"));
}

/// The issue: a table win is written in Scan's band of bitbase wins (89.xx men, a loss
/// -89.xx), where pydraughts reads it with its sign; a577dc1 wrote 279.98, which pydraughts
/// reads as a loss. Two white kings against two men (Russian), the tables of 3 pieces.
#[test]
fn a_table_win_is_reported_inside_the_protocols_range() {
    let dir = tempfile::tempdir().unwrap();
    let tb = dir.path().join("tb");
    let status = Command::new(DAMA)
        .args([
            "tb", "build", "--rules", "russian", "--pieces", "3", "--tb-dir",
        ])
        .arg(&tb)
        .output()
        .unwrap();
    assert!(status.status.success());
    let pos = "eeeeeeeeeeeeebbeeeeeeeeeeeeeWeeW";
    for (side, score) in [("W", "89.98"), ("B", "-89.97")] {
        let lines = hub(
            &[],
            &format!(
                "set-param name=variant value=russian\nset-param name=tb-dir value={}\n\
                 set-param name=book value=false\ninit\npos pos={side}{pos}\nlevel depth=6\n\
                 go analyze\n",
                tb.display()
            ),
        );
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
        assert_eq!(infos.len(), 6, "{lines:?}");
        for info in infos {
            assert!(info.contains(&format!(" score={score} ")), "{info}");
        }
    }
}

// ---- `dama match` -----------------------------------------------------------------------

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    assert!(status.success());
    path.display().to_string()
}

/// A fake Hub engine of the Russian rules: `go` does `on_go` (a shell command).
fn fake_hub(dir: &Path, name: &str, on_go: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "while IFS= read -r line; do\n  case \"$line\" in\n    \
             hub) echo 'id name=fake'; echo 'param name=variant value=russian type=enum \
             values=\"russian\"'; echo wait ;;\n    init) echo ready ;;\n    \
             go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone"
        ),
    )
}

struct Match {
    code: Option<i32>,
    report: String,
    progress: String,
    pdn: String,
}

/// `dama match --rules russian` of `games` games between `one` and `two`, in `dir`, under an
/// address-space limit of 3 GB (so that a referee that kept a flood fails at once).
fn dama_match(dir: &Path, one: &str, two: &str, games: &str) -> Match {
    let output = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 3000000; exec \"$0\" \"$@\"")
        .arg(DAMA)
        .args([
            "match",
            "--rules",
            "russian",
            "--games",
            games,
            "--pdn=games.pdn",
        ])
        .args(["--engine1", one, "--engine2", two])
        .current_dir(dir)
        .output()
        .unwrap();
    Match {
        code: output.status.code(),
        report: String::from_utf8_lossy(&output.stdout).into_owned(),
        progress: String::from_utf8_lossy(&output.stderr).into_owned(),
        pdn: std::fs::read_to_string(dir.join("games.pdn")).unwrap_or_default(),
    }
}

/// A1: a Hub engine that floods its output after `go` (endless `info` lines, or bytes
/// without an end of line) loses the game once it has written 8 MiB; the match goes on.
#[test]
fn a1_a_hub_engine_that_floods_its_output_is_forfeited() {
    let dir = tempfile::tempdir().unwrap();
    for (name, on_go) in [
        (
            "Info.sh",
            "exec yes 'info depth=1 mean-depth=1.0 score=0.00 nodes=1 time=0.0 nps=0.0 pv=9-13'",
        ),
        ("Line.sh", "yes x | tr -d '\\n'; exit 0"),
    ] {
        let engine = fake_hub(dir.path(), name, on_go);
        let m = dama_match(
            dir.path(),
            &format!("hub={engine},depth=1,name=Flood"),
            "depth=1,tables=off,name=Own",
            "2",
        );
        assert_eq!(m.code, Some(0), "{name}: {}", m.progress);
        assert!(m.report.contains("forfeits 2\n"), "{name}: {}", m.report);
        let reason = format!(
            "forfeits: {engine} gave no move: the engine wrote more than 8 MiB while thinking"
        );
        assert_eq!(
            m.progress.matches(&reason).count(),
            2,
            "{name}: {}",
            m.progress
        );
    }
}

/// A1: a `cmd=` program that floods its output is stopped at 1 MiB and loses the game then
/// (on a577dc1 it ran until its patience ran out, 5.5 s, and lost on time).
#[test]
fn a1_a_cmd_program_that_floods_its_output_is_forfeited_at_once() {
    let dir = tempfile::tempdir().unwrap();
    // The real engine for `--help` and the match's trial move, then a flood.
    script(
        dir.path(),
        "Flood.sh",
        &format!(
            "case \"$*\" in *--help*) exec {DAMA} \"$@\" ;; esac\n\
             [ -e tried ] && exec yes 'info depth 1'\ntouch tried; exec {DAMA} \"$@\""
        ),
    );
    let m = dama_match(
        dir.path(),
        "cmd=./Flood.sh,movetime=100,name=Flood",
        "depth=1,tables=off,name=Own",
        "1",
    );
    assert_eq!(m.code, Some(0), "{}", m.progress);
    assert!(
        m.progress
            .contains("white forfeits: ./Flood.sh gave no move: it wrote more than 1 MiB,"),
        "{}",
        m.progress
    );
}

/// A10: a forfeit's reason keeps the player's bytes and names (no lower-casing), shows control
/// characters escaped and cuts the peer's text, in the progress line and in the PDN (read back
/// as the same text). Newcomer 21: a player without points reads `elo < X (no points)`.
#[test]
fn a10_forfeit_reasons_keep_the_text_and_escape_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_hub(
        dir.path(),
        "Garbage.sh",
        "printf 'done move=\\033[31mZZ-99\\007%s\\n' \"$(printf 'x%.0s' $(seq 100))\"",
    );
    let m = dama_match(
        dir.path(),
        &format!("hub={engine},depth=1,name=FakeHub"),
        "depth=1,tables=off,name=Own",
        "2",
    );
    assert_eq!(m.code, Some(0), "{}", m.progress);
    // The move's text cut at 40 characters once escaped (20 of its 100 x's).
    let reason = format!(
        "{engine} played an illegal move '\\u{{1b}}[31mZZ-99\\u{{7}}{}…: not a move: expected \
         from-to or fromxto[xcaptured...]'",
        "x".repeat(20)
    );
    let lines: Vec<&str> = m
        .progress
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(
        lines,
        [
            format!(
                "game 1 (FakeHub v Own): 0-1 white forfeits: {reason}, 4 plies | FakeHub: +0 =0 \
                 -1 score 0.000 elo < 511.5 (no points)"
            ),
            format!(
                "game 2 (Own v FakeHub): 1-0 black forfeits: {reason}, 3 plies | FakeHub: +0 =0 \
                 -2 score 0.000 elo < 216.2 (no points)"
            ),
        ]
    );
    assert!(!m.pdn.contains('\u{1b}') && !m.pdn.contains('\u{7}'));
    let tags: Vec<String> = dama_core::pdn::read_games::<dama_core::Russian>(&m.pdn)
        .map(|game| {
            let game = game.expect("the PDN reads back");
            game.tags
                .iter()
                .find(|(name, _)| name == "Termination")
                .map(|(_, value)| value.clone())
                .expect("a Termination tag")
        })
        .collect();
    assert_eq!(
        tags,
        [
            format!("white forfeits: {reason}"),
            format!("black forfeits: {reason}")
        ]
    );
    // A `cmd=` program's move is quoted the same way (after the match's trial move).
    script(
        dir.path(),
        "Cmd.sh",
        &format!(
            "case \"$*\" in *--help*) exec {DAMA} \"$@\" ;; esac\n\
             [ -e tried ] && {{ printf 'bestmove \\033[2J32-28\\007\\n'; exit 0; }}\n\
             touch tried; exec {DAMA} \"$@\""
        ),
    );
    let m = dama_match(
        dir.path(),
        "cmd=./Cmd.sh,movetime=100,name=Cmd",
        "depth=1,tables=off,name=Own",
        "1",
    );
    assert!(
        m.progress.contains(
            "game 1 (Cmd v Own): 0-1 white forfeits: ./Cmd.sh played an illegal move \
             '\\u{1b}[2J32-28\\u{7}', 4 plies"
        ),
        "{}",
        m.progress
    );
}
