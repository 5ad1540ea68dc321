//! Run-time choice of a backend: [`AnyBackend`], [`best`], [`dispatch`], [`for_each_backend`].

use crate::{Backend, CpuFeatures, Feature, Isa, Scalar, detect, select};
use core::fmt;

#[cfg(target_arch = "aarch64")]
use crate::Neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use crate::Wasm128;
#[cfg(target_arch = "x86_64")]
use crate::{Avx2, Avx512, Avx512Vbmi, Sse2, Ssse3};

/// An operation generic over the backend: the way to pass a "generic closure".
///
/// ```
/// use bb_simd::{Backend, WithBackend, dispatch};
/// struct Or4(u64, u64, u64, u64);
/// impl WithBackend for Or4 {
///     type Output = u64;
///     fn run<B: Backend>(self, b: B) -> u64 {
///         b.u64x4_hor(b.u64x4_from_array([self.0, self.1, self.2, self.3]))
///     }
/// }
/// assert_eq!(dispatch(Or4(1, 2, 4, 8)), 15);
/// ```
pub trait WithBackend {
    /// What the operation returns.
    type Output;
    /// Runs the operation with token `b` (already inside `b.vectorize`).
    fn run<B: Backend>(self, b: B) -> Self::Output;
}

/// Any token, as a value: what [`best_backend`] returns and [`for_each_backend`] iterates.
///
/// `Avx2` has two variants: `Avx2` (fast PEXT, `Avx2<true>`) and `Avx2SlowPext` (`Avx2<false>`,
/// what AMD Zen 1/Zen 2 get). Use [`AnyBackend::run`] (or the [`dispatch!`](crate::dispatch!)
/// macro) to get a monomorphized call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyBackend {
    /// [`Scalar`].
    Scalar(Scalar),
    /// [`Sse2`].
    #[cfg(target_arch = "x86_64")]
    Sse2(Sse2),
    /// [`Ssse3`].
    #[cfg(target_arch = "x86_64")]
    Ssse3(Ssse3),
    /// [`Avx2<true>`](Avx2).
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2<true>),
    /// [`Avx2<false>`](Avx2): PEXT/PDEP present but microcoded.
    #[cfg(target_arch = "x86_64")]
    Avx2SlowPext(Avx2<false>),
    /// [`Avx512`].
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    /// [`Avx512Vbmi`].
    #[cfg(target_arch = "x86_64")]
    Avx512Vbmi(Avx512Vbmi),
    /// [`Neon`].
    #[cfg(target_arch = "aarch64")]
    Neon(Neon),
    /// [`Wasm128`] (only in wasm builds with `simd128`).
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    Wasm128(Wasm128),
}

/// Why a backend cannot run here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable {
    /// The backend asked for.
    pub isa: Isa,
    /// The CPU it was checked against.
    pub cpu: CpuFeatures,
}

impl Unavailable {
    /// The required features the CPU lacks (empty when the build lacks the backend).
    pub fn missing(&self) -> impl Iterator<Item = Feature> + '_ {
        self.isa.missing(&self.cpu)
    }
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.isa.compiled() && self.isa.arch() == Some("wasm32") {
            // a wasm module cannot probe its engine: the build's target features decide
            return f.write_str(
                "this build lacks simd128 (wasm has no run-time detection; build with \
                 RUSTFLAGS=\"-C target-feature=+simd128\")",
            );
        }
        if !self.isa.compiled() {
            return write!(
                f,
                "not in this build (it exists on {} targets only)",
                self.isa.arch().unwrap_or("other")
            );
        }
        f.write_str("the CPU lacks")?;
        for (i, feat) in self.missing().enumerate() {
            write!(f, "{}{feat}", if i == 0 { " " } else { ", " })?;
        }
        write!(
            f,
            " (CPU: {:?} family {:#x} model {:#x})",
            self.cpu.vendor, self.cpu.family, self.cpu.model
        )
    }
}

impl core::error::Error for Unavailable {}

// `$e` where the build has the architecture's tokens, else `None` (and `$e` is not compiled).
#[cfg(target_arch = "x86_64")]
macro_rules! on_x86_64 {
    ($e:expr) => {
        $e
    };
}
#[cfg(not(target_arch = "x86_64"))]
macro_rules! on_x86_64 {
    ($e:expr) => {
        None
    };
}
#[cfg(target_arch = "aarch64")]
macro_rules! on_aarch64 {
    ($e:expr) => {
        $e
    };
}
#[cfg(not(target_arch = "aarch64"))]
macro_rules! on_aarch64 {
    ($e:expr) => {
        None
    };
}
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
macro_rules! on_wasm_simd128 {
    ($e:expr) => {
        $e
    };
}
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
macro_rules! on_wasm_simd128 {
    ($e:expr) => {
        None
    };
}

