//! Shared helpers: EPD loading from the repository's `data/` folder.
#![allow(dead_code)]

use std::path::PathBuf;

/// One EPD line: FEN and `(depth, nodes)` pairs.
pub struct Entry {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `name` from the repository's `data/` folder; a missing file fails the test.
pub fn load(name: &str) -> (Vec<Entry>, PathBuf) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap_or("").trim().to_string();
            let counts = parts
                .filter_map(|p| {
                    let p = p.trim();
                    let (d, n) = p.strip_prefix('D')?.split_once(' ')?;
                    Some((d.parse().ok()?, n.trim().parse().ok()?))
                })
                .collect();
            Entry { fen, counts }
        })
        .collect();
    (entries, path)
}

/// `n` scaled by `BB_TEST_SCALE`, at least 1.
pub fn scaled(n: usize) -> usize {
    bb_simd::scaled(n, 1)
}
