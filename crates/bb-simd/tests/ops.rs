//! Every operation on every backend this CPU has, against the Scalar backend (whose default
//! methods are the reference semantics), on edge values and proptest inputs.

use bb_simd::{Backend, Mask8, Scalar};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const S: Scalar = Scalar;

/// `n` random cases scaled by `BB_TEST_SCALE`, at least 8.
fn cases(n: u32) -> u32 {
    bb_simd::scaled(n as usize, 8) as u32
}

/// u64 values biased toward the interesting ones: 0, all ones, single bits, shift counts,
/// sparse and dense boards.
fn word() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => any::<u64>(),
        1 => Just(0u64),
        1 => Just(u64::MAX),
        2 => (0u32..64).prop_map(|i| 1u64 << i),
        2 => 0u64..=130,
        1 => (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b & any_and()),
        1 => (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a | b),
        1 => Just(1u64 << 63),
    ]
}
fn any_and() -> u64 {
    0xffff_0000_ffff_00ff
}

const EDGES: [u64; 12] = [
    0,
    u64::MAX,
    1,
    1 << 63,
    63,
    64,
    65,
    127,
    128,
    0x8000_0000,
    0x0123_4567_89ab_cdef,
    0xff,
];

macro_rules! check_u64 {
    ($fn:ident, $N:literal, $from:ident, $to:ident, $splat:ident, $zero:ident, $and:ident,
     $or:ident, $xor:ident, $andnot:ident, $not:ident, $add:ident, $sub:ident, $neg:ident,
     $shl:ident, $shr:ident, $shlv:ident, $shrv:ident, $cmpeq:ident, $min:ident, $lzcnt:ident,
     $bswap:ident, $rbit:ident, $popcnt:ident, $hor:ident, $hadd:ident, $nonzero:ident,
     $as_u8:ident, $u8_as:ident, $bto:ident, $bfrom:ident) => {
        fn $fn<B: Backend>(b: B, x: [u64; $N], y: [u64; $N]) {
            let n = B::NAME;
            let (bx, by) = (b.$from(x), b.$from(y));
            let (sx, sy) = (S.$from(x), S.$from(y));
            macro_rules! eq_v {
                ($op:literal, $got:expr, $want:expr) => {
                    assert_eq!(b.$to($got), S.$to($want), "{n} {} x={x:#x?} y={y:?}", $op)
                };
            }
            macro_rules! eq_s {
                ($op:literal, $got:expr, $want:expr) => {
                    assert_eq!($got, $want, "{n} {} x={x:#x?} y={y:?}", $op)
                };
            }
            eq_s!("roundtrip", b.$to(bx), x);
            eq_v!("splat", b.$splat(x[0]), S.$splat(x[0]));
            eq_v!("zero", b.$zero(), S.$zero());
            eq_v!("and", b.$and(bx, by), S.$and(sx, sy));
            eq_v!("or", b.$or(bx, by), S.$or(sx, sy));
            eq_v!("xor", b.$xor(bx, by), S.$xor(sx, sy));
            eq_v!("andnot", b.$andnot(bx, by), S.$andnot(sx, sy));
            eq_v!("not", b.$not(bx), S.$not(sx));
            eq_v!("add", b.$add(bx, by), S.$add(sx, sy));
            eq_v!("sub", b.$sub(bx, by), S.$sub(sx, sy));
            eq_v!("neg", b.$neg(bx), S.$neg(sx));
            eq_v!("shl0", b.$shl::<0>(bx), S.$shl::<0>(sx));
            eq_v!("shl1", b.$shl::<1>(bx), S.$shl::<1>(sx));
            eq_v!("shl7", b.$shl::<7>(bx), S.$shl::<7>(sx));
            eq_v!("shl8", b.$shl::<8>(bx), S.$shl::<8>(sx));
            eq_v!("shl9", b.$shl::<9>(bx), S.$shl::<9>(sx));
            eq_v!("shl63", b.$shl::<63>(bx), S.$shl::<63>(sx));
            eq_v!("shl64", b.$shl::<64>(bx), S.$zero());
            eq_v!("shl65", b.$shl::<65>(bx), S.$zero());
            eq_v!("shl300", b.$shl::<300>(bx), S.$zero());
            eq_v!("shr0", b.$shr::<0>(bx), S.$shr::<0>(sx));
            eq_v!("shr1", b.$shr::<1>(bx), S.$shr::<1>(sx));
            eq_v!("shr7", b.$shr::<7>(bx), S.$shr::<7>(sx));
            eq_v!("shr8", b.$shr::<8>(bx), S.$shr::<8>(sx));
            eq_v!("shr9", b.$shr::<9>(bx), S.$shr::<9>(sx));
            eq_v!("shr63", b.$shr::<63>(bx), S.$shr::<63>(sx));
            eq_v!("shr64", b.$shr::<64>(bx), S.$zero());
            eq_v!("shr65", b.$shr::<65>(bx), S.$zero());
            eq_v!("shlv", b.$shlv(bx, by), S.$shlv(sx, sy));
            eq_v!("shrv", b.$shrv(bx, by), S.$shrv(sx, sy));
            eq_v!("shlv-self", b.$shlv(by, bx), S.$shlv(sy, sx));
            eq_v!("shrv-self", b.$shrv(by, bx), S.$shrv(sy, sx));
            eq_v!("cmpeq", b.$cmpeq(bx, by), S.$cmpeq(sx, sy));
            eq_v!("cmpeq-self", b.$cmpeq(bx, bx), S.$splat(u64::MAX));
            eq_v!("min", b.$min(bx, by), S.$min(sx, sy));
            eq_v!("lzcnt", b.$lzcnt(bx), S.$lzcnt(sx));
            eq_v!("bswap", b.$bswap(bx), S.$bswap(sx));
            eq_v!("rbit", b.$rbit(bx), S.$rbit(sx));
            eq_v!("popcnt", b.$popcnt(bx), S.$popcnt(sx));
            eq_s!("hor", b.$hor(bx), S.$hor(sx));
            eq_s!("hadd", b.$hadd(bx), S.$hadd(sx));
            eq_s!("nonzero_mask", b.$nonzero(bx), S.$nonzero(sx));
            eq_s!(
                "nonzero_mask-and",
                b.$nonzero(b.$and(bx, by)),
                S.$nonzero(S.$and(sx, sy))
            );
            eq_s!("as_u8", b.$bto(b.$as_u8(bx)), S.$bto(S.$as_u8(sx)));
            eq_s!("u8_as", b.$to(b.$u8_as(b.$bfrom(S.$bto(S.$as_u8(sy))))), y);
        }
    };
}

