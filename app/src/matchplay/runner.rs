//! Playing the games of a match: one game loop (the referee), and the match loop that hands
//! games to worker threads and gathers their results in the order they finish.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::MatchBoard;
use super::player::{Player, PlayerSpec};
use super::stats::{Decision, Pentanomial, Sprt, Wdl};
use crate::opening::Opening;
use crate::play::EngineCalls;
use dama_core::game::{Outcome, WinReason};
use dama_core::pdn::{self, Header};
use dama_core::{Board, Color, DrawReason, DynRules};
use dama_engine::TimeControl;

/// What a match plays.
#[derive(Clone, Debug)]
pub struct Plan<B: dama_core::Board = dama_core::Board8> {
    /// The first player (the results are from its view).
    pub engine1: PlayerSpec,
    /// The second player.
    pub engine2: PlayerSpec,
    /// The most games (the SPRT may stop earlier).
    pub games: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// The starts; game `2k` and `2k+1` play opening `k` (cycling), the first player white in
    /// the even games.
    pub openings: Vec<Opening<B>>,
    /// A game still going after this many plies (opening included) is adjudicated a draw
    /// (`None`: [`default_cap`] of the rules).
    pub max_plies: Option<usize>,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (the `Game`'s outcome: no pieces, blocked, or a draw rule).
    Rules(Outcome),
    /// The move cap was reached: adjudicated a draw.
    MoveCap,
    /// The side ran out of time.
    TimeForfeit(Color),
    /// The side's player failed to give a legal move (the reason).
    Failure(Color, String),
}

impl Termination {
    /// A short description, as in the progress lines.
    pub fn describe(&self) -> String {
        match self {
            Termination::Rules(Outcome::Win { reason, .. }) => match reason {
                WinReason::NoPieces => "no pieces left".into(),
                WinReason::Blocked => "no legal move".into(),
                WinReason::Crowned => "first king".into(),
                WinReason::Resignation => "resignation".into(),
                WinReason::Time => "time forfeit".into(),
            },
            Termination::Rules(Outcome::Draw(reason)) => match reason {
                DrawReason::Repetition => "threefold repetition".into(),
                DrawReason::NoProgress => "no-progress rule".into(),
                DrawReason::KingEnding => "king-ending count".into(),
                DrawReason::MaterialUnchanged => "material-unchanged count".into(),
                DrawReason::Agreement => "agreement".into(),
            },
            Termination::MoveCap => "move cap".into(),
            Termination::TimeForfeit(side) => format!("{} lost on time", side_name(*side)),
            Termination::Failure(side, why) => {
                format!("{} forfeits: {}", side_name(*side), reason_text(why))
            }
        }
    }
}

/// `white` or `black`.
fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The longest forfeit reason written, in characters (after escaping).
pub const MAX_REASON_CHARS: usize = 200;

/// A player's failure as the progress line and the PDN's `Termination` tag write it: its
/// text as it came (the peer's bytes, names and protocol words unaltered), control characters
/// escaped (`\u{1b}`), cut to [`MAX_REASON_CHARS`] characters with `…` after a cut (the rule
/// of `text::excerpt`, with room for the words around a quote; the players cut their own
/// quotes of a peer's text to 40 characters).
pub fn reason_text(why: &str) -> String {
    dama_core::text::excerpt_of(why, MAX_REASON_CHARS)
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number, from 0.
    pub index: u64,
    /// Whether the first player had white.
    pub engine1_white: bool,
    /// The first player's points: 1, ½ or 0.
    pub points: f64,
    /// How it ended.
    pub termination: Termination,
    /// Plies played, opening included.
    pub plies: usize,
    /// The game as a PDN record.
    pub pdn: String,
}

/// The match so far.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games by result, from the first player's view.
    pub wdl: Wdl,
    /// Completed pairs by the first player's points.
    pub pairs: Pentanomial,
    /// The SPRT's decision and log-likelihood ratio, if one runs.
    pub sprt: Option<(Decision, f64)>,
    /// Games lost on time or by a player's failure (by either player).
    pub forfeits: u64,
    /// Games adjudicated at the move cap.
    pub capped: u64,
}

