//! Board features of paper 004 that more than one evaluator reads: the centre squares, the
//! four shelter zones of a king, and the development facts inferred from placement. Paper
//! 004's own evaluator (`tsvetkov`) weighs them with the paper's numbers, the engine's
//! ([`super::full`]) with fitted ones; both read them from here, so neither depends on the
//! other.
//!
//! # Development without game history
//!
//! "Knight moved before bishop", "queen/rook moved before two minor pieces" and "a piece
//! played twice" are facts about the game's history, not the position. An evaluation that
//! reads history breaks the transposition table (two move orders reaching one position would
//! get different scores under one hash key) unless the history goes into the hash, which would
//! stop transpositions being recognised at all. We therefore infer everything from the
//! placement, so an evaluation stays a pure function of the [`Board`]:
//!
//! * a piece not on one of its home squares has moved ("developed");
//! * *knight before bishop*: at least one knight is developed and no fewer knights than
//!   bishops are;
//! * *early queen / rook*: a queen off d1 (a rook off a1/h1) while fewer than two minor
//!   pieces are developed;
//! * *moved twice*: a knight, bishop, rook, queen or king standing on a square that none of
//!   its home squares reaches in one move on an empty board (castling counts as one king
//!   move; a castled rook on f1/d1 is one move from home).
//!
//! Limits: the inference sees only the present. A knight that went b1–d2–f3 stands on a
//! square one knight move from g1 and looks fresh; a bishop that left and came back looks
//! undeveloped; a bonus earned by the order of earlier moves disappears when the position no
//! longer shows it (developing the second bishop before the second knight ends the knight
//! bonus). Captured pieces count as neither home nor developed.

use crate::core::attacks::{bishop_rays, king_attacks, knight_attacks, rook_rays};
use crate::core::{Bitboard, Board, Color, Piece, Square};

