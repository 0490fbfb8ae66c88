//! `tb verify`: every entry of a class checked against its children by one step of play,
//! forwards (the build works backwards, so this is an independent check of it).
//!
//! For each position: no legal move ⇒ the entry must be a loss in 0; otherwise the value the
//! moves give (a king move inside the slice: the child's entry one ply further; any other
//! move: as in the build, by the child's value and the phase's count) must equal the entry,
//! after the slice's longest count turns longer distances into draws. So a win's distance
//! falls by one along its best line and every loss is lost whatever is played.

use rayon::prelude::*;

use super::build::{BuildError, exit_value};
use super::index::{Class, Material};
use super::tables::Tables;
use super::value::{MAX_DISTANCE, UNLIMITED, Value, fresh_budget};
use crate::TableRules;
use dama_core::{MoveListOn, PositionOn};

pub use crate::build::VerifyError;

/// The value the moves of `pos` give, with `current` the class's entries.
fn from_children<R: TableRules>(
    tables: &Tables,
    class: &Class,
    current: &[u8],
    pos: &PositionOn<R::Board>,
    moves: &mut MoveListOn<R::Board>,
) -> Result<Value, BuildError> {
    R::legal_moves(pos, moves);
    if moves.is_empty() {
        return Ok(Value::Loss(0));
    }
    let limited = fresh_budget::<R>(pos) != UNLIMITED;
    let kings = pos.kings(pos.turn());
    let mut best: Option<Value> = None;
    for mv in moves.iter() {
        let child = pos.after(mv);
        let v = if !mv.is_capture() && kings.contains(mv.from()) {
            let index = usize::try_from(class.index(&super::index::Parts::of(&child)))
                .unwrap_or(usize::MAX);
            Value::decode(current.get(index).copied().unwrap_or(0)).back()
        } else {
            exit_value::<R>(tables, class, current, pos, mv, &child, limited)?
        };
        if best.is_none_or(|b| v.goodness() > b.goodness()) {
            best = Some(v);
        }
    }
    Ok(best.unwrap_or(Value::Loss(0)))
}

/// Checks every entry of the canonical class `m`; returns the number of positions checked.
pub fn verify_class<R: TableRules>(tables: &Tables, m: Material) -> Result<u64, VerifyError> {
    let class = Class::of::<R::Board>(m);
    let solved = tables
        .solved(m)
        .ok_or_else(|| VerifyError::Missing(m.name()))?;
    let current: Vec<u8> = match &solved.source {
        super::tables::Source::Memory(values) => values.clone(),
        super::tables::Source::File(file) => file
            .all()
            .map_err(|e| VerifyError::Unreadable(e.to_string()))?,
    };
    if solved.layers > 1 {
        return super::layers::verify_layered::<R>(tables, m, &current);
    }
    let len = class.slice_len();
    let counts: Vec<u64> = (0..class.slices())
        .into_par_iter()
        .map(|slice| -> Result<u64, VerifyError> {
            let mut moves = MoveListOn::<R::Board>::new();
            let mut found = Vec::with_capacity(len as usize);
            let mut cap = 0;
            for (local, pos) in class.slice_positions::<R::Board>(slice) {
                let v = from_children::<R>(tables, &class, &current, &pos, &mut moves)?;
                let budget = fresh_budget::<R>(&pos);
                cap = cap.max(if budget == UNLIMITED {
                    MAX_DISTANCE
                } else {
                    budget.min(MAX_DISTANCE)
                });
                found.push((slice * len + local, pos, v));
            }
            for (index, pos, v) in &found {
                let computed = v.within(cap);
                let stored = Value::decode(current[*index as usize]);
                if stored != computed {
                    return Err(VerifyError::Mismatch {
                        class: m.name(),
                        fen: pos.to_string(),
                        stored: stored.to_string(),
                        computed: computed.to_string(),
                    });
                }
            }
            Ok(found.len() as u64)
        })
        .collect::<Result<_, _>>()?;
    Ok(counts.iter().sum())
}
