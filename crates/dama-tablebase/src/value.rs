//! A table entry's value, its one-byte code, and the draw counts that decide what it is worth
//! in a game (see `docs/tablebases.md` for the metric).

use dama_core::rules::DrawCounters;
use dama_core::{BitboardOn, Board, BoardRules, MoveOn, PositionOn};

/// The value of a position for the side to move: the distance, in plies of the current
/// *phase*, to the end of the game or to a phase-ending move into a position whose own value
/// (with its fresh count) is known — see `docs/tablebases.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins within this many plies of the phase.
    Win(u32),
    /// The side to move loses within this many plies of the phase (0: it has no move).
    Loss(u32),
    /// Neither side can force a result.
    Draw,
}

/// The longest distance a one-byte entry holds.
pub const MAX_DISTANCE: u32 = 127;

/// Plies left that mean "no count at all".
pub const UNLIMITED: u32 = u32::MAX;

/// Where [`Value::goodness`] counts a win down from (and a loss up from its negative): every
/// goodness lies within ±`GOODNESS_BOUND`.
const GOODNESS_BOUND: i64 = 1_000_000;

/// The factor of [`Value::goodness_then`], which packs two goodnesses into one key: above the
/// spread of a goodness (2 × [`GOODNESS_BOUND`]), so the first always decides unless equal.
const GOODNESS_RADIX: i64 = 4 * GOODNESS_BOUND;

impl Value {
    /// The one-byte code: 0 a draw, 1–127 a win, 128 + n a loss in n.
    pub fn encode(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(n) => n.clamp(1, MAX_DISTANCE) as u8,
            Value::Loss(n) => 128 + n.min(MAX_DISTANCE) as u8,
        }
    }

    /// The value of a one-byte code.
    pub fn decode(code: u8) -> Value {
        match code {
            0 => Value::Draw,
            1..=127 => Value::Win(u32::from(code)),
            _ => Value::Loss(u32::from(code - 128)),
        }
    }

    /// The value with `left` plies left on the count: a win or loss only within the count.
    pub fn within(self, left: u32) -> Value {
        match self {
            Value::Win(n) | Value::Loss(n) if n > left => Value::Draw,
            v => v,
        }
    }

    /// The value for the other side one ply earlier (a win in n for the mover's opponent is a
    /// loss in n + 1 for the mover, and so on).
    pub fn back(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// The mover's value when this is the value (with its fresh count) of the position a
    /// phase-ending move leads to: the phase ends in that one ply.
    pub fn phase_end(self) -> Value {
        match self {
            Value::Win(_) => Value::Loss(1),
            Value::Loss(_) => Value::Win(1),
            Value::Draw => Value::Draw,
        }
    }

    /// An order from the side to move's view: a quicker win, then a draw, then a slower loss.
    pub fn goodness(self) -> i64 {
        match self {
            Value::Win(n) => GOODNESS_BOUND - i64::from(n),
            Value::Draw => 0,
            Value::Loss(n) => -GOODNESS_BOUND + i64::from(n),
        }
    }

    /// A key that orders by this value's [`goodness`](Value::goodness), then by `tie`'s.
    pub fn goodness_then(self, tie: Value) -> i64 {
        self.goodness() * GOODNESS_RADIX + tie.goodness()
    }
}

impl std::fmt::Display for Value {
    /// `win N`, `draw` or `loss N`, as `dama tb probe` prints it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win {n}"),
            Value::Loss(n) => write!(f, "loss {n}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// A made-up quiet king move that keeps the material, for feeding the rules' counters: from
/// the first piece of the side to move (made a king in the position the rules see before the
/// move) to the first empty square. The rules' counters look only at whether a move was a man
/// move or a capture, and at the material after it.
fn quiet_king_move<B: Board>(pos: &PositionOn<B>) -> Option<(PositionOn<B>, MoveOn<B>)> {
    let from = pos.pieces(pos.turn()).first()?;
    let to = pos.empty().first()?;
    let mut setup = pos.to_setup();
    setup.kings |= from.bb();
    let before = PositionOn::from_setup(&setup).ok()?;
    Some((before, MoveOn::quiet(from, to)))
}

/// The plies that can still be played in the current phase before the rules' counters draw
/// the game (0 when they already do, [`UNLIMITED`] when they never will).
///
/// The answer is remembered per thread by material and counters: the rules' counters after a
/// quiet move that keeps the material depend on nothing else (the Czech counts look at whether
/// a move was a man move or capture and at the material; a count's limit is fixed when it
/// starts, which such a move never does).
pub fn plies_left<R: BoardRules>(pos: &PositionOn<R::Board>, counters: &DrawCounters) -> u32 {
    if R::counters_draw(counters).is_some() {
        return 0;
    }
    let key = (
        R::INFO.name,
        pos.turn(),
        dama_core::rules::material(pos),
        *counters,
    );
    if let Some(n) = LEFT.with(|memo| memo.borrow().get(&key).copied()) {
        return n;
    }
    let n = count_left::<R>(pos, counters);
    LEFT.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() > 1 << 14 {
            memo.clear();
        }
        memo.insert(key, n);
    });
    n
}

