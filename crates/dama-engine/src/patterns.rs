//! Pattern evaluation: a learned correction added to the evaluation's terms.
//!
//! The board is covered by overlapping windows of 4 × 4 squares, each holding 8 dark squares:
//! on 8×8 nine (files a–d, c–f, e–h crossed with ranks 1–4, 3–6, 5–8), on 10×10 sixteen
//! (files a–d, c–f, e–h, g–j crossed with ranks 1–4, 3–6, 5–8, 7–10). A window's contents,
//! each square empty, white or black (men and kings alike: the kings' worth is the
//! evaluation's material term), make one of 3^8 = 6561 patterns, and every (window, pattern)
//! pair has a learned score in hundredths of a man, from white's view. The scores are fitted
//! by `dama tune patterns` to the results of self-play games, on top of the evaluation's
//! other terms; two sets, one for the opening and middlegame and one for the ending, are
//! blended by the number of pieces left ([`PatternBoard::FULL`] or more: all opening).
//!
//! A set of scores is a file of little-endian 16-bit numbers, `[phase][window][pattern]`
//! ([`PatternsOn::from_bytes`] checks its length for the board).

use std::marker::PhantomData;

use dama_core::{BitboardOn, Board, Board8, Board10, Color, PositionOn, SquareOn};

/// The patterns of one window: 3^8.
pub const PATTERNS: usize = 6561;
/// The number of phases (opening, ending) blended by the pieces left.
pub const PHASES: usize = 2;
/// The most windows of any board (the length of [`indices`]' array).
pub const MAX_WINDOWS: usize = 16;

/// A board the pattern windows cover.
pub trait PatternBoard: Board {
    /// Windows along each side: their files start at 0, 2, 4, … and so do their ranks.
    const SIDE: usize;
    /// The pieces at the start: the phase runs from here (all opening) to 0 (all ending).
    const FULL: i32;
    /// The number of windows.
    const WINDOWS: usize = Self::SIDE * Self::SIDE;
    /// Scores in one set of pattern weights.
    const LEN: usize = PHASES * Self::WINDOWS * PATTERNS;
}

impl PatternBoard for Board8 {
    const SIDE: usize = 3;
    const FULL: i32 = 24;
}

impl PatternBoard for Board10 {
    const SIDE: usize = 4;
    const FULL: i32 = 40;
}

/// The 64-square board of Turkish draughts has no pattern windows (its evaluation,
/// [`crate::material`], reads none).
impl PatternBoard for dama_core::Board64 {
    const SIDE: usize = 0;
    const FULL: i32 = 32;
}

/// The ternary value of a window's gathered bits, as [`gather`] leaves them on a board of
/// `per_rank` squares a rank: `Σ 3^i` over the set bits `i` of bits 0–3 and
/// `per_rank + 1 ..= per_rank + 4`, counted in that order (the bits between are never set).
const fn ternary_table(per_rank: usize) -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut v = 0;
    while v < 1024 {
        let mut t = 0u16;
        let mut pow = 1u16;
        let mut bit = 0;
        while bit < per_rank + 5 {
            if bit < 4 || bit > per_rank {
                if v & (1 << bit) != 0 {
                    t += pow;
                }
                pow *= 3;
            }
            bit += 1;
        }
        table[v] = t;
        v += 1;
    }
    table
}

static TERNARY_8: [u16; 1024] = ternary_table(4);
static TERNARY_10: [u16; 1024] = ternary_table(5);

#[inline(always)]
fn ternary<B: PatternBoard>(gathered: usize) -> u16 {
    if B::PER_RANK == 4 {
        TERNARY_8[gathered]
    } else {
        TERNARY_10[gathered]
    }
}

/// The eight bits of the window at column `c` and row pair `q` of `bits`, gathered into bits
/// 0–3 and `PER_RANK + 1 ..= PER_RANK + 4` of the result.
#[inline(always)]
fn gather<B: PatternBoard>(bits: u64, c: usize, q: usize) -> usize {
    // Rank pair q holds bits PAIR_BITS·q onwards: the even rank's squares at 0..PER_RANK,
    // the ghost, then the odd rank's. A window of four files takes two neighbouring squares of
    // each rank: bits c, c+1, c+PER_RANK+1, c+PER_RANK+2 of its two rank pairs.
    let per = B::PER_RANK as usize;
    let mask = 0b11 | (0b11 << (per + 1));
    let x = bits >> (B::PAIR_BITS as usize * q + c);
    ((x & mask) | (((x >> B::PAIR_BITS) & mask) << 2)) as usize
}

