//! `dama simul --tui`: a simultaneous display full-screen (the Czech rules' art. 11). Each
//! board is a whole [`App`] with its own engine thread, played in the round a simul is played
//! in ([`crate::play::simul`]): the board to play is shown large, and once its person has
//! moved, play passes to the next board whose game goes on, while the computer answers on the
//! boards behind. `g` shows all the boards together, small, in a grid (`▶` marks the board to
//! play), `Tab` pages through them where they do not all fit.
//!
//! On a board of a simul every move stands: undo, redo, a new game, the editor and loading
//! are refused (the line console's words); `s` saves the whole simul, one PDN game per board.
//! With `--file`, the simul is written after every move and resumed from the file.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Borders, Widget};

use super::app::{App, AppConfig, Confirmed};
use super::board::{DARK, LIGHT, piece_at, piece_look};
use super::boards::TuiBoard;
use super::event::{Event, Key};
use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::terminal::{self, Screen};
use super::{TuiConfig, TuiError, render};
use crate::console::full::simul::{board_ballot, board_label, board_record};
use crate::i18n::{Catalog, Labels, Texts, capitalize, fill};
use crate::play::move_number;
use crate::play::simul::{self, Exhibitor, Plan, Score};
use dama_core::game::Snapshot;
use dama_core::{Board, Color, DynRules, pdn, with_dyn_rules};

/// What `dama simul --tui` plays: every board's settings as `dama tui`'s (the players come
/// from the exhibitor, the ballot is board 1's), and the simul's own.
#[derive(Clone, Debug)]
pub struct SimulTuiConfig {
    /// Every board's settings.
    pub tui: TuiConfig,
    /// The simul: who gives it, its boards, its players' names, its file.
    pub simul: Plan,
}

/// The simul of [`SimulTuiConfig`] on board `B`: each board's settings and the simul's.
#[derive(Clone, Debug)]
pub struct SimulSetup<B: Board> {
    /// Every board's settings (its players, ballot, clocks and file are the simul's).
    pub app: AppConfig<B>,
    /// The simul: who gives it, its boards, its players' names, its file.
    pub simul: Plan,
}

/// `dama simul --tui`: plays on the terminal until every game is over and the person leaves;
/// then says where the simul is kept, when it has a file.
pub fn run(config: &SimulTuiConfig, out: &mut dyn std::io::Write) -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    with_dyn_rules!(config.tui.variant, rules => {
        let start = match &config.tui.fen {
            Some(text) => rules
                .parse_fen(text)
                .map_err(|e| TuiError::Load(format!("bad FEN: {e}")))?,
            None => rules.start(),
        };
        let setup = SimulSetup {
            app: super::app_config(&config.tui, start),
            simul: config.simul.clone(),
        };
        let (width, height) = crossterm::terminal::size()?;
        let mut simul = SimulApp::new(rules, setup, width, height).map_err(TuiError::Load)?;
        terminal::run(&mut simul)?;
        if let Some(line) = simul.farewell() {
            writeln!(out, "{line}")?;
        }
        Ok(())
    })
}

/// A simul full-screen: its boards, the one to play, and the grid's state.
#[derive(Debug)]
pub struct SimulApp<B: TuiBoard> {
    boards: Vec<App<B>>,
    exhibitor: Exhibitor,
    names: Vec<String>,
    file: Option<PathBuf>,
    t: &'static Texts,
    l: &'static Labels,
    color: bool,
    /// The board to play (0-based).
    current: usize,
    /// The moves its person had made when play came to it.
    arrived: usize,
    /// Whether every board is shown, small (`g`).
    grid: bool,
    /// The grid's page shown.
    page: usize,
    /// The boards whose result was said.
    announced: Vec<bool>,
    /// Whether the final score was said.
    finished: bool,
    /// The games as they were when writing the file last failed: it is tried again (and a
    /// failure said again) only once they have changed.
    keep_failed: Option<Vec<Snapshot<B>>>,
    size: (u16, u16),
    quit: bool,
}

