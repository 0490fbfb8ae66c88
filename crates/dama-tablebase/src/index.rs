//! The numbering of a material class's positions.
//!
//! A position of the class (white men, white kings, black men, black kings) is numbered by
//! - the **men**: the colex rank of the white men among the 28 squares a white man can stand
//!   on (not rank 8), times the number of black-men sets, plus the colex rank of the black men
//!   among their 28 squares (not rank 1); on 10×10, 45 squares each (not rank 10, not
//!   rank 1). The pair is the position's *slice*: men only move
//!   forward, so a man move always leaves its slice for a later one (see [`Class::advance`]);
//! - the **side to move** (white 0, black 1);
//! - the **kings**: the colex rank of the white kings among the squares the men leave free,
//!   then of the black kings among those left after that.
//!
//! The board's squares are numbered densely from a1, rank by rank (0–31, or 0–49 on 10×10:
//! [`Geometry`]); the numbering is the same on both boards, only the counts differ.
//!
//! Only men sets that overlap waste entries (they are marked and never used); a king never
//! sits on a man's square by construction.

use dama_core::{BitboardOn, Board, Board8, Color, PositionOn, SquareOn};

/// The shape of a board as the index sees it: its playable squares (numbered densely, rank
/// by rank from a1), and the squares of one rank (a man never stands on its crowning rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Playable squares: 32 on 8×8, 50 on 10×10.
    pub squares: u32,
    /// Playable squares on one rank: 4 or 5.
    pub per_rank: u32,
}

impl Geometry {
    /// The 8×8 board.
    pub const EIGHT: Geometry = Geometry::of::<Board8>();

    /// The geometry of the board `B`.
    pub const fn of<B: Board>() -> Geometry {
        Geometry {
            squares: B::SQUARES as u32,
            per_rank: B::PER_RANK as u32,
        }
    }

    /// The ranks of the board.
    pub const fn ranks(self) -> u32 {
        self.squares / self.per_rank
    }

    /// The squares a man of one colour may stand on (all but its crowning rank).
    pub const fn men_squares(self) -> u32 {
        self.squares - self.per_rank
    }
}

/// The squares numbered 0–31 (0–49 on 10×10) in bit order (rank by rank from a1); a 180°
/// turn of the board maps square `d` to `squares − 1 − d`.
#[inline]
pub fn dense<B: Board>(sq: SquareOn<B>) -> u32 {
    let bit = u32::from(sq.bit());
    let (pair, ghost) = (u32::from(B::PAIR_BITS), u32::from(B::GHOST));
    (bit / pair) * 2 * u32::from(B::PER_RANK) + (bit % pair) - u32::from(bit % pair > ghost)
}

/// The square of a dense number.
#[inline]
pub fn square_of<B: Board>(d: u32) -> Option<SquareOn<B>> {
    let per_pair = 2 * u32::from(B::PER_RANK);
    let (block, rest) = (d / per_pair, d % per_pair);
    let (pair, ghost) = (u32::from(B::PAIR_BITS), u32::from(B::GHOST));
    if d >= u32::from(B::SQUARES) {
        return None;
    }
    SquareOn::from_bit((block * pair + rest + u32::from(rest >= ghost)) as u8)
}

/// A bitboard as a set of dense numbers.
#[inline]
pub fn to_dense<B: Board>(bb: BitboardOn<B>) -> u64 {
    let per = u32::from(B::PER_RANK);
    let mask = (1u64 << per) - 1;
    let mut out = 0u64;
    for block in 0..u32::from(B::SIZE) / 2 {
        let part = bb.bits() >> (u32::from(B::PAIR_BITS) * block);
        out |= (part & mask) << (2 * per * block);
        out |= ((part >> (u32::from(B::GHOST) + 1)) & mask) << (2 * per * block + per);
    }
    out
}

/// A set of dense numbers as a bitboard.
#[inline]
pub fn from_dense<B: Board>(set: u64) -> BitboardOn<B> {
    let per = u32::from(B::PER_RANK);
    let mask = (1u64 << per) - 1;
    let mut out = 0u64;
    for block in 0..u32::from(B::SIZE) / 2 {
        let part = set >> (2 * per * block);
        out |= (part & mask) << (u32::from(B::PAIR_BITS) * block);
        out |=
            ((part >> per) & mask) << (u32::from(B::PAIR_BITS) * block + u32::from(B::GHOST) + 1);
    }
    BitboardOn::from_bits_truncate(out)
}

/// The most numbers a set holds: 64.
const MAX_N: usize = 64;

