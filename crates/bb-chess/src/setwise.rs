//! Set-wise attacks: the union of the attacks of a whole set of rooks, bishops or queens
//! (the Chess Programming Wiki's *Hyperbola Quintessence*, "Generalized set-wise attacks", and
//! occluded Kogge-Stone fills).
//!
//! Each technique is a [`SetwiseVariant`], listed by the kernel declarations [`SetwiseRooks`],
//! [`SetwiseBishops`] and [`SetwiseQueens`]; [`rooks`], [`bishops`] and [`queens`] use the
//! default of the backend. `sliders` need not be a subset of `occupied` (they are added to it).

use bb_core::bits::mirror_horizontal;
use bb_core::{Direction, fill};
use bb_simd::{Backend, Isa};

/// A set-wise attack technique.
pub trait SetwiseVariant: Copy + Default + 'static {
    /// Short name (tests, criterion, `bb bench`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Union of the rook attacks of every square in `sliders`.
    fn rooks<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64;
    /// Union of the bishop attacks of every square in `sliders`.
    fn bishops<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64;
    /// Union of the queen attacks of every square in `sliders`.
    #[inline(always)]
    fn queens<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
        Self::rooks(b, sliders, occupied) | Self::bishops(b, sliders, occupied)
    }
}

/// The union of the attacks of every square of `sliders` (each square's own bit counts as
/// occupied), with bb-core's per-square oracle.
fn union_of(sliders: u64, occupied: u64, attacks: fn(bb_core::Square, u64) -> u64) -> u64 {
    let occupied = occupied | sliders;
    bb_core::Bitboard(sliders)
        .into_iter()
        .fold(0, |a, sq| a | attacks(sq, occupied))
}

// The set-wise kernels share one variant list.
macro_rules! setwise_kernel {
    ($(#[$doc:meta])* $K:ident, $name:literal, $method:ident, $oracle:ident, $default:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $K;

        bb_simd::kernel! {
            $K: SetwiseVariant {
                name: $name,
                input: (u64, u64),
                output: u64,
                reference(&(sliders, occupied)) {
                    union_of(sliders, occupied, bb_core::reference::$oracle)
                }
                chain(&(sliders, occupied), z) { (sliders, occupied ^ z) }
                fold(a) { a }
                default_name<B>() { $default(B::ISA) }
                run<V>(b, &(sliders, occupied)) { V::$method(b, sliders, occupied) }
                variants [
                    KoggeStone,
                    HqRankKoggeStone,
                    KoggeStoneBswap,
                    KoggeStoneX4,
                    KoggeStoneX8,
                ]
            }
        }
    };
}

setwise_kernel!(
    /// The set-wise rook kernel: input `(sliders, occupied)`, output the union of the rook
    /// attacks of every square of `sliders`; every [`SetwiseVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
    SetwiseRooks, "setwise_rook", rooks, rook_attacks, |_| KoggeStone::NAME
);
setwise_kernel!(
    /// The set-wise bishop kernel (see [`SetwiseRooks`]).
    SetwiseBishops, "setwise_bishop", bishops, bishop_attacks, |_| KoggeStone::NAME
);
setwise_kernel!(
    /// The set-wise queen kernel (see [`SetwiseRooks`]).
    SetwiseQueens, "setwise_queen", queens, queen_attacks, default_queens_name
);

const FILE_A: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn ks(dir: Direction, s: u64, empty: u64) -> u64 {
    fill::attacks(dir, s, empty)
}

/// Occluded Kogge-Stone fills, one direction at a time in general-purpose registers (8 for a
/// queen). Any ISA.
///
/// ```
/// use bb_chess::setwise::{KoggeStone, SetwiseVariant};
/// use bb_core::Square;
/// let rooks = Square::A1.bit() | Square::H8.bit();
/// let a = KoggeStone::rooks(bb_simd::Scalar, rooks, rooks);
/// assert_eq!(a, 0x0101_0101_0101_01fe | 0x7f80_8080_8080_8080);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStone;

impl SetwiseVariant for KoggeStone {
    const NAME: &'static str = "kogge_stone";
    #[inline(always)]
    fn rooks<B: Backend>(_: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        ks(Direction::North, s, e)
            | ks(Direction::East, s, e)
            | ks(Direction::South, s, e)
            | ks(Direction::West, s, e)
    }
    #[inline(always)]
    fn bishops<B: Backend>(_: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        ks(Direction::NorthEast, s, e)
            | ks(Direction::SouthEast, s, e)
            | ks(Direction::SouthWest, s, e)
            | ks(Direction::NorthWest, s, e)
    }
}

/// East-ward (toward h, the MSB side) rank attacks of a set of sliders by subtraction with an
/// overflow barrier on the a-file, so that borrows stop at the end of each rank (the Chess
/// Programming Wiki's *Hyperbola Quintessence*).
///
/// ```
/// use bb_chess::setwise::east_attacks;
/// use bb_core::Square;
/// let r = Square::B2.bit() | Square::E5.bit();
/// let occ = r | Square::D2.bit();
/// assert_eq!(east_attacks(r, occ), Square::C2.bit() | Square::D2.bit() | 0xe0 << 32);
/// ```
#[must_use]
#[inline(always)]
pub const fn east_attacks(sliders: u64, occupied: u64) -> u64 {
    let o = occupied | sliders;
    (o ^ (o | FILE_A).wrapping_sub(sliders << 1)) & !FILE_A
}

/// Mirrors every rank (a <-> h): by GF2P8AFFINEQB where the backend has GFNI, else by the
/// three delta swaps of [`mirror_horizontal`].
#[inline(always)]
fn mirror<B: Backend>(b: B, x: u64) -> u64 {
    if B::HAS_GFNI {
        let v = b.u64x2_as_u8x16(b.u64x2_splat(x));
        let m = b.u64x2_as_u8x16(b.u64x2_splat(0x8040_2010_0804_0201));
        b.u64x2_to_array(b.u8x16_as_u64x2(b.u8x16_gf2p8affine::<0>(v, m)))[0]
    } else {
        mirror_horizontal(x)
    }
}

/// Ranks by the generalized set-wise Hyperbola Quintessence (east-ward by the overflow barrier,
/// west-ward by the same on rank-wise bit-reversed boards, see [`east_attacks`]); files and
/// diagonals by Kogge-Stone. Any ISA; the rank reversal is one GF2P8AFFINEQB with GFNI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HqRankKoggeStone;

impl SetwiseVariant for HqRankKoggeStone {
    const NAME: &'static str = "hq_rank_kogge_stone";
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        let west = mirror(b, east_attacks(mirror(b, s), mirror(b, occ)));
        east_attacks(s, occ) | west | ks(Direction::North, s, e) | ks(Direction::South, s, e)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStone::bishops(b, s, occ)
    }
}

