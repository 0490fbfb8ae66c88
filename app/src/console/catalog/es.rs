//! The Spanish catalogue: the exact texts of the Spanish-spec console
//! (`../shared/spec/spanish-console.md`).

use dama_core::notation::numeric::NumericError;

/// The title printed at the start of every game.
pub const TITLE: &str = "Las Damas!!!";
/// The prompt when white is to move (no newline).
pub const WHITE_TO_MOVE: &str = "Mueven las blancas: ";
/// The prompt when black is to move (no newline).
pub const BLACK_TO_MOVE: &str = "Mueven las negras: ";
/// The loser's line.
pub const DEFEAT: &str = "Derrota!!! No puedes mover tus fichas!!!";
/// The play-again question (no newline).
pub const PLAY_AGAIN: &str = "¿Queréis jugar otra? (s/n): ";
/// Not in the specification: a draw, which only rule sets with draw rules can reach.
pub const DRAW: &str = "Tablas!!! Nadie gana";
/// Not in the specification: a move that passes every check of the specification but that
/// the chosen rule set forbids (for instance a capture left out where capture is compulsory).
pub const NOT_ALLOWED: &str = "Error!!! No lo permiten las reglas";

/// The error line of a rejected move.
pub fn error(e: NumericError) -> &'static str {
    match e {
        NumericError::Unreadable => "Error!!! No te entiendo: <d><d>{,<d><d>}[0-2]",
        NumericError::NotACoordinate => "Error!!! No es una coordenada del tablero",
        NumericError::NoPiece => "Error!!! No hay ficha que mover",
        NumericError::NotYours => "Error!!! No es una de tus fichas",
        NumericError::NotDiagonal => "Error!!! No vas en diagonal",
        NumericError::NotEmpty => "Error!!! No está vacío el destino",
        NumericError::NoCapture => "Error!!! No comes contrarias",
        NumericError::TooManyInMove => "Error!!! No se puede comer tantas en un movimiento",
        NumericError::NotForward => "Error!!! No avanzas",
        NumericError::TooFar => "Error!!! No respetas la distancia",
        NumericError::TooManyInHop => "Error!!! No se puede comer tantas en un salto",
    }
}

/// Answers to the play-again question.
pub fn answer(text: &str) -> Option<bool> {
    match text.trim() {
        "s" | "S" => Some(true),
        "n" | "N" => Some(false),
        _ => None,
    }
}

/// Not in the specification, and written on standard error only (standard output stays the
/// spec's): the note shown at the start when a person types at a terminal.
pub const USAGE_NOTE: &[&str] = &[
    "Las Damas (reglas de la especificación española). Cada jugada es fila y columna de la",
    "ficha y de cada casilla de llegada, separadas por puntos: 61.52 mueve de la fila 6,",
    "columna 1 a la fila 5, columna 2; 63.45 come saltando a la fila 4, columna 5, y",
    "63.45.27 come dos fichas. La fila 1 es la de arriba. Ctrl-D termina la partida.",
];
