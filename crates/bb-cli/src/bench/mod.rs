//! `bb bench`: every registered kernel variant on every backend, checked then timed.
//!
//! # Adding a kernel
//!
//! 1. Create `src/bench/<kernel>.rs` with one [`Case`] per variant (for a game crate's
//!    registry, one generic wrapper `struct XCase<V>(PhantomData<V>)` implementing [`Case`]
//!    for every `V: XVariant`) and a `pub fn register(r: &mut Registry)` that builds one
//!    seeded workload of `r.samples()` inputs (`Arc<[Input]>`) and calls `r.add::<Case>(w.clone())`
//!    per variant (for a visitor registry: inside `visit<V>`).
//! 2. Add `mod <kernel>;` below and one line `<kernel>::register(r);` to [`register_all`].
//! 3. Add `bb-<crate>` to `crates/bb-cli/Cargo.toml` `[dependencies]` if new.
//!
//! `Case::run` must be `#[inline(always)]`-friendly generic code (no function pointers); the
//! harness calls it inside `backend.vectorize(..)` in the loops of [`harness`]. See
//! `popcount.rs` for a small example.

pub mod harness;
pub mod report;

mod dot_u8i8;
mod popcount;

pub use harness::{
    Case, Entry, Measured, Outcome, Registry, Settings, backends, latency, throughput,
};
pub use report::{Report, Row, run};

/// Registers every kernel. THE list: one line per kernel file.
pub fn register_all(r: &mut Registry) {
    popcount::register(r);
    dot_u8i8::register(r);
}

/// A registry with every kernel, workloads sized by `settings`.
pub fn registry(settings: Settings) -> Registry {
    let mut r = Registry::new(settings);
    register_all(&mut r);
    r
}
