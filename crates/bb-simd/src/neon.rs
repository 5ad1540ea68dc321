//! The AArch64 Advanced SIMD (Neon) token.

use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::aarch64::*;

macro_rules! neon {
    ($($t:tt)*) => {{
        // SAFETY: `self` is a `Neon` token, which proves AArch64 Advanced SIMD.
        unsafe { $($t)* }
    }};
}

/// Helpers compiled with Neon; callers need the `Neon` token.
mod h {
    use core::arch::aarch64::*;

    helpers! { "neon";
        fn splat64(x: u64) -> uint64x2_t { vdupq_n_u64(x) }
        fn and64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vandq_u64(a, b) }
        fn or64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vorrq_u64(a, b) }
        fn xor64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { veorq_u64(a, b) }
        fn andnot64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vbicq_u64(b, a) }
        fn subs64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vqsubq_u64(a, b) }
        fn clz32(a: uint64x2_t) -> uint64x2_t {
            vreinterpretq_u64_u32(vclzq_u32(vreinterpretq_u32_u64(a)))
        }
        fn cmpeq32(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
            vreinterpretq_u64_u32(vceqq_u32(vreinterpretq_u32_u64(a), vreinterpretq_u32_u64(b)))
        }
        fn shrv32(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
            // USHL shifts right by a negative count; counts of 32 and more give 0
            let c = vminq_u32(vreinterpretq_u32_u64(c), vdupq_n_u32(32));
            let n = vnegq_s32(vreinterpretq_s32_u32(c));
            vreinterpretq_u64_u32(vshlq_u32(vreinterpretq_u32_u64(a), n))
        }
        fn sll32<const N: u32>(a: uint64x2_t) -> uint64x2_t {
            if N >= 32 {
                vdupq_n_u64(0)
            } else {
                vreinterpretq_u64_u32(vshlq_u32(vreinterpretq_u32_u64(a), vdupq_n_s32(N as i32)))
            }
        }
        fn not64(a: uint64x2_t) -> uint64x2_t { vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a))) }
        fn add64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vaddq_u64(a, b) }
        fn sub64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vsubq_u64(a, b) }
        fn neg64(a: uint64x2_t) -> uint64x2_t { vreinterpretq_u64_s64(vnegq_s64(vreinterpretq_s64_u64(a))) }
        fn shl64<const N: u32>(a: uint64x2_t) -> uint64x2_t {
            if N >= 64 { vdupq_n_u64(0) } else { vshlq_u64(a, vdupq_n_s64(N as i64)) }
        }
        fn shr64<const N: u32>(a: uint64x2_t) -> uint64x2_t {
            if N >= 64 { vdupq_n_u64(0) } else { vshlq_u64(a, vdupq_n_s64(-(N as i64))) }
        }
        /// Counts clamped to 64 (USHL reads only the low byte of the count; 64 gives 0).
        fn clamp64(c: uint64x2_t) -> int64x2_t {
            let max = vdupq_n_u64(64);
            vreinterpretq_s64_u64(vbslq_u64(vcgtq_u64(c, max), max, c))
        }
        fn shlv64(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t { vshlq_u64(a, clamp64(c)) }
        fn shrv64(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t { vshlq_u64(a, vnegq_s64(clamp64(c))) }
        fn cmpeq64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vceqq_u64(a, b) }
        fn min64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t { vbslq_u64(vcgtq_u64(a, b), b, a) }
        fn bswap64(a: uint64x2_t) -> uint64x2_t { vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(a))) }
        fn rbit64(a: uint64x2_t) -> uint64x2_t {
            vreinterpretq_u64_u8(vrbitq_u8(vrev64q_u8(vreinterpretq_u8_u64(a))))
        }
        /// VCNT per byte, then three widening pairwise adds.
        fn popcnt64(a: uint64x2_t) -> uint64x2_t {
            vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vcntq_u8(vreinterpretq_u8_u64(a)))))
        }
        fn hor64(a: uint64x2_t) -> u64 { vgetq_lane_u64::<0>(a) | vgetq_lane_u64::<1>(a) }
        fn hadd64(a: uint64x2_t) -> u64 { vaddvq_u64(a) }
        fn nonzero64(a: uint64x2_t) -> u8 {
            let t = vtstq_u64(a, a);
            ((vgetq_lane_u64::<0>(t) & 1) | (vgetq_lane_u64::<1>(t) & 2)) as u8
        }
        fn splat8(x: u8) -> uint8x16_t { vdupq_n_u8(x) }
        fn and8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vandq_u8(a, b) }
        fn or8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vorrq_u8(a, b) }
        fn xor8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { veorq_u8(a, b) }
        fn andnot8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vbicq_u8(b, a) }
        fn add8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vaddq_u8(a, b) }
        fn sub8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vsubq_u8(a, b) }
        fn min8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vminq_u8(a, b) }
        fn max8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vmaxq_u8(a, b) }
        /// PMOVMSKB: top bits moved to bit positions 0..7 in each half, summed across the half.
        fn movemask8(a: uint8x16_t) -> u16 {
            let pos: int8x16_t = crate::neon::bits16([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
            let b = vshlq_u8(vshrq_n_u8::<7>(a), pos);
            u16::from(vaddv_u8(vget_low_u8(b))) | (u16::from(vaddv_u8(vget_high_u8(b))) << 8)
        }
        fn cmpeq8_mask(a: uint8x16_t, b: uint8x16_t) -> u16 { movemask8(vceqq_u8(a, b)) }
        fn test8_mask(a: uint8x16_t, b: uint8x16_t) -> u16 { movemask8(vtstq_u8(a, b)) }
        fn zip_lo8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vzip1q_u8(a, b) }
        fn testv8(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t { vtstq_u8(a, b) }
        fn sum16(a: uint8x16_t) -> u16 { vaddvq_u16(vreinterpretq_u16_u8(a)) }
        /// PSHUFB: TBL yields 0 for indices >= 16, so keep the top bit and the low nibble.
        fn shuffle8(t: uint8x16_t, i: uint8x16_t) -> uint8x16_t { vqtbl1q_u8(t, vandq_u8(i, vdupq_n_u8(0x8f))) }
        fn sad8(a: uint8x16_t, b: uint8x16_t) -> uint64x2_t {
            vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vabdq_u8(a, b))))
        }
        fn permute8(t: [uint8x16_t; 4], i: [uint8x16_t; 4]) -> [uint8x16_t; 4] {
            let tt = uint8x16x4_t(t[0], t[1], t[2], t[3]);
            let m = vdupq_n_u8(63);
            [
                vqtbl4q_u8(tt, vandq_u8(i[0], m)),
                vqtbl4q_u8(tt, vandq_u8(i[1], m)),
                vqtbl4q_u8(tt, vandq_u8(i[2], m)),
                vqtbl4q_u8(tt, vandq_u8(i[3], m)),
            ]
        }
        fn splat16(x: u16) -> uint16x8_t { vdupq_n_u16(x) }
        fn and16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { vandq_u16(a, b) }
        fn or16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { vorrq_u16(a, b) }
        fn xor16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { veorq_u16(a, b) }
        fn andnot16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { vbicq_u16(b, a) }
        fn add16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { vaddq_u16(a, b) }
        fn sub16(a: uint16x8_t, b: uint16x8_t) -> uint16x8_t { vsubq_u16(a, b) }
        fn shlv16(a: uint16x8_t, c: uint16x8_t) -> uint16x8_t {
            vshlq_u16(a, vreinterpretq_s16_u16(vminq_u16(c, vdupq_n_u16(16))))
        }
        fn shrv16(a: uint16x8_t, c: uint16x8_t) -> uint16x8_t {
            vshlq_u16(a, vnegq_s16(vreinterpretq_s16_u16(vminq_u16(c, vdupq_n_u16(16)))))
        }
        /// `1 << i` in 16-bit lane `i`.
        fn lane_bits16() -> uint16x8_t {
            let k = vreinterpretq_s16_s8(crate::neon::bits16([0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0]));
            vshlq_u16(vdupq_n_u16(1), k)
        }
        /// VPBLENDMW on one register: the 8 mask bits spread over the lanes by CMTST, then BSL.
        fn select16(m: u16, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            vbslq_u16(vtstq_u16(vdupq_n_u16(m), lane_bits16()), a, b)
        }
        /// VPCMPEQW to a 16-bit mask for two registers: CMEQ, narrowed to bytes, then the
        /// PMOVMSKB emulation.
        fn cmpeq16_mask(a: [uint16x8_t; 2], b: [uint16x8_t; 2]) -> u16 {
            let lo = vmovn_u16(vceqq_u16(a[0], b[0]));
            let hi = vmovn_u16(vceqq_u16(a[1], b[1]));
            movemask8(vcombine_u8(lo, hi))
        }
        /// VPSHUFBITQMB on one register (two qwords): TBL fetches byte `idx >> 3` of the lane's
        /// qword, a second TBL turns `idx & 7` into the bit, CMTST tests it.
        fn bitshuffle16(x: uint8x16_t, i: uint8x16_t) -> u16 {
            let seven = vdupq_n_u8(7);
            let qword = vreinterpretq_u8_s8(crate::neon::bits16([0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8]));
            let bits = vreinterpretq_u8_s8(crate::neon::bits16([1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128]));
            let byte = vaddq_u8(vandq_u8(vshrq_n_u8::<3>(i), seven), qword);
            let bit = vqtbl1q_u8(bits, vandq_u8(i, seven));
            movemask8(vtstq_u8(vqtbl1q_u8(x, byte), bit))
        }
        /// Exact dot product: widen to 16 bits, multiply-accumulate into 32-bit lanes.
        fn dot_exact(f: &[u8; 64], w: &[i8; 64]) -> i32 {
            let a: [uint8x16_t; 4] = bits!(*f);
            let b: [int8x16_t; 4] = bits!(*w);
            let mut acc = vdupq_n_s32(0);
            for k in 0..4 {
                let alo = vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(a[k])));
                let ahi = vreinterpretq_s16_u16(vmovl_high_u8(a[k]));
                let blo = vmovl_s8(vget_low_s8(b[k]));
                let bhi = vmovl_high_s8(b[k]);
                acc = vmlal_s16(acc, vget_low_s16(alo), vget_low_s16(blo));
                acc = vmlal_high_s16(acc, alo, blo);
                acc = vmlal_s16(acc, vget_low_s16(ahi), vget_low_s16(bhi));
                acc = vmlal_high_s16(acc, ahi, bhi);
            }
            vaddvq_s32(acc)
        }
        /// The SSSE3 page's saturating sequence on Neon: exact 16-bit products, PMADDUBSW's
        /// saturating pair sums via UZP1/UZP2 + SQADD, then PADDSW and PHADDSW in the same order.
        fn dot_sat16(f: &[u8; 64], w: &[i8; 64]) -> i32 {
            let a: [uint8x16_t; 4] = bits!(*f);
            let b: [int8x16_t; 4] = bits!(*w);
            let mut r = [vdupq_n_s16(0); 4];
            for k in 0..4 {
                let plo = vmulq_s16(
                    vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(a[k]))),
                    vmovl_s8(vget_low_s8(b[k])),
                );
                let phi = vmulq_s16(vreinterpretq_s16_u16(vmovl_high_u8(a[k])), vmovl_high_s8(b[k]));
                r[k] = vqaddq_s16(vuzp1q_s16(plo, phi), vuzp2q_s16(plo, phi));
            }
            let x = vqaddq_s16(vqaddq_s16(r[0], r[1]), vqaddq_s16(r[2], r[3]));
            let x = vqaddq_s16(vuzp1q_s16(x, x), vuzp2q_s16(x, x));
            let x = vqaddq_s16(vuzp1q_s16(x, x), vuzp2q_s16(x, x));
            let x = vqaddq_s16(vuzp1q_s16(x, x), vuzp2q_s16(x, x));
            i32::from(vgetq_lane_s16::<0>(x))
        }
    }
}