impl<B: TuiBoard> SimulApp<B> {
    /// A new simul (or the one kept in `setup.file`) on `rules`, in a terminal of `width` ×
    /// `height`; the reason in words when it cannot start.
    pub fn new(
        rules: DynRules<B>,
        setup: SimulSetup<B>,
        width: u16,
        height: u16,
    ) -> Result<SimulApp<B>, String> {
        let Catalog {
            texts: t,
            labels: l,
            ..
        } = Catalog::of(setup.app.lang);
        let start = simul::start(rules, &setup.simul).map_err(|e| e.to_string())?;
        let players = start.exhibitor.players();
        let file_name = setup
            .simul
            .file
            .as_ref()
            .map_or_else(|| "simul.pdn".to_string(), |p| p.display().to_string());
        let mut resumed = start.resumed.map(Vec::into_iter);
        let mut boards = Vec::with_capacity(start.count);
        for board in 0..start.count {
            let ballot = match rules.variant() {
                Some(variant) => board_ballot(variant, setup.app.ballot.as_ref(), board),
                None => setup.app.ballot.clone(),
            };
            let cfg = AppConfig {
                white: players.white,
                black: players.black,
                ballot,
                // A simul is played without clocks, as the exhibitor walks round the room.
                clocks: None,
                load: None,
                game: None,
                ..setup.app.clone()
            };
            let mut app = App::new(rules, cfg, width, height)?;
            if let Some(record) = resumed.as_mut().and_then(Iterator::next) {
                app.peeks = simul::peeks_of(&record);
                app.replace_game(record.game);
                app.quiet();
            }
            app.simul = Some(board_label(t, &setup.simul.names, board));
            app.file_name.clone_from(&file_name);
            boards.push(app);
        }
        let announced = boards.iter().map(|b| b.game().is_over()).collect();
        let mut simul = SimulApp {
            boards,
            exhibitor: start.exhibitor,
            names: setup.simul.names,
            file: setup.simul.file,
            t,
            l,
            color: setup.app.color,
            current: start.count - 1,
            arrived: 0,
            grid: false,
            page: 0,
            announced,
            finished: false,
            keep_failed: None,
            size: (width, height),
            quit: false,
        };
        for app in &mut simul.boards {
            // The engines start where they are to move.
            app.handle(Event::Tick);
        }
        let intro = match simul.exhibitor {
            Exhibitor::Person => t.simul_person_gives,
            Exhibitor::Engine => t.simul_engine_gives,
        };
        let intro = fill(intro, &[&start.count.to_string()]);
        // The round starts at the first board whose game goes on.
        let over: Vec<bool> = simul.boards.iter().map(|b| b.game().is_over()).collect();
        let first = simul::next_board(start.count - 1, &over).unwrap_or(0);
        simul.boards[first].say(intro);
        if let Some(path) = simul.file.as_ref().filter(|_| resumed.is_some()) {
            let in_play = over.iter().filter(|&&over| !over).count();
            let text = fill(
                t.simul_resumed,
                &[
                    &path.display().to_string(),
                    &start.count.to_string(),
                    &in_play.to_string(),
                ],
            );
            simul.boards[first].say(text);
        }
        if over.iter().all(|&over| over) {
            simul.current = first;
        } else {
            simul.pass_on();
        }
        simul.finish();
        Ok(simul)
    }

    /// The side the people play.
    fn people(&self) -> Color {
        self.exhibitor.people()
    }

    /// The boards.
    pub fn boards(&self) -> &[App<B>] {
        &self.boards
    }

    /// The board to play (0-based).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The board to play.
    pub fn board(&self) -> &App<B> {
        &self.boards[self.current]
    }

    /// Whether every board is shown, small.
    pub fn grid_shown(&self) -> bool {
        self.grid
    }

    /// The exhibitor's score so far.
    pub fn score(&self) -> Score {
        Score::of(self.boards.iter().map(|b| b.game().outcome()))
    }

    /// Waits up to `timeout` for the engine of board `board` to answer, and handles it (for
    /// tests; the terminal polls).
    pub fn wait_engine(&mut self, board: usize, timeout: std::time::Duration) -> bool {
        let answered = self.boards[board].wait_engine(timeout);
        self.after_event();
        answered
    }

