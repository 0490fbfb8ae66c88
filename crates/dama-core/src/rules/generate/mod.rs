//! Move generation shared by every rule set, shaped by a rule set's [`Params`].
//!
//! What all our rule sets share: men step one square diagonally forward and capture over an
//! adjacent opposing piece to the square just beyond; kings fly along whole diagonals and
//! capture at long range, over one opposing piece; a capture may chain several hops; captured
//! pieces stay on the board until the move ends (they block, and none is jumped twice: the
//! Turkish strike); the square the moving piece left is empty during the move.
//!
//! What differs is described by the fields of the rule set's [`Params`] value
//! ([`ParamRules::PARAMS`]); each is read as a compile-time constant, so a rule set's generator
//! carries no branch of the others. The specialised searches (the forward men's walk here, and
//! perft's `count`, `children`, `leaves` and `backward`) serve only the rule sets that opt in
//! ([`ParamRules::FAST_PATHS`]).

mod backward;
mod children;
mod count;
mod dimensions;
mod leaves;
mod params;
mod precedence;
mod removing;

pub use dimensions::{KingRange, LastRow, Orientation, start_position};
pub use params::{KingLanding, ParamRules, Params};
pub use precedence::{CaptureSummary, Precedence};

pub use count::count_moves;
pub use leaves::perft;

use crate::bitboard::BitboardOn;
use crate::board::{Board, delta_of};
use crate::mv::{MoveListOn, MoveOn};
use crate::position::{Color, PositionOn};
use crate::square::{Direction, SquareOn};
use precedence::RankedSink;

/// The board and the move methods of [`BoardRules`](crate::BoardRules) for a rule set whose
/// moves are exactly the shared generator's under its own [`ParamRules::PARAMS`]: `Board`
/// ([`ParamRules::Board`]), `CAPTURE_COMPULSORY` ([`Params::compulsory`]), `legal_moves`
/// ([`legal_moves`]), `legal_captures` ([`legal_captures`]), `count_legal_moves`
/// ([`count_moves`]), `count_leaves` ([`perft`]), the start position its `Params` describe
/// (`start`, [`start_position`]), and its FEN and moves in its own notation (`parse_fen`,
/// `write_move`). Written inside `impl BoardRules for X { … }`; a rule set that filters the
/// generator's moves (say, by a majority rule) writes its own `legal_moves` instead.
///
/// `moves_from_params!(Base)` takes the moves of another rule set's generator instead: a
/// set whose moves are exactly `Base`'s (antidraughts plays international draughts' moves)
/// then shares `Base`'s compiled generator rather than carrying a copy of its own, which
/// keeps the binary small as such sets are added. `moves_from_params!(Base, start: Own)`
/// also takes the start position from another `ParamRules` than `Base` (Frysk! plays
/// Frisian's moves from its own start).
#[macro_export]
macro_rules! moves_from_params {
    () => {
        $crate::moves_from_params!(Self);
    };
    ($gen:ty) => {
        $crate::moves_from_params!($gen, start: $gen);
    };
    ($gen:ty, start: $start:ty) => {
        type Board = <$gen as $crate::rules::generate::ParamRules>::Board;

        const CAPTURE_COMPULSORY: bool =
            <$gen as $crate::rules::generate::ParamRules>::PARAMS.compulsory;

        #[inline]
        fn legal_moves(
            pos: &$crate::PositionOn<Self::Board>,
            moves: &mut $crate::MoveListOn<Self::Board>,
        ) {
            $crate::rules::generate::legal_moves::<$gen>(pos, moves);
        }

        #[inline]
        fn legal_captures(
            pos: &$crate::PositionOn<Self::Board>,
            moves: &mut $crate::MoveListOn<Self::Board>,
        ) -> bool {
            $crate::rules::generate::legal_captures::<$gen>(pos, moves)
        }

        #[inline(always)]
        fn count_legal_moves(
            pos: &$crate::PositionOn<Self::Board>,
            scratch: &mut $crate::MoveListOn<Self::Board>,
        ) -> usize {
            $crate::rules::generate::count_moves::<$gen>(pos, scratch)
        }

        fn count_leaves(pos: &$crate::PositionOn<Self::Board>, depth: u32) -> u64 {
            $crate::rules::generate::perft::<$gen>(pos, depth)
        }

        fn start() -> $crate::PositionOn<Self::Board> {
            $crate::rules::generate::start_position::<$start>()
        }

        fn write_move(mv: &$crate::MoveOn<Self::Board>) -> String {
            <Self as $crate::rules::BoardRules>::INFO
                .notation
                .write_on(mv)
        }
    };
}
pub use crate::moves_from_params;

