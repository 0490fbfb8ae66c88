//! The engine on its own thread, so that the screen never freezes while it thinks.
//!
//! The app sends a [`Task`] with a copy of the game and gets a [`Reply`] back on a channel. Each
//! task has its own stop flag: setting it ends the search at once and the engine answers with
//! the best move found so far (`Space` = move now), or the app drops the answer of a task it no
//! longer wants (after an undo, a new game, a load) by its number.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dama_core::{Board, Board8, Color, MoveOn};
use dama_engine::{Limits, Score};

use crate::play::analysis::Analysis;
use crate::play::{DynGame, EngineCalls, EnginePlayer, Source};

/// What the engine is asked to do.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Task {
    /// Choose the move to play.
    Move,
    /// Offer a draw if the position is dead drawn (the line console's rule), else choose the
    /// move to play.
    OfferOrMove,
    /// Suggest a move to the person to move.
    Hint,
    /// Say whether the engine, playing this side, accepts a draw.
    AcceptDraw(Color),
    /// Say whether the engine accepts a draw for both sides (two engines asked by the rules'
    /// draw offer).
    AcceptDrawBoth,
    /// Score every position of the game within these limits (full strength), and mark its
    /// moves ([`crate::play::analysis`]); progress is reported position by position.
    Analyze(Limits),
}

/// The engine's last completed search: how deep, its score and how long it took.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SearchReport {
    /// The deepest iteration completed.
    pub depth: u32,
    /// The score of the best line, from the mover's view.
    pub score: Score,
    /// The time the search took.
    pub elapsed: Duration,
}

/// The engine's answer to a task.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reply<B: Board = Board8> {
    /// The number the task was given by [`Worker::ask`].
    pub id: u64,
    /// The task answered.
    pub task: Task,
    /// The move found (for [`Task::Move`] and [`Task::Hint`]).
    pub mv: Option<MoveOn<B>>,
    /// The answer to [`Task::AcceptDraw`] and [`Task::AcceptDrawBoth`].
    pub accepts: bool,
    /// [`Task::OfferOrMove`]: the engine offers a draw (and has not moved).
    pub offers: bool,
    /// The search behind the move, if one ran (so far, when not `done`).
    pub search: Option<SearchReport>,
    /// The move came from the opening book (no search ran).
    pub book: bool,
    /// Whether this is the answer; otherwise it reports a finished depth of a search that goes
    /// on (only for the engine's own move), or the positions analysed so far.
    pub done: bool,
    /// [`Task::Analyze`]: the positions scored so far and in all.
    pub progress: Option<(usize, usize)>,
    /// [`Task::Analyze`]: the analysis (none when it was stopped).
    pub analysis: Option<Box<Analysis<B>>>,
    /// [`Task::Hint`]: the hint's move, score and line.
    pub hint: Option<crate::play::hint::Hint<B>>,
}

/// The engine's settings for one task: its limits (the level set during the game, the
/// clock's time control) and, on a clock, the time the side to move has left.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Setting {
    /// The limits the engine thinks within from now on.
    pub limits: dama_engine::Limits,
    /// The time left on the side to move's clock.
    pub left: Option<Duration>,
}

struct Job<B: Board> {
    id: u64,
    task: Task,
    game: DynGame<B>,
    stop: Arc<AtomicBool>,
    setting: Option<Setting>,
}

/// The engine thread and the channels to it.
pub struct Worker<B: Board> {
    jobs: Option<Sender<Job<B>>>,
    replies: Receiver<Reply<B>>,
    stop: Arc<AtomicBool>,
    next_id: u64,
    thread: Option<JoinHandle<()>>,
}

impl<B: Board> std::fmt::Debug for Worker<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("next_id", &self.next_id)
            .finish_non_exhaustive()
    }
}

