//! The engine's work on a game whose rules were chosen at run time.
//!
//! The front ends hold a `Game<DynRules<B>>` (one copy of their code per board); the engine
//! searches with the rule set's static type (its hot loops compiled per set). [`EngineCalls`]
//! is the bridge: an object per registered rule set ([`PlayBoard::engine_calls`]) whose
//! methods give the game back its static type ([`Game::to_rules`]) and call the play layer's
//! generic code ([`EnginePlayer`], [`hint::search`], [`analysis::analyze_game_with`]). The
//! choice of the static type is made here, once, and nowhere in the front ends.

use std::marker::PhantomData;

use dama_core::game::{DynGame, Game};
use dama_core::variant_game::AnyBoard;
use dama_core::{Board, Board8, Board10, Board64, Color, DynRules, MoveOn, PositionOn, Variant};
use dama_engine::multipv::MultiInfo;
use dama_engine::{Engine, EngineRules, Info};

use super::analysis::{self, Analysis};
use super::hint::{self, Hint};
use super::{EnginePlayer, Reply};
use crate::book::build::{self, Method};
use crate::book::{Book, BookBoard};

/// What the engine does on a [`DynGame`], with the rule set's static type: an object per
/// registered rule set, from [`PlayBoard::engine_calls`]. A game of another rule set than the
/// object's gets nothing (`None`, `false`).
pub trait EngineCalls<B: Board>: Send + Sync {
    /// The rule set's name (for `Debug`).
    fn name(&self) -> &'static str;
    /// [`EnginePlayer::reply`]: the book's move, else the search's.
    fn reply(
        &self,
        player: &mut EnginePlayer,
        game: &DynGame<B>,
        on_info: &mut dyn FnMut(&Info<B>),
    ) -> Option<Reply<B>>;
    /// [`EnginePlayer::search`]: the search's move (no book), `on_info` called after each
    /// depth.
    fn search(
        &self,
        player: &mut EnginePlayer,
        game: &DynGame<B>,
        on_info: &mut dyn FnMut(&Info<B>),
    ) -> Option<Reply<B>>;
    /// [`Engine::choose_move`]: the search's move.
    fn choose_move(&self, engine: &mut Engine, game: &DynGame<B>) -> Option<MoveOn<B>>;
    /// [`Engine::analyze`]: the search's move, `on_info` called after each depth.
    fn analyze(
        &self,
        engine: &mut Engine,
        game: &DynGame<B>,
        on_info: &mut dyn FnMut(&Info<B>),
    ) -> Option<MoveOn<B>>;
    /// [`Engine::analyze_multipv`]: the best `count` lines, `on_depth` called after each
    /// depth.
    fn analyze_multipv(
        &self,
        engine: &mut Engine,
        game: &DynGame<B>,
        count: usize,
        on_depth: &mut dyn FnMut(&MultiInfo<B>),
    ) -> Option<MoveOn<B>>;
    /// [`EnginePlayer::offers_draw`].
    fn offers_draw(&self, player: &mut EnginePlayer, game: &DynGame<B>) -> bool;
    /// [`EnginePlayer::accepts_draw`].
    fn accepts_draw(&self, player: &mut EnginePlayer, game: &DynGame<B>, side: Color) -> bool;
    /// [`EnginePlayer::accepts_draw_both`].
    fn accepts_draw_both(&self, player: &mut EnginePlayer, game: &DynGame<B>) -> bool;
    /// [`hint::search`].
    fn hint(&self, engine: &mut Engine, game: &DynGame<B>) -> Option<Hint<B>>;
    /// [`build::from_engine`]: a book made by searching every move from `start`,
    /// `progress(ply, positions)` after each ply.
    fn book_from_engine(
        &self,
        start: PositionOn<B>,
        method: &Method,
        progress: &mut dyn FnMut(u32, usize),
    ) -> Book<B>;
    /// [`analysis::analyze_game_with`], the rule set's built-in book's moves never marked
    /// ([`analysis::builtin_book`]).
    fn analyze_game(
        &self,
        engine: &mut Engine,
        game: &DynGame<B>,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Option<Analysis<B>>;
}

impl<B: Board> std::fmt::Debug for dyn EngineCalls<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("EngineCalls").field(&self.name()).finish()
    }
}

/// The [`EngineCalls`] of the rule set `R`.
struct Calls<R>(PhantomData<R>);

impl<R: EngineRules> Calls<R> {
    const OBJECT: &'static Calls<R> = &Calls(PhantomData);

    fn game(game: &DynGame<R::Board>) -> Option<Game<R>> {
        game.to_rules(R::default())
    }
}