/// The pieces a man of the side to move may capture: every opposing piece, or only the men
/// where men may not capture kings.
#[inline(always)]
fn man_prey<P: ParamRules>(pos: &PositionOn<P::Board>, them: Color) -> BitboardOn<P::Board> {
    if P::PARAMS.men_capture_kings {
        pos.pieces(them)
    } else {
        pos.men(them)
    }
}

/// The squares a king on `king` may move to in `dir` without capturing: the whole free
/// diagonal, or the next square for a short-range king.
#[inline(always)]
fn king_targets<P: ParamRules>(
    king: SquareOn<P::Board>,
    dir: Direction,
    occ: BitboardOn<P::Board>,
) -> BitboardOn<P::Board> {
    match P::PARAMS.king_range {
        KingRange::Flying => BitboardOn::slide(king, dir, occ),
        KingRange::Short => king.bb().shift(dir) & !occ,
    }
}

/// The squares a king on `sq` looks along in `dir` for a piece to capture.
#[inline(always)]
fn king_ray<P: ParamRules>(sq: SquareOn<P::Board>, dir: Direction) -> BitboardOn<P::Board> {
    match P::PARAMS.king_range {
        KingRange::Flying => BitboardOn::ray(sq, dir),
        KingRange::Short => sq.bb().shift(dir),
    }
}

/// Whether a capturing king lands only directly behind the piece it takes.
#[inline(always)]
const fn lands_behind<P: ParamRules>() -> bool {
    matches!(P::PARAMS.king_landing, KingLanding::DirectlyBehind)
        || matches!(P::PARAMS.king_range, KingRange::Short)
}

/// Whether a capture that ends on a king ends directly behind it (killer).
#[inline(always)]
const fn halts_behind_king<P: ParamRules>() -> bool {
    matches!(P::PARAMS.king_landing, KingLanding::HaltBehindKing)
}

/// The opposing kings where a capture ending on a king ends directly behind it, else none
/// (the field is then never read).
#[inline(always)]
fn halting_kings<P: ParamRules>(pos: &PositionOn<P::Board>, them: Color) -> BitboardOn<P::Board> {
    if halts_behind_king::<P>() {
        pos.kings(them)
    } else {
        BitboardOn::EMPTY
    }
}

/// Whether a man crowned during a capture goes on capturing as a king.
#[inline(always)]
const fn goes_on_as_king<P: ParamRules>() -> bool {
    matches!(P::PARAMS.last_row, LastRow::GoesOnAsKing)
}

/// Whether a king that can capture must, rather than a man ([`Precedence::KingsFirst`]).
#[inline(always)]
const fn kings_first<P: ParamRules>() -> bool {
    P::PARAMS.precedence.kings_first()
}

/// Whether the man-capture shortcuts (forward only, never crowned mid-way, no merging) hold
/// and the rule set takes the specialised searches ([`ParamRules::FAST_PATHS`]).
#[inline(always)]
const fn simple_men<P: ParamRules>() -> bool {
    P::FAST_PATHS && !P::PARAMS.man_captures_backward && !goes_on_as_king::<P>()
}

/// White when `WHITE`, else black.
#[inline(always)]
const fn color<const WHITE: bool>() -> Color {
    if WHITE { Color::White } else { Color::Black }
}

