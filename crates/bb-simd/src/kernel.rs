//! The kernel model: one declaration per kernel gives its variant list, its oracle, its
//! per-backend default's name, the test runner [`check`] and the benchmark adapter of `bb bench`.
//!
//! A *kernel* is one operation (flip, mobility, rook attacks, ...) with several *variants*
//! (techniques), each a zero-sized type generic over the [`Backend`]. The game crates keep a
//! typed trait per kernel (`FlipVariant::flip(b, sq, p, o)`, the API an engine calls) and
//! declare the kernel once with [`kernel!`](crate::kernel!), which implements [`Kernel`] for a
//! marker type and [`Variant`] for every variant type in its list.
//!
//! ```
//! use bb_simd::kernel::{self, Kernel};
//! use bb_simd::Backend;
//!
//! /// A technique for the population count of one word.
//! pub trait PopVariant {
//!     const NAME: &'static str;
//!     fn supported<B: Backend>() -> bool { true }
//!     fn pop<B: Backend>(b: B, x: u64) -> u32;
//! }
//! #[derive(Clone, Copy, Default)]
//! pub struct Native;
//! impl PopVariant for Native {
//!     const NAME: &'static str = "native";
//!     fn pop<B: Backend>(_: B, x: u64) -> u32 { x.count_ones() }
//! }
//! #[derive(Clone, Copy, Default)]
//! pub struct Swar;
//! impl PopVariant for Swar {
//!     const NAME: &'static str = "swar";
//!     fn pop<B: Backend>(_: B, x: u64) -> u32 {
//!         let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
//!         let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
//!         let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
//!         (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
//!     }
//! }
//!
//! /// The kernel.
//! #[derive(Clone, Copy, Debug, Default)]
//! pub struct Pop;
//! bb_simd::kernel! {
//!     Pop: PopVariant {
//!         name: "pop",
//!         input: u64,
//!         output: u32,
//!         reference(&x) { (0..64).filter(|i| x >> i & 1 != 0).count() as u32 }
//!         chain(&x, z) { x ^ z }
//!         fold(n) { u64::from(n) }
//!         default_name<B>() { Native::NAME }
//!         run<V>(b, &x) { V::pop(b, x) }
//!         variants [Native, Swar]
//!     }
//! }
//!
//! let checked = kernel::check::<Pop>(&[0, 1, u64::MAX, 0x8000_0000_0000_0001]);
//! assert!(checked.iter().all(|&(_, variants)| variants == 2));
//! ```

use crate::Backend;
use core::fmt::Debug;

/// One operation with several variants, its oracle and its variant list. Implement it with
/// [`kernel!`](crate::kernel!).
pub trait Kernel: Copy + Default + Send + Sync + 'static {
    /// The name tests, `bb bench` and criterion use (e.g. `"flip"`).
    const NAME: &'static str;
    /// One call's arguments (a position, a square and a position, ...). Small and plain: the
    /// benchmark loops iterate a slice of them.
    type Input: Copy + Debug + Send + Sync + 'static;
    /// One call's result.
    type Output: Copy + PartialEq + Debug + Send + Sync;
    /// The slow, obviously correct result (bb-core's oracles).
    fn reference(x: &Self::Input) -> Self::Output;
    /// `x` with `z` folded in, where `z` is zero at run time but opaque to the compiler. The
    /// latency loops use it to make each input depend on the previous result; it must be cheap
    /// and touch the input the way the kernel loads it (every lane of an array input).
    fn chain(x: &Self::Input, z: u64) -> Self::Input;
    /// The result folded to a `u64`, for the benchmark loops (summed, or fed to [`chain`](
    /// Kernel::chain)).
    fn fold(out: Self::Output) -> u64;
    /// The [`Variant::NAME`] of the variant that the kernel's default function uses on `B`.
    fn default_name<B: Backend>() -> &'static str;
    /// Calls `v.visit::<V>()` for every variant `V`, in a fixed order.
    fn for_each_variant(v: &mut impl Visit<Self>);
}

