//! chainmate: a bitboard chess engine and a laboratory for the search and evaluation ideas of
//! five chess-AI papers.
//!
//! * [`core`]: bitboards, squares, moves, positions, FEN, legal move generation.
//! * [`perft`]: move-path enumeration, the move generator's test and benchmark.

#![warn(missing_docs)]

pub mod bench;
pub mod cli;
pub mod core;
pub mod epd;
pub mod eval;
pub mod experiment;
pub mod lab;
pub mod perft;
pub mod pgn;
pub mod search;
pub mod suite;
pub mod tournament;
pub mod tune;
pub mod uci;
