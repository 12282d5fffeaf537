//! Plain attack sets, as the evaluators see them.
//!
//! "Attacks" here are the squares a piece could capture on if an enemy piece stood there,
//! with the current occupancy as the blockers: no x-rays through other pieces, and no
//! legality (a pinned piece still attacks, a king attacks squares the enemy defends). That is
//! what the papers' "attacked", "threatened", "defended" and "can capture in the next move"
//! amount to once the rule-of-thumb vagueness is removed, and it is cheap: one table lookup
//! per piece.

use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks_set, rook_attacks,
};
use crate::core::{Bitboard, Board, Color, Piece};

pub use crate::core::attacks::piece_attacks;

/// Every square at least one of `color`'s pieces attacks.
#[inline]
pub fn attacked_by(board: &Board, color: Color) -> Bitboard {
    let occupied = board.occupied();
    let mut set = pawn_attacks_set(color, board.colored(color, Piece::Pawn))
        | king_attacks(board.king(color));
    for sq in board.colored(color, Piece::Knight) {
        set |= knight_attacks(sq);
    }
    for sq in board.colored(color, Piece::Bishop) | board.colored(color, Piece::Queen) {
        set |= bishop_attacks(sq, occupied);
    }
    for sq in board.colored(color, Piece::Rook) | board.colored(color, Piece::Queen) {
        set |= rook_attacks(sq, occupied);
    }
    set
}
