//! Passed pawns beside the pieces: a free path, a safe stop square, and both kings' distance
//! to the square in front. (Which pawns are passed, and their bonus by rank, is a pawn-only
//! term: [`super::pawns`].)

use super::walk::{add, Accumulator, SideView};
use super::Full;
use crate::core::Bitboard;

impl Full {
    /// Passed pawns beside the pieces: a free path, and both kings' distance to the square in
    /// front.
    pub(super) fn passed_piece_terms<A: Accumulator>(
        &self,
        s: &SideView,
        passed: Bitboard,
        acc: &mut A,
    ) {
        let (p, color) = (&self.params, s.color);
        let enemy_king = s.board.king(!color);
        for sq in passed & s.own_pawns {
            let r = color.relative_rank(sq.rank()).index();
            let b = Bitboard::from_square(sq);
            if (b.front_span(color) & s.occupied).is_empty() {
                add!(acc, p, color, passed_free, r, 1);
            }
            if (b.forward(color) & s.them.all).is_empty() {
                add!(acc, p, color, passed_safe_stop, r, 1);
            }
            let stop = b.forward(color).lsb().unwrap_or(sq);
            add!(
                acc,
                p,
                color,
                passed_own_king,
                r,
                s.king.distance(stop) as i32
            );
            add!(
                acc,
                p,
                color,
                passed_enemy_king,
                r,
                enemy_king.distance(stop) as i32
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, net_count};
    use crate::eval::full::idx;

    #[test]
    fn safe_stop_squares() {
        // A passed pawn on d5 whose stop square d6 Black's king attacks, and one on a5 whose
        // stop a6 nothing attacks.
        let passers = board("8/4k3/8/P2P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&passers, idx::passed_safe_stop + 4), 1, "a5 only");
    }
}
