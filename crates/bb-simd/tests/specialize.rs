//! `specialize!` in every form it accepts, on every backend, against plain scalar arithmetic.

use bb_simd::{Backend, specialize};

specialize! {
    /// Sum over `k in 0..=depth` of popcount(x >> k), recursively.
    fn popcounts<B: Backend>(b: B, x: u64, depth: u32) -> u64 {
        let here = u64::from(b.popcnt(x >> depth));
        if depth == 0 {
            return here;
        }
        here + popcounts(b, x, depth - 1)
    }

    // Mutual recursion in one invocation, a `where` clause, `mut` on the token, no return type.
    fn even_odd<B>(mut b: B, n: u32, out: &mut Vec<u32>)
    where
        B: Backend,
    {
        out.push(b.lzcnt(u64::from(n)));
        let _ = &mut b;
        if n > 0 {
            odd_even(b, n - 1, out);
        }
    }

    fn odd_even<B: Backend>(b: B, n: u32, out: &mut Vec<u32>) {
        out.push(b.tzcnt(u64::from(n) | 1 << 40));
        if n > 0 {
            even_odd(b, n - 1, out);
        }
    }

    /// `?` inside the body converts the error as in an ordinary function.
    fn checked<B: Backend>(b: B, x: u64) -> Result<u32, String> {
        let n: u32 = u8::try_from(b.popcnt(x)).map_err(|e| e.to_string())?.into();
        if n > 60 {
            Err("too many")?;
        }
        Ok(n)
    }
}

specialize! {
    /// A lifetime in the generics, a visibility, and a borrowed result.
    pub(crate) fn most_bits<'a, B: Backend>(b: B, xs: &'a [u64]) -> &'a u64 {
        let Some((first, rest)) = xs.split_first() else {
            return &0;
        };
        if rest.is_empty() {
            return first;
        }
        let best_rest = most_bits(b, rest);
        if b.popcnt(*best_rest) > b.popcnt(*first) {
            best_rest
        } else {
            first
        }
    }
}

struct Walker<B> {
    b: B,
    visited: u32,
}

impl<B: Backend> Walker<B> {
    specialize! {
        token = self.b;
        /// Visits the set bits of `x` one recursion level each.
        fn walk(&mut self, x: u64) -> u32 {
            if x == 0 {
                return self.visited;
            }
            self.visited += 1;
            self.walk(x & (x - 1))
        }
    }
}

struct Counter {
    calls: u32,
}

impl Counter {
    specialize! {
        fn count<B: Backend>(&mut self, b: B, x: u64) -> u32 {
            self.calls += 1;
            if x == 0 {
                return self.calls;
            }
            self.count(b, x >> b.tzcnt(x) >> 1)
        }

        fn peek<B: Backend>(&self, b: B, x: u64) -> u32 {
            b.popcnt(x) + self.calls
        }
    }
}

fn reference_popcounts(x: u64, depth: u32) -> u64 {
    (0..=depth).map(|k| u64::from((x >> k).count_ones())).sum()
}

#[test]
fn every_form_on_every_backend() {
    let xs = [
        0u64,
        1,
        0xff,
        0x8000_0000_0000_0001,
        u64::MAX,
        0x0123_4567_89ab_cdef,
    ];
    let mut ran = 0;
    for backend in bb_simd::test_backends() {
        for &x in &xs {
            for depth in [0, 1, 17, 63] {
                let got = bb_simd::dispatch!(backend, |b| popcounts(b, x, depth));
                assert_eq!(
                    got,
                    reference_popcounts(x, depth),
                    "{backend} {x:#x} {depth}"
                );
            }
            let ones = x.count_ones();
            let walked = bb_simd::dispatch!(backend, |b| Walker { b, visited: 0 }.walk(x));
            assert_eq!(walked, ones, "{backend} {x:#x}");
            let mut c = Counter { calls: 0 };
            assert_eq!(bb_simd::dispatch!(backend, |b| c.count(b, x)), ones + 1);
            assert_eq!(bb_simd::dispatch!(backend, |b| c.peek(b, x)), 2 * ones + 1);
            let checked = bb_simd::dispatch!(backend, |b| checked(b, x));
            if ones > 60 {
                assert_eq!(checked, Err("too many".to_string()), "{backend}");
            } else {
                assert_eq!(checked, Ok(ones), "{backend}");
            }
        }
        let want = xs.iter().fold(&0u64, |m, x| {
            if x.count_ones() > m.count_ones() {
                x
            } else {
                m
            }
        });
        assert_eq!(
            bb_simd::dispatch!(backend, |b| *most_bits(b, &xs)),
            *want,
            "{backend}"
        );
        let mut out = Vec::new();
        bb_simd::dispatch!(backend, |b| even_odd(b, 5, &mut out));
        let want: Vec<u32> = (0..=5u32)
            .rev()
            .map(|n| {
                if (5 - n) % 2 == 0 {
                    u64::from(n).leading_zeros()
                } else {
                    (u64::from(n) | 1 << 40).trailing_zeros()
                }
            })
            .collect();
        assert_eq!(out, want, "{backend}");
        ran += 1;
    }
    assert!(ran >= 1);
}

