//! Drawing the app's state into a ratatui frame: header, board (`board.rs`), side panel (the
//! game's or the editor's), the latest message, the input line, the keys, the help screen, or
//! the "enlarge" notice when the terminal is too small.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::{App, Dialog};
use super::board;
use super::boards::TuiBoard;
use super::layout::{Layout, MIN_HEIGHT, MIN_WIDTH};
use crate::i18n::Labels;
use crate::i18n::{capitalize, fill};
use crate::play::analysis::Analysis;
use dama_core::pdn;
use dama_core::rules::{DrawCounters, EndingCount};
use dama_core::{Board, Color, DrawReason, DynRules, PositionOn, SquareOn};

/// Draws the whole screen.
pub fn draw<B: TuiBoard>(app: &App<B>, frame: &mut Frame) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    if area.width == 0 || area.height == 0 {
        return;
    }
    let Some(layout) = Layout::of::<B>(area) else {
        too_small(app.l, buf, area);
        return;
    };
    let t = Theme(app.cfg.color);
    header(app, &layout, buf, &t);
    board::draw(app, &layout, buf);
    if app.editor.is_some() {
        editor_panel(app, &layout, buf, &t);
    } else {
        game_panel(app, layout.panel, buf, &t);
    }
    message(app, &layout, buf, &t);
    input_line(app, layout.input, buf, &t);
    let keys = if app.editor.is_some() {
        app.l.footer_editor
    } else if app.simul.is_some() {
        app.l.footer_simul
    } else {
        app.l.footer
    };
    for (i, line) in keys.iter().enumerate() {
        put(buf, layout.footer, i as u16, line, t.dim());
    }
    if let Some(picker) = &app.picker {
        super::picker::draw(picker, app.l, frame, area);
    }
    if app.help {
        help(app.l, frame, area);
    }
}

/// The notice in a terminal smaller than the screen needs: enlarge it.
pub(super) fn too_small(l: &Labels, buf: &mut Buffer, area: Rect) {
    let notice = fill(
        l.enlarge,
        &[&MIN_WIDTH.to_string(), &MIN_HEIGHT.to_string()],
    );
    buf.set_stringn(
        area.x,
        area.y,
        notice,
        area.width as usize,
        Style::default(),
    );
}

/// Styles, or none of them without colour (modifiers stay: they are not colour).
struct Theme(bool);

impl Theme {
    fn title(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    fn dim(&self) -> Style {
        if self.0 {
            Style::default().fg(Tint::Indexed(245))
        } else {
            Style::default()
        }
    }
    fn message(&self) -> Style {
        if self.0 {
            Style::default().fg(Tint::Indexed(214))
        } else {
            Style::default()
        }
    }
    fn chosen(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }
}

/// Writes `text` on line `dy` of `area`, cut at its width.
fn put(buf: &mut Buffer, area: Rect, dy: u16, text: &str, style: Style) {
    if dy < area.height {
        buf.set_stringn(area.x, area.y + dy, text, area.width as usize, style);
    }
}

/// The most characters of a player's name in the header.
const NAME_WIDTH: usize = 24;

/// Who plays `color` as the header names them: the loaded game's players by the names its
/// file gives (cut at [`NAME_WIDTH`]), else human or computer.
fn player_name<B: TuiBoard>(app: &App<B>, color: Color) -> String {
    let Some(names) = &app.names else {
        return player(app, color).to_string();
    };
    let name = &names[usize::from(color == Color::Black)];
    if name.chars().count() > NAME_WIDTH {
        let mut cut: String = name.chars().take(NAME_WIDTH - 1).collect();
        cut.push('…');
        cut
    } else {
        name.clone()
    }
}

fn player<B: TuiBoard>(app: &App<B>, color: Color) -> &'static str {
    if app.is_engine(color) {
        app.l.computer
    } else {
        app.l.human
    }
}

/// A square's name in the rule set's notation (`c3`, `63` for the numeric one, `11` for
/// square numbers).
fn square_name<B: TuiBoard>(rules: DynRules<B>, sq: SquareOn<B>) -> String {
    B::square_name(rules, sq)
}

