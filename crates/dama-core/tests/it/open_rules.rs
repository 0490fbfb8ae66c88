//! The rules layer is open: a rule set can be made outside the crate from the public
//! generator parameters. Here the Brazilian rules of `docs/architecture.md` (the Russian moves
//! with the majority rule), checked in hand-made positions against the Russian ones.

use dama_core::notation::Notation;
use dama_core::rules::generate::{self, KingLanding, Params};
use dama_core::{MoveList, Position, Rules, Russian, fen};

/// The Russian moves…
struct Brazilian;

impl Params for Brazilian {
    const COMPULSORY: bool = true;
    const KING_PRIORITY: bool = false;
    const MAX_HOPS: usize = usize::MAX;
    const PARTIAL: bool = false;
    const MERGE_ROUTES: bool = true;
    const MAN_CAPTURES_BACKWARD: bool = true;
    const CROWNED_MAN_GOES_ON: bool = true;
    const KING_LANDING: KingLanding = KingLanding::GoingOn;
}

/// …keeping only the captures that take the most pieces.
fn brazilian_moves(pos: &Position, list: &mut MoveList) {
    generate::legal_moves::<Brazilian>(pos, list);
    let most = list.iter().map(|m| m.captured().count()).max().unwrap_or(0);
    let keep: Vec<_> = list
        .iter()
        .filter(|m| m.captured().count() == most)
        .copied()
        .collect();
    list.clear();
    for mv in keep {
        list.push(mv);
    }
}

fn written(list: &MoveList) -> Vec<String> {
    let mut out: Vec<String> = list
        .iter()
        .map(|m| Notation::AlgebraicColon.write(m))
        .collect();
    out.sort();
    out
}

#[test]
fn the_majority_rule_on_the_shared_generator() {
    // The man on c3 takes two pieces (d4, f4); the king on h2 one (f4).
    let pos = fen::parse("W:Wc3,Kh2:Bd4,f4").unwrap();
    let mut list = MoveList::new();
    Russian::legal_moves(&pos, &mut list);
    assert_eq!(
        written(&list),
        ["c3:e5:g3", "h2:b8", "h2:c7", "h2:d6", "h2:e5"]
    );
    brazilian_moves(&pos, &mut list);
    assert_eq!(written(&list), ["c3:e5:g3"]);
    // Without captures nothing is filtered: the same plain moves as the Russian rules.
    let start = Position::initial();
    brazilian_moves(&start, &mut list);
    let brazilian = written(&list);
    Russian::legal_moves(&start, &mut list);
    assert_eq!(brazilian, written(&list));
}
