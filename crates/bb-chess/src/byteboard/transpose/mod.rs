//! Mailbox <-> bitboards transposition (87flowers' *mailbox/bitboard transposition*): 64 [`Place`]
//! bytes become eight bitboards (six piece kinds, two colours) and back.
//!
//! The bitboards are in the order of [`Bitboards`]: pawn, knight, bishop, rook, queen, king
//! (indexed by [`Piece::index`](crate::Piece::index)), then white, black. A one-hot byte per
//! square (bit `p` for the piece kind, bit `6 + colour`) is an 8 x 8 bit matrix per rank; the
//! transposition of that matrix is exactly the eight bitboards.
//!
//! Every technique is a public zero-sized type implementing [`TransposeVariant`]; the kernel
//! declaration [`Transpose`] lists them for the tests and benchmarks, and [`to_bitboards`] /
//! [`from_bitboards`] use each backend's default.
//!
//! | type | `NAME` | idea |
//! |---|---|---|
//! | [`SquareLoop`] | `scalar` | a loop over the 64 squares |
//! | [`Movemask`] | `movemask` | PSHUFB one-hot lookup on 32-byte halves, eight shift + PMOVMSKB pairs (AVX2) |
//! | [`Gfni`] | `gfni` | PSHUFB one-hot, byte reverse, GF2P8AFFINEQB 8x8 bit transpose per rank, VPERMB (Avx512Vbmi) |
//!
//! ```
//! use bb_chess::byteboard::{Place, transpose};
//! use bb_chess::{Color, Piece};
//! use bb_core::Square;
//! let mut mailbox = [Place::EMPTY; 64];
//! mailbox[Square::E1.index()] = Place::new(Color::White, Piece::King, 0);
//! mailbox[Square::D8.index()] = Place::new(Color::Black, Piece::Queen, 3);
//! let bbs = bb_simd::dispatch!(|b| transpose::to_bitboards(b, &mailbox));
//! assert_eq!(bbs.pieces(Color::Black, Piece::Queen), Square::D8.bit());
//! assert_eq!(bbs.colors(), [Square::E1.bit(), Square::D8.bit()]);
//! ```

use super::Place;
use bb_simd::{Backend, Isa};

mod bitboards;
mod gfni;
mod movemask;
mod one_hot;
mod scalar;

pub use bitboards::Bitboards;
pub use gfni::Gfni;
pub use movemask::Movemask;
pub use scalar::{SquareLoop, from_bitboards_scalar};

/// A transposition technique.
///
/// ```
/// use bb_chess::byteboard::transpose::{Movemask, SquareLoop, TransposeVariant};
/// use bb_simd::Scalar;
/// let raw = [0x21u8; 64]; // a white pawn with id 1 on every square
/// let bbs = Movemask::to_bitboards(Scalar, &raw);
/// assert_eq!(bbs, SquareLoop::to_bitboards(Scalar, &raw));
/// assert_eq!(bbs.0[0], !0);
/// assert_eq!(Movemask::from_bitboards(Scalar, &bbs), [0x20; 64]);
/// ```
pub trait TransposeVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench` (e.g. `"movemask"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Raw mailbox bytes ([`Place::0`](Place)) -> the eight bitboards.
    fn to_bitboards<B: Backend>(b: B, raw: &[u8; 64]) -> Bitboards;
    /// The inverse: bitboards -> place codes with piece ids 0. Overlapping bitboards give
    /// unspecified (but panic-free) bytes. A variant without a vector inverse uses the square
    /// loop.
    #[inline(always)]
    fn from_bitboards<B: Backend>(_b: B, bbs: &Bitboards) -> [u8; 64] {
        from_bitboards_scalar(bbs)
    }
}

/// The transposition kernel: input 64 raw mailbox bytes, output the eight bitboards; every
/// [`TransposeVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
///
/// ```
/// use bb_chess::byteboard::transpose::Transpose;
/// assert_eq!(bb_simd::kernel::variant_names::<Transpose>(), ["scalar", "movemask", "gfni"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Transpose;

bb_simd::kernel! {
    Transpose: TransposeVariant {
        name: "transpose",
        input: [u8; 64],
        output: Bitboards,
        reference(raw) { reference(raw) }
        // Every byte, so that the compiler folds it into vector XORs.
        chain(raw, z) { raw.map(|p| p ^ z as u8) }
        fold(bbs) { bbs.0.iter().fold(0u64, |h, &x| h.rotate_left(9) ^ x) }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, raw) { V::to_bitboards(b, raw) }
        variants [SquareLoop, Movemask, Gfni]
    }
}

/// The definition, square by square through [`Place::piece`] and [`Place::color`] (the
/// kernel's oracle).
fn reference(raw: &[u8; 64]) -> Bitboards {
    let mut out = Bitboards::default();
    for (sq, &p) in raw.iter().enumerate() {
        let place = Place(p);
        if let Some(piece) = place.piece() {
            out.0[piece.index()] |= 1 << sq;
            out.0[6 + place.color().index()] |= 1 << sq;
        }
    }
    out
}

/// The per-backend default table, read by [`to_bitboards`], [`from_bitboards`] and
/// [`default_name`]: `V` names the variant type of `$isa` inside `$e`. Exhaustive, so a new
/// backend token does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            // No native byte shuffle, or only 128-bit vectors (the 32-byte halves emulated).
            Isa::Scalar | Isa::Sse2 | Isa::Ssse3 | Isa::Neon | Isa::Wasm128 => SquareLoop,
            Isa::Avx2 | Isa::Avx512 => Movemask,
            // GFNI and VBMI
            Isa::Avx512Vbmi => Gfni,
        })
    };
}

/// Mailbox -> bitboards with the default variant of `B`.
#[inline(always)]
pub fn to_bitboards<B: Backend>(b: B, mailbox: &[Place; 64]) -> Bitboards {
    let raw: [u8; 64] = mailbox.map(|p| p.0);
    default_variant!(B::ISA, |V| V::to_bitboards(b, &raw))
}

/// Bitboards -> mailbox of place codes (piece ids 0) with the default variant of `B`.
/// Overlapping bitboards give unspecified (but panic-free) bytes.
///
/// ```
/// use bb_chess::byteboard::{Place, transpose};
/// use bb_chess::{Color, Piece};
/// let mut mailbox = [Place::EMPTY; 64];
/// mailbox[4] = Place::new(Color::White, Piece::King, 0);
/// let back = bb_simd::dispatch!(|b| {
///     transpose::from_bitboards(b, &transpose::to_bitboards(b, &mailbox))
/// });
/// assert_eq!(back, mailbox);
/// ```
#[inline(always)]
pub fn from_bitboards<B: Backend>(b: B, bbs: &Bitboards) -> [Place; 64] {
    default_variant!(B::ISA, |V| V::from_bitboards(b, bbs)).map(Place)
}

/// The name of the variant [`to_bitboards`] uses on backends of instruction set `isa`; `fast_pext`
/// (whether PEXT is fast there) does not change the choice.
///
/// ```
/// use bb_chess::byteboard::transpose::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2, true), "movemask");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}