fn header<B: TuiBoard>(app: &App<B>, layout: &Layout, buf: &mut Buffer, t: &Theme) {
    // The rule set by its title in the screen's language, without the part in brackets,
    // cut short rather than the players when the line is too narrow.
    let title = B::title(app.rules(), app.t, app.rt);
    let title = title.split(" (").next().unwrap_or(title);
    let players = format!(
        "  ·  {}: {}  ·  {}: {}",
        app.l.white,
        player_name(app, Color::White),
        app.l.black,
        player_name(app, Color::Black)
    );
    let lead = match &app.simul {
        Some(board) => format!("{}  ·  {board}  ·  ", app.l.title),
        None => format!("{}  ·  ", app.l.title),
    };
    let room = usize::from(layout.header.width)
        .saturating_sub(lead.chars().count() + players.chars().count());
    let rules: String = if title.chars().count() > room {
        let mut cut: String = title.chars().take(room.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        title.to_string()
    };
    let text = format!("{lead}{rules}{players}");
    put(buf, layout.header, 0, &text, t.title());
}

fn game_panel<B: TuiBoard>(app: &App<B>, area: Rect, buf: &mut Buffer, t: &Theme) {
    // In review mode, the status of the position shown (its side to move).
    let shown = app.shown();
    let game = &*shown;
    let status = match game.outcome() {
        Some(outcome) => format!("{}: {}", app.l.game_over, pdn::result_text(Some(outcome))),
        None => {
            let template = match game.turn() {
                Color::White => app.l.to_move[0],
                Color::Black => app.l.to_move[1],
            };
            fill(template, &[player(app, game.turn())])
        }
    };
    put(buf, area, 0, &status, t.title());
    if let Some((done, total)) = app.analysing {
        let text = fill(app.l.analysing, &[&done.to_string(), &total.to_string()]);
        put(buf, area, 1, &text, t.message());
    } else if app.reviewing() {
        let text = fill(app.l.reviewing, &[&app.shown_plies().to_string()]);
        put(buf, area, 1, &text, t.message());
    } else if app.is_thinking() {
        put(buf, area, 1, app.l.thinking, t.message());
    }
    // With clocks, both under the status (the move list one row lower), and on a
    // move-count control the moves to it under them (one more row).
    if let Some(clocks) = app.clocks_text() {
        put(buf, area, 2, &capitalize(&clocks), t.title());
    }
    if let Some(to_go) = app.to_control_text() {
        put(buf, area, 3, &capitalize(&to_go), t.title());
    }
    let top = moves_top(app);
    put(buf, area, top, &format!("─ {} ─", app.l.moves), t.title());
    let (rows, height, skip) = move_window(app, area);
    for (i, row) in rows.iter().skip(skip).take(height as usize).enumerate() {
        put(buf, area, top + 1 + i as u16, row, Style::default());
    }
    if app.reviewing() {
        for (plies, r) in move_cells(app, area) {
            if plies == app.shown_plies() {
                buf.set_stringn(r.x - 1, r.y, "▸", 1, t.title());
            }
        }
    }
    let y = top + 1 + height;
    if let Some(analysis) = app.current_analysis() {
        put(
            buf,
            area,
            y,
            &format!("─ {} ─", app.l.evaluation),
            t.title(),
        );
        let chart = Rect::new(area.x, area.y + y + 1, area.width, GRAPH_ROWS);
        graph(analysis, app.shown_plies(), chart, buf, t);
        return;
    }
    put(buf, area, y, &format!("─ {} ─", app.l.engine), t.title());
    let search = match &app.last_search {
        // The engine's last move came from its opening book, as the line console says it.
        _ if app.book_move => capitalize(app.t.engine_book),
        Some(s) => fill(
            app.l.search,
            &[
                &s.depth.to_string(),
                // As the line console says it: men, the language's decimal separator.
                &app.rt.score(app.t, s.score),
                &app.t.number(&format!("{:.2}", s.elapsed.as_secs_f64())),
            ],
        ),
        None => app.l.no_search.to_string(),
    };
    put(buf, area, y + 1, &search, Style::default());
    put(
        buf,
        area,
        y + 2,
        &format!("─ {} ─", app.l.draw_counts),
        t.title(),
    );
    let counts = draw_counts(app);
    if counts.is_empty() {
        put(buf, area, y + 3, app.l.no_counts, t.dim());
    }
    for (i, line) in counts.iter().enumerate() {
        put(buf, area, y + 3 + i as u16, line, Style::default());
    }
}

/// The rows of the evaluation graph under the move list.
const GRAPH_ROWS: u16 = 7;
/// Where the second move of a row of the move list starts (`  1. c3-d4        f6-e5`).
const SECOND_COLUMN: u16 = 18;
/// Where the first move of a row starts (the move of the side that moves first under the
/// rules: White, or Black in English checkers and pool).
const FIRST_COLUMN: u16 = 5;

/// The move list's rows, how many are shown and how many are scrolled away: the last ones,
/// or those around the reviewed move.
fn move_window<B: TuiBoard>(app: &App<B>, area: Rect) -> (Vec<String>, u16, usize) {
    let bottom = if app.current_analysis().is_some() {
        1 + GRAPH_ROWS
    } else {
        2 + 1 + draw_counts(app).len().max(1) as u16
    };
    let height = area.height.saturating_sub(moves_top(app) + 1 + bottom);
    let rows = move_rows(app);
    let mut skip = rows.len().saturating_sub(height as usize);
    if let Some(row) = app
        .review
        .and_then(|plies| move_places(app).into_iter().find(|p| p.0 == plies))
        .map(|(_, row, _)| row)
    {
        skip = skip.min(row);
    }
    (rows, height, skip)
}

/// The panel's row of the move list's title: one lower when the clocks are shown, two on a
/// move-count control.
fn moves_top<B: TuiBoard>(app: &App<B>) -> u16 {
    match (app.clocks_text(), app.to_control_text()) {
        (Some(_), Some(_)) => 4,
        (Some(_), None) => 3,
        _ => 2,
    }
}

/// Each move's place in the move list: (the moves played up to and with it, its row, whether
/// it is in the second column). Rows are numbered from the side that moves first under the
/// rules (Black in English checkers and pool), as the line console and the PDN number them.
fn move_places<B: TuiBoard>(app: &App<B>) -> Vec<(usize, usize, bool)> {
    let first = app.rules().start().turn();
    let mut places = Vec::new();
    let mut row = 0usize;
    let mut turn = app.game.start().turn();
    for i in 0..app.game.moves().len() {
        if turn == first && i > 0 {
            row += 1;
        }
        places.push((i + 1, row, turn != first));
        turn = !turn;
    }
    places
}

/// Where each move of the list is drawn in the panel `area`, with the moves played up to
/// and with it (for clicks: the app jumps to that position).
pub(super) fn move_cells<B: TuiBoard>(app: &App<B>, area: Rect) -> Vec<(usize, Rect)> {
    let (_, height, skip) = move_window(app, area);
    move_places(app)
        .into_iter()
        .filter(|(_, row, _)| *row >= skip && *row < skip + height as usize)
        .map(|(plies, row, second)| {
            let x = if second { SECOND_COLUMN } else { FIRST_COLUMN };
            let width = if second {
                area.width.saturating_sub(SECOND_COLUMN)
            } else {
                SECOND_COLUMN - FIRST_COLUMN
            };
            let y = area.y + moves_top(app) + 1 + (row - skip) as u16;
            (plies, Rect::new(area.x + x, y, width, 1))
        })
        .collect()
}

/// The evaluation graph: the score after each move in men from White's view, clipped to ±5,
/// the level line, and the reviewed move's position as an upright line.
fn graph<B: dama_core::Board>(
    analysis: &Analysis<B>,
    shown: usize,
    area: Rect,
    buf: &mut Buffer,
    t: &Theme,
) {
    use ratatui::symbols::Marker;
    use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};
    let clip = f64::from(crate::pictures::graph::CLIP);
    let men = |score: Option<dama_engine::Score>| -> f64 {
        let v = match score {
            None => 0,
            Some(dama_engine::Score::Value(v)) => v,
            Some(dama_engine::Score::Win(_)) => crate::play::analysis::FORCED,
            Some(dama_engine::Score::Loss(_)) => -crate::play::analysis::FORCED,
        };
        (f64::from(v) / 100.0).clamp(-clip, clip)
    };
    let last = analysis.plies.len().max(1) as f64;
    let mut points = vec![(0.0, men(analysis.start))];
    points.extend(
        analysis
            .plies
            .iter()
            .enumerate()
            .map(|(i, p)| ((i + 1) as f64, men(p.eval))),
    );
    let level = [(0.0, 0.0), (last, 0.0)];
    let cursor = [(shown as f64, -clip), (shown as f64, clip)];
    let (line, dim, mark) = if t.0 {
        (
            Style::default().fg(Tint::Indexed(39)),
            Style::default().fg(Tint::Indexed(245)),
            Style::default().fg(Tint::Indexed(214)),
        )
    } else {
        (Style::default(), Style::default(), Style::default())
    };
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(dim)
            .data(&level),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(mark)
            .data(&cursor),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(line)
            .data(&points),
    ];
    Chart::new(datasets)
        .x_axis(Axis::default().bounds([0.0, last]))
        .y_axis(Axis::default().bounds([-clip, clip]))
        .render(area, buf);
}

