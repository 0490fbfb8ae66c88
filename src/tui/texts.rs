//! The full-screen game's own labels, in English and Czech (`--lang cs`). Everything the line
//! console already says — refusal reasons, results, saving and loading, draw offers — comes
//! from its catalogue ([`crate::console::czech::Texts`]) in the same language.

use crate::cli::Lang;

/// Every label of the screen in one language. Templates hold `{0}`, `{1}`… filled by
/// [`crate::console::czech::fill`].
#[derive(Debug)]
pub struct Labels {
    /// The header's title.
    pub title: &'static str,
    /// Header: `{0}` the rule set.
    pub rules: &'static str,
    /// White, as a heading ("White").
    pub white: &'static str,
    /// Black, as a heading ("Black").
    pub black: &'static str,
    /// A person.
    pub human: &'static str,
    /// The computer.
    pub computer: &'static str,
    /// Panel: `{0}` the side, `{1}` who plays it.
    pub to_move: &'static str,
    /// Panel: the engine is thinking.
    pub thinking: &'static str,
    /// Panel: the game is over.
    pub game_over: &'static str,
    /// Panel title of the move list.
    pub moves: &'static str,
    /// Panel title of the engine's last search.
    pub engine: &'static str,
    /// The engine's last search: `{0}` depth, `{1}` score, `{2}` seconds.
    pub search: &'static str,
    /// No search yet.
    pub no_search: &'static str,
    /// Panel title of the running draw counts.
    pub draw_counts: &'static str,
    /// Half-moves without a man move or a capture: `{0}`.
    pub quiet: &'static str,
    /// The king ending's count: `{0}` played, `{1}` allowed.
    pub ending: &'static str,
    /// The current position's occurrences: `{0}`.
    pub repeated: &'static str,
    /// No draw count is running.
    pub no_counts: &'static str,
    /// Input line when nothing is entered.
    pub click_a_piece: &'static str,
    /// Input line with a path: `{0}` the squares.
    pub path: &'static str,
    /// Input line while a move is typed.
    pub type_move: &'static str,
    /// The path was cancelled.
    pub cancelled: &'static str,
    /// A click or key while the computer is to move or busy.
    pub wait_engine: &'static str,
    /// The save question.
    pub save_as: &'static str,
    /// The load question.
    pub load_from: &'static str,
    /// Quit or a new game with an unsaved game.
    pub unsaved: &'static str,
    /// Shown while the engine decides on a draw offer.
    pub asking_engine: &'static str,
    /// The screen is too small: `{0}` columns and `{1}` rows needed.
    pub enlarge: &'static str,
    /// The editor's title.
    pub editor: &'static str,
    /// The editor's colour choice.
    pub editor_colour: &'static str,
    /// The editor's buttons (at most 9, 9, 13, 13, 13 and 13 characters with their keys).
    pub button_white: &'static str,
    /// See `button_white`.
    pub button_black: &'static str,
    /// See `button_white`.
    pub button_clear: &'static str,
    /// See `button_white`.
    pub button_initial: &'static str,
    /// See `button_white`.
    pub button_start: &'static str,
    /// See `button_white`.
    pub button_cancel: &'static str,
    /// The editor's explanation (lines of at most 34 characters).
    pub editor_help: &'static [&'static str],
    /// The editor's piece count: `{0}` white, `{1}` black.
    pub pieces: &'static str,
    /// The keys of the game, two lines.
    pub footer: [&'static str; 2],
    /// The keys of the editor, two lines.
    pub footer_editor: [&'static str; 2],
    /// The help screen's title.
    pub help_title: &'static str,
    /// The help screen.
    pub help: &'static [&'static str],
}

impl Labels {
    /// The labels of `lang` (English for anything but Czech).
    pub fn of(lang: Lang) -> &'static Labels {
        match lang {
            Lang::Cs => &CS,
            _ => &EN,
        }
    }
}

/// The English labels.
pub static EN: Labels = Labels {
    title: "dama",
    rules: "{0} rules",
    white: "White",
    black: "Black",
    human: "human",
    computer: "computer",
    to_move: "{0} to move ({1})",
    thinking: "thinking… Space: move now",
    game_over: "Game over",
    moves: "Moves",
    engine: "Engine",
    search: "depth {0}  score {1}  {2} s",
    no_search: "no search yet",
    draw_counts: "Draw counts",
    quiet: "no man move or capture: {0} half-moves",
    ending: "king ending: {0} of {1} half-moves",
    repeated: "this position: {0} times",
    no_counts: "none running",
    click_a_piece: "Click a piece, then each square of its path, then the last square again to play.",
    path: "Path: {0}   (click the last square again to play, right-click to cancel)",
    type_move: "Move: ",
    cancelled: "Path cancelled.",
    wait_engine: "The computer is thinking; Space makes it move now.",
    save_as: "Save the game (PDN) to: ",
    load_from: "Load a game (PDN) from: ",
    unsaved: "The game is not saved. Leave it anyway? (y/n): ",
    asking_engine: "The computer considers the draw offer…",
    enlarge: "Enlarge the terminal to {0}×{1}",
    editor: "Editor",
    editor_colour: "Colour to place and to move:",
    button_white: "White",
    button_black: "Black",
    button_clear: "[c] Clear",
    button_initial: "[i] Initial",
    button_start: "[Enter] Start",
    button_cancel: "[Esc] Cancel",
    editor_help: &[
        "Click a dark square: a man of the",
        "chosen colour, again: a king,",
        "a third time: empty. Start checks",
        "the position; the chosen colour",
        "is to move.",
    ],
    pieces: "white {0}, black {1}",
    footer: [
        "u undo  r redo  h hint  n new  f flip  e editor  s save  l load  d draw",
        "m movable  t type a move  arrows+Enter cursor  Space move now  q quit  ? help",
    ],
    footer_editor: [
        "click: man → king → empty   w/b/Tab colour   c clear   i initial",
        "Enter start   Esc cancel   arrows+Space cursor   q quit   ? help",
    ],
    help_title: " Help ",
    help: &[
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
    ],
};

