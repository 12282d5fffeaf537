//! Zobrist keys, generated at build time from the pinned SplitMix64 stream (seed
//! [`super::prng::ZOBRIST_SEED`]): 768 piece-square keys, 4 castling-right keys (a set of
//! rights hashes as the XOR of its members), 8 en-passant file keys and one side key.

use super::castling::CastlingRights;
use super::piece::{Color, Piece};
use super::square::{File, Square};
use super::tables::{
    ZOBRIST_CASTLING, ZOBRIST_CASTLING_SINGLE, ZOBRIST_EP, ZOBRIST_PIECES, ZOBRIST_SIDE,
};

/// Key of `piece` of `color` standing on `sq`.
#[inline(always)]
pub fn piece_key(color: Color, piece: Piece, sq: Square) -> u64 {
    ZOBRIST_PIECES[(color as usize * 6 + piece as usize) * 64 + sq as usize]
}

/// Key of a set of castling rights (0 for no rights).
#[inline(always)]
pub fn castling_key(rights: CastlingRights) -> u64 {
    ZOBRIST_CASTLING[rights.bits() as usize]
}

/// Key of an en-passant capture being possible on `file`.
#[inline(always)]
pub fn ep_key(file: File) -> u64 {
    ZOBRIST_EP[file as usize]
}

/// Key XORed in when Black is to move.
pub const SIDE_KEY: u64 = ZOBRIST_SIDE;

/// Every independent key (piece-squares, single castling rights, en-passant files, side), for
/// the test that they are all distinct and non-zero.
pub fn all_keys() -> Vec<u64> {
    let mut keys = ZOBRIST_PIECES.to_vec();
    keys.extend_from_slice(&ZOBRIST_CASTLING_SINGLE);
    keys.extend_from_slice(&ZOBRIST_EP);
    keys.push(ZOBRIST_SIDE);
    keys
}
