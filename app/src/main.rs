//! The `dama` binary: parses the command line into a job ([`cli::configure`]), runs it, and
//! maps errors to exit codes (0 success, 1 a failed write, 2 bad arguments or input).

use std::io::{self, Write};
use std::process::ExitCode;

use dama::cli::{self, CliError, Job};
use dama::{commands, console, corr, dxp, games, hub, matchplay, pictures, tui, tune};

/// Runs `job`: its output on standard output, its progress on standard error.
fn run(job: Job) -> Result<(), CliError> {
    if let Job::Hub(config) = job {
        // Its own threads write standard output (so it is not locked here).
        hub::run(config, io::BufReader::new(io::stdin()), io::stdout());
        return Ok(());
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    match job {
        Job::Play(config) => {
            if config.interactive {
                let _ = console::usage_note(&config, &mut io::stderr());
            }
            if config.interactive {
                // At a terminal the lines are read on their own thread, so that a flag fall
                // is announced while the person is at the prompt.
                let mut input = console::ThreadedSource::spawn(io::stdin());
                console::play_from(&config, &mut input, &mut out)?
            } else {
                console::play(&config, &mut io::stdin().lock(), &mut out)?
            }
        }
        Job::Perft(config) => commands::perft::perft(&config, &mut out, &mut err)?,
        Job::Moves(config) => commands::perft::moves(&config, &mut out)?,
        Job::Analyze(config) => commands::analyze::analyze(&config, &mut out)?,
        Job::Tb(config) => commands::tb::run(&config, &mut out)?,
        Job::Match(config) => matchplay::run(&config, &mut out, &mut err)?,
        Job::Tui(config) => tui::run(&config)?,
        Job::Simul(config) => {
            if config.opts.interactive {
                let mut input = console::ThreadedSource::spawn(io::stdin());
                console::simul_from(&config, &mut input, &mut out)?
            } else {
                let mut stdin = io::stdin().lock();
                console::simul_from(&config, &mut console::BufReadSource(&mut stdin), &mut out)?
            }
        }
        Job::SimulTui(config) => tui::simul::run(&config, &mut out)?,
        Job::Tune(config) => tune::run(&config, &mut out, &mut err)?,
        Job::Diagram(config) => pictures::diagram::run(&config, &mut out)?,
        Job::Games(config) => games::run(&config, &mut out)?,
        Job::Corr(config) => corr::run(&config, std::time::SystemTime::now(), &mut out)?,
        Job::Book(config) => commands::book::run(&config, &mut out, &mut err)?,
        Job::Dxp(config) => {
            dxp::run(&config, &mut out, &mut err)?;
        }
        Job::Hub(_) => {}
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = match cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: their text goes to standard output, which may fail.
            return match e.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("dama: cannot write output: {e}");
                    ExitCode::from(1)
                }
            };
        }
        Err(e) => {
            // clap's own text: the error line first, then its tip and the usage line.
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    match cli::configure(&cli).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
