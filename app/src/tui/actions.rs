//! The commands of the footer's keys and the dialogs they open: undo, redo, hint, new game,
//! flip, editor, save, load, draw offer, quit, help. Each does what the line console's
//! command of the same name does, with the same texts.

use std::path::Path;

use super::app::{App, Busy, Confirmed, Dialog};
use super::boards::TuiBoard;
use super::editor::Editor;
use super::event::Key;
use super::input::MAX_LINE;
use super::worker::Task;
use crate::console::full;
use crate::i18n::{capitalize, fill};
use crate::play::clock::GameClock;
use crate::play::records;
use crate::play::session::{self, Undo};
use dama_core::game::{Outcome, WinReason};
use dama_core::pdn;
use dama_core::{Color, DynRules};

impl<B: TuiBoard> App<B> {
    /// A key during the game (no dialog, no move line, no editor).
    pub(super) fn game_key(&mut self, key: Key) {
        // On a board of a simul every move stands and the game is the simul's.
        if self.simul.is_some() && matches!(key, Key::Char('u' | 'r' | 'n' | 'e' | 'l' | 'g')) {
            self.say(self.t.not_in_simul);
            return;
        }
        match key {
            Key::Char('u') => self.undo(),
            Key::Char('r') => self.redo(),
            Key::Char('h') => self.hint(),
            Key::Char('a') => self.analyze(),
            Key::Char('v') => self.start_review(),
            Key::Char('n') => {
                if self.unsaved() {
                    self.ask(self.l.unsaved.to_string(), Confirmed::NewGame);
                } else {
                    self.new_game();
                }
            }
            Key::Char('f') => self.flipped = !self.flipped,
            Key::Char('p') => self.peek(),
            Key::Char('e') => {
                self.cancel_engine();
                self.selection = None;
                self.quiet();
                self.editor = Some(Editor::new(self.game.position()));
            }
            Key::Char('s') => self.open_file_dialog(true),
            Key::Char('l') => self.open_file_dialog(false),
            Key::Char('g') => {
                let name = self.file_name.clone();
                self.open_picker(&name);
            }
            Key::Char('d') => self.offer_draw(),
            Key::Char('q') => self.quit_asked(),
            Key::Char('?') => self.help = true,
            Key::Char('m') => self.show_movable = !self.show_movable,
            Key::Char('+') => self.change_level(1),
            Key::Char('-') => self.change_level(-1),
            Key::Char('t' | ':') => self.line = Some(String::new()),
            Key::Char(c) if c.is_ascii_digit() => self.line = Some(c.to_string()),
            Key::Char(' ') if matches!(self.busy, Some(Busy::Move(_))) => self.worker.stop(),
            Key::Char(' ') | Key::Enter => self.cursor_click(),
            Key::Esc => self.right_click(),
            Key::Up | Key::Down | Key::Left | Key::Right => self.move_cursor(key),
            _ => {}
        }
    }

    pub(super) fn ask(&mut self, question: String, action: Confirmed) {
        self.dialog = Some(Dialog::Confirm { question, action });
    }

    /// `q`: leave, asking first when the game is not saved.
    pub(super) fn quit_asked(&mut self) {
        if self.unsaved() {
            self.ask(self.l.unsaved.to_string(), Confirmed::Quit);
        } else {
            self.quit = true;
        }
    }

    fn new_game(&mut self) {
        let (game, kept) = B::start_game(self.rules(), &self.cfg);
        self.replace_game(game);
        self.kept = kept;
        self.peeks = 0;
        self.peeking = false;
        self.quiet();
        self.say_ballot();
    }

