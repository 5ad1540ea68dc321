//! The generic part of `bb bench`: the [`Case`] trait, the two timing loops, the registry and
//! the measurement of one case on one backend.

use bb_simd::{AnyBackend, Backend, Isa, WithBackend};
use std::fmt::Debug;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One variant of one kernel, as the harness (and the criterion suites) time it.
///
/// A case is a zero-sized type; its functions are generic over the backend so that the timing
/// loops below monomorphize and inline the kernel inside [`Backend::vectorize`]. Wrap a game
/// crate's variant type generically, e.g. `struct FlipCase<V>(PhantomData<V>)` with
/// `const VARIANT: &str = V::NAME`.
pub trait Case: Copy + Default + Send + Sync + 'static {
    /// One input of the kernel (a position, a vector of bitboards, ...). Keep it small and
    /// plain: the loops iterate a slice of them.
    type Input: Copy + Debug + Send + Sync + 'static;
    /// Kernel name, e.g. `"flip"`: what `--filter` and the `kernel` column match.
    const KERNEL: &'static str;
    /// Variant name, e.g. `"smart_clear"` (the variant's `NAME`).
    const VARIANT: &'static str;

    /// Whether the workload is larger than the caches (flip's million samples, 24 MiB). The
    /// timing loops then prefetch each input [`PREFETCH_BYTES`] ahead, so that they time the
    /// kernel rather than the memory system: the hardware prefetcher does not run far enough
    /// ahead of a loop that consumes 24 bytes every 2 or 3 ns. On the Xeon of
    /// docs/measurements/2026-11-21-reversi-kernels.md, AVX2 flip measured 3.5 ns per call over a million samples
    /// and 2.5 ns over 4,096, the same code, and 11 to 14 ns for every variant while the host
    /// was busy; with the prefetch the sizes agree. Cache-sized workloads leave it off, since
    /// the prefetch is timed with the kernel (3-10 % of a 1.4 ns queen lookup).
    const STREAM: bool = false;
    /// Whether the variant runs natively on `B`; on other backends it is listed as skipped.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Whether this variant is `B`'s default (marked `*` in the table).
    fn is_default<B: Backend>() -> bool;
    /// The kernel on one input, its result folded to a `u64` (the value compared with
    /// [`Case::reference`] and fed back by the latency loop).
    fn run<B: Backend>(b: B, x: &Self::Input) -> u64;
    /// The reference result for `x` (slow oracle or plain loop).
    fn reference(x: &Self::Input) -> u64;
    /// `x` with `z` folded in, where `z` is always zero at run time but opaque to the compiler
    /// (typically `p ^ z`). The latency loop uses it to make each input depend on the previous
    /// result; it must be cheap (one or two instructions) and should touch the input the way
    /// the kernel loads it (XOR every lane of an array input, not only element 0, or the
    /// kernel's wide load stalls on store forwarding).
    fn chain(x: &Self::Input, z: u64) -> Self::Input;
}

/// How far ahead of the current input the timing loops of a [`Case::STREAM`] case prefetch, in
/// bytes.
pub const PREFETCH_BYTES: usize = 1024;

/// Calls `f` on every input in order; for a [`Case::STREAM`] case, prefetches the input
/// [`PREFETCH_BYTES`] ahead first.
#[inline(always)]
fn for_each_input<C: Case>(inputs: &[C::Input], mut f: impl FnMut(&C::Input)) {
    let ahead = (PREFETCH_BYTES / size_of::<C::Input>().max(1)).max(1);
    for (i, x) in inputs.iter().enumerate() {
        if C::STREAM {
            // No bounds check: a prefetch past the end is harmless, and the check cost a
            // compare and a branch per call (5 % of a 4 ns flip).
            bb_simd::prefetch(inputs.as_ptr().wrapping_add(i + ahead));
        }
        f(x);
    }
}

/// Throughput mode: independent calls over `inputs`, results summed. Call it inside
/// `b.vectorize(|| throughput::<C, B>(b, inputs))`.
#[inline(always)]
pub fn throughput<C: Case, B: Backend>(b: B, inputs: &[C::Input]) -> u64 {
    let mut acc = 0u64;
    for_each_input::<C>(
        inputs,
        #[inline(always)]
        |x| acc = acc.wrapping_add(C::run(b, x)),
    );
    acc
}

