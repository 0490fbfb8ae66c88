//! Messages on a byte stream: each message is followed by one NUL byte (DXP's SOCKET layer).
//!
//! [`MessageReader`] reads up to the next NUL with a bound on the length, and
//! [`write_message`] writes a message and its NUL.

use std::io::{self, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::message::{DxpError, Message};

/// The default bound on one message's length (the protocol's messages are at most 127 bytes;
/// the bound leaves room for peers that send more).
pub const DEFAULT_MAX_LEN: usize = 512;

/// Why no message could be read.
#[derive(Debug, Error)]
pub enum FrameError {
    /// No NUL within the length bound. The reader discards the rest of this message up to its
    /// NUL on the next call, so the session can go on.
    #[error("message longer than {limit} bytes without a terminating NUL")]
    TooLong {
        /// The bound.
        limit: usize,
    },
    /// The read timed out (`WouldBlock` or `TimedOut`, as a `TcpStream` with a read timeout
    /// reports). Bytes already read are kept; a later call goes on from them.
    #[error("timed out waiting for a message")]
    Timeout,
    /// The stream ended inside a message, after this many bytes of it (0 when it ended while
    /// the rest of an over-long message was being skipped).
    #[error("stream closed in the middle of a message ({bytes} bytes without a NUL)")]
    ClosedMidMessage {
        /// Bytes of the unfinished message.
        bytes: usize,
    },
    /// The bytes up to the NUL are not a valid message. The reader is at the next message.
    #[error("malformed message {raw:?}: {error}")]
    Malformed {
        /// The message's bytes, as text (lossy).
        raw: String,
        /// What is wrong.
        error: DxpError,
    },
    /// Any other I/O error of the underlying reader.
    #[error("read failed: {0}")]
    Io(#[from] io::Error),
}

/// A stream whose reads can be bounded in time: [`MessageReader::read_message_before`] sets
/// the time left before each read, so that a deadline bounds a whole message (and a peer that
/// sends one byte at a time cannot stretch it), not only each read.
pub trait ReadTimeout {
    /// Bounds the next reads to `timeout` (`None`: no bound). Never called with zero.
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()>;
}

impl ReadTimeout for TcpStream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
        TcpStream::set_read_timeout(self, timeout)
    }
}

impl ReadTimeout for &TcpStream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
        TcpStream::set_read_timeout(self, timeout)
    }
}

/// Reads NUL-terminated messages from `R`, keeping bytes read past a NUL for the next call.
#[derive(Debug)]
pub struct MessageReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Bytes of `buf` already scanned for a NUL (all before it are not NUL).
    scanned: usize,
    max_len: usize,
    /// Inside an over-long message: drop bytes up to and including the next NUL.
    discarding: bool,
}

impl<R: Read> MessageReader<R> {
    /// A reader with the [`DEFAULT_MAX_LEN`] bound.
    pub fn new(inner: R) -> Self {
        Self::with_max_len(inner, DEFAULT_MAX_LEN)
    }

    /// A reader that refuses messages longer than `max_len` bytes (at least 1).
    pub fn with_max_len(inner: R, max_len: usize) -> Self {
        MessageReader {
            inner,
            buf: Vec::new(),
            scanned: 0,
            max_len: max_len.max(1),
            discarding: false,
        }
    }

    /// The underlying stream, to write to it (for a `TcpStream` or any `Read + Write`).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The underlying stream.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// Reads the bytes of the next message, without its NUL. `Ok(None)` when the stream ends
    /// cleanly between messages.
    pub fn read_frame(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        self.frame(|_| Ok(()))
    }

    /// The next frame; `before_read` is called before each read of the stream (to bound it).
    fn frame(
        &mut self,
        mut before_read: impl FnMut(&mut R) -> Result<(), FrameError>,
    ) -> Result<Option<Vec<u8>>, FrameError> {
        loop {
            if self.discarding {
                match self.buf.iter().position(|&b| b == 0) {
                    Some(nul) => {
                        self.buf.drain(..=nul);
                        self.scanned = 0;
                        self.discarding = false;
                    }
                    None => self.buf.clear(),
                }
            }
            if !self.discarding {
                if let Some(i) = self.buf[self.scanned..].iter().position(|&b| b == 0) {
                    let nul = self.scanned + i;
                    if nul > self.max_len {
                        self.buf.drain(..=nul);
                        self.scanned = 0;
                        return Err(FrameError::TooLong {
                            limit: self.max_len,
                        });
                    }
                    let frame: Vec<u8> = self.buf.drain(..=nul).take(nul).collect();
                    self.scanned = 0;
                    return Ok(Some(frame));
                }
                self.scanned = self.buf.len();
                if self.buf.len() > self.max_len {
                    self.buf.clear();
                    self.scanned = 0;
                    self.discarding = true;
                    return Err(FrameError::TooLong {
                        limit: self.max_len,
                    });
                }
            }
            before_read(&mut self.inner)?;
            let mut chunk = [0u8; 256];
            match self.inner.read(&mut chunk) {
                Ok(0) => {
                    let bytes = self.buf.len();
                    let was_discarding = self.discarding;
                    self.buf.clear();
                    self.scanned = 0;
                    self.discarding = false;
                    return if bytes == 0 && !was_discarding {
                        Ok(None)
                    } else {
                        Err(FrameError::ClosedMidMessage { bytes })
                    };
                }
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return Err(FrameError::Timeout);
                }
                Err(e) => return Err(FrameError::Io(e)),
            }
        }
    }

    /// Reads and parses the next message. `Ok(None)` when the stream ends cleanly between
    /// messages; a malformed message is [`FrameError::Malformed`] and leaves the reader at the
    /// next message.
    pub fn read_message(&mut self) -> Result<Option<Message>, FrameError> {
        let frame = self.read_frame()?;
        Self::parse(frame)
    }

    fn parse(frame: Option<Vec<u8>>) -> Result<Option<Message>, FrameError> {
        match frame {
            None => Ok(None),
            Some(frame) => {
                Message::parse(&frame)
                    .map(Some)
                    .map_err(|error| FrameError::Malformed {
                        raw: String::from_utf8_lossy(&frame).into_owned(),
                        error,
                    })
            }
        }
    }
}

impl<R: Read + ReadTimeout> MessageReader<R> {
    /// [`read_message`](Self::read_message) by `deadline`: each read of the stream is bounded
    /// by the time left, so the whole message is, however slowly its bytes come.
    /// [`FrameError::Timeout`] once the deadline has passed (bytes already read are kept).
    pub fn read_message_before(
        &mut self,
        deadline: Instant,
    ) -> Result<Option<Message>, FrameError> {
        let frame = self.frame(|inner| {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(FrameError::Timeout);
            }
            inner.set_read_timeout(Some(left)).map_err(FrameError::Io)
        })?;
        Self::parse(frame)
    }
}

/// Why a message could not be written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// A value does not fit its field; nothing was written.
    #[error(transparent)]
    Invalid(#[from] DxpError),
    /// The writer failed.
    #[error("write failed: {0}")]
    Io(#[from] io::Error),
}

/// Writes `message` and its terminating NUL in one `write_all`, then flushes. The message is
/// checked with [`Message::validate`] first; an invalid one is not written.
pub fn write_message<W: Write + ?Sized>(w: &mut W, message: &Message) -> Result<(), WriteError> {
    message.validate()?;
    let mut bytes = message.to_bytes();
    bytes.push(0);
    w.write_all(&bytes)?;
    w.flush()?;
    Ok(())
}
