//! Piece-square tables shared by the `weighted` (paper 000) and `power` (paper 003)
//! evaluators.
//!
//! Paper 000 prints only its bishop table; it is, value for value, the bishop table of Tomasz
//! Michniewski's "Simplified Evaluation Function" (first posted to the Polish programming
//! list *progszach*, reproduced on the Chess Programming Wiki under that title). The other
//! five tables here are the same author's tables for the other pieces, so that the set is
//! internally consistent (they were designed together, in centipawns, against the values
//! 100/320/330/500/900). The king table is his middlegame one: the paper has one table per
//! piece and no game phase.
//!
//! Each table is written as a diagram, rank 8 on top, from White's point of view; a black
//! piece on `sq` reads the entry of `sq.flip_rank()` (`Color::relative_square`).

use super::param_set::{PieceTables, SquareTable};

/// Pawns: advance, keep the king's shield (f2/g2/h2 and a2/b2/c2 rewarded), free d2/e2.
pub const PAWN: SquareTable = SquareTable::from_rank8_first([
    0, 0, 0, 0, 0, 0, 0, 0, //
    50, 50, 50, 50, 50, 50, 50, 50, //
    10, 10, 20, 30, 30, 20, 10, 10, //
    5, 5, 10, 25, 25, 10, 5, 5, //
    0, 0, 0, 20, 20, 0, 0, 0, //
    5, -5, -10, 0, 0, -10, -5, 5, //
    5, 10, 10, -20, -20, 10, 10, 5, //
    0, 0, 0, 0, 0, 0, 0, 0, //
]);

/// Knights: centre good, rim and corners bad.
pub const KNIGHT: SquareTable = SquareTable::from_rank8_first([
    -50, -40, -30, -30, -30, -30, -40, -50, //
    -40, -20, 0, 0, 0, 0, -20, -40, //
    -30, 0, 10, 15, 15, 10, 0, -30, //
    -30, 5, 15, 20, 20, 15, 5, -30, //
    -30, 0, 15, 20, 20, 15, 0, -30, //
    -30, 5, 10, 15, 15, 10, 5, -30, //
    -40, -20, 0, 5, 5, 0, -20, -40, //
    -50, -40, -30, -30, -30, -30, -40, -50, //
]);

/// Bishops: the table paper 000 prints (its Table 2).
pub const BISHOP: SquareTable = SquareTable::from_rank8_first([
    -20, -10, -10, -10, -10, -10, -10, -20, //
    -10, 0, 0, 0, 0, 0, 0, -10, //
    -10, 0, 5, 10, 10, 5, 0, -10, //
    -10, 5, 5, 10, 10, 5, 5, -10, //
    -10, 0, 10, 10, 10, 10, 0, -10, //
    -10, 10, 10, 10, 10, 10, 10, -10, //
    -10, 5, 0, 0, 0, 0, 5, -10, //
    -20, -10, -10, -10, -10, -10, -10, -20, //
]);

/// Rooks: the seventh rank, central files on the back rank, no rim.
pub const ROOK: SquareTable = SquareTable::from_rank8_first([
    0, 0, 0, 0, 0, 0, 0, 0, //
    5, 10, 10, 10, 10, 10, 10, 5, //
    -5, 0, 0, 0, 0, 0, 0, -5, //
    -5, 0, 0, 0, 0, 0, 0, -5, //
    -5, 0, 0, 0, 0, 0, 0, -5, //
    -5, 0, 0, 0, 0, 0, 0, -5, //
    -5, 0, 0, 0, 0, 0, 0, -5, //
    0, 0, 0, 5, 5, 0, 0, 0, //
]);

/// Queens: mildly central, corners and edges bad.
pub const QUEEN: SquareTable = SquareTable::from_rank8_first([
    -20, -10, -10, -5, -5, -10, -10, -20, //
    -10, 0, 0, 0, 0, 0, 0, -10, //
    -10, 0, 5, 5, 5, 5, 0, -10, //
    -5, 0, 5, 5, 5, 5, 0, -5, //
    0, 0, 5, 5, 5, 5, 0, -5, //
    -10, 5, 5, 5, 5, 5, 0, -10, //
    -10, 0, 5, 0, 0, 0, 0, -10, //
    -20, -10, -10, -5, -5, -10, -10, -20, //
]);

/// King (middlegame): stay home, castled, behind the pawns.
pub const KING: SquareTable = SquareTable::from_rank8_first([
    -30, -40, -40, -50, -50, -40, -40, -30, //
    -30, -40, -40, -50, -50, -40, -40, -30, //
    -30, -40, -40, -50, -50, -40, -40, -30, //
    -30, -40, -40, -50, -50, -40, -40, -30, //
    -20, -30, -30, -40, -40, -30, -30, -20, //
    -10, -20, -20, -20, -20, -20, -20, -10, //
    20, 20, 0, 0, 0, 0, 20, 20, //
    20, 30, 10, 0, 0, 10, 30, 20, //
]);

/// The six tables, pawn to king, as one parameter field.
pub const MICHNIEWSKI: PieceTables = PieceTables([PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]);

#[cfg(test)]
mod tests {
    use super::*;
    use chainmate::core::Square;

    #[test]
    fn diagrams_are_read_rank_8_first() {
        // The pawn table's "50" row is rank 7, its "-20" entries sit on d2 and e2.
        assert_eq!(PAWN.at(Square::A7.index()), 50);
        assert_eq!(PAWN.at(Square::D2.index()), -20);
        assert_eq!(PAWN.at(Square::E2.index()), -20);
        // The bishop table's 10s on b3 and g3 (its sixth printed row is rank 3).
        assert_eq!(BISHOP.at(Square::B3.index()), 10);
        assert_eq!(KING.at(Square::G1.index()), 30);
    }

    #[test]
    fn tables_are_left_right_symmetric_except_the_queens() {
        // Michniewski's tables other than the queen's are mirror-symmetric across the d/e
        // line; a transcription slip would very likely break that.
        for t in [&PAWN, &KNIGHT, &BISHOP, &ROOK, &KING] {
            for sq in Square::ALL {
                assert_eq!(t.at(sq.index()), t.at(sq.flip_file().index()), "{sq}");
            }
        }
    }
}