impl AnyBackend {
    /// The token for `isa` on this CPU, or why not. For `Isa::Avx2` this is the fast-PEXT form
    /// when the CPU has fast PEXT, else the slow-PEXT form.
    pub fn new(isa: Isa) -> Result<Self, Unavailable> {
        let cpu = detect::detect();
        let err = Unavailable { isa, cpu };
        if !isa.compiled() || !isa.supported_by(&cpu) {
            return Err(err);
        }
        // Each arm's `try_new` re-checks, so no unsafe is needed here. The match is exhaustive:
        // a new token must say here how it is built.
        let any = match isa {
            Isa::Scalar => Some(AnyBackend::Scalar(Scalar)),
            Isa::Sse2 => on_x86_64!(Sse2::try_new().map(AnyBackend::Sse2)),
            Isa::Ssse3 => on_x86_64!(Ssse3::try_new().map(AnyBackend::Ssse3)),
            Isa::Avx2 => on_x86_64!(match Avx2::try_new() {
                Some(b) => Some(AnyBackend::Avx2(b)),
                None => Avx2::try_new_slow_pext().map(AnyBackend::Avx2SlowPext),
            }),
            Isa::Avx512 => on_x86_64!(Avx512::try_new().map(AnyBackend::Avx512)),
            Isa::Avx512Vbmi => on_x86_64!(Avx512Vbmi::try_new().map(AnyBackend::Avx512Vbmi)),
            Isa::Neon => on_aarch64!(Neon::try_new().map(AnyBackend::Neon)),
            Isa::Wasm128 => on_wasm_simd128!(Wasm128::try_new().map(AnyBackend::Wasm128)),
        };
        any.ok_or(err)
    }

    /// The token [`best`] names (honours `BB_BACKEND`). With `std` the token is cached as one
    /// byte, so a per-call [`dispatch`] costs one load and one multiway branch, not a new
    /// detection.
    #[inline]
    pub fn best() -> Self {
        #[cfg(feature = "std")]
        {
            match Self::from_code(BEST_CODE.load(core::sync::atomic::Ordering::Relaxed)) {
                Some(b) => b,
                None => Self::best_init(),
            }
        }
        #[cfg(not(feature = "std"))]
        {
            Self::best_uncached()
        }
    }

    #[cfg(feature = "std")]
    #[cold]
    #[inline(never)]
    fn best_init() -> Self {
        let b = Self::best_uncached();
        BEST_CODE.store(b.code(), core::sync::atomic::Ordering::Relaxed);
        b
    }

    /// A non-zero byte per variant, for [`BEST_CODE`].
    #[cfg(feature = "std")]
    fn code(self) -> u8 {
        match self {
            AnyBackend::Scalar(_) => 1,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Sse2(_) => 2,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Ssse3(_) => 3,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Avx2(_) => 4,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Avx2SlowPext(_) => 5,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Avx512(_) => 6,
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Avx512Vbmi(_) => 7,
            #[cfg(target_arch = "aarch64")]
            AnyBackend::Neon(_) => 8,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            AnyBackend::Wasm128(_) => 9,
        }
    }

    /// The token of a [`BEST_CODE`] value; `None` for 0 (not chosen yet).
    #[cfg(feature = "std")]
    #[inline(always)]
    fn from_code(code: u8) -> Option<Self> {
        // Every code but 0 was stored by `best_init` for a token that `AnyBackend::new` built
        // through the token's checked `try_new`.
        #[allow(unused_macros)]
        macro_rules! known {
            ($T:ty) => {
                // SAFETY: a non-zero code names a token the CPU was checked to support (above).
                unsafe { <$T>::new_unchecked() }
            };
        }
        match code {
            1 => Some(AnyBackend::Scalar(Scalar)),
            #[cfg(target_arch = "x86_64")]
            2 => Some(AnyBackend::Sse2(known!(Sse2))),
            #[cfg(target_arch = "x86_64")]
            3 => Some(AnyBackend::Ssse3(known!(Ssse3))),
            #[cfg(target_arch = "x86_64")]
            4 => Some(AnyBackend::Avx2(known!(Avx2<true>))),
            #[cfg(target_arch = "x86_64")]
            5 => Some(AnyBackend::Avx2SlowPext(known!(Avx2<false>))),
            #[cfg(target_arch = "x86_64")]
            6 => Some(AnyBackend::Avx512(known!(Avx512))),
            #[cfg(target_arch = "x86_64")]
            7 => Some(AnyBackend::Avx512Vbmi(known!(Avx512Vbmi))),
            #[cfg(target_arch = "aarch64")]
            8 => Some(AnyBackend::Neon(known!(Neon))),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            9 => Some(AnyBackend::Wasm128(known!(Wasm128))),
            _ => None,
        }
    }

