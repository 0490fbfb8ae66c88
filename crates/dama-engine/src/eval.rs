//! The 8×8 evaluation: a static score of a quiet position, in hundredths of a man, from
//! white's view, with the [`Weights`] and what it knows of the rule set ([`RuleKnowledge`]);
//! as the engine's [`Evaluator`], [`Hand8Evaluator`]. The search clamps it and turns it to the
//! side to move's view ([`crate::evaluator::score_for_mover`]), as [`evaluate_for`] does.
//!
//! Terms (white's view):
//! - material: a man is [`MAN`], a king [`KING`];
//! - advancement (tempo): a man is worth more the further it has come, and the more so the
//!   fewer pieces are left;
//! - runaway men: a man with no enemy piece in the cone ahead of it, when the enemy has no
//!   king to catch it, is nearly a king;
//! - the runaway race: when both sides have runaway men, the side whose fastest one crowns
//!   first, counting moves;
//! - the back rank: men kept home guard against enemy crowning while the board is full; the
//!   key guard squares (c1, e1; d8, f8) while the enemy has no king;
//! - the centre: men on the eight central squares;
//! - balance: men spread evenly over the two wings;
//! - mobility: free forward steps of men, locked men (no free step), squares a king can
//!   reach; kings on the main diagonal and the double diagonals;
//! - per rule set: under optional capture ([`dama_core::BoardRules::CAPTURE_COMPULSORY`] false) a runaway
//!   man cannot be lured off its road by a sacrifice, and is worth more;
//! - king endings: two kings (or fewer) cannot beat one; three kings beat a lone king off the
//!   main diagonal (the attacker wants the main diagonal and to shut the lone king in) but
//!   not on it, where the rules let a capturing king land anywhere beyond (under the house
//!   rules, where it lands directly behind, the lone king can be lured off the diagonal:
//!   [`EngineRules::LONE_KING_HOLDS_MAIN_DIAGONAL`]); four beat it anywhere.

use dama_core::bitboard::LAYOUT_BITS;
use dama_core::{Bitboard, Board, Board8, Color, Direction, Position, Square};

use crate::EngineRules;
use crate::evaluator::{Evaluator, score_for_mover};
use crate::patterns::Patterns;

pub use super::weights::{Weights, WeightsError};

/// The value of a man.
pub const MAN: i32 = Weights::DEFAULT.man;
/// The value of a king (about three men with flying kings).
pub const KING: i32 = Weights::DEFAULT.king;

const fn rank_of(bit: usize) -> u8 {
    match Square::from_bit(bit as u8) {
        Some(sq) => sq.rank(),
        None => 0,
    }
}

const fn file_of(bit: usize) -> u8 {
    match Square::from_bit(bit as u8) {
        Some(sq) => sq.file(),
        None => 0,
    }
}

/// Squares as a mask, from (file, rank) pairs.
const fn squares(list: &[(u8, u8)]) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < list.len() {
        if let Some(sq) = Square::from_file_rank(list[i].0, list[i].1) {
            mask |= 1 << sq.bit();
        }
        i += 1;
    }
    mask
}

const CENTRE: u64 = squares(&[
    (2, 2),
    (4, 2),
    (3, 3),
    (5, 3),
    (2, 4),
    (4, 4),
    (3, 5),
    (5, 5),
]);

/// The double diagonals a7–g1 and b8–h2.
const DOUBLE: u64 = squares(&[
    (0, 6),
    (1, 5),
    (2, 4),
    (3, 3),
    (4, 2),
    (5, 1),
    (6, 0),
    (1, 7),
    (2, 6),
    (3, 5),
    (4, 4),
    (5, 3),
    (6, 2),
    (7, 1),
]);