    /// The line to print once the terminal is left: where the simul is kept (none when the
    /// last write failed).
    pub fn farewell(&self) -> Option<String> {
        let path = self.file.as_ref().filter(|_| self.keep_failed.is_none())?;
        Some(fill(self.t.simul_kept, &[&path.display().to_string()]))
    }

    /// The whole simul as one PDN text: each board's game with its simul tags.
    fn text(&self) -> String {
        simul::text(self.boards.iter().enumerate().map(|(board, app)| {
            let blindfold = app.cfg.blindfold.then_some((false, app.peeks));
            board_record(
                self.t,
                app.game(),
                board,
                self.exhibitor,
                &self.names,
                blindfold,
            )
        }))
    }

    /// Writes the simul to `path`; whether it could (the failure said on the board to play).
    fn write(&mut self, path: &Path, name: &str) -> bool {
        match simul::write(path, &self.text()) {
            Ok(()) => {
                for app in &mut self.boards {
                    app.saved = app.game().snapshot();
                }
                true
            }
            Err(e) => {
                let text = fill(self.t.save_failed, &[name, &self.t.file_error(&e)]);
                self.boards[self.current].say(text);
                false
            }
        }
    }

    /// `s` on a board: the whole simul saved to `name`.
    fn save_to(&mut self, name: &str) {
        let path = crate::files::expand_home(name);
        if self.write(&path, name) {
            let text = fill(self.t.simul_saved, &[name]);
            self.boards[self.current].say(text);
        }
    }

    /// After a move anywhere: the simul written to its file, when it has one.
    fn keep(&mut self) {
        let Some(path) = self.file.clone() else {
            return;
        };
        if !self.boards.iter().any(App::unsaved) {
            return;
        }
        let now: Vec<Snapshot<B>> = self.boards.iter().map(|b| b.game().snapshot()).collect();
        if self.keep_failed.as_ref() == Some(&now) {
            return;
        }
        let name = path.display().to_string();
        self.keep_failed = (!self.write(&path, &name)).then_some(now);
    }

    /// `q`: leave; without a file, asking first when a game is not saved.
    fn quit_asked(&mut self) {
        if self.file.is_some() {
            self.keep_failed = None;
            self.keep();
            if self.keep_failed.is_none() {
                self.quit = true;
            } else {
                // The file could not be written (said): leaving would lose the last moves.
                let question = self.l.unsaved.to_string();
                self.boards[self.current].ask(question, Confirmed::Quit);
            }
        } else if self.boards.iter().any(App::unsaved) {
            let question = self.l.unsaved.to_string();
            self.boards[self.current].ask(question, Confirmed::Quit);
        } else {
            self.quit = true;
        }
    }

    /// Play passes to the next board whose game goes on (said there).
    fn pass_on(&mut self) {
        let over: Vec<bool> = self.boards.iter().map(|b| b.game().is_over()).collect();
        let Some(next) = simul::next_board(self.current, &over) else {
            return;
        };
        let moved = next != self.current;
        self.current = next;
        self.arrived = simul::moves_by(self.boards[next].game(), self.people());
        // The result of the board left behind first.
        self.say_results();
        if moved {
            let label = self.boards[next].simul.clone().unwrap_or_default();
            let in_play = over.iter().filter(|&&over| !over).count();
            let text = fill(self.t.simul_at, &[&label, &in_play.to_string()]);
            self.boards[next].say(text);
        }
    }

    /// The results of the boards that ended behind the person, said on the board to play;
    /// the final score once every game is over.
    fn finish(&mut self) {
        self.say_results();
        self.say_score();
    }

    /// The results of the boards that ended behind the person, said on the board to play.
    fn say_results(&mut self) {
        for board in 0..self.boards.len() {
            // The board to play says its own result.
            if board == self.current || self.announced[board] {
                continue;
            }
            let Some(outcome) = self.boards[board].game().outcome() else {
                continue;
            };
            self.announced[board] = true;
            let label = self.boards[board].simul.clone().unwrap_or_default();
            let said = self.boards[board].outcome_text(outcome);
            self.boards[self.current].say(capitalize(&format!("{label}: {said}")));
        }
    }

