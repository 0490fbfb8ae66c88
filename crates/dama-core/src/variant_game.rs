//! The run-time facade: a game of any registered rule set, chosen by a [`Variant`] value, for
//! the code that chooses its rules at run time and has no hot loop (a front end, a binding to
//! another language, a file tool). It is the registry's answer to shakmaty's
//! `VariantPosition`: [`VariantGame`] is an enum with an arm per registered rule set, each
//! holding the static [`Game<R>`](Game), and every method delegates to the static code, so that
//! it is compiled once per rule set (a few small functions each) however many callers it has.
//! Moves and positions cross the facade as [`AnyMove`] and [`AnyPosition`], the board's own
//! types in an arm per board.
//!
//! What needs the static type for speed (perft, the search, the tables) takes the arm's
//! [`Game<R>`](Game) through [`with_game!`](crate::with_game).
//!
//! ```
//! use dama_core::{Variant, VariantGame};
//!
//! let mut game = VariantGame::new(Variant::International);
//! assert_eq!(game.legal_moves().len(), 9);
//! assert_eq!(game.perft(2), 81);
//! let mv = game.play_text("32-28").unwrap();
//! assert_eq!(game.write_move(&mv).as_deref(), Some("32-28"));
//! assert!(game.play_text("32-28").is_err(), "the square is empty now");
//! ```

use std::fmt;

use crate::board::{Board, Board8, Board10, Board64};
use crate::fen::FenError;
use crate::game::{Game, Outcome, PlayError};
use crate::mv::{MoveListOn, MoveOn};
use crate::notation::algebraic::ParseError;
use crate::pdn::{self, Header, PdnError};
use crate::position::{Color, PositionOn};
use crate::rules::{BoardRules, DynRules, Variant};

/// A move of any board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A move on the 8×8 board.
    Board8(MoveOn<Board8>),
    /// A move on the 10×10 board.
    Board10(MoveOn<Board10>),
    /// A move on the 8×8 board of 64 squares (Turkish).
    Board64(MoveOn<Board64>),
}

/// A position of any board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A position on the 8×8 board.
    Board8(PositionOn<Board8>),
    /// A position on the 10×10 board.
    Board10(PositionOn<Board10>),
    /// A position on the 8×8 board of 64 squares (Turkish).
    Board64(PositionOn<Board64>),
}

impl AnyPosition {
    /// The side to move.
    pub fn turn(&self) -> Color {
        match self {
            AnyPosition::Board8(pos) => pos.turn(),
            AnyPosition::Board10(pos) => pos.turn(),
            AnyPosition::Board64(pos) => pos.turn(),
        }
    }

    /// The position's Zobrist key ([`crate::position_key`]).
    pub fn key(&self) -> u64 {
        match self {
            AnyPosition::Board8(pos) => crate::position_key(pos),
            AnyPosition::Board10(pos) => crate::position_key(pos),
            AnyPosition::Board64(pos) => crate::position_key(pos),
        }
    }
}

/// An error of any board's type, kept as the board's own (its message unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnAnyBoard<E8, E10, E64> {
    /// The error on the 8×8 board.
    Board8(E8),
    /// The error on the 10×10 board.
    Board10(E10),
    /// The error on the 8×8 board of 64 squares.
    Board64(E64),
}

impl<E8: fmt::Display, E10: fmt::Display, E64: fmt::Display> fmt::Display
    for OnAnyBoard<E8, E10, E64>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnAnyBoard::Board8(e) => e.fmt(f),
            OnAnyBoard::Board10(e) => e.fmt(f),
            OnAnyBoard::Board64(e) => e.fmt(f),
        }
    }
}

impl<E8, E10, E64> std::error::Error for OnAnyBoard<E8, E10, E64>
where
    E8: std::error::Error,
    E10: std::error::Error,
    E64: std::error::Error,
{
}

/// Why a FEN text is not a position of the variant.
pub type AnyFenError = OnAnyBoard<FenError<Board8>, FenError<Board10>, FenError<Board64>>;
/// Why a move's text is not a legal move of the position.
pub type AnyParseError = OnAnyBoard<ParseError<Board8>, ParseError<Board10>, ParseError<Board64>>;
/// Why a PDN text is not a game of the variant.
pub type AnyPdnError = OnAnyBoard<PdnError<Board8>, PdnError<Board10>, PdnError<Board64>>;

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayTextError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The text is not a legal move here: why.
    #[error("{0}")]
    Move(AnyParseError),
}