/// The left half of the board (files a–d), for the balance term.
const LEFT: u64 = {
    let mut mask = 0u64;
    let mut bit = 0;
    while bit < LAYOUT_BITS {
        if Square::from_bit(bit as u8).is_some() && file_of(bit) < 4 {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
};

/// The key guard squares of each colour's home rank: c1 and e1 for white, d8 and f8 for black
/// (the same squares turned half round).
const GUARDS: [u64; 2] = [squares(&[(2, 0), (4, 0)]), squares(&[(3, 7), (5, 7)])];

/// For each colour and bit, the squares ahead of a man there that an enemy piece must stand
/// on to stop it (its promotion cone).
static CONES: [[u64; 64]; 2] = promotion_cones::<dama_core::Board8>();

/// For each colour and bit of `B`'s layout, the squares ahead of a man there that an enemy
/// piece must stand on to stop it (its promotion cone): those on a farther rank, no more
/// files away than ranks. White's cones look up the board, black's down.
pub(crate) const fn promotion_cones<B: Board>() -> [[u64; 64]; 2] {
    let mut cones = [[0u64; 64]; 2];
    let mut bit = 0;
    while bit < B::LAYOUT_BITS {
        if let Some(sq) = dama_core::SquareOn::<B>::from_bit(bit as u8) {
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            let mut other = 0;
            while other < B::LAYOUT_BITS {
                if let Some(o) = dama_core::SquareOn::<B>::from_bit(other as u8) {
                    let (f2, r2) = (o.file() as i32, o.rank() as i32);
                    let df = if f2 > f { f2 - f } else { f - f2 };
                    if r2 > r && df <= r2 - r {
                        cones[0][bit] |= 1 << other;
                    }
                    if r2 < r && df <= r - r2 {
                        cones[1][bit] |= 1 << other;
                    }
                }
                other += 1;
            }
        }
        bit += 1;
    }
    cones
}

/// For each colour, its squares on each rank counted from its home rank (0 = home).
const RANKS: [[u64; 8]; 2] = {
    let mut ranks = [[0u64; 8]; 2];
    let mut bit = 0;
    while bit < LAYOUT_BITS {
        if Square::from_bit(bit as u8).is_some() {
            let rank = rank_of(bit) as usize;
            ranks[0][rank] |= 1 << bit;
            ranks[1][7 - rank] |= 1 << bit;
        }
        bit += 1;
    }
    ranks
};

/// The rank counted from `color`'s home rank (only for runaway men: advancement counts
/// the men of each rank with [`RANKS`]).
#[inline]
fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// The squares next to `sq` (a short king's steps, before the board is looked at).
#[inline]
fn king_steps(sq: Square) -> Bitboard {
    let one = sq.bb();
    Direction::ALL
        .iter()
        .fold(Bitboard::EMPTY, |acc, &d| acc | one.shift(d))
}

/// Squares a king on `sq` can move to.
#[inline]
fn king_reach(sq: Square, occupied: Bitboard) -> u32 {
    Direction::ALL
        .iter()
        .map(|&d| Bitboard::slide(sq, d, occupied).count())
        .sum()
}

/// What the evaluation knows of the rule set it plays: the properties its terms depend on
/// (the constants of [`EngineRules`]) and the rule set's learned pattern scores.
#[derive(Clone, Copy, Debug)]
pub struct RuleKnowledge {
    /// A lone king on the main diagonal holds three kings
    /// ([`EngineRules::LONE_KING_HOLDS_MAIN_DIAGONAL`]).
    pub lone_king_holds_main_diagonal: bool,
    /// Capture is compulsory ([`dama_core::BoardRules::CAPTURE_COMPULSORY`]).
    pub capture_compulsory: bool,
    /// Kings move one square ([`EngineRules::SHORT_KINGS`]): their reach is their free
    /// neighbours, and the flying kings' ending knowledge does not hold.
    pub short_kings: bool,
    /// The rule set's learned pattern scores ([`EngineRules::patterns`]), counted when the
    /// weights turn them on ([`Weights::patterns`]).
    pub patterns: Option<&'static Patterns>,
}

impl RuleKnowledge {
    /// Flying kings landing anywhere beyond, compulsory capture, no pattern scores (the Czech
    /// and Russian rules without their patterns).
    pub const FLYING_KINGS: RuleKnowledge = RuleKnowledge {
        lone_king_holds_main_diagonal: true,
        capture_compulsory: true,
        short_kings: false,
        patterns: None,
    };

    /// What the evaluation with `weights` knows of `R`: its constants, and its pattern scores
    /// if the weights turn them on (they are not loaded otherwise).
    pub fn of<R: EngineRules<Board = Board8>>(weights: &Weights) -> RuleKnowledge {
        RuleKnowledge {
            lone_king_holds_main_diagonal: R::LONE_KING_HOLDS_MAIN_DIAGONAL,
            capture_compulsory: R::CAPTURE_COMPULSORY,
            short_kings: R::SHORT_KINGS,
            patterns: if weights.patterns != 0 {
                R::patterns()
            } else {
                None
            },
        }
    }
}

/// This module's evaluation with its weights and what it knows of a rule set, as the
/// engine's [`Evaluator`] on 8×8 ([`crate::Evaluation::Hand8`]). It reads the position
/// alone: no state per ply.
#[derive(Clone, Copy, Debug)]
pub struct Hand8Evaluator {
    weights: Weights,
    rules: RuleKnowledge,
}

impl Hand8Evaluator {
    /// The evaluation with `weights` and the knowledge `rules`.
    pub fn new(weights: Weights, rules: RuleKnowledge) -> Hand8Evaluator {
        Hand8Evaluator { weights, rules }
    }

    /// The evaluation with `weights` under the rules `R` ([`RuleKnowledge::of`]).
    pub fn for_rules<R: EngineRules<Board = Board8>>(weights: Weights) -> Hand8Evaluator {
        Hand8Evaluator::new(weights, RuleKnowledge::of::<R>(&weights))
    }

    /// Its weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// What it knows of the rule set.
    pub fn rules(&self) -> &RuleKnowledge {
        &self.rules
    }

    /// The static score of `pos` from white's view (not clamped).
    #[inline]
    pub fn evaluate_white(&self, pos: &Position) -> i32 {
        evaluate_white(pos, &self.weights, self.rules)
    }
}

impl Evaluator<Board8> for Hand8Evaluator {
    type Acc = ();

    #[inline]
    fn refresh(&self, _: &Position) {}

    #[inline]
    fn evaluate(&self, (): &(), pos: &Position) -> i32 {
        self.evaluate_white(pos)
    }
}

/// One side's score from everything but the special king endings, and the moves its fastest
/// runaway man needs to crown (`u32::MAX`: none).
fn side_score(
    pos: &Position,
    color: Color,
    total: i32,
    w: &Weights,
    rules: RuleKnowledge,
) -> (i32, u32) {
    let men = pos.men(color);
    let kings = pos.kings(color);
    let them = !color;
    let occupied = pos.occupied();
    let empty = pos.empty();
    let enemy_kings = pos.kings(them).any();
    let enemy = pos.pieces(them);

    let mut score = men.count() as i32 * w.man + kings.count() as i32 * w.king;

    // Advancement, weighted up as the board empties (4/8 with a full board, 12/8 bare).
    let weight = 4 + (24 - total).max(0) / 3;
    let mut advance = 0;
    for (rank, mask) in RANKS[color.index()].iter().enumerate() {
        advance += w.advance[rank.min(6)] * (men.bits() & mask).count_ones() as i32;
    }
    score += advance * weight / 8;
    let mut fastest = u32::MAX;
    if !enemy_kings {
        let runaway = w.runaway
            + if rules.capture_compulsory {
                0
            } else {
                w.optional_runaway
            };
        for sq in men {
            if CONES[color.index()][sq.bit() as usize] & enemy.bits() == 0 {
                let rank = relative_rank(color, sq);
                score += runaway + w.runaway_rank * rank as i32;
                fastest = fastest.min(7 - rank as u32);
            }
        }
    }

    // The back rank, while there is something to guard against.
    if !enemy_kings {
        let home = match color {
            Color::White => Bitboard::RANK_1,
            Color::Black => Bitboard::RANK_8,
        };
        if total > 10 {
            score += w.back_rank * (men & home).count() as i32;
        }
        score += w.back_guard * (men.bits() & GUARDS[color.index()]).count_ones() as i32;
    }

    score += w.centre * (men.bits() & CENTRE).count_ones() as i32;

    // Balance between the two wings.
    let left = (men.bits() & LEFT).count_ones() as i32;
    score += w.balance * (2 * left - men.count() as i32).abs();

    // Men's free steps forward, and men with none (locked).
    let (ahead, behind) = match color {
        Color::White => (
            [Direction::NorthEast, Direction::NorthWest],
            [Direction::SouthWest, Direction::SouthEast],
        ),
        Color::Black => (
            [Direction::SouthEast, Direction::SouthWest],
            [Direction::NorthWest, Direction::NorthEast],
        ),
    };
    let steps = men.shift(ahead[0]) | men.shift(ahead[1]);
    score += w.man_step * (steps & empty).count() as i32;
    let movable = men & (empty.shift(behind[0]) | empty.shift(behind[1]));
    score += w.locked * (men.count() - movable.count()) as i32;

    for sq in kings {
        let reach = if rules.short_kings {
            (king_steps(sq) & empty).count()
        } else {
            king_reach(sq, occupied)
        };
        score += w.king_reach * reach as i32;
        if sq.on_main_diagonal() {
            score += w.king_main_diagonal;
        }
        if DOUBLE & (1 << sq.bit()) != 0 {
            score += w.king_double_diagonal;
        }
    }
    (score, fastest)
}

/// The score of a king ending where `strong` has only kings and `weak` a lone king, from
/// `strong`'s view.
/// `main_holds`: a lone king on the main diagonal holds three kings (the rule set's
/// [`EngineRules::LONE_KING_HOLDS_MAIN_DIAGONAL`]).
fn lone_king_ending(
    pos: &Position,
    strong: Color,
    weak: Color,
    main_holds: bool,
    w: &Weights,
) -> i32 {
    let kings = pos.kings(strong).count() as i32;
    let Some(lone) = pos.kings(weak).first() else {
        return 0;
    };
    let occupied = pos.occupied();
    let freedom = king_reach(lone, occupied) as i32;
    match kings {
        0 | 1 => 0,
        2 => w.ending_two_kings,
        3 if main_holds && lone.on_main_diagonal() => w.ending_three_on_main,
        _ => {
            let holds_main = (pos.kings(strong) & Bitboard::MAIN_DIAGONAL).any();
            let extra = if kings >= 4 { w.ending_four_kings } else { 0 };
            // Strong kings next to the lone king's diagonals shut it in.
            let mut near = 0;
            for sq in pos.kings(strong) {
                let df = (sq.file() as i32 - lone.file() as i32).abs();
                let dr = (sq.rank() as i32 - lone.rank() as i32).abs();
                near -= df.max(dr);
            }
            w.ending_win
                + extra
                + if holds_main {
                    w.ending_main_diagonal
                } else {
                    0
                }
                - w.ending_freedom * freedom
                + w.ending_near * near
        }
    }
}

/// The static score of `pos` from the side to move's view, with the default weights and the
/// endgame knowledge of flying kings that land anywhere beyond (Czech, Russian, Spanish-spec).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Weights::DEFAULT)
}

/// The static score of `pos` from the side to move's view, with the weights `w` (flying kings
/// that land anywhere beyond: [`RuleKnowledge::FLYING_KINGS`]).
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    score_for_mover(pos, evaluate_white(pos, w, RuleKnowledge::FLYING_KINGS))
}

