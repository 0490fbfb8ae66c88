//! Message catalogues: every text a dialogue prints, one catalogue per language.
//!
//! The Spanish catalogue holds the exact lines of `../shared/spec/spanish-console.md`; the
//! Czech console's texts are in `cs` (Czech) and `en` (English), both of the shape
//! [`Texts`](crate::console::czech::Texts).

pub mod cs;
pub mod en;
pub mod es;
