//! Run-time choice of a backend: [`AnyBackend`], [`best`], [`dispatch`], [`for_each_backend`].

#[cfg(feature = "std")]
use crate::Unavailable;
use crate::{AnyBackend, Backend, Isa, detect, select};
#[cfg(feature = "std")]
use core::fmt;

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
    AnyBackend::best().isa()
}

/// [`best`]'s choice, made once by [`AnyBackend::best`] (which caches the token).
pub(crate) fn choose() -> Isa {
    #[cfg(feature = "std")]
    {
        match try_forced() {
            Ok(Some(isa)) => isa,
            Ok(None) => natural_best(),
            Err(e) => {
                let isa = natural_best();
                std::eprintln!("bb-simd: {e}; using the detected backend {isa}");
                isa
            }
        }
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
/// `BB_BACKEND`'s when it is set (`avx2` then means both AVX2 forms). `BB_TEST_BACKENDS=best`
/// keeps only the backend [`best`] picks: an emulated CPU's lane needs to run just the code that
/// CPU adds, since the lower backends are the same machine code that other lanes run. A skip of
/// a backend listed in `BB_REQUIRE` (comma-separated names) panics, unless `BB_BACKEND` or
/// `BB_TEST_BACKENDS` excluded it.
///
/// # Panics
/// This is the test suites' entry point, where a bad variable must fail the run rather than
/// test other backends than asked: a `BB_BACKEND` that cannot be honoured panics, as do a
/// `BB_TEST_BACKENDS` other than `all` or `best`, a `BB_REQUIRE` that names no backend, and a
/// required backend that is skipped.
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
    // Test harness only (see # Panics): a lane that asked for a backend it cannot have, or a
    // restriction it cannot parse, must fail the test run, not quietly test other backends than
    // asked; a test's failure is a panic. Programs never come here: they go through `best()`,
    // which falls back instead; only the test entry points (`for_each_backend`, `kernel::check`)
    // call this.
    let forced = try_forced().unwrap_or_else(|e| panic!("{e}"));
    let only = match (forced, std::env::var("BB_TEST_BACKENDS").as_deref()) {
        (Some(f), _) => Some((f, "BB_BACKEND")),
        (None, Ok("best")) => Some((best(), "BB_TEST_BACKENDS=best")),
        (None, Ok("all" | "") | Err(_)) => None,
        (None, Ok(other)) => panic!("BB_TEST_BACKENDS={other:?}: expected `all` or `best`"),
    };
    let mut out = std::vec::Vec::new();
    for isa in Isa::ALL {
        if let Some((f, why)) = only
            && f != isa
        {
            eprintln!("skipped: {isa} (only {f}: {why})");
            continue;
        }
        match AnyBackend::new(isa) {
            Ok(_) => out.extend(AnyBackend::forms(isa)),
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
/// of line. `[move]` makes the closures capture by value. The arms come from the backend table
/// through [`__dispatch_match!`](crate::__dispatch_match!).
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arms {
    ($backend:expr, $scalar:path, $mv:tt $b:ident $body:expr) => {
        $crate::__backends!([$crate::__dispatch_match] $backend, $scalar, $mv $b $body)
    };
}

/// [`__dispatch_arms!`]'s `match`, given the backend table's rows: one arm per form, under the
/// row's `cfg`. This is the grammar of a row.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_match {
    ([$backend:expr, $scalar:path, $mv:tt $b:ident $body:expr] $(
        $(#[$doc:meta])*
        $isa:ident, $name:literal, arch: $arch:expr, requires: $req:expr, cfg: $cfg:meta,
        export: $($export:ident)::+,
        forms: [$(
            $(#[$fdoc:meta])* $var:ident($T:ty) $($label:literal)? = $ctor:expr
        ),+ $(,)?];
    )+) => {
        match $backend {
            $($(
                #[cfg($cfg)]
                $crate::AnyBackend::$var($b) => $crate::__dispatch_arm!($var, $scalar, $mv $b $body),
            )+)+
        }
    };
}

/// One arm's body: the scalar token's through `$scalar`, every other inside `vectorize`.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arm {
    (Scalar, $scalar:path, [$($mv:tt)?] $b:ident $body:expr) => {
        $scalar($b, $($mv)? || $body)
    };
    ($var:ident, $scalar:path, [$($mv:tt)?] $b:ident $body:expr) => {
        $crate::Backend::vectorize($b, $($mv)? || $body)
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

/// Evaluates a body with `b` bound to the best backend's token, inside `b.vectorize(..)`: the
/// token [`STATIC_BEST`](crate::STATIC_BEST) names, with no run-time check, when the build's target features prove
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
