//! The last four empties: hand-written solvers without mobility computation, the last move
//! scored by the count-of-last-flip kernel.

use super::*;
use bb_core::attacks::KING;

impl<'a, B: Backend> Search<'a, B> {
    #[inline(always)]
    pub(super) fn flip(&self, x: u32, p: u64, o: u64) -> u64 {
        crate::flip::flip(self.b, sq(x), p, o)
    }

    /// Score of the last empty `x` for the player owning `p` (everything else the opponent's).
    #[inline(always)]
    pub(super) fn solve_1(&mut self, p: u64, x: u32) -> i32 {
        self.nodes += 1;
        let score = 2 * self.b.popcnt(p) as i32 - 62;
        let c = crate::last_flip::count_last_flip(self.b, sq(x), p) as i32;
        if c > 0 {
            return score + 2 * c;
        }
        let o = !(p | (1u64 << x));
        let c = crate::last_flip::count_last_flip(self.b, sq(x), o) as i32;
        if c > 0 {
            score - 2 - 2 * c
        } else if score > 0 {
            score
        } else {
            score - 2
        }
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: u32,
        x2: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if o & KING[x1 as usize] != 0 {
            let f = self.flip(x1, p, o);
            if f != 0 {
                best = -self.solve_1(o ^ f, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if o & KING[x2 as usize] != 0 {
            let f = self.flip(x2, p, o);
            if f != 0 {
                let s = -self.solve_1(o ^ f, x1);
                if s > best {
                    best = s;
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_2(o, p, -beta, -alpha, x1, x2);
        }
        best
    }

    #[inline(always)]
    pub(super) fn solve_3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u32; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, rest) in [(0, [1, 2]), (1, [0, 2]), (2, [0, 1])] {
            let xi = x[i];
            if o & KING[xi as usize] != 0 {
                let f = self.flip(xi, p, o);
                if f != 0 {
                    let s = -self.solve_2(
                        o ^ f,
                        p | f | (1 << xi),
                        -beta,
                        -alpha,
                        x[rest[0]],
                        x[rest[1]],
                        false,
                    );
                    if s > best {
                        best = s;
                        if s >= beta {
                            return s;
                        }
                        if s > alpha {
                            alpha = s;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_3(o, p, -beta, -alpha, x);
        }
        best
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        pub(super) fn pass_2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32 {
            self.solve_2(p, o, alpha, beta, x1, x2, true)
        }
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        pub(super) fn pass_3(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 3]) -> i32 {
            self.solve_3(p, o, alpha, beta, x, true)
        }
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        pub(super) fn pass_4(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 4]) -> i32 {
            self.solve_4(p, o, alpha, beta, x, true)
        }
    }

    #[inline(always)]
    pub(super) fn solve_4(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u32; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, rest) in [
            (0, [1, 2, 3]),
            (1, [0, 2, 3]),
            (2, [0, 1, 3]),
            (3, [0, 1, 2]),
        ] {
            let xi = x[i];
            if o & KING[xi as usize] != 0 {
                let f = self.flip(xi, p, o);
                if f != 0 {
                    let r = [x[rest[0]], x[rest[1]], x[rest[2]]];
                    let s = -self.solve_3(o ^ f, p | f | (1 << xi), -beta, -alpha, r, false);
                    if s > best {
                        best = s;
                        if s >= beta {
                            return s;
                        }
                        if s > alpha {
                            alpha = s;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_4(o, p, -beta, -alpha, x);
        }
        best
    }

    /// Entry for 4 empties: the empties in parity order (odd quadrants first).
    #[inline(always)]
    pub(super) fn solve_4_entry(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut x = [0u32; 4];
        let mut k = 0;
        for mut m in [empty & odd, empty & !odd] {
            while m != 0 && k < 4 {
                x[k] = m.trailing_zeros();
                m &= m - 1;
                k += 1;
            }
        }
        self.solve_4(p, o, alpha, beta, x, false)
    }

    /// One empty, with `o` given (the position may not be full otherwise only if called at
    /// the root; `p | o | x` is the whole board here).
    #[inline(always)]
    pub(super) fn solve_1_node(&mut self, p: u64, o: u64, x: u32) -> i32 {
        let _ = o;
        self.solve_1(p, x)
    }
}
