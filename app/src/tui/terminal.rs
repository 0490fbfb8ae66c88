//! The real terminal: raw mode, the alternate screen and mouse capture, and their undoing on
//! every way out — quit, end of input, a hang-up of the terminal, a panic (hook) and
//! SIGINT/SIGTERM/SIGHUP (flags checked between events; the events are read on a thread of
//! their own, so the checks run whatever the event source does).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::CrosstermBackend;
use ratatui::{Frame, Terminal};

use super::app::App;
use super::boards::TuiBoard;
use super::event::Event;
use super::render;

/// What the terminal runs: the game of `dama tui` ([`App`]), or the boards of `dama simul
/// --tui` ([`SimulApp`](super::simul::SimulApp)).
pub trait Screen {
    /// The board played on.
    type Board: TuiBoard;
    /// Reacts to one event.
    fn handle(&mut self, event: Event<Self::Board>);
    /// Handles the engines' answers that have come.
    fn poll_engines(&mut self);
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Whether the person asked to leave.
    fn wants_to_quit(&self) -> bool;
}

impl<B: TuiBoard> Screen for App<B> {
    type Board = B;

    fn handle(&mut self, event: Event<B>) {
        App::handle(self, event);
    }

    fn poll_engines(&mut self) {
        while let Some(event) = self.poll_engine() {
            App::handle(self, event);
        }
    }

    fn draw(&self, frame: &mut Frame) {
        render::draw(self, frame);
    }

    fn wants_to_quit(&self) -> bool {
        App::wants_to_quit(self)
    }
}

/// How long to wait for input before looking at the engine and the signals again.
const POLL: Duration = Duration::from_millis(40);

/// Leaves raw mode, mouse capture and the alternate screen; shows the cursor. Safe to call
/// more than once.
pub fn restore() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Restores the terminal when dropped, however the game ends.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Restores the terminal before the default panic message is printed.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// Reads the terminal's events on a thread of its own and hands them over, so that the game's
/// loop never waits inside the event source: crossterm's reader may spin for ever on a
/// terminal that hung up (an end of input or `EIO` it retries), and the loop must still see
/// the signals and the hang-up. The channel closes when the reader fails.
fn spawn_reader() -> mpsc::Receiver<crossterm::event::Event> {
    let (tx, rx) = mpsc::sync_channel(256);
    std::thread::spawn(move || {
        while let Ok(event) = crossterm::event::read() {
            if tx.send(event).is_err() {
                break;
            }
        }
    });
    rx
}

/// Watches the terminal the events come from (standard input if it is one, else
/// `/dev/tty`, as crossterm reads) for a hang-up: a closed window, a dropped ssh connection,
/// a killed tmux session.
struct HangUp {
    #[cfg(unix)]
    tty: Option<std::fs::File>,
}

impl HangUp {
    fn new() -> HangUp {
        #[cfg(unix)]
        {
            use std::io::IsTerminal;
            let tty = if io::stdin().is_terminal() {
                None
            } else {
                std::fs::File::open("/dev/tty").ok()
            };
            HangUp { tty }
        }
        #[cfg(not(unix))]
        HangUp {}
    }

    /// Whether the terminal is gone (poll says hung up, in error or closed).
    fn gone(&self) -> bool {
        #[cfg(unix)]
        {
            use rustix::event::{PollFd, PollFlags, Timespec};
            use std::os::fd::AsFd;
            let stdin = io::stdin();
            let fd = match &self.tty {
                Some(tty) => tty.as_fd(),
                None => stdin.as_fd(),
            };
            let mut fds = [PollFd::from_borrowed_fd(fd, PollFlags::empty())];
            let now = Timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            match rustix::event::poll(&mut fds, Some(&now)) {
                Ok(_) => fds[0]
                    .revents()
                    .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL),
                Err(rustix::io::Errno::INTR) => false,
                Err(_) => true,
            }
        }
        #[cfg(not(unix))]
        false
    }
}

/// Runs `screen` on the terminal until the person leaves, the input ends, the terminal hangs
/// up or a signal (SIGINT, SIGTERM, SIGHUP) comes; each is looked at every [`POLL`] whatever
/// the event source does.
pub fn run<S: Screen>(app: &mut S) -> io::Result<()> {
    let signalled = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&signalled))?;
    }
    install_panic_hook();
    enable_raw_mode()?;
    let guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let size = terminal.size()?;
    app.handle(Event::Resize {
        width: size.width,
        height: size.height,
    });
    let hang_up = HangUp::new();
    let events = spawn_reader();
    while !app.wants_to_quit() && !signalled.load(Ordering::Relaxed) && !hang_up.gone() {
        // A screen that cannot be drawn (the terminal went away) ends the game like quit.
        if terminal.draw(|frame| app.draw(frame)).is_err() {
            break;
        }
        match events.recv_timeout(POLL) {
            Ok(event) => {
                if let Some(event) = Event::from_crossterm(&event) {
                    app.handle(event);
                }
                // Whatever else came meanwhile, before the next drawing.
                while let Ok(event) = events.try_recv() {
                    if let Some(event) = Event::from_crossterm(&event) {
                        app.handle(event);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            // End of input (the terminal went away) ends the game like quit.
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        app.poll_engines();
        app.handle(Event::Tick);
    }
    drop(terminal);
    drop(guard);
    Ok(())
}
