//! The full line dialogue: moves in the rule set's notation, commands, draw rules and PDN
//! records, in any language of [`crate::i18n`] (`docs/console-czech.md`).
//!
//! The dialogue is compiled once per board ([`ConsoleBoard`]) and plays the rule set it is
//! given as a value (`Game<DynRules<B>>`): any rule set plays here. The engine works with the
//! rule set's static type through [`EngineCalls`]. Every text comes from the language's
//! [`Catalog`](crate::i18n::Catalog).

mod house_offer;
pub mod simul;

use std::path::Path;

use super::{ConsoleError, LineIo, Options, Read};
use crate::console::ConsoleBoard;
use crate::i18n::{Catalog, CommandWord, RulesTexts, Texts, capitalize, fill};
use crate::play::clock::GameClock;
use crate::play::records;
use crate::play::session::PlayerKind;
use crate::play::session::{self, Players, RulesOffer, Undo};
use crate::play::{DynGame, EngineCalls, EnginePlayer, Source};
use dama_core::game::{Game, Outcome, Snapshot};
use dama_core::pdn;
use dama_core::{BitboardOn, Color, DynRules, MoveListOn, MoveOn, Role};

/// How a game's dialogue ended.
enum Flow {
    /// The game is over; ask whether to play again.
    Over,
    /// Leave the program (`quit` or the end of input).
    Quit,
    /// In a simul: a person moved and the exhibitor is to move again: on to the next board.
    Next,
    /// In a simul: `save FILE` saves every board (the simul's driver does it).
    Save(String),
    /// In a simul: `boards` lists every board (the simul's driver does it).
    Boards,
}

/// What the players chose once a game was over.
enum After {
    /// A new game.
    Again,
    /// A move was taken back: the game goes on.
    Resume,
    /// Leave the program.
    Quit,
}

struct Session<'o, B: ConsoleBoard> {
    opts: &'o Options,
    t: &'static Texts,
    rt: &'static RulesTexts,
    rules: DynRules<B>,
    game: DynGame<B>,
    /// The engine, its opening book (`--no-book`: none) and its draw decisions.
    player: EnginePlayer,
    /// The engine's work with the rule set's static type.
    calls: &'static dyn EngineCalls<B>,
    flipped: bool,
    /// Who plays each side.
    players: Players,
    /// The rules' draw offer, and whether a person declined one.
    offer: RulesOffer,
    /// The game as it was when it was started, loaded or saved.
    saved: Snapshot<B>,
    /// The first moves of the game that `undo` keeps: those of the ballot it started from.
    kept: usize,
    /// The players' clocks, when the game is played on a clock.
    clock: Option<GameClock>,
    /// The peeks at the board in this blindfold game.
    peeks: usize,
    /// In a simul, the board's name (`Board 2`), before the prompt and every line said of
    /// the board's game.
    label: Option<String>,
    /// In a simul, the exhibitor's side: once a person moved, play passes to the next board
    /// when this side is to move again.
    simul: Option<Color>,
    /// In a simul, whether a person moved since play came to this board.
    passed: bool,
}

/// Plays the full dialogue of `rules` (the engine through `calls`) until the players stop or
/// the input ends.
pub fn run<B: ConsoleBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    opts: &Options,
    io: &mut LineIo<'_>,
) -> Result<(), ConsoleError> {
    let Catalog {
        texts: t,
        rules: rt,
        ..
    } = Catalog::of(opts.lang);
    let loaded = match &opts.load {
        // `--load` is part of the command line, whose refusals are in English whatever the
        // dialogue's language, as the argument parser's and every other option's are
        // (newcomer finding 19).
        Some(path) => Some(
            load_game_number(
                rules,
                Catalog::of(crate::i18n::Lang::En).texts,
                path,
                opts.game,
            )
            .map_err(ConsoleError::Load)?,
        ),
        None => None,
    };
    let mut session = Session::new(rules, calls, opts);
    if opts.from_tui {
        io.line(t.tui_accessible)?;
    }
    io.line(B::title(rules, t, rt))?;
    io.line(B::intro(rules, t, rt))?;
    if opts.blindfold {
        io.line(t.blindfold_intro)?;
        if opts.no_record {
            io.line(t.no_record)?;
        }
    }
    if let (Some((record, count)), Some(path)) = (loaded, &opts.load) {
        session.game = record.game.clone();
        let name = records::game_label(&path.display().to_string(), opts.game.unwrap_or(1), count);
        session.report_loaded(io, &name, &record)?;
    }
    session.say_ballot(io)?;
    loop {
        session.show_board(io)?;
        loop {
            if let Flow::Quit = session.play_game(io)? {
                return Ok(());
            }
            match session.after_game(io)? {
                After::Quit => return Ok(()),
                After::Resume => {}
                After::Again => break,
            }
        }
        session.game = B::new_game(rules, opts);
        session.kept = B::ballot_plies(opts);
        session.offer.reset();
        session.saved = session.game.snapshot();
        session.clock = super::new_clock(opts);
        session.peeks = 0;
        session.say_ballot(io)?;
    }
}

/// Reads game `number` (`None`: the first) of the PDN file at `path`, with how many games
/// the file holds, or says in `t`'s language why it cannot.
fn load_game_number<B: ConsoleBoard>(
    rules: DynRules<B>,
    t: &Texts,
    path: &Path,
    number: Option<usize>,
) -> Result<(pdn::Record<DynRules<B>>, usize), String> {
    records::load_game_from(rules, path, number).map_err(|e| load_failed(rules, t, path, &e))
}

