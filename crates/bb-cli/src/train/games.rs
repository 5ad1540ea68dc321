//! The training positions: games from the start position, half of them random and half
//! played by a mobility heuristic with some randomness (the solver meets positions of sensible
//! play), cut into one position per number of empty squares, without duplicates.

use super::rng::{Rng, nth_bit};
use bb_reversi::{Board, Square};
use std::collections::HashSet;

/// Corners: a move there is worth more to the heuristic player.
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares next to the corners (X and C squares), which give corners away.
const NEAR_CORNERS: u64 = 0x42C3_0000_0000_C342;

/// Empty squares of `board`.
#[must_use]
pub fn empties(board: Board) -> u32 {
    (!(board.p | board.o)).count_ones()
}

/// A move of the heuristic player: with probability 1/4 a random one, else the one leaving
/// the opponent the fewest moves (corners counted three times), preferring corners and
/// avoiding the squares next to them; ties broken at random.
fn heuristic_move(board: Board, moves: u64, rng: &mut Rng) -> u32 {
    let n = moves.count_ones();
    if rng.chance(1, 4) {
        return nth_bit(moves, rng.below(u64::from(n)) as u32).unwrap_or(0);
    }
    let mut best = (i32::MAX, 0u64, 0u32);
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let Some(next) = Square::new(sq as u8).and_then(|s| board.play(s)) else {
            continue;
        };
        let replies = next.moves();
        let bit = 1u64 << sq;
        let cost = replies.count_ones() as i32 + 2 * (replies & CORNERS).count_ones() as i32
            - 6 * i32::from(bit & CORNERS != 0)
            + 3 * i32::from(bit & NEAR_CORNERS != 0);
        let tie = rng.next_u64();
        if (cost, tie) < (best.0, best.1) {
            best = (cost, tie, sq);
        }
    }
    best.2
}

/// Plays game `index` of `seed` to its end and returns the position before each move (and
/// the final one), passes left out: random moves when `index` is even, the heuristic player's
/// when odd.
#[must_use]
pub fn play_game(seed: u64, index: u64) -> Vec<Board> {
    let mut rng = Rng::stream(seed, index);
    let random = index.is_multiple_of(2);
    let mut board = Board::START;
    let mut seen = Vec::with_capacity(61);
    loop {
        let mut moves = board.moves();
        if moves == 0 {
            board = board.pass();
            moves = board.moves();
            if moves == 0 {
                seen.push(board);
                return seen;
            }
        }
        seen.push(board);
        let sq = if random {
            nth_bit(moves, rng.below(u64::from(moves.count_ones())) as u32).unwrap_or(0)
        } else {
            heuristic_move(board, moves, &mut rng)
        };
        match Square::new(sq as u8).and_then(|s| board.play(s)) {
            Some(next) => board = next,
            None => return seen,
        }
    }
}

/// For each number of empties in `min..=max` (index `e - min`), the distinct positions of
/// `games` games of `seed` with that many empties, in game order.
#[must_use]
pub fn positions(seed: u64, games: u64, min: u32, max: u32) -> Vec<Vec<Board>> {
    let mut by_empties = vec![Vec::new(); (max - min + 1) as usize];
    let mut seen = HashSet::new();
    for g in 0..games {
        for b in play_game(seed, g) {
            let e = empties(b);
            if (min..=max).contains(&e)
                && seen.insert(b)
                && let Some(v) = by_empties.get_mut((e - min) as usize)
            {
                v.push(b);
            }
        }
    }
    by_empties
}
