//! The whole full-screen game as one state machine: the game, the path being entered, the
//! cursor, the editor, the dialogs and the messages. It takes [`Event`]s and knows nothing of
//! the terminal, so tests play whole games through [`App::handle`] and draw it on ratatui's
//! test backend.
//!
//! The reactions to keys and clicks are in `actions.rs` (commands and dialogs) and `input.rs`
//! (the board: mouse path, cursor, typed moves, editor clicks).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::layout::Rect;

use super::boards::TuiBoard;
use super::editor::Editor;
use super::event::{Button, Event, Key};
use super::layout::{EditorButton, Layout};
use super::picker::Picker;
use super::worker::{Reply, SearchReport, Setting, Task, Worker};
use crate::console::full;
use crate::i18n::{Catalog, Labels, RulesTexts, Texts, fill};
use crate::play::clock::GameClock;
use crate::play::records;
use crate::play::session::{PlayerKind, Players, RulesOffer};
use crate::play::{DynGame, EnginePlayer, book_level};
use dama_core::game::Snapshot;
use dama_core::{Board, Board8, Color, DynRules, MoveListOn, MoveOn, PositionOn, SquareOn};
use dama_engine::Limits;

pub use super::config::AppConfig;

/// A question on the input line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Dialog {
    /// A yes/no question before `action`.
    Confirm {
        /// The question.
        question: String,
        /// What a yes does.
        action: Confirmed,
    },
    /// A file name to save to or load from.
    File {
        /// Save or load.
        save: bool,
        /// The name typed so far.
        name: String,
    },
}

/// What a yes to a [`Dialog::Confirm`] does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Confirmed {
    /// Leave the program.
    Quit,
    /// Start a new game.
    NewGame,
    /// Agree to the draw the side to move offered.
    Draw,
    /// Agree to the draw the computer offered.
    EngineDraw,
    /// Between two people, agree to the draw the rules offer ([`Rules::draw_offer_due`]):
    /// the side to move is asked first, then the other side.
    RulesOffer(Color),
    /// Agree to the draw the rules offer, which the computer (the opponent) accepts.
    RulesOfferEngine,
}

/// The path entered with the mouse (or the cursor) so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Selection<B: Board = Board8> {
    /// The piece that moves.
    pub from: SquareOn<B>,
    /// The squares clicked after it, in order.
    pub path: Vec<SquareOn<B>>,
}

/// What the engine is working on, by task number.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Busy {
    /// Its own move.
    Move(u64),
    /// A hint or a draw answer.
    Answer(u64),
    /// Whether it accepts the draw the rules offer (see `house_offer.rs`).
    RulesOffer(u64),
    /// The analysis of the game (`a`, see `review.rs`).
    Analysis(u64),
}