/// One technique of kernel `K`.
pub trait Variant<K: Kernel>: Copy + Default + Send + Sync + 'static {
    /// Short name (e.g. `"carry_lzcnt"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. [`check`] tests every variant on every backend anyway.
    fn supported<B: Backend>() -> bool;
    /// The kernel on one input. Generic code, to be called inside [`Backend::vectorize`].
    fn run<B: Backend>(b: B, x: &K::Input) -> K::Output;
    /// This variant's own oracle, for a variant that computes a documented variation of the
    /// kernel (a sum that saturates where the kernel's is exact); `None` (every other variant):
    /// [`Kernel::reference`]. Declared by the `variant_reference` clause of
    /// [`kernel!`](crate::kernel!).
    fn own_reference(x: &K::Input) -> Option<K::Output>;
}

/// What [`Kernel::for_each_variant`] calls once per variant.
pub trait Visit<K: Kernel> {
    /// Called with each variant type.
    fn visit<V: Variant<K>>(&mut self);
}

/// The variant names of `K`, in [`Kernel::for_each_variant`] order.
#[cfg(feature = "std")]
pub fn variant_names<K: Kernel>() -> std::vec::Vec<&'static str> {
    struct Names(std::vec::Vec<&'static str>);
    impl<K: Kernel> Visit<K> for Names {
        fn visit<V: Variant<K>>(&mut self) {
            self.0.push(V::NAME);
        }
    }
    let mut n = Names(std::vec::Vec::new());
    K::for_each_variant(&mut n);
    n.0
}

/// Checks every variant of `K` against [`Kernel::reference`] (or its
/// [`own_reference`](Variant::own_reference)) on every `input`, on every backend
/// of [`for_each_backend`](crate::for_each_backend()) (the variants a backend lacks the
/// instructions for run through its emulated operations), and checks that each backend's
/// default name is one of the variants. Panics at the first mismatch, naming the kernel, the
/// variant, the backend and the input. Returns each backend with the number of variants run.
#[cfg(feature = "std")]
pub fn check<K: Kernel>(inputs: &[K::Input]) -> std::vec::Vec<(crate::AnyBackend, usize)> {
    use crate::WithBackend;
    use std::vec::Vec;

    struct Run<'a, K: Kernel>(&'a [K::Input], &'a [K::Output]);
    impl<K: Kernel> Clone for Run<'_, K> {
        fn clone(&self) -> Self {
            Run(self.0, self.1)
        }
    }
    struct Each<'a, K: Kernel, B: Backend> {
        b: B,
        inputs: &'a [K::Input],
        want: &'a [K::Output],
        ran: usize,
        has_default: bool,
    }
    impl<K: Kernel, B: Backend> Visit<K> for Each<'_, K, B> {
        fn visit<V: Variant<K>>(&mut self) {
            let b = self.b;
            let inputs = self.inputs;
            let want: Vec<K::Output> = inputs
                .iter()
                .zip(self.want)
                .map(|(x, &w)| V::own_reference(x).unwrap_or(w))
                .collect();
            let want = want.as_slice();
            // The loop runs inside `vectorize`, so the variant inlines to the backend's
            // instructions (a plain call would make every operation an out-of-line call).
            let bad = first_mismatch(inputs.len(), &|lo, hi| {
                b.vectorize(|| {
                    inputs[lo..hi]
                        .iter()
                        .zip(&want[lo..hi])
                        .position(|(x, w)| V::run(b, x) != *w)
                        .map(|i| lo + i)
                })
            });
            if let Some(i) = bad {
                let (x, want) = (&inputs[i], &want[i]);
                let got = b.vectorize(|| V::run(b, x));
                panic!(
                    "{}/{} on {}: input {x:?}: got {got:?}, want {want:?}",
                    K::NAME,
                    V::NAME,
                    B::NAME
                );
            }
            self.ran += 1;
            self.has_default |= V::NAME == K::default_name::<B>();
        }
    }
    impl<K: Kernel> WithBackend for Run<'_, K> {
        type Output = usize;
        fn run<B: Backend>(self, b: B) -> usize {
            let mut each = Each::<K, B> {
                b,
                inputs: self.0,
                want: self.1,
                ran: 0,
                has_default: false,
            };
            K::for_each_variant(&mut each);
            assert!(each.ran > 0, "{} has no variants", K::NAME);
            assert!(
                each.has_default,
                "{}: the default on {} ({}) is not a listed variant",
                K::NAME,
                B::NAME,
                K::default_name::<B>()
            );
            each.ran
        }
    }
    let want: Vec<K::Output> = inputs.iter().map(K::reference).collect();
    crate::for_each_backend(Run::<K>(inputs, &want))
}

