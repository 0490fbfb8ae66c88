//! The readers `dama match` adds, fed random input: player descriptions, time controls, SPRT
//! parameters, weights files, FEN files of openings and PDN files of many games. None may
//! panic; what they accept must mean what it says.

use dama::matchplay::openings::from_fens;
use dama::matchplay::player::PlayerSpec;
use dama::matchplay::stats::Sprt;
use dama_core::Czech;
use dama_core::pdn::{read_games, split_games};
use dama_engine::{TimeControl, Weights};
use proptest::prelude::*;

/// Text made of pieces of valid input mixed with anything.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "depth=", "nodes=", "movetime=", "level=", "time=", "name=", "cmd=", "weights=",
            ",", "=", "1", "0", "64", "99999999999999999999", "5m", "+", "3s", "ms", "h", ".",
            "-", "e9", "0.05", "king = ", "advance = [", "]", "\n", "[Event \"a\"]", "1. c3-d4",
            " f6-g5", " 1-0", " *", "{", "}", ";", "W:Wc3:Bf6", "#", " ", "é", "\u{feff}",
        ])
        .prop_map(str::to_string),
        1 => ".{0,6}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn player_descriptions(input in text()) {
        if let Ok(spec) = input.parse::<PlayerSpec>() {
            prop_assert!(!spec.name.is_empty() || input.trim().is_empty());
            prop_assert!(spec.limits.depth.is_none_or(|d| (1..=64).contains(&d)));
            prop_assert!(!(spec.cmd.is_some() && spec.weights.is_some()));
        }
    }

    #[test]
    fn time_controls(input in text()) {
        if let Ok(tc) = input.parse::<TimeControl>() {
            prop_assert!(!tc.base.is_zero());
            let again: TimeControl = tc.to_string().parse().unwrap();
            prop_assert_eq!(again.base.as_millis(), tc.base.as_millis());
            prop_assert_eq!(again.increment.as_millis(), tc.increment.as_millis());
        }
    }

    #[test]
    fn sprt_parameters(input in text()) {
        if let Ok(sprt) = input.parse::<Sprt>() {
            let (lower, upper) = sprt.bounds();
            prop_assert!(lower < 0.0 && upper > 0.0);
        }
    }

    #[test]
    fn weights_files(input in text()) {
        if let Ok(w) = Weights::from_toml(&input) {
            prop_assert_eq!(Weights::from_toml(&w.to_toml()).unwrap(), w);
        }
    }

    #[test]
    fn opening_files(input in text()) {
        if let Ok(openings) = from_fens(dama_core::DynRules::of::<Czech>(), &input) {
            prop_assert!(!openings.is_empty());
            prop_assert!(openings.iter().all(|o| o.game(Czech).is_some()));
        }
    }

    #[test]
    fn pdn_files_of_many_games(input in text()) {
        let pieces = split_games(&input);
        prop_assert_eq!(pieces.iter().map(|(_, p)| p.len()).sum::<usize>() <= input.len(), true);
        prop_assert_eq!(read_games::<Czech>(&input).count(), pieces.len());
    }
}
