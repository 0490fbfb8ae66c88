//! Reading typed lines after a prompt, with the echo that makes a replayed script read like a
//! session at a terminal.

use std::io::{self, BufRead, Write};

/// The longest line kept, in bytes; the rest of a longer line is read and dropped, so that
/// endless input without a newline (`< /dev/zero`) cannot fill the memory.
pub const MAX_LINE_BYTES: usize = 4096;

/// Reads one line (up to and with its `\n`), keeping at most [`MAX_LINE_BYTES`] of it;
/// returns the bytes kept and how many were read in all (0 at the end of input). A read
/// error counts as the end of input.
fn read_line_bounded(input: &mut dyn BufRead) -> (Vec<u8>, usize) {
    let mut kept = Vec::new();
    let mut total = 0;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return (kept, total),
        };
        if chunk.is_empty() {
            return (kept, total);
        }
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..used.min(room)]);
        if done && used > room {
            // Cut short: keep the line ending so the caller sees a whole line.
            kept.push(b'\n');
        }
        input.consume(used);
        total += used;
        if done {
            return (kept, total);
        }
    }
}

/// What a prompt got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// A line, without its line ending.
    Line(String),
    /// The input ended (or could not be read any more).
    Eof,
}

/// What a wait for a line got ([`LineSource::next_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A line, with its line ending when it had one (cut at [`MAX_LINE_BYTES`]).
    Line(Vec<u8>),
    /// The input ended (or could not be read any more).
    Eof,
    /// No line came within the time given.
    Waited,
}

/// Where the console's lines come from.
///
/// A script's input is read line by line as it comes ([`BufReadSource`]: no waiting limit,
/// so a scripted game is the same whatever the time). At a terminal the lines are read on
/// a thread of their own ([`ThreadedSource`]), so the dialogue can wait for a line *or* for
/// a clock to run out, and announce a flag fall while the person is still at the prompt.
/// Tests pass a source of their own that stands for a person who waits (with a fake clock).
pub trait LineSource {
    /// The next line. With `wait`, a source that can wait ([`LineSource::can_wait`]) gives
    /// [`Next::Waited`] when no line came within it; other sources read on regardless.
    fn next_line(&mut self, wait: Option<std::time::Duration>) -> Next;

    /// Whether [`LineSource::next_line`] keeps to its `wait` (a script's input does not: it
    /// reads the next line whenever it comes, so scripts stay deterministic).
    fn can_wait(&self) -> bool {
        false
    }
}

/// Lines read from any `BufRead` as they come (scripts, pipes, tests).
pub struct BufReadSource<'a>(pub &'a mut dyn BufRead);

impl LineSource for BufReadSource<'_> {
    fn next_line(&mut self, _: Option<std::time::Duration>) -> Next {
        match read_line_bounded(self.0) {
            (_, 0) => Next::Eof,
            (bytes, _) => Next::Line(bytes),
        }
    }
}

/// Lines read on a thread of their own from a reader (standard input at a terminal), so that
/// a wait for the next one can end when its time is up.
///
/// The thread reads a line only when one is asked for (nothing is read ahead), and the end of
/// the input is not final: at a terminal Ctrl-D ends one read, and the next read waits for
/// more (the question "quit anyway?" after a Ctrl-D is answered from the keyboard).
pub struct ThreadedSource {
    requests: std::sync::mpsc::Sender<()>,
    lines: std::sync::mpsc::Receiver<Vec<u8>>,
    /// Whether a line was asked for and has not come yet (a wait ran out).
    pending: bool,
}

impl ThreadedSource {
    /// Starts the thread that reads `reader` line by line, a line each time one is asked
    /// for. While the program waits for its next line it stays blocked on the read, and
    /// leaves with the process.
    pub fn spawn(reader: impl io::Read + Send + 'static) -> ThreadedSource {
        let (requests, asked) = std::sync::mpsc::channel::<()>();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = io::BufReader::new(reader);
            for () in asked {
                let (bytes, read) = read_line_bounded(&mut reader);
                // An empty message is the end of the input (of this read).
                let bytes = if read == 0 { Vec::new() } else { bytes };
                if send.send(bytes).is_err() {
                    return;
                }
            }
        });
        ThreadedSource {
            requests,
            lines,
            pending: false,
        }
    }
}

impl LineSource for ThreadedSource {
    fn next_line(&mut self, wait: Option<std::time::Duration>) -> Next {
        use std::sync::mpsc::RecvTimeoutError;
        if !self.pending {
            if self.requests.send(()).is_err() {
                return Next::Eof;
            }
            self.pending = true;
        }
        let got = match wait {
            Some(wait) => self.lines.recv_timeout(wait),
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            Err(RecvTimeoutError::Timeout) => Next::Waited,
            Ok(bytes) if !bytes.is_empty() => {
                self.pending = false;
                Next::Line(bytes)
            }
            Ok(_) | Err(RecvTimeoutError::Disconnected) => {
                self.pending = false;
                Next::Eof
            }
        }
    }