check_u64!(
    check_u64x2,
    2,
    u64x2_from_array,
    u64x2_to_array,
    u64x2_splat,
    u64x2_zero,
    u64x2_and,
    u64x2_or,
    u64x2_xor,
    u64x2_andnot,
    u64x2_not,
    u64x2_add,
    u64x2_sub,
    u64x2_neg,
    u64x2_shl,
    u64x2_shr,
    u64x2_shlv,
    u64x2_shrv,
    u64x2_cmpeq,
    u64x2_min,
    u64x2_lzcnt,
    u64x2_bswap,
    u64x2_rbit,
    u64x2_popcnt,
    u64x2_hor,
    u64x2_hadd,
    u64x2_nonzero_mask,
    u64x2_as_u8x16,
    u8x16_as_u64x2,
    u8x16_to_array,
    u8x16_from_array
);
check_u64!(
    check_u64x4,
    4,
    u64x4_from_array,
    u64x4_to_array,
    u64x4_splat,
    u64x4_zero,
    u64x4_and,
    u64x4_or,
    u64x4_xor,
    u64x4_andnot,
    u64x4_not,
    u64x4_add,
    u64x4_sub,
    u64x4_neg,
    u64x4_shl,
    u64x4_shr,
    u64x4_shlv,
    u64x4_shrv,
    u64x4_cmpeq,
    u64x4_min,
    u64x4_lzcnt,
    u64x4_bswap,
    u64x4_rbit,
    u64x4_popcnt,
    u64x4_hor,
    u64x4_hadd,
    u64x4_nonzero_mask,
    u64x4_as_u8x32,
    u8x32_as_u64x4,
    u8x32_to_array,
    u8x32_from_array
);
check_u64!(
    check_u64x8,
    8,
    u64x8_from_array,
    u64x8_to_array,
    u64x8_splat,
    u64x8_zero,
    u64x8_and,
    u64x8_or,
    u64x8_xor,
    u64x8_andnot,
    u64x8_not,
    u64x8_add,
    u64x8_sub,
    u64x8_neg,
    u64x8_shl,
    u64x8_shr,
    u64x8_shlv,
    u64x8_shrv,
    u64x8_cmpeq,
    u64x8_min,
    u64x8_lzcnt,
    u64x8_bswap,
    u64x8_rbit,
    u64x8_popcnt,
    u64x8_hor,
    u64x8_hadd,
    u64x8_nonzero_mask,
    u64x8_as_u8x64,
    u8x64_as_u64x8,
    u8x64_to_array,
    u8x64_from_array
);

