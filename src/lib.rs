//! `dama`: draughts by the Czech rules and by the Spanish-spec variant, with a console game,
//! a search engine and perft.
//!
//! The core is a [`Position`] (pieces on a [`Bitboard`] of the 32 playable [`Square`]s and the
//! side to move) and a [`Rules`] implementation ([`Czech`], [`Spanish`]) that generates the
//! legal [`Move`]s into a reusable [`MoveList`].
//!
//! ```
//! use dama::{Czech, MoveList, Position, Rules};
//!
//! let pos = Position::initial();
//! let mut moves = MoveList::new();
//! Czech::legal_moves(&pos, &mut moves);
//! assert_eq!(moves.len(), 7);
//! let next = pos.after(&moves[0]);
//! assert_eq!(dama::perft::perft::<Czech>(&next, 1), 7);
//! ```

#![deny(missing_docs)]

pub mod bitboard;
pub mod fen;
pub mod mv;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
pub mod tablebase;

pub use bitboard::Bitboard;
pub use mv::{Move, MoveList};
pub use position::{Color, Piece, Position, Role};
pub use rules::{Czech, DrawReason, House, RuleSet, Rules, Russian, Spanish};
pub use square::{Direction, Square};
pub mod cli;
pub mod console;
pub mod engine;
pub mod game;
pub mod hub;
pub mod matchplay;
pub mod tui;
pub mod tune;
