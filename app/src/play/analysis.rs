//! Game analysis: every position of a finished (or unfinished) game scored by the engine, each
//! move marked by what it cost its side (`?!`, `?`, `??`), with the engine's better move and
//! line; the annotated PDN (`%eval` comments and variations) and the table `dama analyze
//! --load` prints. The TUI's `a` key runs the same analysis on its engine thread.
//!
//! Scores are in hundredths of a man ("centimen"). Thresholds (`docs/cli.md`, calibrated on
//! master games): a loss of at least 0.50 man is `?!`, 1.00 `?`, 1.50 `??`; a move that turns
//! a forced win into anything else, or anything but a forced loss into a forced loss, is `??`
//! whatever the figures.

use dama_core::game::{Game, Outcome};
use dama_core::pdn::{self, Annotation};
use dama_core::{Board, Board8, BoardRules, Color, GameRules, MoveListOn, MoveOn, PositionOn};
use dama_engine::{Engine, EngineRules, Limits, Score};

/// A loss (centimen) from which a move is dubious, `?!`.
pub const DUBIOUS: i32 = 50;
/// A loss from which a move is a mistake, `?`.
pub const MISTAKE: i32 = 100;
/// A loss from which a move is a blunder, `??`.
pub const BLUNDER: i32 = 150;
/// What a forced win or loss counts as in a loss's figure (20 men), whatever its length.
pub const FORCED: i32 = 2000;
/// The most moves of the engine's better line kept (the variation written in the PDN).
pub const LINE_PLIES: usize = 10;
/// The most moves of the refutation shown in the table.
pub const REFUTATION_PLIES: usize = 4;

/// The limits each position is searched with when none are given (`dama analyze --load`
/// without `--movetime`, `--depth` or `--nodes`, the TUI's `a` without a level's limits): the
/// hint's (full strength, [`crate::play::hint::HINT_NODES`] nodes, one thread), so that the
/// hint and the analysis give the same position the same verdict.
pub fn default_limits() -> Limits {
    Limits {
        level: Some(10),
        nodes: Some(crate::play::hint::HINT_NODES),
        ..Limits::default()
    }
}

/// The rule set's own opening book as the [`InBook`] of [`analyze_game_with`]: the moves
/// the program itself plays from its book are never marked.
pub fn builtin_book<R: BoardRules>() -> impl Fn(&PositionOn<R::Board>, &MoveOn<R::Board>) -> bool
where
    R::Board: crate::book::BookBoard,
{
    let book = crate::book::Book::builtin(dama_core::DynRules::of::<R>());
    move |pos, mv| book.moves(pos).iter().any(|m| m.mv == *mv)
}

/// What a move cost: its mark.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mark {
    /// `?!`: a loss of at least [`DUBIOUS`].
    Dubious,
    /// `?`: a loss of at least [`MISTAKE`].
    Mistake,
    /// `??`: a loss of at least [`BLUNDER`], or a forced win or draw given away.
    Blunder,
}