fn check_split_join<B: Backend>(b: B, x: [u64; 8]) {
    let n = B::NAME;
    let v4 = b.u64x4_from_array([x[0], x[1], x[2], x[3]]);
    let (lo, hi) = b.u64x4_split(v4);
    assert_eq!(b.u64x2_to_array(lo), [x[0], x[1]], "{n} u64x4_split lo");
    assert_eq!(b.u64x2_to_array(hi), [x[2], x[3]], "{n} u64x4_split hi");
    assert_eq!(
        b.u64x4_to_array(b.u64x4_join(lo, hi)),
        [x[0], x[1], x[2], x[3]],
        "{n} join4"
    );
    let v8 = b.u64x8_from_array(x);
    let (lo, hi) = b.u64x8_split(v8);
    assert_eq!(
        b.u64x4_to_array(lo),
        [x[0], x[1], x[2], x[3]],
        "{n} u64x8_split lo"
    );
    assert_eq!(
        b.u64x4_to_array(hi),
        [x[4], x[5], x[6], x[7]],
        "{n} u64x8_split hi"
    );
    assert_eq!(b.u64x8_to_array(b.u64x8_join(lo, hi)), x, "{n} join8");
    // Signed 64-bit compare, also on equal lanes and across the sign boundary.
    let y4 = [x[4], x[1], i64::MIN as u64, x[3] ^ (1 << 63)];
    let x4 = [x[0], x[1], i64::MAX as u64, x[3]];
    let want: [u64; 4] = core::array::from_fn(|i| {
        if (x4[i] as i64) > (y4[i] as i64) {
            !0
        } else {
            0
        }
    });
    let got = b.u64x4_to_array(b.u64x4_cmpgt_i64(b.u64x4_from_array(x4), b.u64x4_from_array(y4)));
    assert_eq!(got, want, "{n} u64x4_cmpgt_i64 {x4:?} {y4:?}");
    let x4 = b.u64x4_from_array([x[0], x[1], x[2], x[3]]);
    assert_eq!(
        b.u64x4_hor_short(x4),
        x[0] | x[1] | x[2] | x[3],
        "{n} u64x4_hor_short"
    );
    for lane in 0..4 {
        let mut one = [0; 4];
        one[lane] = x[lane] | 1 << lane;
        let got = b.u64x4_hor_short(b.u64x4_from_array(one));
        assert_eq!(got, one[lane], "{n} u64x4_hor_short lane {lane}");
    }
    // Three-input AND (one VPTERNLOGQ on the AVX-512 tokens).
    let (a4, b4, c4) = (
        [x[0], x[1], x[2], x[3]],
        [x[4], x[5], x[6], x[7]],
        [x[7], !x[0], x[3], !0],
    );
    let want: [u64; 4] = core::array::from_fn(|i| a4[i] & b4[i] & c4[i]);
    let got = b.u64x4_to_array(b.u64x4_and3(
        b.u64x4_from_array(a4),
        b.u64x4_from_array(b4),
        b.u64x4_from_array(c4),
    ));
    assert_eq!(got, want, "{n} u64x4_and3 {a4:?} {b4:?} {c4:?}");
    // Masked OR-AND: lanes where `a & c` is zero keep `acc` (lane 3's `c` is 0).
    let (acc4, c4) = ([x[6], x[7], x[0], x[1]], [x[2], !0, x[4] & x[0], 0]);
    let want: [u64; 4] = core::array::from_fn(|i| {
        if a4[i] & c4[i] != 0 {
            acc4[i] | (a4[i] & b4[i])
        } else {
            acc4[i]
        }
    });
    let got = b.u64x4_to_array(b.u64x4_or_and_if_any(
        b.u64x4_from_array(acc4),
        b.u64x4_from_array(a4),
        b.u64x4_from_array(b4),
        b.u64x4_from_array(c4),
    ));
    assert_eq!(
        got, want,
        "{n} u64x4_or_and_if_any {acc4:?} {a4:?} {b4:?} {c4:?}"
    );
    // Per-lane rotate, counts 0, 64 (a full turn) and beyond.
    let c4 = [0, 64, x[5] & 63, 1 + (x[6] & 127)];
    let x4 = [x[0], x[1], x[2], x[3]];
    let want: [u64; 4] = core::array::from_fn(|i| x4[i].rotate_right((c4[i] & 63) as u32));
    let got = b.u64x4_to_array(b.u64x4_rorv(b.u64x4_from_array(x4), b.u64x4_from_array(c4)));
    assert_eq!(got, want, "{n} u64x4_rorv {x4:?} {c4:?}");
    // The compiler barrier keeps the value, also under the NOT that it keeps apart.
    let kept = b.u64x4_opaque(b.u64x4_splat(x[7]));
    assert_eq!(b.u64x4_to_array(kept), [x[7]; 4], "{n} u64x4_opaque");
    let got = b.u64x4_to_array(b.u64x4_andnot(kept, b.u64x4_from_array(x4)));
    let want: [u64; 4] = core::array::from_fn(|i| !x[7] & x4[i]);
    assert_eq!(got, want, "{n} u64x4_andnot of u64x4_opaque");
    let u16s = b.u16x32_to_array(b.u64x8_as_u16x32(v8));
    assert_eq!(
        u16s,
        S.u16x32_to_array(S.u64x8_as_u16x32(x)),
        "{n} u64x8_as_u16x32"
    );
    assert_eq!(
        b.u64x8_to_array(b.u16x32_as_u64x8(b.u64x8_as_u16x32(v8))),
        x,
        "{n} u16 back"
    );
}

macro_rules! check_u8 {
    ($fn:ident, $N:literal, $from:ident, $to:ident, $splat:ident, $zero:ident, $and:ident,
     $or:ident, $xor:ident, $andnot:ident, $add:ident, $sub:ident, $min:ident, $max:ident,
     $cmpeq:ident, $test:ident, $movemask:ident, $shuffle:ident, $gf:ident, $sad:ident,
     $wto:ident) => {
        fn $fn<B: Backend>(b: B, x: [u8; $N], y: [u8; $N], m: [u8; $N]) {
            let n = B::NAME;
            let (bx, by, bm) = (b.$from(x), b.$from(y), b.$from(m));
            let (sx, sy, sm) = (S.$from(x), S.$from(y), S.$from(m));
            macro_rules! eq_v {
                ($op:literal, $got:expr, $want:expr) => {
                    assert_eq!(
                        b.$to($got),
                        S.$to($want),
                        "{n} {} x={x:?} y={y:?} m={m:?}",
                        $op
                    )
                };
            }
            macro_rules! eq_s {
                ($op:literal, $got:expr, $want:expr) => {
                    assert_eq!($got, $want, "{n} {} x={x:?} y={y:?} m={m:?}", $op)
                };
            }
            eq_s!("roundtrip", b.$to(bx), x);
            eq_v!("splat", b.$splat(x[0]), S.$splat(x[0]));
            eq_v!("zero", b.$zero(), S.$zero());
            eq_v!("and", b.$and(bx, by), S.$and(sx, sy));
            eq_v!("or", b.$or(bx, by), S.$or(sx, sy));
            eq_v!("xor", b.$xor(bx, by), S.$xor(sx, sy));
            eq_v!("andnot", b.$andnot(bx, by), S.$andnot(sx, sy));
            eq_v!("add", b.$add(bx, by), S.$add(sx, sy));
            eq_v!("sub", b.$sub(bx, by), S.$sub(sx, sy));
            eq_v!("min", b.$min(bx, by), S.$min(sx, sy));
            eq_v!("max", b.$max(bx, by), S.$max(sx, sy));
            eq_s!("cmpeq", b.$cmpeq(bx, by), S.$cmpeq(sx, sy));
            eq_s!("cmpeq-self", b.$cmpeq(bx, bx), S.$cmpeq(sx, sx));
            eq_s!("test", b.$test(bx, by), S.$test(sx, sy));
            eq_s!("movemask", b.$movemask(bx), S.$movemask(sx));
            eq_v!("shuffle", b.$shuffle(bx, by), S.$shuffle(sx, sy));
            eq_v!(
                "shuffle-low",
                b.$shuffle(bx, b.$and(by, b.$splat(0x0f))),
                S.$shuffle(sx, S.$and(sy, S.$splat(0x0f)))
            );
            eq_v!("gf2p8affine<0>", b.$gf::<0>(bx, bm), S.$gf::<0>(sx, sm));
            eq_v!(
                "gf2p8affine<0x5a>",
                b.$gf::<0x5a>(bx, bm),
                S.$gf::<0x5a>(sx, sm)
            );
            eq_v!(
                "gf2p8affine<0xff>",
                b.$gf::<0xff>(bx, bm),
                S.$gf::<0xff>(sx, sm)
            );
            eq_s!("sad", b.$wto(b.$sad(bx, by)), S.$wto(S.$sad(sx, sy)));
        }
    };
}

