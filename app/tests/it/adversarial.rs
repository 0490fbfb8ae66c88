//! The reproducers of the adversarial report (F1–F13), each run against the binary: every
//! one of them failed (hung, replaced a file, gave a wrong result or message) before the
//! fixes.

use std::fs;
use std::io::Read as _;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

const DAMA: &str = env!("CARGO_BIN_EXE_dama");

use crate::{Run, run_quiet as run_in};

/// `dama match --rules R --engine1 E1 --engine2 E2 --games N` and `extra` in `dir`, with
/// `[rules, engine1, engine2, games]`.
fn dama_match(dir: &Path, [rules, one, two, games]: [&str; 4], extra: &[&str]) -> Run {
    let mut args = vec![
        "match",
        "--rules",
        rules,
        "--engine1",
        one,
        "--engine2",
        two,
        "--games",
        games,
    ];
    args.extend_from_slice(extra);
    run_in(dir, &args, "")
}

fn sh(script: &str, dir: &Path) {
    let status = StdCommand::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success(), "{script}");
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Whether process `pid` still runs (a zombie counts as ended).
fn runs(pid: &str) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim()
            .starts_with('Z')
    })
}

/// Waits up to `limit` for process `pid` to end; kills it if it did not.
fn ends_within(pid: &str, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if !runs(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = StdCommand::new("kill").args(["-KILL", pid]).status();
    false
}

// F1: the screen ends when its terminal hangs up (here: `script`'s pty, whose master side
// closes when `script` is killed), and on SIGTERM.

fn tui_in_pty(dir: &Path) -> (std::process::Child, String) {
    let pidfile = dir.join("pid");
    let inner = format!(
        "echo $$ > {}; exec {DAMA} tui --rules czech",
        pidfile.display()
    );
    let script = StdCommand::new("script")
        .args(["-q", "-c", &inner, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("script(1) runs");
    let until = Instant::now() + Duration::from_secs(20);
    let pid = loop {
        if let Ok(pid) = fs::read_to_string(&pidfile)
            && !pid.trim().is_empty()
        {
            break pid.trim().to_string();
        }
        assert!(Instant::now() < until, "the TUI did not start");
        std::thread::sleep(Duration::from_millis(50));
    };
    // Let it draw its first screen and wait for input.
    std::thread::sleep(Duration::from_secs(1));
    (script, pid)
}

#[test]
fn f1_the_tui_ends_when_its_terminal_hangs_up() {
    let dir = tempfile::tempdir().unwrap();
    let (mut script, pid) = tui_in_pty(dir.path());
    assert!(runs(&pid));
    script.kill().unwrap();
    let _ = script.wait();
    assert!(
        ends_within(&pid, Duration::from_secs(10)),
        "dama tui kept running after its terminal hung up"
    );
}

#[test]
fn f1_the_tui_ends_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let (mut script, pid) = tui_in_pty(dir.path());
    sh(&format!("kill -TERM {pid}"), dir.path());
    assert!(
        ends_within(&pid, Duration::from_secs(10)),
        "SIGTERM ignored"
    );
    let _ = script.kill();
    let _ = script.wait();
}

// F2: nothing but a regular file (or a new name) is replaced, by every writer alike.

#[test]
fn f2_save_refuses_a_fifo_and_leaves_it() {
    let dir = tempfile::tempdir().unwrap();
    sh("mkfifo myfifo", dir.path());
    let r = run_in(
        dir.path(),
        &["play", "--rules", "czech", "--lang", "en"],
        "c3-d4\nsave myfifo\nquit\ny\n",
    );
    assert!(
        r.stdout
            .contains("Cannot save the game to myfifo: not a regular file.\n"),
        "{}",
        r.stdout
    );
    assert!(is_fifo(&dir.path().join("myfifo")));
}

#[test]
fn f2_match_pdn_and_tune_out_refuse_a_fifo_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    sh("mkfifo p", dir.path());
    let r = dama_match(
        dir.path(),
        ["czech", "depth=1", "depth=1", "1"],
        &["--pdn", "p"],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "dama: cannot write PDN file p: not a regular file\n"
    );
    let r = run_in(
        dir.path(),
        &["tune", "gen", "--games", "400", "--out", "p"],
        "",
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stderr, "dama: p: not a regular file\n");
    assert!(is_fifo(&dir.path().join("p")));
}

#[test]
fn f2_match_pdn_replaces_a_link_as_save_does() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("target"), "keep\n").unwrap();
    sh("ln -s target link", dir.path());
    let r = dama_match(
        dir.path(),
        ["czech", "depth=1", "depth=1", "1"],
        &["--max-plies", "10", "--pdn", "link"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        fs::read_to_string(dir.path().join("target")).unwrap(),
        "keep\n"
    );
    let link = fs::symlink_metadata(dir.path().join("link")).unwrap();
    assert!(link.is_file());
    assert!(
        fs::read_to_string(dir.path().join("link"))
            .unwrap()
            .contains("[Event \"dama match\"]")
    );
}