/// The pattern index of every window of `pos` (white's pieces count 1, black's 2), in the
/// first [`PatternBoard::WINDOWS`] entries.
#[inline]
pub fn indices<B: PatternBoard>(pos: &PositionOn<B>) -> [u16; MAX_WINDOWS] {
    indices_of(pos.pieces(Color::White), pos.pieces(Color::Black))
}

/// The pattern index of every window of a board holding white's pieces on `white` and
/// black's on `black`, as [`indices`] gives them.
#[inline]
pub fn indices_of<B: PatternBoard>(
    white: BitboardOn<B>,
    black: BitboardOn<B>,
) -> [u16; MAX_WINDOWS] {
    let (white, black) = (white.bits(), black.bits());
    let mut out = [0u16; MAX_WINDOWS];
    for q in 0..B::SIDE {
        for c in 0..B::SIDE {
            out[B::SIDE * q + c] =
                ternary::<B>(gather::<B>(white, c, q)) + 2 * ternary::<B>(gather::<B>(black, c, q));
        }
    }
    out
}

/// The pattern index of every window of `pos` turned half a turn with the colours swapped:
/// each window as the other side sees it. Window `w` of the turned board covers the squares of
/// window [`turned_window`]`(w)` of `pos`.
pub fn turned_indices<B: PatternBoard>(pos: &PositionOn<B>) -> [u16; MAX_WINDOWS] {
    indices_of(
        half_turn(pos.pieces(Color::Black)),
        half_turn(pos.pieces(Color::White)),
    )
}

/// The squares of `bits` turned half a turn about the board's centre (a1 ↔ the far corner).
pub fn half_turn<B: Board>(bits: BitboardOn<B>) -> BitboardOn<B> {
    let last = B::SIZE - 1;
    bits.squares()
        .filter_map(|sq| SquareOn::from_file_rank(last - sq.file(), last - sq.rank()))
        .fold(BitboardOn::EMPTY, BitboardOn::with)
}

/// The squares of window `w` (`SIDE·q + c`: files `2c..2c+4`, ranks `2q..2q+4`), the eight
/// that [`indices`] reads for it.
pub fn window_squares<B: PatternBoard>(w: usize) -> impl Iterator<Item = SquareOn<B>> {
    let (c, q) = (w % B::SIDE, w / B::SIDE);
    SquareOn::<B>::all().filter(move |sq| {
        (2 * c..2 * c + 4).contains(&usize::from(sq.file()))
            && (2 * q..2 * q + 4).contains(&usize::from(sq.rank()))
    })
}

/// The window that window `w` becomes when the board is turned half a turn: the windows are
/// laid out symmetrically, so it is the one counted from the other end.
pub const fn turned_window<B: PatternBoard>(w: usize) -> usize {
    B::WINDOWS - 1 - w
}

/// How far `pos` is into the ending, in `0..=FULL`: 0 with [`PatternBoard::FULL`] pieces or
/// more, `FULL` with none.
#[inline]
pub fn phase<B: PatternBoard>(pos: &PositionOn<B>) -> i32 {
    B::FULL - (pos.occupied().count() as i32).min(B::FULL)
}

/// A set of pattern weights on the board `B`. The file holds them as `[phase][window]
/// [pattern]`; in memory each (window, pattern) keeps its two phases side by side, so one
/// evaluation touches one cache line per window rather than two.
#[derive(Debug)]
pub struct PatternsOn<B: PatternBoard> {
    /// `[window][pattern]` → (opening, ending).
    scores: Box<[[i16; PHASES]]>,
    board: PhantomData<B>,
}

/// The 8×8 pattern weights.
pub type Patterns = PatternsOn<Board8>;

