//! [`specialize!`](crate::specialize!): generic functions, recursive ones included, whose whole
//! body runs with the token's instruction set.

/// Compiles each function's whole body inside [`Backend::vectorize`](crate::Backend::vectorize)
/// of its token, so that a recursive search written generically over `B: Backend` keeps the
/// backend's instructions inlined at every level, not only at the root.
///
/// Write ordinary generic functions inside the macro; the token is the first parameter (after
/// `self`, if any). Every call of such a function, the recursive ones included, runs its body in
/// code compiled for the token's `#[target_feature]`s: the body becomes an `#[inline(always)]`
/// closure that `vectorize` calls, and the thin wrapper left outside is small enough for LLVM to
/// inline into the recursive call site, so recursion stays a direct call between
/// feature-enabled copies. Call the function once with a dispatched token
/// ([`dispatch!`](crate::dispatch!)) and the whole tree runs on that backend.
///
/// Without it, a generic function called recursively from inside `dispatch!` is compiled
/// without the target features (only the closure that `dispatch!` opened has them), and every
/// `#[inline(always)]` backend operation in it becomes an out-of-line call: a recursive Othello
/// perft written that way ran 15-30x slower than the same code on the `Scalar` token. The same
/// goes for a closure inside the body that LLVM does not inline (`array::map` with a large
/// body): write such steps as loops or `#[inline(always)]` functions.
///
/// A free function (no `self`) is also unrolled once: inside its body, its own name is an
/// `#[inline(always)]` copy of the body whose recursive calls go back out to the function, so a
/// recursion makes one real call per two levels instead of one per level. A call costs more
/// than it seems on the AVX backends (callee-saved registers, vector constants reloaded,
/// `vzeroupper` on both sides), and in a search the calls to the parents of the leaves are
/// most of them: a plain recursive Othello perft that bulk-counts its last ply runs level with
/// the library's hand-fused two-ply loop when the depth is even (the parents of the leaves are
/// then the inlined level), and makes half the calls of before at every other level when it is
/// odd. Methods are not unrolled (their recursion is `self.f(..)`, which a name cannot
/// redirect).
///
/// Several functions may share one invocation (a search and its quiescence search), and the
/// macro also works inside `impl` blocks (methods taking `self`, `&self` or `&mut self`).
/// `return` and `?` behave as in an ordinary function; the recursive call may use a turbofish
/// (`perft::<B, K>(..)`) or sit in a closure. Not supported: `const`, `async` and `unsafe`
/// functions.
///
/// When the token is not a parameter but reachable from one (a search struct that stores it),
/// name it first: `specialize! { token = self.b; fn deep(&mut self, ...) -> i32 { ... } }`.
/// Name it the same way for an associated function without `self` inside an `impl`
/// (`specialize! { token = b; fn f<B: Backend>(b: B, ..) -> u32 { .. Self::f(b, ..) } }`):
/// the unrolled copy is a nested function, which cannot mention `Self`, so such a function is
/// compiled the way a method is.
///
/// ```
/// use bb_simd::{Backend, specialize};
///
/// specialize! {
///     /// Sums the popcounts of `x >> k` for `k` in `0..=depth`, recursively.
///     fn popcounts<B: Backend>(b: B, x: u64, depth: u32) -> u64 {
///         let here = u64::from(b.popcnt(x >> depth));
///         if depth == 0 { return here; }
///         here + popcounts(b, x, depth - 1)
///     }
/// }
///
/// let n = bb_simd::dispatch!(|b| popcounts(b, u64::MAX, 63));
/// assert_eq!(n, (1..=64).sum::<u64>());
/// ```
///
/// Methods work the same way:
///
/// ```
/// use bb_simd::{Backend, specialize};
///
/// struct Counter { calls: u32 }
/// impl Counter {
///     specialize! {
///         fn walk<B: Backend>(&mut self, b: B, x: u64) -> Result<u32, &'static str> {
///             self.calls += 1;
///             if x == 0 { return Ok(self.calls); }
///             if self.calls > 64 { Err("too deep")?; }
///             self.walk(b, x & (x - 1))
///         }
///     }
/// }
///
/// let mut c = Counter { calls: 0 };
/// assert_eq!(bb_simd::dispatch!(|b| c.walk(b, 0b1011)), Ok(4));
/// ```
#[macro_export]
macro_rules! specialize {
    (token = $tok:expr; $($rest:tt)*) => {
        $crate::__specialize_fns! { [$tok] $($rest)* }
    };
    ($($rest:tt)*) => {
        $crate::__specialize_fns! { [] $($rest)* }
    };
}