#[inline(always)]
fn bits16(b: [i8; 16]) -> int8x16_t {
    bits!(b)
}

/// AArch64 Advanced SIMD backend: 128-bit vectors (`uint64x2_t`, `uint8x16_t`), wider types are
/// arrays of them. Native TBL byte shuffles (and the 64-byte VPERMB equivalent, TBL with four
/// registers), VCNT popcount, RBIT/REV64 bit and byte reversal.
///
/// ```
/// # #[cfg(target_arch = "aarch64")] {
/// use bb_simd::{Backend, Neon};
/// let b = Neon::try_new().expect("every AArch64 CPU has Neon");
/// assert_eq!(b.u64x2_to_array(b.u64x2_popcnt(b.u64x2_from_array([0xff, 1]))), [8, 1]);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Neon(());

impl Neon {
    /// The token if the CPU has Neon (always true on AArch64 Linux/macOS).
    #[inline]
    pub fn try_new() -> Option<Self> {
        if Isa::Neon.supported_by(&detect::detect()) {
            // SAFETY: detection just confirmed Neon.
            Some(unsafe { Self::new_unchecked() })
        } else {
            None
        }
    }
    /// The token without checking.
    ///
    /// # Safety
    /// The CPU must support AArch64 Advanced SIMD.
    #[inline(always)]
    pub const unsafe fn new_unchecked() -> Self {
        Neon(())
    }
}

