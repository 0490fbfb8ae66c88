//! The engine as a player: the policy every front end's engine follows, written once. Its
//! move is its opening book's when the book has the position, else its search's; it offers a
//! draw in a dead-drawn position and answers the draws offered to it.
//!
//! The line console, the TUI's engine thread and `dama match` ask [`EnginePlayer::reply`]
//! for the move. The Hub session answers a `go think` from the book at once and searches on
//! a thread of its own, so it asks for the two halves apart: [`EnginePlayer::book_move`],
//! then [`EnginePlayer::search`]. What differs by front end stays there: when the engine may
//! offer a draw ([`RulesOffer::engine_may_offer`](super::session::RulesOffer::engine_may_offer)),
//! how its clock is set, how its lines are written.

use std::any::Any;

use dama_core::game::Game;
use dama_core::{Board, Board8, Color, DynRules, MoveOn, PositionOn};
use dama_engine::{Engine, EngineRules, Info, Limits};

use crate::book::{Book, BookBoard, BookRng};

/// The level the book's weights are used at when the limits name none: 10, the book's own
/// weights ([`Book::weights_at`]).
pub const BOOK_LEVEL: u8 = 10;

/// The level the book's weights are flattened for under `limits`: their level, else
/// [`BOOK_LEVEL`].
pub fn book_level(limits: &Limits) -> u8 {
    limits.level.unwrap_or(BOOK_LEVEL)
}

/// Where the engine player's move came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source<B: Board = Board8> {
    /// The opening book.
    Book,
    /// The search, with the last depth it reported (none when it reported none: the only
    /// legal move is played without a search).
    Search(Option<Info<B>>),
}

/// The engine player's move and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<B: Board = Board8> {
    /// The move.
    pub mv: MoveOn<B>,
    /// Where it came from.
    pub source: Source<B>,
}

/// The engine as a player: the engine, the opening book it plays from before it searches
/// (none: it searches every move), the book's random source, and the level the book's weights
/// are flattened for.
pub struct EnginePlayer {
    engine: Engine,
    /// A [`Book`] of the board the player plays (the Hub's changes board with its variant).
    book: Option<Box<dyn Any + Send + Sync>>,
    rng: BookRng,
    level: u8,
}

impl std::fmt::Debug for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePlayer")
            .field("book", &self.book.is_some())
            .field("level", &self.level)
            .finish_non_exhaustive()
    }
}

impl EnginePlayer {
    /// `engine` as a player without a book; a book given later is used at `level`
    /// ([`book_level`] of the engine's limits, as a rule).
    pub fn new(engine: Engine, level: u8) -> EnginePlayer {
        EnginePlayer {
            engine,
            book: None,
            rng: crate::book::rng(0),
            level,
        }
    }

    /// The player with `book` and its random source (`None`: no book).
    pub fn with_book<B: Board>(mut self, book: Option<(Book<B>, BookRng)>) -> EnginePlayer {
        if let Some((book, rng)) = book {
            self.book = Some(Box::new(book));
            self.rng = rng;
        }
        self
    }

    /// The player whose book's choices come from `rng`.
    pub fn with_book_rng(mut self, rng: BookRng) -> EnginePlayer {
        self.rng = rng;
        self
    }

    /// The book's choices follow `seed` from now on.
    pub fn reseed_book(&mut self, seed: u64) {
        self.rng = crate::book::rng(seed);
    }

    /// The book's weights are flattened for `level` from now on.
    pub fn set_book_level(&mut self, level: u8) {
        self.level = level;
    }

    /// The player's book becomes `book` (one read from a file, say).
    pub fn set_book<B: Board>(&mut self, book: Book<B>) {
        self.book = Some(Box::new(book));
    }

    /// The player's book becomes the built-in book of `rules`, read now unless it is already
    /// the one held.
    pub fn use_builtin_book<B: BookBoard>(&mut self, rules: DynRules<B>) {
        let variant = rules.variant().unwrap_or_default();
        let held = self
            .book
            .as_ref()
            .and_then(|book| book.downcast_ref::<Book<B>>())
            .is_some_and(|book| book.rules() == variant);
        if !held {
            self.book = Some(Box::new(Book::builtin(rules)));
        }
    }

