//! The recursive searches that `recursion` (whole runs, interleaved rounds) and `api`
//! (criterion) time: an Othello perft (convention A, bulk counting at the last ply) and a chess
//! perft (bulk counting), each written the ways an engine author can call bb.
#![allow(dead_code)] // each bench uses some of them

use bb_chess::{MoveList, Position};
use bb_reversi::{Backend, Bitboard, Board, Square, specialize};

/// The reversi `perft_recursive` example itself.
#[path = "../../../crates/bb-reversi/examples/perft_recursive.rs"]
#[allow(dead_code, unreachable_pub)]
mod reversi_example;

/// The `perft_recursive` example's perft: `specialize!` and the token methods.
pub use reversi_example::perft as perft_specialized;
use reversi_example::{one_below, three_below};

/// Word for word the example's `perft`, without the macro (its `three_below` is an
/// `#[inline(always)]` function, shared).
pub fn perft_plain<B: Backend>(b: B, board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves_with(b);
    if moves == 0 {
        let pass = board.pass();
        if pass.moves_with(b) == 0 {
            return 1;
        }
        return perft_plain(b, pass, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    if depth == 3 {
        return three_below(b, board, moves);
    }
    let mut nodes = 0;
    for sq in Bitboard(moves) {
        nodes += perft_plain(b, board.play_legal_with(b, sq), depth - 1);
    }
    nodes
}

/// The same recursion through the dispatching methods.
pub fn perft_high_level(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves == 0 {
        let pass = board.pass();
        if pass.moves() == 0 {
            return 1;
        }
        return perft_high_level(pass, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    if depth == 2 {
        let mut rest = moves;
        let mut nodes = 0;
        while rest.count_ones() >= 4 {
            let mut kids = [board; 4];
            for kid in &mut kids {
                let sq = Square::new_masked(rest.trailing_zeros() as u8);
                rest &= rest - 1;
                *kid = board.play_legal(sq);
            }
            for kid in kids {
                nodes += one_below(kid.moves());
            }
        }
        for sq in Bitboard(rest) {
            nodes += one_below(board.play_legal(sq).moves());
        }
        return nodes;
    }
    let mut nodes = 0;
    for sq in Bitboard(moves) {
        nodes += perft_high_level(board.play_legal(sq), depth - 1);
    }
    nodes
}

specialize! {
    /// The chess `chess_perft_recursive` example's perft.
    pub fn chess_specialized<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return pos.count_legal_with(b);
        }
        let mut list = MoveList::new();
        pos.legal_moves_with(b, &mut list);
        if depth == 2 {
            return list.iter().map(|&mv| pos.count_legal_after_with(b, mv)).sum();
        }
        let mut nodes = 0;
        for &mv in list.iter() {
            nodes += chess_specialized(b, &pos.play(mv), depth - 1);
        }
        nodes
    }
}

/// Word for word `chess_specialized`, without the macro.
pub fn chess_plain<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_with(b);
    }
    let mut list = MoveList::new();
    pos.legal_moves_with(b, &mut list);
    if depth == 2 {
        return list
            .iter()
            .map(|&mv| pos.count_legal_after_with(b, mv))
            .sum();
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        nodes += chess_plain(b, &pos.play(mv), depth - 1);
    }
    nodes
}

/// The same recursion through the dispatching methods.
pub fn chess_high_level(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal();
    }
    let mut nodes = 0;
    for &mv in pos.legal_moves().iter() {
        nodes += chess_high_level(&pos.play(mv), depth - 1);
    }
    nodes
}
