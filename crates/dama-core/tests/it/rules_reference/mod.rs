//! A naive reference move generator for every rule set, written from the rule texts: it walks
//! the board square by square and shares no code with the bitboard generator. The rule sets
//! are described here by [`Variant`], independently of the library's `Params`.

#![allow(dead_code)]

pub mod international;

use dama_core::{Bitboard, Color, Position, Square, Variant as RuleSet};

/// What the rule texts say, per rule set.
#[derive(Copy, Clone, Debug)]
pub struct Variant {
    /// Men capture backward too (Russian, house).
    pub men_backward: bool,
    /// A man reaching the far rank during a capture goes on as a king (Russian, house).
    pub crowned_goes_on: bool,
    /// A capturing king lands only directly behind the piece (house).
    pub land_behind: bool,
    /// A king must land where the capture goes on, if some landing allows it.
    pub land_going_on: bool,
    /// Kings capture first (Czech).
    pub king_priority: bool,
    /// Every prefix of a capture is a move, at most this many hops (Spanish).
    pub partial: Option<usize>,
    /// One move per start, end and captured set.
    pub merged: bool,
    /// Capture is compulsory.
    pub compulsory: bool,
    /// Kings move one square and capture an adjacent piece only (English, Italian).
    pub short_king: bool,
    /// Men may capture kings (all but Italian).
    pub men_take_kings: bool,
    /// Which captures may be played among those found.
    pub precedence: Ranking,
    /// A man reaching the far rank during a capture goes on as a man if it can, and is
    /// crowned only where it ends (Spanish, Brazilian, pool).
    pub passes_as_man: bool,
    /// The pieces taken leave the board hop by hop (Thai).
    pub removed_at_once: bool,
}

/// The precedence rules, as the rule texts give them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Any capture.
    Free,
    /// Brazilian: the most pieces.
    Quantity,
    /// Spanish: the most pieces, then the most kings.
    Quality,
    /// Italian: the most pieces, then by a king, then the most kings, then a king taken
    /// first.
    Italian,
}

impl Variant {
    /// The rule texts of `rules`.
    pub fn of(rules: RuleSet) -> Variant {
        let finished = Variant {
            men_backward: false,
            crowned_goes_on: false,
            land_behind: false,
            land_going_on: true,
            king_priority: false,
            partial: None,
            merged: true,
            compulsory: true,
            short_king: false,
            men_take_kings: true,
            precedence: Ranking::Free,
            passes_as_man: false,
            removed_at_once: false,
        };
        match rules {
            RuleSet::Spanish => Variant {
                land_going_on: false,
                partial: Some(3),
                merged: false,
                compulsory: false,
                ..finished
            },
            RuleSet::Czech => Variant {
                king_priority: true,
                ..finished
            },
            RuleSet::Russian | RuleSet::Giveaway => Variant {
                men_backward: true,
                crowned_goes_on: true,
                ..finished
            },
            RuleSet::House => Variant {
                men_backward: true,
                crowned_goes_on: true,
                land_behind: true,
                ..finished
            },
            RuleSet::English => Variant {
                short_king: true,
                ..finished
            },
            RuleSet::Italian => Variant {
                short_king: true,
                men_take_kings: false,
                precedence: Ranking::Italian,
                ..finished
            },
            RuleSet::SpanishOfficial => Variant {
                precedence: Ranking::Quality,
                passes_as_man: true,
                ..finished
            },
            RuleSet::Brazilian => Variant {
                men_backward: true,
                precedence: Ranking::Quantity,
                passes_as_man: true,
                ..finished
            },
            RuleSet::Pool => Variant {
                men_backward: true,
                passes_as_man: true,
                ..finished
            },
            RuleSet::International
            | RuleSet::Antidraughts
            | RuleSet::Breakthrough
            | RuleSet::Killer
            | RuleSet::Frisian
            | RuleSet::Frysk
            | RuleSet::Turkish => {
                panic!("the reference is of the 8x8 sets of dark squares")
            }
            RuleSet::Thai => Variant {
                land_behind: true,
                removed_at_once: true,
                ..finished
            },
        }
    }

    /// The directions a man of `color` captures in.
    pub fn man_capture_dirs(&self, color: Color) -> Vec<(i8, i8)> {
        if self.men_backward {
            ALL_DIRS.to_vec()
        } else {
            forward_dirs(color).to_vec()
        }
    }
}

/// The two forward directions of a man of `color`, as (file, rank) steps.
pub fn forward_dirs(color: Color) -> [(i8, i8); 2] {
    match color {
        Color::White => [(1, 1), (-1, 1)],
        Color::Black => [(1, -1), (-1, -1)],
    }
}

