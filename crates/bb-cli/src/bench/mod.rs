//! `bb bench`: every registered kernel variant on every backend, checked then timed.
//!
//! # Adding a kernel (one file, one line)
//!
//! 1. Create `src/bench/<kernel>.rs` with a `pub fn workload(n) -> Arc<[Input]>` (seeded, e.g.
//!    positions from random play-outs) and a `pub fn register(r: &mut impl Register)`. A kernel
//!    declared with `bb_simd::kernel!` needs nothing else: [`kernel::register`] turns each of
//!    its variants into a [`Case`] (see `mobility.rs`):
//!
//!    ```ignore
//!    pub fn register(r: &mut impl Register) {
//!        super::kernel::register::<bb_reversi::mobility::Mobility, false>(r, workload(r.samples()));
//!    }
//!    ```
//!
//!    Anything else (a primitive, a whole-board operation) implements [`Case`] itself, one zero
//!    sized type per variant (see `byteboard.rs`), and calls `r.add::<ThatCase>(w.clone())`.
//! 2. Add `pub mod <kernel>;` below and one line `<kernel>::register(r);` to [`register_all`].
//! 3. Add the game crate to `crates/bb-cli/Cargo.toml` `[dependencies]` (workspace = true).
//!
//! The criterion kernels suite (`benches/benches/kernels.rs`, `cargo bench -p bb-benches --bench
//! kernels`) iterates [`register_all`] through its own [`Register`], so step 2 also puts the
//! kernel in `cargo bench`, under the same `kernel/variant/backend` names.
//!
//! `Case::run` must be generic, `#[inline(always)]` code (no function pointers, no
//! `dispatch`): the harness calls it inside `backend.vectorize(..)` in the loops of
//! [`harness`], iterating a slice (no bounds checks).

pub mod harness;
pub mod kernel;
pub mod report;
pub mod svg;

pub mod byteboard;
pub mod dot_u8i8;
pub mod eval;
pub mod flip;
pub mod full_lines;
pub mod last_flip_count;
pub mod mobility;
pub mod popcount;
pub mod potential_mobility;
pub mod sliders;
pub mod stability;
pub mod transpose;

pub use harness::{
    Case, Checked, Clock, Entry, Measured, Outcome, Passes, Register, Registry, Round, Settings,
    backends, latency, throughput,
};
pub use report::{Columns, LEGEND, Report, Row, run, run_streaming};

/// Registers every kernel. THE list: one line per kernel file, read by `bb bench` and by the
/// criterion kernels suite.
pub fn register_all(r: &mut impl Register) {
    popcount::register(r);
    dot_u8i8::register(r);
    flip::register(r);
    mobility::register(r);
    potential_mobility::register(r);
    last_flip_count::register(r);
    full_lines::register(r);
    stability::register(r);
    eval::register(r);
    sliders::register(r);
    byteboard::register(r);
    transpose::register(r);
}

/// A registry with every kernel, workloads sized by `settings`.
pub fn registry(settings: Settings) -> Registry {
    let mut r = Registry::new(settings);
    register_all(&mut r);
    r
}