    fn best_uncached() -> Self {
        // `best()` only returns a backend that `AnyBackend::new` accepted; Scalar stands in for
        // the impossible failure rather than a panic inside an engine.
        AnyBackend::new(best()).unwrap_or(AnyBackend::Scalar(Scalar))
    }

    /// The token's ISA.
    pub fn isa(self) -> Isa {
        crate::dispatch!(self, |b| b.isa())
    }

    /// A label that tells the two AVX2 forms apart: the ISA name, or `avx2-slowpext`.
    pub fn label(self) -> &'static str {
        match self {
            #[cfg(target_arch = "x86_64")]
            AnyBackend::Avx2SlowPext(_) => "avx2-slowpext",
            other => other.isa().name(),
        }
    }

    /// Runs `op` monomorphized for this token, inside [`Backend::vectorize`].
    pub fn run<W: WithBackend>(self, op: W) -> W::Output {
        crate::dispatch!(self, |b| op.run(b))
    }
}

impl fmt::Display for AnyBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.label())
    }
}

/// [`AnyBackend::best`]'s cache: 0 before the first call, else the token's code.
#[cfg(feature = "std")]
static BEST_CODE: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// The ISAs this build and CPU can run, from the least to the most capable (ignores
/// `BB_BACKEND`).
pub fn available() -> impl Iterator<Item = Isa> {
    Isa::ALL
        .into_iter()
        .filter(|&isa| AnyBackend::new(isa).is_ok())
}

/// The backend that [`dispatch`] uses: `BB_BACKEND` if set (with `std`), else
/// [`select`]`(&`[`detect()`](crate::detect())`)`. Cached after the first call.
///
/// Never panics. A `BB_BACKEND` that names no backend, or one this CPU or build lacks, is
/// reported once on stderr (one line naming the value and the missing features) and the
/// detected backend is used: a typo in a debugging variable must not stop an engine. Programs
/// that prefer to refuse such a value call [`try_best_backend`] (or [`try_forced`]) at
/// start-up, as the `bb` command does.
pub fn best() -> Isa {
    #[cfg(feature = "std")]
    {
        static CACHE: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *CACHE.get_or_init(|| match try_forced() {
            Ok(Some(isa)) => isa,
            Ok(None) => natural_best(),
            Err(e) => {
                let isa = natural_best();
                std::eprintln!("bb-simd: {e}; using the detected backend {isa}");
                isa
            }
        })
    }
    #[cfg(not(feature = "std"))]
    {
        natural_best()
    }
}

fn natural_best() -> Isa {
    let isa = select(&detect::detect());
    if AnyBackend::new(isa).is_ok() {
        isa
    } else {
        available().last().unwrap_or(Isa::Scalar)
    }
}

/// The backend `BB_BACKEND` forces, checked against the CPU: `None` when unset, empty, or not
/// usable here ([`try_forced`] says why; [`best`] then falls back to detection).
#[cfg(feature = "std")]
pub fn forced() -> Option<Isa> {
    try_forced().ok().flatten()
}

/// Why `BB_BACKEND` cannot be honoured.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendEnvError {
    /// The value names no backend.
    Unknown(std::string::String),
    /// The backend exists but cannot run here.
    Unavailable(Unavailable),
}

#[cfg(feature = "std")]
impl fmt::Display for BackendEnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendEnvError::Unknown(v) => {
                write!(f, "BB_BACKEND={v:?}: {}", crate::UnknownIsa)
            }
            BackendEnvError::Unavailable(e) => {
                write!(f, "BB_BACKEND={} cannot run here: {e}", e.isa)
            }
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for BackendEnvError {}

