//! The evaluation on the 10×10 board (international draughts): a static score of a quiet
//! position, in hundredths of a man, from white's view ([`evaluate_white`]; as the engine's
//! [`Evaluator`], [`Hand10Evaluator`]). The search clamps it and turns it to the side to
//! move's view ([`crate::evaluator::score_for_mover`]).
//!
//! Terms (per side, white's minus black's), each a field of [`Weights10`]; the international
//! game's values are [`INTERNATIONAL`]:
//! - material: a man, a king (about three men with flying kings);
//! - advancement over the nine ranks a man crosses, weighted up as the board empties (half
//!   with the full 40 pieces, 1.5× bare);
//! - runaway men: a man with no enemy piece in the cone ahead of it while the enemy has no
//!   king, by its rank;
//! - the centre: men on 22–24 and 27–29 (the same six squares for both sides);
//! - outposts: a man past the middle (sixth or seventh rank from its home) with both squares
//!   behind it held by its own men;
//! - the back-rank guard: men on 47 and 49 (white) or 2 and 4 (black) while the enemy has no
//!   king, and the "golden" man on 48 (white) or 3 (black) on top of it;
//! - balance: |men on files a–e − men on files f–j|, a side crowded on one wing;
//! - mobility: free forward steps of men, men with no free step (locked), the squares a
//!   flying king reaches, a king on the long diagonal 46–5;
//! - king endings: a lone king against at most three kings, or two pieces, holds, or nearly
//!   (two kings never win, three only with the long diagonal, and the FMJD's sixteen-move
//!   rule is short): the stronger side's score is divided by 8.

use std::path::Path;

use dama_core::{BitboardOn, Board, Board10, Color, Direction, PositionOn, SquareOn};
use serde::{Deserialize, Serialize};

use crate::EngineRules;
use crate::evaluator::Evaluator;
use crate::patterns::PatternsOn;
use crate::weights::WeightsError;

type Square10 = SquareOn<Board10>;
type Bitboard10 = BitboardOn<Board10>;
type Position10 = PositionOn<Board10>;

/// Ranks a man crosses before it crowns: the advancement table has one entry per rank from
/// its home rank (0) to the one before the crowning rank (8).
pub const MAN_RANKS: usize = Board10::SIZE as usize - 1;

/// The weights of the 10×10 evaluation (hundredths of a man; negative ones are penalties),
/// loadable from a TOML file as the 8×8 [`crate::Weights`] are (`dama tune fit --rules
/// international` writes one): a file names only the weights it changes, the others keep
/// the international game's ([`INTERNATIONAL`]); unknown names are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights10 {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A man on each rank from its home rank, before the phase weighting.
    pub advance: [i32; MAN_RANKS],
    /// A runaway man (nothing in its cone, no enemy king) ...
    pub runaway: i32,
    /// ... and this more per rank from its home.
    pub runaway_rank: i32,
    /// A man on one of the six centre squares (22–24, 27–29).
    pub centre: i32,
    /// A man on the sixth or seventh rank from its home with both squares behind it held.
    pub outpost: i32,
    /// A man on the back-rank guard squares (47, 49; 2, 4) while the enemy has no king.
    pub back_guard: i32,
    /// The golden man (48; 3) while the enemy has no king.
    pub golden: i32,
    /// Times |men on files a–e − men on files f–j|.
    pub balance: i32,
    /// A man's free forward step.
    pub man_step: i32,
    /// A man with no free forward step.
    pub locked: i32,
    /// A square a king reaches.
    pub king_reach: i32,
    /// A king on the long diagonal 46–5.
    pub king_long_diagonal: i32,
    /// The rule set's learned pattern scores ([`crate::patterns`]), in percent: 0 leaves
    /// them out, 100 counts them whole.
    pub patterns: i32,
}