/// The move list, one row per move number: `  1. c3-d4     f6-e5`, numbered from the side
/// that moves first under the rules (`  1. 11-15        23-18` in English checkers); with a
/// current analysis, each move with its mark (`c3-d4??`).
fn move_rows<B: TuiBoard>(app: &App<B>) -> Vec<String> {
    let first = app.rules().start().turn();
    let mut rows = Vec::new();
    let mut number = 1;
    let mut current: Option<String> = None;
    let mut turn = app.game.start().turn();
    let analysis = app.current_analysis();
    for (i, mv) in app.game.moves().enumerate() {
        let sign = analysis
            .and_then(|a| a.plies[i].mark)
            .map_or("", |m| m.sign());
        let text = format!("{}{sign}", B::write_move(app.rules(), mv));
        if turn == first {
            if let Some(row) = current.take() {
                rows.push(row);
                number += 1;
            }
            current = Some(format!("{number:>3}. {text:<12}"));
        } else {
            match current.take() {
                Some(row) => {
                    rows.push(format!("{row} {text}"));
                    number += 1;
                }
                None => {
                    rows.push(format!("{number:>3}. {:<12} {text}", "…"));
                    number += 1;
                }
            }
        }
        turn = !turn;
    }
    rows.extend(current);
    rows
}