/// A board's moves, positions and errors as the facade's: implemented by every board.
pub trait AnyBoard: Board {
    /// The move as one of any board.
    fn wrap_move(mv: MoveOn<Self>) -> AnyMove;
    /// The move if it is one of this board.
    fn unwrap_move(mv: &AnyMove) -> Option<&MoveOn<Self>>;
    /// The position as one of any board.
    fn wrap_position(pos: PositionOn<Self>) -> AnyPosition;
    /// The FEN error as one of any board.
    fn wrap_fen_error(e: FenError<Self>) -> AnyFenError;
    /// The move error as one of any board.
    fn wrap_parse_error(e: ParseError<Self>) -> AnyParseError;
    /// The PDN error as one of any board.
    fn wrap_pdn_error(e: PdnError<Self>) -> AnyPdnError;
    /// The position if it is one of this board.
    fn unwrap_position(pos: AnyPosition) -> Option<PositionOn<Self>>;
    /// The rule set as one of any board.
    fn wrap_rules(rules: DynRules<Self>) -> AnyRules;
    /// The rule set if it is one of this board.
    fn unwrap_rules(rules: AnyRules) -> Option<DynRules<Self>>;
}

/// A rule set as a value ([`DynRules`]) on any board: what [`Variant::rules`] gives, and
/// [`with_dyn_rules!`](crate::with_dyn_rules) opens.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AnyRules {
    /// A rule set of the 8×8 board.
    Board8(DynRules<Board8>),
    /// A rule set of the 10×10 board.
    Board10(DynRules<Board10>),
    /// A rule set of the 8×8 board of 64 squares.
    Board64(DynRules<Board64>),
}

impl Variant {
    /// The rule set as a value, on its board.
    pub fn rules(self) -> AnyRules {
        crate::with_variant!(self, R => {
            <<R as BoardRules>::Board as AnyBoard>::wrap_rules(DynRules::of::<R>())
        })
    }
}

/// Runs `$body` with `$rules` bound to the run-time [`Variant`] `$variant` as a value
/// ([`DynRules`] of its board): `$body` is compiled once per board, not once per rule set, for
/// code that chooses its rules at run time and has no hot loop.
///
/// ```
/// use dama_core::{Variant, with_dyn_rules};
/// let name = |v: Variant| with_dyn_rules!(v, rules => rules.info().name);
/// assert_eq!(name(Variant::International), "international");
/// ```
#[macro_export]
macro_rules! with_dyn_rules {
    ($variant:expr, $rules:ident => $body:expr) => {
        match $crate::Variant::rules($variant) {
            $crate::variant_game::AnyRules::Board8($rules) => $body,
            $crate::variant_game::AnyRules::Board10($rules) => $body,
            $crate::variant_game::AnyRules::Board64($rules) => $body,
        }
    };
}

impl<B: AnyBoard> DynRules<B> {
    /// The registered rule set `variant` as a value, if it is played on `B`.
    pub fn of_variant(variant: Variant) -> Option<DynRules<B>> {
        B::unwrap_rules(variant.rules())
    }
}

macro_rules! any_board {
    ($B:ident) => {
        impl AnyBoard for $B {
            fn wrap_move(mv: MoveOn<Self>) -> AnyMove {
                AnyMove::$B(mv)
            }
            fn unwrap_move(mv: &AnyMove) -> Option<&MoveOn<Self>> {
                match mv {
                    AnyMove::$B(mv) => Some(mv),
                    _ => None,
                }
            }
            fn wrap_position(pos: PositionOn<Self>) -> AnyPosition {
                AnyPosition::$B(pos)
            }
            fn wrap_fen_error(e: FenError<Self>) -> AnyFenError {
                OnAnyBoard::$B(e)
            }
            fn wrap_parse_error(e: ParseError<Self>) -> AnyParseError {
                OnAnyBoard::$B(e)
            }
            fn wrap_pdn_error(e: PdnError<Self>) -> AnyPdnError {
                OnAnyBoard::$B(e)
            }
            fn unwrap_position(pos: AnyPosition) -> Option<PositionOn<Self>> {
                match pos {
                    AnyPosition::$B(pos) => Some(pos),
                    _ => None,
                }
            }
            fn wrap_rules(rules: DynRules<Self>) -> AnyRules {
                AnyRules::$B(rules)
            }
            fn unwrap_rules(rules: AnyRules) -> Option<DynRules<Self>> {
                match rules {
                    AnyRules::$B(rules) => Some(rules),
                    _ => None,
                }
            }
        }
    };
}
any_board!(Board8);
any_board!(Board10);
any_board!(Board64);

