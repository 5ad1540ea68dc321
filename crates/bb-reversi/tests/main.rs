//! Integration tests of bb-reversi, in one binary: one link instead of one per file.

mod kernels_common;

mod api;
mod board;
mod eval;
mod eval_weights;
mod flip;
mod full_lines;
mod fuzz_corpus;
mod game;
mod hash;
mod last_flip;
mod mobility;
mod obf;
mod perft;
mod solver;
mod solver_api;
mod solver_eval;
mod stability;
mod symmetry;
mod validity;
