//! A plain recursive Othello perft, written the way the crate documentation shows: generic over
//! the backend, `specialize!` around the recursive function, one `dispatch!` at the root.
//!
//! ```sh
//! cargo run --release -p bb-reversi --example perft_recursive -- 10
//! BB_BACKEND=scalar cargo run --release -p bb-reversi --example perft_recursive -- 10
//! ```
//!
//! It counts leaves the way Edax and Egaroucid do (a pass is a ply, a finished game is a leaf),
//! so its counts equal `bb perft reversi DEPTH`. The last line is `nodes N time S`.

use bb_reversi::{Backend, Bitboard, Board, specialize};
use std::process::ExitCode;
use std::time::Instant;

specialize! {
    /// Leaves of the game tree `depth` plies below `board`.
    fn perft<B: Backend>(b: B, board: Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = board.moves_with(b);
        if moves == 0 {
            let pass = board.pass();
            if pass.moves_with(b) == 0 {
                return 1; // the game is over: a leaf
            }
            return perft(b, pass, depth - 1);
        }
        if depth == 1 {
            return u64::from(moves.count_ones());
        }
        let mut nodes = 0;
        for sq in Bitboard(moves) {
            if let Some(next) = board.play_with(b, sq) {
                nodes += perft(b, next, depth - 1);
            }
        }
        nodes
    }
}

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "10".into());
    let Ok(depth) = arg.parse::<u32>() else {
        eprintln!("usage: perft_recursive [DEPTH] (DEPTH a number, default 10; got {arg:?})");
        return ExitCode::from(2);
    };
    // `dispatch!` honours BB_BACKEND; an unknown or unavailable name is reported, not panicked.
    let backend = match bb_reversi::bb_simd::try_best_backend() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("perft_recursive: {e}");
            return ExitCode::from(2);
        }
    };
    println!("backend {backend}");
    let t0 = Instant::now();
    let nodes = bb_reversi::dispatch!(backend, |b| perft(b, Board::START, depth));
    println!("nodes {nodes} time {:.3}", t0.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