impl Sealed for Neon {}

impl Backend for Neon {
    const NAME: &'static str = "neon";
    const ISA: Isa = Isa::Neon;
    const NATIVE_VECTOR_POPCNT: bool = true;
    const NATIVE_BYTE_SHUFFLE: bool = true;
    const VECTOR_BITS: u32 = 128;

    type U64x2 = uint64x2_t;
    type U64x4 = [uint64x2_t; 2];
    type U64x8 = [uint64x2_t; 4];
    type U8x16 = uint8x16_t;
    type U8x32 = [uint8x16_t; 2];
    type U8x64 = [uint8x16_t; 4];
    type U16x32 = [uint16x8_t; 4];

    // Written out: `vectorize_with!` names the closure's type `Op`, and a type parameter's name
    // is part of every `inner` instance's symbol, so the macro would rename and reorder them.
    #[inline(always)]
    fn vectorize<R, F: FnOnce() -> R>(self, f: F) -> R {
        #[inline]
        #[target_feature(enable = "neon")]
        fn inner<R, F: FnOnce() -> R>(f: F) -> R {
            f()
        }
        neon! { inner(f) }
    }

    #[inline(always)]
    fn rbit(self, a: u64) -> u64 {
        a.reverse_bits()
    }

    array_convs!();
    casts!(a => bits!(a));

