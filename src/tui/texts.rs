//! The full-screen game's own labels (English). Everything the line console already says —
//! refusal reasons, results, saving and loading, draw offers — comes from its catalogue
//! ([`crate::console::czech::Texts`]) in the language of `--lang`.

/// The header's title.
pub const TITLE: &str = "dama";
/// Header: `{0}` the rule set.
pub const RULES: &str = "{0} rules";
/// A person.
pub const HUMAN: &str = "human";
/// The computer.
pub const COMPUTER: &str = "computer";
/// Panel: `{0}` the side ("White"), `{1}` who plays it.
pub const TO_MOVE: &str = "{0} to move ({1})";
/// Panel: the engine is thinking.
pub const THINKING: &str = "thinking… Space: move now";
/// Panel: the game is over.
pub const GAME_OVER: &str = "Game over";
/// Panel title of the move list.
pub const MOVES: &str = "Moves";
/// Panel title of the engine's last search.
pub const ENGINE: &str = "Engine";
/// The engine's last search: `{0}` depth, `{1}` score, `{2}` seconds.
pub const SEARCH: &str = "depth {0}  score {1}  {2} s";
/// No search yet.
pub const NO_SEARCH: &str = "no search yet";
/// Panel title of the running draw counts.
pub const DRAW_COUNTS: &str = "Draw counts";
/// Half-moves without a man move or a capture: `{0}`.
pub const QUIET: &str = "no man move or capture: {0} half-moves";
/// The king ending's count: `{0}` played, `{1}` allowed.
pub const ENDING: &str = "king ending: {0} of {1} half-moves";
/// The current position's occurrences: `{0}`.
pub const REPEATED: &str = "this position: {0} times";
/// No draw count is running.
pub const NO_COUNTS: &str = "none running";
/// Input line when nothing is entered.
pub const CLICK_A_PIECE: &str =
    "Click a piece, then each square of its path; click the last square again to play.";
/// Input line with a path: `{0}` the squares.
pub const PATH: &str = "Path: {0}   (click the last square again to play, right-click to cancel)";
/// Input line while a move is typed.
pub const TYPE_MOVE: &str = "Move: ";
/// The path was cancelled.
pub const CANCELLED: &str = "Path cancelled.";
/// A click or key while the computer is to move.
pub const WAIT_ENGINE: &str = "The computer is thinking; Space makes it move now.";
/// The save question.
pub const SAVE_AS: &str = "Save the game (PDN) to: ";
/// The load question.
pub const LOAD_FROM: &str = "Load a game (PDN) from: ";
/// Quit or a new game with an unsaved game.
pub const UNSAVED: &str = "The game is not saved. Leave it anyway? (y/n): ";
/// Shown while the engine decides on a draw offer.
pub const ASKING_ENGINE: &str = "The computer considers the draw offer…";
/// The screen is too small: `{0}` columns and `{1}` rows needed.
pub const ENLARGE: &str = "Enlarge the terminal to {0}×{1}";
/// The editor's title.
pub const EDITOR: &str = "Editor";
/// The editor's colour choice.
pub const EDITOR_COLOUR: &str = "Colour to place and to move:";
/// The editor's buttons.
pub const BUTTON_WHITE: &str = "White";
/// The editor's buttons.
pub const BUTTON_BLACK: &str = "Black";
/// The editor's buttons.
pub const BUTTON_CLEAR: &str = "[c] Clear";
/// The editor's buttons.
pub const BUTTON_INITIAL: &str = "[i] Initial";
/// The editor's buttons.
pub const BUTTON_START: &str = "[Enter] Start";
/// The editor's buttons.
pub const BUTTON_CANCEL: &str = "[Esc] Cancel";
/// The editor's explanation.
pub const EDITOR_HELP: &[&str] = &[
    "Click a dark square: a man of the",
    "chosen colour, again: a king,",
    "a third time: empty. Start checks",
    "the position; the chosen colour",
    "is to move.",
];
/// The keys of the game, two lines.
pub const FOOTER: [&str; 2] = [
    "u undo  r redo  h hint  n new  f flip  e editor  s save  l load  d draw",
    "m movable  t type a move  arrows+Enter cursor  Space move now  q quit  ? help",
];
/// The keys of the editor, two lines.
pub const FOOTER_EDITOR: [&str; 2] = [
    "click: man → king → empty   w/b/Tab colour   c clear   i initial",
    "Enter start   Esc cancel   arrows+Space cursor   q quit   ? help",
];
/// The help screen.
pub const HELP: &[&str] = &[
    "Mouse: left-click the piece to move, then each square of its path",
    "(a plain move: the target; a capture: every landing square), then",
    "the last square once more to play. Right-click cancels the path.",
    "",
    "Keys:",
    "  t (or a digit)  type a move in the rule set's notation, Enter plays",
    "  arrows          move the cursor; Enter/Space click, Esc right-click",
    "  u / r           undo (against the computer: its reply too) / redo",
    "  h               hint        d   offer a draw   m  movable pieces",
    "  n               new game    f   flip board     e  editor",
    "  s / l           save / load a game (PDN)",
    "  Space           make the computer move now",
    "  q               quit (asks when the game is not saved)",
    "",
    "Any key closes this help.",
];