impl Mark {
    /// The sign written after the move.
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Dubious => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One move of the game, analysed (a move of the board `B`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ply<B: Board = Board8> {
    /// The move played.
    pub mv: MoveOn<B>,
    /// The side that played it.
    pub mover: Color,
    /// The score of the position after it, from White's view (`None`: the search gave none).
    pub eval: Option<Score>,
    /// What it cost its side, in centimen (0 when it was the engine's choice).
    pub loss: i32,
    /// Its mark, if it cost enough (never on a book move).
    pub mark: Option<Mark>,
    /// Whether it is one of the opening book's moves in the position before it.
    pub book: bool,
    /// The engine's better line from the position before it (its first move the better
    /// move), when the move is marked.
    pub better: Vec<MoveOn<B>>,
    /// The engine's line from the position after it (its first move the refutation), at most
    /// [`REFUTATION_PLIES`] moves, when the move is marked.
    pub refutation: Vec<MoveOn<B>>,
}

/// A whole game analysed: the score of the start and every move (on the board `B`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis<B: Board = Board8> {
    /// The score of the starting position, from White's view.
    pub start: Option<Score>,
    /// The moves, in order.
    pub plies: Vec<Ply<B>>,
}

/// The score from the other side's view.
pub fn flip(score: Score) -> Score {
    match score {
        Score::Value(v) => Score::Value(-v),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
    }
}

/// A score from `side`'s view turned to White's.
fn white_view(score: Score, side: Color) -> Score {
    match side {
        Color::White => score,
        Color::Black => flip(score),
    }
}

/// A score as a figure for losses: its value, or ±[`FORCED`] for a forced result.
fn figure(score: Score) -> i32 {
    match score {
        Score::Value(v) => v.clamp(-FORCED, FORCED),
        Score::Win(_) => FORCED,
        Score::Loss(_) => -FORCED,
    }
}

/// A score as `%eval` writes it, in men from White's view: `0.43`, `-1.20`; a forced win
/// in N plies `#N` for White, `#-N` for Black.
pub fn eval_text(score: Score) -> String {
    match score {
        Score::Value(v) => {
            let sign = if v < 0 { "-" } else { "" };
            format!("{sign}{}.{:02}", v.abs() / 100, v.abs() % 100)
        }
        Score::Win(n) => format!("#{n}"),
        Score::Loss(n) => format!("#-{n}"),
    }
}

/// A loss in men: `1.52`.
pub fn loss_text(loss: i32) -> String {
    format!("{}.{:02}", loss / 100, loss % 100)
}

/// The mark of a move that took its side from `before` to `after` (both from its view).
fn mark_of(before: Score, after: Score, loss: i32) -> Option<Mark> {
    let won = matches!(before, Score::Win(_)) && !matches!(after, Score::Win(_));
    let lost = !matches!(before, Score::Loss(_)) && matches!(after, Score::Loss(_));
    if won || lost || loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else if loss >= DUBIOUS {
        Some(Mark::Dubious)
    } else {
        None
    }
}

/// What the engine says of a position: its score (side to move's view) and best line.
struct Verdict<B: Board> {
    score: Option<Score>,
    line: Vec<MoveOn<B>>,
}

/// The engine's verdict on the game's current position, searched with a cleared
/// transposition table; a position the rules ended scores its result.
fn verdict<R: EngineRules>(engine: &mut Engine, game: &Game<R>) -> Verdict<R::Board> {
    if let Some(outcome) = game.outcome() {
        let score = match outcome {
            Outcome::Win { winner, .. } if winner == game.turn() => Score::Win(0),
            Outcome::Win { .. } => Score::Loss(0),
            Outcome::Draw(_) => Score::Value(0),
        };
        return Verdict {
            score: Some(score),
            line: Vec::new(),
        };
    }
    // A fresh search, as the hint's: the same position, the same verdict.
    engine.clear_table();
    let mut last = None;
    let best = engine.analyze(game, |info| last = Some((info.score, info.pv.clone())));
    let (score, mut line) = match last {
        Some((score, pv)) => (Some(score), pv),
        None => (None, Vec::new()),
    };
    if let Some(best) = best
        && line.first() != Some(&best)
    {
        line = vec![best];
    }
    line.truncate(LINE_PLIES);
    Verdict { score, line }
}

/// Analyses `game` (either board) from its start with `engine` (its limits per position; set
/// [`Engine::set_search_forced`] to score forced moves too), marking every move that costs
/// enough (no move is taken for a book move). `progress(done, total)` is called after each
/// position and returns whether to go on; `None` when it said stop.
pub fn analyze_game<R: dama_engine::EngineRules>(
    engine: &mut Engine,
    game: &Game<R>,
    progress: impl FnMut(usize, usize) -> bool,
) -> Option<Analysis<R::Board>> {
    analyze_game_with(engine, game, &|_, _| false, progress)
}

/// Whether a move of a position is a move of the opening book.
pub type InBook<'a, B> = dyn Fn(&PositionOn<B>, &MoveOn<B>) -> bool + 'a;

/// [`analyze_game`], where `in_book(position, move)` says whether the move is one of the
/// opening book's in that position: such a move is never marked (its figures are kept).
///
/// Each position is searched afresh (the transposition table cleared first), so that the
/// same position gets the same verdict as the hint's ([`crate::play::hint::search`]) at the
/// same limits. A move other than the engine's choice is weighed against that choice on the
/// same footing: both positions after them are searched alike and their scores compared, so
/// that a search one ply deeper on one side does not count as a loss. A move that starts or
/// answers an even exchange (a capture and the recapture in the engine's line, the material
/// as it was and no capture pending) gets no `?!` or `?` (only `??`, a loss of
/// [`BLUNDER`] or a forced result given away, is still marked).
pub fn analyze_game_with<R: dama_engine::EngineRules>(
    engine: &mut Engine,
    game: &Game<R>,
    in_book: &InBook<'_, R::Board>,
    mut progress: impl FnMut(usize, usize) -> bool,
) -> Option<Analysis<R::Board>> {
    let moves: Vec<MoveOn<R::Board>> = game.moves().copied().collect();
    let total = moves.len() + 1;
    let mut replay = Game::<R>::new(*game.start());
    let mut before = verdict(engine, &replay);
    let start = before.score.map(|s| white_view(s, replay.turn()));
    if !progress(1, total) {
        return None;
    }
    let mut plies = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let mover = replay.turn();
        let at = replay.clone();
        if replay.try_play(mv).is_err() {
            // A game's own moves are legal; a game the rules ended stops here.
            break;
        }
        let after = verdict(engine, &replay);
        let chosen = before.line.first() == Some(mv);
        let book = in_book(at.position(), mv);
        let (loss, mark) = match (before.score, after.score) {
            (Some(b), Some(a)) if !chosen => {
                let a = flip(a);
                // The engine's own move, its position searched as the one played.
                let best = before
                    .line
                    .first()
                    .and_then(|best| {
                        let mut other = at.clone();
                        other.try_play(best).ok()?;
                        verdict(engine, &other).score
                    })
                    .map_or(b, flip);
                let loss = (figure(best) - figure(a)).max(0);
                let mark = mark_of(best, a, loss).filter(|&m| {
                    !book && (m == Mark::Blunder || !even_exchange(&at, mv, &after.line))
                });
                (loss, mark)
            }
            _ => (0, None),
        };
        plies.push(Ply {
            mv: *mv,
            mover,
            eval: after.score.map(|s| white_view(s, replay.turn())),
            loss,
            mark,
            book,
            better: if mark.is_some() {
                before.line.clone()
            } else {
                Vec::new()
            },
            refutation: if mark.is_some() {
                after.line.iter().take(REFUTATION_PLIES).copied().collect()
            } else {
                Vec::new()
            },
        });
        before = after;
        if !progress(i + 2, total) {
            return None;
        }
    }
    Some(Analysis { start, plies })
}