/// The backend `BB_BACKEND` forces (`Ok(None)` when unset or empty), or why it cannot be used.
///
/// # Errors
/// [`BackendEnvError`] when the value names no backend, or one this CPU or build lacks.
#[cfg(feature = "std")]
pub fn try_forced() -> Result<Option<Isa>, BackendEnvError> {
    let Ok(v) = std::env::var("BB_BACKEND") else {
        return Ok(None);
    };
    if v.trim().is_empty() {
        return Ok(None);
    }
    let isa: Isa = v.parse().map_err(|_| BackendEnvError::Unknown(v.clone()))?;
    AnyBackend::new(isa).map_err(BackendEnvError::Unavailable)?;
    Ok(Some(isa))
}

/// The token [`best_backend`] returns, or why `BB_BACKEND` cannot be honoured (where
/// [`best_backend`] would fall back to detection). Programs that refuse a bad `BB_BACKEND` call
/// it once at start-up; every later [`dispatch`] then reuses the cached choice.
///
/// # Errors
/// [`BackendEnvError`] as in [`try_forced`].
#[cfg(feature = "std")]
pub fn try_best_backend() -> Result<AnyBackend, BackendEnvError> {
    try_forced()?;
    Ok(AnyBackend::best())
}

/// The token of [`best`].
///
/// Never panics: a `BB_BACKEND` that cannot be honoured is reported once on stderr and the
/// detected backend is used, here and in every [`dispatch`], [`dispatch!`](crate::dispatch!)
/// and run-time [`auto!`](crate::auto!). Call [`try_best_backend`] once at start-up to refuse
/// such a value with an error instead.
#[inline]
pub fn best_backend() -> AnyBackend {
    AnyBackend::best()
}

/// Runs `op` once with the best backend (see [`best`]), monomorphized for it and inside its
/// [`Backend::vectorize`]. One branch per call; a recursive search called from `op` must be
/// written with [`specialize!`](crate::specialize!) to keep the backend's instructions below
/// the root.
pub fn dispatch<W: WithBackend>(op: W) -> W::Output {
    AnyBackend::best().run(op)
}

/// The tokens that [`for_each_backend`] and [`for_each_backend!`](crate::for_each_backend!)
/// exercise, printing `skipped: <backend> (<reason>)` to stderr for every other one.
///
/// Every backend this CPU and build have (both AVX2 forms where PEXT is fast), or only
/// `BB_BACKEND`'s when it is set (`avx2` then means both AVX2 forms). A skip of a backend listed
/// in `BB_REQUIRE` (comma-separated names) panics, unless `BB_BACKEND` excluded it.
///
/// # Panics
/// This is the test suites' entry point, where a bad variable must fail the run rather than
/// test other backends than asked: a `BB_BACKEND` that cannot be honoured panics, as does a
/// `BB_REQUIRE` that names no backend or a required backend that is skipped.
#[cfg(feature = "std")]
pub fn test_backends() -> std::vec::Vec<AnyBackend> {
    use std::eprintln;
    let require: std::vec::Vec<Isa> = std::env::var("BB_REQUIRE")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.parse()
                .unwrap_or_else(|e| panic!("BB_REQUIRE: {s:?}: {e}"))
        })
        .collect();
    // Test harness only (see # Panics): a lane that asked for a backend it cannot have must fail,
    // not quietly test the others. Programs go through `best()`, which falls back instead.
    let only = try_forced().unwrap_or_else(|e| panic!("{e}"));
    let mut out = std::vec::Vec::new();
    for isa in Isa::ALL {
        if let Some(f) = only
            && f != isa
        {
            eprintln!("skipped: {isa} (BB_BACKEND={f})");
            continue;
        }
        match AnyBackend::new(isa) {
            Ok(b) => {
                out.push(b);
                #[cfg(target_arch = "x86_64")]
                if let AnyBackend::Avx2(_) = b
                    && let Some(slow) = Avx2::try_new_slow_pext()
                {
                    out.push(AnyBackend::Avx2SlowPext(slow));
                }
            }
            Err(e) => {
                if require.contains(&isa) {
                    panic!("BB_REQUIRE names {isa}, but it was skipped: {e}");
                }
                eprintln!("skipped: {isa} ({e})");
            }
        }
    }
    out
}

/// Runs a clone of `op` on every backend of [`test_backends`] (printing skips), returning each
/// backend with its result.
///
/// ```
/// use bb_simd::{Backend, WithBackend, for_each_backend};
/// #[derive(Clone)]
/// struct Pop(u64);
/// impl WithBackend for Pop {
///     type Output = u64;
///     fn run<B: Backend>(self, b: B) -> u64 {
///         b.u64x2_hadd(b.u64x2_popcnt(b.u64x2_splat(self.0)))
///     }
/// }
/// for (backend, n) in for_each_backend(Pop(0xff)) {
///     assert_eq!(n, 16, "{backend}");
/// }
/// ```
#[cfg(feature = "std")]
pub fn for_each_backend<W: WithBackend + Clone>(op: W) -> std::vec::Vec<(AnyBackend, W::Output)> {
    test_backends()
        .into_iter()
        .map(|b| (b, b.run(op.clone())))
        .collect()
}

