//! The core's integration tests, one binary: perft against published figures, the generator against an independent reference, the rules' hand-made positions, notation.

mod antidraughts;
mod breakthrough;
mod dyn_rules;
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
mod variant_game;
