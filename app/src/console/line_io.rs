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

/// The console's input and output.
pub struct LineIo<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
    echo: bool,
}

impl<'a> LineIo<'a> {
    /// Reads from `input` and writes to `output`; with `echo`, every line read is written
    /// after its prompt.
    pub fn new(input: &'a mut dyn BufRead, output: &'a mut dyn Write, echo: bool) -> LineIo<'a> {
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
        let (bytes, read) = read_line_bounded(self.input);
        let mut bytes = bytes;
        if read == 0 {
            self.output.write_all(b"\n")?;
            self.output.flush()?;
            return Ok(Read::Eof);
        }
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
        Ok(Read::Line(text))
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
        let mut io = LineIo::new(&mut input, &mut out, true);
        assert_eq!(io.prompt("> ").unwrap(), Read::Line("61.52".into()));
        assert_eq!(io.prompt("> ").unwrap(), Read::Line("xx".into()));
        assert_eq!(io.prompt("> ").unwrap(), Read::Eof);
        assert_eq!(String::from_utf8(out).unwrap(), "> 61.52\n> xx\n> \n");
    }

    #[test]
    fn long_lines_are_cut_and_the_next_line_read() {
        let mut text = vec![b'z'; 3 * MAX_LINE_BYTES];
        text.extend_from_slice(b"\n61.52\n");
        let mut input: &[u8] = &text;
        let mut out = Vec::new();
        let mut io = LineIo::new(&mut input, &mut out, false);
        let Read::Line(first) = io.prompt("").unwrap() else {
            panic!("a line")
        };
        assert_eq!(first.len(), MAX_LINE_BYTES);
        assert_eq!(io.prompt("").unwrap(), Read::Line("61.52".into()));
        assert_eq!(io.prompt("").unwrap(), Read::Eof);
    }
}
