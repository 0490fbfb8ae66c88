//! cargo-fuzz target: the `dxp` property of `tests/fuzz_checks` (the DXP reader and session,
//! with the bounds of issue 39).
#![no_main]

#[path = "../../app/tests/it/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::dxp(data));