impl Weights10 {
    /// The terms that hold on 10×10 whatever the rules: material, advancement, runaway men,
    /// mobility; the squares of a game's theory at 0. The board's plain evaluation
    /// ([`crate::EngineBoard::plain_evaluation`]) for a 10×10 rule set that names no
    /// evaluation of its own.
    pub const PLAIN: Weights10 = Weights10 {
        man: 100,
        king: 300,
        advance: [0, 1, 3, 5, 8, 11, 15, 20, 28],
        runaway: 40,
        runaway_rank: 10,
        centre: 0,
        outpost: 0,
        back_guard: 0,
        golden: 0,
        balance: 0,
        man_step: 2,
        locked: 0,
        king_reach: 2,
        king_long_diagonal: 0,
        patterns: 0,
    };

    /// Weights from a TOML text: `name = value` lines (`advance = [0, 1, …]`, nine ranks);
    /// names not given keep the international game's value.
    pub fn from_toml(text: &str) -> Result<Weights10, WeightsError> {
        let weights: Weights10 = crate::weights::parse_toml(text)?;
        let mut copy = weights;
        crate::weights::check_limits(copy.each_mut())?;
        Ok(weights)
    }

    /// The weights as a TOML text that [`Weights10::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Weights from the TOML file at `path`.
    pub fn load(path: &Path) -> Result<Weights10, WeightsError> {
        Weights10::from_toml(&crate::weights::read_file(path)?)
    }

    /// Every weight by name, with a handle to change it: the scalars, then `advance[0]` …
    /// `advance[8]` (for the tuner, and for the range check).
    pub fn each_mut(&mut self) -> Vec<(String, &mut i32)> {
        let Weights10 {
            man,
            king,
            advance,
            runaway,
            runaway_rank,
            centre,
            outpost,
            back_guard,
            golden,
            balance,
            man_step,
            locked,
            king_reach,
            king_long_diagonal,
            patterns,
        } = self;
        crate::weights::named(
            [
                ("man", man),
                ("king", king),
                ("runaway", runaway),
                ("runaway_rank", runaway_rank),
                ("centre", centre),
                ("outpost", outpost),
                ("back_guard", back_guard),
                ("golden", golden),
                ("balance", balance),
                ("man_step", man_step),
                ("locked", locked),
                ("king_reach", king_reach),
                ("king_long_diagonal", king_long_diagonal),
                ("patterns", patterns),
            ],
            advance,
        )
    }
}

/// The weights of international draughts (10×10, flying kings, men capturing backwards,
/// majority capture), the rule set's evaluation
/// ([`EngineRules::default_evaluation`](crate::EngineRules::default_evaluation)). Hand-set: a
/// king is worth about three men; advancement grows towards the crowning rank but a man is
/// worth most on the central ranks until the board thins out; the centre squares 22–24,
/// 27–29 (and the opponent's 22–24, 27–29 turned round), the "golden" man on 48 (white) / 3
/// (black) and the back rank guard the crowning squares; tempo balance between the wings; a
/// flying king's reach and the long diagonal 46–5. On top of them, whole, the learned pattern
/// scores of `weights/international-patterns.bin` (`dama tune patterns --symmetric`: the
/// recipe and the matches that put them in are in `docs/engine.md`).
pub const INTERNATIONAL: Weights10 = Weights10 {
    man: 100,
    king: 300,
    advance: [0, 1, 3, 5, 8, 11, 15, 20, 28],
    runaway: 40,
    runaway_rank: 10,
    centre: 6,
    outpost: 8,
    back_guard: 6,
    golden: 8,
    balance: -3,
    man_step: 2,
    locked: -4,
    king_reach: 2,
    king_long_diagonal: 12,
    patterns: 100,
};

/// The breakthrough weights: the first king wins, so a man's advance counts several times
/// what it does in international draughts, and a man with a free path to the far row
/// (a runaway) all but wins; a king is never on the board in play (it ends the game). No
/// pattern scores: those were learned under the international rules. Hand-set.
pub const BREAKTHROUGH: Weights10 = Weights10 {
    advance: [0, 2, 6, 12, 20, 30, 42, 56, 80],
    runaway: 400,
    runaway_rank: 40,
    patterns: 0,
    ..INTERNATIONAL
};