/// The two forward directions of white's men (`WHITE`) or black's.
#[inline(always)]
const fn forward_of<const WHITE: bool>() -> [Direction; 2] {
    if WHITE {
        [Direction::NorthEast, Direction::NorthWest]
    } else {
        [Direction::SouthEast, Direction::SouthWest]
    }
}

/// The directions a man of `WHITE` (or black) captures in, each passed to `f` as a constant
/// (the calls are unrolled, so every shift by a direction compiles to a fixed shift).
#[inline(always)]
fn each_capture_dir<P: ParamRules, const WHITE: bool>(mut f: impl FnMut(Direction)) {
    let [f0, f1] = forward_of::<WHITE>();
    f(f0);
    f(f1);
    if P::PARAMS.man_captures_backward {
        let [b0, b1] = if WHITE {
            forward_of::<false>()
        } else {
            forward_of::<true>()
        };
        f(b0);
        f(b1);
    }
    if P::PARAMS.orthogonal {
        for dir in Direction::ORTHOGONAL {
            f(dir);
        }
    }
}

/// The directions a king captures in: the diagonals, and where the rules say so the ranks
/// and files too ([`Params::orthogonal`]).
#[inline(always)]
const fn king_capture_dirs<P: ParamRules>() -> &'static [Direction] {
    if P::PARAMS.orthogonal {
        &Direction::EIGHT
    } else {
        &Direction::ALL
    }
}

/// The kings of the side to move that may make a plain move: all but the one barred by the
/// rules' limit on one king's plain moves in a row while its side has men
/// ([`Params::king_move_limit`]).
#[inline(always)]
fn free_kings<P: ParamRules>(pos: &PositionOn<P::Board>) -> BitboardOn<P::Board> {
    let (us, kings) = (pos.turn(), pos.kings(pos.turn()));
    if P::PARAMS.king_move_limit == 0 || pos.men(us).is_empty() {
        return kings;
    }
    match pos.king_moves(us) {
        Some((king, count)) if count >= P::PARAMS.king_move_limit => kings.without(king),
        _ => kings,
    }
}

/// The square one step back from `to` against `dir`.
#[inline]
fn back<B: Board>(to: SquareOn<B>, dir: Direction) -> SquareOn<B> {
    SquareOn::from_bit_unchecked((to.bit() as i8 - delta_of::<B>(dir)) as u8)
}

/// The men of the side to move that can jump in `dir` right now.
#[inline]
fn man_jumpers<B: Board>(
    men: BitboardOn<B>,
    opp: BitboardOn<B>,
    empty: BitboardOn<B>,
    dir: Direction,
) -> BitboardOn<B> {
    let opp_dir = dir.opposite();
    (empty.shift(opp_dir) & opp).shift(opp_dir) & men
}

/// Where a capture search puts the sequences it finds.
trait Sink<B: Board> {
    /// Takes the sequence from `from` along the first `hops` squares of `path`; `crowns`: a
    /// man was crowned on the way.
    fn record(
        &mut self,
        from: SquareOn<B>,
        path: &B::Path,
        hops: usize,
        captured: BitboardOn<B>,
        crowns: bool,
    );
}

/// Collects sequences as moves, merging routes when `merge` is set.
struct ListSink<'a, B: Board> {
    list: &'a mut MoveListOn<B>,
    /// Where this search's captures begin in `list`.
    first_capture: usize,
    merge: bool,
}

impl<B: Board> Sink<B> for ListSink<'_, B> {
    #[inline]
    fn record(
        &mut self,
        from: SquareOn<B>,
        path: &B::Path,
        hops: usize,
        captured: BitboardOn<B>,
        crowns: bool,
    ) {
        let mv = MoveOn::from_parts(from, *path, hops, captured, crowns);
        push_capture(self.list, self.first_capture, self.merge, mv);
    }
}