/// C(n, k) for n ≤ 64, k ≤ 5.
const fn binomials() -> [[u64; 6]; MAX_N + 1] {
    let mut c = [[0u64; 6]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        c[n][0] = 1;
        let mut k = 1;
        while k <= 5 {
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

static BINOM: [[u64; 6]; MAX_N + 1] = binomials();

/// C(n, k) (0 when k > 5 or n > 64).
#[inline]
pub fn binom(n: u32, k: u32) -> u64 {
    BINOM
        .get(n as usize)
        .and_then(|row| row.get(k as usize))
        .copied()
        .unwrap_or(0)
}

/// The colex rank of a set of numbers below 64.
#[inline]
pub fn rank(mut set: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let d = set.trailing_zeros();
        r += binom(d, i);
        i += 1;
        set &= set - 1;
    }
    r
}

/// The set of `k` numbers with colex rank `r`.
pub fn unrank(k: u32, mut r: u64) -> u64 {
    let mut set = 0u64;
    for i in (1..=k).rev() {
        let mut d = i - 1;
        while d + 1 < MAX_N as u32 && binom(d + 1, i) <= r {
            d += 1;
        }
        r -= binom(d, i);
        set |= 1 << d;
    }
    set
}

/// The numbers of `set` renumbered among the numbers not in `taken` (each loses one for
/// every taken number below it).
#[inline]
fn squeeze(set: u64, taken: u64) -> u64 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let d = rest.trailing_zeros();
        let below = (taken & ((1u64 << d) - 1)).count_ones();
        out |= 1 << (d - below);
        rest &= rest - 1;
    }
    out
}

/// The inverse of [`squeeze`]: the numbers of `set`, counted among the numbers not in
/// `taken`, as numbers of the whole board.
#[inline]
fn spread(set: u64, taken: u64) -> u64 {
    let mut out = 0;
    let mut rest = set;
    let free = !taken;
    while rest != 0 {
        let i = rest.trailing_zeros();
        // The i-th free number.
        let mut f = free;
        for _ in 0..i {
            f &= f - 1;
        }
        out |= 1 << f.trailing_zeros();
        rest &= rest - 1;
    }
    out
}

/// The material of a class: white men, white kings, black men, black kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White men.
    pub wm: u8,
    /// White kings.
    pub wk: u8,
    /// Black men.
    pub bm: u8,
    /// Black kings.
    pub bk: u8,
}

impl Material {
    /// The material of a position.
    pub fn of<B: Board>(pos: &PositionOn<B>) -> Material {
        let [wm, wk, bm, bk] = dama_core::rules::material(pos);
        Material { wm, wk, bm, bk }
    }

    /// The pieces in all.
    pub fn pieces(self) -> u32 {
        u32::from(self.wm + self.wk + self.bm + self.bk)
    }

    /// The men in all.
    pub fn men(self) -> u32 {
        u32::from(self.wm + self.bm)
    }

    /// The material with the colours exchanged.
    pub fn mirror(self) -> Material {
        Material {
            wm: self.bm,
            wk: self.bk,
            bm: self.wm,
            bk: self.wk,
        }
    }

    /// Whether this is the class stored for itself and its mirror: white has at least as many
    /// pieces, then at least as many kings.
    pub fn is_canonical(self) -> bool {
        (self.wm + self.wk, self.wk) >= (self.bm + self.bk, self.bk)
    }

    /// The name used in file names and by `tb info`: `KKvK`-like, men as `M` (e.g. `KMvK`
    /// is a white king and man against a black king).
    pub fn name(self) -> String {
        let side = |k: u8, m: u8| "K".repeat(k.into()) + &"M".repeat(m.into());
        format!("{}v{}", side(self.wk, self.wm), side(self.bk, self.bm))
    }

    /// The material a [`Material::name`] names (`KMvK`: kings then men of each side), if the
    /// text is one: `K`s then `M`s, `v`, `K`s then `M`s, a piece a side.
    pub fn from_name(name: &str) -> Option<Material> {
        fn side(text: &str) -> Option<(u8, u8)> {
            let kings = text.bytes().take_while(|&b| b == b'K').count();
            let men = text.len() - kings;
            if men + kings == 0 || !text.bytes().skip(kings).all(|b| b == b'M') {
                return None;
            }
            Some((u8::try_from(kings).ok()?, u8::try_from(men).ok()?))
        }
        let (white, black) = name.split_once('v')?;
        let ((wk, wm), (bk, bm)) = (side(white)?, side(black)?);
        let m = Material { wm, wk, bm, bk };
        m.fits().then_some(m)
    }

