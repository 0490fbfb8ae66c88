//! The program's integration tests, one binary: the command line, the dialogues, the TUI, match and tune.

mod accessible;
mod adversarial;
mod analysis_newcomer;
mod analyze_game;
mod analyze_moves;
mod analyze_multipv;
mod antidraughts;
mod ballots;
mod blindfold;
mod book;
mod breakthrough;
mod cli_core;
mod clocks;
mod console_newcomer;
mod corr;
mod czech_common;
mod czech_engine;
mod czech_pdn;
mod czech_random;
mod czech_rejections;
mod czech_session;
mod diagram;
mod dialogue_notation;
mod dxp_cli;
mod dxp_hardening;
mod dxp_match;
mod engine_analyze;
mod engine_threads;
mod files_hardening;
mod fuzz_checks;
mod fuzz_parsers;
mod game_files;
mod giveaway;
mod handicap;
mod hardening;
mod hub_hardening;
mod hub_match;
mod hub_session;
mod international_analysis;
mod international_console;
mod match_cli;
mod match_inputs;
mod newcomer;
mod newcomer_points;
mod official_pdn;
mod russian_session;
mod simul;
mod spanish_common;
mod spanish_console;
mod spanish_engine;
mod spanish_random;
mod tablebase_cli;
mod tui_analysis;
mod tui_board10;
mod tui_common;
mod tui_fuzz;
mod tui_newcomer;
mod tui_play;
mod tui_rules;
mod tui_screen;
mod tui_simul;
mod tune_cli;
mod turkish;

// What many tests do: run `dama` with some arguments and some input, and read what it wrote.

/// `dama`, the binary under test, with nothing set.
pub(crate) fn dama() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("dama").unwrap()
}

/// Runs `cmd`, asserts that it exits with status 0, and returns its standard output.
pub(crate) fn success_stdout(cmd: &mut assert_cmd::Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

/// `dama` without colour and stopped after 60 s (a test that hangs fails instead).
pub(crate) fn dama_quiet() -> assert_cmd::Command {
    let mut cmd = dama();
    cmd.env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(60));
    cmd
}

/// How a run of [`dama_quiet`] ended: its exit status and what it wrote (lossily decoded).
pub(crate) struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `dama_quiet() ARGS` in `dir` with `stdin`, whatever its exit status.
pub(crate) fn run_quiet(dir: &std::path::Path, args: &[&str], stdin: &str) -> Run {
    let out = dama_quiet()
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The value of the PDN tag `name` among `tags`; panics when it is missing.
pub(crate) fn tag(tags: &[(String, String)], name: &str) -> String {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no tag {name} in {tags:?}"))
}
