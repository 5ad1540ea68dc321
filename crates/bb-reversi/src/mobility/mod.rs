//! Mobility: the set of legal moves of the player to move (Okuhara's *Reversi bitboard techniques*,
//! "Mobility").
//!
//! A move is legal on an empty square from which a run of one or more opponent discs, closed by
//! a player disc, extends in some direction. Every variant here finds, for each of the eight
//! directions at once, the runs of opponent discs adjacent to a player disc with a Kogge-Stone
//! style fill (one plain step, then two steps of two squares using the pairs of adjacent
//! opponent discs), and moves one square past the run. The opponent mask drops files a and h for
//! every direction with a horizontal component, so that no run wraps around the board edge.
//!
//! Variants (listed by the kernel declaration [`Mobility`]):
//!
//! | type | `NAME` | ISA | idea |
//! |---|---|---|---|
//! | [`KoggeStone8`] | `kogge_stone8` | any | eight directions in general registers (Okuhara's Arm64 form) |
//! | [`KoggePrefix8`] | `kogge_prefix8` | any | the same with runs of 1-2 taken straight from `p` (`m & p<<n \| pairs & p<<2n`): one dependent step less per direction; the +1 direction by one addition whose carry runs through the opponent discs; the LSB-ward runs one step behind, sharing each line's masks (as `avx2_pair_lag`) |
//! | [`Sse2Mirror`] | `sse2_mirror` | 128-bit vectors | diagonals in a 2 x u64 vector whose second lane is the byte-swapped board, so +9 becomes -7 and both lanes shift by the same count; horizontal and vertical in general registers |
//! | [`Sse2Mirror3`] | `sse2_mirror3` | 128-bit vectors | the mirror trick for the vertical line too: three lines in the vector, only the horizontal one in general registers (prefix form, +1 by a carry) |
//! | [`Avx2Lanes`] | `avx2_lanes` | 256-bit vectors | four directions in a 4 x u64 vector with per-lane shift counts (VPSLLVQ / VPSRLVQ) |
//! | [`Avx2PairPrefix`] | `avx2_pair_prefix` | 256-bit vectors | the 4-lane form with runs of 1-2 straight from `p`, then two doubling steps |
//! | [`Avx2PairLag`] | `avx2_pair_lag` | 256-bit vectors | the pair-prefix form with the LSB-ward runs carried one step behind (`g = f << s`), so both sides share the MSB-ward pairs and masks: two variable shifts fewer |
//! | [`Avx512PairLag`] | `avx512_pair_lag` | AVX-512 (256-bit vectors) | `avx2_pair_lag` with each three-input AND in one VPTERNLOGQ ([`Backend::u64x4_and3`]) |
//! | [`Avx2Prefix`] | `avx2_prefix` | 256-bit vectors | the 4-lane form with a shallower parallel prefix: runs of 1-2 straight from `p`, then 3-4 and 5-6 in one level (shorter dependency chain) |
//! | [`Avx512Lanes`] | `avx512_lanes` | 512-bit vectors | all eight directions in one 8 x u64 vector: lanes 0..4 shift left, lanes 4..8 right |
//! | [`WasmMirrorPrefix`] | `wasm_mirror_prefix` | wasm SIMD128 | four 2 x u64 vectors, lane 1 the byte-swapped board so one shift count serves two directions; `avx2_prefix`'s short prefix |
//!
//! [`mobility`] is the per-backend default. [`potential_mobility`] and [`frontier`] are the
//! helpers that evaluation functions use.
//!
//! ```
//! use bb_simd::Scalar;
//! // Starting position, black to move: black d5 e4, white d4 e5.
//! let p = (1 << 35) | (1 << 28);
//! let o = (1 << 27) | (1 << 36);
//! let m = bb_reversi::mobility::mobility(Scalar, p, o);
//! assert_eq!(m, bb_core::reference::mobility(p, o));
//! assert_eq!(m.count_ones(), 4);
//! ```

use bb_simd::{Backend, Isa};

