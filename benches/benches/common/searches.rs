//! The recursive searches that `recursion` (whole runs, interleaved rounds) and `api`
//! (criterion) time: an Othello perft (convention A, bulk counting at the last ply) and a chess
//! perft (bulk counting), each written the ways an engine author can call bb.
#![allow(dead_code)] // each bench uses some of them

use bb_chess::{MoveList, Position};
use bb_reversi::{Backend, Bitboard, Board, specialize};

specialize! {
    /// The `perft_recursive` example's perft: `specialize!` and the token methods.
    pub fn perft_specialized<B: Backend>(b: B, board: Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = board.moves_with(b);
        if moves == 0 {
            let pass = board.pass();
            if pass.moves_with(b) == 0 {
                return 1;
            }
            return perft_specialized(b, pass, depth - 1);
        }
        if depth == 1 {
            return u64::from(moves.count_ones());
        }
        let mut nodes = 0;
        for sq in Bitboard(moves) {
            if let Some(next) = board.play_with(b, sq) {
                nodes += perft_specialized(b, next, depth - 1);
            }
        }
        nodes
    }
}

/// Word for word `perft_specialized`, without the macro.
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
    let mut nodes = 0;
    for sq in Bitboard(moves) {
        if let Some(next) = board.play_with(b, sq) {
            nodes += perft_plain(b, next, depth - 1);
        }
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
    let mut nodes = 0;
    for sq in Bitboard(moves) {
        if let Some(next) = board.play(sq) {
            nodes += perft_high_level(next, depth - 1);
        }
    }
    nodes
}

specialize! {
    /// The chess `perft_recursive` example's perft.
    pub fn chess_specialized<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return pos.count_legal_with(b);
        }
        let mut list = MoveList::new();
        pos.legal_moves_with(b, &mut list);
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