fn serve<B: Board>(
    calls: &'static dyn EngineCalls<B>,
    mut player: EnginePlayer,
    jobs: Receiver<Job<B>>,
    replies: Sender<Reply<B>>,
) {
    for job in jobs {
        let engine = player.engine_mut();
        // A task stopped before it started still answers (at once): the app waits for it.
        engine.set_stop(Arc::clone(&job.stop));
        if let Some(setting) = job.setting {
            engine.set_limits(setting.limits);
            if let Some(left) = setting.left {
                engine.set_clock(job.game.turn(), left);
            }
        }
        let started = Instant::now();
        let mut reply = Reply {
            id: job.id,
            task: job.task,
            mv: None,
            accepts: false,
            offers: false,
            search: None,
            book: false,
            done: true,
            progress: None,
            analysis: None,
            hint: None,
        };
        match job.task {
            // The engine's own offer comes before its book and its search (no book position
            // is drawn: the books' positions have 15 pieces or more, an offer 4 or fewer).
            Task::OfferOrMove if calls.offers_draw(&mut player, &job.game) => reply.offers = true,
            Task::Hint => {
                reply.hint = calls.hint(player.engine_mut(), &job.game);
                reply.mv = reply.hint.as_ref().map(|hint| hint.mv);
            }
            Task::Move | Task::OfferOrMove => {
                let played = calls.reply(&mut player, &job.game, &mut |info| {
                    let report = SearchReport {
                        depth: info.depth,
                        score: info.score,
                        elapsed: started.elapsed(),
                    };
                    let _ = replies.send(Reply {
                        search: Some(report),
                        done: false,
                        ..reply.clone()
                    });
                });
                if let Some(played) = played {
                    reply.mv = Some(played.mv);
                    match played.source {
                        Source::Search(Some(info)) => {
                            reply.search = Some(SearchReport {
                                depth: info.depth,
                                score: info.score,
                                elapsed: started.elapsed(),
                            });
                        }
                        Source::Search(None) => {}
                        Source::Book => reply.book = true,
                    }
                }
            }
            Task::Analyze(limits) => {
                let engine = player.engine_mut();
                let kept = (engine.limits(), engine.threads());
                engine.set_limits(limits);
                // One thread, as the hint and `dama analyze --load`: the same verdicts.
                engine.set_threads(1);
                engine.set_search_forced(true);
                // The rule set's book moves (those the engine plays itself) are never marked.
                reply.analysis = calls
                    .analyze_game(engine, &job.game, &mut |done, total| {
                        let _ = replies.send(Reply {
                            progress: Some((done, total)),
                            done: false,
                            ..reply.clone()
                        });
                        !job.stop.load(Ordering::Relaxed)
                    })
                    .map(Box::new);
                engine.set_search_forced(false);
                engine.set_limits(kept.0);
                engine.set_threads(kept.1);
            }
            Task::AcceptDraw(side) => {
                reply.accepts = calls.accepts_draw(&mut player, &job.game, side)
            }
            Task::AcceptDrawBoth => reply.accepts = calls.accepts_draw_both(&mut player, &job.game),
        }
        if replies.send(reply).is_err() {
            return;
        }
    }
}

impl<B: Board> Worker<B> {
    /// Starts the engine thread with `player`: the engine, and the book its own moves come
    /// from first; its work is done through `calls`, with the rule set's static type.
    pub fn start(calls: &'static dyn EngineCalls<B>, player: EnginePlayer) -> Worker<B> {
        let (jobs, job_rx) = mpsc::channel();
        let (reply_tx, replies) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("dama-engine".into())
            // The search recurses up to its ply limit: room as on a main thread.
            .stack_size(8 << 20)
            .spawn(move || serve(calls, player, job_rx, reply_tx))
            .ok();
        Worker {
            jobs: Some(jobs),
            replies,
            stop: Arc::new(AtomicBool::new(false)),
            next_id: 0,
            thread,
        }
    }

    /// Gives the engine a task on a copy of `game`; returns the task's number.
    /// A task still running is stopped first (its answer comes back and is for the caller to
    /// drop).
    pub fn ask(&mut self, game: &DynGame<B>, task: Task) -> u64 {
        self.ask_with(game, task, None)
    }

    /// [`Worker::ask`], the engine first given `setting` (kept for the tasks after it).
    pub fn ask_with(&mut self, game: &DynGame<B>, task: Task, setting: Option<Setting>) -> u64 {
        self.stop();
        self.next_id += 1;
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            id: self.next_id,
            task,
            game: game.clone(),
            stop: Arc::clone(&self.stop),
            setting,
        };
        if let Some(jobs) = &self.jobs {
            // A dead thread just never answers; the app shows it thinking.
            let _ = jobs.send(job);
        }
        self.next_id
    }

    /// Stops the running task: a search answers at once with its best move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// An answer, if one has come.
    pub fn try_reply(&self) -> Option<Reply<B>> {
        self.replies.try_recv().ok()
    }

    /// Waits up to `timeout` for an answer.
    pub fn wait_reply(&self, timeout: Duration) -> Option<Reply<B>> {
        self.replies.recv_timeout(timeout).ok()
    }
}

impl<B: Board> Drop for Worker<B> {
    fn drop(&mut self) {
        self.stop();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
