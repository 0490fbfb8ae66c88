//! The seven DXP messages as a typed [`Message`], parsed from and written to the bytes of one
//! message (the terminating NUL excluded; see [`crate::framing`] for that).

use thiserror::Error;

/// The protocol version this crate speaks and writes in GAMEREQ: `01`.
pub const PROTOCOL_VERSION: u8 = 1;

/// Width of the program-name fields of GAMEREQ and GAMEACC.
pub const NAME_WIDTH: usize = 32;

/// The longest CHAT text the original protocol allows (a message is at most 127 bytes).
pub const MAX_CHAT_TEXT: usize = 126;

/// The most captured pieces one MOVE may list (the protocol's `00`–`20`).
pub const MAX_CAPTURES: usize = 20;

/// A side: white (`W`) or black (`Z`, for *zwart*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White, written `W`.
    White,
    /// Black, written `Z`.
    Black,
}

impl Colour {
    /// The other side.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The protocol letter: `W` or `Z`.
    pub fn to_byte(self) -> u8 {
        match self {
            Colour::White => b'W',
            Colour::Black => b'Z',
        }
    }

    /// The side a protocol letter names, if it is `W` or `Z`.
    pub fn from_byte(byte: u8) -> Option<Colour> {
        match byte {
            b'W' => Some(Colour::White),
            b'Z' => Some(Colour::Black),
            _ => None,
        }
    }
}

/// A piece on one square of a GAMEREQ position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A white man, written `w`.
    WhiteMan,
    /// A black man, written `z`.
    BlackMan,
    /// A white king, written `W`.
    WhiteKing,
    /// A black king, written `Z`.
    BlackKing,
}

impl Piece {
    /// The protocol letter: `w`, `z`, `W` or `Z`.
    pub fn to_byte(self) -> u8 {
        match self {
            Piece::WhiteMan => b'w',
            Piece::BlackMan => b'z',
            Piece::WhiteKing => b'W',
            Piece::BlackKing => b'Z',
        }
    }

    /// The square content a protocol letter names: `Some(None)` for `e` (empty),
    /// `Some(Some(piece))` for a piece, `None` for any other byte.
    pub fn square_from_byte(byte: u8) -> Option<Option<Piece>> {
        match byte {
            b'e' => Some(None),
            b'w' => Some(Some(Piece::WhiteMan)),
            b'z' => Some(Some(Piece::BlackMan)),
            b'W' => Some(Some(Piece::WhiteKing)),
            b'Z' => Some(Some(Piece::BlackKing)),
            _ => None,
        }
    }

    /// The colour of the piece.
    pub fn colour(self) -> Colour {
        match self {
            Piece::WhiteMan | Piece::WhiteKing => Colour::White,
            Piece::BlackMan | Piece::BlackKing => Colour::Black,
        }
    }
}

/// Where a game starts: GAMEREQ's starting-position field.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Start {
    /// `A`: the normal initial position, white to move.
    Initial,
    /// `B`: the given position. `squares[i]` is square `i + 1` in the international numbering.
    Position {
        /// The side to move first.
        to_move: Colour,
        /// The 50 squares, square 1 first.
        squares: [Option<Piece>; 50],
    },
}

impl Start {
    /// The side that moves first.
    pub fn to_move(&self) -> Colour {
        match self {
            Start::Initial => Colour::White,
            Start::Position { to_move, .. } => *to_move,
        }
    }
}

/// GAMEACC's acceptance code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AcceptCode {
    /// `0`: the follower accepts the game.
    Accept,
    /// `1`: the protocol version in GAMEREQ is not the expected one.
    VersionMismatch,
    /// `2`: the follower declines this game but would play another.
    DeclineThisGame,
    /// `3`: the follower does not want to play any game.
    DeclineAll,
}