mod kogge_prefix;
mod lanes_lag;
mod lanes_pair_prefix;
mod mirror3;
mod potential;
mod wasm;
pub use kogge_prefix::KoggePrefix8;
pub use lanes_lag::{Avx2PairLag, Avx512PairLag};
pub use lanes_pair_prefix::Avx2PairPrefix;
pub use mirror3::Sse2Mirror3;
pub use potential::{
    DEFAULT_FORM, PotentialSimd, frontier, frontier_scalar, frontier_simd, potential_mobility,
    potential_mobility_scalar, potential_mobility_simd,
};
pub use wasm::WasmMirrorPrefix;

/// Files b to g: the opponent mask for every direction with a horizontal component.
pub const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// One mobility technique.
pub trait MobilityVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench`.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The legal moves of the player with discs `p` against the opponent's `o`.
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64;
}

/// The mobility kernel: input `(p, o)`, output the legal moves of `p`; every
/// [`MobilityVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mobility;

bb_simd::kernel! {
    Mobility: MobilityVariant {
        name: "mobility",
        input: (u64, u64),
        output: u64,
        reference(&(p, o)) { bb_core::reference::mobility(p, o) }
        chain(&(p, o), z) { (p ^ z, o ^ z) }
        fold(m) { m }
        default_name<B>() { default_name(B::ISA) }
        run<V>(b, &(p, o)) { V::mobility(b, p, o) }
        variants [
            KoggeStone8,
            KoggePrefix8,
            Sse2Mirror,
            Sse2Mirror3,
            Avx2Lanes,
            Avx2PairPrefix,
            Avx2PairLag,
            Avx512PairLag,
            Avx2Prefix,
            Avx512Lanes,
            WasmMirrorPrefix,
        ]
    }
}

/// The per-backend default table, written once and read by the kernel and [`default_name`]: `V`
/// names the variant type of `$isa` inside `$e`. The match is exhaustive, so a new backend token
/// does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        match $isa {
            Isa::Avx2 => {
                type $V = Avx2PairLag;
                $e
            }
            Isa::Avx512 | Isa::Avx512Vbmi => {
                type $V = Avx512PairLag;
                $e
            }
            Isa::Scalar | Isa::Wasm128 => {
                type $V = KoggePrefix8;
                $e
            }
            Isa::Sse2 | Isa::Ssse3 => {
                type $V = Sse2Mirror3;
                $e
            }
            Isa::Neon => {
                type $V = KoggeStone8;
                $e
            }
        }
    };
}

/// Name of [`mobility`]'s variant on `isa`.
#[must_use]
pub const fn default_name(isa: Isa) -> &'static str {
    default_variant!(isa, |V| V::NAME)
}

/// The default mobility for backend `B`, chosen by measurement against Edax on Zen 4
/// (docs/kernels/mobility.md): the 4-lane pair-prefix form with the LSB-ward runs one step
/// behind where 256-bit vectors exist (its VPTERNLOGQ form on AVX-512), three mirrored
/// lines in a 128-bit vector on SSE2 (the best latency for about Edax's throughput), the
/// general-register prefix form on the scalar backend and on Wasm128 (also the fastest under
/// V8), and the general-register Kogge-Stone form on Neon (Okuhara notes that shift-and-operate
/// instructions make it the fastest).
#[inline(always)]
pub fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    default_variant!(B::ISA, |V| V::mobility(b, p, o))
}

/// Eight directions in general registers (Okuhara's *Reversi bitboard techniques* "Mobility", Arm64
/// form).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone8;

/// Runs of `m` adjacent to `p` toward the MSB by `n`, one past the run (`n` a shift count).
#[inline(always)]
pub(super) const fn runs_left(p: u64, m: u64, n: u32) -> u64 {
    let mut f = m & (p << n);
    f |= m & (f << n);
    let pre = m & (m << n);
    f |= pre & (f << (2 * n));
    f |= pre & (f << (2 * n));
    f << n
}

#[inline(always)]
pub(super) const fn runs_right(p: u64, m: u64, n: u32) -> u64 {
    let mut f = m & (p >> n);
    f |= m & (f >> n);
    let pre = m & (m >> n);
    f |= pre & (f >> (2 * n));
    f |= pre & (f >> (2 * n));
    f >> n
}