/// The first index in `0..n` at which `scan(lo, hi)` (the first mismatch in `lo..hi`, if any)
/// reports one, with the range split across the cores when it is long. A million-input check
/// of every variant on every backend is one test, which libtest gives a single thread, and
/// `cargo test` runs one binary at a time: without the split, the other cores idle for most of
/// such a binary. Where threads cannot start (wasm32-wasip1) the chunk runs on this thread.
///
/// `scan` is a trait object so that the thread machinery is compiled once, not once per variant
/// and backend in every test crate.
#[cfg(feature = "std")]
fn first_mismatch(
    n: usize,
    scan: &(dyn Fn(usize, usize) -> Option<usize> + Sync),
) -> Option<usize> {
    use std::vec::Vec;
    // Below this a thread's start-up costs more than the inputs it would check.
    const MIN_CHUNK: usize = 1 << 14;
    // Asked only for a long range: `available_parallelism` reads the cgroup files on every call,
    // which a proptest checking one input per case would pay for every variant and backend.
    if n < 2 * MIN_CHUNK {
        return scan(0, n);
    }
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n / MIN_CHUNK)
        .max(1);
    if threads == 1 {
        return scan(0, n);
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|s| {
        let rest: Vec<_> = (1..threads)
            .map(|t| {
                let (lo, hi) = (t * chunk, ((t + 1) * chunk).min(n));
                let spawned = std::thread::Builder::new().spawn_scoped(s, move || scan(lo, hi));
                (lo, hi, spawned)
            })
            .collect();
        let mut first = scan(0, chunk.min(n));
        for (lo, hi, spawned) in rest {
            let found = match spawned {
                Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                Err(_) => scan(lo, hi),
            };
            first = first.or(found);
        }
        first
    })
}

