//! The training's random numbers: SplitMix64, one stream per game, so that every game (and
//! so the whole run) depends only on the seed and its number, not on the threads.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The stream of game `index` for `seed`.
    #[must_use]
    pub fn stream(seed: u64, index: u64) -> Rng {
        let mut r = Rng(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; 0 when `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // The high half of a 128-bit product: unbiased enough for game play.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// The `k`-th set bit of `set` (`None` when it has `k` or fewer).
#[must_use]
pub fn nth_bit(set: u64, k: u32) -> Option<u32> {
    let mut s = set;
    for _ in 0..k {
        s &= s.wrapping_sub(1);
    }
    (s != 0).then(|| s.trailing_zeros())
}
