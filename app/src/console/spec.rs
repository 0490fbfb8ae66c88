//! The Spanish-spec console ("Las Damas!!!"), exactly as its specification describes it
//! (`docs/console-spanish.md`): the title and board, one prompt per move, one error line per rejected move,
//! "Derrota" for the player who cannot move, and the play-again question.
//!
//! Moves are read in the numeric notation and checked in the specification's order
//! ([`dama_core::notation::numeric`]); the move found is then looked up among the rule set's legal
//! moves, so this dialogue plays any [`Rules`].

use super::board_view;
use super::{ConsoleError, LineIo, Options, Read};
use crate::i18n::{es, fill};
use crate::play::clock::GameClock;
use crate::play::session::PlayerKind;
use crate::play::{DynGame, EngineCalls};
use dama_core::game::{Game, Outcome};
use dama_core::notation::numeric;
use dama_core::{Board8, Color, DynRules, GameRules, Move, MoveList, Position};
use dama_engine::Engine;

/// What the person answered, or that the input ended.
enum Next {
    Again,
    Stop,
}

/// Plays the Spanish-spec dialogue until the players stop or the input ends.
pub fn run(
    rules: DynRules<Board8>,
    calls: &'static dyn EngineCalls<Board8>,
    opts: &Options,
    io: &mut LineIo<'_>,
) -> Result<(), ConsoleError> {
    let mut engine = opts.engines.engine(opts.limits);
    // A loaded game goes on from its last position. Why a `--load` file cannot be loaded is
    // said on standard error in English, as every refusal of the command line is (newcomer
    // finding 19; the spec's texts have none for files).
    let mut clock = super::new_clock(opts);
    let mut game = match &opts.load {
        Some(path) => crate::play::records::load_game_from(rules, path, opts.game)
            .map(|(record, _)| {
                clock = super::loaded_clock(opts, &record);
                record.game
            })
            .map_err(|e| {
                let t = &crate::i18n::en::TEXTS;
                let name = path.display().to_string();
                ConsoleError::Load(fill(
                    t.load_failed,
                    &[&name, &t.load_error(&e, rules.info().notation)],
                ))
            })?,
        None => super::new_game(rules, opts),
    };
    loop {
        match play_game(calls, opts, io, &mut engine, game, clock)? {
            Next::Again => {
                clock = super::new_clock(opts);
                io.line("")?;
                game = match opts.ballot {
                    Some(_) => super::new_game(rules, opts),
                    None => Game::with_rules(rules, Position::initial()),
                };
            }
            Next::Stop => return Ok(()),
        }
    }
}

fn prompt_for(color: Color) -> &'static str {
    match color {
        Color::White => es::spec::WHITE_TO_MOVE,
        Color::Black => es::spec::BLACK_TO_MOVE,
    }
}

/// One game, from where `game` stands: returns whether to play another.
fn play_game(
    calls: &'static dyn EngineCalls<Board8>,
    opts: &Options,
    io: &mut LineIo<'_>,
    engine: &mut Engine,
    mut game: DynGame<Board8>,
    mut clock: Option<GameClock>,
) -> Result<Next, ConsoleError> {
    io.line(es::spec::TITLE)?;
    io.line("")?;
    io.write(&board_view::spanish(game.position(), opts.color))?;
    let mut moves = MoveList::new();
    loop {
        if let Some(outcome) = game.outcome() {
            io.line(match outcome {
                Outcome::Win { .. } => es::spec::DEFEAT,
                Outcome::Draw(_) => es::spec::DRAW,
            })?;
            return ask_again(io);
        }
        let players = crate::play::session::Players {
            white: opts.white,
            black: opts.black,
        };
        if crate::play::session::engine_cap_reached(&game, players) {
            let cap = crate::play::session::ENGINE_MOVE_CAP.to_string();
            io.line(&fill(es::spec::MOVE_CAP, &[&cap]))?;
            game.agree_draw();
            continue;
        }
        let turn = game.turn();
        // With clocks (`--time`), the prompt starts with both clocks.
        let prompt = match &mut clock {
            Some(clock) => {
                let now = opts.clock.now();
                clock.start(turn, now);
                let plies = game.moves().len();
                let clocks = super::clocks_text(&es::TEXTS, clock, now, turn, plies);
                format!("({clocks}) {}", prompt_for(turn))
            }
            None => prompt_for(turn).to_string(),
        };
        let prompt = prompt.as_str();
        let player = match game.turn() {
            Color::White => opts.white,
            Color::Black => opts.black,
        };
        let mv = match player {
            PlayerKind::Engine => {
                if let Some(clock) = &clock {
                    let limits = engine.limits();
                    engine.set_limits(dama_engine::Limits {
                        time: Some(clock.control(turn)),
                        ..limits
                    });
                    engine.set_clock(turn, clock.left(turn, opts.clock.now()));
                }
                let Some(mv) = calls.choose_move(engine, &game) else {
                    // The engine always has a move while the game goes on.
                    return Ok(Next::Stop);
                };
                io.write(prompt)?;
                io.line(&numeric::write(&mv))?;
                mv
            }
            PlayerKind::Human => match io.prompt(prompt)? {
                Read::Eof => return Ok(Next::Stop),
                Read::Line(line) => match read_move(&game, &line, &mut moves) {
                    _ if flag_fell(opts, &mut clock, turn) => {
                        game.lose_on_time(turn);
                        let t = &es::TEXTS;
                        let rt = crate::i18n::Catalog::of(crate::i18n::Lang::Es).rules;
                        io.line(&t.outcome(
                            game.outcome().unwrap_or(Outcome::Win {
                                winner: !turn,
                                reason: dama_core::game::WinReason::Time,
                            }),
                            rt,
                        ))?;
                        return ask_again(io);
                    }
                    Ok(mv) => mv,
                    Err(message) => {
                        io.line(message)?;
                        continue;
                    }
                },
            },
        };
        game.play(&mv);
        if let Some(clock) = &mut clock {
            clock.moved(turn, opts.clock.now(), game.moves().len());
        }
        io.line("")?;
        io.write(&board_view::spanish(game.position(), opts.color))?;
    }
}

/// After a line read: whether the flag of `turn` has fallen (the clock stops then).
fn flag_fell(opts: &Options, clock: &mut Option<GameClock>, turn: Color) -> bool {
    opts.clock.line_read();
    let now = opts.clock.now();
    match clock {
        Some(clock) if clock.flagged(now) == Some(turn) => {
            clock.stop(now);
            true
        }
        _ => false,
    }
}

/// The legal move a typed line names, or the error line to print.
fn read_move<R: GameRules<GameBoard = Board8>>(
    game: &Game<R>,
    line: &str,
    moves: &mut MoveList,
) -> Result<Move, &'static str> {
    let mv = numeric::parse(game.position(), line).map_err(es::spec::error)?;
    game.legal_moves(moves);
    moves
        .iter()
        .find(|m| **m == mv)
        .copied()
        .ok_or(es::spec::NOT_ALLOWED)
}

/// Asks whether to play again until the answer is `s` or `n` (or the input ends).
fn ask_again(io: &mut LineIo<'_>) -> Result<Next, ConsoleError> {
    loop {
        match io.prompt(es::spec::PLAY_AGAIN)? {
            Read::Eof => return Ok(Next::Stop),
            Read::Line(answer) => match es::spec::answer(&answer) {
                Some(true) => return Ok(Next::Again),
                Some(false) => return Ok(Next::Stop),
                None => continue,
            },
        }
    }
}
