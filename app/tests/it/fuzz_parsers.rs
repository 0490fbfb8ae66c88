//! Every reader of outside input, fed random and mutated input within a fixed budget on every
//! `cargo test` (`DAMA_FUZZ_CASES` cases per reader, default 20 000). The long runs use the same
//! properties through cargo-fuzz (`fuzz/`, see `docs/fuzzing.md`).

use crate::fuzz_checks;

use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("DAMA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

/// Bytes that look like the input: pieces of valid FEN, PDN and moves, mixed with anything.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "W:", "B:", ":W", ":B", "K", ",", "a1", "c3", "d4", "e5", "h8", "b8", "22", "32", "1-",
            "-", "x", ":", ".", " ", "\n", "[FEN \"", "[Event \"", "\"]", "{", "}", "(", ")", ";",
            "%", "$1", "1. ", "2... ", "1-0", "0-1", "1/2-1/2", "*", "c3-d4", "f6-g5", "d4xf6",
            "61.52", "63.45", "32.43", "52.34", "help", "undo", "redo", "load ", "setup ", "fen",
            "moves", "hint", "draw", "resign", "flip", "quit", "s", "n", "a", "y", "\r", "\0",
            "é", "ž", "\u{feff}", "pos pos=", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "W", "e", "w",
            "b", "moves=\"", "9-13", "22x15x18", "level ", "depth=", "time=", "\"", "=", "go ",
            "think", "set-param ", "name=", "value=",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..8),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn fen(bytes in input()) {
        fuzz_checks::fen(&bytes);
    }

    #[test]
    fn pdn(bytes in input()) {
        fuzz_checks::pdn(&bytes);
    }

    #[test]
    fn algebraic(bytes in input()) {
        fuzz_checks::algebraic(&bytes);
    }

    #[test]
    fn numeric(bytes in input()) {
        fuzz_checks::numeric(&bytes);
    }

    #[test]
    fn book(bytes in book_input()) {
        fuzz_checks::book(&bytes);
    }
}

/// Bytes that look like a book: its lines' pieces (FEN, moves, `=WEIGHT`) mixed with anything.
fn book_input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "book czech\n", "book english\n", "book ", "# ", "\n",
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:Wc3,e3,Kb2:Bd4,f6,b6,Kh8", " ", "c3-d4", "g3-h4", "c3xe5", "11-15", "22-18", "9-14",
            "=", "=1", "=100", "=0", "=1000001", "=-3", "=x", "W:", "B:", ":W", ":B", "K", ",",
            "\r", "\0", "é",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..8),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|parts| parts.concat())
}

proptest! {
    // The console replays whole scripts: fewer cases.
    #![proptest_config(ProptestConfig { cases: cases() / 4, ..ProptestConfig::default() })]

    #[test]
    fn hub(bytes in input()) {
        fuzz_checks::hub(&bytes);
    }

    #[test]
    fn console(bytes in input()) {
        fuzz_checks::console(&bytes);
    }

    #[test]
    fn table_file(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzz_checks::table_file(&bytes);
    }

    #[test]
    fn match_output(bytes in input()) {
        fuzz_checks::match_output(&bytes);
    }

    #[test]
    fn tune_data(bytes in input()) {
        fuzz_checks::tune_data(&bytes);
    }

    #[test]
    fn dxp(bytes in dxp_input()) {
        fuzz_checks::dxp(&bytes);
    }
}

/// Bytes that look like a DXP peer's: whole messages (GAMEREQs, legal and illegal MOVEs,
/// GAMEENDs, CHATs, BACKREQs) and NULs, mixed with anything.
fn dxp_input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "R01peer                            Z010000A\0",
            "R01peer                            W010000A\0",
            "R01peer                            Z010000BWzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww\0",
            "M0000322800\0", "M0000312700\0", "M0000191400\0", "M0001312000\0", "M0000",
            "E00\0", "E10\0", "E21\0", "E31\0", "Chi\0", "C\x1b[2J\0", "B005Z\0", "K1\0",
            "Apeer                            0\0", "\0", "X\0", "R", "M", "E", "C",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..8),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|parts| parts.concat())
}

proptest! {
    // Each case starts a screen with its engine thread and draws up to 300 events.
    #![proptest_config(ProptestConfig { cases: cases() / 100, ..ProptestConfig::default() })]

    #[test]
    fn tui_events(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzz_checks::tui_events(&bytes);
    }
}

proptest! {
    // Each case runs a whole `dama hub` session (its threads, a search per `go`).
    #![proptest_config(ProptestConfig { cases: cases() / 40, ..ProptestConfig::default() })]

    #[test]
    fn hub_session(bytes in input()) {
        fuzz_checks::hub_session(&bytes);
    }
}

/// Inputs the fuzzers once found failing, kept under `tests/fixtures/fuzz/<reader>/`.
#[test]
fn inputs_found_by_fuzzing_hold() {
    type Check = fn(&[u8]);
    let readers: [(&str, Check); 8] = [
        ("book", fuzz_checks::book),
        ("hub", fuzz_checks::hub),
        ("fen", fuzz_checks::fen),
        ("pdn", fuzz_checks::pdn),
        ("algebraic", fuzz_checks::algebraic),
        ("numeric", fuzz_checks::numeric),
        ("console", fuzz_checks::console),
        ("hub_session", fuzz_checks::hub_session),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut seen = 0;
    for (name, check) in readers {
        let Ok(dir) = std::fs::read_dir(root.join(name)) else {
            continue;
        };
        for entry in dir {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            check(&bytes);
            seen += 1;
        }
    }
    assert!(seen > 0, "no fuzz fixtures found under {}", root.display());
}
