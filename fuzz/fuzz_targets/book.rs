//! cargo-fuzz target: the `book` property of `tests/fuzz_checks` (the opening-book reader).
#![no_main]

#[path = "../../app/tests/it/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::book(data));