/// The four diagonal directions.
pub const ALL_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The square one step from `sq`, if on the board.
pub fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let f = sq.file() as i8 + df;
    let r = sq.rank() as i8 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Square::from_file_rank(f as u8, r as u8)
    } else {
        None
    }
}

/// The squares strictly between two squares of one diagonal, and the direction from `a` to
/// `b`; `None` when they are not on one diagonal (or equal).
pub fn between(a: Square, b: Square) -> Option<(Vec<Square>, (i8, i8))> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let dir = (df.signum(), dr.signum());
    let mut squares = Vec::new();
    let mut at = step(a, dir)?;
    while at != b {
        squares.push(at);
        at = step(at, dir)?;
    }
    Some((squares, dir))
}

/// The plain moves of the side to move, counted square by square.
pub fn quiet_count(v: &Variant, pos: &Position) -> usize {
    let us = pos.turn();
    let occ = pos.occupied();
    let mut n = 0;
    for sq in pos.men(us) {
        n += forward_dirs(us)
            .into_iter()
            .filter(|&d| step(sq, d).is_some_and(|to| !occ.contains(to)))
            .count();
    }
    for sq in pos.kings(us) {
        for d in ALL_DIRS {
            let mut at = step(sq, d);
            while let Some(s) = at.filter(|s| !occ.contains(*s)) {
                n += 1;
                at = if v.short_king { None } else { step(s, d) };
            }
        }
    }
    n
}

/// A move as the reference generator sees it: start, landing squares, captured pieces.
pub type Naive = (Square, Vec<Square>, Bitboard);

/// The single hops of the piece on `sq` (a king when `king`): the piece jumped and the
/// squares it may land on (before the "going on" rule). `occ` holds every standing piece
/// (the mover's start excluded); pieces in `taken` stand but cannot be jumped again.
pub fn hops(
    v: &Variant,
    pos: &Position,
    sq: Square,
    king: bool,
    occ: Bitboard,
    taken: Bitboard,
) -> Vec<(Square, Vec<Square>)> {
    let opp = if king || v.men_take_kings {
        pos.pieces(!pos.turn())
    } else {
        pos.men(!pos.turn())
    };
    // Where the pieces taken leave at once, they no longer stand.
    let occ = if v.removed_at_once { occ & !taken } else { occ };
    let dirs = if king {
        ALL_DIRS.to_vec()
    } else {
        v.man_capture_dirs(pos.turn())
    };
    let mut out = Vec::new();
    for dir in dirs {
        let mut at = step(sq, dir);
        if king && !v.short_king {
            while let Some(s) = at.filter(|s| !occ.contains(*s)) {
                at = step(s, dir);
            }
        }
        let Some(over) = at.filter(|s| opp.contains(*s) && !taken.contains(*s)) else {
            continue;
        };
        let mut lands = Vec::new();
        let mut beyond = step(over, dir);
        while let Some(land) = beyond.filter(|s| !occ.contains(*s)) {
            lands.push(land);
            if !king || v.land_behind || v.short_king {
                break;
            }
            beyond = step(land, dir);
        }
        if !lands.is_empty() {
            out.push((over, lands));
        }
    }
    out
}

/// Whether the piece on `sq` can jump again.
pub fn can_jump(
    v: &Variant,
    pos: &Position,
    sq: Square,
    king: bool,
    occ: Bitboard,
    taken: Bitboard,
) -> bool {
    !hops(v, pos, sq, king, occ, taken).is_empty()
}

/// The state of one capture search.
struct Search<'a> {
    v: &'a Variant,
    pos: &'a Position,
    from: Square,
    occ: Bitboard,
    out: &'a mut Vec<Naive>,
}

