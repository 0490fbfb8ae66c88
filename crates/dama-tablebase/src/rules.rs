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
    /// Not exact where rule 4 (kings on both sides, material unchanged) can bind with men on
    /// the board: its count goes on through man moves, which restart the no-progress count,
    /// so two clocks run in one phase.
    fn tables_exact([wm, wk, bm, bk]: [u8; 4]) -> bool {
        let rule_4 = wk > 0 && bk > 0 && wm + wk + bm + bk >= 4;
        !(rule_4 && wm + bm > 0)
    }
}