/// The antidraughts weights: the game is won by giving every piece away or being blocked, so
/// a piece counts against its side, a man that cannot step counts for it and one that can
/// against it; the squares of international draughts' theory count for nothing.
pub const ANTIDRAUGHTS: Weights10 = Weights10 {
    man: -100,
    king: -150,
    advance: [0; MAN_RANKS],
    runaway: 0,
    runaway_rank: 0,
    centre: 0,
    outpost: 0,
    back_guard: 0,
    golden: 0,
    balance: 0,
    man_step: -2,
    locked: 4,
    king_reach: -1,
    king_long_diagonal: 0,
    patterns: 0,
};

impl Default for Weights10 {
    /// The international game's weights ([`INTERNATIONAL`]).
    fn default() -> Weights10 {
        INTERNATIONAL
    }
}

/// This module's evaluation with its weights, as the engine's [`Evaluator`] on 10×10
/// ([`crate::Evaluation::Hand10`]), and the rule set's pattern scores where the weights turn
/// them on. It reads the position alone: no state per ply.
#[derive(Clone, Copy, Debug)]
pub struct Hand10Evaluator {
    weights: Weights10,
    patterns: Option<&'static PatternsOn<Board10>>,
}

impl Hand10Evaluator {
    /// The evaluation with `weights` and no pattern scores.
    pub fn new(weights: Weights10) -> Hand10Evaluator {
        Hand10Evaluator {
            weights,
            patterns: None,
        }
    }

    /// The evaluation with `weights` under the rules `R`: with `R`'s pattern scores
    /// ([`EngineRules::patterns`]) if the weights count them.
    pub fn for_rules<R: EngineRules<Board = Board10>>(weights: Weights10) -> Hand10Evaluator {
        Hand10Evaluator {
            weights,
            patterns: if weights.patterns != 0 {
                R::patterns()
            } else {
                None
            },
        }
    }

    /// Its weights.
    pub fn weights(&self) -> &Weights10 {
        &self.weights
    }

    /// The static score of `pos` from white's view (not clamped).
    #[inline]
    pub fn evaluate_white(&self, pos: &Position10) -> i32 {
        let learned = match self.patterns {
            Some(set) => set.score(pos) * self.weights.patterns / 100,
            None => 0,
        };
        evaluate_white_with(pos, &self.weights, learned)
    }
}

impl Evaluator<Board10> for Hand10Evaluator {
    type Acc = ();

    #[inline]
    fn refresh(&self, _: &Position10) {}

    #[inline]
    fn evaluate(&self, (): &(), pos: &Position10) -> i32 {
        self.evaluate_white(pos)
    }
}

const fn rank_of(bit: usize) -> i32 {
    match Square10::from_bit(bit as u8) {
        Some(sq) => sq.rank() as i32,
        None => 0,
    }
}

const fn file_of(bit: usize) -> i32 {
    match Square10::from_bit(bit as u8) {
        Some(sq) => sq.file() as i32,
        None => 0,
    }
}

/// Squares as a mask, from their numbers (1–50).
const fn numbered(list: &[u8]) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < list.len() {
        if let Some(sq) = Square10::from_number(list[i]) {
            mask |= 1 << sq.bit();
        }
        i += 1;
    }
    mask
}

/// The six centre squares (their own mirror image: 22 ↔ 29, 23 ↔ 28, 24 ↔ 27).
const CENTRE: u64 = numbered(&[22, 23, 24, 27, 28, 29]);

/// The back-rank guards and the golden square, per colour.
const GUARDS: [u64; 2] = [numbered(&[47, 49]), numbered(&[2, 4])];
const GOLDEN: [u64; 2] = [numbered(&[48]), numbered(&[3])];

/// The long diagonal a1–j10 (46–5).
const LONG_DIAGONAL: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < Board10::SIZE {
        if let Some(sq) = Square10::from_file_rank(i, i) {
            mask |= 1 << sq.bit();
        }
        i += 1;
    }
    mask
};

