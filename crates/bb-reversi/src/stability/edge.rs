//! Edge stability: the generated table of one edge line and its lookup on the four edges.

include!(concat!(env!("OUT_DIR"), "/edge_stability.rs"));

/// The generated edge table: `edge_stability_table()[p][o]` is the set of the player's discs of
/// an 8-square edge line (player bits `p`, opponent bits `o`) that no sequence of moves on the
/// line can flip.
#[must_use]
pub fn edge_stability_table() -> &'static [[u8; 256]; 256] {
    &EDGE_STABILITY
}

pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_GATHER: u64 = 0x0102_0408_1020_4080;

#[inline(always)]
fn edge(p: u64, o: u64) -> u64 {
    u64::from(EDGE_STABILITY[(p & 0xff) as usize][(o & 0xff) as usize])
}

/// Stable discs of the player on the four edges, from the edge table. Files a and h are
/// gathered into bytes by kindergarten multiplies and put back by multiplies (Edax's
/// pack/unpack).
///
/// ```
/// // A corner disc is always stable; a lone b1 disc is not.
/// assert_eq!(bb_reversi::stability::stable_edge(1 | 2 << 8, 0), 1);
/// assert_eq!(bb_reversi::stability::stable_edge(2, 0), 0);
/// ```
#[inline(always)]
#[must_use]
pub fn stable_edge(p: u64, o: u64) -> u64 {
    let file = |x: u64, f: u32| ((x >> f) & FILE_A).wrapping_mul(FILE_GATHER) >> 56;
    let ranks = edge(p, o) | edge(p >> 56, o >> 56) << 56;
    // Back to the files: the inner six bits only (the corners come from the ranks), so that
    // the partial products of the multiply never meet and nothing carries.
    let unpack = |x: u64| ((x & 0x7e).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100;
    let a = unpack(edge(file(p, 0), file(o, 0)));
    let h = unpack(edge(file(p, 7), file(o, 7))) << 7;
    ranks | a | h
}
