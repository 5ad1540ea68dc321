//! libFuzzer target; the checks are in `bb_fuzz::chess::fen_uci` (`fuzz/src/chess.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bb_fuzz::chess::fen_uci(data);
});
