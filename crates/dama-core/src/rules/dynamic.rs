//! A rule set as a value: [`DynRules`], for what chooses its rules at run time and is not a
//! hot loop (the screens, the consoles, the match runner, the PDN tools).
//!
//! A [`BoardRules`] type is compiled into every function generic over it, once per rule set;
//! that is what the move generator, perft, the search and the tables want. A front end wants
//! the opposite: one copy of its code per board, the rule set a value it asks. [`DynRules`]
//! is that value: a `'static` reference to the rule set's [`RulesObject`], whose methods call
//! the type's (the same code: a move written, read or generated through it is the type's own).
//! [`Game`](crate::game::Game) holds either ([`GameRules`]), so `Game<DynRules<B>>` is a game
//! of any rule set on the board `B`, and [`Game::to_rules`](crate::game::Game::to_rules) gives
//! it back its static type where a search needs it. A registered set's value comes from its
//! [`Variant`] through [`DynRules::of_variant`] (in `variant_game.rs`, with the boards' facade).

use std::fmt;
use std::marker::PhantomData;

use super::{BoardRules, DrawCounters, DrawReason, Orientation, RuleSetInfo, Variant};
use crate::board::Board;
use crate::fen::FenError;
use crate::mv::{MoveListOn, MoveOn};
use crate::notation::algebraic::ParseError;
use crate::position::PositionOn;
use crate::square::SquareOn;

/// What a rule set says, asked of a value: [`BoardRules`] with `&self` methods, so that it can
/// stand behind a `dyn` reference. Every [`BoardRules`] type has one ([`DynRules::of`]); each
/// method is the type's function of the same name (constants as methods: `repetition_draw`
/// is [`BoardRules::REPETITION_DRAW`]).
pub trait RulesObject<B: Board>: Send + Sync + 'static {
    /// [`BoardRules::INFO`].
    fn info(&self) -> RuleSetInfo;
    /// [`BoardRules::REPETITION_DRAW`].
    fn repetition_draw(&self) -> bool;
    /// [`BoardRules::CAPTURE_COMPULSORY`].
    fn capture_compulsory(&self) -> bool;
    /// [`BoardRules::DRAWS_BY_RULE`].
    fn draws_by_rule(&self) -> bool;
    /// [`BoardRules::CANNOT_MOVE_WINS`].
    fn cannot_move_wins(&self) -> bool;
    /// [`BoardRules::CROWNING_WINS`].
    fn crowning_wins(&self) -> bool;
    /// [`BoardRules::BARE_SIDE_LOSES_AT_ONCE`].
    fn bare_side_loses_at_once(&self) -> bool;
    /// [`BoardRules::start`].
    fn start(&self) -> PositionOn<B>;
    /// [`BoardRules::parse_fen`].
    fn parse_fen(&self, text: &str) -> Result<PositionOn<B>, FenError<B>>;
    /// [`BoardRules::write_fen`].
    fn write_fen(&self, pos: &PositionOn<B>) -> String;
    /// [`BoardRules::orientation`].
    fn orientation(&self) -> Orientation;
    /// [`BoardRules::write_move`].
    fn write_move(&self, mv: &MoveOn<B>) -> String;
    /// [`BoardRules::parse_move`].
    fn parse_move(
        &self,
        text: &str,
        pos: &PositionOn<B>,
        legal: &[MoveOn<B>],
    ) -> Result<MoveOn<B>, ParseError<B>>;
    /// [`BoardRules::square_name`].
    fn square_name(&self, sq: SquareOn<B>) -> String;
    /// [`BoardRules::legal_moves`].
    fn legal_moves(&self, pos: &PositionOn<B>, moves: &mut MoveListOn<B>);
    /// [`BoardRules::count_leaves`] (perft).
    fn count_leaves(&self, pos: &PositionOn<B>, depth: u32) -> u64;
    /// [`BoardRules::cannot_move`].
    fn cannot_move(&self, pos: &PositionOn<B>, scratch: &mut MoveListOn<B>) -> bool;
    /// [`BoardRules::start_counters`].
    fn start_counters(&self, pos: &PositionOn<B>) -> DrawCounters;
    /// [`BoardRules::next_counters`].
    fn next_counters(
        &self,
        counters: &DrawCounters,
        before: &PositionOn<B>,
        mv: &MoveOn<B>,
        after: &PositionOn<B>,
    ) -> DrawCounters;
    /// [`BoardRules::counters_draw`].
    fn counters_draw(&self, counters: &DrawCounters) -> Option<DrawReason>;
    /// [`BoardRules::draw_offer_due`].
    fn draw_offer_due(&self, pos: &PositionOn<B>, counters: &DrawCounters) -> bool;
}

/// The [`RulesObject`] of the type `R`: a zero-sized value whose methods are `R`'s functions.
struct Static<R>(PhantomData<R>);

impl<R: BoardRules> Static<R> {
    const OBJECT: &'static Static<R> = &Static(PhantomData);
}

