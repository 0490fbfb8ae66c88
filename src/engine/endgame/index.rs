//! The endgame table's index: a position of the table taken apart ([`Parts`]) and numbered
//! by side to move, colour and square of the lone king, and the combinatorial rank of the
//! other side's kings.

use crate::{Bitboard, Color, Position, Square};

/// Binomial coefficients C(n, k) for n ≤ 32, k ≤ 3.
pub(super) const fn binomials() -> [[u32; 4]; 33] {
    let mut c = [[0u32; 4]; 33];
    let mut n = 0;
    while n <= 32 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= 3 {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    c
}

pub(super) static BINOM: [[u32; 4]; 33] = binomials();

/// The dense index 0–31 of a square (bit order, ghost bits skipped).
#[inline]
pub(super) fn dense(sq: Square) -> usize {
    let bit = usize::from(sq.bit());
    (bit / 9) * 8 + (bit % 9) - usize::from(bit % 9 > 4)
}

/// The square of a dense index 0–31.
#[inline]
pub(super) fn square_of(d: usize) -> Option<Square> {
    let block = d / 8;
    let rest = d % 8;
    Square::from_bit((block * 9 + rest + usize::from(rest >= 4)) as u8)
}

/// The size of the block of positions with `k` strong kings, for one side to move, lone
/// colour and lone square.
#[inline]
pub(super) fn sets(k: usize) -> usize {
    BINOM[32][k] as usize
}

/// Where the classes with 1, 2, 3 strong kings start, and where the last ends.
const CLASS_OFFSETS: [usize; 5] = [0, 0, 128 * 32, 128 * (32 + 496), 128 * (32 + 496 + 4960)];

/// Where the class with `k` strong kings (1–4: 4 is the end of the table) starts.
#[inline]
pub(super) fn class_offset(k: usize) -> usize {
    CLASS_OFFSETS[k.min(4)]
}

/// The total number of entries.
pub(super) fn table_len() -> usize {
    class_offset(4)
}

/// The rank of a set of one to three squares among the sets of its size (colex order).
#[inline]
pub(super) fn rank(strong: Bitboard) -> usize {
    let mut r = 0;
    for (i, sq) in strong.squares().enumerate() {
        r += BINOM[dense(sq)][i + 1] as usize;
    }
    r
}

/// The set of `k` squares of rank `r`.
pub(super) fn unrank(k: usize, mut r: usize) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for i in (1..=k).rev() {
        let mut d = i - 1;
        while d + 1 < 32 && BINOM[d + 1][i] as usize <= r {
            d += 1;
        }
        r -= BINOM[d][i] as usize;
        if let Some(sq) = square_of(d) {
            set = set.with(sq);
        }
    }
    set
}

/// A position of the table, taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Parts {
    pub(super) turn: Color,
    pub(super) lone: Color,
    pub(super) lone_sq: Square,
    pub(super) strong: Bitboard,
}

impl Parts {
    pub(super) fn of(pos: &Position) -> Option<Parts> {
        if pos.occupied() != pos.all_kings() {
            return None;
        }
        let (w, b) = (pos.kings(Color::White), pos.kings(Color::Black));
        let (lone, lone_bb, strong) = if b.count() == 1 && (1..=3).contains(&w.count()) {
            (Color::Black, b, w)
        } else if w.count() == 1 && (2..=3).contains(&b.count()) {
            (Color::White, w, b)
        } else {
            return None;
        };
        Some(Parts {
            turn: pos.turn(),
            lone,
            lone_sq: lone_bb.first()?,
            strong,
        })
    }

    pub(super) fn index(&self) -> usize {
        let k = self.strong.count() as usize;
        let block = (self.turn.index() * 2 + self.lone.index()) * 32 + dense(self.lone_sq);
        class_offset(k) + block * sets(k) + rank(self.strong)
    }

    /// The parts of an index of the class with `k` strong kings, whose sets by rank are
    /// `sets_by_rank`, if it names a position (the lone king not on a strong king's square;
    /// one king against one always with the lone king black).
    pub(super) fn from_class_index(
        k: usize,
        index: usize,
        sets_by_rank: &[Bitboard],
    ) -> Option<Parts> {
        let local = index.checked_sub(class_offset(k))?;
        let (block, r) = (local / sets(k), local % sets(k));
        let turn = if block / 64 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let lone = if (block / 32) % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let lone_sq = square_of(block % 32)?;
        let strong = *sets_by_rank.get(r)?;
        if strong.contains(lone_sq) || (k == 1 && lone == Color::White) {
            return None;
        }
        Some(Parts {
            turn,
            lone,
            lone_sq,
            strong,
        })
    }

    pub(super) fn position(&self) -> Option<Position> {
        let lone = self.lone_sq.bb();
        let (white, black) = match self.lone {
            Color::White => (lone, self.strong),
            Color::Black => (self.strong, lone),
        };
        Position::from_setup(&crate::position::Setup {
            white,
            black,
            kings: white | black,
            turn: Some(self.turn),
        })
        .ok()
    }
}
