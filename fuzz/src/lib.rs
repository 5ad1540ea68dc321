//! The fuzz targets' bodies, shared by the libFuzzer targets (`fuzz_targets/`) and the corpus
//! regression tests that run on stable in `cargo test --workspace`
//! (`crates/bb-chess/tests/fuzz_corpus.rs`, `crates/bb-reversi/tests/fuzz_corpus.rs`, which
//! include these files by path with the driver `regress`).

pub mod chess;
pub mod regress;
pub mod reversi;
