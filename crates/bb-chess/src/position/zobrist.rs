//! Zobrist keys, generated at compile time from a fixed SplitMix64 seed.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut s = seed;
    let mut i = 0;
    while i < N {
        let (ns, v) = splitmix(s);
        s = ns;
        out[i] = v;
        i += 1;
    }
    out
}

const fn pieces() -> [[u64; 64]; 16] {
    let mut out = [[0; 64]; 16];
    let mut i = 0;
    while i < 12 {
        out[(i / 6) * 8 + i % 6] = table::<64>(0x0bb0_c4e5 + i as u64 * 1000);
        i += 1;
    }
    out
}

/// `PIECE[colour * 8 + kind][square]` (the mailbox code); rows 6, 7, 14 and 15 are unused.
pub static PIECE: [[u64; 64]; 16] = pieces();
/// XORed in when black is to move.
pub const SIDE: u64 = table::<1>(0x51de)[0];
/// `CASTLING[colour][rook file]`, XORed in per castling right.
pub static CASTLING: [[u64; 8]; 2] = [table::<8>(0xca51), table::<8>(0xca52)];
/// `EP_FILE[file]`, XORed in when an en-passant capture is possible.
pub static EP_FILE: [u64; 8] = table::<8>(0xe9);