    /// Every class with at least one piece a side and at most `n` pieces in all, canonical
    /// ones only, in build order: fewer pieces first, then fewer men (a capture leads to
    /// fewer pieces, a crowning to one man less).
    pub fn all_up_to(n: u32) -> Vec<Material> {
        let mut out = Vec::new();
        let n = n.min(8) as u8;
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    for bk in 0..=n - wm - wk - bm {
                        let m = Material { wm, wk, bm, bk };
                        if wm + wk > 0 && bm + bk > 0 && m.is_canonical() && m.fits() {
                            out.push(m);
                        }
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.pieces(), m.men(), *m));
        out
    }

    /// Whether the index can number this material (at most five of a kind, men within their
    /// squares).
    pub fn fits(self) -> bool {
        self.wm <= 5 && self.wk <= 5 && self.bm <= 5 && self.bk <= 5 && self.pieces() <= 8
    }
}

/// The numbering of one material class on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// Its material.
    pub material: Material,
    /// Its board.
    pub geometry: Geometry,
    black_men_sets: u64,
    black_king_sets: u64,
    /// Positions of one slice with one side to move.
    kings_per_side: u64,
}

/// A position of a class, taken apart: which slice (men), side to move, kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// White men as dense numbers.
    pub white_men: u64,
    /// Black men as dense numbers.
    pub black_men: u64,
    /// White kings as dense numbers.
    pub white_kings: u64,
    /// Black kings as dense numbers.
    pub black_kings: u64,
    /// The side to move.
    pub turn: Color,
}

impl Parts {
    /// The position these parts describe on the board `B`.
    pub fn position<B: Board>(&self) -> Option<PositionOn<B>> {
        let white = from_dense::<B>(self.white_men | self.white_kings);
        let black = from_dense::<B>(self.black_men | self.black_kings);
        PositionOn::from_setup(&dama_core::position::SetupOn {
            white,
            black,
            kings: from_dense::<B>(self.white_kings | self.black_kings),
            turn: Some(self.turn),
        })
        .ok()
    }
}

impl Class {
    /// The numbering of `material`'s class on 8×8.
    pub fn new(material: Material) -> Class {
        Class::on(material, Geometry::EIGHT)
    }

    /// The numbering of `material`'s class on the board `B`.
    pub fn of<B: Board>(material: Material) -> Class {
        Class::on(material, Geometry::of::<B>())
    }

    /// The numbering of `material`'s class on a board of this `geometry`.
    pub fn on(material: Material, geometry: Geometry) -> Class {
        let men = material.men();
        let free = geometry.squares - men;
        Class {
            material,
            geometry,
            black_men_sets: binom(geometry.men_squares(), material.bm.into()),
            black_king_sets: binom(free - u32::from(material.wk), material.bk.into()),
            kings_per_side: binom(free, material.wk.into())
                * binom(free - u32::from(material.wk), material.bk.into()),
        }
    }

    /// The number of slices (sets of men).
    pub fn slices(&self) -> u64 {
        binom(self.geometry.men_squares(), self.material.wm.into()) * self.black_men_sets
    }

    /// The slices whose men do not overlap (`slice_men` is `Some`), counted without walking
    /// them: the white men stand on dense squares 0–27 (all but the last rank), the black on
    /// all but the first; with `k` white men on the first rank, the black men choose among
    /// their squares less the white men's other `wm − k`.
    pub fn valid_slices(&self) -> u64 {
        let (wm, bm) = (u32::from(self.material.wm), u32::from(self.material.bm));
        let (per, men) = (self.geometry.per_rank, self.geometry.men_squares());
        (0..=wm.min(per))
            .map(|k| binom(per, k) * binom(men - per, wm - k) * binom(men - (wm - k), bm))
            .sum()
    }

    /// The positions of the class (entries less the wasted ones of overlapping men).
    pub fn positions(&self) -> u64 {
        self.valid_slices() * self.slice_len()
    }

    /// The entries of one slice (both sides to move).
    pub fn slice_len(&self) -> u64 {
        2 * self.kings_per_side
    }

    /// The number of entries (including the wasted ones of overlapping men).
    pub fn len(&self) -> u64 {
        self.slices() * self.slice_len()
    }

    /// Whether the class has no entries (never: every class has at least one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The men of a slice (white, black as dense numbers), `None` if they overlap.
    pub fn slice_men(&self, slice: u64) -> Option<(u64, u64)> {
        let white = unrank(self.material.wm.into(), slice / self.black_men_sets);
        let black =
            unrank(self.material.bm.into(), slice % self.black_men_sets) << self.geometry.per_rank;
        (white & black == 0).then_some((white, black))
    }