/// Pushes the capture `mv` onto `list`, unless `merge` and one of the captures from
/// `first_capture` on is the same route (the same start, end and pieces taken).
#[inline]
pub(super) fn push_capture<B: Board>(
    list: &mut MoveListOn<B>,
    first_capture: usize,
    merge: bool,
    mv: MoveOn<B>,
) {
    if merge && list[first_capture..].iter().any(|m| m.same_route(&mv)) {
        return;
    }
    list.push(mv);
}

/// Counts sequences (for bulk counting, where no two can be the same move).
struct CountSink(usize);

impl<B: Board> Sink<B> for CountSink {
    #[inline]
    fn record(&mut self, _: SquareOn<B>, _: &B::Path, _: usize, _: BitboardOn<B>, _: bool) {
        self.0 += 1;
    }
}

/// The state of one capture search from one starting square.
struct Jumps<B: Board, S> {
    from: SquareOn<B>,
    /// The opposing pieces.
    opp: BitboardOn<B>,
    /// Every occupied square while the move is made (the starting square is empty).
    occ: BitboardOn<B>,
    /// The opposing kings, where a capture that ends on a king ends directly behind it
    /// ([`KingLanding::HaltBehindKing`]); else empty.
    halting: BitboardOn<B>,
    path: B::Path,
    /// Whether the moving piece started as a man and has been crowned on the way.
    crowned: bool,
    sink: S,
}

impl<B: Board, S: Sink<B>> Jumps<B, S> {
    #[inline]
    fn record(&mut self, hops: usize, captured: BitboardOn<B>) {
        self.sink
            .record(self.from, &self.path, hops, captured, self.crowned);
    }