// Per-lane shift counts: left shifts (toward the MSB) and right shifts; 64 gives 0.
// Rook lanes: N, E, S, W.  Bishop lanes: NE, NW, SE, SW.
const ROOK_L: [u64; 4] = [8, 1, 64, 64];
const ROOK_R: [u64; 4] = [64, 64, 8, 1];
const BISHOP_L: [u64; 4] = [9, 7, 64, 64];
const BISHOP_R: [u64; 4] = [64, 64, 7, 9];
const NOT_A: u64 = !FILE_A;
const NOT_H: u64 = !(FILE_A << 7);
// Squares a step may land on, per lane.
const ROOK_LAND: [u64; 4] = [!0, NOT_A, !0, NOT_H];
const BISHOP_LAND: [u64; 4] = [NOT_A, NOT_H, NOT_A, NOT_H];

/// Occluded Kogge-Stone in four lanes: `l`/`r` hold the per-lane step (64 = none), `land` the
/// squares a step may land on.
#[inline(always)]
fn ks4<B: Backend>(b: B, s: u64, empty: u64, l: [u64; 4], r: [u64; 4], land: [u64; 4]) -> u64 {
    let land = b.u64x4_from_array(land);
    let step = |x: B::U64x4, k: u64| {
        let lk = b.u64x4_from_array(l.map(|c| if c == 64 { 64 } else { c * k }));
        let rk = b.u64x4_from_array(r.map(|c| if c == 64 { 64 } else { c * k }));
        b.u64x4_or(b.u64x4_shlv(x, lk), b.u64x4_shrv(x, rk))
    };
    let mut g = b.u64x4_splat(s);
    let mut p = b.u64x4_and(b.u64x4_splat(empty), land);
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 1)));
    p = b.u64x4_and(p, step(p, 1));
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 2)));
    p = b.u64x4_and(p, step(p, 2));
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 4)));
    b.u64x4_hor(b.u64x4_and(step(g, 1), land))
}