    /// The final score, once every game is over.
    fn say_score(&mut self) {
        if self.finished || self.boards.iter().any(|b| !b.game().is_over()) {
            return;
        }
        self.finished = true;
        let score = self.score();
        let said = match self.exhibitor {
            Exhibitor::Person => self.t.simul_score_person,
            Exhibitor::Engine => self.t.simul_score_engine,
        };
        let text = fill(
            said,
            &[
                &score.points(),
                &self.boards.len().to_string(),
                &score.won.to_string(),
                &score.drawn.to_string(),
                &score.lost.to_string(),
            ],
        );
        self.boards[self.current].say(text);
    }

    /// After each event: a save asked on the board, a quit it confirmed, the round going on,
    /// the results said and the file written.
    fn after_event(&mut self) {
        if let Some(name) = self.boards[self.current].simul_save.take() {
            self.save_to(&name);
        }
        if self.boards.iter().any(App::wants_to_quit) {
            self.quit = true;
        }
        let board = &self.boards[self.current];
        let moved = simul::moves_by(board.game(), self.people()) > self.arrived;
        if (moved || board.game().is_over()) && board.at_rest() {
            self.pass_on();
        }
        self.finish();
        self.keep();
    }

    /// A key while every board is shown.
    fn grid_key(&mut self, key: Key) {
        match key {
            Key::Char('g') | Key::Enter | Key::Esc => self.grid = false,
            Key::Tab => self.page = (self.page + 1) % self.pages(),
            Key::Char('q') => self.quit_asked(),
            _ => {}
        }
    }

    /// The places of the grid's boards on the page shown: each board's number and cells.
    fn tiles(&self) -> Vec<(usize, Rect)> {
        let (w, h) = Self::TILE;
        let (columns, _) = self.grid_shape();
        let per_page = self.per_page();
        let first = self.page.min(self.pages() - 1) * per_page;
        (first..self.boards.len().min(first + per_page))
            .map(|board| {
                let k = (board - first) as u16;
                let (column, row) = (k % columns, k / columns);
                (board, Rect::new(column * (w + 1), 1 + row * h, w, h))
            })
            .collect()
    }

    /// A board's cells in the grid: two columns a square and a frame.
    const TILE: (u16, u16) = (2 * B::SIZE as u16 + 2, B::SIZE as u16 + 2);

    /// The grid's columns and rows of boards in the terminal (a column between boards; the
    /// title, message and keys lines kept).
    fn grid_shape(&self) -> (u16, u16) {
        let (width, height) = self.size;
        let (w, h) = Self::TILE;
        (
            (width / (w + 1)).max(1),
            (height.saturating_sub(3) / h).max(1),
        )
    }

    /// The boards on one page of the grid.
    fn per_page(&self) -> usize {
        let (columns, rows) = self.grid_shape();
        usize::from(columns * rows)
    }

    /// The grid's pages.
    fn pages(&self) -> usize {
        self.boards.len().div_ceil(self.per_page())
    }

