//! The properties every reader of outside input must keep, whatever it is given. Shared by the
//! budgeted proptest run in `tests/fuzz_parsers.rs` (part of `cargo test`) and the cargo-fuzz
//! targets in `fuzz/` (long runs): one definition of what "holds up" means.
//!
//! Each function takes raw bytes, never panics on its own account, and panics (failing the
//! test or the fuzz run) only when the code under test breaks a property.

#![allow(dead_code)]

use dama::console::{Options, play};
use dama::engines::EngineRules;
use dama::i18n::Lang;
use dama_core::notation::{algebraic, numeric};
use dama_core::pdn;
use dama_core::{BoardRules, Czech, MoveList, Position, Spanish, Variant, fen};

/// The positions move texts are read in: the start, one with captures for both sides, one
/// with kings.
pub fn positions() -> Vec<Position> {
    [
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "W:Wc3,e3,Kb2:Bd4,f6,b6,Kh8",
        "B:WKa1,c3,g3:Bd4,Kf6,h6",
    ]
    .iter()
    .map(|text| fen::parse(text).expect("a sound FEN"))
    .collect()
}

/// A message about outside input: no control characters, and short (excerpts are cut).
fn printable(message: &str) {
    assert!(
        !message.chars().any(|c| c.is_control()),
        "control characters in {message:?}"
    );
    assert!(message.chars().count() < 400, "a long message: {message:?}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// FEN: a position read is written back to a FEN that reads as the same position.
pub fn fen(bytes: &[u8]) {
    let text = text(bytes);
    if let Ok(pos) = fen::parse(&text) {
        let written = fen::write(&pos);
        assert_eq!(
            fen::parse(&written).ok(),
            Some(pos),
            "{text:?} -> {written}"
        );
        assert!(
            !(pos.occupied().is_empty()),
            "an empty board was accepted: {text:?}"
        );
    } else if let Err(e) = fen::parse(&text) {
        printable(&e.to_string());
    }
}

fn pdn_round_trip<R: EngineRules>(text: &str) {
    match pdn::read::<R>(text) {
        Ok(record) => {
            let written = pdn::write(&record.game, &pdn::Header::default());
            let back = pdn::read::<R>(&written).expect("a written game reads back");
            assert_eq!(back.game.position(), record.game.position());
            assert_eq!(
                back.game.moves().collect::<Vec<_>>(),
                record.game.moves().collect::<Vec<_>>()
            );
            assert_eq!(back.game.outcome(), record.game.outcome());
        }
        Err(e) => printable(&e.to_string()),
    }
}

/// PDN: a game read is written and read back to the same game; a refusal is a short,
/// printable message.
pub fn pdn(bytes: &[u8]) {
    let text = text(bytes);
    pdn_round_trip::<Czech>(&text);
    pdn_round_trip::<Spanish>(&text);
}

fn legal<R: EngineRules>(pos: &Position) -> MoveList {
    let mut moves = MoveList::new();
    R::legal_moves(pos, &mut moves);
    moves
}

/// Algebraic moves: a move read is one of the legal moves, and its written form reads back
/// as the same move.
pub fn algebraic(bytes: &[u8]) {
    let text = text(bytes);
    for pos in positions() {
        let moves = legal::<Czech>(&pos);
        match algebraic::parse(&text, &pos, &moves) {
            Ok(mv) => {
                assert!(moves.contains(&mv), "{text:?} gave an illegal move");
                let written = algebraic::write(&mv);
                assert_eq!(algebraic::parse(&written, &pos, &moves), Ok(mv));
            }
            Err(e) => printable(&e.to_string()),
        }
    }
}

/// The Spanish numeric notation: a move that passes the spec's checks is a legal move of the
/// Spanish rules, and its written form reads back.
pub fn numeric(bytes: &[u8]) {
    let text = text(bytes);
    for pos in positions() {
        if let Ok(mv) = numeric::parse(&pos, &text) {
            assert!(
                legal::<Spanish>(&pos).contains(&mv),
                "{text:?} passed the checks but is not a legal move"
            );
            assert_eq!(numeric::parse(&pos, &numeric::write(&mv)), Ok(mv));
        }
    }
}

/// The consoles: any input, in either dialogue, with or without colour, at a terminal or not,
/// ends normally (no panic, no error).
pub fn console(bytes: &[u8]) {
    let (selector, input) = bytes.split_first().unwrap_or((&0, &[]));
    let (rules, lang) = match selector % 4 {
        0 => (Variant::Spanish, Lang::Es),
        1 => (Variant::Czech, Lang::Cs),
        2 => (Variant::Czech, Lang::En),
        _ => (Variant::Spanish, Lang::En),
    };
    let opts = Options {
        color: selector & 4 != 0,
        lang,
        interactive: selector & 8 != 0,
        ..Options::new(rules)
    };
    let input = without_saves(input);
    let mut reader = input.as_slice();
    let mut output = Vec::new();
    play(&opts, &mut reader, &mut output).expect("the console never fails on input");
}

/// `input` without the lines that would save a file (a fuzzer must not write files wherever
/// it runs); every other line is kept byte for byte.
fn without_saves(input: &[u8]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(input.len());
    for line in input.split_inclusive(|&b| b == b'\n') {
        let word = String::from_utf8_lossy(line)
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        if !["save", "uložit", "ulozit"].contains(&word.as_str()) {
            kept.extend_from_slice(line);
        }
    }
    kept
}

/// The Hub reader (`hub::protocol::parse`, then `hub::encoding` for `pos`): any line reads as
/// a command or a typed error whose `error` line is one printable line; a position read
/// writes back as the same string; a move read is legal and its written form reads back as
/// the same move.
pub fn hub(bytes: &[u8]) {
    use dama::hub::encoding::{ENCODINGS, Encoding};
    use dama::hub::protocol::{self, Command, Reply};
    let all = text(bytes);
    for line in all.split('\n') {
        match protocol::parse(line) {
            Err(e) => {
                let reply = Reply::Error(e.to_string()).to_string();
                assert!(!reply.contains(['\n', '\r']), "{reply:?}");
            }
            Ok(Command::Pos { pos, moves }) => {
                for encoding in ENCODINGS {
                    hub_position(&encoding, &pos, &moves);
                }
            }
            Ok(_) => {}
        }
        // Moves alone, in every known position and variant.
        for word in line.split_whitespace().take(8) {
            for encoding in ENCODINGS {
                for pos in positions() {
                    hub_move(&encoding, &pos, word);
                }
            }
        }
    }

    fn hub_position(encoding: &Encoding, text: &str, moves: &[String]) {
        let Ok(pos) = encoding.parse_position(text) else {
            return;
        };
        assert_eq!(encoding.write_position(&pos), text);
        for mv in moves.iter().take(8) {
            hub_move(encoding, &pos, mv);
        }
    }

    fn hub_move(encoding: &Encoding, pos: &Position, text: &str) {
        let Some(set) =
            Variant::on_board(dama_core::BoardKind::Board8).find(|s| s.name() == encoding.variant)
        else {
            return;
        };
        dama_core::with_rules8!(set, R => {
            match encoding.read_move(dama_core::DynRules::of::<R>(), pos, text) {
                Ok(mv) => {
                    let mut legal = MoveList::new();
                    R::legal_moves(pos, &mut legal);
                    assert!(legal.contains(&mv), "{text} read as an illegal move");
                    let written = encoding.write_move(&mv);
                    let again = encoding.read_move(dama_core::DynRules::of::<R>(), pos, &written).expect("reads back");
                    assert!(again.same_route(&mv), "{text} -> {written}");
                }
                Err(e) => {
                    let reply = Reply::Error(e.to_string()).to_string();
                    assert!(!reply.contains(['\n', '\r']), "{reply:?}");
                }
            }
        }, else => unreachable!());
    }
}

/// The opening-book reader (`book::Book::parse`), under the Czech and English rules (algebraic
/// and numbered FEN): a book read writes back to a text that reads as the same book; a
/// refusal is a short printable message. Bytes after the first are read with a `book` line
/// first, so that the positions' lines are reached.
pub fn book(bytes: &[u8]) {
    let input = text(bytes);
    for rules in [Variant::Czech, Variant::English] {
        for candidate in [input.clone(), format!("book {}\n{input}", rules.name())] {
            match dama::book::Book::parse(rules, &candidate) {
                Ok(book) => {
                    let written = book.write(&["a comment".to_string()]);
                    let again = dama::book::Book::parse(rules, &written)
                        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
                    assert_eq!(again, book, "{candidate:?}");
                }
                Err(e) => printable(&e.to_string()),
            }
        }
    }
}
/// A valid table file of a small class (Czech KvK), whose bytes the table fuzzer edits.
fn table_base() -> (dama_tablebase::Material, Vec<u8>) {
    use dama_tablebase::{Material, format, index::Class};
    let m = Material {
        wm: 1,
        wk: 1,
        bm: 0,
        bk: 1,
    };
    let len = Class::new(m).len() as usize;
    let values: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("t.dtb");
    format::write(&path, "czech", m, &values, 0).expect("a table file is written");
    (m, std::fs::read(&path).expect("read back"))
}

/// Table files (`format::ClassFile`: the header, the block index, the blocks): the fuzz
/// input edits a valid file (its first byte: truncate, recompute the header's and index's
/// checksums; then pairs of an offset and a byte to put there), and the reader must refuse it
/// with a one-line printable message or read values without panicking; an unedited file
/// reads back its values.
pub fn table_file(bytes: &[u8]) {
    use dama_tablebase::format::ClassFile;
    use std::sync::OnceLock;
    static BASE: OnceLock<(dama_tablebase::Material, Vec<u8>)> = OnceLock::new();
    let (m, base) = BASE.get_or_init(table_base);
    let mut file = base.clone();
    let (flags, edits) = bytes.split_first().unwrap_or((&0, &[]));
    for pair in edits.chunks(3) {
        if let [hi, lo, value] = pair {
            let at = (usize::from(*hi) << 8 | usize::from(*lo)) % (file.len() + 8);
            if at < file.len() {
                file[at] = *value;
            } else {
                file.push(*value);
            }
        }
    }
    if flags & 1 != 0 {
        let keep = usize::from(flags >> 4) * file.len() / 16;
        file.truncate(keep);
    }
    if flags & 2 != 0 && file.len() >= 64 {
        let crc = crc32fast::hash(&file[..60]).to_le_bytes();
        file[60..64].copy_from_slice(&crc);
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("t.dtb");
    std::fs::write(&path, &file).expect("the file is written");
    match ClassFile::open(&path, "czech", *m) {
        Err(e) => printable(&e.to_string()),
        Ok(class) => {
            let entries = class.header().entries;
            match class.all() {
                Ok(values) => {
                    assert_eq!(values.len() as u64, entries);
                    if file == *base {
                        let expected: Vec<u8> =
                            (0..values.len()).map(|i| (i * 7 % 251) as u8).collect();
                        assert_eq!(values, expected);
                    }
                }
                Err(e) => printable(&e.to_string()),
            }
            for i in [
                0,
                1,
                entries / 2,
                entries.saturating_sub(1),
                entries,
                u64::MAX,
            ] {
                let _ = class.code(i);
            }
        }
    }
}

/// Match players' output: a `cmd=` player's whole output (`player::bestmove_of`) and a
/// `hub=` player's lines (`hub_player::next_line`, then the Hub reader on each): no panic;
/// a `bestmove` taken from bytes is the text after the last `bestmove ` line, whatever bytes
/// that are not UTF-8 follow it.
pub fn match_output(bytes: &[u8]) {
    use dama::matchplay::{hub_player, player};
    if let Some(best) = player::bestmove_of(bytes) {
        assert!(!best.contains('\n'), "{best:?}");
        assert_eq!(best, best.trim());
    }
    // A valid line followed by the input as stray bytes still gives its move.
    let mut tail = b"info depth 1\nbestmove c3-d4\n".to_vec();
    tail.extend(bytes.iter().filter(|&&b| b != b'\n' && b != b'\r').take(64));
    if !String::from_utf8_lossy(&tail).contains("bestmove c3-d4\u{0}") {
        let after = String::from_utf8_lossy(&tail[28..]).into_owned();
        if !after.starts_with("bestmove ") {
            assert_eq!(player::bestmove_of(&tail).as_deref(), Some("c3-d4"));
        }
    }
    let mut reader = std::io::BufReader::new(bytes);
    let mut lines = 0;
    while let Some(line) = hub_player::next_line(&mut reader) {
        assert!(!line.ends_with(['\n', '\r']), "{line:?}");
        lines += 1;
        assert!(lines <= bytes.len(), "more lines than bytes");
        let _ = dama::hub::protocol::parse(&line);
    }
}

/// `tune` data files (`data::read_positions`): a file read gives positions whose FEN reads
/// back the same and results of 1, 0.5 or 0; a refusal is a short printable message.
pub fn tune_data(bytes: &[u8]) {
    use dama::tune::data::read_positions;
    match read_positions(bytes, std::path::Path::new("data.txt")) {
        Ok(positions) => {
            assert!(!positions.is_empty());
            for p in &positions {
                let (pos, result) = *p;
                assert!([0.0, 0.5, 1.0].contains(&result), "{result}");
                assert_eq!(fen::parse(&fen::write(&pos)).ok(), Some(pos));
            }
        }
        Err(e) => printable(&e.to_string()),
    }
}

/// The screen's input (`tui::Event::from_crossterm`, then `App::handle` and a drawing): the
/// bytes make terminal events (keys with any modifiers, mouse presses anywhere, resizes down
/// to nothing); the app never panics and its game stays a legal one. The keys that save or
/// load a file are left out (a fuzzer must not write files).
pub fn tui_events(bytes: &[u8]) {
    use crossterm::event::{
        Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers,
        MouseButton, MouseEvent, MouseEventKind,
    };
    use dama::tui::{App, AppConfig, Event};
    let cfg = AppConfig {
        start: Position::initial(),
        white: dama::play::session::PlayerKind::Human,
        black: dama::play::session::PlayerKind::Human,
        limits: dama_engine::Limits {
            depth: Some(1),
            ..dama_engine::Limits::default()
        },
        engines: Default::default(),
        color: bytes.first().is_some_and(|b| b & 1 != 0),
        lang: Lang::En,
        load: None,
        game: None,
        ballot: None,
        clocks: None,
        clock: dama::play::clock::real(),
        blindfold: false,
    };
    let Ok(mut app) = App::new(dama_core::DynRules::of::<Czech>(), cfg, 80, 24) else {
        panic!("the app starts");
    };
    let backend = ratatui::backend::TestBackend::new(80, 24);
    let mut terminal = ratatui::Terminal::new(backend).expect("a test terminal");
    for chunk in bytes.chunks(4).take(300) {
        let [kind, a, b, c] = [0, 1, 2, 3].map(|i| chunk.get(i).copied().unwrap_or(0));
        let modifiers = KeyModifiers::from_bits_truncate(c);
        let key_kind = match c >> 6 {
            0 | 1 => KeyEventKind::Press,
            2 => KeyEventKind::Repeat,
            _ => KeyEventKind::Release,
        };
        let code = match a % 16 {
            0..=5 => {
                let ch = char::from_u32(u32::from(b) | u32::from(a >> 4) << 8).unwrap_or('x');
                KeyCode::Char(ch)
            }
            6 => KeyCode::Enter,
            7 => KeyCode::Esc,
            8 => KeyCode::Backspace,
            9 => KeyCode::Tab,
            10 => KeyCode::Up,
            11 => KeyCode::Down,
            12 => KeyCode::Left,
            13 => KeyCode::Right,
            14 => KeyCode::F(b),
            _ => KeyCode::Delete,
        };
        let term = match kind % 4 {
            0 | 1 => TermEvent::Key(KeyEvent {
                code,
                modifiers,
                kind: key_kind,
                state: KeyEventState::NONE,
            }),
            2 => TermEvent::Mouse(MouseEvent {
                kind: match c % 4 {
                    0 => MouseEventKind::Down(MouseButton::Left),
                    1 => MouseEventKind::Down(MouseButton::Right),
                    2 => MouseEventKind::Up(MouseButton::Left),
                    _ => MouseEventKind::Moved,
                },
                column: u16::from(a),
                row: u16::from(b),
                modifiers: KeyModifiers::NONE,
            }),
            _ => TermEvent::Resize(u16::from(a % 200), u16::from(b % 70)),
        };
        let Some(event) = Event::from_crossterm(&term) else {
            continue;
        };
        // Saving and loading would touch files.
        if matches!(event, Event::Key(dama::tui::Key::Char('s' | 'l' | 'o'))) {
            continue;
        }
        if let Event::Resize { width, height } = event {
            terminal.backend_mut().resize(width.max(1), height.max(1));
        }
        app.handle(event);
        let _ = app.wait_engine(std::time::Duration::ZERO);
        terminal
            .draw(|frame| dama::tui::render::draw(&app, frame))
            .expect("the screen draws");
        if app.wants_to_quit() {
            break;
        }
    }
    let mut pos = *app.game().start();
    let mut legal = MoveList::new();
    for mv in app.game().moves() {
        <Czech as BoardRules>::legal_moves(&pos, &mut legal);
        assert!(legal.contains(mv), "{mv:?} is not legal in {pos}");
        pos = pos.after(mv);
    }
    assert_eq!(pos, *app.game().position());
}

/// The DXP reader and session (`dama-dxp`'s `MessageReader`, `await_message` and
/// `run_follower_on`, over `dama dxp`'s rules helpers): the bytes are everything a peer sends
/// on one connection, and games are played on it as `dama dxp --listen` plays them, until a
/// session reads no GAMEREQ. No panic; each session reads at least one message or the end
/// (so they are at most the messages plus one); the log and the chats kept stay within
/// their bound and every log line is printable (the peer's text is escaped); what is sent
/// stays within a bound per message read.
pub fn dxp(bytes: &[u8]) {
    use dama_core::International;
    use dama_core::game::{Game, Outcome as GameOutcome};
    use dama_dxp::{
        Colour, DxpPlayer, GameStatus, MAX_KEPT_LINES, MessageReader, MoveSpec, Outcome,
        ReadTimeout, SessionOptions, Start, run_follower_on,
    };
    use std::io::{self, Read, Write};
    use std::time::Duration;

    /// The peer's side of the connection: its bytes to read, what is sent to it.
    struct Peer<'a> {
        input: &'a [u8],
        sent: usize,
    }
    impl Read for Peer<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.input.read(buf)
        }
    }
    impl Write for Peer<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.sent += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    impl ReadTimeout for Peer<'_> {
        fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
            assert!(timeout.is_none_or(|t| !t.is_zero()), "a zero timeout");
            Ok(())
        }
    }

    /// Plays the first legal move; the rules are `dama dxp`'s (`position_of`, `move_of`).
    struct FirstMove {
        game: Game<International>,
        mine: dama_core::Color,
    }
    fn outcome_of(outcome: GameOutcome) -> Outcome {
        match outcome {
            GameOutcome::Win { winner, .. } => Outcome::win_for(dama::dxp::colour_of(winner)),
            GameOutcome::Draw(_) => Outcome::Draw,
        }
    }
    impl DxpPlayer for FirstMove {
        fn new_game(&mut self, start: &Start, my_colour: Colour) -> Result<(), String> {
            self.game = Game::new(dama::dxp::position_of(start)?);
            self.mine = match my_colour {
                Colour::White => dama_core::Color::White,
                Colour::Black => dama_core::Color::Black,
            };
            Ok(())
        }
        fn my_move(&mut self) -> Option<MoveSpec> {
            if self.game.outcome().is_some() || self.game.turn() != self.mine {
                return None;
            }
            let mut legal = dama_core::MoveListOn::new();
            self.game.legal_moves(&mut legal);
            let mv = *legal.iter().next()?;
            self.game.try_play(&mv).ok()?;
            Some(dama::dxp::spec_of(&mv))
        }
        fn their_move(&mut self, spec: &MoveSpec) -> Result<GameStatus, String> {
            if self.game.turn() == self.mine {
                return Err(format!("{spec} came on our turn"));
            }
            let mv = dama::dxp::move_of(self.game.position(), spec)?;
            self.game.try_play(&mv).map_err(|e| e.to_string())?;
            Ok(match self.game.outcome() {
                Some(outcome) => GameStatus::Over(outcome_of(outcome)),
                None => GameStatus::Ongoing,
            })
        }
        fn game_over(&self) -> Option<Outcome> {
            self.game.outcome().map(outcome_of)
        }
    }

    let messages = bytes.iter().filter(|&&b| b == 0).count();
    let mut reader = MessageReader::new(Peer {
        input: bytes,
        sent: 0,
    });
    let mut player = FirstMove {
        game: Game::new(International::start()),
        mine: dama_core::Color::White,
    };
    let options = SessionOptions {
        timeout: Some(Duration::from_secs(3600)),
        game_timeout: Some(Duration::from_secs(7200)),
        ..SessionOptions::default()
    };
    let mut sessions = 0;
    loop {
        sessions += 1;
        assert!(sessions <= messages + 1, "a session that read nothing");
        let Ok(report) = run_follower_on(&mut reader, &mut player, &options) else {
            break;
        };
        assert!(report.chats.len() <= MAX_KEPT_LINES);
        assert!(report.log.len() <= MAX_KEPT_LINES + 1);
        for line in &report.log {
            assert!(!line.chars().any(char::is_control), "{line:?}");
        }
        if report.my_colour.is_none() {
            break;
        }
    }
    // Per message read at most a MOVE or GAMEEND, a BACKACC, a GAMEACC: a small bound.
    assert!(
        reader.get_ref().sent <= 200 * (messages + 1),
        "{} bytes sent for {messages} messages",
        reader.get_ref().sent
    );
}

