//! The real terminal: raw mode, the alternate screen and mouse capture, and their undoing on
//! every way out — quit, end of input, a panic (hook) and SIGINT/SIGTERM/SIGHUP (flags checked
//! between events).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::App;
use super::event::Event;
use super::render;
use dama_engine::EngineRules;

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

/// Runs `app` on the terminal until the person leaves, the input ends or a signal comes.
pub fn run<R: EngineRules>(mut app: App<R>) -> io::Result<()> {
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
    while !app.wants_to_quit() && !signalled.load(Ordering::Relaxed) {
        terminal.draw(|frame| render::draw(&app, frame))?;
        // End of input (the terminal went away) ends the game like quit.
        let Ok(ready) = crossterm::event::poll(POLL) else {
            break;
        };
        if ready {
            let Ok(event) = crossterm::event::read() else {
                break;
            };
            if let Some(event) = Event::from_crossterm(&event) {
                app.handle(event);
            }
        }
        while let Some(event) = app.poll_engine() {
            app.handle(event);
        }
        app.handle(Event::Tick);
    }
    drop(terminal);
    drop(guard);
    Ok(())
}
