//! The `dama` binary: parses the command line and maps errors to exit codes.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use dama::cli::{self, Cli, CliError, Command};

fn run(cli: &Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    match &cli.command {
        Some(Command::Perft(args)) => cli::perft(&cli.common, args, &mut out, &mut err)?,
        Some(Command::Moves) => cli::moves(&cli.common, &mut out)?,
        Some(Command::Analyze(_)) | Some(Command::Play(_)) | None => {
            return Err(CliError::Input("not implemented yet".into()));
        }
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("dama: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(2)
        }
    }
}
