//! The error that ends the program, and the exit status it ends it with. Each subcommand's
//! module returns its own error; here each becomes the words after `dama: ` and a status.

/// An error that ends the program: bad arguments or input (exit status 2), or a failure to
/// write the output (exit status 1).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Options that do not fit together or do not fit the subcommand.
    #[error("{0}")]
    Usage(String),
    /// Writing the output failed (other than a closed pipe).
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
    /// Another bad-input error, already described.
    #[error("{0}")]
    Input(String),
}

impl From<crate::corr::CorrError> for CliError {
    fn from(e: crate::corr::CorrError) -> CliError {
        match e {
            crate::corr::CorrError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::games::GamesError> for CliError {
    fn from(e: crate::games::GamesError) -> CliError {
        match e {
            crate::games::GamesError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::pictures::diagram::DiagramError> for CliError {
    fn from(e: crate::pictures::diagram::DiagramError) -> CliError {
        match e {
            crate::pictures::diagram::DiagramError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::tui::TuiError> for CliError {
    fn from(e: crate::tui::TuiError) -> CliError {
        match e {
            crate::tui::TuiError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::setup::SetupError> for CliError {
    fn from(e: crate::setup::SetupError) -> CliError {
        CliError::Input(e.to_string())
    }
}

impl From<crate::commands::perft::PerftError> for CliError {
    fn from(e: crate::commands::perft::PerftError) -> CliError {
        match e {
            crate::commands::perft::PerftError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::commands::analyze::AnalyzeError> for CliError {
    fn from(e: crate::commands::analyze::AnalyzeError) -> CliError {
        match e {
            crate::commands::analyze::AnalyzeError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl CliError {
    /// The exit status this error ends the program with: 1 for a failed write (the program
    /// could not do its work), 2 for bad arguments or input.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Io(_) => 1,
            _ => 2,
        }
    }
}

impl From<crate::commands::tb::TbError> for CliError {
    fn from(e: crate::commands::tb::TbError) -> CliError {
        match e.output_error() {
            Ok(e) => CliError::Io(e),
            Err(other) => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::commands::book::BookCommandError> for CliError {
    fn from(e: crate::commands::book::BookCommandError) -> CliError {
        match e {
            crate::commands::book::BookCommandError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::matchplay::MatchError> for CliError {
    fn from(e: crate::matchplay::MatchError) -> CliError {
        match e {
            crate::matchplay::MatchError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}

impl From<crate::tune::TuneError> for CliError {
    /// Every failure of `dama tune` is bad input (status 2), a failed write of its summary
    /// included.
    fn from(e: crate::tune::TuneError) -> CliError {
        CliError::Input(e.to_string())
    }
}

impl From<crate::dxp::DxpCommandError> for CliError {
    /// The session's failures are named as DXP's (`dxp: …`).
    fn from(e: crate::dxp::DxpCommandError) -> CliError {
        match e {
            crate::dxp::DxpCommandError::Io(e) => CliError::Io(e),
            other => CliError::Input(format!("dxp: {other}")),
        }
    }
}

impl From<crate::console::ConsoleError> for CliError {
    fn from(e: crate::console::ConsoleError) -> CliError {
        match e {
            crate::console::ConsoleError::Io(e) => CliError::Io(e),
            other => CliError::Input(other.to_string()),
        }
    }
}
