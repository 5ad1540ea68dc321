//! The [`Backend`] trait: every operation, with portable default implementations.

use crate::{Isa, emu};
use core::fmt::Debug;

pub(crate) mod sealed {
    /// Only this crate's tokens implement [`Backend`](super::Backend).
    pub trait Sealed {}
}

/// Bound shared by every associated vector type: plain, copyable, printable data.
pub trait Vector: Copy + Debug + Send + Sync + 'static {}
impl<T: Copy + Debug + Send + Sync + 'static> Vector for T {}

// Lane-wise map over `to_array` / `from_array`: the portable emulation used by default methods.
macro_rules! map1 {
    ($s:ident, $from:ident, $to:ident, $a:ident, |$x:ident| $e:expr) => {{
        let $a = $s.$to($a);
        $s.$from(core::array::from_fn(|i| {
            let $x = $a[i];
            $e
        }))
    }};
}
macro_rules! map2 {
    ($s:ident, $from:ident, $to:ident, $a:ident, $b:ident, |$x:ident, $y:ident| $e:expr) => {{
        let ($a, $b) = ($s.$to($a), $s.$to($b));
        $s.$from(core::array::from_fn(|i| {
            let ($x, $y) = ($a[i], $b[i]);
            $e
        }))
    }};
}
// Bit `i` of the result is `pred(lane i)`.
macro_rules! mask_of {
    ($arr:expr, $M:ty, |$x:ident, $i:ident| $e:expr) => {{
        let arr = $arr;
        let mut m: $M = 0;
        for $i in 0..arr.len() {
            let $x = arr[$i];
            if $e {
                m |= 1 << $i;
            }
        }
        m
    }};
}

macro_rules! u64_ops {
    (
        $V:ident, $N:literal, $B:ident, $NB:literal, $bfrom:ident, $bto:ident;
        $from:ident, $to:ident, $splat:ident, $zero:ident, $and:ident, $or:ident, $xor:ident,
        $andnot:ident, $not:ident, $add:ident, $sub:ident, $neg:ident, $shl:ident, $shr:ident,
        $shlv:ident, $shrv:ident, $cmpeq:ident, $min:ident, $lzcnt:ident, $bswap:ident,
        $rbit:ident, $popcnt:ident, $hor:ident, $hadd:ident, $nonzero:ident, $as_u8:ident,
        $u8_as:ident
    ) => {
        #[doc = concat!("Builds a ", stringify!($N), " x u64 vector; element `i` is lane `i`.")]
        fn $from(self, a: [u64; $N]) -> Self::$V;
        #[doc = concat!("The lanes of a ", stringify!($N), " x u64 vector; lane `i` is element `i`.")]
        fn $to(self, a: Self::$V) -> [u64; $N];
        /// Every lane set to `x` (broadcast).
        #[inline(always)]
        fn $splat(self, x: u64) -> Self::$V {
            self.$from([x; $N])
        }
        /// All lanes zero.
        #[inline(always)]
        fn $zero(self) -> Self::$V {
            self.$splat(0)
        }
        /// Lane-wise `a & b`.
        #[inline(always)]
        fn $and(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x & y)
        }
        /// Lane-wise `a | b`.
        #[inline(always)]
        fn $or(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x | y)
        }
        /// Lane-wise `a ^ b`.
        #[inline(always)]
        fn $xor(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x ^ y)
        }
        /// Lane-wise `!a & b` (x86 operand order, as PANDN).
        #[inline(always)]
        fn $andnot(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| !x & y)
        }
        /// Lane-wise `!a`.
        #[inline(always)]
        fn $not(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| !x)
        }
        /// Lane-wise wrapping `a + b`.
        #[inline(always)]
        fn $add(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.wrapping_add(y))
        }
        /// Lane-wise wrapping `a - b`.
        #[inline(always)]
        fn $sub(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.wrapping_sub(y))
        }
        /// Lane-wise wrapping `-a` (two's complement).
        #[inline(always)]
        fn $neg(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| x.wrapping_neg())
        }
        /// Lane-wise `a << N`; `N >= 64` gives 0.
        #[inline(always)]
        fn $shl<const N: u32>(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| emu::shl64(x, N as u64))
        }
        /// Lane-wise logical `a >> N`; `N >= 64` gives 0.
        #[inline(always)]
        fn $shr<const N: u32>(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| emu::shr64(x, N as u64))
        }
        /// Per-lane `a << counts`; a count of 64 or more gives 0 (VPSLLVQ).
        #[inline(always)]
        fn $shlv(self, a: Self::$V, counts: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, counts, |x, c| emu::shl64(x, c))
        }
        /// Per-lane logical `a >> counts`; a count of 64 or more gives 0 (VPSRLVQ).
        #[inline(always)]
        fn $shrv(self, a: Self::$V, counts: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, counts, |x, c| emu::shr64(x, c))
        }
        /// Per lane: all ones where `a == b`, else 0.
        #[inline(always)]
        fn $cmpeq(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| if x == y { !0 } else { 0 })
        }
        /// Lane-wise unsigned minimum.
        #[inline(always)]
        fn $min(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.min(y))
        }
        /// Per-lane count of leading zeros (64 for a zero lane).
        #[inline(always)]
        fn $lzcnt(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| u64::from(x.leading_zeros()))
        }
        /// Per-lane byte swap (vertical flip of a bitboard).
        #[inline(always)]
        fn $bswap(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| x.swap_bytes())
        }
        /// Per-lane bit reversal (bit 0 <-> bit 63).
        #[inline(always)]
        fn $rbit(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| x.reverse_bits())
        }
        /// Per-lane population count.
        #[inline(always)]
        fn $popcnt(self, a: Self::$V) -> Self::$V {
            map1!(self, $from, $to, a, |x| u64::from(x.count_ones()))
        }
        /// Horizontal OR of all lanes.
        #[inline(always)]
        fn $hor(self, a: Self::$V) -> u64 {
            self.$to(a).iter().fold(0, |acc, &x| acc | x)
        }
        /// Horizontal wrapping sum of all lanes.
        #[inline(always)]
        fn $hadd(self, a: Self::$V) -> u64 {
            self.$to(a).iter().fold(0, |acc: u64, &x| acc.wrapping_add(x))
        }
        /// Bit `i` set where lane `i` is non-zero.
        #[inline(always)]
        fn $nonzero(self, a: Self::$V) -> u8 {
            mask_of!(self.$to(a), u8, |x, _i| x != 0)
        }
        /// Reinterprets the lanes as bytes (little endian: byte `8 * i` is the low byte of lane
        /// `i`).
        #[inline(always)]
        fn $as_u8(self, a: Self::$V) -> Self::$B {
            let a = self.$to(a);
            self.$bfrom(core::array::from_fn(|i| a[i / 8].to_le_bytes()[i % 8]))
        }
        /// Reinterprets bytes as u64 lanes (little endian).
        #[inline(always)]
        fn $u8_as(self, a: Self::$B) -> Self::$V {
            let a = self.$bto(a);
            self.$from(core::array::from_fn(|i| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&a[8 * i..8 * i + 8]);
                u64::from_le_bytes(b)
            }))
        }
    };
}

