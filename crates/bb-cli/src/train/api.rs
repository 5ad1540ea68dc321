//! TEMPORARY stand-in for the eval API landing on main (PackedWeights, Packing, file_ply,
//! sum_features, Evaluator::from_packed); removed at the merge.
#![allow(missing_docs, clippy::all)]

use bb_core::Square;
use bb_reversi::Board;
pub use bb_reversi::eval::{Evaluator as Ev, Features, PACKED, features};
use bb_reversi::eval::patterns::{Group, PATTERNS, pow3};

pub struct Evaluator;
impl Evaluator {
    pub fn from_packed(w: &PackedWeights) -> Ev {
        Ev::from_bytes(&w.to_bytes()).unwrap()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedWeights(Vec<i16>);
impl PackedWeights {
    pub fn zeros() -> Self {
        PackedWeights(vec![0; 54 * PACKED])
    }
    pub fn ply(&self, p: usize) -> Option<&[i16]> {
        self.0.get(p * PACKED..(p + 1) * PACKED)
    }
    pub fn ply_mut(&mut self, p: usize) -> Option<&mut [i16]> {
        self.0.get_mut(p * PACKED..(p + 1) * PACKED)
    }
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend_from_slice(b"XADELAVE");
        v.extend_from_slice(&[0u8; 20]);
        for w in &self.0 {
            v.extend_from_slice(&w.to_le_bytes());
        }
        v
    }
}

pub fn file_ply(e: u32) -> usize {
    let ply = 60 - i64::from(e);
    let pair = ((ply - 2).max(0) >> 1).min(25);
    (2 * pair + (ply & 1)) as usize + 2
}

pub fn sum_features(b: Board) -> Features {
    let e = (!(b.p | b.o)).count_ones();
    if e % 2 == 0 { features(b) } else { features(b.pass()) }
}

fn mirror_positions(pattern: &[Square]) -> Option<Vec<usize>> {
    let syms: [fn(u8, u8) -> (u8, u8); 7] = [
        |x, y| (7 - x, y),
        |x, y| (x, 7 - y),
        |x, y| (7 - x, 7 - y),
        |x, y| (y, x),
        |x, y| (7 - y, x),
        |x, y| (y, 7 - x),
        |x, y| (7 - y, 7 - x),
    ];
    syms.iter().find_map(|s| {
        pattern
            .iter()
            .map(|sq| {
                let (x, y) = s(sq.index() as u8 % 8, sq.index() as u8 / 8);
                pattern.iter().position(|t| t.index() == usize::from(y * 8 + x))
            })
            .collect::<Option<Vec<usize>>>()
    })
}

fn mirror_index(j: usize, mirror: &[usize]) -> usize {
    let n = mirror.len();
    let mut out = 0;
    for (pos, &to) in mirror.iter().enumerate() {
        let digit = j / pow3(n - 1 - pos) % 3;
        out += digit * pow3(n - 1 - to);
    }
    out
}

fn swap_index(j: usize, n: usize) -> usize {
    let mut out = 0;
    for pos in 0..n {
        let d = j / pow3(pos) % 3;
        let d = [1, 0, 2][d];
        out += d * pow3(pos);
    }
    out
}

pub struct Packing {
    start: Vec<u32>,
    pack: Vec<Vec<u32>>,
}
impl Packing {
    pub fn new() -> Self {
        let mut start = vec![];
        let mut pack = vec![];
        let mut s = 0u32;
        for g in Group::ALL {
            start.push(s);
            let first = (0..46).find(|&f| Group::of(f) == Some(g)).map(|f| PATTERNS[f]);
            let Some(pattern) = first else {
                pack.push(vec![0]);
                s += 1;
                continue;
            };
            let id: Vec<usize> = (0..pattern.len()).collect();
            let mirror = mirror_positions(pattern).unwrap_or(id);
            let size = pow3(pattern.len());
            let mut p = vec![0u32; size];
            let mut slots = 0;
            for j in 0..size {
                let m = mirror_index(j, &mirror);
                p[j] = if m < j { p[m] } else { slots += 1; slots - 1 };
            }
            pack.push(p);
            s += slots;
        }
        assert_eq!(s as usize, PACKED);
        Packing { start, pack }
    }
    pub fn slots(&self, f: &Features, empties: u32) -> [u32; 47] {
        let mut out = [0u32; 47];
        let lanes = f.lanes();
        for k in 0..46 {
            let g = Group::of(k).unwrap();
            let gi = Group::ALL.iter().position(|&x| x == g).unwrap();
            let mut j = lanes[k] as usize;
            if file_ply(empties) % 2 == 1 {
                j = swap_index(j, g.squares());
            }
            out[k] = self.start[gi] + self.pack[gi][j];
        }
        out[46] = self.start[12];
        out
    }
}