    /// Takes back moves so that the person is to move again (the session's rules, as the line
    /// console's `undo`).
    fn undo(&mut self) {
        // A flag fall stands (decision, `docs/tui.md`): the clock that ran out cannot be
        // given its time back, so taking the result back would only let the flag fall again
        // at once.
        if let Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        }) = self.game.outcome()
        {
            return self.say(self.l.time_loss_stays);
        }
        self.cancel_engine();
        self.selection = None;
        let players = self.players();
        let text = match session::undo(&mut self.game, players, self.kept) {
            Undo::ResultUndone => self.t.result_undone.to_string(),
            Undo::Nothing => self.t.nothing_to_undo.to_string(),
            Undo::NothingOfYours => self.t.nothing_of_yours.to_string(),
            Undo::BallotStays => self.t.ballot_stays.to_string(),
            Undo::Undone(taken) => fill(self.t.undone, &[&B::write_each(self.rules(), &taken)]),
        };
        if let Some(clock) = &mut self.clock {
            clock.truncate(self.game.moves().len());
        }
        self.say(text);
    }

    /// Plays again a taken-back move; against the engine, also the engine's reply after it.
    fn redo(&mut self) {
        if self.busy.is_some() {
            return self.say(self.l.wait_engine);
        }
        self.selection = None;
        let players = self.players();
        let played = session::redo(&mut self.game, players);
        if played.is_empty() {
            return self.say(self.t.nothing_to_redo);
        }
        let text = fill(self.t.redone, &[&B::write_each(self.rules(), &played)]);
        self.say(text);
        self.announce_outcome();
    }

    /// `+` and `-`: the engine's level one up or down (1 to 10), from its next search.
    fn change_level(&mut self, by: i8) {
        let level = (super::app::level_of(&self.limits) as i8 + by).clamp(1, 10) as u8;
        self.limits = dama_engine::Limits {
            level: Some(level),
            depth: None,
            movetime: None,
            nodes: None,
            ..self.limits
        };
        let text = fill(self.t.level_set, &[&level.to_string()]);
        self.say(text);
    }

    fn hint(&mut self) {
        if self.busy.is_some() {
            return self.say(self.l.wait_engine);
        }
        if self.game.is_over() {
            return self.say(self.t.no_hint);
        }
        let id = self.worker.ask(&self.game, Task::Hint);
        self.busy = Some(Busy::Answer(id));
    }

    /// `d`: the person to move offers a draw; the computer decides, a person is asked.
    fn offer_draw(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            let text = self.outcome_text(outcome);
            return self.say(text);
        }
        if self.busy.is_some() {
            return self.say(self.l.wait_engine);
        }
        let offering = self.game.turn();
        if self.is_engine(!offering) {
            let id = self.worker.ask(&self.game, Task::AcceptDraw(!offering));
            self.busy = Some(Busy::Answer(id));
            return self.say(self.l.asking_engine);
        }
        let question = capitalize(&fill(
            self.t.draw_offer,
            &[self.t.side(offering), self.t.side(!offering)],
        ));
        self.ask(question, Confirmed::Draw);
    }

    fn open_file_dialog(&mut self, save: bool) {
        self.dialog = Some(Dialog::File {
            save,
            name: self.file_name.clone(),
        });
    }

    /// A key while a dialog is open.
    pub(super) fn dialog_key(&mut self, key: Key) {
        let Some(dialog) = &mut self.dialog else {
            return;
        };
        match dialog {
            Dialog::Confirm { action, .. } => {
                let action = *action;
                let answer = match key {
                    Key::Char(c) => {
                        let c = c.to_lowercase().to_string();
                        if self.t.yes.contains(&c.as_str()) {
                            Some(true)
                        } else if self.t.no.contains(&c.as_str()) {
                            Some(false)
                        } else {
                            None
                        }
                    }
                    Key::Esc => Some(false),
                    _ => None,
                };
                if let Some(yes) = answer {
                    self.dialog = None;
                    self.confirmed(action, yes);
                }
            }
            Dialog::File { save, name } => match key {
                Key::Char(c) if !c.is_control() && name.chars().count() < MAX_LINE => name.push(c),
                Key::Backspace => {
                    name.pop();
                }
                Key::Esc => self.dialog = None,
                Key::Enter => {
                    let (save, name) = (*save, name.trim().to_string());
                    self.dialog = None;
                    if !name.is_empty() {
                        if save && self.simul.is_some() {
                            self.simul_save = Some(name);
                        } else if save {
                            self.save_to(&name);
                        } else {
                            self.load_from(&name);
                        }
                    }
                }
                _ => {}
            },
        }
    }

    fn confirmed(&mut self, action: Confirmed, yes: bool) {
        match (action, yes) {
            (Confirmed::Quit, true) => self.quit = true,
            (Confirmed::NewGame, true) => self.new_game(),
            (Confirmed::Draw | Confirmed::EngineDraw, true) => self.agreed(),
            (Confirmed::RulesOffer(_) | Confirmed::RulesOfferEngine, _) => {
                self.rules_offer_confirmed(action, yes);
            }
            (Confirmed::Draw, false) => self.say(self.t.draw_declined),
            (Confirmed::EngineDraw, false) => {
                self.offer.decline();
                self.say(self.t.draw_declined);
            }
            (_, false) => {}
        }
    }

    fn save_to(&mut self, name: &str) {
        let mut header = self
            .t
            .pdn_header(self.is_engine(Color::White), self.is_engine(Color::Black));
        // A loaded game keeps the players its file names.
        if let Some([white, black]) = &self.names {
            header.white.clone_from(white);
            header.black.clone_from(black);
        }
        self.file_name = name.to_string();
        match crate::files::save(Path::new(name), self.record_text(&header)) {
            Ok(()) => {
                self.saved = self.game.snapshot();
                self.say(fill(self.t.saved, &[name]));
            }
            Err(e) => {
                let text = fill(self.t.save_failed, &[name, &self.t.file_error(&e)]);
                self.say(text);
            }
        }
    }

    /// The game as `s` saves it: as the line console saves it (with the clocks), and after an
    /// analysis (`a`) of the game's moves as `dama analyze --annotated` writes it besides:
    /// each move's mark (`?!`, `?`, `??`), its `[%eval …]` (in one comment with its
    /// `[%clock …]`) and the better line of a marked move as a variation.
    /// A blindfold game's tags: `Blindfold` and the `Peeks` made.
    fn blindfold_tags(&self) -> Vec<(&'static str, String)> {
        match self.cfg.blindfold {
            true => records::blindfold_tags(false, self.peeks),
            false => Vec::new(),
        }
    }

    fn record_text(&self, header: &pdn::Header) -> String {
        let clock = self.clock.as_ref();
        let Some(analysis) = self.current_analysis() else {
            return records::write_pdn(&self.game, header, clock, &self.blindfold_tags());
        };
        let mut tags = clock.map_or_else(Vec::new, GameClock::pdn_tags);
        if let Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        }) = self.game.outcome()
        {
            tags.push(("Termination", records::TIME_FORFEIT.to_string()));
        }
        let clocks = clock.map_or_else(Vec::new, GameClock::pdn_comments);
        let mut notes = crate::play::analysis::annotations(analysis);
        for (note, reading) in notes.iter_mut().zip(&clocks) {
            if reading.is_empty() {
                continue;
            }
            note.comment = Some(match note.comment.take() {
                Some(eval) => format!("{eval} {reading}"),
                None => reading.clone(),
            });
        }
        pdn::write_annotated(&self.game, header, &tags, &notes)
    }

    fn load_from(&mut self, name: &str) {
        self.file_name = name.to_string();
        let path = Path::new(name);
        match records::load_game_from(self.rules(), path, None) {
            Ok((record, count)) => {
                self.replace_game(record.game.clone());
                self.report_loaded(&records::game_label(name, 1, count), &record);
                if count > 1 {
                    self.open_picker(name);
                }
            }
            Err(e) => {
                let message = full::load_failed(self.rules(), self.t, path, &e);
                self.say(format!("{message} {}", self.t.kept));
            }
        }
    }

    /// Says what a loaded game is (event, length, state), as the line console does.
    pub(super) fn report_loaded(&mut self, name: &str, record: &pdn::Record<DynRules<B>>) {
        // The players the file names (a `dama match` game: the engines), else none.
        let tag = |key: &str| {
            record
                .tags
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.trim().to_string())
                .filter(|v| !v.is_empty() && v != "?")
        };
        self.names = match (tag("White"), tag("Black")) {
            (None, None) => None,
            (white, black) => Some([
                white.unwrap_or_else(|| "?".to_string()),
                black.unwrap_or_else(|| "?".to_string()),
            ]),
        };
        let first = record.game.start().turn();
        self.clock = crate::play::clock::GameClock::from_pdn(&record.tags, &record.comments, first)
            .or_else(|| self.clock.take());
        let text = self.t.loaded_report(self.rt, name, record);
        self.say(text);
    }
}
