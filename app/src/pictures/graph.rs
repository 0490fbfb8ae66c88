//! The evaluation graph of an analysed game as an SVG picture (`dama analyze --load …
//! --graph FILE.svg`), built with the `svg` crate.
//!
//! The horizontal axis counts the plies (0 the start), the vertical one the score in men from
//! White's view, clipped to ±[`CLIP`] (a forced win is drawn at the edge). One `circle` per
//! move (class `ply`, and `dubious`, `mistake` or `blunder` when marked, coloured, and
//! `white` or `black` for the side that made it: a marked move of White's is a ring, one of
//! Black's a filled dot), joined by one `polyline` through the start and every move; the axes
//! are `line`s of class `axis`, labelled every man and titled (`axis-title`: plies across,
//! men from White's view up); a legend (class `legend`) names the marks' colours and the two
//! sides' shapes.

use svg::Document;
use svg::node::element::{Circle, Group, Line, Polyline, Rectangle, Text, Title};

use crate::play::analysis::{Analysis, FORCED, Mark};
use dama_core::{Board, Color};
use dama_engine::Score;

/// The largest score drawn, in men (either way).
pub const CLIP: i32 = 5;
/// The picture's size in pixels.
pub const WIDTH: f64 = 640.0;
/// The picture's height in pixels.
pub const HEIGHT: f64 = 272.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 40.0;

/// The colour of a mark's dots (none: an unmarked move).
fn colour(mark: Option<Mark>) -> &'static str {
    match mark {
        None => "#246",
        Some(Mark::Dubious) => "#d9a400",
        Some(Mark::Mistake) => "#e07000",
        Some(Mark::Blunder) => "#c00",
    }
}

/// A marked move's dot: filled for Black's, a ring for White's.
fn marked_dot(class: &str, side: Color, mark: Mark, cx: f64, cy: f64) -> Circle {
    let dot = Circle::new()
        .set("class", class)
        .set("cx", cx)
        .set("cy", cy)
        .set("r", 4);
    match side {
        Color::Black => dot.set("fill", colour(Some(mark))),
        Color::White => dot
            .set("fill", "white")
            .set("stroke", colour(Some(mark)))
            .set("stroke-width", 2),
    }
}

/// A text of the picture (sans-serif, `size` pixels).
fn text(content: &str, class: &str, x: f64, y: f64, size: u32) -> Text {
    Text::new(content)
        .set("class", class)
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("font-family", "sans-serif")
}

/// The legend in the top band: each mark's colour, then the two sides' shapes.
fn legend() -> Group {
    let mut group = Group::new().set("class", "legend");
    let mut x = LEFT;
    let y = 30.0;
    for (mark, label) in [
        (Mark::Dubious, "?! dubious"),
        (Mark::Mistake, "? mistake"),
        (Mark::Blunder, "?? blunder"),
    ] {
        group = group
            .add(
                Circle::new()
                    .set("class", "legend")
                    .set("cx", x + 4.0)
                    .set("cy", y - 4.0)
                    .set("r", 4)
                    .set("fill", colour(Some(mark))),
            )
            .add(text(label, "legend", x + 12.0, y, 11));
        x += 96.0;
    }
    group
        .add(
            marked_dot("legend", Color::White, Mark::Blunder, x + 4.0, y - 4.0)
                .set("stroke", "#444"),
        )
        .add(text("White's move", "legend", x + 12.0, y, 11))
        .add(
            Circle::new()
                .set("class", "legend")
                .set("cx", x + 100.0)
                .set("cy", y - 4.0)
                .set("r", 4)
                .set("fill", "#444"),
        )
        .add(text("Black's move", "legend", x + 108.0, y, 11))
}

/// A score in men, clipped to ±[`CLIP`] (none: level).
fn men(score: Option<Score>) -> f64 {
    let centimen = match score {
        None => 0,
        Some(Score::Value(v)) => v,
        Some(Score::Win(_)) => FORCED,
        Some(Score::Loss(_)) => -FORCED,
    };
    f64::from(centimen.clamp(-CLIP * 100, CLIP * 100)) / 100.0
}