type LeftKey = (&'static str, dama_core::Color, [u8; 4], DrawCounters);

thread_local! {
    static LEFT: std::cell::RefCell<std::collections::HashMap<LeftKey, u32>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// [`plies_left`] counted out.
fn count_left<R: BoardRules>(pos: &PositionOn<R::Board>, counters: &DrawCounters) -> u32 {
    const CAP: u32 = 1000;
    let Some((before, mv)) = quiet_king_move(pos) else {
        return UNLIMITED;
    };
    let mut c = *counters;
    for n in 1..CAP {
        let next = R::next_counters(&c, &before, &mv, pos);
        if R::counters_draw(&next).is_some() {
            return n;
        }
        if next == c {
            // Counters that do not move never call a draw.
            return UNLIMITED;
        }
        c = next;
    }
    UNLIMITED
}

/// The plies a position that has just arisen may last in its phase (its fresh count).
pub fn fresh_budget<R: BoardRules>(pos: &PositionOn<R::Board>) -> u32 {
    plies_left::<R>(pos, &R::start_counters(pos))
}

/// Whether `mv` from `pos` to `child` ends the phase: the counters the rules give the child
/// are the fresh ones of a game starting there.
pub fn ends_phase<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    mv: &MoveOn<R::Board>,
    child: &PositionOn<R::Board>,
) -> bool {
    R::next_counters(&R::start_counters(pos), pos, mv, child) == R::start_counters(child)
}

/// The no-progress count's length: the fewest quiet plies at which the rules' counters, with
/// no ending count, draw ([`UNLIMITED`] if none does).
pub fn quiet_limit<R: BoardRules>() -> u32 {
    (0..=MAX_DISTANCE as u16)
        .find(|&n| {
            R::counters_draw(&DrawCounters {
                quiet_plies: n,
                ending: None,
            })
            .is_some()
        })
        .map_or(UNLIMITED, u32::from)
}

/// The two clocks of a position of a class with layers ([`crate::TableRules::layers`]) under
/// the game's `counters`: the plies left on its ending count (the *layer*; the fresh count of
/// the position when `counters` hold none for its material) and on the no-progress count.
pub fn clocks<R: BoardRules>(pos: &PositionOn<R::Board>, counters: &DrawCounters) -> (u32, u32) {
    let ending = match counters.ending {
        Some(e) if e.material == dama_core::rules::material(pos) => {
            u32::from(e.limit.saturating_sub(e.plies))
        }
        _ => R::ending_limit(pos).map_or(0, u32::from),
    };
    let quiet = quiet_limit::<R>().saturating_sub(u32::from(counters.quiet_plies));
    (ending, quiet)
}

/// The number of tables of the class of `pos` ([`crate::TableRules::layers`], at least 1).
pub fn layers_of<R: crate::TableRules>(pos: &PositionOn<R::Board>) -> u32 {
    R::layers(dama_core::rules::material(pos)).max(1)
}

/// The value of `pos` for the side to move with the game's draw `counters`, from `at`, which
/// gives the entry of a position in one of its class's tables (the layer, from 1; ignored by
/// a class of one table). One table: the entry within the plies the counters leave
/// ([`plies_left`]). Layers: the entry of the layer the ending count's plies left name, its
/// distance being the no-progress plies it needs; with no ending count left, a draw unless
/// the side to move has no move.
pub fn counted<R: crate::TableRules>(
    at: impl Fn(&PositionOn<R::Board>, u32) -> Option<Value>,
    pos: &PositionOn<R::Board>,
    counters: &DrawCounters,
) -> Option<Value> {
    let layers = layers_of::<R>(pos);
    if layers == 1 {
        return Some(at(pos, 1)?.within(plies_left::<R>(pos, counters)));
    }
    let (ending, quiet) = clocks::<R>(pos, counters);
    if ending == 0 {
        let last = at(pos, 1)?;
        return Some(if last == Value::Loss(0) {
            last
        } else {
            Value::Draw
        });
    }
    Some(at(pos, ending.min(layers))?.within(quiet))
}

/// How a move of a class with layers moves its two clocks, by the rules' own counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Both counts go on (a king's quiet move): the child is in the next layer down, with one
    /// ply less of the no-progress count.
    Both,
    /// The ending count goes on, the no-progress count starts again (a man move): the child
    /// is in the next layer down with the whole no-progress count.
    Ending,
    /// Both start again (a capture, a crowning: the material changes): the child's fresh
    /// value.
    Fresh,
}

