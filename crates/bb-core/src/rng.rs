//! A tiny seeded pseudo-random generator for reproducible tests and benchmark workloads.
//!
//! `xoshiro256**` seeded through `SplitMix64` (both by Blackman and Vigna): fast, statistically
//! sound for workloads, identical output on every platform. Not cryptographic.

use crate::Square;

/// The `SplitMix64` generator: one 64-bit state, used to expand a seed into xoshiro state.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// Next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The `xoshiro256**` generator.
///
/// ```
/// use bb_core::rng::Rng;
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// let sparse = a.bitboard(16); // each square with probability 16/256
/// assert!(sparse.count_ones() < 40);
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole output is determined by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut sm = SplitMix64(seed);
        // SplitMix64 never yields four zero words in a row, so the state is never all zero.
        Rng {
            s: [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()],
        }
    }

    /// Next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n`, without modulo bias (Lemire's multiply-and-reject). Returns
    /// 0 when `n == 0` rather than panicking.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            // Only the low products that would over-represent some outputs are redrawn.
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform random square.
    #[inline]
    pub fn square(&mut self) -> Square {
        Square::new_masked((self.next_u64() >> 58) as u8)
    }

    /// A random bitboard in which each square is set independently with probability
    /// `density / 256` (values above 256 count as 256, the full board).
    ///
    /// Exact for every density: combining eight random words with OR for a 1 bit of the density
    /// and AND for a 0 bit, from the least significant bit up, builds the probability one
    /// binary digit at a time.
    pub fn bitboard(&mut self, density: u32) -> u64 {
        if density >= 256 {
            return !0;
        }
        let mut b = 0;
        for i in 0..8 {
            let r = self.next_u64();
            b = if density >> i & 1 != 0 { b | r } else { b & r };
        }
        b
    }

    /// A sparse bitboard: each square set with probability 1/8.
    #[inline]
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }

    /// A dense bitboard: each square set with probability 7/8.
    #[inline]
    pub fn dense(&mut self) -> u64 {
        self.next_u64() | self.next_u64() | self.next_u64()
    }

    /// A bitboard of a density itself drawn uniformly from 0/256 to 256/256, so that a batch
    /// covers empty, sparse, half-full, dense and full boards.
    pub fn any_density(&mut self) -> u64 {
        let density = self.below(257) as u32;
        self.bitboard(density)
    }

    /// Splits `b` at random into two disjoint sets whose union is `b` (for example a reversi
    /// position's player and opponent discs).
    #[inline]
    pub fn partition(&mut self, b: u64) -> (u64, u64) {
        let r = self.next_u64();
        (b & r, b & !r)
    }
}
