//! Slider attacks on typed values that pick the backend by themselves: the default kernel of
//! [`sliders`](crate::sliders) through [`bb_simd::auto!`] (a constant token when the build's
//! target features prove the best backend, else the cached run-time choice). Inside a
//! [`specialize!`](bb_simd::specialize!)d search, call the token forms instead
//! ([`rook_attacks_with`], or [`sliders::rook`](crate::sliders::rook) on raw `u64`s), which
//! inline.
//!
//! ```
//! use bb_chess::{Bitboard, Square, queen_attacks, rook_attacks};
//! let occ = Bitboard(Square::D6.bit() | Square::F4.bit());
//! assert!(rook_attacks(Square::D4, occ).contains(Square::D6));
//! assert!(!rook_attacks(Square::D4, occ).contains(Square::D7));
//! assert_eq!(queen_attacks(Square::A1, Bitboard(0)).0, 0x8141_2111_0905_03fe);
//! ```

use bb_core::{Bitboard, Square};
use bb_simd::Backend;

macro_rules! typed_slider {
    ($auto:ident, $with:ident, $kernel:ident, $what:literal) => {
        #[doc = concat!($what, " attacks from `sq` with blockers `occ`, on the best backend.")]
        #[must_use]
        #[inline(always)]
        pub fn $auto(sq: Square, occ: Bitboard) -> Bitboard {
            let occ = occ.0;
            Bitboard(bb_simd::auto!(move |b| crate::sliders::$kernel(b, sq, occ)))
        }

        #[doc = concat!("[`", stringify!($auto), "`] with backend `b`.")]
        #[must_use]
        #[inline(always)]
        pub fn $with<B: Backend>(b: B, sq: Square, occ: Bitboard) -> Bitboard {
            Bitboard(crate::sliders::$kernel(b, sq, occ.0))
        }
    };
}

typed_slider!(rook_attacks, rook_attacks_with, rook, "Rook");
typed_slider!(bishop_attacks, bishop_attacks_with, bishop, "Bishop");
typed_slider!(queen_attacks, queen_attacks_with, queen, "Queen");
