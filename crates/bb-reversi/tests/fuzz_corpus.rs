//! The fuzz target `obf` on stable: its body (`fuzz/src/reversi.rs`, shared with the libFuzzer
//! target) runs on every committed seed (`fuzz/seeds/obf/`), on every line and whole file of
//! the FFO problem files in `data/`, on random legal games written as move lists, and on
//! deterministic mutants of all of these. The body panics when an invariant fails (an OBF
//! problem that parses prints to a line that parses to the same problem; errors name a line,
//! column or offset inside the text), which fails the test and names the input.

#[path = "../../../fuzz/src/reversi.rs"]
mod bodies;
mod kernels_common;
#[path = "../../../fuzz/src/regress.rs"]
mod regress;

use std::path::PathBuf;

use bb_core::rng::Rng;
use bb_reversi::Board;
use bb_reversi::game::BoardExt;
use kernels_common::scaled;
use regress::{mutants, read_dir, run};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `n` random legal games from the start, as move lists (`f5 d6 ... ps ...`), to the end or
/// cut short at random.
fn games(n: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut b = Board::START;
            let mut words = Vec::new();
            for _ in 0..rng.below(70) {
                let moves: Vec<_> = b.legal_moves().collect();
                if moves.is_empty() {
                    if b.pass().moves() == 0 {
                        break;
                    }
                    words.push("ps".to_owned());
                    b = b.pass();
                    continue;
                }
                let sq = moves[rng.below(moves.len() as u64) as usize];
                words.push(sq.to_string());
                b = b.play(sq).expect("a legal move plays");
            }
            words
                .join(if rng.below(2) == 0 { " " } else { "" })
                .into_bytes()
        })
        .collect()
}

#[test]
fn obf() {
    let mut all = read_dir(&repo().join("fuzz/seeds/obf"));
    let mut valid = Vec::new();
    for name in ["fforum-1-19.obf", "fforum-20-39.obf"] {
        let path = repo().join("data").join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        valid.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.as_bytes().to_vec()),
        );
        valid.push(text.into_bytes());
    }
    let g = games(scaled(300), 1);
    let non_empty = g.iter().filter(|v| !v.is_empty()).count();
    let must_accept = valid.len() + non_empty;
    valid.extend(g);
    all.extend(
        valid
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("extra #{i}"), v)),
    );
    let bases: Vec<Vec<u8>> = all.iter().map(|(_, v)| v.clone()).collect();
    let alphabet = b"-XOxo*. ;:+0123456789abcdefghABCDEFGHps,%#\n";
    let muts = mutants(&bases, alphabet, scaled(3000), 2);
    all.extend(
        muts.into_iter()
            .enumerate()
            .map(|(i, v)| (format!("mutant #{i}"), v)),
    );

    let r = run("obf", bodies::obf, &all);
    println!("obf: {} inputs, {} accepted", r.inputs, r.accepted);
    assert!(
        r.accepted >= must_accept,
        "obf: {} inputs accepted, expected at least {must_accept}",
        r.accepted
    );
}
