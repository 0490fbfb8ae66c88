//! `dama tb build|probe|info|verify` on tables of at most three pieces built into a temporary
//! directory; refused files; `analyze` with tables.

use std::path::Path;

use assert_cmd::Command;

fn dama() -> Command {
    let mut cmd = Command::cargo_bin("dama").expect("the binary");
    cmd.env_remove("DAMA_TB_DIR");
    cmd
}

fn run(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = dama()
        .args(args)
        .arg("--tb-dir")
        .arg(dir)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn built() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run(
        &["tb", "build", "--rules", "czech", "--pieces", "3"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("built ")).count(),
        9,
        "{out}"
    );
    assert!(
        out.ends_with("total 9 classes built, 0 present, 201272 positions, 74554 bytes, ")
            || out.lines().last().is_some_and(
                |l| l.starts_with("total 9 classes built, 0 present, 201272 positions, ")
            ),
        "{out}"
    );
    dir
}

fn probe(dir: &Path, fen: &str) -> (i32, String, String) {
    run(&["tb", "probe", "--rules", "czech", "--fen", fen], dir)
}

#[test]
fn build_is_resumable_and_verify_passes() {
    let dir = built();
    let (code, out, _) = run(
        &["tb", "build", "--rules", "czech", "--pieces", "3"],
        dir.path(),
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.starts_with("present ")).count(), 9);
    assert!(out.contains("total 0 classes built, 9 present"), "{out}");
    // One class removed: only that one is built again.
    std::fs::remove_file(dir.path().join("czech/KMvK.dtb")).expect("removed");
    let (_, out, _) = run(
        &["tb", "build", "--rules", "czech", "--pieces", "3"],
        dir.path(),
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("built "))
            .collect::<Vec<_>>()
            .len(),
        1
    );
    assert!(out.contains("built KMvK positions 52080 "), "{out}");
    let (code, out, err) = run(&["tb", "verify", "--rules", "czech"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("verified 9 classes, 201272 positions"),
        "{out}"
    );
    let (code, out, _) = run(&["tb", "info"], dir.path());
    assert_eq!(code, 0);
    assert!(
        out.contains("czech total 9 classes, 201272 positions"),
        "{out}"
    );
    assert!(out.contains("czech KMvK positions 52080 bytes "), "{out}");
}

