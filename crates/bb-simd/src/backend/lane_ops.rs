//! The macros that write the [`Backend`](super::Backend) trait's per-width families of lane
//! operations (`u64x2_*`, `u64x4_*`, ..., `u8x64_*`) once for every width, with their
//! lane-by-lane default implementations.

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