/// Latency mode: each call's input depends on the previous result (`prev & zero`, with
/// `zero = black_box(0)`, folded in by [`Case::chain`]), so calls cannot overlap. Call it inside
/// `b.vectorize(..)`, passing `black_box(0)` as `zero`.
#[inline(always)]
pub fn latency<C: Case, B: Backend>(b: B, inputs: &[C::Input], zero: u64) -> u64 {
    let mut prev = 0u64;
    for_each_input::<C>(
        inputs,
        #[inline(always)]
        |x| prev = C::run(b, &C::chain(x, prev & zero)),
    );
    prev
}

/// What the timings measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// CPU time of the timing thread (`CLOCK_THREAD_CPUTIME_ID`): excludes the time the thread
    /// waits for a core, so shared machines give stable numbers. Unix only; elsewhere wall time.
    ThreadCpu,
    /// Wall-clock time (`Instant`).
    Wall,
}

impl Clock {
    /// Nanoseconds on this clock since an arbitrary origin.
    pub fn now_ns(self) -> u128 {
        #[cfg(unix)]
        if self == Clock::ThreadCpu {
            let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
            return t.tv_sec as u128 * 1_000_000_000 + t.tv_nsec as u128;
        }
        static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_nanos()
    }

    /// `"thread CPU time"` or `"wall time"` (what this build actually uses).
    pub fn describe(self) -> &'static str {
        if cfg!(unix) && self == Clock::ThreadCpu {
            "thread CPU time"
        } else {
            "wall time"
        }
    }
}

/// How long and how often to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Number of inputs in each kernel's workload (kernels may round it).
    pub samples: usize,
    /// Timed repetitions per mode; the median is reported.
    pub reps: usize,
    /// Minimum duration of one repetition (passes over the workload are added until reached).
    pub rep_time: Duration,
    /// The clock.
    pub clock: Clock,
}

impl Settings {
    /// `bb bench`: 4096 inputs, median of 11 repetitions of at least 3 ms, thread CPU time.
    pub const DEFAULT: Settings = Settings {
        samples: 4096,
        reps: 11,
        rep_time: Duration::from_millis(3),
        clock: Clock::ThreadCpu,
    };
    /// `bb bench --quick`: 1024 inputs, median of 3 repetitions of at least 0.2 ms, thread CPU
    /// time.
    pub const QUICK: Settings = Settings {
        samples: 1024,
        reps: 3,
        rep_time: Duration::from_micros(200),
        clock: Clock::ThreadCpu,
    };
}

/// The measurement of one case on one backend.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The variant does not run natively on this backend.
    Unsupported,
    /// Checked, then timed.
    Measured(Measured),
}

/// Results of a checked and timed case.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// Every input agreed with the reference.
    pub checked: bool,
    /// The first disagreement, if any.
    pub mismatch: Option<String>,
    /// Nanoseconds per call, throughput mode (median).
    pub throughput_ns: f64,
    /// Nanoseconds per call, latency mode (median).
    pub latency_ns: f64,
    /// The fastest and slowest repetition, throughput mode.
    pub throughput_range: (f64, f64),
    /// The fastest and slowest repetition, latency mode.
    pub latency_range: (f64, f64),
    /// The variant is the backend's default.
    pub default: bool,
}

/// A case checked on one backend, before it is timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Every input agreed with the reference.
    pub checked: bool,
    /// The first disagreement, if any.
    pub mismatch: Option<String>,
    /// The variant is the backend's default.
    pub default: bool,
}

/// One timed repetition of each mode, in nanoseconds per call.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Round {
    /// Throughput mode.
    pub throughput_ns: f64,
    /// Latency mode.
    pub latency_ns: f64,
}

/// Passes over the workload per repetition, per mode; 0 until the first repetition has
/// warmed up and estimated them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Passes {
    throughput: usize,
    latency: usize,
}

/// A registered case with its workload, type-erased.
pub trait Entry: Send + Sync {
    /// Kernel name.
    fn kernel(&self) -> &'static str;
    /// Variant name.
    fn variant(&self) -> &'static str;
    /// Inputs in the workload.
    fn inputs(&self) -> usize;
    /// Checks then times the case on `backend` (`settings.reps` repetitions in a row).
    fn measure(&self, backend: AnyBackend, settings: &Settings) -> Outcome {
        let Some(c) = self.check(backend) else {
            return Outcome::Unsupported;
        };
        let mut passes = Passes::default();
        let rounds: Vec<Round> = (0..settings.reps.max(1))
            .map(|_| self.time_round(backend, settings, &mut passes))
            .collect();
        Outcome::Measured(Measured::from_rounds(c, &rounds))
    }
    /// Checks every input against the reference on `backend` (`None`: not native there).
    fn check(&self, backend: AnyBackend) -> Option<Checked>;
    /// One timed repetition of each mode on `backend`; the first call for a `passes` warms up
    /// and sizes the repetitions.
    fn time_round(&self, backend: AnyBackend, settings: &Settings, passes: &mut Passes) -> Round;
}

