//! The shape of the full-screen game's own labels. The labels themselves are in each
//! language's file of [`crate::i18n`] (`LABELS`); everything the line console already says —
//! refusal reasons, results, saving and loading, draw offers — comes from the same language's
//! [`Texts`](super::Texts).

/// Every label of the screen in one language. Templates hold `{0}`, `{1}`… filled by
/// [`crate::i18n::fill`].
#[derive(Debug)]
pub struct Labels {
    /// The header's title.
    pub title: &'static str,
    /// White, as a heading ("White").
    pub white: &'static str,
    /// Black, as a heading ("Black").
    pub black: &'static str,
    /// A person.
    pub human: &'static str,
    /// The computer.
    pub computer: &'static str,
    /// Panel: white's and black's turn, `{0}` who plays it.
    pub to_move: [&'static str; 2],
    /// Panel: the engine is thinking.
    pub thinking: &'static str,
    /// Panel: the game is over.
    pub game_over: &'static str,
    /// Panel title of the move list.
    pub moves: &'static str,
    /// At the start of a blindfold game (`--blindfold`).
    pub blindfold_note: &'static str,
    /// Panel title of the engine's last search.
    pub engine: &'static str,
    /// The engine's last search: `{0}` depth, `{1}` score, `{2}` seconds.
    pub search: &'static str,
    /// No search yet.
    pub no_search: &'static str,
    /// Panel title of the running draw counts (counted in half-moves).
    pub draw_counts: &'static str,
    /// Half-moves without a man move or a capture: `{0}` (rules without a limit for them).
    pub quiet: &'static str,
    /// Half-moves without a man move or a capture: `{0}` played, `{1}` allowed.
    pub quiet_limit: &'static str,
    /// The count of a king ending ([`dama_core::DrawReason::KingEnding`]): `{0}` played, `{1}`
    /// allowed.
    pub king_ending: &'static str,
    /// The count of an ending with kings on both sides and unchanged material
    /// ([`dama_core::DrawReason::MaterialUnchanged`]): `{0}` played, `{1}` allowed.
    pub material_ending: &'static str,
    /// The rules' next draw offer (the house rules): at `{0}` half-moves without a man move
    /// or a capture.
    pub offer_at: &'static str,
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
    /// The editor's side-to-move button: `{0}` the side ("[m] To move: White").
    pub editor_turn: &'static str,
    /// The editor's buttons (at most 5, 6, 13, 13, 13 and 13 characters with their keys).
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
    /// The keys on a board of a simul (`dama simul --tui`), two lines.
    pub footer_simul: [&'static str; 2],
    /// The keys under a simul's boards shown together, one line.
    pub simul_grid_keys: &'static str,
    /// Above a simul's boards shown together: `{0}` the number of the board to play, `{1}`
    /// the boards in play, `{2}` the boards in all.
    pub simul_grid_title: &'static str,
    /// The help screen's title.
    pub help_title: &'static str,
    /// The title of the list of a file's games: {0} the file.
    pub games_title: &'static str,
    /// The keys of the list of a file's games.
    pub games_keys: &'static str,
    /// The headings of that list (and of `dama games`): number, event, white, black,
    /// result, moves.
    pub games_columns: [&'static str; 6],
    /// The help screen.
    pub help: &'static [&'static str],
    /// Panel, while the game is analysed: `{0}` positions scored of `{1}`.
    pub analysing: &'static str,
    /// Panel, in review mode: `{0}` the moves played in the position shown.
    pub reviewing: &'static str,
    /// Panel title of the evaluation graph.
    pub evaluation: &'static str,
    /// `a` before any move.
    pub nothing_to_analyze: &'static str,
    /// The analysis was stopped (by a new game, a load, an undo…).
    pub analysis_stopped: &'static str,
    /// `u` after a flag fell: the loss on time is not taken back (decision, `docs/tui.md`).
    pub time_loss_stays: &'static str,
    /// The analysis is done: `{0}` blunders, `{1}` mistakes, `{2}` dubious moves.
    pub analysis_done: &'static str,
    /// Review mode is on.
    pub review_on: &'static str,
    /// Review mode is off: back at the game's end.
    pub review_off: &'static str,
}

#[cfg(test)]
mod tests {

    #[test]
    fn labels_fit_their_places() {
        use crate::i18n::{Catalog, Lang, fill};
        for lang in Lang::ALL {
            let l = Catalog::of(lang).labels;
            let width = |s: &str| s.chars().count();
            assert!(width(l.button_white) + 4 <= 9 && width(l.button_black) + 4 <= 10);
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
            assert!(width(l.simul_grid_keys) <= 80, "{}", l.simul_grid_keys);
            for line in l
                .footer
                .iter()
                .chain(&l.footer_editor)
                .chain(&l.footer_simul)
            {
                assert!(width(line) <= 80, "{line}");
            }
            for line in l.help {
                assert!(width(line) <= 76, "{line}");
            }
            assert!(width(l.click_a_piece) <= 80 && width(l.thinking) <= 34);
            for message in [
                l.nothing_to_analyze,
                l.analysis_stopped,
                l.time_loss_stays,
                &fill(l.analysis_done, &["12", "12", "12"]),
                l.review_on,
                l.review_off,
            ] {
                assert!(width(message) <= 160, "{message}");
            }
            // The side panel is 34 columns wide at 80 × 24; the counts with their largest
            // figures (the limits are 30 half-moves for the quiet count, 120 for an ending).
            let panel = [
                fill(l.to_move[0], &[l.computer]),
                fill(l.to_move[1], &[l.computer]),
                format!("─ {} ─", l.draw_counts),
                fill(l.search, &["12", "-250", "12.34"]),
                fill(l.quiet, &["999"]),
                fill(l.quiet_limit, &["30", "30"]),
                fill(l.king_ending, &["120", "120"]),
                fill(l.material_ending, &["120", "120"]),
                fill(l.offer_at, &["128"]),
                fill(l.repeated, &["3"]),
                fill(l.analysing, &["123", "123"]),
                fill(l.reviewing, &["123"]),
                format!("─ {} ─", l.evaluation),
            ];
            for line in panel {
                assert!(width(&line) <= 34, "{line}");
            }
        }
    }
}
