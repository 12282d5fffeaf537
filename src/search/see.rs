//! Static exchange evaluation: the material balance of the capture sequence on one square,
//! each side always recapturing with its least valuable attacker and free to stop.
//!
//! [`see_ge`] answers "does `mv` win at least `threshold`?" with the swap algorithm: it walks
//! the exchange with x-rays (a slider behind a capturer joins the attack when the capturer
//! leaves) and can stop as soon as the answer is known, which is cheaper than computing the
//! exact value. Pins are ignored (a pinned recapturer counts), the usual simplification.

use crate::core::attacks::{bishop_attacks, rook_attacks};
use crate::core::{Bitboard, Board, Move, Piece};

/// Piece values used by SEE (centipawns). The king's value makes any exchange that lets it be
/// captured lose.
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// The value SEE gives to `piece`.
#[inline(always)]
pub fn see_value(piece: Piece) -> i32 {
    SEE_VALUES[piece as usize]
}

/// What `mv` captures immediately, by SEE value (0 for quiet moves; a pawn for en passant),
/// plus the promotion gain.
#[inline]
pub fn capture_gain(board: &Board, mv: Move) -> i32 {
    let captured = if mv.is_en_passant() {
        see_value(Piece::Pawn)
    } else {
        board.piece_on(mv.to()).map_or(0, see_value)
    };
    let promotion = mv
        .promotion()
        .map_or(0, |p| see_value(p) - see_value(Piece::Pawn));
    captured + promotion
}

/// Whether the exchange started by the legal move `mv` gains at least `threshold` for the side
/// to move.
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    // Castling and en passant never lose material to the first recapture analysis below;
    // treat them as even exchanges.
    if mv.is_castle() || mv.is_en_passant() {
        return threshold <= 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let mut swap = capture_gain(board, mv) - threshold;
    if swap < 0 {
        return false;
    }
    let moved = mv
        .promotion()
        .unwrap_or_else(|| board.piece_on(from).unwrap_or(Piece::Pawn));
    swap = see_value(moved) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ from ^ to;
    let mut attackers = board.attackers_to(to, occupied) & occupied;
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let orthogonal = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut side = board.side_to_move();
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let (piece, square) = least_valuable(board, ours);
        if piece == Piece::King {
            // The king may only capture last: if the other side still attacks, it cannot.
            return if (attackers & board.color(!side)).any() {
                !result
            } else {
                result
            };
        }
        swap = see_value(piece) - swap;
        if swap < result as i32 {
            break;
        }
        occupied ^= square;
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= rook_attacks(to, occupied) & orthogonal;
        }
    }
    result
}

fn least_valuable(board: &Board, attackers: Bitboard) -> (Piece, Bitboard) {
    for piece in Piece::ALL {
        let set = attackers & board.pieces(piece);
        if let Some(sq) = set.lsb() {
            return (piece, Bitboard::from_square(sq));
        }
    }
    unreachable!("called with a non-empty attacker set")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> impl Fn(i32) -> bool {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci).unwrap();
        move |t| see_ge(&board, mv, t)
    }

    /// The exact SEE value is the largest threshold that `see_ge` accepts.
    fn exact(f: impl Fn(i32) -> bool) -> i32 {
        (-2000..=2000).rev().find(|&t| f(t)).unwrap()
    }

    #[test]
    fn undefended_pawn_wins_a_pawn() {
        // Rxe5: the black pawn on e5 is undefended.
        assert_eq!(
            exact(see_of(
                "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
                "e1e5"
            )),
            100
        );
    }

    #[test]
    fn defended_pawn_taken_by_knight_loses_two_pawns() {
        // Nxe5 dxe5 (pawn on d6 recaptures; knight for pawn): 100 - 300 = -200.
        assert_eq!(
            exact(see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            )),
            -200
        );
    }

    #[test]
    fn xray_recapture_counts() {
        // Rxd5 with a second rook behind (x-ray); black defends d5 once with the rook on d8:
        // Rxd5 Rxd5 Rxd5 wins a pawn: +100.
        assert_eq!(
            exact(see_of("3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5")),
            100
        );
    }

    #[test]
    fn quiet_move_to_an_attacked_square_loses_the_piece() {
        // Qd4 where the black pawn on e5 attacks d4: the queen is lost for nothing.
        assert_eq!(
            exact(see_of("4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1", "d1d4")),
            -900
        );
        // A quiet move to a safe square is even.
        assert_eq!(exact(see_of("4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1", "d1a4")), 0);
    }
}