/// North-ward attacks (left shifts by `S`, `S2 = 2S`, `S4 = 4S`) of the generators in both
/// lanes at once: an occluded Kogge-Stone fill through `empty`, then one more step. `landing`
/// is the direction's landing mask, the same on both boards.
#[inline(always)]
fn attacks_up2<B: Backend, const S: u32, const S2: u32, const S4: u32>(
    b: B,
    gens: B::U64x2,
    empty: B::U64x2,
    landing: u64,
) -> B::U64x2 {
    let land = b.u64x2_splat(landing);
    let mut pro = b.u64x2_and(empty, land);
    let mut g = b.u64x2_or(gens, b.u64x2_and(pro, b.u64x2_shl::<S>(gens)));
    pro = b.u64x2_and(pro, b.u64x2_shl::<S>(pro));
    g = b.u64x2_or(g, b.u64x2_and(pro, b.u64x2_shl::<S2>(g)));
    pro = b.u64x2_and(pro, b.u64x2_shl::<S2>(pro));
    g = b.u64x2_or(g, b.u64x2_and(pro, b.u64x2_shl::<S4>(g)));
    b.u64x2_and(b.u64x2_shl::<S>(g), land)
}

/// The sliders and the empty squares (sliders count as empty: they start their own rays) of
/// the board in lane 0 and of its vertical mirror in lane 1.
#[inline(always)]
fn mirrored_pair<B: Backend>(b: B, s: u64, occ: u64) -> (B::U64x2, B::U64x2, u64) {
    let e = !(occ | s) | s;
    let gens = b.u64x2_from_array([s, s.swap_bytes()]);
    let empty = b.u64x2_from_array([e, e.swap_bytes()]);
    (gens, empty, e)
}

/// Lane 0 as is, lane 1 mirrored back.
#[inline(always)]
fn unmirror<B: Backend>(b: B, v: B::U64x2) -> u64 {
    let [a, m] = b.u64x2_to_array(v);
    a | m.swap_bytes()
}

/// Occluded Kogge-Stone on the board and its vertical mirror side by side (beyond the published
/// sources: the byte-swap idea of reversi's `sse2_bswap` flip applied to set-wise fills). Mirrored,
/// the south, south-east and south-west rays become north, north-east and north-west ones, so each
/// pair of opposite vertical or diagonal directions is one two-lane fill with a single shift
/// count, which is all SSE2 has; east and west stay in general registers. Any ISA (on Scalar
/// the lanes are plain arrays, which LLVM vectorizes into similar SSE2 code on x86-64; it
/// measured 15-20 % slower there than on the Sse2 token).
///
/// ```
/// use bb_chess::setwise::{KoggeStoneBswap, SetwiseVariant};
/// use bb_core::Square;
/// let rooks = Square::A1.bit() | Square::H8.bit();
/// let a = KoggeStoneBswap::rooks(bb_simd::Scalar, rooks, rooks);
/// assert_eq!(a, 0x0101_0101_0101_01fe | 0x7f80_8080_8080_8080);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStoneBswap;

/// North on the board and south on the mirror.
#[inline(always)]
fn vertical2<B: Backend>(b: B, gens: B::U64x2, empty: B::U64x2) -> B::U64x2 {
    attacks_up2::<B, 8, 16, 32>(b, gens, empty, Direction::North.landing_mask())
}

/// North-east and north-west on the board, south-east and south-west on the mirror.
#[inline(always)]
fn diagonal2<B: Backend>(b: B, gens: B::U64x2, empty: B::U64x2) -> B::U64x2 {
    b.u64x2_or(
        attacks_up2::<B, 9, 18, 36>(b, gens, empty, Direction::NorthEast.landing_mask()),
        attacks_up2::<B, 7, 14, 28>(b, gens, empty, Direction::NorthWest.landing_mask()),
    )
}

