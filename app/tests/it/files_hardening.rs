//! Files read and written, and a few messages (issue 39: adversarial A7, A8, A15; newcomer
//! 15). Each test failed on a577dc1: a reader blocked on a FIFO, `book build --out` was
//! checked only after the build, a message said the wrong thing.

use std::fs;
use std::path::Path;
use std::process::Command as StdCommand;
use std::time::Duration;

use crate::Run;

/// `dama ARGS` in `dir`, stopped after 20 s: a reader blocked on a FIFO fails the test (its
/// output is then empty) instead of holding the run.
fn run(dir: &Path, args: &[&str]) -> Run {
    let out = crate::dama()
        .env("NO_COLOR", "1")
        .timeout(Duration::from_secs(20))
        .current_dir(dir)
        .args(args)
        .write_stdin("")
        .output()
        .unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn mkfifo(dir: &Path, name: &str) {
    let status = StdCommand::new("mkfifo")
        .arg(name)
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success());
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Asserts exit status 2, nothing on standard output and exactly `line` on standard error.
fn refused(r: &Run, line: &str) {
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(2), "", format!("{line}\n").as_str())
    );
}

const START10: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

// A8: every reader refuses a FIFO at once (they blocked in open() for ever).

#[test]
fn a8_every_reader_refuses_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(dir.path(), "f");
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "match",
                "--rules",
                "czech",
                "--games",
                "1",
                "--openings",
                "f",
                "depth=1",
                "depth=1",
            ],
            "dama: cannot read openings file f: not a regular file",
        ),
        (
            &[
                "match",
                "--rules",
                "czech",
                "--games",
                "1",
                "depth=1,weights=f",
                "depth=1",
            ],
            "dama: depth=1,weights=f: cannot read weights file f: not a regular file",
        ),
        (
            &[
                "match",
                "--rules",
                "international",
                "--games",
                "1",
                "depth=1,weights=f",
                "depth=1",
            ],
            "dama: depth=1,weights=f: cannot read weights file f: not a regular file",
        ),
        (
            &[
                "tune", "fit", "--rules", "czech", "--data", "f", "--out", "w.toml",
            ],
            "dama: f: not a regular file",
        ),
        (
            &["book", "show", "--rules", "international", "--file", "f"],
            "dama: f: not a regular file",
        ),
        (
            &[
                "book",
                "build",
                "--rules",
                "international",
                "--from-pdn",
                "f",
                "--out",
                "b.txt",
            ],
            "dama: f: not a regular file",
        ),
    ];
    for (args, line) in cases {
        refused(&run(dir.path(), args), line);
    }
    assert!(is_fifo(&dir.path().join("f")));
    assert!(!dir.path().join("w.toml").exists());
    assert!(!dir.path().join("b.txt").exists());
}

// A7: `book build --out` is checked before the build (no progress line is written before
// the refusal) and written through a temporary file.

#[test]
fn a7_book_build_refuses_its_output_before_building() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(dir.path(), "f");
    let build = |out: &str| {
        run(
            dir.path(),
            &[
                "book",
                "build",
                "--rules",
                "international",
                "--plies",
                "3",
                "--nodes",
                "100",
                "--out",
                out,
            ],
        )
    };
    refused(
        &build("/nonexistent/x.txt"),
        "dama: /nonexistent/x.txt: the directory /nonexistent does not exist",
    );
    refused(&build("f"), "dama: f: not a regular file");
    assert!(is_fifo(&dir.path().join("f")));
    refused(&build("."), "dama: .: not a regular file");
    refused(&build("/dev/null"), "dama: /dev/null: not a regular file");
}

// A round trip of the new write path (through a temporary file renamed over the old one):
// it passes on a577dc1 too, which wrote in place.
#[test]
fn a7_book_build_replaces_its_output_whole_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("g.pdn");
    fs::write(&pdn, "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n").unwrap();
    fs::write(dir.path().join("b.txt"), "old").unwrap();
    let r = run(
        dir.path(),
        &[
            "book",
            "build",
            "--rules",
            "international",
            "--from-pdn",
            "g.pdn",
            "--out",
            "b.txt",
        ],
    );
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            Some(0),
            "book international: 3 positions, 3 moves, written to b.txt\n",
            ""
        )
    );
    let text = fs::read_to_string(dir.path().join("b.txt")).unwrap();
    assert!(text.contains(&format!("\n{START10} 32-28=1\n")), "{text}");
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".dama-"))
        .collect();
    assert_eq!(names, Vec::<String>::new());
}

#[test]
fn a7_a_book_by_analysis_deeper_than_16_plies_is_refused_with_an_estimate() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &run(
            dir.path(),
            &[
                "book",
                "build",
                "--rules",
                "international",
                "--plies",
                "40",
                "--out",
                "b.txt",
            ],
        ),
        "dama: --plies 40 is too deep for a book by analysis (at most 16): it grows about \
         twice a ply, to some 10^12 positions whose every move is searched; --from-pdn takes \
         up to 40",
    );
    assert!(!dir.path().join("b.txt").exists());
}

// A15: the messages.