impl Measured {
    /// The medians and ranges of `rounds` (at least one).
    pub fn from_rounds(c: Checked, rounds: &[Round]) -> Measured {
        let stats = |f: fn(&Round) -> f64| {
            let mut v: Vec<f64> = rounds.iter().map(f).collect();
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], (v[0], v[v.len() - 1]))
        };
        let (throughput_ns, throughput_range) = stats(|r| r.throughput_ns);
        let (latency_ns, latency_range) = stats(|r| r.latency_ns);
        Measured {
            checked: c.checked,
            mismatch: c.mismatch,
            throughput_ns,
            latency_ns,
            throughput_range,
            latency_range,
            default: c.default,
        }
    }
}

struct Typed<C: Case> {
    inputs: Arc<[C::Input]>,
}

impl<C: Case> Entry for Typed<C> {
    fn kernel(&self) -> &'static str {
        C::KERNEL
    }
    fn variant(&self) -> &'static str {
        C::VARIANT
    }
    fn inputs(&self) -> usize {
        self.inputs.len()
    }
    fn check(&self, backend: AnyBackend) -> Option<Checked> {
        backend.run(CheckCase::<C> {
            inputs: &self.inputs,
        })
    }
    fn time_round(&self, backend: AnyBackend, settings: &Settings, passes: &mut Passes) -> Round {
        backend.run(TimeCase::<C> {
            inputs: &self.inputs,
            settings,
            passes,
        })
    }
}

struct CheckCase<'a, C: Case> {
    inputs: &'a [C::Input],
}

impl<C: Case> WithBackend for CheckCase<'_, C> {
    type Output = Option<Checked>;
    fn run<B: Backend>(self, b: B) -> Option<Checked> {
        if !C::supported::<B>() {
            return None;
        }
        let mut mismatch = None;
        for (i, x) in self.inputs.iter().enumerate() {
            let (got, want) = (C::run(b, x), C::reference(x));
            if got != want {
                mismatch = Some(mismatch_text(i, x, got, want));
                break;
            }
        }
        Some(Checked {
            checked: mismatch.is_none(),
            mismatch,
            default: C::is_default::<B>(),
        })
    }
}

struct TimeCase<'a, C: Case> {
    inputs: &'a [C::Input],
    settings: &'a Settings,
    passes: &'a mut Passes,
}

impl<C: Case> WithBackend for TimeCase<'_, C> {
    type Output = Round;
    fn run<B: Backend>(self, b: B) -> Round {
        let inputs = self.inputs;
        let n = inputs.len();
        // The loops must be inlined into `vectorize`'s target-feature function, or every bb-simd
        // operation of the kernel becomes an out-of-line call (a plain closure is left out of
        // line once the kernel is large: AVX2 flip measured 11.7 ns instead of 3.3).
        let throughput_ns = time_repetition(
            &mut || {
                b.vectorize(
                    #[inline(always)]
                    || throughput::<C, B>(b, inputs),
                )
            },
            n,
            self.settings,
            &mut self.passes.throughput,
        );
        let latency_ns = time_repetition(
            &mut || {
                b.vectorize(
                    #[inline(always)]
                    || latency::<C, B>(b, inputs, black_box(0)),
                )
            },
            n,
            self.settings,
            &mut self.passes.latency,
        );
        Round {
            throughput_ns,
            latency_ns,
        }
    }
}

// Not generic, like `time_per_call`: the harness is instantiated for every case on every backend,
// so only the loops that must inline the kernel are; the rest is compiled once (this halved the
// release build of bb-cli).
#[cold]
fn mismatch_text(i: usize, x: &dyn Debug, got: u64, want: u64) -> String {
    format!("input #{i} {x:?}: got {got:#x}, reference {want:#x}")
}