impl<R: BoardRules> RulesObject<R::Board> for Static<R> {
    fn info(&self) -> RuleSetInfo {
        R::INFO
    }
    fn repetition_draw(&self) -> bool {
        R::REPETITION_DRAW
    }
    fn capture_compulsory(&self) -> bool {
        R::CAPTURE_COMPULSORY
    }
    fn draws_by_rule(&self) -> bool {
        R::DRAWS_BY_RULE
    }
    fn cannot_move_wins(&self) -> bool {
        R::CANNOT_MOVE_WINS
    }
    fn crowning_wins(&self) -> bool {
        R::CROWNING_WINS
    }
    fn bare_side_loses_at_once(&self) -> bool {
        R::BARE_SIDE_LOSES_AT_ONCE
    }
    fn start(&self) -> PositionOn<R::Board> {
        R::start()
    }
    fn parse_fen(&self, text: &str) -> Result<PositionOn<R::Board>, FenError<R::Board>> {
        R::parse_fen(text)
    }
    fn write_fen(&self, pos: &PositionOn<R::Board>) -> String {
        R::write_fen(pos)
    }
    fn orientation(&self) -> Orientation {
        R::orientation()
    }
    fn write_move(&self, mv: &MoveOn<R::Board>) -> String {
        R::write_move(mv)
    }
    fn parse_move(
        &self,
        text: &str,
        pos: &PositionOn<R::Board>,
        legal: &[MoveOn<R::Board>],
    ) -> Result<MoveOn<R::Board>, ParseError<R::Board>> {
        R::parse_move(text, pos, legal)
    }
    fn square_name(&self, sq: SquareOn<R::Board>) -> String {
        R::square_name(sq)
    }
    fn legal_moves(&self, pos: &PositionOn<R::Board>, moves: &mut MoveListOn<R::Board>) {
        R::legal_moves(pos, moves)
    }
    fn count_leaves(&self, pos: &PositionOn<R::Board>, depth: u32) -> u64 {
        R::count_leaves(pos, depth)
    }
    fn cannot_move(&self, pos: &PositionOn<R::Board>, scratch: &mut MoveListOn<R::Board>) -> bool {
        R::cannot_move(pos, scratch)
    }
    fn start_counters(&self, pos: &PositionOn<R::Board>) -> DrawCounters {
        R::start_counters(pos)
    }
    fn next_counters(
        &self,
        counters: &DrawCounters,
        before: &PositionOn<R::Board>,
        mv: &MoveOn<R::Board>,
        after: &PositionOn<R::Board>,
    ) -> DrawCounters {
        R::next_counters(counters, before, mv, after)
    }
    fn counters_draw(&self, counters: &DrawCounters) -> Option<DrawReason> {
        R::counters_draw(counters)
    }
    fn draw_offer_due(&self, pos: &PositionOn<R::Board>, counters: &DrawCounters) -> bool {
        R::draw_offer_due(pos, counters)
    }
}

/// A rule set on the board `B`, chosen at run time: a `'static` reference to its
/// [`RulesObject`], copied freely. Two are equal when they are the same rule set (by name).
#[derive(Copy, Clone)]
pub struct DynRules<B: Board>(&'static dyn RulesObject<B>);

impl<B: Board> DynRules<B> {
    /// The rule set `R` as a value.
    pub fn of<R: BoardRules<Board = B>>() -> DynRules<B> {
        DynRules(Static::<R>::OBJECT)
    }

    /// The rule set's object, to ask it directly.
    pub fn object(self) -> &'static dyn RulesObject<B> {
        self.0
    }

    /// The registered rule set this is, if it is registered (a set of another crate is not).
    pub fn variant(self) -> Option<Variant> {
        Variant::named(self.0.info().name)
    }
}

impl<B: Board> std::ops::Deref for DynRules<B> {
    type Target = dyn RulesObject<B>;
    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl<B: Board> PartialEq for DynRules<B> {
    fn eq(&self, other: &Self) -> bool {
        self.0.info().name == other.0.info().name
    }
}

impl<B: Board> Eq for DynRules<B> {}

impl<B: Board> fmt::Debug for DynRules<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DynRules")
            .field(&self.0.info().name)
            .finish()
    }
}

/// The rules a [`Game`](crate::game::Game) is played under: a [`BoardRules`] type (zero-sized,
/// every call static) or a [`DynRules`] value (chosen at run time).
pub trait GameRules: Copy + fmt::Debug + Send + Sync + 'static {
    /// The board (named apart from [`BoardRules::Board`], which a rule set's type has too).
    type GameBoard: Board;
    /// The rule set's object.
    fn object(self) -> &'static dyn RulesObject<Self::GameBoard>;

    /// The rules as a value chosen at run time.
    fn dyn_rules(self) -> DynRules<Self::GameBoard> {
        DynRules(self.object())
    }
}

impl<R: BoardRules> GameRules for R {
    type GameBoard = R::Board;
    fn object(self) -> &'static dyn RulesObject<R::Board> {
        Static::<R>::OBJECT
    }
}

impl<B: Board> GameRules for DynRules<B> {
    type GameBoard = B;
    fn object(self) -> &'static dyn RulesObject<B> {
        self.0
    }
}