impl MobilityVariant for KoggeStone8 {
    const NAME: &'static str = "kogge_stone8";
    #[inline(always)]
    fn mobility<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        // `o` without files a and h for every direction with a horizontal component.
        let mo = o & INNER_FILES;
        let moves = runs_left(p, mo, 1)
            | runs_left(p, mo, 7)
            | runs_left(p, mo, 9)
            | runs_left(p, o, 8)
            | runs_right(p, mo, 1)
            | runs_right(p, mo, 7)
            | runs_right(p, mo, 9)
            | runs_right(p, o, 8);
        moves & !(p | o)
    }
}

/// Diagonals in a 2 x u64 vector with the vertical-mirror trick, horizontal and vertical in
/// general registers (Okuhara's *Reversi bitboard techniques* "Mobility", SSE2 form).
///
/// Lane 1 holds the byte-swapped (upside-down) board, on which a +7 step is the original's -9
/// and a +9 step the original's -7, so both lanes shift left by 7 and then by 9.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Mirror;

impl MobilityVariant for Sse2Mirror {
    const NAME: &'static str = "sse2_mirror";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let mo = o & INNER_FILES;
        let pp = b.u64x2_from_array([p, b.bswap(p)]);
        let moo = b.u64x2_from_array([mo, b.bswap(mo)]);
        let pre7 = b.u64x2_and(moo, b.u64x2_shl::<7>(moo));
        let mut f = b.u64x2_and(moo, b.u64x2_shl::<7>(pp));
        f = b.u64x2_or(f, b.u64x2_and(moo, b.u64x2_shl::<7>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre7, b.u64x2_shl::<14>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre7, b.u64x2_shl::<14>(f)));
        let mut mm = b.u64x2_shl::<7>(f);
        let pre9 = b.u64x2_and(moo, b.u64x2_shl::<9>(moo));
        let mut f = b.u64x2_and(moo, b.u64x2_shl::<9>(pp));
        f = b.u64x2_or(f, b.u64x2_and(moo, b.u64x2_shl::<9>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre9, b.u64x2_shl::<18>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre9, b.u64x2_shl::<18>(f)));
        mm = b.u64x2_or(mm, b.u64x2_shl::<9>(f));
        let moves =
            runs_left(p, mo, 1) | runs_right(p, mo, 1) | runs_left(p, o, 8) | runs_right(p, o, 8);
        let [lo, hi] = b.u64x2_to_array(mm);
        (moves | lo | b.bswap(hi)) & !(p | o)
    }
}

/// Four directions in a 4 x u64 vector with per-lane shift counts (Okuhara's *Reversi bitboard
/// techniques* "Mobility", AVX2).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2Lanes;

impl MobilityVariant for Avx2Lanes {
    const NAME: &'static str = "avx2_lanes";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let sh = b.u64x4_from_array([1, 8, 9, 7]);
        let sh2 = b.u64x4_from_array([2, 16, 18, 14]);
        let pp = b.u64x4_splat(p);
        let moo = b.u64x4_and(
            b.u64x4_splat(o),
            b.u64x4_from_array([INNER_FILES, !0, INNER_FILES, INNER_FILES]),
        );
        let mut fl = b.u64x4_and(moo, b.u64x4_shlv(pp, sh));
        let mut fr = b.u64x4_and(moo, b.u64x4_shrv(pp, sh));
        fl = b.u64x4_or(fl, b.u64x4_and(moo, b.u64x4_shlv(fl, sh)));
        fr = b.u64x4_or(fr, b.u64x4_and(moo, b.u64x4_shrv(fr, sh)));
        let pl = b.u64x4_and(moo, b.u64x4_shlv(moo, sh));
        let pr = b.u64x4_shrv(pl, sh);
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, sh2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, sh2)));
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, sh2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, sh2)));
        let mm = b.u64x4_or(b.u64x4_shlv(fl, sh), b.u64x4_shrv(fr, sh));
        // The occupied squares are masked in the vector, before the reduction. Masked after it,
        // in general registers, `p | o` makes LLVM join the two inputs into one 128-bit vector
        // and fetch `o` from it with a cross-lane VPERMQ: 4 cycles more on the latency chain
        // (9.1 against 7.7 ns on Zen 4) for one vector operation saved.
        b.u64x4_hor(b.u64x4_andnot(b.u64x4_or(pp, b.u64x4_splat(o)), mm))
    }
}

