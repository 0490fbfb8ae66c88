//! The texts of `dama --help` that are written from the registry: the summary line and the
//! notes on each rule set's notation.

use dama_core::Variant;
use dama_core::notation::Notation;
use dama_core::text::join_or;

/// The examples at the end of `dama --help` (after the moves of each rule set, which
/// [`notation_help`] writes from the registry).
const EXAMPLES_HELP: &str = "\
Examples:
  dama                               the Spanish-spec game
  dama --rules czech --black engine  Czech rules against the computer
  dama tui --rules russian           the full-screen game with the mouse
  dama perft --rules czech --depth 8
  dama analyze --rules czech --movetime 1000 --fen 'W:Wc3:Bd4,f6'";

/// How each rule set writes its moves, for the end of `dama --help`: one paragraph per
/// notation, naming the rule sets that use it.
pub fn notation_help() -> String {
    type Wanted = fn(Notation) -> bool;
    // The 8×8 sets: the notes below are of their board.
    let sets_of = |wanted: Wanted| -> String {
        let names: Vec<&str> = Variant::ALL
            .iter()
            .filter(|r| r.is_board8() && wanted(r.info().notation))
            .map(|r| r.name())
            .collect();
        names.join(", ")
    };
    let mut text = String::from("Moves (each rule set in its own notation):\n");
    let groups: [(Wanted, &str); 4] = [
        (
            |n| n == Notation::Numeric,
            "row and column of each square, joined by dots.\n      \
             Row 1 is the top (Black's side), row 8 the bottom; column 1 is the left edge.\n      \
             61.52      a plain move, from row 6 column 1 to row 5 column 2\n      \
             63.45.27   a capture of two pieces, every landing square in turn",
        ),
        (
            |n| n == Notation::Algebraic,
            "algebraic squares a1..h8, White at the bottom.\n      \
             c3-d4      a plain move (also c3d4)\n      \
             c3xe5xg7   a capture, every landing square in turn (c3:e5 is read too)",
        ),
        (
            |n| n == Notation::AlgebraicColon,
            "algebraic squares a1..h8, captures with ':'.\n      \
             c3-d4      a plain move (also c3d4)\n      \
             c3:e5:g3   a capture, every landing square in turn (c3xe5 is read too)",
        ),
        (
            |n| matches!(n, Notation::Numbered(_)),
            "the squares' numbers 1-32 (the federations' PDN).\n      \
             11-15      a plain move\n      \
             15x24      a capture, every landing square in turn",
        ),
    ];
    for (wanted, how) in groups {
        let sets = sets_of(wanted);
        if !sets.is_empty() {
            text.push_str(&format!("  {sets}: {how}\n"));
        }
    }
    text.push_str(
        "  End of input (Ctrl-D) ends a game. In the full dialogue, 'help' at the prompt lists \
         the commands (undo, save, load, draw, resign, ...).\n\n",
    );
    text.push_str(EXAMPLES_HELP);
    text
}

/// The one-line summary of `dama --help`: every rule set and every way to play.
pub fn about_text() -> String {
    let names: Vec<String> = Variant::ALL.iter().map(|r| r.name().to_string()).collect();
    format!(
        "Draughts at the console (dama play) and full-screen with the mouse (dama tui), by the \
         rules of {}; an engine with endgame tables, engine matches, the Hub protocol, DXP, \
         perft",
        join_or(&names).replace(" or ", " and ")
    )
}