impl AcceptCode {
    /// The protocol digit.
    pub fn to_byte(self) -> u8 {
        match self {
            AcceptCode::Accept => b'0',
            AcceptCode::VersionMismatch => b'1',
            AcceptCode::DeclineThisGame => b'2',
            AcceptCode::DeclineAll => b'3',
        }
    }

    fn from_byte(byte: u8) -> Option<AcceptCode> {
        match byte {
            b'0' => Some(AcceptCode::Accept),
            b'1' => Some(AcceptCode::VersionMismatch),
            b'2' => Some(AcceptCode::DeclineThisGame),
            b'3' => Some(AcceptCode::DeclineAll),
            _ => None,
        }
    }
}

/// GAMEEND's reason, as seen by the program that sends the message. The protocol calls it
/// informational; an acknowledging GAMEEND always carries [`EndReason::Unspecified`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// `0`: no reason given (always allowed).
    Unspecified,
    /// `1`: I give up (I lose).
    IResign,
    /// `2`: draw.
    Draw,
    /// `3`: I win.
    IWin,
}

impl EndReason {
    /// The protocol digit.
    pub fn to_byte(self) -> u8 {
        match self {
            EndReason::Unspecified => b'0',
            EndReason::IResign => b'1',
            EndReason::Draw => b'2',
            EndReason::IWin => b'3',
        }
    }

    fn from_byte(byte: u8) -> Option<EndReason> {
        match byte {
            b'0' => Some(EndReason::Unspecified),
            b'1' => Some(EndReason::IResign),
            b'2' => Some(EndReason::Draw),
            b'3' => Some(EndReason::IWin),
            _ => None,
        }
    }
}

/// GAMEEND's stop code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StopCode {
    /// `0`: end this game; the sender is willing to play another.
    NextGameWelcome,
    /// `1`: the sender wants to stop entirely.
    StopAll,
}

impl StopCode {
    /// The protocol digit.
    pub fn to_byte(self) -> u8 {
        match self {
            StopCode::NextGameWelcome => b'0',
            StopCode::StopAll => b'1',
        }
    }

    fn from_byte(byte: u8) -> Option<StopCode> {
        match byte {
            b'0' => Some(StopCode::NextGameWelcome),
            b'1' => Some(StopCode::StopAll),
            _ => None,
        }
    }
}

/// BACKACC's acceptance code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackAccCode {
    /// `0`: the move back is accepted.
    Accept,
    /// `1`: moving back is not supported.
    NotSupported,
    /// `2`: the move back is declined.
    Decline,
}

impl BackAccCode {
    /// The protocol digit.
    pub fn to_byte(self) -> u8 {
        match self {
            BackAccCode::Accept => b'0',
            BackAccCode::NotSupported => b'1',
            BackAccCode::Decline => b'2',
        }
    }

    fn from_byte(byte: u8) -> Option<BackAccCode> {
        match byte {
            b'0' => Some(BackAccCode::Accept),
            b'1' => Some(BackAccCode::NotSupported),
            b'2' => Some(BackAccCode::Decline),
            _ => None,
        }
    }
}

/// One DXP message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Message {
    /// GAMEREQ (`R`): the initiator proposes a game.
    GameReq {
        /// Protocol version, two digits (`01` in the only version there is).
        version: u8,
        /// The initiator's program name (at most 32 characters on the wire).
        initiator_name: String,
        /// The colour the follower is asked to play.
        follower_colour: Colour,
        /// Thinking time per player for the whole game, in minutes (`000`–`999`).
        minutes: u16,
        /// Number of moves for the whole game, `0` meaning no limit (`000`–`999`).
        moves: u16,
        /// The starting position.
        start: Start,
    },
    /// GAMEACC (`A`): the follower's answer to GAMEREQ.
    GameAcc {
        /// The follower's program name (at most 32 characters on the wire).
        follower_name: String,
        /// Whether the follower accepts.
        acceptance: AcceptCode,
    },
    /// MOVE (`M`): a move of the sender.
    Move {
        /// Seconds the sender used for the move (`0000`–`9999`, informational).
        seconds: u16,
        /// The square the piece leaves, 1–50.
        from: u8,
        /// The square the piece ends on, 1–50.
        to: u8,
        /// The squares of the captured pieces, each 1–50, at most 20, in any order.
        captured: Vec<u8>,
    },
    /// GAMEEND (`E`): ends the game, or acknowledges the other side's GAMEEND.
    GameEnd {
        /// Why the sender ends the game.
        reason: EndReason,
        /// Whether the sender will play another game.
        stop: StopCode,
    },
    /// CHAT (`C`): free text.
    Chat(String),
    /// BACKREQ (`B`): a request to go back to a move.
    BackReq {
        /// The move number to go back to (`000`–`999`).
        move_number: u16,
        /// The side to move at that move.
        colour: Colour,
    },
    /// BACKACC (`K`): the answer to BACKREQ.
    BackAcc {
        /// Whether the request is accepted.
        code: BackAccCode,
    },
}

