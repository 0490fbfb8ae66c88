//! cargo-fuzz target: the `hub_session` property of `tests/fuzz_checks` (a whole `dama hub`
//! session, its bounded queues and the lines waiting for a search).
#![no_main]

#[path = "../../app/tests/it/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::hub_session(data));
