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
