//! Integration tests of bb-chess, in one binary: one link instead of one per file.

mod chess_common;
mod game_common;
mod sliders_common;

mod api;
mod byteboard;
mod epd;
mod fen;
mod fuzz_corpus;
mod game;
mod legality;
mod movegen;
mod outcome;
mod perft;
mod san;
mod see;
mod setwise;
mod sliders;
