//! Integration tests of bb-cli, in one binary: one link instead of one per file.

mod cli_common;

mod backend_env;
mod bad_input;
mod bench;
mod closed_pipe;
mod commands;
mod perft;
mod solve;
mod solve_obf_errors;
mod train;
