//! The AVX2 form.

use super::one_hot::ONE_HOT64;
use super::{Bitboards, TransposeVariant};
use bb_simd::Backend;

/// PSHUFB one-hot per 32-byte half, then bit `i` of every byte via shift + PMOVMSKB (the AVX2
/// form; 128-bit backends run it through their 32-byte emulation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Movemask;

impl TransposeVariant for Movemask {
    const NAME: &'static str = "movemask";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_BYTE_SHUFFLE
    }
    #[inline(always)]
    fn to_bitboards<B: Backend>(b: B, raw: &[u8; 64]) -> Bitboards {
        let lut = b.u8x32_from_array(*ONE_HOT64.first_chunk::<32>().unwrap_or(&[0; 32]));
        let half = |h: usize| {
            let mut a = [0u8; 32];
            a.copy_from_slice(&raw[32 * h..32 * h + 32]);
            let x = b.u8x32_from_array(a);
            let codes = b.u8x32_and(
                b.u64x4_as_u8x32(b.u64x4_shr::<4>(b.u8x32_as_u64x4(x))),
                b.u8x32_splat(0x0f),
            );
            b.u8x32_as_u64x4(b.u8x32_shuffle(lut, codes))
        };
        let (lo, hi) = (half(0), half(1));
        macro_rules! bit {
            ($i:literal) => {{
                let l = b.u8x32_movemask(b.u64x4_as_u8x32(b.u64x4_shl::<{ 7 - $i }>(lo)));
                let h = b.u8x32_movemask(b.u64x4_as_u8x32(b.u64x4_shl::<{ 7 - $i }>(hi)));
                u64::from(l) | (u64::from(h) << 32)
            }};
        }
        Bitboards([
            bit!(0),
            bit!(1),
            bit!(2),
            bit!(3),
            bit!(4),
            bit!(5),
            bit!(6),
            bit!(7),
        ])
    }
}
