//! A recursive Othello perft, written the way the crate documentation shows: generic over the
//! backend, `specialize!` around the recursive function, one `dispatch!` at the root, and the
//! parents of the leaves counted inside the level above them, each played one ahead of the
//! one being counted, playing four children side by side.
//!
//! ```sh
//! cargo run --release -p bb-reversi --example perft_recursive -- 10
//! BB_BACKEND=scalar cargo run --release -p bb-reversi --example perft_recursive -- 10
//! ```
//!
//! It counts leaves the way Edax and Egaroucid do (a pass is a ply, a finished game is a leaf),
//! so its counts equal `bb perft reversi DEPTH`. The last line is `nodes N time S`. The
//! crate's tests and the `recursion` bench run this file's `perft` as it is.

use bb_reversi::{Backend, Bitboard, Board, Square, specialize};
use std::process::ExitCode;
use std::time::Instant;

specialize! {
    /// Leaves of the game tree `depth` plies below `board`.
    pub fn perft<B: Backend>(b: B, board: Board, depth: u32) -> u64 {
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
        if depth == 3 {
            return three_below(b, board, moves);
        }
        let mut nodes = 0;
        for sq in Bitboard(moves) {
            nodes += perft(b, board.play_legal_with(b, sq), depth - 1);
        }
        nodes
    }
}

/// The leaves three plies below `board`, whose moves are `moves`: each child is a parent of
/// leaves, counted here by [`two_below`] and not in a call of its own. (Counting it from a
/// `depth == 2` case makes that call whenever the depth from the root is even: `specialize!`
/// inlines every other level.) Each child is played, and its replies found, one child ahead:
/// that flip and mobility are a dependent chain, and `two_below` fills the core's window, so a
/// child played when its turn came would wait for its chain at every parent of leaves.
#[inline(always)]
pub fn three_below<B: Backend>(b: B, board: Board, moves: u64) -> u64 {
    let mut nodes = 0;
    let mut squares = Bitboard(moves).into_iter();
    let Some(first) = squares.next() else {
        return 0;
    };
    let mut next = board.play_legal_with(b, first);
    let mut next_replies = next.moves_with(b);
    loop {
        let (child, replies) = (next, next_replies);
        let more = squares.next();
        if let Some(sq) = more {
            next = board.play_legal_with(b, sq);
            next_replies = next.moves_with(b);
        }
        nodes += if replies != 0 {
            two_below(b, child, replies)
        } else {
            // The child passes: its leaves are its opponent's replies (one if none).
            one_below(child.pass().moves_with(b))
        };
        if more.is_none() {
            return nodes;
        }
    }
}

/// The leaves two plies below `board`, whose moves are `moves`. Each child is a flip and then a
/// mobility, one dependent chain; four children written side by side give the core four
/// independent chains to overlap (perft 11 on a Zen 4: 9-20 % faster than one child at a time,
/// see docs/backends.md). One loop per step (play the four, then their replies, then count):
/// the count of four replies is then one vector popcount on backends without POPCNT (SSE2,
/// SSSE3), where counting each child as it comes cost about 4 % more instructions at perft 10.
/// `for` loops, not `array::map`: a closure that does not inline loses the backend's
/// instructions.
#[inline(always)]
pub fn two_below<B: Backend>(b: B, board: Board, mut moves: u64) -> u64 {
    let mut nodes = 0;
    while moves.count_ones() >= 4 {
        let mut kids = [board; 4];
        for kid in &mut kids {
            let sq = Square::new_masked(moves.trailing_zeros() as u8);
            moves &= moves - 1;
            *kid = board.play_legal_with(b, sq);
        }
        let mut replies = [0; 4];
        for (r, kid) in replies.iter_mut().zip(kids) {
            *r = kid.moves_with(b);
        }
        for r in replies {
            nodes += one_below(r);
        }
    }
    for sq in Bitboard(moves) {
        nodes += one_below(board.play_legal_with(b, sq).moves_with(b));
    }
    nodes
}

/// The leaves one ply below a position whose moves are `moves`: a pass, or the end of the game,
/// is one leaf.
#[inline(always)]
pub fn one_below(moves: u64) -> u64 {
    u64::from(moves.count_ones().max(1))
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
