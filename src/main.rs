//! The `dama` binary: parses the command line and maps errors to exit codes.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use dama::cli::{self, Cli, CliError, Command};
use dama::console;

fn run(cli: &Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    match &cli.command {
        Some(Command::Perft(args)) => cli::perft(&cli.common, args, &mut out, &mut err)?,
        Some(Command::Moves) => cli::moves(&cli.common, &mut out)?,
        Some(Command::Analyze(args)) => cli::analyze(&cli.common, args, &mut out)?,
        Some(Command::Play(args)) => play(cli, args, &mut out)?,
        Some(Command::Tui(args)) => dama::tui::run(&cli.common, args)?,
        None => play(cli, &cli.play, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn play(cli: &Cli, args: &cli::PlayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let stdin = io::stdin();
    let echo = if args.echo {
        true
    } else if args.no_echo {
        false
    } else {
        !stdin.is_terminal()
    };
    let lang = args
        .lang
        .unwrap_or_else(|| console::Options::default_lang(cli.common.rules));
    // The Spanish dialogue's texts stay plain unless colour is asked for outright.
    let color = match lang {
        cli::Lang::Es => cli.common.color == cli::ColorChoice::Always,
        _ => cli.common.color.enabled(io::stdout().is_terminal()),
    };
    let opts = console::Options {
        rules: cli.common.rules,
        start: cli::start_position(&cli.common)?,
        color,
        white: args.white,
        black: args.black,
        limits: args.engine.limits(),
        load: args.load.clone(),
        lang,
        echo,
    };
    console::play(&opts, &mut stdin.lock(), out).map_err(|e| match e {
        console::ConsoleError::Io(e) => CliError::Io(e),
        other => CliError::Input(other.to_string()),
    })
}

/// Clap's error text on one line: its message lines joined, without the usage and help hints.
fn one_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .collect();
    let joined = lines.join(" ");
    let joined = joined.trim_start_matches("error: ");
    if joined.is_empty() {
        "bad arguments".to_string()
    } else {
        joined.to_string()
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dama: {}", one_line(&e.to_string()));
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
