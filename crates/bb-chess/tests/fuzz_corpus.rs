//! The fuzz targets `fen_uci`, `san` and `epd` on stable: their bodies (`fuzz/src/chess.rs`,
//! shared with the libFuzzer targets) run on every committed seed (`fuzz/seeds/<target>/`), on
//! every position of `data/`, on random legal games written in UCI and SAN, and on
//! deterministic mutants of all of these. A body panics when an invariant fails (FEN and EPD
//! round trips, incremental key = recomputed key, SAN written parses back to the same legal
//! move, ...), which fails the test and names the input.

#[path = "../../../fuzz/src/chess.rs"]
mod bodies;
mod chess_common;
#[path = "../../../fuzz/src/regress.rs"]
mod regress;

use std::path::PathBuf;

use bb_chess::Position;
use bb_core::rng::Rng;
use chess_common::scaled;
use regress::{Body, mutants, read_dir, run};

/// Mutants per target at test scale 1.
const MUTANTS: usize = 3000;
/// Random legal games per target at test scale 1.
const GAMES: usize = 300;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    read_dir(&repo().join("fuzz/seeds").join(target))
}

/// Every EPD line of `data/` (perft suites: FEN, then `;D<n> <count>` operations).
fn data_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for name in ["perftsuite.epd", "fischer.epd"] {
        let path = repo().join("data").join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned),
        );
    }
    lines
}

fn data_fens() -> Vec<String> {
    data_lines()
        .iter()
        .map(|l| l.split(';').next().unwrap_or("").trim().to_owned())
        .collect()
}

/// `n` random legal games from the positions of `data/`: the FEN, a newline, then each move as
/// `write` spells it, separated by spaces.
fn games(n: usize, seed: u64, write: fn(&Position, bb_chess::Move) -> String) -> Vec<Vec<u8>> {
    let fens = data_fens();
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let fen = &fens[rng.below(fens.len() as u64) as usize];
            let mut pos = Position::from_fen(fen).expect("data FEN parses");
            let mut words = Vec::new();
            for _ in 0..rng.below(60) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                words.push(write(&pos, m));
                pos = pos.play(m);
            }
            format!("{fen}\n{}", words.join(" ")).into_bytes()
        })
        .collect()
}

/// Seeds, `extra` inputs, and mutants of both.
fn inputs(target: &str, extra: Vec<Vec<u8>>, alphabet: &[u8], seed: u64) -> Vec<(String, Vec<u8>)> {
    let mut all = seeds(target);
    all.extend(
        extra
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("extra #{i}"), v)),
    );
    let bases: Vec<Vec<u8>> = all.iter().map(|(_, v)| v.clone()).collect();
    let muts = mutants(&bases, alphabet, scaled(MUTANTS), seed);
    all.extend(
        muts.into_iter()
            .enumerate()
            .map(|(i, v)| (format!("mutant #{i}"), v)),
    );
    all
}

const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK012345678/ -wbKQkqABCDEFGHabcdefgh\n";
const UCI_ALPHABET: &[u8] = b"abcdefgh12345678qrbn \n0";
const SAN_ALPHABET: &[u8] = b"abcdefgh12345678NBRQKx=+#O-0 \n!?";
const EPD_ALPHABET: &[u8] =
    b"pnbrqkPNBRQK12345678/ -wbKQkq;\"D0123456789bmamidc0acdhmvcfmvnpm.e+x=";

fn check(target: &str, body: Body, inputs: &[(String, Vec<u8>)], must_accept: usize) {
    let r = run(target, body, inputs);
    println!("{target}: {} inputs, {} accepted", r.inputs, r.accepted);
    // The valid inputs (data positions, legal games) reach past the parser: the test checks the
    // invariants, not only the error paths.
    assert!(
        r.accepted >= must_accept,
        "{target}: {} inputs accepted, expected at least {must_accept}",
        r.accepted
    );
}

#[test]
fn fen_uci() {
    let fens: Vec<Vec<u8>> = data_fens().into_iter().map(String::into_bytes).collect();
    let n_fens = fens.len();
    let mut extra = fens;
    extra.extend(games(scaled(GAMES), 1, |p, m| m.to_uci(p).to_string()));
    let all = inputs("fen_uci", extra, &[FEN_ALPHABET, UCI_ALPHABET].concat(), 2);
    check("fen_uci", bodies::fen_uci, &all, n_fens + scaled(GAMES));
}

#[test]
fn san() {
    let g: Vec<Vec<u8>> = games(scaled(GAMES), 3, |p, m| p.san(m).to_string());
    // A game of at least one move parses at least one SAN move.
    let non_empty = g.iter().filter(|v| !v.ends_with(b"\n")).count();
    let all = inputs("san", g, &[FEN_ALPHABET, SAN_ALPHABET].concat(), 4);
    check("san", bodies::san, &all, non_empty);
}

#[test]
fn epd() {
    let lines: Vec<Vec<u8>> = data_lines().into_iter().map(String::into_bytes).collect();
    let n = lines.len();
    let all = inputs("epd", lines, EPD_ALPHABET, 5);
    check("epd", bodies::epd, &all, n);
}

/// The driver fails on a body that panics, and names the input.
#[test]
#[cfg_attr(
    target_family = "wasm",
    ignore = "panics abort on wasm: catch_unwind cannot catch them"
)]
fn a_panicking_body_fails() {
    fn body(data: &[u8]) -> bool {
        assert!(data != b"boom", "found it");
        true
    }
    let inputs = vec![
        ("fine".to_owned(), b"x".to_vec()),
        ("bad".to_owned(), b"boom".to_vec()),
    ];
    let err = std::panic::catch_unwind(|| run("test", body, &inputs)).expect_err("must fail");
    let msg = err.downcast_ref::<String>().expect("a formatted message");
    assert!(
        msg.contains("1 of 2 inputs failed") && msg.contains("bad: b\"boom\""),
        "{msg}"
    );
}