/// Declares a kernel: implements [`Kernel`] for a marker type and [`Variant`] for every type
/// in its variant list, through the kernel's own typed variant trait.
///
/// ```ignore
/// bb_simd::kernel! {
///     Flip: FlipVariant {                       // marker type: the variants' typed trait
///         name: "flip",
///         input: (Square, u64, u64),
///         output: u64,
///         reference(&(sq, p, o)) { bb_core::reference::flip(sq, p, o) }
///         chain(&(sq, p, o), z) { (sq, p ^ z, o ^ z) }
///         fold(f) { f }
///         default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
///         run<V>(b, &(sq, p, o)) { V::flip(b, sq, p, o) }   // V: the variant type
///         variants [ShiftRepetition, ParallelPrefix, CarryLzcnt]
///     }
/// }
/// ```
///
/// The typed trait must have `const NAME: &'static str` and `fn supported<B: Backend>() ->
/// bool`. See the [module docs](mod@crate::kernel) for a complete example.
///
/// A kernel whose variants include a documented variation of the operation (bb-simd's byte dot
/// product: an exact sum and a 16-bit saturating one) adds, after `reference`, a clause giving
/// each variant's own oracle ([`Variant::own_reference`]; `None` = the kernel's):
///
/// ```ignore
///         variant_reference<V>((f, w)) { <V as DotVariant>::own_reference(f, w) }
/// ```
#[macro_export]
macro_rules! kernel {
    (
        $K:ty : $Trait:path {
            name: $name:expr,
            input: $In:ty,
            output: $Out:ty,
            reference($rx:pat) $reference:block
            variant_reference<$OV:ident>($ox:pat) $own:block
            chain($cx:pat, $z:ident) $chain:block
            fold($o:pat) $fold:block
            default_name<$DB:ident>() $default:block
            run<$RV:ident>($b:ident, $x:pat) $run:block
            variants [$($V:ty),+ $(,)?]
        }
    ) => {
        impl $crate::kernel::Kernel for $K {
            const NAME: &'static str = $name;
            type Input = $In;
            type Output = $Out;
            fn reference($rx: &$In) -> $Out $reference
            #[inline(always)]
            fn chain($cx: &$In, $z: u64) -> $In $chain
            #[inline(always)]
            fn fold($o: $Out) -> u64 $fold
            fn default_name<$DB: $crate::Backend>() -> &'static str $default
            fn for_each_variant(v: &mut impl $crate::kernel::Visit<Self>) {
                $( v.visit::<$V>(); )+
            }
        }
        $(
            impl $crate::kernel::Variant<$K> for $V {
                const NAME: &'static str = <$V as $Trait>::NAME;
                fn supported<B: $crate::Backend>() -> bool {
                    <$V as $Trait>::supported::<B>()
                }
                #[inline(always)]
                fn run<B: $crate::Backend>($b: B, $x: &$In) -> $Out {
                    type $RV = $V;
                    $run
                }
                fn own_reference($ox: &$In) -> Option<$Out> {
                    #[allow(dead_code, reason = "used by `variant_reference` clauses only")]
                    type $OV = $V;
                    $own
                }
            }
        )+
    };
    // Without `variant_reference`: every variant is checked against `reference`.
    (
        $K:ty : $Trait:path {
            name: $name:expr,
            input: $In:ty,
            output: $Out:ty,
            reference($rx:pat) $reference:block
            chain $($rest:tt)*
        }
    ) => {
        $crate::kernel! {
            $K: $Trait {
                name: $name,
                input: $In,
                output: $Out,
                reference($rx) $reference
                variant_reference<V>(_) { None }
                chain $($rest)*
            }
        }
    };
}

/// A kernel's per-backend default table: a `match` on an [`Isa`](crate::Isa) whose arms name a
/// variant type, evaluating `$e` with `V` bound to the type of the arm taken.
///
/// Each kernel writes its table once, inside a local `default_variant!` macro read by its default
/// function (`V::flip(b, ..)` with `B::ISA`) and by its `const fn default_name` (`V::NAME`). The
/// match is exhaustive, so a new [`Isa`](crate::Isa) does not compile until every table has an
/// arm for it; an arm may have a guard (`if fast_pext`).
///
/// ```
/// use bb_simd::Isa;
/// struct Wide;
/// struct Narrow;
/// trait Named { const NAME: &'static str; }
/// impl Named for Wide { const NAME: &'static str = "wide"; }
/// impl Named for Narrow { const NAME: &'static str = "narrow"; }
///
/// const fn default_name(isa: Isa) -> &'static str {
///     bb_simd::select_variant!(isa, |V| V::NAME, {
///         Isa::Avx512 | Isa::Avx512Vbmi => Wide,
///         Isa::Scalar | Isa::Sse2 | Isa::Ssse3 | Isa::Avx2 | Isa::Neon | Isa::Wasm128 => Narrow,
///     })
/// }
/// assert_eq!(default_name(Isa::Avx512), "wide");
/// assert_eq!(default_name(Isa::Neon), "narrow");
/// ```
#[macro_export]
macro_rules! select_variant {
    ($isa:expr, |$V:ident| $e:expr, { $($p:pat $(if $g:expr)? => $T:ty),+ $(,)? }) => {
        match $isa {
            $($p $(if $g)? => {
                type $V = $T;
                $e
            })+
        }
    };
}
