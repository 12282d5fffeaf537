//! Zobrist keys, generated at build time from the pinned SplitMix64 stream (seed
//! [`super::prng::ZOBRIST_SEED`]): 768 piece-square keys, 4 castling-right keys (a set of
//! rights hashes as the XOR of its members), 8 en-passant file keys and one side key.
//!
//! A Chess960 right whose rook is not on the standard file (h for `K`/`k`, a for `Q`/`q`)
//! also XORs in a key for its rook's file, so that two positions alike in everything but
//! which rook may castle hash apart. Those 32 keys are piece-square keys no position can use:
//! pawns on the first and last ranks (right `i` on file `f` takes the key of a pawn of colour
//! `i & 1` on file `f` of rank 1 for White's rights, rank 8 for Black's). Standard chess never
//! touches them, so its hashes are exactly what they were before Chess960.

use super::castling::{CastlingRights, CastlingRooks};
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

/// Key of a set of castling rights whose rooks stand on `rooks`: [`castling_key`] plus a
/// file key for each right whose rook is not on its standard file.
#[inline(always)]
pub fn castling_hash(rights: CastlingRights, rooks: &CastlingRooks) -> u64 {
    let mut key = castling_key(rights);
    if rooks.is_standard() {
        return key;
    }
    let standard = CastlingRooks::STANDARD.squares();
    for (i, sq) in rooks.squares().into_iter().enumerate() {
        if rights.bits() >> i & 1 != 0 && sq != standard[i] {
            key ^= castling_file_key(i, sq.file());
        }
    }
    key
}

/// The key of right `i` (0..4, `KQkq` order) belonging to a rook on `file`.
fn castling_file_key(i: usize, file: File) -> u64 {
    let rank = if i < 2 { 0 } else { 7 };
    let color = i & 1;
    ZOBRIST_PIECES[color * 6 * 64 + rank * 8 + file as usize]
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
