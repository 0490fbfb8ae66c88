//! The core's integration tests, one binary: perft against published figures, the generator against an independent reference, the rules' hand-made positions, notation.

mod antidraughts;
mod breakthrough;
mod dyn_rules;
mod frisian;
mod giveaway;
mod international;
mod killer;
mod official_rules;
mod parse_move;
mod pdn_international;
mod perft;
mod perft_leaves;
mod perft_official;
mod proptest_international;
mod proptest_rules;
mod pydraughts_perft;
mod rules_reference;
mod russian_rules;
mod spanish_notation;
mod turkish;
mod variant_game;

/// `perft::<R>` of the position given as FEN (in `R`'s notation) at depths `0..=last`: the
/// per-variant tests compare it with published figures.
pub fn perft_counts<R: dama_core::BoardRules>(fen: &str, last: u32) -> Vec<u64> {
    let pos = R::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (0..=last)
        .map(|d| dama_core::perft::perft::<R>(&pos, d))
        .collect()
}

/// The legal moves of the position given as FEN (in `R`'s notation), as `R` writes them,
/// sorted.
pub fn sorted_moves<R: dama_core::BoardRules>(fen: &str) -> Vec<String> {
    let pos = R::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = dama_core::MoveListOn::new();
    R::legal_moves(&pos, &mut list);
    let mut names: Vec<String> = list.iter().map(R::write_move).collect();
    names.sort();
    names
}

/// [`perft_counts`] from `R`'s start position.
pub fn start_perft_counts<R: dama_core::BoardRules>(last: u32) -> Vec<u64> {
    perft_counts::<R>(&R::write_fen(&R::start()), last)
}