/// The draw counts that are running, one line each: the quiet count (against the rules'
/// limit for it, if any), the ending's count (named by the draw it leads to), the rules' next
/// draw offer, and the position's occurrences. The limits and the offer are asked of the rules.
fn draw_counts<B: TuiBoard>(app: &App<B>) -> Vec<String> {
    let counters = *app.game.counters();
    let mut lines = Vec::new();
    if counters.quiet_plies > 0 {
        let quiet = counters.quiet_plies.to_string();
        lines.push(match quiet_limit(app.rules()) {
            Some(limit) => fill(app.l.quiet_limit, &[&quiet, &limit.to_string()]),
            None => fill(app.l.quiet, &[&quiet]),
        });
    }
    if let Some(ending) = counters.ending {
        // The draw the count ends in, as the rules would call it when it runs out.
        let out = DrawCounters {
            quiet_plies: 0,
            ending: Some(EndingCount {
                plies: ending.limit,
                ..ending
            }),
        };
        let template = match app.rules().counters_draw(&out) {
            Some(DrawReason::MaterialUnchanged) => app.l.material_ending,
            _ => app.l.king_ending,
        };
        lines.push(fill(
            template,
            &[&ending.plies.to_string(), &ending.limit.to_string()],
        ));
    }
    if let Some(at) =
        next_offer(app.rules(), app.game.position(), &counters).filter(|_| !app.game.is_over())
    {
        lines.push(fill(app.l.offer_at, &[&at.to_string()]));
    }
    if app.rules().repetition_draw() {
        let n = app.game.repetitions();
        if n > 1 {
            lines.push(fill(app.l.repeated, &[&n.to_string()]));
        }
    }
    lines
}

/// The quiet half-moves after which the rules draw, if they do (asked of the rules: the
/// first count [`Rules::counters_draw`] calls a [`DrawReason::NoProgress`]).
fn quiet_limit<B: Board>(rules: DynRules<B>) -> Option<u16> {
    (1..=QUIET_HORIZON).find(|&quiet_plies| {
        rules.counters_draw(&DrawCounters {
            quiet_plies,
            ending: None,
        }) == Some(DrawReason::NoProgress)
    })
}

/// The quiet count at which the rules will next offer a draw in `pos`
/// ([`Rules::draw_offer_due`]) if the game stays quiet, looking a little ahead.
fn next_offer<B: Board>(
    rules: DynRules<B>,
    pos: &PositionOn<B>,
    counters: &DrawCounters,
) -> Option<u16> {
    let now = counters.quiet_plies;
    (now.saturating_add(1)..=now.saturating_add(QUIET_HORIZON)).find(|&quiet_plies| {
        rules.draw_offer_due(
            pos,
            &DrawCounters {
                quiet_plies,
                ..*counters
            },
        )
    })
}

/// How far ahead the quiet count's limit and the next offer are looked for.
const QUIET_HORIZON: u16 = 200;