impl<B: PatternBoard> PatternsOn<B> {
    /// Weights from their little-endian bytes (`B::LEN` scores of two bytes, `[phase][window]
    /// [pattern]`); `None` if the length is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Option<PatternsOn<B>> {
        if bytes.len() != 2 * B::LEN {
            return None;
        }
        let at = |slot: usize| i16::from_le_bytes([bytes[2 * slot], bytes[2 * slot + 1]]);
        let per_phase = B::WINDOWS * PATTERNS;
        let scores = (0..per_phase)
            .map(|slot| [at(slot), at(per_phase + slot)])
            .collect();
        Some(PatternsOn {
            scores,
            board: PhantomData,
        })
    }

    /// The patterns' score of `pos`, white's view, in hundredths of a man.
    #[inline]
    pub fn score(&self, pos: &PositionOn<B>) -> i32 {
        let idx = indices(pos);
        let (mut open, mut end) = (0i32, 0i32);
        for (w, &i) in idx[..B::WINDOWS].iter().enumerate() {
            let [o, e] = self.scores[w * PATTERNS + usize::from(i)];
            open += i32::from(o);
            end += i32::from(e);
        }
        let p = phase(pos);
        (open * (B::FULL - p) + end * p) / B::FULL
    }
}

/// The bytes of a pattern file built into the engine (`weights/NAME`), packed by `build.rs`;
/// `None` if they do not unpack (the engine then evaluates without patterns).
macro_rules! built_in {
    ($name:literal) => {
        lz4_flex::decompress_size_prepended(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/",
            $name,
            ".lz4"
        )))
        .ok()
    };
}

/// The Czech pattern weights built into the engine (`weights/czech-patterns.bin`).
static CZECH: std::sync::LazyLock<Option<Patterns>> = std::sync::LazyLock::new(|| {
    built_in!("czech-patterns.bin").and_then(|bytes| Patterns::from_bytes(&bytes))
});

/// The Russian pattern weights built into the engine (`weights/russian-patterns.bin`).
static RUSSIAN: std::sync::LazyLock<Option<Patterns>> = std::sync::LazyLock::new(|| {
    built_in!("russian-patterns.bin").and_then(|bytes| Patterns::from_bytes(&bytes))
});

/// The international pattern weights built into the engine
/// (`weights/international-patterns.bin`).
static INTERNATIONAL: std::sync::LazyLock<Option<PatternsOn<Board10>>> =
    std::sync::LazyLock::new(|| {
        built_in!("international-patterns.bin").and_then(|bytes| PatternsOn::from_bytes(&bytes))
    });

/// The international pattern scores, if the built-in file is sound.
pub fn international() -> Option<&'static PatternsOn<Board10>> {
    INTERNATIONAL.as_ref()
}

/// The Czech pattern scores, if the built-in file is sound.
pub fn czech() -> Option<&'static Patterns> {
    CZECH.as_ref()
}

