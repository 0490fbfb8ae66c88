//! The precedence rules: among the captures found, only those that rank highest are legal
//! ([`Precedence`]). Every route is ranked (two routes of one move may rank differently under
//! the Italian order); routes with the same start, end and pieces taken are then one move.

use super::{Params, Precedence};
use crate::{Direction, Move, MoveList, Position, Square};

/// The direction from `a` to `b`, two squares of one diagonal.
fn direction(a: Square, b: Square) -> Option<Direction> {
    let north = b.rank() > a.rank();
    let east = b.file() > a.file();
    match (north, east) {
        _ if a == b => None,
        (true, true) => Some(Direction::NorthEast),
        (true, false) => Some(Direction::NorthWest),
        (false, true) => Some(Direction::SouthEast),
        (false, false) => Some(Direction::SouthWest),
    }
}

/// The pieces `mv` takes, hop by hop: for each hop, the taken square between its start and
/// its landing.
pub fn taken_in_order(mv: &Move) -> impl Iterator<Item = Square> + '_ {
    let starts = std::iter::once(mv.from()).chain(mv.path().iter().copied());
    starts.zip(mv.path().iter().copied()).filter_map(|(a, b)| {
        let dir = direction(a, b)?;
        let mut at = a.step(dir)?;
        while at != b {
            if mv.captured().contains(at) {
                return Some(at);
            }
            at = at.step(dir)?;
        }
        None
    })
}

/// The rank of the capture `mv` of `pos` under `P`'s precedence: higher is better.
#[inline]
fn rank<P: Params>(pos: &Position, mv: &Move) -> u64 {
    let pieces = u64::from(mv.captured().count());
    let kings = u64::from((mv.captured() & pos.all_kings()).count());
    match P::PRECEDENCE {
        Precedence::None => 0,
        Precedence::MostPieces => pieces,
        Precedence::MostPiecesThenKings => pieces << 8 | kings,
        Precedence::Italian => {
            let with_king = u64::from(pos.all_kings().contains(mv.from()));
            // A king taken at hop i sets bit 31 - i: a king taken earlier ranks higher.
            let order = taken_in_order(mv)
                .take(32)
                .enumerate()
                .filter(|&(_, sq)| pos.all_kings().contains(sq))
                .fold(0u64, |bits, (i, _)| bits | 1 << (31 - i));
            pieces << 40 | with_king << 39 | kings << 32 | order
        }
    }
}

/// Keeps, of the captures in `list` from `first` on, those of the highest rank, one per
/// start, end and pieces taken where the rules merge routes.
pub(super) fn select<P: Params>(pos: &Position, list: &mut MoveList, first: usize) {
    let Some(best) = list[first..].iter().map(|mv| rank::<P>(pos, mv)).max() else {
        return;
    };
    let mut i = 0;
    list.retain(|mv| {
        i += 1;
        i <= first || rank::<P>(pos, mv) == best
    });
    if !P::MERGE_ROUTES {
        return;
    }
    // Routes of one move are rare: look for one before building anything.
    let ranked = &list[first..];
    let twice = |i: usize| ranked[..i].iter().any(|m| m.same_route(&ranked[i]));
    if !(1..ranked.len()).any(twice) {
        return;
    }
    let keep: Vec<bool> = (0..ranked.len()).map(|i| !twice(i)).collect();
    let mut i = 0;
    list.retain(|_| {
        i += 1;
        i <= first || keep[i - 1 - first]
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bitboard;

    #[test]
    fn pieces_in_order() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mv = Move::new(
            sq("a1"),
            &[sq("c3"), sq("e5"), sq("g3")],
            Bitboard::EMPTY.with(sq("b2")).with(sq("d4")).with(sq("f4")),
        )
        .unwrap();
        let order: Vec<Square> = taken_in_order(&mv).collect();
        assert_eq!(order, [sq("b2"), sq("d4"), sq("f4")]);
    }
}
