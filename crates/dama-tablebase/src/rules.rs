//! What the tables must know of a rule set beyond its moves and draw rules, and of a board:
//! whether it has tables at all ([`TableBoard`]).

use std::sync::Arc;

use dama_core::rules::DrawCounters;
use dama_core::{
    Board, Board8, Board10, BoardRules, Brazilian, Czech, English, House, International, Italian,
    MoveOn, Pool, PositionOn, Russian, Spanish, SpanishOfficial, Thai,
};

use crate::{EngineTables, Tablebase, Value};

/// A rule set the tables know: its [`BoardRules`], and where the tables' metric is exact.
/// Every rule set of `dama-core` implements it here; a rule set of another crate implements
/// it with `impl TableRules for MySet {}` (every class) or says which classes to leave out.
///
/// The tables (their index, build and probe) work on either board ([`TableBoard`]): 8×8
/// and 10×10.
pub trait TableRules: BoardRules<Board: TableBoard> {
    /// Whether the tables' metric is exact for positions of this `material` (white men, white
    /// kings, black men, black kings): inside a phase one draw count binds and falls by one per
    /// ply (`docs/tablebases.md`). The tables build only such classes, and only those whose
    /// captures and crownings lead to such classes. Must not depend on colour (the mirrored
    /// material gives the same answer). Default: every class.
    fn tables_exact(material: [u8; 4]) -> bool {
        let _ = material;
        true
    }

    /// How many tables the class of this `material` holds, one per value of its ending count
    /// left ([`BoardRules::ending_limit`]): 1 (the default) for one table in the metric of one
    /// clock; the longest ending count of the material for a class with **two clocks**, where
    /// the ending count goes on through man moves while the no-progress count starts again
    /// at them, so that both can bind (`docs/tablebases.md`, "Two clocks"). Must not depend
    /// on colour, and must be at least every ending limit of the material's positions (the
    /// build checks it).
    fn layers(material: [u8; 4]) -> u32 {
        let _ = material;
        1
    }
}

impl TableRules for Spanish {}
impl TableRules for Czech {}
impl TableRules for House {}
impl TableRules for English {}
impl TableRules for Italian {}
impl TableRules for SpanishOfficial {}
impl TableRules for Brazilian {}
impl TableRules for Pool {}
impl TableRules for Thai {}
/// FMJD rules on 10×10: one clock, as Brazilian (the 25-move kings-only count and the 16- and
/// 5-move counts against a lone king each bind alone in their phase).
impl TableRules for International {}
/// Turkish draughts: no tables yet on its board ([`TableBoard::HAS_TABLES`] is false there).
impl TableRules for dama_core::Turkish {}
/// Antidraughts: the side that cannot move wins, so the tables build nothing (as for every such
/// set).
impl TableRules for dama_core::Antidraughts {}
/// Russian giveaway: the side that cannot move wins, so the tables build nothing.
impl TableRules for dama_core::Giveaway {}
/// Killer draughts: the FMJD's draw counts, as International (the tables' captures are the
/// rule set's own moves, the killer landing included).
impl TableRules for dama_core::Killer {}
/// Breakthrough: the first king wins, so the tables build nothing (a king ends the game).
impl TableRules for dama_core::Breakthrough {}

/// Frisian draughts: the classes of kings alone. Where a side has kings and men, the limit on
/// one king's plain moves in a row makes a position's value depend on a count the tables do
/// not index ([`PositionOn::king_moves`]); with kings alone the limit is lifted (Art. 17).
/// The ending counts (two kings against one, one against one) bind alone: one clock.
impl TableRules for dama_core::Frisian {
    fn tables_exact(material: [u8; 4]) -> bool {
        frisian_tables_exact(material)
    }
}

/// Frysk!: Frisian draughts' tables (its endings are Frisian's).
impl TableRules for dama_core::Frysk {
    fn tables_exact(material: [u8; 4]) -> bool {
        frisian_tables_exact(material)
    }
}

/// No side with both kings and men (the Frisian tables' classes).
fn frisian_tables_exact([wm, wk, bm, bk]: [u8; 4]) -> bool {
    (wm == 0 || wk == 0) && (bm == 0 || bk == 0)
}

impl TableRules for Russian {
    /// Two clocks where rule 4 (kings on both sides, 4–7 pieces, material unchanged) runs
    /// with men on the board: its count (60 plies for 4–5 pieces, 120 for 6–7) goes on
    /// through man moves, which restart the no-progress count (30 plies). Rules 2, 5 and 6
    /// are shorter than rule 4 where they apply with it (they take the minimum); alone, with
    /// men, they allow at most 10 plies, less than the no-progress count: one clock.
    fn layers([wm, wk, bm, bk]: [u8; 4]) -> u32 {
        let pieces = wm + wk + bm + bk;
        match (wk > 0 && bk > 0 && wm + bm > 0, pieces) {
            (true, 4 | 5) => 60,
            (true, 6 | 7) => 120,
            _ => 1,
        }
    }
}

