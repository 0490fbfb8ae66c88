//! Random input lines never panic, and never change the position except by a legal move or a
//! command.

use dama::console::{Options, play};
use dama::i18n::CommandWord;
use dama::i18n::Lang;
use dama_core::{BoardRules, Czech, MoveList, Position, Variant, fen};
use proptest::prelude::*;

fn options(lang: Lang) -> Options {
    Options {
        lang,
        ..Options::new(Variant::Czech)
    }
}

fn run(lang: Lang, script: &str) -> String {
    let mut input = script.as_bytes();
    let mut output = Vec::new();
    play(&options(lang), &mut input, &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,20}",
        "[a-hA-H1-9xX:\\- ]{0,14}",
        ("[a-h][1-8]", "[-x: ]", "[a-h][1-8]").prop_map(|(a, s, b)| format!("{a}{s}{b}")),
        prop::sample::select(vec![
            "c3-d4", "e3-f4", "g3-h4", "a3-b4", "f6-e5", "f6-g5", "b6-a5", "d6-c5", "h6-g5",
            "d4xf6", "e5xc3", "g5xe3", "b4xd6", "c5xe3",
        ])
        .prop_map(str::to_string),
    ]
}

/// The first word names a command (or answers a question), or would touch files or the engine.
fn is_command(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("").to_lowercase();
    CommandWord::from_word(&word).is_some()
        || ["a", "ano", "y", "yes", "n", "ne", "no"].contains(&word.as_str())
}

fn fen_lines(out: &str) -> Vec<Position> {
    let re = regex::Regex::new(r"^[WB]:W[^ ]*:B[^ ]*$").unwrap();
    out.lines()
        .filter(|l| re.is_match(l))
        .map(|l| fen::parse(l).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn lines_change_the_position_only_by_legal_moves(
        lines in prop::collection::vec(line().prop_filter("not a command", |l| !is_command(l)), 0..30)
    ) {
        let mut script = String::from("fen\n");
        for l in &lines {
            script.push_str(l.replace(['\r', '\n'], " ").as_str());
            script.push_str("\nfen\n");
        }
        let out = run(Lang::Cs, &script);
        let positions = fen_lines(&out);
        prop_assert!(!positions.is_empty());
        let mut moves = MoveList::new();
        for pair in positions.windows(2) {
            Czech::legal_moves(&pair[0], &mut moves);
            let by_move = moves.iter().any(|m| pair[0].after(m) == pair[1]);
            prop_assert!(pair[0] == pair[1] || by_move, "{}", out);
        }
    }

    #[test]
    fn any_lines_never_panic(
        lines in prop::collection::vec(
            prop_oneof![
                line(),
                prop::sample::select(vec![
                    "help", "moves", "undo", "redo", "fen", "flip", "resign", "draw", "a", "n",
                    "y", "setup", "setup W:Wc3:Bd4", "setup W:Wb1", "setup x:y:z", "zpět",
                    "vpřed", "tahy", "remíza", "vzdát", "save", "load", "",
                ])
                .prop_map(str::to_string),
            ],
            0..40,
        ),
        english in any::<bool>(),
    ) {
        let script: String = lines.iter().map(|l| format!("{}\n", l.replace(['\r', '\n'], " "))).collect();
        let lang = if english { Lang::En } else { Lang::Cs };
        let _ = run(lang, &script);
    }
}
