//! The vector variants (Okuhara's `eval_update_sse` / `eval_set` in Edax-AVX): the 48 lanes in
//! vectors, and one vector addition of the square's delta per vector per disc. The lanes never
//! carry into each other, so 64-bit lane additions give the 16-bit lanes' results; the same
//! code runs as SSE2, Neon and Wasm128 (`lanes128`), AVX2 (`lanes256`) and AVX-512
//! (`lanes512`: one zmm and one ymm).

use super::tables::{ALL_ONES, DELTA, WORDS};
use super::{FeatureVariant, Features, Mover};
use bb_core::Square;
use bb_simd::Backend;

/// Six 128-bit vectors (SSE2, Neon, Wasm128).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Lanes128;
/// Three 256-bit vectors (AVX2).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Lanes256;
/// One 512-bit and one 256-bit vector (AVX-512).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Lanes512;

/// The per-width code: `$n` vectors of `$per` words, loaded from word `$per * k`.
macro_rules! lanes_variant {
    ($name:ident, $s:literal, $bits:literal, $V:ident, $per:literal, $load:ident, $from:ident,
     $to:ident, $add:ident, $sub:ident) => {
        /// Vector `k` of `w`.
        #[inline(always)]
        fn $load<B: Backend>(b: B, w: &[u64; WORDS], k: usize) -> B::$V {
            let mut a = [0u64; $per];
            a.copy_from_slice(&w[$per * k..$per * (k + 1)]);
            b.$from(a)
        }

        impl FeatureVariant for $name {
            const NAME: &'static str = $s;
            fn supported<B: Backend>() -> bool {
                B::VECTOR_BITS >= $bits
            }
            #[inline(always)]
            fn set<B: Backend>(b: B, p: u64, o: u64) -> Features {
                const N: usize = WORDS / $per;
                let mut v = [b.$from([0; $per]); N];
                for k in 0..N {
                    v[k] = $load::<B>(b, &ALL_ONES.0, k);
                }
                let mut x = p;
                while x != 0 {
                    let d = &DELTA.0[x.trailing_zeros() as usize & 63];
                    for k in 0..N {
                        v[k] = b.$sub(v[k], $load::<B>(b, d, k));
                    }
                    x &= x - 1;
                }
                let mut x = !(p | o);
                while x != 0 {
                    let d = &DELTA.0[x.trailing_zeros() as usize & 63];
                    for k in 0..N {
                        v[k] = b.$add(v[k], $load::<B>(b, d, k));
                    }
                    x &= x - 1;
                }
                let mut words = [0u64; WORDS];
                for k in 0..N {
                    words[$per * k..$per * (k + 1)].copy_from_slice(&b.$to(v[k]));
                }
                Features { words }
            }
            #[inline(always)]
            fn update<B: Backend>(
                b: B,
                f: &Features,
                sq: Square,
                flipped: u64,
                mover: Mover,
            ) -> Features {
                const N: usize = WORDS / $per;
                let mut v = [b.$from([0; $per]); N];
                for k in 0..N {
                    v[k] = $load::<B>(b, &f.words, k);
                }
                let d = &DELTA.0[sq.index()];
                match mover {
                    Mover::Zero => {
                        for k in 0..N {
                            let dk = $load::<B>(b, d, k);
                            v[k] = b.$sub(b.$sub(v[k], dk), dk);
                        }
                        let mut x = flipped;
                        while x != 0 {
                            let d = &DELTA.0[x.trailing_zeros() as usize & 63];
                            for k in 0..N {
                                v[k] = b.$sub(v[k], $load::<B>(b, d, k));
                            }
                            x &= x - 1;
                        }
                    }
                    Mover::One => {
                        for k in 0..N {
                            v[k] = b.$sub(v[k], $load::<B>(b, d, k));
                        }
                        let mut x = flipped;
                        while x != 0 {
                            let d = &DELTA.0[x.trailing_zeros() as usize & 63];
                            for k in 0..N {
                                v[k] = b.$add(v[k], $load::<B>(b, d, k));
                            }
                            x &= x - 1;
                        }
                    }
                }
                let mut words = [0u64; WORDS];
                for k in 0..N {
                    words[$per * k..$per * (k + 1)].copy_from_slice(&b.$to(v[k]));
                }
                Features { words }
            }
        }
    };
}

lanes_variant!(
    Lanes128,
    "lanes128",
    128,
    U64x2,
    2,
    load128,
    u64x2_from_array,
    u64x2_to_array,
    u64x2_add,
    u64x2_sub
);
lanes_variant!(
    Lanes256,
    "lanes256",
    256,
    U64x4,
    4,
    load256,
    u64x4_from_array,
    u64x4_to_array,
    u64x4_add,
    u64x4_sub
);

/// Words 0-7 in a 512-bit vector, 8-11 in a 256-bit one.
#[inline(always)]
fn load512<B: Backend>(b: B, w: &[u64; WORDS]) -> (B::U64x8, B::U64x4) {
    let [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = *w;
    (
        b.u64x8_from_array([a0, a1, a2, a3, a4, a5, a6, a7]),
        b.u64x4_from_array([a8, a9, a10, a11]),
    )
}

#[inline(always)]
fn store512<B: Backend>(b: B, (lo, hi): (B::U64x8, B::U64x4)) -> Features {
    let [a0, a1, a2, a3, a4, a5, a6, a7] = b.u64x8_to_array(lo);
    let [a8, a9, a10, a11] = b.u64x4_to_array(hi);
    Features {
        words: [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11],
    }
}

/// `v + d` (`ADD`) or `v - d`.
#[inline(always)]
fn step512<B: Backend, const ADD: bool>(
    b: B,
    (lo, hi): (B::U64x8, B::U64x4),
    sq: usize,
) -> (B::U64x8, B::U64x4) {
    let (dl, dh) = load512(b, &DELTA.0[sq & 63]);
    if ADD {
        (b.u64x8_add(lo, dl), b.u64x4_add(hi, dh))
    } else {
        (b.u64x8_sub(lo, dl), b.u64x4_sub(hi, dh))
    }
}

impl FeatureVariant for Lanes512 {
    const NAME: &'static str = "lanes512";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn set<B: Backend>(b: B, p: u64, o: u64) -> Features {
        let mut v = load512(b, &ALL_ONES.0);
        let mut x = p;
        while x != 0 {
            v = step512::<B, false>(b, v, x.trailing_zeros() as usize);
            x &= x - 1;
        }
        let mut x = !(p | o);
        while x != 0 {
            v = step512::<B, true>(b, v, x.trailing_zeros() as usize);
            x &= x - 1;
        }
        store512(b, v)
    }
    #[inline(always)]
    fn update<B: Backend>(b: B, f: &Features, sq: Square, flipped: u64, mover: Mover) -> Features {
        let mut v = load512(b, &f.words);
        let mut x = flipped;
        v = step512::<B, false>(b, v, sq.index());
        match mover {
            Mover::Zero => {
                v = step512::<B, false>(b, v, sq.index());
                while x != 0 {
                    v = step512::<B, false>(b, v, x.trailing_zeros() as usize);
                    x &= x - 1;
                }
            }
            Mover::One => {
                while x != 0 {
                    v = step512::<B, true>(b, v, x.trailing_zeros() as usize);
                    x &= x - 1;
                }
            }
        }
        store512(b, v)
    }
}