/// The full-screen game on the board `B`, its rule set chosen at run time.
#[derive(Debug)]
pub struct App<B: TuiBoard> {
    pub(super) cfg: AppConfig<B>,
    pub(super) t: &'static Texts,
    pub(super) rt: &'static RulesTexts,
    pub(super) l: &'static Labels,
    pub(super) game: DynGame<B>,
    pub(super) worker: Worker<B>,
    /// The tables' messages about refused files, shown on the message line.
    refusals: Arc<Mutex<Vec<String>>>,
    pub(super) busy: Option<Busy>,
    pub(super) selection: Option<Selection<B>>,
    /// The cursor's file and rank, and whether it is shown (after an arrow key).
    pub(super) cursor: (u8, u8),
    pub(super) cursor_shown: bool,
    pub(super) flipped: bool,
    pub(super) show_movable: bool,
    pub(super) editor: Option<Editor<B>>,
    pub(super) dialog: Option<Dialog>,
    /// The list of a file's games to choose from, when it is open.
    pub(super) picker: Option<Picker>,
    pub(super) help: bool,
    /// The move being typed, when the move line is open.
    pub(super) line: Option<String>,
    pub(super) messages: Vec<String>,
    /// Whether the latest message is still shown (a move played hides it).
    pub(super) notice: bool,
    pub(super) last_search: Option<SearchReport>,
    /// Whether the engine's last move came from its opening book (the panel says so instead
    /// of showing a search).
    pub(super) book_move: bool,
    /// The players' names of a loaded game (its `White` and `Black` tags, where it names
    /// them), shown in the header and written again when the game is saved.
    pub(super) names: Option<[String; 2]>,
    /// The last hint and the position it was given in (shown while that position stands).
    pub(super) hint: Option<Hinted<B>>,
    /// The game as it was when it was started, saved or loaded.
    pub(super) saved: Snapshot<B>,
    /// The first moves of the game that undo keeps: those of the ballot it started from.
    pub(super) kept: usize,
    pub(super) file_name: String,
    /// The rules' draw offer, and whether a person declined one in this game.
    pub(super) offer: RulesOffer,
    pub(super) size: (u16, u16),
    pub(super) quit: bool,
    /// The last analysis of the game (`a`), shown while the game's moves are those analysed.
    pub(super) analysis: Option<crate::play::analysis::Analysis<B>>,
    /// The positions analysed so far and in all, while an analysis runs.
    pub(super) analysing: Option<(usize, usize)>,
    /// Review mode: the number of moves played in the position shown (the game goes on from
    /// its end once the review is left).
    pub(super) review: Option<usize>,
    /// The players' clocks, when the game is played on a clock.
    pub(super) clock: Option<GameClock>,
    /// The engine's limits now (`+` and `-` change its level).
    pub(super) limits: Limits,
    /// In a blindfold game, whether the pieces are shown now (`p`, until the next move).
    pub(super) peeking: bool,
    /// In a blindfold game, the peeks made in this game.
    pub(super) peeks: usize,
    /// On a board of a simul (`dama simul --tui`, see `simul.rs`), the board's name
    /// (`Board 2 (Anna)`): shown in the header; the keys that would take a move back or
    /// start another game are refused, and `s` saves the whole simul.
    pub(super) simul: Option<String>,
    /// The file name typed after `s` on a board of a simul, for the simul to save to.
    pub(super) simul_save: Option<String>,
}

/// A hint and the position it was given in.
pub(super) type Hinted<B> = (PositionOn<B>, MoveOn<B>);

/// The most messages kept.
const MESSAGES_KEPT: usize = 50;

/// The clocks of a new game (none without `--time`).
fn new_clock<B: Board>(cfg: &AppConfig<B>) -> Option<GameClock> {
    cfg.clocks
        .map(|[white, black]| GameClock::new(white, black))
}

/// The level `limits` play at: theirs, else the default level (full strength with an explicit
/// depth, time or node budget).
pub(super) fn level_of(limits: &Limits) -> u8 {
    let explicit = limits.depth.is_some()
        || limits.movetime.is_some()
        || limits.nodes.is_some()
        || limits.time.is_some();
    limits.level.unwrap_or(if explicit {
        10
    } else {
        dama_engine::level::DEFAULT_LEVEL
    })
}

