//! `dama-core`: the rules of draughts on the 8×8 board, for every rule set `dama` plays and any
//! a user adds: squares, bitboards, positions, moves, FEN, notation, PDN, games and perft. It
//! depends on nothing of the program (no command line, no terminal) and knows no engine.
//!
//! The core is a [`Position`] (pieces on a [`Bitboard`] of the 32 playable [`Square`]s and the
//! side to move) and a [`Rules`] implementation ([`Czech`], [`Russian`], [`House`],
//! [`Spanish`], or one of your own) that generates the legal [`Move`]s into a reusable
//! [`MoveList`]. A [`Game`](game::Game) keeps the history, the draw counts and the result.
//!
//! ```
//! use dama_core::{BoardRules, Czech, MoveList, Position};
//!
//! let pos = Position::initial();
//! let mut moves = MoveList::new();
//! Czech::legal_moves(&pos, &mut moves);
//! assert_eq!(moves.len(), 7);
//! let next = pos.after(&moves[0]);
//! assert_eq!(dama_core::perft::perft::<Czech>(&next, 1), 7);
//! ```
//!
//! A rule set of your own is a zero-sized type implementing [`BoardRules`]; most describe their
//! moves to the shared generator with a [`Params`](rules::Params) value
//! ([`ParamRules`](rules::ParamRules): `Params { max_hops: 3, ..Czech::PARAMS }`) and write
//! [`moves_from_params!`] inside their `impl BoardRules`.

#![deny(missing_docs)]

pub mod bitboard;
pub mod board;
pub mod fen;
pub mod file;
pub mod game;
pub mod mv;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
pub mod text;
pub mod variant_game;
pub mod zobrist;

pub use bitboard::{Bitboard, BitboardOn};
pub use board::{Board, Board8, Board10, Board64, BoardKind};
pub use mv::{Move, MoveList, MoveListOn, MoveOn};
pub use position::{Color, Piece, Position, PositionOn, Role};
pub use rules::{
    Antidraughts, BoardRules, Brazilian, Breakthrough, Czech, DrawReason, DynRules, English,
    Frisian, Frysk, GameRules, Giveaway, House, International, Italian, Killer, Pool, RuleSetInfo,
    Rules, RulesObject, Russian, Spanish, SpanishOfficial, Thai, Turkish, Variant,
};
pub use square::{Direction, Orientation, Square, SquareOn};
pub use variant_game::{AnyMove, AnyPosition, VariantGame};
pub use zobrist::{key_after, position_key};
