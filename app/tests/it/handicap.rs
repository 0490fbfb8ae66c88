//! `--handicap N`: the stronger side starts without N men from its back row, in the console
//! of three rule sets on both boards, and the saved record gives the start (`FEN`) and the
//! handicap (`Handicap`).

use std::path::Path;

fn saved(dir: &Path, args: &[&str]) -> String {
    let file = dir.join("h.pdn");
    let _ = std::fs::remove_file(&file);
    assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .args(args)
        .args(["--lang", "en"])
        .write_stdin(format!("save {}\nquit\n", file.display()))
        .assert()
        .success();
    std::fs::read_to_string(&file).unwrap()
}

fn tags(pdn: &str) -> Vec<&str> {
    pdn.lines()
        .filter(|l| l.starts_with("[FEN") || l.starts_with("[Handicap"))
        .collect()
}

#[test]
fn handicap_starts_in_three_rule_sets() {
    let dir = tempfile::tempdir().unwrap();
    // Czech, two people: White gives a1 and c1.
    let pdn = saved(dir.path(), &["--rules", "czech", "--handicap", "2"]);
    assert_eq!(
        tags(&pdn),
        [
            "[FEN \"W:Wa3,b2,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8\"]",
            "[Handicap \"White 2\"]",
        ]
    );
    // Russian against the computer playing Black: the computer gives h8.
    let pdn = saved(
        dir.path(),
        &["--rules", "russian", "--handicap", "1", "--black", "engine"],
    );
    assert_eq!(
        tags(&pdn),
        [
            "[FEN \"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6\"]",
            "[Handicap \"Black 1\"]",
        ]
    );
    // International draughts: White gives 46, 47 and 48 (a1, c1, e1).
    let pdn = saved(dir.path(), &["--rules", "international", "--handicap", "3"]);
    let fen = tags(&pdn)[0];
    assert!(
        fen.starts_with("[FEN \"W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,49,50:B1,"),
        "{fen}"
    );
    assert_eq!(tags(&pdn)[1], "[Handicap \"White 3\"]");
    // Refused: more men than the side may give, and with another start.
    let out = assert_cmd::Command::cargo_bin("dama")
        .unwrap()
        .args(["--rules", "english", "--handicap", "2", "--ballot", "3"])
        .assert()
        .code(2);
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stderr),
        "dama: --handicap starts from the initial position: not with --fen, --load or --ballot\n"
    );
}
