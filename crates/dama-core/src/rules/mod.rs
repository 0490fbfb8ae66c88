//! The [`Rules`] trait and the rule sets that implement it.
//!
//! A rule set says which moves are legal, when a game is lost and when it is drawn. Everything
//! above this module (perft, the game, the engine, the consoles) is generic over [`Rules`], and a
//! [`Variant`] chosen at run time is turned into one of the static types once, with
//! [`with_variant!`](crate::with_variant) (or [`with_rules8!`](crate::with_rules8) for what
//! knows only 8×8), so the hot loops stay monomorphic.
//!
//! Adding a variant: write a file with a type implementing [`BoardRules`] (most use the shared
//! generator in `generate/`: a [`ParamRules`] implementation whose [`Params`] value says only
//! what differs from a base, `Params { max_hops: 3, ..Czech::PARAMS }`, and
//! [`moves_from_params!`](crate::moves_from_params)) with its [`RuleSetInfo`], and add its line
//! to the registry's list (`registry.rs`, see `docs/architecture.md`). A crate of its own can do
//! the same without the registry: everything a rule set needs is public.

mod antidraughts;
mod brazilian;
mod breakthrough;
mod czech;
mod dynamic;
mod english;
mod frisian;
pub mod generate;
mod giveaway;
mod house;
mod international;
mod italian;
mod killer;
mod pool;
mod registry;
mod russian;
mod spanish;
mod spanish_official;
mod thai;
mod tree;
mod turkish;

use std::fmt;

pub use antidraughts::Antidraughts;
pub use brazilian::Brazilian;
pub use breakthrough::Breakthrough;
pub use czech::Czech;
pub use dynamic::{DynRules, GameRules, RulesObject};
pub use english::English;
pub use frisian::{Frisian, Frysk};
pub use generate::{
    CaptureSummary, KingLanding, KingRange, LastRow, Orientation, ParamRules, Params, Precedence,
};
pub use giveaway::Giveaway;
pub use house::House;
pub use international::International;
pub use italian::Italian;
pub use killer::Killer;
pub use pool::Pool;
#[doc(hidden)]
pub use registry::BoardAs;
pub use registry::{RuleSetInfo, UnknownVariant, Variant};
pub use russian::Russian;
pub use spanish::Spanish;
pub use spanish_official::SpanishOfficial;
pub use thai::Thai;
pub use tree::count_through_moves;
pub(crate) use tree::count_tree;
pub use turkish::Turkish;

use crate::board::{Board, Board8};
use crate::fen::FenError;
use crate::mv::{MoveListOn, MoveOn};
use crate::notation::algebraic::{self, ParseError};
use crate::position::PositionOn;
use crate::square::SquareOn;

/// Why a game is drawn.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// The same position, with the same side to move, occurred for the third time.
    Repetition,
    /// Fifteen moves by each player with no man move and no capture.
    NoProgress,
    /// The moves allowed for a king ending ran out.
    KingEnding,
    /// Both sides had kings and the material did not change for the moves the ending allows
    /// (the Russian rules' 30 or 60 moves).
    MaterialUnchanged,
    /// The players agreed.
    Agreement,
}

/// What the draw rules remember from move to move, besides the positions themselves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct DrawCounters {
    /// Half-moves in a row with no man move and no capture.
    pub quiet_plies: u16,
    /// The count of a king ending, when the material is one the rules limit.
    pub ending: Option<EndingCount>,
}

impl DrawCounters {
    /// The draw of a limited ending whose count ran out ([`Rules::ending_limit`]), if any:
    /// the counted draw every rule set with such endings shares.
    pub fn ending_draw(&self) -> Option<DrawReason> {
        self.ending
            .is_some_and(|e| e.plies >= e.limit)
            .then_some(DrawReason::KingEnding)
    }
}

/// The count of a limited ending: how many half-moves have been played since its material
/// arose, and how many are allowed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EndingCount {
    /// The material the count belongs to: white men, white kings, black men, black kings.
    pub material: [u8; 4],
    /// Half-moves played since the material arose.
    pub plies: u16,
    /// Half-moves allowed before the game is drawn.
    pub limit: u16,
}

/// The material of a position: white men, white kings, black men, black kings.
pub fn material<B: Board>(pos: &PositionOn<B>) -> [u8; 4] {
    use crate::Color::{Black, White};
    [
        pos.men(White).count() as u8,
        pos.kings(White).count() as u8,
        pos.men(Black).count() as u8,
        pos.kings(Black).count() as u8,
    ]
}

/// The count of the ending of `pos` under `R`, starting now, if `R` limits its material.
fn ending_count<R: BoardRules>(pos: &PositionOn<R::Board>) -> Option<EndingCount> {
    R::ending_limit(pos).map(|limit| EndingCount {
        material: material(pos),
        plies: 0,
        limit,
    })
}

