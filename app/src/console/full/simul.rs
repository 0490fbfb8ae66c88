//! `dama simul` at the line console: one full dialogue ([`Session`]) per board, played in the
//! round a simul is played in ([`crate::play::simul`]). Play comes to a board, the exhibitor
//! or the board's player moves (the computer at once), and once a person has moved and the
//! exhibitor is to move again, play passes to the next board whose game goes on. Each board
//! keeps every command of the dialogue but those that would take a move back (`undo`,
//! `redo`, `setup`, `load`); `boards` lists them all and `save FILE` saves them all. With a
//! file, the simul is written to it after every visit and resumed from it.

use std::path::Path;

use super::{Flow, Session};
use crate::ballots::Ballot;
use crate::console::{ConsoleBoard, ConsoleError, LineIo, Options};
use crate::i18n::{Catalog, Texts, capitalize, fill};
use crate::play::simul::{self, Exhibitor, Plan, Score};
use crate::play::{DynGame, EngineCalls, records};
use dama_core::{Board, Color, DynRules};

/// What `dama simul` plays.
#[derive(Clone, Debug)]
pub struct SimulConfig {
    /// Every board's options: the rule set, the language, the engine's limits, blindfold…;
    /// its ballot is board 1's (each next board starts from the next ballot). Who plays each
    /// side comes from the exhibitor.
    pub opts: Options,
    /// The simul: who gives it, its boards, its players' names, its file.
    pub simul: Plan,
}

/// One board: its options (which its session borrows) are made first.
fn board_options(config: &SimulConfig, exhibitor: Exhibitor, board: usize) -> Options {
    let players = exhibitor.players();
    Options {
        white: players.white,
        black: players.black,
        ballot: board_ballot(config.opts.variant, config.opts.ballot.as_ref(), board),
        ..config.opts.clone()
    }
}

/// Board `board`'s ballot (0-based) when board 1 starts from `first`: the one `board` places
/// after it in the rule set's list.
pub fn board_ballot(
    variant: dama_core::Variant,
    first: Option<&Ballot>,
    board: usize,
) -> Option<Ballot> {
    let first = first?;
    Some(crate::ballots::after(variant, first, board).unwrap_or_else(|_| first.clone()))
}

/// A board's name: `Board 2`, or `Board 2 (Anna)` when its player is named.
pub fn board_label(t: &Texts, names: &[String], board: usize) -> String {
    let number = (board + 1).to_string();
    match names.get(board) {
        Some(name) => fill(t.simul_board_named, &[&number, name]),
        None => fill(t.simul_board, &[&number]),
    }
}

/// Board `board`'s game as the simul file keeps it: the full dialogue's header (its `Event`
/// the simul's, `Black` the board's player where named), the simul's tags and, in a
/// blindfold simul (`blindfold`: whether the score sheet is kept from the player, and the
/// peeks made), the blindfold tags.
pub fn board_record<B: Board>(
    t: &Texts,
    game: &DynGame<B>,
    board: usize,
    exhibitor: Exhibitor,
    names: &[String],
    blindfold: Option<(bool, usize)>,
) -> String {
    let players = exhibitor.players();
    let mut header = t.pdn_header(
        players.is_engine(Color::White),
        players.is_engine(Color::Black),
    );
    header.event = t.simul_event.to_string();
    if let Some(name) = names.get(board) {
        header.black = name.clone();
    }
    let mut extra = simul::tags(board, exhibitor);
    if let Some((no_record, peeks)) = blindfold {
        extra.extend(records::blindfold_tags(no_record, peeks));
    }
    records::write_pdn(game, &header, None, &extra)
}

