//! Shared helpers of the integration tests.
#![allow(dead_code)]

use bb_core::Square;

/// `n` scaled by `BB_TEST_SCALE`, at least 1.
pub fn scaled(n: usize) -> usize {
    bb_simd::scaled(n, 1)
}

/// Piece sets of a FEN's placement field: index by "PNBRQKpnbrqk".
pub fn placement(fen: &str) -> [u64; 12] {
    let mut sets = [0u64; 12];
    let field = fen.split_whitespace().next().unwrap_or("");
    let (mut rank, mut file) = (7i32, 0i32);
    for c in field.chars() {
        match c {
            '/' => {
                rank -= 1;
                file = 0;
            }
            '1'..='8' => file += c as i32 - '0' as i32,
            _ => {
                let k = "PNBRQKpnbrqk"
                    .find(c)
                    .unwrap_or_else(|| panic!("bad piece {c:?} in {fen}"));
                assert!(
                    (0..8).contains(&file) && (0..8).contains(&rank),
                    "bad placement {fen}"
                );
                sets[k] |= 1 << (rank * 8 + file);
                file += 1;
            }
        }
    }
    sets
}

/// Placement fields of the perft suite (the repository's `data/perftsuite.epd`).
pub fn positions() -> Vec<[u64; 12]> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perftsuite.epd");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(placement)
        .collect();
    assert!(v.len() >= 10, "too few positions");
    v
}

/// The relevant occupancy mask (rays without their last square) of a rook or bishop.
pub fn relevant_mask(sq: Square, rook: bool) -> u64 {
    let edges_rank = 0xff | (0xff << 56);
    let edges_file = 0x0101_0101_0101_0101u64 | (0x0101_0101_0101_0101 << 7);
    if rook {
        let r = bb_core::masks::RANK_EX[sq.index()] & !edges_file;
        let f = bb_core::masks::FILE_EX[sq.index()] & !edges_rank;
        r | f
    } else {
        (bb_core::masks::DIAG_EX[sq.index()] | bb_core::masks::ANTI_EX[sq.index()])
            & !(edges_rank | edges_file)
    }
}

/// Every subset of `mask` (carry-rippler).
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let cur = next?;
        let n = cur.wrapping_sub(mask) & mask;
        next = if n == 0 { None } else { Some(n) };
        Some(cur)
    })
}