/// Files a–e, for the balance term.
const LEFT: u64 = {
    let mut mask = 0u64;
    let mut bit = 0;
    while bit < Board10::LAYOUT_BITS {
        if Square10::from_bit(bit as u8).is_some() && file_of(bit) < 5 {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
};

/// For each colour, its squares on each rank counted from its home rank (0 = home).
const RANKS: [[u64; 10]; 2] = {
    let mut ranks = [[0u64; 10]; 2];
    let mut bit = 0;
    while bit < Board10::LAYOUT_BITS {
        if Square10::from_bit(bit as u8).is_some() {
            let rank = rank_of(bit) as usize;
            ranks[0][rank] |= 1 << bit;
            ranks[1][9 - rank] |= 1 << bit;
        }
        bit += 1;
    }
    ranks
};

/// For each colour and bit, the squares ahead of a man there that an enemy piece must stand
/// on to stop it (its promotion cone).
static CONES: [[u64; 64]; 2] = crate::eval::promotion_cones::<Board10>();

/// Squares a flying king on `sq` can move to.
#[inline]
fn king_reach(sq: Square10, occupied: Bitboard10) -> u32 {
    Direction::ALL
        .iter()
        .map(|&d| Bitboard10::slide(sq, d, occupied).count())
        .sum()
}

#[inline]
fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// One side's score.
fn side_score(pos: &Position10, color: Color, total: i32, w: &Weights10) -> i32 {
    let men = pos.men(color);
    let kings = pos.kings(color);
    let them = !color;
    let occupied = pos.occupied();
    let empty = pos.empty();
    let enemy_kings = pos.kings(them).any();
    let enemy = pos.pieces(them).bits();
    let c = color.index();

    let mut score = men.count() as i32 * w.man + kings.count() as i32 * w.king;

    // Advancement, weighted up as the board empties (4/8 with 40 pieces, 12/8 bare).
    let weight = 4 + (40 - total).max(0) / 5;
    let mut advance = 0;
    for (rank, &value) in w.advance.iter().enumerate() {
        advance += value * count(men.bits() & RANKS[c][rank]);
    }
    score += advance * weight / 8;

    if !enemy_kings {
        for sq in men {
            if CONES[c][sq.bit() as usize] & enemy == 0 {
                score += w.runaway + w.runaway_rank * relative_rank(color, sq);
            }
        }
        score += w.back_guard * count(men.bits() & GUARDS[c]);
        score += w.golden * count(men.bits() & GOLDEN[c]);
    }

    score += w.centre * count(men.bits() & CENTRE);

    // Outposts: a man on its sixth or seventh rank with both squares behind it its own.
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
    if w.outpost != 0 {
        let forward = RANKS[c][5] | RANKS[c][6];
        // Men whose square behind (in each direction) holds one of their own: the men
        // moved one step forward from their own men.
        let backed = men.shift(ahead[0]) & men.shift(ahead[1]);
        score += w.outpost * count(men.bits() & backed.bits() & forward);
    }

    let left = count(men.bits() & LEFT);
    score += w.balance * (2 * left - men.count() as i32).abs();

    let steps = men.shift(ahead[0]) | men.shift(ahead[1]);
    score += w.man_step * (steps & empty).count() as i32;
    let movable = men & (empty.shift(behind[0]) | empty.shift(behind[1]));
    score += w.locked * (men.count() - movable.count()) as i32;

    for sq in kings {
        score += w.king_reach * king_reach(sq, occupied) as i32;
        if LONG_DIAGONAL & (1 << sq.bit()) != 0 {
            score += w.king_long_diagonal;
        }
    }
    score
}

/// The rank of `sq` counted from `color`'s home rank.
#[inline]
fn relative_rank(color: Color, sq: Square10) -> i32 {
    match color {
        Color::White => i32::from(sq.rank()),
        Color::Black => 9 - i32::from(sq.rank()),
    }
}

/// The static score of `pos` from white's view with the weights `w` (without pattern
/// scores: [`Hand10Evaluator`] adds those).
pub fn evaluate_white(pos: &Position10, w: &Weights10) -> i32 {
    evaluate_white_with(pos, w, 0)
}

/// The terms' score of `pos` with `learned` (the patterns' share) added before the lone
/// king's discount.
#[inline]
fn evaluate_white_with(pos: &Position10, w: &Weights10, learned: i32) -> i32 {
    use Color::{Black, White};
    let (wm, bm) = (pos.men(White).count(), pos.men(Black).count());
    let (wk, bk) = (pos.kings(White).count(), pos.kings(Black).count());
    let total = (wm + bm + wk + bk) as i32;
    let score = side_score(pos, White, total, w) - side_score(pos, Black, total, w) + learned;
    // A lone king holds (or nearly) against three kings, or two pieces.
    let holds = |men: u32, kings: u32| (men == 0 && kings <= 3) || men + kings <= 2;
    if (wm == 0 && wk == 1 && holds(bm, bk) && score < 0)
        || (bm == 0 && bk == 1 && holds(wm, wk) && score > 0)
    {
        return score / 8;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::LIMIT;
    use dama_core::fen;

    fn eval(text: &str) -> i32 {
        evaluate_white(&fen::parse_on::<Board10>(text).unwrap(), &INTERNATIONAL)
    }

    /// The position turned half round with the colours swapped (square n ↔ 51 − n).
    fn mirrored(text: &str) -> String {
        let pos = fen::parse_on::<Board10>(text).unwrap();
        let turn = |c: Color| match c {
            Color::White => 'B',
            Color::Black => 'W',
        };
        let side = |c: Color| {
            let list: Vec<String> = pos
                .pieces(c)
                .into_iter()
                .map(|sq| {
                    let king = if pos.kings(c).contains(sq) { "K" } else { "" };
                    format!("{king}{}", 51 - sq.number())
                })
                .collect();
            format!("{}{}", turn(c), list.join(","))
        };
        let (w, b) = (side(Color::Black), side(Color::White));
        format!("{}:{}:{}", turn(pos.turn()), w, b)
    }

    #[test]
    fn weights_files_round_trip_and_refuse_what_is_wrong() {
        assert_eq!(
            Weights10::from_toml(&INTERNATIONAL.to_toml()),
            Ok(INTERNATIONAL)
        );
        assert_eq!(Weights10::from_toml(""), Ok(INTERNATIONAL));
        let w = Weights10::from_toml("king = 280\nadvance = [0, 1, 2, 3, 4, 5, 6, 7, 8]\n");
        let mut expected = INTERNATIONAL;
        expected.king = 280;
        expected.advance = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(w, Ok(expected));
        // 14 scalars (the pattern percentage the last) and nine ranks, each named once.
        let mut all = INTERNATIONAL;
        let names: Vec<String> = all.each_mut().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names.len(), 23);
        assert!(names.contains(&"patterns".to_string()));
        let unique: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        // An 8×8 name, a short advancement table, a value out of range.
        assert!(matches!(
            Weights10::from_toml("back_rank = 6"),
            Err(WeightsError::Syntax(_))
        ));
        assert!(matches!(
            Weights10::from_toml("advance = [0, 2, 4, 7, 11, 17, 27]"),
            Err(WeightsError::Syntax(_))
        ));
        assert_eq!(
            Weights10::from_toml("golden = -9999"),
            Err(WeightsError::OutOfRange("golden".into(), LIMIT))
        );
        // The first international fit (`docs/engine.md`, "Tuning") reads as 10×10 weights.
        let fitted = Weights10::from_toml(include_str!("../weights/international-round1.toml"));
        assert!(fitted.is_ok_and(|w| w != INTERNATIONAL));
    }

    #[test]
    fn the_built_in_patterns_load_and_count_when_the_weights_say() {
        use dama_core::International;
        let set = crate::patterns::international().expect("the built-in file has the right size");
        let on = Weights10 {
            patterns: 100,
            ..INTERNATIONAL
        };
        let half = Weights10 {
            patterns: 50,
            ..INTERNATIONAL
        };
        for text in [
            "W:W31-50:B1-20",
            "W:W27,28,32,33,37,38,41,42,43,46:B3,7,8,12,13,14,17,18,19,22",
            "B:W25,30,34,35,40,44,45:B6,11,15,16,20,21,26",
        ] {
            let pos = fen::parse_on::<Board10>(text).unwrap();
            let off = Hand10Evaluator::for_rules::<International>(Weights10 {
                patterns: 0,
                ..INTERNATIONAL
            });
            let full = Hand10Evaluator::for_rules::<International>(on);
            // The rule set's own weights count the patterns whole.
            assert_eq!(on, INTERNATIONAL);
            assert_eq!(
                off.evaluate_white(&pos),
                evaluate_white(&pos, &INTERNATIONAL)
            );
            assert_eq!(
                full.evaluate_white(&pos),
                evaluate_white(&pos, &INTERNATIONAL) + set.score(&pos),
                "{text}"
            );
            assert_eq!(
                Hand10Evaluator::for_rules::<International>(half).evaluate_white(&pos),
                evaluate_white(&pos, &INTERNATIONAL) + set.score(&pos) * 50 / 100,
                "{text}"
            );
            // Without the rules' set (a plain evaluator), the weight does nothing.
            assert_eq!(
                Hand10Evaluator::new(on).evaluate_white(&pos),
                evaluate_white(&pos, &INTERNATIONAL)
            );
        }
        let pos = fen::parse_on::<Board10>(
            "W:W27,28,32,33,37,38,41,42,43,46:B3,7,8,12,13,14,17,18,19,22",
        )
        .unwrap();
        assert_ne!(set.score(&pos), 0, "the fitted set scores these formations");
    }

    #[test]
    fn start_is_level() {
        assert_eq!(evaluate_white(&PositionOn::initial(), &INTERNATIONAL), 0);
        assert_eq!(evaluate_white(&PositionOn::initial(), &Weights10::PLAIN), 0);
    }

    #[test]
    fn colour_symmetric() {
        for text in [
            "W:W28,32,33,35,37,39,43,44,45,46,47,50:B3,5,6,7,8,9,10,14,15,17,19,20",
            "W:W25,27,28,33,35,36,39,43,45,46,48,50:B2,4,5,6,7,9,11,15,16,17,18,19",
            "B:WK46,31,22:B3,K12,18",
        ] {
            let m = mirrored(text);
            assert_eq!(eval(text), -eval(&m), "{text} / {m}");
        }
    }

    #[test]
    fn material_and_kings() {
        assert!(eval("W:W31,32:B20") > 60);
        assert!(eval("W:WK28,45:B5,10") > 60);
        // A king is about three men.
        let king = eval("W:WK28,45,44:B5,10,9") - eval("W:W28,45,44:B5,10,9");
        assert!((150..=300).contains(&king), "{king}");
    }

    #[test]
    fn men_advance_and_guard() {
        // The same men, one further up the board.
        assert!(eval("W:W23,47:B4,9") > eval("W:W38,47:B4,9"));
        // The golden man on 48 against one on 46, the enemy without kings.
        assert!(eval("W:W48,33:B4,9") > eval("W:W46,33:B4,9"));
    }

    #[test]
    fn runaway_men_count_when_the_enemy_has_no_king() {
        // 20 (i7) has nothing ahead of it; a black man on 4 (h10) stands in its cone.
        let free = eval("W:W20,46:B1,6");
        let stopped = eval("W:W20,46:B4,6");
        assert!(free > stopped + 30, "{free} {stopped}");
    }

    #[test]
    fn a_lone_king_holds_against_two_kings() {
        assert!(eval("W:WK46,K50:BK5").abs() <= 100);
        assert!(eval("W:WK46,K50,K1,K2:BK5") > 500);
    }

    #[test]
    fn flying_kings_value_their_reach_and_the_long_diagonal() {
        let on = eval("W:WK28,45:B5,10");
        let off = eval("W:WK26,45:B5,10");
        assert!(on > off, "{on} {off}");
    }
}
