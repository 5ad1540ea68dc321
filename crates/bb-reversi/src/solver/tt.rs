//! The transposition table shared by the threads: lock-free entries with bounds and the best
//! move, cleared by generation.

use super::*;

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) p: u64,
    pub(super) o: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) mv: u8,
    pub(super) empties: u8,
    /// The search (one call of a [`Solver`] method) that last wrote the entry.
    pub(super) age: u8,
}

pub(super) const NO_MOVE: u8 = 64;

/// The transposition table: `2^bits` entries in two-way buckets, shared by the threads
/// without locks: each entry is three atomic words (`p ^ data`, `o ^ data`, `data`), so a torn
/// write never matches a position (the "lockless hashing" XOR trick).
///
/// Entries carry the generation of the table that wrote them; [`Tt::clear`] starts a new
/// generation instead of zeroing the table (4 ms for 2^21 entries), and entries of older
/// generations read as empty. Entries also carry the age of the search (one call of a
/// [`Solver`] method) that wrote them: every call is a new age ([`Tt::next_age`]), entries of
/// older ages stay valid (their bounds are facts about the position, whatever window found
/// them) but are the first to be replaced, so that a long sequence of solves does not fill
/// the table with positions no longer reached.
pub(super) struct Tt {
    pub(super) e: Vec<[AtomicU64; 3]>,
    pub(super) mask: usize,
    pub(super) generation: u16,
    pub(super) age: u8,
}

/// What [`Tt::load`] returns for an empty or stale slot: no position has `p & o != 0`.
pub(super) const STALE: Entry = Entry {
    p: u64::MAX,
    o: u64::MAX,
    lower: -64,
    upper: 64,
    mv: NO_MOVE,
    empties: 0,
    age: 0,
};

impl Tt {
    pub(super) fn new(bits: u32) -> Tt {
        let n = 1usize << bits.clamp(4, 30);
        let mut e = Vec::with_capacity(n);
        e.resize_with(n, || {
            [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]
        });
        Tt {
            e,
            mask: (n - 1) & !1,
            generation: 1,
            age: 0,
        }
    }
    /// Starts a new search: entries written before become the first to be replaced.
    pub(super) fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }
    /// How much the entry is worth keeping (the lower of a bucket's two is replaced): an
    /// empty or stale slot nothing, an entry of an earlier search less than one of this
    /// search, then more empties (a bigger subtree) more.
    #[inline(always)]
    pub(super) fn worth(&self, e: &Entry) -> u32 {
        if e.p & e.o != 0 {
            0
        } else if e.age == self.age {
            128 + u32::from(e.empties)
        } else {
            1 + u32::from(e.empties)
        }
    }
    /// Makes every entry stale; zeroes the table only when the generation counter wraps.
    pub(super) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for w in self.e.iter_mut().flatten() {
                *w.get_mut() = 0;
            }
            self.generation = 1;
        }
    }
    #[inline(always)]
    pub(super) fn load(&self, i: usize) -> Entry {
        let w = &self.e[i];
        let d = w[2].load(Ordering::Relaxed);
        if (d >> 32) as u16 != self.generation {
            return STALE;
        }
        Entry {
            p: w[0].load(Ordering::Relaxed) ^ d,
            o: w[1].load(Ordering::Relaxed) ^ d,
            lower: d as u8 as i8,
            upper: (d >> 8) as u8 as i8,
            mv: (d >> 16) as u8,
            empties: (d >> 24) as u8,
            age: (d >> 48) as u8,
        }
    }
    /// The entry of (`p`, `o`) in the bucket at `i` (their [`Tt::index`]), if it holds one.
    #[inline(always)]
    pub(super) fn find(&self, i: usize, p: u64, o: u64) -> Option<Entry> {
        (0..2)
            .map(|k| self.load(i + k))
            .find(|e| e.p == p && e.o == o)
    }
    #[inline(always)]
    pub(super) fn save(&self, i: usize, e: Entry) {
        let d = u64::from(e.lower as u8)
            | u64::from(e.upper as u8) << 8
            | u64::from(e.mv) << 16
            | u64::from(e.empties) << 24
            | u64::from(self.generation) << 32
            | u64::from(self.age) << 48;
        let w = &self.e[i];
        w[2].store(d, Ordering::Relaxed);
        w[0].store(e.p ^ d, Ordering::Relaxed);
        w[1].store(e.o ^ d, Ordering::Relaxed);
    }
    #[inline(always)]
    pub(super) fn index(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = h ^ (h >> 29);
        (h as usize) & self.mask
    }
}