/// The material of `pos` from `side`'s view: its men less the other's, its kings less the
/// other's.
fn material<B: Board>(pos: &PositionOn<B>, side: Color) -> (i64, i64) {
    let count = |c: Color| {
        (
            i64::from(pos.men(c).count()),
            i64::from(pos.kings(c).count()),
        )
    };
    let (mine, theirs) = (count(side), count(!side));
    (mine.0 - theirs.0, mine.1 - theirs.1)
}

/// Whether `mv`, played in `at`, starts or answers an even exchange: within it and the first
/// two moves of `line` (the engine's line after it) a capture is made and the material comes
/// back to what it was, with no capture pending for the side then to move.
fn even_exchange<R: BoardRules>(
    at: &Game<R>,
    mv: &MoveOn<R::Board>,
    line: &[MoveOn<R::Board>],
) -> bool {
    let side = at.turn();
    let was = material(at.position(), side);
    let mut game = at.clone();
    let mut captured = false;
    for step in std::iter::once(mv).chain(line.iter().take(2)) {
        captured |= step.is_capture();
        if game.try_play(step).is_err() {
            return false;
        }
        if captured && material(game.position(), side) == was {
            let mut replies = MoveListOn::new();
            game.legal_moves(&mut replies);
            if !replies.iter().any(MoveOn::is_capture) {
                return true;
            }
        }
    }
    false
}