macro_rules! u8_ops {
    (
        $V:ident, $N:literal, $M:ty, $W:ident, $wfrom:ident;
        $from:ident, $to:ident, $splat:ident, $zero:ident, $and:ident, $or:ident, $xor:ident,
        $andnot:ident, $add:ident, $sub:ident, $min:ident, $max:ident, $cmpeq:ident, $test:ident,
        $movemask:ident, $shuffle:ident, $gf:ident, $sad:ident
    ) => {
        #[doc = concat!("Builds a ", stringify!($N), " x u8 vector; element `i` is lane `i`.")]
        fn $from(self, a: [u8; $N]) -> Self::$V;
        #[doc = concat!("The lanes of a ", stringify!($N), " x u8 vector.")]
        fn $to(self, a: Self::$V) -> [u8; $N];
        /// Every byte set to `x`.
        #[inline(always)]
        fn $splat(self, x: u8) -> Self::$V {
            self.$from([x; $N])
        }
        /// All bytes zero.
        #[inline(always)]
        fn $zero(self) -> Self::$V {
            self.$splat(0)
        }
        /// Byte-wise `a & b`.
        #[inline(always)]
        fn $and(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x & y)
        }
        /// Byte-wise `a | b`.
        #[inline(always)]
        fn $or(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x | y)
        }
        /// Byte-wise `a ^ b`.
        #[inline(always)]
        fn $xor(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x ^ y)
        }
        /// Byte-wise `!a & b` (x86 operand order).
        #[inline(always)]
        fn $andnot(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| !x & y)
        }
        /// Byte-wise wrapping add.
        #[inline(always)]
        fn $add(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.wrapping_add(y))
        }
        /// Byte-wise wrapping subtract.
        #[inline(always)]
        fn $sub(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.wrapping_sub(y))
        }
        /// Byte-wise unsigned minimum.
        #[inline(always)]
        fn $min(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.min(y))
        }
        /// Byte-wise unsigned maximum.
        #[inline(always)]
        fn $max(self, a: Self::$V, b: Self::$V) -> Self::$V {
            map2!(self, $from, $to, a, b, |x, y| x.max(y))
        }
        /// Bit `i` set where byte `i` of `a` equals byte `i` of `b`.
        #[inline(always)]
        fn $cmpeq(self, a: Self::$V, b: Self::$V) -> $M {
            let (a, b) = (self.$to(a), self.$to(b));
            mask_of!(a, $M, |x, i| x == b[i])
        }
        /// Bit `i` set where `a & b` is non-zero in byte `i` (VPTESTMB).
        #[inline(always)]
        fn $test(self, a: Self::$V, b: Self::$V) -> $M {
            let (a, b) = (self.$to(a), self.$to(b));
            mask_of!(a, $M, |x, i| x & b[i] != 0)
        }
        /// Bit `i` is the top bit of byte `i` (PMOVMSKB).
        #[inline(always)]
        fn $movemask(self, a: Self::$V) -> $M {
            mask_of!(self.$to(a), $M, |x, _i| x & 0x80 != 0)
        }
        /// PSHUFB within each 16-byte lane: byte `i` is `table[lane + (idx[i] & 15)]`, or 0 when
        /// the top bit of `idx[i]` is set.
        #[inline(always)]
        fn $shuffle(self, table: Self::$V, idx: Self::$V) -> Self::$V {
            let (t, x) = (self.$to(table), self.$to(idx));
            self.$from(core::array::from_fn(|i| {
                let base = i & !15;
                let mut lane = [0u8; 16];
                lane.copy_from_slice(&t[base..base + 16]);
                emu::pshufb_byte(&lane, x[i])
            }))
        }
        /// GF2P8AFFINEQB: each byte `x` of lane `q` becomes `matrix[q] * x + IMM` over GF(2)
        /// (bit `i` = parity of `matrix.byte[7 - i] & x`, xor bit `i` of `IMM`).
        #[inline(always)]
        fn $gf<const IMM: u8>(self, x: Self::$V, matrix: Self::$V) -> Self::$V {
            let (x, m) = (self.$to(x), self.$to(matrix));
            self.$from(core::array::from_fn(|i| {
                let q = i & !7;
                let mut row = [0u8; 8];
                row.copy_from_slice(&m[q..q + 8]);
                emu::gf2p8affine_byte(x[i], u64::from_le_bytes(row), IMM)
            }))
        }
        /// PSADBW: u64 lane `q` is the sum of `|a - b|` over bytes `8q .. 8q + 8`.
        #[inline(always)]
        fn $sad(self, a: Self::$V, b: Self::$V) -> Self::$W {
            let (a, b) = (self.$to(a), self.$to(b));
            self.$wfrom(core::array::from_fn(|q| {
                (8 * q..8 * q + 8)
                    .map(|i| u64::from(a[i].abs_diff(b[i])))
                    .sum()
            }))
        }
    };
}

