//! The texts of the line dialogue that only some rule sets use: the Russian draw rule that has
//! no Czech counterpart and the house rules' draw offer. One [`RulesTexts`] per language, next
//! to its [`Texts`] (`cs::RULES_TEXTS`, …).
//!
//! [`Texts`]: super::Texts

use super::{Texts, fill};
use dama_core::notation::Notation;

/// The rule-set texts of the dialogue in one language. Templates hold `{0}`, `{1}`… for
/// [`fill`](super::fill).
#[derive(Debug)]
pub struct RulesTexts {
    /// The line after the title for rule sets that write captures with `:` (`c3:e5`).
    pub intro_colon: &'static str,
    /// The line after the title for a rule set written with square numbers (`11-15`).
    pub intro_numbered: &'static str,
    /// The line after the title for a rule set written as the Spanish spec's row-column
    /// numbers (`61.52`).
    pub intro_numeric: &'static str,
    /// A draw by the Russian rule 4: kings on both sides and the material unchanged.
    pub draw_material: &'static str,
    /// The house rules offer a draw to a person: {0} the side asked.
    pub house_offer: &'static str,
    /// The house rules offer a draw to the person playing the engine, which would accept.
    pub house_offer_engine: &'static str,
    /// Both engines accept the draw the house rules offer.
    pub house_engines_agree: &'static str,
    /// The first line of `help` for rule sets that write captures with `:` (`c3:e5:g3`).
    pub help_colon: &'static str,
    /// The first line of `help` for a rule set written with square numbers (`11-15`).
    pub help_numbered: &'static str,
    /// The first line of `help` for the Spanish spec's row-column numbers (`61.52`).
    pub help_numeric: &'static str,
    /// The engine's line for a move it did not search, the only legal one: {0} seconds.
    pub only_move: &'static str,
    /// A found win: {0} half-moves to it, in each plural form of [`RulesTexts::plural`].
    pub score_win: [&'static str; 3],
    /// A found loss: {0} half-moves to it, in each plural form.
    pub score_loss: [&'static str; 3],
    /// A number of half-moves in a loaded game's report, in each plural form: {0} the count
    /// (the languages that write `půltahů: 12` give the bare count).
    pub half_moves: [&'static str; 3],
    /// The plural form of a count: 0 the singular (1), 1 the few form (Czech and Russian
    /// 2–4), 2 the other.
    pub plural: fn(u32) -> usize,
    /// The line after the title on the 10×10 board: moves by the squares' numbers.
    pub board10_intro: &'static str,
    /// The first line of `help` on the 10×10 board.
    pub board10_help: &'static str,
    /// The line after the title on the 64-square board (Turkish): moves along ranks and
    /// files.
    pub board64_intro: &'static str,
    /// The first line of `help` on the 64-square board.
    pub board64_help: &'static str,
    /// Under a 10×10 board drawn without its key of square numbers (a narrow terminal).
    pub board10_no_key: &'static str,
    /// The FMJD's draw after 25 moves each with only kings moved and nothing taken.
    pub board10_no_progress: &'static str,
    /// The FMJD's draw when a small ending's count (16 moves, or 5) ran out.
    pub board10_king_ending: &'static str,
}

/// The plural forms of English and Spanish: one, other.
pub fn plural_one_other(n: u32) -> usize {
    if n == 1 { 0 } else { 2 }
}

/// The plural forms of Czech: 1, 2–4, other.
pub fn plural_czech(n: u32) -> usize {
    match n {
        1 => 0,
        2..=4 => 1,
        _ => 2,
    }
}

/// The plural forms of Russian: 1, 21, 31… (not 11); 2–4, 22–24… (not 12–14); other.
pub fn plural_russian(n: u32) -> usize {
    match (n % 10, n % 100) {
        (1, tens) if tens != 11 => 0,
        (2..=4, tens) if !(12..=14).contains(&tens) => 1,
        _ => 2,
    }
}

impl RulesTexts {
    /// The line after the title for a rule set written in `notation`: the catalogue's own
    /// (`t.intro`, `c3xe5`), or this catalogue's line for `c3:e5`, `11-15` or `61.52`.
    pub fn intro_for(&self, notation: Notation, t: &Texts) -> &'static str {
        match notation {
            Notation::AlgebraicColon => self.intro_colon,
            Notation::Numbered(_) => self.intro_numbered,
            Notation::Numeric => self.intro_numeric,
            Notation::Algebraic => t.intro,
        }
    }

    /// The first line of `help` for a rule set written in `notation`: how its moves are
    /// written, with examples in that notation.
    pub fn help_moves_for(&self, notation: Notation, t: &Texts) -> &'static str {
        match notation {
            Notation::AlgebraicColon => self.help_colon,
            Notation::Numbered(_) => self.help_numbered,
            Notation::Numeric => self.help_numeric,
            Notation::Algebraic => t.help.first().copied().unwrap_or(""),
        }
    }

    /// What the engine's search found, as the engine's move line shows it: a value in men
    /// (`+0.43`, with the language's decimal separator), or a win or loss in N half-moves.
    pub fn score(&self, t: &Texts, score: dama_engine::Score) -> String {
        use dama_engine::Score;
        match score {
            Score::Win(n) => fill(self.score_win[(self.plural)(n)], &[&n.to_string()]),
            Score::Loss(n) => fill(self.score_loss[(self.plural)(n)], &[&n.to_string()]),
            Score::Value(_) => t.score(score),
        }
    }

    /// What the engine found, as the engine's move line shows it: the tables' answer (no
    /// node searched, the root's own table hit) counts the half-moves of the phase.
    pub fn info_score(&self, t: &Texts, info: &dama_engine::Info) -> String {
        self.info_score_on(t, info)
    }

    /// [`RulesTexts::info_score`] of a search on any board.
    pub fn info_score_on<B: dama_core::Board>(
        &self,
        t: &Texts,
        info: &dama_engine::Info<B>,
    ) -> String {
        use dama_engine::Score;
        let from_tables = info.nodes == 0 && info.tbhits == 1;
        match info.score {
            Score::Win(n) if from_tables => fill(t.score_table_win, &[&n.to_string()]),
            Score::Loss(n) if from_tables => fill(t.score_table_loss, &[&n.to_string()]),
            score => self.score(t, score),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_forms() {
        let forms = |rule: fn(u32) -> usize| [1, 2, 4, 5, 11, 12, 21, 22, 25, 111].map(rule);
        assert_eq!(forms(plural_one_other), [0, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(forms(plural_czech), [0, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(forms(plural_russian), [0, 1, 1, 2, 2, 2, 0, 1, 2, 2]);
    }
}
