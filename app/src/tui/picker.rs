//! The list of a file's games to choose from: opened when a loaded file holds several games
//! (and `--game` did not name one), or with `g` for the file last loaded. Arrows move the
//! choice, Enter or a click on a game loads it, Esc or a right-click closes the list.

use std::path::Path;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::app::App;
use super::boards::{TuiBoard, TuiRules};
use super::event::{Button, Key};
use crate::console::full;
use crate::games;
use crate::i18n::Labels;
use crate::i18n::fill;
use crate::play::records;

/// The open list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Picker {
    /// The file, as typed.
    pub file: String,
    /// The heading, then one line per game (see [`games::table`]).
    pub lines: Vec<String>,
    /// The game chosen so far (0 is the first).
    pub selected: usize,
    /// The first game shown (the list scrolls when it is longer than the screen).
    pub top: usize,
}

impl Picker {
    /// How many games the list holds.
    pub fn games(&self) -> usize {
        self.lines.len().saturating_sub(1)
    }

    /// The list's title: the file's name without its directory.
    fn title(&self, l: &Labels) -> String {
        let name = Path::new(&self.file)
            .file_name()
            .map_or_else(|| self.file.clone(), |n| n.to_string_lossy().into_owned());
        fill(l.games_title, &[&name])
    }

    /// Where the list is drawn on a screen of `area`: centred, as wide as its longest line
    /// (with the title and the keys), as high as it needs up to the screen's height.
    pub fn rect(&self, area: Rect, l: &Labels) -> Rect {
        let title = self.title(l);
        let widest = self
            .lines
            .iter()
            .map(String::as_str)
            .chain([title.as_str(), l.games_keys])
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0);
        let width = (widest as u16).saturating_add(4).min(area.width);
        let height = (self.lines.len() as u16).saturating_add(3).min(area.height);
        Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        )
    }

    /// How many games fit in `rect` (borders, heading and keys take four rows).
    fn visible(rect: Rect) -> usize {
        usize::from(rect.height.saturating_sub(4)).max(1)
    }

    /// Moves the choice by `step`, keeping it in view of `rows` rows.
    fn step(&mut self, step: isize, rows: usize) {
        let last = self.games().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(step).min(last);
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + rows {
            self.top = self.selected + 1 - rows;
        }
    }
}

/// Draws the list over the screen.
pub fn draw(picker: &Picker, l: &Labels, frame: &mut Frame, area: Rect) {
    let rect = picker.rect(area, l);
    let rows = Picker::visible(rect);
    let mut lines = vec![Line::from(picker.lines[0].clone())];
    for (i, text) in picker
        .lines
        .iter()
        .enumerate()
        .skip(1 + picker.top)
        .take(rows)
    {
        let style = if i - 1 == picker.selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(Line::styled(text.clone(), style));
    }
    while lines.len() < rows + 1 {
        lines.push(Line::from(""));
    }
    lines.push(Line::styled(
        l.games_keys,
        Style::default().add_modifier(Modifier::DIM),
    ));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(picker.title(l)),
        ),
        rect,
    );
}

impl<R: TuiRules> App<R> {
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
        let entries = <R::Board as TuiBoard>::entries::<R>(&text, self.t);
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
        match records::load_game_from::<R>(path, Some(number)) {
            Ok((record, count)) => {
                self.replace_game(record.game.clone());
                self.file_name = picker.file.clone();
                let label = records::game_label(&picker.file, number, count);
                self.report_loaded(&label, &record);
            }
            Err(e) => {
                let message = full::load_failed::<R>(self.t, path, &e);
                self.say(format!("{message} {}", self.t.kept));
            }
        }
    }
}