    /// The engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine, to set its limits, clock and stop flag, or to search for a hint or an
    /// analysis.
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// The book's move for `pos`, chosen by weight at the player's level; `None` without a
    /// book, or when `pos` is not in it (then no random number is drawn).
    pub fn book_move<B: Board>(&mut self, pos: &PositionOn<B>) -> Option<MoveOn<B>> {
        let book = self.book.as_ref()?.downcast_ref::<Book<B>>()?;
        book.pick(pos, &mut self.rng, self.level)
    }

    /// The search's move in `game`, calling `on_info` after each depth; `None` when the
    /// engine finds no move (the game is over).
    pub fn search<R: EngineRules>(
        &mut self,
        game: &Game<R>,
        mut on_info: impl FnMut(&Info<R::Board>),
    ) -> Option<Reply<R::Board>> {
        let mut last = None;
        let mv = self.engine.analyze(game, |info| {
            on_info(info);
            last = Some(info.clone());
        })?;
        Some(Reply {
            mv,
            source: Source::Search(last),
        })
    }

    /// The player's move in `game`: the book's when it has the position, else the search's
    /// ([`EnginePlayer::search`], `on_info` called after each depth).
    pub fn reply<R: EngineRules>(
        &mut self,
        game: &Game<R>,
        on_info: impl FnMut(&Info<R::Board>),
    ) -> Option<Reply<R::Board>> {
        match self.book_move(game.position()) {
            Some(mv) => Some(Reply {
                mv,
                source: Source::Book,
            }),
            None => self.search(game, on_info),
        }
    }

    /// Whether the engine, to move in `game`, offers a draw: the position is dead drawn
    /// ([`Engine::offers_draw`]). Whether it may offer one at all is the front end's
    /// question ([`RulesOffer::engine_may_offer`](super::session::RulesOffer::engine_may_offer)).
    pub fn offers_draw<R: EngineRules>(&mut self, game: &Game<R>) -> bool {
        self.engine.offers_draw(game)
    }

    /// Whether the engine, playing `side`, accepts a draw offered in `game`.
    pub fn accepts_draw<R: EngineRules>(&mut self, game: &Game<R>, side: Color) -> bool {
        self.engine.accepts_draw(game, side)
    }

    /// Whether the engine accepts a draw for both sides (two engines asked by the rules'
    /// draw offer): the side to move is asked first, the other only if it accepts.
    pub fn accepts_draw_both<R: EngineRules>(&mut self, game: &Game<R>) -> bool {
        let mover = game.turn();
        self.accepts_draw(game, mover) && self.accepts_draw(game, !mover)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{BoardRules, International, Russian};

    fn player(book: bool) -> EnginePlayer {
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let book = book.then(|| {
            (
                Book::builtin(dama_core::DynRules::of::<Russian>()),
                crate::book::rng(7),
            )
        });
        EnginePlayer::new(Engine::new(limits), book_level(&limits)).with_book(book)
    }

    #[test]
    fn the_book_comes_before_the_search() {
        let game = Game::<Russian>::new(Russian::start());
        let mut infos = 0;
        let reply = player(true).reply(&game, |_| infos += 1).unwrap();
        assert_eq!((reply.source, infos), (Source::Book, 0));
        // The same draw as the book's own pick with the same seed.
        let expected = Book::builtin(dama_core::DynRules::of::<Russian>()).pick(
            game.position(),
            &mut crate::book::rng(7),
            BOOK_LEVEL,
        );
        assert_eq!(Some(reply.mv), expected);
        let reply = player(false).reply(&game, |_| infos += 1).unwrap();
        assert!(matches!(reply.source, Source::Search(Some(info)) if info.depth == 2));
        assert_eq!(infos, 2);
    }

    #[test]
    fn a_book_of_another_board_or_rule_set_is_not_read() {
        let mut p = player(true);
        let start10 = International::start();
        assert_eq!(p.book_move(&start10), None);
        p.use_builtin_book(DynRules::of::<International>());
        assert!(p.book_move(&start10).is_some());
        p.use_builtin_book(DynRules::of::<Russian>());
        assert!(p.book_move(&Russian::start()).is_some());
    }
}
