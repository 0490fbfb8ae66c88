//! Framing: NUL-terminated messages on in-memory streams and a real loopback socket.

use std::collections::VecDeque;
use std::io::{self, ErrorKind, Read};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use dama_dxp::framing::{FrameError, MessageReader, WriteError, write_message};
use dama_dxp::message::{DxpError, EndReason, Message, StopCode};

/// A reader that hands out scripted chunks, one per `read` call, then either end of stream or
/// a scripted error.
struct Chunks {
    chunks: VecDeque<Result<Vec<u8>, ErrorKind>>,
}

impl Chunks {
    fn new(chunks: &[&[u8]]) -> Self {
        Chunks {
            chunks: chunks.iter().map(|c| Ok(c.to_vec())).collect(),
        }
    }

    fn then_error(mut self, kind: ErrorKind) -> Self {
        self.chunks.push_back(Err(kind));
        self
    }
}

impl Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.chunks.pop_front() {
            None => Ok(0),
            Some(Err(kind)) => Err(io::Error::new(kind, "scripted")),
            Some(Ok(mut chunk)) => {
                let n = chunk.len().min(buf.len());
                buf[..n].copy_from_slice(&chunk[..n]);
                if n < chunk.len() {
                    chunk.drain(..n);
                    self.chunks.push_front(Ok(chunk));
                }
                Ok(n)
            }
        }
    }
}

fn e00() -> Message {
    Message::GameEnd {
        reason: EndReason::Unspecified,
        stop: StopCode::NextGameWelcome,
    }
}

#[test]
fn message_split_across_reads() {
    let mut r = MessageReader::new(Chunks::new(&[b"M00", b"1206", b"11", b"00\0"]));
    assert_eq!(
        r.read_message().unwrap(),
        Some(Message::Move {
            seconds: 12,
            from: 6,
            to: 11,
            captured: vec![]
        })
    );
    assert!(r.read_message().unwrap().is_none());
}

#[test]
fn two_messages_in_one_read_and_a_third_split() {
    let mut r = MessageReader::new(Chunks::new(&[b"E00\0CHello\0K", b"1\0"]));
    assert_eq!(r.read_message().unwrap(), Some(e00()));
    assert_eq!(
        r.read_message().unwrap(),
        Some(Message::Chat("Hello".to_owned()))
    );
    assert_eq!(r.read_frame().unwrap(), Some(b"K1".to_vec()));
    assert!(r.read_frame().unwrap().is_none());
    // End of stream stays end of stream.
    assert!(r.read_frame().unwrap().is_none());
}

#[test]
fn over_long_message_is_an_error_then_the_reader_resynchronises() {
    let long = vec![b'C'; 600];
    let mut r = MessageReader::new(Chunks::new(&[&long, b"more text\0E00\0"]));
    assert!(matches!(
        r.read_frame(),
        Err(FrameError::TooLong { limit: 512 })
    ));
    assert_eq!(r.read_message().unwrap(), Some(e00()));
    assert!(r.read_message().unwrap().is_none());
}

#[test]
fn over_long_message_with_its_nul_in_the_same_read() {
    let mut bytes = vec![b'C'; 20];
    bytes.extend_from_slice(b"\0E00\0");
    let mut r = MessageReader::with_max_len(Chunks::new(&[&bytes]), 10);
    assert!(matches!(
        r.read_frame(),
        Err(FrameError::TooLong { limit: 10 })
    ));
    assert_eq!(r.read_message().unwrap(), Some(e00()));
}

#[test]
fn exactly_max_len_is_accepted() {
    let mut bytes = vec![b'C'; 10];
    bytes.push(0);
    let mut r = MessageReader::with_max_len(Chunks::new(&[&bytes]), 10);
    assert_eq!(r.read_frame().unwrap(), Some(vec![b'C'; 10]));
}

#[test]
fn stream_closed_mid_message() {
    let mut r = MessageReader::new(Chunks::new(&[b"E00\0M0012"]));
    assert_eq!(r.read_message().unwrap(), Some(e00()));
    assert!(matches!(
        r.read_message(),
        Err(FrameError::ClosedMidMessage { bytes: 5 })
    ));
}

#[test]
fn malformed_message_is_typed_and_the_next_one_reads() {
    let mut r = MessageReader::new(Chunks::new(&[b"E09\0E00\0"]));
    match r.read_message() {
        Err(FrameError::Malformed { raw, error }) => {
            assert_eq!(raw, "E09");
            assert!(matches!(
                error,
                DxpError::BadCode {
                    field: "stop code",
                    ..
                }
            ));
        }
        other => panic!("expected Malformed, got {other:?}"),
    }
    assert_eq!(r.read_message().unwrap(), Some(e00()));
}