/// Builds the 64 sets "squares at these (file, rank) offsets from `sq`".
const fn offset_table(deltas: [(i8, i8); 4]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < 4 {
            let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Cross shelter: two squares away along the rank or file.
static CROSS_SHELTER: [u64; 64] = offset_table([(2, 0), (-2, 0), (0, 2), (0, -2)]);
/// Diagonal shelter: two squares away along a diagonal.
static DIAGONAL_SHELTER: [u64; 64] = offset_table([(2, 2), (2, -2), (-2, 2), (-2, -2)]);

/// d4, e4, d5, e5.
pub const CENTRE: Bitboard =
    Bitboard::from_squares([Square::D4, Square::E4, Square::D5, Square::E5]);

/// The four shelter zones of a king on `sq`: immediate, cross, diagonal, sinuous.
#[inline(always)]
pub fn shelter_zones(sq: Square) -> [Bitboard; 4] {
    [
        king_attacks(sq),
        Bitboard(CROSS_SHELTER[sq.index()]),
        Bitboard(DIAGONAL_SHELTER[sq.index()]),
        knight_attacks(sq),
    ]
}

/// Home squares of White's knights, bishops, rooks, queen and king.
const HOME: [Bitboard; 6] = [
    Bitboard::EMPTY,
    Bitboard::from_squares([Square::B1, Square::G1]),
    Bitboard::from_squares([Square::C1, Square::F1]),
    Bitboard::from_squares([Square::A1, Square::H1]),
    Bitboard::from_squares([Square::D1]),
    Bitboard::from_squares([Square::E1]),
];

/// Squares White's `piece` can stand on after at most one move from a home square (empty
/// board; castling is one king move).
fn one_move_reach(piece: Piece) -> Bitboard {
    let home = HOME[piece.index()];
    let mut reach = home;
    for sq in home {
        reach |= match piece {
            Piece::Knight => knight_attacks(sq),
            Piece::Bishop => bishop_rays(sq),
            Piece::Rook => rook_rays(sq),
            Piece::Queen => bishop_rays(sq) | rook_rays(sq),
            Piece::King => king_attacks(sq) | Bitboard::from_squares([Square::C1, Square::G1]),
            Piece::Pawn => Bitboard::EMPTY,
        };
    }
    reach
}

/// [`one_move_reach`] per colour and piece, seen from that colour's side (computed once: the
/// evaluators ask for it at every node of the opening).
static ONE_MOVE_REACH: std::sync::LazyLock<[[Bitboard; 6]; 2]> = std::sync::LazyLock::new(|| {
    let white = Piece::ALL.map(one_move_reach);
    [white, white.map(|b| b.relative(Color::Black))]
});

/// The paper's four development facts for `color`, inferred from placement (see the module
/// doc): `[knight developed before bishop (0/1), queen out before two minors (0/1), rook
/// moved before two minors (0/1), pieces that moved twice]`.
#[inline(always)]
pub fn development_counts(board: &Board, color: Color) -> [i32; 4] {
    let own = |pc: Piece| board.colored(color, pc);
    let home = |pc: Piece| HOME[pc.index()].relative(color);
    let away = |pc: Piece| own(pc) - home(pc);
    let (knights_out, bishops_out) = (
        away(Piece::Knight).popcount() as i32,
        away(Piece::Bishop).popcount() as i32,
    );
    let reach = &ONE_MOVE_REACH[color.index()];
    let minors_out = knights_out + bishops_out;
    // The pieces' sets are disjoint, so one count of their union is the sum of the counts.
    let moved_twice = [
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ]
    .iter()
    .fold(Bitboard::EMPTY, |b, &pc| b | (own(pc) - reach[pc.index()]))
    .popcount() as i32;
    [
        (knights_out >= 1 && knights_out >= bishops_out) as i32,
        (minors_out < 2 && away(Piece::Queen).any()) as i32,
        (minors_out < 2 && away(Piece::Rook).any()) as i32,
        moved_twice,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::attacks::{bishop_attacks, queen_attacks, rook_attacks};

    #[test]
    fn shelter_zones_of_g1() {
        let [imm, cross, diag, sinuous] = shelter_zones(Square::G1);
        assert_eq!(imm.popcount(), 5); // f1 h1 f2 g2 h2
        assert_eq!(cross, Bitboard::from_squares([Square::E1, Square::G3])); // h-side falls off the board
        assert_eq!(diag, Bitboard::from_squares([Square::E3])); // i3 is off the board
        assert_eq!(
            sinuous,
            Bitboard::from_squares([Square::E2, Square::F3, Square::H3])
        );
    }

    #[test]
    fn one_move_reach_is_the_empty_board_reach_from_home() {
        // Rays on an empty board are the slider attacks with nothing in the way.
        assert_eq!(
            bishop_rays(Square::C1),
            bishop_attacks(Square::C1, Bitboard::EMPTY)
        );
        assert_eq!(
            rook_rays(Square::A1),
            rook_attacks(Square::A1, Bitboard::EMPTY)
        );
        let q = one_move_reach(Piece::Queen);
        assert_eq!(
            q,
            queen_attacks(Square::D1, Bitboard::EMPTY).with(Square::D1)
        );
    }

    #[test]
    fn development_is_read_from_placement() {
        assert_eq!(
            development_counts(&Board::startpos(), Color::White),
            [0, 0, 0, 0]
        );
        // 1.Nf3 Nf6 2.Qd3: White has a knight out and its queen out before two minors; Black's
        // knight on f6 is one move from g8.
        let b = Board::from_fen("rnbqkb1r/pppppppp/5n2/8/8/3Q1N2/PPPPPPPP/RNB1KB1R b KQkq - 3 2")
            .unwrap();
        assert_eq!(development_counts(&b, Color::White), [1, 1, 0, 0]);
        assert_eq!(development_counts(&b, Color::Black), [1, 0, 0, 0]);
        // A knight on e5 is two moves from home.
        let b =
            Board::from_fen("rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1").unwrap();
        assert_eq!(development_counts(&b, Color::White)[3], 1);
    }
}
