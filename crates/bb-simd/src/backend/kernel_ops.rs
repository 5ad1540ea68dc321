//! The kernel-shaped operations of [`Backend`](super::Backend): each is a step of one kernel
//! rather than an instruction of a lane width, and exists so that a token can do that step in
//! fewer instructions (or a shorter dependent chain) than the general operations it is
//! written with, which are its default implementation.
//!
//! | operation | kernel | what the token does better |
//! | --- | --- | --- |
//! | `u64x4_opaque` | reversi flip (AVX2), mobility (lane pairs) | keeps LLVM from undoing a broadcast-folded load |
//! | `u64x4_hor_short` | reversi flip (AVX2), mobility (lane pairs) | the lane OR in general registers: a shorter chain |
//! | `u64x4_and3` | reversi mobility | one VPTERNLOGQ on AVX-512 |
//! | `u64x4_or_and_if_any` | reversi flip (AVX-512) | VPTESTMQ and one masked VPTERNLOGQ |
//! | `dot_u8i8`, `dot_u8i8_sat16` | byte dot product (`primitives::dot`) | the ISA's multiply-add sequence |
//! | `gather_sum_i16x48` | reversi pattern evaluation's weighted sum | six VPGATHERDDs on the AVX2 and AVX-512 tokens |
//!
//! A new operation belongs here when it is written for one kernel; one that is an instruction
//! of a lane width (whoever uses it) belongs with the general operations in `mod.rs`.

/// The kernel-shaped default methods, expanded at the end of the [`Backend`](super::Backend)
/// trait.
macro_rules! kernel_shaped_ops {
    () => {
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

        /// Exact dot product of 64 unsigned features with 64 signed weights, in i32.
        /// See [`primitives::dot::Exact`](crate::primitives::dot::Exact).
        #[inline(always)]
        fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $crate::emu::dot_u8i8(features, weights)
        }
        /// The sum over the 48 lanes `k` of `table[pos(k)]`, where `pos(k)` is
        /// `base + starts[k] + 2 * lane(k)` in wrapping `u32` arithmetic and `lane(k)` is the
        /// 16-bit lane `k` of `lanes` (bits `16 * (k % 4)..` of word `k / 4`), the layout of a
        /// pattern evaluation's features over tables of two interleaved plies. A vector gather
        /// reads each element with the next, so the last element is never read: a position
        /// past `table.len() - 2` (or past `i32::MAX - 1`) reads the element there, and a table
        /// of fewer than two elements sums to 0. A caller that wants such lanes to add nothing
        /// ends its table with two zeros.
        ///
        /// The AVX2 and AVX-512 tokens gather eight weights an instruction (VPGATHERDD), the
        /// others load them one by one. In a loop of independent sums whose weights miss the
        /// caches the gathers leave fewer instructions per sum in flight, so more sums overlap.
        ///
        /// ```
        /// use bb_simd::{Backend, Scalar};
        /// let table = [10i16, -3, 7, 0, 0];
        /// let mut starts = [3; 48]; // lanes that read the zero at 3
        /// starts[0] = 0;
        /// starts[1] = 0;
        /// let mut lanes = [0u64; 12];
        /// lanes[0] = 1 << 16; // lane 1 is 1: position 0 + 0 + 2
        /// lanes[11] = 7 << 48; // lane 47 is 7: position 3 + 14, clamped to 3
        /// // table[0] + table[2]
        /// assert_eq!(Scalar.gather_sum_i16x48(&table, 0, &starts, &lanes), 17);
        /// ```
        #[inline(always)]
        fn gather_sum_i16x48(
            self,
            table: &[i16],
            base: u32,
            starts: &[u32; 48],
            lanes: &[u64; 12],
        ) -> i32 {
            $crate::emu::gather_sum_i16x48(table, base, starts, lanes)
        }

        /// The SSSE3 page's 16-bit saturating dot product (PMADDUBSW, PADDSW, PHADDSW), bit-exact on
        /// every backend. See [`primitives::dot::Sat16`](crate::primitives::dot::Sat16).
        #[inline(always)]
        fn dot_u8i8_sat16(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $crate::emu::dot_u8i8_sat16(features, weights)
        }
    };
}
