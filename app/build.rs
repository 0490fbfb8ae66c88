//! Names the build in `dama --version`: the package version, then the commit as
//! `git describe --tags --always` writes it (`v0.1.0-312-g057a0ef`), read when the program
//! is built. Without git, or outside a repository (a source tarball), the version alone.

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
    println!("cargo:rerun-if-changed=build.rs");
}
