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
/// perft written that way ran 15-30x slower than the same code on the `Scalar` token.
///
/// Several functions may share one invocation (a search and its quiescence search), and the
/// macro also works inside `impl` blocks (methods taking `self`, `&self` or `&mut self`).
/// `return` and `?` behave as in an ordinary function. Not supported: `const`, `async` and
/// `unsafe` functions.
///
/// When the token is not a parameter but reachable from one (a search struct that stores it),
/// name it first: `specialize! { token = self.b; fn deep(&mut self, ...) -> i32 { ... } }`.
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
        $crate::__specialize_sig! { [$($tok)*] [$(#[$attr])* $vis fn $name] $($rest)* }
    };
}

/// Collects the generics of a [`specialize!`] function up to its parameter list.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_sig {
    ($tok:tt [$($head:tt)*] ($($params:tt)*) $($rest:tt)*) => {
        $crate::__specialize_ret! { $tok [$($head)*] ($($params)*) $($rest)* }
    };
    ($tok:tt [$($head:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__specialize_sig! { $tok [$($head)* $t] $($rest)* }
    };
}

/// Reads the return type of a [`specialize!`] function.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_ret {
    ([$($tok:tt)*] $head:tt $params:tt -> $ret:ty { $($body:tt)* } $($more:tt)*) => {
        $crate::__specialize_emit! { [$($tok)*] $head $params [$ret] [] { $($body)* } }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $head:tt $params:tt -> $ret:ty where $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $head $params [$ret] [where] $($rest)* }
    };
    ([$($tok:tt)*] $head:tt $params:tt { $($body:tt)* } $($more:tt)*) => {
        $crate::__specialize_emit! { [$($tok)*] $head $params [()] [] { $($body)* } }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $head:tt $params:tt where $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $head $params [()] [where] $($rest)* }
    };
}

/// Collects the `where` clause of a [`specialize!`] function up to its body.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_where {
    ([$($tok:tt)*] $head:tt $params:tt [$ret:ty] [$($w:tt)*] { $($body:tt)* } $($more:tt)*) => {
        $crate::__specialize_emit! { [$($tok)*] $head $params [$ret] [$($w)*] { $($body)* } }
        $crate::__specialize_fns! { [$($tok)*] $($more)* }
    };
    ($tok:tt $head:tt $params:tt [$ret:ty] [$($w:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__specialize_where! { $tok $head $params [$ret] [$($w)* $t] $($rest)* }
    };
}

/// Writes one [`specialize!`] function: the signature as given, the body inside `vectorize`.
#[doc(hidden)]
#[macro_export]
macro_rules! __specialize_emit {
    ([$($tok:tt)*] [$($head:tt)*] ($($params:tt)*) [$ret:ty] [$($w:tt)*] { $($body:tt)* }) => {
        $($head)* ($($params)*) -> $ret $($w)* {
            $crate::Backend::vectorize(
                $crate::__specialize_token!([$($tok)*] $($params)*),
                #[inline(always)]
                move || -> $ret { $($body)* },
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
