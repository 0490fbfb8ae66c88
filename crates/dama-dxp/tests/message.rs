//! Messages: exact bytes against the protocol's examples, each parse error, round trips.

use dama_dxp::message::*;
use proptest::prelude::*;

const TORNADO: &str = "Tornado voor Windows 4.0";

fn roundtrip(message: &Message, bytes: &[u8]) {
    assert_eq!(
        String::from_utf8_lossy(&message.to_bytes()),
        String::from_utf8_lossy(bytes)
    );
    assert_eq!(Message::parse(bytes), Ok(message.clone()));
    assert_eq!(message.validate(), Ok(()));
}

// ---- exact bytes, from the examples of the protocol text (and pydraughts' comments) ----

#[test]
fn gamereq_initial_position() {
    let bytes = b"R01Tornado voor Windows 4.0        W060065A";
    assert_eq!(bytes.len(), 43);
    roundtrip(
        &Message::GameReq {
            version: 1,
            initiator_name: TORNADO.to_owned(),
            follower_colour: Colour::White,
            minutes: 60,
            moves: 65,
            start: Start::Initial,
        },
        bytes,
    );
}

/// A position after 1. 32-28 19-23: white men 31-50 but 32 on 28, black men 1-20 but 19 on
/// 23; a white king on 3 replaces the black man there, and a black king on 48 the white man.
#[test]
fn gamereq_with_position() {
    let mut squares = [None; 50];
    for sq in 1..=20 {
        squares[sq - 1] = Some(Piece::BlackMan);
    }
    for sq in 31..=50 {
        squares[sq - 1] = Some(Piece::WhiteMan);
    }
    squares[31] = None;
    squares[27] = Some(Piece::WhiteMan);
    squares[18] = None;
    squares[22] = Some(Piece::BlackMan);
    squares[2] = Some(Piece::WhiteKing);
    squares[47] = Some(Piece::BlackKing);
    let mut bytes = b"R01dama                            Z120000BZ".to_vec();
    bytes.extend_from_slice(b"zzWzzzzzzzzzzzzzzzezeezeeeeweewewwwwwwwwwwwwwwwZww");
    assert_eq!(bytes.len(), 94);
    roundtrip(
        &Message::GameReq {
            version: 1,
            initiator_name: "dama".to_owned(),
            follower_colour: Colour::Black,
            minutes: 120,
            moves: 0,
            start: Start::Position {
                to_move: Colour::Black,
                squares,
            },
        },
        &bytes,
    );
}

#[test]
fn gameacc() {
    let bytes = b"ATornado voor Windows 4.0        0";
    assert_eq!(bytes.len(), 34);
    roundtrip(
        &Message::GameAcc {
            follower_name: TORNADO.to_owned(),
            acceptance: AcceptCode::Accept,
        },
        bytes,
    );
    for (code, byte) in [
        (AcceptCode::VersionMismatch, b'1'),
        (AcceptCode::DeclineThisGame, b'2'),
        (AcceptCode::DeclineAll, b'3'),
    ] {
        let mut bytes = bytes.to_vec();
        bytes[33] = byte;
        roundtrip(
            &Message::GameAcc {
                follower_name: TORNADO.to_owned(),
                acceptance: code,
            },
            &bytes,
        );
    }
}

#[test]
fn move_plain_and_capture() {
    roundtrip(
        &Message::Move {
            seconds: 12,
            from: 6,
            to: 11,
            captured: vec![],
        },
        b"M0012061100",
    );
    roundtrip(
        &Message::Move {
            seconds: 12,
            from: 5,
            to: 25,
            captured: vec![22, 12, 23, 20],
        },
        b"M001205250422122320",
    );
}

