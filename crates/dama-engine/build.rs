//! Packs the pattern weights built into the engine (`weights/*-patterns.bin`): LZ4 keeps the
//! binary about 0.7 MB smaller (three quarters of the scores are zero); `patterns.rs`
//! unpacks a file the first time a search needs it.

use std::path::Path;

const PACKED: [&str; 3] = [
    "czech-patterns.bin",
    "russian-patterns.bin",
    "international-patterns.bin",
];

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    for name in PACKED {
        let source = Path::new("weights").join(name);
        println!("cargo:rerun-if-changed={}", source.display());
        let bytes = std::fs::read(&source)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", source.display()));
        let packed = lz4_flex::compress_prepend_size(&bytes);
        let target = Path::new(&out).join(format!("{name}.lz4"));
        std::fs::write(&target, packed)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
    println!("cargo:rerun-if-changed=build.rs");
}
