//! The list of a file's games in the full-screen game: opening it, its keys and clicks, and
//! loading the game chosen ([`Picker`] is the list itself and its drawing).

use std::path::Path;

use ratatui::layout::Rect;

use super::app::App;
use super::boards::TuiBoard;
use super::event::{Button, Key};
use super::picker::Picker;
use crate::console::full;
use crate::games;
use crate::i18n::fill;
use crate::play::records;

impl<B: TuiBoard> App<B> {
    fn screen(&self) -> Rect {
        Rect::new(0, 0, self.size.0, self.size.1)
    }

    /// Opens the list of the games of `file`, or says why the file cannot be read.
    pub(super) fn open_picker(&mut self, file: &str) {
        let text = match crate::files::read_file(Path::new(file)) {
            Ok(text) => text,
            Err(e) => {
                let reason = self.t.file_error(&e);
                return self.say(fill(self.t.load_failed, &[file, &reason]));
            }
        };
        let entries = B::entries(self.rules(), &text, self.t);
        self.cancel_engine();
        self.selection = None;
        self.picker = Some(Picker {
            file: file.to_string(),
            lines: games::table(&entries, &self.l.games_columns),
            selected: 0,
            top: 0,
        });
    }

    /// A key while the list is open.
    pub(super) fn picker_key(&mut self, key: Key) {
        let rect = match &self.picker {
            Some(p) => p.rect(self.screen(), self.l),
            None => return,
        };
        let rows = Picker::visible(rect);
        let Some(picker) = &mut self.picker else {
            return;
        };
        match key {
            Key::Up => picker.step(-1, rows),
            Key::Down | Key::Tab => picker.step(1, rows),
            Key::Enter | Key::Char(' ') => {
                let chosen = picker.selected;
                self.choose_game(chosen);
            }
            Key::Esc | Key::Char('q') => self.picker = None,
            _ => {}
        }
    }

    /// A click while the list is open: a left click on a game loads it, a right click closes
    /// the list.
    pub(super) fn picker_click(&mut self, button: Button, column: u16, row: u16) {
        let Some(picker) = &self.picker else { return };
        if button == Button::Right {
            self.picker = None;
            return;
        }
        let rect = picker.rect(self.screen(), self.l);
        let first = rect.y + 2;
        let inside = column > rect.x && column + 1 < rect.x + rect.width;
        if !inside || row < first {
            return;
        }
        let index = picker.top + usize::from(row - first);
        if usize::from(row - first) < Picker::visible(rect) && index < picker.games() {
            self.choose_game(index);
        }
    }

    /// Loads game `index` (0 is the first) of the list's file and closes the list; a game
    /// that cannot be read leaves the game as it was, with the reason.
    fn choose_game(&mut self, index: usize) {
        let Some(picker) = self.picker.take() else {
            return;
        };
        let number = index + 1;
        let path = Path::new(&picker.file);
        match records::load_game_from(self.rules(), path, Some(number)) {
            Ok((record, count)) => {
                self.replace_game(record.game.clone());
                self.file_name = picker.file.clone();
                let label = records::game_label(&picker.file, number, count);
                self.report_loaded(&label, &record);
            }
            Err(e) => {
                let message = full::load_failed(self.rules(), self.t, path, &e);
                self.say(format!("{message} {}", self.t.kept));
            }
        }
    }
}
