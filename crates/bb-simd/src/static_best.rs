//! The token that the build's target features prove to be the best, chosen from the backend
//! table at compile time; [`auto!`](crate::auto!) uses it with no run-time check.

use crate::{Backend, Isa, Scalar};

/// The backend that the build's target features prove to be this architecture's best, if any:
/// the most capable token this build contains when the build enables every feature it requires.
/// That is [`Avx512Vbmi`](crate::Isa::Avx512Vbmi) on x86-64 built for a CPU that has it
/// (`-C target-cpu=native` on Zen 4, Ice Lake or Sapphire Rapids), `Neon` on AArch64, `Wasm128`
/// on wasm32 built with `simd128` (`Scalar` without it), `Scalar` on architectures without a
/// SIMD backend, else `None`.
///
/// When it is `Some`, [`auto!`](crate::auto!) (and the game crates' high-level APIs built on
/// it) use that token with no run-time check at all; when it is `None`, they use the cached
/// run-time choice of [`best_backend`](crate::best_backend).
pub const STATIC_BEST: Option<Isa> = isa_of(&TOKEN);

const fn isa_of<B: Backend>(token: &Option<B>) -> Option<Isa> {
    if token.is_some() { Some(B::ISA) } else { None }
}

/// `TOKEN` for each row whose token exists in this build while no later row's does (so exactly
/// one, the most capable of the build's architecture, or `Scalar` where none exists).
macro_rules! static_token {
    () => {};
    ([$cfg:meta, $T:ty, $isa:ident] $([$rcfg:meta, $rT:ty, $risa:ident])*) => {
        /// The most capable token of this build, if the build enables every feature it
        /// requires.
        #[cfg(all($cfg, not(any($($rcfg),*))))]
        pub const TOKEN: Option<$T> = if Isa::$isa.supported_by(&crate::detect::COMPILED) {
            // SAFETY: evaluated only when every feature the token requires is enabled for the
            // whole build, so any CPU (or wasm engine) that runs this code has them.
            Some(unsafe { <$T>::new_unchecked() })
        } else {
            None
        };
        static_token!($([$rcfg, $rT, $risa])*);
    };
}

/// The table's rows as `[cfg, first form's type, Isa variant]` for [`static_token!`].
macro_rules! static_rows {
    ([] $(
        $(#[$doc:meta])*
        $isa:ident, $name:literal, arch: $arch:expr, requires: $req:expr, cfg: $cfg:meta,
        export: $($export:ident)::+,
        forms: [
            $(#[$fdoc:meta])* $var:ident($T:ty) $($label:literal)? = $ctor:expr
            $(, $(#[$rdoc:meta])* $rvar:ident($rT:ty) $($rlabel:literal)? = $rctor:expr)* $(,)?
        ];
    )+) => {
        static_token!($([$cfg, $T, $isa])+);
    };
}
crate::__backends!([static_rows]);

/// Runs the scalar arm of a run-time [`auto!`](crate::auto!) out of line.
#[inline(never)]
pub fn outline<R, F: FnOnce() -> R>(_: Scalar, f: F) -> R {
    f()
}
