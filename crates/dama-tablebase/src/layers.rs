//! The tables of a class with two clocks ([`crate::TableRules::layers`]): one table per value
//! of the ending count left (the *layer*), each entry the no-progress plies the result needs.
//!
//! Every move of such a class uses one ply of its ending count, until a capture or a crowning
//! changes the material (and both counts start again: the child's fresh value, from another
//! class). So the state (position, ending plies left `e`, no-progress plies left `q`) only ever
//! goes from layer `e` to layer `e − 1`, and layer `e` is solved from layer `e − 1` alone, by
//! one pass over the slice (no backward pass). Inside a layer the result is monotone in `q`
//! (more of the count never hurts the side that wins), so one threshold per entry holds it:
//! `Win(t)`: won when `q ≥ t`; `Loss(t)`: lost when `q ≥ t`; `Draw`: drawn for every `q`.
//!
//! - a king's quiet move ([`Step::Both`]) leads to (child, `e − 1`, `q − 1`);
//! - a man move ([`Step::Ending`]) to (child, `e − 1`, the whole no-progress count);
//! - a capture or a crowning ([`Step::Fresh`]) to the child's fresh value, in one ply;
//! - layer 0 (the ending count has run out) is a draw, but for a side with no move (lost:
//!   the game looks at the moves before the counts).

use rayon::prelude::*;

use super::build::{
    BuildError, VerifyError, build_one_layer, exit_value, missing, solve_by_advance,
};
use super::index::{Class, Material, Parts};
use super::tables::Tables;
use super::value::{MAX_DISTANCE, Step, UNLIMITED, Value, quiet_limit, step};
use crate::TableRules;
use dama_core::{MoveListOn, PositionOn};

/// What one position's moves lead to, found once for all its layers.
#[derive(Clone, Copy, Default)]
struct Node {
    /// No legal move.
    terminal: bool,
    /// A capture or crowning wins at once.
    exit_win: bool,
    /// A capture or crowning draws.
    exit_draw: bool,
    /// A capture or crowning loses.
    exit_loss: bool,
    /// Its children by king moves ([`Step::Both`]) and man moves ([`Step::Ending`]):
    /// `children[from..mid]` and `children[mid..to]`, as class indices.
    from: u32,
    mid: u32,
    to: u32,
}

/// The layers and the no-progress count of class `m` under `R`.
fn shape<R: TableRules>(m: Material) -> Result<(u32, u32), BuildError> {
    let layers = R::layers([m.wm, m.wk, m.bm, m.bk]);
    let quiet = quiet_limit::<R>();
    if quiet == UNLIMITED || quiet > MAX_DISTANCE || layers > u32::from(u16::MAX) {
        return Err(BuildError::Layers {
            class: m.name(),
            why: format!("no no-progress count of at most {MAX_DISTANCE} plies to layer"),
        });
    }
    Ok((layers, quiet))
}

/// One position's moves: the fresh exits valued, the others listed in `children`.
fn node<R: TableRules>(
    tables: &Tables,
    class: &Class,
    layers: u32,
    pos: &PositionOn<R::Board>,
    moves: &mut MoveListOn<R::Board>,
    children: &mut Vec<u64>,
) -> Result<Node, BuildError> {
    let slice = class.index(&Parts::of(pos)) / class.slice_len();
    let slice_of = |p: &PositionOn<R::Board>| class.index(&Parts::of(p)) / class.slice_len();
    R::legal_moves(pos, moves);
    let mut n = Node {
        terminal: moves.is_empty(),
        ..Node::default()
    };
    let fail = |why: String| BuildError::Layers {
        class: class.material.name(),
        why,
    };
    if R::ending_limit(pos).is_some_and(|limit| u32::from(limit) > layers) {
        return Err(fail(format!(
            "{pos} has an ending count above {layers} plies"
        )));
    }
    let mut ending = Vec::new();
    n.from = children.len() as u32;
    for mv in moves.iter() {
        let child = pos.after(mv);
        let same = Material::of(&child) == class.material;
        match step::<R>(pos, mv, &child, layers) {
            Some(Step::Fresh) if !same => {
                match exit_value::<R>(tables, class, &[], pos, mv, &child, true)? {
                    Value::Win(_) => n.exit_win = true,
                    Value::Draw => n.exit_draw = true,
                    Value::Loss(_) => n.exit_loss = true,
                }
            }
            // A king move stays in the slice; a man move goes to one solved before.
            Some(Step::Both) if same && slice_of(&child) == slice => {
                children.push(class.index(&Parts::of(&child)));
            }
            Some(Step::Ending)
                if same && class.advance(slice_of(&child)) > class.advance(slice) =>
            {
                ending.push(class.index(&Parts::of(&child)));
            }
            _ => {
                return Err(fail(format!(
                    "{pos}: move {mv:?} moves the counts in another way"
                )));
            }
        }
    }
    n.mid = children.len() as u32;
    children.extend(ending);
    n.to = children.len() as u32;
    Ok(n)
}

