//! Shared helpers of the outcome and game tests: a seeded generator, the same game kept in
//! bb-chess and in shakmaty (the oracle), and the biased move choices that make random games
//! reach their ends.
#![allow(dead_code)]

use bb_chess::{Move, MoveKind, Piece, Position};
use shakmaty::{CastlingMode, Chess, Position as _, Role, fen::Fen};

/// `n` scaled by `BB_TEST_SCALE`, at least `min`.
pub fn scaled(n: usize, min: usize) -> usize {
    bb_simd::scaled(n, min)
}

/// SplitMix64: a small seeded generator, so that a failure replays.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }
}

/// The shakmaty position of a FEN (Chess960 castling mode reads standard FENs too).
pub fn shak(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    // The perft suite holds positions with checks no game reaches; shakmaty plays them all the
    // same once told to.
    fen.into_position(CastlingMode::Chess960)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .unwrap_or_else(|e| panic!("shakmaty rejects the position: {e}"))
}

fn role(p: Piece) -> Role {
    match p {
        Piece::Pawn => Role::Pawn,
        Piece::Knight => Role::Knight,
        Piece::Bishop => Role::Bishop,
        Piece::Rook => Role::Rook,
        Piece::Queen => Role::Queen,
        Piece::King => Role::King,
    }
}

/// shakmaty's legal move for `mv`, matched by squares and promotion (both libraries write
/// castling as king takes rook). Panics if shakmaty has no such legal move.
pub fn to_shak(pos: &Chess, mv: Move) -> shakmaty::Move {
    let from = u32::from(mv.from().to_u8());
    let to = u32::from(mv.to().to_u8());
    let promo = mv.kind().promotion().map(role);
    pos.legal_moves()
        .into_iter()
        .find(|m| {
            m.from().map(|s| s.to_u32()) == Some(from)
                && m.to().to_u32() == to
                && m.promotion() == promo
                && m.is_castle() == (mv.kind() == MoveKind::Castle)
                && m.is_en_passant() == (mv.kind() == MoveKind::EnPassant)
        })
        .unwrap_or_else(|| panic!("shakmaty has no legal move {mv:?}"))
}

/// Whether `mv` captures.
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::EnPassant => true,
        MoveKind::Castle => false,
        _ => pos.piece_at(mv.to()).is_some(),
    }
}

/// Whether `mv` resets the halfmove clock.
pub fn is_zeroing(pos: &Position, mv: Move) -> bool {
    is_capture(pos, mv) || matches!(pos.piece_at(mv.from()), Some((_, Piece::Pawn)))
}

/// How a random game chooses its moves.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// Mates when it can, else captures three times in four when there is a capture: material
    /// runs out, mates and bare kings come.
    Captures,
    /// Moves that keep the halfmove clock running fifteen times in sixteen: the fifty- and
    /// seventy-five-move rules come.
    Quiet,
}

/// One random legal move of `pos` in `style`; `None` if there is none.
pub fn pick(pos: &Position, rng: &mut Rng, style: Style) -> Option<Move> {
    let list = pos.legal_moves();
    if list.is_empty() {
        return None;
    }
    if let Style::Captures = style
        && let Some(&mate) = list.iter().find(|&&m| pos.play(m).is_checkmate())
    {
        return Some(mate);
    }
    let preferred: Vec<Move> = match style {
        Style::Captures if rng.chance(3, 4) => list
            .iter()
            .copied()
            .filter(|&m| is_capture(pos, m))
            .collect(),
        Style::Quiet if rng.chance(15, 16) => list
            .iter()
            .copied()
            .filter(|&m| !is_zeroing(pos, m))
            .collect(),
        _ => Vec::new(),
    };
    let from = if preferred.is_empty() {
        &list[..]
    } else {
        &preferred[..]
    };
    Some(from[rng.below(from.len())])
}
