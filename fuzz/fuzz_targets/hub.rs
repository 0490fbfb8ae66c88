//! cargo-fuzz target: the `hub` property of `tests/fuzz_checks` (the Hub protocol's reader).
#![no_main]

#[path = "../../app/tests/it/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::hub(data));
