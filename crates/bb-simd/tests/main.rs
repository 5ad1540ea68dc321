//! Integration tests of bb-simd, in one binary: one link instead of one per file.

mod ops;
mod primitives;
mod select;
mod specialize;
