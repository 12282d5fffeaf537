//! Threats: enemy pieces attacked by each kind of attacker, hanging pieces, pieces the king
//! can take, the defence of our own, and the pieces a safe pawn push would attack.

use super::walk::{add, Accumulator, SideView};
use super::Full;
use crate::core::attacks::pawn_attacks_set;
use crate::core::Piece;

impl Full {
    /// Threats on the enemy's pieces by each kind of attacker, hanging pieces, and the
    /// defence of our own.
    pub(super) fn threat_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, us, board) = (&self.params, s.color, s.us, s.board);
        let minors = us.by_piece[Piece::Knight.index()] | us.by_piece[Piece::Bishop.index()];
        let rooks = us.by_piece[Piece::Rook.index()];
        let queens = us.by_piece[Piece::Queen.index()];
        let enemy_pieces = board.color(!color) - board.colored(!color, Piece::King);
        // Threats by kind of attacker and of victim: one count per attacked enemy piece (few
        // are attacked, so this walks fewer squares than counting each pair of kinds).
        let victim = |sq| board.piece_on(sq).map_or(0, Piece::index);
        for sq in enemy_pieces & us.pawn_attacks {
            add!(acc, p, color, threat_by_pawn, victim(sq), 1);
        }
        for sq in enemy_pieces & minors {
            add!(acc, p, color, threat_by_minor, victim(sq), 1);
        }
        for sq in enemy_pieces & rooks {
            add!(acc, p, color, threat_by_rook, victim(sq), 1);
        }
        for sq in enemy_pieces & queens {
            add!(acc, p, color, threat_by_queen, victim(sq), 1);
        }
        for own in [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ] {
            let defended_own = (board.colored(color, own) & us.all).popcount() as i32;
            add!(acc, p, color, defended, own.index(), defended_own);
        }
        let undefended = !s.them.all;
        let hanging_pieces = (enemy_pieces & us.all & undefended).popcount() as i32;
        add!(acc, p, color, hanging, hanging_pieces);
        let king_reach = us.by_piece[Piece::King.index()];
        let king_takes = (enemy_pieces & king_reach & undefended).popcount() as i32;
        add!(acc, p, color, threat_by_king, king_takes);
        let pushes = s.own_pawns.forward(color) - s.occupied;
        let safe = (pushes - s.them.pawn_attacks) & (us.all | !s.them.all);
        let targets = enemy_pieces - board.colored(!color, Piece::Pawn);
        let push_threats = (pawn_attacks_set(color, safe) & targets).popcount() as i32;
        add!(acc, p, color, pawn_push_threat, push_threats);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, net_count};
    use crate::eval::full::idx;

    #[test]
    fn push_threats() {
        // e4-e5 would attack the knight on d6: e5 is empty and no black pawn guards it.
        let threat = board("4k3/8/3n4/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&threat, idx::pawn_push_threat), 1);
        // With a black pawn on f6 guarding e5, the push is not safe.
        let guarded = board("4k3/8/3n1p2/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&guarded, idx::pawn_push_threat), 0);
    }
}
