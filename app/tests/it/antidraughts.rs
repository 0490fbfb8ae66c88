//! Antidraughts at the console: the side that gives its last piece away wins, said so.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::{BoardRules, Variant};

#[test]
fn giving_the_last_piece_away_wins() {
    let mut opts = Options::new(Variant::Antidraughts).in_lang(Lang::En);
    opts.start10 = Some(dama_core::International::parse_fen("B:W28:B23").unwrap());
    let out = crate::czech_common::transcript(&opts, "23x32\nn\n");
    let said = crate::czech_common::said(&out);
    assert_eq!(
        said,
        [
            "Antidraughts (international rules; the side that cannot move wins)",
            "Enter a move by the squares' numbers, like 32-28 or 28x19; help lists the commands.",
            "1... Black to move: 23x32",
            "White wins: white has no pieces left.",
            "Play again? (y/n): n",
        ],
        "{out}"
    );
}