// F3: weights the loader accepts do not hang the search.

#[test]
fn f3_negative_weights_finish_a_game() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("w.toml"), "man = -5000\nking = -5000\n").unwrap();
    let r = dama_match(
        dir.path(),
        [
            "czech",
            "depth=4,weights=w.toml,tables=off",
            "depth=4,tables=off",
            "1",
        ],
        &[],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("games 1\n"), "{}", r.stdout);
}

// A6: `weights=` on 10×10 is read as the 10×10 evaluation's weights: a file of 10×10 names
// plays, an 8×8 name is refused with the file's error.

#[test]
fn a6_weights_on_10x10_are_the_10x10_weights() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("w10.toml"), "patterns = 100\ngolden = 20\n").unwrap();
    let r = dama_match(
        dir.path(),
        [
            "international",
            "nodes=2000,weights=w10.toml",
            "nodes=2000",
            "1",
        ],
        &[],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("games 1\n"), "{}", r.stdout);
    fs::write(dir.path().join("w8.toml"), "optional_runaway = 3\n").unwrap();
    let r = dama_match(
        dir.path(),
        [
            "international",
            "nodes=2000,weights=w8.toml",
            "nodes=2000",
            "1",
        ],
        &[],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("optional_runaway"), "{}", r.stderr);
}

// F4: a side with no pieces has lost, whoever is to move.

#[test]
fn f4_the_side_with_pieces_has_won() {
    let dir = tempfile::tempdir().unwrap();
    for rules in ["czech", "russian", "house", "english"] {
        let r = run_in(
            dir.path(),
            &[
                "play",
                "--rules",
                rules,
                "--lang",
                "en",
                "--fen",
                "W:WKb8,Kd8,Kf8,Kh8,a7,c7,e7,g7:B",
            ],
            "",
        );
        assert!(
            r.stdout.contains("White wins: black has no pieces left.\n"),
            "{rules}: {}",
            r.stdout
        );
    }
    let r = run_in(
        dir.path(),
        &["play", "--rules", "czech", "--lang", "en"],
        "setup W:WKb8:B\n",
    );
    assert!(
        r.stdout.contains("White wins: black has no pieces left.\n"),
        "{}",
        r.stdout
    );
}

// F5, F6, F9, F13: the table directory.

fn tb(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["tb", "--rules", "czech", "--tb-dir", "tb"];
    all.extend_from_slice(args);
    run_in(dir, &all, "")
}

#[test]
fn f5_f6_tb_build_rebuilds_a_corrupt_file_with_the_usual_mode() {
    let dir = tempfile::tempdir().unwrap();
    sh(
        &format!("umask 022; {DAMA} tb --rules czech --tb-dir tb build --pieces 3 >/dev/null"),
        dir.path(),
    );
    let file = dir.path().join("tb/czech/KvK.dtb");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o644
    );
    // A byte of the last block flipped (its checksum no longer matches).
    let mut bytes = fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    fs::write(&file, &bytes).unwrap();
    // A temporary file of a build that was killed (no such process).
    fs::write(dir.path().join("tb/czech/.dama-4194303-abc.tmp"), "x").unwrap();
    let r = tb(dir.path(), &["build", "--pieces", "3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("refused KvK (table file tb/czech/KvK.dtb refused: corrupt block"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("): building it again\nbuilt KvK positions"),
        "{}",
        r.stdout
    );
    assert!(!dir.path().join("tb/czech/.dama-4194303-abc.tmp").exists());
    let r = tb(dir.path(), &["verify"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn f9_a_fifo_at_a_table_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    sh("mkdir -p tb/czech && mkfifo tb/czech/KKvK.dtb", dir.path());
    let r = tb(dir.path(), &["--fen", "W:WKa1,Kc1:BKh8", "probe"]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "dama: table file tb/czech/KKvK.dtb refused: not a regular file\ndama: W:WKa1,Kc1:BKh8: not in the tables\n"
    );
}

#[test]
fn f13_a_bad_tb_dir_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let r = tb(dir.path(), &["--fen", "W:WKa1,Kc1:BKh8", "probe"]);
    assert_eq!(
        r.stderr,
        "dama: W:WKa1,Kc1:BKh8: not in the tables: the table directory tb does not exist\n"
    );
    let r = tb(dir.path(), &["info"]);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stderr, "dama: the table directory tb does not exist\n");
    sh("mkdir tb && touch tb/KvK.dtb", dir.path());
    let r = tb(dir.path(), &["info"]);
    assert_eq!(
        r.stderr,
        "dama: tb holds table files itself: give the directory above it (each rule set's files are in a folder of its name)\n"
    );
}

#[test]
fn f13_tb_build_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = StdCommand::new(DAMA)
        .args([
            "tb", "--rules", "czech", "--tb-dir", "tb", "build", "--pieces", "3",
        ])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert_eq!(err, "");
}