impl Search<'_> {
    /// Extends the capture of the piece standing on `sq` after `path`.
    fn extend(&mut self, sq: Square, king: bool, path: &mut Vec<Square>, taken: Bitboard) {
        let far = self.pos.turn().crowning_rank();
        // A man that reached the far rank is a king now, or its move ends.
        let crowned_here = !king && !path.is_empty() && far.contains(sq);
        if crowned_here
            && self.v.passes_as_man
            && can_jump(self.v, self.pos, sq, false, self.occ, taken)
        {
            // It goes on as a man.
            for (over, lands) in hops(self.v, self.pos, sq, false, self.occ, taken) {
                for land in lands {
                    path.push(land);
                    self.extend(land, false, path, taken.with(over));
                    path.pop();
                }
            }
            return;
        }
        if crowned_here && !self.v.crowned_goes_on {
            if self.v.partial.is_none() {
                self.out.push((self.from, path.clone(), taken));
            }
            return;
        }
        let king = king || crowned_here;
        let options = match self.v.partial {
            Some(max) if path.len() == max => Vec::new(),
            _ => hops(self.v, self.pos, sq, king, self.occ, taken),
        };
        if options.is_empty() {
            // A finished sequence ends when nothing is left to jump; partial moves were
            // recorded hop by hop.
            if self.v.partial.is_none() && !path.is_empty() {
                self.out.push((self.from, path.clone(), taken));
            }
            return;
        }
        for (over, lands) in options {
            let taken = taken.with(over);
            let going_on: Vec<Square> = lands
                .iter()
                .copied()
                .filter(|&l| {
                    let as_king = king || far.contains(l);
                    can_jump(self.v, self.pos, l, as_king, self.occ, taken)
                })
                .collect();
            let lands = if king && self.v.land_going_on && !going_on.is_empty() {
                going_on
            } else {
                lands
            };
            for land in lands {
                path.push(land);
                if self.v.partial.is_some() {
                    self.out.push((self.from, path.clone(), taken));
                }
                self.extend(land, king, path, taken);
                path.pop();
            }
        }
    }
}

/// The pieces a capture takes, in the order it takes them.
pub fn taken_in_order(m: &Naive) -> Vec<Square> {
    let mut at = m.0;
    let mut out = Vec::new();
    for &to in &m.1 {
        if let Some((squares, _)) = between(at, to) {
            out.extend(squares.into_iter().filter(|s| m.2.contains(*s)));
        }
        at = to;
    }
    out
}

/// How a capture ranks under the precedence rules (higher first): pieces, by a king, kings,
/// and the kings' places in the order taken (a king earlier ranks higher).
fn rank(v: &Variant, pos: &Position, m: &Naive) -> (usize, bool, usize, Vec<bool>) {
    let pieces = m.2.count() as usize;
    let kings = (m.2 & pos.all_kings()).count() as usize;
    let by_king = pos.all_kings().contains(m.0);
    let order: Vec<bool> = taken_in_order(m)
        .into_iter()
        .map(|s| pos.all_kings().contains(s))
        .collect();
    match v.precedence {
        Ranking::Free => (0, false, 0, Vec::new()),
        Ranking::Quantity => (pieces, false, 0, Vec::new()),
        Ranking::Quality => (pieces, false, kings, Vec::new()),
        Ranking::Italian => (pieces, by_king, kings, order),
    }
}

/// Every legal move of `pos` under `rules`, found square by square from the rule texts.
pub fn naive_moves(rules: RuleSet, pos: &Position) -> Vec<Naive> {
    let v = Variant::of(rules);
    let us = pos.turn();
    let occ = pos.occupied();
    let mut king_caps = Vec::new();
    let mut man_caps = Vec::new();
    for sq in pos.pieces(us) {
        let king = pos.kings(us).contains(sq);
        let mut search = Search {
            v: &v,
            pos,
            from: sq,
            occ: occ.without(sq),
            out: if king { &mut king_caps } else { &mut man_caps },
        };
        search.extend(sq, king, &mut Vec::new(), Bitboard::EMPTY);
    }
    let mut moves = king_caps;
    if !v.king_priority || moves.is_empty() {
        moves.extend(man_caps);
    }
    if v.precedence != Ranking::Free {
        let best = moves.iter().map(|m| rank(&v, pos, m)).max();
        moves.retain(|m| Some(rank(&v, pos, m)) == best);
    }
    if v.merged {
        let mut seen = Vec::new();
        moves.retain(|(from, path, taken)| {
            let key = (*from, *path.last().unwrap(), *taken);
            let new = !seen.contains(&key);
            seen.push(key);
            new
        });
    }
    if v.compulsory && !moves.is_empty() {
        return moves;
    }
    for sq in pos.pieces(us) {
        let king = pos.kings(us).contains(sq);
        let dirs: Vec<(i8, i8)> = if king {
            ALL_DIRS.to_vec()
        } else {
            forward_dirs(us).to_vec()
        };
        for dir in dirs {
            let mut at = step(sq, dir);
            while let Some(to) = at.filter(|s| !occ.contains(*s)) {
                moves.push((sq, vec![to], Bitboard::EMPTY));
                if !king || v.short_king {
                    break;
                }
                at = step(to, dir);
            }
        }
    }
    moves
}