impl<R: EngineRules<Board: BookBoard>> EngineCalls<R::Board> for Calls<R> {
    fn name(&self) -> &'static str {
        R::INFO.name
    }
    fn reply(
        &self,
        player: &mut EnginePlayer,
        game: &DynGame<R::Board>,
        on_info: &mut dyn FnMut(&Info<R::Board>),
    ) -> Option<Reply<R::Board>> {
        player.reply(&Self::game(game)?, on_info)
    }
    fn search(
        &self,
        player: &mut EnginePlayer,
        game: &DynGame<R::Board>,
        on_info: &mut dyn FnMut(&Info<R::Board>),
    ) -> Option<Reply<R::Board>> {
        player.search(&Self::game(game)?, on_info)
    }
    fn choose_move(
        &self,
        engine: &mut Engine,
        game: &DynGame<R::Board>,
    ) -> Option<MoveOn<R::Board>> {
        engine.choose_move(&Self::game(game)?)
    }
    fn analyze(
        &self,
        engine: &mut Engine,
        game: &DynGame<R::Board>,
        on_info: &mut dyn FnMut(&Info<R::Board>),
    ) -> Option<MoveOn<R::Board>> {
        engine.analyze(&Self::game(game)?, on_info)
    }
    fn analyze_multipv(
        &self,
        engine: &mut Engine,
        game: &DynGame<R::Board>,
        count: usize,
        on_depth: &mut dyn FnMut(&MultiInfo<R::Board>),
    ) -> Option<MoveOn<R::Board>> {
        engine.analyze_multipv(&Self::game(game)?, count, on_depth)
    }
    fn offers_draw(&self, player: &mut EnginePlayer, game: &DynGame<R::Board>) -> bool {
        Self::game(game).is_some_and(|game| player.offers_draw(&game))
    }
    fn accepts_draw(
        &self,
        player: &mut EnginePlayer,
        game: &DynGame<R::Board>,
        side: Color,
    ) -> bool {
        Self::game(game).is_some_and(|game| player.accepts_draw(&game, side))
    }
    fn accepts_draw_both(&self, player: &mut EnginePlayer, game: &DynGame<R::Board>) -> bool {
        Self::game(game).is_some_and(|game| player.accepts_draw_both(&game))
    }
    fn book_from_engine(
        &self,
        start: PositionOn<R::Board>,
        method: &Method,
        progress: &mut dyn FnMut(u32, usize),
    ) -> Book<R::Board> {
        build::from_engine::<R>(start, method, progress)
    }
    fn hint(&self, engine: &mut Engine, game: &DynGame<R::Board>) -> Option<Hint<R::Board>> {
        hint::search(engine, &Self::game(game)?)
    }
    fn analyze_game(
        &self,
        engine: &mut Engine,
        game: &DynGame<R::Board>,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Option<Analysis<R::Board>> {
        let in_book = analysis::builtin_book::<R>();
        analysis::analyze_game_with(engine, &Self::game(game)?, &in_book, progress)
    }
}

/// The [`EngineCalls`] of the rule set `R`, for code that has its type.
pub fn engine_calls_of<R: EngineRules<Board: BookBoard>>() -> &'static dyn EngineCalls<R::Board> {
    Calls::<R>::OBJECT
}

/// A board the play layer plays on at run time: its registered rule sets' [`EngineCalls`],
/// wrapped in and taken out of a [`PlayRules`].
pub trait PlayBoard: AnyBoard + BookBoard {
    /// The rule set and its calls as a [`PlayRules`].
    fn play_rules(rules: DynRules<Self>, calls: &'static dyn EngineCalls<Self>) -> PlayRules;
    /// The calls of a [`PlayRules`] of this board.
    fn calls_of(play: PlayRules) -> Option<&'static dyn EngineCalls<Self>>;

    /// The engine's calls for the rule set `rules`, if it is a registered one.
    fn engine_calls(rules: DynRules<Self>) -> Option<&'static dyn EngineCalls<Self>> {
        Self::calls_of(PlayRules::of(rules.variant()?))
    }
}

macro_rules! play_board {
    ($B:ident) => {
        impl PlayBoard for $B {
            fn play_rules(rules: DynRules<$B>, calls: &'static dyn EngineCalls<$B>) -> PlayRules {
                PlayRules::$B(rules, calls)
            }
            fn calls_of(play: PlayRules) -> Option<&'static dyn EngineCalls<$B>> {
                match play {
                    PlayRules::$B(_, calls) => Some(calls),
                    _ => None,
                }
            }
        }
    };
}
play_board!(Board8);
play_board!(Board10);
play_board!(Board64);

/// A registered rule set as a value with its engine's calls, on its board: what
/// [`with_engine_calls!`] opens.
#[derive(Clone, Copy)]
pub enum PlayRules {
    /// A rule set of the 8×8 board.
    Board8(DynRules<Board8>, &'static dyn EngineCalls<Board8>),
    /// A rule set of the 10×10 board.
    Board10(DynRules<Board10>, &'static dyn EngineCalls<Board10>),
    /// A rule set of the 8×8 board of 64 squares.
    Board64(DynRules<Board64>, &'static dyn EngineCalls<Board64>),
}

impl PlayRules {
    /// The registered rule set `variant`, with its engine's calls.
    pub fn of(variant: Variant) -> PlayRules {
        dama_core::with_variant!(variant, R => <R as dama_core::BoardRules>::Board::play_rules(
            DynRules::of::<R>(),
            Calls::<R>::OBJECT,
        ))
    }
}

/// Runs `$body` with `$rules` the run-time [`Variant`](dama_core::Variant) `$variant` as a
/// value ([`DynRules`] of its board) and `$calls` its [`EngineCalls`]: `$body` is compiled
/// once per board. The front ends' entry into a game of a rule set chosen at run time.
#[macro_export]
macro_rules! with_engine_calls {
    ($variant:expr, $rules:ident, $calls:ident => $body:expr) => {
        match $crate::play::engine_calls::PlayRules::of($variant) {
            $crate::play::engine_calls::PlayRules::Board8($rules, $calls) => $body,
            $crate::play::engine_calls::PlayRules::Board10($rules, $calls) => $body,
            $crate::play::engine_calls::PlayRules::Board64($rules, $calls) => $body,
        }
    };
}
pub use with_engine_calls;