/// A zero-sized proof that the running CPU supports an instruction set, and the operations that
/// the bitboard algorithms need, written for it.
///
/// Obtain one with the token's `try_new()` or through [`dispatch`](crate::dispatch()); write
/// algorithms as generic functions `fn f<B: Backend>(b: B, ...)` and run hot loops inside
/// [`Backend::vectorize`]. Every operation is `#[inline(always)]` and exists on every backend:
/// the default methods emulate it lane by lane through `to_array`/`from_array` (and define its
/// semantics, see [`emu`](crate::emu)); each backend overrides what its ISA does natively. The
/// per-backend table is in the crate documentation.
///
/// Operation names are `{lanes}_{op}`. `andnot(a, b)` is `!a & b` (x86 order). Lane `i` of a vector
/// is element `i` of its array, and byte `8 * i` is the low byte of u64 lane `i` (little endian).
///
/// ```
/// use bb_simd::{Backend, Scalar};
/// let b = Scalar;
/// let v = b.u64x4_from_array([1, 2, 0, 1 << 63]);
/// assert_eq!(b.u64x4_to_array(b.u64x4_lzcnt(v)), [63, 62, 64, 0]);
/// assert_eq!(b.u64x4_nonzero_mask(v), 0b1011);
/// ```
pub trait Backend: sealed::Sealed + Copy + Send + Sync + Debug + 'static {
    /// Lowercase backend name: `scalar`, `sse2`, `ssse3`, `avx2`, `avx512`, `avx512vbmi`, `neon`,
    /// `wasm128`.
    const NAME: &'static str;
    /// The [`Isa`] this token proves.
    const ISA: Isa;
    /// `u64xN_lzcnt` is one instruction per vector (VPLZCNTQ).
    const NATIVE_VECTOR_LZCNT: bool = false;
    /// `u64xN_popcnt` is one instruction per vector (VPOPCNTQ); Neon's `vcnt` + pairwise adds
    /// also counts as native.
    const NATIVE_VECTOR_POPCNT: bool = false;
    /// `u8xN_shuffle` is a native byte shuffle (PSHUFB / TBL).
    const NATIVE_BYTE_SHUFFLE: bool = false;
    /// The CPU has BMI2 PEXT/PDEP (they may still be slow, see [`Backend::FAST_PEXT`]).
    const NATIVE_PEXT: bool = false;
    /// PEXT/PDEP are fast (3 cycles): BMI2 present and not an AMD CPU before Zen 3.
    const FAST_PEXT: bool = false;
    /// GF2P8AFFINEQB is native (GFNI).
    const HAS_GFNI: bool = false;
    /// VPERMB, VPCOMPRESSB and VPSHUFBITQMB are native (AVX-512 VBMI, VBMI2, BITALG).
    const HAS_VBMI: bool = false;
    /// Width in bits of the widest native vector register this token uses (0 for Scalar).
    const VECTOR_BITS: u32 = 0;

    /// Runs `f` inside a function compiled with this token's `#[target_feature]`s, so that every
    /// `#[inline(always)]` operation called by `f` inlines to the ISA's instructions.
    ///
    /// Put whole loops inside; a call per tiny operation defeats the purpose. Only what `f`
    /// inlines gets the features: a function it calls out of line (a recursive search) is
    /// compiled without them unless it is written with [`specialize!`](crate::specialize!).
    fn vectorize<R, F: FnOnce() -> R>(self, f: F) -> R;

    /// This token's name (same as `Self::NAME`).
    #[inline(always)]
    fn name(self) -> &'static str {
        Self::NAME
    }
    /// This token's [`Isa`] (same as `Self::ISA`).
    #[inline(always)]
    fn isa(self) -> Isa {
        Self::ISA
    }

    /// 2 x u64 vector.
    type U64x2: Vector;
    /// 4 x u64 vector.
    type U64x4: Vector;
    /// 8 x u64 vector.
    type U64x8: Vector;
    /// 16 x u8 vector.
    type U8x16: Vector;
    /// 32 x u8 vector.
    type U8x32: Vector;
    /// 64 x u8 vector.
    type U8x64: Vector;
    /// 32 x u16 vector.
    type U16x32: Vector;

    // ----- scalar extras -------------------------------------------------------------------

    /// Parallel bit extract (PEXT); see [`Backend::FAST_PEXT`] before relying on its speed.
    #[inline(always)]
    fn pext(self, a: u64, mask: u64) -> u64 {
        emu::pext(a, mask)
    }
    /// [`Backend::pext`] through a mask of at most 8 bits, as the byte it fits in. The compiler
    /// knows the result is below 256, so `table[base as usize + pext8(..) as usize]` with a `u16`
    /// base compiles to one add and one load when the table has `65_535 + 256` entries or more:
    /// no mask and no bounds check.
    #[inline(always)]
    fn pext8(self, a: u64, mask: crate::Mask8) -> u8 {
        let r = self.pext(a, mask.get());
        // SAFETY: every implementation of `pext` (the BMI2 instruction or `emu::pext`) packs the
        // bits of `a` under the mask into the low `mask.count_ones()` bits of the result, and a
        // `Mask8` has at most 8 bits set, so `r` is below 2^8. `Backend` is sealed: no other
        // implementation exists.
        unsafe { core::hint::assert_unchecked(r < 256) };
        r as u8
    }
    /// Parallel bit deposit (PDEP).
    #[inline(always)]
    fn pdep(self, a: u64, mask: u64) -> u64 {
        emu::pdep(a, mask)
    }
    /// Leading zeros (64 for 0).
    #[inline(always)]
    fn lzcnt(self, a: u64) -> u32 {
        a.leading_zeros()
    }
    /// Trailing zeros (64 for 0).
    #[inline(always)]
    fn tzcnt(self, a: u64) -> u32 {
        a.trailing_zeros()
    }
    /// Byte swap (vertical flip of a bitboard).
    #[inline(always)]
    fn bswap(self, a: u64) -> u64 {
        a.swap_bytes()
    }
    /// Bit reversal.
    #[inline(always)]
    fn rbit(self, a: u64) -> u64 {
        a.reverse_bits()
    }
    /// Population count.
    #[inline(always)]
    fn popcnt(self, a: u64) -> u32 {
        a.count_ones()
    }

    // ----- u64 lanes -----------------------------------------------------------------------

    u64_ops!(U64x2, 2, U8x16, 16, u8x16_from_array, u8x16_to_array;
        u64x2_from_array, u64x2_to_array, u64x2_splat, u64x2_zero, u64x2_and, u64x2_or, u64x2_xor,
        u64x2_andnot, u64x2_not, u64x2_add, u64x2_sub, u64x2_neg, u64x2_shl, u64x2_shr,
        u64x2_shlv, u64x2_shrv, u64x2_cmpeq, u64x2_min, u64x2_lzcnt, u64x2_bswap, u64x2_rbit,
        u64x2_popcnt, u64x2_hor, u64x2_hadd, u64x2_nonzero_mask, u64x2_as_u8x16, u8x16_as_u64x2);
    u64_ops!(U64x4, 4, U8x32, 32, u8x32_from_array, u8x32_to_array;
        u64x4_from_array, u64x4_to_array, u64x4_splat, u64x4_zero, u64x4_and, u64x4_or, u64x4_xor,
        u64x4_andnot, u64x4_not, u64x4_add, u64x4_sub, u64x4_neg, u64x4_shl, u64x4_shr,
        u64x4_shlv, u64x4_shrv, u64x4_cmpeq, u64x4_min, u64x4_lzcnt, u64x4_bswap, u64x4_rbit,
        u64x4_popcnt, u64x4_hor, u64x4_hadd, u64x4_nonzero_mask, u64x4_as_u8x32, u8x32_as_u64x4);
    u64_ops!(U64x8, 8, U8x64, 64, u8x64_from_array, u8x64_to_array;
        u64x8_from_array, u64x8_to_array, u64x8_splat, u64x8_zero, u64x8_and, u64x8_or, u64x8_xor,
        u64x8_andnot, u64x8_not, u64x8_add, u64x8_sub, u64x8_neg, u64x8_shl, u64x8_shr,
        u64x8_shlv, u64x8_shrv, u64x8_cmpeq, u64x8_min, u64x8_lzcnt, u64x8_bswap, u64x8_rbit,
        u64x8_popcnt, u64x8_hor, u64x8_hadd, u64x8_nonzero_mask, u64x8_as_u8x64, u8x64_as_u64x8);

    /// Splits into (lanes 0..2, lanes 2..4).
    #[inline(always)]
    fn u64x4_split(self, a: Self::U64x4) -> (Self::U64x2, Self::U64x2) {
        let a = self.u64x4_to_array(a);
        (
            self.u64x2_from_array([a[0], a[1]]),
            self.u64x2_from_array([a[2], a[3]]),
        )
    }
    /// Joins two halves: `lo` becomes lanes 0..2, `hi` lanes 2..4.
    #[inline(always)]
    fn u64x4_join(self, lo: Self::U64x2, hi: Self::U64x2) -> Self::U64x4 {
        let (l, h) = (self.u64x2_to_array(lo), self.u64x2_to_array(hi));
        self.u64x4_from_array([l[0], l[1], h[0], h[1]])
    }
    /// Splits into (lanes 0..4, lanes 4..8).
    #[inline(always)]
    fn u64x8_split(self, a: Self::U64x8) -> (Self::U64x4, Self::U64x4) {
        let a = self.u64x8_to_array(a);
        (
            self.u64x4_from_array([a[0], a[1], a[2], a[3]]),
            self.u64x4_from_array([a[4], a[5], a[6], a[7]]),
        )
    }
    /// Joins two halves: `lo` becomes lanes 0..4, `hi` lanes 4..8.
    #[inline(always)]
    fn u64x8_join(self, lo: Self::U64x4, hi: Self::U64x4) -> Self::U64x8 {
        let (l, h) = (self.u64x4_to_array(lo), self.u64x4_to_array(hi));
        self.u64x8_from_array([l[0], l[1], l[2], l[3], h[0], h[1], h[2], h[3]])
    }

    /// `a` unchanged, but the compiler cannot look through it: zero instructions. It keeps
    /// LLVM from rewriting the operations that use `a` through the operations that made it,
    /// e.g. from turning every `andnot(splat(x), m)` into `and(splat(!x), m)`, which moves a NOT
    /// in front of the broadcast and costs the broadcast its folded load.
    #[inline(always)]
    fn u64x4_opaque(self, a: Self::U64x4) -> Self::U64x4 {
        a
    }

    /// The OR of the four lanes, like [`Backend::u64x4_hor`], by the shortest dependent chain
    /// the token has. On the AVX2 and AVX-512 tokens the four lanes go to general registers
    /// (VMOVQ, VPEXTRQ, and the same from the upper half) and are ORed there: one vector step
    /// (the VEXTRACTI128) instead of four, for three more moves out of the vector unit. For a
    /// caller whose result feeds its next input (a move generator or a flip in a search):
    /// where calls overlap, the extra moves can cost throughput.
    #[inline(always)]
    fn u64x4_hor_short(self, a: Self::U64x4) -> u64 {
        self.u64x4_hor(a)
    }

    /// `a & b & c`. One VPTERNLOGQ on the AVX-512 tokens, two ANDs elsewhere. LLVM fuses a tree
    /// of ANDs and ORs into VPTERNLOGQs by itself, but greedily from the root: for
    /// `(a & b & c) | (d & e)` it emits three operations where this op and one fused OR-AND take
    /// two.
    #[inline(always)]
    fn u64x4_and3(self, a: Self::U64x4, b: Self::U64x4, c: Self::U64x4) -> Self::U64x4 {
        self.u64x4_and(self.u64x4_and(a, b), c)
    }

    /// Where `a & c` is non-zero, `acc | (a & b)`; elsewhere `acc`. On the AVX-512 tokens a
    /// VPTESTMQ and one masked VPTERNLOGQ, two operations. It finishes a run scan: `a` the run
    /// up to its first stop, `b` the discs to take from it, `c` the discs that close it.
    #[inline(always)]
    fn u64x4_or_and_if_any(
        self,
        acc: Self::U64x4,
        a: Self::U64x4,
        b: Self::U64x4,
        c: Self::U64x4,
    ) -> Self::U64x4 {
        let open = self.u64x4_cmpeq(self.u64x4_and(a, c), self.u64x4_zero());
        self.u64x4_or(acc, self.u64x4_andnot(open, self.u64x4_and(a, b)))
    }

    /// Each lane rotated right by its count modulo 64 (VPRORVQ). Unlike a shift, a count of 64
    /// is harmless: it leaves the lane as it is, so a shift count that may reach 64 (a LZCNT of
    /// zero) needs no guard. One instruction on the AVX-512 tokens, lane by lane elsewhere.
    #[inline(always)]
    fn u64x4_rorv(self, a: Self::U64x4, c: Self::U64x4) -> Self::U64x4 {
        map2!(self, u64x4_from_array, u64x4_to_array, a, c, |x, n| x
            .rotate_right((n & 63) as u32))
    }

    /// All-ones lanes where `a[i] as i64 > b[i] as i64` (VPCMPGTQ: a signed compare).
    #[inline(always)]
    fn u64x4_cmpgt_i64(self, a: Self::U64x4, b: Self::U64x4) -> Self::U64x4 {
        map2!(
            self,
            u64x4_from_array,
            u64x4_to_array,
            a,
            b,
            |x, y| if (x as i64) > (y as i64) { !0 } else { 0 }
        )
    }

    // ----- u8 lanes ------------------------------------------------------------------------

    u8_ops!(U8x16, 16, u16, U64x2, u64x2_from_array;
        u8x16_from_array, u8x16_to_array, u8x16_splat, u8x16_zero, u8x16_and, u8x16_or, u8x16_xor,
        u8x16_andnot, u8x16_add, u8x16_sub, u8x16_min, u8x16_max, u8x16_cmpeq, u8x16_test,
        u8x16_movemask, u8x16_shuffle, u8x16_gf2p8affine, u8x16_sad);
    u8_ops!(U8x32, 32, u32, U64x4, u64x4_from_array;
        u8x32_from_array, u8x32_to_array, u8x32_splat, u8x32_zero, u8x32_and, u8x32_or, u8x32_xor,
        u8x32_andnot, u8x32_add, u8x32_sub, u8x32_min, u8x32_max, u8x32_cmpeq, u8x32_test,
        u8x32_movemask, u8x32_shuffle, u8x32_gf2p8affine, u8x32_sad);
    u8_ops!(U8x64, 64, u64, U64x8, u64x8_from_array;
        u8x64_from_array, u8x64_to_array, u8x64_splat, u8x64_zero, u8x64_and, u8x64_or, u8x64_xor,
        u8x64_andnot, u8x64_add, u8x64_sub, u8x64_min, u8x64_max, u8x64_cmpeq, u8x64_test,
        u8x64_movemask, u8x64_shuffle, u8x64_gf2p8affine, u8x64_sad);

    /// Interleaves the low halves: `[a0, b0, a1, b1, .., a7, b7]` (PUNPCKLBW, ZIP1).
    #[inline(always)]
    fn u8x16_zip_lo(self, a: Self::U8x16, b: Self::U8x16) -> Self::U8x16 {
        let (a, b) = (self.u8x16_to_array(a), self.u8x16_to_array(b));
        self.u8x16_from_array(core::array::from_fn(|i| {
            if i % 2 == 0 { a[i / 2] } else { b[i / 2] }
        }))
    }
    /// 0xff in the bytes where `a & b != 0`, 0 elsewhere: [`Backend::u8x16_test`] as a vector
    /// (CMTST; PCMPEQB against zero and a NOT on x86).
    #[inline(always)]
    fn u8x16_testv(self, a: Self::U8x16, b: Self::U8x16) -> Self::U8x16 {
        map2!(
            self,
            u8x16_from_array,
            u8x16_to_array,
            a,
            b,
            |x, y| if x & y != 0 { 0xff } else { 0 }
        )
    }
    /// Wrapping sum of the eight little-endian 16-bit lanes (ADDV on Neon; PMADDWD and two
    /// folds on x86).
    #[inline(always)]
    fn u8x16_sum_u16(self, a: Self::U8x16) -> u16 {
        let a = self.u8x16_to_array(a);
        (0..8).fold(0u16, |s, i| {
            s.wrapping_add(u16::from_le_bytes([a[2 * i], a[2 * i + 1]]))
        })
    }

    /// VPERMB across the whole vector: byte `i` is `table[idx[i] & 63]`.
    #[inline(always)]
    fn u8x64_permute(self, table: Self::U8x64, idx: Self::U8x64) -> Self::U8x64 {
        let (t, x) = (self.u8x64_to_array(table), self.u8x64_to_array(idx));
        self.u8x64_from_array(core::array::from_fn(|i| t[usize::from(x[i] & 63)]))
    }
    /// VPSHUFBITQMB: bit `8q + j` of the result is bit `idx[8q + j] & 63` of u64 lane `q` of `x`.
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: Self::U8x64, idx: Self::U8x64) -> u64 {
        let q = self.u64x8_to_array(self.u8x64_as_u64x8(x));
        let idx = self.u8x64_to_array(idx);
        mask_of!(idx, u64, |k, i| (q[i / 8] >> (k & 63)) & 1 != 0)
    }
    // ----- reinterpreting casts between lane widths --------------------------------------

    /// Reinterprets 64 bytes as 32 u16 lanes (little endian).
    #[inline(always)]
    fn u8x64_as_u16x32(self, a: Self::U8x64) -> Self::U16x32 {
        let a = self.u8x64_to_array(a);
        self.u16x32_from_array(core::array::from_fn(|i| {
            u16::from_le_bytes([a[2 * i], a[2 * i + 1]])
        }))
    }
    /// Reinterprets 32 u16 lanes as 64 bytes (little endian).
    #[inline(always)]
    fn u16x32_as_u8x64(self, a: Self::U16x32) -> Self::U8x64 {
        let a = self.u16x32_to_array(a);
        self.u8x64_from_array(core::array::from_fn(|i| a[i / 2].to_le_bytes()[i % 2]))
    }
    /// Reinterprets 8 u64 lanes as 32 u16 lanes.
    #[inline(always)]
    fn u64x8_as_u16x32(self, a: Self::U64x8) -> Self::U16x32 {
        self.u8x64_as_u16x32(self.u64x8_as_u8x64(a))
    }
    /// Reinterprets 32 u16 lanes as 8 u64 lanes.
    #[inline(always)]
    fn u16x32_as_u64x8(self, a: Self::U16x32) -> Self::U64x8 {
        self.u8x64_as_u64x8(self.u16x32_as_u8x64(a))
    }

    // ----- u16 lanes -----------------------------------------------------------------------

    /// Builds a 32 x u16 vector.
    fn u16x32_from_array(self, a: [u16; 32]) -> Self::U16x32;
    /// The lanes of a 32 x u16 vector.
    fn u16x32_to_array(self, a: Self::U16x32) -> [u16; 32];
    /// Every lane set to `x`.
    #[inline(always)]
    fn u16x32_splat(self, x: u16) -> Self::U16x32 {
        self.u16x32_from_array([x; 32])
    }
    /// All lanes zero.
    #[inline(always)]
    fn u16x32_zero(self) -> Self::U16x32 {
        self.u16x32_splat(0)
    }
    /// Lane-wise `a & b`.
    #[inline(always)]
    fn u16x32_and(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| x & y)
    }
    /// Lane-wise `a | b`.
    #[inline(always)]
    fn u16x32_or(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| x | y)
    }
    /// Lane-wise `a ^ b`.
    #[inline(always)]
    fn u16x32_xor(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| x ^ y)
    }
    /// Lane-wise `!a & b`.
    #[inline(always)]
    fn u16x32_andnot(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| !x
            & y)
    }
    /// Lane-wise wrapping add.
    #[inline(always)]
    fn u16x32_add(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| x
            .wrapping_add(y))
    }
    /// Lane-wise wrapping subtract.
    #[inline(always)]
    fn u16x32_sub(self, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        map2!(self, u16x32_from_array, u16x32_to_array, a, b, |x, y| x
            .wrapping_sub(y))
    }
    /// Per-lane `a << counts`; a count of 16 or more gives 0 (VPSLLVW).
    #[inline(always)]
    fn u16x32_shlv(self, a: Self::U16x32, counts: Self::U16x32) -> Self::U16x32 {
        map2!(
            self,
            u16x32_from_array,
            u16x32_to_array,
            a,
            counts,
            |x, c| emu::shl16(x, c)
        )
    }
    /// Per-lane logical `a >> counts`; a count of 16 or more gives 0 (VPSRLVW).
    #[inline(always)]
    fn u16x32_shrv(self, a: Self::U16x32, counts: Self::U16x32) -> Self::U16x32 {
        map2!(
            self,
            u16x32_from_array,
            u16x32_to_array,
            a,
            counts,
            |x, c| emu::shr16(x, c)
        )
    }
    /// Bit `i` set where lane `i` of `a` equals lane `i` of `b`.
    #[inline(always)]
    fn u16x32_cmpeq(self, a: Self::U16x32, b: Self::U16x32) -> u32 {
        let (a, b) = (self.u16x32_to_array(a), self.u16x32_to_array(b));
        mask_of!(a, u32, |x, i| x == b[i])
    }
    /// Lane `i` is `a[i]` where bit `i` of `mask` is set, else `b[i]`.
    #[inline(always)]
    fn u16x32_select(self, mask: u32, a: Self::U16x32, b: Self::U16x32) -> Self::U16x32 {
        let (a, b) = (self.u16x32_to_array(a), self.u16x32_to_array(b));
        self.u16x32_from_array(core::array::from_fn(|i| {
            if (mask >> i) & 1 != 0 { a[i] } else { b[i] }
        }))
    }

    // ----- lane views of the 128-bit register (SSE2's 8/16/32-bit and float instructions) ----
    //
    // Okuhara's SSE2 flip tricks read one `__m128i` as bytes, words, dwords, floats or
    // doubles. These ops take and return `U64x2` (`U64x4` for the AVX2 forms) so a kernel
    // can mix views without casts; the lane layout is little endian.

    /// Per 32-bit lane, the signed integer converted to the bits of the nearest f32
    /// (CVTDQ2PS).
    #[inline(always)]
    fn u64x2_cvt_i32_f32(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| emu::cvt_i32_f32(x)))
    }
    /// Per 32-bit lane, the f32 truncated to a signed integer; NaN and out of range give
    /// `0x8000_0000` (CVTTPS2DQ).
    #[inline(always)]
    fn u64x2_cvtt_f32_i32(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| emu::cvtt_f32_i32(x)))
    }
    /// Per 64-bit lane, `a + b` as f64 bit patterns (ADDPD). NaN payloads are unspecified.
    #[inline(always)]
    fn u64x2_add_f64(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        map2!(self, u64x2_from_array, u64x2_to_array, a, b, |x, y| {
            (f64::from_bits(x) + f64::from_bits(y)).to_bits()
        })
    }
    /// Per 64-bit lane, `a - b` as f64 bit patterns (SUBPD). NaN payloads are unspecified.
    #[inline(always)]
    fn u64x2_sub_f64(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        map2!(self, u64x2_from_array, u64x2_to_array, a, b, |x, y| {
            (f64::from_bits(x) - f64::from_bits(y)).to_bits()
        })
    }
    /// All-ones 32-bit lanes where `a == b` (PCMPEQD).
    #[inline(always)]
    fn u64x2_cmpeq_u32(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        let (a, b) = (self.u64x2_to_array(a), self.u64x2_to_array(b));
        self.u64x2_from_array(emu::map32x4(a, b, |x, y| if x == y { !0 } else { 0 }))
    }
    /// 32-bit lane `i` is lane `(IMM >> 2 i) & 3` of `a` (PSHUFD).
    #[inline(always)]
    fn u64x2_shuffle_u32<const IMM: i32>(self, a: Self::U64x2) -> Self::U64x2 {
        // PSHUFD takes an 8-bit immediate: refuse the rest on every backend, not only on x86
        const { assert!(IMM >= 0 && IMM < 256, "PSHUFD immediate out of 0..=255") };
        let l = emu::lanes32x4(self.u64x2_to_array(a));
        self.u64x2_from_array(emu::from32x4(core::array::from_fn(|i| {
            l[((IMM >> (2 * i)) & 3) as usize]
        })))
    }
    /// Per 32-bit lane, arithmetic `a >> N`; `N >= 32` fills with the sign (PSRAD).
    #[inline(always)]
    fn u64x2_sra_i32<const N: u32>(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| ((x as i32) >> N.min(31)) as u32))
    }
    /// Per 32-bit lane, logical `a >> N`; `N >= 32` gives 0 (PSRLD).
    #[inline(always)]
    fn u64x2_srl_u32<const N: u32>(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| x.checked_shr(N).unwrap_or(0)))
    }
    /// Per 16-bit lane, the low 16 bits of `a * b` (PMULLW): a left shift by a different
    /// amount in every lane when `b` holds powers of two.
    #[inline(always)]
    fn u64x2_mullo_u16(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        let (a, b) = (self.u64x2_to_array(a), self.u64x2_to_array(b));
        self.u64x2_from_array(emu::map16x8(a, b, |x, y| x.wrapping_mul(y)))
    }
    /// Per 16-bit lane, the high 16 bits of the unsigned `a * b` (PMULHUW): a right shift by
    /// `16 - k` when `b = 1 << k`.
    #[inline(always)]
    fn u64x2_mulhi_u16(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        let (a, b) = (self.u64x2_to_array(a), self.u64x2_to_array(b));
        self.u64x2_from_array(emu::map16x8(a, b, |x, y| {
            ((u32::from(x) * u32::from(y)) >> 16) as u16
        }))
    }
    /// Per 16-bit lane, the signed minimum (PMINSW).
    #[inline(always)]
    fn u64x2_min_i16(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        let (a, b) = (self.u64x2_to_array(a), self.u64x2_to_array(b));
        self.u64x2_from_array(emu::map16x8(a, b, |x, y| (x as i16).min(y as i16) as u16))
    }
    /// Per 32-bit lane, the sum of the two signed 16 x 16-bit products of its halves,
    /// wrapping (PMADDWD).
    #[inline(always)]
    fn u64x2_madd_i16(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        let (a, b) = (self.u64x2_to_array(a), self.u64x2_to_array(b));
        self.u64x2_from_array(emu::map32x4(a, b, emu::madd_i16))
    }
    /// Per byte, `a - b` saturated at 0 (PSUBUSB).
    #[inline(always)]
    fn u8x16_subs(self, a: Self::U8x16, b: Self::U8x16) -> Self::U8x16 {
        map2!(self, u8x16_from_array, u8x16_to_array, a, b, |x, y| x
            .saturating_sub(y))
    }
    /// Per 32-bit lane, `a << N`; `N >= 32` gives 0 (PSLLD, Neon SHL).
    #[inline(always)]
    fn u64x2_sll_u32<const N: u32>(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| x.checked_shl(N).unwrap_or(0)))
    }
    /// Per 32-bit lane, logical `a >> counts`; a count of 32 or more gives 0 (VPSRLVD, Neon
    /// USHL by the negated count).
    #[inline(always)]
    fn u64x2_shrv_u32(self, a: Self::U64x2, counts: Self::U64x2) -> Self::U64x2 {
        let (a, c) = (self.u64x2_to_array(a), self.u64x2_to_array(counts));
        self.u64x2_from_array(emu::map32x4(a, c, |x, n| x.checked_shr(n).unwrap_or(0)))
    }
    /// Per 32-bit lane, the count of leading zeros, 32 for 0 (Neon CLZ .4S, VPLZCNTD).
    #[inline(always)]
    fn u64x2_clz_u32(self, a: Self::U64x2) -> Self::U64x2 {
        let a = self.u64x2_to_array(a);
        self.u64x2_from_array(emu::map32x4(a, a, |x, _| x.leading_zeros()))
    }
    /// Per 64-bit lane, `a - b` saturated at 0 (Neon UQSUB .2D).
    #[inline(always)]
    fn u64x2_subs_u64(self, a: Self::U64x2, b: Self::U64x2) -> Self::U64x2 {
        map2!(self, u64x2_from_array, u64x2_to_array, a, b, |x, y| x
            .saturating_sub(y))
    }
    /// [`Backend::u64x2_cvt_i32_f32`] on eight 32-bit lanes (VCVTDQ2PS).
    #[inline(always)]
    fn u64x4_cvt_i32_f32(self, a: Self::U64x4) -> Self::U64x4 {
        let a = self.u64x4_to_array(a);
        self.u64x4_from_array(emu::map32x8(a, a, |x, _| emu::cvt_i32_f32(x)))
    }
    /// [`Backend::u64x2_cvtt_f32_i32`] on eight 32-bit lanes (VCVTTPS2DQ).
    #[inline(always)]
    fn u64x4_cvtt_f32_i32(self, a: Self::U64x4) -> Self::U64x4 {
        let a = self.u64x4_to_array(a);
        self.u64x4_from_array(emu::map32x8(a, a, |x, _| emu::cvtt_f32_i32(x)))
    }
    /// [`Backend::u64x2_cmpeq_u32`] on eight 32-bit lanes (VPCMPEQD).
    #[inline(always)]
    fn u64x4_cmpeq_u32(self, a: Self::U64x4, b: Self::U64x4) -> Self::U64x4 {
        let (a, b) = (self.u64x4_to_array(a), self.u64x4_to_array(b));
        self.u64x4_from_array(emu::map32x8(a, b, |x, y| if x == y { !0 } else { 0 }))
    }
    /// [`Backend::u64x2_sra_i32`] on eight 32-bit lanes (VPSRAD).
    #[inline(always)]
    fn u64x4_sra_i32<const N: u32>(self, a: Self::U64x4) -> Self::U64x4 {
        let a = self.u64x4_to_array(a);
        self.u64x4_from_array(emu::map32x8(a, a, |x, _| ((x as i32) >> N.min(31)) as u32))
    }
    /// [`Backend::u64x2_srl_u32`] on eight 32-bit lanes (VPSRLD).
    #[inline(always)]
    fn u64x4_srl_u32<const N: u32>(self, a: Self::U64x4) -> Self::U64x4 {
        let a = self.u64x4_to_array(a);
        self.u64x4_from_array(emu::map32x8(a, a, |x, _| x.checked_shr(N).unwrap_or(0)))
    }

    // ----- primitives that need ISA-specific sequences (byte dot products) ----------------

    /// Exact dot product of 64 unsigned features with 64 signed weights, in i32.
    /// See [`primitives::dot::Exact`](crate::primitives::dot::Exact).
    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        emu::dot_u8i8(features, weights)
    }
    /// The SSSE3 page's 16-bit saturating dot product (PMADDUBSW, PADDSW, PHADDSW), bit-exact on
    /// every backend. See [`primitives::dot::Sat16`](crate::primitives::dot::Sat16).
    #[inline(always)]
    fn dot_u8i8_sat16(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        emu::dot_u8i8_sat16(features, weights)
    }
}
