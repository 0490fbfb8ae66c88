//! The Spanish-spec console ("Las Damas!!!").

use super::{ConsoleError, LineIo, Options};
use crate::Rules;

/// Plays the Spanish-spec dialogue until the players stop or the input ends.
pub fn run<R: Rules>(opts: &Options, io: &mut LineIo<'_>) -> Result<(), ConsoleError> {
    let _ = opts;
    io.line("Las Damas!!!")?;
    Ok(())
}
