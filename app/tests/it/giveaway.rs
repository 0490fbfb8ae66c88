//! Russian giveaway at the console: the side that gives its last piece away wins, said so.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::{BoardRules, Variant};

#[test]
fn giving_the_last_piece_away_wins() {
    let mut opts = Options::new(Variant::Giveaway).in_lang(Lang::En);
    opts.start = dama_core::Giveaway::parse_fen("W:Wc3:Bd4").unwrap();
    let out = crate::czech_common::transcript(&opts, "c3:e5\nn\n");
    let said = crate::czech_common::said(&out);
    assert_eq!(
        said,
        [
            "Russian giveaway (Russian rules; the side that cannot move wins)",
            "Enter a move like c3-d4 or c3:e5; help lists the commands.",
            "1. White to move: c3:e5",
            "Black wins: black has no pieces left.",
            "Play again? (y/n): n",
        ],
        "{out}"
    );
}