/// Nanoseconds per call of one repetition of `pass` (which makes `calls` calls). When
/// `*passes` is 0, `pass` first runs twice to warm up, and `*passes` becomes the number of
/// passes that makes a repetition last `settings.rep_time`; otherwise one untimed pass warms
/// up.
///
/// The untimed pass matters because the repetitions of a kernel's variants are interleaved:
/// the other variants ran since this one's last repetition, and those with large tables
/// (the magic and PEXT sliders: 800 KiB and more each) evict this one's table lines from the
/// L2 cache. Timed, the refill lands on the first backend of each table variant in a round
/// (`bb bench --quick` on a Zen 4: rook/fancy_magic scalar 2.3 ns instead of 1.4, queen/pext
/// AVX2 2.7 instead of 1.6, the same variants on the next backends unaffected).
pub fn time_repetition(
    pass: &mut dyn FnMut() -> u64,
    calls: usize,
    settings: &Settings,
    passes: &mut usize,
) -> f64 {
    let clock = settings.clock;
    if *passes == 0 {
        let t = clock.now_ns();
        black_box(pass());
        black_box(pass());
        let one = ((clock.now_ns() - t) / 2).max(1);
        *passes = (settings.rep_time.as_nanos() / one).clamp(1, 1 << 20) as usize;
    } else {
        black_box(pass());
    }
    let t = clock.now_ns();
    for _ in 0..*passes {
        black_box(pass());
    }
    (clock.now_ns() - t) as f64 / (*passes * calls.max(1)) as f64
}

/// Median nanoseconds per call of `pass`, which makes `calls` calls and returns a value that
/// is passed to `black_box`. Passes are repeated until a repetition lasts `settings.rep_time`.
///
/// `pass` is a `dyn` closure: one indirect call per pass of thousands of calls costs nothing
/// measurable, and a generic parameter would compile this function again for every case.
pub fn time_per_call(pass: &mut dyn FnMut() -> u64, calls: usize, settings: &Settings) -> f64 {
    let clock = settings.clock;
    // Warm up (caches, branch predictors, frequency) and estimate one pass.
    let t = clock.now_ns();
    black_box(pass());
    black_box(pass());
    let one = ((clock.now_ns() - t) / 2).max(1);
    let passes = (settings.rep_time.as_nanos() / one).clamp(1, 1 << 20) as usize;
    let mut ns: Vec<f64> = (0..settings.reps.max(1))
        .map(|_| {
            let t = clock.now_ns();
            for _ in 0..passes {
                black_box(pass());
            }
            (clock.now_ns() - t) as f64 / (passes * calls.max(1)) as f64
        })
        .collect();
    ns.sort_by(f64::total_cmp);
    ns[ns.len() / 2]
}

/// Where a kernel file registers its cases: [`Registry`] for `bb bench`, and the criterion
/// kernels suite's `Suite` in `benches/` (crate `bb-benches`), so one `register` function
/// serves both.
pub trait Register {
    /// How many inputs a workload should have.
    fn samples(&self) -> usize;
    /// Registers case `C` on a workload (share one `Arc` between the variants of a kernel).
    fn add<C: Case>(&mut self, inputs: Arc<[C::Input]>);
}

/// The registered kernels, in registration order.
#[derive(Default)]
pub struct Registry {
    settings: Option<Settings>,
    entries: Vec<Box<dyn Entry>>,
}

impl Registry {
    /// An empty registry whose workloads use `settings.samples` inputs.
    pub fn new(settings: Settings) -> Self {
        Registry {
            settings: Some(settings),
            entries: Vec::new(),
        }
    }

    /// The registered entries.
    pub fn entries(&self) -> &[Box<dyn Entry>] {
        &self.entries
    }

    /// Keeps the entries whose kernel or variant name contains `text`.
    pub fn retain_matching(&mut self, text: &str) {
        self.entries
            .retain(|e| e.kernel().contains(text) || e.variant().contains(text));
    }
}

impl Register for Registry {
    fn samples(&self) -> usize {
        self.settings.unwrap_or(Settings::DEFAULT).samples
    }

    fn add<C: Case>(&mut self, inputs: Arc<[C::Input]>) {
        assert!(
            !inputs.is_empty(),
            "{}/{}: empty workload",
            C::KERNEL,
            C::VARIANT
        );
        self.entries.push(Box::new(Typed::<C> { inputs }));
    }
}

/// The backends to bench: `only` if non-empty, else every ISA; each either a token or the
/// reason it is skipped.
pub fn backends(only: &[Isa]) -> Vec<(Isa, Result<AnyBackend, String>)> {
    Isa::ALL
        .into_iter()
        .map(|isa| {
            let r = if !only.is_empty() && !only.contains(&isa) {
                Err("not selected".to_owned())
            } else {
                AnyBackend::new(isa).map_err(|e| e.to_string())
            };
            (isa, r)
        })
        .collect()
}