/// How `mv` from `pos` (of a class of `layers` tables) to `child` moves the clocks, from the
/// rules' counters after it with one ply of each count used; `None` if in none of the ways
/// the layered tables know ([`Step`]).
pub fn step<R: BoardRules>(
    pos: &PositionOn<R::Board>,
    mv: &MoveOn<R::Board>,
    child: &PositionOn<R::Board>,
    layers: u32,
) -> Option<Step> {
    let material = dama_core::rules::material(pos);
    let before = DrawCounters {
        quiet_plies: 1,
        ending: Some(dama_core::rules::EndingCount {
            material,
            plies: 1,
            limit: u16::try_from(layers).ok()?,
        }),
    };
    let after = R::next_counters(&before, pos, mv, child);
    if after == R::start_counters(child) {
        return Some(Step::Fresh);
    }
    let went_on = after.ending
        == Some(dama_core::rules::EndingCount {
            material,
            plies: 2,
            limit: u16::try_from(layers).ok()?,
        });
    match (went_on, after.quiet_plies) {
        (true, 2) => Some(Step::Both),
        (true, 0) => Some(Step::Ending),
        _ => None,
    }
}

/// The squares the kings of the side to move can slide to, by king, and how many slides in all.
pub fn king_slides<B: Board>(pos: &PositionOn<B>) -> u32 {
    let occupied = pos.occupied();
    pos.kings(pos.turn())
        .squares()
        .map(|sq| {
            dama_core::Direction::ALL
                .iter()
                .fold(BitboardOn::<B>::EMPTY, |acc, &d| {
                    acc | BitboardOn::slide(sq, d, occupied)
                })
                .count()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for v in [
            Value::Draw,
            Value::Win(1),
            Value::Win(127),
            Value::Loss(0),
            Value::Loss(30),
            Value::Loss(127),
        ] {
            assert_eq!(Value::decode(v.encode()), v);
        }
        for code in 0..=255u8 {
            assert_eq!(Value::decode(code).encode(), code);
        }
    }

    #[test]
    fn czech_counts_give_the_budgets() {
        let fen = |t| dama_core::fen::parse(t).expect("a FEN");
        // No-progress: 30 plies; 3 kings v 1 off the diagonal: 30; on it: 10; K+M v K: 10.
        assert_eq!(
            fresh_budget::<dama_core::Czech>(&fen("W:Wa1,Kc3:Bh8,Kb8")),
            30
        );
        assert_eq!(
            fresh_budget::<dama_core::Czech>(&fen("W:WKa3,Kc3,Ke3:BKb8")),
            30
        );
        assert_eq!(
            fresh_budget::<dama_core::Czech>(&fen("W:WKa3,Kc3,Ke3:BKd4")),
            10
        );
        assert_eq!(fresh_budget::<dama_core::Czech>(&fen("B:Wa3,Kc3:BKb8")), 10);
        // Only men on the board: still the no-progress count.
        assert_eq!(fresh_budget::<dama_core::Czech>(&fen("W:Wa3:Bh6")), 30);
        assert_eq!(
            fresh_budget::<dama_core::Spanish>(&fen("W:Wa3:Bh6")),
            UNLIMITED
        );
    }
}