    forward! { neon;
        fn u64x2_splat(x: u64) -> uint64x2_t = h::splat64;
        fn u64x2_and(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::and64;
        fn u64x2_or(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::or64;
        fn u64x2_xor(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::xor64;
        fn u64x2_andnot(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::andnot64;
        fn u64x2_not(a: uint64x2_t) -> uint64x2_t = h::not64;
        fn u64x2_add(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::add64;
        fn u64x2_sub(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::sub64;
        fn u64x2_neg(a: uint64x2_t) -> uint64x2_t = h::neg64;
        fn u64x2_shl<const N: u32>(a: uint64x2_t) -> uint64x2_t = h::shl64;
        fn u64x2_shr<const N: u32>(a: uint64x2_t) -> uint64x2_t = h::shr64;
        fn u64x2_shlv(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t = h::shlv64;
        fn u64x2_shrv(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t = h::shrv64;
        fn u64x2_cmpeq(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::cmpeq64;
        fn u64x2_min(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::min64;
        fn u64x2_subs_u64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::subs64;
        fn u64x2_clz_u32(a: uint64x2_t) -> uint64x2_t = h::clz32;
        fn u64x2_cmpeq_u32(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = h::cmpeq32;
        fn u64x2_shrv_u32(a: uint64x2_t, c: uint64x2_t) -> uint64x2_t = h::shrv32;
        fn u64x2_sll_u32<const N: u32>(a: uint64x2_t) -> uint64x2_t = h::sll32;
        fn u64x2_bswap(a: uint64x2_t) -> uint64x2_t = h::bswap64;
        fn u64x2_rbit(a: uint64x2_t) -> uint64x2_t = h::rbit64;
        fn u64x2_popcnt(a: uint64x2_t) -> uint64x2_t = h::popcnt64;
        fn u64x2_hor(a: uint64x2_t) -> u64 = h::hor64;
        fn u64x2_hadd(a: uint64x2_t) -> u64 = h::hadd64;
        fn u64x2_nonzero_mask(a: uint64x2_t) -> u8 = h::nonzero64;
        fn u8x16_splat(x: u8) -> uint8x16_t = h::splat8;
        fn u8x16_and(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::and8;
        fn u8x16_or(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::or8;
        fn u8x16_xor(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::xor8;
        fn u8x16_andnot(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::andnot8;
        fn u8x16_add(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::add8;
        fn u8x16_sub(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::sub8;
        fn u8x16_min(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::min8;
        fn u8x16_max(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::max8;
        fn u8x16_cmpeq(a: uint8x16_t, b: uint8x16_t) -> u16 = h::cmpeq8_mask;
        fn u8x16_test(a: uint8x16_t, b: uint8x16_t) -> u16 = h::test8_mask;
        fn u8x16_movemask(a: uint8x16_t) -> u16 = h::movemask8;
        fn u8x16_shuffle(t: uint8x16_t, i: uint8x16_t) -> uint8x16_t = h::shuffle8;
        fn u8x16_sad(a: uint8x16_t, b: uint8x16_t) -> uint64x2_t = h::sad8;
        fn u8x16_zip_lo(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::zip_lo8;
        fn u8x16_testv(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t = h::testv8;
        fn u8x16_sum_u16(a: uint8x16_t) -> u16 = h::sum16;
        fn u8x64_permute(table: [uint8x16_t; 4], idx: [uint8x16_t; 4]) -> [uint8x16_t; 4]
            = h::permute8;
        fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h::dot_exact;
        fn dot_u8i8_sat16(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h::dot_sat16;
    }

    split_u64x4!();
    split_u64x8_by2!();

    split_u8x32!();
    split_u8x64_by16!();

    #[inline(always)]
    fn u16x32_splat(self, x: u16) -> [uint16x8_t; 4] {
        neon! { [h::splat16(x); 4] }
    }
    forward! { neon, each 4;
        fn u16x32_and(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::and16;
        fn u16x32_or(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::or16;
        fn u16x32_xor(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::xor16;
        fn u16x32_andnot(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::andnot16;
        fn u16x32_add(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::add16;
        fn u16x32_sub(a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::sub16;
        fn u16x32_shlv(a: [uint16x8_t; 4], c: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::shlv16;
        fn u16x32_shrv(a: [uint16x8_t; 4], c: [uint16x8_t; 4]) -> [uint16x8_t; 4] = h::shrv16;
    }
    #[inline(always)]
    fn u16x32_select(self, mask: u32, a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> [uint16x8_t; 4] {
        let m = |k: u32| ((mask >> (8 * k)) & 0xff) as u16;
        neon! {
            [
                h::select16(m(0), a[0], b[0]),
                h::select16(m(1), a[1], b[1]),
                h::select16(m(2), a[2], b[2]),
                h::select16(m(3), a[3], b[3]),
            ]
        }
    }
    #[inline(always)]
    fn u16x32_cmpeq(self, a: [uint16x8_t; 4], b: [uint16x8_t; 4]) -> u32 {
        let (lo, hi) = neon! {
            (
                h::cmpeq16_mask([a[0], a[1]], [b[0], b[1]]),
                h::cmpeq16_mask([a[2], a[3]], [b[2], b[3]]),
            )
        };
        u32::from(lo) | u32::from(hi) << 16
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: [uint8x16_t; 4], idx: [uint8x16_t; 4]) -> u64 {
        let m: [u16; 4] = neon! {
            [
                h::bitshuffle16(x[0], idx[0]),
                h::bitshuffle16(x[1], idx[1]),
                h::bitshuffle16(x[2], idx[2]),
                h::bitshuffle16(x[3], idx[3]),
            ]
        };
        (0..4).fold(0, |acc, k| acc | u64::from(m[k]) << (16 * k))
    }
}