/// Evaluates a body with `b` bound to a concrete token, inside `b.vectorize(..)`.
///
/// `dispatch!(|b| expr)` uses [`best_backend`]; `dispatch!(backend, |b| expr)` uses the given
/// [`AnyBackend`]. The body is compiled once per backend (each arm monomorphizes it), can borrow
/// local variables, and every arm must have the same type. It runs inside a closure, so
/// `return`/`?` leave the closure, not the enclosing function. `dispatch!(move |b| ..)` captures
/// by value: for a per-call dispatch of a small kernel, copies of a few `u64`s travel in
/// registers where references would make the callee load them from the caller's stack.
///
/// ```
/// use bb_simd::Backend;
/// let boards = [0xffu64, 1, 3, 0];
/// let total: u64 = bb_simd::dispatch!(|b| {
///     let v = b.u64x4_from_array(boards);
///     b.u64x4_hadd(b.u64x4_popcnt(v))
/// });
/// assert_eq!(total, 11);
/// ```
#[macro_export]
macro_rules! dispatch {
    (|$b:ident| $body:expr) => {
        $crate::__dispatch_arms!($crate::best_backend(), $crate::Backend::vectorize, [] $b $body)
    };
    (move |$b:ident| $body:expr) => {
        $crate::__dispatch_arms!(
            $crate::best_backend(),
            $crate::Backend::vectorize,
            [move] $b $body
        )
    };
    ($backend:expr, |$b:ident| $body:expr) => {
        $crate::__dispatch_arms!($backend, $crate::Backend::vectorize, [] $b $body)
    };
    ($backend:expr, move |$b:ident| $body:expr) => {
        $crate::__dispatch_arms!($backend, $crate::Backend::vectorize, [move] $b $body)
    };
}