check_u8!(
    check_u8x16,
    16,
    u8x16_from_array,
    u8x16_to_array,
    u8x16_splat,
    u8x16_zero,
    u8x16_and,
    u8x16_or,
    u8x16_xor,
    u8x16_andnot,
    u8x16_add,
    u8x16_sub,
    u8x16_min,
    u8x16_max,
    u8x16_cmpeq,
    u8x16_test,
    u8x16_movemask,
    u8x16_shuffle,
    u8x16_gf2p8affine,
    u8x16_sad,
    u64x2_to_array
);
check_u8!(
    check_u8x32,
    32,
    u8x32_from_array,
    u8x32_to_array,
    u8x32_splat,
    u8x32_zero,
    u8x32_and,
    u8x32_or,
    u8x32_xor,
    u8x32_andnot,
    u8x32_add,
    u8x32_sub,
    u8x32_min,
    u8x32_max,
    u8x32_cmpeq,
    u8x32_test,
    u8x32_movemask,
    u8x32_shuffle,
    u8x32_gf2p8affine,
    u8x32_sad,
    u64x4_to_array
);
check_u8!(
    check_u8x64,
    64,
    u8x64_from_array,
    u8x64_to_array,
    u8x64_splat,
    u8x64_zero,
    u8x64_and,
    u8x64_or,
    u8x64_xor,
    u8x64_andnot,
    u8x64_add,
    u8x64_sub,
    u8x64_min,
    u8x64_max,
    u8x64_cmpeq,
    u8x64_test,
    u8x64_movemask,
    u8x64_shuffle,
    u8x64_gf2p8affine,
    u8x64_sad,
    u64x8_to_array
);

/// The interleave, vector test and 16-bit sum against their definitions (Scalar's defaults
/// are the emulations under test too).
fn check_u8x16_lanes<B: Backend>(b: B, x: [u8; 16], y: [u8; 16]) {
    let n = B::NAME;
    let (bx, by) = (b.u8x16_from_array(x), b.u8x16_from_array(y));
    let zip: [u8; 16] = core::array::from_fn(|i| if i % 2 == 0 { x[i / 2] } else { y[i / 2] });
    assert_eq!(
        b.u8x16_to_array(b.u8x16_zip_lo(bx, by)),
        zip,
        "{n} zip_lo {x:?} {y:?}"
    );
    let test: [u8; 16] = core::array::from_fn(|i| if x[i] & y[i] != 0 { 0xff } else { 0 });
    assert_eq!(
        b.u8x16_to_array(b.u8x16_testv(bx, by)),
        test,
        "{n} testv {x:?} {y:?}"
    );
    let sum = (0..8)
        .map(|i| u32::from(x[2 * i]) + 256 * u32::from(x[2 * i + 1]))
        .sum::<u32>();
    assert_eq!(
        u32::from(b.u8x16_sum_u16(bx)),
        sum % 65_536,
        "{n} sum_u16 {x:?}"
    );
}

fn check_u8x64_extra<B: Backend>(b: B, x: [u8; 64], idx: [u8; 64]) {
    let n = B::NAME;
    let (bx, bi) = (b.u8x64_from_array(x), b.u8x64_from_array(idx));
    assert_eq!(
        b.u8x64_to_array(b.u8x64_permute(bx, bi)),
        S.u8x64_permute(x, idx),
        "{n} permute x={x:?} idx={idx:?}"
    );
    assert_eq!(
        b.u8x64_bitshuffle(bx, bi),
        S.u8x64_bitshuffle(x, idx),
        "{n} bitshuffle"
    );
}

fn check_u16<B: Backend>(b: B, x: [u16; 32], y: [u16; 32], mask: u32) {
    let n = B::NAME;
    let (bx, by) = (b.u16x32_from_array(x), b.u16x32_from_array(y));
    macro_rules! eq_v {
        ($op:literal, $got:expr, $want:expr) => {
            assert_eq!(
                b.u16x32_to_array($got),
                $want,
                "{n} {} x={x:?} y={y:?}",
                $op
            )
        };
    }
    eq_v!("roundtrip", bx, x);
    eq_v!("splat", b.u16x32_splat(x[3]), S.u16x32_splat(x[3]));
    eq_v!("zero", b.u16x32_zero(), [0; 32]);
    eq_v!("and", b.u16x32_and(bx, by), S.u16x32_and(x, y));
    eq_v!("or", b.u16x32_or(bx, by), S.u16x32_or(x, y));
    eq_v!("xor", b.u16x32_xor(bx, by), S.u16x32_xor(x, y));
    eq_v!("andnot", b.u16x32_andnot(bx, by), S.u16x32_andnot(x, y));
    eq_v!("add", b.u16x32_add(bx, by), S.u16x32_add(x, y));
    eq_v!("sub", b.u16x32_sub(bx, by), S.u16x32_sub(x, y));
    eq_v!("shlv", b.u16x32_shlv(bx, by), S.u16x32_shlv(x, y));
    eq_v!("shrv", b.u16x32_shrv(bx, by), S.u16x32_shrv(x, y));
    let small: [u16; 32] = core::array::from_fn(|i| y[i] % 20);
    let bs = b.u16x32_from_array(small);
    eq_v!("shlv-small", b.u16x32_shlv(bx, bs), S.u16x32_shlv(x, small));
    eq_v!("shrv-small", b.u16x32_shrv(bx, bs), S.u16x32_shrv(x, small));
    eq_v!(
        "select",
        b.u16x32_select(mask, bx, by),
        S.u16x32_select(mask, x, y)
    );
    assert_eq!(
        b.u16x32_cmpeq(bx, by),
        S.u16x32_cmpeq(x, y),
        "{n} u16 cmpeq"
    );
    assert_eq!(b.u16x32_cmpeq(bx, bx), u32::MAX, "{n} u16 cmpeq self");
    let b8 = b.u16x32_as_u8x64(bx);
    assert_eq!(
        b.u8x64_to_array(b8),
        S.u16x32_as_u8x64(x),
        "{n} u16x32_as_u8x64"
    );
    eq_v!("u8x64_as_u16x32", b.u8x64_as_u16x32(b8), x);
}

