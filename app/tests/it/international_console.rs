//! The full line dialogue on the 10×10 board (`dama play --rules international`): scripted
//! games whose whole transcripts (`tests/fixtures/international/*.out`) are compared byte for
//! byte. The engine searches to depth 2 on one thread, without tables or book, so its moves
//! are the same on every run; only its thinking time is masked (`T s`).

use dama::console::{Options, play};
use dama::play::session::PlayerKind;
use dama_core::{BoardRules, International};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/international");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).expect("fixture")
}

/// The dialogue's output for `input`.
fn session(opts: &Options, input: &str) -> String {
    let mut out = Vec::new();
    play(opts, &mut input.as_bytes(), &mut out).expect("a session");
    String::from_utf8(out).expect("UTF-8")
}

/// The engine's thinking time, the one thing that differs from run to run.
fn mask_time(text: &str) -> String {
    regex::Regex::new(r"\d+[.,]\d s,")
        .unwrap()
        .replace_all(text, "T s,")
        .into_owned()
}

#[test]
fn a_game_against_the_engine_on_10x10() {
    let dir = std::env::temp_dir().join(format!("dama-intl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let dir_text = dir.display().to_string();
    let mut opts = Options::international();
    opts.black = PlayerKind::Engine;
    opts.limits.depth = Some(2);
    let input = fixture("engine.in").replace("DIR", &dir_text);
    let out = mask_time(&session(&opts, &input)).replace(&dir_text, "DIR");
    assert_eq!(out, fixture("engine.out"));
    // The saved game is PDN GameType 20, its moves by the squares' numbers.
    let saved = std::fs::read_to_string(dir.join("game.pdn")).unwrap();
    assert!(saved.contains("[GameType \"20\"]"), "{saved}");
    assert!(saved.contains("1. 32-28 19-23 2. 28x19 13x24 *"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fmjd_draws_are_announced_with_their_reasons() {
    let mut opts = Options::international();
    opts.start10 = Some(International::parse_fen("W:WK47:BK4").unwrap());
    for name in ["repetition", "count"] {
        let out = session(&opts, &fixture(&format!("{name}.in")));
        assert_eq!(out, fixture(&format!("{name}.out")), "{name}");
    }
}

#[test]
fn an_8x8_game_file_is_refused_on_10x10() {
    let dir = std::env::temp_dir().join(format!("dama-intl-8x8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("czech.pdn");
    std::fs::write(&file, "[GameType \"29\"]\n\n1. c3-d4 *\n").unwrap();
    let out = session(
        &Options::international(),
        &format!("load {}\nquit\n", file.display()),
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.contains("not of the international rules. The game goes on unchanged."),
        "{out}"
    );
}
