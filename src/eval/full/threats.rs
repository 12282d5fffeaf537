//! Threats: enemy pieces attacked by each kind of attacker, hanging pieces, pieces the king
//! can take, the defence of our own, and the pieces a safe pawn push would attack.

use super::walk::{add, Accumulator, SideView};
use super::Full;
use crate::core::attacks::{bishop_attacks, knight_attacks, pawn_attacks_set, rook_attacks};
use crate::core::{Bitboard, Piece};

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
        // Squares the enemy holds strongly: its pawns attack them, or it attacks them twice
        // where we do not.
        let them = s.them;
        let strongly_held = them.pawn_attacks | (them.twice - us.twice);
        let restricted = (them.all & us.all) - strongly_held;
        add!(acc, p, color, restricted, restricted.popcount() as i32);
        let enemy_queens = board.colored(!color, Piece::Queen);
        if enemy_queens.any() && !enemy_queens.more_than_one() {
            let q = enemy_queens.lsb().expect("one queen");
            let mobility_area =
                !(s.own_pawns | board.colored(color, Piece::King) | them.pawn_attacks);
            let safe = mobility_area - strongly_held;
            let knight = us.by_piece[Piece::Knight.index()] & knight_attacks(q) & safe;
            add!(
                acc,
                p,
                color,
                queen_attack_square,
                0,
                knight.popcount() as i32
            );
            let sliders = (us.by_piece[Piece::Bishop.index()] & bishop_attacks(q, s.occupied))
                | (us.by_piece[Piece::Rook.index()] & rook_attacks(q, s.occupied));
            let slider = sliders & safe & us.twice;
            add!(
                acc,
                p,
                color,
                queen_attack_square,
                1,
                slider.popcount() as i32
            );
        }
        let own_pieces = board.color(color) - s.own_pawns - board.colored(color, Piece::King);
        let overloaded: Bitboard = own_pieces & (us.all - us.twice) & (them.all - them.twice);
        add!(acc, p, color, overloaded, overloaded.popcount() as i32);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, net_count};
    use crate::eval::full::idx;

    #[test]
    fn restricted_squares() {
        // The rooks contest a2–a7. White's knight on c3 attacks a2 and a4 too, so White holds
        // those two strongly: White restricts Black on six squares, Black White on four.
        let b = board("r3k3/8/8/8/8/2N5/8/R3K3 w - - 0 1");
        assert_eq!(net_count(&b, idx::restricted), 6 - 4);
    }

    #[test]
    fn squares_to_attack_the_queen_from() {
        // The knight on e2 reaches c3 and f4, from where it would attack the queen on d5;
        // neither square is held by Black.
        let b = board("7k/8/8/3q4/8/8/4N3/K7 w - - 0 1");
        assert_eq!(net_count(&b, idx::queen_attack_square), 2);
        assert_eq!(net_count(&b, idx::queen_attack_square + 1), 0);
    }

    #[test]
    fn overloaded_pieces() {
        // The knight on d4 is attacked once (the rook on d8) and defended once (the rook on
        // d1); the rook on d8 is not attacked.
        let b = board("3rk3/8/8/8/3N4/8/8/3R3K w - - 0 1");
        assert_eq!(net_count(&b, idx::overloaded), 1);
    }

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
