//! Every kind of rejected move, in Czech and English: the message is specific and the position
//! (the `fen` line) is the same before and after.

use crate::czech_common;
use czech_common::{dialogue, fens, run};

/// Sets up `fen`, prints it, types `input`, prints the FEN again; returns the message line.
fn reject(lang: &str, fen: &str, input: &str) -> String {
    let script = format!("setup {fen}\nfen\n{input}\nfen\n");
    let out = run(&["--lang", lang], &script);
    let f = fens(&out);
    assert_eq!(f.len(), 2, "{out}");
    assert_eq!(f[0], f[1], "the position changed on '{input}'");
    let lines = dialogue(&out);
    let at = lines
        .iter()
        .position(|l| l.ends_with(&format!(": {input}")))
        .unwrap_or_else(|| panic!("no echo of {input} in {out}"));
    lines[at + 1].clone()
}

const START: &str = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
const CAPTURE: &str = "W:Wc3,e1:Bd4,f6";
const KING_FIRST: &str = "W:WKa1,g3:Bc3,f4";
const DIAMOND: &str = "W:Wc3:Bb4,b6,d4,d6";

#[test]
fn rejections_in_czech() {
    let cases = [
        (
            START,
            "hello",
            "„hello“ není tah ani příkaz; příkazy vypíše „nápověda“.",
        ),
        (
            START,
            "c3-",
            "„c3-“ není tah ani příkaz; příkazy vypíše „nápověda“.",
        ),
        (START, "c3-d3", "d3 je bílé pole, kámen na něm stát nemůže."),
        (
            START,
            "c3-e5xg7",
            "„c3-e5xg7“ míchá „-“ s „x“: tah je buď posun, nebo braní.",
        ),
        (START, "d4-e5", "Na poli d4 není žádný kámen."),
        (START, "f6-e5", "Kámen na poli f6 není váš."),
        (CAPTURE, "e1-d2", "Braní je povinné: c3xe5xg7"),
        (
            KING_FIRST,
            "g3xe5",
            "Brát musí dáma: a1xd4, a1xe5, a1xf6, a1xg7, a1xh8",
        ),
        (CAPTURE, "c3xe5", "Braní není dokončeno: c3xe5xg7"),
        (START, "b2-c3", "Pole c3 je obsazené."),
        (START, "c3-c5", "Kámen na poli c3 takto táhnout nemůže."),
        (
            DIAMOND,
            "c3xc7",
            "Tak lze brát více způsoby, zapište celou cestu: c3xa5xc7, c3xe5xc7",
        ),
    ];
    for (fen, input, message) in cases {
        assert_eq!(reject("cs", fen, input), message, "{input}");
    }
}

#[test]
fn rejections_in_english() {
    let cases = [
        (
            START,
            "hello",
            "'hello' is neither a move nor a command; help lists the commands.",
        ),
        (
            START,
            "c3-d3",
            "d3 is a light square; no piece can stand there.",
        ),
        (
            START,
            "c3-e5xg7",
            "'c3-e5xg7' mixes '-' and 'x': a move is either plain or a capture.",
        ),
        (START, "D4-E5", "There is no piece on d4."),
        (START, "f6 e5", "The piece on f6 is not yours."),
        (CAPTURE, "e1-d2", "A capture is compulsory: c3xe5xg7"),
        (
            KING_FIRST,
            "g3:e5",
            "A king must capture: a1xd4, a1xe5, a1xf6, a1xg7, a1xh8",
        ),
        (CAPTURE, "c3:e5", "The capture is not finished: c3xe5xg7"),
        (START, "b2-c3", "c3 is occupied."),
        (START, "c3-c5", "The piece on c3 cannot move like that."),
        (
            DIAMOND,
            "c3xc7",
            "That names more than one capture; give the full path: c3xa5xc7, c3xe5xc7",
        ),
    ];
    for (fen, input, message) in cases {
        assert_eq!(reject("en", fen, input), message, "{input}");
    }
}

#[test]
fn accepted_spellings() {
    // Every accepted way of writing a move plays it; start-and-end names a unique capture.
    for input in ["c3-d4", "C3-D4", "c3 d4", "c3:d4"] {
        let out = run(&[], &format!("{input}\nfen\n"));
        assert_eq!(
            fens(&out),
            ["B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"],
            "{input}"
        );
    }
    for input in ["c3xg7", "c3xe5xg7", "C3:E5:G7", "c3 e5 g7"] {
        let out = run(&[], &format!("setup W:Wc3,e1:Bd4,f6,a7\n{input}\nfen\n"));
        assert_eq!(fens(&out), ["B:We1,g7:Ba7"], "{input}");
    }
    let out = run(&[], &format!("setup {DIAMOND}\nc3xa5xc7\nfen\n"));
    assert_eq!(fens(&out), ["B:Wc7:Bd4,d6"]);
}

#[test]
fn bad_setups_are_refused_and_the_game_kept() {
    let cases = [
        (
            "cs",
            "W:Wb1:Bd8",
            "Pozici nelze nastavit: b1 je bílé pole, kámen na něm stát nemůže. Partie pokračuje beze změny.",
        ),
        (
            "cs",
            "W:Wb8:Bd6",
            "Pozici nelze nastavit: Kámen na poli b8 by už byl dámou. Partie pokračuje beze změny.",
        ),
        (
            "cs",
            "X:Wa1:Bd8",
            "Pozici nelze nastavit: Na tahu musí být W nebo B, ne „X“. Partie pokračuje beze změny.",
        ),
        (
            "cs",
            "W:Wa1:Wd8",
            "Pozici nelze nastavit: Seznam kamenů W je zadán dvakrát. Partie pokračuje beze změny.",
        ),
        (
            "en",
            "W:Wa1,a1:Bd8",
            "Cannot set up the position: Square a1 is given twice. The game goes on unchanged.",
        ),
        (
            "en",
            "W:W33:Bd8",
            "Cannot set up the position: Square number 33 is not in 1-32. The game goes on unchanged.",
        ),
        (
            "en",
            "W:Wa1",
            "Cannot set up the position: A FEN has three parts separated by ':' (e.g. W:Wa1,c3:Bf6); \
             this one has 2. The game goes on unchanged.",
        ),
    ];
    for (lang, fen, message) in cases {
        let out = run(
            &["--lang", lang],
            &format!("c3-d4\nfen\nsetup {fen}\nfen\n"),
        );
        let f = fens(&out);
        assert_eq!(f.len(), 2, "{out}");
        assert_eq!(f[0], f[1]);
        assert!(
            dialogue(&out).contains(&message.to_string()),
            "{fen}: {out}"
        );
    }
}
