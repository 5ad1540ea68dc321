//! `bb bench`: every registered kernel variant on every backend, checked then timed.
//!
//! # Adding a kernel (one file, one line)
//!
//! 1. Create `src/bench/<kernel>.rs` (copy `popcount.rs`): one [`Case`] per variant, a
//!    `pub fn workload(n) -> Arc<[Input]>` (seeded, e.g. positions from random play-outs), and
//!    `pub fn register(r: &mut impl Register)` that builds the workload once and calls
//!    `r.add::<ThatCase>(w.clone())` per variant. For a game crate's visitor registry, wrap the
//!    variant types generically and register from the visitor:
//!
//!    ```ignore
//!    #[derive(Clone, Copy, Default)]
//!    pub struct FlipCase<V>(PhantomData<V>);
//!    impl<V: FlipVariant> Case for FlipCase<V> {
//!        type Input = (Square, u64, u64);
//!        const KERNEL: &'static str = "flip";
//!        const VARIANT: &'static str = V::NAME;
//!        fn supported<B: Backend>() -> bool { V::supported::<B>() }
//!        fn is_default<B: Backend>() -> bool { /* V is bb_reversi::flip::<B>'s choice */ }
//!        #[inline(always)]
//!        fn run<B: Backend>(b: B, &(sq, p, o): &Self::Input) -> u64 { V::flip(b, sq, p, o) }
//!        fn reference(&(sq, p, o): &Self::Input) -> u64 { /* bb_core::reference oracle */ }
//!        #[inline(always)]
//!        fn chain(&(sq, p, o): &Self::Input, z: u64) -> Self::Input { (sq, p ^ z, o ^ z) }
//!    }
//!    struct Visit<'a, R>(&'a mut R, Arc<[(Square, u64, u64)]>);
//!    impl<R: Register> FlipVisitor for Visit<'_, R> {
//!        fn visit<V: FlipVariant>(&mut self, _: V) { self.0.add::<FlipCase<V>>(self.1.clone()) }
//!    }
//!    pub fn register(r: &mut impl Register) {
//!        let w = workload(r.samples());
//!        bb_reversi::flip::for_each_variant(&mut Visit(r, w));
//!    }
//!    ```
//! 2. Add `pub mod <kernel>;` below and one line `<kernel>::register(r);` to [`register_all`].
//! 3. Add the game crate to `crates/bb-cli/Cargo.toml` `[dependencies]` (workspace = true).
//!
//! The criterion suites reuse the same `register` (see `benches/benches/common/mod.rs`), so step 1 also
//! gives `cargo bench` its cases.
//!
//! `Case::run` must be generic, `#[inline(always)]` code (no function pointers, no
//! `dispatch`): the harness calls it inside `backend.vectorize(..)` in the loops of
//! [`harness`], iterating a slice (no bounds checks).

pub mod harness;
pub mod report;

pub mod byteboard;
pub mod dot_u8i8;
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
    Case, Clock, Entry, Measured, Outcome, Register, Registry, Settings, backends, latency,
    throughput,
};
pub use report::{Report, Row, run};

/// Registers every kernel. THE list: one line per kernel file.
pub fn register_all(r: &mut impl Register) {
    popcount::register(r);
    dot_u8i8::register(r);
    flip::register(r);
    mobility::register(r);
    potential_mobility::register(r);
    last_flip_count::register(r);
    full_lines::register(r);
    stability::register(r);
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