/// The static score of `pos` from the side to move's view under the rules `R` with the
/// weights `w`, clamped as the search reads it.
pub fn evaluate_for<R: EngineRules<Board = Board8>>(pos: &Position, w: &Weights) -> i32 {
    score_for_mover(pos, evaluate_white_for::<R>(pos, w))
}

/// The static score of `pos` from white's view under the rules `R` with the weights `w`
/// (not clamped): [`Hand8Evaluator::for_rules`].
pub fn evaluate_white_for<R: EngineRules<Board = Board8>>(pos: &Position, w: &Weights) -> i32 {
    Hand8Evaluator::for_rules::<R>(*w).evaluate_white(pos)
}

/// The evaluation's terms from white's view.
fn evaluate_white(pos: &Position, w: &Weights, rules: RuleKnowledge) -> i32 {
    let main_holds = rules.lone_king_holds_main_diagonal;
    use Color::{Black, White};
    let (wm, bm) = (pos.men(White).count(), pos.men(Black).count());
    let (wk, bk) = (pos.kings(White).count(), pos.kings(Black).count());
    // The lone king's endings below are those of flying kings.
    let flying = !rules.short_kings;
    if flying && wm == 0 && bm == 0 {
        if bm + bk == 1 && bk == 1 && wk >= 1 {
            return lone_king_ending(pos, White, Black, main_holds, w);
        }
        if wm + wk == 1 && wk == 1 && bk >= 1 {
            return -lone_king_ending(pos, Black, White, main_holds, w);
        }
    }
    let total = (wm + bm + wk + bk) as i32;
    let learned = if w.patterns != 0
        && let Some(set) = rules.patterns
    {
        set.score(pos) * w.patterns / 100
    } else {
        0
    };
    let (white, white_runaway) = side_score(pos, White, total, w, rules);
    let (black, black_runaway) = side_score(pos, Black, total, w, rules);
    let mut score = white - black + learned;
    // The runaway race: whose fastest runaway man crowns first (the side to move wins a tie).
    if white_runaway != u32::MAX && black_runaway != u32::MAX {
        let white_first = match pos.turn() {
            White => white_runaway <= black_runaway,
            Black => white_runaway < black_runaway,
        };
        score += if white_first {
            w.runaway_race
        } else {
            -w.runaway_race
        };
    }
    // A lone king holds a draw against at most two pieces, at most one of them a king: the
    // side with those pieces cannot count on its extra material.
    if flying
        && ((wm == 0 && wk == 1 && bm + bk <= 2 && bk <= 1 && score < 0)
            || (bm == 0 && bk == 1 && wm + wk <= 2 && wk <= 1 && score > 0))
    {
        return score / 8;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::fen;

    fn eval(text: &str) -> i32 {
        evaluate(&fen::parse(text).unwrap())
    }

    #[test]
    fn start_is_balanced_and_symmetric() {
        assert_eq!(evaluate(&Position::initial()), 0);
        let black = Position::initial().with_turn(Color::Black);
        assert_eq!(evaluate(&black), 0);
    }

    #[test]
    fn material_counts() {
        assert!(eval("W:Wc3,e3:Bf6") > 60);
        assert!(eval("B:Wc3,e3:Bf6") < -60);
        assert!(eval("W:WKc3,a1:Bf6,d6") > 50);
    }

    #[test]
    fn three_kings_against_one_depend_on_the_main_diagonal() {
        let off = eval("W:WKa3,Kc1,Ke1:BKh6");
        let on = eval("W:WKa3,Kc1,Ke1:BKd4");
        assert!(off >= 400, "{off}");
        assert!(on.abs() <= 50, "{on}");
        assert!(eval("W:WKa3,Kc1:BKh6").abs() <= 50);
    }

    #[test]
    fn runaway_men_are_worth_more() {
        // The same material; the man on g5 has a free road, the one on a5 is stopped.
        let free = eval("W:Wg5,c1:Bb6,a7");
        let blocked = eval("W:Wa5,c1:Bb6,a7");
        assert!(free > blocked + 20, "{free} {blocked}");
    }

    /// The change the weight `name` at `value` makes to the side to move's score under `R`,
    /// against the same weight at 0 (the others at their defaults).
    fn term<R: EngineRules<Board = dama_core::Board8>>(text: &str, name: &str, value: i32) -> i32 {
        let pos = fen::parse(text).unwrap();
        let with = |v: i32| {
            let mut w = Weights::DEFAULT;
            for (n, slot) in w.each_mut() {
                if n == name {
                    *slot = v;
                }
            }
            evaluate_for::<R>(&pos, &w)
        };
        with(value) - with(0)
    }

    #[test]
    fn locked_men() {
        use dama_core::Czech;
        let locked = |text| term::<Czech>(text, "locked", -10);
        // c3 is shut in by b4 and d4 (whose own steps to a3 and e3 are free).
        assert_eq!(locked("W:Wc3:Bb4,d4"), -10);
        assert_eq!(locked("B:Wc3:Bb4,d4"), 10);
        // An edge man with its one square taken; a man with a free square is not locked.
        assert_eq!(locked("W:Wa3,e3:Bb4,f6"), -10);
        assert_eq!(locked("W:Wc3:Bb4,h6"), 0);
        // Kings are never locked.
        assert_eq!(locked("W:WKc3:Bb4,d4"), 0);
    }

    #[test]
    fn balance_between_the_wings() {
        use dama_core::Czech;
        let balance = |text| term::<Czech>(text, "balance", -5);
        // White's three men all on the left (3 off balance), black's two split evenly.
        assert_eq!(balance("W:Wa3,b2,c3:Bd6,e7"), -15);
        assert_eq!(balance("B:Wa3,b2,c3:Bd6,e7"), 15);
        // Mirror images cancel.
        assert_eq!(balance("W:Wa3,b2:Bg7,h6"), 0);
    }

    #[test]
    fn back_rank_guards() {
        use dama_core::Czech;
        let guard = |text| term::<Czech>(text, "back_guard", 7);
        assert_eq!(guard("W:Wc1,e1,a1:Bd6"), 14);
        assert_eq!(guard("W:Wc1:Bd8,f8,b8"), 7 - 14);
        // No guard against kings: the enemy already has one.
        assert_eq!(guard("W:Wc1,e1:BKd6"), 0);
    }

    #[test]
    fn runaway_race_goes_to_the_faster_man() {
        use dama_core::Czech;
        let race = |text| term::<Czech>(text, "runaway_race", 50);
        // c5 and f4 each need three moves: the side to move crowns first.
        assert_eq!(race("W:Wc5:Bf4"), 50);
        assert_eq!(race("B:Wc5:Bf4"), 50);
        // f2 needs one move, c5 three: black wins the race whoever moves.
        assert_eq!(race("W:Wc5:Bf2"), -50);
        assert_eq!(race("B:Wc5:Bf2"), 50);
        // One side has no runaway (b6 is in front of c5's road): no race.
        assert_eq!(race("W:Wc5:Bb6,f2"), 0);
        // A king can catch a runaway: no race either.
        assert_eq!(race("W:Wc5,Ka1:Bf4"), 0);
    }

    #[test]
    fn optional_capture_runaway_counts_under_the_spanish_rules_only() {
        use dama_core::{Czech, Spanish};
        // g5 runs free; c1, b6 and a7 are each in the other side's way.
        assert_eq!(
            term::<Spanish>("W:Wg5,c1:Bb6,a7", "optional_runaway", 40),
            40
        );
        assert_eq!(term::<Czech>("W:Wg5,c1:Bb6,a7", "optional_runaway", 40), 0);
    }

    #[test]
    fn king_mobility_and_main_diagonal() {
        use dama_core::Czech;
        // A king on d4 reaches e5–g7 (h8 is taken), c3–a1, c5–b6 (a7 is taken), e3–g1 (c1 is
        // off its lines and keeps the ending from being a lone king's).
        let reach = |text| term::<Czech>(text, "king_reach", 3);
        assert_eq!(reach("W:WKd4,c1:Bh8,a7"), 3 * 11);
        assert_eq!(reach("B:WKd4,c1:Bh8,a7"), -3 * 11);
        let main = |text| term::<Czech>(text, "king_main_diagonal", 9);
        assert_eq!(main("W:WKd4,c1:Bg7,a7"), 9);
        assert_eq!(main("W:WKd4,Kb2:Bg7,a7"), 18);
        assert_eq!(main("W:WKc5,c1:Bg7,a7"), 0);
    }

    #[test]
    fn short_kings_reach_their_free_neighbours() {
        use dama_core::{Czech, English};
        // d4 has four free neighbours; a flying king there reaches 11 squares.
        assert_eq!(term::<English>("W:WKd4,c1:Bh8,a7", "king_reach", 3), 3 * 4);
        assert_eq!(term::<Czech>("W:WKd4,c1:Bh8,a7", "king_reach", 3), 3 * 11);
        // An edge king has two; one of them taken leaves one.
        assert_eq!(term::<English>("W:WKa3,c1:Bh8,a7", "king_reach", 3), 3 * 2);
        assert_eq!(term::<English>("W:WKa3,c1:Bb4,h8", "king_reach", 3), 3);
    }

    #[test]
    fn two_short_kings_against_one_are_not_a_draw() {
        use dama_core::{Czech, English};
        let pos = fen::parse("W:WKa1,Kc1:BKh8").unwrap();
        let weights = |evaluation: crate::Evaluation| *evaluation.hand8().expect("8×8 weights");
        let (english_weights, czech_weights) = (
            weights(English::default_evaluation()),
            weights(Czech::default_evaluation()),
        );
        let english = evaluate_for::<English>(&pos, &english_weights);
        let czech = evaluate_for::<Czech>(&pos, &czech_weights);
        assert!(english >= english_weights.king / 2, "{english}");
        assert!(czech.abs() <= 50, "{czech}");
    }
}
