//! Breakthrough at the console: the first king wins the game, said so.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::{BoardRules, Variant};

#[test]
fn the_first_king_wins() {
    let mut opts = Options::new(Variant::Breakthrough).in_lang(Lang::En);
    opts.start10 = Some(dama_core::Breakthrough::parse_fen("W:W6:B45").unwrap());
    let out = crate::czech_common::transcript(&opts, "6-1\nn\n");
    let said = crate::czech_common::said(&out);
    assert_eq!(
        said,
        [
            "Breakthrough (international rules; the first king wins)",
            "Enter a move by the squares' numbers, like 32-28 or 28x19; help lists the commands.",
            "1. White to move: 6-1",
            "White wins: the first king.",
            "Play again? (y/n): n",
        ],
        "{out}"
    );
}