/// The annotations of the analysed moves for [`pdn::write_annotated`]: the mark, the
/// `[%eval …]` comment, the better line as a variation.
pub fn annotations<B: Board>(analysis: &Analysis<B>) -> Vec<Annotation<B>> {
    analysis
        .plies
        .iter()
        .map(|ply| Annotation {
            sign: ply.mark.map_or("", Mark::sign).to_string(),
            comment: ply.eval.map(|s| format!("[%eval {}]", eval_text(s))),
            variations: if ply.better.is_empty() {
                Vec::new()
            } else {
                vec![ply.better.clone()]
            },
        })
        .collect()
}

/// The table `dama analyze --load` prints: one line per move (ply, move, eval from White's
/// view, loss in men from the mover's, mark, and for a marked move the engine's line from
/// the position before it (its first move the better move) and from the one after it (its
/// first move the refutation); `book` for a move of the opening book), each move as `write`
/// writes it (the dialogue's `ConsoleRules::write`: the rule set's notation on 8×8, the
/// squares' numbers on 10×10).
pub fn table<B: Board>(
    analysis: &Analysis<B>,
    write: impl Fn(&MoveOn<B>) -> String,
) -> Vec<String> {
    let width = analysis
        .plies
        .iter()
        .map(|p| write(&p.mv).len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut lines = vec![format!(
        "{:>4} {:<width$} {:>6} {:>5} {:<4} lines",
        "ply", "move", "eval", "loss", "mark"
    )];
    let start = analysis.start.map_or("-".into(), eval_text);
    lines.push(format!("{:>4} {:<width$} {start:>6}", 0, "start"));
    for (i, ply) in analysis.plies.iter().enumerate() {
        let line = |moves: &[MoveOn<B>]| moves.iter().map(&write).collect::<Vec<_>>().join(" ");
        let mut better = String::new();
        if ply.book {
            better.push_str("book");
        }
        if !ply.better.is_empty() {
            better = format!("better: {}", line(&ply.better));
        }
        if !ply.refutation.is_empty() {
            better.push_str(&format!("; refutation: {}", line(&ply.refutation)));
        }
        let line = format!(
            "{:>4} {:<width$} {:>6} {:>5} {:<4} {better}",
            i + 1,
            write(&ply.mv),
            ply.eval.map_or("-".into(), eval_text),
            loss_text(ply.loss),
            ply.mark.map_or("", Mark::sign),
        );
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// A comment without its `[%eval …]` commands (an analysis of an annotated record writes
/// its own), trimmed.
fn without_eval(text: &str) -> String {
    let mut rest = text;
    let mut kept = String::new();
    while let Some(at) = rest.find("[%eval") {
        kept.push_str(&rest[..at]);
        rest = rest[at..].find(']').map_or("", |end| &rest[at + end + 1..]);
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The annotated PDN record of `game` with its analysis: `header`'s tags, then `tags` (the
/// loaded record's others, such as `WhiteElo` or `TimeControl`), and after each move its
/// mark, the record's own comments after that move (`comments`: each with the number of
/// half-moves before it, as [`pdn::Record::comments`]; a `[%clock …]` among them) and the
/// `[%eval …]` comment, then the better line.
pub fn annotated_pdn<R: GameRules>(
    game: &Game<R>,
    header: &pdn::Header,
    tags: &[(String, String)],
    comments: &[(usize, String)],
    analysis: &Analysis<R::GameBoard>,
) -> String {
    let mut notes = annotations(analysis);
    for (i, note) in notes.iter_mut().enumerate() {
        let own: Vec<String> = comments
            .iter()
            .filter(|(before, _)| *before == i + 1)
            .map(|(_, text)| without_eval(text))
            .filter(|text| !text.is_empty())
            .collect();
        if !own.is_empty() {
            let mut text = own.join(" ");
            if let Some(eval) = &note.comment {
                text = format!("{text} {eval}");
            }
            note.comment = Some(text);
        }
    }
    let extra: Vec<(&str, String)> = tags
        .iter()
        .map(|(name, value)| (name.as_str(), value.clone()))
        .collect();
    pdn::write_annotated(game, header, &extra, &notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_marks() {
        assert_eq!(eval_text(Score::Value(43)), "0.43");
        assert_eq!(eval_text(Score::Value(-120)), "-1.20");
        assert_eq!(eval_text(Score::Value(-5)), "-0.05");
        assert_eq!(eval_text(Score::Win(7)), "#7");
        assert_eq!(eval_text(Score::Loss(4)), "#-4");
        assert_eq!(loss_text(152), "1.52");
        let v = Score::Value;
        assert_eq!(mark_of(v(0), v(-49), 49), None);
        assert_eq!(mark_of(v(0), v(-50), 50), Some(Mark::Dubious));
        assert_eq!(mark_of(v(0), v(-99), 99), Some(Mark::Dubious));
        assert_eq!(mark_of(v(0), v(-100), 100), Some(Mark::Mistake));
        assert_eq!(mark_of(v(0), v(-150), 150), Some(Mark::Blunder));
        // A forced win given away for a big advantage is still a blunder.
        assert_eq!(mark_of(Score::Win(9), v(500), 0), Some(Mark::Blunder));
        assert_eq!(mark_of(v(-300), Score::Loss(12), 0), Some(Mark::Blunder));
        assert_eq!(mark_of(Score::Loss(12), Score::Loss(8), 0), None);
    }

    #[test]
    fn an_old_eval_is_dropped_and_the_rest_kept() {
        assert_eq!(without_eval("[%eval 0.12]"), "");
        assert_eq!(
            without_eval(" a recapture  [%eval -1.20] [%clock W0:05:01 b0:04:59]"),
            "a recapture [%clock W0:05:01 b0:04:59]"
        );
        assert_eq!(without_eval("[%eval 0.1"), "");
    }

    #[test]
    fn even_exchanges_are_told_from_lost_men() {
        use dama_core::Czech;
        let game = |moves: &str| pdn::read::<Czech>(&format!("{moves} *")).unwrap().game;
        let line = |text: &str| -> Vec<MoveOn<Board8>> {
            let g = game(&format!("1. e3-d4 b6-c5 {text}"));
            g.moves().skip(2).copied().collect()
        };
        let at = game("1. e3-d4");
        let mv = *game("1. e3-d4 b6-c5").moves().nth(1).unwrap();
        // b6-c5 d4xb6 a7xc5: a man for a man.
        assert!(even_exchange(&at, &mv, &line("2. d4xb6 a7xc5")));
        // b6-c5 d4xb6 and no recapture in the line: not even.
        assert!(!even_exchange(&at, &mv, &line("2. d4xb6")));
        // No capture at all.
        let quiet = *game("1. e3-d4 f6-g5").moves().nth(1).unwrap();
        let after = game("1. e3-d4 f6-g5 2. d4-e5");
        assert!(!even_exchange(
            &at,
            &quiet,
            &after.moves().skip(2).copied().collect::<Vec<_>>()
        ));
    }
}
