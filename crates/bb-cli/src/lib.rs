//! The library half of the `bb` command: argument parsing, the `backends` report, the `bench`
//! harness and the perft counts.
//!
//! The harness ([`bench`](mod@bench)) is also used by the criterion suites in `benches/` (crate
//! `bb-benches`), so a kernel written once as a [`bench::Case`] is timed the same way by
//! `bb bench` and by `cargo bench`.
#![forbid(unsafe_code)]

pub mod args;
pub mod backends;
pub mod bench;
pub mod json;
pub mod perft;
pub mod progress;
pub mod train;
