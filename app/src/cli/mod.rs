//! The command line (`docs/cli.md`), the only part of the program that knows clap: it parses
//! ([`parse`]), checks ([`GlobalArgs::check`]) and turns what was asked into one plain config
//! per subcommand ([`Job`], [`configure`]), which the subcommands' modules take without
//! knowing where it came from.
//!
//! - `options.rs`: the global options, in one table (every option is global: written before
//!   or after the subcommand), with the checks and values several subcommands share;
//! - `args.rs`: each subcommand's own arguments;
//! - `config.rs`: the configs built from both;
//! - `help.rs`: the texts of `dama --help` that come from the registry;
//! - `error.rs`: the error that ends the program, with its exit status.
//!
//! Each subcommand's `--help` lists only the options it uses, and the top-level help labels
//! each option with the subcommands that use it ([`command`]): both come from the table.

mod args;
mod config;
mod error;
mod help;
mod options;

pub use args::*;
pub use config::{Job, configure};
pub use error::CliError;
pub use help::{about_text, notation_help};
pub use options::{
    ColorChoice, DialogueArg, GlobalArgs, LangArg, Opt, PlayerArg, lang_help_text, rules_help_text,
};

use clap::{Parser, Subcommand};

/// The clap command of the program: [`Cli`] with each global option labelled with the
/// subcommands that use it, and hidden from the `--help` of every subcommand that does not
/// (it is still read there, so [`GlobalArgs::check`] refuses it with its own message). Parse
/// with [`Cli::from_arg_matches`] (see [`parse`]).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command()
        .about(about_text())
        .after_help(notation_help());
    let globals: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sc| sc.get_name().to_string())
        .collect();
    let used_by = |arg: &clap::Arg, name: &str| {
        Command::uses_of(name)
            .iter()
            .any(|opt| opt.id() == arg.get_id().as_str())
    };
    for arg in &globals {
        let users: Vec<&str> = names
            .iter()
            .map(String::as_str)
            .filter(|name| used_by(arg, name))
            .collect();
        let label = format!(" [{}]", users.join(", "));
        cmd = cmd.mut_arg(arg.get_id().clone(), |a| {
            let help = a.get_help().map(|h| format!("{h}{label}"));
            let long = a.get_long_help().map(|h| {
                // The label ends the first paragraph, which is the short help.
                let text = h.to_string();
                match text.split_once("\n\n") {
                    Some((first, rest)) => format!("{first}{label}\n\n{rest}"),
                    None => format!("{text}{label}"),
                }
            });
            let a = match help {
                Some(help) => a.help(help),
                None => a,
            };
            match long {
                Some(long) => a.long_help(long),
                None => a,
            }
        });
    }
    let labelled: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    for name in &names {
        cmd = cmd.mut_subcommand(name, |mut sc| {
            for arg in &labelled {
                if !used_by(arg, name)
                    && !sc.get_arguments().any(|own| own.get_id() == arg.get_id())
                {
                    sc = sc.arg(arg.clone().hide(true));
                }
            }
            sc
        });
    }
    cmd
}

/// The command line read from `args` with [`command`]'s help (clap's error for `--help`,
/// `--version` and bad arguments).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// Draughts at the console and full-screen, by every registered rule set (the help's summary
/// and its notes on the notations are [`about_text`] and [`notation_help`]).
#[derive(Parser, Debug)]
#[command(name = "dama", version = env!("DAMA_VERSION"))]
pub struct Cli {
    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The options, which may be written before or after the subcommand.
    #[command(flatten)]
    pub opts: GlobalArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Play at the console (the default).
    Play,
    /// Count the leaves of the legal-move tree to --depth N.
    Perft(PerftArgs),
    /// List the legal moves of the position.
    Moves,
    /// Search the position and print the best move.
    Analyze,
    /// Endgame tables: build, probe, info, verify.
    Tb(TbArgs),
    /// Play engine against engine and report the result with statistics.
    Match(Box<MatchArgs>),
    /// Play full-screen with the mouse: click a piece, its path, then the last square again.
    Tui,
    /// Tune the evaluation's weights: self-play data (gen), a logistic fit (fit).
    Tune(TuneArgs),
    /// Speak the Hub protocol (Scan's, version 2) on standard input and output (docs/hub.md).
    Hub,
    /// Draw the board as an SVG picture: a --fen position, or a --load game after --move N.
    Diagram(DiagramArgs),
    /// List the games of a PDN file: number, event, players, result, number of moves.
    Games(GamesArgs),
    /// Play by correspondence: a game in a PDN file the players send each other.
    Corr(CorrArgs),
    /// A simultaneous display: you play several boards against the computer, or it plays
    /// several people.
    Simul(SimulArgs),
    /// Opening books: build one, show a position's book moves (docs/book.md).
    Book(BookArgs),
    /// Play international draughts against another program over DamExchange (DXP, TCP).
    Dxp(DxpArgs),
}

