//! cargo-fuzz target: the `match_output` property of `tests/fuzz_checks`.
#![no_main]

#[path = "../../app/tests/it/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::match_output(data));