/// `dama hub` as a whole (`hub::run` with its bounded queues and the lines that wait for a
/// search), fed the bytes as its input. A node level comes first, and the lines that would
/// change it (`level`), allocate or read (`init`, `set-param` of `hash`, `threads`, `tb-dir`)
/// or end the session early (`quit`) are left out, so that every search is short. The session
/// ends at the end of its input; every reply is one line of the protocol's replies; every `go`
/// gets one `done` or one `go:` error, and every `ping` one `pong`, unless an `error` says that
/// lines sent during a search were dropped.
pub fn hub_session(bytes: &[u8]) {
    use dama::hub::protocol::{self, Command};
    use std::sync::{Arc, Mutex};

    #[derive(Clone)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    let mut input = b"level nodes=300\n".to_vec();
    let (mut gos, mut pings) = (0usize, 0usize);
    let mut pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if pieces.last().is_some_and(|p| p.is_empty()) {
        pieces.pop();
    }
    for piece in pieces {
        let mut end = piece.len();
        while end > 0 && matches!(piece[end - 1], b'\r' | b'\n') {
            end -= 1;
        }
        let text = String::from_utf8_lossy(&piece[..end]);
        match protocol::tokenize(&text) {
            Ok(t) if ["level", "init", "quit"].contains(&t.command.as_str()) => continue,
            Ok(t)
                if t.command == "set-param"
                    && ["hash", "threads", "tb-dir"].contains(&t.get("name").unwrap_or("")) =>
            {
                continue;
            }
            _ => {}
        }
        // A `go` line, good or not (`go` without its mode is answered by a `go:` error).
        if protocol::tokenize(&text).is_ok_and(|t| t.command == "go") {
            gos += 1;
        }
        if let Ok(Command::Ping) = protocol::parse(&text) {
            pings += 1;
        }
        input.extend_from_slice(piece);
        input.push(b'\n');
    }
    let out = Sink(Arc::new(Mutex::new(Vec::new())));
    let config = dama::hub::Config {
        rules: Variant::Russian,
        threads: 1,
        tb_dir: None,
        seed: 1,
    };
    dama::hub::run(config, std::io::Cursor::new(input), out.clone());
    let written = String::from_utf8(out.0.lock().unwrap().clone()).expect("UTF-8 replies");
    let (mut dones, mut pongs, mut dropped) = (0usize, 0usize, false);
    for line in written.lines() {
        let tokens = protocol::tokenize(line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        match tokens.command.as_str() {
            "done" => dones += 1,
            "pong" => pongs += 1,
            "error" => {
                let message = tokens.get("message").unwrap_or("");
                if message.starts_with("go: ") {
                    dones += 1;
                }
                dropped |= message.contains("sent during a search were dropped");
            }
            "id" | "param" | "wait" | "ready" | "info" => {}
            other => panic!("an unknown reply {other:?}: {line:?}"),
        }
    }
    if !dropped {
        assert_eq!(dones, gos, "replies to go:\n{written}");
        assert_eq!(pongs, pings, "pongs:\n{written}");
    }
}
