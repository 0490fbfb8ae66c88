//! How a match player fails to give a move, whatever it is (this build's engine, another
//! `dama`, a Hub engine, a DXP program): below the players, so that each may name it.

/// A player that failed to give a move: it loses the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The program could not be started or read.
    #[error("cannot run {0}: {1}")]
    Run(String, String),
    /// The program did not answer in time.
    #[error("{0} did not answer within {1} ms")]
    Timeout(String, u128),
    /// The program ended without a `bestmove` line, or with a failure status.
    #[error("{0} gave no move: {1}")]
    NoMove(String, String),
    /// The move given is not legal in the position.
    #[error("{0} played an illegal move '{1}'")]
    Illegal(String, String),
    /// A DXP program cannot be reached, broke the protocol, ended or refused the game.
    #[error("{0}: {1}")]
    Dxp(String, String),
}
