//! [`AnyBackend`], any token as a value, generated from the backend table, and [`Unavailable`].

use crate::{Backend, CpuFeatures, Feature, Isa, Scalar, WithBackend, detect};
use core::fmt;

/// The first of its arguments (a form's own label, else its ISA's name).
macro_rules! first {
    ($a:expr $(, $rest:expr)*) => {
        $a
    };
}

/// [`AnyBackend`], its per-form constructors, labels and cache codes, from the table's forms.
macro_rules! any_backend {
    ([] $(
        $(#[$doc:meta])*
        $isa:ident, $name:literal, arch: $arch:expr, requires: $req:expr, cfg: $cfg:meta,
        export: $($export:ident)::+,
        forms: [$(
            $(#[$fdoc:meta])* $var:ident($T:ty) $($label:literal)? = $ctor:expr
        ),+ $(,)?];
    )+) => {
        /// Any token, as a value: what [`best_backend`](crate::best_backend) returns and
        /// [`for_each_backend`](crate::for_each_backend()) iterates.
        ///
        /// `Avx2` has two variants: `Avx2` (fast PEXT, `Avx2<true>`) and `Avx2SlowPext`
        /// (`Avx2<false>`, what AMD Zen 1/Zen 2 get). Use [`AnyBackend::run`] (or the
        /// [`dispatch!`](crate::dispatch!) macro) to get a monomorphized call.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyBackend {
            $($( $(#[$fdoc])* #[cfg($cfg)] $var($T), )+)+
        }

        /// One byte per form, in table order from 1; 0 means "not chosen yet".
        #[allow(dead_code)]
        #[repr(u8)]
        enum Code {
            Unset = 0,
            $($( $var, )+)+
        }

        /// [`Code`]'s values as constants, so that [`AnyBackend::from_code`] matches patterns
        /// (a jump table) rather than comparing in turn.
        #[allow(dead_code, non_upper_case_globals)]
        mod code {
            $($( pub(super) const $var: u8 = super::Code::$var as u8; )+)+
        }

        impl AnyBackend {
            /// Calls `f` with each form of `isa` that this CPU can run, in table order, until it
            /// returns `false`. Each constructor checks the CPU, so no unsafe is needed here.
            fn each_form(isa: Isa, mut f: impl FnMut(AnyBackend) -> bool) {
                match isa {
                    $( Isa::$isa => {
                        $(
                            #[cfg($cfg)]
                            if let Some(t) = $ctor
                                && !f(AnyBackend::$var(t))
                            {
                                return;
                            }
                        )+
                    } )+
                }
            }

            /// A label that tells the two AVX2 forms apart: the ISA name, or `avx2-slowpext`.
            pub fn label(self) -> &'static str {
                match self {
                    $($( #[cfg($cfg)] AnyBackend::$var(_) => first!($($label,)? $name), )+)+
                }
            }

            /// A non-zero byte per variant, for [`BEST_CODE`].
            #[cfg(feature = "std")]
            fn code(self) -> u8 {
                match self {
                    $($( #[cfg($cfg)] AnyBackend::$var(_) => code::$var, )+)+
                }
            }

            /// The token of a [`BEST_CODE`] value; `None` for 0 (not chosen yet).
            #[cfg(feature = "std")]
            #[inline(always)]
            fn from_code(c: u8) -> Option<Self> {
                // Every code but 0 was stored by `best_init` for a token that `AnyBackend::new`
                // built through the token's checked constructor.
                match c {
                    $($(
                        #[cfg($cfg)]
                        // SAFETY: a non-zero code names a token the CPU was checked to support
                        // (above).
                        code::$var => Some(AnyBackend::$var(unsafe { <$T>::new_unchecked() })),
                    )+)+
                    _ => None,
                }
            }
        }
    };
}
crate::__backends!([any_backend]);

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

impl AnyBackend {
    /// The token for `isa` on this CPU, or why not. For `Isa::Avx2` this is the fast-PEXT form
    /// when the CPU has fast PEXT, else the slow-PEXT form.
    pub fn new(isa: Isa) -> Result<Self, Unavailable> {
        let cpu = detect::detect();
        let err = Unavailable { isa, cpu };
        if !isa.compiled() || !isa.supported_by(&cpu) {
            return Err(err);
        }
        let mut any = None;
        Self::each_form(isa, |b| {
            any = Some(b);
            false
        });
        any.ok_or(err)
    }

    /// Every form of `isa` this CPU can run (both AVX2 forms where PEXT is fast), in table
    /// order; empty when [`AnyBackend::new`] fails.
    #[cfg(feature = "std")]
    pub(crate) fn forms(isa: Isa) -> std::vec::Vec<Self> {
        let mut out = std::vec::Vec::new();
        if AnyBackend::new(isa).is_ok() {
            Self::each_form(isa, |b| {
                out.push(b);
                true
            });
        }
        out
    }

    /// The token [`best`](crate::best) names (honours `BB_BACKEND`). With `std` the choice is
    /// made once and cached as one byte (the crate's only cache of it), so a per-call
    /// [`dispatch`](crate::dispatch()) costs one load and one multiway branch, not a new
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
            Self::chosen()
        }
    }

    /// Makes the choice once (so that a bad `BB_BACKEND` is reported once), then reads it.
    #[cfg(feature = "std")]
    #[cold]
    #[inline(never)]
    fn best_init() -> Self {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            BEST_CODE.store(Self::chosen().code(), core::sync::atomic::Ordering::Relaxed);
        });
        // `call_once` orders its store before this load.
        Self::from_code(BEST_CODE.load(core::sync::atomic::Ordering::Relaxed))
            .unwrap_or(AnyBackend::Scalar(Scalar))
    }

    fn chosen() -> Self {
        // `choose()` only returns a backend that `AnyBackend::new` accepted; Scalar stands in
        // for the impossible failure rather than a panic inside an engine.
        AnyBackend::new(crate::dispatch::choose()).unwrap_or(AnyBackend::Scalar(Scalar))
    }

    /// The token's ISA.
    pub fn isa(self) -> Isa {
        crate::dispatch!(self, |b| b.isa())
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

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The generated pieces agree with each other: every form a row builds is of that row's ISA,
    /// its cache code round-trips, and labels tell every form apart.
    #[test]
    fn forms_codes_and_labels_agree() {
        let mut labels = std::vec::Vec::new();
        for isa in Isa::ALL {
            let forms = AnyBackend::forms(isa);
            match AnyBackend::new(isa) {
                Ok(first) => assert_eq!(forms.first(), Some(&first), "{isa}"),
                Err(_) => assert!(forms.is_empty(), "{isa}"),
            }
            for b in forms {
                assert_eq!(b.isa(), isa, "{b}");
                assert_ne!(b.code(), 0, "{b}");
                assert_eq!(AnyBackend::from_code(b.code()), Some(b), "{b}");
                assert!(!labels.contains(&b.label()), "{b}");
                labels.push(b.label());
            }
        }
        assert!(labels.contains(&"scalar"));
        assert_eq!(AnyBackend::from_code(0), None);
    }
}