    /// Every board, small: its name on top (`▶` the board to play), its move or its result
    /// below, the pieces as the board's player sees them (none in a blindfold simul).
    fn draw_grid(&self, frame: &mut Frame) {
        let area = frame.area();
        let buf = frame.buffer_mut();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render::too_small(self.l, buf, area);
            return;
        }
        let in_play = self.boards.iter().filter(|b| !b.game().is_over()).count();
        let title = fill(
            self.l.simul_grid_title,
            &[
                &(self.current + 1).to_string(),
                &in_play.to_string(),
                &self.boards.len().to_string(),
            ],
        );
        // Where the boards do not all fit, the numbers of those shown: `· 4–5`.
        let tiles = self.tiles();
        let title = match (tiles.first(), tiles.last()) {
            (Some(&(first, _)), Some(&(last, _))) if self.pages() > 1 => {
                format!("{title} · {}–{}", first + 1, last + 1)
            }
            _ => title,
        };
        let bold = Style::default().add_modifier(Modifier::BOLD);
        buf.set_stringn(0, 0, title, usize::from(area.width), bold);
        for (board, rect) in tiles {
            self.draw_tile(board, rect, buf);
        }
        let dim = Style::default().add_modifier(Modifier::DIM);
        if let Some(message) = self.board().messages().last() {
            buf.set_stringn(
                0,
                area.height - 2,
                message,
                usize::from(area.width),
                Style::default(),
            );
        }
        buf.set_stringn(
            0,
            area.height - 1,
            self.l.simul_grid_keys,
            usize::from(area.width),
            dim,
        );
    }

    /// One board of the grid.
    fn draw_tile(&self, board: usize, rect: Rect, buf: &mut Buffer) {
        let app = &self.boards[board];
        let game = app.game();
        let name = match self.names.get(board) {
            Some(name) => format!("{} {name}", board + 1),
            None => (board + 1).to_string(),
        };
        let current = board == self.current;
        let top = if current {
            format!("▶ {name} ")
        } else {
            format!(" {name} ")
        };
        let bottom = match game.outcome() {
            Some(outcome) => format!(" {} ", pdn::result_text(Some(outcome))),
            None => {
                let side = match game.turn() {
                    Color::White => self.l.white,
                    Color::Black => self.l.black,
                };
                format!(" {}. {side} ", move_number(game))
            }
        };
        let border = if current {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(top)
            .title_bottom(bottom)
            .render(rect, buf);
        let setup = if app.pieces_hidden() {
            Default::default()
        } else {
            game.position().to_setup()
        };
        let n = B::SIZE;
        let plain = Style::default();
        for rank in 0..n {
            for file in 0..n {
                let (column, row) = if app.flipped {
                    (n - 1 - file, rank)
                } else {
                    (file, n - 1 - rank)
                };
                let x = rect.x + 1 + 2 * u16::from(column);
                let y = rect.y + 1 + u16::from(row);
                let Some(sq) = B::square(app.rules(), file, rank) else {
                    let style = if self.color { plain.bg(LIGHT) } else { plain };
                    buf.set_string(x, y, "  ", style);
                    continue;
                };
                let style = if self.color { plain.bg(DARK) } else { plain };
                let (symbol, piece_style) = match piece_at(&setup, sq) {
                    Some(piece) => piece_look(piece, self.color, style),
                    None if self.color => (' ', style),
                    None => ('.', style),
                };
                buf.set_string(x, y, symbol.to_string(), piece_style);
                buf.set_string(x + 1, y, " ", style);
            }
        }
    }
}

impl<B: TuiBoard> Screen for SimulApp<B> {
    type Board = B;

    fn handle(&mut self, event: Event<B>) {
        match event {
            Event::Resize { width, height } => {
                self.size = (width, height);
                for app in &mut self.boards {
                    app.handle(event.clone());
                }
            }
            Event::Tick => {
                for app in &mut self.boards {
                    app.handle(Event::Tick);
                }
            }
            Event::Key(Key::Interrupt) => self.quit = true,
            Event::Key(key) if self.grid => self.grid_key(key),
            Event::Click { .. } if self.grid => {
                // A click on the board to play shows it large.
                if let Event::Click { column, row, .. } = event
                    && self.tiles().iter().any(|&(board, r)| {
                        board == self.current
                            && r.contains(ratatui::layout::Position::new(column, row))
                    })
                {
                    self.grid = false;
                }
            }
            Event::Key(Key::Char('g')) if self.board().at_rest() => {
                self.grid = true;
                self.page = self.current / self.per_page();
            }
            Event::Key(Key::Char('q')) if self.board().at_rest() => self.quit_asked(),
            event => self.boards[self.current].handle(event),
        }
        self.after_event();
    }

    fn poll_engines(&mut self) {
        for board in 0..self.boards.len() {
            while let Some(event) = self.boards[board].poll_engine() {
                self.boards[board].handle(event);
            }
        }
        self.after_event();
    }

    fn draw(&self, frame: &mut Frame) {
        if self.grid {
            self.draw_grid(frame);
        } else {
            render::draw(self.board(), frame);
        }
    }

    fn wants_to_quit(&self) -> bool {
        self.quit
    }
}
