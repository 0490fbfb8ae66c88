//! DamExchange (DXP): the protocol two draughts programs use to play a game of international
//! (10×10) draughts against each other over TCP.
//!
//! DXP was defined by Harm Jetten and Frank Mesander (mesander.nl/damexchange). Its *layer 1*
//! used here is the SOCKET protocol: a TCP stream, port [`DEFAULT_PORT`] (27531), on which
//! each message is sent followed by one NUL byte (0x00). Its *layer 2* is the messages: ASCII
//! text (bytes 1–127, never NUL), 1–127 characters, a one-letter header followed by
//! fixed-width fields. Numbers are decimal with leading zeros; squares are 01–50 in the
//! international numbering; colours are `W` (white) and `Z` (black, *zwart*).
//!
//! This crate knows nothing of the board: [`message`] parses and writes the messages,
//! [`framing`] reads and writes them on a stream, and [`session`] runs the game flow over a
//! [`DxpPlayer`] that brings the rules and the engine.
//!
//! # Messages
//!
//! Widths in bytes; offsets start at 0 with the header.
//!
//! | Message | Header | Fields (width) | Length | Example |
//! |---|---|---|---|---|
//! | GAMEREQ | `R` | version (2, `01`), initiator name (32, blank-padded), follower colour (1, `W`/`Z`), thinking time in minutes (3), number of moves (3, `000` = no limit), starting position (1: `A` initial, `B` position follows), [colour to move (1), position (50)] | 43 (`A`) or 94 (`B`) | `R01Tornado voor Windows 4.0        W060065A` |
//! | GAMEACC | `A` | follower name (32, blank-padded), acceptance code (1: `0` accept, `1` wrong version, `2` not this game, `3` no game at all) | 34 | `ATornado voor Windows 4.0        0` |
//! | MOVE | `M` | time in seconds (4), from (2), to (2), number captured (2, `00`–`20`), captured squares (2 each, any order) | 11 + 2 × captured | `M001205250422122320` (5x25 capturing 22, 12, 23, 20) |
//! | GAMEEND | `E` | reason (1: `0` none, `1` I give up, `2` draw, `3` I win), stop code (1: `0` another game welcome, `1` stop entirely) | 3 | `E00` |
//! | CHAT | `C` | text (1–126) | 2–127 | `CWhat do you think about move 35?` |
//! | BACKREQ | `B` | move number (3), colour to move (1) | 5 | `B005Z` |
//! | BACKACC | `K` | acceptance code (1: `0` accept, `1` not supported, `2` decline) | 2 | `K1` |
//!
//! A position is 50 characters, square 1 first: `e` empty, `w`/`z` white/black man, `W`/`Z`
//! white/black king.
//!
//! The GAMEACC, MOVE, GAMEEND and CHAT examples are the original protocol text's; the GAMEREQ,
//! BACKREQ and BACKACC examples are from pydraughts' comments (the original's GAMEREQ example
//! and its BACKREQ/BACKACC pages were not available to read). The tests check all of them
//! byte for byte, and a GAMEREQ with a position built from the layout.
//!
//! # Game flow
//!
//! The initiator sends GAMEREQ, the follower answers GAMEACC. Then MOVEs alternate strictly,
//! the side to move first starting (white from the initial position). A side ends the game by
//! sending GAMEEND *on its turn*, instead of a MOVE; the other side acknowledges with a
//! GAMEEND of reason `0`. CHAT may come at any time; BACKREQ asks to go back to a move and is
//! answered with BACKACC. [`run_initiator`] and [`run_follower`] play one game each and return
//! a [`SessionReport`].
//!
//! # Bounds
//!
//! Every wait for the opponent's message is [`await_message`] (shared with `dama match`'s
//! `dxp=` player): a [`Wait`] with one deadline for the whole wait ([`SessionOptions::timeout`];
//! each read of the stream is given only the time left, through [`ReadTimeout`], so a peer
//! that sends a byte at a time cannot stretch a message) and at most [`MAX_ASIDES`] (64) CHAT
//! and BACKREQ messages, after which the game ends ([`EndCause::Flooded`]).
//! [`SessionOptions::game_timeout`] bounds the opponent's time in one game, all its waits
//! together ([`SessionError::GameTime`]). A report keeps at most [`MAX_KEPT_LINES`] log lines
//! and chats. Without [`SessionOptions::timeout`] only the stream's own read timeout bounds
//! each read (`TcpStream::set_read_timeout`), and a silent peer that keeps the connection
//! open, with no read timeout either, makes the session wait forever.
//!
//! # Decisions
//!
//! The original protocol text (mesander.nl/damexchange, pages for each message and for the
//! SOCKET layer) is followed wherever other sources differ. The sources compared were that
//! text, the DXP client of pydraughts (`draughts/engines/dxp_communication/dxp_classes.py`,
//! itself adapted from DXC100) and the DXP messages of dctl (Rein Halbersma).
//!
//! - **Lengths are exact.** A message whose length is not its layout's is an error. pydraughts
//!   strips blanks and NULs from both ends of a received message and reads fields by slicing,
//!   accepting any length; the original gives exact widths, so this crate does too (a GAMEACC
//!   or GAMEREQ name is *inside* its 32 bytes, so no stripping is needed).
//! - **Message length bound.** The original allows 1–127 characters; pydraughts stops reading
//!   at 128 bytes without a NUL and treats what it has as the message. Here [`MessageReader`]
//!   allows up to [`framing::DEFAULT_MAX_LEN`] (512) bytes, so a slightly careless peer still
//!   works, and a longer message is an error after which the reader skips to the next NUL.
//! - **CHAT text.** Received text is taken whole, even beyond 126 characters (it is only
//!   informational); sent text is truncated to 126 so the message stays within 127.
//! - **Captures.** The count must be `00`–`20` as the original says and must match the bytes
//!   that follow exactly; pydraughts reads only as many squares as the count says. The
//!   original says some programs need the captured squares and others do not; this crate
//!   always sends them (they come from the [`MoveSpec`] the player gives).
//! - **Numbers too large for their field.** pydraughts writes them modulo the field's range
//!   (`% 10000`, `% 100`); here [`Message::validate`] reports them and
//!   [`framing::write_message`] refuses to send them, and [`Message::to_bytes`] (which cannot
//!   fail) clamps them, so a wrong value never silently becomes another valid value.
//! - **Names.** Padded with blanks or truncated to 32 characters (characters outside ASCII
//!   1–127 sent as `?`); trailing blanks are removed on receipt. Leading blanks, which the
//!   original forbids, are kept rather than rejected.
//! - **Version.** Parsed as any two digits; the follower answers GAMEACC code `1` to a version
//!   other than `01`, as the original describes, rather than rejecting the message.
//! - **BACKREQ** is always answered with BACKACC code `1` (not supported). dctl names codes
//!   `0` accept, `1` not supported, `2` decline; the original's page was not available to
//!   check, so dctl's codes are used.
//! - **GAMEEND.** pydraughts always sends stop code `1`; here the stop code is an option
//!   ([`SessionOptions::stop`], default `1`). The first GAMEEND is only sent on this side's
//!   turn, as the original requires, except after a malformed or unexpected message or an
//!   illegal move, where the game cannot go on. The reason sent is `1`, `2` or `3` from the
//!   player's [`Outcome`] when the game is over by the rules, `1` when the player has no move,
//!   and `0` otherwise; an acknowledgement always has reason `0`.
//! - **Waiting for the acknowledging GAMEEND** ends at the first GAMEEND, at the end of the
//!   stream, at the timeout (one wait for all) or after 64 other messages (which are
//!   ignored), and
//!   [`SessionReport::acknowledged`] says whether it came. A GAMEEND received where a GAMEREQ,
//!   GAMEACC or MOVE was awaited is acknowledged at once; in answer to GAMEREQ (no game was
//!   accepted) it scores nothing, whatever its reason.
//! - **Forfeits.** In an accepted game, the opponent's illegal move, malformed or unexpected
//!   message or flood of CHAT/BACKREQ loses it ([`SessionReport::outcome`]), as `dama
//!   match` scores a `dxp=` player; the GAMEEND sent still has reason `0`.
//! - **A reset is a close.** A peer that closes with this side's message unread makes the
//!   system answer with a reset (ECONNRESET) rather than an end of stream; both end the
//!   session with [`EndCause::PeerClosed`], the moves kept ([`is_closed`]).
//! - **Time and move limits** of GAMEREQ are passed on but not enforced, and the MOVE time is
//!   the wall-clock seconds the player took (informational, as the original says).
//! - **One game per call, several per connection.** The original lets the initiator start
//!   game after game on one connection; [`run_initiator`] and [`run_follower`] play one and
//!   return. [`run_initiator_on`] and [`run_follower_on`] take a [`MessageReader`] that the
//!   caller keeps, so that a loop around them plays the next game on the same connection
//!   without losing bytes already read (`dama dxp --listen` serves a match this way). Send
//!   [`StopCode::NextGameWelcome`] ([`SessionOptions::stop`]) when another game may follow.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod framing;
pub mod message;
pub mod session;

pub use framing::{FrameError, MessageReader, ReadTimeout, WriteError, write_message};
pub use message::{
    AcceptCode, BackAccCode, Colour, DxpError, EndReason, Message, Piece, Start, StopCode,
};
pub use session::{
    Aside, Awaited, DxpPlayer, EndCause, GameStatus, MAX_ASIDES, MAX_KEPT_LINES, MoveSpec, Outcome,
    Role, SessionError, SessionOptions, SessionReport, Wait, await_message, is_closed,
    run_follower, run_follower_on, run_initiator, run_initiator_on,
};

/// The TCP port of DXP's SOCKET protocol.
pub const DEFAULT_PORT: u16 = 27531;