/// What an engine asks of the tables on a board, whatever the rule set: the tables of a rule
/// set in a [`Tablebase`], a position's value and the tables' move. On 8×8 these are the
/// tables' own answers on either board, so an engine generic over the board probes them
/// through this trait.
pub trait TableBoard: Board {
    /// Whether the tables exist on this board.
    const HAS_TABLES: bool;

    /// The tables of `R` in `tablebase` (starting the build of the small classes, as
    /// [`Tablebase::for_rules`]), or `None` on a board without tables.
    fn engine_tables<R: TableRules<Board = Self>>(
        tablebase: &Tablebase,
    ) -> Option<Arc<EngineTables>>;

    /// The value of `pos` with its draw `counters` ([`EngineTables::value`]), if covered.
    fn value<R: TableRules<Board = Self>>(
        tables: &EngineTables,
        pos: &PositionOn<Self>,
        counters: &DrawCounters,
    ) -> Option<Value>;

    /// The tables' move in `pos` and its value ([`EngineTables::best_move`]), if covered;
    /// `seen` counts how often a child position occurred before.
    fn best_move<R: TableRules<Board = Self>>(
        tables: &EngineTables,
        pos: &PositionOn<Self>,
        counters: &DrawCounters,
        seen: impl Fn(&PositionOn<Self>) -> usize,
    ) -> Option<(MoveOn<Self>, Value)>;
}

impl TableBoard for Board8 {
    const HAS_TABLES: bool = true;

    fn engine_tables<R: TableRules<Board = Board8>>(
        tablebase: &Tablebase,
    ) -> Option<Arc<EngineTables>> {
        Some(tablebase.for_rules::<R>())
    }

    #[inline]
    fn value<R: TableRules<Board = Board8>>(
        tables: &EngineTables,
        pos: &PositionOn<Board8>,
        counters: &DrawCounters,
    ) -> Option<Value> {
        tables.value::<R>(pos, counters)
    }

    fn best_move<R: TableRules<Board = Board8>>(
        tables: &EngineTables,
        pos: &PositionOn<Board8>,
        counters: &DrawCounters,
        seen: impl Fn(&PositionOn<Board8>) -> usize,
    ) -> Option<(MoveOn<Board8>, Value)> {
        tables.best_move::<R>(pos, counters, seen)
    }
}

/// The 10×10 tables: the same machinery on the board's 50 squares (`docs/tablebases.md`).
impl TableBoard for Board10 {
    const HAS_TABLES: bool = true;

    fn engine_tables<R: TableRules<Board = Board10>>(
        tablebase: &Tablebase,
    ) -> Option<Arc<EngineTables>> {
        Some(tablebase.for_rules::<R>())
    }

    #[inline]
    fn value<R: TableRules<Board = Board10>>(
        tables: &EngineTables,
        pos: &PositionOn<Board10>,
        counters: &DrawCounters,
    ) -> Option<Value> {
        tables.value::<R>(pos, counters)
    }

    fn best_move<R: TableRules<Board = Board10>>(
        tables: &EngineTables,
        pos: &PositionOn<Board10>,
        counters: &DrawCounters,
        seen: impl Fn(&PositionOn<Board10>) -> usize,
    ) -> Option<(MoveOn<Board10>, Value)> {
        tables.best_move::<R>(pos, counters, seen)
    }
}

/// The 64-square board of Turkish draughts: no tables yet (their index and the retrograde
/// moves know the dark squares' diagonals only).
impl TableBoard for dama_core::Board64 {
    const HAS_TABLES: bool = false;

    fn engine_tables<R: TableRules<Board = dama_core::Board64>>(
        _: &Tablebase,
    ) -> Option<Arc<EngineTables>> {
        None
    }

    fn value<R: TableRules<Board = dama_core::Board64>>(
        _: &EngineTables,
        _: &PositionOn<dama_core::Board64>,
        _: &DrawCounters,
    ) -> Option<Value> {
        None
    }

    fn best_move<R: TableRules<Board = dama_core::Board64>>(
        _: &EngineTables,
        _: &PositionOn<dama_core::Board64>,
        _: &DrawCounters,
        _: impl Fn(&PositionOn<dama_core::Board64>) -> usize,
    ) -> Option<(MoveOn<dama_core::Board64>, Value)> {
        None
    }
}