    /// Men's jumps under the general rules: men may capture backward (so a piece taken may
    /// stand next to the man again, and the man may come back to where it started), and a man
    /// reaching the far rank is crowned there and may go on as a king.
    fn man_general<P: ParamRules<Board = B>, const WHITE: bool>(
        &mut self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) {
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            each_capture_dir::<P, WHITE>(|dir| {
                let over = at.shift(dir) & self.opp & !captured;
                let land = over.shift(dir) & !self.occ;
                if let Some(land_sq) = land.first() {
                    extended = true;
                    self.man_landed::<P, WHITE>(land_sq, captured | over, hops + 1);
                }
            });
        }
        if !P::PARAMS.partial && !extended && hops > 0 {
            if P::PARAMS.last_row == LastRow::PassesAsMan {
                // Crowned only where the capture ends on the last row.
                self.crowned = (at & color::<WHITE>().crowning_rank_on::<B>()).any();
                self.record(hops, captured);
                self.crowned = false;
            } else {
                self.record(hops, captured);
            }
        }
    }

    /// A man's hop `hops` (counted from 1) landed on `land`, having taken `taken`: it is
    /// crowned there, or goes on as a man.
    #[inline]
    fn man_landed<P: ParamRules<Board = B>, const WHITE: bool>(
        &mut self,
        land: SquareOn<B>,
        taken: BitboardOn<B>,
        hops: usize,
    ) {
        self.path.as_mut()[hops - 1] = land;
        let far = if WHITE {
            BitboardOn::LAST_RANK
        } else {
            BitboardOn::FIRST_RANK
        };
        if far.contains(land) && P::PARAMS.last_row != LastRow::PassesAsMan {
            self.crowned = true;
            if P::PARAMS.partial {
                self.record(hops, taken);
            }
            if goes_on_as_king::<P>() {
                if P::PARAMS.partial || self.king_can_jump::<P>(land, taken) {
                    self.king::<P>(land, taken, hops);
                } else {
                    self.record(hops, taken);
                }
            } else if !P::PARAMS.partial {
                self.record(hops, taken);
            }
            self.crowned = false;
            return;
        }
        if P::PARAMS.partial {
            self.record(hops, taken);
        }
        self.man_general::<P, WHITE>(land.bb(), taken, hops);
    }

    /// Men's jumps. Two routes of a man never take the same pieces (each hop climbs two
    /// ranks, so routes that part never meet the same piece again), so none are merged; and
    /// as a man's hops only go forward, the pieces taken never stand in its way again.
    fn man<P: ParamRules<Board = B>, const WHITE: bool>(
        &mut self,
        at: BitboardOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) {
        let mut extended = false;
        if hops < P::PARAMS.max_hops {
            for dir in forward_of::<WHITE>() {
                let over = at.shift(dir) & self.opp;
                let land = over.shift(dir) & !self.occ;
                let Some(land_sq) = land.first() else {
                    continue;
                };
                extended = true;
                self.path.as_mut()[hops] = land_sq;
                let taken = captured | over;
                if P::PARAMS.partial {
                    self.record(hops + 1, taken);
                }
                self.man::<P, WHITE>(land, taken, hops + 1);
            }
        }
        if !P::PARAMS.partial && !extended && hops > 0 {
            self.record(hops, captured);
        }
    }

    /// The piece a king on `sq` would jump in `dir` and the squares it could land on.
    #[inline]
    fn king_hop<P: ParamRules<Board = B>>(
        &self,
        sq: SquareOn<B>,
        dir: Direction,
        captured: BitboardOn<B>,
    ) -> Option<(SquareOn<B>, BitboardOn<B>)> {
        let first = (king_ray::<P>(sq, dir) & self.occ).nearest(dir)?;
        if !(self.opp & !captured).contains(first) {
            return None;
        }
        let landings = if lands_behind::<P>() {
            first.bb().shift(dir) & !self.occ
        } else {
            BitboardOn::slide(first, dir, self.occ)
        };
        landings.any().then_some((first, landings))
    }

    #[inline]
    fn king_can_jump<P: ParamRules<Board = B>>(
        &self,
        sq: SquareOn<B>,
        captured: BitboardOn<B>,
    ) -> bool {
        let prey = self.opp & !captured;
        let empty = !self.occ;
        king_capture_dirs::<P>().iter().any(|&dir| {
            (king_ray::<P>(sq, dir) & self.occ)
                .nearest(dir)
                .is_some_and(|first| prey.contains(first) && (first.bb().shift(dir) & empty).any())
        })
    }

    fn king<P: ParamRules<Board = B>>(
        &mut self,
        sq: SquareOn<B>,
        captured: BitboardOn<B>,
        hops: usize,
    ) {
        if hops >= P::PARAMS.max_hops {
            return;
        }
        for &dir in king_capture_dirs::<P>() {
            let Some((over, landings)) = self.king_hop::<P>(sq, dir, captured) else {
                continue;
            };
            let taken = captured.with(over);
            if P::PARAMS.partial {
                for land in landings {
                    self.path.as_mut()[hops] = land;
                    self.record(hops + 1, taken);
                    self.king::<P>(land, taken, hops + 1);
                }
            } else if matches!(
                P::PARAMS.king_landing,
                KingLanding::Anywhere | KingLanding::HaltBehindKing
            ) && !lands_behind::<P>()
            {
                // Killer: a capture ending on a king ends directly behind it. (Where another
                // landing goes on, the longer captures it leads to are the ones majority
                // keeps, so only the ending squares are limited.)
                let behind = over.bb().shift(dir);
                let halts = halts_behind_king::<P>() && self.halting.contains(over);
                for land in landings {
                    self.path.as_mut()[hops] = land;
                    if hops + 1 < P::PARAMS.max_hops && self.king_can_jump::<P>(land, taken) {
                        self.king::<P>(land, taken, hops + 1);
                    } else if !halts || behind.contains(land) {
                        self.record(hops + 1, taken);
                    }
                }
            } else {
                let going_on: BitboardOn<B> = landings
                    .squares()
                    .filter(|&land| {
                        hops + 1 < P::PARAMS.max_hops && self.king_can_jump::<P>(land, taken)
                    })
                    .collect();
                if going_on.any() {
                    for land in going_on {
                        self.path.as_mut()[hops] = land;
                        self.king::<P>(land, taken, hops + 1);
                    }
                } else {
                    for land in landings {
                        self.path.as_mut()[hops] = land;
                        self.record(hops + 1, taken);
                    }
                }
            }
        }
    }
}

