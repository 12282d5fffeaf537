//! Passed pawns beside the pieces: a free path, a safe stop square, a safe path, a rook or
//! queen behind, and both kings' distance to the square in front. (Which pawns are passed, and their bonus by rank, is a pawn-only
//! term: [`super::pawns`].)

use super::walk::{add, Accumulator, SideView};
use super::Full;
use crate::core::Bitboard;

impl Full {
    /// Passed pawns beside the pieces: a free path, a safe stop square and a safe path (no enemy
    /// piece or attack on it), the nearest piece behind on the file when it is a rook or queen
    /// (ours or theirs), and both kings' distance to the square in front.
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
            let path = b.front_span(color);
            if (path & (s.them.all | s.board.color(!color))).is_empty() {
                add!(acc, p, color, passed_safe_path, r, 1);
            }
            let behind = b.front_span(!color) & s.occupied;
            let nearest = match color {
                crate::core::Color::White => behind.msb(),
                crate::core::Color::Black => behind.lsb(),
            };
            if let Some(back) = nearest {
                let majors = s.board.pieces(crate::core::Piece::Rook)
                    | s.board.pieces(crate::core::Piece::Queen);
                if majors.contains(back) {
                    let theirs = s.board.color(!color).contains(back);
                    add!(acc, p, color, passed_rook_behind, usize::from(theirs), 1);
                }
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

    #[test]
    fn safe_paths_and_rooks_behind() {
        // White's b6 passer: b7 and b8 empty and unattacked (Black's king on g8 is far), with
        // White's rook on b1 behind it. Black's h-pawn on h3, on its sixth rank too, has h2
        // under White's king on g1, so its path is not safe.
        let b = board("6k1/8/1P6/8/8/7p/8/1R4K1 w - - 0 1");
        assert_eq!(net_count(&b, idx::passed_safe_path + 5), 1, "b6 alone");
        assert_eq!(
            net_count(&b, idx::passed_rook_behind),
            1,
            "White's own rook behind b6"
        );
        assert_eq!(
            net_count(&b, idx::passed_rook_behind + 1),
            0,
            "no enemy rook behind either"
        );
        // A rook behind with a piece between does not count: a white knight on b3.
        let b = board("6k1/8/1P6/8/8/1N5p/8/1R4K1 w - - 0 1");
        assert_eq!(net_count(&b, idx::passed_rook_behind), 0);
        // The enemy's rook behind the passer: Black's rook on b1, White's pawn on b6.
        let b = board("6k1/8/1P6/8/8/8/6K1/1r6 w - - 0 1");
        assert_eq!(net_count(&b, idx::passed_rook_behind + 1), 1);
    }
}
