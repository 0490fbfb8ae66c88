//! The knobs of the shared generator as one value: [`Params`], a `const` struct that a rule set
//! states through [`ParamRules::PARAMS`], writing only what differs from a base
//! (`Params { max_hops: 3, ..Params::DEFAULT }`, `Params { ..Czech::PARAMS }`).
//!
//! Every field is read as `P::PARAMS.field`, a compile-time constant: a rule set's generator
//! carries no branch of the others.

use super::{KingRange, LastRow, Precedence};
use crate::board::Board;
use crate::position::Color;

/// Where a capturing king may land beyond the piece it takes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum KingLanding {
    /// On any empty square beyond the piece, before the next piece or the edge (and where
    /// sequences must be finished, the sequence goes on from there if it can).
    Anywhere,
    /// On any empty square beyond, but where from some of them the capture can go on, on one
    /// of those (Czech, Russian).
    GoingOn,
    /// Only on the square directly behind the piece (the house rules of the Russian program);
    /// the king may still start its capture from a distance.
    DirectlyBehind,
    /// As [`KingLanding::Anywhere`], but a capture whose last piece taken is a king ends on
    /// the square directly behind that king (killer draughts, as Scan and dctl define it:
    /// dctl's `is_halt_behind_king`).
    HaltBehindKing,
}

/// The knobs a rule set turns on the shared generator: everything its moves and its start
/// position are made of. A rule set states them once, as [`ParamRules::PARAMS`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Params {
    /// Whether a player who can capture must capture.
    pub compulsory: bool,
    /// The most hops (pieces taken) in one move.
    pub max_hops: usize,
    /// Whether every prefix of a capture sequence is a move of its own. When false a sequence
    /// must be finished.
    pub partial: bool,
    /// Whether two sequences with the same start, end and captured set are one move.
    pub merge_routes: bool,
    /// Whether men capture backward as well as forward.
    pub man_captures_backward: bool,
    /// Whether a man may capture a king.
    pub men_capture_kings: bool,
    /// What a man does when a capture brings it to the last row: stops there crowned, goes on
    /// as a king, or goes on as a man.
    pub last_row: LastRow,
    /// How far a king moves and captures.
    pub king_range: KingRange,
    /// Where a capturing king may land.
    pub king_landing: KingLanding,
    /// Whether the pieces taken leave the board hop by hop (a king may pass their squares and
    /// turn straight back), rather than all at the end (the Turkish strike).
    pub removed_at_once: bool,
    /// Which of the available captures may be played (a king's before a man's, the most
    /// pieces, …): the one place that ranks captures.
    pub precedence: Precedence,
    /// Whether men and kings also capture along ranks and files (Frisian): over the next
    /// dark square of the rank or file, two squares away, as diagonally over the next one.
    /// Plain moves stay diagonal.
    pub orthogonal: bool,
    /// The most plain moves in a row one king may make while its side has men (Frisian: 3),
    /// or 0 for no limit. The count is the position's
    /// ([`PositionOn::king_moves`](crate::PositionOn::king_moves)).
    pub king_move_limit: u8,
    /// The side that moves first from the start position.
    pub first_to_move: Color,
    /// The rows of men each side starts with (3: twelve men on 8×8; 2: eight; 4 on 10×10).
    pub start_rows: u8,
}

impl Params {
    /// The common ground most rule sets start from: capture compulsory and finished, routes
    /// with the same start, end and pieces taken one move; men step and capture forward only,
    /// may take kings, and stop crowned on the last row; kings fly and, capturing, land where
    /// the capture goes on if some landing allows it; the pieces taken are lifted at the end;
    /// any capture may be chosen; twelve men each, white first.
    pub const DEFAULT: Params = Params {
        compulsory: true,
        max_hops: usize::MAX,
        partial: false,
        merge_routes: true,
        man_captures_backward: false,
        men_capture_kings: true,
        last_row: LastRow::Stops,
        king_range: KingRange::Flying,
        king_landing: KingLanding::GoingOn,
        removed_at_once: false,
        precedence: Precedence::None,
        orthogonal: false,
        king_move_limit: 0,
        first_to_move: Color::White,
        start_rows: 3,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::DEFAULT
    }
}

/// A rule set whose moves are the shared generator's under its [`Params`]: its board and its
/// knobs. It implements [`BoardRules`](crate::BoardRules) with
/// [`moves_from_params!`](crate::moves_from_params), which writes the calls into the generator
/// ([`legal_moves`](super::legal_moves), [`count_moves`](super::count_moves),
/// [`perft`](super::perft), …) and the board type.
///
/// ```
/// use dama_core::rules::{ParamRules, Params};
/// use dama_core::{Board8, Czech};
///
/// /// Czech moves with at most three hops.
/// struct ShortCzech;
///
/// impl ParamRules for ShortCzech {
///     type Board = Board8;
///     const PARAMS: Params = Params { max_hops: 3, ..Czech::PARAMS };
/// }
/// assert!(ShortCzech::PARAMS.compulsory);
/// ```
pub trait ParamRules {
    /// The board the rule set is played on.
    type Board: Board;
    /// The rule set's knobs.
    const PARAMS: Params;
    /// Whether the generator's specialised searches serve the rule set: the forward men's
    /// walk of the move generator, and perft's bulk counts, positions made straight from the
    /// bitboards and replies counted from the parent (`count.rs`, `children.rs`, `leaves.rs`,
    /// `backward.rs`). Each still applies only where its knobs allow it; a rule set turns them
    /// on here, by its own type (a rule set made from another's `PARAMS` does not inherit it),
    /// once the differential tests against the reference generator pass for it. Off, the
    /// general capture search and a plain perft through the legal moves serve it: slower, but
    /// right whatever the knobs, including knobs the specialised searches do not know.
    const FAST_PATHS: bool = false;
}