/// Why a message's bytes are not a valid DXP message. Each variant names the message and the
/// field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DxpError {
    /// Zero bytes: not even a header.
    #[error("empty message: no header byte")]
    Empty,
    /// A byte outside the protocol's ASCII range 1–127.
    #[error("byte {byte:#04x} at offset {offset} is outside DXP's ASCII range 1-127")]
    NonAscii {
        /// Offset of the byte in the message (the header is offset 0).
        offset: usize,
        /// The byte.
        byte: u8,
    },
    /// The first byte names no message.
    #[error("unknown header {0:?}: expected one of R, A, M, E, C, B, K")]
    BadHeader(char),
    /// The message is not as long as its layout requires.
    #[error("{message} is {found} bytes long, expected {expected}")]
    WrongLength {
        /// The message type (`GAMEREQ`, `MOVE`, ...).
        message: &'static str,
        /// The length(s) the layout allows, in words.
        expected: String,
        /// The length received.
        found: usize,
    },
    /// A numeric field holds something other than decimal digits.
    #[error("{message} field `{field}` is {found:?}: expected {width} decimal digits")]
    NotDigit {
        /// The message type.
        message: &'static str,
        /// The field.
        field: &'static str,
        /// The field's width in bytes.
        width: usize,
        /// The field's bytes, as text.
        found: String,
    },
    /// A square field is outside 1–50.
    #[error("{message} field `{field}` is {value:02}: a square must be 01-50")]
    SquareOutOfRange {
        /// The message type.
        message: &'static str,
        /// The field.
        field: &'static str,
        /// The number found.
        value: u16,
    },
    /// MOVE's capture count does not match the number of square fields after it, or exceeds 20.
    #[error(
        "MOVE declares {declared} captured pieces, which needs {} bytes of squares after it (at most 20 pieces), but {found_bytes} bytes follow",
        2 * *declared as usize
    )]
    CaptureCount {
        /// The count in the `number captured` field.
        declared: u16,
        /// The number of bytes after that field.
        found_bytes: usize,
    },
    /// A colour field is not `W` or `Z`.
    #[error("{message} field `{field}` is {found:?}: expected 'W' (white) or 'Z' (black)")]
    BadColour {
        /// The message type.
        message: &'static str,
        /// The field.
        field: &'static str,
        /// The character found.
        found: char,
    },
    /// A one-character code field holds an undefined code.
    #[error("{message} field `{field}` is {found:?}: expected {expected}")]
    BadCode {
        /// The message type.
        message: &'static str,
        /// The field.
        field: &'static str,
        /// The character found.
        found: char,
        /// The codes the field allows, in words.
        expected: &'static str,
    },
    /// A square of GAMEREQ's position is not one of `e w z W Z`.
    #[error("GAMEREQ position square {square} is {found:?}: expected one of e, w, z, W, Z")]
    BadPiece {
        /// The square, 1–50.
        square: u8,
        /// The character found.
        found: char,
    },
    /// The message cannot be written as DXP (a value outside its field's range).
    #[error("cannot send {message}: field `{field}` is {value}, allowed {allowed}")]
    Unsendable {
        /// The message type.
        message: &'static str,
        /// The field.
        field: &'static str,
        /// The value.
        value: u32,
        /// The allowed range, in words.
        allowed: &'static str,
    },
}

