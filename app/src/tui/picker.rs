//! The list of a file's games to choose from: opened when a loaded file holds several games
//! (and `--game` did not name one), or with `g` for the file last loaded. Arrows move the
//! choice, Enter or a click on a game loads it, Esc or a right-click closes the list.

use std::path::Path;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::i18n::Labels;
use crate::i18n::fill;

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
    pub(super) fn visible(rect: Rect) -> usize {
        usize::from(rect.height.saturating_sub(4)).max(1)
    }

    /// Moves the choice by `step`, keeping it in view of `rows` rows.
    pub(super) fn step(&mut self, step: isize, rows: usize) {
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