/// The draw counters after `mv` took `before` to `after`, for rule sets that count both:
/// the half-moves without a capture or a man move (from 0 after one), and the ending count
/// of [`Rules::ending_limit`], which goes on while the material stays and starts again when
/// it changes. The default [`Rules::next_counters`].
pub fn counted_next<R: BoardRules>(
    counters: &DrawCounters,
    before: &PositionOn<R::Board>,
    mv: &MoveOn<R::Board>,
    after: &PositionOn<R::Board>,
) -> DrawCounters {
    let quiet_plies = if before.is_irreversible(mv) {
        0
    } else {
        counters.quiet_plies.saturating_add(1)
    };
    let ending = match counters.ending {
        Some(count) if count.material == material(after) => Some(EndingCount {
            plies: count.plies.saturating_add(1),
            ..count
        }),
        _ => ending_count::<R>(after),
    };
    DrawCounters {
        quiet_plies,
        ending,
    }
}

/// A rule set on an 8×8 board: every [`BoardRules`] whose board is [`Board8`]. Everything
/// that knows only the 8×8 board (the engine, the tables, the program's dialogues) asks for
/// `R: Rules`; a rule set implements [`BoardRules`] and is a `Rules` when its board is 8×8.
pub trait Rules: BoardRules<Board = Board8> {}

impl<R: BoardRules<Board = Board8>> Rules for R {}