/// One match arm per token, each running the body inside the token's `vectorize`; the scalar
/// arm calls `$scalar(token, closure)` instead, so that [`auto!`](crate::auto!) can put it out
/// of line. `[move]` makes the closures capture by value.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arms {
    ($backend:expr, $scalar:path, [$($mv:tt)?] $b:ident $body:expr) => {
        match $backend {
            $crate::AnyBackend::Scalar($b) => $scalar($b, $($mv)? || $body),
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Sse2($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Ssse3($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Avx2($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Avx2SlowPext($b) => {
                $crate::Backend::vectorize($b, $($mv)? || $body)
            }
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Avx512($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            #[cfg(target_arch = "x86_64")]
            $crate::AnyBackend::Avx512Vbmi($b) => {
                $crate::Backend::vectorize($b, $($mv)? || $body)
            }
            #[cfg(target_arch = "aarch64")]
            $crate::AnyBackend::Neon($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            $crate::AnyBackend::Wasm128($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
        }
    };
}

/// Evaluates a body once per backend of [`test_backends`] (printing skips), with `b` bound to
/// each concrete token, inside `b.vectorize(..)`; the body's value is discarded. Use it in tests.
///
/// ```
/// use bb_simd::Backend;
/// bb_simd::for_each_backend!(|b| {
///     assert_eq!(b.lzcnt(1), 63, "{}", b.name());
/// });
/// ```
#[cfg(feature = "std")]
#[macro_export]
macro_rules! for_each_backend {
    (|$b:ident| $body:expr) => {
        for backend in $crate::test_backends() {
            let _ = $crate::dispatch!(backend, |$b| $body);
        }
    };
}

/// The backend that the build's target features prove to be this architecture's best, if any:
/// [`Avx512Vbmi`](crate::Isa::Avx512Vbmi) on x86-64 when every feature it requires is enabled
/// at compile time (`-C target-cpu=native` on Zen 4, Ice Lake or Sapphire Rapids), `Neon` on
/// AArch64, `Wasm128` on wasm32 built with `simd128` (`Scalar` without it), `Scalar` on
/// architectures without a SIMD backend, else `None`.
///
/// When it is `Some`, [`auto!`](crate::auto!) (and the game crates' high-level APIs built on
/// it) use that token with no run-time check at all; when it is `None`, they use the cached
/// run-time choice of [`best_backend`].
pub const STATIC_BEST: Option<Isa> = isa_of(&static_best::TOKEN);

const fn isa_of<B: Backend>(token: &Option<B>) -> Option<Isa> {
    if token.is_some() { Some(B::ISA) } else { None }
}

#[doc(hidden)]
pub mod static_best {
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    use crate::Scalar;
    #[cfg(target_arch = "x86_64")]
    use crate::{Avx512Vbmi, Scalar};
    #[cfg(target_arch = "aarch64")]
    use crate::{Neon, Scalar};
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    use crate::{Scalar, Wasm128};

    /// `Avx512Vbmi` when the build enables every feature it requires.
    #[cfg(target_arch = "x86_64")]
    pub const TOKEN: Option<Avx512Vbmi> = if cfg!(all(
        target_feature = "sse2",
        target_feature = "ssse3",
        target_feature = "sse4.1",
        target_feature = "sse4.2",
        target_feature = "popcnt",
        target_feature = "avx",
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt",
        target_feature = "movbe",
        target_feature = "avx512f",
        target_feature = "avx512cd",
        target_feature = "avx512bw",
        target_feature = "avx512dq",
        target_feature = "avx512vl",
        target_feature = "avx512vbmi",
        target_feature = "avx512vbmi2",
        target_feature = "gfni",
        target_feature = "avx512bitalg",
        target_feature = "avx512vpopcntdq",
        target_feature = "avx512vnni",
    )) {
        // SAFETY: evaluated only when every feature `Avx512Vbmi` requires is enabled for the
        // whole build, so any CPU that runs this code has them.
        Some(unsafe { Avx512Vbmi::new_unchecked() })
    } else {
        None
    };

    /// `Neon` when the build enables it (every AArch64 Linux and macOS target does).
    #[cfg(target_arch = "aarch64")]
    pub const TOKEN: Option<Neon> = if cfg!(target_feature = "neon") {
        // SAFETY: evaluated only when Neon is enabled for the whole build, so any CPU that
        // runs this code has it.
        Some(unsafe { Neon::new_unchecked() })
    } else {
        None
    };

    /// `Wasm128` in a wasm build with `simd128`: the module runs only on engines that have it.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub const TOKEN: Option<Wasm128> =
        // SAFETY: this item exists only when `simd128` is enabled for the whole build, and a
        // module that uses SIMD instructions does not load on an engine without them.
        Some(unsafe { Wasm128::new_unchecked() });

    /// The only token of an architecture without a SIMD backend (and of wasm32 without
    /// `simd128`, where there is no run-time detection to find one).
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    pub const TOKEN: Option<Scalar> = Some(Scalar);

    /// Runs the scalar arm of a run-time [`auto!`](crate::auto!) out of line.
    #[inline(never)]
    pub fn outline<R, F: FnOnce() -> R>(_: Scalar, f: F) -> R {
        f()
    }
}

/// Evaluates a body with `b` bound to the best backend's token, inside `b.vectorize(..)`: the
/// token [`STATIC_BEST`] names, with no run-time check, when the build's target features prove
/// it; else the cached run-time choice of [`best_backend`], where every arm (the scalar one
/// too) is one out-of-line call, so that the dispatch left at the call site is small enough to
/// inline: one load, one jump table, one call.
///
/// This is what the game crates' high-level APIs (`bb_reversi::Board::moves`,
/// `bb_chess::Position::legal_moves`, ...) call. Unlike [`dispatch!`](crate::dispatch!), a
/// static choice ignores `BB_BACKEND`. `auto!(move |b| ..)` captures by value.
///
/// ```
/// use bb_simd::Backend;
/// let n = bb_simd::auto!(|b| b.popcnt(0xf0));
/// assert_eq!(n, 4);
/// ```
#[macro_export]
macro_rules! auto {
    (|$b:ident| $body:expr) => {
        $crate::__auto!([] $b $body)
    };
    (move |$b:ident| $body:expr) => {
        $crate::__auto!([move] $b $body)
    };
}

/// [`auto!`]: the static token is a constant, so one of the two arms folds away.
#[doc(hidden)]
#[macro_export]
macro_rules! __auto {
    ([$($mv:tt)?] $b:ident $body:expr) => {
        match $crate::static_best::TOKEN {
            Some($b) => $crate::Backend::vectorize($b, $($mv)? || $body),
            None => $crate::__dispatch_arms!(
                $crate::best_backend(),
                $crate::static_best::outline,
                [$($mv)?] $b $body
            ),
        }
    };
}