#[test]
fn gameend() {
    roundtrip(
        &Message::GameEnd {
            reason: EndReason::Unspecified,
            stop: StopCode::NextGameWelcome,
        },
        b"E00",
    );
    roundtrip(
        &Message::GameEnd {
            reason: EndReason::IResign,
            stop: StopCode::StopAll,
        },
        b"E11",
    );
    roundtrip(
        &Message::GameEnd {
            reason: EndReason::Draw,
            stop: StopCode::StopAll,
        },
        b"E21",
    );
    roundtrip(
        &Message::GameEnd {
            reason: EndReason::IWin,
            stop: StopCode::NextGameWelcome,
        },
        b"E30",
    );
}

#[test]
fn chat() {
    roundtrip(
        &Message::Chat("What do you think about move 35?".to_owned()),
        b"CWhat do you think about move 35?",
    );
}

#[test]
fn backreq_and_backacc() {
    roundtrip(
        &Message::BackReq {
            move_number: 5,
            colour: Colour::Black,
        },
        b"B005Z",
    );
    roundtrip(
        &Message::BackAcc {
            code: BackAccCode::NotSupported,
        },
        b"K1",
    );
    roundtrip(
        &Message::BackAcc {
            code: BackAccCode::Accept,
        },
        b"K0",
    );
    roundtrip(
        &Message::BackAcc {
            code: BackAccCode::Decline,
        },
        b"K2",
    );
}

// ---- writing: fitting names and text, clamping, validation ----

#[test]
fn names_are_padded_and_truncated() {
    let long = "An engine with a name much longer than thirty-two characters";
    let bytes = Message::GameAcc {
        follower_name: long.to_owned(),
        acceptance: AcceptCode::Accept,
    }
    .to_bytes();
    assert_eq!(bytes, b"AAn engine with a name much longe0");
    let bytes = Message::GameAcc {
        follower_name: "Dé".to_owned(),
        acceptance: AcceptCode::DeclineAll,
    }
    .to_bytes();
    assert_eq!(bytes, b"AD?                              3");
}

#[test]
fn chat_text_is_truncated_to_126() {
    let text = "x".repeat(200);
    let bytes = Message::Chat(text).to_bytes();
    assert_eq!(bytes.len(), 127);
    assert_eq!(Message::Chat(String::new()).to_bytes(), b"C");
}

#[test]
fn out_of_range_values_are_clamped_and_reported() {
    let mv = Message::Move {
        seconds: 12345,
        from: 0,
        to: 51,
        captured: vec![99],
    };
    assert_eq!(mv.to_bytes(), b"M999901500150");
    assert_eq!(
        mv.validate(),
        Err(DxpError::Unsendable {
            message: "MOVE",
            field: "time",
            value: 12345,
            allowed: "0-9999"
        })
    );
    let mv = Message::Move {
        seconds: 0,
        from: 0,
        to: 5,
        captured: vec![],
    };
    assert_eq!(
        mv.validate(),
        Err(DxpError::Unsendable {
            message: "MOVE",
            field: "from field",
            value: 0,
            allowed: "1-50"
        })
    );
    let mv = Message::Move {
        seconds: 0,
        from: 1,
        to: 5,
        captured: vec![7; 21],
    };
    assert_eq!(
        mv.validate(),
        Err(DxpError::Unsendable {
            message: "MOVE",
            field: "number captured",
            value: 21,
            allowed: "0-20"
        })
    );
    assert_eq!(mv.to_bytes().len(), 11 + 40);
    let req = Message::GameReq {
        version: 1,
        initiator_name: String::new(),
        follower_colour: Colour::White,
        minutes: 1000,
        moves: 0,
        start: Start::Initial,
    };
    assert!(req.validate().is_err());
    assert_eq!(&req.to_bytes()[36..39], b"999");
    let back = Message::BackReq {
        move_number: 1000,
        colour: Colour::White,
    };
    assert!(back.validate().is_err());
    assert_eq!(back.to_bytes(), b"B999W");
}

// ---- parse errors: each says which field and why ----

#[test]
fn error_empty_and_header() {
    assert_eq!(Message::parse(b""), Err(DxpError::Empty));
    assert_eq!(Message::parse(b"X00"), Err(DxpError::BadHeader('X')));
    assert_eq!(
        Message::parse(b"m0012061100"),
        Err(DxpError::BadHeader('m'))
    );
}

