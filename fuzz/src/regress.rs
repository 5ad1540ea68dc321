//! The corpus regression driver: runs a fuzz target's body on stable, on every file of the
//! target's committed seed corpus (`fuzz/seeds/<target>/`) and on deterministic mutants of it.
//!
//! Included by path in the library crates' `tests/fuzz_corpus.rs`, which run in
//! `cargo test --workspace`; the mutations are a small cousin of libFuzzer's (byte edits,
//! insertions from a per-target alphabet, range copies, splices), enough to leave the seeds'
//! happy path without needing nightly.

use std::path::Path;

/// A fuzz target's body: panics when an invariant fails, returns whether the input was accepted.
pub type Body = fn(&[u8]) -> bool;

/// What a run saw.
#[derive(Debug, Default, Clone, Copy)]
pub struct Report {
    /// Inputs run.
    pub inputs: usize,
    /// Inputs the body accepted (its main text parsed).
    pub accepted: usize,
}

/// Every file of `dir` (sorted by name), as `(file name, bytes)`. A missing or empty directory
/// fails the test: a regression test that silently runs nothing proves nothing.
pub fn read_dir(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|e| e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            let bytes = std::fs::read(e.path())
                .unwrap_or_else(|err| panic!("{}: {err}", e.path().display()));
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    assert!(!files.is_empty(), "{}: no seed files", dir.display());
    files.sort();
    files
}

/// SplitMix64: deterministic across platforms, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`); the modulo bias is irrelevant here.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `n` inputs made from `seeds` by one to eight random edits each. `alphabet` holds the bytes
/// worth inserting (the grammar's characters); any byte value is inserted now and then too.
pub fn mutants(seeds: &[Vec<u8>], alphabet: &[u8], n: usize, seed: u64) -> Vec<Vec<u8>> {
    assert!(!seeds.is_empty() && !alphabet.is_empty());
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let mut v = seeds[rng.below(seeds.len())].clone();
            for _ in 0..1 + rng.below(8) {
                edit(&mut v, seeds, alphabet, &mut rng);
            }
            v
        })
        .collect()
}

fn edit(v: &mut Vec<u8>, seeds: &[Vec<u8>], alphabet: &[u8], rng: &mut Rng) {
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(8) {
        // Replace a byte by a grammar byte.
        0 if !v.is_empty() => {
            let i = rng.below(v.len());
            v[i] = alphabet[rng.below(alphabet.len())];
        }
        // Insert a run of grammar bytes.
        1 => {
            let i = at(rng, v.len());
            for _ in 0..1 + rng.below(4) {
                v.insert(i, alphabet[rng.below(alphabet.len())]);
            }
        }
        // Delete a range.
        2 if !v.is_empty() => {
            let i = rng.below(v.len());
            let j = (i + 1 + rng.below(16)).min(v.len());
            v.drain(i..j);
        }
        // Duplicate a range (repeated fields, long numbers).
        3 if !v.is_empty() => {
            let i = rng.below(v.len());
            let j = (i + 1 + rng.below(16)).min(v.len());
            let part = v[i..j].to_vec();
            let k = at(rng, v.len());
            v.splice(k..k, part);
        }
        // Splice: this input's head, another seed's tail.
        4 => {
            let other = &seeds[rng.below(seeds.len())];
            let i = at(rng, v.len());
            let j = at(rng, other.len());
            v.truncate(i);
            v.extend_from_slice(&other[j..]);
        }
        // Truncate.
        5 => {
            let i = at(rng, v.len());
            v.truncate(i);
        }
        // Any byte value, including invalid UTF-8.
        6 => {
            let i = at(rng, v.len());
            v.insert(i, rng.next() as u8);
        }
        // Swap two bytes.
        _ if v.len() >= 2 => {
            let (i, j) = (rng.below(v.len()), rng.below(v.len()));
            v.swap(i, j);
        }
        _ => {}
    }
}

/// Runs `body` on every input. A panic fails the test once all inputs ran, naming the inputs
/// (the first few, with their bytes) so that the failure can be replayed with
/// `cargo +nightly fuzz run <target> <file>`.
pub fn run(target: &str, body: Body, inputs: &[(String, Vec<u8>)]) -> Report {
    let mut report = Report::default();
    let mut failed = Vec::new();
    for (name, bytes) in inputs {
        report.inputs += 1;
        match std::panic::catch_unwind(|| body(bytes)) {
            Ok(true) => report.accepted += 1,
            Ok(false) => {}
            Err(_) => failed.push(format!("{name}: b\"{}\"", bytes.escape_ascii())),
        }
    }
    assert!(
        failed.is_empty(),
        "{target}: {} of {} inputs failed, first ones:\n{}",
        failed.len(),
        inputs.len(),
        failed[..failed.len().min(5)].join("\n")
    );
    report
}