/// The graph of `analysis` (a game of either board), titled `title`.
pub fn graph<B: Board>(analysis: &Analysis<B>, title: &str) -> Document {
    let plies = analysis.plies.len().max(1) as f64;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |ply: usize| LEFT + plot_w * ply as f64 / plies;
    let y = |m: f64| TOP + plot_h * (f64::from(CLIP) - m) / f64::from(2 * CLIP);
    let mut axes = Group::new().set("class", "axes");
    axes = axes
        .add(
            Line::new()
                .set("class", "axis x")
                .set("x1", LEFT)
                .set("y1", y(0.0))
                .set("x2", WIDTH - RIGHT)
                .set("y2", y(0.0))
                .set("stroke", "#444"),
        )
        .add(
            Line::new()
                .set("class", "axis y")
                .set("x1", LEFT)
                .set("y1", TOP)
                .set("x2", LEFT)
                .set("y2", HEIGHT - BOTTOM)
                .set("stroke", "#444"),
        );
    for m in -CLIP..=CLIP {
        let label = match m {
            0 => "0".to_string(),
            m if m > 0 => format!("+{m}"),
            m => m.to_string(),
        };
        axes = axes
            .add(
                Line::new()
                    .set("class", "grid")
                    .set("x1", LEFT)
                    .set("y1", y(f64::from(m)))
                    .set("x2", WIDTH - RIGHT)
                    .set("y2", y(f64::from(m)))
                    .set("stroke", "#ddd"),
            )
            .add(
                Text::new(label)
                    .set("class", "label")
                    .set("x", LEFT - 6.0)
                    .set("y", y(f64::from(m)) + 4.0)
                    .set("text-anchor", "end")
                    .set("font-size", 11)
                    .set("font-family", "sans-serif"),
            );
    }
    let step = (analysis.plies.len() / 10).max(1).next_multiple_of(2);
    for ply in (0..=analysis.plies.len()).step_by(step) {
        axes = axes.add(
            Text::new(ply.to_string())
                .set("class", "label")
                .set("x", x(ply))
                .set("y", HEIGHT - BOTTOM + 16.0)
                .set("text-anchor", "middle")
                .set("font-size", 11)
                .set("font-family", "sans-serif"),
        );
    }
    axes = axes
        .add(
            text("plies", "axis-title", LEFT + plot_w / 2.0, HEIGHT - 6.0, 12)
                .set("text-anchor", "middle"),
        )
        .add(
            text("men (White's view)", "axis-title", 0.0, 0.0, 12)
                .set("text-anchor", "middle")
                .set(
                    "transform",
                    format!("translate(14,{}) rotate(-90)", TOP + plot_h / 2.0),
                ),
        );
    let mut points = vec![(x(0), y(men(analysis.start)))];
    let mut dots = Group::new().set("class", "plies");
    for (i, ply) in analysis.plies.iter().enumerate() {
        let (px, py) = (x(i + 1), y(men(ply.eval)));
        points.push((px, py));
        let side = match ply.mover {
            Color::White => "white",
            Color::Black => "black",
        };
        dots = dots.add(match ply.mark {
            None => Circle::new()
                .set("class", format!("ply {side}"))
                .set("cx", px)
                .set("cy", py)
                .set("r", 2)
                .set("fill", colour(None)),
            Some(mark) => {
                let name = match mark {
                    Mark::Dubious => "dubious",
                    Mark::Mistake => "mistake",
                    Mark::Blunder => "blunder",
                };
                marked_dot(&format!("ply {name} {side}"), ply.mover, mark, px, py)
            }
        });
    }
    let line: Vec<String> = points
        .iter()
        .map(|(px, py)| format!("{px:.1},{py:.1}"))
        .collect();
    Document::new()
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("width", WIDTH)
        .set("height", HEIGHT)
        .set("viewBox", (0, 0, WIDTH, HEIGHT))
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", WIDTH)
                .set("height", HEIGHT)
                .set("fill", "white"),
        )
        .add(
            Text::new(title)
                .set("x", LEFT)
                .set("y", 16)
                .set("font-size", 13)
                .set("font-family", "sans-serif"),
        )
        .add(legend())
        .add(axes)
        .add(
            Polyline::new()
                .set("class", "evaluation")
                .set("points", line.join(" "))
                .set("fill", "none")
                .set("stroke", "#246")
                .set("stroke-width", 1.5),
        )
        .add(dots)
}