/// Plays the simul of `config` under `rules` until every game is over or the players leave.
pub fn run<B: ConsoleBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    config: &SimulConfig,
    io: &mut LineIo<'_>,
) -> Result<(), ConsoleError> {
    let Catalog {
        texts: t,
        rules: rt,
        ..
    } = Catalog::of(config.opts.lang);
    let start =
        simul::start(rules, &config.simul).map_err(|e| ConsoleError::Load(e.to_string()))?;
    let (exhibitor, count, resumed) = (start.exhibitor, start.count, start.resumed);
    let options: Vec<Options> = (0..count)
        .map(|board| board_options(config, exhibitor, board))
        .collect();
    let mut boards: Vec<Session<'_, B>> = options
        .iter()
        .enumerate()
        .map(|(board, opts)| {
            let mut session = Session::new(rules, calls, opts);
            session.label = Some(board_label(t, &config.simul.names, board));
            session.simul = Some(Exhibitor::SIDE);
            // A simul is played without clocks, as the exhibitor walks round the room.
            session.clock = None;
            session
        })
        .collect();
    io.line(B::title(rules, t, rt))?;
    let intro = match exhibitor {
        Exhibitor::Person => t.simul_person_gives,
        Exhibitor::Engine => t.simul_engine_gives,
    };
    io.line(&fill(intro, &[&count.to_string()]))?;
    io.line(B::intro(rules, t, rt))?;
    if config.opts.blindfold {
        io.line(t.blindfold_intro)?;
        if config.opts.no_record {
            io.line(t.no_record)?;
        }
    }
    match (resumed, &config.simul.file) {
        (Some(resumed), Some(path)) => {
            for (session, record) in boards.iter_mut().zip(resumed) {
                session.peeks = simul::peeks_of(&record);
                session.game = record.game;
                session.kept = 0;
                session.saved = session.game.snapshot();
            }
            let in_play = boards.iter().filter(|s| !s.game.is_over()).count();
            io.line(&fill(
                t.simul_resumed,
                &[
                    &path.display().to_string(),
                    &count.to_string(),
                    &in_play.to_string(),
                ],
            ))?;
        }
        _ => {
            for session in &boards {
                if let Some(ballot) = session.opts.ballot.as_ref().filter(|_| session.kept > 0) {
                    let said = fill(
                        t.ballot,
                        &[&ballot.number.to_string(), &ballot.moves_text()],
                    );
                    io.line(&session.labelled(&said))?;
                }
            }
        }
    }
    let mut simul = Simul {
        t,
        exhibitor,
        names: &config.simul.names,
        file: config.simul.file.as_deref(),
        boards,
    };
    // The round starts at the first board.
    let mut current = count - 1;
    loop {
        let over: Vec<bool> = simul.boards.iter().map(|s| s.game.is_over()).collect();
        let Some(board) = simul::next_board(current, &over) else {
            break;
        };
        current = board;
        let in_play = over.iter().filter(|&&over| !over).count();
        let session = &simul.boards[board];
        let label = session.label.clone().unwrap_or_default();
        io.line(&fill(t.simul_at, &[&label, &in_play.to_string()]))?;
        if !session.is_engine(session.game.turn()) {
            session.show_board(io)?;
        }
        loop {
            match simul.boards[board].play_game(io)? {
                Flow::Next | Flow::Over => break,
                Flow::Save(file) => {
                    let path = crate::files::expand_home(&file);
                    simul.save(io, &path, &file)?;
                }
                Flow::Boards => simul.list(io)?,
                Flow::Quit => {
                    if simul.leave(io, board)? {
                        return Ok(());
                    }
                }
            }
        }
        simul.keep(io)?;
    }
    let score = Score::of(simul.boards.iter().map(|s| s.game.outcome()));
    let said = match exhibitor {
        Exhibitor::Person => t.simul_score_person,
        Exhibitor::Engine => t.simul_score_engine,
    };
    io.line(&fill(
        said,
        &[
            &score.points(),
            &count.to_string(),
            &score.won.to_string(),
            &score.drawn.to_string(),
            &score.lost.to_string(),
        ],
    ))?;
    Ok(())
}

/// The simul being played: its boards and where it is kept.
struct Simul<'c, 'o, B: ConsoleBoard> {
    t: &'static Texts,
    exhibitor: Exhibitor,
    names: &'c [String],
    file: Option<&'c Path>,
    boards: Vec<Session<'o, B>>,
}

impl<B: ConsoleBoard> Simul<'_, '_, B> {
    /// The whole simul as one PDN text: each board's game with its simul tags.
    fn text(&self) -> String {
        simul::text(self.boards.iter().enumerate().map(|(board, session)| {
            let blindfold = session
                .opts
                .blindfold
                .then_some((session.opts.no_record, session.peeks));
            board_record(
                self.t,
                &session.game,
                board,
                self.exhibitor,
                self.names,
                blindfold,
            )
        }))
    }

    /// Writes the simul to `path` (`name` as typed), and says so, or why not.
    fn save(&mut self, io: &mut LineIo<'_>, path: &Path, name: &str) -> std::io::Result<()> {
        match simul::write(path, &self.text()) {
            Ok(()) => {
                for session in &mut self.boards {
                    session.saved = session.game.snapshot();
                }
                io.line(&fill(self.t.simul_saved, &[name]))
            }
            Err(e) => io.line(&fill(self.t.save_failed, &[name, &self.t.file_error(&e)])),
        }
    }

    /// After each visit: the simul written to its file, when it has one (a failure said).
    fn keep(&mut self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        let Some(path) = self.file else {
            return Ok(());
        };
        match simul::write(path, &self.text()) {
            Ok(()) => {
                for session in &mut self.boards {
                    session.saved = session.game.snapshot();
                }
                Ok(())
            }
            Err(e) => {
                let name = path.display().to_string();
                io.line(&fill(self.t.save_failed, &[&name, &self.t.file_error(&e)]))
            }
        }
    }

    /// `boards`: each board's state, one line each.
    fn list(&self, io: &mut LineIo<'_>) -> std::io::Result<()> {
        for session in &self.boards {
            let line = match session.game.outcome() {
                Some(outcome) => session.labelled(&session.outcome_text(outcome)),
                None => fill(
                    self.t.simul_state,
                    &[
                        session.label.as_deref().unwrap_or(""),
                        &session.move_number().to_string(),
                        self.t.side(session.game.turn()),
                    ],
                ),
            };
            io.line(&capitalize(&line))?;
        }
        Ok(())
    }

    /// `quit` or the end of input at board `board`: the simul kept in its file, when it has
    /// one; else, at a terminal, a person asked first whether to leave unsaved games. Returns
    /// whether to leave.
    fn leave(&mut self, io: &mut LineIo<'_>, board: usize) -> Result<bool, ConsoleError> {
        if let Some(path) = self.file {
            self.keep(io)?;
            // Kept, unless writing failed (said): then asked as without a file.
            if !self.boards.iter().any(|s| s.unsaved()) {
                io.line(&fill(self.t.simul_kept, &[&path.display().to_string()]))?;
                return Ok(true);
            }
        }
        let session = &self.boards[board];
        if session.opts.interactive && self.boards.iter().any(|s| s.unsaved()) {
            return Ok(session.ask_yes_no(io, self.t.quit_unsaved)? != Some(false));
        }
        Ok(true)
    }
}