/// Makes [`VariantGame`] from the registry's list.
#[doc(hidden)]
#[macro_export]
macro_rules! __define_variant_game {
    (() $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        /// A game of a registered rule set chosen at run time: an arm per rule set, holding
        /// its static [`Game`](crate::game::Game). See [the module](crate::variant_game).
        #[derive(Clone, Debug)]
        pub enum VariantGame {
            $( #[doc = concat!("A game of `", stringify!($ty), "`.")] $variant($crate::game::Game<$ty>), )*
        }

        impl VariantGame {
            /// The rule set of the game.
            pub fn variant(&self) -> $crate::Variant {
                match self {
                    $( VariantGame::$variant(_) => $crate::Variant::$variant, )*
                }
            }

            /// A game of `variant` from `start`, if the position is on the variant's board.
            pub fn from_position(variant: $crate::Variant, start: AnyPosition) -> Option<Self> {
                match variant {
                    $( $crate::Variant::$variant => {
                        let pos = <<$ty as BoardRules>::Board as AnyBoard>::unwrap_position(start)?;
                        Some(VariantGame::$variant($crate::game::Game::new(pos)))
                    } )*
                }
            }

            /// A game of `variant` from its start position.
            pub fn new(variant: $crate::Variant) -> Self {
                match variant {
                    $( $crate::Variant::$variant => VariantGame::$variant(Default::default()), )*
                }
            }

            /// A game of `variant` from a FEN position, read as the variant writes it.
            pub fn from_fen(variant: $crate::Variant, fen: &str) -> Result<Self, AnyFenError> {
                match variant {
                    $( $crate::Variant::$variant => {
                        let pos = <$ty as BoardRules>::parse_fen(fen)
                            .map_err(<<$ty as BoardRules>::Board as AnyBoard>::wrap_fen_error)?;
                        Ok(VariantGame::$variant($crate::game::Game::new(pos)))
                    } )*
                }
            }

            /// Reads the first game of a PDN text under `variant`'s rules, checking every
            /// move; the game and its tags ([`pdn::read`](crate::pdn::read)).
            pub fn read_pdn(
                variant: $crate::Variant,
                text: &str,
            ) -> Result<(VariantGame, Vec<(String, String)>), AnyPdnError> {
                match variant {
                    $( $crate::Variant::$variant => {
                        let record = $crate::pdn::read::<$ty>(text)
                            .map_err(<<$ty as BoardRules>::Board as AnyBoard>::wrap_pdn_error)?;
                        Ok((VariantGame::$variant(record.game), record.tags))
                    } )*
                }
            }
        }
    };
}

crate::rule_set_list!(__define_variant_game());

/// The arms of [`with_game!`](crate::with_game), made from the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_game {
    (($game:expr, $R:ident, $g:ident, $body:expr)
        $( $(#[$attr:meta])* $variant:ident => $ty:path, )*) => {
        match $game {
            $( $crate::VariantGame::$variant($g) => {
                #[allow(dead_code)]
                type $R = $ty;
                $body
            } )*
        }
    };
}

/// Runs `$body` with `$g` bound to the static [`Game<R>`](crate::game::Game) inside a
/// [`VariantGame`] (by reference when the game is given by reference) and `$R` standing for
/// its rule type: the way from the facade into the static code of a hot loop.
///
/// ```
/// use dama_core::{perft, with_game, Variant, VariantGame};
/// let game = VariantGame::new(Variant::Czech);
/// let nodes = with_game!(&game, R, g => perft::perft::<R>(g.position(), 2));
/// assert_eq!(nodes, 49);
/// ```
#[macro_export]
macro_rules! with_game {
    ($game:expr, $R:ident, $g:ident => $body:expr) => {
        $crate::rule_set_list!(__dispatch_game($game, $R, $g, $body))
    };
}

fn legal<R: BoardRules>(game: &Game<R>) -> Vec<AnyMove>
where
    R::Board: AnyBoard,
{
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| R::Board::wrap_move(*m)).collect()
}

fn parse<R: BoardRules>(game: &Game<R>, text: &str) -> Result<AnyMove, AnyParseError>
where
    R::Board: AnyBoard,
{
    let mut moves = MoveListOn::new();
    game.legal_moves(&mut moves);
    R::parse_move(text, game.position(), &moves)
        .map(R::Board::wrap_move)
        .map_err(R::Board::wrap_parse_error)
}

impl VariantGame {
    /// The position now.
    pub fn position(&self) -> AnyPosition {
        with_game!(self, R, g => <R as BoardRules>::Board::wrap_position(*g.position()))
    }

    /// The position the game started from.
    pub fn start(&self) -> AnyPosition {
        with_game!(self, R, g => <R as BoardRules>::Board::wrap_position(*g.start()))
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_game!(self, R, g => g.turn())
    }

    /// The position now as FEN, as the rule set writes it.
    pub fn fen(&self) -> String {
        with_game!(self, R, g => R::write_fen(g.position()))
    }

    /// The legal moves of the side to move (none once the game is over by the rules or the
    /// players).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        if self.is_over() {
            return Vec::new();
        }
        with_game!(self, R, g => legal(g))
    }

    /// The move `text` names in the position now, in the rule set's notation.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, AnyParseError> {
        with_game!(self, R, g => parse(g, text))
    }

    /// A move as the rule set writes it; `None` for a move of the other board
    /// ([`write_move`]).
    pub fn write_move(&self, mv: &AnyMove) -> Option<String> {
        write_move(self.variant(), mv)
    }

    /// A move as PDN movetext writes it ([`pdn::move_text`]); `None` for a move of the
    /// other board.
    pub fn pdn_move(&self, mv: &AnyMove) -> Option<String> {
        with_game!(self, R, _g => {
            <R as BoardRules>::Board::unwrap_move(mv).map(pdn::move_text::<R>)
        })
    }

    /// Plays `mv` if it is legal and the game goes on.
    pub fn try_play(&mut self, mv: &AnyMove) -> Result<(), PlayError> {
        with_game!(self, R, g => match <R as BoardRules>::Board::unwrap_move(mv) {
            Some(mv) => g.try_play(mv),
            None => Err(PlayError::Illegal),
        })
    }

    /// Plays the move `text` names; returns it.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, PlayTextError> {
        if self.is_over() {
            return Err(PlayTextError::GameOver);
        }
        let mv = self.parse_move(text).map_err(PlayTextError::Move)?;
        self.try_play(&mv).map_err(|_| PlayTextError::GameOver)?;
        Ok(mv)
    }

    /// Takes back the last move (or the result the players declared); the move taken back.
    pub fn undo(&mut self) -> Option<AnyMove> {
        with_game!(self, R, g => g.undo().map(<R as BoardRules>::Board::wrap_move))
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> Option<AnyMove> {
        with_game!(self, R, g => g.redo().map(<R as BoardRules>::Board::wrap_move))
    }

    /// The moves played, from the start.
    pub fn moves(&self) -> Vec<AnyMove> {
        with_game!(self, R, g => g.moves().map(|m| <R as BoardRules>::Board::wrap_move(*m)).collect())
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, R, g => g.outcome())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        with_game!(self, R, g => g.is_over())
    }

    /// Records a resignation by `loser`.
    pub fn resign(&mut self, loser: Color) {
        with_game!(self, R, g => g.resign(loser))
    }

    /// Records a draw by agreement.
    pub fn agree_draw(&mut self) {
        with_game!(self, R, g => g.agree_draw())
    }

    /// Records a loss on time by `loser`.
    pub fn lose_on_time(&mut self, loser: Color) {
        with_game!(self, R, g => g.lose_on_time(loser))
    }

    /// The number of move sequences `depth` plies deep from the position now
    /// ([`crate::perft::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, R, g => crate::perft::perft::<R>(g.position(), depth))
    }

    /// A square of the game's board by its number in the board's numbering
    /// ([`SquareOn::number`](crate::SquareOn::number): 1–32 on 8×8, 1–50 on 10×10), as the
    /// rule set's notation names it; `None` for a number off the board.
    pub fn square_name(&self, number: u8) -> Option<String> {
        with_game!(self, R, _g => {
            crate::SquareOn::<<R as BoardRules>::Board>::from_number(number).map(R::square_name)
        })
    }

    /// The game as a PDN record with `header`'s tags ([`pdn::write`]).
    pub fn write_pdn(&self, header: &Header) -> String {
        with_game!(self, R, g => pdn::write(g, header))
    }
}

/// A move as `variant` writes it ([`BoardRules::write_move`]); `None` for a move of the other
/// board.
pub fn write_move(variant: Variant, mv: &AnyMove) -> Option<String> {
    crate::with_variant!(variant, R => <R as BoardRules>::Board::unwrap_move(mv).map(R::write_move))
}

/// The rule set a PDN text's `GameType` and `Variant` tags name ([`Variant::from_pdn`]), of
/// any board; `None` without a readable `GameType` or when no registered set has it.
pub fn variant_of_pdn(text: &str) -> Option<Variant> {
    match pdn::game_of(text)? {
        pdn::GameOf::Variant(v) => Some(v),
        pdn::GameOf::Other(n) => Variant::from_pdn(n, None),
    }
}
