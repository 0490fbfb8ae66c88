//! `dama tune`: data generation and the logistic fit from the command line.

use assert_cmd::Command;
use dama_engine::Weights;

fn dama() -> Command {
    Command::cargo_bin("dama").unwrap()
}

fn generate(dir: &std::path::Path, name: &str, seed: &str) -> String {
    let path = dir.join(name);
    dama()
        .args([
            "tune", "gen", "--rules", "czech", "--games", "6", "--nodes", "300",
        ])
        .args(["--max-plies", "120", "--seed", seed, "--out"])
        .arg(&path)
        .assert()
        .success();
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn gen_is_reproducible_and_fit_writes_loadable_weights() {
    let dir = tempfile::tempdir().unwrap();
    let a = generate(dir.path(), "a.txt", "5");
    let b = generate(dir.path(), "b.txt", "5");
    let c = generate(dir.path(), "c.txt", "6");
    assert_eq!(a, b, "same seed, same data");
    assert_ne!(a, c, "another seed, other random plies");
    let lines: Vec<&str> = a.lines().collect();
    assert!(lines.len() > 50, "{} positions", lines.len());
    for line in &lines {
        let (result, fen) = line.split_once(' ').unwrap();
        assert!(["1", "0.5", "0"].contains(&result), "{line}");
        dama_core::fen::parse(fen).unwrap();
    }

    let fit = |out: &str| {
        let path = dir.path().join(out);
        let output = dama()
            .args(["tune", "fit", "--rules", "czech", "--passes", "3", "--data"])
            .arg(dir.path().join("a.txt"))
            .arg("--out")
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success());
        let report = String::from_utf8(output.stdout).unwrap();
        (Weights::load(&path).unwrap(), report)
    };
    let (w1, report) = fit("w1.toml");
    let (w2, _) = fit("w2.toml");
    assert_eq!(w1, w2, "same data and seed, same weights");
    assert_ne!(w1, Weights::DEFAULT);
    let error: Vec<f64> = report
        .lines()
        .find_map(|l| l.strip_prefix("error "))
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(error[1] < error[0], "{report}");
    assert!(
        report.contains(&format!("positions {}\n", lines.len())),
        "{report}"
    );
}

#[test]
fn bad_data_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("empty.txt", "# nothing\n\n", "no positions"),
        ("result.txt", "2 W:Wc3:Bd6\n", "line 1: result '2'"),
        ("fen.txt", "0.5 W:Wc3:Bd6\n1 W:Wz9:Bd6\n", "line 2"),
        ("long.txt", &format!("1 {}\n", "x".repeat(1000)), "too long"),
    ];
    for (name, text, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let output = dama()
            .args(["tune", "fit", "--rules", "czech", "--data"])
            .arg(&path)
            .arg("--out")
            .arg(dir.path().join("w.toml"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{name}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.contains(message), "{name}: {err}");
    }
    dama()
        .args(["tune", "fit", "--data", "/nonexistent/x", "--out", "w.toml"])
        .assert()
        .code(2);
    dama()
        .args(["tune", "gen", "--games", "1", "--depth", "3", "--out", "x"])
        .assert()
        .code(2);
}

#[test]
fn patterns_fit_is_reproducible_and_lowers_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let data = generate(dir.path(), "a.txt", "7");
    let positions = data.lines().count();
    let fit = |out: &str, seed: &str| {
        let path = dir.path().join(out);
        let output = dama()
            .args(["tune", "patterns", "--rules", "czech", "--epochs", "4"])
            .args(["--seed", seed, "--data"])
            .arg(dir.path().join("a.txt"))
            .arg("--out")
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        (
            std::fs::read(&path).unwrap(),
            String::from_utf8(output.stdout).unwrap(),
        )
    };
    let (a, report) = fit("a.bin", "1");
    let (b, _) = fit("b.bin", "1");
    assert_eq!(a, b, "same data and seed, same scores");
    // Nine windows of 3^8 patterns, two phases, two bytes a score.
    assert_eq!(a.len(), 2 * 2 * 9 * 6561);
    assert!(a.iter().any(|&byte| byte != 0), "some pattern learned");
    let pair = |name: &str| -> Vec<f64> {
        report
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect()
    };
    let error = pair("error ");
    assert!(error[1] < error[0], "{report}");
    assert!(
        report.contains(&format!("positions {positions}\n")),
        "{report}"
    );

    for bad in [["--rate", "-1"], ["--decay", "nan"], ["--epochs", "0"]] {
        dama()
            .args(["tune", "patterns", "--data"])
            .arg(dir.path().join("a.txt"))
            .args(["--out", "x.bin"])
            .args(bad)
            .assert()
            .code(2);
    }
}

