//! The game's analysis on the screen: `a` scores every position on the engine's thread (the
//! screen goes on, the panel shows the progress), then the panel shows the evaluation graph
//! under the move list with each move's mark. Review mode (`v`, or a click on a move in the
//! list) shows the position after any move: the arrows step back and forth, a click on
//! another move jumps to it, `Esc` (or `Enter`) goes back to the game's end to play on.

use std::borrow::Cow;

use super::app::{App, Busy};
use super::boards::TuiBoard;
use super::event::Key;
use super::layout::Layout;
use super::worker::Task;
use crate::i18n::fill;
use crate::play::analysis::{self, Analysis, Mark};
use dama_core::game::{DynGame, Game};
use dama_engine::Limits;

impl<B: TuiBoard> App<B> {
    /// `a`: analyses the game on the engine's thread.
    pub(super) fn analyze(&mut self) {
        if self.busy.is_some() {
            return self.say(self.l.wait_engine);
        }
        if self.game.moves().len() == 0 {
            return self.say(self.l.nothing_to_analyze);
        }
        // The limits given on the command line (a depth, nodes or a time a move), else those of
        // `dama analyze --load` and the hint: the same position gets the same verdict.
        let given = self.cfg.limits;
        let limits = if given.depth.is_none() && given.nodes.is_none() && given.movetime.is_none() {
            analysis::default_limits()
        } else {
            Limits {
                level: None,
                time: None,
                ..given
            }
        };
        let id = self.worker.ask(&self.game, Task::Analyze(limits));
        self.busy = Some(Busy::Analysis(id));
        self.analysing = Some((0, self.game.moves().len() + 1));
    }

    /// The analysis has come (none: it was stopped).
    pub(super) fn analysis_done(&mut self, analysis: Option<Box<Analysis<B>>>) {
        let Some(analysis) = analysis else {
            return self.say(self.l.analysis_stopped);
        };
        let count = |mark| {
            analysis
                .plies
                .iter()
                .filter(|p| p.mark == Some(mark))
                .count()
        };
        let text = fill(
            self.l.analysis_done,
            &[
                &count(Mark::Blunder).to_string(),
                &count(Mark::Mistake).to_string(),
                &count(Mark::Dubious).to_string(),
            ],
        );
        self.analysis = Some(*analysis);
        self.say(text);
    }

    /// The analysis, while the game's moves are those it analysed.
    pub fn current_analysis(&self) -> Option<&Analysis<B>> {
        self.analysis.as_ref().filter(|a| {
            a.plies.len() == self.game.moves().len()
                && a.plies
                    .iter()
                    .zip(self.game.moves())
                    .all(|(p, m)| p.mv == *m)
        })
    }

    /// The number of moves played in the position shown: the review's, else all of them.
    pub fn shown_plies(&self) -> usize {
        self.review.unwrap_or(self.game.moves().len())
    }

    /// Whether review mode is on.
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The game as shown: up to the reviewed move, else the game itself.
    pub(super) fn shown(&self) -> Cow<'_, DynGame<B>> {
        match self.review {
            Some(plies) if plies < self.game.moves().len() => {
                let mut game = Game::with_rules(self.rules(), *self.game.start());
                for mv in self.game.moves().take(plies) {
                    game.play(mv);
                }
                Cow::Owned(game)
            }
            _ => Cow::Borrowed(&self.game),
        }
    }

    /// `v`: review mode, from the game's end.
    pub(super) fn start_review(&mut self) {
        if self.busy.is_some_and(|b| !matches!(b, Busy::Analysis(_))) {
            return self.say(self.l.wait_engine);
        }
        self.selection = None;
        self.review = Some(self.game.moves().len());
        self.say(self.l.review_on);
    }

    /// Shows the position after `plies` moves, in review mode.
    pub(super) fn review_at(&mut self, plies: usize) {
        if self.review.is_none() {
            self.start_review();
            if self.review.is_none() {
                return;
            }
        }
        self.review = Some(plies.min(self.game.moves().len()));
    }

    /// A key in review mode.
    pub(super) fn review_key(&mut self, key: Key) {
        let Some(plies) = self.review else { return };
        let last = self.game.moves().len();
        match key {
            Key::Left | Key::Up => self.review = Some(plies.saturating_sub(1)),
            Key::Right | Key::Down => self.review = Some((plies + 1).min(last)),
            Key::Esc | Key::Enter | Key::Char('v' | 'q') => {
                self.review = None;
                self.say(self.l.review_off);
            }
            Key::Char('a') => self.analyze(),
            _ => {}
        }
    }

    /// The moves played up to and with the move written at `column`, `row` of the move list.
    pub(super) fn move_at(&self, layout: &Layout, column: u16, row: u16) -> Option<usize> {
        super::render::move_cells(self, layout.panel)
            .into_iter()
            .find(|(_, r)| row == r.y && column >= r.x && column < r.x + r.width)
            .map(|(plies, _)| plies)
    }
}

impl<B: TuiBoard> App<B> {
    /// The cell in the middle of the move list's entry for the move that leaves `plies` moves
    /// played, if it is shown (for clicks in tests and scripts).
    pub fn move_cell(&self, plies: usize) -> Option<(u16, u16)> {
        let layout = self.layout()?;
        super::render::move_cells(self, layout.panel)
            .into_iter()
            .find(|(p, _)| *p == plies)
            .map(|(_, r)| (r.x + 1, r.y))
    }

    /// The position shown on the board: the reviewed one, else the game's.
    pub fn shown_position(&self) -> dama_core::PositionOn<B> {
        *self.shown().position()
    }
}