#[test]
fn auto_runs_on_the_best_backend() {
    let isa = bb_simd::auto!(|b| b.isa());
    match bb_simd::STATIC_BEST {
        Some(s) => assert_eq!(isa, s),
        None => assert_eq!(isa, bb_simd::best()),
    }
    assert_eq!(bb_simd::auto!(|b| b.popcnt(0xf0f0)), 8);
}

#[test]
fn try_best_backend_agrees_with_best() {
    // Under a lane with BB_BACKEND set, the forced backend is what both report.
    let b = bb_simd::try_best_backend().expect("the test lanes set only valid BB_BACKEND values");
    assert_eq!(b, bb_simd::best_backend());
    assert_eq!(b.isa(), bb_simd::best());
}

specialize! {
    /// A const generic and turbofish recursion: the sum of `x >> (K * i)` over `i in 0..=depth`,
    /// with the popcount of each term, counted in a closure that recurses.
    fn strided<B: Backend, const K: u32>(b: B, x: u64, depth: u32) -> u64 {
        let here = u64::from(b.popcnt(x));
        if depth == 0 {
            return here;
        }
        let deeper = |y: u64| strided::<B, K>(b, y, depth - 1);
        here + deeper(x >> K)
    }
}

fn reference_strided(x: u64, k: u32, depth: u32) -> u64 {
    (0..=depth)
        .map(|i| u64::from(x.checked_shr(k * i).unwrap_or(0).count_ones()))
        .sum()
}

#[test]
fn turbofish_closures_and_local_functions() {
    // A recursive function declared inside a function body, as doctests and examples do.
    specialize! {
        fn fib<B: Backend>(b: B, n: u32) -> u64 {
            if n < 2 {
                return u64::from(b.popcnt(u64::from(n)));
            }
            fib(b, n - 1) + fib(b, n - 2)
        }
    }
    for backend in bb_simd::test_backends() {
        for depth in [0, 1, 2, 5, 9] {
            for x in [0u64, 1, 0xff, u64::MAX, 0x0123_4567_89ab_cdef] {
                let got = bb_simd::dispatch!(backend, |b| strided::<_, 7>(b, x, depth));
                assert_eq!(
                    got,
                    reference_strided(x, 7, depth),
                    "{backend} {x:#x} {depth}"
                );
            }
        }
        let fibs: Vec<u64> = (0..20)
            .map(|n| bb_simd::dispatch!(backend, |b| fib(b, n)))
            .collect();
        let mut want = vec![0u64, 1];
        while want.len() < 20 {
            want.push(want[want.len() - 1] + want[want.len() - 2]);
        }
        assert_eq!(fibs, want, "{backend}");
    }
}

struct Halver;

impl Halver {
    specialize! {
        token = b;
        /// An associated function without `self` names its token, so it is not unrolled (the
        /// unrolled copy could not mention `Self`).
        fn halvings<B: Backend>(b: B, x: u64) -> u32 {
            if x == 0 {
                return b.popcnt(x);
            }
            1 + Self::halvings(b, x >> 1)
        }
    }
}

#[test]
fn associated_function_with_a_named_token() {
    for backend in bb_simd::test_backends() {
        for x in [0u64, 1, 5, 0xff, u64::MAX] {
            let got = bb_simd::dispatch!(backend, |b| Halver::halvings(b, x));
            assert_eq!(got, 64 - x.leading_zeros(), "{backend} {x:#x}");
        }
    }
}