    /// How far the men of a slice have come (each step of a man adds one), so that a man move
    /// always leads to a slice of greater advance.
    pub fn advance(&self, slice: u64) -> u32 {
        let Some((white, black)) = self.slice_men(slice) else {
            return 0;
        };
        let per = self.geometry.per_rank;
        let last = self.geometry.ranks() - 1;
        let rank = |d: u32| d / per;
        let mut sum = 0;
        let mut w = white;
        while w != 0 {
            sum += rank(w.trailing_zeros());
            w &= w - 1;
        }
        let mut b = black;
        while b != 0 {
            sum += last - rank(b.trailing_zeros());
            b &= b - 1;
        }
        sum
    }

    /// The positions of a slice with their entries within it (`local`), in order; none when
    /// its men overlap, and wasted entries left out.
    pub fn slice_positions<B: Board>(
        &self,
        slice: u64,
    ) -> impl Iterator<Item = (u64, PositionOn<B>)> + '_ {
        let men = self.slice_men(slice);
        (0..if men.is_some() { self.slice_len() } else { 0 }).filter_map(move |local| {
            let (white_men, black_men) = men?;
            let pos = self
                .parts_in_slice(white_men, black_men, local)?
                .position::<B>()?;
            Some((local, pos))
        })
    }

    /// The parts of the entry `index`, `None` for a wasted entry.
    pub fn parts(&self, index: u64) -> Option<Parts> {
        let slice = index / self.slice_len();
        let (white_men, black_men) = self.slice_men(slice)?;
        self.parts_in_slice(white_men, black_men, index % self.slice_len())
    }

    /// The parts of entry `local` of the slice with these men.
    pub fn parts_in_slice(&self, white_men: u64, black_men: u64, local: u64) -> Option<Parts> {
        let turn = if local < self.kings_per_side {
            Color::White
        } else {
            Color::Black
        };
        let kings = local % self.kings_per_side;
        let men = white_men | black_men;
        let white_kings = spread(
            unrank(self.material.wk.into(), kings / self.black_king_sets),
            men,
        );
        let black_kings = spread(
            unrank(self.material.bk.into(), kings % self.black_king_sets),
            men | white_kings,
        );
        Some(Parts {
            white_men,
            black_men,
            white_kings,
            black_kings,
            turn,
        })
    }

    /// The entry of a position of this class (the caller checks the material).
    pub fn index(&self, parts: &Parts) -> u64 {
        let slice = rank(parts.white_men) * self.black_men_sets
            + rank(parts.black_men >> self.geometry.per_rank);
        slice * self.slice_len() + self.local_index(parts)
    }

    /// The entry of a position within its slice.
    pub fn local_index(&self, parts: &Parts) -> u64 {
        let men = parts.white_men | parts.black_men;
        let kings = rank(squeeze(parts.white_kings, men)) * self.black_king_sets
            + rank(squeeze(parts.black_kings, men | parts.white_kings));
        let side = if parts.turn == Color::White { 0 } else { 1 };
        side * self.kings_per_side + kings
    }
}

impl Parts {
    /// The parts of a position.
    pub fn of<B: Board>(pos: &PositionOn<B>) -> Parts {
        Parts {
            white_men: to_dense(pos.men(Color::White)),
            black_men: to_dense(pos.men(Color::Black)),
            white_kings: to_dense(pos.kings(Color::White)),
            black_kings: to_dense(pos.kings(Color::Black)),
            turn: pos.turn(),
        }
    }

