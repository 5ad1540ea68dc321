//! Internal macros shared by the backends.

/// Reinterprets plain vector data of the same size (checked at compile time by `transmute`).
macro_rules! bits {
    ($e:expr) => {{
        #[allow(clippy::useless_transmute, clippy::missing_transmute_annotations)]
        // SAFETY: every type used here (integer arrays and `core::arch` integer vectors) is plain
        // data of the same size for which every bit pattern is valid; `transmute` checks the size.
        let r = unsafe { core::mem::transmute($e) };
        r
    }};
}

/// Helper functions written one line each where the body is short. Every one is `pub(crate)`;
/// `"features"; fns` makes them `#[inline]` with `#[target_feature(enable = "features")]`, so
/// that a caller needs the token that proves those features, and `[attributes] fns` gives them
/// those attributes instead.
macro_rules! helpers {
    ($features:literal; $($fns:tt)*) => {
        helpers!(@each [#[inline] #[target_feature(enable = $features)]] $($fns)*);
    };
    ([$($attr:tt)*] $($fns:tt)*) => {
        helpers!(@each [$($attr)*] $($fns)*);
    };
    (@each $attrs:tt $(
        $(#[$m:meta])* fn $name:ident $(<$(const $c:ident: $ct:ty),+>)? ($($a:tt)*) -> $r:ty $body:block
    )*) => {$(
        helpers!(@one $attrs $(#[$m])* fn $name $(<$(const $c: $ct),+>)? ($($a)*) -> $r $body);
    )*};
    (@one [$($attr:tt)*] $(#[$m:meta])* fn $($item:tt)*) => {
        $(#[$m])* $($attr)* pub(crate) fn $($item)*
    };
}

/// Trait methods that call a helper or an intrinsic with their own arguments and nothing else,
/// one line each: `fn op(args) -> T = path;` is `#[inline(always)] fn op(self, args) -> T`
/// whose body is `$safe! { path(args) }` (`$safe` is the token's unsafe block). A
/// `<const N: _>` parameter is passed on as `path::<N>`. With `each K` or `from_fn` the arguments
/// and the result are arrays of registers and `path` is called on each register: `each K` writes
/// the `K` calls out, `from_fn` builds the array with `core::array::from_fn`. The two compute the
/// same, but LLVM can allocate the registers of a large kernel differently for them (the Sse2
/// and Ssse3 builds of `bb` differ), so each token names the form it is measured with.
macro_rules! forward {
    ($safe:ident; $(
        fn $name:ident $(<const $c:ident: $ct:ty>)? ($($a:ident: $t:ty),*) -> $r:ty = $($f:ident)::+;
    )*) => {$(
        #[inline(always)]
        fn $name $(<const $c: $ct>)? (self, $($a: $t),*) -> $r {
            $safe! { $($f)::+ $(::<$c>)? ($($a),*) }
        }
    )*};
    ($safe:ident, each 2; $(
        fn $name:ident ($($a:ident: $t:ty),*) -> $r:ty = $($f:ident)::+;
    )*) => {$(
        #[inline(always)]
        fn $name(self, $($a: $t),*) -> $r {
            $safe! { [$($f)::+($($a[0]),*), $($f)::+($($a[1]),*)] }
        }
    )*};
    ($safe:ident, from_fn; $(
        fn $name:ident ($($a:ident: $t:ty),*) -> $r:ty = $($f:ident)::+;
    )*) => {$(
        #[inline(always)]
        fn $name(self, $($a: $t),*) -> $r {
            $safe! { core::array::from_fn(|i| $($f)::+($($a[i]),*)) }
        }
    )*};
    ($safe:ident, each 4; $(
        fn $name:ident ($($a:ident: $t:ty),*) -> $r:ty = $($f:ident)::+;
    )*) => {$(
        #[inline(always)]
        fn $name(self, $($a: $t),*) -> $r {
            $safe! {
                [
                    $($f)::+($($a[0]),*),
                    $($f)::+($($a[1]),*),
                    $($f)::+($($a[2]),*),
                    $($f)::+($($a[3]),*),
                ]
            }
        }
    )*};
}

/// The casts between vector types of the same size: `casts!(a => a)` where they are the same
/// registers (x86: `U64x4` and `U8x32` are both `__m256i`, ...), `casts!(a => bits!(a))` where
/// they are different types of the same bits.
macro_rules! casts {
    ($a:ident => $e:expr) => {
        casts!(@ $a => $e;
            u64x2_as_u8x16: U64x2 => U8x16, u8x16_as_u64x2: U8x16 => U64x2,
            u64x4_as_u8x32: U64x4 => U8x32, u8x32_as_u64x4: U8x32 => U64x4,
            u64x8_as_u8x64: U64x8 => U8x64, u8x64_as_u64x8: U8x64 => U64x8,
            u8x64_as_u16x32: U8x64 => U16x32, u16x32_as_u8x64: U16x32 => U8x64,
            u64x8_as_u16x32: U64x8 => U16x32, u16x32_as_u64x8: U16x32 => U64x8);
    };
    (@ $a:ident => $e:expr; $($f:ident: $A:ident => $B:ident),*) => {$(
        #[inline(always)]
        fn $f(self, $a: Self::$A) -> Self::$B {
            $e
        }
    )*};
}

/// Array conversions by reinterpretation (lane `i` is element `i`); wasm builds its `u64x2` from
/// the two lanes.
macro_rules! array_convs {
    () => {
        array_convs!(@ u64x2_from_array, u64x2_to_array: [u64; 2] => U64x2);
        array_convs!(except u64x2);
    };
    (except u64x2) => {
        array_convs!(@
            u64x4_from_array, u64x4_to_array: [u64; 4] => U64x4,
            u64x8_from_array, u64x8_to_array: [u64; 8] => U64x8,
            u8x16_from_array, u8x16_to_array: [u8; 16] => U8x16,
            u8x32_from_array, u8x32_to_array: [u8; 32] => U8x32,
            u8x64_from_array, u8x64_to_array: [u8; 64] => U8x64,
            u16x32_from_array, u16x32_to_array: [u16; 32] => U16x32);
    };
    (@ $($from:ident, $to:ident: $arr:ty => $V:ident),*) => {$(
        #[inline(always)]
        fn $from(self, a: $arr) -> Self::$V {
            bits!(a)
        }
        #[inline(always)]
        fn $to(self, a: Self::$V) -> $arr {
            bits!(a)
        }
    )*};
}

/// Wide ops as the same narrow op on each part (`type Wide = [Narrow; K]`).
macro_rules! split_unary {
    ($W:ident; $($f:ident => $g:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $f(self, a: Self::$W) -> Self::$W {
            a.map(|x| self.$g(x))
        }
    )*};
}
macro_rules! split_binary {
    ($W:ident; $($f:ident => $g:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $f(self, a: Self::$W, b: Self::$W) -> Self::$W {
            core::array::from_fn(|i| self.$g(a[i], b[i]))
        }
    )*};
}
macro_rules! split_shift {
    ($W:ident; $($f:ident => $g:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $f<const N: u32>(self, a: Self::$W) -> Self::$W {
            a.map(|x| self.$g::<N>(x))
        }
    )*};
}
/// Binary op to a bit mask: part `i`'s mask lands at bit `BITS * i`.
macro_rules! split_mask2 {
    ($W:ident, $M:ty, $bits:literal; $($f:ident => $g:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $f(self, a: Self::$W, b: Self::$W) -> $M {
            let mut m: $M = 0;
            for i in 0..a.len() {
                m |= (self.$g(a[i], b[i]) as $M) << ($bits * i);
            }
            m
        }
    )*};
}
macro_rules! split_mask1 {
    ($W:ident, $M:ty, $bits:literal; $($f:ident => $g:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $f(self, a: Self::$W) -> $M {
            let mut m: $M = 0;
            for i in 0..a.len() {
                m |= (self.$g(a[i]) as $M) << ($bits * i);
            }
            m
        }
    )*};
}

/// The whole set of u64x4/u64x8 (or just u64x8) ops as maps over the next narrower u64 type.
macro_rules! split_u64 {
    ($W:ident, $n:ident, $nb:literal;
     $and:ident, $or:ident, $xor:ident, $andnot:ident, $not:ident, $add:ident, $sub:ident,
     $neg:ident, $shl:ident, $shr:ident, $shlv:ident, $shrv:ident, $cmpeq:ident, $min:ident,
     $lzcnt:ident, $bswap:ident, $rbit:ident, $popcnt:ident, $hor:ident, $hadd:ident,
     $nonzero:ident;
     $nand:ident, $nor:ident, $nxor:ident, $nandnot:ident, $nnot:ident, $nadd:ident,
     $nsub:ident, $nneg:ident, $nshl:ident, $nshr:ident, $nshlv:ident, $nshrv:ident,
     $ncmpeq:ident, $nmin:ident, $nlzcnt:ident, $nbswap:ident, $nrbit:ident, $npopcnt:ident,
     $nhor:ident, $nhadd:ident, $nnonzero:ident) => {
        split_binary!($W; $and => $nand, $or => $nor, $xor => $nxor, $andnot => $nandnot,
            $add => $nadd, $sub => $nsub, $shlv => $nshlv, $shrv => $nshrv, $cmpeq => $ncmpeq,
            $min => $nmin);
        split_unary!($W; $not => $nnot, $neg => $nneg, $lzcnt => $nlzcnt, $bswap => $nbswap,
            $rbit => $nrbit, $popcnt => $npopcnt);
        split_shift!($W; $shl => $nshl, $shr => $nshr);
        split_mask1!($W, u8, $nb; $nonzero => $nnonzero);
        #[inline(always)]
        fn $hor(self, a: Self::$W) -> u64 {
            let mut acc = a[0];
            for x in &a[1..] {
                acc = self.$nor(acc, *x);
            }
            self.$nhor(acc)
        }
        #[inline(always)]
        fn $hadd(self, a: Self::$W) -> u64 {
            let mut acc = a[0];
            for x in &a[1..] {
                acc = self.$nadd(acc, *x);
            }
            self.$nhadd(acc)
        }
    };
}

/// u64x4 as two u64x2 parts. Here and in the two u64x8 forms, `split` and `join` only take the
/// array of parts apart or put it together.
macro_rules! split_u64x4 {
    () => {
        #[inline(always)]
        fn u64x4_split(self, a: Self::U64x4) -> (Self::U64x2, Self::U64x2) {
            (a[0], a[1])
        }
        #[inline(always)]
        fn u64x4_join(self, lo: Self::U64x2, hi: Self::U64x2) -> Self::U64x4 {
            [lo, hi]
        }
        split_u64!(U64x4, u64x2, 2;
            u64x4_and, u64x4_or, u64x4_xor, u64x4_andnot, u64x4_not, u64x4_add, u64x4_sub,
            u64x4_neg, u64x4_shl, u64x4_shr, u64x4_shlv, u64x4_shrv, u64x4_cmpeq, u64x4_min,
            u64x4_lzcnt, u64x4_bswap, u64x4_rbit, u64x4_popcnt, u64x4_hor, u64x4_hadd,
            u64x4_nonzero_mask;
            u64x2_and, u64x2_or, u64x2_xor, u64x2_andnot, u64x2_not, u64x2_add, u64x2_sub,
            u64x2_neg, u64x2_shl, u64x2_shr, u64x2_shlv, u64x2_shrv, u64x2_cmpeq, u64x2_min,
            u64x2_lzcnt, u64x2_bswap, u64x2_rbit, u64x2_popcnt, u64x2_hor, u64x2_hadd,
            u64x2_nonzero_mask);
    };
}
#[allow(unused_macros)]
macro_rules! split_u64x8 {
    () => {
        #[inline(always)]
        fn u64x8_split(self, a: Self::U64x8) -> (Self::U64x4, Self::U64x4) {
            (a[0], a[1])
        }
        #[inline(always)]
        fn u64x8_join(self, lo: Self::U64x4, hi: Self::U64x4) -> Self::U64x8 {
            [lo, hi]
        }
        split_u64!(U64x8, u64x4, 4;
            u64x8_and, u64x8_or, u64x8_xor, u64x8_andnot, u64x8_not, u64x8_add, u64x8_sub,
            u64x8_neg, u64x8_shl, u64x8_shr, u64x8_shlv, u64x8_shrv, u64x8_cmpeq, u64x8_min,
            u64x8_lzcnt, u64x8_bswap, u64x8_rbit, u64x8_popcnt, u64x8_hor, u64x8_hadd,
            u64x8_nonzero_mask;
            u64x4_and, u64x4_or, u64x4_xor, u64x4_andnot, u64x4_not, u64x4_add, u64x4_sub,
            u64x4_neg, u64x4_shl, u64x4_shr, u64x4_shlv, u64x4_shrv, u64x4_cmpeq, u64x4_min,
            u64x4_lzcnt, u64x4_bswap, u64x4_rbit, u64x4_popcnt, u64x4_hor, u64x4_hadd,
            u64x4_nonzero_mask);
    };
}
/// u64x8 as four u64x2 parts (128-bit backends).
macro_rules! split_u64x8_by2 {
    () => {
        #[inline(always)]
        fn u64x8_split(self, a: Self::U64x8) -> (Self::U64x4, Self::U64x4) {
            ([a[0], a[1]], [a[2], a[3]])
        }
        #[inline(always)]
        fn u64x8_join(self, lo: Self::U64x4, hi: Self::U64x4) -> Self::U64x8 {
            [lo[0], lo[1], hi[0], hi[1]]
        }
        split_u64!(U64x8, u64x2, 2;
            u64x8_and, u64x8_or, u64x8_xor, u64x8_andnot, u64x8_not, u64x8_add, u64x8_sub,
            u64x8_neg, u64x8_shl, u64x8_shr, u64x8_shlv, u64x8_shrv, u64x8_cmpeq, u64x8_min,
            u64x8_lzcnt, u64x8_bswap, u64x8_rbit, u64x8_popcnt, u64x8_hor, u64x8_hadd,
            u64x8_nonzero_mask;
            u64x2_and, u64x2_or, u64x2_xor, u64x2_andnot, u64x2_not, u64x2_add, u64x2_sub,
            u64x2_neg, u64x2_shl, u64x2_shr, u64x2_shlv, u64x2_shrv, u64x2_cmpeq, u64x2_min,
            u64x2_lzcnt, u64x2_bswap, u64x2_rbit, u64x2_popcnt, u64x2_hor, u64x2_hadd,
            u64x2_nonzero_mask);
    };
}

/// Byte ops of a wide u8 type as maps over a narrower one.
macro_rules! split_u8 {
    ($W:ident, $M:ty, $nbits:literal, $S:ident;
     $and:ident, $or:ident, $xor:ident, $andnot:ident, $add:ident, $sub:ident, $min:ident,
     $max:ident, $cmpeq:ident, $test:ident, $movemask:ident, $shuffle:ident, $sad:ident;
     $nand:ident, $nor:ident, $nxor:ident, $nandnot:ident, $nadd:ident, $nsub:ident,
     $nmin:ident, $nmax:ident, $ncmpeq:ident, $ntest:ident, $nmovemask:ident,
     $nshuffle:ident, $nsad:ident) => {
        split_binary!($W; $and => $nand, $or => $nor, $xor => $nxor, $andnot => $nandnot,
            $add => $nadd, $sub => $nsub, $min => $nmin, $max => $nmax, $shuffle => $nshuffle);
        split_mask2!($W, $M, $nbits; $cmpeq => $ncmpeq, $test => $ntest);
        split_mask1!($W, $M, $nbits; $movemask => $nmovemask);
        #[inline(always)]
        fn $sad(self, a: Self::$W, b: Self::$W) -> Self::$S {
            core::array::from_fn(|i| self.$nsad(a[i], b[i]))
        }
    };
}
macro_rules! split_u8x32 {
    () => {
        split_u8!(U8x32, u32, 16, U64x4;
            u8x32_and, u8x32_or, u8x32_xor, u8x32_andnot, u8x32_add, u8x32_sub, u8x32_min,
            u8x32_max, u8x32_cmpeq, u8x32_test, u8x32_movemask, u8x32_shuffle, u8x32_sad;
            u8x16_and, u8x16_or, u8x16_xor, u8x16_andnot, u8x16_add, u8x16_sub, u8x16_min,
            u8x16_max, u8x16_cmpeq, u8x16_test, u8x16_movemask, u8x16_shuffle, u8x16_sad);
    };
}
macro_rules! split_u8x64_by16 {
    () => {
        split_u8!(U8x64, u64, 16, U64x8;
            u8x64_and, u8x64_or, u8x64_xor, u8x64_andnot, u8x64_add, u8x64_sub, u8x64_min,
            u8x64_max, u8x64_cmpeq, u8x64_test, u8x64_movemask, u8x64_shuffle, u8x64_sad;
            u8x16_and, u8x16_or, u8x16_xor, u8x16_andnot, u8x16_add, u8x16_sub, u8x16_min,
            u8x16_max, u8x16_cmpeq, u8x16_test, u8x16_movemask, u8x16_shuffle, u8x16_sad);
    };
}
#[allow(unused_macros)]
macro_rules! split_u8x64_by32 {
    () => {
        split_u8!(U8x64, u64, 32, U64x8;
            u8x64_and, u8x64_or, u8x64_xor, u8x64_andnot, u8x64_add, u8x64_sub, u8x64_min,
            u8x64_max, u8x64_cmpeq, u8x64_test, u8x64_movemask, u8x64_shuffle, u8x64_sad;
            u8x32_and, u8x32_or, u8x32_xor, u8x32_andnot, u8x32_add, u8x32_sub, u8x32_min,
            u8x32_max, u8x32_cmpeq, u8x32_test, u8x32_movemask, u8x32_shuffle, u8x32_sad);
    };
}