/// Why the game file at `path` could not be loaded ([`records::load_game_from`]), said in
/// `t`'s language.
pub(crate) fn load_failed<B: ConsoleBoard>(
    rules: DynRules<B>,
    t: &Texts,
    path: &Path,
    e: &records::LoadError<B>,
) -> String {
    fill(
        t.load_failed,
        &[&path.display().to_string(), &B::load_error(rules, t, e)],
    )
}

/// The argument of `load`: the file, and the game's number when the last word is one
/// (`load games.pdn 2`).
pub(crate) fn file_and_number(arg: &str) -> (&str, Option<usize>) {
    match arg.rsplit_once(char::is_whitespace) {
        Some((file, number))
            if !file.trim().is_empty() && number.bytes().all(|b| b.is_ascii_digit()) =>
        {
            // A number too large for a usize is still a number: no such game.
            (file.trim_end(), Some(number.parse().unwrap_or(usize::MAX)))
        }
        _ => (arg, None),
    }
}

/// The column (in characters) where the description of a line of the help's table starts:
/// after the first run of two or more spaces that follows the words (`  help          this
/// list`: 16).
fn help_column(line: &str) -> usize {
    let body = line.trim_start();
    let text = match body.split_once("  ") {
        Some((_, text)) => text.trim_start(),
        None => return 0,
    };
    line[..line.len() - text.len()].chars().count()
}

/// A line of the help's table in one line's words: `  save FILE     save the game (PDN)`
/// becomes `save FILE: save the game (PDN)`. The words end at the first run of two spaces;
/// a line whose words fill their column (`  uložit, save SOUBOR uložit partii (PDN)`) is
/// cut at `column`, where the table's descriptions start ([`help_column`]).
fn help_item(line: &str, column: usize) -> String {
    let body = line.trim_start();
    let (words, text) = match body.split_once("  ") {
        Some(split) => split,
        None => {
            let at = line
                .char_indices()
                .nth(column)
                .map_or(line.len(), |(at, _)| at);
            (line[..at].trim_start(), &line[at..])
        }
    };
    format!("{}: {}", words.trim(), text.trim())
}

/// Whether a line of the help is a command a simul refuses (`undo`, `redo`, `setup`, `load`):
/// its first word names it.
fn refused_in_simul(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    matches!(
        CommandWord::from_word(first.trim_end_matches(',')),
        Some(CommandWord::Undo | CommandWord::Redo | CommandWord::Setup | CommandWord::Load)
    )
}

impl<'o, B: ConsoleBoard> Session<'o, B> {
    /// A new game of `rules` with the options `opts`, the engine working through `calls`.
    fn new(rules: DynRules<B>, calls: &'static dyn EngineCalls<B>, opts: &'o Options) -> Self {
        let Catalog {
            texts: t,
            rules: rt,
            ..
        } = Catalog::of(opts.lang);
        Session {
            opts,
            t,
            rt,
            rules,
            game: B::new_game(rules, opts),
            player: EnginePlayer::new(
                opts.engines.engine(opts.limits),
                crate::play::book_level(&opts.limits),
            )
            .with_book(opts.engines.book_of(rules)),
            calls,
            // A person playing Black against the computer sees the board from Black's side.
            flipped: opts.white == PlayerKind::Engine && opts.black == PlayerKind::Human,
            players: Players {
                white: opts.white,
                black: opts.black,
            },
            offer: RulesOffer::default(),
            saved: B::new_game(rules, opts).snapshot(),
            kept: B::ballot_plies(opts),
            clock: super::new_clock(opts),
            peeks: 0,
            label: None,
            simul: None,
            passed: false,
        }
    }

    /// A line said of this board's game: in a simul, after the board's name (`Board 2: …`).
    fn labelled(&self, text: &str) -> String {
        match &self.label {
            Some(label) => format!("{label}: {text}"),
            None => text.to_string(),
        }
    }

    fn is_engine(&self, color: Color) -> bool {
        self.players.is_engine(color)
    }

    /// A move as the dialogue writes it.
    fn write(&self, mv: &MoveOn<B>) -> String {
        B::write_move(self.rules, mv)
    }

    /// The number of the move being played, as in `12. White to move:`.
    fn move_number(&self) -> usize {
        crate::play::move_number(&self.game)
    }

    /// The prompt: the move number (`12.` for white, `12...` for black) and who is to move.
    fn prompt_text(&self) -> String {
        let number = self.move_number();
        let dots = if self.game.turn() == self.rules.start().turn() {
            "."
        } else {
            "..."
        };
        let clocks = match self.clocks_text() {
            Some(text) => format!("({text}) "),
            None => String::new(),
        };
        let prompt = match self.game.turn() {
            Color::White => self.t.prompt_white,
            Color::Black => self.t.prompt_black,
        };
        self.labelled(&format!("{number}{dots} {clocks}{prompt}"))
    }

    /// `Black (computer) is thinking…`, with both clocks when there are clocks.
    fn thinking_line(&self, thinking: &str) -> String {
        match self.clocks_text() {
            Some(clocks) => format!("{thinking} ({clocks})"),
            None => thinking.to_string(),
        }
    }