/// The Russian pattern scores, if the built-in file is sound.
pub fn russian() -> Option<&'static Patterns> {
    RUSSIAN.as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packed_files_unpack_to_the_weights_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("weights");
        let unpacked = [
            built_in!("czech-patterns.bin"),
            built_in!("russian-patterns.bin"),
            built_in!("international-patterns.bin"),
        ];
        let names = [
            "czech-patterns.bin",
            "russian-patterns.bin",
            "international-patterns.bin",
        ];
        for (name, bytes) in names.into_iter().zip(unpacked) {
            let file = std::fs::read(dir.join(name)).unwrap();
            assert_eq!(bytes.as_deref(), Some(&file[..]), "{name}");
        }
    }

    #[test]
    fn the_built_in_sets_load_and_count_in_the_evaluation() {
        use crate::Weights;
        use crate::eval::evaluate_for;
        use dama_core::{Czech, Russian, Spanish, fen};
        let czech = czech().expect("the Czech file has the right size");
        assert!(russian().is_some());
        let mut off = Weights::TUNED;
        off.patterns = 0;
        for text in [
            "W:Wa1,c1,e3,g3,d4:Bb8,d8,f6,h6,c5",
            "B:Wa3,c3,e3,f2:Bb6,d6,f6,h8",
        ] {
            let pos = fen::parse(text).unwrap();
            let white = czech.score(&pos);
            let mover = if pos.turn() == Color::White {
                white
            } else {
                -white
            };
            assert_ne!(white, 0, "{text}: the fitted set scores these formations");
            assert_eq!(
                evaluate_for::<Czech>(&pos, &Weights::TUNED),
                evaluate_for::<Czech>(&pos, &off) + mover,
                "{text}"
            );
            // Half weight, half the score (rounded towards zero).
            let mut half = Weights::TUNED;
            half.patterns = 50;
            assert_eq!(
                evaluate_for::<Czech>(&pos, &half),
                evaluate_for::<Czech>(&pos, &off)
                    + if pos.turn() == Color::White {
                        white * 50 / 100
                    } else {
                        -(white * 50 / 100)
                    },
                "{text}"
            );
            // No Spanish set: the weight does nothing there.
            assert_eq!(
                evaluate_for::<Spanish>(&pos, &Weights::TUNED),
                evaluate_for::<Spanish>(&pos, &off)
            );
            let russian_off = Weights::DEFAULT;
            assert_ne!(
                evaluate_for::<Russian>(&pos, &Weights::RUSSIAN),
                evaluate_for::<Russian>(&pos, &russian_off),
                "{text}"
            );
        }
    }

    #[test]
    fn every_window_square_is_counted_once() {
        fn check<B: PatternBoard>() {
            // Each dark square is in one to four windows; its single-piece pattern is 3^k.
            for sq in dama_core::SquareOn::<B>::all() {
                let only = sq.bb();
                let mut hits = 0;
                for q in 0..B::SIDE {
                    for c in 0..B::SIDE {
                        let v = ternary::<B>(gather::<B>(only.bits(), c, q));
                        let (f, r) = (sq.file() as usize, sq.rank() as usize);
                        let inside =
                            (2 * c..2 * c + 4).contains(&f) && (2 * q..2 * q + 4).contains(&r);
                        assert_eq!(v != 0, inside, "{sq} window {c},{q}");
                        if inside {
                            assert!([1, 3, 9, 27, 81, 243, 729, 2187].contains(&v));
                            hits += 1;
                        }
                    }
                }
                assert!((1..=4).contains(&hits));
            }
        }
        check::<Board8>();
        check::<Board10>();
    }

    #[test]
    fn the_turned_indices_are_those_of_the_turned_board() {
        fn turned<B: PatternBoard>(pos: &PositionOn<B>) -> PositionOn<B> {
            let mut setup = dama_core::position::SetupOn::<B>::default();
            for sq in pos.occupied().squares() {
                let piece = pos.piece_at(sq).unwrap();
                let to = SquareOn::from_file_rank(B::SIZE - 1 - sq.file(), B::SIZE - 1 - sq.rank())
                    .unwrap();
                setup.put(to, !piece.color, piece.role == dama_core::Role::King);
            }
            PositionOn::from_setup(&setup).unwrap()
        }
        fn check<B: PatternBoard>(fens: &[&str]) {
            for text in fens {
                let pos: PositionOn<B> = dama_core::fen::parse_on(text).unwrap();
                let other = turned(&pos);
                assert_eq!(turned_indices(&pos), indices(&other), "{text}");
                assert_eq!(turned_indices(&other), indices(&pos), "{text}");
                // Window w of the turned board holds what window turned_window(w) holds, seen
                // from the other side: an empty window stays empty, a full one stays full.
                let empty = indices(&pos);
                let seen = turned_indices(&pos);
                for (w, &pattern) in seen[..B::WINDOWS].iter().enumerate() {
                    let t = turned_window::<B>(w);
                    assert_eq!(empty[t] == 0, pattern == 0, "{text} window {w}");
                }
            }
        }
        check::<Board8>(&[
            "W:Wa1,c1,e3,g3,d4:Bb8,d8,f6,h6,c5",
            "B:Wa3,c3,e3,f2,Kh8:Bb6,d6,f6,Ka1",
        ]);
        check::<Board10>(&["W:W31-50:B1-20", "B:W28,33,K46,50:B3,19,24,K5"]);
    }

    #[test]
    fn a_file_of_the_wrong_length_is_refused() {
        assert!(Patterns::from_bytes(&vec![0; 2 * Board8::LEN]).is_some());
        assert!(Patterns::from_bytes(&vec![0; 2 * Board8::LEN - 1]).is_none());
        assert!(Patterns::from_bytes(&vec![0; 2 * Board10::LEN]).is_none());
        assert!(PatternsOn::<Board10>::from_bytes(&vec![0; 2 * Board10::LEN]).is_some());
        assert!(PatternsOn::<Board10>::from_bytes(&[]).is_none());
    }
}
