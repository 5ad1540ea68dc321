//! A plain recursive chess perft from the start position, written the way the crate
//! documentation shows: generic over the backend, `specialize!` around the recursive function,
//! one `dispatch!` at the root.
//!
//! ```sh
//! cargo run --release -p bb-chess --example chess_perft_recursive -- 6
//! BB_BACKEND=scalar cargo run --release -p bb-chess --example chess_perft_recursive -- 6
//! ```
//!
//! Its counts equal `bb perft chess DEPTH`. The last line is `nodes N time S`.

use bb_chess::{Backend, MoveList, Position, specialize};
use std::process::ExitCode;
use std::time::Instant;

specialize! {
    /// Leaves of the legal move tree `depth` plies below `pos` (bulk counting at the last ply).
    fn perft<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return pos.count_legal_with(b);
        }
        let mut list = MoveList::new();
        pos.legal_moves_with(b, &mut list);
        if depth == 2 {
            // The children are only counted: no need to make them.
            return list.iter().map(|&mv| pos.count_legal_after_with(b, mv)).sum();
        }
        let mut nodes = 0;
        for &mv in list.iter() {
            nodes += perft(b, &pos.play(mv), depth - 1);
        }
        nodes
    }
}

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "6".into());
    let Ok(depth) = arg.parse::<u32>() else {
        eprintln!("usage: chess_perft_recursive [DEPTH] (DEPTH a number, default 6; got {arg:?})");
        return ExitCode::from(2);
    };
    // `dispatch!` honours BB_BACKEND; an unknown or unavailable name is reported, not panicked.
    let backend = match bb_chess::bb_simd::try_best_backend() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("chess_perft_recursive: {e}");
            return ExitCode::from(2);
        }
    };
    println!("backend {backend}");
    let pos = Position::startpos();
    let t0 = Instant::now();
    let nodes = bb_chess::dispatch!(backend, |b| perft(b, &pos, depth));
    println!("nodes {nodes} time {:.3}", t0.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