impl<B: TuiBoard> App<B> {
    /// A new app playing `rules` in a terminal of `width` × `height`; loads `cfg.load` if
    /// given (its error, in the messages' language, otherwise).
    pub fn new(
        rules: DynRules<B>,
        cfg: AppConfig<B>,
        width: u16,
        height: u16,
    ) -> Result<App<B>, String> {
        // Messages: the line console's texts in the screen's language.
        let Catalog {
            texts: t,
            rules: rt,
            labels,
        } = Catalog::of(cfg.lang);
        let loaded = match &cfg.load {
            Some(path) => Some(
                records::load_game_from(rules, path, cfg.game)
                    .map_err(|e| full::load_failed(rules, t, path, &e))?,
            ),
            None => None,
        };
        let (game, kept) = match &loaded {
            Some((record, _)) => (record.game.clone(), 0),
            None => B::start_game(rules, &cfg),
        };
        let file_name = cfg
            .load
            .as_ref()
            .map_or_else(|| "game.pdn".to_string(), |p| p.display().to_string());
        let saved = game.snapshot();
        let clock = match &loaded {
            Some((record, _)) => {
                GameClock::from_pdn(&record.tags, &record.comments, record.game.start().turn())
                    .or_else(|| new_clock(&cfg))
            }
            None => new_clock(&cfg),
        };
        let limits = cfg.limits;
        // A person playing Black against the computer sees the board from Black's side.
        let flipped = cfg.white == PlayerKind::Engine && cfg.black == PlayerKind::Human;
        // The tables' messages about refused files go to the message line, not over the
        // screen on standard error.
        let refusals: Arc<Mutex<Vec<String>>> = Arc::default();
        let mut engines = cfg.engines.clone();
        if let Some(tables) = &engines.tables {
            let sink = Arc::clone(&refusals);
            engines.tables = Some(Arc::new(tables.reporting_to(Arc::new(move |m: &str| {
                if let Ok(mut kept) = sink.lock() {
                    kept.push(format!("dama: {m}"));
                }
            }))));
        }
        let calls = B::engine_calls(rules)
            .ok_or_else(|| format!("the {} rules are not played here", rules.info().name))?;
        let mut app = App {
            worker: Worker::start(
                calls,
                EnginePlayer::new(engines.engine(cfg.limits), book_level(&cfg.limits))
                    .with_book(engines.book_of(rules)),
            ),
            refusals,
            l: labels,
            cfg,
            t,
            rt,
            game,
            busy: None,
            selection: None,
            cursor: (2, 2),
            cursor_shown: false,
            flipped,
            show_movable: false,
            editor: None,
            dialog: None,
            picker: None,
            help: false,
            line: None,
            messages: Vec::new(),
            notice: false,
            last_search: None,
            book_move: false,
            names: None,
            hint: None,
            saved,
            kept,
            file_name,
            offer: RulesOffer::default(),
            size: (width, height),
            quit: false,
            analysis: None,
            analysing: None,
            review: None,
            clock,
            limits,
            peeking: false,
            peeks: 0,
            simul: None,
            simul_save: None,
        };
        if app.cfg.blindfold {
            app.say(app.l.blindfold_note);
        }
        if let (Some((record, count)), Some(path)) = (&loaded, &app.cfg.load) {
            let name = path.display().to_string();
            let label = records::game_label(&name, app.cfg.game.unwrap_or(1), *count);
            app.report_loaded(&label, record);
            if *count > 1 && app.cfg.game.is_none() {
                app.open_picker(&name);
            }
        }
        app.say_ballot();
        app.after_change();
        Ok(app)
    }

    /// Reacts to one event.
    pub fn handle(&mut self, event: Event<B>) {
        self.check_flag();
        match event {
            Event::Tick => {}
            Event::Resize { width, height } => self.size = (width, height),
            Event::Engine(reply) => self.on_reply(*reply),
            Event::Key(Key::Interrupt) => self.quit = true,
            _ if self.layout().is_none() => {}
            Event::Key(key) => self.on_key(key),
            Event::Click {
                button,
                column,
                row,
            } => self.on_click(button, column, row),
        }
        let refused: Vec<String> = self
            .refusals
            .lock()
            .map(|mut kept| kept.drain(..).collect())
            .unwrap_or_default();
        for message in refused {
            self.say(message);
        }
        self.after_change();
    }