#[test]
fn would_block_and_timed_out_are_timeouts_and_keep_partial_bytes() {
    let chunks = Chunks::new(&[b"E0"]).then_error(ErrorKind::WouldBlock);
    let mut r = MessageReader::new(chunks);
    assert!(matches!(r.read_frame(), Err(FrameError::Timeout)));
    r.get_mut().chunks.push_back(Err(ErrorKind::TimedOut));
    assert!(matches!(r.read_frame(), Err(FrameError::Timeout)));
    r.get_mut().chunks.push_back(Ok(b"0\0".to_vec()));
    assert_eq!(r.read_message().unwrap(), Some(e00()));
}

#[test]
fn interrupted_is_retried_and_other_errors_are_io() {
    let chunks = Chunks::new(&[])
        .then_error(ErrorKind::Interrupted)
        .then_error(ErrorKind::ConnectionReset);
    let mut r = MessageReader::new(chunks);
    match r.read_frame() {
        Err(FrameError::Io(e)) => assert_eq!(e.kind(), ErrorKind::ConnectionReset),
        other => panic!("expected Io, got {other:?}"),
    }
}

#[test]
fn write_message_appends_nul_and_refuses_invalid_messages() {
    let mut out = Vec::new();
    write_message(&mut out, &e00()).unwrap();
    write_message(&mut out, &Message::Chat("hi".to_owned())).unwrap();
    assert_eq!(out, b"E00\0Chi\0");
    let bad = Message::Move {
        seconds: 0,
        from: 0,
        to: 1,
        captured: vec![],
    };
    assert!(matches!(
        write_message(&mut out, &bad),
        Err(WriteError::Invalid(DxpError::Unsendable {
            field: "from field",
            ..
        }))
    ));
    assert_eq!(out, b"E00\0Chi\0");
}

#[test]
fn tcp_socket_read_timeout_is_a_timeout_error() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (mut server, _) = listener.accept().unwrap();
    client
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let mut r = MessageReader::new(client);
    write_message(&mut server, &Message::Chat("x".to_owned())).unwrap();
    assert_eq!(
        r.read_message().unwrap(),
        Some(Message::Chat("x".to_owned()))
    );
    // Nothing more is sent: the read gives up with the typed timeout.
    assert!(matches!(r.read_message(), Err(FrameError::Timeout)));
    // Closing the peer is a clean end of stream.
    drop(server);
    assert!(r.read_message().unwrap().is_none());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn arb_message() -> impl Strategy<Value = Message> {
        prop_oneof![
            "[\x01-\x7f]{0,126}".prop_map(Message::Chat),
            (
                0u16..10000,
                1u8..=50,
                1u8..=50,
                prop::collection::vec(1u8..=50, 0..=20)
            )
                .prop_map(|(seconds, from, to, captured)| Message::Move {
                    seconds,
                    from,
                    to,
                    captured
                }),
            Just(e00()),
        ]
    }

    proptest! {
        /// Messages written one after another read back the same, however the bytes are cut
        /// into reads.
        #[test]
        fn any_chunking_reads_back_the_messages(
            messages in prop::collection::vec(arb_message(), 0..8),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        ) {
            let mut bytes = Vec::new();
            for m in &messages {
                write_message(&mut bytes, m).unwrap();
            }
            let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(bytes.len() + 1)).collect();
            cuts.push(0);
            cuts.push(bytes.len());
            cuts.sort_unstable();
            // An empty read would mean end of stream: only non-empty chunks.
            let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &bytes[w[0]..w[1]]).filter(|c| !c.is_empty()).collect();
            let mut r = MessageReader::new(Chunks::new(&chunks));
            for m in &messages {
                prop_assert_eq!(r.read_message().unwrap(), Some(m.clone()));
            }
            prop_assert!(r.read_message().unwrap().is_none());
        }

        /// Arbitrary bytes never make the reader panic or loop: every call either gives a
        /// frame within the bound, an error, or the end.
        #[test]
        fn arbitrary_bytes_end_in_bounded_frames(
            bytes in prop::collection::vec(prop_oneof![Just(0u8), any::<u8>()], 0..2000),
            max_len in 1usize..64,
        ) {
            let mut r = MessageReader::with_max_len(Chunks::new(&[&bytes]), max_len);
            let mut calls = 0;
            loop {
                calls += 1;
                prop_assert!(calls <= bytes.len() + 2);
                match r.read_frame() {
                    Ok(Some(frame)) => prop_assert!(frame.len() <= max_len && !frame.contains(&0)),
                    Ok(None) | Err(FrameError::ClosedMidMessage { .. }) => break,
                    Err(FrameError::TooLong { .. } | FrameError::Malformed { .. }) => {}
                    Err(e) => prop_assert!(false, "unexpected error {e}"),
                }
            }
        }
    }
}