/// Never a NaN: f64 NaN payloads are unspecified, so the f64 ops are compared on numbers.
fn no_nan(x: u64) -> u64 {
    if f64::from_bits(x).is_nan() {
        x & !(1 << 62)
    } else {
        x
    }
}

/// The 8/16/32-bit and float views of the 128-bit register, and the 256-bit ones, against
/// the Scalar definitions.
fn check_lane_views<B: Backend>(b: B, x: [u64; 4], y: [u64; 4]) {
    let n = B::NAME;
    let (x2, y2) = ([x[0], x[1]], [y[0], y[1]]);
    let (bx, by) = (b.u64x2_from_array(x2), b.u64x2_from_array(y2));
    macro_rules! eq2 {
        ($op:literal, $got:expr, $want:expr) => {
            assert_eq!(
                b.u64x2_to_array($got),
                $want,
                "{n} {} x={x2:x?} y={y2:x?}",
                $op
            )
        };
    }
    eq2!(
        "cvt_i32_f32",
        b.u64x2_cvt_i32_f32(bx),
        S.u64x2_cvt_i32_f32(x2)
    );
    eq2!(
        "cvtt_f32_i32",
        b.u64x2_cvtt_f32_i32(bx),
        S.u64x2_cvtt_f32_i32(x2)
    );
    // round trip through the float: exact below 2^24, so the conversion pair is an identity there
    let small = [x[0] & 0x00ff_ffff_00ff_ffff, x[1] & 0x007f_ffff_00ff_ffff];
    eq2!(
        "cvt round trip",
        b.u64x2_cvtt_f32_i32(b.u64x2_cvt_i32_f32(b.u64x2_from_array(small))),
        small
    );
    let (fx, fy) = (x2.map(no_nan), y2.map(no_nan));
    let (bfx, bfy) = (b.u64x2_from_array(fx), b.u64x2_from_array(fy));
    eq2!(
        "add_f64",
        b.u64x2_add_f64(bfx, bfy),
        S.u64x2_add_f64(fx, fy)
    );
    eq2!(
        "sub_f64",
        b.u64x2_sub_f64(bfx, bfy),
        S.u64x2_sub_f64(fx, fy)
    );
    eq2!(
        "cmpeq_u32",
        b.u64x2_cmpeq_u32(bx, by),
        S.u64x2_cmpeq_u32(x2, y2)
    );
    eq2!("cmpeq_u32 self", b.u64x2_cmpeq_u32(bx, bx), [u64::MAX; 2]);
    eq2!(
        "pshufd 0xb1",
        b.u64x2_shuffle_u32::<0xb1>(bx),
        S.u64x2_shuffle_u32::<0xb1>(x2)
    );
    eq2!(
        "pshufd 0x4e",
        b.u64x2_shuffle_u32::<0x4e>(bx),
        S.u64x2_shuffle_u32::<0x4e>(x2)
    );
    eq2!(
        "pshufd 0x1b",
        b.u64x2_shuffle_u32::<0x1b>(bx),
        S.u64x2_shuffle_u32::<0x1b>(x2)
    );
    eq2!(
        "sra 31",
        b.u64x2_sra_i32::<31>(bx),
        S.u64x2_sra_i32::<31>(x2)
    );
    eq2!("sra 7", b.u64x2_sra_i32::<7>(bx), S.u64x2_sra_i32::<7>(x2));
    eq2!(
        "sra 40",
        b.u64x2_sra_i32::<40>(bx),
        S.u64x2_sra_i32::<40>(x2)
    );
    eq2!(
        "srl32 1",
        b.u64x2_srl_u32::<1>(bx),
        S.u64x2_srl_u32::<1>(x2)
    );
    eq2!("srl32 32", b.u64x2_srl_u32::<32>(bx), [0, 0]);
    eq2!(
        "sll32 31",
        b.u64x2_sll_u32::<31>(bx),
        S.u64x2_sll_u32::<31>(x2)
    );
    eq2!(
        "sll32 3",
        b.u64x2_sll_u32::<3>(bx),
        S.u64x2_sll_u32::<3>(x2)
    );
    eq2!("sll32 32", b.u64x2_sll_u32::<32>(bx), [0, 0]);
    eq2!("shrv32", b.u64x2_shrv_u32(bx, by), S.u64x2_shrv_u32(x2, y2));
    // counts in 0..=40 (dwords of y modulo 41): the in-range shifts and the 32+ cut-off
    let small = emu32(emu_lanes32(y2).map(|c| c % 41));
    eq2!(
        "shrv32 small",
        b.u64x2_shrv_u32(bx, b.u64x2_from_array(small)),
        S.u64x2_shrv_u32(x2, small)
    );
    eq2!("clz32", b.u64x2_clz_u32(bx), S.u64x2_clz_u32(x2));
    eq2!("subs64", b.u64x2_subs_u64(bx, by), S.u64x2_subs_u64(x2, y2));
    eq2!(
        "subs64 one",
        b.u64x2_subs_u64(bx, b.u64x2_splat(1)),
        S.u64x2_subs_u64(x2, [1, 1])
    );
    eq2!(
        "mullo16",
        b.u64x2_mullo_u16(bx, by),
        S.u64x2_mullo_u16(x2, y2)
    );
    eq2!(
        "mulhi16",
        b.u64x2_mulhi_u16(bx, by),
        S.u64x2_mulhi_u16(x2, y2)
    );
    eq2!("min_i16", b.u64x2_min_i16(bx, by), S.u64x2_min_i16(x2, y2));
    eq2!(
        "madd_i16",
        b.u64x2_madd_i16(bx, by),
        S.u64x2_madd_i16(x2, y2)
    );
    let (b8x, b8y) = (b.u64x2_as_u8x16(bx), b.u64x2_as_u8x16(by));
    let (s8x, s8y) = (S.u64x2_as_u8x16(x2), S.u64x2_as_u8x16(y2));
    assert_eq!(
        b.u8x16_to_array(b.u8x16_subs(b8x, b8y)),
        S.u8x16_subs(s8x, s8y),
        "{n} subs"
    );
    let (bx4, by4) = (b.u64x4_from_array(x), b.u64x4_from_array(y));
    macro_rules! eq4 {
        ($op:literal, $got:expr, $want:expr) => {
            assert_eq!(
                b.u64x4_to_array($got),
                $want,
                "{n} {} x={x:x?} y={y:x?}",
                $op
            )
        };
    }
    eq4!(
        "x4 cvt_i32_f32",
        b.u64x4_cvt_i32_f32(bx4),
        S.u64x4_cvt_i32_f32(x)
    );
    eq4!(
        "x4 cvtt_f32_i32",
        b.u64x4_cvtt_f32_i32(bx4),
        S.u64x4_cvtt_f32_i32(x)
    );
    eq4!(
        "x4 cmpeq_u32",
        b.u64x4_cmpeq_u32(bx4, by4),
        S.u64x4_cmpeq_u32(x, y)
    );
    eq4!(
        "x4 sra 31",
        b.u64x4_sra_i32::<31>(bx4),
        S.u64x4_sra_i32::<31>(x)
    );
    eq4!(
        "x4 sra 3",
        b.u64x4_sra_i32::<3>(bx4),
        S.u64x4_sra_i32::<3>(x)
    );
    eq4!(
        "x4 srl 1",
        b.u64x4_srl_u32::<1>(bx4),
        S.u64x4_srl_u32::<1>(x)
    );
    eq4!("x4 srl 33", b.u64x4_srl_u32::<33>(bx4), [0; 4]);
}

