//! Generator of the edge stability table (run by build.rs, re-run by the tests).
//!
//! `EDGE_STABILITY[p][o]` (p, o disjoint 8-bit lines) is the set of the player's discs on an
//! edge line that no sequence of moves on that line can flip: a disc stays the player's in
//! every position reachable by either side placing discs on the line's empty squares (in any
//! order, flipping along the line when a run is closed). Computed by retrograde analysis:
//! positions with fewer empty squares first, each one's stable set being `p` ANDed with the
//! stable sets of every successor.
#![allow(dead_code)]

fn place(me: u8, other: u8, x: u32) -> (u8, u8) {
    let (mut me, mut other) = (me | 1 << x, other);
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut i = x as i32 + step;
        while (0..8).contains(&i) && other >> i & 1 != 0 {
            run |= 1 << i;
            i += step;
        }
        if (0..8).contains(&i) && me >> i & 1 != 0 {
            me |= run;
            other &= !run;
        }
    }
    (me, other)
}

/// The whole table, indexed `[p][o]`; entries with `p & o != 0` are 0.
pub fn edge_stability_table() -> Vec<[u8; 256]> {
    let mut t = vec![[0u8; 256]; 256];
    // Visit positions by increasing number of empty squares: successors have one fewer.
    for empties in 0..=8u32 {
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o != 0 || 8 - (p | o).count_ones() != empties {
                    continue;
                }
                let (p8, o8) = (p as u8, o as u8);
                let mut s = p8;
                for x in 0..8 {
                    if (p | o) >> x & 1 == 0 {
                        let (np, no) = place(p8, o8, x);
                        s &= t[usize::from(np)][usize::from(no)];
                        let (no, np) = place(o8, p8, x);
                        s &= t[usize::from(np)][usize::from(no)];
                    }
                }
                t[p as usize][o as usize] = s;
            }
        }
    }
    t
}

/// Rust source of the table, for `include!`.
pub fn source() -> String {
    use std::fmt::Write;
    let mut s = String::from("pub(crate) static EDGE_STABILITY: [[u8; 256]; 256] = [");
    for row in edge_stability_table() {
        s.push('[');
        for v in row {
            write!(s, "{v},").unwrap();
        }
        s.push_str("],");
    }
    s.push_str("];\n");
    s
}