/// The value in layer `e` of a position (`node`), its children's values one layer down given
/// by `below` (`None`: a child not solved yet), with `quiet` the no-progress count.
fn layer_value(
    node: &Node,
    children: &[u64],
    quiet: u32,
    below: impl Fn(u64) -> Option<Value>,
) -> Option<Value> {
    if node.terminal {
        return Some(Value::Loss(0));
    }
    let both = &children[node.from as usize..node.mid as usize];
    let ending = &children[node.mid as usize..node.to as usize];
    let mut win = if node.exit_win { 1 } else { u32::MAX };
    let mut loss = 1;
    let mut lost = !node.exit_draw && !node.exit_win;
    for &c in ending {
        match below(c)? {
            Value::Loss(_) => win = 1,
            Value::Draw => lost = false,
            Value::Win(_) => {}
        }
    }
    for &c in both {
        match below(c)? {
            Value::Loss(t) => win = win.min(t + 1),
            Value::Draw => lost = false,
            Value::Win(t) => loss = loss.max(t + 1),
        }
    }
    Some(if win <= quiet {
        Value::Win(win)
    } else if lost && loss <= quiet {
        Value::Loss(loss)
    } else {
        Value::Draw
    })
}

/// The value of layer 0 (the ending count run out) from a position's first layer: lost with no
/// move, else drawn.
fn layer_zero(first: Value) -> Value {
    if first == Value::Loss(0) {
        first
    } else {
        Value::Draw
    }
}

