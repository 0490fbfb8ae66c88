//! The `dama` binary: parses the command line and maps errors to exit codes (0 success, 1 a
//! failed write, 2 bad arguments or input).

use std::io::{self, Write};
use std::process::ExitCode;

use dama::cli::{self, Cli, CliError, Command};
use dama::console;
use dama::engines::EngineSetup;

fn run(cli: &Cli) -> Result<(), CliError> {
    let command = cli.command.clone().unwrap_or(Command::Play);
    cli.opts.check(&command)?;
    if let Command::Hub = command {
        // Its own threads write standard output (so it is not locked here).
        let config = dama::hub::Config {
            rules: cli.opts.variant(),
            threads: cli.opts.threads.map_or(1, |n| n as usize),
            tb_dir: cli.opts.tb_dir.clone(),
            seed: dama::engines::clock_seed(),
        };
        dama::hub::run(config, io::BufReader::new(io::stdin()), io::stdout());
        return Ok(());
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let mut engines = EngineSetup::new(
        cli.opts.threads.map_or(1, |n| n as usize),
        cli.opts.tb_dir.clone(),
    );
    engines.book = !cli.opts.no_book;
    match &command {
        Command::Tb(args) => {
            dama::commands::tb::run(&cli.opts.tb_config(args), &mut out).map_err(|e| {
                match e.output_error() {
                    Ok(e) => CliError::Io(e),
                    Err(other) => CliError::Input(other.to_string()),
                }
            })?
        }
        Command::Perft(args) => {
            dama::commands::perft::perft(&cli.opts.perft_config(args), &mut out, &mut err)?
        }
        Command::Moves => dama::commands::perft::moves(&cli.opts.moves_config(), &mut out)?,
        Command::Analyze => {
            dama::commands::analyze::analyze(&cli.opts.analyze_config(&engines), &mut out)?
        }
        Command::Match(args) => cli
            .opts
            .match_config(args, &engines)
            .and_then(|config| dama::matchplay::run(&config, &mut out, &mut err))
            .map_err(|e| match e {
                dama::matchplay::MatchError::Io(e) => CliError::Io(e),
                other => CliError::Input(other.to_string()),
            })?,
        Command::Tune(args) => dama::tune::run(&cli.opts.tune_config(args), &mut out, &mut err)
            .map_err(|e| CliError::Input(e.to_string()))?,
        Command::Play => play(&cli.opts.play_config(&engines)?, &mut out)?,
        Command::Tui => dama::tui::run(&cli.opts.tui_config(&engines)?)?,
        Command::Diagram(args) => {
            dama::pictures::diagram::run(&cli.opts.diagram_config(args), &mut out)?
        }
        Command::Games(args) => dama::games::run(&cli.opts.games_config(args), &mut out)?,
        Command::Book(args) => {
            dama::commands::book::run(&cli.opts.book_config(args), &mut out, &mut err).map_err(
                |e| match e {
                    dama::commands::book::BookCommandError::Io(e) => CliError::Io(e),
                    other => CliError::Input(other.to_string()),
                },
            )?
        }
        Command::Dxp(args) => {
            let config = cli.opts.dxp_config(args)?;
            dama::dxp::run(&config, &mut out, &mut err).map_err(|e| match e {
                dama::dxp::DxpCommandError::Io(e) => CliError::Io(e),
                other => CliError::Input(format!("dxp: {other}")),
            })?;
        }
        Command::Hub => {}
    }
    out.flush()?;
    Ok(())
}

fn play(config: &console::Options, out: &mut impl Write) -> Result<(), CliError> {
    if config.interactive {
        let _ = console::usage_note(config, &mut io::stderr());
    }
    console::play(config, &mut io::stdin().lock(), out).map_err(|e| match e {
        console::ConsoleError::Io(e) => CliError::Io(e),
        other => CliError::Input(other.to_string()),
    })
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
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