    /// Waits up to `timeout` for the engine's next answer (handling its progress reports on
    /// the way) and handles it; returns whether one came. (The terminal loop polls instead;
    /// tests wait.)
    pub fn wait_engine(&mut self, timeout: Duration) -> bool {
        let until = std::time::Instant::now() + timeout;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            let Some(reply) = self.worker.wait_reply(left) else {
                return false;
            };
            let done = reply.done;
            self.handle(Event::Engine(Box::new(reply)));
            if done {
                return true;
            }
        }
    }

    /// The engine's answer, if one has come, as an event.
    pub fn poll_engine(&self) -> Option<Event<B>> {
        self.worker.try_reply().map(|r| Event::Engine(Box::new(r)))
    }

    /// Whether the engine is searching for its move, a hint or a draw answer.
    pub fn is_thinking(&self) -> bool {
        self.busy.is_some()
    }

    /// Both clocks as they stand now (`white 4:58, black 5:00`), when there are clocks.
    pub fn clocks_text(&self) -> Option<String> {
        let clock = self.clock.as_ref()?;
        Some(crate::console::both_clocks(
            self.t,
            clock,
            self.cfg.clock.now(),
        ))
    }

    /// On a move-count control, the moves the side to move must still make before its next
    /// control (`moves to the time control: 38`).
    pub fn to_control_text(&self) -> Option<String> {
        let clock = self.clock.as_ref()?;
        let (turn, plies) = (self.game.turn(), self.game.moves().len());
        crate::console::to_control_text(self.t, clock, turn, plies)
    }

    /// The engine's level now (the level its limits give).
    pub fn level(&self) -> u8 {
        level_of(&self.limits)
    }

    /// Ends the game when the flag of the side to move has fallen.
    fn check_flag(&mut self) {
        let now = self.cfg.clock.now();
        let turn = self.game.turn();
        let fell = match &mut self.clock {
            Some(clock) if !self.game.is_over() && clock.flagged(now) == Some(turn) => {
                clock.stop(now);
                true
            }
            _ => false,
        };
        if fell {
            self.cancel_engine();
            self.selection = None;
            self.game.lose_on_time(turn);
            self.announce_outcome();
        }
    }

    /// Whether the pieces are hidden: a blindfold game, not peeking.
    pub fn pieces_hidden(&self) -> bool {
        self.cfg.blindfold && !self.peeking
    }

    /// `p` in a blindfold game: shows the pieces until the next move (counted), or hides
    /// them again.
    pub(super) fn peek(&mut self) {
        if !self.cfg.blindfold {
            return;
        }
        self.peeking = !self.peeking;
        if self.peeking {
            self.peeks += 1;
            self.say(crate::i18n::fill(self.t.peeked, &[&self.peeks.to_string()]));
        }
    }

    /// The side that was to move finished its move: its clock stops and gets its increment,
    /// and the next period's time when the move completed one (said in the status line).
    pub(super) fn clock_moved(&mut self, side: Color) {
        self.peeking = false;
        let now = self.cfg.clock.now();
        let plies = self.game.moves().len();
        let added = self.clock.as_mut().and_then(|c| c.moved(side, now, plies));
        if let Some(added) = added {
            self.say(crate::console::period_text(self.t, side, added));
        }
    }

    /// Whether the game's own keys reach the game now: no dialog, list, review, help, move
    /// line or editor open.
    pub(super) fn at_rest(&self) -> bool {
        !self.help
            && self.dialog.is_none()
            && self.picker.is_none()
            && self.review.is_none()
            && self.line.is_none()
            && self.editor.is_none()
    }

    /// Whether the person asked to leave.
    pub fn wants_to_quit(&self) -> bool {
        self.quit
    }

    /// The game.
    pub fn game(&self) -> &DynGame<B> {
        &self.game
    }

    /// The rule set played.
    pub fn rules(&self) -> DynRules<B> {
        self.game.rules()
    }

    /// The path being entered.
    pub fn selection(&self) -> Option<&Selection<B>> {
        self.selection.as_ref()
    }

    /// The messages so far, the latest last.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// The open dialog.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// The list of a file's games, when it is open.
    pub fn picker(&self) -> Option<&Picker> {
        self.picker.as_ref()
    }

    /// The editor, when it is shown.
    pub fn editor(&self) -> Option<&Editor<B>> {
        self.editor.as_ref()
    }

    /// The layout of the current terminal size (`None`: too small).
    pub fn layout(&self) -> Option<Layout> {
        Layout::of::<B>(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// The cell in the middle of `square`'s top row as the board is now drawn (for clicks in
    /// tests and scripts), or `None` when the terminal is too small.
    pub fn cell_of(&self, square: SquareOn<B>) -> Option<(u16, u16)> {
        let r =
            self.layout()?
                .square_rect(B::file(self.rules(), square), square.rank(), self.flipped);
        Some((r.x + r.width / 2, r.y))
    }

    /// The cell of an editor button (for clicks in tests and scripts).
    pub fn button_cell(&self, button: EditorButton) -> Option<(u16, u16)> {
        let (_, r) = self
            .layout()?
            .editor_buttons()
            .into_iter()
            .find(|(b, _)| *b == button)?;
        Some((r.x + 1, r.y))
    }

    pub(super) fn is_engine(&self, color: Color) -> bool {
        self.players().is_engine(color)
    }

    /// Who plays each side.
    pub(super) fn players(&self) -> Players {
        Players {
            white: self.cfg.white,
            black: self.cfg.black,
        }
    }

    pub(super) fn say(&mut self, message: impl Into<String>) {
        self.notice = true;
        self.messages.push(message.into());
        if self.messages.len() > MESSAGES_KEPT {
            self.messages.remove(0);
        }
    }

    /// Hides the latest message (it stays in [`App::messages`]).
    pub(super) fn quiet(&mut self) {
        self.notice = false;
    }

    /// Drops whatever the engine is doing (its answer will be ignored).
    pub(super) fn cancel_engine(&mut self) {
        if let Some(busy) = self.busy.take() {
            self.worker.stop();
            if let Busy::RulesOffer(_) = busy {
                self.offer.interrupted();
            }
        }
    }

    /// Whether the game has changed since it was started, saved or loaded.
    pub(super) fn unsaved(&self) -> bool {
        self.game.snapshot() != self.saved
    }

    /// A new game (or position): the engine's work, the path and the last search are dropped.
    pub(super) fn replace_game(&mut self, game: DynGame<B>) {
        self.cancel_engine();
        self.game = game;
        self.selection = None;
        self.last_search = None;
        self.book_move = false;
        self.names = None;
        self.analysis = None;
        self.review = None;
        self.saved = self.game.snapshot();
        self.kept = 0;
        self.offer.reset();
        self.clock = new_clock(&self.cfg);
        self.announce_outcome();
    }

    /// Names the ballot a new game starts from, and its moves: `Ballot 5: 9-13 22-18 10-14`.
    pub(super) fn say_ballot(&mut self) {
        if let Some(ballot) = &self.cfg.ballot
            && self.kept > 0
        {
            let text = fill(
                self.t.ballot,
                &[&ballot.number.to_string(), &ballot.moves_text()],
            );
            self.say(text);
        }
    }

    /// After a move: says the result if the game ended.
    pub(super) fn announce_outcome(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            let text = self.outcome_text(outcome);
            self.say(text);
        }
    }

    /// How a game ended, as a sentence (the 10×10 board's own draws by their FMJD names).
    pub(super) fn outcome_text(&self, outcome: dama_core::game::Outcome) -> String {
        <B as crate::console::ConsoleBoard>::outcome(self.rules(), self.t, self.rt, outcome)
    }

    /// Makes the rules' draw offer when it is due, else starts the engine when it is to move
    /// (and no question is open). Against a person the engine may offer a draw first, until
    /// one offer has been declined.
    fn after_change(&mut self) {
        let turn = self.game.turn();
        let now = self.cfg.clock.now();
        if let Some(clock) = &mut self.clock {
            if self.game.is_over() {
                clock.stop(now);
            } else {
                clock.start(turn, now);
            }
        }
        if self.busy.is_some()
            || self.editor.is_some()
            || self.dialog.is_some()
            || self.picker.is_some()
            || self.quit
            || self.review.is_some()
            || self.game.is_over()
            || self.rules_offer()
        {
            return;
        }
        if self.is_engine(turn) {
            let task = if self.offer.engine_may_offer(self.players(), turn) {
                Task::OfferOrMove
            } else {
                Task::Move
            };
            let setting = Setting {
                limits: Limits {
                    time: self
                        .clock
                        .as_ref()
                        .map(|c| c.control(turn))
                        .or(self.limits.time),
                    ..self.limits
                },
                left: self.clock.as_ref().map(|c| c.left(turn, now)),
            };
            let id = self.worker.ask_with(&self.game, task, Some(setting));
            self.busy = Some(Busy::Move(id));
        }
    }

    /// Whether the side to move has one legal move only (which the engine does not search).
    fn only_move(&self) -> bool {
        let mut moves = MoveListOn::<B>::new();
        self.game.legal_moves(&mut moves);
        moves.len() == 1
    }

    fn on_reply(&mut self, reply: Reply<B>) {
        if !reply.done {
            // A finished depth of the search for the engine's move: shown as it goes.
            if self.busy == Some(Busy::Move(reply.id)) && !self.only_move() {
                self.last_search = reply.search;
                self.book_move = false;
            }
            if self.busy == Some(Busy::Analysis(reply.id)) {
                self.analysing = reply.progress;
            }
            return;
        }
        match (self.busy, reply.task) {
            (Some(Busy::Analysis(id)), _) if id == reply.id => {
                self.busy = None;
                self.analysing = None;
                self.analysis_done(reply.analysis);
            }
            (Some(Busy::Move(id)), Task::Move | Task::OfferOrMove) if id == reply.id => {
                self.busy = None;
                if reply.offers {
                    self.dialog = Some(Dialog::Confirm {
                        question: self.t.engine_offers.to_string(),
                        action: Confirmed::EngineDraw,
                    });
                    return;
                }
                // The only legal move is not searched: the panel keeps the last search.
                if !self.only_move() {
                    self.last_search = reply.search.or(self.last_search);
                }
                self.book_move = reply.book;
                let Some(mv) = reply.mv else { return };
                let turn = self.game.turn();
                if self.game.try_play(&mv).is_ok() {
                    self.clock_moved(turn);
                    self.selection = None;
                    self.announce_outcome();
                }
            }
            (Some(Busy::Answer(id)), Task::Hint) if id == reply.id => {
                self.busy = None;
                match reply.hint {
                    Some(hint) => {
                        self.hint = Some((*self.game.position(), hint.mv));
                        let text = B::hint_text(self.rules(), self.t, &hint);
                        self.say(text);
                    }
                    None => self.say(self.t.no_hint),
                }
            }
            (Some(Busy::RulesOffer(id)), _) if id == reply.id => {
                self.busy = None;
                self.rules_offer_answered(reply.accepts);
            }
            (Some(Busy::Answer(id)), Task::AcceptDraw(_)) if id == reply.id => {
                self.busy = None;
                if reply.accepts {
                    self.say(self.t.engine_accepts);
                    self.game.agree_draw();
                    self.announce_outcome();
                } else {
                    self.say(self.t.engine_declines);
                }
            }
            _ => {}
        }
    }

    fn on_key(&mut self, key: Key) {
        if self.help {
            self.help = false;
            return;
        }
        if self.dialog.is_some() {
            return self.dialog_key(key);
        }
        if self.picker.is_some() {
            return self.picker_key(key);
        }
        if self.review.is_some() {
            return self.review_key(key);
        }
        if self.line.is_some() {
            return self.line_key(key);
        }
        if self.editor.is_some() {
            return self.editor_key(key);
        }
        self.game_key(key);
    }

    fn on_click(&mut self, button: Button, column: u16, row: u16) {
        if self.help {
            self.help = false;
            return;
        }
        if self.dialog.is_some() {
            return;
        }
        if self.picker.is_some() {
            return self.picker_click(button, column, row);
        }
        let Some(layout) = self.layout() else { return };
        if self.editor.is_none()
            && button == Button::Left
            && let Some(plies) = self.move_at(&layout, column, row)
        {
            return self.review_at(plies);
        }
        if self.review.is_some() {
            return;
        }
        if self.editor.is_some()
            && let Some(b) = layout.editor_button_at(column, row)
        {
            return self.editor_button(b);
        }
        let Some((file, rank)) = layout.square_at(column, row, self.flipped) else {
            return;
        };
        self.cursor = (file, rank);
        self.cursor_shown = false;
        match button {
            Button::Left => self.left_click(file, rank),
            Button::Right => self.right_click(),
        }
    }
}