const GAMEREQ: &str = "GAMEREQ";
const GAMEACC: &str = "GAMEACC";
const MOVE: &str = "MOVE";
const GAMEEND: &str = "GAMEEND";
const BACKREQ: &str = "BACKREQ";
const BACKACC: &str = "BACKACC";

/// Length of GAMEREQ with the initial position (`A`), and with a position (`B`).
const GAMEREQ_INITIAL_LEN: usize = 1 + 2 + NAME_WIDTH + 1 + 3 + 3 + 1;
const GAMEREQ_POSITION_LEN: usize = GAMEREQ_INITIAL_LEN + 1 + 50;
const GAMEACC_LEN: usize = 1 + NAME_WIDTH + 1;
const MOVE_MIN_LEN: usize = 1 + 4 + 2 + 2 + 2;

/// Reads the fields of one message left to right. The caller checks the length before reading,
/// and every access goes through `get`, so a short message is an error, never a panic.
struct Fields<'a> {
    bytes: &'a [u8],
    pos: usize,
    message: &'static str,
}

impl<'a> Fields<'a> {
    fn new(bytes: &'a [u8], message: &'static str) -> Self {
        Fields {
            bytes,
            pos: 1,
            message,
        }
    }

    fn take(&mut self, width: usize) -> &'a [u8] {
        let end = (self.pos + width).min(self.bytes.len());
        let start = self.pos.min(end);
        self.pos += width;
        self.bytes.get(start..end).unwrap_or(&[])
    }

    fn byte(&mut self) -> u8 {
        self.take(1).first().copied().unwrap_or(0)
    }

    fn number(&mut self, field: &'static str, width: usize) -> Result<u16, DxpError> {
        let raw = self.take(width);
        if raw.len() != width || !raw.iter().all(u8::is_ascii_digit) {
            return Err(DxpError::NotDigit {
                message: self.message,
                field,
                width,
                found: String::from_utf8_lossy(raw).into_owned(),
            });
        }
        Ok(raw.iter().fold(0u16, |n, d| n * 10 + u16::from(d - b'0')))
    }

    fn square(&mut self, field: &'static str) -> Result<u8, DxpError> {
        let value = self.number(field, 2)?;
        match u8::try_from(value) {
            Ok(sq @ 1..=50) => Ok(sq),
            _ => Err(DxpError::SquareOutOfRange {
                message: self.message,
                field,
                value,
            }),
        }
    }

    fn colour(&mut self, field: &'static str) -> Result<Colour, DxpError> {
        let byte = self.byte();
        Colour::from_byte(byte).ok_or(DxpError::BadColour {
            message: self.message,
            field,
            found: char::from(byte),
        })
    }

    fn code<T>(
        &mut self,
        field: &'static str,
        expected: &'static str,
        decode: fn(u8) -> Option<T>,
    ) -> Result<T, DxpError> {
        let byte = self.byte();
        decode(byte).ok_or(DxpError::BadCode {
            message: self.message,
            field,
            found: char::from(byte),
            expected,
        })
    }

    fn name(&mut self) -> String {
        let raw = self.take(NAME_WIDTH);
        String::from_utf8_lossy(raw)
            .trim_end_matches(' ')
            .to_owned()
    }
}

fn exact_length(message: &'static str, bytes: &[u8], expected: usize) -> Result<(), DxpError> {
    if bytes.len() == expected {
        Ok(())
    } else {
        Err(DxpError::WrongLength {
            message,
            expected: expected.to_string(),
            found: bytes.len(),
        })
    }
}

