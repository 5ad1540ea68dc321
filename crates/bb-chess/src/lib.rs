//! Chess bitboard kernels for engines: sliding-piece attacks in every known technique (Hyperbola
//! Quintessence and its SSSE3 / AVX2 / AVX-512 forms, PEXT, fancy magics), set-wise and leaper
//! attacks, legal move generation, perft and a byteboard, each compiled for every instruction
//! set of [`bb_simd`] (re-exported, with [`bb_core`]: this crate is the only dependency an
//! engine needs).
//!
//! # An engine author's walk-through
//!
//! Parse a FEN, loop over the legal moves, check a move from a hash table before trusting it,
//! order captures by static exchange, read and write SAN, and ask a game whether it is over:
//!
//! ```
//! use bb_chess::{Game, Move, MoveKind, Outcome, Position};
//!
//! // Kiwipete: a FEN in, the legal moves out.
//! let pos: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()
//!     .unwrap();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 48);
//!
//! // A hash-table move is 16 bits that may come from another position (or a collision):
//! // check it before playing it. `play` trusts its move; `is_legal` and `try_play` do not.
//! let from_table = Move::from_bits(0xBEEF);
//! assert!(!pos.is_legal(from_table));
//! assert!(pos.try_play(from_table).is_err());
//! let hash_move = moves[0];
//! assert!(pos.is_legal(hash_move));
//!
//! // Captures first, the best static exchange first; `see_ge` prunes losing ones cheaply.
//! let mut captures: Vec<Move> = moves
//!     .iter()
//!     .copied()
//!     .filter(|m| {
//!         m.kind() == MoveKind::EnPassant
//!             || (m.kind() != MoveKind::Castle && pos.piece_at(m.to()).is_some())
//!     })
//!     .collect();
//! captures.sort_by_key(|&m| -pos.see(m));
//! let best = captures[0];
//! assert!(pos.see_ge(best, 0));
//!
//! // SAN both ways: what a GUI, a PGN or a test suite speaks.
//! let bxa6 = pos.parse_san("Bxa6").unwrap();
//! assert_eq!(pos.san(bxa6).to_string(), "Bxa6");
//!
//! // A game keeps the history that repetition needs; `outcome` says when it is over.
//! let mut game = Game::startpos();
//! for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play_uci(uci).unwrap();
//! }
//! assert!(matches!(game.outcome(), Some(Outcome::Checkmate { .. })));
//! let mut shuffle = Game::startpos();
//! for _ in 0..2 {
//!     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
//!         shuffle.play_uci(uci).unwrap();
//!     }
//! }
//! assert!(shuffle.is_threefold_repetition() && shuffle.can_claim_draw());
//! ```
//!
//! # Writing a search
//!
//! Write the search generic over a [`Backend`] token inside [`specialize!`], call the token
//! forms (`legal_moves_with`, `count_legal_with`, [`rook_attacks_with`], ...), and dispatch once
//! at the root. `specialize!` keeps every recursion level in code compiled for the backend.
//!
//! ```
//! use bb_chess::{Backend, MoveList, Position, specialize};
//!
//! specialize! {
//!     fn perft<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
//!         if depth == 1 {
//!             return pos.count_legal_with(b); // bulk counting
//!         }
//!         let mut list = MoveList::new();
//!         pos.legal_moves_with(b, &mut list);
//!         list.iter().map(|&m| perft(b, &pos.play(m), depth - 1)).sum()
//!     }
//! }
//!
//! // One dispatch at the root: the CPU's best backend, or BB_BACKEND's.
//! let nodes = bb_chess::dispatch!(|b| perft(b, &Position::startpos(), 4));
//! assert_eq!(nodes, 197_281);
//! ```
//!
//! Outside the search, the calls without a token choose the backend themselves
//! ([`bb_simd::auto!`]; a `BB_BACKEND` that names no backend, or one this CPU lacks, is
//! reported once on stderr and ignored; programs that prefer to refuse it call
//! [`bb_simd::try_best_backend`] once at start-up):
//!
//! ```
//! use bb_chess::{Bitboard, Position, Square, rook_attacks};
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(pos.perft(2), 400);
//! let a = rook_attacks(Square::A1, pos.occupied());
//! assert_eq!(a, Bitboard(Square::A2.bit() | Square::B1.bit()));
//! ```
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod attacks;
pub mod byteboard;
mod color;
#[cfg(feature = "alloc")]
pub mod epd;
#[cfg(feature = "alloc")]
pub mod game;
pub mod leapers;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
mod piece;
pub mod position;
pub mod san;
pub mod see;
pub mod setwise;
pub mod sliders;
pub mod tables;
pub mod uci;

#[cfg(test)]
mod tablegen;

pub use attacks::{
    bishop_attacks, bishop_attacks_with, queen_attacks, queen_attacks_with, rook_attacks,
    rook_attacks_with,
};
// Everything a user of this crate needs, so that it is the only dependency.
pub use bb_core::{self, Bitboard, File, Rank, Square};
pub use bb_simd::{self, AnyBackend, Backend, Scalar, auto, dispatch, specialize};
pub use color::Color;
#[cfg(feature = "alloc")]
pub use game::Game;
pub use movegen::MoveList;
pub use moves::{Move, MoveKind};
pub use outcome::{Draw, Outcome};
pub use piece::Piece;
pub use position::{CastleSide, CastlingRights, FenError, FenField, IllegalMove, Position};
pub use san::{San, SanError};
pub use see::SEE_VALUES;
pub use uci::{UciError, UciString};

/// The crate README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
