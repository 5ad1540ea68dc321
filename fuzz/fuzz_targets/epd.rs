//! libFuzzer target; the checks are in `bb_fuzz::chess::epd` (`fuzz/src/chess.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bb_fuzz::chess::epd(data);
});
