//! What the tables must know of a rule set beyond its moves and draw rules.

use dama_core::{
    Brazilian, Czech, English, House, Italian, Pool, Rules, Russian, Spanish, SpanishOfficial, Thai,
};

/// A rule set the tables can be built for: its [`Rules`], and where the tables' metric is
/// exact. Every rule set of `dama-core` implements it here; a rule set of another crate
/// implements it with `impl TableRules for MySet {}` (every class) or says which classes to
/// leave out.
pub trait TableRules: Rules {
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
    /// left ([`Rules::ending_limit`]): 1 (the default) for one table in the metric of one
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
