//! Builds one kernel per backend inside `vectorize`, for reading the assembly:
//!
//! ```text
//! cargo build --release -p bb-simd --example inline_check
//! objdump -d --no-show-raw-insn -C target/release/examples/inline_check | less
//! ```
//!
//! Each `kernel::<B>` compiles to a single loop body of the backend's instructions (PSHUFB +
//! PSADBW on Ssse3, VPSHUFB ymm on Avx2, VPOPCNTQ on Avx512Vbmi, CNT + UADDLP on Neon), with no
//! calls inside: the `#[inline(always)]` operations inline into the `#[target_feature]` function
//! that `vectorize` creates.

use bb_simd::primitives::popcount::popcount_sum;
use bb_simd::{Backend, WithBackend, for_each_backend};

#[inline(never)]
fn kernel<B: Backend>(b: B, boards: &[u64]) -> u64 {
    b.vectorize(|| popcount_sum(b, boards))
}

/// A hyperbola-quintessence-like step on four lanes: sub, bswap, xor, lzcnt, shlv.
#[inline(never)]
fn lanes<B: Backend>(b: B, x: &[[u64; 4]], out: &mut [[u64; 4]]) {
    b.vectorize(|| {
        for (x, o) in x.iter().zip(out.iter_mut()) {
            let v = b.u64x4_from_array(*x);
            let r = b.u64x4_bswap(b.u64x4_sub(v, b.u64x4_splat(2)));
            let z = b.u64x4_lzcnt(b.u64x4_xor(v, r));
            *o = b.u64x4_to_array(b.u64x4_shlv(b.u64x4_min(r, v), z));
        }
    })
}

#[derive(Clone)]
struct Run<'a>(&'a [u64], &'a [[u64; 4]]);

impl WithBackend for Run<'_> {
    type Output = (u64, u64);
    fn run<B: Backend>(self, b: B) -> (u64, u64) {
        let mut out = vec![[0u64; 4]; self.1.len()];
        lanes(b, self.1, &mut out);
        (
            kernel(b, self.0),
            out.iter().flatten().fold(0, |a, &x| a ^ x),
        )
    }
}

fn main() {
    let boards: Vec<u64> = (0..4096u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    let quads: Vec<[u64; 4]> = boards
        .chunks_exact(4)
        .map(|c| [c[0], c[1], c[2], c[3]])
        .collect();
    for (backend, (pop, mix)) in for_each_backend(Run(&boards, &quads)) {
        println!("{backend:>14}: popcount {pop}, lanes checksum {mix:#018x}");
    }
}