impl Message {
    /// Parses the bytes of one message, without its terminating NUL.
    ///
    /// Every byte must be in 1–127; the length must be exactly the layout's (see the crate
    /// documentation); numbers must be all digits; squares 01–50; colours `W`/`Z`. A CHAT's text
    /// is taken whole, even beyond the protocol's 126 characters.
    pub fn parse(bytes: &[u8]) -> Result<Message, DxpError> {
        if let Some(offset) = bytes.iter().position(|&b| b == 0 || b > 127) {
            return Err(DxpError::NonAscii {
                offset,
                byte: bytes[offset],
            });
        }
        let Some(&header) = bytes.first() else {
            return Err(DxpError::Empty);
        };
        match header {
            b'R' => Self::parse_gamereq(bytes),
            b'A' => {
                exact_length(GAMEACC, bytes, GAMEACC_LEN)?;
                let mut f = Fields::new(bytes, GAMEACC);
                let follower_name = f.name();
                let acceptance = f.code(
                    "acceptance code",
                    "'0', '1', '2' or '3'",
                    AcceptCode::from_byte,
                )?;
                Ok(Message::GameAcc {
                    follower_name,
                    acceptance,
                })
            }
            b'M' => Self::parse_move(bytes),
            b'E' => {
                exact_length(GAMEEND, bytes, 3)?;
                let mut f = Fields::new(bytes, GAMEEND);
                let reason = f.code("reason", "'0', '1', '2' or '3'", EndReason::from_byte)?;
                let stop = f.code("stop code", "'0' or '1'", StopCode::from_byte)?;
                Ok(Message::GameEnd { reason, stop })
            }
            b'C' => Ok(Message::Chat(
                String::from_utf8_lossy(bytes.get(1..).unwrap_or(&[])).into_owned(),
            )),
            b'B' => {
                exact_length(BACKREQ, bytes, 5)?;
                let mut f = Fields::new(bytes, BACKREQ);
                let move_number = f.number("move number", 3)?;
                let colour = f.colour("colour to move")?;
                Ok(Message::BackReq {
                    move_number,
                    colour,
                })
            }
            b'K' => {
                exact_length(BACKACC, bytes, 2)?;
                let mut f = Fields::new(bytes, BACKACC);
                let code = f.code("acceptance code", "'0', '1' or '2'", BackAccCode::from_byte)?;
                Ok(Message::BackAcc { code })
            }
            other => Err(DxpError::BadHeader(char::from(other))),
        }
    }

    fn parse_gamereq(bytes: &[u8]) -> Result<Message, DxpError> {
        let lengths =
            || format!("{GAMEREQ_INITIAL_LEN} (start 'A') or {GAMEREQ_POSITION_LEN} (start 'B')");
        if bytes.len() < GAMEREQ_INITIAL_LEN {
            return Err(DxpError::WrongLength {
                message: GAMEREQ,
                expected: lengths(),
                found: bytes.len(),
            });
        }
        let mut f = Fields::new(bytes, GAMEREQ);
        let version = f.number("version", 2)?;
        let initiator_name = f.name();
        let follower_colour = f.colour("follower colour")?;
        let minutes = f.number("thinking time", 3)?;
        let moves = f.number("number of moves", 3)?;
        let indicator = f.byte();
        let start = match indicator {
            b'A' => {
                exact_length(GAMEREQ, bytes, GAMEREQ_INITIAL_LEN).map_err(|_| {
                    DxpError::WrongLength {
                        message: GAMEREQ,
                        expected: lengths(),
                        found: bytes.len(),
                    }
                })?;
                Start::Initial
            }
            b'B' => {
                exact_length(GAMEREQ, bytes, GAMEREQ_POSITION_LEN).map_err(|_| {
                    DxpError::WrongLength {
                        message: GAMEREQ,
                        expected: lengths(),
                        found: bytes.len(),
                    }
                })?;
                let to_move = f.colour("colour to move")?;
                let mut squares = [None; 50];
                for (i, (slot, &byte)) in squares.iter_mut().zip(f.take(50)).enumerate() {
                    *slot = Piece::square_from_byte(byte).ok_or(DxpError::BadPiece {
                        square: i as u8 + 1,
                        found: char::from(byte),
                    })?;
                }
                Start::Position { to_move, squares }
            }
            other => {
                return Err(DxpError::BadCode {
                    message: GAMEREQ,
                    field: "starting position",
                    found: char::from(other),
                    expected: "'A' (initial position) or 'B' (position follows)",
                });
            }
        };
        Ok(Message::GameReq {
            version: version as u8,
            initiator_name,
            follower_colour,
            minutes,
            moves,
            start,
        })
    }