#[test]
fn error_non_ascii() {
    assert_eq!(
        Message::parse(b"CCaf\xc3\xa9"),
        Err(DxpError::NonAscii {
            offset: 4,
            byte: 0xc3
        })
    );
    assert_eq!(
        Message::parse(b"E0\x001"),
        Err(DxpError::NonAscii { offset: 2, byte: 0 })
    );
    let err = Message::parse(b"\xffE").unwrap_err();
    assert_eq!(
        err.to_string(),
        "byte 0xff at offset 0 is outside DXP's ASCII range 1-127"
    );
}

#[test]
fn error_wrong_length() {
    let err = Message::parse(b"E0").unwrap_err();
    assert_eq!(
        err,
        DxpError::WrongLength {
            message: "GAMEEND",
            expected: "3".to_owned(),
            found: 2
        }
    );
    assert_eq!(err.to_string(), "GAMEEND is 2 bytes long, expected 3");
    assert!(matches!(
        Message::parse(b"ATornado 0"),
        Err(DxpError::WrongLength {
            message: "GAMEACC",
            found: 10,
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"K12"),
        Err(DxpError::WrongLength {
            message: "BACKACC",
            found: 3,
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"B05Z"),
        Err(DxpError::WrongLength {
            message: "BACKREQ",
            found: 4,
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"M00120611"),
        Err(DxpError::WrongLength {
            message: "MOVE",
            found: 9,
            ..
        })
    ));
    // GAMEREQ: 'A' must end the message, 'B' must be followed by 51 bytes.
    let err = Message::parse(b"R01Tornado voor Windows 4.0        W060065AZ").unwrap_err();
    assert_eq!(
        err.to_string(),
        "GAMEREQ is 44 bytes long, expected 43 (start 'A') or 94 (start 'B')"
    );
    assert!(matches!(
        Message::parse(b"R01Tornado voor Windows 4.0        W060065BW"),
        Err(DxpError::WrongLength {
            message: "GAMEREQ",
            found: 44,
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"R01Tornado"),
        Err(DxpError::WrongLength {
            message: "GAMEREQ",
            found: 10,
            ..
        })
    ));
}

#[test]
fn error_not_digit() {
    let err = Message::parse(b"M00a2061100").unwrap_err();
    assert_eq!(
        err,
        DxpError::NotDigit {
            message: "MOVE",
            field: "time",
            width: 4,
            found: "00a2".to_owned()
        }
    );
    assert_eq!(
        err.to_string(),
        "MOVE field `time` is \"00a2\": expected 4 decimal digits"
    );
    assert!(matches!(
        Message::parse(b"M0012 61100"),
        Err(DxpError::NotDigit {
            field: "from field",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"M00120611-1"),
        Err(DxpError::NotDigit {
            field: "number captured",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"M00120525012x"),
        Err(DxpError::NotDigit {
            field: "captured pieces",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"R0xTornado voor Windows 4.0        W060065A"),
        Err(DxpError::NotDigit {
            message: "GAMEREQ",
            field: "version",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"R01Tornado voor Windows 4.0        W06 065A"),
        Err(DxpError::NotDigit {
            field: "thinking time",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"R01Tornado voor Windows 4.0        W0600x5A"),
        Err(DxpError::NotDigit {
            field: "number of moves",
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"B0a5Z"),
        Err(DxpError::NotDigit {
            message: "BACKREQ",
            field: "move number",
            ..
        })
    ));
}

#[test]
fn error_square_out_of_range() {
    let err = Message::parse(b"M0012001100").unwrap_err();
    assert_eq!(
        err,
        DxpError::SquareOutOfRange {
            message: "MOVE",
            field: "from field",
            value: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "MOVE field `from field` is 00: a square must be 01-50"
    );
    assert!(matches!(
        Message::parse(b"M0012065100"),
        Err(DxpError::SquareOutOfRange {
            field: "to field",
            value: 51,
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"M00120525019"),
        Err(DxpError::CaptureCount { .. })
    ));
    assert!(matches!(
        Message::parse(b"M001205250199"),
        Err(DxpError::SquareOutOfRange {
            field: "captured pieces",
            value: 99,
            ..
        })
    ));
}

#[test]
fn error_capture_count() {
    let err = Message::parse(b"M00120525042212").unwrap_err();
    assert_eq!(
        err,
        DxpError::CaptureCount {
            declared: 4,
            found_bytes: 4
        }
    );
    assert_eq!(
        err.to_string(),
        "MOVE declares 4 captured pieces, which needs 8 bytes of squares after it (at most 20 pieces), but 4 bytes follow"
    );
    assert!(matches!(
        Message::parse(b"M0012061100 "),
        Err(DxpError::CaptureCount {
            declared: 0,
            found_bytes: 1
        })
    ));
    // 21 captures, correctly listed, are still more than the protocol's 20.
    let mut bytes = b"M0000011021".to_vec();
    for _ in 0..21 {
        bytes.extend_from_slice(b"07");
    }
    assert!(matches!(
        Message::parse(&bytes),
        Err(DxpError::CaptureCount {
            declared: 21,
            found_bytes: 42
        })
    ));
}

#[test]
fn error_bad_colour() {
    let err = Message::parse(b"R01Tornado voor Windows 4.0        B060065A").unwrap_err();
    assert_eq!(
        err,
        DxpError::BadColour {
            message: "GAMEREQ",
            field: "follower colour",
            found: 'B'
        }
    );
    assert_eq!(
        err.to_string(),
        "GAMEREQ field `follower colour` is 'B': expected 'W' (white) or 'Z' (black)"
    );
    assert!(matches!(
        Message::parse(b"B005w"),
        Err(DxpError::BadColour {
            message: "BACKREQ",
            found: 'w',
            ..
        })
    ));
    let mut bytes = b"R01Tornado voor Windows 4.0        W060065Bw".to_vec();
    bytes.extend_from_slice(&[b'e'; 50]);
    assert!(matches!(
        Message::parse(&bytes),
        Err(DxpError::BadColour {
            field: "colour to move",
            found: 'w',
            ..
        })
    ));
}

#[test]
fn error_bad_code_and_piece() {
    let err = Message::parse(b"E40").unwrap_err();
    assert_eq!(
        err.to_string(),
        "GAMEEND field `reason` is '4': expected '0', '1', '2' or '3'"
    );
    assert!(matches!(
        Message::parse(b"E02"),
        Err(DxpError::BadCode {
            field: "stop code",
            found: '2',
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"K3"),
        Err(DxpError::BadCode {
            message: "BACKACC",
            found: '3',
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"ATornado voor Windows 4.0        4"),
        Err(DxpError::BadCode {
            message: "GAMEACC",
            found: '4',
            ..
        })
    ));
    assert!(matches!(
        Message::parse(b"R01Tornado voor Windows 4.0        W060065C"),
        Err(DxpError::BadCode {
            field: "starting position",
            found: 'C',
            ..
        })
    ));
    let mut bytes = b"R01Tornado voor Windows 4.0        W060065BW".to_vec();
    bytes.extend_from_slice(&[b'e'; 50]);
    bytes[43 + 17] = b'x';
    let err = Message::parse(&bytes).unwrap_err();
    assert_eq!(
        err,
        DxpError::BadPiece {
            square: 17,
            found: 'x'
        }
    );
    assert_eq!(
        err.to_string(),
        "GAMEREQ position square 17 is 'x': expected one of e, w, z, W, Z"
    );
}

#[test]
fn received_names_lose_trailing_blanks_only() {
    let parsed = Message::parse(b"A  two  blanks                   0").unwrap();
    assert_eq!(
        parsed,
        Message::GameAcc {
            follower_name: "  two  blanks".to_owned(),
            acceptance: AcceptCode::Accept
        }
    );
}

#[test]
fn received_chat_may_exceed_126() {
    let mut bytes = b"C".to_vec();
    bytes.extend_from_slice(&[b'y'; 300]);
    assert_eq!(Message::parse(&bytes), Ok(Message::Chat("y".repeat(300))));
    assert_eq!(Message::parse(b"C"), Ok(Message::Chat(String::new())));
}

// ---- properties ----

fn arb_name() -> impl Strategy<Value = String> {
    "([!-~]([ -~]{0,30}[!-~])?)?"
}

fn arb_colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(Colour::White), Just(Colour::Black)]
}

fn arb_square() -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        Just(None),
        Just(Some(Piece::WhiteMan)),
        Just(Some(Piece::BlackMan)),
        Just(Some(Piece::WhiteKing)),
        Just(Some(Piece::BlackKing)),
    ]
}

fn arb_start() -> impl Strategy<Value = Start> {
    prop_oneof![
        Just(Start::Initial),
        (arb_colour(), prop::collection::vec(arb_square(), 50)).prop_map(|(to_move, v)| {
            let mut squares = [None; 50];
            squares.copy_from_slice(&v);
            Start::Position { to_move, squares }
        }),
    ]
}

fn arb_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (
            0u8..100,
            arb_name(),
            arb_colour(),
            0u16..1000,
            0u16..1000,
            arb_start()
        )
            .prop_map(
                |(version, initiator_name, follower_colour, minutes, moves, start)| {
                    Message::GameReq {
                        version,
                        initiator_name,
                        follower_colour,
                        minutes,
                        moves,
                        start,
                    }
                }
            ),
        (
            arb_name(),
            prop_oneof![
                Just(AcceptCode::Accept),
                Just(AcceptCode::VersionMismatch),
                Just(AcceptCode::DeclineThisGame),
                Just(AcceptCode::DeclineAll)
            ]
        )
            .prop_map(|(follower_name, acceptance)| Message::GameAcc {
                follower_name,
                acceptance
            }),
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
        (
            prop_oneof![
                Just(EndReason::Unspecified),
                Just(EndReason::IResign),
                Just(EndReason::Draw),
                Just(EndReason::IWin)
            ],
            prop_oneof![Just(StopCode::NextGameWelcome), Just(StopCode::StopAll)]
        )
            .prop_map(|(reason, stop)| Message::GameEnd { reason, stop }),
        "[\x01-\x7f]{0,126}".prop_map(Message::Chat),
        (0u16..1000, arb_colour()).prop_map(|(move_number, colour)| Message::BackReq {
            move_number,
            colour
        }),
        prop_oneof![
            Just(BackAccCode::Accept),
            Just(BackAccCode::NotSupported),
            Just(BackAccCode::Decline)
        ]
        .prop_map(|code| Message::BackAcc { code }),
    ]
}

proptest! {
    #[test]
    fn every_valid_message_round_trips(message in arb_message()) {
        prop_assert_eq!(message.validate(), Ok(()));
        let bytes = message.to_bytes();
        prop_assert!(bytes.len() <= 127);
        prop_assert!(bytes.iter().all(|&b| (1..=127).contains(&b)));
        prop_assert_eq!(Message::parse(&bytes), Ok(message));
    }

    #[test]
    fn parse_never_panics_and_reparses_what_it_accepts(
        bytes in prop::collection::vec(any::<u8>(), 0..130)
    ) {
        if let Ok(message) = Message::parse(&bytes) {
            prop_assert_eq!(Message::parse(&message.to_bytes()), Ok(message));
        }
    }

    #[test]
    fn parse_of_mutated_messages_never_panics(
        message in arb_message(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = message.to_bytes();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        let _ = Message::parse(&bytes);
        bytes.truncate(cut.index(bytes.len() + 1));
        let _ = Message::parse(&bytes);
    }
}