    /// The colour-mirrored position on a board of `squares` squares: the board turned 180°,
    /// colours exchanged.
    pub fn mirror(&self, squares: u32) -> Parts {
        let turn = |set: u64| set.reverse_bits() >> (64 - squares);
        Parts {
            white_men: turn(self.black_men),
            black_men: turn(self.white_men),
            white_kings: turn(self.black_kings),
            black_kings: turn(self.white_kings),
            turn: !self.turn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_slices_are_those_whose_men_do_not_overlap() {
        for m in Material::all_up_to(5) {
            let class = Class::new(m);
            let walked = (0..class.slices())
                .filter(|&s| class.slice_men(s).is_some())
                .count() as u64;
            assert_eq!(class.valid_slices(), walked, "{}", m.name());
            let ten = Class::of::<dama_core::Board10>(m);
            let walked = (0..ten.slices())
                .filter(|&s| ten.slice_men(s).is_some())
                .count() as u64;
            assert_eq!(ten.valid_slices(), walked, "{} on 10×10", m.name());
        }
    }

    #[test]
    fn class_names_read_back() {
        for m in Material::all_up_to(8) {
            assert_eq!(Material::from_name(&m.name()), Some(m));
            assert_eq!(Material::from_name(&m.mirror().name()), Some(m.mirror()));
        }
        assert_eq!(
            Material::from_name("KKMvM"),
            Some(Material {
                wm: 1,
                wk: 2,
                bm: 1,
                bk: 0
            })
        );
        for bad in [
            "", "v", "KvK ", "Kv", "vK", "MKvK", "KvKv", "kvk", "KKKKKKvK", "KxvK",
        ] {
            assert_eq!(Material::from_name(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn dense_numbers_round_trip() {
        for d in 0..32 {
            let sq = square_of::<Board8>(d).expect("a square");
            assert_eq!(dense(sq), d);
            assert_eq!(to_dense(sq.bb()), 1 << d);
            assert_eq!(from_dense::<Board8>(1 << d), sq.bb());
        }
        assert_eq!(to_dense(dama_core::Bitboard::ALL), u64::from(u32::MAX));
        type B10 = dama_core::Board10;
        for d in 0..50 {
            let sq = square_of::<B10>(d).expect("a square");
            assert_eq!(dense(sq), d);
            assert_eq!(to_dense(sq.bb()), 1 << d);
            assert_eq!(from_dense::<B10>(1 << d), sq.bb());
        }
        assert_eq!(square_of::<B10>(50), None);
        assert_eq!(to_dense(BitboardOn::<B10>::ALL), (1u64 << 50) - 1);
    }

    #[test]
    fn ranks_round_trip() {
        for k in 0..=4 {
            for r in 0..binom(32, k).min(5000) {
                let set = unrank(k, r);
                assert_eq!(set.count_ones(), k);
                assert_eq!(rank(set), r);
            }
        }
        let taken = 0b1011_0010u64;
        for set in [0b1u64, 0b101, 0b1_0000_0001] {
            assert_eq!(squeeze(spread(set, taken), taken), set);
        }
    }

    #[test]
    fn every_entry_of_a_class_round_trips() {
        let m = Material {
            wm: 1,
            wk: 1,
            bm: 1,
            bk: 1,
        };
        let class = Class::new(m);
        assert_eq!(class.len(), 28 * 28 * 2 * 30 * 29);
        let mut valid = 0;
        for index in 0..class.len() {
            if let Some(parts) = class.parts(index) {
                let pos = parts.position::<Board8>().expect("a position");
                assert_eq!(Material::of(&pos), m);
                assert_eq!(Parts::of(&pos), parts);
                assert_eq!(class.index(&parts), index);
                let mirrored = parts.mirror(32).position::<Board8>().expect("a position");
                assert_eq!(Material::of(&mirrored), m.mirror());
                valid += 1;
            }
        }
        // Men overlap on the 24 squares of ranks 2-7.
        assert_eq!(valid, (28 * 28 - 24) * 2 * 30 * 29);
    }

    #[test]
    fn every_entry_of_a_ten_by_ten_class_round_trips() {
        type B10 = dama_core::Board10;
        let m = Material {
            wm: 1,
            wk: 1,
            bm: 1,
            bk: 0,
        };
        let class = Class::of::<B10>(m);
        assert_eq!(class.len(), 45 * 45 * 2 * 48);
        let mut valid = 0;
        for index in 0..class.len() {
            if let Some(parts) = class.parts(index) {
                let pos = parts.position::<B10>().expect("a position");
                assert_eq!(Material::of(&pos), m);
                assert_eq!(Parts::of(&pos), parts);
                assert_eq!(class.index(&parts), index);
                let mirrored = parts.mirror(50).position::<B10>().expect("a position");
                assert_eq!(Material::of(&mirrored), m.mirror());
                assert_eq!(Parts::of(&mirrored).mirror(50), parts);
                valid += 1;
            }
        }
        // Men overlap on the 40 squares of ranks 2-9.
        assert_eq!(valid, (45 * 45 - 40) * 2 * 48);
    }

    #[test]
    fn classes_come_in_build_order() {
        let all = Material::all_up_to(3);
        assert!(all.iter().all(|m| m.is_canonical()));
        // KvK, KvM and MvM (MvK is the mirror of KvM).
        assert_eq!(all.iter().filter(|m| m.pieces() == 2).count(), 3);
        for (i, m) in all.iter().enumerate() {
            for earlier in &all[i..] {
                assert!((earlier.pieces(), earlier.men()) >= (m.pieces(), m.men()));
            }
        }
    }
}