/// A rule set: its board, legal moves, the end of the game, the draw rules and its notation.
///
/// Implementations are zero-sized types; every function is associated, so generic code
/// (`perft::<Czech>`, `Game<Spanish>`, the engine's search) is compiled once per rule set.
pub trait BoardRules: Copy + Clone + Default + fmt::Debug + Send + Sync + 'static {
    /// The board the rule set is played on ([`Board8`] or [`crate::Board10`]).
    type Board: Board;

    /// The constants that identify the rule set: name, PDN tags, notation, language.
    const INFO: RuleSetInfo;

    /// Whether the third occurrence of a position draws.
    const REPETITION_DRAW: bool = false;

    /// Whether a player who can capture must capture: true by default; the shared
    /// generator's sets take theirs from [`Params::compulsory`] (`moves_from_params!`). The
    /// engine's evaluation reads it (a runaway man is scored differently under optional
    /// capture).
    const CAPTURE_COMPULSORY: bool = true;

    /// Whether the rules end some games in a draw of their own (a repetition, a count, an
    /// offer): false for the Spanish spec's game, which no rule draws, so that two engines
    /// could play it for ever (the program caps their games).
    const DRAWS_BY_RULE: bool = true;

    /// Whether a side that cannot move (no piece left, or every piece blocked) has won rather
    /// than lost: false under every federation's rules, true in a giveaway game.
    const CANNOT_MOVE_WINS: bool = false;

    /// Whether the first side to crown a king wins (breakthrough): a position with a king on
    /// the board is over, won by the side that has it, and has no legal move. False under
    /// every federation's rules.
    const CROWNING_WINS: bool = false;

    /// Whether a position where the side not to move has no pieces is over at once (won by
    /// the side with pieces): true but for the Spanish spec's game, whose console plays on
    /// until the side without pieces is to move and then ends it ("Derrota!!!"), byte for
    /// byte as the spec's dialogue does; the winner is the same.
    const BARE_SIDE_LOSES_AT_ONCE: bool = true;

    /// The position a game starts from: twelve men each, white to move, unless the rule set
    /// says otherwise (the generator's sets take theirs from their `Params` through
    /// `moves_from_params!`, [`generate::start_position`]).
    fn start() -> PositionOn<Self::Board> {
        PositionOn::initial()
    }

    /// Reads a position from FEN as the rule set numbers its board
    /// ([`crate::notation::fen_for::parse`] in its [`RuleSetInfo::notation`]: algebraic
    /// squares or numbers, the numbered sets' own numbers).
    fn parse_fen(text: &str) -> Result<PositionOn<Self::Board>, FenError<Self::Board>> {
        crate::notation::fen_for::parse(text, Self::INFO.notation)
    }

    /// The position as FEN in the rule set's numbering ([`crate::notation::fen_for::write`]:
    /// algebraic on 8×8, the numbered sets' own numbers, numbers on 10×10).
    fn write_fen(pos: &PositionOn<Self::Board>) -> String {
        crate::notation::fen_for::write(pos, Self::INFO.notation)
    }

    /// How the rule set's board lies before the players (the a1-dark board unless its
    /// notation numbers a mirrored one: [`crate::notation::fen_for::orientation`]).
    fn orientation() -> Orientation {
        crate::notation::fen_for::orientation(Self::INFO.notation)
    }

    /// A move as the rule set writes it. By default the squares' names
    /// ([`crate::notation::algebraic::write`]: `c3-d4` on 8×8, `32-28` and `28x19x10` on
    /// 10×10); the 8×8 sets of the shared generator write their [`RuleSetInfo::notation`].
    fn write_move(mv: &MoveOn<Self::Board>) -> String {
        crate::notation::algebraic::write(mv)
    }

    /// Reads a move as the rule set writes it, in two steps: the text becomes squares
    /// ([`Notation::parse_text_on`](crate::notation::Notation::parse_text_on): the rule set's
    /// notation on 8×8, which reads algebraic squares too; the squares' numbers on a numbered
    /// board), which name one of the `legal` moves of `pos` ([`algebraic::resolve`]). The error
    /// says which step failed ([`ParseError::Syntax`] or [`ParseError::Move`]) and why.
    fn parse_move(
        text: &str,
        pos: &PositionOn<Self::Board>,
        legal: &[MoveOn<Self::Board>],
    ) -> Result<MoveOn<Self::Board>, ParseError<Self::Board>> {
        let syntax = Self::INFO.notation.parse_text_on::<Self::Board>(text)?;
        Ok(algebraic::resolve(&syntax, pos, legal)?)
    }

    /// A square as the rule set's notation names it: `c3` (algebraic), `63` (the Spanish
    /// console's row and column), `11` (numbered on the board as it lies), or its number on a
    /// numbered board (`28` on 10×10).
    fn square_name(sq: SquareOn<Self::Board>) -> String {
        Self::INFO.notation.square_name(sq)
    }

    /// Fills `moves` with the legal moves of the side to move (clearing it first).
    fn legal_moves(pos: &PositionOn<Self::Board>, moves: &mut MoveListOn<Self::Board>);

    /// For the engine's quiescence search: fills `moves` with the legal moves that capture
    /// (clearing it first), in the order [`Rules::legal_moves`] gives them, and returns
    /// whether the side to move also has a legal move that does not capture. The side has
    /// lost when `moves` is left empty and the answer is `false`. By default through
    /// [`Rules::legal_moves`]; the shared generator skips building the plain moves.
    fn legal_captures(pos: &PositionOn<Self::Board>, moves: &mut MoveListOn<Self::Board>) -> bool {
        Self::legal_moves(pos, moves);
        let all = moves.len();
        moves.retain(MoveOn::is_capture);
        moves.len() < all
    }

    /// The number of legal moves of the side to move, as fast as it can be found.
    /// `scratch` is working storage; its contents afterwards are unspecified.
    fn count_legal_moves(
        pos: &PositionOn<Self::Board>,
        scratch: &mut MoveListOn<Self::Board>,
    ) -> usize {
        Self::legal_moves(pos, scratch);
        scratch.len()
    }

    /// Perft: the number of leaves of the legal-move tree of `pos`, `depth` plies deep, as
    /// fast as it can be found. By default through [`Rules::legal_moves`] and
    /// [`Rules::count_legal_moves`] ([`count_through_moves`]).
    fn count_leaves(pos: &PositionOn<Self::Board>, depth: u32) -> u64 {
        count_through_moves::<Self>(pos, depth)
    }

    /// Whether the side to move cannot move: no pieces, or no legal move. The game is then
    /// over, lost for that side (won where [`Rules::CANNOT_MOVE_WINS`]).
    fn cannot_move(pos: &PositionOn<Self::Board>, scratch: &mut MoveListOn<Self::Board>) -> bool {
        Self::count_legal_moves(pos, scratch) == 0
    }

    /// The half-moves allowed in the ending of `pos` before it is drawn, if the rules limit
    /// an ending with its material (none by default). Read by the default
    /// [`Rules::start_counters`] and by [`counted_next`].
    fn ending_limit(pos: &PositionOn<Self::Board>) -> Option<u16> {
        let _ = pos;
        None
    }

    /// The draw counters of a game that starts at `pos`: no quiet half-moves yet, and the
    /// count of its ending if [`Rules::ending_limit`] limits it.
    fn start_counters(pos: &PositionOn<Self::Board>) -> DrawCounters {
        DrawCounters {
            quiet_plies: 0,
            ending: ending_count::<Self>(pos),
        }
    }

    /// The draw counters after `mv` took `before` to `after`; by default [`counted_next`]
    /// (the half-moves without a capture or a man move, and the count of
    /// [`Rules::ending_limit`]).
    fn next_counters(
        counters: &DrawCounters,
        before: &PositionOn<Self::Board>,
        mv: &MoveOn<Self::Board>,
        after: &PositionOn<Self::Board>,
    ) -> DrawCounters {
        counted_next::<Self>(counters, before, mv, after)
    }

    /// The draw that the counters call for, if any (repetition is checked by the caller).
    fn counters_draw(counters: &DrawCounters) -> Option<DrawReason> {
        let _ = counters;
        None
    }

    /// Whether the rules call for a draw to be offered to the players in `pos` (with its
    /// draw `counters`): the house rules' offer, which the players may decline. The console
    /// asks; nothing is drawn unless the players agree.
    fn draw_offer_due(pos: &PositionOn<Self::Board>, counters: &DrawCounters) -> bool {
        let _ = (pos, counters);
        false
    }
}
