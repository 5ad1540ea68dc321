//! The backend table: one row per token, the one list of backends that the rest of the crate
//! (and the dispatch macros in other crates) expand.
//!
//! A row gives the [`Isa`](crate::Isa) variant and its docs, the `BB_BACKEND` name, the
//! architecture whose builds contain the token, the CPU features it requires, the `cfg` under
//! which its type exists, the path it is exported from, and its *forms*: the
//! [`AnyBackend`](crate::AnyBackend) variants that carry it (one, or two for `Avx2`'s fast- and
//! slow-PEXT types), each with its type and its checked constructor, tried in order. Rows go from
//! the least to the most capable within an architecture.
//!
//! From it come [`Isa`](crate::Isa) and its methods (`detect.rs`), [`AnyBackend`](crate::AnyBackend),
//! its constructors and cache codes (`any_backend.rs`), the arms of
//! [`dispatch!`](crate::dispatch!), [`for_each_backend!`](crate::for_each_backend!) and
//! [`auto!`](crate::auto!) (`dispatch.rs`), [`STATIC_BEST`](crate::STATIC_BEST) (`static_best.rs`)
//! and the token exports (`lib.rs`).

/// Calls `$cb! { [$args] rows }` with the backend table's rows (see the module docs); `$cb` is a
/// path given as tokens in brackets. Callers parse the rows with the grammar of
/// [`__dispatch_match!`](crate::__dispatch_match!).
#[doc(hidden)]
#[macro_export]
macro_rules! __backends {
    ([$($cb:tt)*] $($args:tt)*) => {
        $($cb)*! {
            [$($args)*]

            /// Portable Rust, no vector instructions assumed.
            Scalar, "scalar", arch: None, requires: &[], cfg: all(),
            export: scalar::Scalar,
            forms: [
                /// [`Scalar`](crate::Scalar).
                Scalar($crate::Scalar) = $crate::Scalar::try_new(),
            ];

            /// x86-64 baseline (SSE2).
            Sse2, "sse2", arch: Some("x86_64"), requires: &[$crate::Feature::Sse2],
            cfg: target_arch = "x86_64",
            export: x86::Sse2,
            forms: [
                /// [`Sse2`](crate::Sse2).
                Sse2($crate::Sse2) = $crate::Sse2::try_new(),
            ];

            /// SSE2 + SSSE3 (PSHUFB, PMADDUBSW): Core 2 and later.
            Ssse3, "ssse3", arch: Some("x86_64"),
            requires: &[$crate::Feature::Sse2, $crate::Feature::Ssse3],
            cfg: target_arch = "x86_64",
            export: x86::Ssse3,
            forms: [
                /// [`Ssse3`](crate::Ssse3).
                Ssse3($crate::Ssse3) = $crate::Ssse3::try_new(),
            ];

            /// x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT, MOVBE (Haswell, Zen 1 and later).
            Avx2, "avx2", arch: Some("x86_64"), requires: &V3,
            cfg: target_arch = "x86_64",
            export: x86::Avx2,
            forms: [
                /// [`Avx2<true>`](crate::Avx2).
                Avx2($crate::Avx2<true>) = $crate::Avx2::try_new(),
                /// [`Avx2<false>`](crate::Avx2): PEXT/PDEP present but microcoded.
                Avx2SlowPext($crate::Avx2<false>) "avx2-slowpext" =
                    $crate::Avx2::try_new_slow_pext(),
            ];

            /// x86-64-v4: v3 + AVX-512 F, CD, BW, DQ, VL (Skylake-X, Cascade Lake).
            Avx512, "avx512", arch: Some("x86_64"), requires: &V4,
            cfg: target_arch = "x86_64",
            export: x86::Avx512,
            forms: [
                /// [`Avx512`](crate::Avx512).
                Avx512($crate::Avx512) = $crate::Avx512::try_new(),
            ];

            /// v4 + VBMI, VBMI2, GFNI, BITALG, VPOPCNTDQ, VNNI (Ice Lake, Sapphire Rapids, Zen 4
            /// and later).
            Avx512Vbmi, "avx512vbmi", arch: Some("x86_64"), requires: &V4_VBMI,
            cfg: target_arch = "x86_64",
            export: x86::Avx512Vbmi,
            forms: [
                /// [`Avx512Vbmi`](crate::Avx512Vbmi).
                Avx512Vbmi($crate::Avx512Vbmi) = $crate::Avx512Vbmi::try_new(),
            ];

            /// AArch64 Advanced SIMD.
            Neon, "neon", arch: Some("aarch64"), requires: &[$crate::Feature::Neon],
            cfg: target_arch = "aarch64",
            export: neon::Neon,
            forms: [
                /// [`Neon`](crate::Neon).
                Neon($crate::Neon) = $crate::Neon::try_new(),
            ];

            /// WebAssembly SIMD128 (a compile-time choice: wasm has no run-time feature
            /// detection).
            Wasm128, "wasm128", arch: Some("wasm32"), requires: &[$crate::Feature::Simd128],
            cfg: all(target_arch = "wasm32", target_feature = "simd128"),
            export: wasm::Wasm128,
            forms: [
                /// [`Wasm128`](crate::Wasm128) (only in wasm builds with `simd128`).
                Wasm128($crate::Wasm128) = $crate::Wasm128::try_new(),
            ];
        }
    };
}