/// The points of the game's result for `side`.
fn points_for(outcome: Option<Outcome>, side: Color) -> f64 {
    match outcome {
        Some(Outcome::Win { winner, .. }) if winner == side => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// Plays one game: `players[0]` is the first player. `None` when `stop` was set during it.
/// The plies after which a match game still going is adjudicated a draw, unless
/// `--max-plies` says otherwise: the engine move cap of `play` where the rules have no draw
/// rule (the Spanish spec's), else a safety net far beyond any game the rules' own draws
/// (repetition, the counts without progress) let go on.
pub fn default_cap<B: Board>(rules: DynRules<B>) -> usize {
    if rules.draws_by_rule() {
        SAFETY_CAP
    } else {
        crate::play::session::ENGINE_MOVE_CAP
    }
}

/// [`default_cap`] under rules with draw rules of their own.
pub const SAFETY_CAP: usize = 2000;

#[allow(clippy::too_many_arguments)]
fn play_game<B: MatchBoard>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    players: &mut [Player; 2],
    specs: [&PlayerSpec; 2],
    opening: &Opening<B>,
    index: u64,
    max_plies: Option<usize>,
    stop: &AtomicBool,
) -> Option<GameResult> {
    let max_plies = max_plies.unwrap_or_else(|| default_cap(rules));
    let engine1_white = index.is_multiple_of(2);
    let mut game = opening.game(rules)?;
    // Seat of the side to move: white is engine1 in the even games.
    let seat = |side: Color| usize::from((side == Color::White) != engine1_white);
    for (seat, p) in players.iter_mut().enumerate() {
        // The engines' and the books' choices follow the game's number, whichever worker
        // plays it.
        let n = 2 * index + seat as u64;
        p.new_game(0x5EED_0000 + n, 0xB00C_0000 + n);
        let white = (seat == 0) == engine1_white;
        p.begin_game(&game, if white { Color::White } else { Color::Black });
    }
    let clocks: [Option<TimeControl>; 2] = [specs[0].limits.time, specs[1].limits.time];
    let mut left: [Option<Duration>; 2] = [clocks[0].map(|t| t.base), clocks[1].map(|t| t.base)];
    let termination = loop {
        if let Some(outcome) = game.outcome() {
            break Termination::Rules(outcome);
        }
        if game.moves().len() >= max_plies {
            game.agree_draw();
            break Termination::MoveCap;
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        // The rules' draw offer (the house rules'), answered by both players as in `play`.
        if rules.draw_offer_due(game.position(), game.counters()) {
            let mover = game.turn();
            if players[seat(mover)].accepts_draw(calls, &game, mover)
                && players[seat(!mover)].accepts_draw(calls, &game, !mover)
            {
                game.agree_draw();
                continue;
            }
        }
        let side = game.turn();
        let who = seat(side);
        let made = (game.moves().len() / 2) as u32;
        let started = Instant::now();
        // This build's engine plays its book's move, else searches ([`Player::choose`]).
        let answer = players[who].choose(calls, &game, left[who]);
        let spent = started.elapsed();
        if let (Some(tc), Some(l)) = (clocks[who], left[who]) {
            if spent > l {
                game.resign(side);
                break Termination::TimeForfeit(side);
            }
            left[who] = Some(l - spent + tc.increment + tc.credit_after(made + 1));
        }
        match answer {
            Ok(mv) => {
                if game.try_play(&mv).is_err() {
                    game.resign(side);
                    break Termination::Failure(side, "an illegal move".into());
                }
            }
            Err(e) => {
                game.resign(side);
                break Termination::Failure(side, e.to_string());
            }
        }
    };
    for p in players.iter_mut() {
        p.end_game(&game);
    }
    let names = [specs[0].name.clone(), specs[1].name.clone()];
    let header = Header {
        event: "dama match".into(),
        site: "?".into(),
        date: pdn::today(),
        round: (index + 1).to_string(),
        white: names[seat(Color::White)].clone(),
        black: names[seat(Color::Black)].clone(),
    };
    let engine1_side = if engine1_white {
        Color::White
    } else {
        Color::Black
    };
    let pdn = with_termination(pdn::write(&game, &header), &termination);
    Some(GameResult {
        index,
        engine1_white,
        points: points_for(game.outcome(), engine1_side),
        termination,
        plies: game.moves().len(),
        pdn,
    })
}

/// The record with a `Termination` tag after its other tags when a player forfeited (on
/// time, or by a crash, a hang or an illegal move), giving the reason.
fn with_termination(pdn: String, termination: &Termination) -> String {
    if !matches!(
        termination,
        Termination::TimeForfeit(_) | Termination::Failure(..)
    ) {
        return pdn;
    }
    // The PDN's escapes (`\\`, `\"`): the tag reads back as the progress line's text.
    let tag = format!(
        "[Termination \"{}\"]\n",
        termination
            .describe()
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
    );
    match pdn.find("\n\n") {
        Some(i) => format!("{}{tag}{}", &pdn[..=i], &pdn[i + 1..]),
        None => pdn,
    }
}

/// Plays the match with the players `seats` (one pair per worker thread), calling `on_game`
/// with each finished game and the summary after it; stops early when the SPRT decides or
/// `on_game` fails (its error is returned).
pub fn run<B: MatchBoard, E: Send>(
    rules: DynRules<B>,
    calls: &'static dyn EngineCalls<B>,
    plan: &Plan<B>,
    seats: Vec<[Player; 2]>,
    mut on_game: impl FnMut(&GameResult, &Summary) -> Result<(), E>,
) -> Result<Summary, E> {
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameResult>();
    let mut summary = Summary::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for mut players in seats {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= plan.games || plan.openings.is_empty() {
                        break;
                    }
                    let opening = &plan.openings[(index / 2) as usize % plan.openings.len()];
                    let specs = [&plan.engine1, &plan.engine2];
                    let Some(result) = play_game(
                        rules,
                        calls,
                        &mut players,
                        specs,
                        opening,
                        index,
                        plan.max_plies,
                        stop,
                    ) else {
                        break;
                    };
                    if tx.send(result).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut half_pairs: HashMap<u64, f64> = HashMap::new();
        for result in rx {
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            match result.points {
                p if p > 0.75 => summary.wdl.wins += 1,
                p if p < 0.25 => summary.wdl.losses += 1,
                _ => summary.wdl.draws += 1,
            }
            match result.termination {
                Termination::TimeForfeit(_) | Termination::Failure(..) => summary.forfeits += 1,
                Termination::MoveCap => summary.capped += 1,
                Termination::Rules(_) => {}
            }
            if let Some(other) = half_pairs.remove(&(result.index / 2)) {
                summary.pairs.add(other + result.points);
            } else {
                half_pairs.insert(result.index / 2, result.points);
            }
            if let Some(sprt) = &plan.sprt {
                let decision = sprt.decide(&summary.wdl);
                summary.sprt = Some((decision, sprt.llr(&summary.wdl)));
                if decision != Decision::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if let Err(e) = on_game(&result, &summary) {
                failure = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}
