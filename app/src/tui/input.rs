//! The board's input: the mouse path (select, add squares, confirm, cancel), the keyboard
//! cursor that stands in for the mouse, moves typed in the rule set's notation, and the
//! editor's clicks and keys.
//!
//! A path is checked by the line console's matching ([`algebraic::resolve`]) against the legal
//! moves, so a refused path gets the same reason the line console gives, and nothing moves.

use super::app::{App, Busy, Selection};
use super::boards::TuiBoard;
use super::event::Key;
use super::layout::EditorButton;
use crate::i18n::fill;
use dama_core::fen::FenError;
use dama_core::game::Game;
use dama_core::notation::algebraic::{self, MoveError};
use dama_core::{Board, Color, MoveListOn, MoveOn, SquareOn};

/// The longest line typed (a move, a file name).
pub(super) const MAX_LINE: usize = 256;

impl<B: TuiBoard> App<B> {
    /// A left click (or Enter/Space) on the square at `file`, `rank`.
    pub(super) fn left_click(&mut self, file: u8, rank: u8) {
        let Some(sq) = B::square(self.rules(), file, rank) else {
            if self.editor.is_none()
                && let Some(name) = B::light_name(file, rank)
            {
                let text = fill(self.t.err_light, &[&name]);
                self.say(text);
            }
            return;
        };
        if let Some(editor) = &mut self.editor {
            editor.click(sq);
            return;
        }
        if !self.may_move() {
            return;
        }
        let turn = self.game.turn();
        let own = self
            .game
            .position()
            .piece_at(sq)
            .is_some_and(|p| p.color == turn);
        match &mut self.selection {
            None => self.select(sq),
            Some(sel) if sel.path.is_empty() => {
                if sq == sel.from {
                    self.selection = None;
                } else if own {
                    self.select(sq);
                } else {
                    sel.path.push(sq);
                }
            }
            Some(sel) if sel.path.last() == Some(&sq) => self.confirm(),
            Some(sel) => {
                if sel.path.len() < <B as Board>::MAX_PATH {
                    sel.path.push(sq);
                }
            }
        }
    }

    /// A right click (or Esc): the path entered so far is dropped.
    pub(super) fn right_click(&mut self) {
        if self.editor.is_none() && self.selection.take().is_some() {
            self.say(self.l.cancelled);
        }
    }

    /// Whether the person may move now; says why not otherwise.
    fn may_move(&mut self) -> bool {
        if let Some(outcome) = self.game.outcome() {
            let text = self.outcome_text(outcome);
            self.say(text);
            return false;
        }
        if let Some(Busy::RulesOffer(_)) = self.busy {
            // The rules offer a draw: the engine is deciding whether it accepts.
            self.say(self.l.asking_engine);
            return false;
        }
        if self.is_engine(self.game.turn()) {
            self.say(self.l.wait_engine);
            return false;
        }
        true
    }

    fn select(&mut self, sq: SquareOn<B>) {
        let pos = self.game.position();
        let error = match pos.piece_at(sq) {
            None => MoveError::NoPiece(sq),
            Some(p) if p.color != pos.turn() => MoveError::NotYourPiece(sq),
            Some(_) => {
                self.selection = Some(Selection {
                    from: sq,
                    path: Vec::new(),
                });
                return;
            }
        };
        let text = B::move_error(self.rules(), self.t, &error);
        self.say(text);
    }

    /// The confirm click: plays the move the path names, or says why it is refused.
    fn confirm(&mut self) {
        let Some(sel) = self.selection.take() else {
            return;
        };
        let mut squares = vec![sel.from];
        squares.extend(&sel.path);
        let text = super::boards::path_text(squares);
        let mut legal = MoveListOn::<B>::new();
        self.game.legal_moves(&mut legal);
        match algebraic::resolve(&text, self.game.position(), &legal) {
            Ok(mv) => self.play(mv),
            // The squares clicked so far already identify one capture: it is played.
            Err(MoveError::Unfinished(rest)) if rest.len() == 1 => self.play(rest[0]),
            Err(e) => {
                let text = B::move_error(self.rules(), self.t, &e);
                self.say(text);
            }
        }
    }