fn editor_panel<B: TuiBoard>(app: &App<B>, layout: &Layout, buf: &mut Buffer, t: &Theme) {
    let Some(ed) = &app.editor else { return };
    let area = layout.panel;
    put(buf, area, 0, app.l.editor, t.title());
    put(buf, area, 1, app.l.editor_colour, Style::default());
    for (button, r) in layout.editor_buttons() {
        use super::layout::EditorButton as B;
        let (label, chosen) = match button {
            B::White => (app.l.button_white, ed.color == Color::White),
            B::Black => (app.l.button_black, ed.color == Color::Black),
            B::Clear => (app.l.button_clear, false),
            B::Initial => (app.l.button_initial, false),
            B::Start => (app.l.button_start, false),
            B::Cancel => (app.l.button_cancel, false),
            B::Turn => (app.l.editor_turn, false),
        };
        let text = match button {
            B::White | B::Black => {
                format!("({}) {label}", if chosen { '•' } else { ' ' })
            }
            B::Turn => fill(label, &[&crate::i18n::capitalize(app.t.side(ed.turn))]),
            _ => label.to_string(),
        };
        let style = if chosen { t.chosen() } else { Style::default() };
        buf.set_stringn(r.x, r.y, text, r.width as usize, style);
    }
    for (i, line) in app.l.editor_help.iter().enumerate() {
        put(buf, area, 9 + i as u16, line, t.dim());
    }
    let count = fill(
        app.l.pieces,
        &[&ed.white.count().to_string(), &ed.black.count().to_string()],
    );
    put(buf, area, 15, &count, Style::default());
}

/// The open yes/no question split to fit the input line of `width` columns (with its `_`):
/// when it is longer, the sentences before its last go to the message lines.
fn question<B: TuiBoard>(app: &App<B>, width: u16) -> Option<(Option<&str>, &str)> {
    let Some(Dialog::Confirm { question, .. }) = &app.dialog else {
        return None;
    };
    let width = usize::from(width);
    if question.chars().count() < width {
        return Some((None, question));
    }
    let split = question
        .match_indices(". ")
        .map(|(i, _)| i + 1)
        .find(|&i| question[i..].trim_start().chars().count() < width);
    Some(match split {
        Some(i) => (Some(&question[..i]), question[i..].trim_start()),
        None => (Some(question.as_str()), ""),
    })
}

fn message<B: TuiBoard>(app: &App<B>, layout: &Layout, buf: &mut Buffer, t: &Theme) {
    let head = question(app, layout.input.width).and_then(|(head, _)| head);
    let latest = app.messages.last().filter(|_| app.notice);
    let Some(text) = head.or(latest.map(String::as_str)) else {
        return;
    };
    let para = Paragraph::new(text)
        .style(t.message())
        .wrap(Wrap { trim: true });
    ratatui::widgets::Widget::render(para, layout.messages, buf);
}

fn input_line<B: TuiBoard>(app: &App<B>, area: Rect, buf: &mut Buffer, t: &Theme) {
    let text = if let Some(dialog) = &app.dialog {
        match dialog {
            Dialog::Confirm { .. } => {
                let (_, tail) = question(app, area.width).unwrap_or_default();
                format!("{tail}_")
            }
            Dialog::File { save, name } => {
                let prompt = if *save {
                    app.l.save_as
                } else {
                    app.l.load_from
                };
                format!("{prompt}{name}_")
            }
        }
    } else if let Some(line) = &app.line {
        format!("{}{line}_", app.l.type_move)
    } else if app.editor.is_some() {
        String::new()
    } else if let Some(sel) = &app.selection {
        let squares: Vec<String> = std::iter::once(sel.from)
            .chain(sel.path.iter().copied())
            .map(|sq| square_name(app.rules(), sq))
            .collect();
        fill(app.l.path, &[&squares.join(" → ")])
    } else {
        app.l.click_a_piece.to_string()
    };
    let style = if app.dialog.is_some() || app.line.is_some() {
        t.title()
    } else {
        t.dim()
    };
    put(buf, area, 0, &text, style);
}

fn help(l: &Labels, frame: &mut Frame, area: Rect) {
    let width = (l.help.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 4) as u16;
    let height = l.help.len() as u16 + 2;
    let popup = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width.min(area.width),
        height.min(area.height),
    );
    let lines: Vec<Line> = l.help.iter().map(|l| Line::from(*l)).collect();
    // The box's rows are cleared across the whole screen, so no letter of what lies behind
    // (a message starting at the left edge) peeks out beside it.
    frame.render_widget(Clear, Rect::new(area.x, popup.y, area.width, popup.height));
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(l.help_title)),
        popup,
    );
}