    /// The moves played, numbered as in a PDN record (`1. c3-d4 f6-g5 2. b2-c3`), in lines
    /// of at most 79 characters broken before a move number: `game` (newcomer finding 17).
    fn game_lines(&self) -> Vec<String> {
        let first = self.rules.start().turn();
        let starts_first = self.game.start().turn() == first;
        let mut number = 1;
        let mut pieces: Vec<String> = Vec::new();
        for (i, mv) in self.game.moves().enumerate() {
            let by_first = (i % 2 == 0) == starts_first;
            if by_first {
                pieces.push(format!("{number}. {}", self.write(mv)));
            } else {
                match pieces.last_mut() {
                    Some(last) if i > 0 => last.push_str(&format!(" {}", self.write(mv))),
                    _ => pieces.push(format!("{number}... {}", self.write(mv))),
                }
                number += 1;
            }
        }
        let text = fill(self.t.game_moves, &[""]);
        let mut lines = vec![text.trim_end().to_string()];
        for piece in pieces {
            let last = lines.last_mut().expect("a line");
            if last.chars().count() + 1 + piece.chars().count() > 79 {
                lines.push(piece);
            } else {
                last.push(' ');
                last.push_str(&piece);
            }
        }
        lines
    }

    /// `game`: the moves played (none in a blindfold game without a score sheet); with
    /// `--accessible` in one line, unbroken.
    fn list_game(&self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        if self.opts.blindfold && self.opts.no_record {
            return io.line(self.t.no_record);
        }
        if self.game.moves().len() == 0 {
            return io.line(self.t.no_game_moves);
        }
        if self.opts.accessible {
            return io.line(&self.game_lines().join(" "));
        }
        for line in self.game_lines() {
            io.line(&line)?;
        }
        Ok(())
    }

    /// Both clocks as they stand now (`white 4:58, black 5:00`), when there are clocks.
    fn clocks_text(&self) -> Option<String> {
        let clock = self.clock.as_ref()?;
        let (turn, plies) = (self.game.turn(), self.game.moves().len());
        Some(super::clocks_text(
            self.t,
            clock,
            self.opts.clock.now(),
            turn,
            plies,
        ))
    }

    /// Ends the game if the flag of the side to move has fallen; returns whether it did.
    fn flag_fell(&mut self) -> bool {
        let now = self.opts.clock.now();
        let turn = self.game.turn();
        match &mut self.clock {
            Some(clock) if clock.flagged(now) == Some(turn) => {
                clock.stop(now);
                self.game.lose_on_time(turn);
                true
            }
            _ => false,
        }
    }

    /// The side that was to move finished its move: its clock stops and gets its increment,
    /// and the next period's time when the move completed one (announced to `io`).
    fn clock_moved(&mut self, side: Color, io: &mut LineIo<'_>) -> std::io::Result<()> {
        let now = self.opts.clock.now();
        let plies = self.game.moves().len();
        let added = self.clock.as_mut().and_then(|c| c.moved(side, now, plies));
        match added {
            Some(added) => io.line(&super::period_text(self.t, side, added)),
            None => Ok(()),
        }
    }

    /// Names the ballot a new game starts from, and its moves: `Ballot 5: 9-13 22-18 10-14`.
    fn say_ballot(&self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        match &self.opts.ballot {
            Some(ballot) if self.kept > 0 => io.line(&fill(
                self.t.ballot,
                &[&ballot.number.to_string(), &ballot.moves_text()],
            )),
            _ => Ok(()),
        }
    }

    /// Says what a loaded game is (event, length, state, last move) and shows it.
    fn report_loaded(
        &mut self,
        io: &mut LineIo<'_>,
        file: &str,
        record: &pdn::Record<DynRules<B>>,
    ) -> std::io::Result<()> {
        let report = self.t.loaded_report(self.rt, file, record);
        let last = self
            .game
            .moves()
            .last()
            .map(|mv| fill(self.t.last_move, &[&self.write(mv)]));
        match last {
            // `--accessible`: each answer in one line.
            Some(last) if self.opts.accessible => io.line(&format!("{report} {last}"))?,
            Some(last) => {
                io.line(&report)?;
                io.line(&last)?;
            }
            None => io.line(&report)?,
        }
        self.clock = super::loaded_clock(self.opts, record);
        self.offer.reset();
        self.saved = self.game.snapshot();
        self.kept = 0;
        Ok(())
    }

    /// Whether the game changed since it was started, loaded or saved.
    fn unsaved(&self) -> bool {
        self.game.snapshot() != self.saved
    }

    fn show_board(&self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        if self.opts.blindfold || self.opts.accessible {
            return Ok(());
        }
        self.draw_board(io)
    }

    /// `peek`: the board once, and the peeks of this game so far (in a game that is not
    /// blindfold, the board as always); with `--accessible`, the rows in words instead of a
    /// board, in one line.
    fn peek(&mut self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        if self.opts.accessible {
            // No board drawn for a screen reader: the rows in words, in one line, and the
            // peeks of a blindfold game after them.
            let rows = self.said_rows();
            if !self.opts.blindfold {
                return io.line(&rows);
            }
            self.peeks += 1;
            let peeked = fill(self.t.peeked, &[&self.peeks.to_string()]);
            return io.line(&format!("{rows} {peeked}"));
        }
        if !self.opts.blindfold {
            return self.draw_board(io);
        }
        self.peeks += 1;
        self.draw_board(io)?;
        io.line(&fill(self.t.peeked, &[&self.peeks.to_string()]))
    }

