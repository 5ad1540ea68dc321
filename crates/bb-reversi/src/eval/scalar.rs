//! The scalar variants: Edax's per-square coefficient lists (`EVAL_X2F`, one 16-bit lane per
//! pattern through the square) and its SWAR form (`VECTOR_EVAL_UPDATE`, the whole delta vector
//! added as twelve 64-bit words).

use super::tables::{ALL_ONES, DELTA, TERM_COUNT, TERMS, WORDS};
use super::{FeatureVariant, Features, Mover};
use bb_core::Square;
use bb_simd::Backend;

/// Per-square lists of (lane, place value): 4 to 7 lane updates per square.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct PerSquare;
/// Twelve 64-bit word additions per square (no lane ever carries into the next).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Swar;

/// `words += k * delta(sq)` through the per-square lists.
#[inline(always)]
fn add_terms(words: &mut [u64; WORDS], sq: usize, k: u64) {
    let terms = &TERMS[sq & 63];
    for t in terms.iter().take(usize::from(TERM_COUNT[sq & 63])) {
        let w = &mut words[usize::from(t.word) % WORDS];
        *w = w.wrapping_add(t.value.wrapping_mul(k));
    }
}

/// `words += k * DELTA[sq]` word by word.
#[inline(always)]
fn add_delta(words: &mut [u64; WORDS], sq: usize, k: u64) {
    let d = &DELTA.0[sq & 63];
    for (w, d) in words.iter_mut().zip(d) {
        *w = w.wrapping_add(d.wrapping_mul(k));
    }
}

/// `set` and `update` over one per-square addition `add(words, square, multiplier)`; the
/// multipliers are 1 and `u64::MAX` (-1) or `-2` in wrapping arithmetic.
macro_rules! scalar_variant {
    ($name:ident, $s:literal, $add:ident) => {
        impl FeatureVariant for $name {
            const NAME: &'static str = $s;
            #[inline(always)]
            fn set<B: Backend>(_: B, p: u64, o: u64) -> Features {
                let mut words = ALL_ONES.0;
                let mut x = p;
                while x != 0 {
                    $add(&mut words, x.trailing_zeros() as usize, MINUS_ONE);
                    x &= x - 1;
                }
                let mut x = !(p | o);
                while x != 0 {
                    $add(&mut words, x.trailing_zeros() as usize, 1);
                    x &= x - 1;
                }
                Features { words }
            }
            #[inline(always)]
            fn update<B: Backend>(
                _: B,
                f: &Features,
                sq: Square,
                flipped: u64,
                mover: Mover,
            ) -> Features {
                let mut words = f.words;
                let (played, each) = match mover {
                    Mover::Zero => (MINUS_TWO, MINUS_ONE),
                    Mover::One => (MINUS_ONE, 1),
                };
                $add(&mut words, sq.index(), played);
                let mut x = flipped;
                while x != 0 {
                    $add(&mut words, x.trailing_zeros() as usize, each);
                    x &= x - 1;
                }
                Features { words }
            }
        }
    };
}

/// -1 and -2 as wrapping multipliers.
const MINUS_ONE: u64 = u64::MAX;
const MINUS_TWO: u64 = u64::MAX - 1;

scalar_variant!(PerSquare, "per_square", add_terms);
scalar_variant!(Swar, "swar", add_delta);