/// `dama tune gen --rules international` into `dir/name` (3 games, 300 nodes a move) with
/// the options `extra`; its output.
fn gen10(dir: &std::path::Path, name: &str, seed: &str, extra: &[&str]) -> std::process::Output {
    dama()
        .args(["tune", "gen", "--rules", "international", "--games", "3"])
        .args(["--nodes", "300", "--max-plies", "200", "--seed", seed])
        .args(extra)
        .arg("--out")
        .arg(dir.join(name))
        .output()
        .unwrap()
}

/// [`gen10`] with no other options, which must succeed; the file written.
fn generate10(dir: &std::path::Path, name: &str, seed: &str) -> String {
    let output = gen10(dir, name, seed, &[]);
    assert!(output.status.success(), "{output:?}");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

type Position10 = dama_core::PositionOn<dama_core::Board10>;

/// Whether `to` is the first quiet position after `from` in some line of play: a move from
/// `from`, then moves through positions that are not quiet (a capture pending), at most
/// `depth` more plies.
fn next_quiet(from: &Position10, to: &Position10, depth: u32) -> bool {
    use dama::tune::data::is_quiet;
    use dama_core::{BoardRules, International, MoveListOn};
    let mut list = MoveListOn::new();
    International::legal_moves(from, &mut list);
    let mut scratch = MoveListOn::new();
    list.iter().any(|mv| {
        let next = from.after(mv);
        next == *to
            || (depth > 0
                && !is_quiet::<International>(&next, &mut scratch)
                && next_quiet(&next, to, depth - 1))
    })
}

#[test]
fn gen_on_10x10_writes_its_header_and_positions_that_replay() {
    use dama_core::{BoardRules, International, MoveListOn};
    let dir = tempfile::tempdir().unwrap();
    let a = generate10(dir.path(), "a.txt", "5");
    assert_eq!(
        a,
        generate10(dir.path(), "b.txt", "5"),
        "same seed, same data"
    );
    let mut lines = a.lines();
    assert_eq!(
        lines.next(),
        Some("# dama tune data: rules international, board 10x10")
    );
    let mut positions: Vec<Position10> = Vec::new();
    for line in lines {
        let (result, fen) = line.split_once(' ').unwrap();
        assert!(["1", "0.5", "0"].contains(&result), "{line}");
        let pos = International::parse_fen(fen).unwrap();
        assert_eq!(
            dama_core::fen::write(&pos),
            fen,
            "written as the FEN writer does"
        );
        let mut list = MoveListOn::new();
        International::legal_moves(&pos, &mut list);
        assert!(!list.is_empty(), "{line}");
        assert!(
            list.iter().all(|mv| !mv.is_capture()),
            "quiet: no capture, {line}"
        );
        positions.push(pos);
    }
    assert!(positions.len() > 60, "{} positions", positions.len());
    // Each position follows from the one before by the game's moves, but where a new game
    // starts (three games: at most two such breaks).
    let breaks = positions
        .windows(2)
        .filter(|pair| !next_quiet(&pair[0], &pair[1], 12))
        .count();
    assert!(
        breaks <= 2,
        "{breaks} positions do not follow the one before"
    );
}

/// A small 10×10 data set: white ahead mostly won, black ahead mostly lost, level positions
/// mostly drawn.
const DATA10: &str = "# dama tune data: rules international, board 10x10
1 W:W31,32,33,34,35:B1,2,3
0.5 W:W31,32,33,34,35:B1,2,3,4
1 B:W28,32,37,41:B8,13
0.5 B:W28,32,37,41:B8,13,19
1 W:W46,47,48,49,50,23:B16,17
1 W:WK28,40:B5,10
0.5 W:WK28:B5,10
1 B:W24,38,43:B6,9
0 W:W33:B12,13,14
0.5 W:W33,34:B12,13,14
0 B:W45:B7,8,9,18
0 W:W36,37:B3,K23
0 B:W49:B16,27,28
0.5 W:W31,32:B19,20
1 W:W22,32:B19,20
0.5 B:W47,49:B2,4
0.5 W:W26,35:B16,25
0 W:W46,35:B16,25
0.5 B:W23,47:B4,28
";

#[test]
fn fit_on_10x10_gives_the_same_weights_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data10.txt");
    std::fs::write(&data, DATA10).unwrap();
    let fit = |name: &str| {
        let path = dir.path().join(name);
        let output = dama()
            .args(["tune", "fit", "--rules", "international", "--passes", "4"])
            .arg("--data")
            .arg(&data)
            .arg("--out")
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let report = String::from_utf8(output.stdout).unwrap();
        // All but the time taken.
        let report: Vec<String> = report
            .lines()
            .filter(|l| !l.starts_with("seconds "))
            .map(String::from)
            .collect();
        (std::fs::read_to_string(&path).unwrap(), report.join("\n"))
    };
    let (weights, report) = fit("a.toml");
    assert_eq!(fit("b.toml"), (weights.clone(), report.clone()));
    assert_eq!(
        report,
        "positions 19\nk 1.8446\nerror 0.045434 0.013580\n\
         held_out_error 0.000000 0.000000\npasses 4"
    );
    assert_eq!(
        weights,
        concat!(
            "# dama tune fit --rules international --seed 1: 19 positions fitted, 0 held out, K 1.8446\n",
            "# error 0.045434 -> 0.013580 (held out 0.000000 -> 0.000000), 4 passes\n",
            "man = 100\n",
            "king = 268\n",
            "advance = [-16, 1, -29, 5, 72, 75, 15, 20, 28]\n",
            "runaway = 104\n",
            "runaway_rank = 74\n",
            "centre = 6\n",
            "outpost = 8\n",
            "back_guard = 54\n",
            "golden = 24\n",
            "balance = -35\n",
            "man_step = 66\n",
            "locked = 28\n",
            "king_reach = 2\n",
            "king_long_diagonal = 44\n",
            "patterns = 100\n",
        )
    );
    // The file reads back as 10×10 weights, and a fit may start from it.
    let loaded = dama_engine::eval10::Weights10::load(&dir.path().join("a.toml")).unwrap();
    assert_ne!(loaded, dama_engine::INTERNATIONAL);
    dama()
        .args(["tune", "fit", "--rules", "international", "--passes", "1"])
        .arg("--data")
        .arg(&data)
        .arg("--start")
        .arg(dir.path().join("a.toml"))
        .arg("--out")
        .arg(dir.path().join("c.toml"))
        .assert()
        .success();
}