// F7: cmd= players.

fn script(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    sh(&format!("chmod +x {name}"), dir);
}

#[test]
fn f7_a_wrapper_leaving_a_child_neither_stalls_nor_leaks() {
    let dir = tempfile::tempdir().unwrap();
    script(
        dir.path(),
        "gc",
        &format!("sleep 600 & echo $! >> sleeps\nexec {DAMA} \"$@\""),
    );
    // A referee that waited for the sleeps to close its pipe would be stopped by the run's
    // 60 s limit (no exit status): the wrapper's moves alone take far less, even on a loaded
    // machine, and no clock of the test's own is needed.
    let r = dama_match(
        dir.path(),
        ["czech", "cmd=./gc,depth=2", "depth=2", "1"],
        &["--max-plies", "10"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("forfeits 0\n"), "{}", r.stdout);
    let sleeps = fs::read_to_string(dir.path().join("sleeps")).unwrap();
    assert!(sleeps.lines().count() >= 2);
    // The referee signals the wrapper's process group before it exits; a signalled process
    // dies when the scheduler next runs it, so on a loaded machine it may take a moment.
    for pid in sleeps.lines() {
        assert!(
            ends_within(pid, Duration::from_secs(10)),
            "sleep {pid} still runs"
        );
    }
}

#[test]
fn f7_a_stray_byte_after_bestmove_and_a_bom_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    script(dir.path(), "odd", &format!("{DAMA} \"$@\"; printf '\\377'"));
    fs::write(
        dir.path().join("o.txt"),
        "\u{feff}W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n",
    )
    .unwrap();
    let r = dama_match(
        dir.path(),
        ["czech", "cmd=./odd,depth=1", "depth=1", "1"],
        &["--max-plies", "10", "--openings", "o.txt"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("forfeits 0\n"), "{}", r.stdout);
}

// F8: engine games end.

/// Two kings each under the Spanish spec's rules (no draw rule): two depth-2 engines keep
/// their kings out of reach for ever, so the game ends at the move cap, announced in the
/// spec's language. The build before the cap played on without end (the run's limit stops it).
#[test]
fn f8_two_engines_under_the_spanish_spec_stop_at_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::dama_quiet()
        .current_dir(dir.path())
        .args([
            "play", "--rules", "spanish", "--white", "engine", "--black", "engine",
        ])
        .args(["--depth", "2", "--fen", "W:WKa1,Kc1:BKh8,Kf8"])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.ends_with(
            "Dos motores llevan 400 medias jugadas y estas reglas no dan tablas: la partida se da por tablas.\nTablas!!! Nadie gana\n¿Queréis jugar otra? (s/n): \n"
        ),
        "{}",
        &stdout[stdout.len().saturating_sub(300)..]
    );
}

#[test]
fn f8_match_under_the_house_rules_takes_the_draw_offer() {
    let dir = tempfile::tempdir().unwrap();
    let r = dama_match(
        dir.path(),
        ["house", "depth=2", "depth=2", "2"],
        &["--max-plies", "10000", "--fen", "W:WKa1,Kc1:BKh8,Kf8"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("draws 2\n"), "{}", r.stdout);
    assert!(r.stdout.contains("move_cap 0\n"), "{}", r.stdout);
}

// F11, F12: tune writes as it goes, refused paths fail first; stale temporary files go.

#[test]
fn f11_tune_gen_refuses_a_missing_directory_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let r = run_in(
        dir.path(),
        &["tune", "gen", "--games", "400", "--out", "no/such/x"],
        "",
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "dama: no/such/x: the directory no/such does not exist\n"
    );
}

#[test]
fn f12_a_save_removes_stale_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(".dama-4194303-XyZ.tmp"), "old").unwrap();
    fs::write(dir.path().join(".dama-notes.tmp"), "not ours").unwrap();
    let r = run_in(
        dir.path(),
        &["play", "--rules", "czech", "--lang", "en"],
        "c3-d4\nsave g.pdn\nquit\n",
    );
    assert!(r.stdout.contains("Game saved to g.pdn.\n"), "{}", r.stdout);
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".dama-notes.tmp", "g.pdn"]);
}

// F13: the tables' distance is the phase's.

#[test]
fn f13_a_table_win_says_what_it_counts() {
    let catalog = dama::i18n::Catalog::of(dama::i18n::Lang::En);
    let (t, rt) = (catalog.texts, catalog.rules);
    let info = |nodes, tbhits| dama_engine::Info {
        depth: 1,
        score: dama_engine::Score::Win(20),
        nodes,
        pv: Vec::new(),
        tbhits,
    };
    assert_eq!(
        rt.info_score(t, &info(0, 1)),
        "a win by the tables, 20 half-moves to the next capture or man move"
    );
    assert_eq!(rt.info_score(t, &info(100, 3)), "win in 20 half-moves");
}