/// Splits a [`specialize!`] invocation into functions.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_fns {
    ([$($tok:tt)*]) => {};
    ([$($tok:tt)*] $(#[$attr:meta])* $vis:vis fn $name:ident $($rest:tt)*) => {
        $crate::__specialize_sig! { [$($tok)*] [$(#[$attr])* $vis] $name [] $($rest)* }
    };
}

/// Collects the generics of a [`specialize!`] function up to its parameter list.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_sig {
    ($tok:tt $pre:tt $name:ident $gen:tt ($($params:tt)*) $($rest:tt)*) => {
        $crate::__specialize_ret! { $tok $pre $name $gen ($($params)*) $($rest)* }
    };
    ($tok:tt $pre:tt $name:ident [$($gen:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__specialize_sig! { $tok $pre $name [$($gen)* $t] $($rest)* }
    };
}

/// Reads the return type of a [`specialize!`] function.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_ret {
    ([$($tok:tt)*] $pre:tt $name:ident $gen:tt $params:tt -> $ret:ty { $($body:tt)* } $($more:tt)*) => {
        $crate::__specialize_emit! { [$($tok)*] $pre $name $gen $params [$ret] [] { $($body)* } }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $pre:tt $name:ident $gen:tt $params:tt -> $ret:ty where $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $pre $name $gen $params [$ret] [where] $($rest)* }
    };
    ([$($tok:tt)*] $pre:tt $name:ident $gen:tt $params:tt { $($body:tt)* } $($more:tt)*) => {
        $crate::__specialize_emit! { [$($tok)*] $pre $name $gen $params [()] [] { $($body)* } }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $pre:tt $name:ident $gen:tt $params:tt where $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $pre $name $gen $params [()] [where] $($rest)* }
    };
}

/// Collects the `where` clause of a [`specialize!`] function up to its body.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_where {
    (
        [$($tok:tt)*] $pre:tt $name:ident $gen:tt $params:tt [$ret:ty] [$($w:tt)*]
        { $($body:tt)* } $($more:tt)*
    ) => {
        $crate::__specialize_emit! {
            [$($tok)*] $pre $name $gen $params [$ret] [$($w)*] { $($body)* }
        }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $pre:tt $name:ident $gen:tt $params:tt [$ret:ty] [$($w:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $pre $name $gen $params [$ret] [$($w)* $t] $($rest)* }
    };
}

/// Writes one [`specialize!`] function. A method (a `self` parameter or a `token = ...;`) gets
/// its body inside `vectorize` as written; a free function gets it twice (see
/// `__specialize_free!`).
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_emit {
    ([$t:expr] $($rest:tt)*) => {
        $crate::__specialize_method! { [$t] $($rest)* }
    };
    ([] $pre:tt $name:ident $gen:tt (& $($p:tt)*) $($rest:tt)*) => {
        $crate::__specialize_method! { [] $pre $name $gen (& $($p)*) $($rest)* }
    };
    ([] $pre:tt $name:ident $gen:tt (self $($p:tt)*) $($rest:tt)*) => {
        $crate::__specialize_method! { [] $pre $name $gen (self $($p)*) $($rest)* }
    };
    ([] $pre:tt $name:ident $gen:tt (mut self $($p:tt)*) $($rest:tt)*) => {
        $crate::__specialize_method! { [] $pre $name $gen (mut self $($p)*) $($rest)* }
    };
    ([] $($rest:tt)*) => {
        $crate::__specialize_free! { $($rest)* }
    };
}

/// A method: the signature as given, the body inside `vectorize`.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_method {
    (
        [$($tok:tt)*] [$($pre:tt)*] $name:ident [$($gen:tt)*] ($($params:tt)*) [$ret:ty]
        [$($w:tt)*] { $($body:tt)* }
    ) => {
        $($pre)* fn $name $($gen)* ($($params)*) -> $ret $($w)* {
            $crate::Backend::vectorize(
                $crate::__specialize_token!([$($tok)*] $($params)*),
                #[inline(always)]
                move || -> $ret { $($body)* },
            )
        }
    };
}

/// A free function: the body inside `vectorize`, where the function's own name is an
/// `#[inline(always)]` copy of it whose recursive calls go back out to the function. A
/// recursion then makes one call per two levels, and a search whose last level is bulk-counted
/// or evaluated in place makes no call at all for the parents of its leaves when the depth
/// left has the right parity. The copy is a nested item, so it names the function by the
/// name the function has where it is declared; inside an `impl`, write methods (`self`) or
/// name the token with `token = ...;`.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_free {
    (
        [$($pre:tt)*] $name:ident [$($gen:tt)*] ($($params:tt)*) [$ret:ty] [$($w:tt)*]
        { $($body:tt)* }
    ) => {
        $($pre)* fn $name $($gen)* ($($params)*) -> $ret $($w)* {
            #[inline(always)]
            #[allow(dead_code, unused, clippy::too_many_arguments)]
            fn __bb_specialize_level $($gen)* ($($params)*) -> $ret $($w)* { $($body)* }
            $crate::Backend::vectorize(
                $crate::__specialize_token!([] $($params)*),
                #[inline(always)]
                move || -> $ret {
                    #[allow(unused_imports)]
                    use __bb_specialize_level as $name;
                    $($body)*
                },
            )
        }
    };
}

/// The token of a [`specialize!`] function: the one named with `token = ...;`, else the first
/// parameter after `self`.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_token {
    ([$tok:expr] $($params:tt)*) => { $tok };
    ([] & $($lt:lifetime)? mut self, $($rest:tt)*) => { $crate::__specialize_token!([] $($rest)*) };
    ([] & $($lt:lifetime)? self, $($rest:tt)*) => { $crate::__specialize_token!([] $($rest)*) };
    ([] mut self, $($rest:tt)*) => { $crate::__specialize_token!([] $($rest)*) };
    ([] self, $($rest:tt)*) => { $crate::__specialize_token!([] $($rest)*) };
    ([] mut $b:ident : $($rest:tt)*) => { $b };
    ([] $b:ident : $($rest:tt)*) => { $b };
    ([] $($other:tt)*) => {
        ::core::compile_error!(
            "specialize!: the first parameter (after `self`) must be the backend token, `b: B`, \
             or name the token with `token = EXPR;`"
        )
    };
}