/// Solves the canonical class `m` of `R::layers(m)` layers, every class it leads to being in
/// `tables`: `layers` entries per position, layer `e` at `layers × index + e − 1`.
pub fn build_layered<R: TableRules>(
    tables: &Tables,
    m: Material,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u8>, BuildError> {
    let class = Class::of::<R::Board>(m);
    let (layers, quiet) = shape::<R>(m)?;
    let width = layers as usize;
    let slice_len = class.slice_len();
    solve_by_advance(&class, width, progress, |values, slice| {
        let mut codes = vec![0u8; slice_len as usize * width];
        let Some((white_men, black_men)) = class.slice_men(slice) else {
            return Ok(codes);
        };
        let mut moves = MoveListOn::<R::Board>::new();
        let mut children = Vec::new();
        let mut nodes = Vec::with_capacity(slice_len as usize);
        for local in 0..slice_len {
            let pos = class
                .parts_in_slice(white_men, black_men, local)
                .and_then(|p| p.position::<R::Board>());
            nodes.push(match pos {
                Some(pos) => Some(node::<R>(
                    tables,
                    &class,
                    layers,
                    &pos,
                    &mut moves,
                    &mut children,
                )?),
                None => None,
            });
        }
        let first = slice * slice_len;
        for e in 1..=layers {
            let at = e as usize - 1;
            for (local, n) in nodes.iter().enumerate() {
                let Some(n) = n else { continue };
                let below = |c: u64| -> Option<Value> {
                    if (first..first + slice_len).contains(&c) {
                        let i = (c - first) as usize;
                        // Layer 0 of the slice's own positions: their first layer is not
                        // solved yet, their moves are known.
                        return Some(if e == 1 {
                            match nodes.get(i)? {
                                Some(n) if n.terminal => Value::Loss(0),
                                _ => Value::Draw,
                            }
                        } else {
                            Value::decode(*codes.get(i * width + at - 1)?)
                        });
                    }
                    let code = |layer: usize| values.get(c as usize * width + layer).copied();
                    Some(if e == 1 {
                        layer_zero(Value::decode(code(0)?))
                    } else {
                        Value::decode(code(at - 1)?)
                    })
                };
                let v = layer_value(n, &children, quiet, below)
                    .ok_or_else(|| missing(tables, &class, m))?;
                codes[local * width + at] = v.encode();
            }
        }
        Ok(codes)
    })
}

/// The value of a position (`node`) in a layer with `q` plies of the no-progress count left,
/// move by move: each child's entry one layer down (`below`) within the plies its move leaves.
fn played(
    node: &Node,
    children: &[u64],
    quiet: u32,
    q: u32,
    below: &impl Fn(u64) -> Value,
) -> Value {
    if node.terminal {
        return Value::Loss(0);
    }
    if q == 0 {
        return Value::Draw;
    }
    let both = children[node.from as usize..node.mid as usize]
        .iter()
        .map(|&c| below(c).within(q - 1).back());
    let ending = children[node.mid as usize..node.to as usize]
        .iter()
        .map(|&c| below(c).within(quiet).back());
    let exits = [
        (node.exit_win, Value::Win(1)),
        (node.exit_draw, Value::Draw),
        (node.exit_loss, Value::Loss(1)),
    ]
    .into_iter()
    .filter_map(|(there, v)| there.then_some(v));
    both.chain(ending)
        .chain(exits)
        .max_by_key(|v| v.goodness())
        .unwrap_or(Value::Loss(0))
}

/// Checks every entry of the class `m` of layers (`current`: its entries) against its
/// children: a `Win(t)` (a `Loss(t)`) must be won (lost) with `t` plies of the no-progress
/// count left and not with `t − 1`, a draw drawn with the whole count; returns the positions
/// checked.
pub fn verify_layered<R: TableRules>(
    tables: &Tables,
    m: Material,
    current: &[u8],
) -> Result<u64, VerifyError> {
    let class = Class::of::<R::Board>(m);
    let (layers, quiet) = shape::<R>(m)?;
    let width = layers as usize;
    let slice_len = class.slice_len();
    let counts: Vec<u64> = (0..class.slices())
        .into_par_iter()
        .map(|slice| -> Result<u64, VerifyError> {
            let mut moves = MoveListOn::<R::Board>::new();
            let mut children = Vec::new();
            let mut checked = 0;
            for (local, pos) in class.slice_positions::<R::Board>(slice) {
                children.clear();
                let n = node::<R>(tables, &class, layers, &pos, &mut moves, &mut children)?;
                let index = (slice * slice_len + local) as usize;
                let code = |c: u64, layer: usize| {
                    Value::decode(
                        current
                            .get(c as usize * width + layer)
                            .copied()
                            .unwrap_or(0),
                    )
                };
                for e in 1..=width {
                    let below = |c: u64| {
                        if e == 1 {
                            layer_zero(code(c, 0))
                        } else {
                            code(c, e - 2)
                        }
                    };
                    let stored = code(index as u64, e - 1);
                    let at = |q: u32| played(&n, &children, quiet, q, &below);
                    let sound = match stored {
                        Value::Loss(0) => n.terminal,
                        Value::Win(t) => {
                            t <= quiet
                                && matches!(at(t), Value::Win(_))
                                && !matches!(at(t - 1), Value::Win(_))
                        }
                        Value::Loss(t) => {
                            t <= quiet
                                && matches!(at(t), Value::Loss(_))
                                && !matches!(at(t - 1), Value::Loss(_))
                        }
                        Value::Draw => at(quiet) == Value::Draw,
                    };
                    if !sound {
                        return Err(VerifyError::Mismatch {
                            class: m.name(),
                            fen: format!("{pos} (layer {e})"),
                            stored: stored.to_string(),
                            computed: format!("{} with {quiet} plies of the count", at(quiet)),
                        });
                    }
                }
                checked += 1;
            }
            Ok(checked)
        })
        .collect::<Result<_, _>>()?;
    Ok(counts.iter().sum())
}

/// Solves the class of the canonical material `m`, every class it leads to being in
/// `tables`: layer by layer where the rules split it ([`TableRules::layers`]), else in one
/// ([`build_one_layer`]). `progress` is called with the number of entries done after each
/// group of slices.
pub fn build_class<R: TableRules>(
    tables: &Tables,
    m: Material,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<u8>, BuildError> {
    if R::layers([m.wm, m.wk, m.bm, m.bk]) > 1 {
        return build_layered::<R>(tables, m, progress);
    }
    build_one_layer::<R>(tables, m, progress)
}