/// Runs the capture search of every piece in `kings` (as kings) into `sink`.
#[inline]
fn king_captures<P: ParamRules, S: Sink<P::Board>>(pos: &PositionOn<P::Board>, sink: S) -> S {
    let us = pos.turn();
    let mut jumps = Jumps {
        from: SquareOn::from_bit_unchecked(0),
        opp: pos.pieces(!us),
        occ: pos.occupied(),
        halting: halting_kings::<P>(pos, !us),
        path: P::Board::path_of(SquareOn::from_bit_unchecked(0)),
        crowned: false,
        sink,
    };
    for king in pos.kings(us) {
        jumps.from = king;
        jumps.occ = pos.occupied().without(king);
        if P::PARAMS.removed_at_once {
            jumps.king_removing::<P>(king, BitboardOn::EMPTY, 0);
        } else {
            jumps.king::<P>(king, BitboardOn::EMPTY, 0);
        }
    }
    jumps.sink
}

/// Runs the capture search of the men of the side to move into `sink`.
#[inline]
fn man_captures<P: ParamRules, S: Sink<P::Board>>(pos: &PositionOn<P::Board>, sink: S) -> S {
    match pos.turn() {
        Color::White => man_captures_of::<P, S, true>(pos, sink),
        Color::Black => man_captures_of::<P, S, false>(pos, sink),
    }
}

#[inline(always)]
fn man_captures_of<P: ParamRules, S: Sink<P::Board>, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    sink: S,
) -> S {
    let us = pos.turn();
    let opp = man_prey::<P>(pos, !us);
    let men = pos.men(us);
    let empty = pos.empty();
    let [d0, d1] = forward_of::<WHITE>();
    let mut jumpers = man_jumpers(men, opp, empty, d0) | man_jumpers(men, opp, empty, d1);
    if P::PARAMS.man_captures_backward {
        let [b0, b1] = if WHITE {
            forward_of::<false>()
        } else {
            forward_of::<true>()
        };
        jumpers |= man_jumpers(men, opp, empty, b0) | man_jumpers(men, opp, empty, b1);
    }
    if P::PARAMS.orthogonal {
        for dir in Direction::ORTHOGONAL {
            jumpers |= man_jumpers(men, opp, empty, dir);
        }
    }
    let mut jumps = Jumps {
        from: SquareOn::from_bit_unchecked(0),
        opp,
        occ: pos.occupied(),
        halting: halting_kings::<P>(pos, !us),
        path: P::Board::path_of(SquareOn::from_bit_unchecked(0)),
        crowned: false,
        sink,
    };
    for man in jumpers {
        jumps.from = man;
        if simple_men::<P>() {
            jumps.man::<P, WHITE>(man.bb(), BitboardOn::EMPTY, 0);
        } else {
            // The man's square is empty while it moves: it may come back to it.
            jumps.occ = pos.occupied().without(man);
            jumps.man_general::<P, WHITE>(man.bb(), BitboardOn::EMPTY, 0);
        }
    }
    jumps.sink
}

/// Adds the captures of the side to move to `list`: kings' first, and men's only when the
/// rules give kings no priority or no king can capture.
fn captures<P: ParamRules>(pos: &PositionOn<P::Board>, list: &mut MoveListOn<P::Board>) {
    if P::PARAMS.precedence.ranks() {
        ranked_captures::<P>(pos, list);
        return;
    }
    let first_capture = list.len();
    let sink = ListSink {
        list,
        first_capture,
        merge: P::PARAMS.merge_routes,
    };
    let sink = king_captures::<P, _>(pos, sink);
    if kings_first::<P>() && sink.list.len() > first_capture {
        return;
    }
    // Forward-only men that stop on the far rank never take the same pieces by two routes.
    let men_sink = ListSink {
        merge: P::PARAMS.merge_routes && !simple_men::<P>(),
        ..sink
    };
    man_captures::<P, _>(pos, men_sink);
}

