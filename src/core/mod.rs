//! The board core: squares, bitboards, moves, positions, FEN, legal move generation.
//!
//! `core` depends on nothing else in the crate; everything else depends on it.

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod chess960;
pub mod fen;
pub mod geometry;
pub mod move_error;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod prng;
pub mod square;
pub mod tables;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, CheckInfo, STARTPOS_FEN};
pub use castling::{CastleSide, CastlingRights, CastlingRooks};
pub use fen::FenError;
pub use move_error::MoveError;
pub use movegen::GenType;
pub use moves::{Move, MoveKind, MoveList, UciMove, MAX_MOVES};
pub use piece::{Color, Piece};
pub use position::Position;
pub use square::{File, Rank, Square};
