//! The app's own events: what a person does (keys, clicks), the terminal's size, and the
//! engine's answers. The real terminal's events are mapped here ([`Event::from_crossterm`]);
//! tests build them directly.

use crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::worker::Reply;
use dama_core::{Board, Board8};

/// A key the app understands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Tab.
    Tab,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Ctrl-C: leave at once.
    Interrupt,
}

/// A mouse button.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Button {
    /// The left button: select, add a square to the path, confirm.
    Left,
    /// The right button: cancel the path.
    Right,
}

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event<B: Board = Board8> {
    /// A key was pressed.
    Key(Key),
    /// A mouse button was pressed on the cell at `column`, `row` (0-based, from the top left).
    Click {
        /// Which button.
        button: Button,
        /// The cell's column.
        column: u16,
        /// The cell's row.
        row: u16,
    },
    /// The terminal now has this size.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// The engine answered.
    Engine(Box<Reply<B>>),
    /// Time passed (the terminal sends one each time it redraws): a flag may have fallen.
    Tick,
}

impl<B: Board> Event<B> {
    /// The app's event for a terminal event, if the app cares about it.
    pub fn from_crossterm(event: &TermEvent) -> Option<Event<B>> {
        match event {
            TermEvent::Key(key) => key_event(key).map(Event::Key),
            TermEvent::Mouse(mouse) => {
                let button = match mouse.kind {
                    MouseEventKind::Down(MouseButton::Left) => Button::Left,
                    MouseEventKind::Down(MouseButton::Right) => Button::Right,
                    _ => return None,
                };
                Some(Event::Click {
                    button,
                    column: mouse.column,
                    row: mouse.row,
                })
            }
            TermEvent::Resize(width, height) => Some(Event::Resize {
                width: *width,
                height: *height,
            }),
            _ => None,
        }
    }
}

fn key_event(key: &KeyEvent) -> Option<Key> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Key::Interrupt,
        KeyCode::Char(_) if ctrl => return None,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};

    #[test]
    fn terminal_events_map() {
        let key = |code, modifiers| {
            TermEvent::Key(KeyEvent {
                code,
                modifiers,
                kind: KeyEventKind::Press,
                state: KeyEventState::NONE,
            })
        };
        assert_eq!(
            Event::<Board8>::from_crossterm(&key(KeyCode::Char('u'), KeyModifiers::NONE)),
            Some(Event::Key(Key::Char('u')))
        );
        assert_eq!(
            Event::<Board8>::from_crossterm(&key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Event::Key(Key::Interrupt))
        );
        let mouse = |kind| {
            TermEvent::Mouse(MouseEvent {
                kind,
                column: 7,
                row: 3,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            Event::<Board8>::from_crossterm(&mouse(MouseEventKind::Down(MouseButton::Right))),
            Some(Event::Click {
                button: Button::Right,
                column: 7,
                row: 3
            })
        );
        assert_eq!(
            Event::<Board8>::from_crossterm(&mouse(MouseEventKind::Up(MouseButton::Left))),
            None
        );
        assert_eq!(
            Event::<Board8>::from_crossterm(&TermEvent::Resize(100, 30)),
            Some(Event::Resize {
                width: 100,
                height: 30
            })
        );
    }
}
