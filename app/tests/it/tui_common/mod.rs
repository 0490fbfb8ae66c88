//! Helpers shared by the `dama tui` tests: an app on ratatui's test backend, clicks by square
//! name, and the screen as text and as a map of colours.
#![allow(dead_code)]

use dama::engines::EngineRules;
use std::time::Duration;

use dama::i18n::Lang;
use dama::play::session::PlayerKind;
use dama::tui::{App, AppConfig, Button, Event, Key, TuiBoard};
use dama_core::{Board10, BoardRules, DynRules, International, Position, Square, SquareOn};
use dama_engine::Limits;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

/// Two people, English messages, the engine (for hints) at depth 1.
pub fn config(color: bool) -> AppConfig {
    AppConfig {
        start: Position::initial(),
        white: PlayerKind::Human,
        black: PlayerKind::Human,
        limits: Limits {
            level: None,
            depth: Some(1),
            movetime: None,
            ..Limits::default()
        },
        engines: Default::default(),
        color,
        lang: Lang::En,
        load: None,
        game: None,
        ballot: None,
        clocks: None,
        clock: dama::play::clock::real(),
        blindfold: false,
    }
}

/// [`config`] on the 10×10 board: international draughts from its initial position.
pub fn config10(color: bool) -> AppConfig<Board10> {
    config_on(color, International::start())
}

/// [`config`] on another board, from `start`.
pub fn config_on<B: dama_core::Board>(
    color: bool,
    start: dama_core::PositionOn<B>,
) -> AppConfig<B> {
    let c = config(color);
    AppConfig {
        start,
        white: c.white,
        black: c.black,
        limits: c.limits,
        engines: c.engines,
        color: c.color,
        lang: c.lang,
        load: c.load,
        game: c.game,
        ballot: None,
        clocks: c.clocks,
        clock: c.clock,
        blindfold: c.blindfold,
    }
}

/// An international draughts app in an 80 × 24 terminal.
pub fn new_app10(cfg: AppConfig<Board10>) -> App<dama_core::Board10> {
    App::new(DynRules::of::<International>(), cfg, 80, 24).expect("the app starts")
}

/// The 10×10 square numbered `n` (1–50).
pub fn sq10(n: u8) -> SquareOn<Board10> {
    SquareOn::from_number(n).expect("a square number")
}

/// A click with `button` on the 10×10 square numbered `n`.
pub fn click10_with(app: &mut App<dama_core::Board10>, n: u8, button: Button) {
    let (column, row) = app.cell_of(sq10(n)).expect("the board is shown");
    app.handle(Event::Click {
        button,
        column,
        row,
    });
}

/// Plays `text` (`32-28`, `32x23x14`) on the 10×10 board by mouse: the piece, every square of
/// the path, and the last square once more to confirm.
pub fn play10_by_mouse(app: &mut App<dama_core::Board10>, text: &str) {
    let squares: Vec<u8> = text
        .split(['-', 'x'])
        .map(|n| n.parse().expect("a square number"))
        .collect();
    for &n in &squares {
        click10_with(app, n, Button::Left);
    }
    click10_with(app, *squares.last().expect("a square"), Button::Left);
}

/// An app in an 80 × 24 terminal.
pub fn new_app<R: EngineRules>(cfg: AppConfig) -> App<dama_core::Board8> {
    App::new(DynRules::of::<R>(), cfg, 80, 24).expect("the app starts")
}

/// The square named `name` (`c3`).
pub fn sq(name: &str) -> Square {
    Square::parse_algebraic(name).expect("a dark square")
}

/// A click with `button` on the square named `name`.
pub fn click_with(app: &mut App<dama_core::Board8>, name: &str, button: Button) {
    let (column, row) = app.cell_of(sq(name)).expect("the board is shown");
    app.handle(Event::Click {
        button,
        column,
        row,
    });
}

/// A left click on the square named `name`.
pub fn click(app: &mut App<dama_core::Board8>, name: &str) {
    click_with(app, name, Button::Left);
}

/// Plays `text` (`c3-d4`, `f2xh4xf6xd8`, `c3:e5`) by mouse: the piece, every square of the path, and
/// the last square once more to confirm.
pub fn play_by_mouse(app: &mut App<dama_core::Board8>, text: &str) {
    let squares: Vec<&str> = text.split(['-', 'x', ':']).collect();
    for name in &squares {
        click(app, name);
    }
    click(app, squares.last().expect("a square"));
}

/// Presses the keys of `text`, one by one.
pub fn type_keys<B: TuiBoard>(app: &mut App<B>, text: &str) {
    for c in text.chars() {
        app.handle(Event::Key(Key::Char(c)));
    }
}

/// Presses `key`.
/// Opens the editor, clears the board, puts a white man on c3 and a black king on f6.
pub fn edit_two_pieces(app: &mut App<dama_core::Board8>) {
    press(app, Key::Char('e'));
    press(app, Key::Char('c'));
    click(app, "c3");
    press(app, Key::Char('b'));
    click(app, "f6");
    click(app, "f6");
}

pub fn press<B: TuiBoard>(app: &mut App<B>, key: Key) {
    app.handle(Event::Key(key));
}

/// Waits for the engine's answer (at most ten seconds).
pub fn wait_engine<B: TuiBoard>(app: &mut App<B>) {
    assert!(
        app.wait_engine(Duration::from_secs(10)),
        "the engine answers"
    );
}

/// The screen of `app` drawn in a `width` × `height` test terminal.
pub fn draw<B: TuiBoard>(app: &App<B>, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| dama::tui::render::draw(app, frame))
        .expect("drawn");
    terminal.backend().buffer().clone()
}

/// The screen's text, one line per row, without trailing spaces.
pub fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The 80 × 24 screen's text.
pub fn screen<B: TuiBoard>(app: &App<B>) -> String {
    text(&draw(app, 80, 24))
}

fn colour_letter(color: Color) -> char {
    match color {
        Color::Reset => '.',
        Color::Indexed(94) => 'D',
        Color::Indexed(223) => 'L',
        Color::Indexed(130) => 'A',
        Color::Indexed(136) => 'M',
        Color::Indexed(25) => 'P',
        Color::Indexed(28) => 'G',
        Color::Indexed(90) => 'H',
        Color::Indexed(231) => 'w',
        Color::Indexed(16) => 'k',
        Color::Indexed(226) => 'y',
        Color::Indexed(214) => 'o',
        Color::Indexed(245) => 'g',
        _ => '?',
    }
}

/// The screen's colours: a map of backgrounds, then one of foregrounds, one letter a cell
/// (`.` none, `D`/`L` dark/light square, `A` the lighter of the chequered squares where all
/// are playable, `M` last move, `P` path, `G` movable, `H` hint, `w`/`k` white
/// and black pieces, `o` message, `g` dimmed, `y` cursor).
pub fn colours(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::from("background:\n");
    for pick in [true, false] {
        if !pick {
            out.push_str("foreground:\n");
        }
        for y in 0..area.height {
            let line: String = (0..area.width)
                .map(|x| {
                    let cell = &buf[(x, y)];
                    colour_letter(if pick { cell.bg } else { cell.fg })
                })
                .collect();
            out.push_str(line.trim_end_matches('.'));
            out.push('\n');
        }
    }
    out
}
