//! Helpers shared by the Czech console tests.
#![allow(dead_code)]

/// Runs `dama --rules czech <args>` with `input` on stdin (echo on); returns stdout.
pub fn run(args: &[&str], input: &str) -> String {
    run_in(&std::env::current_dir().unwrap(), args, input)
}

/// Plays a console game in memory under `opts` with `script` as its input; what it wrote.
pub fn transcript(opts: &dama::console::Options, script: &str) -> String {
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    dama::console::play(opts, &mut input, &mut output).expect("the console game runs");
    String::from_utf8(output).expect("UTF-8")
}

/// The lines of `out` that are not part of a board or its legend.
pub fn dialogue(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| !is_board_line(l))
        .map(str::to_string)
        .collect()
}

/// The lines of `out` that the dialogue says, on either board: no drawn board (an 8×8 board's
/// lines, a 10×10 board's indented rows) and no legend.
pub fn said(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| !is_board_line(l) && !l.starts_with(' '))
        .collect()
}

/// Whether a line belongs to a drawn board (ranks, files, legend).
pub fn is_board_line(line: &str) -> bool {
    let b = line.as_bytes();
    let rank = b.len() == 19
        && b[0].is_ascii_digit()
        && b[18] == b[0]
        && line[1..18].chars().all(|c| " .oOxX[]".contains(c));
    // A numbered set's row: the squares, then the numbers of its dark squares.
    let keyed = b.len() > 19
        && b[0] == b' '
        && line[1..18].chars().all(|c| " .oOxX[]".contains(c))
        && line[18..].chars().all(|c| c == ' ' || c.is_ascii_digit());
    rank || keyed
        || line == "  a b c d e f g h"
        || line == "  h g f e d c b a"
        || line == "  1 2 3 4 5 6 7 8"
        || line == "  8 7 6 5 4 3 2 1"
        || line.starts_with("o bílý kámen")
        || line.starts_with("o white man")
}

/// The FEN lines printed by `fen` (the prompt and echoed command come before them).
pub fn fens(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| (l.starts_with("W:W") || l.starts_with("B:W")) && !l.contains(' '))
        .map(str::to_string)
        .collect()
}

/// Like [`run`], in the directory `dir`.
pub fn run_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    crate::success_stdout(
        crate::dama()
            .current_dir(dir)
            .args(["--rules", "czech", "--color", "never", "--echo"])
            .args(args)
            .write_stdin(input),
    )
}

/// A fresh empty directory for one test.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-czech-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