#[test]
fn data_of_another_board_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ten = dir.path().join("ten.txt");
    std::fs::write(&ten, DATA10).unwrap();
    let eight = dir.path().join("eight.txt");
    std::fs::write(&eight, "1 W:Wa1,c1,e1,c3:Bf6\n0 W:Wc3:Bb6,d6,f6\n").unwrap();
    let headless = dir.path().join("headless.txt");
    std::fs::write(
        &headless,
        DATA10.lines().skip(1).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
    let czech_header = dir.path().join("czech-header.txt");
    std::fs::write(
        &czech_header,
        DATA10.replace("rules international, board 10x10", "rules czech, board 8x8"),
    )
    .unwrap();
    let joined = dir.path().join("joined.txt");
    std::fs::write(&joined, format!("1 W:Wa1,c1,e1,c3:Bf6\n{DATA10}")).unwrap();
    let refused = |rules: &str, data: &std::path::Path| {
        let output = dama()
            .args(["tune", "fit", "--rules", rules, "--data"])
            .arg(data)
            .arg("--out")
            .arg(dir.path().join("w.toml"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{rules} {}", data.display());
        assert!(!dir.path().join("w.toml").exists());
        String::from_utf8(output.stderr).unwrap()
    };
    assert_eq!(
        refused("czech", &ten),
        format!(
            "dama: {}: tune data of the 'international' rules (10x10), not of the czech rules (8x8)\n",
            ten.display()
        )
    );
    assert_eq!(
        refused("czech", &joined),
        format!(
            "dama: {}: tune data of the 'international' rules (10x10), not of the czech rules (8x8)\n",
            joined.display()
        )
    );
    for path in [&eight, &headless] {
        assert_eq!(
            refused("international", path),
            format!(
                "dama: {}: 8x8 tune data (no '# dama tune data: rules …' header), not of the \
                 international rules (10x10)\n",
                path.display()
            )
        );
    }
    assert_eq!(
        refused("international", &czech_header),
        format!(
            "dama: {}: tune data of the 'czech' rules (8x8), not of the international rules (10x10)\n",
            czech_header.display()
        )
    );
    // The same refusal from `tune patterns`, which reads the data the same way.
    let output = dama()
        .args(["tune", "patterns", "--rules", "czech", "--data"])
        .arg(&ten)
        .args(["--out", "p.bin"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn broken_10x10_data_and_8x8_weights_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let header = "# dama tune data: rules international, board 10x10\n";
    let cases = [
        (
            "square.txt",
            format!("{header}1 W:W51:B1\n"),
            "line 2: bad square '51'",
        ),
        (
            "result.txt",
            format!("{header}1 W:W31:B1\nx W:W31:B1\n"),
            "line 3: result 'x'",
        ),
        (
            "long.txt",
            format!("{header}1 {}\n", "3".repeat(1000)),
            "line 2: line too long",
        ),
        (
            "bare.txt",
            format!("{header}1\n"),
            "line 2: expected RESULT FEN",
        ),
        ("empty.txt", header.to_string(), "no positions"),
        ("bytes.txt", format!("{header}1 W:W3\u{0}1:B1\n"), "line 2"),
    ];
    for (name, text, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let output = dama()
            .args(["tune", "fit", "--rules", "international", "--data"])
            .arg(&path)
            .arg("--out")
            .arg(dir.path().join("w.toml"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{name}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.contains(message), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
    // An 8×8 weights file is not a 10×10 one.
    let weights = dir.path().join("w8.toml");
    std::fs::write(&weights, "back_rank = 6\n").unwrap();
    let data = dir.path().join("data10.txt");
    std::fs::write(&data, DATA10).unwrap();
    let output = dama()
        .args(["tune", "fit", "--rules", "international", "--data"])
        .arg(&data)
        .arg("--start")
        .arg(&weights)
        .args(["--out", "w.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("unknown field `back_rank`"), "{err}");
}

#[test]
fn gen_on_10x10_plays_the_weights_file_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let gen_with = |name: &str, weights: Option<&str>| {
        let file = dir.path().join(format!("{name}.toml"));
        let mut extra = Vec::new();
        if let Some(text) = weights {
            std::fs::write(&file, text).unwrap();
            extra = vec!["--weights", file.to_str().unwrap()];
        }
        let output = gen10(dir.path(), name, "1", &extra);
        (
            output.status.code(),
            std::fs::read_to_string(dir.path().join(name)).unwrap_or_default(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (code, own, _) = gen_with("own.txt", None);
    assert_eq!(code, Some(0));
    // The rule set's own weights named in a file play the same games ...
    let named = dama_engine::INTERNATIONAL.to_toml();
    let (code, same, _) = gen_with("named.txt", Some(&named));
    assert_eq!(code, Some(0));
    assert_eq!(same, own);
    // ... and other weights other games.
    let (code, other, _) = gen_with("other.txt", Some("patterns = 0\nking = 250\n"));
    assert_eq!(code, Some(0));
    assert!(other.starts_with("# dama tune data: rules international"));
    assert_ne!(other, own);
    // An 8×8 weights file is not a 10×10 one.
    let (code, _, err) = gen_with("w8.txt", Some("back_rank = 6\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown field `back_rank`"), "{err}");
}

/// `dama tune patterns --rules international --epochs 3 ARGS` on the data file `data` in
/// `dir`, writing `out` there; the bytes written.
fn fit_patterns10(dir: &std::path::Path, data: &str, out: &str, args: &[&str]) -> Vec<u8> {
    let path = dir.join(out);
    let output = dama()
        .args([
            "tune",
            "patterns",
            "--rules",
            "international",
            "--epochs",
            "3",
        ])
        .args(args)
        .arg("--data")
        .arg(dir.join(data))
        .arg("--out")
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    std::fs::read(&path).unwrap()
}

/// The 10×10 recipe in small: self-play data, then the sixteen windows' scores, the same for
/// the same data and seed, a file the engine loads.
#[test]
fn patterns_fit_on_10x10_is_reproducible_and_loads() {
    use dama_core::Board10;
    use dama_engine::patterns::PatternsOn;
    let dir = tempfile::tempdir().unwrap();
    generate10(dir.path(), "a.txt", "3");
    let fit = |out: &str| fit_patterns10(dir.path(), "a.txt", out, &["--seed", "2"]);
    let (a, b) = (fit("a.bin"), fit("b.bin"));
    assert_eq!(a, b, "same data and seed, same scores");
    // Sixteen windows of 3^8 patterns, two phases, two bytes a score.
    assert_eq!(a.len(), 2 * 2 * 16 * 6561);
    assert!(a.iter().any(|&byte| byte != 0), "some pattern learned");
    assert!(PatternsOn::<Board10>::from_bytes(&a).is_some());
    assert!(PatternsOn::<Board10>::from_bytes(&a[1..]).is_none());
    // A data file of the other board is refused before any work.
    let czech = dir.path().join("czech.txt");
    std::fs::write(&czech, generate(dir.path(), "c.txt", "1")).unwrap();
    let output = dama()
        .args(["tune", "patterns", "--rules", "international", "--data"])
        .arg(&czech)
        .arg("--out")
        .arg(dir.path().join("c.bin"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}

/// `--symmetric`: one set of scores for both sides, so every position's patterns score is
/// minus that of the board turned half a turn with the colours swapped, and the fit is still
/// reproducible.
#[test]
fn a_symmetric_patterns_fit_scores_each_side_alike() {
    use dama_core::position::SetupOn;
    use dama_core::{Board10, Role, SquareOn};
    use dama_engine::patterns::PatternsOn;
    let dir = tempfile::tempdir().unwrap();
    let data = generate10(dir.path(), "a.txt", "4");
    let fit = |out: &str| fit_patterns10(dir.path(), "a.txt", out, &["--symmetric"]);
    let (a, b) = (fit("a.bin"), fit("b.bin"));
    assert_eq!(a, b, "same data and seed, same scores");
    let scores = PatternsOn::<Board10>::from_bytes(&a).unwrap();
    let turned = |pos: &Position10| {
        let mut setup = SetupOn::<Board10>::default();
        for sq in pos.occupied().squares() {
            let piece = pos.piece_at(sq).unwrap();
            let to = SquareOn::from_file_rank(9 - sq.file(), 9 - sq.rank()).unwrap();
            setup.put(to, !piece.color, piece.role == Role::King);
        }
        Position10::from_setup(&setup).unwrap()
    };
    let mut scored = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (_, fen) = line.split_once(' ').unwrap();
        let pos: Position10 = dama_core::fen::parse_on(fen).unwrap();
        let score = scores.score(&pos);
        assert_eq!(score, -scores.score(&turned(&pos)), "{fen}");
        scored += usize::from(score != 0);
    }
    assert!(scored > 10, "{scored} positions scored");
}