    fn can_wait(&self) -> bool {
        true
    }
}

/// The console's input and output.
pub struct LineIo<'a> {
    input: &'a mut dyn LineSource,
    output: &'a mut dyn Write,
    echo: bool,
}

impl<'a> LineIo<'a> {
    /// Reads from `input` and writes to `output`; with `echo`, every line read is written
    /// after its prompt.
    pub fn new(input: &'a mut dyn LineSource, output: &'a mut dyn Write, echo: bool) -> LineIo<'a> {
        LineIo {
            input,
            output,
            echo,
        }
    }

    /// Writes `text` as it is.
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.output.write_all(text.as_bytes())
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.output.write_all(text.as_bytes())?;
        self.output.write_all(b"\n")
    }

    /// Writes `prompt` (no newline), then reads one line. The line is echoed when echo is on;
    /// at the end of input the open prompt line is ended with a newline.
    pub fn prompt(&mut self, prompt: &str) -> io::Result<Read> {
        self.output.write_all(prompt.as_bytes())?;
        self.output.flush()?;
        Ok(self.read_within(None)?.unwrap_or(Read::Eof))
    }

    /// Whether the input can wait for a line a limited time ([`LineSource::can_wait`]).
    pub fn can_wait(&self) -> bool {
        self.input.can_wait()
    }

    /// Reads one line after a prompt already written, waiting at most `wait` when the input
    /// can wait: `None` when no line came in time (the prompt line is left open). The line is
    /// echoed when echo is on; at the end of input the open prompt line is ended.
    pub fn read_within(&mut self, wait: Option<std::time::Duration>) -> io::Result<Option<Read>> {
        self.output.flush()?;
        let mut bytes = match self.input.next_line(wait) {
            Next::Waited => return Ok(None),
            Next::Eof => {
                self.output.write_all(b"\n")?;
                self.output.flush()?;
                return Ok(Some(Read::Eof));
            }
            Next::Line(bytes) => bytes,
        };
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if self.echo {
            self.output.write_all(text.as_bytes())?;
            self.output.write_all(b"\n")?;
        }
        Ok(Some(Read::Line(text)))
    }

    /// Flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.output.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_and_end_of_input() {
        let mut input: &[u8] = b"61.52\r\nxx";
        let mut out = Vec::new();
        let mut source = BufReadSource(&mut input);
        let mut io = LineIo::new(&mut source, &mut out, true);
        assert_eq!(io.prompt("> ").unwrap(), Read::Line("61.52".into()));
        assert_eq!(io.prompt("> ").unwrap(), Read::Line("xx".into()));
        assert_eq!(io.prompt("> ").unwrap(), Read::Eof);
        assert_eq!(String::from_utf8(out).unwrap(), "> 61.52\n> xx\n> \n");
    }

    #[test]
    fn a_threaded_source_waits_then_gives_the_line_that_comes() {
        let (reader, mut writer) = std::io::pipe().unwrap();
        let mut source = ThreadedSource::spawn(reader);
        // Nothing written yet: a wait of no time ends with nothing.
        assert_eq!(
            source.next_line(Some(std::time::Duration::ZERO)),
            Next::Waited
        );
        writer.write_all(b"c3-d4\n").unwrap();
        assert_eq!(source.next_line(None), Next::Line(b"c3-d4\n".to_vec()));
        drop(writer);
        assert_eq!(source.next_line(None), Next::Eof);
    }

    #[test]
    fn a_threaded_source_gives_its_lines_then_the_end() {
        let mut source = ThreadedSource::spawn(&b"61.52\nxx"[..]);
        assert!(source.can_wait());
        assert_eq!(source.next_line(None), Next::Line(b"61.52\n".to_vec()));
        assert_eq!(source.next_line(None), Next::Line(b"xx".to_vec()));
        assert_eq!(source.next_line(None), Next::Eof);
        assert_eq!(source.next_line(None), Next::Eof);
    }

    #[test]
    fn long_lines_are_cut_and_the_next_line_read() {
        let mut text = vec![b'z'; 3 * MAX_LINE_BYTES];
        text.extend_from_slice(b"\n61.52\n");
        let mut input: &[u8] = &text;
        let mut out = Vec::new();
        let mut source = BufReadSource(&mut input);
        let mut io = LineIo::new(&mut source, &mut out, false);
        let Read::Line(first) = io.prompt("").unwrap() else {
            panic!("a line")
        };
        assert_eq!(first.len(), MAX_LINE_BYTES);
        assert_eq!(io.prompt("").unwrap(), Read::Line("61.52".into()));
        assert_eq!(io.prompt("").unwrap(), Read::Eof);
    }
}