/// The 4-lane form with a shallower parallel prefix (beyond the published sources): runs of length
/// 1 and 2 come straight from `p` (`m & p<<s | m & m<<s & p<<2s`), then one level extends them by 2
/// and by 4 at once with the pairs and quadruples of opponent discs. Two dependent steps on
/// `p` instead of four, for latency.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2Prefix;

impl MobilityVariant for Avx2Prefix {
    const NAME: &'static str = "avx2_prefix";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let sh = b.u64x4_from_array([1, 8, 9, 7]);
        let sh2 = b.u64x4_from_array([2, 16, 18, 14]);
        let sh4 = b.u64x4_from_array([4, 32, 36, 28]);
        let pp = b.u64x4_splat(p);
        let m = b.u64x4_and(
            b.u64x4_splat(o),
            b.u64x4_from_array([INNER_FILES, !0, INNER_FILES, INNER_FILES]),
        );
        // Pairs and quadruples of opponent discs, ending (left) or starting (right) at a square.
        let pl = b.u64x4_and(m, b.u64x4_shlv(m, sh));
        let pr = b.u64x4_shrv(pl, sh);
        let ql = b.u64x4_and(pl, b.u64x4_shlv(pl, sh2));
        let qr = b.u64x4_and(pr, b.u64x4_shrv(pr, sh2));
        let fl = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shlv(pp, sh)),
            b.u64x4_and(pl, b.u64x4_shlv(pp, sh2)),
        );
        let fr = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shrv(pp, sh)),
            b.u64x4_and(pr, b.u64x4_shrv(pp, sh2)),
        );
        let fl = b.u64x4_or(
            fl,
            b.u64x4_or(
                b.u64x4_and(pl, b.u64x4_shlv(fl, sh2)),
                b.u64x4_and(ql, b.u64x4_shlv(fl, sh4)),
            ),
        );
        let fr = b.u64x4_or(
            fr,
            b.u64x4_or(
                b.u64x4_and(pr, b.u64x4_shrv(fr, sh2)),
                b.u64x4_and(qr, b.u64x4_shrv(fr, sh4)),
            ),
        );
        let mm = b.u64x4_or(b.u64x4_shlv(fl, sh), b.u64x4_shrv(fr, sh));
        // Occupied squares masked in the vector: see `Avx2Lanes`.
        b.u64x4_hor(b.u64x4_andnot(b.u64x4_or(pp, b.u64x4_splat(o)), mm))
    }
}

/// All eight directions in one 8 x u64 vector: lanes 0..4 step toward the MSB by 1, 8, 9, 7,
/// lanes 4..8 toward the LSB. A shift is `shlv(x, l) | shrv(x, r)` with the unused count 64
/// (which gives 0), and AVX-512 fuses the OR and the masking AND into one VPTERNLOGQ.
/// Beyond the published sources.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512Lanes;

impl MobilityVariant for Avx512Lanes {
    const NAME: &'static str = "avx512_lanes";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let l = b.u64x8_from_array([1, 8, 9, 7, 64, 64, 64, 64]);
        let r = b.u64x8_from_array([64, 64, 64, 64, 1, 8, 9, 7]);
        let l2 = b.u64x8_from_array([2, 16, 18, 14, 64, 64, 64, 64]);
        let r2 = b.u64x8_from_array([64, 64, 64, 64, 2, 16, 18, 14]);
        let sh = |x| b.u64x8_or(b.u64x8_shlv(x, l), b.u64x8_shrv(x, r));
        let sh2 = |x| b.u64x8_or(b.u64x8_shlv(x, l2), b.u64x8_shrv(x, r2));
        let i = INNER_FILES;
        let pp = b.u64x8_splat(p);
        let moo = b.u64x8_and(
            b.u64x8_splat(o),
            b.u64x8_from_array([i, !0, i, i, i, !0, i, i]),
        );
        let mut f = b.u64x8_and(moo, sh(pp));
        f = b.u64x8_or(f, b.u64x8_and(moo, sh(f)));
        let pre = b.u64x8_and(moo, sh(moo));
        f = b.u64x8_or(f, b.u64x8_and(pre, sh2(f)));
        f = b.u64x8_or(f, b.u64x8_and(pre, sh2(f)));
        b.u64x8_hor(sh(f)) & !(p | o)
    }
}