impl SetwiseVariant for KoggeStoneBswap {
    const NAME: &'static str = "kogge_stone_bswap";
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let (gens, empty, e) = mirrored_pair(b, s, occ);
        unmirror(b, vertical2(b, gens, empty))
            | ks(Direction::East, s, e)
            | ks(Direction::West, s, e)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let (gens, empty, _) = mirrored_pair(b, s, occ);
        unmirror(b, diagonal2(b, gens, empty))
    }
    /// One mirror and one unmirror for all six vertical and diagonal directions.
    #[inline(always)]
    fn queens<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let (gens, empty, e) = mirrored_pair(b, s, occ);
        let v = b.u64x2_or(vertical2(b, gens, empty), diagonal2(b, gens, empty));
        unmirror(b, v) | ks(Direction::East, s, e) | ks(Direction::West, s, e)
    }
}

/// Occluded Kogge-Stone with four directions per 256-bit register (rook: N, E, S, W; bishop:
/// NE, NW, SE, SW; queen: both), per-lane variable shifts (VPSLLVQ / VPSRLVQ). Needs 256-bit
/// vectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStoneX4;

impl SetwiseVariant for KoggeStoneX4 {
    const NAME: &'static str = "kogge_stone_x4";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        ks4(b, s, !(occ | s), ROOK_L, ROOK_R, ROOK_LAND)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        ks4(b, s, !(occ | s), BISHOP_L, BISHOP_R, BISHOP_LAND)
    }
}

/// Occluded Kogge-Stone with all eight directions in one 512-bit register (queen); rook and
/// bishop as [`KoggeStoneX4`]. Needs 512-bit vectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStoneX8;

impl SetwiseVariant for KoggeStoneX8 {
    const NAME: &'static str = "kogge_stone_x8";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStoneX4::rooks(b, s, occ)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStoneX4::bishops(b, s, occ)
    }
    #[inline(always)]
    fn queens<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let land = b.u64x8_from_array([!0, NOT_A, !0, NOT_H, NOT_A, NOT_H, NOT_A, NOT_H]);
        let l = [8, 1, 64, 64, 9, 7, 64, 64];
        let r = [64, 64, 8, 1, 64, 64, 7, 9];
        let step = |x: B::U64x8, k: u64| {
            let lk = b.u64x8_from_array(l.map(|c: u64| if c == 64 { 64 } else { c * k }));
            let rk = b.u64x8_from_array(r.map(|c: u64| if c == 64 { 64 } else { c * k }));
            b.u64x8_or(b.u64x8_shlv(x, lk), b.u64x8_shrv(x, rk))
        };
        let mut g = b.u64x8_splat(s);
        let mut p = b.u64x8_and(b.u64x8_splat(!(occ | s)), land);
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 1)));
        p = b.u64x8_and(p, step(p, 1));
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 2)));
        p = b.u64x8_and(p, step(p, 2));
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 4)));
        b.u64x8_hor(b.u64x8_and(step(g, 1), land))
    }
}

/// Set-wise rook attacks with the default variant of `B` ([`KoggeStone`] on every backend,
/// chosen by measurement: docs/kernels/setwise.md).
#[inline(always)]
pub fn rooks<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    KoggeStone::rooks(b, sliders, occupied)
}

/// Set-wise bishop attacks with the default variant of `B` ([`KoggeStone`] on every backend).
#[inline(always)]
pub fn bishops<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    KoggeStone::bishops(b, sliders, occupied)
}

/// The per-backend default table of [`queens`], written once and read by it and by
/// [`default_queens_name`]: `V` names the variant type of `$isa` inside `$e`. The match is
/// exhaustive, so a new backend token does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        match $isa {
            Isa::Sse2 | Isa::Ssse3 => {
                type $V = KoggeStoneBswap;
                $e
            }
            Isa::Scalar | Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi | Isa::Neon | Isa::Wasm128 => {
                type $V = KoggeStone;
                $e
            }
        }
    };
}

/// Set-wise queen attacks with the default variant of `B`: [`KoggeStoneBswap`] on Sse2 and
/// Ssse3 (the same throughput as [`KoggeStone`] there and about half its latency),
/// [`KoggeStone`] elsewhere ([`default_queens_name`]).
#[inline(always)]
pub fn queens<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    default_variant!(B::ISA, |V| V::queens(b, sliders, occupied))
}

/// Name of the variant [`queens`] uses on `isa` ([`rooks`] and [`bishops`] use `kogge_stone`
/// everywhere).
#[must_use]
pub const fn default_queens_name(isa: Isa) -> &'static str {
    default_variant!(isa, |V| V::NAME)
}