    fn parse_move(bytes: &[u8]) -> Result<Message, DxpError> {
        if bytes.len() < MOVE_MIN_LEN {
            return Err(DxpError::WrongLength {
                message: MOVE,
                expected: format!("{MOVE_MIN_LEN} plus 2 per captured piece"),
                found: bytes.len(),
            });
        }
        let mut f = Fields::new(bytes, MOVE);
        let seconds = f.number("time", 4)?;
        let from = f.square("from field")?;
        let to = f.square("to field")?;
        let declared = f.number("number captured", 2)?;
        let found_bytes = bytes.len() - MOVE_MIN_LEN;
        if usize::from(declared) > MAX_CAPTURES || found_bytes != 2 * usize::from(declared) {
            return Err(DxpError::CaptureCount {
                declared,
                found_bytes,
            });
        }
        let captured = (0..declared)
            .map(|_| f.square("captured pieces"))
            .collect::<Result<Vec<u8>, DxpError>>()?;
        Ok(Message::Move {
            seconds,
            from,
            to,
            captured,
        })
    }

    /// The message type's protocol name (`GAMEREQ`, `MOVE`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Message::GameReq { .. } => GAMEREQ,
            Message::GameAcc { .. } => GAMEACC,
            Message::Move { .. } => MOVE,
            Message::GameEnd { .. } => GAMEEND,
            Message::Chat(_) => "CHAT",
            Message::BackReq { .. } => BACKREQ,
            Message::BackAcc { .. } => BACKACC,
        }
    }

    /// Checks that every value fits its field, so that [`Message::to_bytes`] writes exactly
    /// this message: version ≤ 99, minutes, moves and move number ≤ 999, seconds ≤ 9999,
    /// squares 1–50, at most 20 captures. Names and chat text are never an error (they are
    /// fitted, see [`Message::to_bytes`]).
    pub fn validate(&self) -> Result<(), DxpError> {
        fn at_most(
            message: &'static str,
            field: &'static str,
            value: u32,
            max: u32,
            allowed: &'static str,
        ) -> Result<(), DxpError> {
            if value <= max {
                Ok(())
            } else {
                Err(DxpError::Unsendable {
                    message,
                    field,
                    value,
                    allowed,
                })
            }
        }
        fn square(field: &'static str, value: u8) -> Result<(), DxpError> {
            if (1..=50).contains(&value) {
                Ok(())
            } else {
                Err(DxpError::Unsendable {
                    message: MOVE,
                    field,
                    value: u32::from(value),
                    allowed: "1-50",
                })
            }
        }
        match self {
            Message::GameReq {
                version,
                minutes,
                moves,
                ..
            } => {
                at_most(GAMEREQ, "version", (*version).into(), 99, "0-99")?;
                at_most(GAMEREQ, "thinking time", (*minutes).into(), 999, "0-999")?;
                at_most(GAMEREQ, "number of moves", (*moves).into(), 999, "0-999")
            }
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                at_most(MOVE, "time", (*seconds).into(), 9999, "0-9999")?;
                square("from field", *from)?;
                square("to field", *to)?;
                at_most(
                    MOVE,
                    "number captured",
                    captured.len().try_into().unwrap_or(u32::MAX),
                    MAX_CAPTURES as u32,
                    "0-20",
                )?;
                captured
                    .iter()
                    .try_for_each(|&sq| square("captured pieces", sq))
            }
            Message::BackReq { move_number, .. } => {
                at_most(BACKREQ, "move number", (*move_number).into(), 999, "0-999")
            }
            Message::GameAcc { .. }
            | Message::GameEnd { .. }
            | Message::Chat(_)
            | Message::BackAcc { .. } => Ok(()),
        }
    }

    /// The message's bytes, without the terminating NUL.
    ///
    /// Names are padded with blanks or truncated to 32 characters, a CHAT text truncated to
    /// 126; a character outside ASCII 1–127 in a name or text is written as `?`. Numbers too
    /// large for their field are written as the field's largest value and squares outside
    /// 1–50 are clamped into it, so the layout is always right; [`Message::validate`] reports
    /// such values instead ([`crate::framing::write_message`] calls it first).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(GAMEREQ_POSITION_LEN);
        match self {
            Message::GameReq {
                version,
                initiator_name,
                follower_colour,
                minutes,
                moves,
                start,
            } => {
                out.push(b'R');
                push_number(&mut out, (*version).into(), 2);
                push_text(&mut out, initiator_name, NAME_WIDTH, true);
                out.push(follower_colour.to_byte());
                push_number(&mut out, (*minutes).into(), 3);
                push_number(&mut out, (*moves).into(), 3);
                match start {
                    Start::Initial => out.push(b'A'),
                    Start::Position { to_move, squares } => {
                        out.push(b'B');
                        out.push(to_move.to_byte());
                        out.extend(squares.iter().map(|sq| sq.map_or(b'e', Piece::to_byte)));
                    }
                }
            }
            Message::GameAcc {
                follower_name,
                acceptance,
            } => {
                out.push(b'A');
                push_text(&mut out, follower_name, NAME_WIDTH, true);
                out.push(acceptance.to_byte());
            }
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                out.push(b'M');
                push_number(&mut out, (*seconds).into(), 4);
                push_square(&mut out, *from);
                push_square(&mut out, *to);
                let captured = &captured[..captured.len().min(MAX_CAPTURES)];
                push_number(&mut out, captured.len() as u32, 2);
                for &sq in captured {
                    push_square(&mut out, sq);
                }
            }
            Message::GameEnd { reason, stop } => {
                out.extend([b'E', reason.to_byte(), stop.to_byte()]);
            }
            Message::Chat(text) => {
                out.push(b'C');
                push_text(&mut out, text, MAX_CHAT_TEXT, false);
            }
            Message::BackReq {
                move_number,
                colour,
            } => {
                out.push(b'B');
                push_number(&mut out, (*move_number).into(), 3);
                out.push(colour.to_byte());
            }
            Message::BackAcc { code } => out.extend([b'K', code.to_byte()]),
        }
        out
    }
}

/// Writes `value` in `width` digits with leading zeros, the field's largest value if it does
/// not fit.
fn push_number(out: &mut Vec<u8>, value: u32, width: u32) {
    let value = value.min(10u32.pow(width) - 1);
    for i in (0..width).rev() {
        out.push(b'0' + (value / 10u32.pow(i) % 10) as u8);
    }
}

fn push_square(out: &mut Vec<u8>, square: u8) {
    push_number(out, square.clamp(1, 50).into(), 2);
}

/// Writes at most `width` characters of `text` (each outside ASCII 1–127 as `?`), padded with
/// blanks to `width` if `pad`.
fn push_text(out: &mut Vec<u8>, text: &str, width: usize, pad: bool) {
    let start = out.len();
    out.extend(text.chars().take(width).map(|c| {
        if ('\u{1}'..='\u{7f}').contains(&c) {
            c as u8
        } else {
            b'?'
        }
    }));
    if pad {
        out.resize(start + width, b' ');
    }
}
