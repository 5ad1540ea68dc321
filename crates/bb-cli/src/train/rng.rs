//! The training's random numbers: SplitMix64, one stream per game, so that every game (and
//! so the whole run) depends only on the seed and its number, not on the threads.

use bb_core::rng::SplitMix64;

/// A SplitMix64 generator (bb-core's), with the game streams and draws the training uses.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// The stream of game `index` for `seed`.
    #[must_use]
    pub fn stream(seed: u64, index: u64) -> Rng {
        let mut r = Rng(SplitMix64(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
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