/// [`captures`] under a precedence rule: only the captures of the highest rank are added
/// ([`RankedSink`]). Returns that rank (0 when there is no capture).
#[inline]
fn ranked_captures<P: ParamRules>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
) -> u64 {
    let first_capture = list.len();
    let sink = RankedSink::<P>::new(list, pos.all_kings(), P::PARAMS.merge_routes);
    let mut sink = king_captures::<P, _>(pos, sink);
    if kings_first::<P>() && sink.list.len() > first_capture {
        return sink.best;
    }
    sink.merge = P::PARAMS.merge_routes && !simple_men::<P>();
    man_captures::<P, _>(pos, sink).best
}

/// Adds the plain moves of the side to move to `list`.
fn quiet_moves<P: ParamRules>(pos: &PositionOn<P::Board>, list: &mut MoveListOn<P::Board>) {
    match pos.turn() {
        Color::White => quiet_moves_of::<P, true>(pos, list),
        Color::Black => quiet_moves_of::<P, false>(pos, list),
    }
}

#[inline(always)]
fn quiet_moves_of<P: ParamRules, const WHITE: bool>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
) {
    let us = pos.turn();
    let empty = pos.empty();
    let occ = pos.occupied();
    let far = us.crowning_rank_on::<P::Board>();
    for dir in forward_of::<WHITE>() {
        let targets = pos.men(us).shift(dir) & empty;
        for to in targets & !far {
            list.push(MoveOn::quiet(back(to, dir), to));
        }
        for to in targets & far {
            list.push(MoveOn::quiet(back(to, dir), to).with_crowning(true));
        }
    }
    // Under a limit on one king's plain moves in a row (while its side has men) each such
    // move counts, and the king that reached the limit makes none.
    let counted = P::PARAMS.king_move_limit > 0 && pos.men(us).any();
    for king in free_kings::<P>(pos) {
        for dir in Direction::ALL {
            for to in king_targets::<P>(king, dir, occ) {
                let mv = MoveOn::quiet(king, to);
                list.push(if counted { mv.counting_king_move() } else { mv });
            }
        }
    }
}

/// Whether the side to move has a plain move: a man's step forward or a king's step to an
/// empty square (a king that can slide at all can step), but for a king the limit on plain
/// moves in a row bars ([`Params::king_move_limit`]).
fn has_quiet_move<P: ParamRules>(pos: &PositionOn<P::Board>) -> bool {
    let us = pos.turn();
    let empty = pos.empty();
    let forward = match us {
        Color::White => forward_of::<true>(),
        Color::Black => forward_of::<false>(),
    };
    let men = pos.men(us);
    if ((men.shift(forward[0]) | men.shift(forward[1])) & empty).any() {
        return true;
    }
    let kings = free_kings::<P>(pos);
    kings.any()
        && Direction::ALL
            .iter()
            .any(|&dir| (kings.shift(dir) & empty).any())
}

/// Fills `list` with the legal captures of the side to move and returns whether a plain move
/// is legal too (see [`Rules::legal_captures`](crate::Rules::legal_captures)).
pub fn legal_captures<P: ParamRules>(
    pos: &PositionOn<P::Board>,
    list: &mut MoveListOn<P::Board>,
) -> bool {
    list.clear();
    captures::<P>(pos, list);
    if P::PARAMS.compulsory && !list.is_empty() {
        return false;
    }
    has_quiet_move::<P>(pos)
}

/// Fills `list` with the legal moves of the side to move.
pub fn legal_moves<P: ParamRules>(pos: &PositionOn<P::Board>, list: &mut MoveListOn<P::Board>) {
    list.clear();
    captures::<P>(pos, list);
    if P::PARAMS.compulsory && !list.is_empty() {
        return;
    }
    quiet_moves::<P>(pos, list);
}
