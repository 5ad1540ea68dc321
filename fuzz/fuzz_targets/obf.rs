//! libFuzzer target; the checks are in `bb_fuzz::reversi::obf` (`fuzz/src/reversi.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bb_fuzz::reversi::obf(data);
});