#[test]
fn probe_prints_one_line_or_exits_2() {
    let dir = built();
    // The white king takes the black one at once.
    assert_eq!(probe(dir.path(), "W:WKc3:BKd4").1, "win 1\n");
    assert_eq!(probe(dir.path(), "B:WKc3:BKd4").1, "win 1\n");
    // A black man whose every move (each ends the phase) leads to a lost position.
    assert_eq!(probe(dir.path(), "B:WKe1,Kg1:Bb4").1, "loss 1\n");
    // Kings far apart: a draw.
    assert_eq!(probe(dir.path(), "W:WKa1:BKh2").1, "draw\n");
    // Outside the tables: four pieces.
    let (code, out, err) = probe(dir.path(), "W:WKa1,Kc1:BKh2,Kh6");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim(),
        format!(
            "dama: W:WKa1,Kc1:BKh2,Kh6: not in the tables ({} has no KKvKK: dama tb build \
             --rules czech --pieces 4 builds it)",
            dir.path().join("czech").display()
        )
    );
    // A bad FEN.
    let (code, _, err) = probe(dir.path(), "W:Wz9:BKh2");
    assert_eq!(code, 2);
    assert!(err.starts_with("dama: bad FEN"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn bad_files_are_refused_with_one_line_naming_them() {
    let dir = built();
    let file = dir.path().join("czech/KvK.dtb");
    let good = std::fs::read(&file).expect("read");
    let check = |bytes: &[u8], why: &str| {
        std::fs::write(&file, bytes).expect("written");
        let (code, out, err) = probe(dir.path(), "W:WKa1:BKh2");
        assert_eq!((code, out.as_str()), (2, ""), "{why}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines[0].contains("KvK.dtb") && lines[0].contains(why),
            "{err}"
        );
        assert!(lines[1].ends_with("not in the tables"), "{err}");
    };
    // One byte flipped in the data: its block's checksum, found at the first probe.
    let mut corrupt = good.clone();
    let last = corrupt.len() - 1;
    corrupt[last] ^= 0x55;
    check(&corrupt, "checksum");
    // Cut short.
    check(&good[..good.len() / 2], "truncated");
    check(&good[..20], "truncated");
    // Not a table at all.
    check(&[b'x'; 200], "bad magic");
    // A file of format version 1 (one checksum over the whole file): built again.
    let mut old = good.clone();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    let head = crc32fast::hash(&old[..60]);
    old[60..64].copy_from_slice(&head.to_le_bytes());
    check(
        &old,
        "format version 1, this program reads 2 (build the tables again",
    );
    // The block index changed: its own checksum.
    let mut index = good.clone();
    index[64] ^= 1;
    check(&index, "corrupt block index (checksum)");
    // Another rule set's file under the Czech name.
    let spanish = tempfile::tempdir().expect("a temporary directory");
    let (code, _, _) = run(
        &["tb", "build", "--rules", "spanish", "--pieces", "2"],
        spanish.path(),
    );
    assert_eq!(code, 0);
    let foreign = std::fs::read(spanish.path().join("spanish/KvK.dtb")).expect("read");
    check(&foreign, "spanish rules");
    // Put back, it is used again.
    std::fs::write(&file, &good).expect("written");
    assert_eq!(probe(dir.path(), "W:WKa1:BKh2").1, "draw\n");
}

#[test]
fn analyze_reports_table_scores_and_hits() {
    let dir = built();
    let (code, out, err) = run(
        &[
            "analyze",
            "--rules",
            "czech",
            "--fen",
            "B:WKe1,Kg1:Bb4",
            "--movetime",
            "300",
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("info depth 1 score loss 1 nodes 0 time "),
        "{out}"
    );
    assert!(lines[0].ends_with(" tbhits 1 pv b4-a3"), "{out}");
    assert_eq!(lines[1], "bestmove b4-a3");
}

#[test]
fn russian_tables_cover_every_class_with_two_clocks_and_verify() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run(
        &["tb", "build", "--rules", "russian", "--pieces", "4"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("skipped "), "{out}");
    assert!(out.contains("total 23 classes built"), "{out}");
    // Rule 4 with men on the board: 60 layers of the class.
    assert!(out.contains("built KMvKM positions 1322400 "), "{out}");
    let (code, out, err) = run(&["tb", "verify", "--rules", "russian"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("verified 23 classes"), "{out}");
    // Three kings against a lone king off the main road: won (rule 2's 15 moves suffice).
    let (code, out, _) = probe_rules(dir.path(), "russian", "W:WKa1,Kc1,Ke1:BKh2");
    assert_eq!((code, out.trim()), (0, "win 18"));
    // Classes with two clocks, with fresh counters: white's Kc1 leaves black no move.
    let (code, out, _) = probe_rules(dir.path(), "russian", "W:WKa1,c3:BKh2,f6");
    assert_eq!((code, out.trim()), (0, "draw"));
    let (code, out, _) = probe_rules(dir.path(), "russian", "W:WKd2,Ke1:BKa1,b2");
    assert_eq!((code, out.trim()), (0, "win 1"));
}

fn probe_rules(dir: &Path, rules: &str, fen: &str) -> (i32, String, String) {
    run(&["tb", "probe", "--rules", rules, "--fen", fen], dir)
}

#[test]
fn info_names_the_directory_it_looked_in_when_empty() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run(&["tb", "info", "--rules", "czech"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "tables in {}\nno table files in {} (dama tb build --rules czech --pieces N \
             builds them)\n",
            dir.path().display(),
            dir.path().join("czech").display()
        )
    );
}

#[test]
fn plan_lists_the_classes_and_what_each_one_reads() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run(
        &["tb", "plan", "--rules", "czech", "--pieces", "2"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        r#"{
  "rules": "czech",
  "pieces": 2,
  "classes": [
    {
      "name": "KvK",
      "pieces": 2,
      "entries": 1984,
      "positions": 1984,
      "depends": []
    },
    {
      "name": "KvM",
      "pieces": 2,
      "entries": 1736,
      "positions": 1736,
      "depends": [
        "KvK"
      ]
    },
    {
      "name": "MvM",
      "pieces": 2,
      "entries": 1568,
      "positions": 1520,
      "depends": [
        "KvM"
      ]
    }
  ],
  "skipped": []
}
"#
    );
    // Russian: nothing left out; a class with layers holds its positions times its layers.
    let (code, out, _) = run(
        &["tb", "plan", "--rules", "russian", "--pieces", "4"],
        dir.path(),
    );
    assert_eq!(code, 0);
    assert!(out.contains(r#""skipped": []"#), "{out}");
    assert!(
        out.contains(
            r#""name": "KMvKM",
      "pieces": 4,
      "entries": 81849600,"#
        ),
        "{out}"
    );
}

/// Runs dama with a fixed build time, so that files can be compared byte for byte.
fn run_at(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = dama()
        .args(args)
        .arg("--tb-dir")
        .arg(dir)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn classes_built_one_by_one_are_the_files_of_one_build() {
    let whole = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run_at(
        &["tb", "build", "--rules", "czech", "--pieces", "3"],
        whole.path(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().next(),
        Some(format!("tables in {}", whole.path().join("czech").display()).as_str())
    );
    let one = tempfile::tempdir().expect("a temporary directory");
    // Before the classes it reads: refused, nothing written.
    let (code, out, err) = run_at(
        &["tb", "build", "--rules", "czech", "--class", "KMvM"],
        one.path(),
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim(),
        "dama: class KMvM needs KvK, KvM, MvM, KKvM, KMvK built first"
    );
    let names = [
        "KvK", "KvM", "MvM", "KKvK", "KKvM", "KMvK", "KMvM", "MMvK", "MMvM",
    ];
    for name in names {
        let (code, out, err) = run_at(
            &["tb", "build", "--rules", "czech", "--class", name],
            one.path(),
        );
        assert_eq!(code, 0, "{err}");
        assert!(
            out.starts_with(&format!("built {name} positions ")),
            "{out}"
        );
        let file = format!("czech/{name}.dtb");
        assert_eq!(
            std::fs::read(one.path().join(&file)).expect("written"),
            std::fs::read(whole.path().join(&file)).expect("written"),
            "{name}"
        );
    }
    // Again: present, the file untouched; a colour-mirrored name is its class.
    let (code, out, _) = run_at(
        &["tb", "build", "--rules", "czech", "--class", "KvKM"],
        one.path(),
    );
    assert_eq!((code, out.as_str()), (0, "present KMvK\n"));
    // A damaged file is built again.
    let path = one.path().join("czech/KMvK.dtb");
    let mut bytes = std::fs::read(&path).expect("read");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&path, bytes).expect("written");
    let (code, out, _) = run_at(
        &["tb", "build", "--rules", "czech", "--class", "KMvK"],
        one.path(),
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("built KMvK positions 52080 "), "{out}");
    assert_eq!(
        std::fs::read(&path).expect("read"),
        std::fs::read(whole.path().join("czech/KMvK.dtb")).expect("read")
    );
    // Not a class.
    let (code, _, err) = run_at(
        &["tb", "build", "--rules", "czech", "--class", "KxvK"],
        one.path(),
    );
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "dama: KxvK: not a class name (kings then men of each side, as KMvK, at most 5 of a kind)"
    );
}

#[test]
fn international_tables_build_verify_probe_and_list() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (code, out, err) = run(
        &["tb", "build", "--rules", "international", "--pieces", "2"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    let built: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("built "))
        .map(|l| l.split(" bytes").next().unwrap_or(l))
        .collect();
    assert_eq!(
        built,
        [
            "built KvK positions 4900",
            "built KvM positions 4410",
            "built MvM positions 3970"
        ],
        "{out}"
    );
    let (code, out, err) = run(&["tb", "verify", "--rules", "international"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("ok KvK 4900\nok KvM 4410\nok MvM 3970\nverified 3 classes, 13280 positions"),
        "{out}"
    );
    assert_eq!(
        probe_rules(dir.path(), "international", "W:WK46:B5"),
        (0, "win 2\n".to_string(), String::new())
    );
    assert_eq!(
        probe_rules(dir.path(), "international", "W:W45:BK1"),
        (0, "loss 1\n".to_string(), String::new())
    );
    let (code, out, _) = run(&["tb", "info", "--rules", "international"], dir.path());
    assert_eq!(code, 0);
    assert!(
        out.contains("international KvK positions 4900 bytes ")
            && out.contains("international total 3 classes, 13280 positions, "),
        "{out}"
    );
    // A class outside the tables built: the command that builds it.
    let (code, _, err) = probe_rules(dir.path(), "international", "W:WK46,K1:BK25");
    assert_eq!(code, 2);
    assert!(
        err.contains("dama tb build --rules international --pieces 3"),
        "{err}"
    );
}