    /// Plays a move of the person to move.
    fn play(&mut self, mv: MoveOn<B>) {
        let turn = self.game.turn();
        if self.game.try_play(&mv).is_ok() {
            self.cancel_engine();
            self.selection = None;
            self.quiet();
            self.clock_moved(turn);
            self.announce_outcome();
        }
    }

    /// A key while the move line is open.
    pub(super) fn line_key(&mut self, key: Key) {
        let Some(line) = &mut self.line else { return };
        match key {
            Key::Char(c) if !c.is_control() && line.chars().count() < MAX_LINE => line.push(c),
            Key::Backspace => {
                line.pop();
            }
            Key::Esc => self.line = None,
            Key::Enter => {
                let text = self.line.take().unwrap_or_default();
                let text = text.trim();
                if !text.is_empty() && self.may_move() {
                    self.typed_move(text);
                }
            }
            _ => {}
        }
    }

    /// A move typed in the rule set's notation, read by the line console's parser.
    fn typed_move(&mut self, text: &str) {
        let mut legal = MoveListOn::<B>::new();
        self.game.legal_moves(&mut legal);
        match B::typed_move(
            self.rules(),
            self.t,
            self.cfg.lang,
            text,
            self.game.position(),
            &legal,
        ) {
            Ok(mv) => self.play(mv),
            Err(message) => self.say(message),
        }
    }

    /// Enter or Space on the cursor: a left click there; the first press only shows the
    /// cursor (it is hidden until the keyboard is used).
    pub(super) fn cursor_click(&mut self) {
        if self.cursor_shown {
            self.left_click(self.cursor.0, self.cursor.1);
        } else {
            self.cursor_shown = true;
        }
    }

    /// Moves the cursor one square in the direction of an arrow key, as the board is drawn.
    pub(super) fn move_cursor(&mut self, key: Key) {
        let (df, dr): (i8, i8) = match key {
            Key::Up => (0, 1),
            Key::Down => (0, -1),
            Key::Left => (-1, 0),
            Key::Right => (1, 0),
            _ => return,
        };
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let (f, r) = self.cursor;
        let last = <B as Board>::SIZE as i8 - 1;
        self.cursor = (
            (f as i8 + df).clamp(0, last) as u8,
            (r as i8 + dr).clamp(0, last) as u8,
        );
        self.cursor_shown = true;
    }

    /// A key while the editor is shown.
    pub(super) fn editor_key(&mut self, key: Key) {
        match key {
            Key::Char('w') => self.editor_button(EditorButton::White),
            Key::Char('b') => self.editor_button(EditorButton::Black),
            Key::Tab => {
                if let Some(ed) = &mut self.editor {
                    ed.color = !ed.color;
                }
            }
            Key::Char('m') => self.editor_button(EditorButton::Turn),
            Key::Char('c') => self.editor_button(EditorButton::Clear),
            Key::Char('i') => self.editor_button(EditorButton::Initial),
            Key::Enter => self.editor_button(EditorButton::Start),
            Key::Esc => self.editor_button(EditorButton::Cancel),
            Key::Char(' ') => self.cursor_click(),
            Key::Char('q') => self.quit_asked(),
            Key::Char('?') => self.help = true,
            Key::Up | Key::Down | Key::Left | Key::Right => self.move_cursor(key),
            _ => {}
        }
    }

    /// A button of the editor panel (clicked or by its key).
    pub(super) fn editor_button(&mut self, button: EditorButton) {
        let Some(ed) = &mut self.editor else { return };
        match button {
            EditorButton::White => ed.color = Color::White,
            EditorButton::Black => ed.color = Color::Black,
            EditorButton::Turn => ed.turn = !ed.turn,
            EditorButton::Clear => ed.clear(),
            EditorButton::Initial => ed.initial(),
            EditorButton::Cancel => {
                self.editor = None;
                self.quiet();
            }
            EditorButton::Start => match ed.start() {
                Ok(pos) => {
                    self.editor = None;
                    // The message of before (an editor refusal, `Back at the end of the
                    // game.`) is no longer true of the new game.
                    self.quiet();
                    self.replace_game(Game::with_rules(self.rules(), pos));
                }
                Err(e) => {
                    let text = self.t.fen_error(&FenError::Setup(e));
                    self.say(text);
                }
            },
        }
    }
}