    /// `--accessible`: `side`'s move `mv` in words, made from `before`: `White c3 takes on d4
    /// and f6, lands on g7. White man crowned.`, the pieces taken named in the order the move
    /// takes them.
    fn said_move(&self, side: Color, mv: &MoveOn<B>, before: &dama_core::PositionOn<B>) -> String {
        let t = self.t;
        let name = |sq| self.rules.info().notation.square_name(sq);
        let who = capitalize(t.side(side));
        let mut text = if mv.is_capture() {
            // In the order the move takes them, along its path (not in square order).
            let taken: Vec<String> = mv.captured_in_order().into_iter().map(name).collect();
            fill(
                t.said_capture,
                &[
                    &who,
                    &name(mv.from()),
                    &self.said_list(&taken),
                    &name(mv.to()),
                ],
            )
        } else {
            fill(t.said_move, &[&who, &name(mv.from()), &name(mv.to())])
        };
        if before.men(side).contains(mv.from())
            && self.game.position().kings(side).contains(mv.to())
        {
            text.push(' ');
            text.push_str(&capitalize(&fill(t.said_crowned, &[t.side(side)])));
        }
        text
    }

    /// Squares as a list in words: `d4, f6 and h4`, or `none`.
    fn said_list(&self, squares: &[String]) -> String {
        match squares {
            [] => self.t.said_none.to_string(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{}{}{last}", rest.join(", "), self.t.said_and),
        }
    }

    /// `position`: both sides' men and kings, by square, in one line.
    fn said_position(&self) -> String {
        let pos = self.game.position();
        let name = |sq| self.rules.info().notation.square_name(sq);
        [Color::White, Color::Black]
            .into_iter()
            .map(|side| {
                let men: Vec<String> = pos.men(side).into_iter().map(name).collect();
                let kings: Vec<String> = pos.kings(side).into_iter().map(name).collect();
                fill(
                    self.t.said_side,
                    &[
                        &capitalize(self.t.side(side)),
                        &self.said_list(&men),
                        &self.said_list(&kings),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The board's ranks (0 = rank 1) from the top down as the person sees it: rank 8 (10)
    /// first, or rank 1 when the board is turned round (`flip`, or playing Black against the
    /// computer).
    fn ranks_from_top(&self) -> Vec<u8> {
        match self.flipped {
            true => (0..B::SIZE).collect(),
            false => (0..B::SIZE).rev().collect(),
        }
    }

    /// The number a row is called by: its rank (`8` for rank 8), or, in the Spanish spec's
    /// row-column notation (`61.52`), its row, 1 at Black's side, as its squares' names say.
    fn row_number(&self, rank: u8) -> u8 {
        match self.rules.info().notation {
            dama_core::notation::Notation::Numeric if !B::NUMBERED => B::SIZE - rank,
            _ => rank + 1,
        }
    }

    /// `rows`: the board read row by row from the top as the person sees it, each row's
    /// pieces from the left, in one line: `Row 8: b8 black man, d8 black man; … row 4: empty;
    /// …; row 1: a1 white man, c1 white man.`
    fn said_rows(&self) -> String {
        let t = self.t;
        let pos = self.game.position();
        let board = self.rules.orientation();
        let name = |sq| self.rules.info().notation.square_name(sq);
        let files: Vec<u8> = match self.flipped {
            true => (0..B::SIZE).rev().collect(),
            false => (0..B::SIZE).collect(),
        };
        let rows: Vec<String> = self
            .ranks_from_top()
            .into_iter()
            .map(|rank| {
                let pieces: Vec<String> = files
                    .iter()
                    .filter_map(|&file| board.square::<B>(file, rank))
                    .filter_map(|sq| {
                        let piece = pos.piece_at(sq)?;
                        let index = match (piece.color, piece.role) {
                            (Color::White, Role::Man) => 0,
                            (Color::White, Role::King) => 1,
                            (Color::Black, Role::Man) => 2,
                            (Color::Black, Role::King) => 3,
                        };
                        Some(format!("{} {}", name(sq), t.said_pieces[index]))
                    })
                    .collect();
                let pieces = match pieces.is_empty() {
                    true => t.said_empty.to_string(),
                    false => pieces.join(", "),
                };
                fill(t.said_row, &[&self.row_number(rank).to_string(), &pieces])
            })
            .collect();
        format!("{}.", capitalize(&rows.join("; ")))
    }

    /// `flip` with `--accessible`: the order `rows` now reads the rows in.
    fn said_flipped(&self) -> String {
        let ranks = self.ranks_from_top();
        let (first, last) = (ranks[0], ranks[ranks.len() - 1]);
        fill(
            self.t.said_flipped,
            &[
                &self.row_number(first).to_string(),
                &self.row_number(last).to_string(),
            ],
        )
    }

    /// `help` with `--accessible`, in one line: the rules, the moves, then each command with
    /// what it does (`Commands: help: this list; moves: the legal moves; …`), `peek` in a
    /// blindfold game, `position` and `rows`.
    fn help_line(&self) -> String {
        let t = self.t;
        let table = t.help.get(2..).unwrap_or_default();
        let column = table.first().map_or(0, |line| help_column(line));
        let mut items: Vec<String> = table
            .iter()
            .filter(|line| self.simul.is_none() || !refused_in_simul(line))
            .map(|line| help_item(line, column))
            .collect();
        if self.opts.blindfold {
            items.push(help_item(t.peek_help, column));
        }
        items.push(help_item(t.position_help, column));
        items.push(help_item(t.rows_help, column));
        if self.simul.is_some() {
            items.push(help_item(t.boards_help, column));
        }
        format!(
            "{} {} {} {}.",
            fill(t.help_rules, &[B::title(self.rules, t, self.rt)]),
            B::help_moves(self.rules, t, self.rt),
            t.help.get(1).map_or("", |header| header.trim()),
            items.join("; ")
        )
    }

    /// The board as it stands, the last move marked, with its legend.
    fn draw_board(&self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        let marked = self
            .game
            .moves()
            .last()
            .map_or(BitboardOn::EMPTY, super::move_squares);
        let narrow = (self.opts.columns)().and_then(|columns| {
            B::draw_narrow(
                self.rules,
                self.game.position(),
                self.flipped,
                self.opts.color,
                marked,
                columns,
            )
        });
        let board = match &narrow {
            Some(board) => board.clone(),
            None => B::draw(
                self.rules,
                self.game.position(),
                self.flipped,
                self.opts.color,
                marked,
            ),
        };
        io.write(&board)?;
        io.line(self.t.legend)?;
        if narrow.is_some() {
            io.line(self.rt.board10_no_key)?;
        }
        Ok(())
    }

    /// Asks a yes/no question until it gets an answer; `None` at the end of input.
    fn ask_yes_no(&self, io: &mut LineIo<'_>, question: &str) -> std::io::Result<Option<bool>> {
        loop {
            let Read::Line(line) = io.prompt(question)? else {
                return Ok(None);
            };
            let answer = line.trim().to_lowercase();
            if self.t.yes.contains(&answer.as_str()) {
                return Ok(Some(true));
            }
            if self.t.no.contains(&answer.as_str()) {
                return Ok(Some(false));
            }
            io.line(self.t.yes_or_no)?;
        }
    }

    /// Asks whether to play again. Before answering, the finished game can still be saved
    /// (`save FILE`) or a move taken back (`undo`), and `quit` leaves.
    fn after_game(&mut self, io: &mut LineIo<'_>) -> Result<After, ConsoleError> {
        loop {
            let Read::Line(line) = io.prompt(self.t.play_again)? else {
                return Ok(After::Quit);
            };
            let line = line.trim();
            let answer = line.to_lowercase();
            if self.t.yes.contains(&answer.as_str()) {
                return Ok(After::Again);
            }
            if self.t.no.contains(&answer.as_str()) {
                return Ok(After::Quit);
            }
            let (word, rest) = match line.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (line, ""),
            };
            match CommandWord::from_word(word) {
                Some(CommandWord::Save) if !rest.is_empty() => self.save(io, rest)?,
                Some(CommandWord::Undo) if rest.is_empty() && self.lost_on_time() => {
                    // The clock has run out: taking the result back would only see the flag
                    // fall again at the next line (newcomer finding 11).
                    io.line(self.t.time_loss_stays)?
                }
                Some(CommandWord::Undo) if rest.is_empty() => {
                    self.undo(io)?;
                    return Ok(After::Resume);
                }
                Some(CommandWord::Quit) if rest.is_empty() => return Ok(After::Quit),
                // `--accessible`: no board was seen, so the final position and the moves can
                // still be read out.
                Some(CommandWord::Position) if rest.is_empty() && self.opts.accessible => {
                    io.line(&self.said_position())?
                }
                Some(CommandWord::Rows) if rest.is_empty() && self.opts.accessible => {
                    io.line(&self.said_rows())?
                }
                Some(CommandWord::Game) if rest.is_empty() && self.opts.accessible => {
                    self.list_game(io)?
                }
                _ => io.line(self.t.after_game)?,
            }
        }
    }

    /// Plays until the game is over or the players leave.
    fn play_game(&mut self, io: &mut LineIo<'_>) -> Result<Flow, ConsoleError> {
        loop {
            if let Some(outcome) = self.game.outcome() {
                let now = self.opts.clock.now();
                if let Some(clock) = &mut self.clock {
                    clock.stop(now);
                }
                io.line(&self.labelled(&self.outcome_text(outcome)))?;
                return Ok(Flow::Over);
            }
            if let Some(exhibitor) = self.simul
                && self.passed
                && self.game.turn() == exhibitor
            {
                self.passed = false;
                return Ok(Flow::Next);
            }
            if crate::play::session::engine_cap_reached(&self.game, self.players) {
                let cap = crate::play::session::ENGINE_MOVE_CAP.to_string();
                io.line(&fill(self.t.engine_move_cap, &[&cap]))?;
                self.game.agree_draw();
                continue;
            }
            let (now, turn) = (self.opts.clock.now(), self.game.turn());
            if let Some(clock) = &mut self.clock {
                clock.start(turn, now);
            }
            if let Some(flow) = self.rules_offer(io)? {
                return Ok(flow);
            }
            if self.game.is_over() {
                continue;
            }
            let flow = if self.is_engine(self.game.turn()) {
                self.engine_turn(io)?
            } else {
                self.human_turn(io)?
            };
            if let Some(flow) = flow {
                return Ok(flow);
            }
        }
    }

    fn outcome_text(&self, outcome: Outcome) -> String {
        B::outcome(self.rules, self.t, self.rt, outcome)
    }

    /// The engine's move, said as its own line with what the search saw. Before it, a draw
    /// offer to a person opponent.
    fn engine_turn(&mut self, io: &mut LineIo<'_>) -> Result<Option<Flow>, ConsoleError> {
        if self.offer.engine_may_offer(self.players, self.game.turn())
            && self.calls.offers_draw(&mut self.player, &self.game)
        {
            match self.ask_yes_no(io, self.t.engine_offers)? {
                None => return Ok(Some(Flow::Quit)),
                Some(true) => {
                    self.game.agree_draw();
                    return Ok(None);
                }
                Some(false) => {
                    self.offer.decline();
                    io.line(self.t.draw_declined)?;
                }
            }
        }
        let started = std::time::Instant::now();
        let mut moves = MoveListOn::<B>::new();
        self.game.legal_moves(&mut moves);
        // The only legal move is not searched (a depth-1 look): no depth or score is said.
        let only_move = moves.len() == 1;
        let turn = self.game.turn();
        if let Some(clock) = &self.clock {
            // The engine shares out its own clock's time.
            let engine = self.player.engine_mut();
            let limits = engine.limits();
            engine.set_limits(dama_engine::Limits {
                time: Some(clock.control(turn)),
                ..limits
            });
            engine.set_clock(turn, clock.left(turn, self.opts.clock.now()));
        }
        let thinking = capitalize(&fill(self.t.engine_thinking, &[self.t.side(turn)]));
        let live = self.opts.live;
        if live {
            // A person watching sees that the engine thinks (newcomer finding 2); with clocks,
            // the line is written again after each depth, the clocks running.
            io.write(&self.thinking_line(&thinking))?;
            io.flush()?;
        }
        let (calls, player, game, t, clock, source) = (
            self.calls,
            &mut self.player,
            &self.game,
            self.t,
            &self.clock,
            &self.opts.clock,
        );
        let reply = calls.reply(player, game, &mut |_| {
            if let (true, Some(clock)) = (live, clock) {
                let (turn, plies) = (game.turn(), game.moves().len());
                let clocks = super::clocks_text(t, clock, source.now(), turn, plies);
                let _ = io.write(&format!("\r{thinking} ({clocks})\x1b[K"));
                let _ = io.flush();
            }
        });
        if live {
            // The thinking line gives way to the engine's move.
            io.write("\r\x1b[K")?;
        }
        let Some(reply) = reply else {
            // No move although the game goes on: only a broken engine gets here.
            return Ok(Some(Flow::Quit));
        };
        if self.flag_fell() {
            return Ok(None);
        }
        let side = capitalize(self.t.side(turn));
        let mv = reply.mv;
        let before = *self.game.position();
        if self.game.try_play(&mv).is_err() {
            return Ok(Some(Flow::Quit));
        }
        self.clock_moved(turn, io)?;
        let seconds = self
            .t
            .number(&format!("{:.1}", started.elapsed().as_secs_f64()));
        let saw = match reply.source {
            _ if only_move => fill(self.rt.only_move, &[&seconds]),
            Source::Search(Some(info)) => fill(
                self.t.engine_saw,
                &[
                    &seconds,
                    &info.depth.to_string(),
                    &self.rt.info_score_on(self.t, &info),
                ],
            ),
            Source::Book => self.t.engine_book.to_string(),
            Source::Search(None) => format!("{seconds} s"),
        };
        let plays = fill(self.t.engine_plays, &[&side, &self.write(&mv), &saw]);
        io.line(&self.labelled(&plays))?;
        if self.opts.accessible {
            io.line(&self.labelled(&self.said_move(turn, &mv, &before)))?;
        }
        self.show_board(io)?;
        Ok(None)
    }

    /// Reads and handles one line of the person to move.
    fn human_turn(&mut self, io: &mut LineIo<'_>) -> Result<Option<Flow>, ConsoleError> {
        io.write(&self.prompt_text())?;
        let read = loop {
            // At a terminal with clocks, the wait ends when the flag falls: the loss is said
            // at once, not when the next line comes (newcomer finding 4).
            let wait = match &self.clock {
                Some(clock) if io.can_wait() => {
                    Some(clock.left(self.game.turn(), self.opts.clock.now()))
                }
                _ => None,
            };
            if let Some(read) = io.read_within(wait)? {
                break read;
            }
            if self.flag_fell() {
                // The prompt line is still open.
                io.line("")?;
                return Ok(None);
            }
        };
        let Read::Line(line) = read else {
            // Ctrl-D at a terminal asks as `quit` does; the end of a script just ends.
            if self.opts.interactive
                && self.unsaved()
                && let Some(false) = self.ask_yes_no(io, self.t.quit_unsaved)?
            {
                return Ok(None);
            }
            return Ok(Some(Flow::Quit));
        };
        self.opts.clock.line_read();
        if self.flag_fell() {
            return Ok(None);
        }
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match CommandWord::from_word(word) {
            Some(command) => {
                if !command.takes_argument() && !rest.is_empty() {
                    io.line(&fill(self.t.no_argument, &[&pdn::excerpt(word)]))?;
                    return Ok(None);
                }
                self.command(io, command, rest)
            }
            None => {
                self.typed_move(io, line)?;
                Ok(None)
            }
        }
    }

    fn typed_move(&mut self, io: &mut LineIo<'_>, line: &str) -> std::io::Result<()> {
        let mut moves = MoveListOn::<B>::new();
        self.game.legal_moves(&mut moves);
        match B::read_move(self.rules, self.t, line, self.game.position(), &moves) {
            Ok(mv) => {
                let turn = self.game.turn();
                let before = *self.game.position();
                if self.game.try_play(&mv).is_ok() {
                    self.passed = true;
                    if self.opts.accessible {
                        io.line(&self.labelled(&self.said_move(turn, &mv, &before)))?;
                    }
                    self.clock_moved(turn, io)?;
                    self.show_board(io)?;
                    // The move is seen at once, before any reply is searched (finding 2).
                    io.flush()?;
                }
                Ok(())
            }
            Err(message) => io.line(&message),
        }
    }

    fn command(
        &mut self,
        io: &mut LineIo<'_>,
        command: CommandWord,
        arg: &str,
    ) -> Result<Option<Flow>, ConsoleError> {
        let t = self.t;
        if self.simul.is_some() {
            match command {
                CommandWord::Undo | CommandWord::Redo | CommandWord::Setup | CommandWord::Load => {
                    io.line(t.not_in_simul)?;
                    return Ok(None);
                }
                CommandWord::Save if !arg.is_empty() => {
                    return Ok(Some(Flow::Save(arg.to_string())));
                }
                CommandWord::Boards => return Ok(Some(Flow::Boards)),
                CommandWord::Quit => return Ok(Some(Flow::Quit)),
                _ => {}
            }
        }
        match command {
            CommandWord::Boards => io.line(t.boards_no_simul)?,
            CommandWord::Help if self.opts.accessible => io.line(&self.help_line())?,
            CommandWord::Help => {
                let title = B::title(self.rules, t, self.rt);
                io.line(&fill(t.help_rules, &[title]))?;
                // The first line shows the moves in the rule set's own notation.
                io.line(B::help_moves(self.rules, t, self.rt))?;
                for line in t.help.iter().skip(1) {
                    if self.simul.is_none() || !refused_in_simul(line) {
                        io.line(line)?;
                    }
                }
                if self.opts.blindfold {
                    io.line(t.peek_help)?;
                }
                if self.simul.is_some() {
                    io.line(t.boards_help)?;
                }
            }
            CommandWord::Peek => self.peek(io)?,
            CommandWord::Position => io.line(&self.said_position())?,
            CommandWord::Rows => io.line(&self.said_rows())?,
            CommandWord::Moves => {
                let mut moves = MoveListOn::<B>::new();
                self.game.legal_moves(&mut moves);
                io.line(&fill(t.moves, &[&B::write_list(self.rules, &moves)]))?;
            }
            CommandWord::Game => self.list_game(io)?,
            CommandWord::Undo => self.undo(io)?,
            CommandWord::Redo => self.redo(io)?,
            CommandWord::Fen => io.line(&self.rules.write_fen(self.game.position()))?,
            CommandWord::Setup if arg.is_empty() => io.line(t.setup_usage)?,
            CommandWord::Setup => match self.rules.parse_fen(arg) {
                Ok(pos) => {
                    self.game = Game::with_rules(self.rules, pos);
                    self.kept = 0;
                    self.offer.reset();
                    // A position set up has nothing to lose yet: `quit` does not ask.
                    self.saved = self.game.snapshot();
                    self.clock = super::new_clock(self.opts);
                    self.show_board(io)?;
                    if self.opts.accessible {
                        // No board drawn: the position set up, in words.
                        io.line(&self.said_position())?;
                    }
                }
                Err(e) => io.line(&fill(t.setup_bad, &[&t.fen_error(&e)]))?,
            },
            CommandWord::Save if arg.is_empty() => io.line(t.save_usage)?,
            CommandWord::Save => self.save(io, arg)?,
            CommandWord::Load if arg.is_empty() => io.line(t.load_usage)?,
            CommandWord::Load => {
                let (file, number) = file_and_number(arg);
                let path = crate::files::expand_home(file);
                match load_game_number(self.rules, t, &path, number) {
                    Ok((record, count)) => {
                        self.game = record.game.clone();
                        let name = records::game_label(file, number.unwrap_or(1), count);
                        self.report_loaded(io, &name, &record)?;
                        self.show_board(io)?;
                    }
                    Err(message) => io.line(&format!("{message} {}", t.kept))?,
                }
            }
            CommandWord::Resign => {
                if self.opts.interactive {
                    match self.ask_yes_no(io, t.resign_confirm)? {
                        None => return Ok(Some(Flow::Quit)),
                        Some(false) => return Ok(None),
                        Some(true) => {}
                    }
                }
                let turn = self.game.turn();
                self.game.resign(turn);
            }
            CommandWord::Draw => return self.offer_draw(io),
            CommandWord::Flip => {
                self.flipped = !self.flipped;
                if self.opts.accessible {
                    io.line(&self.said_flipped())?;
                }
                self.show_board(io)?;
            }
            CommandWord::Quit => {
                if self.opts.interactive && self.unsaved() {
                    match self.ask_yes_no(io, t.quit_unsaved)? {
                        None | Some(true) => return Ok(Some(Flow::Quit)),
                        Some(false) => return Ok(None),
                    }
                }
                return Ok(Some(Flow::Quit));
            }
            CommandWord::Hint => match self.calls.hint(self.player.engine_mut(), &self.game) {
                Some(hint) => io.line(&t.hint_text_with(&hint, &|mv| self.write(mv)))?,
                None => io.line(t.no_hint)?,
            },
            CommandWord::Time => match self.clocks_text() {
                Some(text) => io.line(&fill(t.clocks_line, &[&text]))?,
                None => io.line(t.no_clock)?,
            },
            CommandWord::Level => match arg.parse::<u8>() {
                Ok(level @ 1..=10) => {
                    let engine = self.player.engine_mut();
                    let limits = engine.limits();
                    engine.set_limits(dama_engine::Limits {
                        level: Some(level),
                        depth: None,
                        movetime: None,
                        nodes: None,
                        ..limits
                    });
                    io.line(&fill(t.level_set, &[&level.to_string()]))?;
                }
                _ => io.line(t.level_usage)?,
            },
        }
        Ok(None)
    }

    /// Whether the game was lost on time.
    fn lost_on_time(&self) -> bool {
        matches!(
            self.game.outcome(),
            Some(Outcome::Win {
                reason: dama_core::game::WinReason::Time,
                ..
            })
        )
    }

    /// Takes back the last move of a person, and the engine's replies after it, so that the
    /// person is to move again. Against the engine with no move of the person's yet (the
    /// engine opened), nothing is taken back.
    fn undo(&mut self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        match session::undo(&mut self.game, self.players, self.kept) {
            Undo::ResultUndone => io.line(self.t.result_undone)?,
            Undo::Nothing => return io.line(self.t.nothing_to_undo),
            Undo::NothingOfYours => return io.line(self.t.nothing_of_yours),
            Undo::BallotStays => return io.line(self.t.ballot_stays),
            Undo::Undone(taken) => {
                io.line(&fill(self.t.undone, &[&B::write_each(self.rules, &taken)]))?
            }
        }
        if let Some(clock) = &mut self.clock {
            clock.truncate(self.game.moves().len());
        }
        self.show_board(io)
    }

    /// Plays again a taken-back move; against the engine, also the engine's reply after it.
    fn redo(&mut self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        let played = session::redo(&mut self.game, self.players);
        if played.is_empty() {
            return io.line(self.t.nothing_to_redo);
        }
        io.line(&fill(self.t.redone, &[&B::write_each(self.rules, &played)]))?;
        self.show_board(io)
    }

    fn save(&mut self, io: &mut LineIo<'_>, file: &str) -> std::io::Result<()> {
        let header = self
            .t
            .pdn_header(self.is_engine(Color::White), self.is_engine(Color::Black));
        let path = crate::files::expand_home(file);
        let extra = match self.opts.blindfold {
            true => records::blindfold_tags(self.opts.no_record, self.peeks),
            false => Vec::new(),
        };
        match records::save(&path, &self.game, &header, self.clock.as_ref(), &extra) {
            Ok(()) => {
                self.saved = self.game.snapshot();
                io.line(&fill(self.t.saved, &[file]))
            }
            Err(e) => io.line(&fill(self.t.save_failed, &[file, &self.t.file_error(&e)])),
        }
    }

    /// The person to move offers a draw: a person opponent is asked, the engine decides.
    fn offer_draw(&mut self, io: &mut LineIo<'_>) -> Result<Option<Flow>, ConsoleError> {
        let offering = self.game.turn();
        if self.is_engine(!offering) {
            if self
                .calls
                .accepts_draw(&mut self.player, &self.game, !offering)
            {
                io.line(self.t.engine_accepts)?;
                self.game.agree_draw();
            } else {
                io.line(self.t.engine_declines)?;
            }
            return Ok(None);
        }
        let question = capitalize(&fill(
            self.t.draw_offer,
            &[self.t.side(offering), self.t.side(!offering)],
        ));
        match self.ask_yes_no(io, &question)? {
            None => return Ok(Some(Flow::Quit)),
            Some(true) => {
                self.game.agree_draw();
            }
            Some(false) => io.line(self.t.draw_declined)?,
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// Every language's help table reads as `words: description` in one line: the words
    /// are command words (each in English or the language's own, written as typed) and
    /// placeholders in capitals, the description starts with a lower-case letter.
    #[test]
    fn each_help_line_splits_into_its_words_and_what_they_do() {
        for lang in Lang::ALL {
            let t = Catalog::of(lang).texts;
            let table = &t.help[2..];
            let column = help_column(table[0]);
            let extras = [t.peek_help, t.position_help, t.rows_help];
            for line in table.iter().chain(&extras) {
                let item = help_item(line, column);
                let (words, text) = item.split_once(": ").expect(&item);
                for word in words.split([',', ' ']).filter(|w| !w.is_empty()) {
                    assert!(
                        CommandWord::from_word(word).is_some()
                            || word.chars().all(char::is_uppercase),
                        "{}: {word} in {item}",
                        lang.code()
                    );
                }
                assert!(
                    text.starts_with(|c: char| c.is_lowercase()),
                    "{}: {item}",
                    lang.code()
                );
            }
        }
        let t = Catalog::of(Lang::Cs).texts;
        let column = help_column(t.help[2]);
        assert_eq!(column, 22);
        // Its words fill their column: cut at the column.
        assert_eq!(
            help_item("  uložit, save SOUBOR uložit partii (PDN)", column),
            "uložit, save SOUBOR: uložit partii (PDN)"
        );
        assert_eq!(
            help_item(t.position_help, column),
            "rozestavení, position: kameny a dámy obou stran po polích, na jednom řádku"
        );
    }
}