impl Command {
    /// The subcommand's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Play => "play",
            Command::Perft(_) => "perft",
            Command::Moves => "moves",
            Command::Analyze => "analyze",
            Command::Tb(_) => "tb",
            Command::Match(_) => "match",
            Command::Tui => "tui",
            Command::Tune(_) => "tune",
            Command::Hub => "hub",
            Command::Diagram(_) => "diagram",
            Command::Games(_) => "games",
            Command::Corr(_) => "corr",
            Command::Simul(_) => "simul",
            Command::Book(_) => "book",
            Command::Dxp(_) => "dxp",
        }
    }

    /// The global options this subcommand uses.
    fn uses(&self) -> Vec<Opt> {
        Command::uses_of(self.name())
    }

    /// The global options the subcommand named `name` uses, from the table of `options.rs`
    /// (none for a name that is not a subcommand; a test checks that every subcommand uses
    /// some).
    fn uses_of(name: &str) -> Vec<Opt> {
        Opt::ALL
            .iter()
            .copied()
            .filter(|opt| opt.users().contains(&name))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::PlayerKind;
    use clap::CommandFactory;
    use dama_core::Variant;

    #[test]
    fn help_texts_name_every_rule_set() {
        assert_eq!(
            lang_help_text(),
            "The language of the dialogue (default: es for spanish, cs for czech, ru for russian, \
             ru for house, en for english, en for italian, es for spanish-official, en for brazilian, \
             en for pool, en for thai, ru for giveaway, en for international, en for antidraughts, \
             en for breakthrough, en for killer, en for frisian, en for frysk, en for turkish)"
        );
        assert!(rules_help_text().ends_with(
            "international (the FMJD's game on the 10x10 board), antidraughts \
             (international draughts where the side that cannot move wins), breakthrough \
             (international draughts where the first side to crown a king wins), killer \
             (international draughts where a king's capture ending on a king halts behind it), \
             frisian (Frisian draughts: captures along ranks and files too, the most value \
             first), frysk (Frisian draughts from five men each on the back row) or turkish \
             (Turkish draughts: all 64 squares, men and kings along ranks and files)"
        ));
    }

    #[test]
    fn every_subcommand_lists_the_options_it_uses() {
        command().debug_assert();
        let cmd = command();
        for sc in cmd.get_subcommands() {
            assert!(
                Command::uses_of(sc.get_name()).contains(&Opt::Rules),
                "{} has no list in Command::uses_of",
                sc.get_name()
            );
        }
    }

    #[test]
    fn every_user_in_the_table_is_a_subcommand() {
        let cmd = command();
        let names: Vec<&str> = cmd.get_subcommands().map(|sc| sc.get_name()).collect();
        for opt in Opt::ALL {
            for user in opt.users() {
                assert!(names.contains(user), "{}: no subcommand {user}", opt.flag());
            }
        }
    }

    #[test]
    fn a_subcommands_help_shows_only_its_options() {
        let mut cmd = command();
        cmd.build();
        let help = |cmd: &mut clap::Command, name: &str| {
            cmd.find_subcommand_mut(name)
                .unwrap()
                .render_long_help()
                .to_string()
        };
        let moves = help(&mut cmd, "moves");
        for shown in ["--rules", "--fen", "--color"] {
            assert!(moves.contains(shown), "{moves}");
        }
        for hidden in [
            "--level",
            "--white",
            "--tb-dir",
            "--threads",
            "--load",
            "--lang",
        ] {
            assert!(!moves.contains(hidden), "{hidden}: {moves}");
        }
        // The labels name every subcommand that uses the option.
        assert!(
            moves.contains(
                "Start from this position (FEN, e.g. W:Wa1,c1,Kd4:Bb8,Ke5) \
                            [play, perft, moves, analyze, tb, match, tui, diagram, book, dxp]"
            ),
            "{moves}"
        );
        let tui = help(&mut cmd, "tui");
        assert!(
            tui.contains("--level") && !tui.contains("--dialogue"),
            "{tui}"
        );
        // The options are still read where they are hidden, so that the refusal names them.
        let cli = parse(["dama", "moves", "--level", "3"]).unwrap();
        assert_eq!(
            cli.opts
                .check(cli.command.as_ref().unwrap())
                .unwrap_err()
                .to_string(),
            "--level is not an option of 'dama moves'"
        );
        for args in [
            &["dama", "--black", "engine", "play"][..],
            &["dama", "play", "--black", "engine"][..],
        ] {
            let cli = parse(args).unwrap();
            assert_eq!(cli.opts.black, Some(PlayerKind::Engine), "{args:?}");
            assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_ok());
        }
    }

    #[test]
    fn the_summary_names_every_rule_set_and_the_tui() {
        let about = about_text();
        let notes = notation_help();
        for rules in Variant::on_board(dama_core::BoardKind::Board8) {
            assert!(about.contains(rules.name()), "{about}");
            assert!(notes.contains(rules.name()), "{notes}");
        }
        assert!(about.contains("dama tui"), "{about}");
        assert!(
            notes.contains(
                "  russian, house, brazilian, giveaway: algebraic squares a1..h8, captures with ':'."
            ),
            "{notes}"
        );
    }

    #[test]
    fn the_engine_threads_option_does_not_clash_with_perft_and_tb() {
        // clap's consistency checks (they run in debug builds): the global `--threads` has
        // the id of perft's and tb's own, so it is not propagated to them twice.
        Cli::command().debug_assert();
        let cli = Cli::try_parse_from(["dama", "perft", "--depth", "3", "--threads", "2"]).unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Perft(PerftArgs {
                threads: Some(2),
                ..
            }))
        ));
        assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_ok());
        let cli = Cli::try_parse_from(["dama", "moves", "--threads", "2"]).unwrap();
        assert!(cli.opts.check(cli.command.as_ref().unwrap()).is_err());
        let cli = Cli::try_parse_from(["dama", "analyze", "--threads", "2"]).unwrap();
        assert_eq!(cli.opts.threads, Some(2));
    }
}