fn check_scalar<B: Backend>(b: B, x: u64, m: u64) {
    let n = B::NAME;
    assert_eq!(b.pext(x, m), S.pext(x, m), "{n} pext {x:#x} {m:#x}");
    assert_eq!(b.pdep(x, m), S.pdep(x, m), "{n} pdep {x:#x} {m:#x}");
    // The lowest 8 set bits of `m` (all of them when it has fewer).
    let m8 = (0..8)
        .fold((0u64, m), |(k, r), _| {
            (k | (r & r.wrapping_neg()), r & r.wrapping_sub(1))
        })
        .0;
    assert_eq!(
        Mask8::new(m).is_some(),
        m.count_ones() <= 8,
        "Mask8::new {m:#x}"
    );
    let g = b.pext8(x, Mask8::expect(m8));
    assert_eq!(u64::from(g), b.pext(x, m8), "{n} pext8 {x:#x} {m8:#x}");
    assert_eq!(b.lzcnt(x), x.leading_zeros(), "{n} lzcnt");
    assert_eq!(b.tzcnt(x), x.trailing_zeros(), "{n} tzcnt");
    assert_eq!(b.bswap(x), x.swap_bytes(), "{n} bswap");
    assert_eq!(b.rbit(x), x.reverse_bits(), "{n} rbit");
    assert_eq!(b.popcnt(x), x.count_ones(), "{n} popcnt");
}

/// Mixes equal bytes into `y` so that compares see both outcomes.
fn mix<const N: usize>(x: [u8; N], y: [u8; N], sel: u64) -> [u8; N] {
    core::array::from_fn(|i| {
        if (sel >> (i % 64)) & 1 != 0 {
            x[i]
        } else {
            y[i]
        }
    })
}

