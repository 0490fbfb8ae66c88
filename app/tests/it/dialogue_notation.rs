//! Every move the full dialogue writes (`moves`, `hint`, `undo`, `redo`), in every rule set and
//! every language, is one the same dialogue reads back: the dialogue reads and writes the rule
//! set's own notation (under the Spanish-spec rules `61.52`, not only `c3-d4`).

use dama::console::{Options, play};
use dama::i18n::{Dialogue, Lang};
use dama_core::{MoveList, Position, Variant, with_rules8};

/// The dialogue's output for `input`, two people playing from the initial position.
fn session(rules: Variant, lang: Lang, input: &str) -> String {
    let mut opts = Options::new(rules).in_lang(lang);
    opts.dialogue = Dialogue::Full;
    opts.echo = false;
    opts.limits.depth = Some(2);
    let mut out = Vec::new();
    play(&opts, &mut input.as_bytes(), &mut out).expect("a session");
    String::from_utf8(out).expect("UTF-8")
}

/// The legal moves of `pos` as the rule set writes them, each alone and as `moves` lists them.
fn written(rules: Variant, pos: &Position) -> (Vec<String>, String) {
    with_rules8!(rules, R => {
        let mut moves = MoveList::new();
        <R as dama_core::BoardRules>::legal_moves(pos, &mut moves);
        let notation = <R as dama_core::BoardRules>::INFO.notation;
        let each = moves.iter().map(|m| notation.write(m)).collect();
        (each, notation.write_list(&moves))
    }, else => unreachable!())
}

#[test]
fn every_listed_move_is_read_back() {
    for rules in Variant::on_board(dama_core::BoardKind::Board8) {
        for lang in Lang::ALL {
            let start = Position::initial();
            let (each, list) = written(rules, &start);
            let shown = session(rules, lang, "moves\nhint\n");
            assert!(
                shown.contains(&list),
                "{rules} {lang:?}: `moves` lists {list}:\n{shown}"
            );
            assert!(
                each.iter().any(
                    |m| shown.lines().last().is_some_and(|l| l.contains(m.as_str()))
                        || shown.contains(&format!(" {m}\n"))
                ),
                "{rules} {lang:?}: the hint is one of {list}:\n{shown}"
            );
            let mut moves = MoveList::new();
            with_rules8!(rules, R => <R as dama_core::BoardRules>::legal_moves(&start, &mut moves), else => unreachable!());
            for (text, mv) in each.iter().zip(moves.iter()) {
                // Typed back, the move is played: `moves` then lists the reply's moves.
                let (_, replies) = written(rules, &start.after(mv));
                let shown = session(rules, lang, &format!("{text}\nmoves\nundo\nredo\n"));
                assert!(
                    shown.contains(&replies),
                    "{rules} {lang:?}: '{text}' was not played:\n{shown}"
                );
                // Undo and redo name the move as it was typed.
                assert!(
                    shown.matches(text.as_str()).count() >= 2,
                    "{rules} {lang:?}: undo/redo name '{text}':\n{shown}"
                );
            }
        }
    }
}
