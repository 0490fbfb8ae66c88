//! `dama hub`: the engine speaks the Hub protocol (Scan's, version 2) on standard input and
//! output (`docs/hub.md`).
//!
//! - [`protocol`]: a line → a typed command or error, and the reply lines (no I/O);
//! - [`encoding`]: positions and moves, on 10×10 as the protocol (Scan) defines them, on 8×8
//!   as pydraughts' `HubEngine` writes them;
//! - [`session`]: the state machine and the search job;
//! - [`run`]: the threads: one reading the input, the search on its own, one writer that
//!   flushes whenever no reply waits, with bounded queues between them ([`QUEUE`]). The end
//!   of input or a closed pipe ends the session cleanly.

pub mod encoding;
pub mod protocol;
pub mod session;

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

pub use session::{Config, Event, Session};

/// Reads one line of at most [`protocol::MAX_LINE`] bytes (a longer one is read to its end
/// and returned cut, so that the parser refuses it). `None` at the end of input.
fn read_line(input: &mut dyn BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let limit = protocol::MAX_LINE as u64 + 1;
    loop {
        let mut chunk = Vec::new();
        let n = std::io::Read::take(&mut *input, limit)
            .read_until(b'\n', &mut chunk)
            .ok()?;
        if n == 0 {
            return if bytes.is_empty() {
                None
            } else {
                Some(String::from_utf8_lossy(&bytes).into_owned())
            };
        }
        let ended = chunk.last() == Some(&b'\n');
        if bytes.len() <= protocol::MAX_LINE {
            bytes.extend_from_slice(&chunk);
        }
        if ended {
            while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                bytes.pop();
            }
            return Some(String::from_utf8_lossy(&bytes).into_owned());
        }
    }
}

/// Lines that may wait between the threads: the reader's lines and the search's reports to
/// the session, the session's and the search's replies to the writer. Both queues are
/// bounded: a GUI that stops reading blocks the writer, then the session and the search at
/// their next reply, then the reader (its input is no longer read); a flood of input waits in
/// the pipe, not in memory.
pub const QUEUE: usize = 64;

/// The most reply lines written before a flush (a flush also comes whenever no reply waits).
pub const FLUSH_EVERY: usize = 256;

/// Runs a session on `input` and `output` until `quit`, the end of input or a closed output.
pub fn run<I, O>(config: Config, input: I, output: O)
where
    I: BufRead + Send + 'static,
    O: Write + Send + 'static,
{
    let (events_tx, events) = mpsc::sync_channel::<Event>(QUEUE);
    let (out_tx, out_rx) = mpsc::sync_channel::<String>(QUEUE);
    // The writer: the replies as they come, flushed whenever none waits.
    let writer_events = events_tx.clone();
    let (written_tx, written) = mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        let mut output = std::io::BufWriter::new(output);
        let mut failed = false;
        'lines: while let Ok(line) = out_rx.recv() {
            let mut next = Some(line);
            let mut written = 0;
            while let Some(line) = next.take() {
                if writeln!(output, "{line}").is_err() {
                    failed = true;
                    break 'lines;
                }
                written += 1;
                if written < FLUSH_EVERY {
                    next = out_rx.try_recv().ok();
                }
            }
            if output.flush().is_err() {
                failed = true;
                break;
            }
        }
        if failed {
            // The replies' queue is closed first, so that the session and the search never
            // wait on it again, then the session is told.
            drop(out_rx);
            let _ = writer_events.send(Event::OutputClosed);
        }
        let _ = written_tx.send(());
    });
    // The reader: it may stay blocked on the input after the session ends (it is then left
    // detached); once it has stopped it says so, and is joined.
    let reader_events = events_tx.clone();
    let (read_tx, read) = mpsc::channel::<()>();
    let reader = std::thread::Builder::new()
        .name("hub-reader".into())
        .spawn(move || {
            let mut input = input;
            while let Some(line) = read_line(&mut input) {
                if reader_events.send(Event::Line(line)).is_err() {
                    let _ = read_tx.send(());
                    return;
                }
            }
            let _ = reader_events.send(Event::Eof);
            let _ = read_tx.send(());
        });
    let mut session = Session::new(config, out_tx, events_tx);
    while !session.finished() {
        let event = match session.deadline() {
            Some(deadline) => {
                match events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Timeout) => {
                        session.on_deadline();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            None => match events.recv() {
                Ok(event) => event,
                Err(_) => break,
            },
        };
        session.handle(event);
    }
    // Dropping the session closes the writer's channel: it writes what is queued and ends.
    // The events are dropped too: a reader or a search blocked on them is let go. A GUI that
    // no longer reads (the writer blocked on a full pipe) is waited for [`LAST_WRITES`] at
    // most: then the session ends without the replies still queued.
    drop(session);
    drop(events);
    // Threads that have stopped are joined, so that none outlives the session (a thread
    // still blocked, on a GUI's input or output, is left detached).
    if written.recv_timeout(LAST_WRITES).is_ok() {
        let _ = writer.join();
    }
    if let Ok(reader) = reader
        && read.recv_timeout(LAST_READ).is_ok()
    {
        let _ = reader.join();
    }
}

/// How long the end of a session waits for the reader to stop: one that is not blocked on
/// its input stops at once, its next line refused.
const LAST_READ: std::time::Duration = std::time::Duration::from_millis(50);

/// How long the end of a session waits for the replies still queued to be written.
const LAST_WRITES: std::time::Duration = std::time::Duration::from_secs(10);