#[test]
fn a15_diagram_out_names_the_diagram() {
    let dir = tempfile::tempdir().unwrap();
    refused(
        &run(
            dir.path(),
            &["diagram", "--rules", "international", "--out", "."],
        ),
        "dama: Cannot save the diagram to .: not a regular file.",
    );
}

#[test]
fn a15_a_book_file_may_start_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("bom.txt"),
        format!("\u{feff}book international\n{START10} 32-28=100\n"),
    )
    .unwrap();
    let r = run(
        dir.path(),
        &[
            "book",
            "show",
            "--rules",
            "international",
            "--file",
            "bom.txt",
        ],
    );
    assert_eq!(
        (r.code, r.stdout, r.stderr),
        (
            Some(0),
            format!(
                "book international: 1 positions\nposition {START10}\n32-28 weight 100 100.0%\n"
            ),
            String::new()
        )
    );
}

/// Czech tables of two pieces in `dir/tb`, then `KvK.dtb` damaged at byte `at` (from the
/// end when negative).
fn czech_tables_with_a_damaged_kvk(dir: &Path, at: isize) {
    let r = run(
        dir,
        &[
            "tb",
            "build",
            "--rules",
            "czech",
            "--pieces",
            "2",
            "--tb-dir",
            "tb",
            "--threads",
            "1",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let path = dir.join("tb/czech/KvK.dtb");
    let mut bytes = fs::read(&path).unwrap();
    let i = if at < 0 {
        bytes.len() - at.unsigned_abs()
    } else {
        at as usize
    };
    bytes[i] ^= 0xff;
    fs::write(&path, bytes).unwrap();
}

#[test]
fn a15_tb_build_class_says_a_dependency_is_refused_not_unbuilt() {
    let build = [
        "tb", "build", "--rules", "czech", "--class", "KKvK", "--tb-dir", "tb",
    ];
    // A damaged block: found as the class is built.
    let dir = tempfile::tempdir().unwrap();
    czech_tables_with_a_damaged_kvk(dir.path(), -20);
    let r = run(dir.path(), &build);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            Some(2),
            "",
            "dama: table file tb/czech/KvK.dtb refused: corrupt block 0 (checksum)\n\
             dama: class KvK is needed by KKvK but its file KvK.dtb was refused (see above)\n"
        )
    );
    // A damaged header: found before the build.
    let dir = tempfile::tempdir().unwrap();
    czech_tables_with_a_damaged_kvk(dir.path(), 10);
    let r = run(dir.path(), &build);
    assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""));
    assert!(
        r.stderr
            .starts_with("dama: class KKvK needs KvK: table file tb/czech/KvK.dtb refused: ")
            && r.stderr.ends_with(" (build it again: --class KvK)\n")
            && r.stderr.lines().count() == 1,
        "{}",
        r.stderr
    );
}

#[test]
fn a15_perft_summary_names_the_depths_it_counted() {
    let dir = tempfile::tempdir().unwrap();
    let all = run(
        dir.path(),
        &["perft", "--rules", "international", "--depth", "2"],
    );
    assert_eq!((all.code, all.stdout.as_str()), (Some(0), "1 9\n2 81\n"));
    assert!(
        all.stderr.starts_with("90 leaves (depths 1-2) in "),
        "{}",
        all.stderr
    );
    let divide = run(
        dir.path(),
        &[
            "perft",
            "--rules",
            "international",
            "--depth",
            "2",
            "--divide",
        ],
    );
    assert_eq!(divide.code, Some(0));
    assert!(divide.stdout.ends_with("total 81\n"), "{}", divide.stdout);
    assert!(
        divide.stderr.starts_with("81 leaves (depth 2) in "),
        "{}",
        divide.stderr
    );
}

// Newcomer 15: `book show --moves`, as analyze and diagram take it.

#[test]
fn newcomer15_book_show_takes_moves() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["book", "show", "--rules", "czech", "--moves", "c3-d4"],
    );
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            Some(0),
            "book czech: 356 positions\n\
             position B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8\n\
             d6-e5 weight 100 73.5%\n\
             b6-c5 weight 36 26.5%\n",
            ""
        )
    );
    refused(
        &run(
            dir.path(),
            &["book", "show", "--rules", "czech", "--moves", "c3-d5"],
        ),
        "dama: --moves: move 1 'c3-d5': d5 is a light square",
    );
}

#[test]
fn newcomer15_book_build_from_moves_writes_them_in_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &[
            "book",
            "build",
            "--rules",
            "czech",
            "--moves",
            "c3-d4 d6-e5",
            "--plies",
            "1",
            "--nodes",
            "50",
            "--out",
            "b.txt",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = fs::read_to_string(dir.path().join("b.txt")).unwrap();
    assert!(
        text.contains(
            "# built with: dama book build --rules czech --moves 'c3-d4 d6-e5' --nodes 50 \
             --plies 1 --out b.txt\n"
        ),
        "{text}"
    );
    // The one position of the book is the one the moves reach.
    let position = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.starts_with("book "))
        .unwrap();
    assert!(
        position.starts_with(
            "W:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d8,e5,e7,f6,f8,g7,h6,h8 "
        ),
        "{position}"
    );
}