fn check_all<B: Backend>(b: B) {
    b.vectorize(|| {
        // Edge values in every lane position.
        for &e in &EDGES {
            for &f in &EDGES {
                let x8 = core::array::from_fn(|i| if i % 2 == 0 { e } else { f });
                let y8 = core::array::from_fn(|i| EDGES[(i + 3) % EDGES.len()] ^ (e & f));
                check_u64x2(b, [e, f], [f, e]);
                check_u64x4(b, [e, f, f, e], [f, e, 64, 63]);
                check_u64x8(b, x8, y8);
                check_scalar(b, e, f);
                check_lane_views(b, [e, f, f, e], [f, e, e, 0x8000_0000]);
            }
        }
        let mut runner = TestRunner::new(Config {
            cases: cases(256),
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(
                &(
                    proptest::array::uniform8(word()),
                    proptest::array::uniform8(word()),
                    any::<[u8; 64]>(),
                    any::<[u8; 64]>(),
                    any::<[u8; 64]>(),
                    any::<u64>(),
                ),
                |(x, y, bx, by, bm, sel)| {
                    check_u64x2(b, [x[0], x[1]], [y[0], y[1]]);
                    check_u64x4(b, [x[0], x[1], x[2], x[3]], [y[0], y[1], y[2], y[3]]);
                    check_u64x8(b, x, y);
                    check_split_join(b, x);
                    check_lane_views(b, [x[0], x[1], x[2], x[3]], [y[0], y[1], x[2], y[3]]);
                    check_scalar(b, x[0], y[0]);
                    let by = mix(bx, by, sel);
                    let x16: [u8; 16] = bx[..16].try_into().unwrap();
                    let y16: [u8; 16] = by[..16].try_into().unwrap();
                    let m16: [u8; 16] = bm[..16].try_into().unwrap();
                    check_u8x16(b, x16, y16, m16);
                    check_u8x16_lanes(b, x16, y16);
                    let x32: [u8; 32] = bx[..32].try_into().unwrap();
                    let y32: [u8; 32] = by[..32].try_into().unwrap();
                    let m32: [u8; 32] = bm[..32].try_into().unwrap();
                    check_u8x32(b, x32, y32, m32);
                    check_u8x64(b, bx, by, bm);
                    check_u8x64_extra(b, bx, by);
                    let wx: [u16; 32] =
                        core::array::from_fn(|i| u16::from_le_bytes([bx[2 * i], bx[2 * i + 1]]));
                    let wy: [u16; 32] = core::array::from_fn(|i| {
                        if (sel >> (i + 32)) & 1 != 0 {
                            wx[i]
                        } else {
                            u16::from_le_bytes([by[2 * i], bm[2 * i + 1]])
                        }
                    });
                    check_u16(b, wx, wy, sel as u32);
                    Ok(())
                },
            )
            .unwrap();
    });
}

#[test]
fn every_op_matches_scalar_on_every_backend() {
    let mut ran = Vec::new();
    bb_simd::for_each_backend!(|b| {
        check_all(b);
        ran.push(b.name());
    });
    // The one backend a lane restricts the suites to, else the one every build has.
    let want = match (
        bb_simd::forced(),
        std::env::var("BB_TEST_BACKENDS").as_deref(),
    ) {
        (Some(isa), _) => isa.name(),
        (None, Ok("best")) => bb_simd::best().name(),
        _ => "scalar",
    };
    assert!(ran.contains(&want), "{want} must run: {ran:?}");
}

/// The reference semantics themselves, on hand-checked values.
#[test]
fn reference_semantics() {
    let s = Scalar;
    assert_eq!(s.pext(0b1011_0110, 0b1111_0000), 0b1011);
    assert_eq!(s.pdep(0b101, 0b1110_0000), 0b1010_0000);
    assert_eq!(s.pext(u64::MAX, 0), 0);
    assert_eq!(s.pdep(u64::MAX, 1 << 63), 1 << 63);
    assert_eq!(
        s.u64x2_to_array(s.u64x2_shlv([1, 1], [64, 63])),
        [0, 1 << 63]
    );
    assert_eq!(
        s.u64x2_to_array(s.u64x2_shrv([u64::MAX, u64::MAX], [65, 0])),
        [0, u64::MAX]
    );
    // PSHUFB: top bit -> 0, else low nibble within the 16-byte lane.
    let t: [u8; 32] = core::array::from_fn(|i| i as u8 + 100);
    let mut idx = [0u8; 32];
    idx[0] = 0x80;
    idx[1] = 0x13;
    idx[16] = 0x01;
    let r = s.u8x32_shuffle(t, idx);
    assert_eq!((r[0], r[1], r[16]), (0, 103, 117));
    // GF2P8AFFINEQB with the identity matrix is the identity; with IMM it xors.
    let id = 0x0102_0408_1020_4080u64.to_le_bytes();
    let m: [u8; 16] = core::array::from_fn(|i| id[i % 8]);
    let x: [u8; 16] = core::array::from_fn(|i| (i * 37) as u8);
    assert_eq!(s.u8x16_gf2p8affine::<0>(x, m), x);
    assert_eq!(s.u8x16_gf2p8affine::<0xff>(x, m), x.map(|v| !v));
    // the bit-reversal matrix reverses each byte
    let rev = 0x8040_2010_0804_0201u64.to_le_bytes();
    let m: [u8; 16] = core::array::from_fn(|i| rev[i % 8]);
    assert_eq!(s.u8x16_gf2p8affine::<0>(x, m), x.map(u8::reverse_bits));
    // VPSHUFBITQMB picks bit idx[i] of the lane's qword.
    let mut q = [0u8; 64];
    q[0] = 0b100; // qword 0 = 4
    let mut sel = [0u8; 64];
    sel[0] = 2;
    sel[1] = 3;
    sel[8] = 2; // qword 1 is 0
    assert_eq!(s.u8x64_bitshuffle(q, sel) & 0x103, 1);
    // PSADBW
    let a: [u8; 16] = core::array::from_fn(|i| i as u8);
    assert_eq!(s.u8x16_sad(a, [0; 16]), [28, 92]);
    // 16-bit sum wraps: 8 x 0xffff = 0x7fff8 -> 0xfff8.
    assert_eq!(s.u8x16_sum_u16([0xff; 16]), 0xfff8);
    // Lane views: CVTDQ2PS of 5 and -1, CVTTPS2DQ of 2.75, -0.5 and NaN / 2^31 (indefinite).
    let v = s.u64x2_cvt_i32_f32([5 | (u64::from((-1i32) as u32) << 32), 0x8000_0000]);
    assert_eq!(v, [0x40a0_0000 | (0xbf80_0000 << 32), 0xcf00_0000]);
    let t = s.u64x2_cvtt_f32_i32([
        u64::from(2.75f32.to_bits()) | (u64::from((-0.5f32).to_bits()) << 32),
        u64::from(f32::NAN.to_bits()) | (u64::from(2_147_483_648f32.to_bits()) << 32),
    ]);
    assert_eq!(t, [2, 0x8000_0000_8000_0000]);
    // 2^52 trick: (x | 2^52 as bits) - 2^52 is x as f64.
    let k = 4_503_599_627_370_496f64.to_bits();
    assert_eq!(s.u64x2_sub_f64([k | 12, k], [k, k]), [12f64.to_bits(), 0]);
    // PMULHUW by 1 << k is a right shift by 16 - k; PMULLW by it a left shift by k.
    let w = emu16([0x8000, 0xffff, 0x1234, 1, 0, 0, 0, 0]);
    assert_eq!(
        s.u64x2_mulhi_u16(w, emu16([2, 0xffff, 0x100, 0, 0, 0, 0, 0])),
        emu16([1, 0xfffe, 0x12, 0, 0, 0, 0, 0])
    );
    assert_eq!(
        s.u64x2_mullo_u16(w, emu16([2, 2, 0x10, 0, 0, 0, 0, 0])),
        emu16([0, 0xfffe, 0x2340, 0, 0, 0, 0, 0])
    );
    // PMINSW is signed; PMADDWD sums pairs; PACKUSWB saturates.
    assert_eq!(
        s.u64x2_min_i16(
            emu16([0x8000, 5, 0, 0, 0, 0, 0, 0]),
            emu16([1, 7, 0, 0, 0, 0, 0, 0])
        ),
        emu16([0x8000, 5, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(
        s.u64x2_madd_i16(
            emu16([2, 3, 0x8000, 0x8000, 0, 0, 0, 0]),
            emu16([5, 0xffff, 0x8000, 0x8000, 0, 0, 0, 0])
        )[0],
        7 | (0x8000_0000 << 32)
    );
    assert_eq!(s.u8x16_subs([3; 16], [5; 16]), [0; 16]);
    assert_eq!(
        s.u64x2_shuffle_u32::<0xb1>([1 | (2 << 32), 3 | (4 << 32)]),
        [2 | (1 << 32), 4 | (3 << 32)]
    );
    assert_eq!(
        s.u64x2_sra_i32::<40>([0x8000_0000_0000_0001, 0]),
        [0xffff_ffff_0000_0000, 0]
    );
    // 32-bit clz, shift and the saturating 64-bit subtract
    assert_eq!(
        s.u64x2_clz_u32([1 << 40 | 1, 0]),
        [31 | (23 << 32), 32 | (32 << 32)]
    );
    assert_eq!(
        s.u64x2_shrv_u32([u64::MAX, u64::MAX], [1 | (32 << 32), 31]),
        [0x7fff_ffff, 0xffff_ffff_0000_0001]
    );
    assert_eq!(
        s.u64x2_sll_u32::<31>([u64::MAX, 1]),
        [0x8000_0000_8000_0000, 0x8000_0000]
    );
    assert_eq!(s.u64x2_subs_u64([0, 5], [1, 3]), [0, 2]);
    // u16 select: bit set -> a
    let r = s.u16x32_select(0b10, [1; 32], [2; 32]);
    assert_eq!(&r[..3], &[2, 1, 2]);
}

/// Eight 16-bit lanes as a 128-bit vector, little endian.
fn emu16(l: [u16; 8]) -> [u64; 2] {
    core::array::from_fn(|i| (0..4).fold(0, |w, k| w | (u64::from(l[4 * i + k]) << (16 * k))))
}

/// The four 32-bit lanes of a 128-bit vector, little endian.
fn emu_lanes32(v: [u64; 2]) -> [u32; 4] {
    core::array::from_fn(|i| (v[i / 2] >> (32 * (i % 2))) as u32)
}

/// Four 32-bit lanes as a 128-bit vector, little endian.
fn emu32(l: [u32; 4]) -> [u64; 2] {
    core::array::from_fn(|i| u64::from(l[2 * i]) | (u64::from(l[2 * i + 1]) << 32))
}

/// The gathered weighted sum on every backend against a plain loop written from its definition:
/// tables of every small length (0 and 1 included: nothing can be read), positions inside, at
/// the last element (never read: clamped to the one before) and wrapping past `u32::MAX`.
#[test]
fn gather_sum_matches_a_plain_loop_on_every_backend() {
    fn plain(table: &[i16], base: u32, starts: &[u32; 48], lanes: &[u64; 12]) -> i32 {
        let readable = table.len().saturating_sub(1);
        (0..48)
            .map(|k| {
                let lane = (lanes[k / 4] >> (16 * (k % 4))) & 0xffff;
                let pos = (u64::from(base) + u64::from(starts[k]) + 2 * lane) % (1 << 32);
                if readable == 0 {
                    0
                } else {
                    i32::from(table[(pos as usize).min(readable - 1)])
                }
            })
            .sum()
    }
    let small = || prop_oneof![3 => 0u32..200, 1 => any::<u32>(), 1 => Just(u32::MAX)];
    let lane_words = proptest::array::uniform12(prop_oneof![
        3 => any::<u64>().prop_map(|w| w & 0x003f_003f_003f_003f),
        1 => any::<u64>(),
    ]);
    bb_simd::for_each_backend!(|b| {
        b.vectorize(|| {
            let mut runner = TestRunner::new(Config {
                cases: cases(512),
                failure_persistence: None,
                ..Config::default()
            });
            runner
                .run(
                    &(
                        proptest::collection::vec(any::<i16>(), 0..400),
                        small(),
                        proptest::array::uniform32(small()),
                        proptest::array::uniform16(small()),
                        lane_words.clone(),
                    ),
                    |(table, base, s0, s1, lanes)| {
                        let starts: [u32; 48] =
                            core::array::from_fn(|k| if k < 32 { s0[k] } else { s1[k - 32] });
                        let want = plain(&table, base, &starts, &lanes);
                        let got = b.gather_sum_i16x48(&table, base, &starts, &lanes);
                        prop_assert_eq!(got, want, "{} len {}", b.name(), table.len());
                        Ok(())
                    },
                )
                .unwrap();
        });
    });
}
