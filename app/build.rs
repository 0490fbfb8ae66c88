//! Names the build in `dama --version`: the package version, then the commit as
//! `git describe --tags --always` writes it (`v0.1.0-312-g057a0ef`), read when the program
//! is built. Without git, or outside a repository (a source tarball), the version alone.
//!
//! Also packs the built-in opening books (`data/books/*.txt`) with LZ4, keeping the binary
//! about 0.4 MB smaller; `book/mod.rs` unpacks a book when a game asks for it.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let described = git(&["describe", "--tags", "--always"]);
    let full = match &described {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=DAMA_VERSION={full}");
    // Built again when the checked-out commit or the tags change.
    for path in ["HEAD", "logs/HEAD", "packed-refs", "refs/tags"] {
        if let Some(file) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={file}");
        }
    }
    pack_books();
    println!("cargo:rerun-if-changed=build.rs");
}

/// Writes each `data/books/NAME.txt` packed to `$OUT_DIR/books/NAME.txt.lz4`.
fn pack_books() {
    let out = Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("books");
    std::fs::create_dir_all(&out)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", out.display()));
    println!("cargo:rerun-if-changed=data/books");
    let books = std::fs::read_dir("data/books").expect("app/data/books is part of the source");
    for entry in books {
        let source = entry.expect("a readable app/data/books").path();
        if source.extension().is_none_or(|ext| ext != "txt") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", source.display());
        let text = std::fs::read(&source)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", source.display()));
        let name = source.file_name().expect("a file").to_string_lossy();
        let target = out.join(format!("{name}.lz4"));
        std::fs::write(&target, lz4_flex::compress_prepend_size(&text))
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
}
