//! The counting half of `bb perft`: the tree cut into sub-trees shared among threads under
//! limits ([`split`]), and the chess and Othello counts on it ([`chess`], [`reversi`]). The
//! command prints; these modules only count.

pub mod chess;
pub mod reversi;
pub mod split;