/// The Czech labels.
pub static CS: Labels = Labels {
    title: "dama",
    rules: "pravidla {0}",
    white: "Bílý",
    black: "Černý",
    human: "člověk",
    computer: "počítač",
    to_move: "{0} na tahu ({1})",
    thinking: "přemýšlí… mezerník: hrát hned",
    game_over: "Konec hry",
    moves: "Tahy",
    engine: "Počítač",
    search: "hloubka {0}  hodnocení {1}  {2} s",
    no_search: "zatím nepočítal",
    draw_counts: "Počítání remízy",
    quiet: "bez tahu kamenem či braní: {0} půltahů",
    ending: "koncovka dam: {0} z {1} půltahů",
    repeated: "tato pozice: {0}krát",
    no_counts: "nic se nepočítá",
    click_a_piece: "Klikněte na kámen a na pole jeho cesty; tah potvrdí další klik na poslední pole.",
    path: "Cesta: {0}   (tah potvrdí další klik na poslední pole, pravé tlačítko ruší)",
    type_move: "Tah: ",
    cancelled: "Cesta zrušena.",
    wait_engine: "Počítač přemýšlí; mezerník ho nechá táhnout hned.",
    save_as: "Uložit partii (PDN) do: ",
    load_from: "Načíst partii (PDN) z: ",
    unsaved: "Partie není uložena. Přesto ji opustit? (a/n): ",
    asking_engine: "Počítač zvažuje nabídku remízy…",
    enlarge: "Zvětšete terminál na {0}×{1}",
    editor: "Editor",
    editor_colour: "Barva kamenů a strana na tahu:",
    button_white: "Bílý",
    button_black: "Černý",
    button_clear: "[c] Vyčistit",
    button_initial: "[i] Výchozí",
    button_start: "[Enter] Start",
    button_cancel: "[Esc] Zrušit",
    editor_help: &[
        "Klik na tmavé pole: kámen zvolené",
        "barvy, další klik: dáma, třetí:",
        "prázdné pole. Start pozici",
        "zkontroluje; na tahu je zvolená",
        "barva.",
    ],
    pieces: "bílé {0}, černé {1}",
    footer: [
        "u zpět  r vpřed  h rada  n nová  f otočit  e editor  s uložit  l načíst",
        "d remíza  m tahy  t psát tah  šipky kurzor  mezerník hned  q konec  ? nápověda",
    ],
    footer_editor: [
        "klik: kámen → dáma → prázdné   w/b/Tab barva   c vyčistit   i výchozí",
        "Enter start   Esc zrušit   šipky+mezerník kurzor   q konec   ? nápověda",
    ],
    help_title: " Nápověda ",
    help: &[
        "Myš: levým klikem vyberte kámen, pak každé pole jeho cesty (tah:",
        "cílové pole; braní: každé pole dopadu) a tah potvrďte dalším",
        "klikem na poslední pole. Pravé tlačítko cestu zruší.",
        "",
        "Klávesy:",
        "  t (nebo číslice)  psát tah v zápisu pravidel, Enter ho zahraje",
        "  šipky             kurzor; Enter/mezerník klik, Esc pravý klik",
        "  u / r             zpět (proti počítači i jeho odpověď) / vpřed",
        "  h                 rada       d  nabídnout remízu   m  kameny s tahem",
        "  n                 nová hra   f  otočit desku       e  editor",
        "  s / l             uložit / načíst partii (PDN)",
        "  mezerník          počítač táhne hned",
        "  q                 konec (zeptá se, není-li partie uložena)",
        "",
        "Libovolná klávesa nápovědu zavře.",
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_fit_their_places() {
        for l in [&EN, &CS] {
            let width = |s: &str| s.chars().count();
            assert!(width(l.button_white) + 4 <= 9 && width(l.button_black) + 4 <= 9);
            for b in [
                l.button_clear,
                l.button_initial,
                l.button_start,
                l.button_cancel,
            ] {
                assert!(width(b) <= 13, "{b}");
            }
            for line in l.editor_help {
                assert!(width(line) <= 34, "{line}");
            }
            for line in l.footer.iter().chain(&l.footer_editor) {
                assert!(width(line) <= 80, "{line}");
            }
            for line in l.help {
                assert!(width(line) <= 76, "{line}");
            }
            assert!(width(l.click_a_piece) <= 80 && width(l.thinking) <= 34);
        }
    }
}
