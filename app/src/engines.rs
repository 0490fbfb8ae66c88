//! How the program makes its engines: the thread count and the endgame tables, decided once
//! from the command line and the environment, then handed to every part that plays.

use std::path::PathBuf;
use std::sync::Arc;

use dama_core::Board8;
use dama_engine::{Engine, Limits, Tablebase};

/// The rule sets the program plays with its engines: every [`dama_engine::EngineRules`] on
/// the 8×8 board (the registry's rule sets; the program's dialogues, books and files are
/// 8×8). The engine itself plays any board (`Engine::analyze::<International>`).
pub trait EngineRules: dama_engine::EngineRules<Board = Board8> {}

impl<R: dama_engine::EngineRules<Board = Board8>> EngineRules for R {}

/// What every engine of one run shares: threads per search and the endgame tables.
#[derive(Clone, Debug)]
pub struct EngineSetup {
    /// Threads each search uses (1: reproducible searches).
    pub threads: usize,
    /// The endgame tables the engines probe (`None`: the search alone).
    pub tables: Option<Arc<Tablebase>>,
    /// Whether the engine players of `play` and `tui` play their opening book's moves
    /// (`--no-book`: not; `docs/book.md`).
    pub book: bool,
    /// The seed of the book's choices.
    pub book_seed: u64,
}

impl Default for EngineSetup {
    /// One thread, no tables, no book: what tests and tools that want plain searches use.
    fn default() -> EngineSetup {
        EngineSetup {
            threads: 1,
            tables: None,
            book: false,
            book_seed: 0,
        }
    }
}

impl EngineSetup {
    /// The setup of a run: `threads` per search, and the tables of `dir` (`--tb-dir`), else of
    /// [`default_tables_dir`]; without any directory, only the small classes built in memory.
    /// The opening book is on, its choices seeded from the clock ([`clock_seed`]).
    pub fn new(threads: usize, dir: Option<PathBuf>) -> EngineSetup {
        let tables = match dir.or_else(default_tables_dir) {
            Some(dir) => Tablebase::with_dir(dir),
            None => Tablebase::new(),
        };
        EngineSetup {
            threads,
            tables: Some(Arc::new(tables)),
            book: true,
            book_seed: clock_seed(),
        }
    }

    /// The built-in book of `rules` (of either board) and its random source, when the book
    /// is on.
    #[allow(clippy::type_complexity)]
    pub fn book_of<B: crate::book::BookBoard>(
        &self,
        rules: dama_core::DynRules<B>,
    ) -> Option<(crate::book::Book<B>, crate::book::BookRng)> {
        self.book.then(|| {
            (
                crate::book::Book::builtin(rules),
                crate::book::rng(self.book_seed),
            )
        })
    }

    /// An engine that thinks within `limits`, with this setup's threads and tables.
    pub fn engine(&self, limits: Limits) -> Engine {
        self.fit(Engine::new(limits))
    }

    /// The same, its random choices (at the low levels) following `seed`.
    pub fn engine_with_seed(&self, limits: Limits, seed: u64) -> Engine {
        self.fit(Engine::with_seed(limits, seed))
    }

    fn fit(&self, mut engine: Engine) -> Engine {
        engine.set_threads(self.threads);
        engine.set_tables(self.tables.clone());
        engine
    }
}

/// A seed from the clock (the nanoseconds since 1970), for the choices of a program run.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The directory the tables live in when none is given: `$DAMA_TB_DIR`, else the platform's
/// data directory (`~/.local/share/dama/tb` on Linux); one subdirectory per rule set.
pub fn default_tables_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DAMA_TB_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "dama").map(|p| p.data_dir().join("tb"))
}
